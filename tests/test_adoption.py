"""Which posts on the forum are ours (issue 34: 1, 2, 6, 7): the ones we can show we wrote, where players read them.

A marker line is public — it ends every post of ours — so a 版主 can copy it anywhere. A post is ours when the
outbox holds its pid, or when it carries, from the first time the archive read it, a marker whose id we issued
(a reply's, or dayN.bbcode's for a paste by hand); it is adopted as the slot's post only where players can read
it, and it is looked for in every thread of the game. A 导演裁定 line the marker's signature does not cover was
written by no bansha: the post is put back and its editor named. Everything runs on the test forum (real HTTP on
127.0.0.1), the moderator editing through the forum's own editor.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bansha import pipeline
from bansha import poll as polling
from bansha.demo import game as demo
from faultproxy import Fault, FaultProxy
from scraper import archive, auth, poster
from scraper.client import ForumClient
from test_faults import AFTER_CLOSE, BEFORE_CLOSE, TIMEOUT, poll_once
from test_poll import DIRECTOR, DIRECTOR_UID, game_file

MODERATOR = (40, "版主乙", "mod-pass")
FINAL_MARK = re.compile(r"bansha:v2:[0-9a-f]{8}:1:final:[0-9a-f]{8}:[0-9a-f]{8}")


def moderator_edits(forum, pid: int, message: str) -> None:
    """A 版主 who plays rewrites a post through the forum's own editor (the stamp names them)."""
    post = forum.find_post(pid)
    with ForumClient(min_interval=0) as client:
        auth.ensure_login(client, forum.base_url, MODERATOR[1], MODERATOR[2])
        poster.edit_once(client, forum.base_url, fid=forum.threads[post.tid].fid, tid=post.tid, pid=pid,
                         message=message, charset=forum.charset)


def finals(forum) -> list:
    """Every post by the director's account, in any thread, ending in a final-result marker of day 1."""
    return [p for t in forum.threads.values() for p in t.posts
            if p.uid == DIRECTOR_UID and FINAL_MARK.search(p.bbcode.strip().splitlines()[-1]) and not p.recycled]


def marker_of(post) -> str:
    return re.search(r"bansha:v2:[^\[\s]+", post.bbcode.strip().splitlines()[-1]).group(0)


def row(tmp_path, kind: str = "final") -> dict:
    return archive.open_db(tmp_path / "g.db")["outbox"].get(f"[101]梁山风云|1|{kind}")


# -- 1. the director's own 代投 that a 版主 gave our marker line ----------------------------------------------------

PROXIED = {"孙二娘": "燕青", "鲁智深": "燕青"}  # who asked the director to vote for them, and for whom


def proxy_day():
    """The demo day with two of its ballots made by the director for the players who asked (代投): 孙二娘's and
    鲁智深's own ballots are gone, and so is 孙二娘's musing that reads like one."""
    forum = demo.build()
    forum.add_user(*MODERATOR[:2], password=MODERATOR[2], moderator=True)
    forum.unpost(demo.VOTE_TID, lambda p: p.author in PROXIED and "李逵" in p.bbcode)
    proxies = [forum.add_post(demo.VOTE_TID, DIRECTOR_UID, f"代投：受{voter}委托\n投票对象：{target}\n投票理由：本人私信委托",
                              demo.OPEN + timedelta(hours=30 + n)) for n, (voter, target) in enumerate(PROXIED.items())]
    return forum, proxies


def voters_of(bbcode: str, name: str) -> str:
    """The 票型 line of `name` in a result post: 「燕青：4 票 ← …」."""
    return next(line for line in bbcode.splitlines() if re.match(rf"\s*{name}：\d", re.sub(r"\[/?[^\]]*\]", "", line)))


def count_of_the_day(forum, tmp_path):
    """The day as an archive that read it before any 版主 came would count it: a sync of its own, as the director."""
    from scraper.sync import sync_thread

    db = archive.open_db(tmp_path / "before.db")
    with ForumClient(min_interval=0) as client:
        auth.ensure_login(client, forum.base_url, demo.DIRECTOR[1], "demo-director")
        sync_thread(client, db, f"{forum.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}")
    game, rules = pipeline.load_game(game_file(tmp_path, forum.base_url))
    return pipeline.tally_from_archive(db, game, rules, 1)


