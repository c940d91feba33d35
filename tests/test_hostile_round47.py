"""The hostile round of this stop (issue 42; /tmp/hostile47 on the lab's Discuz X3.5): each post was counted as certain
— or, for the director's words, applied — and a wrong result was posted, or a vote attempt was read as chat. Each
is now read as the director would, or asked."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tallykit import NAMES, START, Thread, game
from test_tally_rules import posted_and_tallied

from grammar import director
from grammar.names import Roster
from grammar.ruling import read
from tally.day import tally_day
from tally.rules import load_preset


def tied(attack: str, author: str = "周伯通", preset: str = "shediao", **post):
    """A 2 : 2 day and the attack post after it; the attack's entry and the day."""
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("穆念慈", "杨康", 1.2)
    t.vote("洪七公", "郭靖", 1.4)
    t.vote("一灯", "郭靖", 1.6)
    made = t.add(author, attack, 2)
    if post:
        t.posts[-1] = made = replace(made, **post)
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset))
    return next(e for e in result.entries if e.pid == made.pid), result


def asked(attack: str, **kw):
    """The attack on a 2 : 2 day (tied) is asked, and the day is not proven: its entry."""
    entry, result = tied(attack, **kw)
    assert entry.needs_review and not result.certain, entry.reason
    return entry


@pytest.mark.parametrize("ruling", [
    "7楼无效与否我再想想", "7楼无效，自明天起生效", "7楼无效。等大家都没意见了再生效",
    "19楼无效。以上裁定下一轮开始时生效",
])
def test_a_ruling_that_wonders_pairs_nothing_or_takes_effect_later_applies_nothing(ruling):
    post = read(ruling, roster=Roster(NAMES))
    assert post is None or not post.applied, [(i.ref, i.verdict) for i in post.applied]


@pytest.mark.parametrize("attack", [
    "草稿：投票对象：杨康\n投票理由：正式的等我回来再发", "投票对象：杨康\n投票理由：this is a test post, please ignore",
    "测一下格式：投票对象：杨康\n投票理由：测试", "投票对象：杨康（预投，以正式帖为准）\n投票理由：先占着",
    "占楼，稍后编辑\n投票对象：杨康\n投票理由：稍后补", "投票对象：杨康\n投票理由：骗你的，我不投",
    "投票对象：杨康\n投票理由：被朋友拿手机乱发的",
])
def test_a_ballot_its_own_post_calls_a_draft_a_test_or_a_joke_is_the_directors(attack):
    asked(attack)


def test_words_in_a_colour_near_the_page_white_are_unseen_by_readers():
    entry, result = tied("投票对象：杨康\n投票理由：他太吵\n以上不算", style={"colors": ["#f8f8f8"], "sizes": []})
    assert entry.needs_review and "看不见" in entry.reason


def test_a_name_whose_display_order_is_reversed_is_the_directors():
    entry, result = tied("投票对象：\u202e康杨\u202c\n投票理由：他太吵")
    assert entry.needs_review and "杨康" in entry.readings, entry.reason


@pytest.mark.parametrize("attack", ["跟洪七公投一样的", "我的票和楼上一样"])
def test_a_ballot_as_another_player_cast_weighs_that_players_ballot(attack):
    entry, result = tied(attack)
    assert entry.needs_review and "郭靖" in entry.readings and not result.certain, (entry.reason, entry.readings)


def test_a_ballot_a_moderator_edited_is_not_its_posters_words():
    stamp = {"edited_by": "版主甲", "edited_at": START.replace(hour=23, minute=30).isoformat()}
    entry, result = tied("投票对象：杨康\n投票理由：他太吵", **stamp)
    assert entry.needs_review and entry.unknown and not result.certain, entry.reason
    # the director's proxy a moderator edited is no more the director's than a player's ballot is the player's
    proxy, result = tied("代投：周伯通 → 杨康", author="导演", **stamp)
    assert proxy.needs_review and not result.certain, proxy.reason


@pytest.mark.parametrize("text", [
    "黄药师：杨康\n周伯通：杨康\n（以上为代投）", "周伯通 → 杨康\n（代投，私信为证）", "代投：周伯通→杨康（她昨天委托的，今天还没确认）",
    "[quote]周伯通 发表于 2026-11-21 10:00\n导演帮我投杨康[/quote]\n收到，已代投",
])
def test_a_proxy_the_directors_words_mark_but_do_not_spell_out_is_asked(text):
    asked(text, author="导演")


@pytest.mark.parametrize("text", [
    "代投 周伯通→杨康。以上是昨天的代投，今天周伯通还没委托", "Proxy for 周伯通: vote 杨康. Edit: he changed his mind, unvote.",
    "代投：周伯通→杨康（测试，勿计）",
])
def test_a_proxy_the_same_post_says_is_not_made_counts_nothing(text):
    _, result = tied(text, author="导演")
    assert result.totals == {"杨康": 2, "郭靖": 2}


def test_two_proxies_after_one_proxy_word_and_a_semicolon_are_both_made():
    said = director.read("代投 周伯通：杨康；黄药师：杨康", Roster(NAMES))
    assert [(p.voter, p.target) for p in said.standing] == [("周伯通", "杨康"), ("黄药师", "杨康")] and not said.doubts
    t = Thread()
    t.add("导演", "代投 周伯通：杨康；黄药师：杨康", 1)
    assert posted_and_tallied(t, "shediao").totals == {"杨康": 2}


def test_a_floor_whose_ruling_cannot_be_read_waits_for_the_director():
    # 「6楼、2楼 分别 有效、无效」 unpaired: set aside, the floors kept the tool's reading and a tie was posted (the lab's
    # re-check); the director decided something about them — they wait for the director's word (分别 now pairs; 前者…后者
    # is the form the tool does not pair)
    t = Thread()
    t.add("导演", "【第一天投票帖】", 0.1)
    t.vote("黄蓉", "杨康", 1)
    t.vote("穆念慈", "杨康", 1.2)
    t.vote("洪七公", "郭靖", 1.4)
    t.vote("一灯", "郭靖", 1.6)
    t.add("导演", "【裁定】2楼和3楼，前者无效，后者有效", 2)
    result = posted_and_tallied(t, "shediao")
    assert not result.certain
    assert {e.floor for e in result.entries if e.needs_review} >= {2, 3}


def test_a_proxy_said_made_under_a_quoted_request_is_asked_with_the_quoted_players_ballot():
    t = Thread()
    for voter, target, hours in (("黄蓉", "杨康", 1), ("穆念慈", "杨康", 1.2), ("洪七公", "郭靖", 1.4), ("一灯", "郭靖", 1.6)):
        t.vote(voter, target, hours)
    request = t.add("周伯通", "导演帮我投杨康，我今天上不了", 1.8)
    made = t.add("导演", "收到，已代投", 2, quote=request)
    result = tally_day(t.posts, game("shediao"), game("shediao").days[0], load_preset("shediao"))
    entry = next(e for e in result.entries if e.pid == made.pid)
    assert entry.needs_review and "周伯通" in entry.relayed_for and not result.certain, entry.reason
