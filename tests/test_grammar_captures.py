"""Acceptance: every real vote post in the captures, read by the reader and judged by the grammar,
gets the kind and target its story label intends."""

from __future__ import annotations

import json

import pytest

from conftest import CAPTURES, needs_captures
from grammar import ballot
from scraper.pages import read_page

pytestmark = needs_captures

# story label → the verdict kind the grammar must give. The tally, not the grammar, voids ballots that
# are late, unquoted, by the dead, by non-farmers, hidden or banned: here they are still ballots.
KIND = {
    "vote": "vote", "vote-sheriff": "vote", "vote-correction": "vote", "vote-bar-owner": "vote",
    "dead-player-vote": "vote", "bar-owner-late-vote": "vote", "vote-after-close": "vote",
    "hidden": "vote", "banned": "vote",
    # a target that is no player (or a misspelling the strict preset does not accept) is invalid for its form
    "unknown-target": "malformed", "typo-homophone": "malformed",
    "elect-vote": "vote", "elect-voter-not-farmer": "vote", "elect-target-not-farmer": "vote",
    "abstain": "abstain",
    "change-valid": "change", "change-no-quote": "change", "change-quote-other": "change",
    "change-second": "change", "change-late": "change", "change-accelerated": "change",
    "proxy": "proxy",
    "two-votes": "malformed",
    "chatter": "none", "campaign": "none", "campaign-not-farmer": "none",
}
THREADS = [
    ("game056", "vote_tid4", "shediao"),
    ("game063", "vote1_tid10", "mahjong"),
    ("game063", "vote2_tid13", "mahjong"),
    ("game063", "elect_tid11", "mahjong"),
]


def cases():
    if not CAPTURES.is_dir():
        return []
    out = []
    for game, thread, preset in THREADS:
        truth = json.loads((CAPTURES / game / "truth" / f"{thread}.json").read_text("utf-8"))
        roster = [p["account"] for p in json.loads((CAPTURES / game / "game.json").read_text("utf-8"))["roster"]]
        posts = {}
        for page in sorted((CAPTURES / game / "director" / "pc").glob(f"{thread}_p*.html")):
            for post in read_page(page.read_bytes(), "text/html; charset=utf-8").posts:
                posts[post.pid] = post
        for row in truth["posts"]:
            label = row["story"]["label"]
            if label == "announcement":
                continue  # the director's rule posts quote the format itself; the tally skips them by author
            out.append(pytest.param(posts[row["pid"]].text, row["story"], preset, roster, id=f"{thread}-{row['pid']}-{label}"))
    return out


@pytest.mark.parametrize("text, story, preset, roster", cases())
def test_vote_post_verdict(text, story, preset, roster):
    verdict = ballot.parse_post(text, preset, roster)
    if story["label"] == "chatter" and verdict.kind == "malformed":
        # Chatter that reads like a free-format ballot ("我这次就不投了") may be flagged for the director,
        # never counted; it must say what it looked like.
        assert verdict.free and "看起来是" in verdict.reason, (verdict.reason, text)
        return
    assert verdict.kind == KIND[story["label"]], (verdict.reason, text)
    target = story.get("target")
    if story["label"] == "typo-homophone":
        assert verdict.target != target  # written 郭敬: not accepted under the strict preset …
        assert verdict.match.how == "unknown"
        assert verdict.suggestion.name == target and verdict.suggestion.how == "homophone"  # … but suggested
        assert target in verdict.readings  # … and a reading the director is shown
    if verdict.kind in ("vote", "change", "proxy", "abstain"):
        if True:
            assert verdict.target == target
            assert verdict.match is None or verdict.match.name in (target, None)
    if story["label"] == "proxy":
        assert verdict.proxy_for in roster
