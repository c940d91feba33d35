"""What the lab's recheck of the hostile round still found (issue 42; each case ran on a real Discuz X3.5 and posted a
wrong result, or read a vote attempt as chat) — now held by construction, not by the one phrasing:

- a clause after the ballot that speaks of the post itself and of no player (试发 · 演示 · 别当真) is the poster's word
  on whether the ballot is meant: asked;
- another player offered as acceptable (「郭靖也可以」) is a second choice: asked;
- a ballot for whatever another voter cast, by floor or by name (「同3楼」「洪七公投谁我就投谁」): asked, with that
  voter's ballot among the readings;
- the director's proxies: 「受X之托：Y」, two arrows on one 代投 line, 「照办」 under a quoted request, and words
  beside a proxy that leave it open (the lexicon's pending, hedge, question, condition and retract words) or take it back.
"""

from __future__ import annotations

import pytest
from test_hostile_round47 import asked, tied


@pytest.mark.parametrize("attack", [
    "投票对象：杨康\n（随手写写，别当真）", "投票对象：杨康\n——试发一下，看看格式对不对", "投杨康【本楼是演示，真票另发】",
])
def test_a_ballot_whose_words_say_it_is_not_meant_is_the_directors(attack):
    asked(attack, preset="s10")


@pytest.mark.parametrize("ballot", [
    "投票对象：杨康\n投票理由：这票就算数，他发言太假", "投杨康，这楼补上理由：他发言太假",
    "投票对象：杨康\n投票理由：他跟郭靖也可以算一伙",
])
def test_words_about_the_post_or_another_player_that_change_nothing_leave_the_ballot_certain(ballot):
    entry, result = tied(ballot, preset="s10")
    assert not entry.needs_review and entry.target == "杨康" and result.certain, entry.reason


@pytest.mark.parametrize("attack", ["投杨康吧，郭靖也可以，随便", "杨康吧，实在不行郭靖也可以", "杨康或者郭靖都行，无所谓"])
def test_two_players_each_offered_as_acceptable_are_the_directors_to_choose(attack):
    entry, result = tied(attack, preset="s10")
    assert entry.needs_review and {"杨康", "郭靖"} <= {entry.target, *entry.readings} and not result.certain, entry.reason


@pytest.mark.parametrize("attack", ["投票对象：同3楼", "同3楼", "洪七公投谁我就投谁"])
def test_a_ballot_as_another_voter_cast_weighs_that_voters_ballot(attack):
    # floor 3 is 洪七公's ballot for 郭靖 (tied's day)
    entry, result = tied(attack, preset="s10")
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, (entry.reason, entry.readings)


@pytest.mark.parametrize("text", [
    "代投：周伯通→杨康（先记上，等她回复再说）", "Proxy for 周伯通: vote 杨康 (pending her confirmation)",
    "[quote]周伯通 发表于 2026-11-21 10:00\n导演，我投杨康，帮我代一下[/quote]\n好的，照办",
])
def test_a_proxy_left_open_beside_it_or_made_only_by_agreeing_is_asked(text):
    asked(text, author="导演", preset="s10")


def test_a_proxy_taken_back_in_a_later_line_counts_nothing():
    _, result = tied("代投 周伯通→杨康。\nPS：刚收到她消息，说不用代了", author="导演", preset="s10")
    assert result.totals == {"杨康": 2, "郭靖": 2}


@pytest.mark.parametrize("text, totals", [
    ("受周伯通之托：杨康", {"杨康": 3, "郭靖": 2}),
    ("代投 周伯通→杨康、黄药师→杨康", {"杨康": 4, "郭靖": 2}),
    ("代投：周伯通→杨康（她在考试，私信委托）", {"杨康": 3, "郭靖": 2}),  # why she asked: no doubt
])
def test_proxies_in_the_directors_own_shapes_are_counted(text, totals):
    entry, result = tied(text, author="导演", preset="s10")
    assert result.totals == totals and result.certain, entry.reason


# After heldout12's first read (its README): classes it showed.

@pytest.mark.parametrize("attack, meant", [
    ("我觉得今天该出的是杨康，就他了。", "杨康"), ("这一楼就是我今天的票，给杨康，不解释。", "杨康"),
])
def test_a_post_that_settles_on_a_player_without_a_vote_word_is_asked(attack, meant):
    entry, result = tied(attack, preset="s10")
    assert entry.needs_review and meant in {entry.target, *entry.readings} and not result.certain, entry.reason


