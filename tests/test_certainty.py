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
from grammar.names import Roster
from tally import certainty
from tally.day import Ruling, tally_day
from tally.rules import load_preset
from tallykit import CLOSE, NAMES, Thread, game


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


# -- the residue and the speaker's role (issue 33) -------------------------------------------------------
# Probes of the kinds fresh blind sets found certain and wrong; our own wording of each.

@pytest.mark.parametrize("preset,text,meant", [
    ("qisha", "杨康", ("vote", "杨康", "黄蓉")),  # a post that is only a name
    ("qisha", "☝ 杨康", ("vote", "杨康", "黄蓉")),
    ("qisha", "🗳杨康！", ("vote", "杨康", "黄蓉")),
    ("qisha", "投 yangkang，理由：输入法坏了", ("vote", "杨康", "黄蓉")),  # pinyin typed for the name
    ("qisha", "投郭靖 啊不 是杨康，理由：他一直在带节奏", ("vote", "杨康", "黄蓉")),  # corrected in the post
    ("shediao", "投票对象：郭靖\n投票理由：带节奏\n打错了应该是杨康", ("vote", "杨康", "黄蓉")),
    ("shediao", "投票对象：杨🐍康\n投票理由：滑得像蛇", ("vote", "杨康", "黄蓉")),  # an emoji inside the name
    ("shediao", "投票对象：a一灯\n投票理由：手滑", None),  # garbage around a name: a doubt, whatever it means
    ("qisha", "✋ 无，还没想好", ("abstain", None, "黄蓉")),
])
def test_what_a_certain_verdict_leaves_unexplained_makes_it_a_doubt(preset, text, meant):
    t = Thread()
    post = t.add("黄蓉", text, 1)
    r = run(t, preset)
    entry = entry_of(r, post)
    assert not entry.certain, (text, entry.reason)
    if meant:
        assert meant in readings(r, post), (text, readings(r, post))


def test_agreeing_with_a_quoted_ballot_may_follow_it():
    t = Thread()
    ballot = t.add("郭靖", "投杨康，理由：站边太快", 1)
    agree = t.add("黄蓉", "+1", 2, quote=ballot)
    r = run(t, "qisha")
    assert not entry_of(r, agree).certain and ("vote", "杨康", "黄蓉") in readings(r, agree)


def test_a_cantonese_ballot_under_a_quote_points_at_the_quoted_player():
    t = Thread()
    said = t.add("杨康", "我今日冇乜讲，大家自己睇。", 1)
    ballot = t.add("黄蓉", "投佢！理由：講嘢前後矛盾", 2, quote=said)
    r = run(t, "qisha")
    assert ("vote", "杨康", "黄蓉") in readings(r, ballot), readings(r, ballot)


