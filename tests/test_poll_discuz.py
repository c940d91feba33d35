"""`bansha poll` against a forum that answers as real Discuz does (see test_forum_contract.py):
sessions that outlive a run, captchas, rewritten URLs, secret-ballot threads, moderation, corrections."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
import sqlite_utils

from bansha import poll as polling
from bansha.demo import game as demo
from bansha.demo.forum import DemoForum
from scraper import archive, auth
from test_poll import DIRECTOR, DIRECTOR_UID, director_posts, game_file, options

BEFORE_CLOSE = demo.CLOSE - timedelta(hours=10)
AFTER_CLOSE = demo.CLOSE + timedelta(minutes=30)


def run(board, tmp_path, *, db: str = "g.db", **kw):
    lines: list[str] = []
    kw.setdefault("out_dir", tmp_path / "out")
    kw.setdefault("now", board.clock())
    kw.setdefault("login", DIRECTOR)
    kw.setdefault("password", "demo-director" if kw["login"] else None)
    result = polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / db,
                              polling.PollOptions(interval=0, **kw), lines.append)
    return result, lines


def cli(tmp_path, board, *args, password="demo-director", db="g.db"):
    env = {**os.environ, "BANSHA_PASSWORD": password}
    cmd = [sys.executable, "-m", "bansha.cli", "poll", str(game_file(tmp_path, board.base_url)), "--db", str(tmp_path / db),
           "--out", str(tmp_path / "out"), "--interval", "0", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)


def logins(board) -> int:
    return board.count("loginsubmit=yes", "POST")


@pytest.fixture(params=["utf-8", "gbk"])
def board(request):
    """The demo forum, once as UTF-8 and once as a GBK forum: every posting test runs on both."""
    forum = demo.build(charset=request.param)
    with forum:
        yield forum


def final_posts(board, tid=demo.VOTE_TID):
    return [p for p in director_posts(board, tid) if ":final:" in p.bbcode]


def running_posts(board, tid=demo.VOTE_TID):
    return [p for p in director_posts(board, tid) if ":running:" in p.bbcode]


def readme_cron_line(tmp_path) -> list[str]:
    """The options of the README's cron line, with its files put in tmp_path and the demo's director."""
    import shlex

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    (cron,) = [line for line in readme.splitlines() if line.startswith("*/10 * * * *")]
    words = shlex.split(cron.split("bansha poll", 1)[1])
    assert words[:3] == ["game.toml", "--db", "game.db"]  # cli() supplies these two
    files = {"poll.log": str(tmp_path / "poll.log")}
    return [DIRECTOR if w == "导演A" else files.get(w, w) for w in words[3:]]


def test_the_readme_cron_line_three_times(board, tmp_path):
    """Two runs before close (a vote and an edit in between), one after: one login, one running post edited
    in place, one final post, and the running post then says 已截止 and points to the final one."""
    line = readme_cron_line(tmp_path)
    first = cli(tmp_path, board, *line, "--now", f"{BEFORE_CLOSE:%Y-%m-%d %H:%M}")
    assert first.returncode in (0, 3), first.stderr
    assert len(running_posts(board)) == 1 and final_posts(board) == []

    abstain = next(p for p in board.threads[demo.VOTE_TID].posts if p.author == "燕青")
    board.add_post(demo.VOTE_TID, 18, board.quote_bbcode(abstain.pid) + "\n\n改票对象：李逵\n改票理由：改主意了",
                   BEFORE_CLOSE + timedelta(minutes=5))
    second = cli(tmp_path, board, *line, "--now", f"{BEFORE_CLOSE + timedelta(minutes=10):%Y-%m-%d %H:%M}")
    assert second.returncode in (0, 3), second.stderr
    assert board.edits == 1 and len(running_posts(board)) == 1
    assert "李逵：6 票" in running_posts(board)[0].bbcode and "若此刻截止" in running_posts(board)[0].bbcode
    assert "出局。" not in running_posts(board)[0].bbcode.split("若此刻截止")[0]  # no verdict before close

    third = cli(tmp_path, board, *line, "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}")
    assert third.returncode in (0, 3), third.stderr
    (final,) = final_posts(board)
    (running,) = running_posts(board)
    assert "李逵 出局" in final.bbcode
    assert "已截止" in running.bbcode and f"pid={final.pid}" in running.bbcode and "实时票数（未截止" not in running.bbcode
    assert logins(board) == 1  # the second and third runs found the session still good
    assert "登录表单" not in (tmp_path / "poll.log").read_text("utf-8")


def test_a_valid_session_is_never_logged_in_again(board, tmp_path):
    run(board, tmp_path, post=True)
    _, lines = run(board, tmp_path, post=True)
    assert logins(board) == 1 and board.count("action=login", "GET") == 1
    assert any("当前身份：导演甲" in line for line in lines)


def test_a_stale_session_gets_a_fresh_login(board, tmp_path):
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    board._sessions.clear()  # the forum forgot our session; the jar still holds the auth cookie
    _, lines = run(board, tmp_path, post=True, now=AFTER_CLOSE)
    assert logins(board) == 2 and any("已失效" in line for line in lines)
    assert len(final_posts(board)) == 1


def test_a_stale_session_without_a_password_says_so(board, tmp_path):
    run(board, tmp_path)
    board._sessions.clear()
    with pytest.raises(auth.AuthError, match="已失效"):
        run(board, tmp_path, post=True, login=None, now=AFTER_CLOSE)


def test_login_captcha_is_explained_and_browser_cookies_work(tmp_path):
    forum = demo.build(DemoForum(name="验证码论坛", login_captcha=True, clock=lambda: AFTER_CLOSE))
    with forum:
        done = cli(tmp_path, forum, "--login", DIRECTOR, "--post")
        assert done.returncode == polling.EXIT_ERROR
        assert "验证码" in done.stderr and "--cookies" in done.stderr and "cookies-from-browser" in done.stderr
        assert director_posts(forum) == []
        cookie_file = tmp_path / "copied-cookie.txt"
        cookie_file.write_text(forum.browser_session(DIRECTOR_UID), "utf-8")  # copied from the browser's F12
        done = cli(tmp_path, forum, "--cookies", str(cookie_file), "--post")
        assert done.returncode in (0, 3), done.stderr
        assert len(final_posts(forum)) == 1
        again = cli(tmp_path, forum, "--post")  # later runs reuse the jar beside the archive
        assert again.returncode in (0, 3) and len(final_posts(forum)) == 1 and logins(forum) == 0


def _flip(board, tmp_path) -> tuple[str, str]:
    """Rule out 李逵's votes one by one until the outcome changes; returns (before, after)."""
    from bansha import pipeline

    game, rules = pipeline.load_game(game_file(tmp_path, board.base_url))
    db = archive.open_db(tmp_path / "g.db")
    before = pipeline.tally_from_archive(db, game, rules, 1).outcome.describe()
    for voter, _weight in pipeline.tally_from_archive(db, game, rules, 1).voters["李逵"]:
        pid = next(e.pid for e in pipeline.tally_from_archive(db, game, rules, 1).entries
                   if e.author == voter and e.target == "李逵" and e.verdict == "counted")
        archive.save_ruling(db, game=game.name, day=1, pid=pid, decision="reject", note="测试：判为无效")
        after = pipeline.tally_from_archive(db, game, rules, 1).outcome.describe()
        if after != before:
            return before, after
    raise AssertionError("no ruling changed the outcome")


