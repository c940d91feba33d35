"""A self-contained static site of a whole game: opens from disk, no server, nothing a player wrote can run.

index · one page per thread · one per player · one per day (tally + vote-flow picture) · search · 揭秘
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import nh3
import sqlite_utils

from scraper import archive
from tally import report
from tally.day import COUNTED, SUPERSEDED, DayTally
from tally.game import Game
from tally.lurk import Identities
from tally.rules import Rules

from .. import pipeline

# What survives of a post's HTML: text formatting, quotes, links and images. No script, no event
# handlers, no styles, and links only to http(s).
TAGS = {"b", "strong", "i", "em", "u", "s", "strike", "br", "p", "div", "span", "font", "blockquote", "a", "img",
        "ul", "ol", "li", "table", "tbody", "tr", "td", "th", "hr", "sup", "sub", "pre", "code", "h1", "h2", "h3", "h4"}
# No class and no style: a player must not wear the site's own classes (a fake 已被屏蔽 badge).
ATTRIBUTES = {"font": {"color", "size"}, "a": {"href"}, "img": {"src", "alt"}, "td": {"colspan", "rowspan"},
              "blockquote": set()}
PALETTE = ["#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17a589", "#839192", "#a04000"]


def _archived_media(db: sqlite_utils.Database, folder: Path | None, out: Path) -> dict[str, str]:
    """url → file name under out/media/, for every image `archive --media` kept in `folder`."""
    import shutil

    if not folder or "media" not in db.table_names():
        return {}
    found = {}
    for row in db.query("select url, sha256 from media where sha256 is not null"):
        source = folder / row["sha256"]
        if source.exists():
            (out / "media").mkdir(exist_ok=True)
            target = out / "media" / row["sha256"]
            if not target.exists():
                shutil.copyfile(source, target)
            found[row["url"]] = row["sha256"]
    return found


def sanitize(fragment: str, base: str | None) -> str:
    def absolute(_element: str, attribute: str, value: str) -> str | None:
        if attribute in ("href", "src") and base and not value.startswith(("http://", "https://", "#")):
            return urljoin(base, value)
        return value

    return nh3.clean(fragment, tags=TAGS, attributes=ATTRIBUTES, url_schemes={"http", "https"},
                     link_rel="noopener noreferrer nofollow", attribute_filter=absolute, strip_comments=True)


_IMG = re.compile(r"<img\b[^>]*?\bsrc=\"([^\"]*)\"[^>]*>")


def localize_images(fragment: str, archived: dict[str, str]) -> str:
    """Opening the export must not call out to anyone: an image the archive kept (archive --media) is shown
    from the site's own media/ folder; any other becomes a link the reader may choose to follow."""
    def swap(m: re.Match) -> str:
        src = html.unescape(m.group(1))
        if src in archived:
            return f'<img src="media/{archived[src]}" alt="[图片]">'
        host = urlsplit(src).netloc or src
        return f'<a href="{html.escape(src)}" rel="noopener noreferrer nofollow">[图片：{html.escape(host)}]</a>'

    return _IMG.sub(swap, fragment)


@dataclass
class Site:
    game: Game
    rules: Rules
    db: sqlite_utils.Database
    out: Path

    def page(self, name: str, title: str, body: str) -> None:
        nav = ('<nav><a href="index.html">首页</a> · <a href="search.html">搜索</a> · '
               '<a href="reveal.html" class="spoiler">揭秘（剧透）</a></nav>')
        (self.out / name).write_text(
            "<!DOCTYPE html><html lang='zh-CN'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><link rel='stylesheet' href='style.css'>"
            # No script may run but ours: the archive shows what players wrote, never executes it.
            "<meta http-equiv='Content-Security-Policy' content=\"default-src 'self' file: data:; "
            "script-src 'self' file:; object-src 'none'; style-src 'self' file: 'unsafe-inline'\">"
            f"</head><body>{nav}<h1>{html.escape(title)}</h1>{body}</body></html>\n", "utf-8")


