"""Hostile input and faults: one post, a broken answer or a leaked file must never stop the game or the director."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
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


def test_a_post_nested_100000_deep_is_read_whole():
    """The page reads, its deepest words intact, no recursion limit hit (how its time grows with the depth is
    bench/reader.py's: a timing in the suite skews on a loaded machine)."""
    from scraper.pages import read_page

    page = read_page(_page_with(100_000))
    assert page.posts[-1].text == "投票对象：甲"


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


# -- broken answers, hostile names and text -----------------------------------------------------------

@needs_captures
@pytest.mark.parametrize("change", [
    lambda d: d["Variables"].__setitem__("ppp", "0"),
    lambda d: d["Variables"]["postlist"][0].__setitem__("pid", None),
    lambda d: d["Variables"]["postlist"][0].__setitem__("dbdateline", "99999999999999999999"),
    lambda d: d.__setitem__("Message", "出错了"),
    lambda d: d["Variables"].__setitem__("postlist", "x"),
    lambda d: d["Variables"]["postlist"].__setitem__(0, 7),
    lambda d: d.__setitem__("Variables", []),
], ids=["ppp-0", "pid-null", "huge-dateline", "message-string", "postlist-string", "post-number", "variables-list"])
def test_api_answers_of_the_wrong_type_are_typed_refusals(change):
    import copy
    import json

    from scraper import model
    from scraper.pages import read_page

    data = json.loads((CAPTURES / "game056" / "guest" / "api" / "vote_tid4_p01.json").read_bytes())
    broken = copy.deepcopy(data)
    change(broken)
    try:
        read_page(json.dumps(broken).encode())
    except model.Refusal as refusal:
        assert str(refusal)


def test_control_characters_never_reach_the_terminal_or_the_archive(tmp_path):
    from scraper.pages import read_page

    forum = demo.build()
    evil = "\x1b[2J\x1b]0;pwned\x07\x1b[32m判定免死\x1b[0m\u202e郭靖\x9b31m"
    post = forum.add_post(demo.VOTE_TID, 17, f"投票对象：李逵\n投票理由：{evil}", demo.OPEN + timedelta(hours=20))
    with forum:
        import httpx

        page = read_page(httpx.get(f"{forum.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}&page=2").content)
        fetched = bansha("fetch", f"{forum.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}", "--db", tmp_path / "g.db",
                         "--interval", "0")
        assert fetched.returncode == 0, fetched.stderr
    read = next(p for p in page.posts if p.pid == post.pid)
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", read.text)
    listed = bansha("posts", demo.VOTE_TID, "--db", tmp_path / "g.db", "--format", "jsonl")
    shown = bansha("posts", demo.VOTE_TID, "--db", tmp_path / "g.db")
    checked = bansha("check-vote", "--players", "李逵", input=f"投票对象：李逵\x1b[2J\n投票理由：{evil}")
    for done in (listed, shown, checked):
        assert done.returncode == 0, done.stderr
        assert "\x1b" not in done.stdout and "\x9b" not in done.stdout and "\u202e" not in done.stdout


def test_names_that_collide_after_normalising_are_refused():
    from tally.game import Game

    for a, b in (("ＢＯＢ", "bob"), ("郭靖", "郭\u200d靖"), ("郭靖", "郭靖\u202e")):
        with pytest.raises(ValueError, match="规范化后相同"):
            Game.from_toml(f'[game]\nname = "x"\npreset = "shediao"\n[[players]]\nname = "{a}"\n[[players]]\nname = "{b}"\n')


def test_a_bidi_mark_after_a_name_does_not_make_it_a_stranger():
    from grammar.ballot import parse_post

    verdict = parse_post("投票对象：郭靖\u202c\u2066\n投票理由：x", "shediao", ["郭靖"])
    assert (verdict.kind, verdict.match.name) == ("vote", "郭靖")


def test_csv_cells_are_never_formulas(tmp_path):
    import csv

    from bansha.export.data import export_csv

    data = {"posts": [{"pid": 1, "author": "=HYPERLINK(\"http://x\")", "text": "=cmd|' /C calc'!A0"},
                      {"pid": 2, "author": "+1", "text": "-2"}, {"pid": 3, "author": "@SUM(A1)", "text": "\tx"}],
            "days": [{"day": 1, "posts": [{"pid": 1, "author": "=1+1", "reason": "+x"}], "totals": {"=A1": 1},
                      "outcome": {"kind": "none", "names": []}}]}
    for path in export_csv(data, tmp_path):
        with open(path, encoding="utf-8-sig") as handle:
            for row in csv.reader(handle):
                assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in row), (path.name, row)


