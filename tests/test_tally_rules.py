"""Every rule of every preset on small hand-made threads. Each test names the rule sentence it checks,
and checks that the preset really carries that sentence."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest


from tally import certainty
from tally.day import Ruling, real_pid, tally_day
from tally.game import Player
from tally.rules import load_preset
from tallykit import NAMES, START, Thread, game


def run(thread: Thread, preset: str = "shediao", rulings=None, g=None, **kw):
    g = g or game(preset)
    return tally_day(thread.posts, g, g.days[0], load_preset(preset).with_overrides(g.rules), rulings, **kw)


def verdict_of(result, post) -> str:
    return next(e for e in result.entries if e.pid == post.pid).verdict


def reason_of(result, post) -> str:
    return next(e for e in result.entries if e.pid == post.pid).reason


def cites(preset: str, setting: str, words: str) -> None:
    assert words in load_preset(preset).source(setting)


# -- seed 000 / 004: one vote, one change, quoting, blackout, acceleration, close -------------------

def test_one_vote_per_player_a_day():
    cites("shediao", "changes_allowed", "改票只允许进行一次")
    t = Thread()
    first = t.vote("黄蓉", "杨康", 1)
    again = t.vote("黄蓉", "郭靖", 2)
    r = run(t)
    assert verdict_of(r, first) == "counted" and verdict_of(r, again) == "invalid"
    assert "限投一票" in reason_of(r, again)


def test_change_must_quote_ones_own_standing_vote():
    cites("shediao", "change_must_quote_own", "改票需回复原投票楼层")
    t = Thread()
    mine = t.vote("黄蓉", "杨康", 1)
    theirs = t.vote("郭靖", "杨康", 2)
    unquoted = t.change("黄蓉", "郭靖", 3)
    other = t.change("黄蓉", "郭靖", 4, quote=theirs)
    valid = t.change("黄蓉", "欧阳锋", 5, quote=mine)
    r = run(t)
    assert [verdict_of(r, p) for p in (mine, unquoted, other, valid)] == ["superseded", "invalid", "invalid", "counted"]
    assert "没有引用" in reason_of(r, unquoted) and "郭靖 的帖子" in reason_of(r, other)
    assert r.totals == {"杨康": 1, "欧阳锋": 1}


def test_change_only_once():
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    change = t.change("黄蓉", "郭靖", 2, quote=vote)
    second = t.change("黄蓉", "欧阳锋", 3, quote=change)
    r = run(t)
    assert [verdict_of(r, p) for p in (vote, change, second)] == ["superseded", "counted", "invalid"]
    assert r.totals == {"郭靖": 1}


def test_no_change_or_proxy_in_the_last_hour_but_new_votes_are_fine():
    cites("shediao", "blackout_minutes", "关门前一小时不允许改票或代投")
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    late_change = t.change("黄蓉", "郭靖", 47.5, quote=vote)
    late_proxy = t.add("导演", "代投：一灯\n投票对象：郭靖\n投票理由：委托", 47.2)
    late_vote = t.vote("郭靖", "杨康", 47.6)
    r = run(t)
    assert [verdict_of(r, p) for p in (vote, late_change, late_proxy, late_vote)] == ["counted", "invalid", "invalid", "counted"]
    assert r.totals == {"杨康": 2}


def test_nothing_counts_after_close():
    t = Thread()
    late = t.vote("黄蓉", "杨康", 48.01)
    r = run(t)
    assert verdict_of(r, late) == "invalid" and "关门后" in reason_of(r, late)
    assert r.totals == {} and "黄蓉" in r.non_voters


def test_no_change_once_acceleration_takes_effect():
    cites("shediao", "no_change_when_accelerated", "执行加速时，所有人不可改票")
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    before = t.vote("郭靖", "杨康", 2)
    early_change = t.change("郭靖", "黄蓉", 10, quote=before)
    after = t.change("黄蓉", "郭靖", 30, quote=vote)
    g = game(accelerated=True, accelerated_from="2026-11-21 21:00")
    r = run(t, g=g)
    assert verdict_of(r, early_change) == "counted" and verdict_of(r, after) == "invalid"
    assert "加速" in reason_of(r, after)


def test_dead_players_cannot_vote_or_be_voted():
    t = Thread()
    ghost = t.vote("杨康", "郭靖", 1)
    at_dead = t.vote("黄蓉", "杨康", 2)
    r = run(t, g=game(dead=("杨康",)))
    assert verdict_of(r, ghost) == "invalid" and "诈尸" in reason_of(r, ghost)
    assert verdict_of(r, at_dead) == "invalid" and "已出局" in reason_of(r, at_dead)


def test_non_players_and_non_voters_are_invalid():
    cites("anshazhe", "non_voters", "不能杀人、验人、投票")
    t = Thread()
    stranger = t.vote("路人甲", "郭靖", 1)
    judge = t.vote("洪七公", "郭靖", 2)
    r = run(t, g=game(non_voters=("洪七公",)))
    assert verdict_of(r, stranger) == "invalid" and "不是本局玩家" in reason_of(r, stranger)
    assert verdict_of(r, judge) == "invalid" and "没有投票权" in reason_of(r, judge)


def test_unknown_and_ambiguous_targets_are_invalid_and_suggested():
    cites("shediao", "names", "投票对象有误的票无效")
    t = Thread()
    typo = t.vote("黄蓉", "郭敬", 1)
    unknown = t.vote("杨康", "王重阳", 2)
    r = run(t)
    assert verdict_of(r, typo) == "invalid" and verdict_of(r, unknown) == "invalid"
    flags = {f.pid: f for f in r.flags}
    # invalid for its form = doubtful by definition: both are flagged; only the typo has a player reading
    assert typo.pid in flags and unknown.pid in flags
    assert next(e for e in r.entries if e.pid == typo.pid).suggestion == "郭靖"
    assert any("郭靖" in a for a in flags[typo.pid].alternatives)


def test_invalid_vote_is_corrected_by_a_new_post():
    cites("shediao", "correction_by_new_post", "无效票须通过重新发帖来更正")
    t = Thread()
    bad = t.vote("黄蓉", "王重阳", 1)
    fixed = t.vote("黄蓉", "杨康", 2)
    r = run(t)
    assert verdict_of(r, bad) == "invalid" and verdict_of(r, fixed) == "counted"


def test_abstention_counts_as_a_vote_for_nobody():
    t = Thread()
    t.add("黄蓉", "投票对象：弃权\n投票理由：看不清", 1)
    r = run(t)
    assert r.abstentions == ["黄蓉"] and r.totals == {} and "黄蓉" not in r.non_voters


def test_proxy_vote_counts_for_the_player_with_the_players_weight():
    t = Thread()
    proxy = t.add("导演", "代投：黄蓉\n投票对象：杨康\n投票理由：黄蓉委托", 3)
    r = run(t, g=game(title_holder="黄蓉"))
    entry = next(e for e in r.entries if e.pid == proxy.pid)
    assert (entry.voter, entry.verdict, entry.weight) == ("黄蓉", "counted", Fraction(5, 2))


def test_directors_own_posts_never_count():
    t = Thread()
    rules_post = t.add("导演", "投票格式：\n投票对象：X\n投票理由：Y", 0)
    r = run(t)
    assert verdict_of(r, rules_post) == "ignored"


def test_title_holder_weighs_two_and_a_half_exactly():
    cites("shediao", "title_weight", "2.5票")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "欧阳锋", 2)
    t.vote("穆念慈", "欧阳锋", 3)
    r = run(t, g=game(title_holder="黄蓉"))
    assert r.totals == {"杨康": Fraction(5, 2), "欧阳锋": 2}
    assert (r.outcome.kind, r.outcome.names) == ("out", ["杨康"])


def test_bonus_votes_are_added():
    cites("mahjong", "bonus_votes", "多计两票")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "欧阳锋", 2)
    r = run(t, "mahjong", g=game("mahjong", bonus={"欧阳锋": 2}))
    assert r.totals == {"欧阳锋": 3, "杨康": 1}


def test_bar_owner_cannot_be_voted_and_may_not_change_late():
    cites("mahjong", "bar_owner", "不能成为投票对象")
    players = tuple(Player(n, i, roles=("酒吧老板",) if n == "穆念慈" else ()) for i, n in enumerate(NAMES))
    t = Thread()
    at_owner = t.vote("黄蓉", "穆念慈", 1)
    owner = t.vote("穆念慈", "杨康", 2)
    owner_change = t.change("穆念慈", "郭靖", 11.5, quote=owner)
    r = run(t, "mahjong", g=game("mahjong", players=players))
    assert verdict_of(r, at_owner) == "invalid" and "酒吧老板" in reason_of(r, at_owner)
    assert verdict_of(r, owner_change) == "invalid" and "11 小时" in reason_of(r, owner_change)


def test_tie_means_nobody_is_out():
    cites("shediao", "tie", "产生平票时，无人出局")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "欧阳锋", 2)
    assert run(t).outcome.kind == "none"


# -- seed 001 (S10) -------------------------------------------------------------------------------

def test_s10_sheriff_weighs_two_and_breaks_a_tie():
    cites("s10", "tie", "警长投票对象出局")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)  # the sheriff: 2
    t.vote("郭靖", "欧阳锋", 2)
    t.vote("穆念慈", "欧阳锋", 3)
    r = run(t, "s10", g=game("s10", title_holder="黄蓉"))
    assert r.totals == {"杨康": 2, "欧阳锋": 2}
    assert (r.outcome.kind, r.outcome.names) == ("out", ["杨康"])


def test_s10_idiot_after_ruoyu_does_not_count():
    cites("s10", "votes_not_counted", "此后白痴投票不计入总票数")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "欧阳锋", 2)
    t.vote("穆念慈", "欧阳锋", 3)
    r = run(t, "s10", g=game("s10", votes_not_counted=("郭靖",)))
    assert r.totals == {"杨康": 1, "欧阳锋": 1}


# -- seed 002 (七杀) --------------------------------------------------------------------------------

def qisha_thread(votes: dict[str, str]) -> Thread:
    t = Thread()
    for hours, (voter, target) in enumerate(votes.items(), start=1):
        t.vote(voter, target, hours)
    return t


def test_qisha_out_needs_forty_percent_of_the_living():
    cites("qisha", "threshold", "40%")
    # 10 alive: 4 votes is 40 %, 3 is not.
    four = qisha_thread({"黄蓉": "杨康", "郭靖": "杨康", "穆念慈": "杨康", "一灯": "杨康", "洪七公": "欧阳锋"})
    three = qisha_thread({"黄蓉": "杨康", "郭靖": "杨康", "穆念慈": "杨康", "一灯": "欧阳锋"})
    assert run(four, "qisha").outcome.names == ["杨康"]
    assert run(three, "qisha").outcome.kind == "none"


def test_qisha_two_tied_at_forty_percent_go_to_a_runoff():
    cites("qisha", "tie", "进行高票对决")
    t = qisha_thread({"黄蓉": "杨康", "郭靖": "杨康", "穆念慈": "杨康", "一灯": "杨康",
                      "洪七公": "欧阳锋", "周伯通": "欧阳锋", "黄药师": "欧阳锋", "欧阳克": "欧阳锋"})
    r = run(t, "qisha")
    assert (r.outcome.kind, sorted(r.outcome.names)) == ("runoff", ["杨康", "欧阳锋"])


def test_qisha_invalid_vote_is_an_abstention_and_a_homophone_counts():
    cites("qisha", "invalid_vote", "否则视为弃权")
    cites("qisha", "names", "最多允许一个同音或形似的错别字")
    t = Thread()
    bad = t.add("黄蓉", "投票对象：王重阳\n投票理由：x", 1)
    typo = t.add("郭靖", "我投欧阳峰，因为他太阴", 2)
    r = run(t, "qisha")
    assert r.abstentions == ["黄蓉"] and "视为弃权" in reason_of(r, bad)
    assert verdict_of(r, typo) == "counted" and r.totals == {"欧阳锋": 1}


def test_qisha_proxy_must_come_ten_minutes_before_close():
    cites("qisha", "proxy_min_minutes_before_close", "10～15分钟前")
    t = Thread()
    early = t.add("导演", "代投：黄蓉\n投票对象：杨康\n投票理由：委托", 47.5)
    late = t.add("导演", "代投：郭靖\n投票对象：杨康\n投票理由：委托", 47.95)
    r = run(t, "qisha")
    assert verdict_of(r, early) == "counted" and "至少 10 分钟" in reason_of(r, late)
    assert r.totals == {"杨康": 1} and r.abstentions == ["郭靖"]  # an invalid vote is an abstention under 七杀


# -- seed 003 (暗杀者) ------------------------------------------------------------------------------

def test_anshazhe_tie_means_revote():
    cites("anshazhe", "tie", "重投")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "欧阳锋", 2)
    r = run(t, "anshazhe")
    assert (r.outcome.kind, sorted(r.outcome.names)) == ("revote", ["杨康", "欧阳锋"])


# -- moderation, time precision, edits, rulings ---------------------------------------------------

def test_hidden_post_is_void_and_flagged_until_ruled():
    cites("shediao", "hidden_posts", "默认不计")
    t = Thread()
    hidden = t.add("黄蓉", "投票对象：杨康\n投票理由：x", 1, status="hidden")
    unreadable = t.add("郭靖", "", 2, status="hidden")
    r = run(t)
    assert verdict_of(r, hidden) == "invalid" and {f.pid for f in r.flags} >= {hidden.pid, unreadable.pid}
    assert "读不到内容" in reason_of(r, unreadable)
    ruled = run(t, rulings={hidden.pid: Ruling(hidden.pid, "accept", note="屏蔽是误操作")})
    assert verdict_of(ruled, hidden) == "counted" and ruled.totals == {"杨康": 1}


def test_minute_precision_on_the_closing_minute_is_flagged():
    t = Thread()
    post = t.vote("黄蓉", "杨康", 48 - 1 / 60, precision="minute")  # 20:59, real second unknown
    g = game(close="2026-11-22 20:59:30")
    r = run(t, g=g)
    assert post.pid in {f.pid for f in r.flags}


def test_edit_after_close_uses_what_the_archive_saw_before():
    t = Thread()
    post = t.vote("黄蓉", "郭靖", 1)
    history = {post.pid: [
        {"seen_at": "2026-11-21T10:00:00+08:00", "text": "投票对象：杨康\n投票理由：x", "status": "normal"},
        {"seen_at": "2026-11-23T10:00:00+08:00", "text": post.text, "status": "normal"},
    ]}
    r = run(t, history=history)
    assert r.totals == {"杨康": 1}
    assert post.pid in {f.pid for f in r.flags}


def test_ruling_target_and_reject():
    t = Thread()
    typo = t.vote("黄蓉", "郭敬", 1)
    good = t.vote("郭靖", "杨康", 2)
    r = run(t, rulings={typo.pid: Ruling(typo.pid, "target", "郭靖"), good.pid: Ruling(good.pid, "reject")})
    assert r.totals == {"郭靖": 1}
    assert "导演裁定" in reason_of(r, typo) and "导演裁定" in reason_of(r, good)


def test_flags_that_cannot_change_the_outcome_say_so():
    t = Thread()
    for hours, voter in enumerate(["黄蓉", "郭靖", "穆念慈"], start=1):
        t.vote(voter, "杨康", hours)
    typo = t.vote("一灯", "郭敬", 5)
    r = run(t)
    flag = next(f for f in r.flags if f.pid == typo.pid)
    assert not flag.can_change_outcome


# -- the election -----------------------------------------------------------------------------------

def test_election_first_to_reach_the_top_and_keep_it():
    cites("shediao", "title_election", "最先获得投票数最多的角色当选")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "杨康", 2)        # 杨康 reaches 2 first …
    t.vote("穆念慈", "欧阳锋", 3)
    t.vote("一灯", "欧阳锋", 4)      # … 欧阳锋 reaches 2 later
    r = run(t, kind="election")
    assert r.outcome.names == ["杨康"]
    t2 = Thread()
    a = t2.vote("黄蓉", "杨康", 1)
    t2.vote("郭靖", "杨康", 2)       # 杨康 reaches 2 …
    t2.vote("穆念慈", "欧阳锋", 3)
    t2.change("黄蓉", "欧阳锋", 4, quote=a)  # … loses it; 欧阳锋 now at 2
    t2.vote("一灯", "杨康", 5)       # 杨康 back to 2, after 欧阳锋
    r2 = run(t2, kind="election")
    assert r2.totals == {"杨康": 2, "欧阳锋": 2} and r2.outcome.names == ["欧阳锋"]


def test_qisha_runoff_only_the_two_and_no_abstention():
    cites("qisha", "runoff_no_abstain", "不允许弃权")
    t = Thread()
    ok = t.vote("黄蓉", "杨康", 1)
    other = t.vote("郭靖", "一灯", 2)
    abstain = t.add("穆念慈", "投票对象：无\n投票理由：都不想投", 3)
    r = run(t, "qisha", g=game("qisha", runoff=("杨康", "欧阳锋")))
    assert verdict_of(r, ok) == "counted"
    assert "高票对决只能投" in reason_of(r, other) and "不允许弃权" in reason_of(r, abstain)


def test_unreadable_hidden_post_counts_once_the_director_says_what_it_was():
    t = Thread()
    hidden = t.add("黄蓉", "", 2, status="hidden")
    r = run(t, rulings={hidden.pid: Ruling(hidden.pid, "target", "杨康", note="导演账号可见")})
    assert verdict_of(r, hidden) == "counted" and r.totals == {"杨康": 1}


def test_abstaining_by_change_or_by_proxy_is_an_abstention():
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    change = t.add("黄蓉", "改票对象：弃权\n改票理由：算了", 2, quote=vote)
    proxy = t.add("导演", "代投：郭靖\n投票对象：弃权\n投票理由：郭靖委托", 3)
    r = run(t)
    assert verdict_of(r, change) == "counted" and verdict_of(r, proxy) == "counted"
    assert sorted(r.abstentions) == ["郭靖", "黄蓉"] and r.totals == {}
    assert all(e.target is None for e in r.entries if e.pid in (change.pid, proxy.pid))


# -- never silent: invalid for its form is doubtful, every flag can be ruled -------------------------

def test_the_held_out_qisha_day_a_free_vote_is_read_and_a_tie_goes_to_the_runoff():
    """The held-out 七杀 day in miniature: 10 alive, 40 % = 4. One plain free-format vote (verb, space,
    name, full stop, reason on the next line) decides between 郭靖 出局 and a 高票对决."""
    cites("qisha", "tie", "进行高票对决")
    t = Thread()
    for hours, voter in enumerate(["黄蓉", "杨康", "穆念慈", "欧阳锋"], start=1):
        t.vote(voter, "郭靖", hours)
    for hours, voter in enumerate(["欧阳克", "一灯", "洪七公"], start=5):
        t.vote(voter, "黄药师", hours)
    free = t.add("周伯通", "投 黄药师。\n理由：他昨晚的发言太像狼了。", 9)
    r = run(t, "qisha")
    entry = next(e for e in r.entries if e.pid == free.pid)
    assert (entry.verdict, entry.target) == ("counted", "黄药师")
    assert r.outcome.kind == "runoff" and sorted(r.outcome.names) == ["郭靖", "黄药师"]


def test_an_invalid_ballot_turned_into_an_abstention_is_flagged_listed_and_weighed():
    cites("qisha", "invalid_vote", "否则视为弃权")
    from tally.report import render_bbcode

    t = Thread()
    for hours, voter in enumerate(["黄蓉", "杨康", "穆念慈", "欧阳锋"], start=1):
        t.vote(voter, "郭靖", hours)
    for hours, voter in enumerate(["欧阳克", "一灯", "洪七公"], start=5):
        t.vote(voter, "黄药师", hours)
    doubtful = t.add("周伯通", "黄药师 或者 郭靖吧，理由：两个都可疑", 9)  # two names: not a clear target
    r = run(t, "qisha")
    entry = next(e for e in r.entries if e.pid == doubtful.pid)
    assert entry.kind == "abstain" and entry.form_invalid and entry.needs_review  # 视为弃权, but never quietly
    (flag,) = [f for f in r.flags if f.pid == doubtful.pid]
    assert flag.can_change_outcome  # read as 黄药师 it ties at 4 ≥ 40 %: a runoff instead of 郭靖 出局
    assert any("黄药师" in a and "高票对决" in a for a in flag.alternatives)
    assert "周伯通" in render_bbcode(r).split("[b]无效票[/b]")[1].split("[b]")[0]


def test_a_ruling_on_a_vote_like_post_takes_effect():
    cites("shediao", "names", "投票对象有误的票无效")
    t = Thread()
    t.vote("黄蓉", "杨康", 1)
    like = t.add("郭靖", "感觉投票对象应该是欧阳锋吧", 2)
    r = run(t)
    assert like.pid in {f.pid for f in r.flags}
    counted = run(t, rulings={like.pid: Ruling(like.pid, "target", "欧阳锋", "导演确认")})
    assert counted.totals == {"杨康": 1, "欧阳锋": 1} and like.pid not in {f.pid for f in counted.flags}
    assert any(r.pid == like.pid for r in counted.rulings)
    cleared = run(t, rulings={like.pid: Ruling(like.pid, "reject")})
    assert cleared.totals == {"杨康": 1} and not cleared.flags


def test_s10_idiot_vote_shows_as_not_counted_with_its_reason():
    cites("s10", "votes_not_counted", "此后白痴投票不计入总票数")
    from tally.report import render_bbcode

    t = Thread()
    idiot = t.vote("郭靖", "欧阳锋", 2)
    r = run(t, "s10", g=game("s10", votes_not_counted=("郭靖",)))
    entry = next(e for e in r.entries if e.pid == idiot.pid)
    assert entry.weight == 0 and "不计入" in entry.reason and "有效」" not in entry.reason
    post = render_bbcode(r)
    assert "郭靖（不计入）" in post and "×0" not in post
    assert r.to_json()["posts"][0]["weight"] == 0


# -- rule boundaries: exactly at close, exactly at the ban's start, ties in every roster order ---------

SECOND = 1 / 3600


def test_a_vote_posted_exactly_at_close_does_not_count_one_second_before_does():
    cites("shediao", "blackout_minutes", "关门前一小时")
    t = Thread()
    before = t.vote("黄蓉", "杨康", 48 - SECOND)
    at_close = t.vote("郭靖", "杨康", 48)
    r = run(t)
    assert verdict_of(r, before) == "counted" and verdict_of(r, at_close) == "invalid"
    assert "关门后" in reason_of(r, at_close)


def test_the_last_hour_ban_starts_exactly_an_hour_before_close():
    cites("shediao", "blackout_minutes", "关门前一小时不允许改票或代投")
    t = Thread()
    first = t.vote("黄蓉", "杨康", 1)
    other = t.vote("郭靖", "杨康", 2)
    just_before = t.change("黄蓉", "郭靖", 47 - SECOND, quote=first)
    at_start = t.change("郭靖", "黄蓉", 47, quote=other)
    proxy_before = t.add("导演", "代投：一灯\n投票对象：郭靖\n投票理由：委托", 47 - SECOND)
    proxy_at_start = t.add("导演", "代投：洪七公\n投票对象：郭靖\n投票理由：委托", 47)
    r = run(t)
    assert verdict_of(r, just_before) == "counted" and verdict_of(r, at_start) == "invalid"
    assert verdict_of(r, proxy_before) == "counted" and verdict_of(r, proxy_at_start) == "invalid"


@pytest.mark.parametrize("reverse_roster", [False, True])
@pytest.mark.parametrize("sheriff_picks", ["杨康", "欧阳锋"])
def test_s10_sheriff_tie_break_sends_out_the_sheriffs_target_in_any_roster_order(reverse_roster, sheriff_picks):
    cites("s10", "tie", "如出现警长投票对象与其他对象得票数相同且为最高，则警长投票对象出局")
    other = "欧阳锋" if sheriff_picks == "杨康" else "杨康"
    t = Thread()
    t.vote("黄蓉", sheriff_picks, 1)  # the sheriff: 2
    t.vote("郭靖", other, 2)
    t.vote("穆念慈", other, 3)
    players = tuple(Player(n, i + 3) for i, n in enumerate(NAMES))
    g = game("s10", title_holder="黄蓉", players=tuple(reversed(players)) if reverse_roster else players)
    r = run(t, "s10", g=g)
    assert r.totals == {sheriff_picks: 2, other: 2}
    assert (r.outcome.kind, r.outcome.names) == ("out", [sheriff_picks])


def test_s10_a_tie_the_sheriffs_target_is_not_in_sends_nobody_out():
    cites("s10", "tie", "否则得票数同为最高的两名角色均不出局，即无人出局")
    t = Thread()
    t.vote("黄蓉", "郭靖", 1)  # the sheriff: 2 for 郭靖
    for hours, voter in enumerate(["穆念慈", "欧阳克", "一灯"], start=2):
        t.vote(voter, "杨康", hours)
    for hours, voter in enumerate(["洪七公", "周伯通", "黄药师"], start=5):
        t.vote(voter, "欧阳锋", hours)
    r = run(t, "s10", g=game("s10", title_holder="黄蓉"))
    assert r.totals == {"杨康": 3, "欧阳锋": 3, "郭靖": 2}
    assert r.outcome.kind == "none"


@pytest.mark.parametrize("author, valid", [("黄蓉", True), ("郭靖", False)])
def test_a_quote_without_a_floor_link_is_accepted_only_from_the_voter_and_flagged(author, valid):
    cites("shediao", "change_must_quote_own", "改票需回复原投票楼层")
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    t.vote("郭靖", "杨康", 2)
    change = t.change("黄蓉", "欧阳锋", 3, quote_without_link=author)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == change.pid)
    assert entry.verdict == ("counted" if valid else "invalid") and entry.needs_review
    assert verdict_of(r, vote) == ("superseded" if valid else "counted")


def test_a_misspelt_key_in_a_game_file_is_an_error_naming_the_nearest_key():
    from tally.game import Game

    base = '[game]\nname = "x"\npreset = "shediao"\n[[players]]\nname = "刘备"\n'
    for text, wrong, near in ((base + 'role = ["法官"]\n', "role", "roles"),
                              (base + '[[days]]\nday = 1\nrunof = ["刘备"]\n', "runof", "runoff"),
                              (base.replace('preset = "shediao"', 'preset = "shediao"\nfourm = "https://x/"'), "fourm", "forum")):
        with pytest.raises(ValueError, match=f"「{wrong}」.*{near}"):
            Game.from_toml(text)


# -- issue 20: a ballot quoted as text is not the poster's; a quote of one's own ballot is the custom ----

def test_a_change_under_a_text_quote_of_ones_own_vote_counts_and_is_flagged():
    t = Thread()
    vote = t.vote("黄蓉", "郭靖", 1)
    change = t.add("黄蓉", "黄蓉 发表于 2026-11-20 22:00\n投票对象：郭靖\n投票理由：测试\n\n改票对象：杨康\n改票理由：想通了", 2)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == change.pid)
    assert (entry.verdict, entry.target) == ("counted", "杨康") and entry.needs_review
    assert verdict_of(r, vote) == "superseded"


def test_a_quote_of_someone_elses_ballot_is_never_counted_as_the_posters():
    t = Thread()
    t.vote("黄蓉", "郭靖", 1)
    reply = t.add("杨康", "黄蓉 发表于 2026-11-20 22:00\n投票对象：郭靖\n投票理由：测试\n\n说得有道理", 2)
    paste = t.add("一灯", "引用:\n原帖由 黄蓉 于 2026-11-20 22:00 发表\n投票对象：郭靖\n\n改票对象：欧阳锋\n改票理由：x", 3)
    r = run(t)
    assert r.totals == {"郭靖": 1}
    assert verdict_of(r, reply) == "ignored"
    assert verdict_of(r, paste) == "invalid" and "此前没有投票" in reason_of(r, paste)  # not 黄蓉's ballot, not 一灯's


def test_a_proxy_posted_by_a_player_is_not_counted_and_is_flagged():
    t = Thread()
    forged = t.add("杨康", "代投：郭靖\n投票对象：黄蓉\n投票理由：他让我帮忙", 1)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == forged.pid)
    assert entry.verdict == "invalid" and entry.needs_review and "只有导演可以代投" in entry.reason
    assert r.totals == {}
    # Whether it counts for 郭靖 is the director's call: the proof weighs it, for 郭靖, for 黄蓉.
    readings = {(r.kind, r.target, r.voter) for r in certainty.readings(entry)}
    assert ("proxy", "黄蓉", "郭靖") in readings and ("none", None, None) in readings
    assert not any(r.voter == "郭靖" and r.target == "郭靖" for r in certainty.readings(entry))


def test_a_directors_proxy_in_directors_words_counts_for_the_player():
    t = Thread()
    proxy = t.add("导演", "【代投公告】应郭靖要求代投\n投票对象：黄蓉\n投票理由：郭靖委托", 1)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == proxy.pid)
    assert (entry.verdict, entry.voter, entry.target) == ("counted", "郭靖", "黄蓉")


def test_a_hedge_is_flagged_and_never_binding():
    t = Thread()
    hedge = t.add("黄蓉", "我也想投郭靖，不过再看看", 1)
    real = t.vote("黄蓉", "杨康", 2)
    r = run(t, "qisha")
    assert r.totals == {"杨康": 1} and verdict_of(r, real) == "counted"
    assert next(e for e in r.entries if e.pid == hedge.pid).needs_review


@pytest.mark.parametrize("text", ["投票对象：同上\n投票理由：同上", "同上", "同意楼上"])
def test_a_ballot_that_follows_the_one_above_has_that_reading(text):
    """郭靖 2 : 黄蓉 2 with 杨康's 「同上」 right under a vote for 黄蓉: read as 黄蓉 it decides the day, so the
    result is not proven — and 黄蓉 is among the readings the director is offered."""
    t = Thread()
    t.vote("穆念慈", "郭靖", 1)
    t.vote("欧阳锋", "郭靖", 2)
    t.vote("一灯", "黄蓉", 3)
    t.vote("欧阳克", "黄蓉", 4)
    follow = t.add("杨康", text, 5)
    result = run(t)
    entry = next(e for e in result.entries if e.pid == follow.pid)
    assert entry.needs_review and "黄蓉" in entry.readings
    assert result.outcome.kind == "none" and not result.certain
    flag = next(f for f in result.flags if f.pid == follow.pid)
    assert flag.can_change_outcome


@pytest.mark.parametrize("text,quote,meant", [
    ("投他，理由：发言矛盾", "一灯", "一灯"),      # 他: whoever the post quotes
    ("票投给楼上", None, "欧阳克"),               # 楼上: the author of the post above
    ("我投3楼，理由见讨论帖", None, "一灯"),       # N楼: that floor's author
])
def test_a_player_pointed_at_without_a_name_is_flagged_with_that_reading(text, quote, meant):
    """郭靖 2 : 一灯 1 : 黄蓉 1 — read as a vote for the player pointed at, 一灯 or 欧阳克 draws level or not;
    the post is never silent and that player is among its readings (so the proof weighs it)."""
    t = Thread()
    t.vote("穆念慈", "郭靖", 1)
    t.vote("欧阳锋", "郭靖", 2)
    lamp = t.vote("一灯", "黄蓉", 3)
    t.vote("欧阳克", "一灯", 4)
    post = t.add("杨康", text, 5, quote=lamp if quote else None)
    result = run(t)
    entry = next(e for e in result.entries if e.pid == post.pid)
    assert entry.needs_review and meant in entry.readings, (entry.reason, entry.readings)
    assert result.certain == (meant == "欧阳克")  # 一灯 2 : 郭靖 2 is a tie (无人出局); 欧阳克 1 changes nothing


# -- 撤票: the director's call, unless the game file allows it ------------------------------------------

def _withdrawing_day() -> tuple[Thread, dict]:
    """杨康 3 (郭靖, 黄蓉, 一灯) : 欧阳锋 2 (穆念慈, 洪七公); then 一灯 takes the vote back, quoting it."""
    t = Thread()
    for voter, target, hour in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 2), ("穆念慈", "欧阳锋", 3), ("洪七公", "欧阳锋", 4)):
        t.vote(voter, target, hour)
    mine = t.vote("一灯", "杨康", 5)
    posts = {"vote": mine, "back": t.add("一灯", "撤回对杨康的投票，再想想", 6, quote=mine)}
    return t, posts


def test_a_withdrawal_is_the_directors_call_where_no_rule_allows_it():
    """No seed speaks of 撤票: the vote stands unless the director rules, and the result (杨康 3 : 欧阳锋 2 →
    杨康 出局, or 2 : 2 with the withdrawal) is not proven."""
    t, posts = _withdrawing_day()
    r = run(t)
    back = next(e for e in r.entries if e.pid == posts["back"].pid)
    assert back.needs_review and "撤" in back.reason and verdict_of(r, posts["vote"]) == "counted"
    assert r.totals == {"杨康": 3, "欧阳锋": 2} and r.outcome.names == ["杨康"] and not r.certain
    assert any(reading.kind == "abstain" for reading in certainty.readings(back))


@pytest.mark.parametrize("wording", ["撤回对杨康的投票，再想想", "改票对象：撤票\n改票理由：再想想", "撤票"])
def test_a_withdrawal_where_the_game_allows_it_is_a_change_to_no_ballot(wording):
    """unvote = "allowed": 一灯's 撤票, quoting the vote, moves 杨康 3 → 2 — the 2 : 2 tie is the result, proven, and
    the 弃权 line says it was taken back. It is a change: a second one, or one in the last hour, is refused."""
    from dataclasses import replace

    from tally import report

    t, posts = _withdrawing_day()
    t.posts[-1] = replace(t.posts[-1], text=wording)
    g = replace(game(), rules={"unvote": "allowed"})
    r = run(t, g=g)
    back = next(e for e in r.entries if e.pid == posts["back"].pid)
    assert (back.kind, back.verdict, back.target, back.withdraws) == ("change", "counted", None, True), back.reason
    assert verdict_of(r, posts["vote"]) == "superseded" and r.totals == {"杨康": 2, "欧阳锋": 2}
    assert r.outcome.kind == "none" and r.certain and not back.needs_review
    assert "弃权（1）：一灯（撤票）" in report.render_bbcode(r, "测试局")
    again = t.change("一灯", "欧阳锋", 7, quote=posts["back"])  # the one change is used
    r = run(t, g=g)
    assert verdict_of(r, again) == "invalid" and r.totals == {"杨康": 2, "欧阳锋": 2}


def test_a_withdrawal_in_the_last_hour_is_refused_like_a_change():
    from dataclasses import replace

    t = Thread()
    t.vote("郭靖", "杨康", 1)
    mine = t.vote("一灯", "杨康", 2)
    back = t.add("一灯", "撤票", 47.5, quote=mine)
    r = run(t, g=replace(game(), rules={"unvote": "allowed"}))
    assert verdict_of(r, back) == "invalid" and "不允许改票" in reason_of(r, back) and r.totals == {"杨康": 2}


def test_unvote_takes_only_its_two_words():
    with pytest.raises(ValueError, match="unvote"):
        load_preset("shediao").with_overrides({"unvote": "yes"})


@pytest.mark.parametrize("unvote", ["", "allowed"])
def test_a_withdrawal_passed_on_or_on_a_condition_is_a_doubt_with_not_voting_among_its_readings(unvote):
    """黄蓉 passes on 郭靖's 撤票 from QQ; 杨康 takes his back on a condition. Neither is the poster's own plain act,
    allowed or not: each is flagged, and the proof weighs the ballot taken back (郭靖 2 : 杨康 1 → 1 : 1, a tie)."""
    from dataclasses import replace

    t = Thread()
    t.vote("郭靖", "杨康", 1)
    t.vote("黄蓉", "郭靖", 1.5)
    mine = t.vote("杨康", "郭靖", 1.6)
    passed_on = t.add("黄蓉", "帮郭靖撤票，他在QQ上说的", 2)
    conditional = t.add("杨康", "如果郭靖解释清楚了我就撤票", 3, quote=mine)
    r = run(t, g=replace(game(), rules={"unvote": unvote}))
    for post in (passed_on, conditional):
        entry = next(e for e in r.entries if e.pid == post.pid)
        assert entry.needs_review and entry.verdict != "counted", entry.reason
        assert any(reading.target is None and reading.kind in ("abstain", "change") for reading in certainty.readings(entry))
    assert r.totals == {"郭靖": 2, "杨康": 1} and r.outcome.names == ["郭靖"] and not r.certain


# -- directors' proxies in their own words, and pointers with nothing quoted (fixtures/heldout3) ---------------

@pytest.mark.parametrize("text", ["代投两张：\n郭靖→黄蓉\n穆念慈→杨康", "【代投】受郭靖、穆念慈委托：\n郭靖→黄蓉，理由：太安静\n穆念慈→杨康，理由：绕"])
def test_two_proxies_in_one_directors_post_are_two_ballots(text):
    """Each line pairs a player and a target (rules.md: two proxies in one post): each is that player's ballot, at
    the post's floor, and the day is proven without a ruling."""
    t = Thread()
    t.vote("欧阳锋", "黄蓉", 1)
    post = t.add("导演", text, 2)
    r = run(t)
    made = {(e.voter, e.kind, e.target, e.verdict) for e in r.entries if e.floor == post.floor}
    assert made == {("郭靖", "proxy", "黄蓉", "counted"), ("穆念慈", "proxy", "杨康", "counted")}
    assert r.totals == {"黄蓉": 2, "杨康": 1} and r.certain
    assert {real_pid(e.pid) for e in r.entries if e.floor == post.floor} == {post.pid}  # links and rulings: the post