def test_a_ballot_that_names_another_voter_as_its_model_weighs_that_voters_ballot():
    entry, result = tied("投票：同洪七公", preset="s10")  # 洪七公 votes 郭靖 in tied's day
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, entry.reason


def test_a_test_said_before_the_ballot_is_asked():
    asked("先发个测试看看格式对不对：\n投票对象：杨康\n投票理由：测试", preset="s10")


@pytest.mark.parametrize("text, totals", [
    ("代投（12:10 发出）：周伯通 委托，投票对象：杨康，投票理由：本人所述。", {"杨康": 3, "郭靖": 2}),
    ("代投：\n① 周伯通（今天加班，QQ 委托）投票对象：杨康\n② 黄药师 委托投郭靖——刚刚他又说自己来投，②作废。", {"杨康": 3, "郭靖": 2}),
])
def test_a_proxy_after_a_bracketed_time_or_beside_a_withdrawn_one_is_counted(text, totals):
    entry, result = tied(text, author="导演", preset="s10")
    assert result.totals == totals and result.certain, entry.reason


# The hostile round of this stop (/tmp/hostile49 on the lab).

@pytest.mark.parametrize("attack", [
    "投票对象：杨康\n（打个样，大家照这个格式来）", "投票对象：杨康\n——以上纯属虚构，如有雷同实属巧合", "演练一下：投票对象：杨康",
    "投票对象：杨康\n哈哈哈逗你们玩呢", "我先假装投一下：投票对象：杨康", "投票对象：杨康\n——复制自我的备忘录，不是今天的",
])
def test_a_ballot_said_to_be_a_form_a_fiction_or_a_pretence_is_asked(attack):
    asked(attack, preset="s10")


@pytest.mark.parametrize("attack, followed", [
    ("我随大流，跟着穆念慈走", "杨康"), ("复制楼上的票", "郭靖"), ("我站洪七公这边，他投谁我投谁", "郭靖"),
    ("我也投洪七公投的那个人", "郭靖"), ("楼上+1，我也这么投", "郭靖"), ("我的票同上上楼", "郭靖"),
])
def test_a_ballot_that_follows_another_voter_in_other_words_weighs_that_voters_ballot(attack, followed):
    # tied's day: 黄蓉 and 穆念慈 vote 杨康 (floors 1, 2), 洪七公 and 一灯 vote 郭靖 (floors 3, 4)
    entry, result = tied(attack, preset="s10")
    assert entry.needs_review and followed in entry.readings and not result.certain, (entry.reason, entry.readings)


@pytest.mark.parametrize("attack", ["杨康郭靖都行，哪个都可以投", "郭靖和杨康里挑一个吧，我都行"])
def test_players_listed_as_all_acceptable_are_asked(attack):
    asked(attack, preset="s10")


@pytest.mark.parametrize("text", [
    "代投 周伯通→杨康\n（她说再考虑一下，不行就改）", "代投：周伯通→杨康\n请周伯通本人上来确认一下", "Proxy: 周伯通 -> 杨康 (tentative)",
    "代投：周伯通→杨康（回头跟她核对一下）", "代投：周伯通→杨康\n——上面是模板，需要代投的照这个格式私信我",
])
def test_a_proxy_a_later_line_leaves_open_or_shows_as_the_form_is_asked(text):
    asked(text, author="导演", preset="s10")


# After heldout13's first read (its README).

def test_a_post_that_settles_on_the_player_it_speaks_to_is_asked():
    entry, result = tied("杨康，就你了，一上午都在装睡", preset="s10")
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


def test_a_request_on_a_condition_the_director_retells_is_the_directors_whatever_the_post_rules():
    asked("周伯通私信：如果杨康今天不跳身份就帮我投杨康，跳了就弃权。\n带条件的代投，按规则视为弃权。", author="导演", preset="s10")


def test_a_post_that_wants_a_player_out_and_calls_itself_the_ballot_is_asked():
    # heldout14 n14_108, after its first read
    entry, result = tied("想了一晚上，今天我站杨康出局，这就是我的票。", preset="s10")
    assert entry.needs_review and "杨康" in entry.readings and not result.certain, entry.reason


@pytest.mark.parametrize("attack", ["举个例子：投票对象：杨康", "投票对象：杨康\n/s", "投票对象：杨康\n（以上为反串）",
                                    "和3楼保持一致", "洪七公的票就是我的票", "ditto 穆念慈", "杨康郭靖半斤八两，投哪个都一样"])
