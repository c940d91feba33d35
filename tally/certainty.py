"""Which verdicts a director would sign without looking, and everything else a doubtful post could be.

The definition, in one place. A post's verdict is **certain** only when

1. its words are unmistakably the poster's own ballot, now and unconditionally — a labelled or plainly
   worded ballot with one target, outside any quote, not reported speech, not hypothetical or
   conditional, not a relay for someone else, the name matched exactly (or by the game file's alias)
   — or unmistakably no ballot at all; the grammar says which (`grammar.ballot.Verdict.doubts`, with
   the independent recall detector, not the grammar's own success, deciding whether words may be
   certain); and
2. facts decide what those words do: the post's time against the start and the close, the roster and
   the alive list, the quote pointer the page carries, an explicit rule of the preset. Where a fact is
   itself unknown (content hidden or edited after the close, a time that straddles the close) or a
   rule is the director's to apply (a reply to one's own vote floor written as a new vote where a
   change must quote), the fold flags the post.

Everything else is doubtful — a flag — and carries its **complete reading space** (`space`): each
player it could mean; for whom it could count (the poster, or the player a relay is for); a change or
a new ballot; an abstention; not a ballot at all. whatif.py proves the day's result over exactly these
readings, and the JSON, `bansha review` and the desk show exactly these readings (`readings`).
"""

from __future__ import annotations

from dataclasses import dataclass

VOTE, CHANGE, PROXY, ABSTAIN, NONE = "vote", "change", "proxy", "abstain", "none"


@dataclass(frozen=True)
class Reading:
    """One way a post can count: `kind` (vote | change | proxy | abstain | none), the player counted
    (None: nobody), and the voter it counts for (None where it counts for nobody)."""

    kind: str
    target: str | None
    voter: str | None
    ruling: object = None  # the ruling that gives this reading; None: the fold's own verdict

    def to_json(self) -> dict:
        return {"kind": self.kind, "target": self.target, "for": self.voter}

    @property
    def key(self) -> tuple:
        return self.kind, self.target, self.voter

    def words(self, author: str | None = None) -> str:
        """In the director's words: 「计为 X」「算作 Y 的票，计为 X」「弃权」「不是投票」."""
        if self.kind == NONE:
            return "不是投票（不计票）"
        whose = f"算作 {self.voter} 的票，" if self.voter and author and self.voter != author else ""
        if self.kind == ABSTAIN:
            return f"{whose}弃权" if whose else "弃权"
        what = "改票为" if self.kind == CHANGE else "计为"
        return f"{whose}{what}「{self.target}」"


def space(entry, ctx, ruling_type) -> list:
    """Every other reading of a flagged post, as the rulings that say so (the fold's own verdict is
    the reading not listed)."""
    pid = entry.pid
    if entry.unknown:
        # Content unknown at close: a ballot for anyone who could be voted for, an abstention, or nothing.
        names = [p for p in ctx.players if p in ctx.candidates]
        return [*(ruling_type(pid, "target", n) for n in names), ruling_type(pid, "target", None),
                ruling_type(pid, "reject")]
    names = list(dict.fromkeys([*([entry.suggestion] if entry.suggestion else []), *entry.readings]))
    if entry.voter is None and entry.author in ctx.directors:
        # A director's post the words do not make a proxy of: it may be any named player's ballot for another.
        whom = [n for n in (entry.relayed_for or names) if n in ctx.voters]
        return [*(ruling_type(pid, "target", n, voter=w) for w in whom for n in names if n != w and n in ctx.candidates),
                *(ruling_type(pid, "target", None, voter=w) for w in whom),  # 本次视为弃权: a proxy abstention
                ruling_type(pid, "reject")]
    options = [ruling_type(pid, "target", n) for n in names if n in ctx.players]
    if entry.kind != "none" or entry.nobody:
        # A ballot can always be ruled an abstention; a post that is no ballot only where it says so.
        options.append(ruling_type(pid, "target", None))
    if entry.verdict != "counted" and entry.target in ctx.players:
        options.append(ruling_type(pid, "accept"))  # the rule it broke waived
    if entry.verdict in ("counted", "superseded"):
        options.append(ruling_type(pid, "reject"))
    for other in entry.relayed_for:
        # A ballot relayed for another player (帮X投 · X托我投): it may count as theirs.
        if other in ctx.voters and other != entry.voter:
            options += [ruling_type(pid, "target", n, voter=other) for n in names if n in ctx.candidates]
            options.append(ruling_type(pid, "target", None, voter=other))
    return options


def reading(entry, ruling=None) -> Reading:
    """The reading a ruling gives a post (None: the post as the fold decided it)."""
    if ruling is None:
        if entry.verdict != "counted" or entry.voter is None:
            return Reading(NONE, None, None)
        if entry.target is None or entry.kind == ABSTAIN:
            return Reading(ABSTAIN, None, entry.voter)
        return Reading(_counted_kind(entry, entry.voter), entry.target, entry.voter)
    if ruling.decision == "reject":
        return Reading(NONE, None, None, ruling)
    voter = getattr(ruling, "voter", None) or entry.voter or entry.author
    target = ruling.target if ruling.decision == "target" else entry.target
    if target is None:
        return Reading(ABSTAIN, None, voter, ruling)
    return Reading(_counted_kind(entry, voter), target, voter, ruling)


def _counted_kind(entry, voter: str) -> str:
    if voter != entry.author:
        return PROXY  # a director's proxy, or a relay counted for the player it was relayed for
    if entry.kind == CHANGE or entry.replaces is not None:
        return CHANGE  # it takes the place of a ballot the voter already had
    return VOTE


def readings(entry) -> list[Reading]:
    """Every reading of a post, the fold's own first: exactly one for a certain post."""
    out = [reading(entry)]
    seen = {out[0].key}
    for ruling in entry.space if entry.needs_review else ():
        r = reading(entry, ruling)
        if r.key not in seen:
            seen.add(r.key)
            out.append(r)
    return out
