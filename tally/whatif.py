"""What the open flags could do to a day's result: every reading of every doubtful post, together.

The fold (day.py) decides each post; this module weighs the doubts. A flag's *readings* are the rulings
a director could make on it — for a post whose content at close is unknown, a ballot for any eligible
candidate, an abstention, or nothing. "不影响结果" lets poll post the result unattended, so it is only
ever said of a proof over all readings of all open flags at once.

A ruling moves only its own voter's ballot (the fold keeps one standing ballot per voter, and a voter's
posts never read another voter's state), so the analysis has two steps:

1. per voter, every ballot the voter can end the day with over all readings of their open flags: a
   search over the voter's own fold states, post by post, merging paths that reach the same state;
2. for the day, whether some choice of one such ballot per voter gives another outcome.

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
from math import gcd
from itertools import combinations, product

from .outcome import OUT, REVOTE, RUNOFF, Outcome, decide_outcome

STATE_BUDGET = 20_000  # distinct (totals, title target) states searched exactly for a day where nobody is out
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
    if ruling.decision == "target":
        return f"计为「{ruling.target or '弃权'}」"
    return {"accept": "裁定有效", "reject": "裁定无效"}[ruling.decision]


def describe_rulings(options: list) -> str:
    """What-if rulings as a flag lists them: 「裁定计为「郭靖」」, 「裁定计为「郭靖」「黄蓉」或「弃权」」, 「裁定有效」."""
    targets = [f"「{r.target or '弃权'}」" for r in options if r.decision == "target"]
    others = [ruling_words(r) for r in options if r.decision != "target"]
    words = []
    if targets:
        words.append("裁定计为" + ("".join(targets[:-1]) + "或" + targets[-1] if len(targets) > 1 else targets[0]))
    return "、".join(words + others)


# -- the readings of one doubtful post ---------------------------------------------------------------

def readings(entry, ctx, ruling_type) -> list:
    """Everything else an open flag's post could truly be, as the rulings that say so (the post as the
    fold decided it is the reading not listed)."""
    if entry.unknown:
        # Content unknown at close: a ballot for anyone who could be voted for, an abstention, or nothing.
        names = [p for p in ctx.players if p in ctx.candidates]
        return [*(ruling_type(entry.pid, "target", n) for n in names), ruling_type(entry.pid, "target", None),
                ruling_type(entry.pid, "reject")]
    names = list(dict.fromkeys([*([entry.suggestion] if entry.suggestion else []), *entry.readings]))
    options = [ruling_type(entry.pid, "target", n) for n in names if n in ctx.players]
    if entry.kind != "none" or entry.nobody:
        # A ballot can always be ruled an abstention; a post that is no ballot only where it says so.
        options.append(ruling_type(entry.pid, "target", None))
    if entry.verdict != "counted" and entry.target in ctx.players:
        options.append(ruling_type(entry.pid, "accept"))  # the rule it broke waived
    if entry.verdict in ("counted", "superseded"):
        options.append(ruling_type(entry.pid, "reject"))
    return options


# -- step 1: every ballot one voter can end the day with ---------------------------------------------

def _signature(fold, voter: str) -> tuple:
    """All of a voter's fold state that their later posts read: the standing ballot and whether an
    invalid one was tried (other voters' state is never read by this voter's posts)."""
    s = fold.standing.get(voter)
    ballot = None if s is None else (s.entry.pid, s.entry.verdict, s.entry.target, s.entry.weight, s.target, s.changes)
    return voter in fold.tried, ballot


def _clone(entry):
    """A shallow copy of an Entry (copy.copy goes through __reduce_ex__: five times slower)."""
    twin = object.__new__(type(entry))
    twin.__dict__.update(entry.__dict__)
    return twin


def _saved(fold, voter: str) -> tuple:
    s = fold.standing.get(voter)
    # Copies: later posts mark a standing entry superseded, which must not reach the saved state.
    tried = list(fold.tried[voter]) if voter in fold.tried else None
    return tried, None if s is None else type(s)(_clone(s.entry), s.target, s.changes)


def _saved_signature(saved: tuple) -> tuple:
    """_signature of a saved state."""
    tried, s = saved
    ballot = None if s is None else (s.entry.pid, s.entry.verdict, s.entry.target, s.entry.weight, s.target, s.changes)
    return tried is not None, ballot


def _as_read(signature: tuple, read: frozenset | None) -> tuple:
    """A signature with the standing post's pid kept only where a later change will check it (its
    quote must be the standing ballot): states that differ only in an unread pid behave alike."""
    tried, ballot = signature
    if read is None or ballot is None or ballot[0] in read:
        return signature
    return tried, (None, *ballot[1:])


def _restore(fold, voter: str, saved: tuple) -> None:
    tried, standing = saved
    if tried is not None:
        fold.tried[voter] = list(tried)
    if standing is not None:
        fold.standing[voter] = type(standing)(_clone(standing.entry), standing.target, standing.changes)


def _ballot(saved: tuple, path: tuple = ()) -> Ballot:
    standing = saved[1]
    if standing is None or standing.entry.verdict != "counted":
        return Ballot(None, Fraction(0), path)
    return Ballot(standing.target, standing.entry.weight if standing.target is not None else Fraction(0), path)


def _moved(path: tuple, fold, voter: str, timed: bool) -> tuple:
    """The voter's sequence of standing ballots, one step longer if this post moved it (elections only)."""
    if not timed:
        return path
    s = fold.standing.get(voter)
    now = (s.entry.pid, s.target) if s is not None else None
    return path if (path[-1] if path else None) == now else (*path, now)


