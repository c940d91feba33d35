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

from scraper import archive, model
from tally import report
from tally.day import COUNTED, SUPERSEDED, DayTally
from tally.game import CARD_LOSSES, Game
from tally.lurk import Identities
from tally.rules import Rules
from tally.zones import minute_words

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
    if not folder or "media" not in db.table_names():
        return {}
    found = {}
    for row in db.query("select url, sha256 from media where sha256 is not null"):
        source = folder / row["sha256"]
        if source.exists():
            model.output_folder(out / "media", "网站的图片目录")
            target = out / "media" / row["sha256"]
            if not target.exists() or target.is_symlink():
                model.write_file(target, source.read_bytes())  # ≤ 20 MB each (archive --media's cap)
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
        model.write_file(
            self.out / name,
            "<!DOCTYPE html><html lang='zh-CN'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><link rel='stylesheet' href='style.css'>"
            # No script may run but ours: the archive shows what players wrote, never executes it.
            "<meta http-equiv='Content-Security-Policy' content=\"default-src 'self' file: data:; "
            "script-src 'self' file:; object-src 'none'; style-src 'self' file: 'unsafe-inline'\">"
            f"</head><body>{nav}<h1>{html.escape(title)}</h1>{body}</body></html>\n")


def export_site(db: sqlite_utils.Database, game: Game, rules: Rules, out: Path, media: Path | None = None) -> list[Path]:
    model.output_folder(out, "网站目录")
    site = Site(game, rules, db, out)
    archived = _archived_media(db, media, out)
    who = Identities(game)
    base = (game.forum.rstrip("/") + "/") if game.forum else None
    threads = pipeline.game_threads(db, game)
    tallies = day_tallies(db, game, rules)
    kinds = thread_kinds(game)
    cards = archive.load_cards(db, game.key) if "cards" in db.table_names() else []
    search_rows = []
    posts_of = {tid: archive.read_posts(db, tid) for tid, _ in threads}  # read once, used by every page
    # Every ballot's verdict, shown on its post in the thread page.
    verdicts = {e.pid: report.verdict_words(e) for t in tallies.values() for e in t.entries if e.kind != "none"}
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
            if post.pid in verdicts:
                kind, words = verdicts[post.pid]
                badges += f" <span class='verdict {kind}'>{html.escape(words)}</span>"
            stamp = f"<span class='edit'>本帖最后由 {html.escape(post.edited_by)} 于 {minute_words(post.edited_at)} 编辑</span>" if post.edited_by else ""
            items.append(f"<article id='p{post.pid}'><header><b>#{post.floor}</b> {author} "
                         f"<time>{(post.posted_at or '')[:19].replace('T', ' ')}</time> {badges} {stamp}</header>"
                         f"<div class='message'>{body}</div></article>")
            search_rows.append({"t": subject, "f": post.floor, "a": post.author, "x": post.text[:2000],
                                "u": f"thread-{tid}.html#p{post.pid}"})
        site.page(f"thread-{tid}.html", subject, "".join(items) or "<p>（没有存档的帖子）</p>")
    for number, player in enumerate(game.players, start=1):
        site.page(f"player-{number}.html", player.name,
                  _player_page(game, player, threads, posts_of, tallies, who, kinds, cards))
    for key, tally in tallies.items():
        site.page(f"day-{key}.html", f"{tally.title}投票", _day_page(game, tally))
    site.page("search.html", "搜索", "<input id='q' type='search' placeholder='搜索帖子内容或作者' autofocus>"
              "<p id='count'></p><ol id='results'></ol><script src='search-data.js'></script><script src='search.js'></script>")
    site.page("reveal.html", "揭秘（剧透）", _reveal(game))
    site.page("index.html", game.name, _index(game, threads, tallies, _post_counts(game, threads, posts_of, who, kinds)))
    model.write_file(out / "search-data.js", "window.BANSHA_POSTS = " + json.dumps(search_rows, ensure_ascii=False) + ";\n")
    model.write_file(out / "search.js", SEARCH_JS)
    model.write_file(out / "style.css", STYLE)
    return sorted(out.iterdir())


