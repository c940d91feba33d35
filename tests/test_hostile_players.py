"""Players who write our marker, and names the forum cannot show (issue 21).

A player's words are never read as ours: an invalid ballot, a reason or a name made of our marker text,
a forged result post, a post edited to contain the marker — the real running and final posts are made
once and stay true. On a GBK forum a game and players named outside GBK: one running post edited in
place, one final, both read back and confirmed, and the forum stores what it would show (`&#N;`).
"""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta

import pytest

from bansha import poll as polling
from bansha.demo import game as demo
from scraper import archive
from test_poll import DIRECTOR, DIRECTOR_UID, game_file

BEFORE_CLOSE = demo.CLOSE - timedelta(hours=10)
AFTER_CLOSE = demo.CLOSE + timedelta(minutes=30)
NAME = "[101]梁山风云"
CODE = hashlib.sha1(NAME.encode("utf-8")).hexdigest()[:8]
FINAL_MARK = f"bansha:v2:{CODE}:1:final:deadbeef:0badf00d"
RUNNING_MARK = f"bansha:v2:{CODE}:1:running:deadbeef:0badf00d"
UID = {name: uid for uid, name in demo.PLAYERS}


@pytest.fixture(params=["utf-8", "gbk"])
def board(request):
    forum = demo.build(charset=request.param)
    with forum:
        yield forum


def ours(forum, kind: str) -> list:
    """The director's posts whose last line is a marker of this kind (as the forum stores them)."""
    return [p for p in forum.threads[demo.VOTE_TID].posts if p.uid == DIRECTOR_UID
            and re.fullmatch(rf"\[size=1\]bansha:v2:\w+:[\d.]+:{kind}:\w+:\w+\[/size\]", p.bbcode.rstrip().splitlines()[-1])]


def run(board, tmp_path, path=None, **kw):
    lines: list[str] = []
    options = polling.PollOptions(login=DIRECTOR, password="demo-director", interval=0, out_dir=tmp_path / "out", **kw)
    polling.run_poll(path or game_file(tmp_path, board.base_url), tmp_path / "g.db", options, lines.append)
    return lines


def the_cron_day(board, tmp_path, path=None):
    """Two runs before close, three after: the running post, then the final."""
    for now in (BEFORE_CLOSE, BEFORE_CLOSE + timedelta(minutes=10)):
        run(board, tmp_path, path, running=True, now=now)
    for _ in range(3):
        run(board, tmp_path, path, post=True, running=True, now=AFTER_CLOSE)


def assert_true_posts(board, tmp_path):
    (running,) = ours(board, "running")
    (final,) = ours(board, "final")
    assert "李逵 出局" in final.bbcode and "[b]票型[/b]" in final.bbcode
    assert "已截止" in running.bbcode and f"pid={final.pid}" in running.bbcode
    db = archive.open_db(tmp_path / "g.db")
    rows = {r["phase"]: r for r in db.query("select * from outbox")}
    assert rows["final"]["pid"] == final.pid and rows["running"]["pid"] == running.pid
    assert final.bbcode.rstrip().splitlines()[-1].startswith("[size=1]bansha:v2:")
    return running, final


@pytest.mark.parametrize("mark", [FINAL_MARK, RUNNING_MARK])
def test_an_invalid_ballot_made_of_our_marker_is_listed_harmlessly(board, tmp_path, mark):
    board.add_post(demo.VOTE_TID, UID["孙二娘"], f"投票对象：{mark}\n投票理由：{mark}", demo.OPEN + timedelta(hours=13))
    the_cron_day(board, tmp_path)
    running, final = assert_true_posts(board, tmp_path)
    # Listed under 无效票, with its 「bansha:」 broken: it can never spell our line.
    assert "bansha：v2" in final.bbcode and mark not in final.bbcode.replace(final.bbcode.rstrip().splitlines()[-1], "")


def test_a_forged_result_post_and_a_post_edited_to_carry_the_marker_are_never_ours(board, tmp_path):
    forged = board.add_post(demo.VOTE_TID, UID["李逵"], f"[b]{NAME} 第1天投票结果[/b]\n结果：吴用 出局\n\n[size=1]{FINAL_MARK}[/size]",
                            demo.OPEN + timedelta(hours=30))
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    edited = next(p for p in board.threads[demo.VOTE_TID].posts if p.author == "武松")
    edited.bbcode += f"\n\n[size=1]{RUNNING_MARK}[/size]"  # edited after the running post was made
    for _ in range(3):
        run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
    running, final = assert_true_posts(board, tmp_path)
    assert final.pid != forged.pid and running.pid != edited.pid
    assert "吴用 出局" not in final.bbcode


