"""What the open flags could do to a day's result: every reading of every doubtful post, together.

The fold (day.py) decides each post; this module weighs the doubts. A flag's *readings* are the rulings
a director could make on it — for a post whose content at close is unknown, a ballot for any eligible
candidate, an abstention, or nothing. "不影响结果" lets poll post the result unattended, so it is only
ever said of a proof over all readings of all open flags at once.

A ruling moves only the ballots of its own *group* of voters: the fold keeps one standing ballot per
voter, and a voter's posts never read another voter's state, except where a reading counts a post for
another player (a ballot relayed for them: 帮X投 · X托我投) — that couples the poster and that player
into one group. So the analysis has two steps:

1. per group, every combination of ballots its voters can end the day with over all readings of their
   open flags: a search over the group's own fold states, post by post, merging paths that reach the
   same state; past a budget, a sound over-approximation (each voter ends with any ballot their posts
   could name, or none), whose counterexamples are then "not proven", never "can change";
2. for the day, whether some choice of one such combination per group gives another outcome.

Step 2 is exact where the day's outcome puts someone out or goes to a runoff or revote: those outcomes
are comparisons of sums, and e.g. "X stays alone on top" holds for every combination exactly when each
rival's largest possible lead over X (a sum of per-voter maxima) is below zero — and the combination
reaching that maximum is the counterexample. Where nobody is out (a tie, below 40 %, no votes), the
combinations are searched exactly up to a budget of distinct totals; beyond it a bound proves what it
can, a greedy choice looks for a counterexample, and what is left is "not proven", which holds the
result like "can change" does. The election's "first to reach the top" depends on the timeline, so its
counterexamples are confirmed by folding the whole thread again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from copy import copy
from math import gcd, prod
from itertools import combinations, product

from .outcome import NONE, OUT, REVOTE, RUNOFF, Outcome, decide_outcome

STATE_BUDGET = 20_000  # distinct (totals, title target) states searched exactly for a day where nobody is out
GROUP_BUDGET = 3_000  # fold steps spent on one group of voters before its space is over-approximated
DAY_BUDGET = 6_000  # fold steps for the whole day (well under a second): past it, every later group is over-approximated
# Combinations an over-approximated group may have (each voter any named ballot or none): past it, the group is
# not multiplied out at all — the day is "not proven" at no cost (six relays for one another in a 12-player day
# were 13⁷ combinations: minutes and gigabytes).
LOOSE_BUDGET = 20_000
ELECTION_BUDGET = 2_000  # whole-thread refolds tried for an election's counterexample (a few ms each)


@dataclass(frozen=True)
class Ballot:
    """How one voter ends the day: the target counted (None: abstention or no ballot) and its weight."""

    target: str | None
    weight: Fraction
    # The election's "first to reach the top" reads when each ballot stood: there, the voter's whole
    # sequence of standing ballots (pid, target) is part of how they end the day.
    path: tuple = ()

    @property
    def counts(self) -> bool:
        return self.target is not None and self.weight != 0


NO_BALLOT = Ballot(None, Fraction(0))


@dataclass
class Proof:
    """Whether the day's outcome is the same under every reading of every open flag.

    Not certain: `readings` is a smallest combination found that changes the outcome (pid → ruling) and
    `outcome` what it changes to; both empty when the analysis could not decide (`note` says why)."""

    certain: bool
    outcome: Outcome | None = None
    readings: dict = field(default_factory=dict)
    note: str = ""

    @property
    def pids(self) -> list[int]:
        return list(self.readings)

    def describe(self, floor_of=lambda pid: None) -> str:
        """「#5 计为「王喆」与 #9 计为「王喆」同时改判 → 郭靖 与 王喆 进入高票对决」."""
        if self.certain:
            return "所有待裁定帖无论怎样裁定，结果都不变"
        if not self.readings:
            return self.note or "无法证明结果不变"
        parts = [f"{_where(pid, floor_of)} {ruling_words(r)}" for pid, r in self.readings.items()]
        both = "同时改判" if len(parts) > 1 else "改判"
        return f"{' 与 '.join(parts)} {both} → {self.outcome.describe()}"

    def to_json(self) -> dict:
        return {"certain": self.certain, "outcome": None if self.outcome is None else
                {"kind": self.outcome.kind, "names": self.outcome.names},
                "readings": {str(pid): ruling_words(r) for pid, r in self.readings.items()}, "note": self.note}


def _where(pid: int, floor_of) -> str:
    floor = floor_of(pid)
    return f"#{floor}" if floor is not None else f"pid {pid}"


def ruling_words(ruling) -> str:
    whose = f"算作 {ruling.voter} 的票，" if getattr(ruling, "voter", None) else ""
    if ruling.decision == "target":
        return f"{whose}计为「{ruling.target or '弃权'}」"
    return whose + {"accept": "裁定有效", "reject": "裁定无效"}[ruling.decision]


def describe_rulings(options: list) -> str:
    """What-if rulings as a flag lists them: 「裁定计为「郭靖」」, 「裁定计为「郭靖」「黄蓉」或「弃权」」, 「裁定有效」,
    「裁定算作 黄蓉 的票，计为「郭靖」」."""
    words = []
    for voter in dict.fromkeys(getattr(r, "voter", None) for r in options):
        mine = [r for r in options if getattr(r, "voter", None) == voter]
        targets = [f"「{r.target or '弃权'}」" for r in mine if r.decision == "target"]
        whose = f"算作 {voter} 的票，" if voter else ""
        if targets:
            words.append(f"裁定{whose}计为" + ("".join(targets[:-1]) + "或" + targets[-1] if len(targets) > 1 else targets[0]))
        words += [ruling_words(r) for r in mine if r.decision != "target"]
    return "、".join(words)