def day_tallies(db: sqlite_utils.Database, game: Game, rules: Rules) -> dict[str, DayTally]:
    """Every vote of the game the archive holds, the days' own and their rounds (重投, 高票对决), by Day.key."""
    return pipeline.game_tallies(db, game, rules)


KIND_WORDS = {"vote": "投票帖", "discussion": "讨论帖", "process": "进程帖", "election": "竞选帖"}


def thread_kinds(game: Game) -> dict[int, str]:
    """Each thread's kind as the game file first names it: a discussion count never takes in vote posts."""
    kinds: dict[int, str] = {}
    for vote in game.vote_days():
        for tid, kind in ((vote.vote_thread, "vote"), *((t, "discussion") for t in vote.discussion_threads),
                          (vote.process_thread, "process"), (vote.election_thread, "election")):
            if tid:
                kinds.setdefault(tid, kind)
    return kinds


def _post_counts(game: Game, threads, posts_of, who, kinds) -> dict[str, dict[str, int]]:
    counts = {name: dict.fromkeys(KIND_WORDS, 0) for name in game.player_names}
    for tid, _ in threads:
        for post in posts_of[tid]:
            name = who(post)
            if name:
                counts[name][kinds.get(tid, "discussion")] += 1
    return counts


def player_colour(game: Game, name: str | None) -> str:
    """A player's colour, the same on every day's picture: by roster position, hues a golden angle apart
    (neighbours never look alike); a name off the roster gets grey."""
    import colorsys

    if name not in game.player_names:
        return "#839192"
    hue = (game.player_names.index(name) * 0.381966) % 1.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.40, 0.70)
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def _roster_place(game: Game, name: str) -> int:
    return game.player_names.index(name) if name in game.player_names else len(game.player_names)


_STATUS = {"hidden": "已被屏蔽", "banned": "作者被禁言", "deleted": "已被删除", "password": "密码帖", "author_only": "仅作者可见"}


def _index(game: Game, threads, tallies, counts) -> str:
    rows = "".join(f"<li><a href='thread-{tid}.html'>{html.escape(subject)}</a></li>" for tid, subject in threads)
    days = "".join(f"<li><a href='day-{key}.html'>{html.escape(t.title)}</a>：{html.escape(report.result_line_of(t, t.outcome))}</li>"
                   for key, t in tallies.items())
    used = [kind for kind in KIND_WORDS if any(c[kind] for c in counts.values())]
    head = "".join(f"<th>{KIND_WORDS[kind]}</th>" for kind in used)
    players = "".join(
        f"<tr><td><a href='player-{i}.html'>{html.escape(p.name)}</a></td>"
        + "".join(f"<td>{counts[p.name][kind]}</td>" for kind in used) + f"<td>{sum(counts[p.name].values())}</td></tr>"
        for i, p in enumerate(game.players, start=1))
    return (f"<h2>帖子</h2><ul>{rows}</ul><h2>每天的投票</h2><ul>{days}</ul>"
            f"<h2>玩家</h2><div class='wide'><table class='counts'><tr><th>角色</th>{head}<th>合计</th></tr>{players}</table></div>"
            "<p class='muted'>按帖子种类分别计数：讨论帖的发言数不含投票帖里的帖子。</p>")



