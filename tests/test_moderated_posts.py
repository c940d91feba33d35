"""Our posts as players read them, on boards a moderator keeps (issue 34, items 5, 8, 9).

- 屏蔽: a 版主 blocks our final; players read only 「该帖被管理员或版主屏蔽」 while the director's own account (a
  版主 too, as 导演A is in discuz-x35/game056) still reads the text under that notice. The run must not call it
  published, must say so, and must never post a second final beside it.
- 审核: a final whose answer was lost is held for 审核, in no thread page for anyone; only the director's own
  「我的帖子 → 回复 → 待审核」 lists it. After --request-life it must be found there, never posted again.
- That list is 20 a page, newest first: a held final behind 20 newer held replies is on page 2, and is still
  held; a page that cannot be read means "unknown", never "deleted".
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest
import sqlite_utils

from bansha import poll as polling
from bansha.demo import game as demo
from bansha.demo.forum import Fault as ForumFault
from faultproxy import Fault, FaultProxy
from scraper import poster
from scraper.client import ForumClient
from test_poll import DIRECTOR, DIRECTOR_UID, game_file

AFTER_CLOSE = demo.CLOSE + timedelta(minutes=30)
TIMEOUT = 1.0
SLOT = "[101]梁山风云|1|final"


@pytest.fixture(params=["utf-8", "gbk"])
def board(request):
    forum = demo.build(charset=request.param)
    with forum:
        yield forum


def finals(forum, tid=demo.VOTE_TID) -> list:
    return [p for p in forum.threads[tid].posts if p.uid == DIRECTOR_UID and ":final:" in p.bbcode]


def run(base: str, tmp_path, *, announce: str = "vote", **kw) -> tuple[list[str], Exception | None, polling.PollResult | None]:
    """One cron run: its log lines, the error it stopped with (if any), its result."""
    lines: list[str] = []
    kw.setdefault("now", AFTER_CLOSE)
    options = polling.PollOptions(login=DIRECTOR, password="demo-director", interval=0, timeout=TIMEOUT,
                                  out_dir=tmp_path / "out", post=True, **kw)
    path = game_file(tmp_path, base)
    if announce != "vote":  # results 公示 in the process thread
        path.write_text(path.read_text("utf-8").replace('directors = ["导演甲"]', f'directors = ["导演甲"]\nannounce = "{announce}"'),
                        "utf-8")
    try:
        result = polling.run_poll(path, tmp_path / "g.db", options, lines.append)
    except poster.PostError as error:
        lines.append(f"{error.title}：{error}")
        return lines, error, None
    return lines, None, result


def cli(tmp_path, base: str, *args):
    env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
    cmd = [sys.executable, "-m", "bansha.cli", "poll", str(game_file(tmp_path, base)), "--db", str(tmp_path / "g.db"),
           "--out", str(tmp_path / "out"), "--interval", "0", "--login", DIRECTOR, "--post",
           "--now", f"{AFTER_CLOSE:%Y-%m-%d %H:%M}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)


def outbox_row(tmp_path) -> dict:
    return sqlite_utils.Database(tmp_path / "g.db")["outbox"].get(SLOT)


def as_guest(forum, pid: int):
    """The post as a player (here a guest) reads it on the page findpost leads to."""
    with ForumClient(min_interval=0) as guest:
        page, _ = guest.fetch_page(f"{forum.base_url}forum.php?mod=redirect&goto=findpost&ptid={demo.VOTE_TID}&pid={pid}")
    return next(p for p in page.posts if p.pid == pid)


# -- 5: a final a moderator 屏蔽s ------------------------------------------------------------------------------

@pytest.mark.parametrize("moderator", [True, False], ids=["director-is-moderator", "director-is-not"])
def test_a_final_a_moderator_bans_is_not_called_published_and_never_posted_twice(board, tmp_path, moderator):
    """The director's account reads the banned final's text (a 版主) or only the notice (not one); either way
    the players read only the notice. Every run says so in words, exits 1, and neither a plain run nor
    --force-post makes a second final while the banned one stands; once the ban is lifted the run is quiet."""
    board.users[DIRECTOR_UID].moderator = moderator
    lines, error, result = run(board.base_url, tmp_path)
    assert error is None and result.final_done, lines
    (final,) = finals(board)
    board.ban_post(final.pid)  # topicadmin action=banpost
    assert as_guest(board, final.pid).status == "hidden" and as_guest(board, final.pid).text == ""
    for extra in ((), ("--force-post",)):
        done = cli(tmp_path, board.base_url, *extra)
        assert done.returncode == polling.EXIT_ERROR, (done.stdout, done.stderr)
        assert "结果帖被屏蔽" in done.stderr and "玩家看到的只是「该帖被管理员或版主屏蔽」" in done.stderr
        assert "取消屏蔽" in done.stderr and "结果帖已发布" not in done.stdout + done.stderr
        assert "Traceback" not in done.stderr
        assert finals(board) == [final] and final.hidden
    assert board.edits == 0  # nothing written over the banned post either
    board.ban_post(final.pid, False)  # the moderator lifts the ban
    lines, error, result = run(board.base_url, tmp_path)
    assert error is None and result.final_done and "结果帖已发布" in result.summary, lines
    assert finals(board) == [final] and as_guest(board, final.pid).status == "normal"


def test_a_running_post_a_moderator_bans_is_named_and_left_alone(board, tmp_path):
    board.users[DIRECTOR_UID].moderator = True
    before = demo.CLOSE - timedelta(hours=10)
    _run_running(board, tmp_path, before)
    (running,) = [p for p in board.threads[demo.VOTE_TID].posts if p.uid == DIRECTOR_UID and ":running:" in p.bbcode]
    board.ban_post(running.pid)
    edits = board.edits
    lines, error, _ = _run_running(board, tmp_path, before + timedelta(minutes=10))
    assert error is None and any("实时票数帖" in line and "被版主屏蔽了" in line for line in lines), lines
    assert board.edits == edits and len([p for p in board.threads[demo.VOTE_TID].posts if ":running:" in p.bbcode]) == 1


def _run_running(board, tmp_path, now):
    lines: list[str] = []
    options = polling.PollOptions(login=DIRECTOR, password="demo-director", interval=0, timeout=TIMEOUT,
                                  out_dir=tmp_path / "out", running=True, now=now)
    polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db", options, lines.append)
    return lines, None, None


# -- 8: a held final whose answer was lost ---------------------------------------------------------------------

@pytest.fixture
def moderated_site(request):
    charset = getattr(request, "param", "utf-8")
    forum = demo.build(charset=charset)
    for thread in forum.threads.values():  # modnewposts = 2 is the board's: every thread holds replies
        thread.moderated = True
    with forum, FaultProxy(forum.base_url) as proxy:
        yield forum, proxy


@pytest.mark.parametrize("moderated_site", ["utf-8", "gbk"], indirect=True)
def test_a_held_final_whose_answer_was_lost_is_found_in_my_pending_posts_and_never_posted_again(moderated_site, tmp_path):
    """The reply reaches the forum, which holds it for 审核; its answer never comes back. The post is in no thread
    page for anyone. Once --request-life is over the run reads 「我的帖子 → 待审核」, finds it there (its edit
    form holds our marker), marks it pending — and no later run, --force-post included, posts a second."""
    forum, proxy = moderated_site
    proxy.add(Fault("lose", match="replysubmit=yes"))
    lines, error, _ = run(proxy.base_url, tmp_path)
    assert proxy.faulted("lose") == 1 and isinstance(error, poster.NotConfirmed), lines
    (held,) = [p for p in forum.threads[demo.VOTE_TID].posts if p.pending]  # the forum did take it
    assert held.uid == DIRECTOR_UID and outbox_row(tmp_path)["pid"] is None  # we never learnt its pid
    for extra in ({}, {"force_post": True}):
        lines, error, result = run(proxy.base_url, tmp_path, request_life=0, **extra)
        assert error is None, lines
        if not extra:  # found there in the first run after the request life; pending ever since
            assert any("「我的帖子 → 待审核」里" in line and f"pid {held.pid}" in line for line in lines), lines
        assert finals(forum) == [held], [p.pid for p in finals(forum)]
        assert "等待版主审核" in result.summary
        row = outbox_row(tmp_path)
        assert (row["state"], row["pid"]) == ("pending", held.pid)
    assert forum.count("replysubmit=yes", "POST") == 1
    forum.approve(held.pid)
    lines, error, result = run(proxy.base_url, tmp_path, request_life=0)
    assert error is None and result.final_done and finals(forum) == [held], lines
    assert (outbox_row(tmp_path)["state"], outbox_row(tmp_path)["pid"]) == ("confirmed", held.pid)


def test_announced_in_the_process_thread_a_lost_held_final_is_not_posted_again_unattended(moderated_site, tmp_path):
    """The same with results 公示 in the process thread (announce = "process"): there no unseen floor of the
    vote thread holds the final back, so a plain cron run after --request-life would post a second one."""
    forum, proxy = moderated_site
    proxy.add(Fault("lose", match="replysubmit=yes"))
    lines, error, _ = run(proxy.base_url, tmp_path, announce="process")
    assert proxy.faulted("lose") == 1, lines
    (held,) = [p for p in forum.threads[demo.PROCESS_TID].posts if p.pending]
    for _ in range(2):
        lines, error, result = run(proxy.base_url, tmp_path, request_life=0, announce="process")
        assert error is None and finals(forum, demo.PROCESS_TID) == [held], lines
    assert forum.count("replysubmit=yes", "POST") == 1


def test_an_unreadable_pending_list_after_a_lost_answer_posts_nothing(moderated_site, tmp_path):
    """A lost answer, and the 待审核 list cannot be read: unknown — the run posts nothing and says why."""
    forum, proxy = moderated_site
    proxy.add(Fault("lose", match="replysubmit=yes"))
    run(proxy.base_url, tmp_path)
    forum.faults.append(ForumFault("drop", match="filter=aduit", times=99))
    lines, error, _ = run(proxy.base_url, tmp_path, request_life=0)
    assert isinstance(error, poster.Stuck) and "待审核" in str(error) and "读取失败" in str(error), lines
    assert forum.count("replysubmit=yes", "POST") == 1
    forum.faults.clear()
    lines, error, _ = run(proxy.base_url, tmp_path, request_life=0)
    assert error is None and outbox_row(tmp_path)["state"] == "pending", lines
    assert forum.count("replysubmit=yes", "POST") == 1


# -- 9: the held final on page 2 of 我的帖子 → 待审核 ---------------------------------------------------------------

def _pushed_down(board) -> tuple:
    """The final held for 审核, then 20 newer held replies of the director (another thread, later times)."""
    from bansha.demo.forum import moderation

    board.threads[demo.VOTE_TID].moderated = True
    water = board.add_thread(104, "[101]梁山风云——闲聊水楼", moderated=True)
    board.add_post(water.tid, 11, "水楼开张，随便聊。", demo.OPEN)
    return water, moderation.MY_POSTS_PER_PAGE


def held_list_page(board, pid: int) -> int:
    """Which page of the director's 待审核 list shows `pid`: newest first, 20 a page, as Discuz orders it."""
    from bansha.demo.forum import moderation

    mine = sorted((p for t in board.threads.values() for p in t.posts
                   if p.uid == DIRECTOR_UID and p.pending and not p.recycled and p.position > 1),
                  key=lambda p: (p.dateline, p.pid), reverse=True)
    return [p.pid for p in mine].index(pid) // moderation.MY_POSTS_PER_PAGE + 1


