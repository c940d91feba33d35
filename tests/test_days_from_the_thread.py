"""Whole days decided from the thread alone (issue 41): what the held-out days (heldout4–9) held on, each in a small
thread read as poll reads it — the director's posts applied as rulings (tally/rulings.py), nothing typed. Each day
was held needlessly, or (once, while one of these was being built) posted a wrong result."""

from __future__ import annotations

import pytest
from tallykit import NAMES, Thread
from test_tally_rules import posted_and_tallied, run

from grammar import director
from grammar.names import Roster
from grammar.ruling import read


def _entry(result, post):
    return next(e for e in result.entries if e.pid == post.pid)


def _opened(preset: str, *posts: tuple[str, str]):
    """The day as poll reads it, floor 1 the director's opening (never a floor ruled) and the posts after it an hour apart."""
    t = Thread()
    t.add("导演", "【第一天投票帖】", 0.1)
    for hours, (author, text) in enumerate(posts, start=1):
        t.add(author, text, hours)
    return posted_and_tallied(t, preset)


# -- the director's words about relays and proxies are reasons, not proxies --------------------------------

@pytest.mark.parametrize("text", [
    "【裁定】3楼 黄蓉帮一灯投的票不计。\n按规则，代投须由玩家本人事先告知导演，由导演发出。玩家之间转达的票不算一灯的票，"
    "也不算黄蓉的改票（黄蓉仍按2楼计 杨康）。一灯如需代投，请本人联系导演。",
    "3楼 黄蓉 替一灯转达：本局代投只由导演发出，玩家转达不计；一灯不算已投，黄蓉也不算已投。一灯如需代投请私信我。",
])
def test_a_ruling_on_a_relay_says_why_in_words_that_make_no_proxy(text):
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.add("黄蓉", "帮一灯投杨康，他在外地。", 2)
    ruling = t.add("导演", text, 3)
    result = posted_and_tallied(t, "qisha")
    assert not _entry(result, ruling).needs_review, _entry(result, ruling).reason
    assert result.totals == {"杨康": 1} and result.certain


def test_the_players_answer_to_the_directors_question_in_a_pasted_log_is_the_request():
    t = Thread()
    made = t.add("导演", "【代投】一灯 托导演代投，QQ 原话照录：\n[05-11 11:48:02] 一灯：导演，我下午到后天都在外地，票先交给你\n"
                       "[05-11 11:48:30] 导演：对象？\n[05-11 11:49:11] 一灯：杨康。理由就写：他的笛子是信号\n"
                       "[05-11 11:49:20] 导演：收到", 1)
    entry = _entry(run(t, "shediao"), made)
    assert (entry.voter, entry.target, entry.needs_review) == ("一灯", "杨康", False), entry.reason


def test_the_director_recording_a_ballot_for_a_player_is_a_proxy():
    said = director.read("黄蓉 下午私信我，原话：“票投杨康，理由：航线对不上。”\n对象明确、没有条件，我替 黄蓉 记一票：黄蓉 → 杨康。",
                         Roster(NAMES))
    assert [(p.voter, p.target) for p in said.standing] == [("黄蓉", "杨康")] and not said.doubts


# -- rulings with their reasons -------------------------------------------------------------------------

def test_a_post_ruled_no_ballot_leaves_the_players_next_post_a_first_ballot():
    # 七杀: an invalid ballot stands as an abstention, and a new post only corrects it with the director's leave;
    # a post ruled to be no ballot at all (「不作为投票，不占他今天的票」) casts nothing, so the next post is his ballot
    result = _opened("qisha", ("黄蓉", "测试一下引用功能，不是投票哈：投票对象：杨康"),
                     ("导演", "【裁定】2楼 黄蓉 自己写明“不是投票”，不作为投票，不占她今天的票，她可以正常投。"),
                     ("黄蓉", "投票对象：郭靖\n投票理由：正式投，2楼那个不算。他的说法对不上。"))
    assert result.totals == {"郭靖": 1} and result.certain, [e.reason for e in result.entries]


def test_an_invalid_ballot_its_post_disowns_may_be_no_ballot_at_all():
    t = Thread()
    test = t.add("黄蓉", "测试一下引用功能，不是投票哈：投票对象：杨康", 1)
    entry = _entry(run(t, "qisha"), test)
    assert entry.needs_review and "测试一下" in entry.reason


@pytest.mark.parametrize("text, floors", [
    # the original the void change falls back to counts (rulings/blind6: directors mean both floors)
    ("19楼 郭靖 的改票发于 11:41，在截止前一小时内，改票无效，按他原来 6 楼的票（杨康）计。", [(("floor", 19), "invalid"), (("floor", 6), "valid")]),
    ("21楼 黄蓉 没有引用原票，又在最后一小时，不算改票，按她 2 楼的票（杨康）计。", [(("floor", 21), "invalid"), (("floor", 2), "valid")]),
    ("5楼 黄蓉 写的是繁体“楊康”，和 杨康 是同一个名字的繁简两种写法，不算写错，计为 杨康。", [(("floor", 5), "counts_as")]),
])
def test_the_ballot_a_ruling_falls_back_to_and_an_error_denied_are_reasons(text, floors):
    post = read(text, roster=Roster(NAMES))
    assert post.certain, post.problems
    assert [(i.ref, i.verdict) for i in post.items] == floors


