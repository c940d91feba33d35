"""The definition of certainty (tally/certainty.py), condition by condition, and the readings a doubt carries.

A verdict is certain only when facts decide it on words that are unmistakably the poster's own ballot now
— or unmistakably no ballot at all. Everything else is a flag with every reading a director could give it:
each player it could mean, for whom it could count, a change or a new ballot, an abstention, nothing. The
wordings below are ours, written from the seed rules, one kind each."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta

import pytest

from conftest import ROOT
from tally import certainty
from tally.day import Ruling, tally_day
from tally.rules import load_preset
from tallykit import CLOSE, Thread, game


def run(thread: Thread, preset: str = "shediao", rulings=None, **overrides):
    g = game(preset)
    rules = load_preset(preset).with_overrides(overrides)
    return tally_day(thread.posts, g, g.days[0], rules, rulings)


def entry_of(result, post):
    return next(e for e in result.entries if e.pid == post.pid)


def readings(result, post) -> set[tuple]:
    return {r.key for r in certainty.readings(entry_of(result, post))}


# -- certain: facts decide, on the poster's own words ---------------------------------------------------

def test_a_plain_labelled_ballot_is_certain_with_exactly_one_reading():
    t = Thread()
    post = t.vote("黄蓉", "杨康", 1)
    r = run(t)
    assert entry_of(r, post).certain and not r.flags
    assert [x.key for x in certainty.readings(entry_of(r, post))] == [("vote", "杨康", "黄蓉")]


def test_an_alias_in_the_game_file_is_certain():
    from tally.game import Player
    from tallykit import NAMES

    g = game(players=tuple(Player(n, i, aliases=("靖哥哥",) if n == "郭靖" else ()) for i, n in enumerate(NAMES)))
    t = Thread()
    post = t.vote("黄蓉", "靖哥哥", 1)
    r = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    assert entry_of(r, post).certain and r.totals == {"郭靖": 1}


def test_a_one_character_slip_is_certain_where_the_preset_allows_it_and_a_doubt_where_it_does_not():
    t = Thread()
    post = t.add("黄蓉", "投票对象：郭敬\n投票理由：憨", 1)
    assert entry_of(run(t, "qisha"), post).certain  # 七杀: 最多允许一个同音或形似的错别字
    flagged = run(t, "shediao")
    assert not entry_of(flagged, post).certain and ("vote", "郭靖", "黄蓉") in readings(flagged, post)


def test_what_a_player_reports_of_others_casts_nothing_and_needs_no_ruling():
    t = Thread()
    said = t.add("黄蓉", "杨康昨天说今天要投郭靖，我还没想好。", 1)
    retold = t.add("穆念慈", "昨天欧阳锋投的是郭靖，今天又跑去投一灯了。", 2)
    r = run(t, "qisha")
    for post in (said, retold):
        assert entry_of(r, post).certain and readings(r, post) == {("none", None, None)}
    assert r.totals == {}


def test_a_quoted_ballot_is_never_the_posters():
    t = Thread()
    t.vote("郭靖", "杨康", 1)
    post = t.add("黄蓉", "郭靖 发表于 2026-11-21 09:00\n投票对象：杨康\n投票理由：测试\n\n说得有道理", 2)
    r = run(t)
    assert entry_of(r, post).certain and r.totals == {"杨康": 1}


def test_facts_decide_whatever_the_words_after_the_close():
    t = Thread()
    late = t.add("黄蓉", "帮郭靖投杨康，他在QQ上托我的，理由：太像狼", 48.5)
    r = run(t, "qisha")
    assert entry_of(r, late).certain and not r.flags and r.totals == {}


# -- doubtful: every reading the director could give ------------------------------------------------------

def test_a_relayed_ballot_counts_for_nobody_and_weighs_the_player_it_is_relayed_for():
    t = Thread()
    own = t.vote("黄蓉", "杨康", 1)
    relayed = t.add("黄蓉", "【帮郭靖代投】投票对象：欧阳锋\n投票理由：郭靖在QQ上托我的", 2)
    r = run(t)
    entry = entry_of(r, relayed)
    assert not entry.certain and entry.verdict == "invalid" and "郭靖" in entry.reason
    assert ("proxy", "欧阳锋", "郭靖") in readings(r, relayed) and ("none", None, None) in readings(r, relayed)
    assert entry_of(r, own).verdict == "counted" and r.totals == {"杨康": 1}
    # The director rules it 郭靖's: it counts for 郭靖, and 黄蓉's own ballot stands.
    ruled = run(t, rulings={relayed.pid: Ruling(relayed.pid, "target", "欧阳锋", voter="郭靖")})
    assert ruled.totals == {"杨康": 1, "欧阳锋": 1} and not ruled.flags


def test_a_relay_that_decides_the_day_holds_it_and_is_named():
    """杨康 2 : 欧阳锋 1; 黄蓉 relays 郭靖's ballot for 欧阳锋 and 穆念慈's for 欧阳锋: counted, 欧阳锋 3 : 2."""
    t = Thread()
    for voter, target, hours in (("杨康", "欧阳锋", 1), ("一灯", "杨康", 2), ("洪七公", "杨康", 3)):
        t.vote(voter, target, hours)
    relay = t.add("黄蓉", "郭靖让我帮他投欧阳锋，理由：他说欧阳锋在带节奏", 4)
    relay2 = t.add("黄蓉", "穆念慈托我替她投欧阳锋，理由同上", 5)
    r = run(t, "qisha")
    assert r.outcome.kind == "none"  # 七杀: 2 of 10 is below 40 %
    r = run(t)
    assert (r.outcome.kind, r.outcome.names) == ("out", ["杨康"])
    assert not r.certain and r.proof.readings and set(r.proof.readings) <= {relay.pid, relay2.pid}
    assert (r.proof.outcome.kind, r.proof.outcome.names) in (("none", []), ("out", ["欧阳锋"]))
    # Each relay alone, counted for the player it is relayed for, ties the day: the flag says so.
    flag = next(f for f in r.flags if f.pid == relay.pid)
    assert any("算作 郭靖 的票" in alt and "无人出局" in alt for alt in flag.alternatives), flag.alternatives


def test_a_chain_of_relays_each_for_the_next_player_is_not_multiplied_out():
    """Six players vote, then each relays a ballot for the next (帮X投Y): the relays tie all seven into one
    group whose over-approximation would be 11⁷ combinations. The day is refused proof at once, in words — and
    every relay stays a doubt the director sees — instead of a tally that runs for minutes."""
    from tally import whatif

    t = Thread()
    names = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]
    for i, n in enumerate(names):
        t.vote(n, names[(i + 2) % 10], 0.5 + i / 10)
    relays = [t.add(names[i], f"帮{names[i + 1]}投{names[(i + 5) % 10]}", 3 + i) for i in range(6)]
    r = run(t, "qisha")
    assert not r.certain and r.proof.note == whatif.TOO_TANGLED_WORDS, r.proof
    assert {f.pid for f in r.flags} == {p.pid for p in relays} and all(f.can_change_outcome for f in r.flags)


def test_a_change_naming_old_and_new_counts_the_new_and_doubts_where_the_old_is_not_the_standing_ballot():
    t = Thread()
    vote = t.add("黄蓉", "投杨康，理由：站边太快", 1)
    change = t.add("黄蓉", "改票 杨康→郭靖，理由：想通了", 2, quote=vote)
    r = run(t, "qisha")
    assert entry_of(r, change).certain and r.totals == {"郭靖": 1}  # never the old target
    t2 = Thread()
    vote = t2.add("黄蓉", "投杨康，理由：站边太快", 1)
    wrong_old = t2.add("黄蓉", "改票 一灯→郭靖，理由：想通了", 2, quote=vote)
    r2 = run(t2, "qisha")
    assert not entry_of(r2, wrong_old).certain and "杨康" in entry_of(r2, wrong_old).reason
    assert r2.totals == {"郭靖": 1}


def test_a_reply_to_ones_own_vote_in_the_votes_format_weighs_the_change_where_a_change_must_quote():
    cites = load_preset("shediao").source("change_must_quote_own")
    assert "改票需回复原投票楼层" in cites
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    slip = t.vote("黄蓉", "郭靖", 2, quote=vote)  # 投票对象 labels, quoting her own vote
    r = run(t)
    entry = entry_of(r, slip)
    assert entry.verdict == "invalid" and not entry.certain and "投票格式" in entry.reason
    assert ("change", "郭靖", "黄蓉") in readings(r, slip)
    # In 七杀 (格式不严格) the same reply is the change.
    assert run(t, "qisha").totals == {"郭靖": 1}


@pytest.mark.parametrize("words", [
    "投票对象：杨康\n投票理由：作废，如果郭靖在20点前出来解释",
    "投票对象：杨康（如果他今晚还不交代的话）\n投票理由：测试",
    "先挂杨康，理由：票太散了，晚点再改",
])
def test_conditional_void_if_and_interim_ballots_are_doubts(words):
    t = Thread()
    post = t.add("黄蓉", words, 1)
    r = run(t, "qisha")
    assert not entry_of(r, post).certain
    assert ("vote", "杨康", "黄蓉") in readings(r, post) and ("none", None, None) in readings(r, post)


def test_a_ballot_put_off_is_no_ballot_now():
    t = Thread()
    post = t.add("黄蓉", "我晚上回来再投，先说一声，我会投杨康。", 1)
    r = run(t)
    assert entry_of(r, post).certain and readings(r, post) == {("none", None, None)}


def test_a_running_tally_is_nobodys_ballot_unless_it_lists_the_posters_own_today():
    t = Thread()
    yesterday = t.add("黄蓉", "昨天的票型抄一下：\n郭靖→杨康\n杨康→郭靖\n我→杨康", 1)
    today = t.add("穆念慈", "现在的票：\n郭靖→杨康\n杨康→郭靖\n穆念慈→杨康", 2)
    r = run(t, "qisha")
    assert entry_of(r, yesterday).certain
    assert not entry_of(r, today).certain and ("vote", "杨康", "穆念慈") in readings(r, today)


def test_a_directors_proxy_in_their_own_words_counts_for_the_player():
    t = Thread()
    proxy = t.add("导演", "郭靖今天外出，短消息委托导演代投杨康，理由是站边太快。本楼即为郭靖的代投。", 1)
    r = run(t)
    assert entry_of(r, proxy).certain and entry_of(r, proxy).voter == "郭靖" and r.totals == {"杨康": 1}
    left_open = t.add("导演", "黄蓉19:40发来短消息委托代投杨康，我20:05才看到，这票如何处理统计时一并说明。\n投票对象：杨康", 47.1)
    r = run(t)
    assert not entry_of(r, left_open).certain and ("proxy", "杨康", "黄蓉") in readings(r, left_open)


# -- the same readings, said: JSON -------------------------------------------------------------------

def test_tally_json_carries_certain_and_the_readings_the_proof_weighs(tmp_path):
    from bansha import poll as polling
    from bansha.demo import game as demo
    from test_poll import game_file, options

    forum = demo.build()
    forum.add_post(demo.VOTE_TID, 12, "孙二娘在QQ上托我帮她投燕青，理由：她说燕青在潜水", demo.OPEN + timedelta(hours=15))
    with forum:
        path = game_file(tmp_path, forum.base_url)
        polling.run_poll(path, tmp_path / "g.db", options(forum, out_dir=tmp_path / "out"), lambda line: None)
    out = subprocess.run([sys.executable, "-m", "bansha.cli", "tally", str(path), "--db", str(tmp_path / "g.db"),
                          "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode in (0, 3), out.stderr
    data = json.loads(out.stdout)
    for post in data["posts"]:
        assert isinstance(post["certain"], bool)
        assert all(set(r) == {"kind", "target", "for"} for r in post["readings"])
        if post["certain"]:
            assert len(post["readings"]) == 1
    relay = next(p for p in data["posts"] if p["author"] == "吴用" and "孙二娘" in p["reason"])
    assert relay["certain"] is False
    assert {"kind": "proxy", "target": "燕青", "for": "孙二娘"} in relay["readings"]
    assert relay["readings"][0] == {"kind": "none", "target": None, "for": None}  # as decided: nobody's ballot
    flag = next(f for f in data["flags"] if f["pid"] == relay["pid"])
    assert flag["readings"] == relay["readings"] and flag["certain"] is False