def test_a_ruling_after_the_final_post_corrects_it_in_place(board, tmp_path):
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    before, after = _flip(board, tmp_path)
    result, lines = run(board, tmp_path, post=True)
    assert len(final_posts(board)) == 1 and board.edits == 1
    text = final_posts(board)[0].bbcode
    assert "更正" in text and before in text and after in text and "导演裁定 pid" in text
    assert any("已更正结果帖" in line for line in lines)
    run(board, tmp_path, post=True)
    assert board.edits == 1  # corrected once, then left alone


def test_a_correction_that_cannot_be_posted_stops_the_run_with_the_bbcode_ready(board, tmp_path):
    run(board, tmp_path, post=True)
    _flip(board, tmp_path)
    board.threads[demo.VOTE_TID].closed = True
    done = cli(tmp_path, board, "--post", "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}")
    assert done.returncode == polling.EXIT_ERROR
    assert "编辑失败" in done.stderr and "已关闭" in done.stderr
    correction = tmp_path / "out" / "day1.correction.bbcode"
    assert correction.exists() and "更正" in correction.read_text("utf-8")


def _copy_db(source: Path, target: Path) -> None:
    """A consistent copy, as sqlite3's .backup makes it (a file copy would miss what is still in the WAL)."""
    import sqlite3

    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