def test_a_directors_proxy_in_own_words_counts_for_its_pair_and_a_refusal_is_no_proxy():
    t = Thread()
    t.vote("欧阳锋", "黄蓉", 1)
    said = t.add("导演", "受 郭靖 私信委托，代为投票——对象：杨康；理由：本人委托。", 2)
    refused = t.add("导演", "20:40 收到穆念慈的代投请求。关门前一小时不接受代投，请穆念慈自己来投票帖。", 3)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == said.pid)
    assert (entry.voter, entry.kind, entry.target, entry.verdict) == ("郭靖", "proxy", "杨康", "counted") and entry.certain
    no = next(e for e in r.entries if e.pid == refused.pid)
    assert not no.needs_review and no.kind == "none"


@pytest.mark.parametrize("text", ["【代投】受郭靖委托代投黄蓉（郭靖私信委托）\n郭靖刚私信说撤回委托，以上代投作废。",
                                  "代投：郭靖 → 黄蓉\n补：郭靖撤回委托，要自己来投，以上代投作废"])
def test_a_proxy_taken_back_in_the_same_post_counts_nothing(text):
    t = Thread()
    post = t.add("导演", text, 2)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert (entry.voter, entry.verdict, entry.certain) == ("郭靖", "invalid", True) and "撤回" in entry.reason
    assert r.totals == {}