@pytest.mark.parametrize("text", [
    "第一天票型：\n杨康 2 票：郭靖、欧阳克（导演代投）\n欧阳锋 1 票：一灯\n弃权：洪七公",  # (as the thread has it)
    "距离关门还有一小时。20:00 起不允许改票、不允许代投。\n还没投票的：周伯通、黄药师，请抓紧。",
    "【裁定】5楼 郭靖那票按原票计，投的是杨康。",
    "黄蓉 20:25 私信要求代投杨康。关门前一小时内不允许代投，本次代投不受理，请黄蓉本人回帖投票。",
])
def test_the_directors_counts_notices_and_rulings_are_no_ballot_and_certain(text):
    """One count post once gave 64 readings (any named player's proxy for any other): the director speaks as the
    director, and a day with such posts is proven with nothing held for them."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("一灯", "欧阳锋", 2), ("欧阳克", "杨康", 3)):
        t.vote(voter, target, hours)
    post = t.add("导演", text, 4)
    r = run(t)
    entry = entry_of(r, post)
    assert entry.certain and entry.kind == "none" and not r.flags, (entry.reason, r.flags)


@pytest.mark.parametrize("text", [
    "受郭靖私信委托代投，投票对象：黄蓉",
    "导演代投——郭靖下午找我，说出差上不来，明确要投黄蓉。我帮他挂上。",
    "代投两张：\n郭靖→黄蓉\n一灯→杨康",
])
def test_a_directors_proxy_in_own_words_reads_exactly_the_pair_it_names(text):
    t = Thread()
    post = t.add("导演", text, 4)
    r = run(t)
    got = readings(r, post)
    assert ("proxy", "黄蓉", "郭靖") in got, got
    # Never any named player for any other: only the pairs the clauses name.
    assert all(key[0] == "none" or (key[2], key[1]) in {("郭靖", "黄蓉"), ("郭靖", None), ("一灯", "杨康")}
               for key in got), got


def test_an_invalid_change_to_someone_who_cannot_be_voted_for_is_the_directors_where_the_seed_is_silent():
    """Seed 004 does not say whether a void change keeps the original (the preset assumes it): a well-made change
    to the bar owner is a doubt — the original may stand, or be gone — not a silent verdict."""
    from tally.game import Player

    players = tuple(Player(n, i + 3, roles=("酒吧老板",) if n == "一灯" else ()) for i, n in enumerate(
        ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]))
    g = game("mahjong", players=players)
    t = Thread()
    vote = t.vote("黄蓉", "杨康", 1)
    change = t.change("黄蓉", "一灯", 2, quote=vote)
    r = tally_day(t.posts, g, g.days[0], load_preset("mahjong"))
    entry = entry_of(r, change)
    assert entry.verdict == "invalid" and not entry.certain and "种子未明说" in entry.reason, entry.reason
    assert ("abstain", None, "黄蓉") in readings(r, change)  # the original gone
    assert r.totals == {"杨康": 1}  # as the tool's default reads it, until the director rules


# -- rulings that would move another voter's ballot (issue 34) --------------------------------------------

def test_a_relay_in_the_last_hour_is_never_offered_or_accepted_as_the_other_players_ballot():
    """000: no proxy in the last hour. A relay posted then for a player who already voted may not be read — nor
    ruled — as 「算作 郭靖 的票」: that would move 郭靖's ballot by a proxy the rules forbid."""
    from bansha import pipeline

    t = Thread()
    t.vote("郭靖", "杨康", 1)
    relay = t.add("黄蓉", "帮郭靖投：\n投票对象：欧阳锋\n投票理由：他托我的", 47.5)  # 20:30, the last hour
    r = run(t)
    assert all(key[2] != "郭靖" for key in readings(r, relay)), readings(r, relay)
    g = game()
    said = pipeline.ruling_problem(r, g, relay.pid, "target", "欧阳锋", "郭靖", load_preset("shediao"))
    assert said and "不允许代投" in said, said
    after = Thread()
    after.vote("郭靖", "杨康", 1)
    late = after.add("黄蓉", "帮郭靖投：\n投票对象：欧阳锋\n投票理由：他托我的", 48.2)  # after the close
    said = pipeline.ruling_problem(run(after), g, late.pid, "target", "欧阳锋", "郭靖", load_preset("shediao"))
    assert said and "关门后" in said, said


def test_a_relay_for_the_secret_judge_is_refused_in_the_terminal_and_weighs_like_any_other_in_public():
    """A relay for the 法官 and one for a voter: refusing to weigh only the judge's would tell everyone who the
    judge is. Both weigh the same in public; a ruling 「--for 法官」 is refused in words and never recorded."""
    from bansha import pipeline
    from tally.game import Player

    players = tuple(Player(n, i + 3, roles=("法官",) if n == "一灯" else ()) for i, n in enumerate(
        ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]))
    g = game("anshazhe", players=players)
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("穆念慈", "欧阳锋", 2)):
        t.vote(voter, target, hours)
    for_judge = t.add("黄蓉", "帮一灯投：\n投票对象：欧阳锋\n投票理由：他托我的", 3)
    for_voter = t.add("洪七公", "帮周伯通投：\n投票对象：欧阳锋\n投票理由：他托我的", 4)
    r = tally_day(t.posts, g, g.days[0], load_preset("anshazhe"))
    flags = {f.pid: f for f in r.flags}
    assert for_judge.pid in flags and for_voter.pid in flags
    assert flags[for_judge.pid].can_change_outcome == flags[for_voter.pid].can_change_outcome
    said = pipeline.ruling_problem(r, g, for_judge.pid, "target", "欧阳锋", "一灯")
    assert said and "今天没有投票权" in said, said


def test_check_vote_judges_one_post_in_its_authors_role():
    def check(text, *args):
        done = subprocess.run([sys.executable, "-m", "bansha.cli", "check-vote", "--players", "郭靖,黄蓉,杨康,欧阳锋,一灯",
                               *args, "--json"], input=text.encode("utf-8"), capture_output=True, timeout=60)
        return json.loads(done.stdout.decode("utf-8"))
    count = "第一天票型：\n杨康 2 票：郭靖、黄蓉（导演代投）\n欧阳锋 1 票：一灯"
    said = check(count, "--author", "导演", "--directors", "导演")
    assert said["director"] and said["certain"] and said["readings"] == [{"kind": "none", "target": None, "for": None}]
    assert not check("☝ 杨康", "--preset", "qisha", "--author", "黄蓉")["certain"]


