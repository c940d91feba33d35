"""`bansha poll` end to end against the local forum: login, posting once, editing, refusals, locks, crashes."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from importlib import resources
from datetime import timedelta
from pathlib import Path

import pytest

from bansha import pipeline, poll as polling
from bansha.demo import game as demo
from scraper import poster

DIRECTOR_UID, DIRECTOR = demo.DIRECTOR


def game_file(tmp_path: Path, base: str) -> Path:
    text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
    path = tmp_path / "game.toml"
    path.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{base}"'), "utf-8")
    return path


def director_posts(board, tid: int = demo.VOTE_TID) -> list:
    return [p for p in board.threads[tid].posts if p.uid == DIRECTOR_UID and "bansha:v2:" in p.bbcode]


def options(board, **kw) -> polling.PollOptions:
    kw.setdefault("now", board.clock())
    return polling.PollOptions(login=DIRECTOR, password="demo-director", interval=0, **kw)


@pytest.fixture(params=["utf-8", "gbk"])
def board(request):
    """The demo forum, once as UTF-8 and once as a GBK forum: every posting test runs on both."""
    forum = demo.build(charset=request.param)
    with forum:
        yield forum


def run(board, tmp_path, **kw):
    lines = []
    result = polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db",
                              options(board, out_dir=tmp_path / "out", **kw), lines.append)
    return result, lines


def test_final_result_is_posted_once(board, tmp_path):
    result, _ = run(board, tmp_path, post=True)
    assert len(director_posts(board)) == 1
    posted = director_posts(board)[0].bbcode
    assert "李逵 出局" in posted and "[b]票型[/b]" in posted
    assert {p.name for p in result.files} == {"day1.bbcode", "day1.director.txt", "day1.json", "day1.html"}
    # dayN.bbcode is what poll posted (its marker line has an id of its own); the director's part is apart.
    written = (tmp_path / "out" / "day1.bbcode").read_text("utf-8")
    assert written.rsplit("\n\n", 1)[0] == posted.rsplit("\n\n", 1)[0]
    assert "建议判罚" not in written and "待裁定" in (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
    again, lines = run(board, tmp_path, post=True)
    assert len(director_posts(board)) == 1 and any("不再重复发" in line for line in lines)
    # The demo's vote-like post awaits review but cannot change the result: once the result is out by
    # itself there is nothing the director must do, so not 3.
    assert result.code == polling.EXIT_OK and "都不影响结果" in result.summary


def test_nothing_is_posted_before_close_without_running(board, tmp_path):
    run(board, tmp_path, post=True, now=board.clock().replace(year=2026, month=11, day=28))
    assert director_posts(board) == []


def test_running_count_is_one_post_edited_in_place(board, tmp_path):
    before_close = demo.CLOSE.replace(hour=10)
    run(board, tmp_path, running=True, now=before_close)
    (post,) = director_posts(board)
    assert "实时票数" in post.bbcode and "李逵：5 票" in post.bbcode
    run(board, tmp_path, running=True, now=before_close)
    assert board.edits == 0  # unchanged: not edited
    second = board.add_post(demo.VOTE_TID, 18, "投票对象：李逵\n投票理由：燕青改主意了", demo.CLOSE.replace(hour=11))
    # 燕青 had abstained: a second first-vote is invalid. The count stays, but what the post says does
    # not — its 无效票 list now names that floor — so the post is edited …
    run(board, tmp_path, running=True, now=demo.CLOSE.replace(hour=11, minute=30))
    assert board.edits == 1 and "李逵：5 票" in director_posts(board)[0].bbcode
    assert f"pid={second.pid}]#{second.position}" in director_posts(board)[0].bbcode
    # … and a valid quote-change moves the count.
    abstain = next(p for p in board.threads[demo.VOTE_TID].posts if p.author == "燕青")
    board.add_post(demo.VOTE_TID, 18, board.quote_bbcode(abstain.pid) + "\n\n改票对象：李逵\n改票理由：改主意了",
                   demo.CLOSE.replace(hour=12))
    run(board, tmp_path, running=True, now=demo.CLOSE.replace(hour=12, minute=30))
    assert board.edits == 2 and len(director_posts(board)) == 1
    assert "李逵：6 票" in director_posts(board)[0].bbcode


def test_flood_control_waits_and_retries_once(tmp_path):
    forum = demo.build()
    forum.floodctrl = 2
    with forum:
        forum._last_reply[DIRECTOR_UID] = time.monotonic()  # the director just posted something by hand
        started = time.monotonic()
        run(forum, tmp_path, post=True)
        assert len(director_posts(forum)) == 1 and time.monotonic() - started >= 2


def test_captcha_stops_with_instructions(tmp_path):
    forum = demo.build()
    forum.captcha = True
    with forum:
        with pytest.raises(poster.CaptchaRequired) as caught:
            run(forum, tmp_path, post=True)
        assert "手动回帖" in str(caught.value)
        assert director_posts(forum) == []


def test_closed_thread_stops_with_instructions(board, tmp_path):
    board.threads[demo.VOTE_TID].closed = True
    with pytest.raises(poster.ThreadClosed) as caught:
        run(board, tmp_path, post=True)
    assert "已关闭" in str(caught.value) and director_posts(board) == []
    board.threads[demo.VOTE_TID].closed = False  # the director reopens it: the next run posts
    run(board, tmp_path, post=True)
    assert len(director_posts(board)) == 1


def test_gbk_forum(tmp_path):
    from bansha.demo.forum import DemoForum

    forum = demo.build(DemoForum(name="GBK论坛", charset="gbk", clock=lambda: demo.CLOSE.replace(hour=22)))
    with forum:
        run(forum, tmp_path, post=True)
        (post,) = director_posts(forum)
        assert "李逵 出局" in post.bbcode  # the form fields went out in GBK and came back intact


def test_a_second_run_while_one_holds_the_lock_exits_at_once(board, tmp_path):
    db = tmp_path / "g.db"
    with polling.RunLock(db):
        with pytest.raises(polling.Busy, match="正在运行"):
            polling.run_poll(game_file(tmp_path, board.base_url), db, options(board), lambda line: None)


def test_cli_exit_codes_and_log(board, tmp_path):
    gf = game_file(tmp_path, board.base_url)
    env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
    cmd = [sys.executable, "-m", "bansha.cli", "poll", str(gf), "--db", str(tmp_path / "g.db"), "--out", str(tmp_path / "o"),
           "--login", DIRECTOR, "--interval", "0", "--now", "2026-11-29 21:30", "--post", "--log", str(tmp_path / "poll.log")]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == polling.EXIT_OK, done.stderr  # posted by itself: the open flag cannot change it
    assert "李逵 出局" in done.stdout and "待裁定" in (tmp_path / "poll.log").read_text("utf-8")
    before = [part if part != str(tmp_path / "g.db") else str(tmp_path / "before.db") for part in cmd[:cmd.index("--post")]]
    review = subprocess.run([*before, "--now", "2026-11-29 12:00"], capture_output=True, text=True, env=env, timeout=120)
    assert review.returncode == polling.EXIT_REVIEW, review.stderr  # before close a flag is the director's to rule
    with polling.RunLock(tmp_path / "g.db"):
        busy = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    assert busy.returncode == polling.EXIT_BUSY and "正在运行" in busy.stderr
    # A fresh archive has no session to reuse, so the password is asked for — and refused.
    fresh = [part if part != str(tmp_path / "g.db") else str(tmp_path / "fresh.db") for part in cmd]
    wrong = subprocess.run(fresh, capture_output=True, text=True, env={**env, "BANSHA_PASSWORD": "wrong"}, timeout=120)
    assert wrong.returncode == polling.EXIT_ERROR and "登录失败" in wrong.stderr
    assert "登录失败：登录失败" not in wrong.stderr
    log_lines = (tmp_path / "poll.log").read_text("utf-8").splitlines()
    assert all(re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d ", line) for line in log_lines)


def on_path() -> str:
    """PATH with this environment's scripts first, as in a shell where it is activated: commands printed to
    be copied then say plain 「bansha …」."""
    return os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])


def test_review_lists_flags(board, tmp_path):
    run(board, tmp_path)
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "review", str(game_file(tmp_path, board.base_url)),
                           "--day", "1", "--db", str(tmp_path / "g.db")], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "COLUMNS": "80", "PATH": on_path()})
    assert done.returncode == 0 and "孙二娘" in done.stdout and "还没有决定" in done.stdout, done.stdout
    # Readable at 80 columns: each flag a block, wrapped (a Chinese character takes two columns); only a
    # command to copy or a link to click may run longer. Nothing cut: the reason is there whole.
    import unicodedata

    def columns(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)

    assert all(columns(line) <= 80 for line in done.stdout.splitlines() if not line.lstrip().startswith(("bansha rule", "原帖：")))
    assert "像是打算投「李逵」，但还没有决定（犹豫的说法不算投票）" in done.stdout.replace("\n    ", "")
    assert "bansha rule" in done.stdout and "计为 李逵" in done.stdout


@pytest.mark.parametrize("seed", range(10))
def test_killed_at_a_random_point_then_rerun_posts_exactly_once(tmp_path, seed):
    """SIGKILL the poll mid-run (the forum answers slowly so kills land everywhere), rerun until done.
    Ten seeds of five kills: fifty random points, and after every one the cookie jar still loads."""
    from http.cookiejar import MozillaCookieJar

    forum = demo.build()
    forum.latency = 0.03
    rng = random.Random(seed)
    with forum:
        gf = game_file(tmp_path, forum.base_url)
        env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
        cmd = [sys.executable, "-m", "bansha.cli", "poll", str(gf), "--db", str(tmp_path / "g.db"), "--out",
               str(tmp_path / "o"), "--login", DIRECTOR, "--interval", "0", "--now", "2026-11-29 21:30", "--post"]
        jar = tmp_path / "g.db.cookies.txt"
        for _ in range(5):
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            time.sleep(rng.uniform(0.1, 1.3))  # a whole run here takes about 1.3 s: kills land inside one
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            if jar.exists():
                MozillaCookieJar().load(str(jar), ignore_discard=True, ignore_expires=True)  # raises if torn
            assert len(director_posts(forum)) <= 1
        # By now every request a killed run sent has been answered by the forum: the request life is over.
        final = subprocess.run(cmd + ["--request-life", "0"], capture_output=True, text=True, env=env, timeout=120)
        import sqlite_utils

        db = sqlite_utils.Database(tmp_path / "g.db")
        outbox = list(db.query("select * from outbox")) if "outbox" in db.table_names() else []
        why = f"exit {final.returncode}\n{final.stdout}\n{final.stderr}\noutbox: {outbox}"
        assert final.returncode in (polling.EXIT_OK, polling.EXIT_REVIEW), why
        assert len(director_posts(forum)) == 1, why
        assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
        stored = {row["pid"] for row in db.query("select pid from posts where tid = ?", [demo.VOTE_TID])}
        players_posts = {p.pid for p in forum.threads[demo.VOTE_TID].posts if "bansha:v2:" not in p.bbcode}
        assert players_posts <= stored  # nothing lost (the result post itself comes after the last sync)


def test_an_unfinished_intent_finds_the_post_already_made(board, tmp_path):
    run(board, tmp_path, post=True)
    (made,) = director_posts(board)
    import sqlite_utils

    db = sqlite_utils.Database(tmp_path / "g.db")
    db.execute("update outbox set state = 'intent', pid = null")  # as if the run died before recording the pid
    db.conn.commit()
    _, lines = run(board, tmp_path, post=True)
    assert len(director_posts(board)) == 1
    assert db.execute("select state, pid from outbox").fetchone() == ("confirmed", made.pid)
    assert any("在帖子里找到了这次要发的结果帖" in line for line in lines)


def test_results_go_to_the_process_thread_where_the_game_file_says(tmp_path):
    """[game] announce = "process": the final result is 公示 in the process thread, once, and found again."""
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8").replace("[game]\n", '[game]\nannounce = "process"\n', 1), "utf-8")
        for _ in range(2):
            polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, out_dir=tmp_path / "out"), lambda line: None)
        in_process = [p for p in forum.threads[demo.PROCESS_TID].posts if p.uid == DIRECTOR_UID and "bansha:v2:" in p.bbcode]
        assert len(in_process) == 1 and "李逵 出局" in in_process[0].bbcode
        assert director_posts(forum) == []


def test_every_counted_and_invalid_vote_links_to_its_floor(tmp_path):
    """The result post links each counted voter and each invalid ballot to its post (Discuz's findpost)."""
    forum = demo.build()
    with forum:
        run(forum, tmp_path, post=True)
        posted = director_posts(forum)[0].bbcode
        vote_posts = {p.pid: p for p in forum.threads[demo.VOTE_TID].posts}
    tally_part = posted.split("[b]票型[/b]")[1].split("[b]结果[/b]")[0]
    links = [(url, text) for url, text in re.findall(r"\[url=([^\]]+)\]([^\[]+)\[/url\]", tally_part)]
    assert links and all("goto=findpost" in url and f"ptid={demo.VOTE_TID}&" in url for url, _ in links)
    invalid = tally_part.split("[b]无效票[/b]")[1] if "[b]无效票[/b]" in tally_part else ""
    for url, text in links:
        post = vote_posts[int(re.search(r"pid=(\d+)", url).group(1))]  # a real post of the vote thread
        if text.startswith("#"):
            assert f"[/url] {post.author}：" in invalid and int(text[1:]) == post.position  # the floor it names
        else:
            assert text.split("×")[0].removesuffix("（不计入）") == post.author  # a counted voter's own ballot
    counted_voters = sum(len(line.split("←")[1].split("、")) for line in tally_part.split("\n") if "票 ←" in line)
    assert len([t for _, t in links if not t.startswith("#")]) == counted_voters


def with_day_two(forum, tmp_path) -> Path:
    """The demo game with a day 2 whose vote opens at day 1's close, in its own thread."""
    forum.add_thread(104, "[101]梁山风云——第二天投票帖")
    forum.add_post(104, demo.DIRECTOR[0], "[b]第二天投票帖[/b]\n投票对象：X\n投票理由：Y", demo.CLOSE + timedelta(minutes=5))
    path = game_file(tmp_path, forum.base_url)
    path.write_text(path.read_text("utf-8") + '\n[[days]]\nday = 2\nvote_thread = 104\nstart = "2026-11-29 21:00"\n'
                    'close = "2026-12-01 21:00"\ndead = ["李逵"]\n', "utf-8")
    return path


def test_a_vote_that_closes_as_the_next_opens_still_gets_its_final(tmp_path):
    """The lab (issue 42): when day 2 opens at day 1's close (the README's own 重投 example), cron picked only the vote
    under way — day 1's final never went out and its running post kept saying 未截止. A vote this tool was keeping
    is finished first; one it never followed is left alone."""
    forum = demo.build()  # its clock is half an hour after day 1's close
    with forum:
        path = with_day_two(forum, tmp_path)
        db = tmp_path / "g.db"
        say = []
        polling.run_poll(path, db, options(forum, running=True, now=demo.OPEN + timedelta(hours=13)), say.append)
        result = polling.run_poll(path, db, options(forum, post=True, running=True), say.append)
        day1 = [p.bbcode for p in director_posts(forum)]
        day2 = [p.bbcode for p in director_posts(forum, 104)]
    finals = [p for p in day1 if "第1天投票结果[/b]" in p]
    assert len(finals) == 1 and "李逵 出局" in finals[0], day1
    assert all("未截止" not in p for p in day1), day1  # the running post closed
    assert len(day2) == 1 and "第2天投票实时票数" in day2[0]
    assert result.code == polling.EXIT_OK  # day 1's open flag cannot change its result, which is out


def test_an_earlier_vote_the_tool_never_followed_is_not_posted(tmp_path):
    forum = demo.build()
    with forum:
        path = with_day_two(forum, tmp_path)
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, running=True), [].append)
        assert director_posts(forum) == []  # day 1 was the director's own business