class Voters:
    """The day's posts grouped by the voter they speak for, with each voter's fold under the day's rulings."""

    def __init__(self, result, posts: list, ctx, rulings, history, verdicts, fold_type):
        self.result, self.posts, self.ctx = result, posts, ctx
        self.rulings, self.history, self.verdicts, self.fold_type = rulings, history, verdicts, fold_type
        self.timed = result.kind == "election"
        self.entries = {e.pid: e for e in result.entries}
        self.posts_of: dict[str, list] = {}
        for post in posts:
            voter = self.entries[post.pid].voter
            if voter is not None:
                self.posts_of.setdefault(voter, []).append(post)
        self._baselines: dict[str, tuple[list, list, Ballot]] = {}
        self._steps: dict[tuple, tuple] = {}
        self._finals: dict[tuple, Ballot] = {}
        self._fold = None
        self._reads: dict[str, list] = {}
        self.now: dict[str, Ballot] = {voter: self._baseline(voter)[2] for voter in self.posts_of} if self.timed else {}
        if not self.timed:
            for e in result.entries:
                if e.verdict == "counted" and e.voter is not None:
                    self.now[e.voter] = Ballot(e.target, e.weight if e.target is not None else Fraction(0))

    def fold(self, extra: dict):
        return self.fold_type(self.ctx, {**self.rulings, **extra} if extra else self.rulings, self.history, self.verdicts)

    def _baseline(self, voter: str) -> tuple[list, list, Ballot]:
        """The voter's fold under the day's rulings: (state before each post, signature after each, the
        ballot it ends with)."""
        if voter not in self._baselines:
            fold = self.fold({})
            before, after, path = [], [], ()
            for post in self.posts_of[voter]:
                before.append((_saved(fold, voter), path))
                fold.step(post)
                path = _moved(path, fold, voter, self.timed)
                after.append(_signature(fold, voter))
            self._baselines[voter] = (before, after, _ballot(_saved(fold, voter), path))
        return self._baselines[voter]

    def space(self, voter: str, open_readings: dict[int, list]) -> dict[Ballot, dict]:
        """Every ballot the voter can end with, each with one combination of readings that gives it
        ({} = as decided). From the first open post to the last, every reading of each is folded, paths
        that reach the same state merged; from there on the posts fold as decided (memoised by state)."""
        posts = self.posts_of[voter]
        marks = [i for i, post in enumerate(posts) if post.pid in open_readings]
        whole = self._anything(voter, open_readings, posts[marks[-1]].pid)
        if whole is not None:
            return whole
        before = self._baseline(voter)[0]
        read = self._read_ahead(voter)
        saved0, path0 = before[marks[0]]
        states: list[tuple[tuple, dict, tuple]] = [(saved0, {}, path0)]
        for index in range(marks[0], marks[-1] + 1):
            post = posts[index]
            options = [None, *open_readings[post.pid]] if post.pid in open_readings else [None]
            reached: dict[tuple, tuple] = {}
            for saved, chosen, path in states:
                for option in options:
                    (signature, after), moved = self._step(voter, post, saved, option, path, read[index])
                    key = (_as_read(signature, read[index + 1]), moved)
                    if key not in reached:
                        reached[key] = (after, {**chosen, post.pid: option} if option is not None else chosen, moved)
            states = list(reached.values())
        found: dict[Ballot, dict] = {}
        for saved, chosen, path in states:
            found.setdefault(self._finish(voter, marks[-1] + 1, saved, path), chosen)
        return found

    def _anything(self, voter: str, open_readings: dict, last: int) -> dict[Ballot, dict] | None:
        """When every open post of the voter is one whose content is unknown, their ballot can be any
        ballot there is — for each candidate, or none — as soon as reading the last of them as each
        gives it (checked by folding, not assumed): then no search is needed. None: search."""
        if self.timed or not all(self.entries[pid].unknown for pid in open_readings):
            return None
        weight = self.ctx.weight(voter)
        found: dict[Ballot, dict] = {self.now.get(voter, NO_BALLOT): {}}
        for ruling in open_readings[last]:
            ballot = self.ballot_under(voter, {last: ruling})
            found.setdefault(ballot, {last: ruling})
        every = {Ballot(name, weight) for name in self.ctx.candidates} | {NO_BALLOT}
        # Every counted ballot is for a candidate at the voter's weight, so these are all there are.
        return found if every <= set(found) and set(found) <= every | {self.now.get(voter, NO_BALLOT)} else None

    def _read_ahead(self, voter: str) -> list[frozenset | None]:
        """Per post (and one past the last): the pids the voter's changes from there on quote. Only a
        change reads which post stands, so other pids need not tell states apart (None in an election,
        whose timeline reads when each ballot stood)."""
        if voter not in self._reads:
            posts = self.posts_of[voter]
            read: list[frozenset | None] = [frozenset()] * (len(posts) + 1)
            for i in range(len(posts) - 1, -1, -1):
                quotes = getattr(posts[i], "quotes", None) or []
                quoted = {q.pid if hasattr(q, "pid") else q.get("pid") for q in quotes[:1]}
                read[i] = read[i + 1] | quoted if self.entries[posts[i].pid].kind == "change" else read[i + 1]
            self._reads[voter] = [None] * len(read) if self.timed else read
        return self._reads[voter]

    def _finish(self, voter: str, index: int, saved: tuple, path: tuple) -> Ballot:
        """The ballot a state before post `index` ends the day with, the rest folded as decided;
        memoised, so the what-ifs of all flags share the voter's remaining posts."""
        posts, read = self.posts_of[voter], self._read_ahead(voter)
        walked = []
        ballot = None
        while index < len(posts):
            signature = _saved_signature(saved)
            key = (voter, index, _as_read(signature, read[index]), path)
            ballot = self._finals.get(key)
            if ballot is not None:
                break
            walked.append(key)
            (_, saved), path = self._step(voter, posts[index], saved, None, path, read[index])
            index += 1
        if ballot is None:
            ballot = _ballot(saved, path)
        for key in walked:
            self._finals[key] = ballot
        return ballot

    def _scratch(self, pid: int, option):
        """One fold reused for every single step: emptied, with the day's rulings and this reading."""
        fold = self._fold
        if fold is None:
            fold = self._fold = self.fold({})
        fold.standing.clear(), fold.tried.clear(), fold.entries.clear(), fold.audit.clear(), fold.timeline.clear()
        fold._posts_by_pid.clear()
        fold.rulings = {**self.rulings, pid: option} if option is not None else self.rulings
        return fold

    def _step(self, voter: str, post, saved: tuple, option, path: tuple, read: frozenset | None) -> tuple[tuple, tuple]:
        """One post folded from a saved state under one reading: ((signature, saved state), path). The
        signature is all later posts read, so the same post, state and reading always step alike: the
        flags' what-ifs and the joint search share the steps; `read` says which standing pids matter."""
        key = (post.pid, _as_read(_saved_signature(saved), read), option)
        done = self._steps.get(key)
        if done is None:
            fold = self._scratch(post.pid, option)
            _restore(fold, voter, saved)
            fold.step(post)
            done = self._steps[key] = ((_signature(fold, voter), _saved(fold, voter)), fold.standing.get(voter))
        state, standing = done
        if self.timed:
            now = (standing.entry.pid, standing.target) if standing is not None else None
            path = path if (path[-1] if path else None) == now else (*path, now)
        return state, path

    def ballot_under(self, voter: str, chosen: dict) -> Ballot:
        """The voter's ballot with these readings (pid → ruling) of their posts."""
        fold, path = self.fold(chosen), ()
        for post in self.posts_of[voter]:
            fold.step(post)
            path = _moved(path, fold, voter, self.timed)
        return _ballot(_saved(fold, voter), path)