# -- step 1: every combination of ballots one group of voters can end the day with -----------------------

OVER = -1  # the key a combination carries when it comes from the over-approximation: no rulings known to give it


class _Unbounded(Exception):
    """A group's over-approximation has more combinations than LOOSE_BUDGET: it is not enumerated."""


class _TooMany(Exception):
    """A group's search went past GROUP_BUDGET steps: its space is over-approximated instead."""


def _groups(entries) -> dict[str, tuple[str, ...]]:
    """voter → the group of voters whose ballots the same posts can move: a flag with a reading that
    counts it for another player joins the two (union-find, groups in order of first appearance)."""
    parent: dict[str, str] = {}

    def find(v: str) -> str:
        parent.setdefault(v, v)
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for e in entries:
        if e.voter is None:
            continue
        find(e.voter)
        for ruling in e.space if e.needs_review else ():
            other = getattr(ruling, "voter", None)
            if other and other != e.voter:
                parent[find(other)] = find(e.voter)
    members: dict[str, list[str]] = {}
    for v in parent:
        members.setdefault(find(v), []).append(v)
    return {v: tuple(members[find(v)]) for v in parent}


def _signature_of(fold, voter: str) -> tuple:
    """All of a voter's fold state that their later posts read: the standing ballot and whether an
    invalid one was tried (other voters' state is never read by this voter's posts)."""
    s = fold.standing.get(voter)
    ballot = None if s is None else (s.entry.pid, s.entry.verdict, s.entry.target, s.entry.weight, s.target, s.changes)
    return voter in fold.tried, ballot


def _signature(fold, group: tuple) -> tuple:
    return tuple(_signature_of(fold, v) for v in group)


def _clone(entry):
    """A shallow copy of an Entry (copy.copy goes through __reduce_ex__: five times slower)."""
    twin = object.__new__(type(entry))
    twin.__dict__.update(entry.__dict__)
    return twin


def _saved(fold, group: tuple) -> tuple:
    out = []
    for voter in group:
        s = fold.standing.get(voter)
        # Copies: later posts mark a standing entry superseded, which must not reach the saved state.
        out.append((voter in fold.tried, None if s is None else type(s)(_clone(s.entry), s.target, s.changes)))
    return tuple(out)


def _saved_signature(saved: tuple) -> tuple:
    """_signature of a saved state."""
    out = []
    for tried, s in saved:
        ballot = None if s is None else (s.entry.pid, s.entry.verdict, s.entry.target, s.entry.weight, s.target, s.changes)
        out.append((tried, ballot))
    return tuple(out)


def _as_read(signature: tuple, read: frozenset | None, changes_allowed: int) -> tuple:
    """A signature with each standing post's pid kept only where a later change will check it (its
    quote must be the standing ballot, and the voter still has a change left): states that differ only
    in an unread pid behave alike."""
    if read is None:
        return signature
    out = []
    for tried, ballot in signature:
        if ballot is not None and (ballot[0] not in read or ballot[5] >= changes_allowed):
            ballot = (None, *ballot[1:])
        out.append((tried, ballot))
    return tuple(out)


def _restore(fold, group: tuple, saved: tuple) -> None:
    for voter, (tried, standing) in zip(group, saved):
        if tried:
            fold.tried.add(voter)
        if standing is not None:
            fold.standing[voter] = type(standing)(_clone(standing.entry), standing.target, standing.changes)


def _ballots(saved: tuple, paths: tuple) -> tuple:
    """How each voter of a saved state ends the day."""
    out = []
    for (_tried, standing), path in zip(saved, paths):
        if standing is None or standing.entry.verdict != "counted":
            out.append(Ballot(None, Fraction(0), path))
        else:
            out.append(Ballot(standing.target, standing.entry.weight if standing.target is not None else Fraction(0), path))
    return tuple(out)


def _moved(paths: tuple, fold, group: tuple, timed: bool) -> tuple:
    """Each voter's sequence of standing ballots, one step longer where this post moved it (elections only)."""
    if not timed:
        return paths
    out = []
    for voter, path in zip(group, paths):
        s = fold.standing.get(voter)
        now = (s.entry.pid, s.target) if s is not None else None
        out.append(path if (path[-1] if path else None) == now else (*path, now))
    return tuple(out)