@pytest.mark.parametrize("reason", [
    "选错了，杨康才对", "不是黄蓉，是杨康", "我想投的其实是杨康", "黄蓉那个当我没说，杨康", "前面名字不算，按杨康算",
    "脑子抽了，杨康", "看串行了，应是杨康", "投杨康，上面写岔了", "名字记混了，杨康", "以这句为准：杨康",
    "我的意思是杨康", "改一下：杨康", "刚发完就后悔了，投杨康", "眼花了，杨康", "哦不对，杨康",
    # the lab (issue 42, 3): the contrast with no comma stayed certain for the first name
    "是杨康不是黄蓉", "应该是杨康而不是黄蓉", "不是黄蓉是杨康", "其实是杨康并非黄蓉",
])
@pytest.mark.parametrize("preset", ["shediao", "qisha"])
def test_a_correction_in_words_no_list_holds_leaves_the_ballot_doubtful_with_the_corrected_name(reason, preset):
    """Issue 42, 3: 「选错了，X才对」 and the other ordinary ways to correct a ballot in its own post (a closed list of
    correction words missed them): another player chosen beside the ballot is a doubt by construction."""
    t = Thread()
    ballot = t.add("穆念慈", f"投票对象：黄蓉\n投票理由：{reason}", 2)
    r = run(t, preset)
    entry = entry_of(r, ballot)
    assert entry.needs_review and "杨康" in {x.target for x in certainty.readings(entry)}, entry.reason


@pytest.mark.parametrize("text", [
    "【目前票型】\n杨康 2票：郭靖、黄蓉\n欧阳锋 1票：一灯\n\n应穆念慈要求代投杨康",
    "【目前票型】\n杨康 2票：郭靖、黄蓉\n欧阳锋 1票：一灯\n另：应穆念慈要求代投杨康（私信）",
    "【目前票型】\n杨康 2票：郭靖、黄蓉\n欧阳锋 1票：一灯\n注：应穆念慈要求代投杨康",
    "票型：杨康 2（郭靖、黄蓉），欧阳锋 1（一灯）。应穆念慈要求代投杨康。",
    "应穆念慈要求代投杨康\n\n——导演（郭靖后援会会长）",
    "应穆念慈要求代投杨康\n\n---------\n导演 · 郭靖黄蓉CP粉",
])
def test_a_proxy_under_a_count_or_over_a_sign_off_naming_players_counts(text):
    """Issue 42, 4: the director's proxy under a running count — 「另：应X要求代投Y」 was taken for one of the count's
    notes and dropped — or above a sign-off that names players is the proxy it says, counted for the player."""
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "杨康", 1.5), ("一灯", "欧阳锋", 2)):
        t.vote(voter, target, hours)
    post = t.add("导演", text, 3)
    r = run(t)
    assert {(e.voter, e.target, e.verdict) for e in r.entries if abs(e.pid) == post.pid or e.author == "导演"} == {
        ("穆念慈", "杨康", "counted")}
    assert r.totals == {"杨康": 3, "欧阳锋": 1} and r.certain


def test_the_public_words_of_a_held_final_read_the_same_whoever_a_relay_is_for():
    """Issue 42, 14: at a tie, a relay for a voter and one for the secret 法官 — the public 已截止 post said only the
    first could change the result. The thread hears which posts wait for the director, never which can change it."""
    from bansha.poll import hold_reason, public_hold
    from tally.game import Player

    def held(judge: str):
        players = tuple(Player(n, i + 3, roles=("法官",) if n == judge else ()) for i, n in enumerate(
            ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]))
        g = game("anshazhe", players=players)
        t = Thread()
        for voter, target, hours in (("郭靖", "杨康", 1), ("穆念慈", "欧阳锋", 2)):
            t.vote(voter, target, hours)
        t.add("黄蓉", "帮一灯投：\n投票对象：欧阳锋\n投票理由：他托我的", 3)
        t.add("洪七公", "帮周伯通投：\n投票对象：杨康\n投票理由：他托我的", 4)
        r = tally_day(t.posts, g, g.days[0], load_preset("anshazhe"))
        return public_hold(r), hold_reason(r)

    (for_judge, director_words), (for_voter, _) = held("一灯"), held("周伯通")
    assert for_judge == for_voter and for_judge and "待导演裁定" in for_judge
    assert "可能改变结果" in director_words  # the director's own words still say which


