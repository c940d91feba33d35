"""The ballots and vote days written blind to the grammar (fixtures/heldout): every case covered, every day right.

Covered: the director's verdict is the tool's, or one of the readings the tool weighs for a post it doubts
— never a verdict the proof did not weigh. Right: a day's result is posted without a ruling only where the
day's director says a tool may, and then it is theirs; held otherwise, naming a post they would rule on; and
theirs once their rulings are in."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import heldout  # noqa: E402  (bench/heldout.py: the same measure the bench prints)

HELDOUT = ROOT / "fixtures" / "heldout"
CASES = [json.loads(line) for line in (HELDOUT / "posts.jsonl").read_text("utf-8").splitlines() if line.strip()]
DAYS = sorted((HELDOUT / "days").glob("d*.json"))
KINDS = {"vote", "change", "abstain", "proxy", "none", "invalid"}


def test_the_sets_are_what_their_readmes_say():
    assert len(CASES) == 450 and len(DAYS) == 24
    for case in CASES:
        roster = case["roster"]
        assert len(set(roster)) == 10, case["id"]
        assert case["director"]["kind"] in KINDS, case["id"]
        for reading in [case["director"], *case["also"]]:
            assert reading.get("target") in (None, *roster) and reading.get("for") in (None, *roster), case["id"]
    assert Counter(c["preset"] for c in CASES) == Counter({p: 90 for p in ("shediao", "s10", "qisha", "anshazhe", "mahjong")})


def test_every_blind_post_is_covered_and_agreement_does_not_drop():
    totals, judged = heldout.measure(CASES)
    uncovered = [(case["id"], case["text"][:60], j["tool"]) for case, j in judged if j["uncovered"]]
    assert not uncovered, uncovered
    assert totals["agree"] / totals["cases"] >= 0.92, totals


@pytest.mark.parametrize("path", DAYS, ids=[p.stem for p in DAYS])
def test_every_blind_day_is_as_its_director_has_it(path):
    day = json.loads(path.read_text("utf-8"))
    j = heldout.judge_day(day)
    assert j["ruled_right"], j  # with the director's rulings, the director's result, proven
    assert j["names_the_doubt"], j
    if day["id"] == "d24":
        # The day's director asks about a ballot 25 s after the 21:00 close because minute-precision pages print
        # it as 21:00. Read to the second or to the minute, it is at or after the close: a fact, and the result
        # the director announces.
        assert j["certain"] and j["outcome"] == j["wanted"], j
    else:
        assert not j["posts_alone_wrongly"], j


SECOND = [json.loads(line) for line in (ROOT / "fixtures" / "heldout2" / "posts.jsonl").read_text("utf-8").splitlines()
          if line.strip()]
# What a single post cannot carry (fixtures/heldout2/README.md): only the post's time decides it.
NEEDS_MORE_THAN_A_POST = {"q0277"}


def test_the_second_blind_set_is_covered_but_for_what_one_post_cannot_say():
    assert len(SECOND) == 300
    totals, judged = heldout.measure(SECOND)
    uncovered = {case["id"] for case, j in judged if j["uncovered"]}
    assert uncovered <= NEEDS_MORE_THAN_A_POST, uncovered - NEEDS_MORE_THAN_A_POST
    assert totals["agree"] / totals["cases"] >= 0.9, totals


THIRD = [json.loads(line) for line in (ROOT / "fixtures" / "heldout3" / "posts.jsonl").read_text("utf-8").splitlines()
         if line.strip()]


def test_the_third_blind_set_is_covered_but_for_what_one_post_cannot_say():
    """fixtures/heldout3/README.md: r0171 is a change its text says is 关门前半小时 — only the post's time decides it."""
    assert len(THIRD) == 200
    totals, judged = heldout.measure(THIRD)
    uncovered = {case["id"] for case, j in judged if j["uncovered"]}
    assert uncovered <= {"r0171"}, uncovered - {"r0171"}
    assert totals["agree"] / totals["cases"] >= 0.9, totals


FOURTH = [{**json.loads(line), "set": "heldout4"}
          for line in (ROOT / "fixtures" / "heldout4" / "posts.jsonl").read_text("utf-8").splitlines() if line.strip()]
FOURTH_DAYS = sorted((ROOT / "fixtures" / "heldout4" / "days").glob("e*.json"))
# Changes whose words say the time (「11:40 了」「最后半小时了」「还有二十分钟关门」「第 11 个半小时」): on the forum the
# post's own time decides them; a single post in the bench is placed at one time for all.
SAYS_ITS_TIME = {"h0055", "h0118", "h0155", "h0190"}


