"""Properties of the grammar over generated input (hypothesis)."""

from __future__ import annotations

import re

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grammar import ballot
from grammar.customs import CUSTOMS

ROSTER = ["郭靖", "黄蓉", "欧阳锋", "一灯", "Alice", "龙门渕透华"]
PRESETS = sorted(CUSTOMS)

# Half-width characters and their full-width twins, as players type them.
FULL = {chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)}
FULL[" "] = "\u3000"

reason_text = st.text(
    alphabet=st.sampled_from(list("站边太快像是有身份的人在带节奏abcXYZ0123456789 ,.!?()")), min_size=1, max_size=40
).filter(lambda s: s.strip(" ,.!?()"))


def to_full_width(text: str) -> str:
    return "".join(FULL.get(ch, ch) for ch in text)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(), st.sampled_from(PRESETS), st.booleans())
def test_any_unicode_never_raises(text, preset, with_roster):
    verdict = ballot.parse_post(text, preset, ROSTER if with_roster else None)
    assert verdict.kind in ("vote", "change", "abstain", "proxy", "none", "malformed")


@settings(max_examples=300)
@given(
    st.sampled_from(["投票对象", "改票对象"]),
    st.sampled_from(ROSTER + ["弃权", "王重阳"]),
    reason_text,
    st.sampled_from(["\n", " ", ", "]),
    st.sampled_from(PRESETS),
)
def test_full_width_spelling_is_the_same_ballot(label, name, reason, separator, preset):
    reason_label = "改票理由" if label == "改票对象" else "投票理由"
    half = f"{label}: {name}{separator}{reason_label}:{reason}"
    full = to_full_width(half)
    a = ballot.parse_post(half, preset, ROSTER)
    b = ballot.parse_post(full, preset, ROSTER)
    assert a.to_json() == b.to_json()
    assert (a.kind, a.target) == (b.kind, b.target)
    assert a.kind != "none"


def _seconds(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        ballot.parse_post(text, "qisha", ROSTER)
        best = min(best, time.perf_counter() - started)
    return best


def test_parse_time_grows_linearly():
    # Inputs built to stress every regex and the parser: labels, values, free text, voting verbs.
    unit = "投票对象：郭靖 投票理由：他投欧阳锋，因为投一灯不如投黄蓉吗？\n改票理由：" + "划水" * 5 + "\n"
    small, large = unit * 200, unit * 2000
    ballot.parse_post(small, "qisha", ROSTER)  # warm caches
    ratio = _seconds(large) / _seconds(small)
    # Linear gives about 10×; a quadratic step would give about 100×.
    assert ratio < 30, ratio


line_parts = st.lists(
    st.one_of(st.sampled_from([w + ":" for w in ballot.LABEL_WORDS]),
              st.text(alphabet=st.sampled_from(list("郭靖黄蓉投票理由对象改代人 :,.X1\x01")), max_size=8)),
    max_size=8,
)


@settings(max_examples=500)
@given(line_parts)
def test_skeleton_reading_equals_parsing_the_whole_line(parts):
    """_read_line parses a line's label skeleton; it must read every line exactly as the parser reads it."""
    from grammar.normalize import clean_value, normalize

    line = normalize("".join(parts)).split("\n")[0].replace("\x01", " ")
    if not line:
        return
    direct = ballot.parser().parse(line)
    expected = direct[0] if direct else ("text", line)
    if expected[0] == "fields":
        expected = ("fields", expected[1], tuple((k, label, clean_value(v)) for k, label, v in expected[2]))
    assert ballot._read_line(line) == expected


def _asks_first(reason: str) -> bool:
    """The reason's first sign is a question mark once symbols are set aside (" .?0" asks like "？")."""
    return re.sub(r"[^\w?？]", "", reason).startswith(("?", "？"))


VERBS = ["投", "投给", "票给", "这票给", "我投", "我选", "投票给", "改投", "跟票"]
GAPS = ["", " ", "：", ":", "@", "　", "  "]
WRAPS = [("", ""), ("「", "」"), ("【", "】"), ("“", "”"), ("(", ")"), ("", "～"), ("", "😀"), ("", "吧"), ("", "！")]


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VERBS), st.sampled_from(GAPS), st.sampled_from(WRAPS), st.sampled_from(ROSTER),
       st.sampled_from(["，", "。", "\n理由：", "\n", " "]), reason_text.filter(lambda r: not _asks_first(r)),
       st.sampled_from(PRESETS))
def test_a_voting_verb_pointing_at_a_name_is_never_none(verb, gap, wrap, name, joint, reason, preset):
    """Whatever the preset, a post that plainly tries to vote is a ballot or an invalid ballot — never chatter —
    and it never names anyone but the player it points at. (A "?" right after the name asks: 投郭靖？)"""
    text = f"{verb}{gap}{wrap[0]}{name}{wrap[1]}{joint}{reason}"
    verdict = ballot.parse_post(text, preset, ROSTER)
    assert verdict.kind != "none", (text, verdict.reason)
    if verdict.kind in ("vote", "change"):
        assert verdict.match.name == name, text
    if verdict.kind == "malformed":
        assert name in verdict.readings, (text, verdict.readings)


def test_free_reading_time_grows_linearly():
    unit = "楼上投了黄蓉，我投郭靖吧，因为他一直在划水。要不要投一灯？如果欧阳锋跳身份我就改投他。\n"
    small, large = unit * 100, unit * 1000
    ballot.parse_post(small + "x", "qisha", ROSTER)  # warm the parser (a different text: no cached answer)
    ratio = _seconds(large) / _seconds(small)
    assert ratio < 30, ratio
