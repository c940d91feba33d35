"""Properties of the tally over generated threads (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tally.day import COUNTED, Ruling, tally_day
from tally.rules import PRESETS, load_preset
from tallykit import NAMES, Thread, game

TARGETS = NAMES + ["弃权", "王重阳", "郭敬"]


@st.composite
def threads(draw):
    t = Thread()
    for _ in range(draw(st.integers(min_value=0, max_value=25))):
        voter = draw(st.sampled_from(NAMES + ["导演", "路人"]))
        hours = draw(st.floats(min_value=-1, max_value=49, allow_nan=False))
        action = draw(st.sampled_from(["vote", "vote", "change", "chatter", "proxy", "hidden"]))
        target = draw(st.sampled_from(TARGETS))
        if action == "vote":
            t.vote(voter, target, hours)
        elif action == "change" and t.posts:
            t.change(voter, target, hours, quote=draw(st.sampled_from(t.posts)))
        elif action == "proxy":
            t.add("导演", f"代投：{draw(st.sampled_from(NAMES))}\n投票对象：{target}\n投票理由：委托", hours)
        elif action == "hidden":
            t.add(voter, f"投票对象：{target}\n投票理由：x", hours, status="hidden")
        else:
            t.add(voter, "我觉得今天局势很乱", hours)
    return t


def summary(result):
    return (result.totals, result.outcome.kind, result.outcome.names, sorted((e.pid, e.verdict) for e in result.entries),
            result.abstentions, result.non_voters)


@settings(max_examples=60, deadline=None)
@given(threads(), st.sampled_from(PRESETS), st.randoms(use_true_random=False))
def test_fetch_order_does_not_matter(thread, preset, rnd):
    g = game(preset, title_holder="黄蓉", bonus={"杨康": 2})
    rules = load_preset(preset)
    shuffled = list(thread.posts)
    rnd.shuffle(shuffled)
    a = tally_day(thread.posts, g, g.days[0], rules, sensitivity=False)
    b = tally_day(shuffled, g, g.days[0], rules, sensitivity=False)
    assert summary(a) == summary(b)


@settings(max_examples=60, deadline=None)
@given(threads(), st.sampled_from(PRESETS))
def test_tallying_twice_gives_the_same_result(thread, preset):
    g = game(preset)
    rules = load_preset(preset)
    assert summary(tally_day(thread.posts, g, g.days[0], rules)) == summary(tally_day(thread.posts, g, g.days[0], rules))


@settings(max_examples=80, deadline=None)
@given(threads(), st.sampled_from(PRESETS))
def test_totals_are_the_sum_of_counted_weights(thread, preset):
    g = game(preset, title_holder="郭靖", bonus={"欧阳锋": 2})
    result = tally_day(thread.posts, g, g.days[0], load_preset(preset), sensitivity=False)
    expected: dict[str, Fraction] = {}
    for e in result.entries:
        if e.verdict == COUNTED and e.target is not None:
            expected[e.target] = expected.get(e.target, Fraction(0)) + e.weight
    for name, extra in result.bonus.items():
        expected[name] = expected.get(name, Fraction(0)) + extra
    assert result.totals == expected
    # one standing ballot per voter at most
    voters = [e.voter for e in result.entries if e.verdict == COUNTED]
    assert len(voters) == len(set(voters))


@settings(max_examples=80, deadline=None)
@given(threads(), st.sampled_from(PRESETS))
def test_what_if_of_one_voter_equals_a_full_retally(thread, preset):
    """The what-ifs refold only the flagged voter's posts; each flag's own readings must agree with
    tallying everything again, and the day's proof must name a combination that really changes it."""
    from tally.day import _Context

    g = game(preset, title_holder="黄蓉")
    rules = load_preset(preset)
    result = tally_day(thread.posts, g, g.days[0], rules)
    ctx = _Context(g, g.days[0], rules, "vote", "黄蓉")
    base = (result.outcome.kind, sorted(result.outcome.names))
    for flag in result.flags:
        entry = next(e for e in result.entries if e.pid == flag.pid)
        outcomes = [tally_day(thread.posts, g, g.days[0], rules, {flag.pid: option}, sensitivity=False).outcome
                    for option in entry.space]
        assert bool(flag.alternatives) == any((o.kind, sorted(o.names)) != base for o in outcomes), flag
    if result.proof.readings:
        named = tally_day(thread.posts, g, g.days[0], rules, result.proof.readings, sensitivity=False).outcome
        assert (named.kind, sorted(named.names)) != base
    assert result.certain == (not result.flags or result.proof.certain)