# -- step 2: the day ---------------------------------------------------------------------------------

class _Day:
    """The outcome rule of one vote day, over ballots: fixed totals plus one ballot per open voter."""

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


def _add(totals: dict, ballot: Ballot, sign: int = 1) -> dict:
    if not ballot.counts:
        return totals
    out = dict(totals)
    out[ballot.target] = out.get(ballot.target, Fraction(0)) + sign * ballot.weight
    return out


def _extreme(fixed: dict, spaces: dict, coef: dict[str, int], sign: int) -> tuple[Fraction, dict]:
    """The largest (sign 1) or smallest (sign -1) value of Σ coef·total over every combination of
    ballots, and a combination that reaches it: each voter independently picks their best ballot."""
    value = sum((coef[name] * fixed.get(name, Fraction(0)) for name in coef), Fraction(0))
    chosen: dict = {}
    for space in spaces.values():
        best, rulings = max(space.items(), key=lambda kv: sign * _gain(kv[0], coef))
        value += _gain(best, coef)
        chosen.update(rulings)
    return value, chosen


def _gain(ballot: Ballot, coef: dict[str, int]) -> Fraction:
    return coef.get(ballot.target, 0) * ballot.weight if ballot.counts else Fraction(0)


def _names(fixed: dict, spaces: dict) -> list[str]:
    names = [n for n, v in fixed.items() if v]
    for space in spaces.values():
        names += [b.target for b in space if b.counts]
    return list(dict.fromkeys(names))


