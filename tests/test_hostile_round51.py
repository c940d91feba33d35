"""What the fourth hostile round on the lab (issue 42; /tmp/hostile51's report) still found, held by construction:

- a verdict named as a claim and the claim rejected (「7楼无效的说法不成立」「这个判断是错的」「这是黄蓉的意见，我不同意」) or every
  floor but the one named (「除7楼外全部有效」) rules nothing and holds its floor;
- a list of the valid ballots on one line or as a range (「所有有效票：2、3、4、5、6楼」「有效票为2至6楼」) asks of the ballots it
  leaves out, and a range's floors are the director's;
- a proxy in a two-column table (「委托人｜对象 ⏎ 梅超风｜杨康」) is asked, never dropped;
- a director's later post that takes back or corrects an earlier proxy, by its player or its floor, makes it the director's;
- a player's correction after a label of any words (「更：郭靖」「正确答案：郭靖」「edit: 郭靖 not 杨康」), a name said again and
  again, 「想点郭靖」: asked;
- 「首日」 is day 1; a take-back of a ruling that names the vote thread (「投票帖7楼的裁定撤回」) holds that floor.
"""

from __future__ import annotations

import pytest
from tallykit import NAMES, Thread, game
from test_hostile_round47 import asked
from test_rulings_as_written import TIED, _posted

from grammar.names import Roster
from grammar.ruling import read
from tally.day import tally_day
from tally.rules import load_preset

PLAYERS = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公"]


@pytest.mark.parametrize("text", ["7楼无效的说法不成立", "7楼无效这个判断是错的", "7楼无效——这是黄蓉的意见，我不同意", "除7楼外全部有效",
                                  "除了7楼，其他都有效"])
def test_a_verdict_rejected_as_a_claim_or_an_exception_rules_nothing_and_holds_its_floor(text):
    rulings, _, doubts = _posted(text, PLAYERS, TIED)
    assert rulings == {} and doubts == {7}, (rulings, doubts)


@pytest.mark.parametrize("text", ["7楼无效，理由：他反对所有人", "7楼无效。除此之外都有效", "7楼无效。有人不同意的话私信我"])
def test_a_reason_or_a_later_sentence_with_such_words_leaves_the_ruling(text):
    assert _posted(text, PLAYERS, TIED)[0] == {7: ("reject", None)}


@pytest.mark.parametrize("text", ["以下为有效票：2楼、3楼、4楼、5楼、6楼。", "所有有效票：2、3、4、5、6楼", "有效票为2至6楼"])
def test_a_list_of_valid_ballots_on_one_line_or_as_a_range_asks_of_the_one_left_out(text):
    assert 7 in _posted(text, PLAYERS, TIED)[2]


def test_a_ruling_taken_back_in_words_that_name_the_vote_thread_holds_its_floor():
    post = read("投票帖7楼的裁定撤回")
    assert not post.applied and [ref for ref, _ in post.held] == [("floor", 7)]


def test_the_first_day_said_as_shouri_is_day_one():
    post = read("首日投票帖7楼作废", roster=Roster(NAMES))
    assert post.day == 1 and [(i.ref, i.verdict) for i in post.applied] == [(("floor", 7), "invalid")]


@pytest.mark.parametrize("text", ["代投登记\n委托人｜对象\n周伯通｜杨康", "代投规则见一楼\n| 委托人 | 对象 |\n| 周伯通 | 杨康 |"])
def test_a_proxy_in_a_two_column_table_is_asked(text):
    asked(text, author="导演", preset="s10")


