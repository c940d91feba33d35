"""The ballot corpus (fixtures/ballots): every case as a director would judge it under its preset.

Done means: every case agrees, no vote attempt is judged `none`, no ballot counts a wrong player, and every
invalid ballot offers the director the players it could mean."""

from __future__ import annotations

import json
import sys
from collections import Counter
from functools import lru_cache


from conftest import ROOT
from grammar.ballot import parse_post
from grammar.names import Roster, same_sound
from tally.rules import load_preset

sys.path.insert(0, str(ROOT / "fixtures" / "ballots"))
from make_corpus import ROSTERS  # noqa: E402

CORPUS = ROOT / "fixtures" / "ballots" / "corpus.jsonl"


def load() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text("utf-8").splitlines() if line.strip()]


@lru_cache(maxsize=None)
def _roster(names: tuple[str, ...]) -> Roster:
    return Roster(list(names))


def judge(case: dict):
    rules = load_preset(case["preset"]).vote_customs()
    return parse_post(case["text"], rules, _roster(tuple(case["roster"])))


def agrees(case: dict, verdict) -> bool:
    expect = case["expect"]
    if expect == "none":
        return verdict.kind == "none" and not verdict.vote_like
    if expect == "invalid":
        return verdict.kind == "malformed" and set(case["readings"]) <= set(verdict.readings)
    if expect == "flagged":  # not a ballot, but the director must see it
        return (verdict.kind == "malformed" or (verdict.kind == "none" and verdict.vote_like)) \
            and set(case["readings"]) <= set(verdict.readings)
    if expect == "change_abstain":
        return verdict.kind == "change" and verdict.abstains
    if expect == "proxy":
        return verdict.kind == "proxy" and verdict.proxy_for == case["proxy_for"] and \
            verdict.match is not None and verdict.match.name == case["name"]
    if verdict.kind != expect:
        return False
    return expect == "abstain" or (verdict.match is not None and verdict.match.name == case["name"])


def counted_for(verdict) -> str | None:
    """The player a verdict would count a ballot for (None: it counts for nobody)."""
    if verdict.kind in ("vote", "change", "proxy") and verdict.match is not None:
        return verdict.match.name
    return None


def test_the_corpus_is_what_its_builder_writes():
    sys.path.insert(0, str(ROOT / "fixtures" / "ballots"))
    import make_corpus

    assert CORPUS.read_text("utf-8") == make_corpus.render(), "run python fixtures/ballots/make_corpus.py"


def test_the_corpus_is_large_enough_and_every_case_cites_its_seed():
    cases = load()
    per_preset = Counter(c["preset"] for c in cases)
    assert len(cases) >= 600 and min(per_preset.values()) >= 100, per_preset
    assert sum(c["expect"] == "none" for c in cases) >= 50
    assert all(c["seed"] for c in cases)


def test_the_typos_are_one_character_homophones():
    sys.path.insert(0, str(ROOT / "fixtures" / "ballots"))
    import make_corpus

    for pairs in make_corpus.TYPOS.values():
        for written, meant in pairs:
            diffs = [(a, b) for a, b in zip(written, meant) if a != b]
            assert len(written) == len(meant) and len(diffs) == 1 and same_sound(*diffs[0]), (written, meant)


MISTAKES = (("silent", "silent misses"), ("wrong_target", "wrong targets"), ("miscredited", "mis-credited ballots"),
            ("false_doubt", "false doubts"))


def mistakes(cases: list[dict]) -> dict[str, list]:
    """The ways a verdict can be wrong, each counted apart: a vote attempt judged "none" (a silent miss), a ballot
    counted for the wrong player, someone else's (quoted) ballot counted for the poster, and a post that casts
    nothing made a doubt anyway (a false doubt: a ruling asked for nothing); and every disagreement."""
    found: dict[str, list] = {"silent": [], "wrong_target": [], "miscredited": [], "false_doubt": [], "wrong": []}
    for case in cases:
        verdict = judge(case)
        if not agrees(case, verdict):
            found["wrong"].append((case["preset"], case["text"], case["expect"], verdict.kind, verdict.reason))
        if case["expect"] != "none" and verdict.kind == "none" and not verdict.vote_like:
            found["silent"].append(case["text"])  # a vote attempt nobody will see
        if counted_for(verdict) and case["name"] and counted_for(verdict) != case["name"]:
            found["wrong_target"].append(case["text"])
        if counted_for(verdict) in case.get("not_the_posters", ()):
            found["miscredited"].append(case["text"])  # someone else's ballot counted as the poster's
        if case["expect"] == "none" and not verdict.certain:
            found["false_doubt"].append(case["text"])
    return found


def test_every_case_agrees():
    """Silent misses, wrong targets, mis-credited ballots and false doubts are counted apart; each must be 0."""
    found = mistakes(load())
    for key, words in MISTAKES:
        assert not found[key], f"{len(found[key])} {words}: {found[key][:10]}"
    assert not found["wrong"], f"{len(found['wrong'])} cases disagree, e.g. {found['wrong'][:8]}"


def test_the_late_game_group_reads_one_ballot_or_none_in_every_preset():
    late = [c for c in load() if c.get("group") == "late_game"]
    assert {c["preset"] for c in late} == set(ROSTERS) and len(late) >= 40
    analyses = [c for c in late if len(c["text"]) > 100]
    assert {c["expect"] for c in analyses} >= {"vote", "none"}


def test_the_corpus_holds_every_category_of_issue_20():
    groups = Counter(c.get("group") for c in load())
    for group in ("quoted", "attempt", "not_yet", "two_names", "proxy", "prose", "decorated", "seed_example"):
        assert groups[group] >= 15, (group, groups[group])