def export_site(db: sqlite_utils.Database, game: Game, rules: Rules, out: Path, media: Path | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    site = Site(game, rules, db, out)
    archived = _archived_media(db, media, out)
    who = Identities(game)
    base = (game.forum.rstrip("/") + "/") if game.forum else None
    threads = _threads(db, game)
    tallies: dict[int, DayTally] = {}
    for day in game.days:
        try:
            tallies[day.day] = pipeline.tally_from_archive(db, game, rules, day.day)
        except (pipeline.NotFetched, ValueError):
            continue
    search_rows = []
    posts_of = {tid: archive.read_posts(db, tid) for tid, _ in threads}  # read once, used by every page
    for tid, subject in threads:
        posts = posts_of[tid]
        items = []
        for post in posts:
            name = who(post)
            author = (f"<a href='player-{game.player_names.index(name) + 1}.html'>{html.escape(post.author)}</a>"
                      if name else html.escape(post.author))
            body = (localize_images(sanitize(post.html, base), archived) if post.html
                    else f"<p class='plain'>{html.escape(post.text)}</p>")
            badges = "" if post.status == "normal" else f"<span class='badge'>{_STATUS.get(post.status, post.status)}</span>"
            stamp = f"<span class='edit'>本帖最后由 {html.escape(post.edited_by)} 于 {post.edited_at[:16].replace('T', ' ')} 编辑</span>" if post.edited_by else ""
            items.append(f"<article id='p{post.pid}'><header><b>#{post.floor}</b> {author} "
                         f"<time>{(post.posted_at or '')[:19].replace('T', ' ')}</time> {badges} {stamp}</header>"
                         f"<div class='message'>{body}</div></article>")
            search_rows.append({"t": subject, "f": post.floor, "a": post.author, "x": post.text[:2000],
                                "u": f"thread-{tid}.html#p{post.pid}"})
        site.page(f"thread-{tid}.html", subject, "".join(items) or "<p>（没有存档的帖子）</p>")
    for number, player in enumerate(game.players, start=1):
        site.page(f"player-{number}.html", player.name, _player_page(game, player, threads, posts_of, tallies, who))
    for day_number, tally in tallies.items():
        flow = vote_flow_svg(tally, game)
        text = html.escape(report.render_text(tally, game.name))
        site.page(f"day-{day_number}.html", f"第{day_number}天投票", f"<figure>{flow}<figcaption>票数随时间的变化</figcaption></figure><pre>{text}</pre>")
    site.page("search.html", "搜索", "<input id='q' type='search' placeholder='搜索帖子内容或作者' autofocus>"
              "<p id='count'></p><ol id='results'></ol><script src='search-data.js'></script><script src='search.js'></script>")
    site.page("reveal.html", "揭秘（剧透）", _reveal(game))
    site.page("index.html", game.name, _index(game, threads, tallies))
    (out / "search-data.js").write_text("window.BANSHA_POSTS = " + json.dumps(search_rows, ensure_ascii=False) + ";\n", "utf-8")
    (out / "search.js").write_text(SEARCH_JS, "utf-8")
    (out / "style.css").write_text(STYLE, "utf-8")
    return sorted(out.iterdir())


_STATUS = {"hidden": "已被屏蔽", "banned": "作者被禁言", "deleted": "已被删除", "password": "密码帖", "author_only": "仅作者可见"}


def _threads(db, game: Game) -> list[tuple[int, str]]:
    wanted = [t for d in game.days for t in (d.vote_thread, *d.discussion_threads, d.process_thread, d.election_thread) if t]
    out = []
    for tid in dict.fromkeys(wanted):
        if db["threads"].count_where("tid = ?", [tid]):
            out.append((tid, db["threads"].get(tid)["subject"] or f"帖子 {tid}"))
    return out


def _index(game: Game, threads, tallies) -> str:
    rows = "".join(f"<li><a href='thread-{tid}.html'>{html.escape(subject)}</a></li>" for tid, subject in threads)
    days = "".join(f"<li><a href='day-{n}.html'>第{n}天</a>：{html.escape(t.outcome.describe())}</li>" for n, t in tallies.items())
    players = "".join(f"<li><a href='player-{i}.html'>{html.escape(p.name)}</a></li>" for i, p in enumerate(game.players, start=1))
    return f"<h2>帖子</h2><ul>{rows}</ul><h2>每天的投票</h2><ul>{days}</ul><h2>玩家</h2><ul class='players'>{players}</ul>"


def _player_page(game: Game, player, threads, posts_of, tallies, who) -> str:
    votes = []
    for day, tally in tallies.items():
        mine = [e for e in tally.entries if e.voter == player.name and e.kind != "none"]
        final = next((e for e in mine if e.verdict == COUNTED), None)
        steps = "；".join(f"#{e.floor} {report._n(e.weight) if e.weight else ''}{html.escape(e.target or '弃权')}（{html.escape(e.verdict)}）" for e in mine)
        votes.append(f"<li>第{day}天：{html.escape(final.target or '弃权') if final else '没有有效票'}"
                     f"{('　' + steps) if steps else ''}</li>")
    posts = []
    for tid, subject in threads:
        for post in posts_of[tid]:
            if who(post) == player.name:
                posts.append(f"<li><a href='thread-{tid}.html#p{post.pid}'>{html.escape(subject)} #{post.floor}</a> "
                             f"<time>{(post.posted_at or '')[:16].replace('T', ' ')}</time>：{html.escape(post.text[:120])}</li>")
    return f"<h2>投票</h2><ul>{''.join(votes)}</ul><h2>发言（{len(posts)} 帖）</h2><ol>{''.join(posts)}</ol>"


def _reveal(game: Game) -> str:
    rows = "".join(f"<tr><td>{html.escape(p.name)}</td><td>{html.escape(p.reveal or '（游戏文件里没有写）')}</td></tr>"
                   for p in game.players)
    note = f"<p>{html.escape(game.reveal_note)}</p>" if game.reveal_note else ""
    return ("<p class='warning'>以下内容是整局游戏的揭秘：每个角色的真实身份。还没看完的请勿展开。</p>"
            f"<details><summary>我已看完，展开揭秘</summary>{note}<table><tr><th>角色</th><th>身份</th></tr>{rows}</table></details>")


def vote_flow_svg(tally: DayTally, game: Game, width: int = 720, height: int = 320) -> str:
    """Each target's count over the day, as an inline SVG (no script): the story of the vote at a glance."""
    events = sorted((e for e in tally.entries if e.verdict in (COUNTED, SUPERSEDED) and e.at), key=lambda e: (e.at, e.pid))
    current: dict[str, tuple[str | None, object]] = {}
    counts: dict[str, float] = {}
    series: dict[str, list[tuple[datetime, float]]] = {}
    for e in events:
        old = current.get(e.voter)
        if old and old[0]:
            counts[old[0]] -= float(old[1])
            series.setdefault(old[0], []).append((e.at, counts[old[0]]))
        current[e.voter] = (e.target, e.weight)
        if e.target:
            counts[e.target] = counts.get(e.target, 0.0) + float(e.weight)
            series.setdefault(e.target, []).append((e.at, counts[e.target]))
    if not series:
        return "<p>（这一天没有有效票）</p>"
    start = game.when(game.day(tally.day).start) or events[0].at
    end = tally.close or events[-1].at
    span = max((end - start).total_seconds(), 1)
    top = max(v for points in series.values() for _, v in points) or 1
    left, bottom, plot_w, plot_h = 40, height - 30, width - 180, height - 50

    def xy(at: datetime, value: float) -> str:
        x = left + plot_w * min(max((at - start).total_seconds() / span, 0), 1)
        return f"{x:.1f},{bottom - plot_h * value / top:.1f}"

    ranked = sorted(series, key=lambda name: -counts.get(name, 0))[: len(PALETTE)]
    lines, legend = [], []
    for i, name in enumerate(ranked):
        points = [f"{left},{bottom}"]
        value = 0.0
        for at, v in series[name]:
            points += [xy(at, value), xy(at, v)]  # steps: a count holds until the next ballot moves it
            value = v
        points.append(xy(end, value))
        color = PALETTE[i]
        lines.append(f"<polyline fill='none' stroke='{color}' stroke-width='2.5' points='{' '.join(points)}'/>")
        legend.append(f"<text x='{left + plot_w + 16}' y='{30 + 22 * i}' fill='{color}' font-size='14'>"
                      f"{html.escape(name)} {report._n(tally.totals.get(name, 0)) if name in tally.totals else 0}</text>")
    axes = (f"<line x1='{left}' y1='{bottom}' x2='{left + plot_w}' y2='{bottom}' stroke='#444'/>"
            f"<line x1='{left}' y1='{bottom}' x2='{left}' y2='{bottom - plot_h}' stroke='#444'/>"
            f"<text x='{left}' y='{height - 8}' font-size='12'>{start:%m-%d %H:%M}</text>"
            f"<text x='{left + plot_w - 70}' y='{height - 8}' font-size='12'>{end:%m-%d %H:%M}</text>"
            f"<text x='4' y='{bottom - plot_h + 4}' font-size='12'>{top:g}</text>")
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
            f"role='img' aria-label='票数随时间的变化'>{axes}{''.join(lines)}{''.join(legend)}</svg>")