def test_a_count_with_a_bonus_is_a_count_and_its_abstention_row_rules_no_floor_above():
    text = ("【第二天投票统计】\n杨康 4+2＝6：黄蓉（5楼）、郭靖（13楼）\n欧阳锋 5 票 + 2（诽谤）= 7 票：一灯、洪七公（8楼）\n"
            "弃权：周伯通（20楼改票）\n不计：9楼、14楼")
    post = read(text, roster=Roster(NAMES))
    assert [(i.ref, i.verdict) for i in post.items] == [(("floor", 9), "invalid"), (("floor", 14), "invalid")], post.problems
    count = director.read(text, Roster(NAMES)).count
    assert count == {"黄蓉": "杨康", "郭靖": "杨康", "一灯": "欧阳锋", "洪七公": "欧阳锋", "周伯通": None}


# -- ballots ------------------------------------------------------------------------------------------------

def test_a_ballot_typed_wholly_in_pinyin_is_asked_never_chatter():
    t = Thread()
    typed = t.add("黄蓉", "tou yangkang\nshouji shurufa huai le, zhi neng da pinyin. liyou: ta shuo de bu dui", 1)
    entry = _entry(run(t, "shediao"), typed)
    assert entry.needs_review and "杨康" in entry.readings, entry.reason


@pytest.mark.parametrize("reason", ["姑且跟 5 楼。", "起得早，先这样投了。", "正式投，5楼那个不算。他的说法对不上。"])
def test_a_tentative_ballot_or_one_that_takes_back_another_post_is_the_ballot(reason):
    t = Thread()
    ballot = t.add("黄蓉", f"投票对象：杨康\n投票理由：{reason}", 1)
    entry = _entry(run(t, "shediao"), ballot)
    assert entry.verdict == "counted" and not entry.needs_review, entry.reason


def test_valid_on_a_ballot_whose_form_failed_counts_the_one_player_it_names():
    # 七杀: 「投票对象：杨康」 with no reason stands as an abstention by the rules; the director's 「有效」 counts it for 杨康
    # (heldout11 f01: refused as 「“有效”不知道该算给谁」, and the day was held with the count before the ruling)
    result = _opened("qisha", ("黄蓉", "投票对象：杨康"),
                     ("导演", "【裁定】2楼 黄蓉 只写了对象、没写理由：规则列的无效情形里没有缺理由，有效。"))
    assert result.totals == {"杨康": 1} and result.certain, [e.reason for e in result.entries]


def test_a_change_the_clock_bars_is_void_whomever_its_reason_names():
    # the lab (d03 on the real Discuz): 「改票对象：箜篌 ⏎ 改票理由：……编钟今天说得通……」 in the last hour was held as
    # 「像是改口或更正，算哪一位」 — void either way, so nothing for the director to rule
    t = Thread()
    own = t.vote("黄蓉", "杨康", 1)
    late = t.add("黄蓉", "改票对象：郭靖\n改票理由：最后改一下，一灯今天说得通，郭靖一整天都在划水。", 47.5, quote=own)
    result = run(t, "shediao")
    entry = _entry(result, late)
    assert entry.verdict == "invalid" and not entry.needs_review, entry.reason
    assert result.totals == {"杨康": 1} and result.certain


def test_a_hedge_that_names_the_original_it_falls_back_to_puts_off_no_other_floor():
    # the lab (d01): 「暂时按他 4 楼原票（朱鹮）列，待定」 put 4楼 — the original — among the posts waiting for the director
    post = read("回复翠鸟：16楼 伯劳 这一帖没写“改票”，算不算改票我再想想，暂时按他 4 楼原票（朱鹮）列，待定。",
                roster=Roster(["翠鸟", "伯劳", "朱鹮"]))
    assert [ref for ref, _ in post.held] == [("floor", 16)], post.held


def test_a_ballot_given_to_him_after_a_word_between_is_a_vote_attempt():
    # heldout11 (after its first read): 「我觉得喜鹊最可疑，这票就给他了。」 was chat — 就 between 票 and 给 hid the pointer
    t = Thread()
    t.vote("郭靖", "黄蓉", 0.5)
    said = t.add("黄蓉", "我觉得郭靖最可疑，这票就给他了。", 1)
    entry = _entry(run(t, "qisha"), said)
    assert entry.needs_review and "郭靖" in entry.readings, (entry.reason, entry.readings)
