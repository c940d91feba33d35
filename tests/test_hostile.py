"""Hostile input and faults: one post, a broken answer or a leaked file must never stop the game or the director."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
import time
from datetime import timedelta
from importlib import resources
from pathlib import Path

import pytest

from bansha.demo import game as demo
from conftest import CAPTURES, needs_captures


def bansha(*args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=300, **kw)


def game_file(tmp_path: Path, base: str) -> Path:
    text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
    path = tmp_path / "game.toml"
    path.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{base}"'), "utf-8")
    return path


# -- deep nesting -------------------------------------------------------------------------------------

def test_a_post_of_a_thousand_nested_b_is_read_fetched_polled_archived_and_exported(tmp_path):
    forum = demo.build()
    nested = forum.add_post(demo.VOTE_TID, 17, "[b]" * 1000 + "投票对象：李逵\n投票理由：嵌套" + "[/b]" * 1000,
                            demo.OPEN + timedelta(hours=20))
    with forum:
        gf = game_file(tmp_path, forum.base_url)
        env_password = {"BANSHA_PASSWORD": "demo-director"}
        import os

        env = {**os.environ, **env_password}
        poll = bansha("poll", gf, "--db", tmp_path / "g.db", "--out", tmp_path / "out", "--login", "导演甲", "--post",
                      "--interval", "0", "--now", "2026-11-29 21:30", env=env)
        assert poll.returncode in (0, 3), poll.stderr
        assert "Traceback" not in poll.stderr
        archived = bansha("archive", gf, "--db", tmp_path / "a.db", "--warc", tmp_path / "warc", "--interval", "0")
        assert archived.returncode == 0, archived.stderr
        exported = bansha("export", gf, "--db", tmp_path / "g.db", "--html", tmp_path / "site", "--csv", tmp_path / "csv")
        assert exported.returncode == 0, exported.stderr
    import sqlite_utils

    text = sqlite_utils.Database(tmp_path / "g.db").execute("select text from posts where pid = ?", [nested.pid]).fetchone()[0]
    assert text.startswith("投票对象：李逵")


def _page_with(depth: int) -> bytes:
    from bansha.demo.forum import DemoForum

    forum = DemoForum()
    forum.add_user(1, "甲")
    forum.add_thread(1, "测试")
    forum.add_post(1, 1, "楼主")
    forum.add_post(1, 1, "PLACEHOLDER")
    with forum:
        import httpx

        page = httpx.get(f"{forum.base_url}forum.php?mod=viewthread&tid=1").text
    html = "<strong>" * depth + "投票对象：甲" + "</strong>" * depth
    return page.replace("PLACEHOLDER", html, 1).encode()


def test_a_post_nested_100000_deep_is_read_in_linear_time():
    from scraper.pages import read_page

    def seconds(body: bytes) -> float:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            page = read_page(body)
            best = min(best, time.perf_counter() - started)
        assert page.posts[-1].text == "投票对象：甲"
        return best

    small, large = _page_with(10_000), _page_with(100_000)
    assert seconds(large) / seconds(small) < 30  # linear is about 10×


# -- WARC without secrets -------------------------------------------------------------------------------

def test_the_warc_carries_no_session(tmp_path):
    from warcio.archiveiterator import ArchiveIterator

    forum = demo.build()
    forum.threads[demo.VOTE_TID].members_only = True  # reading it needs the director's session
    with forum:
        gf = game_file(tmp_path, forum.base_url)
        jar = tmp_path / "a.db.cookies.txt"
        jar.write_text("# Netscape HTTP Cookie File\n", "utf-8")
        cookie = forum.browser_session(demo.DIRECTOR[0])
        (tmp_path / "cookie.txt").write_text(cookie, "utf-8")
        fetched = bansha("fetch", f"{forum.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}", "--db", tmp_path / "a.db",
                         "--cookies", tmp_path / "cookie.txt", "--interval", "0")
        assert fetched.returncode == 0, fetched.stderr
        archived = bansha("archive", gf, "--db", tmp_path / "a.db", "--warc", tmp_path / "warc", "--interval", "0")
        assert archived.returncode == 0, archived.stderr
    secrets = [part.split("=", 1)[1] for part in cookie.split("; ")]
    secrets += [line.split("\t")[-1] for line in jar.read_text("utf-8").splitlines() if line and not line.startswith("#")]
    secrets = [s for s in secrets if len(s) >= 6]
    assert secrets
    (path,) = (tmp_path / "warc").glob("*.warc.gz")
    raw = gzip.decompress(path.read_bytes()).decode("utf-8", "replace")
    for secret in secrets:
        assert secret not in raw, "a session value is in the WARC"
    redacted = 0
    with open(path, "rb") as handle:
        for record in ArchiveIterator(handle, check_digests=True):
            if record.rec_type == "request":
                assert record.http_headers.get_header("Cookie") in (None, "[removed by bansha: session secret]")
                redacted += record.rec_headers.get_header("WARC-Bansha-Redacted") is not None
            if record.rec_type == "response" and record.http_headers:
                assert all(v == "[removed by bansha: session secret]"
                           for k, v in record.http_headers.headers if k.lower() == "set-cookie")
    assert redacted > 0  # the records say what was removed


def test_api_payloads_lose_the_session_they_echo(tmp_path):
    from scraper.warc import REDACTED, WarcRecorder

    recorder = WarcRecorder(tmp_path)
    body = b'{"Variables":{"auth":"abc123secret","saltkey":"salty99","member_uid":"2"}}'
    recorder.record("GET", "http://x/api/mobile/index.php", {"Cookie": "a=b"}, 200, "OK",
                    [("Content-Type", "application/json"), ("Set-Cookie", "x_auth=abc123secret")], body)
    recorder.close()
    raw = gzip.decompress(next(tmp_path.glob("*.warc.gz")).read_bytes())
    assert b"abc123secret" not in raw and b"salty99" not in raw and REDACTED.encode() in raw
