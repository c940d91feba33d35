"""Every page at a phone's width (390 px) in headless Chromium, laid out as a phone lays it out (its
viewport tag obeyed): the page never scrolls sideways. A wide table may scroll inside its own box; text
with no break of its own (a path, a URL in the BBCode) wraps.

`assert_fits(page, width)` is the check, for any page already loaded — an http:// address or a file://
one (a static site: `page.goto(path.as_uri())`). `phone_page(browser)` opens a page as a phone shows it;
`visit(page, address, name)` loads an address, keeps a screenshot in SHOTS and checks it.

Skipped cleanly without Debian's chromium or the playwright package (.ci/run installs both)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from types import SimpleNamespace

import pytest

from bansha.demo.serving import Background
from conftest import needs_chromium

pytestmark = needs_chromium
playwright = pytest.importorskip("playwright.sync_api")
SHOTS = Path("/tmp/bansha-phone-shots")
PHONE = 390  # CSS pixels: an iPhone 12 to 15's width

# The widest element whose right edge (or whose own text) passes `width`, as a path from <body>. An
# element inside a box that clips or scrolls sideways (a .wide table) is left to that box: only the box
# itself can push the page wider.
_OFFENDER = """width => {
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + [...el.classList].map(c => '.' + c).join('');
  const path = el => {
    const parts = [];
    for (let e = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) parts.unshift(name(e));
    return parts.join(' > ') || name(el);
  };
  const clipped = el => {
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    return false;
  };
  let worst = null;
  const consider = (el, left, right) => {
    if (right <= width + 0.5) return;
    if (!worst || right - left > worst.wide) worst = {el, wide: right - left, right};
  };
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if ((!box.width && !box.height) || clipped(el)) continue;
    consider(el, box.left + scrollX, box.right + scrollX);
    for (const node of el.childNodes) {  // a long URL in a <pre> runs out of a box that itself fits
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      consider(el, Math.min(box.left, text.left) + scrollX, Math.max(box.right, text.right) + scrollX);
    }
  }
  if (!worst) return null;
  return {path: path(worst.el), wide: Math.round(worst.wide), right: Math.round(worst.right),
          text: (worst.el.innerText || '').replace(/\\s+/g, ' ').trim().slice(0, 60)};
}"""


def assert_fits(page, width: int = PHONE, label: str | None = None) -> None:
    """The page loaded in `page` fits `width` CSS pixels: laid out at that width (a page without a viewport
    tag is laid out at 980 px on a phone) and `document.documentElement.scrollWidth <= width`, so it never
    scrolls sideways. A failure names the widest element whose right edge passes the edge."""
    label = label or page.url
    laid_out, scroll = page.evaluate("[document.documentElement.clientWidth, document.documentElement.scrollWidth]")
    assert laid_out <= width, (f"{label}: laid out {laid_out} px wide on a {width} px screen "
                               "(no <meta name=viewport content='width=device-width'>?)")
    if scroll <= width:
        return
    worst = page.evaluate(_OFFENDER, width)
    where = (f"widest element past the edge: {worst['path']} ({worst['wide']} px wide, right edge at "
             f"{worst['right']} px): {worst['text']!r}" if worst else "no single element found past the edge")
    raise AssertionError(f"{label}: scrolls sideways at {width} px (scrollWidth {scroll} px); {where}")


def phone_page(browser, width: int = PHONE):
    """A page as a phone shows it: `width` CSS pixels, and the page's viewport tag obeyed (is_mobile).
    Close it with page.context.close()."""
    context = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True)
    return context.new_page()


def visit(page, address: str, name: str, width: int = PHONE) -> None:
    """Load `address` (http:// or file://), keep a full-page screenshot as SHOTS/<name>-<width>.png, check it fits."""
    page.goto(address)
    shoot(page, name, width)
    assert_fits(page, width, name)


def shoot(page, name: str, width: int = PHONE) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)


def each(checks) -> None:
    """Run every check, then fail once naming every page that did not fit (not only the first)."""
    failures = []
    for check in checks:
        try:
            check()
        except AssertionError as error:
            failures.append(str(error))
    assert not failures, "\n".join(failures)



@pytest.fixture
def phone(browser):
    page = phone_page(browser)
    yield page
    page.context.close()


@pytest.fixture(scope="module")
def desk(browser, tmp_path_factory):
    """The demo game (the demo forum just after day 1's close) on one desk for the module, synced and its
    result published through the desk's own buttons; `jobs` are the two job pages that did it. Reports are
    written under a long folder name with no break of its own, as a director's may be."""
    from werkzeug.serving import make_server

    from bansha import poll as polling
    from bansha.demo import game as demo
    from bansha.desk import DeskConfig, create_app, new_token

    folder = tmp_path_factory.mktemp("phone")
    with demo.build() as forum:
        text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
        game_file = folder / "game.toml"
        game_file.write_text(text.replace('timezone = "Asia/Shanghai"',
                                          f'timezone = "Asia/Shanghai"\nforum = "{forum.base_url}"'), "utf-8")
        out = folder / "liangshan_fengyun_season_one_results_and_reports_of_the_director"
        options = polling.PollOptions(now=forum.clock(), login=demo.DIRECTOR[1], password="demo-director", interval=0,
                                      out_dir=out)
        config = DeskConfig(game_file, folder / "g.db", new_token(), options)
        codes = {"phone-once"}
        server = Background(make_server("127.0.0.1", 0, create_app(config, open_codes=codes), threaded=True))
        root = f"http://127.0.0.1:{server.server_port}/"
        url = f"{root}{config.token}/"
        try:
            page = browser.new_page()
            jobs = []
            page.goto(url)
            page.get_by_role("button", name="同步（抓取当天各帖，不发帖）").click()
            page.wait_for_selector("#job-outcome", timeout=30000)
            jobs.append(page.url)
            page.goto(url + "day/1")
            page.click("#publish")
            page.wait_for_selector("#job-outcome", timeout=30000)
            jobs.append(page.url)
            assert "已发布" in page.inner_text("#job-outcome")
            page.close()
            yield SimpleNamespace(root=root, url=url, config=config, jobs=jobs, folder=folder)
        finally:
            server.stop()