def _proxy_then(later: str):
    """A 2 : 2 day, the director's proxy 周伯通 → 杨康 (#5) and the director's later post: #5's entry and the day."""
    t = Thread()
    for voter, target, hours in (("黄蓉", "杨康", 1), ("穆念慈", "杨康", 1.2), ("洪七公", "郭靖", 1.4), ("一灯", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    made = t.add("导演", "代投：周伯通→杨康", 1.8)
    said = t.add("导演", later, 2)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    return next(e for e in result.entries if e.pid == made.pid), result, next(e for e in result.entries if e.pid == said.pid)


@pytest.mark.parametrize("later", ["周伯通那张代投撤销，她说自己来投", "周伯通说刚才那票不用代了", "收回5楼的代投", "更正5楼：周伯通委托的是郭靖"])
def test_a_proxy_a_later_post_takes_back_or_corrects_is_the_directors(later):
    entry, result, said = _proxy_then(later)
    assert not result.certain, entry.reason
    # the proxy held for the director — or, a take-back read plainly, the later post taking it back, the proxy its other reading
    assert (entry.needs_review and entry.nobody) or (entry.verdict == "superseded" and said.needs_review and said.readings), \
        (entry.reason, said.reason)


@pytest.mark.parametrize("later", ["杨康 3票：黄蓉、穆念慈、周伯通（5楼代投）\n郭靖 2票：洪七公、一灯", "提醒：代投请提前私信"])
def test_a_count_or_a_notice_after_a_proxy_leaves_it(later):
    entry, _, _ = _proxy_then(later)
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("attack", ["投票对象：杨康\n更：郭靖", "投票对象：杨康\nedit: 郭靖 not 杨康", "投票对象：杨康\nps：郭靖，前面写岔了",
                                    "投票对象：杨康\n手机打字太快 郭靖郭靖郭靖", "投票对象：杨康\n最后一句算数：郭靖",
                                    "投票对象：杨康\n正确答案：郭靖", "投票对象：杨康\n咦，怎么是杨康，我明明想点郭靖"])
def test_a_correction_after_a_label_of_any_words_or_a_name_said_again_is_asked(attack):
    entry = asked(attack, preset="s10")
    assert "郭靖" in entry.readings, entry.readings


@pytest.mark.parametrize("ballot", ["投票对象：杨康\n投票理由：郭靖说他昨晚在说谎", "投票对象：杨康\n（原：郭靖）",
                                    "今天还剩：郭靖、黄蓉、杨康\n投票对象：杨康"])
def test_a_name_after_a_colon_in_a_reason_a_history_or_a_roll_call_is_no_choice(ballot):
    from test_hostile_round47 import tied
    entry, _ = tied(ballot, preset="s10")
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("edited_by, stamped", [("梅超风", "before"), ("梅超风", "after"), (None, None)])
def test_a_ruling_the_tool_will_not_take_as_the_directors_holds_its_floors_never_leaves_them_as_read(edited_by, stamped):
    """The lab: a stamp typed into the director's own ruling (naming someone else, dated before the post) dropped the ruling
    and the day was posted without it. A ruling refused for who made or changed it is a doubt on its floors."""
    from dataclasses import replace
    from datetime import timedelta

    from test_ruling_blind import day_of

    from tally import rulings as posted
    item = {"id": "t", "author_role": "director", "text": "【裁定】7楼无效", "players": PLAYERS,
            "floors_exist": {str(f): {"author": a, "voted": v, "kind": "vote"} for f, (a, v) in TIED.items()}}
    g, posts, ruling_post = day_of(item)
    at = ruling_post.posted_at
    if edited_by:
        when = (datetime_of(at) + timedelta(minutes=-5 if stamped == "before" else 5)).isoformat()
        ruling_post = replace(ruling_post, edited_by=edited_by, edited_at=when)
    rules = load_preset("shediao")
    base = tally_day(posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts([*posts, ruling_post], g, g.days[0], base, rules, {}, posted.director_uids(g, [*posts, ruling_post]))
    seventh = next(e.pid for e in base.entries if e.floor == 7)
    decision = found.rulings[seventh][0].decision
    assert decision == ("pending" if edited_by else "reject"), found.unread


def datetime_of(iso: str):
    from datetime import datetime
    return datetime.fromisoformat(iso)


def test_a_players_request_for_a_proxy_is_no_ballot_and_takes_nothing_away():
    # heldout17 t02 (its first read): 「明天上午考试，已经私信执法团代投了」 was an invalid ballot whose abstention reading took the
    # player's standing ballot away
    from test_hostile_round47 import tied
    entry, result = tied("明天上午考试，已经私信导演代投了，大家晚安。", author="洪七公", preset="s10")
    assert entry.kind == "none" and result.certain and not entry.nobody and not entry.readings, entry.reason  # flagged, harmless


def test_the_floor_whose_original_stands_is_the_original_not_a_floor_ruled_as_a_change():
    post = read("【裁定】15楼 不算改票，黄蓉 以 5楼 原票为准（杨康）。", roster=Roster(NAMES))
    assert sorted((i.ref, i.verdict) for i in post.applied) == [(("floor", 5), "valid"), (("floor", 15), "invalid")]


def test_the_players_quoted_request_in_a_proxy_names_no_one_else_the_proxy_is_for():
    asked_not = "【代投】周伯通 昨晚私信委托：“明天我在医院，帮我投杨康，理由跟黄蓉一样。”\n代投：周伯通 → 杨康"
    from test_hostile_round47 import tied
    entry, _ = tied(asked_not, author="导演", preset="s10")
    assert entry.kind == "proxy" and entry.target == "杨康" and not entry.needs_review, entry.reason