def test_a_restored_backup_does_not_post_a_second_final(board, tmp_path):
    run(board, tmp_path)  # an archive made before the result was posted …
    _copy_db(tmp_path / "g.db", tmp_path / "backup.db")
    run(board, tmp_path, post=True)
    _copy_db(tmp_path / "backup.db", tmp_path / "g.db")  # … restored after it was
    _, lines = run(board, tmp_path, post=True)
    assert len(final_posts(board)) == 1 and any("旧备份" in line for line in lines)


def test_the_final_waits_for_rulings_that_can_change_it(board, tmp_path):
    board.unpost(demo.VOTE_TID, lambda p: p.author in ("吴用", "林冲"))
    board.add_post(demo.VOTE_TID, 12, "投票对象：燕清\n投票理由：一直潜水。", demo.OPEN + timedelta(hours=8))
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    assert any("--force-post" in line for line in lines)
    run(board, tmp_path, post=True, force_post=True)
    assert len(final_posts(board)) == 1


def test_gbk_forum_gets_characters_outside_gbk_as_references(tmp_path):
    forum = demo.build(DemoForum(name="GBK论坛", charset="gbk", clock=lambda: AFTER_CLOSE))
    with forum:
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8").replace('name = "[101]梁山风云"', 'name = "[101]梁山𠮷风云😀"'), "utf-8")
        lines: list[str] = []
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, out_dir=tmp_path / "o"), lines.append)
        (post,) = director_posts(forum)
        assert "&#134071;" in post.bbcode and "&#128512;" in post.bbcode and "?" not in post.bbcode.split("[b]票型")[0]
        assert any("已读回确认" in line for line in lines)  # read back through the GBK page, marker intact
        # the running count on a GBK forum: posted, then edited, each confirmed
        forum.threads[demo.VOTE_TID].posts = [p for p in forum.threads[demo.VOTE_TID].posts if p.uid != DIRECTOR_UID or "bansha" not in p.bbcode]
        polling.run_poll(path, tmp_path / "g2.db", options(forum, running=True, now=BEFORE_CLOSE, out_dir=tmp_path / "o"), lines.append)
        forum.add_post(demo.VOTE_TID, 18, forum.quote_bbcode(next(p.pid for p in forum.threads[demo.VOTE_TID].posts if p.author == "燕青"))
                       + "\n\n改票对象：李逵\n改票理由：改主意了", BEFORE_CLOSE + timedelta(minutes=1))
        polling.run_poll(path, tmp_path / "g2.db", options(forum, running=True, now=BEFORE_CLOSE + timedelta(minutes=2),
                                                           out_dir=tmp_path / "o"), lines.append)
        assert forum.edits == 1 and any(line.startswith("已编辑实时票数帖") for line in lines)