def test_a_revote_ballot_in_the_days_own_thread_is_ruled_in_its_round(tmp_path):
    """The hostile round (issue 42, 13): `bansha rule` refused a 重投 ballot in the day's shared thread (「不在第1天的
    投票帖里」) though `review --round 1` printed that very command; it rules in its round (--round), as review says."""
    forum = demo.build()
    with forum:
        revote = forum.add_post(demo.VOTE_TID, 13, "投票对象：李逵\n投票理由：还是他", demo.CLOSE + timedelta(minutes=20))
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8") + '\n[[days.rounds]]\nkind = "重投"\nstart = "2026-11-29 21:00"\n'
                        'close = "2026-11-30 21:00"\ncandidates = ["李逵", "燕青"]\n', "utf-8")
        polling.run_poll(path, tmp_path / "g.db", options(forum, day=1), [].append)  # syncs every thread of the day
    db = ["--db", str(tmp_path / "g.db")]
    ruled = subprocess.run([sys.executable, "-m", "bansha.cli", "rule", str(path), str(revote.pid), "无效", "--day", "1",
                            "--round", "1", *db], capture_output=True, text=True, timeout=60)
    assert ruled.returncode == 0, ruled.stderr
    counted = subprocess.run([sys.executable, "-m", "bansha.cli", "tally", str(path), "--day", "1", "--round", "1", *db],
                             capture_output=True, text=True, timeout=60)
    assert "导演裁定" in counted.stdout and "林冲：无效" in counted.stdout, counted.stdout


