"""What the fifth hostile round on the lab (issue 42; /tmp/hostile52's report) found, held by construction:

- a verdict word in a clause said to every player (「弃权请写明」「无效票请自觉重投」) or in a rule from now on (「今天起不写理由的票无效」)
  is no verdict for the floor named before it;
- a verdict talked about rather than made (「7楼无效纯属谣言」「7楼无效一说站不住脚」「所谓7楼无效是误传」) or a floor named as the
  exception (「7楼之外均有效」) rules nothing and holds its floor;
- a ruling taken back (「上面关于7楼的裁定作废」) holds its floor; 「上一条裁定不算」 with no floor holds every floor the director
  ruled before it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from test_rulings_as_written import TIED, _posted

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import heldout  # (bench/heldout.py: a day from its thread alone, as poll reads it)

PLAYERS = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公"]


@pytest.mark.parametrize("text", ["6楼注意格式；另外，弃权请写明", "6楼格式没问题，弃权的请直接写弃权"])
def test_a_request_to_every_player_is_no_verdict_for_the_floor_before_it(text):
    rulings, _, _ = _posted(text, PLAYERS, TIED)
    assert 6 not in rulings, rulings


@pytest.mark.parametrize("text", ["提醒：7楼理由太短；今天起不写理由的票无效", "7楼格式没问题；无效票请自觉重投"])
def test_a_rule_from_now_on_or_a_request_is_no_verdict_for_the_floor_before_it(text):
    rulings, _, _ = _posted(text, PLAYERS, TIED)
    assert 7 not in rulings, rulings


@pytest.mark.parametrize("text", ["7楼无效，请重新投票", "7楼：请注意，无效", "7楼 21:04 才投票，截止后的投票一律无效。"])
def test_a_verdict_beside_a_request_or_a_rule_applied_now_still_rules(text):
    assert _posted(text, PLAYERS, TIED)[0] == {7: ("reject", None)}


@pytest.mark.parametrize("text", ["7楼 21:04 才投票。截止后的投票一律无效。", "4楼写得真好。顺带一提：凡是没写理由的都算废票",
                                  "6楼很认真。本局约定：不写投票对象四个字的一律按弃权计"])
def test_round_55_a_rule_stated_in_a_sentence_of_its_own_after_a_floor_is_asked_never_applied(text):
    """Round 55: a rule stated of ballots in general (凡是 · 一律 · 都算) in its own sentence voided or abstained the floor
    named before it — praised, not ruled. Whether it is that floor's verdict is the director's: held, even where the floor's
    sentence tells a defect the rule covers (「21:04 才投票。截止后的投票一律无效」; in one sentence it still rules)."""
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    floor = int(re.match(r"\d+", text).group())
    assert floor not in rulings and floor in doubts, (rulings, doubts)


@pytest.mark.parametrize("text", ["说7楼无效是不对的", "7楼无效一说站不住脚", "7楼无效纯属谣言", "7楼无效这话我没说过", "所谓7楼无效是误传",
                                  "7楼之外均有效", "上面关于7楼的裁定作废", "进程帖里关于7楼的裁定作废"])
def test_a_verdict_talked_about_taken_back_or_excepted_rules_nothing_and_holds_its_floor(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert rulings == {} and 7 in doubts, (rulings, doubts)


def test_a_reason_glued_to_the_verdict_still_rules():
    assert _posted("7楼无效是因为格式不对", PLAYERS, TIED)[0] == {7: ("reject", None)}


def _day(*posts: tuple[str, str, str]) -> dict:
    """A day of the lab's tied base (杨康 3 : 郭靖 3), then `posts` (author, HH:MM, text) from floor 8."""
    rows = [("导演A", "20:00", "【投票帖】请按格式投票：投票对象：X ⏎ 投票理由：Y")]
    rows += [(voter, f"20:0{n}", f"投票对象：{target}\n投票理由：x") for n, (voter, target) in sorted(TIED.items())]
    rows += list(posts)
    return {"id": "h52", "preset": "s10", "title": "测试局 第二日投票帖", "directors": ["导演A"], "players": PLAYERS,
            "start": "2026-12-05T20:00:00+08:00", "close": "2026-12-06T20:00:00+08:00",
            "posts": [{"floor": i, "author": a, "time": f"2026-12-05T{t}:00+08:00", "text": x, "quote_floor": None}
                      for i, (a, t, x) in enumerate(rows, start=1)],
            "expect": {"outcome": {"kind": "none", "names": []}, "unattended": False}}


