"""A board's history: what one finished game adds to it, and each account's record (战绩) across games.

Pure: `game_rows` turns a game (its file, its days' tallies, its confirmed reveal, who played each seat) into the
rows of the board database; `records` and `camp_rates` read rows back into records. The shell (bansha/board.py)
reads the archive and writes the rows (scraper/board.py).

A seat belongs to a forum account, not to a name: a renamed account keeps its record (the uid), a 顶替 splits the
seat between two accounts by day, and two accounts are never one person unless the board is told so — nothing
here merges them. A game without its confirmed reveal adds its posts, ballots and days, never a role or a camp.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .day import DayTally
from .game import Game

# How a seat left the game, from the game file's [[events]] (the director's record) or the day's result.
OUT_BY = {"处决": "vote", "被杀": "night", "罚下": "lurk", "淹死": "lurk", "殉情": "other", "出局": "other"}
OUT_WORDS = {"vote": "被票出", "night": "被杀", "lurk": "潜水出局", "other": "出局", "": "存活"}


@dataclass(frozen=True)
class Reveal:
    """The director's confirmed 揭秘: each seat's role and camp, and the winning camp ("平局" for none)."""

    seats: dict  # seat → (role, camp)
    winner: str | None
    confirmed: bool = False


def account_key(host: str, uid: int | None, name: str) -> str:
    """An account on its forum: the uid where known (it survives a rename), else the name, marked as such."""
    return f"{host}#{uid}" if uid is not None else f"{host}@{name}"


def players_by_day(game: Game, seat: str, first_account: str) -> list[tuple[str, int, int | None]]:
    """(account name, from day, to day or None) for a seat: its own account, then each 顶替 from its day."""
    spans, start, current = [], 1, first_account
    for event in sorted((e for e in game.events if e.what == "顶替" and e.player == seat and e.to), key=lambda e: e.day):
        if event.day > start:
            spans.append((current, start, event.day - 1))
        start, current = event.day, event.to
    spans.append((current, start, None))
    return spans


def _plays(span: tuple[str, int, int | None], day: int) -> bool:
    return span[1] <= day and (span[2] is None or day <= span[2])


def game_rows(game: Game, tallies: dict[str, DayTally], reveal: Reveal | None, *, host: str,
              uids: dict[str, int | None], posts: dict[str, int] | None = None,
              lurks: list[tuple[int, str]] = (), cards: list[dict] = ()) -> dict[str, list[dict]]:
    """The rows one game adds to a board. `uids` maps every account name that played (players and 顶替
    substitutes) to its forum uid (None where the archive never saw it post); `posts` counts each account name's
    posts in the game's threads; `lurks` holds (day, seat) for every 潜水 the day's rules found; `cards` the
    director's card ledger (`bansha card add`)."""
    revealed = bool(reveal and reveal.confirmed)
    key = game.key
    days = sorted({d.day for d in game.days if not d.round})
    dead_before = {d.day: set(d.dead) for d in game.days if not d.round}
    role_of = {s: reveal.seats.get(s, ("", ""))[0] for s in game.player_names} if revealed else {}
    camp_of = {s: reveal.seats.get(s, ("", ""))[1] for s in game.player_names} if revealed else {}
    spans = {p.name: players_by_day(game, p.name, p.name) for p in game.players}

    def account_on(seat: str, day: int) -> str | None:
        for span in spans.get(seat, ()):
            if _plays(span, day):
                return account_key(host, uids.get(span[0]), span[0])
        return None

    # How each seat left: the director's events first; a day's 出局 with no event behind it is a vote.
    left: dict[str, tuple[str, int]] = {}
    executions: Counter = Counter()
    for event in game.events:
        if event.what == "处决":
            executions[(event.player, event.day)] += 1
        if event.what in OUT_BY and event.player in spans:
            lost_all = event.what in ("罚下",) or _cards_gone(game, event.player, event.day)
            if lost_all and event.player not in left:
                left[event.player] = (OUT_BY[event.what], event.day)
    day_rows, result_rows, ballot_rows = [], [], []
    for day_key, tally in tallies.items():
        round_ = int(day_key.split(".")[1]) if "." in day_key else 0
        day_rows.append({"game": key, "key": day_key, "day": tally.day, "round": round_, "label": tally.title,
                         "kind": tally.kind, "outcome": tally.outcome.kind, "names": "、".join(tally.outcome.names),
                         "certain": int(tally.certain)})
        for seat, votes in tally.totals.items():
            result_rows.append({"game": key, "day_key": day_key, "seat": seat, "votes": float(votes),
                                "out": int(tally.kind == "vote" and tally.outcome.kind == "out" and seat in tally.outcome.names)})
        if tally.kind == "vote" and tally.outcome.kind == "out":
            for seat in tally.outcome.names:
                if not any(e.what == "处决" and e.player == seat and e.day == tally.day for e in game.events):
                    executions[(seat, tally.day)] += 1
                    left.setdefault(seat, ("vote", tally.day))
        if tally.kind != "vote":
            continue  # an election's ballots choose a title holder, not whom to put out
        for target, voters in tally.voters.items():
            for voter, weight in voters:
                hit = None
                if revealed and camp_of.get(voter) and camp_of.get(target):
                    hit = int(camp_of[voter] != camp_of[target])
                ballot_rows.append({"game": key, "day_key": day_key, "voter_seat": voter,
                                    "voter_account": account_on(voter, tally.day), "target_seat": target,
                                    "weight": float(weight), "hit": hit})
    seat_rows, account_rows = [], {}
    last_day = days[-1] if days else 0
    for player in game.players:
        seat = player.name
        fate, fate_day = left.get(seat, ("", None))
        for span in spans[seat]:
            name, start, end = span
            account = account_key(host, uids.get(name), name)
            account_rows[account] = {"key": account, "host": host, "uid": uids.get(name), "name": name}
            played = [d for d in days if _plays(span, d)]
            alive = [d for d in played if seat not in dead_before.get(d, set())]
            mine_out = fate if fate_day is not None and _plays(span, fate_day) else ""
            won = None
            if revealed and reveal.winner:
                won = int(camp_of.get(seat) == reveal.winner) if camp_of.get(seat) else None
            seat_rows.append({
                "game": key, "seat": seat, "account": account, "name": name, "from_day": start,
                "to_day": end if end is not None else last_day,
                "role": role_of.get(seat) or None, "camp": camp_of.get(seat) or None, "won": won,
                "out_by": mine_out or None, "out_day": fate_day if mine_out else None, "days_alive": len(alive),
                "voted_out": sum(n for (s, d), n in executions.items() if s == seat and _plays(span, d)),
                "posts": (posts or {}).get(name, 0),
            })
    mark_rows = [{"game": key, "day": day, "seat": seat, "account": account_on(seat, day), "kind": "潜水", "reason": ""}
                 for day, seat in lurks]
    mark_rows += [{"game": key, "day": c.get("day"), "seat": c["player"],
                   "account": account_on(c["player"], c.get("day") or 1), "kind": c["color"], "reason": c.get("reason") or ""}
                  for c in cards if c.get("player") in spans]
    game_row = {"key": key, "name": game.name, "preset": game.preset, "forum": game.forum or "", "host": host,
                "revealed": int(revealed), "winner": (reveal.winner if revealed else None) or None,
                "days": len(days), "seats": len(game.players)}
    return {"games": [game_row], "accounts": list(account_rows.values()), "seats": seat_rows, "days": day_rows,
            "results": result_rows, "ballots": ballot_rows, "marks": mark_rows}


