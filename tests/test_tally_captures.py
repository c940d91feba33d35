"""Acceptance: the captured games tallied end to end (pages → archive → tally) against the ground truth."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from bansha import pipeline
from conftest import CAPTURES, capture_game, needs_captures, truth_posts
from scraper import archive
from tally.rules import load_preset

pytestmark = needs_captures

COUNTS = {"vote", "abstain", "proxy", "change-valid", "vote-correction", "vote-sheriff", "elect-vote", "bar-owner-late-vote"}
INVALID = {
    "typo-homophone", "unknown-target", "hidden", "banned", "two-votes", "change-no-quote", "change-quote-other",
    "change-second", "change-late", "vote-after-close", "vote-bar-owner", "dead-player-vote", "change-accelerated",
    "elect-voter-not-farmer", "elect-target-not-farmer",
}
IGNORED = {"chatter", "announcement", "campaign", "campaign-not-farmer"}


def expected_verdicts(rows: list[dict]) -> dict[int, str]:
    """counted / superseded / invalid / ignored, computed from the story labels alone."""
    out = {}
    for row in rows:
        label = row["story"]["label"]
        if label in IGNORED:
            out[row["pid"]] = "ignored"
        elif label in INVALID:
            out[row["pid"]] = "invalid"
        else:
            assert label in COUNTS, label
            out[row["pid"]] = "counted"
    # A counted ballot replaced by its author's valid change is superseded.
    for row in rows:
        if row["story"]["label"] == "change-valid":
            out[row["quote"]["quoted_pid"]] = "superseded"
    return out




def verdicts(result) -> dict[int, str]:
    return {e.pid: e.verdict for e in result.entries}


def test_game056_without_rulings_is_a_tie_with_three_flags(db056):
    game, rules = capture_game("game056"), load_preset("shediao")
    result = pipeline.tally_from_archive(db056, game, rules, 1)
    assert verdicts(result) == expected_verdicts(truth_posts("game056", "vote_tid4"))
    intended = json.loads((CAPTURES / "game056" / "game.json").read_text("utf-8"))["intended_tally"]
    expected_totals = {name: v["count"] for name, v in intended.items() if name != "弃权"}
    expected_totals["郭靖"] -= 1  # the director's ruling on 郭敬 is not made yet
    assert {k: int(v) for k, v in result.totals.items()} == expected_totals
    assert (result.outcome.kind, result.outcome.names) == ("none", [])
    flags = {f.pid: f for f in result.flags}
    assert {46, 72, 139} <= set(flags)
    assert flags[46].can_change_outcome and "郭靖" in flags[46].reason
    assert result.flags[0].can_change_outcome  # those that can matter come first
    assert all(not f.can_change_outcome for f in result.flags if f.pid not in (46, 72, 139))


def test_game056_with_the_directors_ruling_exiles_guo_jing(db056, tmp_path):
    game, rules = capture_game("game056"), load_preset("shediao")
    archive.save_ruling(db056, game=game.name, day=1, pid=46, decision="target", target="郭靖", note="同音错字")
    try:
        result = pipeline.tally_from_archive(db056, game, rules, 1)
    finally:
        db056.execute("delete from rulings")
    intended = json.loads((CAPTURES / "game056" / "game.json").read_text("utf-8"))["intended_tally"]
    assert {k: int(v) for k, v in result.totals.items()} == {n: v["count"] for n, v in intended.items() if n != "弃权"}
    assert (result.outcome.kind, result.outcome.names) == ("out", ["郭靖"])
    assert result.abstentions == intended["弃权"]["voters"]


def test_game063_election_first_to_reach_the_top(db063):
    game, rules = capture_game("game063"), load_preset("mahjong")
    result = pipeline.tally_election(db063, game, rules, 1)
    g = json.loads((CAPTURES / "game063" / "game.json").read_text("utf-8"))
    for vote in g["election"]["votes_in_time_order"]:
        assert (verdicts(result)[vote["pid"]] == "counted") is vote["counts"], vote
    assert result.outcome.names == [g["sheriff_after_day1"]]
    assert verdicts(result) == expected_verdicts(truth_posts("game063", "elect_tid11"))


@pytest.mark.parametrize("day, thread", [(1, "vote1_tid10"), (2, "vote2_tid13")])
def test_game063_days(db063, day, thread):
    game, rules = capture_game("game063"), load_preset("mahjong")
    result = pipeline.tally_from_archive(db063, game, rules, day)
    assert verdicts(result) == expected_verdicts(truth_posts("game063", thread))
    g = json.loads((CAPTURES / "game063" / "game.json").read_text("utf-8"))
    intended = g["votes"][f"day{day}"]["intended_tally"]
    totals = {name: Fraction(str(v["votes"])) for name, v in intended.items() if name != "弃权"}
    assert result.totals == totals
    assert result.abstentions == intended.get("弃权", {}).get("voters", [])
    loser = max(totals, key=totals.get)
    assert (result.outcome.kind, result.outcome.names) == ("out", [loser])
    if day == 2:
        assert result.title_holder == g["sheriff_after_day1"]  # decided by the day-1 election thread


def _standing_from_truth(thread: str, before: str, bonus: dict) -> dict:
    """The count at a moment, from the database's truth: each voter's counted ballot posted before it."""
    from datetime import datetime

    totals: dict = dict(bonus)
    for post in truth_posts("game063", thread):
        story = post["story"]
        if datetime.fromisoformat(post["dateline_iso"]) > datetime.fromisoformat(before):
            continue
        if story.get("target") and story.get("counts", True) and story["label"] in ("vote", "vote-sheriff", "bar-owner-late-vote"):
            totals[story["target"]] = totals.get(story["target"], 0) + story.get("weight", 1)
    return {k: v for k, v in totals.items() if v}


@needs_captures
@pytest.mark.parametrize("moment", ["2026-11-26T12:30:00+08:00", "2026-11-26T17:59:00+08:00", "2026-11-26T19:30:00+08:00"])
def test_game063_day2_as_of_a_moment(db063, moment):
    """The count before and after the 18:00 acceleration (the one change, at 19:12, comes after it and does
    not count), as the truth file's posts make it."""
    from datetime import datetime

    game, rules = capture_game("game063"), load_preset("mahjong")
    g = json.loads((CAPTURES / "game063" / "game.json").read_text("utf-8"))
    bonus = {g["crow_slander"]["target"]: 2}
    result = pipeline.tally_from_archive(db063, game, rules, 2, as_of=datetime.fromisoformat(moment), sensitivity=False)
    assert {k: float(v) for k, v in result.totals.items() if v} == _standing_from_truth("vote2_tid13", moment, bonus)


def test_a_days_tally_reads_the_archive_once(db063):
    """Issue 43, 1: one snapshot per tally — day 2 of game063 (its title holder decided by day 1's election) asks
    the archive each thing once: every thread, our own posts, the histories (the base fold, the posted rulings,
    the election and the fold under them all decide from that one read)."""
    import re
    from collections import Counter

    game = capture_game("game063")
    statements: list[str] = []
    db063.conn.set_trace_callback(statements.append)
    try:
        pipeline.tally_from_archive(db063, game, load_preset(game.preset), 2)
    finally:
        db063.conn.set_trace_callback(None)
    reads = Counter(re.sub(r"\s+", " ", s) for s in statements
                    if s.lstrip().lower().startswith("select") and "sqlite_master" not in s)
    assert any("from posts where tid" in r for r in reads) and max(reads.values()) == 1, reads.most_common(3)