def test_check_vote_without_an_author_says_what_the_count_says():
    """The lab: 「打错了，是黄蓉」 was certain in check-vote (the grammar alone) and a doubt in the thread (the count's
    certainty rule); the README promises the same judgement. Without --author the post is judged as a player's."""
    done = subprocess.run([sys.executable, "-m", "bansha.cli", "check-vote", "--players", "郭靖,黄蓉,杨康,欧阳克", "--json"],
                          input="投票对象：欧阳克\n投票理由：打错了，是黄蓉".encode("utf-8"), capture_output=True, timeout=60)
    said = json.loads(done.stdout.decode("utf-8"))
    assert said["certain"] is False and {r["target"] for r in said["readings"]} >= {"欧阳克", "黄蓉"}
    assert all(r["for"] is None for r in said["readings"])
    plain = subprocess.run([sys.executable, "-m", "bansha.cli", "check-vote", "--players", "郭靖,黄蓉,杨康,欧阳克"],
                           input="投票对象：欧阳克\n投票理由：不说话".encode("utf-8"), capture_output=True, timeout=60)
    assert "交给导演裁定" not in plain.stdout.decode("utf-8")


@pytest.mark.parametrize("reason", ["测试，别计", "试试格式对不对，不算数", "我的票作废，重新投在楼下", "对象也可能换",
                                    "除非他今晚跳身份，那就算我弃权", "私聊导演了，真正的票在短消息里",
                                    # the re-check of the round: these still counted
                                    "我也不确定，姑且这样", "请导演按杨康记", "(杨康→黄蓉)"])
def test_a_ballot_that_says_it_does_not_count_is_the_directors(reason):
    """The hostile round (issue 42): each was counted as certain, and a close day passed on it."""
    t = Thread()
    ballot = t.add("穆念慈", f"投票对象：黄蓉\n投票理由：{reason}", 2)
    entry = entry_of(run(t, "shediao"), ballot)
    assert entry.needs_review, entry.reason


def test_a_struck_through_ballot_is_not_the_ballot():
    t = Thread()
    ballot = t.add("穆念慈", "投票对象：[s]黄蓉[/s]杨康\n投票理由：改主意了", 2)
    entry = entry_of(run(t, "shediao"), ballot)
    assert entry.target == "杨康", entry.reason


@pytest.mark.parametrize("text", [
    # the hostile round (issue 42): each was dropped as 「导演的帖子」 or counted as certain
    "穆念慈让我帮他投杨康。", "穆念慈私聊我说他这票给杨康，我帮他发一下", "代穆念慈投杨康", "替穆念慈投一票：杨康",
    "需要代投的请私信导演，我会按这个格式代发：【代投】受穆念慈委托代投杨康",
    "【代投】受穆念慈委托代投杨康？", "【代投】受穆念慈委托代投杨康（等她确认后生效）", "举例：【代投】受穆念慈委托代投杨康",
    "代投：穆念慈、一灯 → 杨康", "穆念慈的票：杨康（导演代发）",
])
def test_a_directors_proxy_in_words_no_list_holds_is_asked_never_dropped_or_assumed(text):
    t = Thread()
    for voter, target, hours in (("郭靖", "杨康", 1), ("黄蓉", "欧阳锋", 1.5)):
        t.vote(voter, target, hours)
    post = t.add("导演", text, 3)
    r = run(t)
    mine = [e for e in r.entries if abs(e.pid) == post.pid or e.author == "导演"]
    assert any(e.needs_review for e in mine), [(e.voter, e.target, e.verdict, e.reason) for e in mine]


def test_a_proxy_shown_as_the_format_is_not_counted_until_the_director_says_so():
    """The lab re-check (issue 42, 4): the opening post's format example was asked about, but counted meanwhile."""
    t = Thread()
    post = t.add("导演", "需要代投的请私信导演，我会按这个格式代发：\n【代投】受穆念慈委托代投杨康", 1)
    r = run(t)
    mine = [e for e in r.entries if abs(e.pid) == post.pid]
    assert any(e.needs_review for e in mine) and r.totals.get("杨康", 0) == 0, [(e.voter, e.target, e.verdict) for e in mine]


def test_proxies_on_one_line_and_a_proxy_taken_back_in_words():
    t = Thread()
    t.add("导演", "代投两张：穆念慈→杨康 一灯→杨康", 1)
    t.add("导演", "【代投】受郭靖委托代投欧阳锋\n（郭靖刚刚又私信说算了，不用代投了）", 2)
    r = run(t)
    assert r.totals == {"杨康": 2}, r.totals