def test_every_desk_page_fits_a_phone(desk, phone):
    """Home (the table of days and the 「游戏文件里还没有写」 hint), the day (its BBCode opened too, and
    as it stood at a floor), the sync's and the publish's job pages, and the one-time address."""
    url = desk.url

    def day_with_bbcode_open():
        phone.goto(url + "day/1")
        phone.evaluate("document.querySelector('details').open = true")  # the raw BBCode: links to every floor
        shoot(phone, "desk-day-bbcode")
        assert_fits(phone, PHONE, "desk-day-bbcode")

    each([
        lambda: visit(phone, url, "desk-index"),
        lambda: visit(phone, url + "day/1", "desk-day"),
        day_with_bbcode_open,
        lambda: visit(phone, url + "day/1?as_of_floor=5", "desk-day-floor"),
        lambda: visit(phone, desk.jobs[0], "desk-job-sync"),
        lambda: visit(phone, desk.jobs[1], "desk-job-publish"),
        lambda: visit(phone, desk.root + "open/phone-once", "desk-open"),  # leads to the home page
    ])
    phone.goto(url)
    assert "游戏文件里还没有写" in phone.inner_text("body")  # the hint the issue saw run off the screen


def test_the_table_of_days_fits_without_scrolling_its_box(desk, phone, browser):
    """At a phone's width the home page's table of days is a card a day, each value under its name, where
    the table scrolled in its box hid the count and the outcome past the screen's edge; at a desk's width
    it is the table it was, each row on one line."""
    days = ".wide table"  # the home page's first table
    phone.goto(desk.url)
    box = phone.evaluate(f"(() => {{ const b = document.querySelector('{days}').parentElement;"
                         " return [b.scrollWidth, b.clientWidth]; })()")
    assert box[0] <= box[1], f"the table of days is {box[0]} px wide in its {box[1]} px box (its last columns hidden)"
    assert "李逵 出局" in phone.inner_text(days)
    wide = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        visit(wide, desk.url, "desk-index", 1280)
        heights = wide.evaluate(f"[...document.querySelectorAll('{days} tr')].map(r => r.getBoundingClientRect().height)")
        assert max(heights) < 1.6 * min(heights), heights  # no cell wraps at a desk's width
    finally:
        wide.close()


def test_pages_before_the_first_sync_fit_a_phone(desk, phone, monkeypatch):
    monkeypatch.setattr(desk.config, "db", desk.folder / "not-synced-yet.db")
    each([
        lambda: visit(phone, desk.url, "desk-index-unsynced"),
        lambda: visit(phone, desk.url + "day/1", "desk-day-unsynced"),
    ])
    assert "档案库还不存在" in phone.inner_text("body")


def test_error_pages_fit_a_phone(desk, phone, monkeypatch):
    """The desk's bare error pages: refused, not found, a one-time address used twice, and a game file
    gone from a folder with a long name (the page says its path)."""
    each([
        lambda: visit(phone, desk.root + "not-the-token/", "desk-403"),
        lambda: visit(phone, desk.url + "day/9", "desk-404"),
        lambda: visit(phone, desk.root + "open/never-made", "desk-open-used"),
    ])
    gone = desk.folder / "liangshan_fengyun_season_one_games_moved_elsewhere" / "game.toml"
    monkeypatch.setattr(desk.config, "game_file", gone)
    visit(phone, desk.url, "desk-game-file-gone")
    assert "游戏文件读不了" in phone.inner_text("body") and str(gone) in phone.inner_text("body")


# -- the board's 战绩 site (bansha board report --html) ------------------------------------------------------

@pytest.fixture(scope="module")
def board_site(tmp_path_factory) -> Path:
    """The demo board (three finished games, bansha demo --board) and its site."""
    import subprocess
    import sys

    work = tmp_path_factory.mktemp("board") / "demo"
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "demo", "--board", str(work)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return work / "board-site"


@pytest.mark.parametrize("width", [PHONE, 1280])
def test_every_board_page_fits(board_site, browser, width):
    """Every page of the board's site — the 战绩 index, each player's and each game's — at a phone's width and a
    desktop's: wide tables scroll inside their own box, the page never sideways."""
    page = phone_page(browser, width) if width == PHONE else browser.new_context(viewport={"width": width, "height": 900}).new_page()
    try:
        pages = sorted(board_site.glob("*.html"))
        assert len(pages) == 1 + 11 + 3  # the index, eleven accounts, three games
        each([lambda p=p: visit(page, p.as_uri(), f"board-{p.stem}", width) for p in pages])
    finally:
        page.context.close()