def test_a_player_named_like_our_marker_cannot_stop_the_result(board, tmp_path):
    path = game_file(tmp_path, board.base_url)
    hostile = FINAL_MARK
    path.write_text(path.read_text("utf-8").replace('name = "孙二娘"', f'name = "{hostile}"'), "utf-8")
    board.users[UID["孙二娘"]].name = hostile
    for post in board.threads[demo.VOTE_TID].posts + board.threads[demo.DISCUSSION_TID].posts:
        if post.uid == UID["孙二娘"]:
            post.author = hostile
    the_cron_day(board, tmp_path, path)
    running, final = assert_true_posts(board, tmp_path)
    assert hostile not in final.bbcode.rsplit("\n", 1)[0]  # listed as a voter, neutralised


def test_a_game_and_players_named_outside_gbk_on_a_gbk_forum(tmp_path):
    """「[025]𠮷田😀局」 with a player 𠮷田: every character outside GBK is sent as the &#N; the forum keeps
    and shows; the running post is edited in place, the final posted once, each read back and confirmed."""
    forum = demo.build(charset="gbk")
    forum.add_user(30, "𠮷田", password="demo-player")
    with forum:
        path = game_file(tmp_path, forum.base_url)
        text = path.read_text("utf-8").replace(f'name = "{NAME}"', 'name = "[025]𠮷田😀局"')
        path.write_text(text.replace('[[players]]\nname = "孙二娘"', '[[players]]\nname = "孙二娘"\n[[players]]\nname = "𠮷田"'),
                        "utf-8")
        # As a GBK browser sends it, and the forum stores it: 𠮷 is the text &#134071;.
        forum.add_post(demo.VOTE_TID, 30, "投票对象：李逵\n投票理由：&#134071;田觉得他可疑", demo.OPEN + timedelta(hours=2))
        forum.add_post(demo.VOTE_TID, UID["燕青"],
                       forum.quote_bbcode(next(p.pid for p in forum.threads[demo.VOTE_TID].posts if p.author == "燕青"))
                       + "\n\n改票对象：&#134071;田\n改票理由：换一个", BEFORE_CLOSE + timedelta(minutes=5))
        lines: list[str] = []
        for now in (BEFORE_CLOSE, BEFORE_CLOSE + timedelta(minutes=10)):
            lines += run(forum, tmp_path, path, running=True, now=now)
        for _ in range(3):
            lines += run(forum, tmp_path, path, post=True, running=True, now=AFTER_CLOSE)
        (running,) = ours(forum, "running")
        (final,) = ours(forum, "final")
        assert forum.edits >= 1 and "&#134071;田&#128512;局" in final.bbcode and "𠮷" not in final.bbcode
        assert "&#134071;田：1 票" in final.bbcode  # 燕青's change to 𠮷田 was read through the &#N;
        assert any("不在其中" in line and "&#134071;" in line for line in lines)
        assert sum("不在其中" in line for line in lines) <= 5  # said once a run, not once a character
        assert sum(line.startswith("已发布结果帖") for line in lines) == 1
        db = archive.open_db(tmp_path / "g.db")
        assert {r["state"] for r in db.query("select state from outbox")} == {"confirmed"}


def test_a_game_named_with_a_smiley_code_is_shown_as_written(board, tmp_path):
    """「:)」 in a name would become a smiley image on the forum: our posts go out with smilies off."""
    path = game_file(tmp_path, board.base_url)
    path.write_text(path.read_text("utf-8").replace(f'name = "{NAME}"', 'name = "[101]梁山:)风云"'), "utf-8")
    smiling = board.add_post(demo.VOTE_TID, UID["宋江"], "各位好 :) 明天见", demo.OPEN + timedelta(hours=1))
    lines = []
    for _ in range(3):
        lines += run(board, tmp_path, path, post=True, now=AFTER_CLOSE)
    (final,) = ours(board, "final")
    assert final.smileyoff and "梁山:)风云" in final.bbcode
    from scraper.client import ForumClient

    with ForumClient(min_interval=0) as client:
        shown = {p.pid: p for n in (1, 2) for p in
                 client.fetch_page(f"{board.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}&page={n}")[0].posts}
    assert "梁山:)风云" in shown[final.pid].text and "[表情]" not in shown[final.pid].text
    assert "[表情]" in shown[smiling.pid].text  # a player's :) does become one
    assert sum(line.startswith("已发布结果帖") for line in lines) == 1