def test_a_huge_invalid_target_never_pushes_the_result_post_past_the_forums_limit(tmp_path):
    from bansha import poll as polling
    from test_poll import director_posts, options
    from test_poll import game_file as poll_game_file

    forum = demo.build()
    forum.add_post(demo.VOTE_TID, 19, "投票对象：" + "王" * 9_900 + "\n投票理由：长", demo.OPEN + timedelta(hours=2))
    for i in range(60):  # and many doubtful posts: the details section alone is long
        forum.add_post(demo.VOTE_TID, 12, f"投票对象：路人{i}号" + "某" * 60 + "\n投票理由：凑数", demo.OPEN + timedelta(hours=3))
    with forum:
        polling.run_poll(poll_game_file(tmp_path, forum.base_url), tmp_path / "g.db",
                         options(forum, post=True, force_post=True, out_dir=tmp_path / "o"), lambda line: None)
        (post,) = director_posts(forum)
    from tally.report import discuz_length

    assert discuz_length(post.bbcode) <= 10_000
    assert "李逵" in post.bbcode.split("[b]结果[/b]")[1] and "…" in post.bbcode


# -- media: the forum's own files only, capped, streamed ---------------------------------------------

def test_media_fetches_only_the_forums_own_files_within_the_cap(tmp_path):
    import httpx
    import sqlite_utils

    from bansha.demo.forum import DemoForum
    from scraper import archive
    from scraper.client import ForumClient
    from scraper.media import keep_media
    from scraper.sync import sync_thread

    board = DemoForum()
    board.add_user(5, "鲁智深")
    board.add_thread(9, "贴图帖")
    small = b"\x89PNG\r\n\x1a\n" + b"x" * 500
    big = b"\x89PNG\r\n\x1a\n" + b"y" * 50_000
    board.files["/data/attachment/forum/ok.png"] = (small, "image/png")
    board.files["/data/attachment/forum/big.png"] = (big, "image/png")
    board.files["/data/attachment/forum/page.png"] = (b"<html>login</html>", "text/html")
    with board:
        other = DemoForum()  # another server on this machine: a player's URL must not reach it
        other.files["/secret.png"] = (small, "image/png")
        with other:
            port = other.base_url.rsplit(":", 1)[1].strip("/")
            board.add_post(9, 5, "[img]data/attachment/forum/ok.png[/img]"
                                 "[img]data/attachment/forum/big.png[/img]"
                                 "[img]data/attachment/forum/page.png[/img]"
                                 f"[img]http://localhost:{port}/secret.png[/img]"
                                 "[img]http://169.254.169.254/latest/meta-data/iam.png[/img]")
            db = archive.open_db(tmp_path / "a.db")
            with ForumClient(min_interval=0, timeout=2) as client:
                sync_thread(client, db, f"{board.base_url}forum.php?mod=viewthread&tid=9")
                new, _ = keep_media(client, db, 9, board.base_url, folder=tmp_path / "media", max_bytes=10_000)
            assert other.count("/secret.png") == 0
        assert board.count("/data/attachment/forum/ok.png") == 1 and new == 1
    rows = {r["url"].rsplit("/", 1)[1]: r for r in sqlite_utils.Database(tmp_path / "a.db").query("select * from media")}
    assert rows["ok.png"]["error"] is None and (tmp_path / "media" / rows["ok.png"]["sha256"]).read_bytes() == small
    assert "上限" in rows["big.png"]["error"]
    assert "内容类型" in rows["page.png"]["error"]
    assert "不是论坛自己的地址" in rows["secret.png"]["error"] and "不是论坛自己的地址" in rows["iam.png"]["error"]
    assert not list((tmp_path / "media").glob(".part-*"))  # nothing half-written is left behind
    del httpx


def test_a_media_host_allowed_by_name_is_still_refused_when_it_points_inside(tmp_path):
    from scraper.media import MediaRefused, check_url

    with pytest.raises(MediaRefused, match="内网"):
        check_url("http://localhost/x.png", "https://bbs.example.com/", allow_hosts=("localhost",))
    check_url("https://bbs.example.com/data/attachment/a.png", "https://bbs.example.com/")


# -- the export: no borrowed classes, no remote loads ---------------------------------------------------

