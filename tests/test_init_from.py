"""`bansha init --from URL`: a game file's players drafted from a thread on a forum (captured pages served
over real HTTP as Discuz served them)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import CAPTURES, needs_captures, serve_pages, truth_posts
from tally.game import load_game


def init_from(tmp_path, pages, tid: int, preset: str):
    server = serve_pages(pages)
    try:
        out = tmp_path / "g.toml"
        url = f"http://127.0.0.1:{server.server_address[1]}/forum.php?mod=viewthread&tid={tid}"
        done = subprocess.run([sys.executable, "-m", "bansha.cli", "init", "--from", url, "--preset", preset, "--out", out,
                               "--interval", "0"], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return load_game(out)[0], url
    finally:
        server.shutdown()


@needs_captures
def test_players_and_houses_from_a_process_threads_first_post(tmp_path):
    pages = sorted((CAPTURES / "game063" / "guest" / "pc").glob("proc_tid9_p*.html"))
    game, url = init_from(tmp_path, pages, 9, "mahjong")
    truth = json.loads((CAPTURES / "game063" / "game.json").read_text("utf-8"))
    assert sorted(p.name for p in game.players) == sorted(r["account"] for r in truth["roster"])
    assert {p.name: p.house for p in game.players} == {r["account"]: r["house"] for r in truth["roster"]}
    assert game.with_role("酒吧老板") == [truth["bar_owner"]]
    # uids: every account that posted in the thread, as the forum's database has it; the others left blank
    posted = {p["author"]: p["authorid"] for p in truth_posts("game063", "proc_tid9")}
    assert {p.name: p.uid for p in game.players if p.uid} == {n: u for n, u in posted.items() if n in {p.name for p in game.players}}
    assert game.directors == (truth["director"]["account"],) and game.name == "[063]天才麻将少女"
    assert game.forum == url.split("forum.php")[0] and game.days[0].process_thread == 9


@needs_captures
def test_sign_ups_are_the_reply_authors(tmp_path):
    """A thread without a list in its first post: the replying accounts (not the thread's author) sign up."""
    pages = sorted((CAPTURES / "game056" / "guest" / "pc").glob("vote_tid4_p*.html"))
    game, _ = init_from(tmp_path, pages, 4, "shediao")
    posts = truth_posts("game056", "vote_tid4")
    first = posts[0]["author"]
    expected = list(dict.fromkeys(p["author"] for p in posts[1:] if p["author"] != first and not p["invisible"]
                                  and not p["hidden_by_moderator"] and not p["author_banned_now"]))
    assert [p.name for p in game.players] == expected


def test_a_refusal_is_a_clear_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "init", "--from", "http://127.0.0.1:9/forum.php?mod=forumdisplay&fid=3",
                           "--out", tmp_path / "g.toml"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "版块" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "g.toml").exists()


@pytest.mark.parametrize("text, names", [
    ("农夫（3）：甲一、乙二、丙三\n酒吧老板：丁四", ["甲一", "乙二", "丙三", "丁四"]),
    ("第零夜结果：华筝 死亡，身份：蒙古公主（平民）。\n讨论帖、投票帖将于 21:00 开启", []),
])
def test_a_list_line_holds_names_only(text, names):
    from tally.draft import _from_list

    assert [p.name for p in _from_list(text, ())] == names