def test_the_last_ruling_taken_back_without_its_floor_holds_what_it_ruled():
    """「上一条裁定不算，我看错楼了」 (round 52: silently ignored, 杨康 posted out): the floors the director ruled before it
    wait for the director again — the day is not posted from them."""
    ruled = heldout.judge_day_alone(_day(("导演A", "20:30", "【裁定】7楼无效")))
    assert ruled["certain"] and ruled["outcome"] == ("out", ("杨康",))
    taken = heldout.judge_day_alone(_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", "上一条裁定不算，我看错楼了")))
    assert not taken["certain"]
    later = heldout.judge_day_alone(_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", "上一条裁定不算，我看错楼了"),
                                         ("导演A", "20:50", "【裁定】7楼无效，确认过了")))
    assert later["certain"] and later["outcome"] == ("out", ("杨康",))


PROXY = ("导演A", "20:20", "代投：梅超风 → 杨康（私信委托）")


@pytest.mark.parametrize("later", ["8楼那张代投我发错了，请忽略", "上面那条代投作废", "proxy for 梅超风 cancelled"])
def test_a_later_post_taking_back_a_proxy_in_new_words_makes_it_the_directors(later):
    """Round 52: each was read as the director's chatter (or voided itself) and 梅超风's proxy still made 杨康 out."""
    day = _day(PROXY, ("导演A", "20:40", later))
    day["players"] = [*PLAYERS, "梅超风"]
    alone = heldout.judge_day_alone(day)
    assert not alone["certain"], alone
    kept = _day(PROXY)
    kept["players"] = [*PLAYERS, "梅超风"]
    assert heldout.judge_day_alone(kept)["outcome"] == ("out", ("杨康",))


@pytest.mark.parametrize("text, floors", [("②③④⑤⑥有效，⑦无效", {2, 3, 4, 5, 6, 7}), ("⑦楼无效，其余有效", {7}), ("7 楼 无 效", {7})])
def test_floors_or_verdicts_written_a_way_the_reader_does_not_take_hold_those_floors(text, floors):
    """Round 52: each was read as no ruling at all and the tie posted. Read again with the circled numbers as floors and
    the spaces gone, what it would rule waits for the director — never nothing, never applied unread."""
    rulings, asked, doubts = _posted(text, PLAYERS, TIED)
    assert rulings == {} and floors & set(TIED) <= doubts and asked, (rulings, doubts)


def test_list_markers_stay_list_markers():
    assert _posted("① 7楼无效 ② 6楼有效", PLAYERS, TIED)[0] == {7: ("reject", None), 6: ("accept", None)}


@pytest.mark.parametrize("text, day", [("1日7楼无效", 1), ("第1日投票帖7楼无效", 1), ("12月5日7楼无效", None),
                                       ("11楼 的票 21日 09:12 编辑过，照常有效。", None)])
def test_n_ri_before_a_floor_is_the_day_and_a_date_is_not(text, day):
    from grammar.names import Roster
    from grammar.ruling import read

    assert read(text, roster=Roster(PLAYERS)).day == day


@pytest.mark.parametrize("text", ["第1天7楼、第2天2楼无效", "第一天的7楼无效，今天的7楼有效", "重投帖7楼无效，首轮7楼维持有效",
                                  "7楼无效（指首轮投票帖的7楼）", "重投 7楼无效"])
def test_floors_of_two_days_two_rounds_or_two_verdicts_in_one_post_wait_for_the_director(text):
    """Round 52: each post was dropped whole (the day posted without it) or applied to this round's 7楼."""
    _, asked, doubts = _posted(text, PLAYERS, TIED)
    assert 7 in doubts and asked, (asked, doubts)


@pytest.mark.parametrize("text", ["投票对象：杨康\n↑作废 郭靖", "投票对象：杨康\n上面作废，郭靖"])
def test_a_name_after_words_that_void_the_ballot_above_is_asked(text):
    """Round 52: 「↑作废 郭靖」 under a ballot was counted as a certain 杨康 vote and 杨康 posted out."""
    from tallykit import Thread, game

    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    post = t.add("黄蓉", text, 1)
    g = game("s10")
    r = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert entry.needs_review and "郭靖" in entry.readings, entry.reason


def test_a_list_of_the_floors_counted_asks_of_the_ballot_it_leaves_out():
    """Round 52: 「本轮计票：2楼 3楼 4楼 5楼 6楼」 — #7 was counted without a question."""
    rulings, _, doubts = _posted("本轮计票：2楼 3楼 4楼 5楼 6楼", PLAYERS, TIED)
    assert 7 in doubts and 7 not in rulings
    assert _posted("计票：杨康 3票（2楼、3楼、4楼）", PLAYERS, TIED)[2] == set()  # a count's row, no list


