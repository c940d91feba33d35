"""The 揭秘 export: a static site that opens from disk, searches, shows the vote flow, and runs nothing
a player wrote. Browser checks use Debian's headless Chromium (installed by .ci/run)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import zlib
from importlib import resources
from pathlib import Path

import pytest

from bansha.demo import game as demo
from scraper import archive
from conftest import CHROMIUM, needs_chromium
from scraper.model import Post

EVIL = ('<p>看我<script>document.title="pwned";document.body.id="pwned"</script>'
        '<a href="javascript:document.title=\'pwned\'">点我</a><img src="x.png" onerror="document.title=\'pwned\'">'
        '<div onclick="alert(1)" style="background:url(javascript:alert(1))">独一无二的暗号蝴蝶刀</div></p>')


def bansha(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("export")
    board = demo.build()
    with board:
        text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
        text = text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{board.base_url}"')
        text = text.replace('name = "李逵"\n', 'name = "李逵"\nreveal = "杀手（黑旋风）"\n')
        game_file = tmp / "game.toml"
        game_file.write_text(text, "utf-8")
        assert bansha("archive", game_file, "--db", tmp / "a.db", "--warc", tmp / "warc", "--interval", "0").returncode == 0
    # A post whose stored HTML is hostile (a forum that allowed [html], or an injected edit).
    db = archive.open_db(tmp / "a.db")
    evil = Post(pid=99999, tid=demo.DISCUSSION_TID, floor=99, author="李逵", author_uid=16, posted_at="2026-11-28T12:00:00+08:00",
                time_precision="second", edited_by=None, edited_at=None, quotes=[], text="看我 点我 独一无二的暗号蝴蝶刀",
                html=EVIL, status="normal", style={"colors": [], "sizes": []})
    archive.save_posts(db, [evil], source="pc")
    result = bansha("export", game_file, "--db", tmp / "a.db", "--html", tmp / "site", "--json", tmp / "g.json", "--csv", tmp / "csv")
    assert result.returncode == 0, result.stderr
    return tmp, db, board


def chromium(*args: str) -> str:
    profile = Path("/tmp/bansha-test-chromium")
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *args],
        capture_output=True, text=True, timeout=120)
    return done.stdout


def test_every_thread_has_a_page_with_every_post(exported):
    tmp, db, board = exported
    for tid in (demo.VOTE_TID, demo.DISCUSSION_TID, demo.PROCESS_TID):
        page = (tmp / "site" / f"thread-{tid}.html").read_text("utf-8")
        for row in db.query("select pid from posts where tid = ?", [tid]):
            assert f"id='p{row['pid']}'" in page


def test_hostile_html_is_sanitised(exported):
    tmp, _db, _board = exported
    page = (tmp / "site" / f"thread-{demo.DISCUSSION_TID}.html").read_text("utf-8")
    assert "独一无二的暗号蝴蝶刀" in page
    for bad in ("<script", "javascript:", "onerror", "onclick", "pwned"):
        assert bad not in page


def test_player_pages_reveal_and_data_exports(exported):
    tmp, db, _board = exported
    li_kui = (tmp / "site" / f"player-{[n for _, n in demo.PLAYERS].index('李逵') + 1}.html").read_text("utf-8")
    assert "第1天" in li_kui and "铁牛是好人" in li_kui
    reveal = (tmp / "site" / "reveal.html").read_text("utf-8")
    assert "<details>" in reveal and "杀手（黑旋风）" in reveal.split("<details>")[1]  # behind the marked section
    data = json.loads((tmp / "g.json").read_text("utf-8"))
    assert len(data["posts"]) == db["posts"].count and data["days"][0]["outcome"]["names"] == ["李逵"]
    with open(tmp / "csv" / "posts.csv", encoding="utf-8-sig") as handle:
        assert len(list(csv.DictReader(handle))) == db["posts"].count
    assert {"thread_posts", "edited_posts", "posts_per_author"} <= set(db.view_names())


def test_vote_flow_picture_is_an_svg_of_every_target(exported):
    tmp, _db, _board = exported
    day = (tmp / "site" / "day-1.html").read_text("utf-8")
    assert day.count("<polyline") == 3 and "<script" not in day


@needs_chromium
def test_the_site_renders_in_a_browser(exported):
    tmp, db, _board = exported
    for tid in (demo.VOTE_TID, demo.DISCUSSION_TID, demo.PROCESS_TID):
        dom = chromium("--dump-dom", (tmp / "site" / f"thread-{tid}.html").as_uri())
        assert dom.count("<article") == db["posts"].count_where("tid = ?", [tid])


@needs_chromium
def test_search_finds_a_post_in_the_browser(exported):
    tmp, _db, _board = exported
    dom = chromium("--dump-dom", (tmp / "site" / "search.html").as_uri() + "?q=%E8%9D%B4%E8%9D%B6%E5%88%80")  # 蝴蝶刀
    assert "找到 1 帖" in dom and f"thread-{demo.DISCUSSION_TID}.html#p99999" in dom


@needs_chromium
def test_hostile_post_runs_nothing_in_the_browser(exported):
    tmp, _db, _board = exported
    dom = chromium("--dump-dom", (tmp / "site" / f"thread-{demo.DISCUSSION_TID}.html").as_uri())
    assert "pwned" not in dom and "<title>[101]梁山风云——第一天讨论帖</title>" in dom


def png_is_not_blank(path: Path) -> bool:
    """Decode the PNG's pixel stream (zlib) and check that it is not one flat colour."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    pixels = zlib.decompress(idat)
    return len(set(pixels)) > 16


