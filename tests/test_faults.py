"""At most one post per result, whatever fails between us and the forum (issue 21).

The test forum sits behind a fault-injecting proxy (tests/faultproxy.py). For every fault × every kind
of post (the running count, the final result, a 更正 edit) × UTF-8 and GBK: one run meets the fault,
then the cron run is repeated three times; the forum must hold exactly one post of each kind, saying the
right thing, and what the runs said must tell the director what happened.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bansha import pipeline
from bansha import poll as polling
from bansha.demo import game as demo
from faultproxy import Fault, FaultProxy
from scraper import archive, poster
from test_poll import DIRECTOR, DIRECTOR_UID, game_file

BEFORE_CLOSE = demo.CLOSE - timedelta(hours=10)
AFTER_CLOSE = demo.CLOSE + timedelta(minutes=30)
TIMEOUT = 1.0  # the client's wait for an answer; "hang" holds longer


@pytest.fixture(params=["utf-8", "gbk"])
def site(request):
    forum = demo.build(charset=request.param)
    with forum, FaultProxy(forum.base_url) as proxy:
        yield forum, proxy


def ours(forum, kind: str) -> list:
    return [p for p in forum.threads[demo.VOTE_TID].posts if p.uid == DIRECTOR_UID and f":{kind}:" in p.bbcode]


def poll_once(proxy, tmp_path, **kw) -> tuple[list[str], Exception | None]:
    """One cron run through the proxy: its log lines, and the error it stopped with (if any)."""
    lines: list[str] = []
    kw.setdefault("now", AFTER_CLOSE)
    options = polling.PollOptions(login=DIRECTOR, password="demo-director", interval=0, timeout=TIMEOUT,
                                  out_dir=tmp_path / "out", **kw)
    try:
        polling.run_poll(game_file(tmp_path, proxy.base_url), tmp_path / "g.db", options, lines.append)
    except poster.PostError as error:
        lines.append(f"{error.title}：{error}")
        return lines, error
    return lines, None


def flip(tmp_path, proxy) -> str:
    """A ruling that changes the outcome after the final post (rule out 李逵's votes until it moves)."""
    game, rules = pipeline.load_game(game_file(tmp_path, proxy.base_url))
    db = archive.open_db(tmp_path / "g.db")
    before = pipeline.tally_from_archive(db, game, rules, 1).outcome.describe()
    for voter, _weight in pipeline.tally_from_archive(db, game, rules, 1).voters["李逵"]:
        pid = next(e.pid for e in pipeline.tally_from_archive(db, game, rules, 1).entries
                   if e.author == voter and e.target == "李逵" and e.verdict == "counted")
        archive.save_ruling(db, game=game.name, day=1, pid=pid, decision="reject", note="测试：判为无效")
        after = pipeline.tally_from_archive(db, game, rules, 1).outcome.describe()
        if after != before:
            return after
    raise AssertionError("no ruling changed the outcome")


def stale_after(proxy) -> Fault:
    """The POST goes through; the pages read after it come from a cache that has not seen it."""
    return Fault("pass", before=lambda: proxy.add(Fault("stale", method="GET", match="mod=viewthread", times=6)))


FAULTS = {
    "lose": lambda proxy: Fault("lose"),
    "reset": lambda proxy: Fault("reset"),
    "hang": lambda proxy: Fault("hang", hang=TIMEOUT + 1.5),
    "502": lambda proxy: Fault("gateway", status=502),
    "503": lambda proxy: Fault("gateway", status=503),
    "truncate": lambda proxy: Fault("truncate"),
    "flood": lambda proxy: Fault("flood"),
    "stale": stale_after,
}


@pytest.mark.parametrize("fault", list(FAULTS))
@pytest.mark.parametrize("kind", ["running", "final", "correction"])
def test_one_post_per_result_after_any_fault(site, tmp_path, fault, kind):
    forum, proxy = site
    now = BEFORE_CLOSE if kind == "running" else AFTER_CLOSE
    run = dict(running=True, now=now) if kind == "running" else dict(post=True, running=True, now=now)
    expected = "李逵 出局"
    if kind == "correction":
        lines, error = poll_once(proxy, tmp_path, **run)
        assert error is None and len(ours(forum, "final")) == 1, lines
        expected = flip(tmp_path, proxy)
    armed = FAULTS[fault](proxy)
    armed.match = "editsubmit=yes" if kind == "correction" else "replysubmit=yes"
    proxy.add(armed)
    said, error = poll_once(proxy, tmp_path, **run)
    assert armed.times == 0, "the fault was never met"
    if error is not None:
        # Never 「回帖失败」 for a post whose fate is unknown: a director told so might post by hand.
        assert error.title in ("结果未确认",) or not isinstance(error, (poster.Unanswered, poster.NotConfirmed)), said
        assert "不会" in str(error) or "下次运行" in str(error), said
    for _ in range(3):
        lines, error = poll_once(proxy, tmp_path, **run)
        assert error is None, lines
    slot = "running" if kind == "running" else "final"
    posts = ours(forum, slot)
    assert len(posts) == 1, (said, [p.bbcode[-80:] for p in posts])
    assert expected in posts[0].bbcode
    if kind == "correction":
        assert "更正" in posts[0].bbcode
    if kind != "running":
        assert len(ours(forum, "running")) <= 1
    row = archive.open_db(tmp_path / "g.db")["outbox"].get(f"[101]梁山风云|1|{slot}")
    assert row["state"] == "confirmed" and row["pid"] == posts[0].pid and row["post_id"] in posts[0].bbcode


def test_a_reply_refused_for_the_posting_interval_waits_it_out_more_than_once(site, tmp_path):
    """Round 83 V12: four cron runs for one account took the forum's interval together, each waited the same 16 s and
    tried once more, and three were refused again (回帖失败, rc 1). Refused twice before the forum took anything: the run
    waits each time, apart, and posts once."""
    forum, proxy = site
    refused = proxy.add(Fault("refuse", match="replysubmit=yes", times=2, hang=1))
    said, error = poll_once(proxy, tmp_path, post=True)
    assert error is None and refused.times == 0, said
    assert sum("等待" in line and "秒后重试" in line for line in said) == 2, said
    assert len(ours(forum, "final")) == 1


def test_a_lost_login_answer_is_harmless_logging_in_again_posts_once(site, tmp_path):
    forum, proxy = site
    proxy.add(Fault("lose", match="loginsubmit=yes"))
    said, error = poll_once(proxy, tmp_path, post=True)
    assert error is None and proxy.faulted("lose") == 1, said
    assert forum.count("loginsubmit=yes", "POST") == 2  # the forum saw the lost login, then a second one
    for _ in range(3):
        lines, error = poll_once(proxy, tmp_path, post=True)
        assert error is None, lines
    assert len(ours(forum, "final")) == 1


def test_said_success_but_never_there_stops_and_waits_for_the_director(site, tmp_path):
    """The forum answered 'posted' and the post is not in the thread (held by a moderator, deleted):
    the tool never posts again on its own — it stops with exit 1 until the director says --force-post."""
    forum, proxy = site
    lines, error = poll_once(proxy, tmp_path, post=True)
    (final,) = ours(forum, "final")
    forum.threads[demo.VOTE_TID].posts.remove(final)  # gone before any run read it back
    db = archive.open_db(tmp_path / "g.db")
    with db.conn:
        db.execute("update outbox set state = 'sent', answer = 'success' where phase = 'final'")
        db.execute("delete from posts where pid = ?", [final.pid])
    for _ in range(2):
        lines, error = poll_once(proxy, tmp_path, post=True)
        assert isinstance(error, poster.Stuck) and "--force-post" in str(error) and error.title == "结果未确认", lines
        assert ours(forum, "final") == []
    lines, error = poll_once(proxy, tmp_path, post=True, force_post=True)
    assert error is None and len(ours(forum, "final")) == 1


def test_a_correction_applied_late_over_a_newer_one_is_mended(site, tmp_path):
    """A 更正 edit is held in the network and lands after a later ruling's edit was confirmed: the next
    run compares what the forum shows with the outbox and puts the latest result back."""
    forum, proxy = site
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None
    flip(tmp_path, proxy)
    proxy.add(Fault("hold", match="editsubmit=yes", hang=TIMEOUT + 0.5))
    lines, error = poll_once(proxy, tmp_path, post=True)  # the first correction: held, unconfirmed
    assert isinstance(error, poster.NotConfirmed), lines
    game, rules = pipeline.load_game(game_file(tmp_path, proxy.base_url))
    db = archive.open_db(tmp_path / "g.db")
    # A second ruling: count one of the rejected votes again, for another player.
    rejected = [r for r in archive.load_rulings(db, game.name, 1) if r["decision"] == "reject"]
    archive.save_ruling(db, game=game.name, day=1, pid=rejected[0]["pid"], decision="accept", note="第二次裁定")
    latest = pipeline.tally_from_archive(db, game, rules, 1).outcome.describe()
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None, lines
    assert latest in ours(forum, "final")[0].bbcode
    proxy.release()  # the held first correction lands now, over the newer one
    assert latest not in ours(forum, "final")[0].bbcode or "第二次裁定" not in ours(forum, "final")[0].bbcode
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None, lines
    (final,) = ours(forum, "final")
    assert latest in final.bbcode and "第二次裁定" in final.bbcode
    assert any("不是最后确认的版本" in line for line in lines)


def test_a_ruling_recorded_while_the_final_is_in_flight_is_the_correction_reason(site, tmp_path):
    """The rulings a post reflects are the ones its tally had, not those in the archive when the outbox
    row is written: a ruling made mid-flight shows up as the reason of the correction that follows."""
    forum, proxy = site
    poll_once(proxy, tmp_path, post=False)
    game, rules = pipeline.load_game(game_file(tmp_path, proxy.base_url))
    db = archive.open_db(tmp_path / "g.db")
    tally = pipeline.tally_from_archive(db, game, rules, 1)
    voter_pid = next(e.pid for e in tally.entries if e.verdict == "counted" and e.target == "李逵")

    def director_rules():
        archive.save_ruling(archive.open_db(tmp_path / "g.db"), game=game.name, day=1, pid=voter_pid,
                            decision="reject", note="导演在结果帖发出时裁定")

    proxy.add(Fault("pass", match="replysubmit=yes", before=director_rules))
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None
    lines, error = poll_once(proxy, tmp_path, post=True)
    (final,) = ours(forum, "final")
    assert "更正" in final.bbcode and f"导演裁定 pid {voter_pid}" in final.bbcode
    assert "重新读取投票帖时发现了" not in final.bbcode


@pytest.mark.parametrize("where", ["replysubmit=yes", "goto=findpost"])
def test_killed_between_sent_and_confirmed_then_one_post(tmp_path, where):
    """SIGKILL while the forum has the reply but we have no answer (or while reading it back): the
    README's cron line run again finds it and never posts a second one."""
    import os
    import signal
    import subprocess
    import sys
    import time

    forum = demo.build()
    with forum, FaultProxy(forum.base_url) as proxy:
        method = "POST" if where == "replysubmit=yes" else "GET"
        proxy.add(Fault("hang", match=where, method=method, hang=6.0))
        env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
        cmd = [sys.executable, "-m", "bansha.cli", "poll", str(game_file(tmp_path, proxy.base_url)), "--db",
               str(tmp_path / "g.db"), "--out", str(tmp_path / "o"), "--login", DIRECTOR, "--interval", "0",
               "--timeout", "20", "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}", "--post", "--running"]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 30
        while not any(e.fault == "hang" for e in proxy.log) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(e.fault == "hang" for e in proxy.log), "the run never reached the fault"
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert len(ours(forum, "final")) == 1  # the forum has it; the archive does not know yet
        for _ in range(3):
            done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
            assert done.returncode in (polling.EXIT_OK, polling.EXIT_REVIEW), done.stderr
        assert len(ours(forum, "final")) == 1
        row = archive.open_db(tmp_path / "g.db")["outbox"].get("[101]梁山风云|1|final")
        assert row["state"] == "confirmed"


@pytest.mark.parametrize("fault", ["lose", "502", "stale"])
def test_the_readme_cron_line_after_a_fault_posts_once_and_says_what_happened(tmp_path, fault):
    """The README's own cron line (with its --log), run through the proxy: the fault run and three more."""
    import os
    import subprocess
    import sys

    from test_poll_discuz import readme_cron_line

    forum = demo.build()
    with forum, FaultProxy(forum.base_url) as proxy:
        armed = FAULTS[fault](proxy)
        armed.match = "replysubmit=yes"
        proxy.add(armed)
        env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
        cmd = [sys.executable, "-m", "bansha.cli", "poll", str(game_file(tmp_path, proxy.base_url)), "--db",
               str(tmp_path / "g.db"), *readme_cron_line(tmp_path), "--out", str(tmp_path / "o"), "--interval", "0",
               "--timeout", str(TIMEOUT), "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}"]
        codes = [subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120) for _ in range(4)]
        assert len(ours(forum, "final")) == 1
        assert all(c.returncode in (polling.EXIT_OK, polling.EXIT_ERROR, polling.EXIT_REVIEW) for c in codes)
        assert all(c.returncode != polling.EXIT_ERROR for c in codes[1:]), codes[1].stderr
        if codes[0].returncode == polling.EXIT_ERROR:
            assert "结果未确认" in codes[0].stderr and "回帖失败" not in codes[0].stderr
        log = (tmp_path / "poll.log").read_text("utf-8")
        assert "已发布结果帖" in log or "在帖子里找到了这次要发的结果帖" in log
        assert log.count("已发布结果帖") + log.count("在帖子里找到了这次要发的结果帖") == 1
        assert "Traceback" not in log


