"""Who is out: plurality, ties, the 40 % threshold and runoffs, revotes, and the title election."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from .zones import zone_label

OUT, NONE, RUNOFF, REVOTE = "out", "none", "runoff", "revote"


@dataclass
class Outcome:
    kind: str  # out | none | runoff | revote
    names: list[str] = field(default_factory=list)
    note: str = ""

    def describe(self) -> str:
        if self.kind == OUT:
            return f"{'、'.join(self.names)} 出局"
        if self.kind == RUNOFF:
            return f"{' 与 '.join(self.names)} 进入高票对决"
        if self.kind == REVOTE:
            return f"{'、'.join(self.names)} 平票，重投"
        return "无人出局"


def _show(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


def decide_outcome(totals: dict[str, Fraction], rules, *, alive: int, title_target: str | None = None) -> Outcome:
    counted = {name: n for name, n in totals.items() if n > 0}
    if not counted:
        return Outcome(NONE, [], "没有有效票")
    top = max(counted.values())
    leaders = [name for name, n in counted.items() if n == top]
    if rules.elimination == "threshold":
        needed = Fraction(str(rules.threshold)) * alive
        # Players count whole votes: 40 % of 9 is 「4 票」 (3.6 is reached only where a vote can weigh 2.5).
        whole = all(n.denominator == 1 for n in totals.values())
        bar = f"{math.ceil(needed)} 票" if whole or needed.denominator == 1 else f"{_show(needed)} 票"
        if top < needed:
            return Outcome(NONE, [], f"最高票 {_show(top)} 票，未达到出局所需的 {bar}（存活 {alive} 人的 {rules.threshold:.0%}）")
        if len(leaders) == 1:
            return Outcome(OUT, leaders, f"最高票 {_show(top)} 票，达到出局所需的 {bar}（存活 {alive} 人的 {rules.threshold:.0%}）")
        if rules.tie == "runoff" and len(leaders) == 2:
            return Outcome(RUNOFF, leaders, f"两人同为 {_show(top)} 票且都达到 {rules.threshold:.0%}，进入高票对决")
        return Outcome(NONE, [], f"{'、'.join(leaders)} 同为 {_show(top)} 票，无人出局")
    if len(leaders) == 1:
        return Outcome(OUT, leaders, f"最高票 {_show(top)} 票")
    if rules.tie == "title_target" and title_target in leaders:
        return Outcome(OUT, [title_target], f"{'、'.join(leaders)} 同为 {_show(top)} 票，{rules.title}投票的对象 {title_target} 出局")
    if rules.tie == "revote":
        return Outcome(REVOTE, leaders, f"{'、'.join(leaders)} 同为 {_show(top)} 票，重投")
    if rules.tie == "runoff":
        return Outcome(RUNOFF, leaders, f"{'、'.join(leaders)} 同为 {_show(top)} 票，进入高票对决")
    return Outcome(NONE, [], f"{'、'.join(leaders)} 同为 {_show(top)} 票，平票无人出局")


def first_to_top(totals: dict[str, Fraction], timeline: list[tuple[datetime, dict[str, Fraction]]]) -> Outcome:
    """The title election: among those on the top final count, the first to reach it (and keep it)."""
    counted = {name: n for name, n in totals.items() if n > 0}
    if not counted:
        return Outcome(NONE, [], "竞选帖里没有有效票")
    top = max(counted.values())
    leaders = [name for name, n in counted.items() if n == top]
    if len(leaders) == 1:
        return Outcome(OUT, leaders, f"以 {_show(top)} 票当选")
    reached: dict[str, int] = {}
    for index, (_, counts) in enumerate(timeline):
        for name in leaders:
            if counts.get(name, 0) >= top:
                reached.setdefault(name, index)
            else:
                reached.pop(name, None)  # lost it again: only the moment it reached for good counts
    winner = min(leaders, key=lambda name: reached.get(name, len(timeline)))
    when = timeline[reached[winner]][0] if winner in reached else None
    if when:
        stamp = f"（{zone_label(when)} {when:%m-%d %H:%M:%S}）"
    else:
        stamp = ""
    return Outcome(OUT, [winner], f"{'、'.join(leaders)} 同为 {_show(top)} 票，{winner} 最先达到{stamp}，当选")