def test_a_stranger_handing_a_ballot_over_is_shown_to_the_director():
    """The lab (issue 42): 「应郭靖要求代投杨康」 from an account not in the game was a silent 「发言」."""
    t = Thread()
    post = t.add("路人甲", "应郭靖要求代投杨康", 1)
    entry = entry_of(run(t), post)
    assert entry.needs_review and "不在名单里的账号" in entry.reason


def test_an_edit_stamp_dated_before_its_post_leaves_the_ballot_to_the_director():
    """The hostile round (issue 42, 1): a player whose own time zone runs behind edits after the close; the stamp
    reads a time before the post was even made. When the edit was made is unknown — it may be after the close."""
    from tallykit import START

    t = Thread()
    ballot = t.add("穆念慈", "投票对象：黄蓉\n投票理由：发言少", 20, edited_at=(START + timedelta(hours=10)).isoformat())
    entry = entry_of(run(t), ballot)
    assert entry.needs_review and "早于发帖时间" in entry.reason


def test_a_question_mark_on_the_ballots_target_is_the_directors():
    t = Thread()
    ballot = t.add("穆念慈", "投票对象：杨康？\n投票理由：说不好", 2)
    assert entry_of(run(t, "shediao"), ballot).needs_review


# -- a ballot corrected in the same post (rules.md: 「投A 不对 是B」) ----------------------------------------------

CORRECTED = [  # (text, the player taken back, the one meant)
    ("投票对象：郭靖，哦不对，黄蓉\n投票理由：打快了", "郭靖", "黄蓉"),
    ("投票对象：杨康……不对，是穆念慈\n投票理由：看串行了", "杨康", "穆念慈"),
    ("投票对象：一灯→更正为洪七公（一灯是我打错的）\n投票理由：两天都在跟风", "一灯", "洪七公"),
    ("投票对象：欧阳锋\n投票理由：x\n（上面那个投错了）正式的：\n投票对象：欧阳克\n投票理由：y", "欧阳锋", "欧阳克"),
]


@pytest.mark.parametrize("text, old, meant", CORRECTED)
@pytest.mark.parametrize("preset", ["qisha", "s10", "anshazhe"])
def test_a_ballot_corrected_in_the_same_post_counts_the_one_meant_and_is_asked(text, old, meant, preset):
    """Where the seed lets the post stand, the poster's ballot is the corrected one — a doubt whose readings hold both
    (heldout7/8: the first name, or an abstention, was counted where the director counted the second)."""
    t = Thread()
    post = t.add("周伯通", text, 1)
    r = run(t, preset, require_reason=False, ballot_format="labelled")
    e = entry_of(r, post)
    assert (e.verdict, e.target) == ("counted", meant), e.reason
    assert post.pid in {f.pid for f in r.flags}
    assert {("vote", old, "周伯通"), ("vote", meant, "周伯通")} <= readings(r, post)


@pytest.mark.parametrize("text, old, meant", CORRECTED)
@pytest.mark.parametrize("preset", ["shediao", "mahjong"])
def test_where_the_seed_voids_a_wrong_target_a_ballot_corrected_in_the_post_is_void_and_asked(text, old, meant, preset):
    """000/004: 「投票格式或投票对象有误的票无效。无效票须通过重新发帖来更正。」 — the correction is no new post."""
    t = Thread()
    post = t.add("周伯通", text, 1)
    r = run(t, preset)
    e = entry_of(r, post)
    assert e.verdict == "invalid" and "无效票须通过重新发帖来更正" in e.reason, e.reason
    assert post.pid in {f.pid for f in r.flags}
    assert ("vote", meant, "周伯通") in readings(r, post) and ("vote", old, "周伯通") in readings(r, post)


def test_the_same_player_written_again_in_the_right_format_is_one_ballot():
    t = Thread()
    post = t.add("周伯通", "##vote 黄蓉\n——抱歉英文区习惯，正式的：\n投票对象：黄蓉\n投票理由：跟票太快", 1)
    r = run(t, "mahjong")
    assert (entry_of(r, post).verdict, entry_of(r, post).target) == ("counted", "黄蓉")
    assert post.pid not in {f.pid for f in r.flags}