def test_a_result_pasted_by_hand_from_dayN_bbcode_is_adopted_not_posted_again(site, tmp_path):
    """The forum refused the reply (thread closed); the director pastes dayN.bbcode by hand; the next run
    recognises it by its marker line and posts nothing."""
    forum, proxy = site
    forum.threads[demo.VOTE_TID].closed = True
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert isinstance(error, poster.ThreadClosed) and ours(forum, "final") == []
    forum.threads[demo.VOTE_TID].closed = False
    pasted = (tmp_path / "out" / "day1.bbcode").read_text("utf-8")
    forum.add_post(demo.VOTE_TID, DIRECTOR_UID, pasted.strip())
    said = []
    for _ in range(2):
        lines, error = poll_once(proxy, tmp_path, post=True)
        assert error is None, lines
        said += lines
    assert len(ours(forum, "final")) == 1 and any("不再重复发" in line for line in said)


LEGACY = {  # every marker line poll wrote before v2 (git log -p bansha/poll.py)
    "first": "bansha·［101］梁山风云·第1天·{words}",
    "signed": "bansha·［101］梁山风云·第1天·{words}·v0badf00d",
}


@pytest.mark.parametrize("version,charset", [("first", "utf-8"), ("signed", "gbk")])
def test_a_final_and_a_running_post_of_an_older_version_are_ours_after_an_upgrade(tmp_path, version, charset):
    """The running post and the final were made by an older bansha (its marker line, its archive: state
    'posted', no marker id); the director upgrades mid-game. Every run after knows both as ours: the final
    is neither posted again (not even with --force-post) nor edited while it says the right result, and the
    running post is edited in place."""
    import sqlite_utils

    forum = demo.build(charset=charset)
    with forum, FaultProxy(forum.base_url) as proxy:
        _upgraded_mid_game(forum, proxy, tmp_path, version)