@needs_chromium
def test_vote_flow_screenshot_is_not_empty(exported, tmp_path):
    tmp, _db, _board = exported
    shot = tmp_path / "flow.png"
    chromium(f"--screenshot={shot}", "--window-size=900,700", (tmp / "site" / "day-1.html").as_uri())
    assert shot.exists() and shot.stat().st_size > 5000 and png_is_not_blank(shot)


def test_vote_posts_carry_their_verdicts_and_the_day_page_is_tables(exported):
    from bansha import pipeline
    from tally.game import load_game

    tmp, db, _board = exported
    game, rules = load_game(tmp / "game.toml")
    tally = pipeline.tally_from_archive(db, game, rules, 1)
    thread = (tmp / "site" / f"thread-{demo.VOTE_TID}.html").read_text("utf-8")
    for entry in tally.entries:
        if entry.kind == "none":
            continue
        article = thread.split(f"id='p{entry.pid}'")[1].split("</header>")[0]
        if entry.verdict == "counted" and entry.target:
            assert f"有效 → {entry.target}" in article
        elif entry.verdict == "invalid":
            assert "无效：" in article
        elif entry.verdict == "superseded":
            assert "已改票" in article
    day = (tmp / "site" / "day-1.html").read_text("utf-8")
    assert "<pre>" not in day and all(f"<h2>{h}</h2>" in day for h in ("票型", "计票过程"))
    for entry in tally.entries:  # every ballot's floor links to its post
        if entry.kind != "none" and entry.floor is not None:
            assert f"thread-{demo.VOTE_TID}.html#p{entry.pid}'>第 {entry.floor} 楼</a>" in day
    moved = sum(1 for e in tally.entries if e.verdict in ("counted", "superseded") and e.target)
    assert day.count("<circle") >= moved and "横轴：时间（北京时间）" in day and "票数</text>" in day


def test_player_page_speaks_chinese_and_groups_posts_by_day(exported):
    tmp, _db, _board = exported
    li_kui = (tmp / "site" / f"player-{[n for _, n in demo.PLAYERS].index('李逵') + 1}.html").read_text("utf-8")
    for english in ("counted", "invalid", "superseded"):
        assert f">{english}" not in li_kui and f"（{english}）" not in li_kui
    assert "<h3>第1天（" in li_kui and "<th>最终计入</th>" in li_kui


def test_reveal_colours_the_vote_matrix_behind_the_spoiler(exported):
    tmp, _db, _board = exported
    day = (tmp / "site" / "day-1.html").read_text("utf-8")
    folded = day.split("<details>")[1]
    assert "data-side='杀手（黑旋风）'" in folded and "data-side" not in day.split("<details>")[0]