def _directors_post(text: str):
    """The entry of a director's post (after the opening) in an s10 day's thread."""
    from tallykit import Thread, game

    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    t.add("导演", "投票帖：请按格式投票", 0.1)
    post = t.add("导演", text, 1)
    g = game("s10")
    r = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    return next(e for e in r.entries if e.pid == post.pid)


def test_a_pasted_request_the_director_posts_without_a_proxy_word_is_asked():
    """Round 52: the director pasted 梅超风's request and 「好的」 from the chat, no 代投 — read as chatter, the proxy lost."""
    entry = _directors_post("周伯通 20:01:33\n导演，我这票投杨康，帮我发一下\n导演 20:02:10\n好的")
    assert entry.needs_review and "杨康" in entry.readings, entry.reason


@pytest.mark.parametrize("later", ["梅超风那张代投撤掉", "刚才的代投不作数", "前面帮梅超风投的那票不算数", "ignore the proxy above, she changed her mind",
                                   "8楼代投作罢"])
def test_round_53_a_later_post_taking_back_a_proxy_in_still_other_words(later):
    day = _day(PROXY, ("导演A", "20:40", later))
    day["players"] = [*PLAYERS, "梅超风"]
    assert not heldout.judge_day_alone(day)["certain"], later


@pytest.mark.parametrize("later", ["8楼说错了，当我没说", "8楼的裁定我撤回", "8楼作罢", "sorry, ignore my ruling above"])
def test_round_53_a_ruling_taken_back_by_its_own_floor_or_in_english_waits_for_the_director(later):
    ruled = _day(("导演A", "20:30", "【裁定】7楼无效"))
    assert heldout.judge_day_alone(ruled)["outcome"] == ("out", ("杨康",))
    taken = heldout.judge_day_alone(_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", later)))
    assert not taken["certain"], later


@pytest.mark.parametrize("text", ["我从没裁过7楼无效", "别听他们的，7楼无效不是我说的", "进程帖说的7楼无效不作数"])
def test_round_53_a_ruling_denied_or_talked_about_in_new_words_holds_its_floor(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert rulings == {} and 7 in doubts, (rulings, doubts)


@pytest.mark.parametrize("text, floor", [("5楼理由可以再充实点；对了，没理由的票一律无效", 5), ("4楼辛苦了。作废票的规则见首楼", 4),
                                         ("7楼注意别刷屏，另：关门前一小时不能改票，改了算无效", 7), ("7楼发言注意文明\nPS：重复投票的一律无效", 7),
                                         ("3楼注意格式\n\n——\n规则重申：无理由票视为弃权", 3)])
def test_round_53_a_remark_to_the_player_then_a_rule_restated_rules_nothing(text, floor):
    assert floor not in _posted(text, PLAYERS, TIED)[0]


@pytest.mark.parametrize("text", ["计入票数的：2、3、4、5、6楼", "有效楼层：2-6", "本日有效票：#2 #3 #4 #5 #6", "统计范围：2～6楼",
                                  "有效：2、3、4、5、6楼"])
def test_round_53_any_heading_over_a_list_of_counted_floors_asks_of_the_one_left_out(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert 7 in doubts and 7 not in rulings, (rulings, doubts)


@pytest.mark.parametrize("text", ["⑺楼无效", "柒楼无效", "L7无效，请大家知悉", "F7无效，请大家知悉", "❼无效，请大家知悉", "七号楼无效，请大家知悉"])
def test_round_53_floors_in_other_notations_hold_the_floor(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert rulings == {} and 7 in doubts, (rulings, doubts)


@pytest.mark.parametrize("text", ["本日7楼无效，第1天的不动", "初投7楼作废"])
def test_round_53_today_beside_another_day_or_an_earlier_round_holds_the_floor(text):
    _, _, doubts = _posted(text, PLAYERS, TIED)
    assert 7 in doubts


def test_round_53_a_verdict_with_a_reason_that_says_wei_an_still_rules():
    assert _posted("裁定：7楼无效，因其未按格式写投票对象", PLAYERS, TIED)[0] == {7: ("reject", None)}


def test_round_53_a_chat_log_with_each_speaker_alone_on_a_line_is_asked():
    from tallykit import Thread, game

    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    t.add("导演", "投票帖：请按格式投票", 0.1)
    post = t.add("导演", "周伯通:\n帮我投杨康\n导演:\n嗯", 1)
    g = game("s10")
    r = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert entry.needs_review and "杨康" in entry.readings, entry.reason


@pytest.mark.parametrize("text", ["有效票不含7楼", "有效票为2、3、4、5、6楼，其余不计", "本轮认可的票：2 3 4 5 6", "Valid votes: #2 #3 #4 #5 #6"])
def test_round_54_lists_and_exceptions_never_read_backwards(text):
    """Round 54: 「有效票不含7楼」 ruled 7楼 有效 and 「…其余不计」 ruled the listed floors 无效 — after the director answered the
    questions asked, a wrong result. The floors a list leaves out or excepts are asked; none it lists is voided."""
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert 7 in doubts and all(d == "accept" for d, _ in rulings.values()) and 7 not in rulings, (rulings, doubts)


@pytest.mark.parametrize("text, floor", [("5楼格式满分。提醒：截止后的票都作废", 5), ("3楼的理由写得不错。补充规则：未写理由按弃权处理", 3),
                                         ("6楼图片太大了，下次压缩。规则第三条：重复投票以第一票为准，后面的无效", 6),
                                         ("2楼格式很好；另：未写理由的票都无效", 2)])
def test_round_54_praise_then_a_rule_is_no_verdict(text, floor):
    assert floor not in _posted(text, PLAYERS, TIED)[0]


@pytest.mark.parametrize("text", ["我什么时候说过7楼无效", "7楼无效这种话不要乱传", "没有7楼无效这回事", "刚刚那句7楼无效不算数",
                                  "floor 7 is invalid", "⑦号楼无效", "No.7无效，请大家知悉", "七F无效，请大家知悉", "Ⅶ楼无效，请大家知悉",
                                  "㈦楼无效，请大家知悉"])
def test_round_54_denials_and_notations_hold_the_floor(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert 7 not in rulings and 7 in doubts, (rulings, doubts)


def test_round_54_a_ruling_deleted_in_words_and_a_proxy_never_minded_wait_for_the_director():
    taken = heldout.judge_day_alone(_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", "前面那条裁定删了，不算")))
    assert not taken["certain"]
    day = _day(PROXY, ("导演A", "20:40", "never mind the proxy, cancel it"))
    day["players"] = [*PLAYERS, "梅超风"]
    assert not heldout.judge_day_alone(day)["certain"]


def test_round_54_a_chat_log_with_spoken_times_and_a_starred_correction_are_asked():
    from tallykit import Thread, game

    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    t.add("导演", "投票帖：请按格式投票", 0.1)
    log = t.add("导演", "截图转文字\n周伯通 晚上8:01\n代我投杨康\n导演 晚上8:02\n行", 1)
    starred = t.add("黄蓉", "投票对象：杨康\n*郭靖", 2)
    g = game("s10")
    r = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    for post, name in ((log, "杨康"), (starred, "郭靖")):
        entry = next(e for e in r.entries if e.pid == post.pid)
        assert entry.needs_review and name in entry.readings, entry.reason


@pytest.mark.parametrize("later", ["8楼那句话请无视", "请无视我8楼的发言", "8楼那条忽略掉", "disregard floor 8", "ignore floor 8 please",
                                   "以上裁定全部作废"])
def test_round_55_a_ruling_ignored_by_its_floor_or_all_taken_back_waits_for_the_director(later):
    taken = heldout.judge_day_alone(_day(("导演A", "20:30", "【裁定】7楼无效"), ("导演A", "20:40", later)))
    assert not taken["certain"], later


@pytest.mark.parametrize("later", ["梅超风说她不投了，代投那票就不要了", "梅超风那票我不替她投了"])
def test_round_55_a_proxy_dropped_in_plain_words_is_the_directors(later):
    day = _day(PROXY, ("导演A", "20:40", later))
    day["players"] = [*PLAYERS, "梅超风"]
    assert not heldout.judge_day_alone(day)["certain"], later


@pytest.mark.parametrize("text", ["⁷楼无效", "7️⃣楼无效", "7B无效，请大家知悉", "本轮有效票楼层如下：二、三、四、五、六楼", "本轮只统计前6楼"])
def test_round_55_notations_and_lists_hold_or_ask_of_floor_7(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert 7 not in rulings and 7 in doubts, (rulings, doubts)


def test_round_55_a_quoted_request_the_director_says_was_sent_is_asked():
    entry = _directors_post("来自周伯通的私信：“导演，我投杨康，帮我发一下”——已代发")
    assert entry.needs_review and "杨康" in entry.readings, entry.reason