def _upgraded_mid_game(forum, proxy, tmp_path, version):
    import sqlite_utils

    lines, error = poll_once(proxy, tmp_path, running=True, now=BEFORE_CLOSE)
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None and len(ours(forum, "final")) == 1, lines
    db = sqlite_utils.Database(tmp_path / "g.db")
    made = {}
    for kind, words in (("final", "最终结果"), ("running", "实时票数")):
        (post,) = made[kind] = ours(forum, kind)
        body = post.bbcode.rstrip().rsplit("\n", 1)[0]
        post.bbcode = f"{body}\n[size=1]{LEGACY[version].format(words=words)}[/size]"
        with db.conn:
            db.execute("update outbox set state = 'posted', post_id = null, digest = '0badf00d', message = ? "
                       "where phase = ?", [post.bbcode, kind])
    db.execute("PRAGMA user_version = 3")
    db.conn.commit()
    (final,), (running,) = made["final"], made["running"]
    posted = final.bbcode
    said = []
    for force in (False, False, True):
        lines, error = poll_once(proxy, tmp_path, post=True, force_post=force)
        assert error is None, lines
        said += lines
    finals = [p for p in forum.threads[demo.VOTE_TID].posts if p.uid == DIRECTOR_UID and "投票结果[/b]" in p.bbcode]
    assert finals == [final] and final.bbcode == posted and any("旧版本" in line for line in said)  # left as it was
    shown = [p for p in forum.threads[demo.VOTE_TID].posts if p.uid == DIRECTOR_UID and "实时票数（" in p.bbcode]
    assert shown == [running] and "已截止" in running.bbcode and ":running:" in running.bbcode  # edited: a v2 marker now