class Voters:
    """The day's posts grouped by the voters they can speak for, with each group's fold under the day's rulings."""

    def __init__(self, result, posts: list, ctx, rulings, history, verdicts, fold_type):
        self.result, self.posts, self.ctx = result, posts, ctx
        self.rulings, self.history, self.verdicts, self.fold_type = rulings, history, verdicts, fold_type
        self.timed = result.kind == "election"
        self.entries = {e.pid: e for e in result.entries}
        self.group_of = _groups(result.entries)
        self.posts_of: dict[tuple, list] = {}
        for post in posts:
            voter = self.entries[post.pid].voter
            if voter is not None:
                self.posts_of.setdefault(self.group_of[voter], []).append(post)
        self._baselines: dict[tuple, tuple[list, list, tuple]] = {}
        self._steps: dict[tuple, tuple] = {}
        self._finals: dict[tuple, tuple] = {}
        self._spent: dict[tuple, int] = {}
        self.spent = 0  # fold steps taken by the whole analysis
        self._fold = None
        self._reads: dict[tuple, list] = {}
        self.changes_allowed = ctx.rules.changes_allowed
        self.current: dict[str, Ballot] = {}
        if self.timed:
            for group in self.posts_of:
                self.current.update(zip(group, self._baseline(group)[2]))
        else:
            for e in result.entries:
                if e.verdict == "counted" and e.voter is not None:
                    self.current[e.voter] = Ballot(e.target, e.weight if e.target is not None else Fraction(0))

    def now(self, group: tuple) -> tuple:
        return tuple(self.current.get(v, NO_BALLOT) for v in group)

    def fold(self, extra: dict):
        return self.fold_type(self.ctx, {**self.rulings, **extra} if extra else self.rulings, self.history, self.verdicts)

    def _start(self, group: tuple) -> tuple:
        return ((),) * len(group)

    def _baseline(self, group: tuple) -> tuple[list, list, tuple]:
        """The group's fold under the day's rulings: (state before each post, signature after each, the
        ballots it ends with)."""
        if group not in self._baselines:
            fold = self.fold({})
            before, after, paths = [], [], self._start(group)
            for post in self.posts_of[group]:
                before.append((_saved(fold, group), paths))
                fold.step(post)
                paths = _moved(paths, fold, group, self.timed)
                after.append(_signature(fold, group))
            self._baselines[group] = (before, after, _ballots(_saved(fold, group), paths))
        return self._baselines[group]

    def space(self, group: tuple, open_readings: dict[int, list]) -> dict[tuple, dict]:
        """Every combination of ballots the group can end with, each with one combination of readings that
        gives it ({} = as decided). From the first open post to the last, every reading of each is folded,
        paths that reach the same state merged; from there on the posts fold as decided (memoised by
        state). Raises _TooMany past the group's budget."""
        posts = self.posts_of[group]
        marks = [i for i, post in enumerate(posts) if post.pid in open_readings]
        whole = self._anything(group, open_readings, posts[marks[-1]].pid)
        if whole is not None:
            return whole
        before = self._baseline(group)[0]
        read = self._read_ahead(group)
        saved0, path0 = before[marks[0]]
        states: list[tuple[tuple, dict, tuple]] = [(saved0, {}, path0)]
        for index in range(marks[0], marks[-1] + 1):
            post = posts[index]
            options = [None, *open_readings[post.pid]] if post.pid in open_readings else [None]
            reached: dict[tuple, tuple] = {}
            for saved, chosen, path in states:
                for option in options:
                    (signature, after), moved = self._step(group, post, saved, option, path, read[index])
                    key = (_as_read(signature, read[index + 1], self.changes_allowed), moved)
                    if key not in reached:
                        reached[key] = (after, {**chosen, post.pid: option} if option is not None else chosen, moved)
            states = list(reached.values())
        found: dict[tuple, dict] = {}
        for saved, chosen, path in states:
            found.setdefault(self._finish(group, marks[-1] + 1, saved, path), chosen)
        return found

    def loose_space(self, group: tuple, open_readings: dict[int, list]) -> dict[tuple, dict]:
        """A sound over-approximation of `space`: every voter of the group ends with a ballot for any player
        their posts or readings name, or with none. Its combinations carry no rulings (OVER): a
        counterexample built on one is "not proven", never "can change"."""
        names = set()
        for post in self.posts_of[group]:
            entry = self.entries[post.pid]
            if entry.target is not None:
                names.add(entry.target)
            for ruling in open_readings.get(post.pid, ()):
                if ruling.decision == "target" and ruling.target is not None:
                    names.add(ruling.target)
                if entry.unknown:
                    names.update(self.ctx.candidates)
        names |= {b.target for b in self.now(group) if b.target is not None}
        names &= set(self.ctx.players)
        per_voter = []
        for voter in group:
            weight = self.ctx.weight(voter)
            per_voter.append([NO_BALLOT, *(Ballot(n, weight) for n in sorted(names, key=self.ctx.players.index))])
        if prod(len(ballots) for ballots in per_voter) > LOOSE_BUDGET:
            raise _Unbounded(group)
        found: dict[tuple, dict] = {self.now(group): {}}
        for choice in product(*per_voter):
            found.setdefault(choice, {OVER: None})
        return found

    def _anything(self, group: tuple, open_readings: dict, last: int) -> dict[tuple, dict] | None:
        """When every open post of a lone voter is one whose content is unknown, their ballot can be any
        ballot there is — for each candidate, or none — as soon as reading the last of them as each
        gives it (checked by folding, not assumed): then no search is needed. None: search."""
        if self.timed or len(group) > 1 or not all(self.entries[pid].unknown for pid in open_readings):
            return None
        (voter,) = group
        weight = self.ctx.weight(voter)
        found: dict[tuple, dict] = {self.now(group): {}}
        for ruling in open_readings[last]:
            found.setdefault(self.ballot_under(group, {last: ruling}), {last: ruling})
        every = {(Ballot(name, weight),) for name in self.ctx.candidates} | {(NO_BALLOT,)}
        # Every counted ballot is for a candidate at the voter's weight, so these are all there are.
        return found if every <= set(found) and set(found) <= every | {self.now(group)} else None

    def _read_ahead(self, group: tuple) -> list[frozenset | None]:
        """Per post (and one past the last): the pids the group's changes from there on quote. Only a
        change reads which post stands, so other pids need not tell states apart (None in an election,
        whose timeline reads when each ballot stood)."""
        if group not in self._reads:
            posts = self.posts_of[group]
            read: list[frozenset | None] = [frozenset()] * (len(posts) + 1)
            for i in range(len(posts) - 1, -1, -1):
                quotes = getattr(posts[i], "quotes", None) or []
                quoted = {q.pid if hasattr(q, "pid") else q.get("pid") for q in quotes[:1]}
                read[i] = read[i + 1] | quoted if self.entries[posts[i].pid].kind == "change" else read[i + 1]
            self._reads[group] = [None] * len(read) if self.timed else read
        return self._reads[group]

    def _finish(self, group: tuple, index: int, saved: tuple, path: tuple) -> tuple:
        """The ballots a state before post `index` ends the day with, the rest folded as decided;
        memoised, so the what-ifs of all flags share the group's remaining posts."""
        posts, read = self.posts_of[group], self._read_ahead(group)
        walked = []
        ballots = None
        while index < len(posts):
            key = (group, index, _as_read(_saved_signature(saved), read[index], self.changes_allowed), path)
            ballots = self._finals.get(key)
            if ballots is not None:
                break
            walked.append(key)
            (_, saved), path = self._step(group, posts[index], saved, None, path, read[index])
            index += 1
        if ballots is None:
            ballots = _ballots(saved, path)
        for key in walked:
            self._finals[key] = ballots
        return ballots

    def _scratch(self, pid: int, option):
        """One fold reused for every single step: emptied, with the day's rulings and this reading."""
        fold = self._fold
        if fold is None:
            fold = self._fold = self.fold({})
        fold.standing.clear(), fold.tried.clear(), fold.entries.clear(), fold.timeline.clear()
        fold.audit = None
        fold._posts_by_pid.clear(), fold._entry_of.clear()
        fold.rulings = {**self.rulings, pid: option} if option is not None else self.rulings
        return fold

    def _step(self, group: tuple, post, saved: tuple, option, path: tuple, read: frozenset | None) -> tuple[tuple, tuple]:
        """One post folded from a saved state under one reading: ((signature, saved state), path). The
        signature is all later posts read, so the same post, state and reading always step alike: the
        flags' what-ifs and the joint search share the steps; `read` says which standing pids matter."""
        key = (post.pid, _as_read(_saved_signature(saved), read, self.changes_allowed), option)
        done = self._steps.get(key)
        if done is None:
            spent = self._spent[group] = self._spent.get(group, 0) + 1
            self.spent += 1
            if spent > GROUP_BUDGET or self.spent > DAY_BUDGET:
                raise _TooMany(group)
            fold = self._scratch(post.pid, option)
            _restore(fold, group, saved)
            fold.step(post)
            done = self._steps[key] = (_signature(fold, group), _saved(fold, group))
        if self.timed:
            path = _moved_saved(path, done[1])
        return done, path

    def ballot_under(self, group: tuple, chosen: dict) -> tuple:
        """The group's ballots with these readings (pid → ruling) of their posts."""
        fold, paths = self.fold(chosen), self._start(group)
        for post in self.posts_of[group]:
            fold.step(post)
            paths = _moved(paths, fold, group, self.timed)
        return _ballots(_saved(fold, group), paths)