def test_a_proxy_corrected_in_a_later_line_counts_as_corrected():
    t = Thread()
    post = t.add("导演", "【代投】受郭靖委托代投杨康（郭靖私信委托）\n更正：上面写错了，郭靖委托的是黄蓉，不是杨康，以此为准。", 2)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert (entry.voter, entry.target, entry.verdict, entry.certain) == ("郭靖", "黄蓉", "counted", True)


def test_a_proxy_pasted_from_a_chat_log_is_the_voters_line():
    log = ("【代投】\n郭靖 QQ 委托，聊天记录如下：\n[14:02] 导演：在吗？今天的票要代投？\n[14:05] 郭靖：在外面，帮我投杨康，理由就是他昨天跳得太凶\n"
           "[14:06] 黄蓉：顺便看下进程帖\n[14:06] 导演：收到，确认目标杨康？\n[14:07] 郭靖：嗯嗯")
    t = Thread()
    post = t.add("导演", log, 2)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert (entry.voter, entry.target, entry.verdict, entry.certain) == ("郭靖", "杨康", "counted", True)


def test_him_with_nothing_quoted_may_be_the_player_the_post_named_before():
    """「杨康你昨天说的和今天对不上。投他。」: no quote, so 他 may be 杨康 — a reading, never a count."""
    t = Thread()
    post = t.add("黄蓉", "杨康你昨天说的和今天对不上。投他。", 1)
    r = run(t, "qisha")
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert entry.needs_review and entry.verdict != "counted" and "杨康" in entry.readings


