"""Hostile round 58 on the lab (issue 42): what the lab's pages held and the tests built otherwise — a count written on
one line with rulings in it, floors of another round or game, a ruling quoted from a player, a ruling withdrawn in new
words, a bare answer under a quoted question as the scraper stores it, and players' notes the proof had not weighed."""

from __future__ import annotations

import pytest
from test_hostile_round56 import _day  # the 2 : 2 day (郭靖, 杨康) on floors 1–4, then the posts given from floor 5
from test_rulings_as_written import _posted

BALLOT = ("欧阳锋", "投票对象：郭靖\n投票理由：站边太快")  # floor 5: 郭靖 3 : 2 while it counts
FLOORS = {1: ("郭靖", "杨康"), 2: ("黄蓉", "杨康"), 3: ("杨康", "郭靖"), 4: ("穆念慈", "郭靖"), 5: ("欧阳锋", "郭靖")}


@pytest.mark.parametrize("count", [
    "【目前票型】郭靖 2票（3楼 杨康、4楼 穆念慈；5楼 欧阳锋那张不算）；杨康 2票（1楼 郭靖、2楼 黄蓉）",
    "票型：杨康 2票：郭靖、黄蓉；郭靖 2票：杨康、穆念慈（欧阳锋的不计）",
    "【票型】郭靖 3-1=2票（5楼扣除），杨康 2票",
    "【票型】郭靖 2票（杨康、穆念慈），杨康 2票（郭靖、黄蓉）。欧阳锋：无效",
])
def test_a_count_on_one_line_that_does_not_count_a_ballot_we_count_holds_it(count):
    result, (ballot, _count) = _day(BALLOT, ("导演", count))
    assert ballot.needs_review and not result.certain, ballot.reason