def test_a_reply_the_forum_applies_late_is_never_posted_twice(site, tmp_path):
    """The reply waits in a slow proxy's queue past our timeout and past any flood-control window (a 版主 has
    none): the runs after it, still within the request life, find nothing and post nothing; once the forum
    applies it, the next run adopts it. The run that lost the answer never promised what does not happen."""
    forum, proxy = site
    proxy.add(Fault("hold", match="replysubmit=yes", hang=TIMEOUT + 0.5))
    said, error = poll_once(proxy, tmp_path, post=True)
    assert isinstance(error, poster.NotConfirmed) and ours(forum, "final") == [], said
    assert "找不到也不会自动重发" not in str(error) and "重新发" in str(error)
    for _ in range(2):
        lines, error = poll_once(proxy, tmp_path, post=True)
        assert error is None and ours(forum, "final") == [], lines
        assert any("不判断它没有发出" in line for line in lines)
    proxy.release()  # the forum applies the held reply now
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None and len(ours(forum, "final")) == 1, lines
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None and len(ours(forum, "final")) == 1, lines
    assert forum.count("replysubmit=yes", "POST") == 1


def test_a_reply_that_never_reaches_the_forum_is_made_again_once_its_life_is_over(tmp_path):
    forum = demo.build()
    with forum, FaultProxy(forum.base_url) as proxy:
        _made_again_after_its_life(forum, proxy, tmp_path)