def test_rewritten_urls_end_to_end(tmp_path):
    forum = demo.build(DemoForum(name="伪静态论坛", rewrite=True, clock=lambda: AFTER_CLOSE))
    with forum:
        result, _ = run(forum, tmp_path, post=True)
        assert len(final_posts(forum)) == 1 and result.day == 1
        done = subprocess.run([sys.executable, "-m", "bansha.cli", "fetch", f"{forum.base_url}thread-{demo.DISCUSSION_TID}-2-1.html",
                               "--db", str(tmp_path / "f.db"), "--interval", "0"], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert f"tid={demo.DISCUSSION_TID}" in done.stdout and "Traceback" not in done.stderr
        db = sqlite_utils.Database(tmp_path / "f.db")
        assert db["posts"].count_where("tid = ?", [demo.DISCUSSION_TID]) == len(forum.threads[demo.DISCUSSION_TID].posts)
        assert db["posts"].count_where("tid = 0") == 0


def test_a_secret_ballot_thread_read_as_a_guest_is_refused_and_read_as_its_author_counts(board, tmp_path):
    board.threads[demo.VOTE_TID].hidden_replies = True
    done = cli(tmp_path, board, db="guest.db")
    assert done.returncode == polling.EXIT_ERROR and "回帖仅作者可见" in done.stderr and "楼主" in done.stderr
    result, _ = run(board, tmp_path, post=True)  # as 导演甲, who opened the vote thread
    assert "李逵 出局" in result.summary and len(final_posts(board, demo.PROCESS_TID)) == 1  # where players read it


def test_a_final_post_held_for_moderation_is_not_posted_again(board, tmp_path):
    board.threads[demo.VOTE_TID].moderated = True
    _, lines = run(board, tmp_path, post=True)
    assert any("审核" in line for line in lines)
    _, lines = run(board, tmp_path, post=True)
    assert any("等待版主审核" in line for line in lines)
    held = [p for p in board.threads[demo.VOTE_TID].posts if p.pending]
    assert len(held) == 1
    board.approve(held[0].pid)
    _, lines = run(board, tmp_path, post=True)
    assert len(final_posts(board)) == 1 and any("已经通过审核" in line for line in lines)
    db = sqlite_utils.Database(tmp_path / "g.db")
    assert db.execute("select state, pid from outbox where phase = 'final'").fetchone() == ("confirmed", held[0].pid)


def test_an_edit_held_for_moderation_is_submitted_once_and_never_an_error(board, tmp_path):
    """Seen on a real X3.5 with modnewposts = 2: the director's edits wait for 审核 as replies do (「编辑后的
    回复需要审核」, the post invisible until passed). The running post's 已截止 edit and the final reply are both
    held: every run says so, none exits 1 or submits again, and once passed both are what they should be."""
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    thread = board.threads[demo.VOTE_TID]
    thread.moderated = True
    outcomes, edits = [], []
    for _ in range(3):
        result, lines = run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
        outcomes.append(result.code)
        edits.append(board.edits)
    assert polling.EXIT_ERROR not in outcomes and len(set(edits)) == 1  # the edit went once, in the first run
    assert any("编辑在等待版主审核" in line for line in lines) and any("等待版主审核" in line for line in lines)
    for _ in range(2):  # passed: the running post now links the final, an edit held again, passed again
        for post in thread.posts:
            if post.pending:
                board.approve(post.pid)
        result, lines = run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
        assert result.code != polling.EXIT_ERROR
    assert board.edits == edits[0] + 1 and not any(post.pending for post in thread.posts)
    (running,) = running_posts(board)
    assert "已截止" in running.bbcode and len(final_posts(board)) == 1
    db = sqlite_utils.Database(tmp_path / "g.db")
    states = {row["phase"]: (row["state"], row["edit_held"]) for row in db.query("select * from outbox")}
    assert states == {"final": ("confirmed", None), "running": ("confirmed", None)}


def test_a_floor_nobody_can_read_holds_the_final_until_it_is_seen(board, tmp_path):
    """A reply held for 审核 before the close is a post the forum shows nobody (the desktop pages close up
    their floor numbers; the mobile API still counts its floor): it may be a ballot, so the final waits and
    says why; once passed, the vote is read and the final goes out once."""
    board.unpost(demo.VOTE_TID, lambda p: "截止后才想明白" in p.bbcode)  # floors follow time: end before the close
    held = board.add_post(demo.VOTE_TID, 13, "投票对象：燕青\n投票理由：补一票", demo.OPEN + timedelta(hours=45), pending=True)
    board.add_post(demo.VOTE_TID, 2, "导演提醒：还有一小时截止", demo.OPEN + timedelta(hours=47))
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and "能看到的只有" in result.summary and "1 帖等待版主审核" in result.summary
    board.approve(held.pid)
    result, lines = run(board, tmp_path, post=True)
    assert len(final_posts(board)) == 1 and "等待版主审核" not in result.summary


def test_a_held_vote_is_read_at_its_floor_once_passed(board, tmp_path):
    """As a real X3.5 shows it: while a reply is held the desktop pages number the others 1, 2, 3 … with no
    gap (the mobile API still counts its floor); once passed it appears at its own floor and the ones after
    it move up — the full read before a final finds it even on an earlier page."""
    thread = board.threads[demo.VOTE_TID]
    thread.moderated = True
    vote = board.add_post(demo.VOTE_TID, 13, "投票对象：燕青\n投票理由：补一票", demo.OPEN + timedelta(hours=40), pending=True)
    for _ in range(12):  # later posts push the thread past the held floor's page
        board.add_post(demo.VOTE_TID, 2, "导演提醒：继续投票", demo.OPEN + timedelta(hours=41))
    from scraper.client import ForumClient
    from scraper.sync import sync_thread

    db = archive.open_db(tmp_path / "g.db")
    url = f"{board.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}"
    with ForumClient(min_interval=0) as client:
        report = sync_thread(client, db, url)
        assert report.gaps == [] and db["posts"].count_where("pid = ?", [vote.pid]) == 0
        board.approve(vote.pid)
        sync_thread(client, db, url, full=True)
    assert db["posts"].get(vote.pid)["floor"] == vote.position


def test_a_stale_formhash_is_replaced_once(board, tmp_path):
    from bansha.demo.forum import Fault

    board.faults.append(Fault("stale_form", match="replysubmit=yes"))
    _, lines = run(board, tmp_path, post=True)
    assert len(final_posts(board)) == 1 and any("非法字符" in line for line in lines)


def test_flood_control_waits_are_logged(tmp_path):
    from bansha.demo.forum import Fault

    forum = demo.build()
    forum.faults.append(Fault("flood", match="replysubmit=yes", delay=1))  # the director had just posted by hand
    with forum:
        _, lines = run(forum, tmp_path, post=True)
    assert any("间隔限制" in line and "等待" in line for line in lines)
    assert len(final_posts(forum)) == 1 and forum.count("replysubmit=yes", "POST") == 2


def test_a_broken_cookie_jar_is_set_aside(board, tmp_path):
    (tmp_path / "g.db.cookies.txt").write_bytes(b"\x00\xffnot a cookie jar")
    _, lines = run(board, tmp_path, post=True)
    assert any("无法读取" in line for line in lines) and len(final_posts(board)) == 1
    assert list(tmp_path.glob("g.db.cookies.txt.broken-*"))
    assert (tmp_path / "g.db.cookies.txt").read_text().startswith("# Netscape")


def test_output_off_a_terminal_is_not_wrapped(tmp_path):
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "demo", "--db", str(tmp_path / "d.db")],
                          capture_output=True, text=True, timeout=120, env={k: v for k, v in os.environ.items() if k != "COLUMNS"})
    assert done.returncode == 0, done.stderr
    (counts,) = [line for line in done.stdout.splitlines() if line.startswith("讨论帖发言数：")]
    assert all(name in counts for _uid, name in demo.PLAYERS)  # one line, every player, nothing cut
    assert re.search(r"已发布结果帖（pid \d+，已读回确认）", done.stdout)


