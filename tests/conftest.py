"""Shared test fixtures: where the captured real pages live, and the demo forum server."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The real pages captured from Discuz! X3.5 are read in place, never copied into the repository.
SHARED = Path(os.environ.get("BANSHA_SHARED", ROOT.parent / "shared"))
CAPTURES = SHARED / "fixtures" / "discuz-x35"
OWN_FIXTURES = ROOT / "fixtures"

needs_captures = pytest.mark.skipif(not CAPTURES.is_dir(), reason="../shared/fixtures/discuz-x35 is absent")
# Browser tests drive Debian's chromium (never a downloaded one); .ci/run installs it, and they skip without it.
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)")


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium through playwright, one per module (skipped without the playwright package)."""
    sync = pytest.importorskip("playwright.sync_api")
    with sync.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def capture_headers(path: Path) -> dict[str, str]:
    """The response headers saved beside a captured body (`<file>.headers.txt`)."""
    headers: dict[str, str] = {}
    sidecar = path.with_name(path.name + ".headers.txt")
    if sidecar.exists():
        for line in sidecar.read_text("utf-8").splitlines()[1:]:
            if ":" in line and not line.startswith("#"):
                name, _, value = line.partition(":")
                headers.setdefault(name.strip().lower(), value.strip())
    return headers


def load_truth() -> dict[int, dict]:
    """Every post the capture's database held, by pid (pids are unique across the site)."""
    truth: dict[int, dict] = {}
    for path in CAPTURES.glob("**/truth/*.json"):
        for post in json.loads(path.read_text("utf-8"))["posts"]:
            truth[post["pid"]] = post
    return truth


@pytest.fixture
def forum():
    """A running Discuz-like forum on 127.0.0.1 with one 23-post thread (3 pages) and a members-only one."""
    from bansha.demo.forum import DemoForum

    board = DemoForum()
    board.add_user(2, "导演甲", "director-pass")
    board.add_user(11, "宋江", "player-pass")
    board.add_user(12, "林冲", "player-pass")
    board.add_thread(4, "[001]测试——第一天投票帖")
    board.add_thread(7, "会员专区测试帖", fid=5, members_only=True)
    for i in range(23):
        board.add_post(4, 11 if i % 2 else 12, f"第{i + 1}楼\n投票对象：宋江\n投票理由：理由{i + 1}")
    board.add_post(7, 2, "只有登录后才能看到这一楼的内容。")
    with board:
        yield board


@pytest.fixture
def client_factory(tmp_path):
    """Clients with short delays, so retry tests run in seconds (the spacing logic is the same)."""
    from scraper.client import ForumClient

    made = []

    def make(**kw):
        kw.setdefault("min_interval", 0.0)
        kw.setdefault("backoff", 0.02)
        kw.setdefault("max_backoff", 1.5)
        kw.setdefault("timeout", 0.5)
        kw.setdefault("cookie_file", tmp_path / "cookies.txt")
        client = ForumClient(**kw)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def db(tmp_path):
    from scraper.archive import open_db

    return open_db(tmp_path / "archive.db")


def thread_url(board, tid: int = 4) -> str:
    return f"{board.base_url}forum.php?mod=viewthread&tid={tid}"