@pytest.mark.parametrize("how", ["running-marker-as-final", "the-final's-own-marker", "before-any-read",
                                 "before-any-read-by-an-administrator"])
def test_the_directors_proxy_with_our_marker_line_is_a_ballot_and_never_edited(tmp_path, how):
    """A 版主 appends our marker line to the director's own 代投 after the close — the running post's marker
    relabelled final, before the final is out; the final's own marker, copied after it is out; or, before any
    run had read the 代投, a marker with an id of its own (by an administrator too, whose edits Discuz does not
    stamp: checked on the lab's X3.5). It stays a ballot: the final says what the count with
    it says, it is never taken for our final and never edited by us."""
    from scraper import outbox

    forum, proxies = proxy_day()
    target = proxies[0]
    with forum, FaultProxy(forum.base_url) as proxy:
        counted = count_of_the_day(forum, tmp_path)
        expected = counted.outcome.describe()
        assert {e.pid for e in counted.entries if e.kind == "proxy" and e.verdict == "counted"} == {p.pid for p in proxies}
        if how.startswith("before-any-read"):  # the 版主 was quicker than any run of ours
            mark = outbox.Slot("[101]梁山风云", 1, "1", "final").marker("0badc0de", "0badf00d")
        else:
            lines, error = poll_once(proxy, tmp_path, running=True, now=BEFORE_CLOSE)
            assert error is None, lines
            (running,) = [p for p in forum.threads[demo.VOTE_TID].posts if ":running:" in p.bbcode]
            mark = marker_of(running).replace(":running:", ":final:")
        if how == "the-final's-own-marker":
            lines, error = poll_once(proxy, tmp_path, post=True, running=True)
            assert error is None and len(finals(forum)) == 1, lines
            mark = marker_of(finals(forum)[0])
        if how.endswith("administrator"):  # adminid 1: editpost adds no 本帖最后由 stamp
            target.bbcode = f"{target.bbcode}\n\n[size=1]{mark}[/size]"
        else:
            moderator_edits(forum, target.pid, f"{target.bbcode}\n\n[size=1]{mark}[/size]")
            assert "本帖最后由 版主乙" in target.bbcode
        left_by_moderator = target.bbcode
        assert left_by_moderator.rstrip().endswith(f"{mark}[/size]")
        # Edited after the close, the 代投 is a doubt until the director, who made it, rules it as written.
        archive.save_ruling(archive.open_db(tmp_path / "g.db"), game="[101]梁山风云", day=1, pid=target.pid,
                            decision="accept", note="导演本人的代投")
        for _ in range(3):
            lines, error = poll_once(proxy, tmp_path, post=True, running=True)
            assert error is None, lines
    assert target.bbcode == left_by_moderator  # never edited by us
    (final,) = [p for p in finals(forum) if p.pid != target.pid]
    assert expected in final.bbcode and row(tmp_path)["pid"] == final.pid
    line = voters_of(final.bbcode, PROXIED["孙二娘"])
    assert all(voter in line for voter in PROXIED)  # both 代投 counted
    game, rules = pipeline.load_game(tmp_path / "game.toml")
    tally = pipeline.tally_from_archive(archive.open_db(tmp_path / "g.db"), game, rules, 1)
    assert tally.outcome.describe() == expected
    assert next(e for e in tally.entries if e.pid == target.pid).verdict == "counted"


# -- 2. a 导演裁定 line no bansha wrote ----------------------------------------------------------------------------------