def _cards_gone(game: Game, seat: str, day: int) -> bool:
    """A 双身份 player loses one card per execution or kill and leaves with the last."""
    player = game.player(seat)
    cards = player.card_count if player else 1
    lost = sum(1 for e in game.events if e.player == seat and e.what in OUT_BY and e.day <= day)
    return lost >= cards


@dataclass
class Record:
    """One account's 战绩 across the board's games."""

    account: str
    name: str  # the latest name it played under
    names: list[str] = field(default_factory=list)
    games: int = 0
    revealed: int = 0  # games whose reveal is confirmed (camps and wins count only there)
    camps: Counter = field(default_factory=Counter)
    wins: Counter = field(default_factory=Counter)  # camp → games won in it
    days_alive: int = 0
    out: Counter = field(default_factory=Counter)  # vote / night / lurk / other
    voted_out: int = 0
    ballots: int = 0
    judged: int = 0  # ballots whose voter and target camps are both known
    hits: int = 0  # … that hit the other camp
    lurks: int = 0
    cards: Counter = field(default_factory=Counter)
    posts: int = 0
    game_keys: list[str] = field(default_factory=list)

    @property
    def won(self) -> int:
        return sum(self.wins.values())

    @property
    def win_rate(self) -> float | None:
        return self.won / self.revealed if self.revealed else None

    @property
    def hit_rate(self) -> float | None:
        return self.hits / self.judged if self.judged else None