def test_a_renamed_game_on_an_archive_that_never_saw_it_does_not_post_its_final_again(tmp_path):
    """The hostile round (issue 42, 12): the game's name corrected and cron run on a new machine's archive — the
    markers carried a code of the name, so our final was not known as ours and a second one went out. Markers now
    carry the game's identity (its forum and first vote thread), which a rename keeps."""
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        polling.run_poll(path, tmp_path / "first.db", options(forum, post=True), [].append)
        assert len([p for p in director_posts(forum) if "投票结果[/b]" in p.bbcode]) == 1
        path.write_text(path.read_text("utf-8").replace('name = "[101]梁山风云"', 'name = "[101]梁山风云（正式版）"'), "utf-8")
        lines: list[str] = []
        polling.run_poll(path, tmp_path / "laptop.db", options(forum, post=True), lines.append)
        finals = [p for p in director_posts(forum) if "投票结果[/b]" in p.bbcode]
    assert len(finals) == 1, lines


@pytest.mark.parametrize("host", ["LocalHost", "2130706433", "0x7f.1", "127.1"])
def test_the_same_forum_spelled_another_way_on_a_new_archive_does_not_post_its_final_again(tmp_path, host):
    """The hostile rounds 105, case 12 and 107, case 22: a second game file for the same threads spelling the forum
    「http://localhost:…」 (or 127.0.0.1 as one integer) where the first said 127.0.0.1, on a fresh archive — a second final.
    The identity is the forum's host however spelled."""
    forum = demo.build()
    with forum:
        polling.run_poll(game_file(tmp_path, forum.base_url), tmp_path / "first.db", options(forum, post=True), [].append)
        other = tmp_path / "other"
        other.mkdir()
        spelled = forum.base_url.replace("127.0.0.1", host)
        lines: list[str] = []
        polling.run_poll(game_file(other, spelled), other / "laptop.db", options(forum, post=True), lines.append)
        finals = [p for p in director_posts(forum) if "投票结果[/b]" in p.bbcode]
    assert len(finals) == 1, lines


