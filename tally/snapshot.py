"""One day's decision from one value: what the archive holds for the day, read in one trip (bansha/pipeline.py's
read_day), and the tally decided from it alone.

    snapshot = pipeline.read_day(db, game, rules, 2)     # the shell: every read the day needs, once
    result = decide(snapshot)                             # here: pure, no archive

A day is decided in this order, each step from the snapshot only:

  holder   who holds the title (the game file, or the earlier election's winner: its own snapshot, decided here)
  base     the day's fold without any ruling — where the director's posted rulings find their floors
  rulings  the typed ones and those the director posted (tally/rulings.py), the latest standing
  fold     the day under them, with the proof (tally/whatif.py)

The base fold runs only where some post of the director's can be a ruling; the election's only where the
title holder is not written down. Nothing here reads the archive (tests/test_layout.py holds tally/ to that).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from . import rulings as posted
from .day import DayTally, Ruling, tally_day
from .game import Day, Game
from .rules import Rules


@dataclass
class DaySnapshot:
    """Everything one day's (or round's, or election's) decision reads, as the archive held it."""

    game: Game
    day: Day
    rules: Rules
    kind: str  # "vote" or "election"
    posts: list  # the thread's posts the count reads (ours dropped, the director known by account, up to the moment)
    history: dict[int, list[dict]]  # pid → the versions the archive saw (edits)
    typed: list[tuple[Ruling, datetime | None]] = field(default_factory=list)  # bansha rule / the desk
    # The director's posts that may rule this day: the vote and process threads', and later days' threads'
    candidates: list = field(default_factory=list)
    archived: list = field(default_factory=list)  # every archived post of the vote and process threads
    later: set[int] = field(default_factory=set)  # threads of later days: they rule this day only where they say so
    uids: dict[str, set[int]] = field(default_factory=dict)  # the uids each director's name posts under
    gap: str | None = None  # floors the forum handed out that the archive never read
    holder: str | None = None  # the title holder, where written down
    elections: list["DaySnapshot"] = field(default_factory=list)  # else the earlier elections that name them
    rulings: dict[int, Ruling] | None = None  # a count under other rulings (a post listing them asserts it)
    player_uids: dict[str, int] = field(default_factory=dict)  # the account each player's name posted from on earlier days


def decide(snap: DaySnapshot, *, sensitivity: bool = True) -> DayTally:
    """The day's tally from its snapshot alone (see the module's docstring)."""
    if snap.kind == "election":
        return tally_day(snap.posts, snap.game, snap.day, snap.rules, _typed_only(snap), kind="election",
                         history=snap.history, sensitivity=sensitivity, player_uids=snap.player_uids)
    shared = {"title_holder": title_holder(snap), "_verdicts": {}, "player_uids": snap.player_uids}
    rulings, unread = (snap.rulings, []) if snap.rulings is not None else _rulings(snap, shared)
    result = tally_day(snap.posts, snap.game, snap.day, snap.rules, rulings, history=snap.history,
                       sensitivity=sensitivity, **shared)
    result.unread_rulings = unread
    return result


def title_holder(snap: DaySnapshot) -> str | None:
    """Who holds the title during the vote: written down, or the earlier election's winner still alive."""
    if snap.holder:
        return snap.holder
    for election in snap.elections:
        won = decide(election, sensitivity=False).outcome  # only the winner matters
        if won.kind == "out" and won.names[0] not in snap.day.dead:
            return won.names[0]
    return None


def _typed_only(snap: DaySnapshot) -> dict[int, Ruling]:
    return {ruling.pid: ruling for ruling, _ in snap.typed}


def _rulings(snap: DaySnapshot, shared: dict) -> tuple[dict[int, Ruling], list]:
    """The standing rulings — typed, and posted by the director — and the ruling posts that apply nothing."""
    if not snap.rules.rulings_from_posts or not posted.maybe_rulings(snap.game, snap.candidates):
        return _typed_only(snap), []
    base = tally_day(snap.posts, snap.game, snap.day, snap.rules, {}, history=snap.history, sensitivity=False, **shared)
    found = posted.from_posts(snap.candidates, snap.game, snap.day, base, snap.rules, snap.history, snap.uids,
                              snap.archived, snap.gap, later=snap.later)
    return posted.merge(snap.typed, found), found.unread