def _watch(tmp_path, board, *args, game: Path | None = None):
    env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
    cmd = [sys.executable, "-m", "bansha.cli", "watch", str(game or game_file(tmp_path, board.base_url)), "--db",
           str(tmp_path / "g.db"), "--out", str(tmp_path / "out"), "--interval", "0", "--login", DIRECTOR, *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)


def test_watch_stops_after_the_days_final_post(board, tmp_path):
    done = _watch(tmp_path, board, "--every", "0.001", "--jitter", "0")
    assert done.returncode in (0, 3), done.stderr
    assert len(final_posts(board)) == 1 and "watch 结束" in done.stdout and len(re.findall(r"第 \d+ 次运行", done.stdout)) == 1


def test_watch_keeps_polling_until_close(board, tmp_path):
    game = game_file(tmp_path, board.base_url)
    game.write_text(game.read_text("utf-8").replace('close = "2026-11-29 21:00"', 'close = "2099-11-29 21:00"'), "utf-8")
    done = _watch(tmp_path, board, "--every", "0.001", "--jitter", "0", "--max-runs", "2", "--running", game=game)
    assert done.returncode in (0, 3), done.stderr
    assert len(re.findall(r"第 \d+ 次运行", done.stdout)) == 2 and final_posts(board) == [] and len(running_posts(board)) == 1
    assert logins(board) == 1 and "未截止" in done.stdout