# -- a rule the seeds leave open decides nothing alone (issue 41) ---------------------------------------------

@pytest.mark.parametrize("preset, open_", [("mahjong", True), ("shediao", True), ("qisha", False)])
def test_a_change_quoting_ones_own_invalid_ballot_is_the_directors_where_the_seed_is_silent(preset, open_):
    """杨康's first post is invalid (no reason where one is needed, or no clear target); his next post, in the last hour,
    is written as a change quoting it. A barred change, or the new post the seeds let an invalid ballot be corrected by?
    000/004 do not say (the preset marks it 种子未明说): the post is the director's, its reading as his ballot weighed.
    002 says an invalid ballot is corrected through the director: a change quoting it is void, settled."""
    t = Thread()
    first = t.add("杨康", "投票对象：郭靖", 2) if preset != "qisha" else t.add("杨康", "投票对象：郭靖郭靖", 2)
    t.vote("黄蓉", "郭靖", 3)
    t.vote("郭靖", "黄蓉", 4)
    late = t.add("杨康", "改票对象：黄蓉\n改票理由：刚才那票格式不对，补一下", 47.5, quote=first)
    r = run(t, preset)
    entry = next(e for e in r.entries if e.pid == late.pid)
    assert entry.verdict == "invalid"
    assert entry.needs_review == open_, entry.reason
    if open_:
        assert "种子没有说" in entry.reason
        assert ("黄蓉", "杨康") in {(x.target, x.voter) for x in certainty.readings(entry)}
        assert not r.certain  # 黄蓉 2 : 郭靖 1 if it counts, a tie if not


