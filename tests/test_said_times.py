"""A post's own words about when it is written (grammar/when.py), weighed against the forum's time: a change that
says it is in the last hour (「还有半小时关门了」) while the forum's time puts it earlier is asked, never counted
certain (heldout4, 6, 7 and 9 each held such changes, counted certain where their directors voided them)."""

from __future__ import annotations

import pytest
from tallykit import NAMES, Thread, game

from grammar.when import said_times
from tally.day import tally_day
from tally.game import Player
from tally.rules import load_preset


@pytest.mark.parametrize("text, kind, minutes", [
    ("还有半小时关门了，最后改一下", "to_close", 30),
    ("还剩二十分钟截止，赌一把", "to_close", 20),
    ("最后十分钟了", "to_close", 10),
    ("离关门不到一小时", "to_close", 59),  # less than the amount said
    ("十一点五十了，最后改一下", "clock", 11 * 60 + 50),
    ("现在 23:40，改票", "clock", 23 * 60 + 40),
    ("三点半了", "clock", 3 * 60 + 30),
    ("开局都十一个半小时了，老板还是改一下", "since_open", 11 * 60 + 30),
    ("开始已经 2 小时 15 分了", "since_open", 2 * 60 + 15),
])
def test_what_the_words_say_about_now(text, kind, minutes):
    assert [(s.kind, s.minutes) for s in said_times(text)] == [(kind, minutes)]


@pytest.mark.parametrize("text", ["他昨晚11点说的那句话", "投票时间 20:00 截止", "关门前一小时不许改票", "第3天 18楼", "11点的时候他还在线"])
def test_a_time_not_said_to_be_now_is_a_reasons(text):
    assert said_times(text) == ()


def _changed(reason: str, hours: float, preset: str = "shediao", players=None):
    t = Thread()
    own = t.vote("黄蓉", "杨康", 1)
    change = t.add("黄蓉", f"改票对象：郭靖\n改票理由：{reason}", hours, quote=own)
    g = game(preset, players=players) if players else game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    return next(e for e in result.entries if e.pid == change.pid)


def test_a_change_that_says_it_is_in_the_last_hour_is_asked_where_the_forum_time_lets_it_stand():
    entry = _changed("还有半小时关门了，最后改一下", 20)  # the forum: 28 hours before the close
    assert entry.needs_review and "还有半小时关门" in entry.reason and "关门前 60 分钟" in entry.reason
    plain = _changed("他今天太安静", 20)
    assert not plain.needs_review and plain.verdict == "counted"


def test_words_that_agree_with_the_forums_time_are_explained():
    # the close is 48 hours after the start; 47.6 hours in, the forum's time already bars the change: certain
    entry = _changed("还有半小时关门了", 47.6)
    assert entry.verdict == "invalid" and not entry.needs_review
    early = _changed("还有两个小时关门了，改一下", 46)  # outside the last hour both ways
    assert early.verdict == "counted" and not early.needs_review


def test_the_bar_owner_saying_the_day_is_past_its_change_hours_is_asked():
    players = tuple(Player(n, i, roles=("酒吧老板",) if n == "黄蓉" else ()) for i, n in enumerate(NAMES))
    entry = _changed("开局都十一个半小时了，老板还是改一下", 3, "mahjong", players)
    assert entry.needs_review and "11 小时" in entry.reason