def _player_page(game: Game, player, threads, posts_of, tallies, who, kinds, cards) -> str:
    rows = []
    for key, tally in tallies.items():
        tid = tally.vote_thread
        mine = [e for e in tally.entries if e.voter == player.name and e.kind != "none"]
        final = next((e for e in mine if e.verdict == COUNTED), None)
        result = (html.escape(final.target or "弃权") + (f"（{report.show_number(final.weight)} 票）" if final.target and final.weight != 1 else "")
                  if final else "没有有效票" if player.name in tally.alive or mine else "已出局")
        ballots = "<br>".join(f"<a href='thread-{tid}.html#p{e.pid}'>第 {e.floor} 楼</a> "
                              f"{html.escape(report.verdict_words(e)[1])}" for e in mine) or "—"
        got = report.show_number(tally.totals.get(player.name, 0))
        rows.append(f"<tr><td><a href='day-{key}.html'>{html.escape(tally.title)}</a></td><td>{result}</td><td class='text'>{ballots}</td>"
                    f"<td>{got}</td></tr>")
    votes = ("<div class='wide'><table class='votes'><tr><th>天</th><th>最终计入</th><th>投票帖</th><th>得票</th></tr>"
             + "".join(rows) + "</table></div>"
             if rows else "<p>（没有计票）</p>")
    # Every post of the player's, in time order, under the day whose window holds it.
    mine = sorted(((post, tid, subject) for tid, subject in threads for post in posts_of[tid] if who(post) == player.name),
                  key=lambda item: (item[0].posted_at or "", item[0].pid))
    sections: dict[str, list[str]] = {}
    per_kind: dict[str, dict[str, int]] = {}
    for post, tid, subject in mine:
        label = _day_of(game, post.posted_at)
        kind = kinds.get(tid, "discussion")
        per_kind.setdefault(label, dict.fromkeys(KIND_WORDS, 0))[kind] += 1
        sections.setdefault(label, []).append(
            f"<li><time>{minute_words(post.posted_at)}</time> "
            f"<a href='thread-{tid}.html#p{post.pid}'>{html.escape(subject)} 第 {post.floor} 楼</a> "
            f"<span class='kind'>{KIND_WORDS[kind]}</span>"
            f"<div class='snippet'>{html.escape(post.text[:120])}</div></li>")

    def counted(label: str) -> str:
        return " · ".join(f"{KIND_WORDS[k]} {n} 帖" for k, n in per_kind[label].items() if n)

    said = "".join(f"<h3>{html.escape(label)}（{counted(label)}）</h3><ol>{''.join(items)}</ol>" for label, items in sections.items())
    fate = "".join(f"<li>{html.escape(line)}</li>" for line in player_fate(game, player.name, tallies))
    return (f"<h2>命运</h2><ul class='fate'>{fate}</ul>{_cards_section(player, cards)}{_identity_section(player)}"
            f"<h2>投票</h2>{votes}<h2>发言（共 {len(mine)} 帖）</h2>{said or '<p>（没有发言）</p>'}")


# How an [[events]] entry reads on the player's page.
EVENT_WORDS = {"处决": "被处决", "被杀": "被杀", "淹死": "淹死", "殉情": "殉情", "出局": "出局", "罚下": "被罚下",
               "若愚": "若愚：此后的票不计"}


def player_fate(game: Game, name: str, tallies: dict[str, DayTally]) -> list[str]:
    """What happened to the player, day by day, as the game file's [[events]] and the days' results say;
    a result with no [[events]] line behind it is marked so (the game file is the director's record)."""
    lines, recorded, lost, cards = [], set(), 0, game.player(name).card_count
    for event in game.events:
        if event.player == name:
            lost = cards if event.what == "罚下" else lost + (event.what in CARD_LOSSES)
            if event.what in ("移交", "殉职"):
                words = f"{'殉职，' if event.what == '殉职' else ''}称号移交给 {event.to}"
            elif event.what == "顶替":
                words = f"由 {event.to} 顶替"
            else:
                words = EVENT_WORDS.get(event.what, event.what)
            lines.append(f"第{event.day}天{'（' + event.at + '）' if event.at else ''}：{words}")
            recorded.add((event.day, event.what))
        elif event.to == name and event.what in ("移交", "殉职"):
            lines.append(f"第{event.day}天：从 {event.player} 接任称号")
    for tally in tallies.values():
        part = part_in(tally.kind, tally.outcome.kind, tally.outcome.names, name)
        if part and not (part == "出局" and (tally.day, "处决") in recorded):
            lines.append(f"{tally.title}投票：{part}" + ("（游戏文件的 [[events]] 里还没有记下处决）" if part == "出局" else ""))
            lost += part == "出局"
    lines.sort(key=_day_number)
    if lost < cards:
        lines.append("存活" + (f"（已失去 {lost} 张身份牌）" if lost else ""))
    return lines


def part_in(tally_kind: str, outcome_kind: str, names: list[str], name: str) -> str:
    """This player's part in a vote's outcome, in the result post's words; "" when the outcome does not name them."""
    if name not in names:
        return ""
    if outcome_kind == "out":
        return "当选" if tally_kind == "election" else "出局"
    return {"runoff": "进入高票对决", "revote": "平票重投"}.get(outcome_kind, "")