@pytest.mark.parametrize("text", ["投票对象：郭靖\n投票理由：黄蓉那段话不对劲", "投票对象：郭靖\n投票理由：x\n投票对象：黄蓉\n投票理由：y"])
def test_words_that_correct_nothing_choose_no_second_player(text):
    """「不对劲」 in a reason corrects nothing; two ballots with nothing taking the first back stay 一帖多票."""
    t = Thread()
    post = t.add("周伯通", text, 1)
    e = entry_of(run(t, "qisha"), post)
    assert e.target != "黄蓉" or e.verdict != "counted", e.reason


@pytest.mark.parametrize("preset", ["qisha"])
def test_a_free_ballot_corrected_in_the_post_counts_the_one_meant(preset):
    t = Thread()
    post = t.add("周伯通", "我投郭靖！——开玩笑，郭靖早就站边了。正经票：投 黄蓉。", 1)
    r = run(t, preset)
    e = entry_of(r, post)
    assert (e.verdict, e.target) == ("counted", "黄蓉") and post.pid in {f.pid for f in r.flags}
    assert ("vote", "郭靖", "周伯通") in readings(r, post)


def test_the_directors_own_proxy_corrected_in_the_post_stands_under_a_strict_seed():
    """The strict seed's rule is about a player's ballot: the director correcting a transcription is not voided."""
    t = Thread()
    post = t.add("导演", "代投：郭靖 投票对象：杨康\n更正：上面代投有误，郭靖委托的是黄蓉，不是杨康，以本条为准。\n"
                       "投票对象：黄蓉\n投票理由：郭靖私信委托导演代投。", 1)
    e = entry_of(run(t, "shediao"), post)
    assert "重新发帖" not in (e.reason or "")


def test_a_ballot_said_to_be_changed_by_editing_weighs_the_ballot_first_posted():
    """heldout8: 「（原来写的是汝窑，编辑改了）」 — what others saw first may be what the director counts."""
    t = Thread()
    post = t.add("周伯通", "投票对象：郭靖\n投票理由：（原来写的是黄蓉，编辑改了）", 1)
    r = run(t, "s10")
    assert post.pid in {f.pid for f in r.flags}
    assert ("vote", "黄蓉", "周伯通") in readings(r, post)


CHOSEN_AFTER = [  # the labelled ballot, then words that take it back and choose another player
    ("投票对象：杨康\n投票理由：黄蓉昨天报的位置对不上……哎呀，我把两个人弄反了，要投的是黄蓉。", "杨康", "黄蓉"),
    ("投票对象：一灯\n啊啊啊错了，手比脑子快。我想写的是洪七公。投洪七公。", "一灯", "洪七公"),
    ("投票对象：郭靖 理由：话少\n\n诶，话少的是穆念慈才对，郭靖话多得很。以这句为准：投穆念慈，理由话少。", "郭靖", "穆念慈"),
]


@pytest.mark.parametrize("text, old, meant", CHOSEN_AFTER)
@pytest.mark.parametrize("preset, counts", [("qisha", True), ("anshazhe", True), ("shediao", False), ("mahjong", False)])
def test_a_labelled_ballot_taken_back_in_its_own_words_reads_as_the_one_chosen(text, old, meant, preset, counts):
    """heldout5/6: 「投票对象：A … 弄反了，要投的是B」 — counted as A (certain or a doubt with A first) where the director
    counted B, or voided it under a strict seed. Now the one chosen where the seed lets the post stand, void where it
    voids a wrong target; asked either way, both players among the readings."""
    t = Thread()
    post = t.add("周伯通", text, 1)
    r = run(t, preset, require_reason=False)
    e = entry_of(r, post)
    assert (e.verdict, e.target) == (("counted", meant) if counts else ("invalid", meant)), e.reason
    assert post.pid in {f.pid for f in r.flags}
    assert {("vote", old, "周伯通"), ("vote", meant, "周伯通")} <= readings(r, post)


def test_a_long_analysis_that_says_it_was_wrong_somewhere_chooses_nobody_else():
    """The words that take a ballot back must stand just before the choice: a retelling that admits an old mistake
    and later names who was right does not move the ballot (heldout2's long analyses)."""
    t = Thread()
    text = ("投票对象：杨康\n投票理由：先说第一天，我错了，没看出黄蓉的问题。后来想了很久。\n"
            "第二天的票型我抄一下。\n最该出局的是杨康。")
    post = t.add("周伯通", text, 1)
    e = entry_of(run(t, "qisha"), post)
    assert (e.verdict, e.target) == ("counted", "杨康")


