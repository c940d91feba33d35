"""Hostile round 56 on the lab (issue 42): what a director's words, a player's description or a later post did that the
tool read as certain. Each class is held by construction where it can be — the words between a floor and its verdict are
explained or the floor waits (grammar/ruling.py _unexplained_slot) — and by the lexicon where a clause of its own says it
(我猜 · 举报 · 骗你的 · 不用了: one line each)."""

from __future__ import annotations

import pytest
from tallykit import NAMES, Thread, game

from grammar.names import Roster
from grammar.ruling import read
from tally.day import tally_day
from tally.rules import load_preset

ROSTER = Roster(NAMES)


def ruled(text: str) -> dict:
    post = read(text, roster=ROSTER)
    return {} if post is None else {i.ref[1]: i.verdict for i in post.applied}


def held(text: str) -> set:
    post = read(text, roster=ROSTER)
    return set() if post is None else {ref[1] for ref, _ in post.held}


@pytest.mark.parametrize("text", [
    # words between the floor and its verdict that are no ballot's and no link: whatever they are, the floor waits
    "6楼看起来无效。", "6楼理论上无效。", "6楼多半无效。", "6楼感觉无效。", "6楼疑似无效。", "6楼涉嫌无效。", "6楼按说无效。",
    "6楼先当无效看，回头细查。", "6楼差点就无效了，好在理由写全了。", "6楼我个人觉得无效，大家怎么看", "6楼估摸着无效。",
    "6楼的无效申请已收到。",  # glued after the verdict
    # a clause of its own that guesses, reports or puts off
    "6楼无效，我猜。", "6楼无效（副导意见，我还没看）", "收到举报：6楼无效。", "有人举报6楼无效，正在核实。",
    "6楼无效。骗你的，6楼好好的。", "6楼无效的吧",
])
def test_a_verdict_guessed_reported_or_qualified_holds_its_floor(text):
    assert 6 not in ruled(text) and 6 in held(text)


@pytest.mark.parametrize("text", ["6楼 郭靖 的改票无效，没引用原楼。", "6楼无效票。", "6楼直接作废。", "6楼确实无效。",
                                  "6楼仍按原票计。", "• 6L ✔ 有效", "6楼同样无效，理由同上。", "6楼那票也不算。"])
def test_a_plain_verdict_with_its_ballot_words_and_links_is_applied(text):
    assert 6 in ruled(text), held(text)


def test_likewise_is_the_verdict_above():
    assert ruled("6楼无效，7楼亦然。") == {6: "invalid", 7: "invalid"}


@pytest.mark.parametrize("text", ["欧阳克那票不算", "【裁定】欧阳克的票作废。", "【裁定】欧阳克的票计为杨康"])
def test_a_verdict_on_a_players_ballot_with_no_floor_holds_that_players_ballots(text):
    post = read(text, roster=ROSTER)
    assert post is not None and not post.applied and ("player", "欧阳克") in [ref for ref, _ in post.held]


@pytest.mark.parametrize("text, floor", [("7楼是我看错了，当我没说。", 7), ("我看错了，6楼其实没问题。", 6)])
def test_a_floor_taken_back_or_corrected_in_words_waits_for_the_director(text, floor):
    post = read(text, roster=ROSTER)
    assert post is not None and floor in {ref[1] for ref, _ in post.held} and ("floor", floor) in post.taken_back


def test_a_format_shown_as_an_example_rules_nothing():
    assert ruled("裁定格式示范：[code]【裁定】6楼 无效[/code]") == {}


