"""Seeds 001 and 003 fix no ballot format: the game file says, and check-vote reads it as the tally does."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tally.day import tally_day
from tally.rules import load_preset
from tallykit import Thread, game


@pytest.mark.parametrize("preset", ["s10", "anshazhe"])
def test_the_presets_say_the_seed_is_silent_and_impose_nothing(preset):
    """Where the seed fixes no format and no reason, any clear ballot counts by default (issue 20)."""
    rules = load_preset(preset)
    assert rules.ballot_format == "free" and not rules.require_reason
    assert "种子未明说" in rules.source("ballot_format") and "种子未明说" in rules.source("require_reason")


@pytest.mark.parametrize("preset", ["shediao", "mahjong", "qisha"])
def test_the_other_presets_quote_their_seed(preset):
    assert "种子未明说" not in load_preset(preset).source("ballot_format")


def _tally(preset, overrides, text):
    t = Thread()
    post = t.add("黄蓉", text, 1)
    g = game(preset)
    result = tally_day(t.posts, g, g.days[0], load_preset(preset).with_overrides(overrides))
    return next(e for e in result.entries if e.pid == post.pid)


def test_a_free_format_game_counts_free_ballots_and_a_labelled_one_flags_them():
    for preset in ("s10", "anshazhe"):  # the seed-silent default
        free = _tally(preset, {}, "我投郭靖")
        assert (free.verdict, free.target) == ("counted", "郭靖")
        also = _tally(preset, {}, "投票：郭靖")  # any spelling of the label will do
        assert (also.verdict, also.target) == ("counted", "郭靖")
    labelled = _tally("s10", {"ballot_format": "labelled", "require_reason": True}, "我投郭靖")
    assert labelled.verdict == "invalid" and labelled.needs_review and "投票对象：X" in labelled.reason
    needs_reason = _tally("anshazhe", {"require_reason": True}, "我投郭靖")
    assert needs_reason.verdict == "invalid" and "理由" in needs_reason.reason


def test_a_misspelt_ballot_format_is_refused():
    with pytest.raises(ValueError, match="ballot_format"):
        load_preset("s10").with_overrides({"ballot_format": "loose"})


CASES = ["我投郭靖", "投票对象：郭靖\n投票理由：站边太快", "投 郭靖。\n理由：太像狼", "弃权", "投票对象：郭敬\n投票理由：憨",
         "今天讨论帖好热闹", "如果黄蓉跳身份我就投郭靖，理由：跳了就是狼"]


@pytest.mark.parametrize("format_", ["labelled", "free"])
def test_check_vote_and_the_tally_give_one_verdict(tmp_path, format_):
    path = tmp_path / "game.toml"
    players = "".join(f'[[players]]\nname = "{n}"\n' for n in ("郭靖", "黄蓉", "杨康"))
    path.write_text(f'[game]\nname = "测试"\npreset = "s10"\n\n[rules]\nballot_format = "{format_}"\n\n{players}'
                    '\n[[days]]\nday = 1\nvote_thread = 1\nstart = "2026-11-20 21:00"\nclose = "2026-11-22 21:00"\n', "utf-8")
    for text in CASES:
        done = subprocess.run([sys.executable, "-m", "bansha.cli", "check-vote", "--game", str(path), "--json"],
                              input=text, capture_output=True, text=True, timeout=60)
        verdict = json.loads(done.stdout)
        entry = _tally("s10", {"ballot_format": format_}, text)
        expected = {"none": "ignored", "malformed": "invalid", "vote": "counted", "abstain": "counted"}[verdict["kind"]]
        assert entry.verdict == expected, (text, verdict, entry)
        if expected == "counted":
            assert entry.target == verdict["name"], (text, verdict, entry)


@pytest.mark.parametrize("preset", ["s10", "anshazhe"])
def test_no_last_hour_ban_is_imposed_where_the_seed_states_none(preset):
    rules = load_preset(preset)
    assert rules.blackout_minutes == 0 and "种子未明说" in rules.source("blackout_minutes")
    t = Thread()
    first = t.vote("黄蓉", "杨康", 1)
    late = t.add("黄蓉", "改票对象：郭靖\n改票理由：最后改主意", 47.9, quote=first)
    g = game(preset)
    entry = next(e for e in tally_day(t.posts, g, g.days[0], rules).entries if e.pid == late.pid)
    assert entry.verdict == "counted"
    banned = load_preset(preset).with_overrides({"blackout_minutes": 60})  # a director who announced one
    entry = next(e for e in tally_day(t.posts, g, g.days[0], banned).entries if e.pid == late.pid)
    assert entry.verdict == "invalid"