def _moved_saved(paths: tuple, saved: tuple) -> tuple:
    """_moved, read off a saved state."""
    out = []
    for path, (_tried, s) in zip(paths, saved):
        now = (s.entry.pid, s.target) if s is not None else None
        out.append(path if (path[-1] if path else None) == now else (*path, now))
    return tuple(out)


# -- step 2: the day ---------------------------------------------------------------------------------

class _Day:
    """The outcome rule of one vote day, over ballots: fixed totals plus one combination per open group."""

    def __init__(self, result, rules, holder: str | None, holder_ballot: Ballot, players: list[str]):
        self.rules, self.alive, self.holder = rules, len(result.alive), holder
        self.order = {name: i for i, name in enumerate(players)}
        self.title_rule = rules.elimination != "threshold" and rules.tie == "title_target"
        self.holder_target = holder_ballot.target if holder else None
        self.needed = Fraction(str(rules.threshold)) * self.alive if rules.elimination == "threshold" else None

    def decide(self, totals: dict[str, Fraction], title_target: str | None) -> Outcome:
        # In the fold's order (count, then roster), so tied names read as the day's own result does.
        ranked = sorted(((k, v) for k, v in totals.items() if v > 0), key=lambda kv: (-kv[1], self.order.get(kv[0], 99)))
        return decide_outcome(dict(ranked), self.rules, alive=self.alive, title_target=title_target)


def _same(a: Outcome, b: Outcome) -> bool:
    return (a.kind, sorted(a.names)) == (b.kind, sorted(b.names))


def _add(totals: dict, choice: tuple, sign: int = 1) -> dict:
    """Totals with each ballot of a combination added (sign -1: taken away)."""
    out = totals
    for ballot in choice:
        if ballot.counts:
            if out is totals:
                out = dict(totals)
            out[ballot.target] = out.get(ballot.target, Fraction(0)) + sign * ballot.weight
    return out