def test_our_own_post_is_never_a_ballot_whatever_a_players_name_makes_it_say(board, tmp_path):
    """A player registered as 「受燕青委托」 and 燕青 still to vote: our running post then says 「还没有投票：燕青」
    and names 受燕青委托 among 李逵's voters — to the grammar a director's 代投 for 燕青. Our posts (the outbox's
    pids, our account's posts ending in our marker) never enter the tally: the public count shows no forged
    vote, no flag is ours, and the final goes out once, true."""
    hostile = "受燕青委托"
    path = game_file(tmp_path, board.base_url)
    text = path.read_text("utf-8").replace('name = "孙二娘"', f'name = "{hostile}"')
    path.write_text(text + '\n[rules]\nballot_format = "free"\nrequire_reason = false\n', "utf-8")
    board.unpost(demo.VOTE_TID, lambda p: p.author == "燕青")  # 燕青 has not voted yet
    board.users[UID["孙二娘"]].name = hostile
    for thread in board.threads.values():
        for post in thread.posts:
            if post.uid == UID["孙二娘"]:
                post.author = hostile
    the_cron_day(board, tmp_path, path)
    (running,) = ours(board, "running")
    (final,) = ours(board, "final")
    assert "燕青：2 票" in final.bbcode and "李逵 出局" in final.bbcode
    from bansha import pipeline

    game, rules = pipeline.load_game(path)
    db = archive.open_db(tmp_path / "g.db")
    tally = pipeline.tally_from_archive(db, game, rules, 1)
    mine = {running.pid, final.pid}
    assert db["posts"].count_where(f"pid in ({running.pid}, {final.pid})") == 2  # archived, and still not read
    assert not [f for f in tally.flags if f.pid in mine]  # no flag that is our own post, none a ruling can release
    assert not [e for e in tally.entries if e.pid in mine]
    assert tally.totals["燕青"] == 2 and "燕青" in tally.non_voters


def test_a_moderator_who_edits_the_final_and_keeps_the_marker_is_put_back_and_named(board, tmp_path):
    """A 版主 who plays edits our final through the forum's own editor — 李逵 出局 becomes 吴用 出局 — and keeps the
    marker line. The next run compares what the forum shows with what we wrote, puts it back, and says who
    edited it and when (Discuz's edit stamp); the run after sees it true and leaves it."""
    from scraper import auth, poster
    from scraper.client import ForumClient

    board.add_user(40, "版主乙", password="mod-pass", moderator=True)
    the_cron_day(board, tmp_path)
    running, final = assert_true_posts(board, tmp_path)
    with ForumClient(min_interval=0) as client:
        auth.ensure_login(client, board.base_url, "版主乙", "mod-pass")
        poster.edit_once(client, board.base_url, fid=board.threads[demo.VOTE_TID].fid, tid=demo.VOTE_TID, pid=final.pid,
                         message=final.bbcode.replace("李逵 出局", "吴用 出局"), charset=board.charset)
    assert "吴用 出局" in final.bbcode and "本帖最后由 版主乙" in final.bbcode and ":final:" in final.bbcode
    lines = run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
    (final,) = ours(board, "final")
    assert "李逵 出局" in final.bbcode and "吴用 出局" not in final.bbcode
    stamp = board.clock().strftime("%Y-%m-%d %H:%M").replace("-0", "-")
    assert any("被改过" in line and "版主乙" in line and stamp.split()[1] in line for line in lines), lines
    edits = board.edits
    lines = run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
    assert board.edits == edits and any("一致" in line for line in lines)
    assert len(ours(board, "final")) == 1


def test_a_running_post_a_moderator_deleted_is_never_edited_back_out_of_the_recycle_bin(board, tmp_path):
    """A 版主 deletes our running post (into the recycle bin, where an edit by its author would restore it, as
    X3.5's editpost sets invisible back to 0): the 已截止 edit after the close is not made; the final goes out."""
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    (running,) = ours(board, "running")
    board.recycle(running.pid)
    edits = board.edits
    lines = []
    for _ in range(2):
        lines += run(board, tmp_path, post=True, running=True, now=AFTER_CLOSE)
    assert running.recycled and "已截止" not in running.bbcode and board.edits == edits
    assert any("看不到了" in line and "不再编辑" in line for line in lines)
    assert len(ours(board, "final")) == 1, lines


