"""Bounded and traceback-free (issue 21): hostile game files, planted symlinks, redirect loops and huge
answers each end in one Chinese sentence; nothing is written outside the game's folder."""

from __future__ import annotations

import os
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bansha.demo import game as demo
from bansha.demo.serving import Background
from test_poll import game_file


def bansha(*args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, cwd=cwd)


def assert_one_sentence(done):
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr.replace("错误", ""), done.stderr


@pytest.mark.parametrize("change,words", [
    ("vote_thread = 101", "vote_thread = 100000000000000000000"),
    ('close = "2026-11-29 21:00"', 'close = "2026-11-31 21:00"'),
    ('close = "2026-11-29 21:00"', 'close = "2026-11-29 25:00"'),
    ('close = "2026-11-29 21:00"', 'close = "2026-11-26 21:00"'),
])
def test_impossible_game_files_are_refused_by_check_game_and_poll(tmp_path, change, words):
    path = game_file(tmp_path, "http://127.0.0.1:9/")
    text = path.read_text("utf-8")
    assert change in text
    path.write_text(text.replace(change, words), "utf-8")
    for command in (["check-game", path], ["poll", path, "--db", tmp_path / "g.db", "--now", "2026-11-28 12:00"]):
        done = bansha(*command)
        assert_one_sentence(done)
        assert "第1天" in done.stderr
    assert not (tmp_path / "g.db").exists()


def test_a_game_file_of_a_million_players_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write('[game]\nname = "x"\npreset = "shediao"\n')
        for i in range(1_000_000):
            handle.write(f'[[players]]\nname = "p{i}"\n')
    done = bansha("check-game", path)
    assert_one_sentence(done)
    assert "不像是一局游戏" in done.stderr


@pytest.mark.parametrize("what", ["report", "archive", "log"])
def test_a_planted_symlink_is_refused_and_its_target_untouched(tmp_path, what):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    victim = elsewhere / "victim.txt"
    victim.write_text("不能被覆盖", "utf-8")
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        args = ["poll", path, "--db", tmp_path / "g.db", "--out", tmp_path / "out", "--interval", "0",
                "--now", "2026-11-29 21:30"]
        if what == "report":
            (tmp_path / "out").symlink_to(elsewhere, target_is_directory=True)
        elif what == "archive":
            (tmp_path / "g.db").symlink_to(victim)
        else:
            (tmp_path / "poll.log").symlink_to(victim)
            args += ["--log", tmp_path / "poll.log"]
        done = bansha(*args)
    assert_one_sentence(done)
    assert "符号链接" in done.stderr
    assert victim.read_text("utf-8") == "不能被覆盖" and sorted(p.name for p in elsewhere.iterdir()) == ["victim.txt"]


def test_a_report_file_replaced_by_a_symlink_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("不能被覆盖", "utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "day1.bbcode").symlink_to(victim)
    (out / "day1.bbcode.tmp").symlink_to(victim)  # the name an older release wrote through
    forum = demo.build()
    with forum:
        done = bansha("poll", game_file(tmp_path, forum.base_url), "--db", tmp_path / "g.db", "--out", out,
                      "--interval", "0", "--now", "2026-11-29 21:30")
    assert done.returncode in (0, 3), done.stderr
    assert victim.read_text("utf-8") == "不能被覆盖"
    assert not (out / "day1.bbcode").is_symlink() and "李逵" in (out / "day1.bbcode").read_text("utf-8")


class _Loop(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if "huge" in self.path:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            chunk = b"<p>" + b"x" * 65533
            try:
                for _ in range(1000):  # 64 MB, no Content-Length
                    self.wfile.write(chunk)
            except OSError:
                pass
            return
        self.send_response(302)
        self.send_header("Location", self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()


@pytest.fixture
def looping():
    server = Background(ThreadingHTTPServer(("127.0.0.1", 0), _Loop))
    yield f"http://127.0.0.1:{server.server_port}/"
    server.stop()


def test_a_redirect_loop_is_one_sentence(tmp_path, looping):
    done = bansha("fetch", f"{looping}forum.php?mod=viewthread&tid=4", "--db", tmp_path / "g.db", "--interval", "0")
    assert done.returncode != 0 and "Traceback" not in done.stderr and "重定向循环" in done.stderr


def test_an_endless_answer_is_cut_off_while_streaming(looping):
    from scraper.client import FetchFailed, ForumClient

    with ForumClient(min_interval=0, max_bytes=2 * 1024 * 1024, retries=0) as client:
        with pytest.raises(FetchFailed, match="超过上限 2 MB"):
            client.get(f"{looping}huge")


def _exported_archive(tmp_path):
    """An archive of the demo day (one poll, no posting) to export."""
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        done = bansha("poll", path, "--db", tmp_path / "g.db", "--out", tmp_path / "out", "--interval", "0",
                      "--now", "2026-11-29 21:30")
    assert done.returncode in (0, 3), done.stderr
    return path


def test_export_replaces_planted_symlinks_and_never_writes_through_them(tmp_path):
    """Every file export writes (the site's pages, scripts and images, the CSVs, the JSON) goes through a temp file
    and a rename, as poll's reports do: a symlink planted where one goes is replaced, its target untouched."""
    path = _exported_archive(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("不能被覆盖", "utf-8")
    for folder in ("site", "csv"):
        (tmp_path / folder).mkdir()
    planted = [tmp_path / "site" / "index.html", tmp_path / "site" / "style.css", tmp_path / "csv" / "posts.csv",
               tmp_path / "game.json"]
    for link in planted:
        link.symlink_to(victim)
    done = bansha("export", path, "--db", tmp_path / "g.db", "--html", tmp_path / "site", "--csv", tmp_path / "csv",
                  "--json", tmp_path / "game.json")
    assert done.returncode == 0, done.stderr
    assert victim.read_text("utf-8") == "不能被覆盖"
    for link in planted:
        assert not link.is_symlink() and link.stat().st_size > 0, link
    assert "李逵" in (tmp_path / "csv" / "posts.csv").read_text("utf-8-sig")
    assert not [p for p in (tmp_path / "site").iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("option", ["--html", "--csv"])
def test_export_into_a_folder_that_is_a_symlink_is_refused(tmp_path, option):
    path = _exported_archive(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "out-link").symlink_to(elsewhere, target_is_directory=True)
    done = bansha("export", path, "--db", tmp_path / "g.db", option, tmp_path / "out-link")
    assert_one_sentence(done)
    assert "符号链接" in done.stderr and list(elsewhere.iterdir()) == []