def _extreme(fixed: dict, spaces: dict, coef: dict[str, int], sign: int) -> tuple[Fraction, dict]:
    """The largest (sign 1) or smallest (sign -1) value of Σ coef·total over every combination of
    ballots, and a combination that reaches it: each group independently picks its best."""
    value = sum((coef[name] * fixed.get(name, Fraction(0)) for name in coef), Fraction(0))
    chosen: dict = {}
    for space in spaces.values():
        best, rulings = max(space.items(), key=lambda kv: sign * _gain(kv[0], coef))
        value += _gain(best, coef)
        chosen.update(rulings)
    return value, chosen


def _gain(choice: tuple, coef: dict[str, int]) -> Fraction:
    return sum((coef.get(b.target, 0) * b.weight for b in choice if b.counts), Fraction(0))


def _names(fixed: dict, spaces: dict) -> list[str]:
    names = [n for n, v in fixed.items() if v]
    for space in spaces.values():
        names += [b.target for choice in space for b in choice if b.counts]
    return list(dict.fromkeys(names))


def _holder_ballot(day: _Day, group: tuple, choice: tuple) -> Ballot:
    return choice[group.index(day.holder)]


def _split_on_holder(day: _Day, fixed: dict, spaces: dict):
    """Under 「平票时警长投的人出局」 the holder's ballot is also the tie-break: one branch per combination
    of the holder's group."""
    group = next((g for g in spaces if day.holder in g), None) if day.title_rule else None
    if group is not None:
        rest = {g: s for g, s in spaces.items() if g != group}
        for choice, rulings in spaces[group].items():
            yield _add(fixed, choice), rest, _holder_ballot(day, group, choice).target, rulings
    else:
        yield fixed, spaces, day.holder_target, {}


def _someone_out(day: _Day, base: Outcome, fixed: dict, spaces: dict) -> tuple[bool, dict | None]:
    """For a day where nobody goes out: (whether the search finished, a combination that puts someone out or calls a runoff)
    — a cheap greedy try first, then the exact search within its budget."""
    chosen = _greedy(day, base, [(x, fixed, spaces, day.holder_target, {}) for x in _names(fixed, spaces)])
    if chosen is not None:
        return True, chosen
    return _search(day, base, fixed, spaces)


def _broken_none(day: _Day, base: Outcome, fixed: dict, spaces: dict) -> dict | None:
    """For a day where nobody goes out: a combination under which someone does (or a runoff is called), or None if none can;
    where the search cannot finish, the day is held (OVER)."""
    complete, chosen = _someone_out(day, base, fixed, spaces)
    return chosen if chosen is not None else None if complete else {OVER: None}


def _broken(day: _Day, base: Outcome, fixed: dict, spaces: dict) -> dict | None:
    """For an outcome that puts X out or sends a group to a runoff/revote: a combination under which it
    no longer holds, or None if it holds under all (exact: each condition is a bound on a sum)."""
    if base.kind == NONE:
        return _broken_none(day, base, fixed, spaces)
    for fixed_h, rest, title_target, held in _split_on_holder(day, fixed, spaces):
        names = _names(fixed_h, rest)
        leaders = list(base.names)
        first = leaders[0]
        conditions: list[tuple[dict, int, Fraction, bool]] = []  # (coef, sign, bound, strict): extreme must stay below/above
        if base.kind == OUT:
            tie_ok = day.title_rule and title_target == first
            for rival in names:
                if rival != first:
                    conditions.append(({rival: 1, first: -1}, 1, Fraction(0), not tie_ok))
        else:
            for other in leaders[1:]:
                conditions.append(({other: 1, first: -1}, 1, Fraction(0), False))
                conditions.append(({first: 1, other: -1}, 1, Fraction(0), False))
            for rival in names:
                if rival not in leaders:
                    conditions.append(({rival: 1, first: -1}, 1, Fraction(0), True))
        conditions.append(({first: 1}, -1, Fraction(0), True))
        if day.needed is not None:
            conditions.append(({first: 1}, -1, day.needed, False))
        for coef, sign, bound, strict in conditions:
            value, chosen = _extreme(fixed_h, rest, coef, sign)
            past = (value >= bound if strict else value > bound) if sign == 1 else (
                value <= bound if strict else value < bound)
            if past:
                return {**held, **chosen}
    return None