def test_the_export_drops_classes_and_styles_and_loads_nothing_remote(tmp_path):
    from bansha.export.site import localize_images, sanitize

    html = ('<div class="badge" style="color:red">已被屏蔽</div><i class="pstatus">假的编辑标记</i>'
            '<img src="http://evil.example/track.gif"><img src="data/attachment/a.png">')
    clean = localize_images(sanitize(html, "http://127.0.0.1:8/"), {"http://127.0.0.1:8/data/attachment/a.png": "abc123"})
    assert "class=" not in clean and "style=" not in clean
    assert "<img" in clean and 'src="media/abc123"' in clean
    assert "evil.example" in clean and '<img src="http://evil' not in clean  # a link, never loaded


def test_the_exported_pages_allow_no_remote_loads(tmp_path):
    from bansha.demo.forum import DemoForum

    board = demo.build(DemoForum(name="贴图论坛", clock=lambda: demo.CLOSE + timedelta(minutes=30)))
    board.add_post(demo.VOTE_TID, 12, "看图 [img]http://tracker.example/pixel.gif[/img]", demo.OPEN + timedelta(hours=30))
    with board:
        gf = game_file(tmp_path, board.base_url)
        fetched = bansha("archive", gf, "--db", tmp_path / "g.db", "--warc", tmp_path / "warc", "--interval", "0", "--media")
        assert fetched.returncode == 0, fetched.stderr
    done = bansha("export", gf, "--db", tmp_path / "g.db", "--html", tmp_path / "site", "--media", tmp_path / "warc" / "media")
    assert done.returncode == 0, done.stderr
    for page in (tmp_path / "site").glob("*.html"):
        text = page.read_text("utf-8")
        assert "http: https:" not in text and '<img src="http' not in text, page.name


# -- damaged pages are re-read, never silently short ----------------------------------------------------

def _one_thread(posts: int):
    from bansha.demo.forum import DemoForum

    board = DemoForum()
    board.add_user(1, "甲")
    board.add_thread(1, "测试")
    for i in range(posts):
        board.add_post(1, 1, f"第{i + 1}楼的发言")
    return board


def _sync(board, tmp_path, source="auto"):
    from scraper import archive
    from scraper.client import ForumClient
    from scraper.sync import sync_thread

    with board:
        db = archive.open_db(tmp_path / "a.db")
        with ForumClient(min_interval=0) as client:
            return db, sync_thread(client, db, f"{board.base_url}forum.php?mod=viewthread&tid=1", source=source)


def test_a_page_damaged_in_transit_is_read_again_and_nothing_is_lost(tmp_path):
    board = _one_thread(10)
    original = board._viewthread
    served = {"n": 0}

    def damaged_once(q, session):  # the first answer has a comment opened mid-page, swallowing posts
        status, page = original(q, session)
        served["n"] += 1
        if served["n"] == 1:
            at = page.index('<div id="post_4"')
            page = page[:at] + "<!-- " + page[at:].replace('<div id="post_8"', ' --><div id="post_8"', 1)
        return status, page

    board._viewthread = damaged_once
    db, report = _sync(board, tmp_path)
    assert served["n"] == 2 and report.posts_seen == 10
    assert db["posts"].count_where("tid = 1") == 10


def test_floors_that_stay_missing_are_reported(tmp_path):
    """Floor 4 held for 审核: the mobile API keeps positions, so its floor is missing there and said so; the
    desktop pages number the posts they show (as a real X3.5 does), so nothing is missing in them."""
    board = _one_thread(6)
    board.threads[1].posts[3].pending = True
    _db, report = _sync(board, tmp_path, source="api")
    assert report.gaps == [4] and any("缺第 4 楼" in note for note in report.damage)
    (tmp_path / "pc").mkdir()
    _db, report = _sync(board, tmp_path / "pc", source="pc")
    assert report.gaps == [] and not report.damage


def test_a_page_names_the_posts_it_could_not_read():
    from bansha.demo.forum import _Session, render_thread_page
    from scraper.pages import read_page

    board = _one_thread(10)
    thread = board.threads[1]
    page = render_thread_page(board, thread, 1, 1, thread.posts, _Session(board, {}))
    at = page.index('<div id="post_4"')
    damaged = page[:at] + "<!-- " + page[at:].replace('<div id="post_8"', ' --><div id="post_8"', 1)
    read = read_page(damaged.encode(), "text/html; charset=utf-8")
    swallowed = [p.pid for p in thread.posts[3:7]]
    assert read.unread_pids == swallowed and [p.pid for p in read.posts] == [p.pid for p in thread.posts if p.pid not in swallowed]
    assert read.damage  # and says so in words for the director