def _day_number(line: str) -> int:
    found = re.match(r"第(\d+)天", line)
    return int(found.group(1)) if found else 0


def _cards_section(player, cards: list[dict]) -> str:
    """The cards the director issued (`bansha card add`), as the ledger rolls them up."""
    from tally.cards import WORDS, standings

    mine = [c for c in cards if c["player"] == player.name]
    if not mine:
        return ""
    items = "".join(f"<li>{'第' + str(c['day']) + '天 ' if c.get('day') else ''}{WORDS.get(c['color'], c['color'])}"
                    f"{'：' + html.escape(c['reason']) if c.get('reason') else ''}</li>" for c in mine)
    try:
        standing = standings(mine)[player.name].describe()
    except ValueError:
        standing = "（记录里有不认识的牌）"
    return f"<h2>牌</h2><p>累计：{html.escape(standing)}</p><ul>{items}</ul>"


def _identity_section(player) -> str:
    """Role, house and identity cards: what only the director knew during the game, behind the spoiler."""
    facts = [("身份", player.reveal or "（游戏文件里没有写）")]
    if player.house:
        facts.append(("阵营", player.house))
    if player.roles:
        facts.append(("职业", "、".join(player.roles)))
    for i, card in enumerate(player.cards, start=1):
        facts.append((f"第{i}张身份牌", (card.identity or "（未写）") + (f"（账号 {card.account}）" if card.account else "")))
    rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in facts)
    return (f"<h2 class='spoiler'>揭秘：身份</h2><details class='identity'><summary>我已看完，展开</summary>"
            f"<table>{rows}</table></details>")


def _day_of(game: Game, posted_at: str | None) -> str:
    """The day a post belongs to, by the days' windows; 「开局前」 / 「其他时间」 outside them."""
    if not posted_at:
        return "时间不明"
    at = datetime.fromisoformat(posted_at)
    for day in game.days:
        start, close = game.when(day.start), game.when(day.close)
        if (start is None or at >= start) and (close is None or at < close):
            return f"第{day.day}天"
    first = game.when(game.days[0].start) if game.days else None
    return "开局前" if first and at < first else "其他时间"