# -- what the lab's real Discuz showed (issue 41's check on dzlab) --------------------------------------------------

def test_a_directors_ruling_that_retells_a_relay_is_no_proxy():
    """「【裁定】5楼：穆念慈说欧阳克托她投黄蓉，……这票不算欧阳克的票，无效。」 names a relay and its target: it rules on
    floor 5, it makes no proxy (the lab counted it as 欧阳克's proxy for 黄蓉 and posted a wrong tie)."""
    t = Thread()
    t.vote("郭靖", "黄蓉", 1)
    relay = t.add("穆念慈", "欧阳克托我帮他投黄蓉", 2)
    ruling = t.add("导演", f"【裁定】{relay.floor}楼：穆念慈说欧阳克托她投黄蓉，我私信问过欧阳克，他没有委托，这票不算欧阳克的票，无效。", 3)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == ruling.pid)
    assert entry.kind == "none" and entry.verdict != "counted" and not entry.needs_review, entry.reason
    assert r.totals == {"黄蓉": 1}


def test_valid_on_a_ballot_whose_form_failed_counts_it_for_the_player_it_names():
    """「9楼 有效」 on 「我投杨康」 (no labels where the game wants them): a vote for 杨康 — not an abstention that still
    names 杨康, and never one ballot too many (the lab's tally showed 10 voters of 9)."""
    t = Thread()
    t.vote("郭靖", "黄蓉", 1)
    loose = t.add("欧阳克", "杨康太可疑了，我投杨康", 2)
    r = run(t, rulings={loose.pid: Ruling(loose.pid, "accept")})
    entry = next(e for e in r.entries if e.pid == loose.pid)
    assert (entry.kind, entry.target, entry.verdict) == ("vote", "杨康", "counted")
    assert r.totals == {"黄蓉": 1, "杨康": 1} and r.abstentions == []