@needs_chromium
def test_day_page_screenshot(exported, tmp_path):
    tmp, _db, _board = exported
    shot = Path("/tmp/bansha-desk-shots") / "export-day.png"
    shot.parent.mkdir(exist_ok=True)
    chromium(f"--screenshot={shot}", "--window-size=1000,1400", (tmp / "site" / "day-1.html").as_uri())
    assert shot.exists() and png_is_not_blank(shot)


DAY2_TID = 104


@pytest.fixture(scope="module")
def two_days(tmp_path_factory):
    """The demo game played on: 李逵 executed on day 1, a day 2 that ends level (2 : 2), a card for 燕青."""
    from datetime import timedelta

    tmp = tmp_path_factory.mktemp("two-days")
    board = demo.build()
    uid = dict((name, u) for u, name in demo.PLAYERS)
    board.add_thread(DAY2_TID, "[101]梁山风云——第二天投票帖")
    day2 = demo.CLOSE
    for name, target, hours in (("宋江", "吴用", 1), ("燕青", "吴用", 2), ("吴用", "燕青", 3), ("花荣", "燕青", 4)):
        board.add_post(DAY2_TID, uid[name], f"投票对象：{target}\n投票理由：第二天", day2 + timedelta(hours=hours))
    with board:
        text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
        text = text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{board.base_url}"')
        text = text.replace('name = "李逵"\n', 'name = "李逵"\nreveal = "杀手（黑旋风）"\nhouse = "杀手"\n')
        text += ('\n[[days]]\nday = 2\nvote_thread = 104\nstart = "2026-11-29 21:00"\nclose = "2026-11-30 21:00"\n'
                 '\n[[events]]\nwhat = "处决"\nplayer = "李逵"\nday = 1\n'
                 '\n[[events]]\nwhat = "被杀"\nplayer = "鲁智深"\nday = 2\n')
        game_file = tmp / "game.toml"
        game_file.write_text(text, "utf-8")
        done = bansha("archive", game_file, "--db", tmp / "a.db", "--interval", "0")
        assert done.returncode == 0, done.stdout + done.stderr
    done = bansha("card", "add", game_file, "燕青", "黄牌", "--reason", "第一天潜水", "--day", "1", "--db", tmp / "a.db")
    assert done.returncode == 0, done.stdout + done.stderr
    done = bansha("export", game_file, "--db", tmp / "a.db", "--html", tmp / "site", "--csv", tmp / "csv")
    assert done.returncode == 0, done.stdout + done.stderr
    return tmp


def player_page(tmp: Path, name: str) -> str:
    return (tmp / "site" / f"player-{[n for _, n in demo.PLAYERS].index(name) + 1}.html").read_text("utf-8")


def polylines(day_page: str) -> dict[str, tuple[str, str]]:
    """name → (stroke colour, points) of each line in the day's vote-flow picture."""
    import re

    return {m["name"]: (m["stroke"], m["points"]) for m in re.finditer(
        r"<polyline fill='none' stroke='(?P<stroke>[^']+)' stroke-width='[^']+' data-name='(?P<name>[^']+)' "
        r"points='(?P<points>[^']+)'", day_page)}


def test_a_player_keeps_one_colour_on_every_day(two_days):
    first = polylines((two_days / "site" / "day-1.html").read_text("utf-8"))
    second = polylines((two_days / "site" / "day-2.html").read_text("utf-8"))
    # 吴用 is the least-voted line of day 1 and a leader of day 2: a colour by rank would differ.
    assert "吴用" in first and "吴用" in second and "燕青" in first and "燕青" in second
    assert first["吴用"][0] == second["吴用"][0] and first["燕青"][0] == second["燕青"][0]
    assert len({colour for colour, _ in {**first, **second}.values()}) == len({*first, *second})