def capture_game(name: str):
    """A Game built from a capture's game.json (read in place), as a director would write its TOML."""
    from tally.game import Day, Game, Player

    g = json.loads((CAPTURES / name / "game.json").read_text("utf-8"))
    if name == "game056":
        players = tuple(Player(p["account"], p["uid"]) for p in g["roster"])
        dead = tuple(p["account"] for p in g["roster"] if not p["alive_day1"])
        days = (Day(day=1, vote_thread=4, discussion_threads=(5,), process_thread=3,
                    start=g["vote_open"], close=g["vote_close"], dead=dead),)
        return Game(name=g["title"], preset="shediao", directors=(g["director"]["account"],), players=players, days=days)
    roles = {g["bar_owner"]: ("酒吧老板",)}
    players = tuple(Player(p["account"], p["uid"], house=p.get("house", ""), roles=roles.get(p["account"], ())) for p in g["roster"])
    d1, d2 = g["days"]
    days = (
        Day(day=1, vote_thread=10, election_thread=11, discussion_threads=(12,), process_thread=9,
            start=d1["open"], close=d1["close"]),
        Day(day=2, vote_thread=13, discussion_threads=(14,), process_thread=9, start=d2["open"], close=d2["close"],
            accelerated=True, accelerated_from=d2["accelerated_from"],
            dead=tuple(a for a in d1["alive"] if a not in d2["alive"]), bonus={g["crow_slander"]["target"]: 2}),
    )
    return Game(name=g["title"], preset="mahjong", directors=(g["director"]["account"],), players=players, days=days)


def archive_capture(db, name: str, view: str = "director") -> None:
    """Read every captured desktop page of a scenario into an archive (pages → archive)."""
    from scraper import archive
    from scraper.pages import read_page

    for page_file in sorted((CAPTURES / name / view / "pc").glob("*.html")):
        page = read_page(page_file.read_bytes(), capture_headers(page_file).get("content-type"))
        archive.save_thread(db, page, forum="127.0.0.1:8088", url=str(page_file), source="pc", ppp=10)
        archive.save_posts(db, page.posts, source="pc")


def truth_posts(name: str, thread: str) -> list[dict]:
    return json.loads((CAPTURES / name / "truth" / f"{thread}.json").read_text("utf-8"))["posts"]


@pytest.fixture(scope="session")
def db056(tmp_path_factory):
    """game056's captured desktop pages (director view) read into one archive for the session."""
    from scraper import archive

    db = archive.open_db(tmp_path_factory.mktemp("g56") / "archive.db")
    archive_capture(db, "game056")
    return db


@pytest.fixture(scope="session")
def db063(tmp_path_factory):
    from scraper import archive

    db = archive.open_db(tmp_path_factory.mktemp("g63") / "archive.db")
    archive_capture(db, "game063")
    return db


def serve_pages(pages: list[Path]):
    """A thread's captured pages served over real HTTP as Discuz served them (their own headers); `page=N`
    picks the page and past the end Discuz repeats the last. Returns the running server; shut it down."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from urllib.parse import parse_qs, urlsplit

    class Handler(BaseHTTPRequestHandler):
        disable_nagle_algorithm = True  # headers and body in two writes: no 40 ms wait for a delayed ACK

        def log_message(self, *args):
            pass

        def do_GET(self):
            q = parse_qs(urlsplit(self.path).query)
            path = pages[min(int(q.get("page", ["1"])[0]), len(pages)) - 1]
            body = path.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", capture_headers(path)["content-type"])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    from bansha.demo.serving import Background

    return Background(ThreadingHTTPServer(("127.0.0.1", 0), Handler))


def stop_service(proc, grace: float = 20.0) -> tuple[str, str]:
    """Stop a service a test started, as cron or a CI runner would (SIGTERM: a background job may ignore
    SIGINT), and leave nothing running whatever happened: kill after a short grace. Its output, read to the end."""
    import signal
    import subprocess

    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"the service did not stop on SIGTERM within {grace} s") from None
    return out or "", err or ""


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: two workers a CPU. Many tests wait on a real HTTP server, a subprocess or a timeout rather than compute,
    so one worker a CPU leaves the CPUs half idle (on CI's two: 7 m 21 s with two workers, 5 m 40 s with four, 6 m 15 s
    with six)."""
    return max(2, min(8, 2 * (os.cpu_count() or 1)))

# Hypothesis: no deadline — a first example builds the parsers and the lexicon, and how long a machine takes is bench/'s
# business, never a test's (a fresh clone failed test_any_unicode_never_raises on a 1 s first call)
from hypothesis import settings as _hypothesis_settings  # noqa: E402

_hypothesis_settings.register_profile("bansha", deadline=None)
_hypothesis_settings.load_profile("bansha")
