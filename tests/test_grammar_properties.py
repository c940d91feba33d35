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
       st.sampled_from(["，", "。", "\n理由：", "\n", " "]),
       # 「投郭靖 的人」 is the people who vote for 郭靖, a noun: flagged as vote-like, but not a ballot to count.
       reason_text.filter(lambda r: not _asks_first(r) and "的" not in r.lstrip()[:3]),
       st.sampled_from(PRESETS))
def test_a_voting_verb_pointing_at_a_name_is_never_none(verb, gap, wrap, name, joint, reason, preset):
    """Whatever the preset, a post that plainly tries to vote is a ballot or an invalid ballot — never chatter —
    and it never names anyone but the player it points at. (A "?" right after the name asks: 投郭靖？) Where the words
    after it may make the name part of a noun (「投郭靖 XXX的有」: those who voted for 郭靖…), it is at least a vote
    attempt the director is shown, with that player its reading."""
    text = f"{verb}{gap}{wrap[0]}{name}{wrap[1]}{joint}{reason}"
    verdict = ballot.parse_post(text, preset, ROSTER)
    assert verdict.kind != "none" or (verdict.vote_like and name in verdict.readings), (text, verdict.reason)
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


# -- issue 20: structure before wording, recall by construction ---------------------------------------

LAYOUTS = [  # how a quoted ballot reads as text, on each forum's skin
    "{a} 发表于 2026-11-21 20:11\n{ballot}\n\n{own}",
    "{a} 发表于 2026-11-21 20:11\n{ballot}\n{own}",
    "引用:\n原帖由 {a} 于 2014-12-11 23:11 发表\n{ballot}\n\n{own}",
    "引用:\n{ballot}\n原帖由 {a} 于 2014-12-11 23:11 发表\n{own}",
    "引用第8楼{a}于2014-12-11 23:11发表的 :\n{ballot}\n\n{own}",
    "[quote]{ballot}[/quote]\n{own}",
    "[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid=8&ptid=3][color=#999999]{a} 发表于 2026-11-21 20:11"
    "[/color][/url][/size]\n{ballot}[/quote]\n{own}",
]
QUOTED_BALLOTS = ["投票对象：{n}\n投票理由：{r}", "投票对象：{n} 投票理由：{r}", "改票对象：{n}\n改票理由：{r}",
                  "我投{n}，{r}", "票给{n}"]
OWN_WORDS = ["说得有道理", "同意", "楼上你这个理由站不住", "哈哈哈", "我再想想", "+1", "不同意，他是好人"]


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LAYOUTS), st.sampled_from(QUOTED_BALLOTS), st.sampled_from(ROSTER[:4]), st.sampled_from(ROSTER[:4]),
       st.sampled_from(OWN_WORDS), st.sampled_from(PRESETS), reason_text)
def test_a_quoted_ballot_is_never_the_posters(layout, quoted, name, author, own, preset, reason):
    text = layout.format(a=author, ballot=quoted.format(n=name, r=reason), own=own)
    verdict = ballot.parse_post(text, preset, ROSTER)
    assert not (verdict.kind in ("vote", "change", "proxy") and verdict.match and verdict.match.name == name), text
    assert verdict.kind != "malformed" or "一帖多票" not in (verdict.reason or ""), text
    assert verdict.quotes, text  # the quote is kept, with its author where the layout names one


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LAYOUTS), st.sampled_from(ROSTER[:4]), st.sampled_from(ROSTER[:4]), st.sampled_from(PRESETS))
def test_a_quote_then_ones_own_ballot_is_that_ballot(layout, quoted_name, own_name, preset):
    own = f"投票对象：{own_name}\n投票理由：站边太快"
    text = layout.format(a="郭靖", ballot=f"投票对象：{quoted_name}\n投票理由：划水", own=own)
    verdict = ballot.parse_post(text, preset, ROSTER)
    assert verdict.kind == "vote" and verdict.match.name == own_name, (text, verdict.kind, verdict.reason)


MORPHEMES = ["投", "票", "选", "投给", "票给", "我的一票献给", "决定投", "还是选", "这票留给"]
FILLERS = ["", "了", "给", "一票给", "吧", "下"]
PREFIXES = ["", "想了很久，", "综合昨晚的发言，", "最后", "我", "这一轮", "说实话"]


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PREFIXES), st.sampled_from(MORPHEMES), st.sampled_from(FILLERS), st.sampled_from(ROSTER),
       st.sampled_from(["", "。", "，他太可疑", "，理由是划水"]), st.sampled_from(PRESETS))
def test_a_vote_morpheme_before_a_name_is_never_silently_none(prefix, morpheme, filler, name, tail, preset):
    """Recall by construction: no question, negation, hypothetical or report here, so the post is a ballot,
    an invalid ballot or a flag — and whatever it names, it names the player it points at."""
    text = f"{prefix}{morpheme}{filler}{name}{tail}"
    verdict = ballot.parse_post(text, preset, ROSTER)
    assert verdict.kind != "none" or verdict.vote_like, (text, verdict.reason)
    if verdict.kind in ("vote", "change"):
        assert verdict.match.name == name, text
    else:
        assert name in verdict.readings or verdict.kind == "abstain", (text, verdict.kind, verdict.readings)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["投票对象：{a}{j}{b}\n投票理由：站边", "改票对象：{a}{j}{b}\n改票理由：改主意", "投{a}{j}{b}，站边",
                        "我投{a}{j}{b}"]),
       st.sampled_from(["和", "、", "或", "或者", "与", " / ", "/"]), st.permutations(ROSTER[:4]), st.sampled_from(PRESETS))
def test_two_named_targets_are_never_counted(template, joint, names, preset):
    a, b = names[:2]
    text = template.format(a=a, b=b, j=joint)
    verdict = ballot.parse_post(text, preset, ROSTER)
    assert verdict.kind not in ("vote", "change", "proxy"), (text, verdict.kind, verdict.target)


def test_structure_time_grows_linearly():
    unit = "黄蓉 发表于 2026-11-21 20:11\n投票对象：郭靖\n引用:\n原帖由 郭靖 于 2014-12-11 23:11 发表\n[quote]投票对象：一灯\n"
    small, large = unit * 200, unit * 2000
    ballot.parse_post(small + "y", "qisha", ROSTER)
    ratio = _seconds(large) / _seconds(small)
    assert ratio < 30, ratio