def _search(day: _Day, base: Outcome, fixed: dict, spaces: dict) -> tuple[bool, dict | None]:
    """Every combination, merging those that reach the same totals: (searched all, a combination that
    changes the outcome). Totals are integer vectors (weights scaled to whole numbers) and each state
    keeps only a pointer to the state it grew from; gives up past STATE_BUDGET states."""
    names = _names(fixed, spaces)
    index = {name: i for i, name in enumerate(names)}
    weights = [fixed.get(n, Fraction(0)) for n in names] + [
        b.weight for space in spaces.values() for choice in space for b in choice]
    scale = 1
    for w in weights:
        scale = scale * w.denominator // gcd(scale, w.denominator)
    start = tuple(int(fixed.get(n, Fraction(0)) * scale) for n in names)
    holder_moves = day.title_rule  # only then is the holder's target part of the state
    groups = list(spaces)
    layers: list[dict] = [{(start, day.holder_target if holder_moves else None): None}]
    for group in groups:
        holds = holder_moves and day.holder in group
        options = [([(index[b.target], int(b.weight * scale)) for b in choice if b.counts],
                    _holder_ballot(day, group, choice).target if holds else None) for choice in spaces[group]]
        grown: dict = {}
        for key in layers[-1]:
            vector, title_target = key
            for choice, (moves, target) in enumerate(options):
                moved = vector
                if moves:
                    moved = list(vector)
                    for at, weight in moves:
                        moved[at] += weight
                    moved = tuple(moved)
                new = (moved, target if holds else title_target)
                if new not in grown:
                    grown[new] = (key, choice)
        if len(grown) > STATE_BUDGET:
            return False, None
        layers.append(grown)
    for key in layers[-1]:
        vector, title_target = key
        totals = {names[i]: Fraction(v, scale) for i, v in enumerate(vector) if v}
        if not _same(day.decide(totals, title_target if holder_moves else day.holder_target), base):
            chosen: dict = {}
            for depth in range(len(groups), 0, -1):  # walk the pointers back to the combination
                parent, choice = layers[depth][key]
                chosen.update(list(spaces[groups[depth - 1]].values())[choice])
                key = parent
            return True, chosen
    return True, None


def _nobody_stays(day: _Day, base: Outcome, fixed: dict, spaces: dict) -> tuple[bool, dict | None]:
    """Beyond the search budget, for a day where nobody is out: (proven, a counterexample found). Proven
    when no player can even reach the top alone with enough votes and, where ties go to a runoff or a
    revote, no two can even share it."""
    possible, shared = [], False
    for fixed_h, rest, title_target, held in _split_on_holder(day, fixed, spaces):
        names = _names(fixed_h, rest)

        def lead(a: str, b: str) -> Fraction:
            return _extreme(fixed_h, rest, {a: 1, b: -1}, 1)[0]

        def enough(a: str) -> bool:
            top = _extreme(fixed_h, rest, {a: 1}, 1)[0]
            return top > 0 and (day.needed is None or top >= day.needed)

        for x in names:
            tie_ok = day.title_rule and title_target == x
            if enough(x) and all((lead(x, y) >= 0 if tie_ok else lead(x, y) > 0) for y in names if y != x):
                possible.append((x, fixed_h, rest, title_target, held))
        if day.rules.tie in ("runoff", "revote") and not shared:
            shared = any(enough(a) and enough(b) and lead(a, b) >= 0 and lead(b, a) >= 0
                         for a, b in combinations(names, 2))
    if not possible and not shared:
        return True, None
    return False, _greedy(day, base, possible)


def _greedy(day: _Day, base: Outcome, possible: list) -> dict | None:
    """Try to put each possible X out: X's ballots where a group has them, no ballot where it can, else
    the ballots for whoever has least."""
    for x, fixed, rest, title_target, held in possible:
        totals, chosen = dict(fixed), dict(held)
        for space in rest.values():
            options = list(space.items())
            pick = max(options, key=lambda kv: (sum(b.target == x and b.counts for b in kv[0]),
                                                -sum(b.counts for b in kv[0]),
                                                -sum(totals.get(b.target, 0) for b in kv[0] if b.counts)))
            totals = _add(totals, pick[0])
            chosen.update(pick[1])
        if not _same(day.decide(totals, title_target), base):
            return chosen
    return None


# -- the whole analysis ------------------------------------------------------------------------------

TOO_TANGLED_WORDS = "有投票者的待裁定帖太多、互相牵连，无法逐一验证所有组合：不能证明结果不变（请先裁定）"