def test_the_fourth_blind_set_read_in_the_speakers_role():
    """fixtures/heldout4 (issue 33): a fifth by the director, a fifth quoting the director. Nothing uncovered but
    what only the post's time decides, no ballot attempt silent, and the director's own counts, notices and rulings
    — posts decided at a glance — not held for rulings (≤ 5 % of those doubted)."""
    assert len(FOURTH) == 200 and sum(c["poster"] in c["directors"] for c in FOURTH) == 40
    totals, judged = heldout.measure(FOURTH)
    uncovered = {case["id"] for case, j in judged if j["uncovered"]}
    assert uncovered <= SAYS_ITS_TIME, uncovered - SAYS_ITS_TIME
    assert totals["silent"] == 0, totals
    glance = sum(1 for c in FOURTH if c["glance"])
    assert totals["false_doubt"] <= 0.05 * glance, totals
    director_doubts = [case["id"] for case, j in judged
                       if case["poster"] in case["directors"] and case["director"]["kind"] == "none" and not j["certain"]]
    assert len(director_doubts) <= 1, director_doubts


@pytest.mark.parametrize("path", FOURTH_DAYS, ids=[p.stem for p in FOURTH_DAYS])
def test_a_day_where_the_director_talks_is_held_only_by_its_ruling(path):
    """Running counts, 代投 in the director's words, a ruling in the thread, players quoting them: proven once the
    director's one ruling is recorded, and held before it exactly when that ruling can change who is out."""
    day = json.loads(path.read_text("utf-8"))
    j = heldout.judge_day(day)
    assert j["ruled_right"] and j["ruled_certain"], j
    assert j["names_the_doubt"], j
    assert not j["posts_alone_wrongly"], j


FIFTH = [{**json.loads(line), "set": "heldout5"}
         for line in (ROOT / "fixtures" / "heldout5" / "posts.jsonl").read_text("utf-8").splitlines() if line.strip()]
FIFTH_DAYS = sorted((ROOT / "fixtures" / "heldout5" / "days").glob("f*.json"))


def test_the_fifth_blind_set_is_covered_and_its_plain_posts_are_not_doubted():
    """fixtures/heldout5 (issue 41): a third by the director, English-forum habits, weights in the voter's own voice,
    phone posts, corrections in ordinary words. First read 41 uncovered (20 silent), 8 of 110 plain posts doubted."""
    assert len(FIFTH) == 240
    totals, judged = heldout.measure(FIFTH)
    uncovered = [(case["id"], j["tool"]) for case, j in judged if j["uncovered"]]
    assert not uncovered, uncovered
    glance = [case for case, j in judged if case["glance"]]
    false = [case["id"] for case, j in judged if case["glance"] and j["false_doubt"]]
    assert len(false) / len(glance) <= 0.05, false


@pytest.mark.parametrize("path", FIFTH_DAYS, ids=[p.stem for p in FIFTH_DAYS])
def test_a_day_the_director_rules_in_the_thread_is_right_from_the_thread_alone(path):
    """Each fifth-set day is decided by the director's 【裁定】 posts, written with their reasons: applied as poll applies
    them (nothing typed), the day is proven and the director's — or held, where the director leaves a floor open."""
    day = json.loads(path.read_text("utf-8"))
    j = heldout.judge_day_alone(day)
    assert j["right"] and not j["posts_wrongly"], j


LATER_DAYS = sorted(p for name in ("heldout4", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12",
                                   "heldout13", "heldout14", "heldout15")
                    for p in (ROOT / "fixtures" / name / "days").glob("*.json"))
# A day held from the thread alone where its director posts it: 「南岳」 for 衡山 (a name outside the roster the director's
# final count reads as one): the tool does not take that alias on itself.
HELD_FOR_A_LOOK = {("heldout10", "e01"),
                   ("heldout11", "f01")}  # 「清明让我说一声，她那票不改了」: a relay the proof weighs as a ballot for 清明


@pytest.mark.parametrize("path", LATER_DAYS, ids=[f"{p.parent.parent.name}-{p.stem}" for p in LATER_DAYS])
def test_every_later_blind_day_from_its_thread_alone_is_right_or_held_and_never_wrong(path):
    """Issue 41: the days of heldout4 and 6–10, the director's rulings applied as poll applies them (nothing typed):
    none posts a wrong result, and each is the director's or held where its director says a tool may not post alone."""
    day = json.loads(path.read_text("utf-8"))
    name = path.parent.parent.name
    j = heldout.judge_day_alone(day, name)
    assert not j["posts_wrongly"], j
    assert j["right"] or (name, path.stem) in HELD_FOR_A_LOOK, j