def test_a_revote_is_not_posted_once_the_vote_before_it_no_longer_ties(tmp_path):
    """The hostile round (issue 42, B18): a ruling turned round 0's tie into a clear result, and the revote's result was
    posted for the same day all the same. A round whose vote before it no longer ends in a tie (or the runoff) is
    held with the director told why; --force-post posts it."""
    forum = demo.build()
    with forum:
        for uid, minutes in ((13, 20), (14, 21)):
            forum.add_post(demo.VOTE_TID, uid, "投票对象：燕青\n投票理由：重投", demo.CLOSE + timedelta(minutes=minutes))
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8") + '\n[[days.rounds]]\nkind = "重投"\nstart = "2026-11-29 21:00"\n'
                        'close = "2026-11-29 21:40"\ncandidates = ["李逵", "燕青"]\n', "utf-8")
        later = demo.CLOSE + timedelta(hours=1)
        lines: list[str] = []
        polling.run_poll(path, tmp_path / "g.db", options(forum, day=1), lines.append)  # cron followed the day's vote
        result = polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1, round=1, now=later), lines.append)
        revote = [p for p in director_posts(forum) if "重投投票结果[/b]" in p.bbcode]
        assert revote == [] and result.code == polling.EXIT_REVIEW, lines
        assert any("不再需要重投" in line for line in lines), lines
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1, round=1, now=later, force_post=True), lines.append)
        assert len([p for p in director_posts(forum) if "重投投票结果[/b]" in p.bbcode]) == 1