def test_a_count_on_one_line_with_a_floor_marked_void_rules_that_floor():
    count = "票型核对：1楼 郭靖→杨康，2楼 黄蓉→杨康，3楼 杨康→郭靖，4楼 穆念慈→郭靖，5楼 欧阳锋→郭靖（无效）"
    rulings, asked, doubtful = _posted(count, ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋"], FLOORS)
    assert rulings == {5: ("reject", None)} and not asked and not doubtful


def test_a_count_on_one_line_that_agrees_with_ours_leaves_the_day_certain():
    count = "【票型】郭靖 3票（杨康、穆念慈、欧阳锋），杨康 2票（郭靖、黄蓉）"
    result, (ballot, _count) = _day(BALLOT, ("导演", count))
    assert not ballot.needs_review and result.certain and result.outcome.kind == "out"


PLAYERS = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋"]


@pytest.mark.parametrize("text", ["上次重投时的5楼无效，跟这次无关。", "去年那局的5楼无效，印象深刻。", "上回的5楼无效"])
def test_words_before_a_floor_that_say_it_is_another_rounds_or_games_hold_it(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, FLOORS)
    assert rulings == {} and asked and doubtful == {5}


@pytest.mark.parametrize("text", ["欧阳锋的5楼无效", "今天投票帖的5楼无效", "第1天的5楼无效"])
def test_words_before_a_floor_that_name_its_voter_or_this_thread_rule_it(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, FLOORS)
    assert rulings == {5: ("reject", None)} and not doubtful


def test_a_players_name_and_a_colon_before_a_floor_of_another_player_holds_it():
    rulings, asked, doubtful = _posted("杨康：5楼无效\n我：不同意", PLAYERS, FLOORS)
    assert rulings == {} and asked and doubtful == {5}


def test_the_voters_own_name_and_a_colon_before_the_floor_in_a_count_rules_it():
    rulings, asked, doubtful = _posted("【关门票型】\n郭靖 → 杨康\n黄蓉 → 杨康\n欧阳锋：5楼无效，未补投", PLAYERS, FLOORS)
    assert rulings == {5: ("reject", None)} and not doubtful


@pytest.mark.parametrize("text", ["欧阳锋5楼那票已经被我划掉了。", "5楼无小", "5楼无校"])
def test_a_ballots_fate_in_other_words_or_a_phone_typo_holds_the_floor(text):
    rulings, asked, doubtful = _posted(text, PLAYERS, FLOORS)
    assert rulings == {} and asked and doubtful == {5}


@pytest.mark.parametrize("text", ["上面那条我删不掉，当它不存在吧。", "刚才那句当没发过"])
def test_the_post_above_taken_back_in_words_that_name_no_ruling_reopens_the_earlier_rulings(text):
    from grammar.names import Roster
    from grammar.ruling import read

    post = read(text, roster=Roster(PLAYERS))
    assert post is not None and post.takes_back and not post.applied


def test_a_bare_yes_quoting_a_question_kept_apart_as_the_forum_keeps_it_holds_the_floor_asked():
    # the archive keeps a quote-reply's quoted words apart from its text: the answer's text is 「是（凑字数凑字数）」 alone
    from dataclasses import replace

    from tallykit import Thread, game

    from tally import rulings as posted
    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    t.add(*BALLOT, 2)
    asked = t.add("黄蓉", "导演，5楼是不是无效？", 2.1)
    t.add("导演", "是（凑字数凑字数）", 2.2, quote=asked)
    t.posts = [replace(p, author_uid=1 if p.author == "导演" else 10 + sorted({q.author for q in t.posts}).index(p.author)) for p in t.posts]  # (who posted it: uids)
    g, rules = game("s10"), load_preset("s10")
    assert posted.maybe_rulings(g, t.posts)
    base = tally_day(t.posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts(t.posts, g, g.days[0], base, rules, {}, posted.director_uids(g, t.posts))
    fifth = next(e.pid for e in base.entries if e.floor == 5)
    assert found.rulings[fifth][0].decision == "pending", found.unread


def test_a_note_on_a_line_of_its_own_beside_a_labelled_ballot_that_may_change_it_holds_it():
    result, (entry,) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：划水\n（这是我明天的票，今天先弃权）"))
    assert entry.needs_review and not result.certain


def test_a_note_on_a_line_of_its_own_that_changes_nothing_leaves_the_ballot():
    result, (entry,) = _day(("欧阳锋", "投票对象：郭靖\n投票理由：划水\n（手机打的，格式见谅）"))
    assert not entry.needs_review and result.certain


def test_the_one_spoken_to_by_surname_and_title_is_weighed_when_the_ballot_is_given_to_you():
    result, (entry,) = _day(("欧阳锋", "郭大侠，这票给你了"))
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain


def test_a_pasted_qq_log_whose_speaker_carries_its_number_is_a_proxy_asked():
    result, (entry,) = _day(("导演", "QQ记录：\n欧阳锋(12345) 20:01:03\n投杨康\n欧阳锋(12345) 20:03:10\n不对，投郭靖"))
    assert entry.needs_review and {"杨康", "郭靖"} <= set(entry.readings) and not result.certain, entry.reason


def test_a_proxy_whose_words_place_the_request_in_the_last_hour_is_the_directors_where_the_preset_bars_it():
    result, (entry,) = _day(("导演", "代投：欧阳锋 → 郭靖。他是关门前半小时私信我的，我现在才看到。"), preset="shediao")
    assert entry.needs_review and not result.certain, entry.reason


def test_a_rule_about_the_last_hour_said_beside_a_proxy_is_no_time_of_its_request():
    result, (entry,) = _day(("导演", "代投：欧阳锋 → 郭靖。提醒：关门前一小时不能代投。"), preset="shediao")
    assert not entry.needs_review and result.certain, entry.reason


def test_a_ruling_in_text_the_page_does_not_show_is_not_taken():
    from dataclasses import replace

    from tallykit import Thread, game

    from tally import rulings as posted
    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    t.add(*BALLOT, 2)
    t.add("导演", "5楼无效\n今天辛苦大家。", 2.2)
    t.posts = [replace(p, author_uid=1 if p.author == "导演" else 10 + sorted({q.author for q in t.posts}).index(p.author),
                       style={"colors": ["#ffffff"], "sizes": []} if p.author == "导演" else p.style) for p in t.posts]
    g, rules = game("s10"), load_preset("s10")
    base = tally_day(t.posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts(t.posts, g, g.days[0], base, rules, {}, posted.director_uids(g, t.posts))
    fifth = next(e.pid for e in base.entries if e.floor == 5)
    assert found.rulings[fifth][0].decision == "pending" and found.unread, found.unread