def weigh(result, posts: list, ctx, rulings, history, verdicts, fold_type, ruling_type) -> Proof:
    """Mark each flag with the what-ifs of its own readings, and prove (or refute) that the outcome is
    the same under every combination of readings of all open flags."""
    voters = Voters(result, posts, ctx, rulings, history, verdicts, fold_type)
    entries = voters.entries
    open_of: dict[tuple, dict[int, list]] = {}
    loose = set()  # flagged posts that speak for no voter we know: always doubtful
    for flag in result.flags:
        entry = entries[flag.pid]
        if entry.voter is None or entry.unprovable or voters.group_of.get(entry.voter) not in voters.posts_of:
            loose.add(flag.pid)
            continue
        open_of.setdefault(voters.group_of[entry.voter], {})[flag.pid] = entry.space
    election = result.kind == "election"
    base = result.outcome
    holder = result.title_holder
    day = _Day(result, ctx.rules, holder, voters.current.get(holder, NO_BALLOT) if holder else NO_BALLOT, ctx.players)

    def outcome_with(changes: dict[tuple, tuple], chosen: dict) -> Outcome:
        if election:
            fold = voters.fold(chosen)
            for post in posts:
                fold.step(post)
            return fold.finish().outcome
        totals = dict(result.totals)
        title_target = day.holder_target
        for group, choice in changes.items():
            totals = _add(_add(totals, voters.now(group), -1), choice)
            if holder in group:
                title_target = _holder_ballot(day, group, choice).target
        return day.decide(totals, title_target)

    over: set[tuple] = set()  # groups too large to search: over-approximated
    unbounded: set[tuple] = set()  # groups too large even to over-approximate: the day is not proven

    def space_of(group: tuple, open_readings: dict) -> dict | None:
        if group in unbounded:
            return None
        try:
            if group not in over:
                try:
                    return voters.space(group, open_readings)
                except _TooMany:
                    over.add(group)
            return voters.loose_space(group, open_readings)
        except _Unbounded:
            unbounded.add(group)
            return None

    # Each flag alone: its readings that change the outcome, grouped by what they change it to.
    proof: Proof | None = None
    alone: dict = {}  # the first reading found that changes the outcome by itself
    for flag in result.flags:
        entry = entries[flag.pid]
        if flag.pid in loose and not (entry.beside and voters.group_of.get(entry.voter) in voters.posts_of):
            continue
        # (a relay beside the poster's own ballot: each of its readings alone is weighed as any flag's — only the two ballots
        # together are left to the bound below)
        group = voters.group_of[entry.voter]
        space = space_of(group, {flag.pid: open_of[group][flag.pid] if flag.pid not in loose else entry.space})
        if space is None:
            flag.can_change_outcome = True  # not weighed: as doubtful as one that changes it
            continue
        changed: dict[str, list] = {}
        unconfirmed = False
        for choice, chosen in space.items():
            if not chosen:
                continue
            trial = outcome_with({group: choice}, chosen)
            if not _same(trial, base):
                if OVER in chosen:
                    unconfirmed = True
                else:
                    changed.setdefault(trial.describe(), []).append(chosen[flag.pid])
        flag.can_change_outcome = bool(changed) or unconfirmed
        flag.alternatives = [f"{describe_rulings(options)} → {outcome}" for outcome, options in changed.items()]
        if changed and not alone:
            alone = {flag.pid: next(iter(changed.values()))[0]}

    # All of them together. A flag that changes the outcome alone is already a smallest counterexample.
    if loose and not alone:
        # A post we cannot tie to a voter still moves one ballot at most: bound that, do not give up
        spaces = {}
        for group, open_readings in open_of.items():
            space = space_of(group, open_readings)
            if space is not None and len(space) > 1:
                spaces[group] = space
        # Under a title rule (the holder's target wins a tie) a moved ballot may be the holder's: bounded only where no
        # tie at the top is within reach of the posts tied to no voter (an 11 : 1 day is not held by one relay)
        # (a relay beside the poster's own ballot moves two: its own ballot, and the one it passes on — the hostile round 110,
        # case 19: one such relay held a 6 : 2 day)
        moves = [move for pid in loose for move in _moved_by(entries[pid], ctx, result)]
        bound = None if unbounded or election or base.kind not in (OUT, NONE, RUNOFF, REVOTE) or not moves or not all(
            entries[pid].one_ballot or entries[pid].beside for pid in loose) or (
                day.title_rule and not _clear_lead(result, moves)) else _one_ballot_each(result, ctx, moves)
        if bound is not None:
            fixed = dict(result.totals)
            for group in spaces:
                fixed = _add(fixed, voters.now(group), -1)
            if _broken(day, base, fixed, {**spaces, **bound}) is None:
                loose = set()
                proof = Proof(True)
    if loose:
        proof = Proof(False, note="有待裁定的帖子看不出是替谁投的票、可能一帖里有两个人的票，或者太长没有逐句读，无法证明结果不变")
        for flag in result.flags:
            flag.can_change_outcome = flag.can_change_outcome or flag.pid in loose
    elif alone:
        proof = Proof(False, readings=alone)
    elif proof is not None:
        pass  # proven above, the posts tied to no voter bounded
    else:
        spaces = {}
        for group, open_readings in open_of.items():
            space = space_of(group, open_readings)
            if space is not None and len(space) > 1:
                spaces[group] = space
        proof = Proof(False, note=TOO_TANGLED_WORDS) if unbounded else _prove(day, base, result, spaces, voters, election, outcome_with)
    if proof.readings and OVER in proof.readings:
        proof = Proof(False, note=TOO_TANGLED_WORDS)
    if proof.readings:
        proof.readings = _smallest(proof.readings, base, voters, outcome_with)
        changes = _changes(proof.readings, voters)
        proof.outcome = outcome_with(changes, proof.readings)
        together = list(proof.readings)
        for flag in result.flags:
            if flag.pid in proof.readings:
                flag.can_change_outcome = True
                flag.together = [pid for pid in together if pid != flag.pid]
    elif not proof.certain:
        for flag in result.flags:
            if voters.group_of.get(entries[flag.pid].voter) in over | unbounded:
                flag.can_change_outcome = True
    result.flags.sort(key=lambda f: (not f.can_change_outcome, f.floor or 0))

    def what_if(pid: int, ruling) -> Outcome:
        """The day's outcome with one more ruling (the desk shows it beside every button)."""
        voter = entries[pid].voter
        group = voters.group_of.get(voter)
        other = getattr(ruling, "voter", None)
        if group is None or group not in voters.posts_of or (other and other not in group):
            fold = voters.fold({pid: ruling})
            for post in posts:
                fold.step(post)
            return fold.finish().outcome
        return outcome_with({group: voters.ballot_under(group, {pid: ruling})}, {pid: ruling})

    result.what_if = what_if
    return proof