def test_a_round_with_its_own_thread_reads_the_days_first_vote_thread_too(tmp_path):
    """Hostile rounds 53–54 (y4, u6, z1): a round in its own thread — a ruling for it posted where the day's first vote
    was (「重投 2楼无效」 after that vote's result), or that first vote never fetched because cron first ran after its close:
    the round's run reads the first vote thread too, and the day's posted final is checked against what it says."""
    forum = demo.build()
    with forum:
        forum.add_thread(301, "[101]梁山风云——第一天重投帖")
        forum.add_post(301, DIRECTOR_UID, "【重投帖】只能投 李逵 或 燕青", demo.CLOSE + timedelta(minutes=5))
        path = game_file(tmp_path, forum.base_url)
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1), [].append)  # the day's final is out
        path.write_text(path.read_text("utf-8") + '\n[[days.rounds]]\nkind = "重投"\nvote_thread = 301\nstart = "2026-11-29 21:00"\n'
                        'close = "2026-11-30 21:00"\ncandidates = ["李逵", "燕青"]\n', "utf-8")
        forum.add_post(demo.VOTE_TID, 2, "重投 2楼无效", demo.CLOSE + timedelta(minutes=30))
        lines: list[str] = []
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1, round=1, now=demo.CLOSE + timedelta(hours=1)),
                         lines.append)
    assert any(f"抓取帖子 {demo.VOTE_TID}" in line for line in lines), lines
    import sqlite_utils

    from bansha import pipeline
    from tally.game import load_game

    game, rules = load_game(path)
    tally = pipeline.tally_from_archive(sqlite_utils.Database(tmp_path / "g.db"), game, rules, 1)
    # the day's first vote reads it: 「重投 2楼」 names a floor of another round — its floor waits for the director
    assert any(r.decision == "pending" and r.source_floor is not None for r in tally.rulings) or any(
        "重投 2楼" in "；".join(u.why) for u in tally.unread_rulings), (tally.rulings, tally.unread_rulings)