def test_cookies_from_a_firefox_profile(tmp_path):
    """--cookies-from-browser reads the browser's own cookie store (a Firefox cookies.sqlite made here)."""
    import sqlite3

    forum = demo.build(DemoForum(name="验证码论坛", login_captcha=True, clock=lambda: AFTER_CLOSE))
    with forum:
        store = tmp_path / "cookies.sqlite"
        with sqlite3.connect(store) as con:
            con.execute("create table moz_cookies (id integer primary key, originAttributes text default '', name text, "
                        "value text, host text, path text, expiry integer, lastAccessed integer, creationTime integer, "
                        "isSecure integer, isHttpOnly integer, inBrowserElement integer default 0, sameSite integer default 0)")
            for pair in forum.browser_session(DIRECTOR_UID).split("; "):
                name, value = pair.split("=", 1)
                con.execute("insert into moz_cookies (name, value, host, path, expiry, isSecure, isHttpOnly) "
                            "values (?, ?, '127.0.0.1', '/', 4102444800, 0, 1)", (name, value))
        done = cli(tmp_path, forum, "--cookies-from-browser", f"firefox:{store}", "--post")
        assert done.returncode in (0, 3), done.stderr
        assert len(final_posts(forum)) == 1 and logins(forum) == 0
        empty = tmp_path / "empty.sqlite"
        with sqlite3.connect(empty) as con:
            con.execute("create table moz_cookies (id integer primary key, name text, value text, host text, path text, "
                        "expiry integer, isSecure integer, isHttpOnly integer)")
        done = cli(tmp_path, forum, "--cookies-from-browser", f"firefox:{empty}", "--post", db="other.db")
        assert done.returncode == polling.EXIT_ERROR and "没有" in done.stderr and "登录" in done.stderr