def _day(*later: tuple[str, str], preset: str = "s10"):
    """A 2 : 2 day (郭靖, 杨康), then the posts given: the last post's entry and the day."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    posts = [t.add(author, text, 2 + k / 10) for k, (author, text) in enumerate(later)]
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    return result, [next(e for e in result.entries if e.pid == p.pid) for p in posts]


@pytest.mark.parametrize("target", ["黄蓉她老公", "黄蓉的靖哥哥"])
def test_a_player_described_not_named_is_weighed_as_anyone_and_holds_a_tie(target):
    result, (entry,) = _day(("欧阳锋", f"投票对象：{target}\n投票理由：太跳"))
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain


@pytest.mark.parametrize("text, meant", [("我投那个姓郭的", "郭靖"), ("我这票就不浪费了，给郭靖", "郭靖")])
def test_a_vote_by_surname_or_given_in_the_next_clause_is_never_silent(text, meant):
    result, (entry,) = _day(("欧阳锋", text))
    assert entry.needs_review and meant in entry.readings and not result.certain


def test_a_proxy_a_later_post_says_is_not_needed_is_the_directors():
    result, (made, _later) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", "欧阳锋那张，他本人说不用了。"))
    assert made.needs_review and made.nobody and not result.certain


def test_a_proxy_marked_as_a_joke_is_asked():
    result, (made,) = _day(("导演", "代投：欧阳锋 → 郭靖（愚人节快乐）"))
    assert made.needs_review and not result.certain


def test_the_directors_proxy_for_a_player_who_has_voted_is_asked_not_voided_quietly():
    result, (first, made) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：太跳"), ("导演", "代投：欧阳锋 → 杨康"))
    assert made.needs_review and "杨康" in made.readings and not result.certain


def test_a_ruling_struck_with_del_as_other_boards_write_it_rules_nothing():
    assert ruled("[del]6楼无效[/del]") == {} and ruled("[del]6楼无效[/del] 7楼无效") == {7: "invalid"}


def test_a_count_that_lists_a_ballot_as_void_is_set_beside_ours():
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6),
                                 ("欧阳锋", "郭靖", 1.7)):
        t.vote(voter, target, hours)
    t.add("导演", "【票型核对】\n郭靖→杨康\n黄蓉→杨康\n杨康→郭靖\n穆念慈→郭靖\n欧阳锋→郭靖（无效）", 2)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    ballot = next(e for e in result.entries if e.author == "欧阳锋")
    assert ballot.needs_review and not result.certain, ballot.reason


@pytest.mark.parametrize("answer", ["是", "是（凑字数凑字数）", "不是", "嗯"])
def test_a_yes_or_no_to_a_quoted_question_holds_the_floors_it_asks_about(answer):
    post = read(f"[quote]郭靖 发表于 2026-12-05 10:00\n导演，6楼是不是无效？[/quote]\n{answer}", quoting=True, roster=ROSTER)
    assert post is not None and not post.applied and [ref for ref, _ in post.held] == [("floor", 6)]


def _ballot(text: str, preset: str = "shediao"):
    t = Thread()
    post = t.add("郭靖", text, 1)
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    return next(e for e in result.entries if e.pid == post.pid)


@pytest.mark.parametrize("text", ["投票对象：黄蓉（繁體手機）\n投票理由：太跳", "投票对象：黄蓉 (Rong)\n投票理由：太跳",
                                  "投票对象：黄蓉 手机打的\n投票理由：太跳"])
def test_a_note_after_the_name_that_names_nobody_and_doubts_nothing_leaves_the_name(text):
    entry = _ballot(text)
    assert entry.target == "黄蓉" and entry.verdict == "counted" and not entry.needs_review, entry.reason


@pytest.mark.parametrize("text", ["投票对象：黄蓉（暂）\n投票理由：太跳", "投票对象：黄蓉 或者杨康\n投票理由：太跳",
                                  "投票对象：黄蓉（如果她不解释的话）\n投票理由：太跳", "投票对象：黄蓉 开玩笑的\n投票理由：太跳",
                                  "投票对象：黄蓉 先这样\n投票理由：太跳", "投票对象：黄蓉 还没想好\n投票理由：太跳"])
def test_a_note_that_may_change_the_ballot_keeps_it_the_directors(text):
    assert _ballot(text).needs_review
