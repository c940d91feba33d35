"""The director's desk in headless Chromium: rule a flagged post with a click, see the outcome change,
preview the post, publish it once even from two tabs; no request without this run's token is served.

Skipped cleanly without Debian's chromium or the playwright package (.ci/run installs both)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import httpx
import pytest

from bansha.demo.serving import Background
from conftest import CAPTURES, archive_capture, needs_captures, needs_chromium

pytestmark = needs_chromium
playwright = pytest.importorskip("playwright.sync_api")
SHOTS = Path("/tmp/bansha-desk-shots")


def start(config):
    from werkzeug.serving import make_server

    from bansha.desk import create_app

    server = Background(make_server("127.0.0.1", 0, create_app(config), threaded=True))
    return server, f"http://127.0.0.1:{server.server_port}/{config.token}/"



def game056_file(folder: Path) -> Path:
    """game056 as a director writes it, from the capture's game.json (read in place)."""
    g = json.loads((CAPTURES / "game056" / "game.json").read_text("utf-8"))
    players = "".join(f'\n[[players]]\nname = "{p["account"]}"\nuid = {p["uid"]}\n' for p in g["roster"])
    dead = [p["account"] for p in g["roster"] if not p["alive_day1"]]
    path = folder / "g056.toml"
    path.write_text(f'[game]\nname = "[056]射雕英雄传"\npreset = "shediao"\nforum = "http://127.0.0.1:8088/"\n'
                    f'directors = ["{g["director"]["account"]}"]\n{players}\n[[days]]\nday = 1\nvote_thread = 4\n'
                    f'discussion_threads = [5]\nprocess_thread = 3\nstart = "{g["vote_open"]}"\nclose = "{g["vote_close"]}"\n'
                    f'dead = {json.dumps(dead, ensure_ascii=False)}\n', "utf-8")
    return path


@pytest.fixture
def desk056(tmp_path):
    from bansha import poll as polling
    from bansha.desk import DeskConfig, new_token
    from scraper import archive

    archive_capture(archive.open_db(tmp_path / "g056.db"), "game056")
    config = DeskConfig(game056_file(tmp_path), tmp_path / "g056.db", new_token(), polling.PollOptions())
    server, url = start(config)
    yield url, config
    server.shutdown()


@needs_captures
def test_rule_a_flagged_post_with_a_click_and_see_the_outcome(desk056, browser):
    url, config = desk056
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(url + "day/1")
    assert "尚未发布" in page.inner_text("#posted")
    before = page.inner_text("#outcome")
    assert "郭靖 出局" not in before
    flag = page.locator("#flag-46")  # 欧阳克：投票对象：郭敬 — a homophone of 郭靖, for the director
    assert "郭敬" in flag.inner_text()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "desk-before.png"), full_page=False)
    # Every ruling shows what the day becomes under it, 有效 included; the likeliest reading is preselected.
    choices = flag.locator("ul.choices").inner_text()
    assert "计为「郭靖」\n→ 郭靖 出局" in choices.replace(" →", "\n→").replace("\n\n", "\n") or "计为「郭靖」 → 郭靖 出局" in choices
    assert "不是投票（不计票）" in choices and "弃权 →" in choices  # the readings in the director's words
    assert flag.locator("select[name=target]").input_value() == "郭靖"
    assert "有效" not in [b.inner_text() for b in flag.locator("button").all()]  # 郭敬 is no player: 有效 is not offered
    flag.get_by_role("button", name="计为「郭靖」").click()
    page.wait_for_load_state()
    assert "郭靖 出局" in page.inner_text("#outcome")
    assert "已裁定 pid 46" in page.inner_text("body")
    assert "郭靖 出局" in page.inner_text("#preview")  # the result post as it will be posted
    assert page.locator("#flag-46").count() == 0  # ruled: no longer waiting
    page.screenshot(path=str(SHOTS / "desk-after.png"), full_page=True)
    # Written as `bansha rule` writes it: the terminal's tally now agrees.
    from scraper import archive

    rulings = archive.load_rulings(archive.open_db(config.db, readonly=True), "[056]射雕英雄传", 1)
    assert [(r["pid"], r["decision"], r["target"]) for r in rulings] == [(46, "target", "郭靖")]


@needs_captures
def test_requests_without_the_token_are_refused(desk056):
    url, config = desk056
    root = url.split(config.token)[0]
    assert httpx.get(root).status_code == 403
    assert httpx.get(root + "not-the-token/day/1").status_code == 403
    assert httpx.get(url + "day/1").status_code == 200
    rule = {"pid": "46", "target": "郭靖"}
    assert httpx.post(url + "day/1/rule", data=rule).status_code == 403  # no token in the form
    assert httpx.post(url + "day/1/rule", data={**rule, "token": config.token},
                      headers={"Origin": "http://evil.example"}).status_code == 403
    from scraper import archive

    assert archive.load_rulings(archive.open_db(config.db, readonly=True), "[056]射雕英雄传", 1) == []


