"""Whole-thread archiving: WARC files that replay the served pages byte for byte, media kept once."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from warcio.archiveiterator import ArchiveIterator

from conftest import CAPTURES, needs_captures, serve_pages, thread_url


def bansha(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True, timeout=300)


def warc_responses(folder: Path) -> list[tuple[str, bytes]]:
    out = []
    for path in sorted(folder.glob("*.warc.gz")):
        with open(path, "rb") as handle:
            for record in ArchiveIterator(handle, check_digests=True):  # raises on a bad digest
                if record.rec_type == "response":
                    out.append((record.rec_headers.get_header("WARC-Target-URI"), record.content_stream().read()))
    return out


@pytest.fixture
def capture_server():
    """Serves the captured vote-thread pages of game056 as Discuz served them (real HTTP, their own headers)."""
    pages = sorted((CAPTURES / "game056" / "guest" / "pc").glob("vote_tid4_p*.html"))
    server = serve_pages(pages)
    yield f"http://127.0.0.1:{server.server_address[1]}/", pages
    server.shutdown()


@needs_captures
def test_warc_replays_the_captured_pages_byte_for_byte(capture_server, tmp_path):
    base, pages = capture_server
    result = bansha("archive", f"{base}forum.php?mod=viewthread&tid=4", "--db", tmp_path / "a.db",
                    "--warc", tmp_path / "warc", "--interval", "0")
    assert result.returncode == 0, result.stderr
    responses = warc_responses(tmp_path / "warc")
    assert [body for _, body in responses] == [p.read_bytes() for p in pages]
    import sqlite_utils

    assert sqlite_utils.Database(tmp_path / "a.db")["posts"].count == 40


def test_media_is_kept_once_and_deduplicated(tmp_path):
    from bansha.demo.forum import DemoForum

    board = DemoForum()
    board.add_user(5, "鲁智深")
    board.add_thread(9, "贴图帖")
    picture = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    board.files["/data/attachment/forum/a.png"] = (picture, "image/png")
    board.files["/data/attachment/forum/copy.png"] = (picture, "image/png")
    board.add_post(9, 5, "看图[img]data/attachment/forum/a.png[/img]")
    board.add_post(9, 5, "同一张图换个名字[img]data/attachment/forum/copy.png[/img]")
    board.add_post(9, 5, "再贴一次[img]data/attachment/forum/a.png[/img]")
    with board:
        result = bansha("archive", thread_url(board, 9), "--db", tmp_path / "a.db", "--warc", tmp_path / "warc",
                        "--interval", "0", "--media")
        assert result.returncode == 0, result.stderr
        assert board.count("/data/attachment/forum/a.png") == 1  # fetched once
    import sqlite_utils

    rows = list(sqlite_utils.Database(tmp_path / "a.db").query("select url, duplicate_of from media order by url"))
    assert len(rows) == 2 and rows[0]["duplicate_of"] is None and rows[1]["duplicate_of"] is not None
    stored = [body for url, body in warc_responses(tmp_path / "warc") if url.endswith(".png")]
    assert stored and all(body == picture for body in stored)


def test_archive_a_whole_game_from_its_file(tmp_path):
    from importlib import resources

    from bansha.demo import game

    board = game.build()
    with board:
        text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
        gf = tmp_path / "game.toml"
        gf.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{board.base_url}"'), "utf-8")
        result = bansha("archive", gf, "--db", tmp_path / "a.db", "--warc", tmp_path / "warc", "--interval", "0")
    assert result.returncode == 0, result.stderr
    uris = {url.split("tid=")[1].split("&")[0] for url, _ in warc_responses(tmp_path / "warc")}
    assert uris == {str(game.VOTE_TID), str(game.DISCUSSION_TID), str(game.PROCESS_TID)}
