"""Hostile round 57 on the lab (issue 42): a ruling taken back in its own line, said to be someone else's or not yet,
floors written as posts (第6帖 · 楼6 · the sixth post), rulings by player inside counts, proxies refused or changed in new
words, and a nickname as a target — each held for the director or read as meant."""

from __future__ import annotations

import pytest
from tallykit import NAMES, Thread, game
from test_hostile_round56 import _day  # the 2 : 2 day (郭靖, 杨康), then the posts given

from grammar.names import Roster
from grammar.ruling import read
from tally.day import tally_day
from tally.rules import load_preset

ROSTER = Roster(NAMES)


def _post(text: str):
    return read(text, roster=ROSTER)


@pytest.mark.parametrize("text", [
    "6楼无效（此条作废）", "6楼无效（本句作废）", "6楼无效 ←这句不算", "6楼无效（划掉）", "6楼无效（说着玩的）", "6楼无效，我瞎说的",
    "6楼无效（郭靖自己说的，我还没核对）", "6楼无效（穆念慈原话）", "6楼无效（昨天的事了，今天照常）", "6楼无效，我自己的意见，正式裁定明天发",
    "6楼无效，我打算明早宣布", "昨晚梦见6楼无效，醒来一看好好的", "6楼无效（转自讨论帖）",
    "第6帖无效", "第六帖无效。", "6号帖无效", "楼6无效", "The sixth post is void.",
])
def test_a_ruling_taken_back_told_or_not_yet_or_an_odd_floor_holds_the_floor(text):
    post = _post(text)
    assert post is not None and not post.applied and 6 in {ref[1] for ref, _ in post.held}


@pytest.mark.parametrize("text", ["欧阳克那张不算", "欧阳克：无效"])
def test_a_players_ballot_ruled_inside_a_count_without_its_floor_is_held(text):
    post = _post(f"【票型】郭靖 2：黄蓉、杨康\n{text}")
    assert post is not None and ("player", "欧阳克") in [ref for ref, _ in post.held]


@pytest.mark.parametrize("text", ["抱歉说错了，是7楼无效", "不好意思打错了，7楼无效"])
def test_a_correction_without_the_floor_it_corrects_reopens_the_directors_earlier_rulings(text):
    post = _post(text)
    assert post is not None and post.takes_back and not post.applied


def test_words_of_courtesy_are_no_correction_of_earlier_rulings():
    post = _post("7楼无效，不好意思来晚了")
    assert post is not None and not post.takes_back


@pytest.mark.parametrize("text", ["代投：欧阳锋 → 郭靖。规则上不行，驳回。", "欧阳锋私信让我代投郭靖，我拒绝了。", "欧阳锋想让我代投郭靖，没同意。"])
def test_a_proxy_refused_in_plain_words_counts_nothing(text):
    result, (entry,) = _day(("导演", text))
    assert entry.kind == "none" and result.certain and result.outcome.kind == "none", entry.reason


def test_a_proxy_changed_in_a_later_post_is_the_directors():
    result, (made, _) = _day(("导演", "代投：欧阳锋 → 郭靖"), ("导演", "欧阳锋 他那票改成杨康了"))
    assert made.needs_review and "杨康" in made.readings and not result.certain


def test_a_nickname_the_game_file_does_not_list_is_weighed_as_anyone():
    result, (entry,) = _day(("欧阳锋", "投票对象：小王爷\n投票理由：太跳"))
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain


def test_tomorrows_ballot_in_a_bracket_is_no_ballot_of_today_certain():
    result, (entry,) = _day(("欧阳锋", "投票对象：郭靖（这是我明天的票，今天先弃权）\n投票理由：太跳"))
    assert entry.needs_review and not result.certain


def test_a_proxy_marked_as_a_joke_on_a_line_of_its_own_is_weighed_standing_too():
    result, (made,) = _day(("导演", "代投：欧阳锋 → 郭靖\n（愚人节快乐）"))
    assert made.needs_review and not result.certain  # (counting it puts 郭靖 out: the proof had weighed nothing)


@pytest.mark.parametrize("text", ["6楼算杨康的票。", "6楼 有效，罗盘针那个才算。"])
def test_a_ruling_the_tool_cannot_apply_to_a_ballot_holds_that_ballot(text):
    from test_rulings_as_written import _posted
    rulings, asked, doubtful = _posted(text, ["郭靖", "黄蓉", "杨康", "欧阳克", "罗盘针"], {6: ("欧阳克", "郭靖")})
    assert 6 not in rulings and asked and 6 in doubtful


def test_following_a_named_player_in_two_words_is_never_silent():
    result, (entry,) = _day(("欧阳锋", "我跟穆念慈"))
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain  # (穆念慈 voted 郭靖)


@pytest.mark.parametrize("text", ["最后那张票无效，发晚了。", "楼上无效"])
def test_a_ballot_named_by_its_place_holds_the_ballot_above(text):
    from test_rulings_as_written import _posted
    rulings, asked, doubtful = _posted(text, ["郭靖", "黄蓉", "杨康", "欧阳克"],
                                       {2: ("郭靖", "杨康"), 3: ("黄蓉", "杨康"), 4: ("杨康", "郭靖"), 5: ("欧阳克", "郭靖")})
    assert rulings == {} and asked and doubtful == {5}


def test_a_reason_ruled_is_not_the_ballot_ruled():
    post = _post("6楼理由无效。")
    assert post is not None and not post.applied and 6 in {ref[1] for ref, _ in post.held}


def test_the_players_own_ballot_after_the_directors_proxy_for_them_is_asked():
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.2), ("杨康", "郭靖", 1.4), ("穆念慈", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    t.add("导演", "代投：欧阳锋 → 郭靖", 1.8)
    own = t.vote("欧阳锋", "杨康", 1.9)
    g = game("s10")
    result = tally_day(t.posts, g, g.days[0], load_preset("s10"))
    entry = next(e for e in result.entries if e.pid == own.pid)
    assert entry.needs_review and "杨康" in entry.readings and not result.certain


@pytest.mark.parametrize("text", ["6楼无效。抱歉说错了，是7楼无效。", "6楼无效，不好意思打错了，7楼无效。"])
def test_a_post_that_corrects_itself_midway_holds_every_floor_it_names(text):
    # (round 58 on the lab: the post ruled nothing and both ballots stood)
    post = _post(text)
    assert post is not None and not post.applied and {6, 7} <= {ref[1] for ref, _ in post.held}
