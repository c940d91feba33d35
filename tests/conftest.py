"""Shared test fixtures: where the captured real pages live, and the demo forum server."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The real pages captured from Discuz! X3.5 are read in place, never copied into the repository.
SHARED = Path(os.environ.get("BANSHA_SHARED", ROOT.parent / "shared"))
CAPTURES = SHARED / "fixtures" / "discuz-x35"
OWN_FIXTURES = ROOT / "fixtures"

needs_captures = pytest.mark.skipif(not CAPTURES.is_dir(), reason="../shared/fixtures/discuz-x35 is absent")


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