def _made_again_after_its_life(forum, proxy, tmp_path):
    proxy.add(Fault("hold", match="replysubmit=yes", hang=TIMEOUT + 0.5))
    poll_once(proxy, tmp_path, post=True)
    lines, error = poll_once(proxy, tmp_path, post=True, request_life=0)
    assert error is None and len(ours(forum, "final")) == 1, lines
    for _ in range(2):
        lines, error = poll_once(proxy, tmp_path, post=True, request_life=0)
        assert error is None and len(ours(forum, "final")) == 1, lines


def test_a_result_pasted_by_hand_after_an_unanswered_reply_is_adopted(site, tmp_path):
    """The reply got no answer and never reached the forum; the director, told 「结果未确认」, pastes dayN.bbcode
    by hand (its marker has an id of its own). The next run adopts it — before and after the request life."""
    forum, proxy = site
    proxy.add(Fault("hold", match="replysubmit=yes", hang=TIMEOUT + 0.5))
    said, error = poll_once(proxy, tmp_path, post=True)
    assert isinstance(error, poster.NotConfirmed), said
    pasted = forum.add_post(demo.VOTE_TID, DIRECTOR_UID, (tmp_path / "out" / "day1.bbcode").read_text("utf-8").strip())
    lines, error = poll_once(proxy, tmp_path, post=True)
    assert error is None and ours(forum, "final") == [pasted], lines
    assert any("导演手动发的" in line and "不再重复发" in line for line in lines)
    lines, error = poll_once(proxy, tmp_path, post=True, request_life=0)
    assert error is None and ours(forum, "final") == [pasted], lines
    row = archive.open_db(tmp_path / "g.db")["outbox"].get("[101]梁山风云|1|final")
    assert row["state"] == "confirmed" and row["pid"] == pasted.pid


def test_in_an_author_only_vote_thread_the_results_go_where_players_can_read_them(site, tmp_path):
    """回帖仅作者可见: a reply of ours would be seen by the director and moderators only (flows/hidden-replies: a
    guest gets 此帖仅作者可见 for 导演A's reply too). The running count and the final go to the process thread,
    once each — also when the final's answer is lost on the way — read back as a guest; the vote thread gets
    nothing from us."""
    forum, proxy = site
    forum.threads[demo.VOTE_TID].hidden_replies = True
    lines, error = poll_once(proxy, tmp_path, running=True, now=BEFORE_CLOSE)
    assert error is None and any("回帖仅作者可见" in line and "进程帖" in line for line in lines), lines
    proxy.add(Fault("lose", match="replysubmit=yes"))
    for _ in range(3):
        lines, error = poll_once(proxy, tmp_path, post=True, running=True)
        assert error is None, lines
    assert ours(forum, "final") == ours(forum, "running") == []  # nothing of ours in the vote thread
    mine = [p for p in forum.threads[demo.PROCESS_TID].posts if p.uid == DIRECTOR_UID and "bansha:v2:" in p.bbcode]
    (running,) = [p for p in mine if ":running:" in p.bbcode]
    (final,) = [p for p in mine if ":final:" in p.bbcode]
    assert "李逵 出局" in final.bbcode and "已截止" in running.bbcode and f"pid={final.pid}" in running.bbcode
    assert f"ptid={demo.PROCESS_TID}" in running.bbcode and proxy.faulted("lose") == 1
    from scraper.client import ForumClient

    with ForumClient(min_interval=0) as guest:
        page, _ = guest.fetch_page(f"{forum.base_url}forum.php?mod=viewthread&tid={demo.PROCESS_TID}")
    assert {p.pid: p.status for p in page.posts}[final.pid] == "normal"