def test_a_tie_draws_two_lines_and_says_so(two_days):
    page = (two_days / "site" / "day-2.html").read_text("utf-8")
    lines = polylines(page)
    assert set(lines) == {"吴用", "燕青"}
    # Both hold 2 votes from the fourth ballot to the close: that stretch must be two lines, not one.
    ends = {name: points.split()[-1] for name, (_, points) in lines.items()}
    assert ends["吴用"].split(",")[0] == ends["燕青"].split(",")[0] and ends["吴用"] != ends["燕青"]
    assert page.count("并列最高") == 2


def test_player_page_shows_fate_cards_and_identity_behind_the_spoiler(two_days):
    li_kui = player_page(two_days, "李逵")
    fate = li_kui.split("<h2>命运</h2>")[1].split("</ul>")[0]
    assert "第1天：被处决" in fate and "存活" not in fate
    public, spoiler = li_kui.split("<details class='identity'>")
    assert "杀手（黑旋风）" not in public and "杀手（黑旋风）" in spoiler and "阵营" in spoiler
    lu = player_page(two_days, "鲁智深")
    assert "第2天：被杀" in lu and "存活" not in lu.split("<h2>命运</h2>")[1].split("</ul>")[0]
    yan = player_page(two_days, "燕青")
    assert "<h2>牌</h2>" in yan and "黄牌：第一天潜水" in yan and "累计：1 张黄牌" in yan
    assert "存活" in yan.split("<h2>命运</h2>")[1].split("</ul>")[0] and "<h2>牌</h2>" not in li_kui


def test_post_counts_are_per_thread_kind(two_days):
    db = archive.open_db(two_days / "a.db")
    song = player_page(two_days, "宋江")
    discussion = db["posts"].count_where("tid = ? and author = '宋江'", [demo.DISCUSSION_TID])
    votes_day1 = db["posts"].count_where("tid = ? and author = '宋江'", [demo.VOTE_TID])
    assert f"第1天（投票帖 {votes_day1} 帖 · 讨论帖 {discussion} 帖）" in song
    index = (two_days / "site" / "index.html").read_text("utf-8")
    row = index.split("player-1.html'>宋江</a></td>")[1].split("</tr>")[0]
    assert row == f"<td>{votes_day1 + 1}</td><td>{discussion}</td><td>0</td><td>{votes_day1 + 1 + discussion}</td>"


def test_totals_csv_names_each_players_own_outcome(two_days):
    with open(two_days / "csv" / "totals.csv", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    outcome = {(r["day"], r["name"]): r["outcome"] for r in rows}
    assert outcome[("1", "李逵")] == "出局" and outcome[("1", "燕青")] == "" and outcome[("1", "吴用")] == ""
    assert outcome[("2", "吴用")] == "" and outcome[("2", "燕青")] == ""  # a level day puts nobody out


@needs_chromium
@pytest.mark.parametrize("width", [1280, 390])
def test_the_day_page_reads_at_desk_and_phone_width(two_days, width):
    """At a phone's 390 px nothing wraps a name one character a line, the picture's type stays legible
    and only a wide table scrolls (inside its own box), never the page; screenshots in /tmp/bansha-site-shots."""
    sync_api = pytest.importorskip("playwright.sync_api")
    shots = Path("/tmp/bansha-site-shots")
    shots.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": width, "height": 900})
            for name in ("day-1.html", "day-2.html", "index.html", "player-6.html"):
                page.goto((two_days / "site" / name).as_uri())
                page.screenshot(path=str(shots / f"{name[:-5]}-{width}.png"), full_page=True)
                assert page.evaluate("document.documentElement.scrollWidth") <= width, name
                # Every cell but a table's last (voters, reasons) holds one line: names never break apart.
                tall = page.evaluate("""() => [...document.querySelectorAll('td:not(:last-child):not(.text)')]
                    .filter(td => { const r = document.createRange(); r.selectNodeContents(td);
                                    return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1; })
                    .map(td => td.textContent)""")
                assert not tall, (name, tall)
            page.goto((two_days / "site" / "day-1.html").as_uri())
            shown = page.evaluate("document.querySelector('.chart > svg').getBoundingClientRect().width")
            drawn = float(page.get_attribute(".chart > svg", "width"))
            assert 13 * shown / drawn >= 10, (shown, drawn)  # the axis labels' size on screen, in px
        finally:
            browser.close()