def test_a_post_after_the_close_is_settled_by_its_time_whatever_it_says():
    """A player's imitation of a ruling after the close (「【裁定】8楼 无效，9楼计为杨康」) is void by its time: no ruling
    could count it, so it holds nothing (the lab listed it as a doubt that could change the result)."""
    t = Thread()
    t.vote("郭靖", "黄蓉", 1)
    late = t.add("黄蓉", "【裁定】8楼 无效，我改投杨康", 48.5)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == late.pid)
    assert entry.verdict != "counted" and not entry.needs_review and r.certain


# -- what the sixth blind set's day g02 showed (read once, recorded; these are the classes behind it) ----------------

def posted_and_tallied(t: Thread, preset: str):
    """The day as poll reads it: the director's posts in the thread applied as rulings (tally/rulings.py)."""
    from dataclasses import replace

    from tally import rulings as posted

    g = game(preset)
    rules = load_preset(preset).with_overrides(g.rules)
    posts = [replace(p, author_uid=2 if p.author == "导演" else 10 + NAMES.index(p.author)) for p in t.posts]
    base = tally_day(posts, g, g.days[0], rules, {}, sensitivity=False)
    found = posted.from_posts(posts, g, g.days[0], base, rules, {}, posted.director_uids(g, posts))
    return tally_day(posts, g, g.days[0], rules, posted.merge([], found))


