"""潜水, violations, acceleration and cards on hand-made threads; each names the rule sentence it checks."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tally.cards import standings
from tally.day import tally_day
from tally.game import Day, Game, Player
from tally.lurk import count_posts, is_enlarged, is_red, lurk_day
from tally.rules import load_preset
from tallykit import CLOSE, NAMES, START, Thread, game


def cites(preset, setting, words):
    assert words in load_preset(preset).source(setting)


def discussion(counts: dict[str, int]) -> Thread:
    t = Thread()
    hour = 0.5
    for name, n in counts.items():
        for _ in range(n):
            t.add(name, "发言", hour)
            hour += 0.1
    return t


def report(g: Game, preset="shediao", disc=None, vote=None, process=None, day_index=0, overrides=None, **kw):
    rules = load_preset(preset).with_overrides(overrides or {})
    day = g.days[day_index]
    vote_tally = tally_day(vote.posts, g, day, rules, sensitivity=False) if vote else None
    threads = {1: vote.posts if vote else [], 2: disc.posts if disc else [], 3: process.posts if process else []}
    return lurk_day(g, rules, day, discussion=disc.posts if disc else [], threads=threads, vote=vote_tally, **kw)


def full_votes(t: Thread | None = None) -> Thread:
    t = t or Thread()
    for i, name in enumerate(NAMES):
        t.vote(name, "杨康" if name != "杨康" else "郭靖", 1 + i / 10)
    return t


def test_fewer_than_five_posts_is_a_yellow_card():
    cites("shediao", "lurk_min_posts", "不足五帖")
    counts = dict.fromkeys(NAMES, 5) | {"黄蓉": 4}
    r = report(game(), disc=discussion(counts), vote=full_votes())
    assert [(p.player, p.card) for p in r.proposals] == [("黄蓉", "yellow")]
    assert "4 帖" in r.proposals[0].reason


def test_no_vote_is_a_yellow_card_and_accelerated_days_are_exempt():
    cites("shediao", "lurk_no_vote", "未投票")
    cites("shediao", "no_change_when_accelerated", "发言不足或未投票者将不被判罚")
    votes = Thread()
    for name in NAMES[1:]:
        votes.vote(name, "杨康" if name != "杨康" else "郭靖", 2)
    disc = discussion(dict.fromkeys(NAMES, 6))
    r = report(game(), disc=disc, vote=votes)
    assert [(p.player, p.card) for p in r.proposals] == [("郭靖", "yellow")]
    assert report(game(accelerated=True), disc=disc, vote=votes).proposals == []


def test_three_days_under_ten_posts():
    cites("shediao", "lurk_three_day_min_posts", "连续三个未执行加速的讨论日均不足十帖")
    days = tuple(Day(day=d, vote_thread=1, start=START.isoformat(), close=(START.replace(day=22)).isoformat()) for d in (1, 2, 3))
    g = Game(name="测试局", preset="shediao", directors=("导演",), players=tuple(Player(n) for n in NAMES), days=days)
    counts = dict.fromkeys(NAMES, 12) | {"黄蓉": 9}
    earlier = {1: dict(counts), 2: dict(counts)}
    r = report(g, disc=discussion(counts), vote=full_votes(), day_index=2, earlier_counts=earlier)
    assert [(p.player, p.card) for p in r.proposals] == [("黄蓉", "yellow")] and "连续三个" in r.proposals[0].reason
    earlier[2]["黄蓉"] = 10
    assert report(g, disc=discussion(counts), vote=full_votes(), day_index=2, earlier_counts=earlier).proposals == []


def test_counts_go_by_uid_so_a_renamed_account_keeps_its_count():
    g = game()
    t = Thread()
    for i in range(3):
        t.add("黄蓉", "发言", 1 + i)
    renamed = t.add("蓉儿的新名字", "改名后的发言", 5)
    renamed.author_uid = next(p.uid for p in g.players if p.name == "黄蓉")
    assert count_posts(t.posts, g, g.days[0])["黄蓉"] == 4


def test_posts_outside_the_day_and_by_directors_do_not_count():
    g = game()
    t = Thread()
    t.add("黄蓉", "开局前", -1)
    t.add("黄蓉", "关门后", 49)
    t.add("导演", "公告", 2)
    t.add("黄蓉", "正常", 2)
    counts = count_posts(t.posts, g, g.days[0])
    assert counts["黄蓉"] == 1 and "导演" not in counts


def test_hidden_posts_count_unless_the_game_says_otherwise():
    cites("shediao", "lurk_counts_hidden", "照样算发言数")
    g = game()
    t = Thread()
    t.add("黄蓉", "被屏蔽的发言", 2, status="hidden")
    assert count_posts(t.posts, g, g.days[0])["黄蓉"] == 1
    assert count_posts(t.posts, g, g.days[0], counts_hidden=False)["黄蓉"] == 0


@pytest.mark.parametrize("color", ["red", "Red", "#FF0000", "#f00", "#E00000", "#ff3333", "crimson", "rgb(250, 10, 10)", "orangered"])
def test_red_and_near_red(color):
    assert is_red(color)


@pytest.mark.parametrize("color", ["maroon", "orange", "#800000", "deeppink", "purple", "blue", "#999999", "green", "nonsense"])
def test_not_red(color):
    assert not is_red(color)


@pytest.mark.parametrize("size, big", [("5", True), ("6", True), ("7", True), ("4", False), ("3", False), ("2", False),
                                       ("24px", True), ("14px", False), ("16pt", True), ("x-large", True), ("small", False)])
def test_enlarged_font(size, big):
    assert is_enlarged(size) is big


def test_violations_dead_posting_fonts_and_non_players():
    g = game(dead=("杨康",))
    votes = Thread()
    ghost = votes.vote("杨康", "郭靖", 1)
    red = votes.vote("黄蓉", "郭靖", 2)
    red.style = {"colors": ["#ff0000"], "sizes": []}
    big = votes.vote("郭靖", "黄蓉", 3)
    big.style = {"colors": [], "sizes": ["6"]}
    stranger = votes.add("路人甲", "我来围观", 4)
    director = votes.add("导演", "[color=Red]提醒[/color]", 5)
    director.style = {"colors": ["red"], "sizes": ["6"]}
    r = report(g, disc=discussion({}), vote=votes)
    assert {(v.pid, v.kind) for v in r.violations} == {
        (ghost.pid, "dead_posting"), (red.pid, "red_font"), (big.pid, "big_font"), (stranger.pid, "non_player")}


def test_acceleration_needs_half_the_living_before_the_check():
    cites("shediao", "no_change_when_accelerated", "执行加速时")
    g = game(dead=("杨康",))  # 9 alive: 5 needed
    process = Thread()
    for i, name in enumerate(["郭靖", "黄蓉", "穆念慈", "一灯"]):
        process.add(name, "申请加速", 1 + i)
    process.add("郭靖", "再申请一次加速", 6)           # repeat
    process.add("杨康", "我也申请加速", 7)             # dead
    process.add("欧阳锋", "申请加速", 45.5)           # after 18:00 on the last natural day
    r = report(g, process=process)
    (speed,) = r.speedups
    assert (speed.needed, speed.requesters, speed.succeeded) == (5, ["郭靖", "黄蓉", "穆念慈", "一灯"], False)
    assert set(speed.not_counted) == {"郭靖（重复）", "杨康", "欧阳锋"}
    last_check = CLOSE - timedelta(hours=3)  # the last day's 18:00, as the public post says it: zone named
    assert speed.not_counted["欧阳锋"] == f"超过截止时间 UTC+8 {last_check:%m-%d %H:%M}"
    process.add("洪七公", "申请加速", 20)             # the fifth, next afternoon before 18:00
    (speed,) = report(g, process=process).speedups
    assert speed.succeeded and speed.deadline.hour == 18


def test_delay_requests_are_counted_apart():
    process = Thread()
    process.add("郭靖", "申请延时", 1)
    process.add("黄蓉", "申请加速", 2)
    r = report(game(), process=process)
    assert {s.kind: s.requesters for s in r.speedups} == {"加速": ["黄蓉"], "延时": ["郭靖"]}


def test_bar_owner_must_vote_validly_within_twelve_hours():
    cites("mahjong", "bar_owner", "12小时内投上有效票")
    players = tuple(Player(n, i, roles=("酒吧老板",) if n == "穆念慈" else ()) for i, n in enumerate(NAMES))
    late = Thread()
    for name in NAMES:
        late.vote(name, "杨康" if name != "杨康" else "郭靖", 13 if name == "穆念慈" else 1)
    r = report(game("mahjong", players=players), "mahjong", disc=discussion(dict.fromkeys(NAMES, 6)), vote=late)
    assert [(p.player, p.card) for p in r.proposals] == [("穆念慈", "yellow")]
    abstain = Thread()
    for name in NAMES:
        if name == "穆念慈":
            abstain.add(name, "投票对象：弃权\n投票理由：x", 1)
        else:
            abstain.vote(name, "杨康" if name != "杨康" else "郭靖", 1)
    r = report(game("mahjong", players=players), "mahjong", disc=discussion(dict.fromkeys(NAMES, 6)), vote=abstain)
    assert any("弃权" in p.reason for p in r.proposals if p.player == "穆念慈")


def test_drowning_two_days_or_two_missed_votes():
    cites("anshazhe", "drowning", "两水一票")
    g = game("anshazhe")
    counts = dict.fromkeys(NAMES, 6) | {"黄蓉": 2}
    r = report(g, "anshazhe", disc=discussion(counts), vote=full_votes(), earlier_counts={0: {"黄蓉": 1}},
               overrides={"drowning_min_posts": 3})  # the director's announced 发言考勤
    assert [(p.player, p.card) for p in r.proposals] == [("黄蓉", "drown")]
    # The seed gives no attendance number: without one, two weak days drown nobody.
    unset = report(g, "anshazhe", disc=discussion(counts), vote=full_votes(), earlier_counts={0: {"黄蓉": 1}})
    assert unset.proposals == [] and "种子未明说" in load_preset("anshazhe").source("drowning_min_posts")
    votes = full_votes()
    votes.posts = [p for p in votes.posts if p.author != "郭靖"]
    r = report(g, "anshazhe", disc=discussion(dict.fromkeys(NAMES, 6)), vote=votes, earlier_votes={0: ["郭靖"]})
    assert [(p.player, p.card) for p in r.proposals] == [("郭靖", "drown")]


def test_cards_roll_up():
    cites("shediao", "lurk_min_posts", "不足五帖")
    cards = [{"player": "黄蓉", "color": "blue"}] * 3 + [{"player": "郭靖", "color": "yellow"}] * 2 + \
            [{"player": "郭靖", "color": "blue"}] * 3 + [{"player": "杨康", "color": "blue"}] * 8
    s = standings(cards)
    assert (s["黄蓉"].blue, s["黄蓉"].yellow, s["黄蓉"].red) == (0, 1, 0)
    assert s["郭靖"].out and (s["郭靖"].yellow, s["郭靖"].red) == (0, 1)
    assert (s["杨康"].blue, s["杨康"].yellow, s["杨康"].out) == (2, 2, False)
    with pytest.raises(ValueError):
        standings([{"player": "x", "color": "green"}])


def test_the_judge_is_never_drowned():
    cites("anshazhe", "non_voters", "不能杀人、验人、投票")
    g = game("anshazhe", non_voters=("一灯",))
    votes = full_votes()
    votes.posts = [p for p in votes.posts if p.author != "一灯"]
    counts = dict.fromkeys(NAMES, 6) | {"一灯": 0}
    r = report(g, "anshazhe", disc=discussion(counts), vote=votes, earlier_votes={0: ["一灯"]},
               earlier_counts={0: {"一灯": 0}}, overrides={"drowning_min_posts": 3})
    assert all(p.player != "一灯" for p in r.proposals)