def _day_page(game: Game, tally: DayTally) -> str:
    """A day's vote as tables: 票型, 无效票, 导演裁定, 结果, 计票过程 — every floor linked to its post."""
    tid = tally.vote_thread

    def floor(entry) -> str:
        return f"<a href='thread-{tid}.html#p{entry.pid}'>第 {entry.floor} 楼</a>" if entry.floor is not None else f"pid {entry.pid}"

    def voter(e) -> str:
        who = f"<a href='thread-{tid}.html#p{e.pid}'>{html.escape(report.ballot_words(e))}</a>"
        return f"<s title='后来改投别人'>{who}</s>" if e.verdict == SUPERSEDED else who

    # The same lines as the result post: every ballot in voting order, switched ones struck out.
    rows = report.wagons(tally)
    totals = "".join(
        f"<tr><td>{html.escape(w.name)}</td><td>{report.show_number(w.total)} 票"
        + (f"（{report.wagon_mark(w)}）" if report.wagon_mark(w) else "") + "</td><td>"
        + ("、".join(voter(e) for e in w.ballots) or "—")
        + (f"（另加 {report.show_number(w.bonus)} 票）" if w.bonus else "") + "</td></tr>"
        for w in rows)
    absent = report.missing(tally)
    if tally.abstentions:
        totals += (f"<tr class='abstain'><td>弃权</td><td>{len(tally.abstentions)} 人</td>"
                   f"<td>{html.escape('、'.join(report.abstainers(tally)))}</td></tr>")
    if absent:
        totals += f"<tr class='missing'><td>未投有效票</td><td>{len(absent)} 人</td><td>{html.escape('、'.join(absent))}</td></tr>"
    needed = report.needed_words(tally) if tally.kind == "vote" else None
    parts = [f"<p class='outcome'>{html.escape(report.result_line(tally))}</p><p class='muted'>{html.escape(tally.outcome.note)}</p>",
             (f"<figure>{vote_flow_svg(tally, game)}<figcaption>票数随时间的变化：每个点是一张改变票数的票，"
             "点击打开那一楼</figcaption></figure>"),
             "<h2>票型</h2><div class='wide'><table class='wagons'><tr><th>角色</th><th>票数</th>"
             "<th class='text'>投票者（按投票先后；划掉的是后来改投别人的票）</th></tr>" + totals + "</table></div>"
             + (f"<p>{html.escape(needed)}</p>" if needed else "")
             + ("<p class='muted'>票数相同的，先达到这个票数的排在前面。</p>" if report.has_ties(rows) else "")]
    invalid = [e for e in tally.entries if e.verdict == "invalid" and e.kind != "none"]
    if invalid:
        parts.append("<h2>无效票</h2><div class='wide'><table><tr><th>楼层</th><th>作者</th><th>原因</th></tr>" + "".join(
            f"<tr><td>{floor(e)}</td><td>{html.escape(e.author)}</td><td>{html.escape(e.reason)}</td></tr>" for e in invalid)
            + "</table></div>")
    if tally.rulings:
        entries = {e.pid: e for e in tally.entries}
        parts.append("<h2>导演裁定</h2><table><tr><th>楼层</th><th>作者</th><th>裁定</th></tr>" + "".join(
            f"<tr><td>{floor(entries[r.pid])}</td><td>{html.escape(entries[r.pid].author)}</td><td>"
            + html.escape(report.ruling_words(r.decision, r.target, r.voter) + (f"（{r.note}）" if r.note else ""))
            + "</td></tr>" for r in tally.rulings) + "</table>")
    steps = [e for e in tally.entries if e.kind != "none" or e.needs_review]
    parts.append("<h2>计票过程</h2><div class='wide'><table><tr><th>楼层</th><th>作者</th><th>判定</th></tr>" + "".join(
        f"<tr><td>{floor(e)}</td><td>{html.escape(e.author)}</td><td class='verdict {report.verdict_words(e)[0]}'>"
        f"{html.escape(report.verdict_words(e)[1] if e.kind != 'none' else e.reason)}</td></tr>" for e in steps) + "</table></div>")
    matrix = _vote_matrix(game, tally, tid)
    if matrix:
        parts.append("<h2 class='spoiler'>揭秘：谁投了谁</h2><p class='warning'>以下按揭秘的身份着色，还没看完的请勿展开。</p>"
                     f"<details><summary>我已看完，展开</summary>{matrix}</details>")
    return "".join(parts)


def _vote_matrix(game: Game, tally: DayTally, tid: int) -> str:
    """Who voted whom, each name coloured by its revealed side (game file `reveal`); empty without reveals."""
    sides = {p.name: p.reveal for p in game.players if p.reveal}
    if not sides:
        return ""
    colours = {side: PALETTE[i % len(PALETTE)] for i, side in enumerate(dict.fromkeys(sides.values()))}

    def name(who: str | None) -> str:
        if who is None:
            return "弃权"
        side = sides.get(who)
        return (f"<span class='side' data-side='{html.escape(side)}' title='{html.escape(side)}'>"
                f"<svg width='10' height='10'><rect width='10' height='10' fill='{colours[side]}'/></svg> {html.escape(who)}</span>"
                if side else html.escape(who))

    final = {e.voter: e for e in tally.entries if e.verdict == COUNTED}

    def row(voter: str) -> str:
        ballot = final.get(voter)
        if ballot is None:
            return f"<tr><td>{name(voter)}</td><td>没有有效票</td><td></td></tr>"
        return (f"<tr><td>{name(voter)}</td><td>{name(ballot.target)}</td>"
                f"<td><a href='thread-{tid}.html#p{ballot.pid}'>第 {ballot.floor} 楼</a></td></tr>")

    rows = "".join(row(voter) for voter in game.player_names if voter in final or voter in tally.non_voters)
    legend = "".join(f"<li><svg width='10' height='10'><rect width='10' height='10' fill='{c}'/></svg> {html.escape(s)}</li>"
                     for s, c in colours.items())
    return (f"<table class='matrix'><tr><th>投票者</th><th>投给</th><th>楼层</th></tr>{rows}</table>"
            f"<ul class='legend'>{legend}</ul>")