def test_the_second_rounds_disclaimers_follows_and_offers_are_asked(attack):
    asked(attack, preset="s10")


def test_a_target_two_characters_off_in_sound_or_shape_keeps_the_player_among_its_readings():
    # the lab (heldout12 g02): 「混沌」 for 馄饨 was weighed only as 弃权, and the proof said the floor could change nothing
    from grammar.names import Roster
    found = Roster(["馄饨", "春卷", "汤圆"]).resolve("混沌", fuzzy=True)
    assert found.name is None and found.candidates == ("馄饨",)


# The third hostile round's leftovers (hostile50's list), held by construction:

@pytest.mark.parametrize("attack, followed", [("我和楼上那位观点一致，票也一致", "郭靖"), ("我跟洪七公想法差不多，票也一样", "郭靖")])
def test_a_ballot_said_to_agree_with_a_voter_after_the_opinion_weighs_that_voters_ballot(attack, followed):
    entry, result = tied(attack, preset="s10")
    assert entry.needs_review and followed in entry.readings and not result.certain, (entry.reason, entry.readings)


def test_agreeing_with_a_view_alone_is_no_ballot():
    entry, _ = tied("和楼上观点一致", preset="s10")
    assert not entry.needs_review, entry.reason


@pytest.mark.parametrize("attack", ["周伯通托我转达，他投郭靖", "周伯通托我的，她说投郭靖"])
def test_a_relay_whose_ballot_is_told_in_the_next_clause_is_a_relay_not_a_report(attack):
    entry = asked(attack, preset="s10")
    assert "周伯通" in entry.reason and "郭靖" in entry.readings, (entry.reason, entry.readings)


@pytest.mark.parametrize("text", ["代投｜周伯通｜杨康", "| 代投人 | 投票对象 |\n| 周伯通 | 杨康 |", "代投名单：\n周伯通 杨康"])
def test_a_proxy_in_a_table_or_list_shape_nobody_listed_is_asked_never_dropped(text):
    asked(text, author="导演", preset="s10")


def test_a_counts_table_that_marks_a_ballot_as_a_proxy_makes_no_new_proxy():
    entry, result = tied("投票人｜对象｜备注\n黄蓉｜杨康｜\n周伯通｜杨康｜代投\n——杨康 3 票，郭靖 2 票。", author="导演", preset="s10")
    assert result.totals["杨康"] == 2, result.totals  # the table's 代投 is no proxy made here
    # and its 杨康 3 票 is not the tool's 2: the count is set beside ours, never passed over (hostile round 81, K19)
    assert entry.needs_review and "杨康 3 票" in entry.reason and not result.certain, entry.reason


@pytest.mark.parametrize("attack", ["投票对象：杨康\n（郭靖）", "投票对象：杨康（误，郭靖）", "投票对象：杨康\n投票理由：（误，郭靖）"])
def test_a_player_named_alone_in_brackets_beside_the_ballot_is_a_choice_asked(attack):
    entry = asked(attack, preset="s10")
    assert "郭靖" in entry.readings, entry.readings


def test_the_last_name_of_a_bracketed_list_is_one_of_the_list_not_a_choice():
    entry, _ = tied("昨天的票：杨康2票（黄蓉、穆念慈），郭靖1票（洪七公）。\n投票对象：杨康\n投票理由：还是他", preset="s10")
    assert not entry.needs_review, entry.reason


# After heldout15's first read (its README):

@pytest.mark.parametrize("attack", ["今天别再投杨康了，他昨晚的移动我能对上。", "大家不要再投郭靖了，他昨天的发言没问题", "FoS 杨康——先观察，不投。"])
def test_an_adverb_between_the_negation_and_the_verb_or_a_wait_leaves_no_ballot(attack):
    entry, _ = tied(attack, preset="s10")
    assert entry.kind == "none" and not entry.needs_review, (entry.kind, entry.reason)


def _under_a_quote(author: str, text: str):
    """黄蓉's ballot for 杨康 (s10), then `author`'s post quoting it: that post's entry."""
    from tallykit import Thread, game

    from tally.day import tally_day
    from tally.rules import load_preset
    t = Thread()
    quoted = t.vote("黄蓉", "杨康", 1)
    made = t.add(author, text, 1.5, quote=quoted)
    g = game("s10")
    return next(e for e in tally_day(t.posts, g, g.days[0], load_preset("s10")).entries if e.pid == made.pid)