UNSAID = ["VOTE: 杨康\nunvote", "投杨康，开玩笑的", "我的票：杨康\n以上为草稿", "投杨康\n发错帖了，这是别的版杀的票",
          "VOTE 杨康 oops wrong game", "投杨康 wait no", "投杨康（误）", "票投杨康 不对不对", "投杨康\n（手滑按错了，请无视本楼）",
          "格式测试：投杨康", "投杨康\n请导演忽略这一楼", "投票对象：杨康\n投票理由：如果郭靖今天不说话就算郭靖",
          # the lab re-check after the fix: four more ways, each counted as certain and a wrong result posted
          "投杨康 jk", "投杨康 [s]认真的[/s] 闹着玩", "投杨康，替朋友试一下手机能不能发帖", "投杨康，这票是替群里的人测试格式用的"]


@pytest.mark.parametrize("text", UNSAID)
@pytest.mark.parametrize("preset", ["qisha", "anshazhe"])
def test_a_ballot_its_own_words_take_back_is_never_certain(text, preset):
    """The hostile round (issue 42, B1/B15): each was counted as certain and a wrong result posted. A word of the
    lexicon's correction, retract or withdraw classes after the ballot, in a clause of its own, or a condition that
    would put the ballot on another player: a doubt by construction, whatever the spelling."""
    t = Thread()
    post = t.add("黄蓉", text, 1)
    r = run(t, preset)
    assert post.pid in {f.pid for f in r.flags}, entry_of(r, post).reason


@pytest.mark.parametrize("text", ["投票对象：杨康\n投票理由：他发言不对劲", "投票对象：杨康\n投票理由：挖宝的说法前后不对，太急了",
                                  "改票对象：杨康\n改票理由：11:40 了，最后改一下"])
def test_a_reason_that_says_more_takes_nothing_back(text):
    """A clause that says more than the take-back word (a reason), or one that says the change the post makes, leaves
    the ballot plain."""
    t = Thread()
    first = t.add("周伯通", "投票对象：郭靖\n投票理由：x", 0.5)
    post = t.add("周伯通", text, 1, quote=first if text.startswith("改票") else None)
    r = run(t, "qisha")
    assert post.pid not in {f.pid for f in r.flags}, entry_of(r, post).reason


@pytest.mark.parametrize("text, still_asked", [
    ("投票对象：弃权\n投票理由：郭靖、杨康两边我都没看明白，今天不站。", False),  # heldout17 s17_009
    ("投票对象：弃权\n投票理由：两个杨互相冲，我是杨康，避嫌。", False),  # s17_132: who the poster is
    ("投票对象：弃权\n投票理由：郭靖", True),  # the reason line a bare name: which player is meant?
    ("投票对象：欧阳锋\n投票理由：我是说郭靖", True),  # 我是说 corrects
])
def test_a_name_the_reason_is_about_or_the_poster_is_chooses_nobody(text, still_asked):
    """A player named right after the reason label, its sentence going on, is what the reason is about; 「我是X」 says
    who the poster is. Neither chooses a player (each had made a plain ballot doubtful); a reason that is only a name,
    and 「我是说X」, still do."""
    t = Thread()
    post = t.add("杨康", text, 1)
    r = run(t, "shediao")
    assert (post.pid in {f.pid for f in r.flags}) == still_asked, entry_of(r, post).reason


def test_a_ballot_with_words_the_readers_cannot_see_is_asked():
    """The hostile round (issue 42, B13): 「票投[color=white]郭靖[/color]杨康」 — readers see 票投杨康, the text holds 郭靖
    first, and the tool counted 郭靖 as certain; a wrong result was posted. Words in the page's own background colour
    make the ballot the director's, every player the post names among its readings."""
    from dataclasses import replace

    from scraper.message import read_message_html

    shown = read_message_html('票投<font color="white">郭靖</font>杨康')
    assert "white" in shown.style["colors"]
    t = Thread()
    post = t.add("黄蓉", shown.text, 1)
    t.posts[-1] = replace(post, style=shown.style)
    r = run(t, "qisha")
    assert post.pid in {f.pid for f in r.flags}
    assert {("vote", "郭靖", "黄蓉"), ("vote", "杨康", "黄蓉")} <= readings(r, post)


def test_a_post_that_votes_as_another_player_did_is_asked_with_that_players_ballot():
    """The hostile round (issue 42, B14): 「和郭靖投一样的」 was read as chat — a ballot attempt nobody saw."""
    t = Thread()
    t.vote("郭靖", "杨康", 1)
    post = t.add("黄蓉", "和郭靖投一样的", 2)
    r = run(t, "qisha")
    assert post.pid in {f.pid for f in r.flags}
    assert ("vote", "杨康", "黄蓉") in readings(r, post)