def records(rows: dict[str, list[dict]]) -> dict[str, Record]:
    """Each account's record from the board's rows (seats, ballots, marks, games)."""
    games = {g["key"]: g for g in rows.get("games", ())}
    found: dict[str, Record] = {}

    def record(account: str, name: str) -> Record:
        if account not in found:
            found[account] = Record(account, name)
        return found[account]

    for seat in sorted(rows.get("seats", ()), key=lambda s: (games.get(s["game"], {}).get("added", 0), s["game"])):
        r = record(seat["account"], seat["name"])
        r.name = seat["name"]
        if seat["name"] not in r.names:
            r.names.append(seat["name"])
        if seat["game"] not in r.game_keys:
            r.game_keys.append(seat["game"])
            r.games += 1
            if games.get(seat["game"], {}).get("revealed"):
                r.revealed += 1
        if seat.get("camp"):
            r.camps[seat["camp"]] += 1
            if seat.get("won"):
                r.wins[seat["camp"]] += 1
        r.days_alive += seat.get("days_alive") or 0
        if seat.get("out_by"):
            r.out[seat["out_by"]] += 1
        r.voted_out += seat.get("voted_out") or 0
        r.posts += seat.get("posts") or 0
    for ballot in rows.get("ballots", ()):
        if not ballot.get("voter_account"):
            continue
        r = record(ballot["voter_account"], ballot["voter_seat"])
        r.ballots += 1
        if ballot.get("hit") is not None:
            r.judged += 1
            r.hits += ballot["hit"]
    for mark in rows.get("marks", ()):
        if not mark.get("account"):
            continue
        r = record(mark["account"], mark["seat"])
        if mark["kind"] == "潜水":
            r.lurks += 1
        else:
            r.cards[mark["kind"]] += 1
    return found


def camp_rates(rows: dict[str, list[dict]]) -> dict[str, dict[str, tuple[int, int]]]:
    """preset → camp → (games won, games the camp played), over revealed games."""
    camps_in: dict[tuple[str, str], set[str]] = {}
    for seat in rows.get("seats", ()):
        if seat.get("camp"):
            camps_in.setdefault((seat["game"], seat["camp"]), set())
    rates: dict[str, dict[str, list[int]]] = {}
    games = {g["key"]: g for g in rows.get("games", ())}
    for game_key, camp in camps_in:
        game = games.get(game_key)
        if not game or not game.get("revealed"):
            continue
        entry = rates.setdefault(game["preset"], {}).setdefault(camp, [0, 0])
        entry[1] += 1
        entry[0] += int(game.get("winner") == camp)
    return {preset: {camp: (w, n) for camp, (w, n) in sorted(c.items())} for preset, c in sorted(rates.items())}


def same_names(rows: dict[str, list[dict]]) -> dict[str, list[str]]:
    """Names that more than one account has played under: shown, never merged."""
    by_name: dict[str, set[str]] = {}
    for seat in rows.get("seats", ()):
        by_name.setdefault(seat["name"], set()).add(seat["account"])
    return {name: sorted(accounts) for name, accounts in by_name.items() if len(accounts) > 1}