def test_a_ruling_a_moderator_adds_to_our_final_is_put_back_and_the_editor_named(tmp_path):
    """A 版主 rewrites our final: a 导演裁定 section ruling 武松's ballot 计为 another player, marker kept. No archive
    of ours wrote that ruling (the marker's signature is of the count without it): the next run puts the post back
    to what we wrote and names the editor in its words, its summary and the director's report; the run after
    finds it true."""
    forum = demo.build()
    forum.add_user(*MODERATOR[:2], password=MODERATOR[2], moderator=True)
    with forum, FaultProxy(forum.base_url) as proxy:
        lines, error = poll_once(proxy, tmp_path, post=True, running=True)
        assert error is None, lines
        (final,) = finals(forum)
        written = final.bbcode
        ballot = next(p for p in forum.threads[demo.VOTE_TID].posts if p.author == "武松")
        other = next(name for _, name in demo.PLAYERS if name not in ("武松", "燕青"))
        ruling = f"#{ballot.position} 武松：计为「{other}」"
        head, tail = written.split("[b]结果[/b]", 1)
        moderator_edits(forum, final.pid, f"{head}[b]导演裁定[/b]\n{ruling}\n\n[b]结果[/b]{tail}")
        assert ruling in final.bbcode and FINAL_MARK.search(final.bbcode)
        stamp = re.search(r"本帖最后由 (\S+) 于 ([0-9: -]+) 编辑", final.bbcode)
        options = dict(post=True, running=True)
        result_lines: list[str] = []  # poll_once's run, keeping the summary too
        summary = polling.run_poll(game_file(tmp_path, proxy.base_url), tmp_path / "g.db", polling.PollOptions(
            login=DIRECTOR, password="demo-director", interval=0, timeout=TIMEOUT, out_dir=tmp_path / "out",
            now=AFTER_CLOSE, **options), result_lines.append).summary
        assert ruling not in final.bbcode and "导演裁定" not in final.bbcode
        assert re.sub(r"\[i=s\].*?\[/i\]\s*", "", final.bbcode).strip() == re.sub(r"\[i=s\].*?\[/i\]\s*", "", written).strip()
        editor, when = stamp.group(1), stamp.group(2).split()[1]
        assert editor == MODERATOR[1]
        told = [line for line in result_lines if "被改过" in line and editor in line and when in line]
        assert told and any(ruling.split("：")[1] in line for line in told), result_lines
        assert editor in summary
        assert editor in (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
        edits = forum.edits
        lines, error = poll_once(proxy, tmp_path, **options)
        assert error is None and forum.edits == edits and any("一致" in line for line in lines), lines
    assert len(finals(forum)) == 1


# -- 6. a paste where players cannot read it ------------------------------------------------------------------------


def test_a_paste_into_an_author_only_vote_thread_is_not_the_published_result(tmp_path):
    """回帖仅作者可见 on the vote thread; the director pastes dayN.bbcode there by hand. Only they and moderators
    read it: it is not adopted, the final goes to the process thread, read back there as a guest."""
    forum = demo.build()
    forum.threads[demo.VOTE_TID].hidden_replies = True
    with forum, FaultProxy(forum.base_url) as proxy:
        lines, error = poll_once(proxy, tmp_path)  # the count after the close, no posting: dayN.bbcode is written
        assert error is None, lines
        pasted = forum.add_post(demo.VOTE_TID, DIRECTOR_UID, (tmp_path / "out" / "day1.bbcode").read_text("utf-8").strip())
        said = []
        for _ in range(2):
            lines, error = poll_once(proxy, tmp_path, post=True, running=True)
            assert error is None, lines
            said += lines
        with ForumClient(min_interval=0) as guest:
            page, _ = guest.fetch_page(f"{forum.base_url}forum.php?mod=viewthread&tid={demo.PROCESS_TID}&page=99")
    (published,) = [p for p in finals(forum) if p.tid == demo.PROCESS_TID]
    assert finals(forum) == [pasted, published]
    assert row(tmp_path)["tid"] == demo.PROCESS_TID and row(tmp_path)["pid"] == published.pid
    assert {p.pid: p.status for p in page.posts}[published.pid] == "normal"
    assert any(f"pid {pasted.pid}" in line and "回帖仅作者可见" in line for line in said), said


# -- 7. a paste in another thread of the game ------------------------------------------------------------------------


@pytest.mark.parametrize("where", [demo.PROCESS_TID, demo.DISCUSSION_TID])
def test_a_paste_in_another_thread_after_an_unanswered_reply_is_adopted(tmp_path, where):
    """The reply got no answer and never reached the forum; the director pastes dayN.bbcode into the process (or
    discussion) thread. The runs after — the reply's life over — find it there and post nothing more."""
    forum = demo.build()
    with forum, FaultProxy(forum.base_url) as proxy:
        proxy.add(Fault("hold", match="replysubmit=yes", hang=TIMEOUT + 0.5))
        lines, error = poll_once(proxy, tmp_path, post=True)
        assert isinstance(error, poster.NotConfirmed) and finals(forum) == [], lines
        pasted = forum.add_post(where, DIRECTOR_UID, (tmp_path / "out" / "day1.bbcode").read_text("utf-8").strip())
        said = []
        for _ in range(2):
            lines, error = poll_once(proxy, tmp_path, post=True, running=True, request_life=0)
            assert error is None, lines
            said += lines
    assert finals(forum) == [pasted]
    assert row(tmp_path)["state"] == "confirmed" and (row(tmp_path)["tid"], row(tmp_path)["pid"]) == (where, pasted.pid)
    assert any("导演手动发的" in line and "不再重复发" in line for line in said), said


def test_dayn_bbcode_edited_into_the_opening_post_of_an_author_only_thread_is_the_published_result(tmp_path):
    """Nowhere players can read a reply (the vote thread 回帖仅作者可见, the process thread too): the run posts
    nothing and asks the director to edit dayN.bbcode into the vote thread's opening post, as the README says.
    Done, the next run takes that post for the published final (first read without our marker, it is the one
    such post we adopt: the opening post, with the id we issued) — and posts nothing, edits nothing."""
    forum = demo.build()
    for tid in (demo.VOTE_TID, demo.PROCESS_TID):
        forum.threads[tid].hidden_replies = True
    with forum, FaultProxy(forum.base_url) as proxy:
        lines, error = poll_once(proxy, tmp_path, post=True)
        assert error is not None and finals(forum) == [], lines
        opening = forum.threads[demo.VOTE_TID].posts[0]
        opening.bbcode += "\n\n" + (tmp_path / "out" / "day1.bbcode").read_text("utf-8").strip()
        edited = opening.bbcode
        edits = forum.edits
        for _ in range(2):
            lines, error = poll_once(proxy, tmp_path, post=True, running=True)
            assert error is None, lines
    assert finals(forum) == [opening] and opening.bbcode == edited and forum.edits == edits
    assert row(tmp_path)["pid"] == opening.pid and row(tmp_path)["state"] == "confirmed"


# -- the hostile round 82 (N59): the running post rewritten under another marker ---------------------------------------


@pytest.mark.parametrize("marker", ["another", "none"])
def test_a_running_post_a_moderator_rewrites_under_another_marker_is_put_back(tmp_path, marker):
    """A 版主 rewrites our running post to say 「若此刻截止：杨康 出局」 and puts another post's marker under it (or none):
    the post at our pid, by our account, was said to be gone — never put back, the forged count left up after the final. The
    next run puts it back and says who edited it; after the close it says 已截止."""
    forum = demo.build()
    forum.add_user(*MODERATOR[:2], password=MODERATOR[2], moderator=True)
    with forum, FaultProxy(forum.base_url) as proxy:
        lines, error = poll_once(proxy, tmp_path, running=True, now=BEFORE_CLOSE)
        assert error is None, lines
        (running,) = [p for p in forum.threads[demo.VOTE_TID].posts if ":running:" in p.bbcode]
        forged = "若此刻截止：宋江 出局。"
        tail = "" if marker == "none" else "\n\n[size=1]" + marker_of(running).replace(row(tmp_path, "running")["post_id"], "8fd1473c") + "[/size]"
        moderator_edits(forum, running.pid, f"[b]实时票数[/b]\n{forged}{tail}")
        lines, error = poll_once(proxy, tmp_path, running=True, now=BEFORE_CLOSE + timedelta(minutes=5))
        assert error is None, lines
        assert forged not in running.bbcode and any("被改过" in line and MODERATOR[1] in line for line in lines), lines
        lines, error = poll_once(proxy, tmp_path, post=True, running=True)
        assert error is None, lines
        assert forged not in running.bbcode and "已截止" in running.bbcode, running.bbcode