def _split_on_holder(day: _Day, fixed: dict, spaces: dict):
    """Under 「平票时警长投的人出局」 the holder's ballot is also the tie-break: one branch per holder ballot."""
    if day.title_rule and day.holder in spaces:
        rest = {v: s for v, s in spaces.items() if v != day.holder}
        for ballot, rulings in spaces[day.holder].items():
            yield _add(fixed, ballot), rest, ballot.target, rulings
    else:
        yield fixed, spaces, day.holder_target, {}


def _broken(day: _Day, base: Outcome, fixed: dict, spaces: dict) -> dict | None:
    """For an outcome that puts X out or sends a group to a runoff/revote: a combination under which it
    no longer holds, or None if it holds under all (exact: each condition is a bound on a sum)."""
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
    weights = [fixed.get(n, Fraction(0)) for n in names] + [b.weight for space in spaces.values() for b in space]
    scale = 1
    for w in weights:
        scale = scale * w.denominator // gcd(scale, w.denominator)
    start = tuple(int(fixed.get(n, Fraction(0)) * scale) for n in names)
    holder_moves = day.title_rule  # only then is the holder's target part of the state
    voters = list(spaces)
    layers: list[dict] = [{(start, day.holder_target if holder_moves else None): None}]
    for voter in voters:
        options = [(index.get(b.target, -1) if b.counts else -1, int(b.weight * scale), b.target) for b in spaces[voter]]
        grown: dict = {}
        for key in layers[-1]:
            vector, title_target = key
            for choice, (at, weight, target) in enumerate(options):
                if at >= 0:
                    moved = list(vector)
                    moved[at] += weight
                    moved = tuple(moved)
                else:
                    moved = vector
                tt = target if holder_moves and voter == day.holder else title_target
                new = (moved, tt)
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
            for depth in range(len(voters), 0, -1):  # walk the pointers back to the combination
                parent, choice = layers[depth][key]
                chosen.update(list(spaces[voters[depth - 1]].values())[choice])
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
    """Try to put each possible X out: X's ballots where a voter has one, no ballot where they can, else
    the ballot for whoever has least."""
    for x, fixed, rest, title_target, held in possible:
        totals, chosen = dict(fixed), dict(held)
        for space in rest.values():
            options = list(space.items())
            pick = max(options, key=lambda kv: (kv[0].target == x and kv[0].counts, not kv[0].counts,
                                                 -totals.get(kv[0].target, 0) if kv[0].counts else 0))
            totals = _add(totals, pick[0])
            chosen.update(pick[1])
        if not _same(day.decide(totals, title_target), base):
            return chosen
    return None


# -- the whole analysis ------------------------------------------------------------------------------