def _reveal(game: Game) -> str:
    rows = "".join(f"<tr><td>{html.escape(p.name)}</td><td>{html.escape(p.reveal or '（游戏文件里没有写）')}</td></tr>"
                   for p in game.players)
    note = f"<p>{html.escape(game.reveal_note)}</p>" if game.reveal_note else ""
    return ("<p class='warning'>以下内容是整局游戏的揭秘：每个角色的真实身份。还没看完的请勿展开。</p>"
            f"<details><summary>我已看完，展开揭秘</summary>{note}<table><tr><th>角色</th><th>身份</th></tr>{rows}</table></details>")


def vote_flow_svg(tally: DayTally, game: Game, width: int = 420, height: int = 260) -> str:
    """Each target's count over the day, as an inline SVG (no script): a time axis and a count axis with
    ticks, and a point for every ballot that moved a count — each a link to its post — with the legend
    below it in HTML. The picture is drawn narrow (a phone's width) with type that stays legible when a
    phone shows it at its own size; on a wide screen it is shown larger."""
    tid = tally.vote_thread
    events = sorted((e for e in tally.entries if e.verdict in (COUNTED, SUPERSEDED) and e.at), key=lambda e: (e.at, e.pid))
    current: dict[str, tuple[str | None, object]] = {}
    counts: dict[str, float] = {}
    series: dict[str, list[tuple[datetime, float, object]]] = {}
    for e in events:
        old = current.get(e.voter)
        if old and old[0]:
            counts[old[0]] -= float(old[1])
            series.setdefault(old[0], []).append((e.at, counts[old[0]], e))
        current[e.voter] = (e.target, e.weight)
        if e.target:
            counts[e.target] = counts.get(e.target, 0.0) + float(e.weight)
            series.setdefault(e.target, []).append((e.at, counts[e.target], e))
    if not series:
        return "<p>（这一天没有有效票）</p>"
    start = game.when(game.day(tally.day).start) or events[0].at
    end = tally.close or events[-1].at
    span = max((end - start).total_seconds(), 1)
    top = max(1.0, max(v for points in series.values() for _, v, _ in points))
    ranked = sorted(series, key=lambda name: (-counts.get(name, 0), _roster_place(game, name)))
    left, right, bottom = 34, 14, height - 34
    plot_w, plot_h = width - left - right, height - 34 - 32  # room above for the 票数 label
    leaders = [n for n in ranked if counts.get(n, 0) == counts.get(ranked[0], 0)]

    def x_of(at: datetime) -> float:
        return left + plot_w * min(max((at - start).total_seconds() / span, 0), 1)

    def y_of(value: float) -> float:
        return bottom - plot_h * value / top

    lines, dots, legend = [], [], []
    for i, name in enumerate(ranked):
        # Each line a few pixels off the others: two targets level for a while (a tie) stay two lines.
        color, value = player_colour(game, name), 0.0
        lift = max(-6.0, min(6.0, 2.5 * (i - (len(ranked) - 1) / 2)))
        points = [f"{left},{bottom - lift:.1f}"]
        for at, v, entry in series[name]:
            points += [f"{x_of(at):.1f},{y_of(value) - lift:.1f}", f"{x_of(at):.1f},{y_of(v) - lift:.1f}"]
            value = v
            what = f"第 {entry.floor} 楼 {entry.author}：{name} {v:g} 票"
            dots.append(f"<a href='thread-{tid}.html#p{entry.pid}'><circle cx='{x_of(at):.1f}' cy='{y_of(v) - lift:.1f}' r='4' "
                        f"fill='{color}'><title>{html.escape(what)}</title></circle></a>")
        points.append(f"{x_of(end):.1f},{y_of(value) - lift:.1f}")
        lines.append(f"<polyline fill='none' stroke='{color}' stroke-width='2.5' data-name='{html.escape(name)}' "
                     f"points='{' '.join(points)}'/>")
        tied = "，并列最高" if len(leaders) > 1 and name in leaders else ""
        legend.append(f"<li><svg width='12' height='12' aria-hidden='true'><rect width='12' height='12' fill='{color}'/></svg> "
                      f"{html.escape(name)}（{report.show_number(tally.totals[name]) if name in tally.totals else 0} 票{tied}）</li>")
    step = max(1, int(top) // 5)
    ticks = [f"<line x1='{left - 4}' y1='{y_of(v):.1f}' x2='{left + plot_w}' y2='{y_of(v):.1f}' stroke='#e4e4e4'/>"
             f"<text x='{left - 7}' y='{y_of(v) + 4.5:.1f}' font-size='13' text-anchor='end'>{v}</text>"
             for v in range(0, int(top) + 1, step)]
    for k in range(4):  # four time labels fit the narrow picture: 「27日 21:00」
        at = start + (end - start) * k / 3
        anchor = "start" if k == 0 else "end" if k == 3 else "middle"
        ticks.append(f"<line x1='{x_of(at):.1f}' y1='{bottom}' x2='{x_of(at):.1f}' y2='{bottom + 4}' stroke='#444'/>"
                     f"<text x='{x_of(at):.1f}' y='{bottom + 19}' font-size='13' text-anchor='{anchor}'>{at:%d日 %H:%M}</text>")
    axes = (f"<line x1='{left}' y1='{bottom}' x2='{left + plot_w}' y2='{bottom}' stroke='#444'/>"
            f"<line x1='{left}' y1='{bottom}' x2='{left}' y2='{bottom - plot_h}' stroke='#444'/>"
            f"<text x='{left - 30}' y='14' font-size='13'>票数</text>")
    zone = report.zone_label(start)
    return (f"<div class='chart'><svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}' role='img' aria-label='票数随时间的变化'>"
            f"{''.join(ticks)}{axes}{''.join(lines)}{''.join(dots)}</svg>"
            f"<ul class='legend'>{''.join(legend)}</ul><p class='muted axis'>横轴：时间（{html.escape(zone)}）</p></div>")


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

STYLE = """table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left;vertical-align:top}
.verdict{font-size:.9em;padding:0 .3em;border-radius:3px}.verdict.counted{color:#1e6b30}.verdict.invalid{color:#a00}
.verdict.superseded{color:#777}.outcome{font-size:1.2em;font-weight:bold}.muted{color:#777}.warning{color:#a00}
.snippet{color:#555;font-size:.9em}figure svg a circle:hover{r:7}
body{font-family:"Noto Sans CJK SC","Microsoft YaHei",sans-serif;max-width:62em;margin:1em auto;padding:0 1em;color:#222}
nav{margin-bottom:1em}nav a{margin-right:.3em}.spoiler{color:#a00}
article{border-bottom:1px solid #ddd;padding:.6em 0}article header{color:#555;font-size:.9em}
.badge{background:#a00;color:#fff;padding:0 .4em;border-radius:3px}.edit{color:#888}
blockquote{border-left:3px solid #ccc;margin:.4em 0;padding:.2em .8em;color:#666}
.warning{background:#fee;border:1px solid #c99;padding:.6em}pre{white-space:pre-wrap}
#q{width:100%;font-size:1.2em;padding:.3em}.snippet{color:#666;font-size:.9em}
ul.players{columns:3}
figure{margin:1em 0}.chart>svg{display:block;width:100%;max-width:600px;height:auto;background:#fafafa}
s a,s{color:#888;text-decoration:line-through}
.legend{list-style:none;padding:0;margin:.4em 0;display:flex;flex-wrap:wrap;gap:.2em 1.2em}.legend li{white-space:nowrap}
.axis{margin:.2em 0;font-size:.85em}
/* Names and numbers never break a character a line: only the last column (voters, reasons) wraps, and a
   table wider than a phone scrolls sideways inside its box. */
td:not(:last-child),th{white-space:nowrap}td.text,th.text{white-space:normal}.wide{overflow-x:auto}
@media (max-width:600px){body{padding:0 .5em;margin:.5em auto}td,th{padding:.2em .35em}h1{font-size:1.5em}ul.players{columns:2}}
"""