def test_proxies_listed_under_a_heading_in_the_boards_numbering_count_and_an_unread_line_is_a_doubt():
    """「代投两张（……）：⏎ 一、咸水角：投票对象 萝卜糕，理由…… ⏎ 二、……」: the list marks 一、 二、 are a list's marks as
    1) and ① are (read as nothing, two proxies vanished and a runoff was posted as 无人出局); a line under such a
    heading that names a pair the reader cannot make out is the director's, never dropped."""
    t = Thread()
    t.vote("郭靖", "杨康", 1)
    listed = t.add("导演", "代投两张（都是短消息委托，对象明确）：\n一、黄蓉：投票对象 杨康，理由“他说法有三个版本”；\n"
                          "二、一灯：投票对象 欧阳锋，理由“附和太整齐”。", 2)
    r = run(t, "qisha")
    assert {(e.voter, e.target) for e in r.entries if e.pid in (listed.pid, -listed.pid) or e.kind == "proxy"} >= {
        ("黄蓉", "杨康"), ("一灯", "欧阳锋")}
    assert r.totals == {"杨康": 2, "欧阳锋": 1}
    t = Thread()
    t.vote("郭靖", "杨康", 1)
    odd = t.add("导演", "代投两张：\n一、黄蓉那张说的大概是杨康\n二、一灯那张明天再说", 2)
    r = run(t, "qisha")
    entry = next(e for e in r.entries if e.pid == odd.pid)
    assert entry.needs_review and "读不出替谁投给谁" in entry.reason and not r.certain


def test_a_floor_the_director_says_is_undecided_is_a_doubt_whatever_the_rules_make_of_it():
    """「待定：12楼 奶黄包（未写理由）」「我倾向于算，但暂不定」: the director's open question on a ballot is theirs — the tool
    may not settle it by its own reading (it voided the ballot for its missing reason and posted a result the
    director's count said was open)."""
    t = Thread()
    for voter in ("郭靖", "黄蓉", "杨康", "穆念慈"):
        t.vote(voter, "欧阳锋", 1)
    for voter in ("欧阳克", "一灯", "洪七公"):
        t.vote(voter, "周伯通", 2)
    bare = t.add("黄药师", "投票对象：周伯通", 3)  # 七杀 wants a reason: void as written, 周伯通 4 : 4 if counted
    t.add("导演", f"【票型】\n欧阳锋 4：郭靖、黄蓉、杨康、穆念慈\n周伯通 3：欧阳克、一灯、洪七公\n待定：{bare.floor}楼 黄药师（未写理由）", 4)
    r = posted_and_tallied(t, "qisha")
    entry = next(e for e in r.entries if e.pid == bare.pid)
    assert entry.needs_review and "还没有定" in entry.reason, entry.reason
    # 10 alive, 4 is 40 %: void, 欧阳锋 4 : 3 is out; counted, 4 : 4 is a runoff — the open floor decides
    assert r.outcome.names == ["欧阳锋"] and not r.certain


def test_the_directors_latest_count_that_gives_a_voter_another_ballot_makes_ours_a_doubt():
    """Two counts, two opinions: where the director's latest count gives a voter another ballot than ours, one of the
    two is wrong — the ballot is a doubt with the count's reading beside ours. A later count that agrees settles it."""
    def day(final_agrees: bool) -> tuple:
        t = Thread()
        for voter in ("郭靖", "黄蓉"):
            t.vote(voter, "杨康", 1)
        odd = t.add("穆念慈", "我投欧阳锋，理由：他一直在带节奏", 2)  # counted for 欧阳锋
        t.vote("一灯", "欧阳锋", 3)
        t.add("导演", "【票型统计】\n杨康 2：郭靖、黄蓉\n欧阳锋 1：一灯\n周伯通 1：穆念慈", 4)
        if final_agrees:
            t.add("导演", "【票型统计】更正\n杨康 2：郭靖、黄蓉\n欧阳锋 2：穆念慈、一灯", 5)
        return t, odd
    t, odd = day(False)
    r = posted_and_tallied(t, "qisha")
    entry = next(e for e in r.entries if e.pid == odd.pid)
    assert entry.needs_review and "票型统计和本工具不同" in entry.reason and "周伯通" in entry.readings
    t, odd = day(True)
    r = posted_and_tallied(t, "qisha")
    assert not next(e for e in r.entries if e.pid == odd.pid).needs_review