def test_a_held_final_on_the_second_page_of_my_pending_posts_is_still_held(board, tmp_path):
    """Behind 20 newer held replies the final is on page 2 of 「我的帖子 → 待审核」: the run reads the list to its
    end, still waits, never says the moderator deleted it; once passed it is adopted; once deleted (the whole
    list read, not there) the director is told."""
    water, per_page = _pushed_down(board)
    lines, error, _ = run(board.base_url, tmp_path)
    assert error is None, lines
    (held,) = [p for p in board.threads[demo.VOTE_TID].posts if p.pending]
    for n in range(per_page):
        board.add_post(water.tid, DIRECTOR_UID, f"导演在水楼的第 {n + 1} 条回复", AFTER_CLOSE + timedelta(minutes=1 + n),
                       pending=True)
    assert held_list_page(board, held.pid) == 2
    for _ in range(2):
        lines, error, result = run(board.base_url, tmp_path)
        assert error is None and "等待版主审核" in result.summary, lines
        assert not any("删除" in line for line in lines), lines
        assert outbox_row(tmp_path)["state"] == "pending" and finals(board) == [held]
    assert board.count("filter=aduit&page=2", "GET") >= 2
    board.recycle(held.pid)  # now the moderator does delete it: the whole list read, it is not there
    lines, error, _ = run(board.base_url, tmp_path)
    assert isinstance(error, poster.Stuck) and "版主把它删除了" in str(error), lines
    assert finals(board) == [held]


