"""Acceptance: the captured discussion, vote and process threads counted end to end against the ground truth."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from bansha import pipeline
from conftest import CAPTURES, capture_game, needs_captures, truth_posts
from tally.rules import load_preset

pytestmark = needs_captures




def truth063():
    return json.loads((CAPTURES / "game063" / "game.json").read_text("utf-8"))


@pytest.mark.parametrize("day", [1, 2])
def test_game063_post_counts(db063, day):
    report = pipeline.lurk_from_archive(db063, capture_game("game063"), load_preset("mahjong"), day)
    expected = {name: v["in_day"] for name, v in truth063()["discussion_post_counts"][f"day{day}"]["per_player"].items()}
    alive = set(report.counts)
    assert report.counts == {name: n for name, n in expected.items() if name in alive}
    assert set(expected) - alive <= set(capture_game("game063").days[day - 1].dead)  # the dead only post as 诈尸


@pytest.mark.parametrize("day", [1, 2])
def test_game063_proposed_cards(db063, day):
    report = pipeline.lurk_from_archive(db063, capture_game("game063"), load_preset("mahjong"), day)
    intended = truth063()["intended_cards"][f"day{day}"]
    assert {(c["player"], c["card"]) for c in intended} == {(p.player, p.card) for p in report.proposals}


def test_game063_day2_violations(db063):
    report = pipeline.lurk_from_archive(db063, capture_game("game063"), load_preset("mahjong"), 2)
    intended = truth063()["intended_cards"]["day2_violations_director_discretion"]
    assert {(v["player"], v["post"]["pid"]) for v in intended} == {(v.player, v.pid) for v in report.violations}


@pytest.mark.parametrize("day", [1, 2])
def test_game063_acceleration(db063, day):
    report = pipeline.lurk_from_archive(db063, capture_game("game063"), load_preset("mahjong"), day)
    truth = truth063()["speedup"][f"day{day}"]
    (speedup,) = [s for s in report.speedups if s.kind == "加速"]
    assert speedup.requesters == truth["valid_requesters"]
    assert (speedup.alive, speedup.needed, speedup.succeeded) == (truth["alive"], truth["needed"], truth["accelerated"])
    if truth["accelerated"]:
        assert speedup.deadline == datetime.fromisoformat(truth["deadline"])


def test_game056_discussion_counts_and_dead_posting(db056):
    game = capture_game("game056")
    report = pipeline.lurk_from_archive(db056, game, load_preset("shediao"), 1)
    g = json.loads((CAPTURES / "game056" / "game.json").read_text("utf-8"))
    start, close = datetime.fromisoformat(g["vote_open"]), datetime.fromisoformat(g["vote_close"])
    alive = [p["account"] for p in g["roster"] if p["alive_day1"]]
    expected = dict.fromkeys(alive, 0)
    for row in truth_posts("game056", "disc_tid5"):
        if row["author"] in expected and start <= datetime.fromisoformat(row["dateline_iso"]) < close:
            expected[row["author"]] += 1
    assert report.counts == expected
    dead_posts = {r["pid"] for r in truth_posts("game056", "disc_tid5") if r["story"]["label"] == "dead-player-post"}
    assert dead_posts and dead_posts <= {v.pid for v in report.violations if v.kind == "dead_posting"}