def _moved_by(entry, ctx, result) -> list:
    """(weight, the names it may leave, the names it may join) for each ballot a post tied to no one reading can move: a relay
    for a player it does not name moves one ballot of the heaviest weight off any name; a relay beside the poster's own ballot
    moves the poster's (its weight, off the name it counts for) and the one it passes on (its player's weight, from nobody or off
    his own ballot's name, where every player it may be for is known). None known: no bound. Either joins only a name the post
    may be read as voting for (or nobody) — its readings, where its words are known."""
    weights = [ctx.weight(v) for v in ctx.voters]
    if not weights:
        return []
    heaviest = max(weights)
    anyone = (None, *(name for name, total in result.totals.items() if total > 0))
    sinks = (None, *ctx.candidates_in_order) if entry.unknown or not entry.readings else \
        (None, *(n for n in ctx.candidates_in_order if n in entry.readings))
    if not entry.beside:
        return [(heaviest, anyone, sinks)]
    counted_for = {voter: name for name, cast in result.voters.items() for voter, _ in cast}
    own = entry.voter or entry.author
    mine = (ctx.weight(own), (counted_for.get(own),), sinks) if own in ctx.voters else (heaviest, anyone, sinks)
    whom = [w for w in entry.relayed_for if w in ctx.voters]
    if not whom or len(whom) != len(entry.relayed_for):
        return [mine, (heaviest, anyone, sinks)]
    return [mine, (max(ctx.weight(w) for w in whom), tuple(dict.fromkeys((None, *(counted_for.get(w) for w in whom)))), sinks)]


def _clear_lead(result, moved: list) -> bool:
    """The leader stays ahead alone whatever ballots of these weights do (each may leave the leader and join the next): no tie
    for a title rule to break."""
    ranked = sorted(result.totals.items(), key=lambda kv: -kv[1])
    if not ranked:
        return False
    leader, first = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    # (a ballot that counts for someone else cannot leave the leader: only what may leave him lowers him; one that may join
    # only the leader, or nobody, raises no one else)
    return first - sum(weight for weight, sources, _ in moved if leader in sources) > second + sum(
        weight for weight, _, sinks in moved if any(n not in (None, leader) for n in sinks))


def _one_ballot_each(result, ctx, moved: list) -> dict | None:
    """What posts tied to no voter can do at most, as spaces of their own: each moves one ballot of its weight off one of its
    names (`moved`: the name it counts for, any name that has votes, or nobody) onto one of the names it may join (or nobody).
    An over-approximation (no rulings known to give it: OVER), so a day it cannot break is proven whatever they are."""
    spaces = {}
    for n, (weight, sources, sinks) in enumerate(moved):
        choices: dict[tuple, dict] = {(): {}}
        for source in sources:
            for sink in sinks:
                if source != sink:
                    choice = tuple(b for b in (Ballot(source, -weight) if source else None,
                                               Ballot(sink, weight) if sink else None) if b)
                    choices[choice] = {OVER: None}
        spaces[("?", n)] = choices
    return spaces


def _changes(chosen: dict, voters: Voters) -> dict[tuple, tuple]:
    by_group: dict[tuple, dict] = {}
    for pid, ruling in chosen.items():
        by_group.setdefault(voters.group_of[voters.entries[pid].voter], {})[pid] = ruling
    return {group: voters.ballot_under(group, rulings) for group, rulings in by_group.items()}


def _smallest(chosen: dict, base: Outcome, voters: Voters, outcome_with) -> dict:
    """Drop readings the counterexample does not need, one at a time."""
    for pid in list(chosen):
        without = {k: v for k, v in chosen.items() if k != pid}
        if without and not _same(outcome_with(_changes(without, voters), without), base):
            chosen = without
    return chosen


def _prove(day: _Day, base: Outcome, result, spaces: dict, voters: Voters, election: bool, outcome_with) -> Proof:
    if not spaces:
        return Proof(True)
    fixed = dict(result.totals)
    for group in spaces:
        fixed = _add(fixed, voters.now(group), -1)

    def refuted(chosen: dict) -> Proof:
        return Proof(False, readings=chosen)

    if election:
        # Alone on top under every combination: the timeline cannot matter.
        leader = base.names[0] if base.kind == OUT else None
        if leader:
            plain = copy(day)
            plain.title_rule, plain.needed = False, None
            chosen = _broken(plain, base, fixed, spaces)
            if chosen is None:
                return Proof(True)
            if OVER not in chosen and not _same(outcome_with(_changes(chosen, voters), chosen), base):
                return refuted(chosen)
        combos = 1
        for space in spaces.values():
            combos *= len(space)
        if combos > ELECTION_BUDGET or any(OVER in rulings for space in spaces.values() for rulings in space.values()):
            return Proof(False, note=f"竞选帖的待裁定帖组合太多（{combos} 种），无法逐一验证“最先达到最高票”：不能证明结果不变")
        for pick in product(*(list(space.values()) for space in spaces.values())):
            chosen = {k: v for rulings in pick for k, v in rulings.items()}
            if chosen and not _same(outcome_with(_changes(chosen, voters), chosen), base):
                return refuted(chosen)
        return Proof(True)
    if base.kind in (OUT, RUNOFF, REVOTE):
        chosen = _broken(day, base, fixed, spaces)
        return Proof(True) if chosen is None else refuted(chosen)
    # Nobody out: can some combination put someone out (or into a runoff)?
    complete, chosen = _someone_out(day, base, fixed, spaces)
    if chosen is not None:
        return refuted(chosen)
    if complete:
        return Proof(True)
    proven, chosen = _nobody_stays(day, base, fixed, spaces)
    if chosen is not None:
        return refuted(chosen)
    if proven:
        return Proof(True)
    return Proof(False, note="待裁定帖太多，无法逐一验证所有组合：不能证明结果不变（请先裁定）")