def test_a_ballot_pointing_at_this_one_under_a_quote_weighs_the_quoted_poster():
    entry = _under_a_quote("穆念慈", "vote 这位\n解释越多越可疑")
    assert entry.needs_review and "黄蓉" in entry.readings, (entry.reason, entry.readings)


def test_labels_typed_without_colons_keep_the_near_name_among_the_readings():
    entry = asked("投票对象郭敬理由昨天踩人踩得太急了\n——发自我的手机", preset="s10")
    assert "郭靖" in entry.readings, entry.readings


def test_a_players_imitation_of_a_ruling_with_its_reason_is_no_ballot():
    entry, _ = tied("【裁定】3楼作废！理由：一帖两个对象。\n——学导演的口气说说而已，不算数，等导演定。", preset="s10")
    assert entry.kind == "none", (entry.kind, entry.reason)


# After heldout16's first read (its README):

def test_a_players_imitation_with_a_disclaimer_for_it_and_a_ballot_under_it_counts_the_ballot():
    entry, _ = tied("【裁定】3楼 计票无效，理由：数字太吓人。\n——学导演玩的，别当真。\n投票对象：杨康\n投票理由：他一直不站边。", preset="s10")
    assert entry.kind == "vote" and entry.target == "杨康" and not entry.needs_review, entry.reason


def test_a_players_imitation_of_an_unreadable_ruling_is_no_ballot():
    entry, _ = tied("【裁定】2楼 unvote 有效，他的票作废。\n——我猜主持会这么判，不代表官方。", preset="s10")
    assert entry.kind == "none", (entry.kind, entry.reason)


def test_a_disclaimer_of_the_ballot_itself_is_still_asked():
    asked("投票对象：杨康\n——以上纯属虚构，别当真。", preset="s10")


def test_a_players_ruling_heading_naming_a_player_not_a_floor_is_an_imitation():
    entry, _ = tied("【裁定】杨康 的票无效，理由：太帅了，影响判断。\n（我不是导演，学着玩的，别截图）", preset="s10")
    assert entry.kind == "none" and not entry.needs_review, (entry.kind, entry.reason)


# After heldout17's first read (its README):

def test_a_ballot_word_in_bbcode_is_read_once_the_markup_is_set_aside():
    entry, _ = tied("[b]vote[/b] 杨康\n他昨晚说法太随意了", preset="s10")
    assert entry.kind == "vote" and entry.target == "杨康", (entry.kind, entry.reason)


def test_watching_beside_not_voting_is_no_abstention_whatever_day_it_names():
    entry, _ = tied("FoS 杨康，今天说话太顺了，先盯着，不投。", preset="s10")
    assert entry.kind == "none" and not entry.needs_review, (entry.kind, entry.reason)


def test_a_relay_whose_player_is_named_before_the_words_that_relay_is_a_relay():
    entry = asked("周伯通 在高铁上信号不好，托我发一下：\n投票对象：郭靖\n投票理由：跟警长", preset="s10")
    assert "转投" in entry.reason, entry.reason


def test_you_under_a_quote_points_at_the_quoted_poster():
    entry = _under_a_quote("杨康", "投我？行，那我也投你。")
    assert entry.needs_review and "黄蓉" in entry.readings, (entry.reason, entry.readings)


@pytest.mark.parametrize("attack", ["【民间统计，非官方】\n杨康 ← 黄蓉、穆念慈\n郭靖 ← 洪七公\n我自己：郭靖", "杨康\n\n——发自手机论坛"])
def test_the_posters_own_line_in_a_count_and_a_bare_name_above_a_phone_signature_are_asked(attack):
    # heldout16 p16_041 and heldout17 s17_089 (after their first reads)
    entry = asked(attack, preset="s10")
    assert entry.readings, entry.reason


def test_unvote_then_the_abstention_word_is_a_change_to_an_abstention_said_twice_as_one():
    # heldout17 s17_050 (after its first read): 「unvote，弃权。……今天不投了」 was two ballots, invalid
    entry = _under_a_quote("黄蓉", "unvote，弃权。杨康 的解释我接受了，今天不投了。")  # (a reply to her own ballot)
    assert entry.kind == "change" and entry.verdict == "counted" and entry.target is None, (entry.kind, entry.reason)