def test_a_page_of_my_pending_posts_that_fails_is_unknown_never_deleted(board, tmp_path):
    water, per_page = _pushed_down(board)
    run(board.base_url, tmp_path)
    (held,) = [p for p in board.threads[demo.VOTE_TID].posts if p.pending]
    for n in range(per_page + 3):
        board.add_post(water.tid, DIRECTOR_UID, f"导演在水楼的第 {n + 1} 条回复", AFTER_CLOSE + timedelta(minutes=1 + n),
                       pending=True)
    assert held_list_page(board, held.pid) == 2
    board.faults.append(ForumFault("drop", match="filter=aduit&page=2", times=99))
    lines, error, result = run(board.base_url, tmp_path)
    assert error is None and outbox_row(tmp_path)["state"] == "pending", lines
    assert any("第 2 页读取失败" in line and "不会重复发" in line for line in lines), lines
    assert not any("删除" in line for line in lines) and finals(board) == [held]


def test_the_pending_list_pages_as_simplepage_does(board):
    """The test forum's 待审核 list as space_thread.php makes it: 20 a page, newest first, 下一页 on a full page,
    上一页 from page 2, and the pages together hold every held reply once."""
    from scraper import auth
    from scraper.pages import space

    water, per_page = _pushed_down(board)
    made = [board.add_post(water.tid, DIRECTOR_UID, f"导演的第 {n + 1} 条回复", AFTER_CLOSE + timedelta(minutes=n), pending=True)
            for n in range(per_page + 5)]
    with ForumClient(min_interval=0) as client:
        auth.ensure_login(client, board.base_url, DIRECTOR, "demo-director")
        pages = [space.held_page(client.get(board.base_url + space.page_url(n)).body, f"text/html; charset={board.charset}")
                 for n in (1, 2, 3)]
        raw = client.get(board.base_url + space.page_url(2)).body.decode(board.charset)
    assert [len(p.posts) for p in pages] == [per_page, len(made) - per_page, 0]
    assert [p.more for p in pages] == [True, False, False]
    assert set().union(*(p.posts for p in pages)) == {m.pid for m in made}
    assert list(pages[0].posts)[0] == made[-1].pid  # newest first
    assert '<div class="pg"><span class="pgb"><a href="home.php?mod=space&uid=2&do=thread&view=me&type=reply' \
           '&order=dateline&filter=aduit&amp;page=1">上一页</a></span></div>' in raw