# Posts the bench cannot place as their set means them: posts whose time decides them and which state it only in their words or stamp (a single post has no time in
# the bench; on a forum the post's own time decides): k13_082 「我知道已经过12:30了，补一票」, k13_143 a change stamped 20:41
# inside the last hour, o15_134 the bar owner's change 「早上八点半睡醒」 after his 08:00 bar.
PLACED_OTHERWISE = {("heldout13", "k13_082"), ("heldout13", "k13_143"), ("heldout15", "o15_134")}


@pytest.mark.parametrize("name", ["heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15"])
def test_the_sets_written_after_the_layered_reader_are_covered(name):
    """heldout9 (first read: 2 silent, 4 wrong), heldout10 (first read: 1 silent, 3 wrong; 8.1 % of its at-a-glance
    posts doubted), heldout11 (1 silent, 1 wrong), heldout12 (6 silent, 2 wrong), heldout13 (2 silent, 2 wrong), heldout14
    (1 silent) and heldout15 (1 silent, 4 wrong), each recorded in its README before any change made for it."""
    cases = [{**json.loads(line), "set": name} for line in (ROOT / "fixtures" / name / "posts.jsonl").read_text("utf-8").splitlines()
             if line.strip()]
    totals, judged = heldout.measure(cases)
    assert not [(case["id"], j["tool"]) for case, j in judged if j["uncovered"] and (name, case["id"]) not in PLACED_OTHERWISE]
    glance = [case for case, j in judged if case["glance"]]
    assert sum(j["false_doubt"] for case, j in judged if case["glance"]) / len(glance) <= 0.08


def test_a_post_that_opens_on_its_clock_time_is_tallied_at_that_time():
    """The harness places a case as the forum would have it: 「21:04 了吧？…」 was posted at 21:04, after the close; a
    time bound at the start (「20:00 以后不能改票」) is no post's time, and the post stays inside the day."""
    case = {"id": "t1", "preset": "shediao", "roster": ["郭靖", "黄蓉", "杨康", "穆念慈"], "aliases": {}, "directors": ["导演"],
            "poster": "郭靖", "has_vote": False, "quotes": None}
    late, _ = heldout.run_case({**case, "text": "21:04 了吧？刚下夜班，还是补一下：投票对象：杨康 投票理由：同上"})
    assert late.verdict != "counted" and "关门后" in late.reason
    bound, _ = heldout.run_case({**case, "text": "20:00 以后不能改票，我先投了：\n投票对象：杨康\n投票理由：同上"})
    assert bound.verdict == "counted" and bound.target == "杨康"


def test_a_post_that_says_inside_it_when_it_is_posted_is_tallied_then():
    """heldout44 (w44_066, w44_115): 「12:41 应该还来得及吧？」 in a reason, 「（13:05，宣判帖出来前补一下）」 on a line of its own —
    the writer's post is placed then, after the close; a time the post only talks about is no post's time."""
    case = {"id": "t2", "preset": "qisha", "roster": ["郭靖", "黄蓉", "杨康", "穆念慈"], "aliases": {}, "directors": ["导演"],
            "poster": "郭靖", "has_vote": False, "quotes": None}
    late, _ = heldout.run_case({**case, "text": "投票对象：杨康\n投票理由：刚下班，12:41 应该还来得及吧？"})
    assert late.verdict != "counted" and "关门后" in late.reason
    late, _ = heldout.run_case({**case, "text": "投票对象：杨康\n（12:35，下班路上补一下）"})
    assert late.verdict != "counted" and "关门后" in late.reason
    late, _ = heldout.run_case({**case, "text": "发表于 2026-6-17 12:34\n投票对象：杨康\n投票理由：差点忘了"})  # (heldout45)
    assert late.verdict != "counted" and "关门后" in late.reason
    talk, _ = heldout.run_case({**case, "text": "投票对象：杨康\n投票理由：他昨晚 23:10 才上线，一直在划水"})
    assert talk.verdict == "counted" and talk.target == "杨康"


def test_a_post_its_writer_says_was_sent_twice_repeats_the_ballot_before_it():
    """heldout43 w43_137: 「网卡了，可能发了两遍」 — the harness built the ballot before it for another player, a story the
    post does not tell; the post before is this one, and counting it again or not ends in the same count."""
    case = {"id": "t3", "preset": "mahjong", "roster": ["郭靖", "黄蓉", "杨康", "穆念慈"], "aliases": {}, "directors": ["导演"],
            "poster": "郭靖", "has_vote": True, "quotes": None, "text": "投票对象：杨康\n投票理由：网卡了，可能发了两遍，以前一楼为准。",
            "director": {"kind": "vote", "target": "杨康", "for": None}, "ask": False}
    assert heldout.judge(case)["agree"]
    # a second ballot its writer does not say is a repeat stands after another ballot, as before
    assert not heldout.judge({**case, "text": "投票对象：杨康\n投票理由：以这一楼为准。"})["agree"]
