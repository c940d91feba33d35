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