SEARCH_JS = r"""// Search over the archived posts, entirely in the browser (the page opens from disk: no server).
// Results are built with textContent only: nothing a player wrote is ever parsed as HTML here.
(function () {
  var posts = window.BANSHA_POSTS || [];
  var box = document.getElementById('q'), list = document.getElementById('results'), count = document.getElementById('count');
  function show(q) {
    list.textContent = '';
    q = (q || '').trim().toLowerCase();
    if (!q) { count.textContent = '共 ' + posts.length + ' 帖，输入关键词搜索'; return; }
    var hits = posts.filter(function (p) { return p.x.toLowerCase().indexOf(q) >= 0 || p.a.toLowerCase().indexOf(q) >= 0; });
    count.textContent = '找到 ' + hits.length + ' 帖';
    hits.slice(0, 500).forEach(function (p) {
      var li = document.createElement('li'), a = document.createElement('a');
      a.href = p.u; a.textContent = p.t + ' #' + p.f + ' ' + p.a;
      var snippet = document.createElement('div'); snippet.className = 'snippet'; snippet.textContent = p.x.slice(0, 160);
      li.appendChild(a); li.appendChild(snippet); list.appendChild(li);
    });
  }
  var initial = new URLSearchParams(location.search).get('q') || '';
  box.value = initial; show(initial);
  box.addEventListener('input', function () { show(box.value); });
})();
"""

STYLE = """body{font-family:"Noto Sans CJK SC","Microsoft YaHei",sans-serif;max-width:62em;margin:1em auto;padding:0 1em;color:#222}
nav{margin-bottom:1em}nav a{margin-right:.3em}.spoiler{color:#a00}
article{border-bottom:1px solid #ddd;padding:.6em 0}article header{color:#555;font-size:.9em}
.badge{background:#a00;color:#fff;padding:0 .4em;border-radius:3px}.edit{color:#888}
blockquote{border-left:3px solid #ccc;margin:.4em 0;padding:.2em .8em;color:#666}
.warning{background:#fee;border:1px solid #c99;padding:.6em}pre{white-space:pre-wrap}
#q{width:100%;font-size:1.2em;padding:.3em}.snippet{color:#666;font-size:.9em}
ul.players{columns:3}figure svg{max-width:100%;height:auto;background:#fafafa}
"""