def test_a_vote_thread_made_as_a_forum_poll_holds_the_final_and_says_why(board, tmp_path):
    """The hostile round 90, case 01: the director opened the vote thread as a Discuz 投票 thread and three players voted in
    its options — votes no post holds — and 「无人出局」 was posted where they made 40 %. The poll is read from the page (as the
    lab's X3.5 renders it), said every run, and the final waits while anyone voted there; --force-post is the director's."""
    board.threads[demo.VOTE_TID].poll = [("李逵", 3), ("宋江", 0)]
    result, lines = run(board, tmp_path, post=True)
    assert director_posts(board) == [], "a final went out past votes cast in the poll"
    said = "\n".join(lines) + result.summary
    assert "投票选项" in said and "李逵 3 票" in said, said
    board.threads[demo.VOTE_TID].poll = [("李逵", 0), ("宋江", 0)]  # a poll nobody used: said, the final goes out
    result, lines = run(board, tmp_path, post=True)
    assert len(director_posts(board)) == 1 and any("投票选项" in line for line in lines), lines


def test_a_ruling_posted_while_the_days_revote_runs_in_its_thread_waits_for_the_director(tmp_path):
    """The hostile round 95, case 51: a 重投 sharing the day's thread; during it the director posted 「【裁定】2楼无效，重投的票要写清
    理由。」 — refused for the revote, and applied without a word to the first vote, whose posted result was rewritten. Which
    round's ballot such a ruling means the floor does not say: it waits for the director, and the posted result stands."""
    import sqlite_utils

    from bansha import pipeline
    from tally.game import load_game

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1), [].append)  # the day's final is out
        finals = {p.pid: p.bbcode for p in director_posts(forum)}
        assert len(finals) == 1
        path.write_text(path.read_text("utf-8") + '\n[[days.rounds]]\nkind = "重投"\nstart = "2026-11-29 21:00"\n'
                        'close = "2026-11-30 21:00"\ncandidates = ["李逵", "燕青"]\n', "utf-8")
        forum.add_post(demo.VOTE_TID, DIRECTOR_UID, "【裁定】2楼无效，重投的票要写清理由。", demo.CLOSE + timedelta(minutes=10))
        lines: list[str] = []
        polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1, now=demo.CLOSE + timedelta(minutes=20)),
                         lines.append)
        after = next(p.bbcode for p in director_posts(forum) if p.pid in finals)
        assert "李逵 出局" in after and "pid=2]#2" not in after, after  # (the revote's floors are no longer 关门后的投票: an edit)
    game, rules = load_game(path)
    tally = pipeline.tally_from_archive(sqlite_utils.Database(tmp_path / "g.db"), game, rules, 1)
    second = next(e for e in tally.entries if e.floor == 2)
    assert second.needs_review and "重投期间" in second.reason and all(r.pid != second.pid for r in tally.rulings), second


@pytest.mark.parametrize("pasted", ["forum.php", "forum.php?mod=viewthread&tid=4&extra=page%3D1"])
def test_a_forum_address_pasted_with_forum_php_is_the_forum(tmp_path, pasted):
    """The hostile round 100, case 121b: 「forum = ".../forum.php"」 (what the address bar shows) sent the login elsewhere and
    said the password was wrong. The forum is the folder forum.php lives in, whatever the director pasted after it."""
    with demo.build() as forum:
        lines: list[str] = []
        result = polling.run_poll(game_file(tmp_path, forum.base_url + pasted), tmp_path / "g.db",
                                  options(forum, out_dir=tmp_path / "out", post=True), lines.append)
        assert result.code == polling.EXIT_OK and len(director_posts(forum)) == 1, lines


def test_a_forum_address_without_its_scheme_is_refused_with_words(tmp_path):
    path = game_file(tmp_path, "bbs.example.com/forum.php")
    with pytest.raises(ValueError, match="不是论坛地址"):
        pipeline.load_game(path)


@pytest.mark.parametrize("forum, said", [("http://0177.0.0.1:8088/", "地址写法打不开"), ("http://127.000.000.001:8088/", "地址写法打不开"),
                                         ("http://导演A@127.0.0.1:8088/", "写了账号")])