def weigh(result, posts: list, ctx, rulings, history, verdicts, fold_type, ruling_type) -> Proof:
    """Mark each flag with the what-ifs of its own readings, and prove (or refute) that the outcome is
    the same under every combination of readings of all open flags."""
    voters = Voters(result, posts, ctx, rulings, history, verdicts, fold_type)
    entries = voters.entries
    open_of: dict[str, dict[int, list]] = {}
    loose = set()  # flagged posts that speak for no voter we know: always doubtful
    for flag in result.flags:
        entry = entries[flag.pid]
        options = readings(entry, ctx, ruling_type)
        if entry.voter is None or entry.voter not in voters.posts_of:
            loose.add(flag.pid)
            continue
        open_of.setdefault(entry.voter, {})[flag.pid] = options
    election = result.kind == "election"
    base = result.outcome
    holder = result.title_holder
    day = _Day(result, ctx.rules, holder, voters.now.get(holder, NO_BALLOT) if holder else NO_BALLOT, ctx.players)

    def outcome_with(changes: dict[str, Ballot], chosen: dict) -> Outcome:
        if election:
            fold = voters.fold(chosen)
            for post in posts:
                fold.step(post)
            return fold.finish().outcome
        totals = dict(result.totals)
        for voter, ballot in changes.items():
            totals = _add(_add(totals, voters.now.get(voter, NO_BALLOT), -1), ballot)
        title_target = changes[holder].target if holder in changes else day.holder_target
        return day.decide(totals, title_target)

    # Each flag alone: its readings that change the outcome, grouped by what they change it to.
    alone: dict = {}  # the first reading found that changes the outcome by itself
    for flag in result.flags:
        entry = entries[flag.pid]
        if flag.pid in loose:
            continue
        space = voters.space(entry.voter, {flag.pid: open_of[entry.voter][flag.pid]})
        changed: dict[str, list] = {}
        for ballot, chosen in space.items():
            if not chosen:
                continue
            trial = outcome_with({entry.voter: ballot}, chosen)
            if not _same(trial, base):
                changed.setdefault(trial.describe(), []).append(chosen[flag.pid])
        flag.can_change_outcome = bool(changed)
        flag.alternatives = [f"{describe_rulings(options)} → {outcome}" for outcome, options in changed.items()]
        if changed and not alone:
            alone = {flag.pid: next(iter(changed.values()))[0]}

    # All of them together. A flag that changes the outcome alone is already a smallest counterexample.
    if loose:
        proof = Proof(False, note="有待裁定的帖子看不出是替谁投的票，无法证明结果不变")
        for flag in result.flags:
            flag.can_change_outcome = flag.can_change_outcome or flag.pid in loose
    elif alone:
        proof = Proof(False, readings=alone)
    else:
        spaces = {}
        for voter, open_readings in open_of.items():
            space = voters.space(voter, open_readings)
            if len(space) > 1:
                spaces[voter] = space
        proof = _prove(day, base, result, spaces, voters, election, outcome_with)
    if proof.readings:
        proof.readings = _smallest(proof.readings, base, voters, outcome_with)
        changes = _changes(proof.readings, voters)
        proof.outcome = outcome_with(changes, proof.readings)
        together = list(proof.readings)
        for flag in result.flags:
            if flag.pid in proof.readings:
                flag.can_change_outcome = True
                flag.together = [pid for pid in together if pid != flag.pid]
    result.flags.sort(key=lambda f: (not f.can_change_outcome, f.floor or 0))

    def what_if(pid: int, ruling) -> Outcome:
        """The day's outcome with one more ruling (the desk shows it beside every button)."""
        voter = entries[pid].voter
        if voter is None or voter not in voters.posts_of:
            fold = voters.fold({pid: ruling})
            for post in posts:
                fold.step(post)
            return fold.finish().outcome
        return outcome_with({voter: voters.ballot_under(voter, {pid: ruling})}, {pid: ruling})

    result.what_if = what_if
    return proof


def _changes(chosen: dict, voters: Voters) -> dict[str, Ballot]:
    by_voter: dict[str, dict] = {}
    for pid, ruling in chosen.items():
        by_voter.setdefault(voters.entries[pid].voter, {})[pid] = ruling
    return {voter: voters.ballot_under(voter, rulings) for voter, rulings in by_voter.items()}


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
    for voter in spaces:
        fixed = _add(fixed, voters.now.get(voter, NO_BALLOT), -1)

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
            if not _same(outcome_with(_changes(chosen, voters), chosen), base):
                return refuted(chosen)
        combos = 1
        for space in spaces.values():
            combos *= len(space)
        if combos > ELECTION_BUDGET:
            return Proof(False, note=f"竞选帖的待裁定帖组合太多（{combos} 种），无法逐一验证“最先达到最高票”：不能证明结果不变")
        for pick in product(*(list(space.values()) for space in spaces.values())):
            chosen = {k: v for rulings in pick for k, v in rulings.items()}
            if chosen and not _same(outcome_with(_changes(chosen, voters), chosen), base):
                return refuted(chosen)
        return Proof(True)
    if base.kind in (OUT, RUNOFF, REVOTE):
        chosen = _broken(day, base, fixed, spaces)
        return Proof(True) if chosen is None else refuted(chosen)
    # Nobody out: can some combination put someone out (or into a runoff)? A cheap greedy try first.
    chosen = _greedy(day, base, [(x, fixed, spaces, day.holder_target, {}) for x in _names(fixed, spaces)])
    if chosen is not None:
        return refuted(chosen)
    complete, chosen = _search(day, base, fixed, spaces)
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