def test_two_tabs_cannot_post_twice(browser, tmp_path):
    from bansha import poll as polling
    from bansha.demo import game as demo
    from bansha.desk import DeskConfig, new_token

    forum = demo.build()
    with forum:
        text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
        game_file = tmp_path / "game.toml"
        game_file.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{forum.base_url}"'), "utf-8")
        options = polling.PollOptions(now=forum.clock(), login=demo.DIRECTOR[1], password="demo-director", interval=0,
                                      out_dir=tmp_path / "out")
        config = DeskConfig(game_file, tmp_path / "g.db", new_token(), options)
        server, url = start(config)
        try:
            tabs = [browser.new_page(), browser.new_page()]
            for tab in tabs:
                tab.goto(url)
                tab.get_by_role("button", name="同步（抓取当天各帖，不发帖）").click()
                tab.wait_for_selector("#job-outcome", timeout=30000)  # the page shows the sync's progress, then its outcome
                tab.goto(url + "day/1")
            for tab in tabs:
                tab.click("#publish", no_wait_after=True)
            said = ""
            for tab in tabs:
                tab.wait_for_selector("#job-outcome", timeout=30000)
                said += tab.inner_text("body")
                SHOTS.mkdir(exist_ok=True)
                tab.screenshot(path=str(SHOTS / "desk-job.png"))
            results = [p for p in forum.threads[demo.VOTE_TID].posts if p.uid == demo.DIRECTOR[0] and "bansha:v2:" in p.bbcode]
            assert len(results) == 1 and "李逵 出局" in results[0].bbcode
            assert "经过" in said and "抓取帖子" in said  # what the run did, line by line
            tabs[0].goto(url + "day/1")
            assert "结果帖：已发布" in tabs[0].inner_text("#posted") and "李逵 出局" in tabs[0].inner_text("#posted")
            assert f"pid={results[0].pid}" in tabs[0].get_attribute("#posted a", "href")
            assert "已发布结果帖" in said or "不再重复发" in said or "正在进行" in said or "正在运行" in said
        finally:
            server.shutdown()


@needs_captures
def test_ballot_times_are_shown_in_the_games_zone_to_the_second(desk056, browser, monkeypatch):
    """The machine's clock is in New York; the forum and the game file say +08:00: every row of 计票过程
    shows the forum's own clock, with seconds (a ballot near the close is judged by them)."""
    import time
    from datetime import datetime

    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    from scraper import archive
    from tally.game import load_game

    url, config = desk056
    game, _rules = load_game(config.game_file)
    stored = {row["floor"]: row["posted_at"] for row in
              archive.open_db(config.db, readonly=True).query("select floor, posted_at from posts where tid = 4")}
    page = browser.new_page()
    page.goto(url + "day/1")
    rows = page.locator("#timeline tr").all()[1:]
    assert rows
    for row in rows:
        floor = int(row.locator("td").nth(0).inner_text().split()[0].lstrip("#"))
        shown = row.locator("td.time").inner_text()
        expected = datetime.fromisoformat(stored[floor]).astimezone(game.tz)
        assert shown == f"{expected:%Y-%m-%d %H:%M:%S}", (floor, shown, stored[floor])
    monkeypatch.undo()
    time.tzset()


@needs_captures
def test_the_overview_shows_each_days_count(desk056):
    from bansha import pipeline
    from scraper import archive
    from tally.game import load_game

    url, config = desk056
    game, rules = load_game(config.game_file)
    tally = pipeline.tally_from_archive(archive.open_db(config.db, readonly=True), game, rules, 1)
    page = httpx.get(url).text
    for name, votes in tally.totals.items():
        assert f"{name} {int(votes) if votes == int(votes) else float(votes)}" in page
    assert tally.outcome.describe() in page


@pytest.mark.parametrize("width", [1280, 390])
def test_the_desk_reads_at_desk_and_phone_width(browser, tmp_path, width):
    """The demo day at a desk's and a phone's width: the page never scrolls sideways (a wide table scrolls
    in its own box), the 票型 shows the struck-out switch and the 弃权 row; screenshots in SHOTS."""
    from bansha import poll as polling
    from bansha.demo import game as demo
    from bansha.desk import DeskConfig, new_token
    from test_poll import game_file, options

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, out_dir=tmp_path / "out"), lambda line: None)
    server, url = start(DeskConfig(path, tmp_path / "g.db", new_token(), polling.PollOptions()))
    SHOTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        for name, address in (("overview", url), ("day", url + "day/1")):
            page.goto(address)
            page.screenshot(path=str(SHOTS / f"desk-{name}-{width}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        totals = page.inner_html("#totals")
        assert "<s>花荣</s>" in totals and "<td>弃权</td>" in totals
        assert "[s]" not in page.inner_text("#preview") and "[color" not in page.inner_text("#preview")
    finally:
        page.close()
        server.stop()