def test_the_idiot_saying_his_ballot_weighs_nothing_is_explained_by_the_game_file():
    """「我知道我的票不算数，但态度还是要有的」 (heldout16 p16_046, heldout17 s17_058, heldout14 n14_037): from a player the
    game file lists in votes_not_counted the words say what the file says — a plain ballot; from anyone else they
    still take the ballot back."""
    text = "投票对象：杨康\n投票理由：我知道我的票不算数，但态度还是要有的。"
    t = Thread()
    post = t.add("黄蓉", text, 1)
    g = game("shediao", votes_not_counted=("黄蓉",))
    r = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    assert post.pid not in {f.pid for f in r.flags}, entry_of(r, post).reason
    r = run(t, "shediao")
    assert post.pid in {f.pid for f in r.flags}


@pytest.mark.parametrize("text, asked", [
    ("改票对象：杨康\n改票理由：昨天投郭靖是看错楼了，杨康那句太可疑。", False),  # heldout16 p16_100: history
    ("改票对象：杨康\n改票理由：之前我投郭靖是被带了节奏。", False),
    ("改票对象：杨康\n改票理由：看错楼了，应该是郭靖。", True),  # today's correction
])
def test_a_clause_opening_on_an_earlier_day_is_history_even_without_le(text, asked):
    t = Thread()
    first = t.add("黄蓉", "投票对象：郭靖\n投票理由：x", 0.5)
    post = t.add("黄蓉", text, 1, quote=first)
    r = run(t, "shediao")
    assert (post.pid in {f.pid for f in r.flags}) == asked, entry_of(r, post).reason


def test_a_weighted_voter_asking_for_another_weight_still_casts_a_plain_ballot():
    """heldout15 o15_150: 「警长这票请按 1 票算」 — the weight is the rules' (2.5), the ballot plain; 「请按杨康算」 still asks."""
    t = Thread()
    plain = t.add("黄蓉", "警长这票请按 1 票算，我不想一个人定生死。\n投票对象：杨康\n投票理由：和稀泥", 1)
    other = t.add("郭靖", "投票对象：杨康\n投票理由：和稀泥\n请按黄蓉算", 2)
    r = run(t, "shediao")
    flagged = {f.pid for f in r.flags}
    assert plain.pid not in flagged and other.pid in flagged


@pytest.mark.parametrize("text, preset", [
    ("投票对象：欧阳锋\n投票理由：不对不对，我是想写“无”，弃权，手快多打了一个字。", "qisha"),  # heldout7 x0095: corrected to nobody
    ("I may vote 欧阳锋 later, not now.", "qisha"),  # heldout7 x0113: put off in English
    ("先弃权吧，明天再说。", "s10"),  # heldout7 x0003: an abstention for now
])
def test_an_abstention_corrected_to_put_off_or_said_for_now_is_never_silent(text, preset):
    t = Thread()
    post = t.add("黄蓉", text, 1)
    r = run(t, preset)
    assert post.pid in {f.pid for f in r.flags}, entry_of(r, post).reason


def test_a_pinyin_name_one_letter_off_after_a_pinyin_ballot_word_is_asked():
    """heldout6 w0045: 「tou nianujiao ⏎ (shouji shurufa huai le)」 — niannujiao typed one letter short: a vote attempt."""
    assert certainty.spelled("nianujiao", Roster(["念奴娇", "临江仙"])) == ("念奴娇",)
    assert certainty.spelled("nianjiao", Roster(["念奴娇", "临江仙"])) == ()
    assert certainty.spelled("guojin", Roster(NAMES)) == ("郭靖",)


def test_a_player_named_after_a_colon_last_in_a_post_about_its_ballot_is_asked():
    """heldout8 v0065: 「前面那票撤了，这楼才算：酉鸡。」 was read as chat; 「…：朱鹮不是狼。」 names a player in a sentence, no ballot."""
    t = Thread()
    asked = t.add("黄蓉", "前面那票撤了，这楼才算：杨康。", 1)
    r = run(t, "anshazhe")
    assert asked.pid in {f.pid for f in r.flags}
    roster = Roster(NAMES)
    assert any("这楼才算" not in why and "杨康" in names for why, names in
               certainty.leftovers("前面那票撤了,这楼才算:杨康。", None, roster, ballot=False))
    assert not certainty.leftovers("票的事:杨康不是狼。", None, roster, ballot=False)