def test_a_forum_address_the_client_cannot_open_is_refused_with_words(tmp_path, forum, said):
    """The hostile rounds 109, case 42, 110, case 22 and 112, case 59: an IPv4 address with a leading zero, or an account before
    the host, passed check-game and stopped poll with a traceback or an untranslated ascii error."""
    with pytest.raises(ValueError, match=said):
        pipeline.load_game(game_file(tmp_path, forum))


def test_a_second_day_on_the_first_days_vote_thread_posts_nothing(tmp_path):
    """The hostile round 109, case 47: a [[days]] block copied for day 2 with day 1's vote_thread posted a 「第2天投票结果」 into
    day 1's thread, its player out a second time. A posting run stops with words (check-game says it too)."""
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        text = path.read_text("utf-8")
        day = text[text.index("[[days]]"):].split("\n[[", 1)[0]
        path.write_text(text + "\n" + day.replace("day = 1", "day = 2", 1) + "\n", "utf-8")
        with pytest.raises(ValueError, match="vote_thread 都是"):
            polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1), [].append)
        assert director_posts(forum) == []


def test_another_archive_that_posts_between_our_last_look_and_our_reply_is_adopted_not_answered(tmp_path):
    """The hostile round 105, case 24: a server's and a laptop's cron for one game, each with its own archive, closed the same
    minute and each posted a final. The look right before the reply finds the other's final and adopts it."""
    from bansha.demo.forum.model import Fault

    forum = demo.build()
    with forum:
        server, laptop = tmp_path / "server", tmp_path / "laptop"
        server.mkdir()
        laptop.mkdir()

        def the_server_runs():
            polling.run_poll(game_file(server, forum.base_url), server / "g.db", options(forum, post=True, out_dir=server / "out"),
                             [].append)

        forum.faults.append(Fault("meanwhile", match="page=99999", meanwhile=the_server_runs))
        lines: list[str] = []
        polling.run_poll(game_file(laptop, forum.base_url), laptop / "g.db", options(forum, post=True, out_dir=laptop / "out"),
                         lines.append)
        finals = [p for p in director_posts(forum) if "投票结果[/b]" in p.bbcode]
    assert len(finals) == 1 and any("不再重复发" in line for line in lines), lines


def _archives(tmp_path: Path, *names: str) -> list[Path]:
    """A folder per archive of one game (a server's cron, a laptop's): each its own game file, database and reports."""
    folders = [tmp_path / name for name in names]
    for folder in folders:
        folder.mkdir()
    return folders


def _poll_in(folder: Path, forum, lines=None) -> None:
    polling.run_poll(game_file(folder, forum.base_url), folder / "g.db", options(forum, post=True, out_dir=folder / "out"),
                     (lines if lines is not None else []).append)


def test_a_final_whose_marker_a_moderator_cut_is_never_answered_with_a_second(tmp_path):
    """The hostile round 107, case 29 (and 108): a 版主 cut the marker line from the posted final; a second archive (a laptop's
    cron) then found no post of ours and posted a second 第1天投票结果. A post by our account headed as this day's result with no
    marker at all is the result already out: nothing is posted, and the director is told which floor to check."""
    forum = demo.build()
    with forum:
        server, laptop = _archives(tmp_path, "server", "laptop")
        _poll_in(server, forum)
        (final,) = [p for p in director_posts(forum) if "投票结果[/b]" in p.bbcode]
        final.bbcode = "\n".join(line for line in final.bbcode.split("\n") if "bansha:" not in line)
        with pytest.raises(poster.PostError, match=f"pid {final.pid}.*没有工具的标记行"):
            polling.run_poll(game_file(laptop, forum.base_url), laptop / "g.db",
                             options(forum, post=True, out_dir=laptop / "out"), [].append)
        finals = [p for p in forum.threads[demo.VOTE_TID].posts if p.uid == DIRECTOR_UID and "投票结果[/b]" in p.bbcode]
    assert finals == [final], finals


def test_a_renamed_game_on_a_fresh_archive_leaves_the_published_result_alone(tmp_path):
    """The hostile round 109, case 46: the game renamed in its file after the final and polled with a fresh archive — the
    published result was rewritten under the new name, said to be 「被改过」 by a moderator. Its heading is the only difference."""
    forum = demo.build()
    with forum:
        first, fresh = _archives(tmp_path, "first", "fresh")
        _poll_in(first, forum)
        before = [p.bbcode for p in director_posts(forum)]
        path = game_file(fresh, forum.base_url)
        path.write_text(path.read_text("utf-8").replace('name = "[101]梁山风云"', 'name = "[101]梁山风云（修订版）"'), "utf-8")
        lines: list[str] = []
        polling.run_poll(path, fresh / "g.db", options(forum, post=True, out_dir=fresh / "out"), lines.append)
        after = [p.bbcode for p in director_posts(forum)]
    assert after == before and not any("被改过" in line for line in lines), lines