def test_qisha_a_new_ballot_after_an_invalid_one_counted_as_abstention_is_the_directors():
    """七杀: an invalid ballot counts as 弃权 unless the player has the director correct it. A new post after it is that
    request made in public or a second ballot — the director's (it was voided as 「已经投过票」 without a word)."""
    cites("qisha", "correction_by_new_post", "联系导演进行更正")
    t = Thread()
    bad = t.add("黄蓉", "投票对象：王重阳\n投票理由：他最可疑", 1)  # no such player: invalid, so 弃权 by the rules
    t.vote("郭靖", "杨康", 1.5)
    again = t.add("黄蓉", "那我正式投：\n投票对象：杨康\n投票理由：他在转移话题", 2)
    r = run(t, "qisha")
    entry = next(e for e in r.entries if e.pid == again.pid)
    assert entry.needs_review and "请导演裁定" in entry.reason, entry.reason
    assert ("黄蓉", "杨康") in {(x.voter, x.target) for x in certainty.readings(entry)} or "杨康" in entry.readings
    # 「N楼 按无效处理——可以找我更正，不更正按弃权计」 rules it invalid (弃权 is what the rules make of it): the new
    # post after it stays the director's to accept, as above — not a second ballot of an abstention ruled
    ruled = Thread()
    ruled.posts = list(t.posts[:2])
    ruled.add("导演", f"【裁定】{bad.floor}楼的对象不是本局玩家，按无效处理——黄蓉可以找我更正，不更正按弃权计。", 1.7)
    later = ruled.add("黄蓉", "收到。投票对象：杨康\n投票理由：他在转移话题", 2)
    r = posted_and_tallied(ruled, "qisha")
    assert next(e for e in r.entries if e.pid == bad.pid).ruling.decision == "reject"
    assert next(e for e in r.entries if e.pid == later.pid).needs_review


@pytest.mark.parametrize("text", ["如果杨康今晚还不跳，我就投他。", "投杨康吧……不对，欧阳锋？", "投票对象：杨康"])
def test_the_secret_judges_own_post_is_settled_by_the_role_and_no_reading_counts_it(text):
    """Issue 42, 5: the 法官's conditional post was weighed as a ballot, held the final, and the readings offered
    counted the 法官's vote. No reading of a post counts a ballot its author cannot cast; only a relay for a voter
    stays the director's, with that voter's readings alone."""
    players = tuple(Player(n, i + 3, roles=("法官",) if n == "一灯" else ()) for i, n in enumerate(NAMES))
    g = game("anshazhe", players=players)
    t = Thread()
    t.vote("郭靖", "杨康", 1)
    t.vote("黄蓉", "欧阳锋", 1.5)
    post = t.add("一灯", text, 2)
    r = run(t, "anshazhe", g=g)
    entry = next(e for e in r.entries if e.pid == post.pid)
    assert entry.verdict != "counted" and not entry.needs_review and r.certain, entry.reason
    relay = Thread()
    relay.posts = list(t.posts[:2])
    asked = relay.add("一灯", "帮洪七公投杨康", 2)
    r = run(relay, "anshazhe", g=g)
    entry = next(e for e in r.entries if e.pid == asked.pid)
    assert entry.needs_review and all(x.voter != "一灯" or x.target is None for x in certainty.readings(entry))
    assert all(ruling.voter == "洪七公" or ruling.decision == "reject" for ruling in entry.space)


@pytest.mark.parametrize("for_yang,for_ou", [(5, 1), (4, 2), (3, 1)])
def test_a_relay_tied_to_no_voter_holds_a_day_only_where_one_ballot_could_change_it(for_yang, for_ou):
    """Issue 42, 11: a single 「帮他投欧阳锋」 (for whom?) held a 5 : 1 day. It moves one ballot at most: the day is
    proven exactly when no single ballot — any voter's, cast, moved or withdrawn — changes the result (computed
    here by re-tallying every such ballot in the relay's place)."""
    voters = ["郭靖", "黄蓉", "穆念慈", "一灯", "洪七公", "欧阳克"]

    def day(last=None) -> Thread:
        t = Thread()
        for v in voters[:for_yang]:
            t.vote(v, "杨康", 1)
        for v in voters[for_yang:for_yang + for_ou]:
            t.vote(v, "欧阳锋", 2)
        if last is None:
            t.add("周伯通", "帮他投欧阳锋", 3)
        else:  # one voter's ballot in its place: a change of theirs (quoting their own), or a first ballot
            who, target = last
            own = next((p for p in t.posts if p.author == who), None)
            (t.change if own else t.vote)(who, target or "弃权", 3, **({"quote": own} if own else {}))
        return t

    r = run(day())
    outcomes = {(run(day((who, target))).outcome.kind, tuple(run(day((who, target))).outcome.names))
                for who in NAMES for target in (*NAMES, None) if who != target}
    one_ballot_changes_it = outcomes != {(r.outcome.kind, tuple(r.outcome.names))}
    assert r.certain == (not one_ballot_changes_it), (r.outcome, outcomes, r.proof)


def test_a_relay_for_several_players_at_once_is_a_doubt_no_bound_clears():
    """「帮郭靖和黄蓉投欧阳锋」 read as a report of others' votes and counted nothing, silently; it relays for several
    players: the director's, and since it may move more than one ballot, even a 5 : 1 day waits for the ruling."""
    t = Thread()
    for v in ("郭靖", "黄蓉", "穆念慈", "一灯", "洪七公"):
        t.vote(v, "杨康", 1)
    t.vote("杨康", "欧阳锋", 2)
    relay = t.add("周伯通", "帮郭靖和黄蓉投欧阳锋", 3)
    r = run(t)
    entry = next(e for e in r.entries if e.pid == relay.pid)
    assert entry.needs_review and "几位玩家" in entry.reason and not r.certain, entry.reason


@pytest.mark.parametrize("seconds, precision, doubtful", [(22, "second", True), (59, "second", True), (61, "second", False),
                                                           (40, "minute", True), (90, "minute", False)])
def test_a_last_minute_ballot_the_archive_first_read_after_the_close_is_doubtful(seconds, precision, doubtful):
    """The hostile round (issue 42, 1.6): a ballot posted 22 s before the close and edited 25 s after it carries no
    edit stamp (Discuz stamps no edit within 60 s of posting); the archive, first reading it after the close, counted
    what it says now. Its text at the close is unknown: a doubt the proof weighs as any ballot of the voter's."""
    close = START + timedelta(hours=48)
    t = Thread()
    for hours, voter in enumerate(["郭靖", "穆念慈"], start=1):
        t.vote(voter, "杨康", hours)
    late = t.vote("黄蓉", "欧阳锋", 48 - seconds / 3600, precision=precision)
    seen = {p.pid: [{"seen_at": (START + timedelta(hours=p_hours)).isoformat(), "text": p.text, "status": "normal"}]
            for p, p_hours in ((q, 49 if q.pid == late.pid else 10) for q in t.posts)}
    r = run(t, history=seen)
    assert (late.pid in {f.pid for f in r.flags}) is doubtful
    if doubtful:
        assert "60 秒内的编辑不留编辑标记" in reason_of(r, late)
    assert r.outcome.names == ["杨康"]  # 2 : 1 either way: the proof still posts it
    # Read by a run before the close, the ballot is known as it stood then.
    seen[late.pid][0]["seen_at"] = (close - timedelta(seconds=1)).isoformat()
    assert late.pid not in {f.pid for f in run(t, history=seen).flags}
