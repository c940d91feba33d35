"""Issue 35 end to end on the test forum: the director rules where directors already rule — a 【裁定】 posted in
the game's threads is read, applied and shown — and nobody else can rule.

The day: 李逵 3 : 燕青 2, and 吴用 relays a ballot for 孙二娘 (who never voted) for 燕青 — counted for her it is a tie,
so the final is held until the director rules (tests/test_poll_proof.py has the same day ruled from the terminal).
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest

from bansha import pipeline
from bansha import poll as polling
from bansha.demo import game as demo
from test_poll import DIRECTOR_UID, game_file, options
from test_poll_discuz import BEFORE_CLOSE, final_posts, running_posts
from test_poll_proof import add_vote_post, drop_votes, no_other_doubts

UID = {name: uid for uid, name in demo.PLAYERS}


@pytest.fixture(params=["utf-8", "gbk"])
def board(request):
    forum = demo.build(charset=request.param)
    with forum:
        yield forum


def held_day(board):
    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    return add_vote_post(board, "吴用", "孙二娘在QQ上托我帮她投燕青，理由：她说燕青一直在潜水", 15)


def run(board, tmp_path, path=None, **kw):
    lines: list[str] = []
    kw.setdefault("out_dir", tmp_path / "out")
    result = polling.run_poll(path or game_file(tmp_path, board.base_url), tmp_path / "g.db",
                              options(board, **kw), lines.append)
    return result, lines


def say(board, uid: int, text: str, minutes: float = 10, tid: int = demo.VOTE_TID):
    """A post made `minutes` after the close (the forum's clock is 30 minutes after it)."""
    return board.add_post(tid, uid, text, demo.CLOSE + timedelta(minutes=minutes))


def moderator_edit(post, who: str = "版主乙"):
    """A moderator's edit as Discuz stamps it."""
    post.bbcode = (f"[i=s] 本帖最后由 {who} 于 {demo.CLOSE.year}-{demo.CLOSE.month}-{demo.CLOSE.day} 21:25 编辑 [/i]\n\n"
                   + post.bbcode.replace("燕青", "李逵"))


def test_the_directors_ruling_in_the_vote_thread_releases_the_held_final_and_is_named_in_it(board, tmp_path):
    relay = held_day(board)
    run(board, tmp_path, running=True, now=BEFORE_CLOSE)
    result, _ = run(board, tmp_path, post=True, running=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    (running,) = running_posts(board)
    waiting = running.bbcode
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    result, lines = run(board, tmp_path, post=True, running=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode and "算作 孙二娘 的票" in final.bbcode and result.code == polling.EXIT_OK
    # The final names the ruling and links the post it came from.
    assert f"导演 [url=" in final.bbcode and f"pid={ruling.pid}" in final.bbcode and f"#{ruling.position}[/url]" in final.bbcode
    assert any(line.startswith("采用导演在帖子里的裁定") and f"#{ruling.position}" in line for line in lines)
    # The running post no longer says the final waits for a ruling; one more run posts nothing more.
    assert running_posts(board)[0].bbcode != waiting
    run(board, tmp_path, post=True, running=True)
    assert len(final_posts(board)) == 1
    report = (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
    assert f"裁定来自 #{ruling.position} 导演甲" in report


def test_a_player_writing_the_same_words_rules_nothing(board, tmp_path):
    relay = held_day(board)
    say(board, UID["林冲"], f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    say(board, UID["宋江"], f"[quote]【裁定】{relay.position}楼 算孙二娘的票，计为燕青[/quote]\n同意")
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    assert not any("采用导演在帖子里的裁定" in line for line in lines)


def test_a_ruling_a_moderator_edited_stops_applying_and_the_director_is_told(board, tmp_path):
    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode
    moderator_edit(ruling)
    result, lines = run(board, tmp_path, post=True)
    told = [line for line in lines if line.startswith(f"导演的裁定帖 #{ruling.position}")]
    assert told and "版主乙" in told[0] and "不再采用" in told[0], lines
    assert "导演的裁定帖有 1 帖没有采用" in result.summary
    # The count is held again: the posted final is not corrected to a count nobody proved, and the run says so.
    assert result.code == polling.EXIT_REVIEW
    assert "版主乙" in (tmp_path / "out" / "day1.director.txt").read_text("utf-8")


def test_a_moderators_edit_with_the_directors_stamp_typed_at_its_end_is_still_the_moderators(board, tmp_path):
    """A 版主 rewrites the ruling and types 「[i=s] 本帖最后由 导演甲 于 … 编辑 [/i]」 at its end: [i=s] renders as the
    forum's stamp does, but the forum writes its own at the start of the message (discuz.md, 7) — the one there
    names the 版主, and the typed one is text (the last stamp in the page passed the edit off as the director's)."""
    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    run(board, tmp_path, post=True)
    moderator_edit(ruling)
    ruling.bbcode += f"\n[i=s] 本帖最后由 导演甲 于 {demo.CLOSE.year}-{demo.CLOSE.month}-{demo.CLOSE.day} 21:26 编辑 [/i]"
    result, lines = run(board, tmp_path, post=True)
    told = [line for line in lines if line.startswith(f"导演的裁定帖 #{ruling.position}")]
    assert told and "版主乙" in told[0] and "不再采用" in told[0], lines
    # The forged ruling (计为李逵) would put 李逵 out: nothing says so in the thread.
    assert result.code == polling.EXIT_REVIEW and all("李逵 出局" not in p.bbcode for p in final_posts(board))


def test_an_admins_edit_with_the_directors_stamp_typed_first_and_dated_before_the_post_is_nobodys(board, tmp_path):
    """The hostile round (issue 42, 1): an administrator's edit carries no stamp of its own, and one typed where the
    forum puts its stamp — first — looks the forum's. Dated before the ruling was even posted, it cannot be the
    forum's: who edited is unknown, the ruling is set aside and the director told."""
    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    run(board, tmp_path, post=True)
    before = demo.OPEN - timedelta(hours=1)
    ruling.bbcode = (f"[i=s] 本帖最后由 导演甲 于 {before.year}-{before.month}-{before.day} {before:%H:%M} 编辑 [/i]\n\n"
                     + ruling.bbcode.replace("燕青", "李逵"))
    result, lines = run(board, tmp_path, post=True)
    told = [line for line in lines if line.startswith(f"导演的裁定帖 #{ruling.position}")]
    assert told and "早于发帖时间" in told[0], lines
    assert all("李逵 出局" not in p.bbcode for p in final_posts(board))


def test_an_edit_that_adds_a_line_does_not_make_an_old_ruling_newer_than_its_correction(board, tmp_path):
    """The hostile round (issue 42, 6): the director ruled a floor, corrected it in a later post, then edited the first
    post only to add an unrelated line — the edit's time made the old verdict the later word, and it was posted."""
    relay = held_day(board)
    first = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 无效", minutes=5)
    run(board, tmp_path)
    say(board, DIRECTOR_UID, f"【裁定】改判：{relay.position}楼 算孙二娘的票，计为燕青", minutes=10)
    run(board, tmp_path)
    first.bbcode = (f"[i=s] 本帖最后由 导演甲 于 {demo.CLOSE.year}-{demo.CLOSE.month}-{demo.CLOSE.day} 21:20 编辑 [/i]\n\n"
                    + first.bbcode + "\n另：请大家明天按时投票")
    result, lines = run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "算作 孙二娘 的票" in final.bbcode and "无人出局" in final.bbcode, final.bbcode


def test_a_ruling_post_edited_before_the_archive_read_it_cannot_be_put_before_or_after_a_correction(board, tmp_path):
    """The re-check of the hostile round (issue 42, 6, on a fresh archive): the first ruling's post was edited before any
    run read it, so its edit time was all the archive knew and the overridden verdict came out the later word."""
    relay = held_day(board)
    first = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 无效", minutes=5)
    say(board, DIRECTOR_UID, f"【裁定】改判：{relay.position}楼 算孙二娘的票，计为燕青", minutes=10)
    first.bbcode = (f"[i=s] 本帖最后由 导演甲 于 {demo.CLOSE.year}-{demo.CLOSE.month}-{demo.CLOSE.day} 21:20 编辑 [/i]\n\n"
                    + first.bbcode + "\n另：请大家明天按时投票")
    result, lines = run(board, tmp_path, post=True)  # the archive's first read
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW, lines


def test_a_name_the_director_left_by_a_rename_rules_nothing_and_stops_the_count_the_renamed_director_still_rules(
        board, tmp_path):
    """The director is an account: the tool signed in as 导演甲 (uid known from then on). Renamed on the forum, with the
    game file not updated, a player registers the freed name: his 【裁定】 and 代投 must never count — the run stops and
    says why. The renamed director's own ruling, from the director's uid under the new name, is the director's."""
    relay = held_day(board)
    run(board, tmp_path, post=True)  # signs in as 导演甲: the uid is recorded
    board.rename_user(DIRECTOR_UID, "导演甲改")
    board.add_user(900, "导演甲", "impostor-pass")
    forged = say(board, 900, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    renamed = polling.PollOptions(login="导演甲改", password="demo-director", interval=0, now=board.clock(), post=True,
                                  out_dir=tmp_path / "out")
    with pytest.raises(pipeline.DirectorNameTaken, match="uid 900，不是导演的账号"):
        polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db", renamed, lambda line: None)
    assert final_posts(board) == []
    board.threads[demo.VOTE_TID].posts.remove(forged)  # deleted: its floor stays empty, later floors may not be trusted
    ruling = say(board, DIRECTOR_UID, board.quote_bbcode(relay.pid) + "\n\n【裁定】算孙二娘的票，计为燕青", minutes=20)
    lines: list[str] = []
    result = polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db", renamed, lines.append)
    assert len(final_posts(board)) == 1, lines
    assert "无人出局" in final_posts(board)[0].bbcode and result.code == polling.EXIT_OK, lines
    assert any(line.startswith("采用导演在帖子里的裁定") and f"#{ruling.position}" in line for line in lines)


def test_a_co_directors_name_taken_after_a_rename_rules_nothing_and_stops_the_count(board, tmp_path):
    """The hostile round 107, case 15: a co-director no run signs in as, seen posting by the archive, renamed; another account
    registers the freed name and rules — it decided the day. His account is the one the archive first saw under the name."""
    relay = held_day(board)
    board.add_user(31, "导演乙", "co-pass")
    say(board, 31, "副导演乙：今天我也看帖。", minutes=1)
    path = game_file(tmp_path, board.base_url)
    path.write_text(path.read_text("utf-8").replace('directors = ["导演甲"]', 'directors = ["导演甲", "导演乙"]'), "utf-8")
    run(board, tmp_path, path, post=False)  # the archive sees 导演乙 post as uid 31
    board.rename_user(31, "导演乙改")
    board.add_user(901, "导演乙", "impostor-pass")
    say(board, 901, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青", minutes=20)
    with pytest.raises(pipeline.DirectorNameTaken, match="uid 901"):
        run(board, tmp_path, path, post=True)
    assert final_posts(board) == []


def test_a_director_renamed_before_the_first_run_is_asked_for_never_guessed(board, tmp_path):
    """The hostile round 98, case 64: the director renamed before the tool ever ran, a stranger registered the freed name and
    posted 【裁定】 and 代投 under it; cron signed in as the director's new name, which the game file does not list — nothing told
    the tool whose the old name was, and the stranger's ruling decided the posted result. The account poll posts as must be a
    director's: else it stops with words, and once the game file says so, the stranger's posts stop the count."""
    relay = held_day(board)
    board.rename_user(DIRECTOR_UID, "导演甲改")
    board.add_user(900, "导演甲", "impostor-pass")
    say(board, 900, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    renamed = polling.PollOptions(login="导演甲改", password="demo-director", interval=0, now=board.clock(), post=True,
                                  out_dir=tmp_path / "out")
    with pytest.raises(pipeline.NotDirector, match="登录的账号「导演甲改」（uid 2）不在游戏文件的 directors 里"):
        polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db", renamed, lambda line: None)
    assert final_posts(board) == []
    path = game_file(tmp_path, board.base_url)
    path.write_text(path.read_text("utf-8").replace('directors = ["导演甲"]', 'directors = ["导演甲"]\ndirector_uids = { "导演甲" = 2 }'),
                    "utf-8")
    with pytest.raises(pipeline.DirectorNameTaken, match="uid 900，不是导演的账号"):
        polling.run_poll(path, tmp_path / "g.db", renamed, lambda line: None)
    assert final_posts(board) == []


def test_a_ruling_in_the_process_thread_applies_and_one_the_grammar_cannot_read_applies_nothing(board, tmp_path):
    relay = held_day(board)
    hedged = say(board, DIRECTOR_UID, f"{relay.position}楼 可能算孙二娘的票吧，我再想想", minutes=5)
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    assert any(line.startswith(f"导演的裁定帖 #{hedged.position}") and "可能" in line for line in lines)
    data = json.loads((tmp_path / "out" / "day1.json").read_text("utf-8"))["tally"]
    assert [u["pid"] for u in data["unread_rulings"]] == [hedged.pid] and data["rulings"] == []
    report = (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
    assert "看不懂的裁定帖" in report and f"pid {hedged.pid}" in report
    made = say(board, DIRECTOR_UID, f"导演裁定：\n#{relay.position} 算孙二娘的票，计为燕青（QQ 截图已核实）", tid=demo.PROCESS_TID)
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode and "截图已核实" in final.bbcode
    assert "（导演 进程帖 [url=" in final.bbcode  # the ruling's floor is the process thread's, said so
    assert f"ptid={demo.PROCESS_TID}&pid={made.pid}" in final.bbcode  # and linked there (the lab's GBK link went astray)
    data = json.loads((tmp_path / "out" / "day1.json").read_text("utf-8"))["tally"]
    assert [(r["pid"], r["for"], r["target"]) for r in data["rulings"]] == [(relay.pid, "孙二娘", "燕青")]


def test_the_later_ruling_stands_wherever_each_was_posted(board, tmp_path):
    """Issue 42, 6: a ruling in the process thread, then the director's correction in the vote thread: the later word
    stands (the process thread's posts came last in the list, and list order won)."""
    relay = held_day(board)
    say(board, DIRECTOR_UID, f"导演裁定：\n#{relay.position} 算孙二娘的票，计为燕青", minutes=5, tid=demo.PROCESS_TID)
    later = say(board, DIRECTOR_UID, f"【更正】{relay.position}楼 无效：孙二娘本人说没有委托过", minutes=15)
    _, lines = run(board, tmp_path, post=True)
    data = json.loads((tmp_path / "out" / "day1.json").read_text("utf-8"))["tally"]
    assert [(r["pid"], r["decision"], r["source_pid"]) for r in data["rulings"]] == [(relay.pid, "reject", later.pid)], [l for l in lines if "裁定" in l]
    (final,) = final_posts(board)
    assert "李逵 出局" in final.bbcode


def test_a_game_whose_name_is_corrected_after_the_final_keeps_its_posts_and_rulings(board, tmp_path):
    """Issue 42, 12: fixing a typo in [game] name after the final posted the final a second time — our posts were
    known by the name. The game is its forum and first vote thread; what the archive filed under the first name
    (our posts, a typed ruling) stays the game's."""
    import subprocess
    import sys

    relay = held_day(board)
    path = game_file(tmp_path, board.base_url)
    db = str(tmp_path / "g.db")
    run(board, tmp_path, path)  # the archive first
    typed = subprocess.run([sys.executable, "-m", "bansha.cli", "rule", str(path), str(relay.pid), "计为", "燕青",
                            "--for", "孙二娘", "--day", "1", "--db", db], capture_output=True, text=True, timeout=120)
    assert typed.returncode == 0, typed.stderr
    run(board, tmp_path, path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode
    text = path.read_text("utf-8")
    name = next(line for line in text.splitlines() if line.startswith("name"))
    path.write_text(text.replace(name, name.rstrip('"') + '（更正）"', 1), "utf-8")
    result, lines = run(board, tmp_path, path, post=True)
    assert len(final_posts(board)) == 1 and "无人出局" in final_posts(board)[0].bbcode, lines
    assert result.code == polling.EXIT_OK, result.summary


def test_a_ruling_for_a_closed_day_posted_during_the_next_corrects_that_days_final(board, tmp_path):
    """Issue 42, 7: 「第1天 N楼 无效」 posted in day 2's thread (as the README says one may) never reached day 1's final:
    cron polls day 2 and said nothing. Read wherever it is posted, it corrects day 1's final in place (更正), as a
    typed ruling would — and day 2's own count is not touched by it."""
    relay = held_day(board)
    say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    path = game_file(tmp_path, board.base_url)
    run(board, tmp_path, path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode
    board.add_thread(201, "[101]梁山风云——第二天投票帖")
    board.add_post(201, DIRECTOR_UID, "【第二天投票帖】", demo.CLOSE + timedelta(hours=20))
    second = demo.CLOSE + timedelta(hours=20)
    path.write_text(path.read_text("utf-8") + f'\n[[days]]\nday = 2\nvote_thread = 201\nprocess_thread = {demo.PROCESS_TID}\n'
                    f'start = "{second:%Y-%m-%d %H:%M}"\nclose = "{second + timedelta(days=2):%Y-%m-%d %H:%M}"\n', "utf-8")
    ruling = board.add_post(201, DIRECTOR_UID, f"【更正】第1天 {relay.position}楼 无效：孙二娘本人说没有委托过",
                            second + timedelta(hours=1))
    result, lines = run(board, tmp_path, path, post=True, now=second + timedelta(hours=2))
    assert result.day == 2
    (final,) = final_posts(board)
    assert "李逵 出局" in final.bbcode and "更正" in final.bbcode, lines
    assert any("第1天的计票和已发布的结果帖不一样了" in line for line in lines)
    assert any(line.startswith("采用导演在帖子里的裁定") and "第1天投票帖" not in line and f"#{ruling.position}" in line
               for line in lines), lines
    assert not any(f"pid {ruling.pid}" in line and "没有采用" in line for line in lines), lines


def test_an_earlier_days_final_a_later_post_leaves_in_doubt_is_said_and_asks_the_director(board, tmp_path):
    """Hostile round 53 (q7g): 「第一天的7楼无效，今天的7楼有效」 in day 2's thread gives day 1's floor two verdicts: day 1's
    posted final is no longer proven, yet cron said nothing and exited 0. The run says so and asks the director (rc 3)."""
    relay = held_day(board)
    say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    path = game_file(tmp_path, board.base_url)
    run(board, tmp_path, path, post=True)
    board.add_thread(201, "[101]梁山风云——第二天投票帖")
    second = demo.CLOSE + timedelta(hours=20)
    board.add_post(201, DIRECTOR_UID, "【第二天投票帖】", second)
    path.write_text(path.read_text("utf-8") + f'\n[[days]]\nday = 2\nvote_thread = 201\nprocess_thread = {demo.PROCESS_TID}\n'
                    f'start = "{second:%Y-%m-%d %H:%M}"\nclose = "{second + timedelta(days=2):%Y-%m-%d %H:%M}"\n', "utf-8")
    board.add_post(201, DIRECTOR_UID, f"第一天的{relay.position}楼无效，今天的{relay.position}楼有效", second + timedelta(hours=1))
    result, lines = run(board, tmp_path, path, post=True, now=second + timedelta(hours=2))
    assert result.day == 2 and result.code == polling.EXIT_REVIEW, lines
    assert "第1天" in result.summary, result.summary


def _chatter(board, minutes: float, step: float = 0.1) -> None:
    """25 posts of talk after the close from `minutes` on: two and a half pages."""
    for n in range(25):
        board.add_post(demo.VOTE_TID, UID["林冲"], f"关门后闲聊 {n}", demo.CLOSE + timedelta(minutes=minutes + n * step))


def _edited_by_the_director(post, text: str) -> None:
    post.bbcode = f"[i=s] 本帖最后由 导演甲 于 {demo.CLOSE:%Y-%m-%d} 21:40 编辑 [/i]\n\n{text}"


def test_a_ruling_the_director_edits_after_the_final_is_read_and_the_final_corrected(board, tmp_path):
    """Issue 42, 8: after the final, no run read page 1 again, so the director's edit of a ruling there was never
    seen. The pages holding the director's ruling posts are read again on each run after the final. The hostile round:
    an administrator's edit carries no stamp and may type the director's, so the posted result is corrected on an
    edited ruling only once the director confirms it (--force-post): told, held, then corrected."""
    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    _chatter(board, 12)  # the thread runs on: the ruling's page is behind the last one
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode
    _edited_by_the_director(ruling, f"【裁定】{relay.position}楼 无效：孙二娘本人说没有委托过")
    result, lines = run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode and result.code == polling.EXIT_REVIEW, lines
    assert any("被编辑过的裁定帖" in line and f"#{ruling.position}" in line and "暂不更正" in line for line in lines), lines
    result, lines = run(board, tmp_path, post=True, force_post=True)
    (final,) = final_posts(board)
    assert "李逵 出局" in final.bbcode and "更正" in final.bbcode, lines


def test_a_notice_the_director_edits_into_a_ruling_after_the_final_is_read(board, tmp_path):
    """The hostile round 105, case 11: a notice on page 1 (no ruling when read) edited after the final to add 「补充裁定：N楼无效」 —
    only posts that already read as rulings were read again, so the edit was never seen and the final stood unsaid."""
    relay = held_day(board)
    notice = say(board, DIRECTOR_UID, "提醒：关门后不要再回投票帖，有问题私信导演。")
    _chatter(board, 10.5, step=0.01)  # the notice's page is behind the ruling's, and that behind the last one
    say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青", minutes=11)
    _chatter(board, 12)
    run(board, tmp_path, post=True)
    assert "无人出局" in final_posts(board)[0].bbcode
    _edited_by_the_director(notice, f"提醒：关门后不要再回投票帖，有问题私信导演。\n补充裁定：{relay.position}楼 无效")
    result, lines = run(board, tmp_path, post=True)
    assert result.code == polling.EXIT_REVIEW and any(f"#{notice.position}" in line for line in lines), lines


def test_an_edit_before_the_next_run_read_our_final_is_still_an_edit_after_it(board, tmp_path):
    """The lab re-check (issue 42, 1): on a real forum the run that posts the final does not archive it, so an edit of
    the ruling made before the next run was read together with our final and passed for one made before it — the
    posted result was rewritten on an administrator's forged stamp. The moment we sent the final decides too."""
    from scraper import archive

    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    db = archive.open_db(tmp_path / "g.db")
    db.execute("delete from post_versions where pid = ?", [final.pid])  # as the lab's run left it: our final not yet read
    db.conn.commit()
    ruling.bbcode = (f"[i=s] 本帖最后由 导演甲 于 {demo.CLOSE:%Y-%m-%d} 21:40 编辑 [/i]\n\n"
                     f"【裁定】{relay.position}楼 无效")
    result, lines = run(board, tmp_path, post=True)
    assert "无人出局" in final_posts(board)[0].bbcode and result.code == polling.EXIT_REVIEW, lines


def test_rulings_from_posts_false_reads_none(board, tmp_path):
    relay = held_day(board)
    say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    path = game_file(tmp_path, board.base_url)
    path.write_text(path.read_text("utf-8") + "\n[rules]\nrulings_from_posts = false\n", "utf-8")
    result, _ = run(board, tmp_path, path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW


def test_a_later_typed_ruling_replaces_a_posted_one_and_a_later_post_replaces_the_typed(board, tmp_path):
    from scraper import archive

    relay = held_day(board)
    say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 无效", minutes=1)
    run(board, tmp_path, post=False)
    db = archive.open_db(tmp_path / "g.db")
    archive.save_ruling(db, game="[101]梁山风云", day=1, pid=relay.pid, decision="target", target="燕青", voter="孙二娘",
                        by="cli")
    # Typed 20 minutes after the close, on the forum's clock (the test forum's day is not today).
    db.execute("update rulings set recorded_at = ?", [(demo.CLOSE + timedelta(minutes=20)).isoformat()])
    db.conn.commit()
    result, lines = run(board, tmp_path, post=False)
    report = (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
    assert "算作 孙二娘 的票，计为「燕青」" in report and "（bansha rule）" in report
    later = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 无效", minutes=40)
    board.clock = lambda: demo.CLOSE + timedelta(minutes=50)
    run(board, tmp_path, post=False)
    report = (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
    assert f"裁定来自 #{later.position}" in report


def test_review_and_the_desk_show_where_each_ruling_came_from_and_what_was_not_read(board, tmp_path):
    import html
    import os
    import subprocess
    import sys

    from test_poll import on_path
    from test_poll_proof import desk_day_page

    relay = held_day(board)
    hedged = say(board, DIRECTOR_UID, "18楼 也许无效", minutes=3)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    run(board, tmp_path, post=False)
    review = subprocess.run([sys.executable, "-m", "bansha.cli", "review", str(tmp_path / "game.toml"), "--db",
                             str(tmp_path / "g.db")], capture_output=True, text=True, env={**os.environ, "PATH": on_path()})
    assert review.returncode == 0, review.stderr
    assert f"#{relay.position} 吴用：算作 孙二娘 的票，计为「燕青」（裁定来自 #{ruling.position} 导演甲" in review.stdout, review.stdout
    assert "看不懂的裁定帖" in review.stdout and f"pid {hedged.pid}" in review.stdout and "也许" in review.stdout
    page = html.unescape(desk_day_page(board, tmp_path))
    assert f"裁定来自 #{ruling.position} 导演甲" in page and f"pid={ruling.pid}" in page
    assert "看不懂的裁定帖" in page and "也许" in page


def test_a_ruling_post_deleted_stops_applying_and_the_director_is_told(board, tmp_path):
    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    _, lines = run(board, tmp_path, post=False)
    assert any(line.startswith("采用导演在帖子里的裁定") for line in lines)
    board.unpost(demo.VOTE_TID, lambda p: p.pid == ruling.pid)
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    told = [line for line in lines if line.startswith("导演的裁定帖") and f"pid {ruling.pid}" in line]
    assert told and "删除" in told[0], lines


def test_a_floor_ruling_after_a_deletion_the_archive_saw_rules_nothing_a_quoted_one_still_does(board, tmp_path):
    """Discuz counts floors from the visible posts where a page has a gap: once a post of the vote thread is
    deleted, every later floor may have moved down by one, and 「N楼」 may name the post after the one the
    director saw. A floor is then no identity — a ruling by quote (or link) still is."""
    relay = held_day(board)
    run(board, tmp_path, post=False)  # the archive holds every floor as it was
    board.unpost(demo.VOTE_TID, lambda p: p.author == "宋江" and "投票对象" in p.bbcode)
    by_floor = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青")
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board) == [] and result.code == polling.EXIT_REVIEW
    told = [line for line in lines if line.startswith("导演的裁定帖") and f"pid {by_floor.pid}" in line]
    assert told and "楼层号可能" in told[0], lines
    say(board, DIRECTOR_UID, board.quote_bbcode(relay.pid) + "\n\n算孙二娘的票，计为燕青", minutes=20)
    _, lines = run(board, tmp_path, post=False)
    assert any(line.startswith("采用导演在帖子里的裁定") for line in lines), lines


def test_a_floor_ruling_after_a_deletion_no_run_saw_rules_nothing(board, tmp_path):
    """The hostile round's break: the director rules 「N楼 无效」 on one post, a 版主 deletes the post before any run
    reads the thread, and the pages number every later floor one lower — 「N楼」 now names the next post, a
    player's clean ballot. The mobile API still counts the floor handed out: floors are no identity then."""
    held_day(board)
    thread = board.threads[demo.VOTE_TID]
    ruled = next(p for p in thread.posts if p.author == "宋江" and "投票对象" in p.bbcode)
    after = next(p for p in thread.posts if p.position == ruled.position + 1)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{ruled.position}楼 无效")
    thread.posts = [p for p in thread.posts if p.pid != ruled.pid]  # deleted: its floor stays empty
    _, lines = run(board, tmp_path, post=False)
    assert not any(line.startswith("采用导演在帖子里的裁定") for line in lines), lines
    told = [line for line in lines if line.startswith("导演的裁定帖") and f"pid {ruling.pid}" in line]
    assert told and "楼层号可能" in told[0], lines
    assert after.pid not in {r["pid"] for r in json.loads((tmp_path / "out" / "day1.json").read_text("utf-8"))["tally"]["rulings"]}


def test_a_ruling_written_as_directors_write_them_decides_the_day_a_hedge_and_an_imitation_change_nothing(board, tmp_path):
    """Issue 41: the director's ruling with its reason before and after the verdict, two floors with different verdicts
    in one sentence, inside a day summary — applied from the thread alone; an earlier hedged ruling on the same floor
    and a player's imitation in the director's words apply nothing, and the final names the ruling post."""
    relay = held_day(board)
    stray = add_vote_post(board, "鲁智深", "洒家投燕青", 16)  # a bare vote outside the format: invalid as written
    say(board, DIRECTOR_UID, f"{relay.position}楼这种托别人转投的，应该算孙二娘的票吧，等我确认一下。", minutes=2)
    say(board, UID["林冲"], f"【裁定】{relay.position}楼 无效，{stray.position}楼 无效。", minutes=3)
    ruling = say(board, DIRECTOR_UID, (
        "[b]第一天投票小结[/b]\n"
        f"【裁定】{relay.position}楼：吴用说“孙二娘在QQ上托我帮她投燕青”，孙二娘本人已私信确认委托，这票算孙二娘的票，计为燕青。"
        f"{stray.position}楼 鲁智深只写了“洒家投燕青”，没有按格式写投票对象和投票理由，无效。\n"
        "其余各楼照常统计。有疑问请私信导演。\n——导演甲"), minutes=5)
    result, lines = run(board, tmp_path, post=True, running=True)
    (final,) = final_posts(board)
    assert "无人出局" in final.bbcode and "算作 孙二娘 的票" in final.bbcode and result.code == polling.EXIT_OK, lines
    assert f"pid={ruling.pid}" in final.bbcode  # named and linked
    data = json.loads((tmp_path / "out" / "day1.json").read_text("utf-8"))["tally"]
    applied = {(r["pid"], r["source_pid"]) for r in data["rulings"]}
    assert applied == {(relay.pid, ruling.pid), (stray.pid, ruling.pid)}, data["rulings"]
    assert any("等我确认" in "；".join(u["why"]) or "不确定" in "；".join(u["why"]) for u in data["unread_rulings"])


def test_the_game_file_names_the_directors_uid_and_a_wrong_one_is_refused_with_its_line():
    from tally.game import Game

    head = '[game]\nname = "x"\npreset = "shediao"\ndirectors = ["导演甲"]\n{}\n[[players]]\nname = "林冲"\n'
    assert Game.from_toml(head.format('director_uids = { "导演甲" = 2 }')).director_uids == {"导演甲": 2}
    for wrong, said in (('director_uids = { "导演乙" = 2 }', "不在 directors 里"), ('director_uids = 2', "应写成"),
                        ('director_uids = { "导演甲" = "2" }', "uid 应是论坛账号的编号")):
        with pytest.raises(ValueError, match=said) as caught:
            Game.from_toml(head.format(wrong))
        assert "第 5 行" in str(caught.value)


def test_a_moderators_edit_that_sets_a_ruling_aside_after_the_final_does_not_correct_it_back(board, tmp_path):
    """The hostile round (issue 42, B6): the director's ruling corrected the posted result; a 版主 then edited the ruling
    post without changing a word — the stamp alone sets the ruling aside, and the tool corrected the result back to
    the count without it, unasked. A ruling post changed after the final, applied or set aside by the change, holds
    the correction until the director confirms (--force-post)."""
    drop_votes(board, "鲁智深", "孙二娘")
    no_other_doubts(board)
    run(board, tmp_path, post=True)
    (final,) = final_posts(board)
    before = final.bbcode
    voted = next(p for p in board.threads[demo.VOTE_TID].posts if "投票对象：李逵" in p.bbcode and p.uid != DIRECTOR_UID)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{voted.position}楼 无效：理由里说的不是本局的事")
    run(board, tmp_path, post=True)
    corrected = final_posts(board)[0].bbcode
    assert corrected != before and "更正" in corrected
    ruling.bbcode = (f"[i=s] 本帖最后由 版主乙 于 {demo.CLOSE.year}-{demo.CLOSE.month}-{demo.CLOSE.day} 21:50 编辑 [/i]\n\n"
                     + ruling.bbcode)
    result, lines = run(board, tmp_path, post=True)
    assert final_posts(board)[0].bbcode == corrected, lines  # not corrected back
    assert result.code == polling.EXIT_REVIEW and any("暂不更正" in line for line in lines), lines


def test_a_ruling_post_applied_in_part_is_said_so_not_called_refused(board, tmp_path):
    # the lab (heldout12's days): 「导演的裁定帖有 N 帖没有采用」 counted posts whose ruling applied and one sentence did not
    relay = held_day(board)
    ruling = say(board, DIRECTOR_UID, f"【裁定】{relay.position}楼 算孙二娘的票，计为燕青。另外 2楼 也许无效，我再看看。")
    result, lines = run(board, tmp_path, post=True)
    assert "导演的裁定帖有 1 帖只采用了一部分" in result.summary and "帖没有采用" not in result.summary, result.summary
    named = re.search(r"原因见 (\S+\.director\.txt)", result.summary).group(1)  # the file it names is the one written
    assert (tmp_path / "out" / named).exists(), named
    told = [line for line in lines if line.startswith(f"导演的裁定帖 #{ruling.position}")]
    assert told and "有 1 条采用了，其余没有采用" in told[0], lines
    report = (tmp_path / "out" / "day1.director.txt").read_text("utf-8")
    assert "（其余 1 条已采用）" in report


def test_the_cron_line_keeping_the_directors_old_name_keeps_the_directors_session_and_never_signs_in_as_the_new_owner(
        board, tmp_path):
    """The lab (hostile round 51, R1a): the director renamed, a player registers the freed name, the cron line still says
    --login 导演甲. The session the tool holds is the director's number under the new name: it is kept, and the director
    told to update the names; with no session, signing in as the old name reaches the new owner's account — a stop with
    words, that account's cookies dropped."""
    held_day(board)
    run(board, tmp_path, post=True)  # signs in as 导演甲 (uid recorded)
    board.rename_user(DIRECTOR_UID, "导演甲改")
    board.add_user(900, "导演甲", "demo-director")  # the same password, as an attacker would hope
    lines: list[str] = []
    old = polling.PollOptions(login="导演甲", password="demo-director", interval=0, now=board.clock(), out_dir=tmp_path / "out")
    polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db", old, lines.append)
    assert any("已改名为「导演甲改」" in line and "继续使用当前登录" in line for line in lines), lines
    cookies = (tmp_path / "g.db.cookies.txt").read_text("utf-8") if (tmp_path / "g.db.cookies.txt").exists() else ""
    (tmp_path / "g.db.cookies.txt").unlink(missing_ok=True)  # no session: a fresh sign-in by the old name
    from scraper import auth
    with pytest.raises(auth.AuthError, match="uid 900，不是以前用这个名字登录的导演账号"):
        polling.run_poll(game_file(tmp_path, board.base_url), tmp_path / "g.db", old, lines.append)
    assert final_posts(board) == [] and "demo-director" not in cookies