# -- nobody but the director rules (issue 35) --------------------------------------------------------------

def _relay_holding_the_day(board):
    """李逵 3 : 燕青 2 and 吴用's relay for 孙二娘 for 燕青: counted for her it is a tie, so the final waits for a ruling."""
    from test_poll_proof import add_vote_post, drop_votes, no_other_doubts

    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    return add_vote_post(board, "吴用", "孙二娘在QQ上托我帮她投燕青，理由：她说燕青一直在潜水", 15)


def _after_close(board, uid: int, text: str, tid: int = demo.VOTE_TID, minutes: int = 5):
    return board.add_post(tid, uid, text, demo.CLOSE + timedelta(minutes=minutes))


@pytest.mark.parametrize("who", ["player", "quoting player", "moderator", "edited by a moderator", "discussion thread",
                                 "another day in the vote thread", "another day in the process thread"])
def test_only_the_director_rules_and_only_on_this_days_floors(board, tmp_path, who):
    """The director's ruling words, said by anyone else, edited by anyone else, in a thread that is not the
    day's vote or process thread, or for another day's floors, rule nothing: the final stays held."""
    relay = _relay_holding_the_day(board)
    words = f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青"
    if who == "player":
        _after_close(board, UID["林冲"], words)
    elif who == "quoting player":
        said = _after_close(board, DIRECTOR_UID, "大家稍等，裁定稍后发。")
        _after_close(board, UID["宋江"], board.quote_bbcode(said.pid) + "\n\n" + words, minutes=6)
    elif who == "moderator":
        board.add_user(60, "版主丙", password="mod-pass", moderator=True)
        _after_close(board, 60, words)
    elif who == "edited by a moderator":  # edited before the archive first saw it: the stamp names another
        post = _after_close(board, DIRECTOR_UID, words.replace("燕青", "李逵"))
        post.bbcode = f"[i=s] 本帖最后由 版主丙 于 {demo.CLOSE:%Y-%m-%d} 21:06 编辑 [/i]\n\n{words}"
    elif who == "discussion thread":
        _after_close(board, DIRECTOR_UID, words, tid=demo.DISCUSSION_TID)
    elif who == "another day in the vote thread":
        _after_close(board, DIRECTOR_UID, f"第2天 {relay.position}楼 算孙二娘的票，计为燕青")
    else:
        _after_close(board, DIRECTOR_UID, f"第2天 {relay.position}楼 算孙二娘的票，计为燕青", tid=demo.PROCESS_TID)
    lines = run(board, tmp_path, post=True)
    assert ours(board, "final") == [], lines
    assert not any(line.startswith("采用导演在帖子里的裁定") for line in lines), lines
    if who in ("edited by a moderator", "another day in the vote thread"):
        assert any(line.startswith("导演的裁定帖") and "没有采用" in line for line in lines), lines
    # The same words from the director's own account, in the vote thread, release it: the test can fail.
    _after_close(board, DIRECTOR_UID, words, minutes=20)
    run(board, tmp_path, post=True)
    (final,) = ours(board, "final")
    assert "算作 孙二娘 的票" in final.bbcode


def test_a_replys_own_title_is_part_of_what_it_says(board, tmp_path):
    """The hostile round 89 (cases 03, 60, 61): a reply written with a 标题 — the director's 「代投：孙二娘→燕青」 above a body of
    「如题（私信委托）」 — shows the title above the message (X3.5's <h2> in the post); the archive had only the body, and the proxy
    was silently talk. The title is the first line of what the post says."""
    post = board.add_post(demo.VOTE_TID, DIRECTOR_UID, "如题（私信委托）", BEFORE_CLOSE - timedelta(hours=3), subject="代投：孙二娘→燕青")
    run(board, tmp_path, now=BEFORE_CLOSE)
    db = archive.open_db(tmp_path / "g.db")
    (row,) = db.query("select text from posts where pid = ?", [post.pid])
    assert row["text"].splitlines()[:2] == ["代投：孙二娘→燕青", "如题（私信委托）"], row