def test_a_revote_is_not_posted_while_the_tie_that_called_it_is_in_doubt(tmp_path):
    """The hostile round 105, case 13: during a 重投 sharing the day's thread the director ruled 「4楼无效」 without saying
    which round — round 1's tie might be gone (the tool said so), and the revote's result was posted all the same."""
    forum = demo.build()
    with forum:
        tid, at = 301, demo.OPEN
        forum.add_thread(tid, "[101]梁山风云——第一天投票帖（暗杀者规则）")
        forum.add_post(tid, DIRECTOR_UID, "[b]第一天投票帖[/b]\n投票格式：投票对象：X 投票理由：Y", at)
        uid = {name: u for u, name in demo.PLAYERS}
        for k, (voter, target) in enumerate((("吴用", "李逵"), ("林冲", "李逵"), ("鲁智深", "李逵"), ("武松", "燕青"),
                                             ("花荣", "燕青"), ("孙二娘", "燕青"))):
            forum.add_post(tid, uid[voter], f"投票对象：{target}\n投票理由：第一轮", at + timedelta(hours=1 + k))
        forum.add_post(tid, DIRECTOR_UID, "【裁定】3楼无效，理由是整段复制的。", demo.CLOSE + timedelta(minutes=5))
        for k, (voter, target) in enumerate((("吴用", "李逵"), ("林冲", "李逵"), ("武松", "燕青"))):
            forum.add_post(tid, uid[voter], f"投票对象：{target}\n投票理由：重投", demo.CLOSE + timedelta(minutes=10 + k))
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8").replace('preset = "shediao"', 'preset = "anshazhe"').replace(
            "vote_thread = 101", f"vote_thread = {tid}") + '\n[[days.rounds]]\nkind = "重投"\nstart = "2026-11-29 21:00"\n'
            'close = "2026-11-29 21:40"\ncandidates = ["李逵", "燕青"]\n', "utf-8")
        later = demo.CLOSE + timedelta(hours=1)
        lines: list[str] = []
        polling.run_poll(path, tmp_path / "g.db", options(forum, day=1, now=demo.CLOSE - timedelta(minutes=5)), lines.append)
        result = polling.run_poll(path, tmp_path / "g.db", options(forum, post=True, day=1, round=1, now=later), lines.append)
        revote = [p for p in forum.threads[tid].posts if p.uid == DIRECTOR_UID and "重投投票结果[/b]" in p.bbcode]
    assert revote == [] and result.code == polling.EXIT_REVIEW, lines
    assert any("还不能确定" in line for line in lines), lines


@pytest.mark.parametrize("shared", [False, True])
def test_a_co_directors_cron_never_posts_the_final_again_nor_edits_the_others(tmp_path, shared):
    """The hostile round 113, cases 51, 57: with two directors in the game file, the co-director's cron on his own archive posted
    a second final beside the first director's; on a shared archive the first director's cron then stopped on every run,
    calling the co-director's final 「找不到了」. A post of this slot by another director of the game file is his: ours is never
    posted beside it, his never edited from this account, and neither cron stops for it."""
    forum = demo.build()
    with forum:
        forum.add_user(30, "导演乙", password="co-director")
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8").replace('directors = ["导演甲"]', 'directors = ["导演甲", "导演乙"]'), "utf-8")
        mine = polling.run_poll(path, tmp_path / "g.db", options(forum, out_dir=tmp_path / "out", post=True, running=True), print)
        co = polling.PollOptions(login="导演乙", password="co-director", interval=0, now=forum.clock(), out_dir=tmp_path / "co",
                                 post=True, running=True)
        lines: list[str] = []
        theirs = polling.run_poll(path, tmp_path / ("g.db" if shared else "co.db"), co, lines.append)
        again = polling.run_poll(path, tmp_path / "g.db", options(forum, out_dir=tmp_path / "out", post=True, running=True), print)
        finals = [p for t in forum.threads.values() for p in t.posts if "bansha:v2:" in p.bbcode and ":final:" in p.bbcode]
    assert mine.final_done and theirs.final_done and again.final_done, (theirs.summary, lines)
    assert len(finals) == 1 and finals[0].uid == DIRECTOR_UID, [(p.uid, p.pid) for p in finals]
    assert any("导演甲" in line and "不另发" in line for line in lines), lines
