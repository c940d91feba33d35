"""The `bansha` command end to end, as a director runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CAPTURES, needs_captures, thread_url

POST_FIELDS = {
    "pid", "tid", "floor", "author", "author_uid", "posted_at", "time_precision", "edited_by", "edited_at",
    "quotes", "text", "html", "status", "style",
}


def bansha(*args, env=None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bansha.cli", *map(str, args)],
        capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})}, cwd=cwd,
    )


def test_fetch_then_posts_from_the_archive(forum, tmp_path):
    db = tmp_path / "game.db"
    result = bansha("fetch", thread_url(forum), "--db", db, "--interval", "0")
    assert result.returncode == 0, result.stderr
    assert "新增 23 楼" in result.stdout
    again = bansha("fetch", thread_url(forum), "--db", db, "--interval", "0")
    assert "新增 0 楼" in again.stdout
    listed = bansha("posts", "4", "--db", db, "--format", "jsonl")
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert [r["floor"] for r in rows] == list(range(1, 24))
    assert all(set(r) == POST_FIELDS for r in rows)


def test_fetch_with_login_reads_members_only_thread(forum, tmp_path):
    db = tmp_path / "game.db"
    denied = bansha("fetch", thread_url(forum, 7), "--db", db, "--interval", "0")
    assert denied.returncode == 2 and "尚未登录" in denied.stderr and "--login" in denied.stderr
    ok = bansha("fetch", thread_url(forum, 7), "--db", db, "--interval", "0", "--login", "导演甲",
                env={"BANSHA_PASSWORD": "director-pass"})
    assert ok.returncode == 0, ok.stderr
    assert "uid=2" in ok.stdout
    assert b"director-pass" not in db.read_bytes()


def test_missing_thread_is_a_clear_error(forum, tmp_path):
    result = bansha("fetch", thread_url(forum, 404), "--db", tmp_path / "x.db", "--interval", "0")
    assert result.returncode == 2
    assert "指定的主题不存在" in result.stderr
    assert "Traceback" not in result.stderr


@needs_captures
def test_posts_reads_saved_pages_offline_and_dedupes_repeats(tmp_path):
    pages = sorted((CAPTURES / "game056" / "guest" / "pc").glob("vote_tid4_p*.html"))
    repeat = CAPTURES / "generic" / "errors" / "thread_page_out_of_range.html"
    result = bansha("posts", *pages, repeat, "--format", "jsonl")
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    truth = json.loads((CAPTURES / "game056" / "truth" / "vote_tid4.json").read_text("utf-8"))
    assert [r["pid"] for r in rows] == [p["pid"] for p in truth["posts"]]


def test_posts_on_a_refusal_page_says_so(tmp_path):
    page = Path(__file__).resolve().parent.parent / "fixtures" / "refusals" / "cc_protection.html"
    result = bansha("posts", page)
    assert result.returncode == 2 and "访问过快" in result.stderr


def test_demo_runs(tmp_path):
    result = bansha("demo", "--db", tmp_path / "demo.db")
    assert result.returncode == 0, result.stderr
    assert "梁山风云" in result.stdout