def test_the_archive_lives_beside_the_game_file_and_the_day_is_found(board, tmp_path):
    """Less typing: no --db (GAME.db beside GAME.toml) and no --day (the day under way, or the last closed)."""
    gf = game_file(tmp_path, board.base_url)
    env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "poll", str(gf), "--interval", "0", "--out", str(tmp_path / "o")],
                          capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert done.returncode in (0, 3), done.stderr
    assert (tmp_path / "game.db").exists()
    shown = subprocess.run([sys.executable, "-m", "bansha.cli", "tally", str(gf)], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert "第1天" in shown.stdout and "李逵" in shown.stdout


def test_a_held_final_a_moderator_deletes_ends_the_wait_and_says_what_to_do(board, tmp_path):
    """The final waits for 审核 and a 版主 deletes it (into the recycle bin: findpost still finds it, as a held
    post): it is gone from the director's own 「我的帖子 → 待审核」, so the run stops waiting, says so and how to
    post again, posts nothing by itself; --force-post posts it once."""
    board.threads[demo.VOTE_TID].moderated = True
    result, lines = run(board, tmp_path, post=True)
    (held,) = [p for p in board.threads[demo.VOTE_TID].posts if p.pending]
    result, lines = run(board, tmp_path, post=True)
    assert result.final_done and any("等待版主审核" in line for line in lines)
    board.recycle(held.pid)
    board.threads[demo.VOTE_TID].moderated = False
    for _ in range(2):
        done = cli(tmp_path, board, "--login", DIRECTOR, "--post", "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}")
        assert done.returncode == polling.EXIT_ERROR and "版主把它删除了" in done.stderr and "--force-post" in done.stderr
        assert final_posts(board) == [held] and held.recycled  # nothing posted, nothing edited out of the bin
    result, lines = run(board, tmp_path, post=True, force_post=True)
    assert len([p for p in final_posts(board) if not p.recycled]) == 1 and result.final_done


def test_a_held_correction_whose_post_a_moderator_deletes_is_not_waited_for_forever(board, tmp_path):
    """A 更正 edit held for 审核 hides the final; the 版主 deletes it instead of passing it. The runs after stop
    saying 「编辑在等待版主审核」: the final is gone, the director is told, and --force-post posts it again."""
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    game_path = game_file(tmp_path, board.base_url)
    from bansha import pipeline

    game, rules = pipeline.load_game(game_path)
    db = archive.open_db(tmp_path / "g.db")
    tally = pipeline.tally_from_archive(db, game, rules, 1)
    for voter, _ in tally.voters["李逵"][:3]:
        pid = next(e.pid for e in tally.entries if e.author == voter and e.target == "李逵" and e.verdict == "counted")
        archive.save_ruling(db, game=game.name, day=1, pid=pid, decision="reject", note="测试：判为无效")
    board.threads[demo.VOTE_TID].moderated = True
    result, lines = run(board, tmp_path, post=True)
    assert final.pending and any("需要版主审核" in line for line in lines)
    board.recycle(final.pid)
    done = cli(tmp_path, board, "--login", DIRECTOR, "--post", "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}")
    assert done.returncode == polling.EXIT_ERROR and "找不到了" in done.stderr and "编辑在等待版主审核" not in done.stdout
    board.threads[demo.VOTE_TID].moderated = False
    result, lines = run(board, tmp_path, post=True, force_post=True)
    shown = [p for p in final_posts(board) if not p.recycled]
    assert len(shown) == 1 and shown[0].pid != final.pid


def test_an_author_only_thread_with_nowhere_else_to_post_says_so_and_posts_nothing(board, tmp_path):
    board.threads[demo.VOTE_TID].hidden_replies = True
    board.threads[demo.PROCESS_TID].hidden_replies = True
    done = cli(tmp_path, board, "--login", DIRECTOR, "--post", "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}")
    assert done.returncode == polling.EXIT_ERROR and "回帖仅作者可见" in done.stderr and "首楼" in done.stderr
    assert "Traceback" not in done.stderr
    assert final_posts(board) == [] and final_posts(board, demo.PROCESS_TID) == []
    assert (tmp_path / "out" / "day1.bbcode").exists()


@pytest.mark.parametrize("charset,api", [("utf-8", "404"), ("gbk", "drop")])
def test_a_ballot_held_for_moderation_holds_the_final_when_the_mobile_api_is_unreachable(tmp_path, charset, api):
    """A vote held for 审核 before the close, and the mobile API (the only count of handed-out floors) refused or
    unreachable: the desktop pages close up their floors, so nothing shows the held ballot — the final is not
    proven and waits, saying why and what to do; --force-post is the director's word that nothing is held."""
    from bansha.demo.forum import Fault

    board = demo.build(charset=charset)
    board.unpost(demo.VOTE_TID, lambda p: "截止后才想明白" in p.bbcode)
    board.add_post(demo.VOTE_TID, 13, "投票对象：燕青\n投票理由：补一票", demo.OPEN + timedelta(hours=45), pending=True)
    kind = {"404": Fault("status", match="api/mobile", times=99, status=404), "drop": Fault("drop", match="api/mobile", times=99)}
    board.faults.append(kind[api])
    with board:
        result, lines = run(board, tmp_path, post=True)
        assert final_posts(board) == [] and "移动端接口读不到" in result.summary and "--force-post" in result.summary
        result, lines = run(board, tmp_path, post=True, force_post=True)
    assert len(final_posts(board)) == 1


def test_two_archives_of_one_game_never_overwrite_each_others_rulings(board, tmp_path):
    """Cron on a server keeps g.db, the desk on a laptop laptop.db; both post as 导演甲. The laptop's ruling
    changes the result and its run corrects the final; the server's archive has no such ruling and must not
    edit the post back (erasing it): it stops and says which ruling it lacks. Recorded there too, both agree."""
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    from bansha import pipeline

    game, rules = pipeline.load_game(game_file(tmp_path, board.base_url))
    laptop = archive.open_db(tmp_path / "laptop.db")
    result, lines = run(board, tmp_path, db="laptop.db")  # the laptop's own sync
    tally = pipeline.tally_from_archive(laptop, game, rules, 1)
    flips = [e for e in tally.entries if e.verdict == "counted" and e.target == "李逵"][:3]
    for entry in flips:
        archive.save_ruling(laptop, game=game.name, day=1, pid=entry.pid, decision="target", target="吴用",
                            note="笔记本上的裁定")
    result, lines = run(board, tmp_path, db="laptop.db", post=True)
    assert "更正" in final.bbcode and "笔记本上的裁定" in final.bbcode, lines
    corrected, edits = final.bbcode, board.edits
    for _ in range(2):
        done = cli(tmp_path, board, "--login", DIRECTOR, "--post", "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}")
        assert done.returncode == polling.EXIT_ERROR and "本档案库没有的导演裁定" in done.stderr, done.stderr
        assert f"#{flips[0].floor}：计为「吴用」" in done.stderr and "Traceback" not in done.stderr
    assert final.bbcode == corrected and board.edits == edits  # the laptop's rulings stand
    server = archive.open_db(tmp_path / "g.db")
    for entry in flips:
        archive.save_ruling(server, game=game.name, day=1, pid=entry.pid, decision="target", target="吴用",
                            note="笔记本上的裁定")
    result, lines = run(board, tmp_path, post=True)
    assert board.edits == edits and any("一致" in line for line in lines), lines
