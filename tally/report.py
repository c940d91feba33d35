"""A day tally as the director posts it (BBCode), reads it (text), or hands it on (JSON)."""

from __future__ import annotations

import json
from fractions import Fraction

from .day import COUNTED, INVALID, DayTally
from .outcome import OUT


def escape_bbcode(name: str) -> str:
    """No name may open or close a tag: brackets become their full-width twins."""
    return name.replace("[", "［").replace("]", "］")


def _n(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


def _voter(name: str, weight: Fraction, esc) -> str:
    return esc(name) + (f"×{_n(weight)}" if weight != 1 else "")


def _floor(entry) -> str:
    return f"#{entry.floor}" if entry.floor is not None else f"pid {entry.pid}"


def render_bbcode(t: DayTally, title: str = "") -> str:
    return "\n".join(_lines(t, title, bbcode=True))


def render_text(t: DayTally, title: str = "", *, audit: bool = True) -> str:
    lines = _lines(t, title, bbcode=False)
    if audit:
        lines += ["", "计票过程："] + [f"  {line}" for line in t.audit]
    return "\n".join(lines)


def render_json(t: DayTally) -> str:
    return json.dumps(t.to_json(), ensure_ascii=False, indent=1)


def _lines(t: DayTally, title: str, *, bbcode: bool) -> list[str]:
    esc = escape_bbcode if bbcode else (lambda s: s)
    b = (lambda s: f"[b]{s}[/b]") if bbcode else (lambda s: s)
    what = "警长/盟主竞选" if t.kind == "election" else "投票"
    lines = [b(f"{esc(title)} 第{t.day}天{what}结果".strip())]
    if t.close:
        lines.append(f"截止时间：{t.close:%Y-%m-%d %H:%M}")
    lines.append("")
    lines.append(b("票型"))
    for name, total in t.totals.items():
        voters = "、".join(_voter(v, w, esc) for v, w in t.voters.get(name, []))
        extra = f"（另加 {_n(t.bonus[name])} 票）" if name in t.bonus else ""
        lines.append(f"{esc(name)}：{_n(total)} 票 ← {voters or '—'}{extra}")
    if t.abstentions:
        lines.append(f"弃权：{'、'.join(esc(v) for v in t.abstentions)}")
    if t.non_voters:
        lines.append(f"未投有效票：{'、'.join(esc(v) for v in t.non_voters)}")
    invalid = [e for e in t.entries if e.verdict == INVALID]
    if invalid:
        lines += ["", b("无效票")]
        lines += [f"{_floor(e)} {esc(e.author)}：{esc(e.reason)}" for e in invalid]
    if t.rulings:
        lines += ["", b("导演裁定")]
        for r in t.rulings:
            entry = next(e for e in t.entries if e.pid == r.pid)
            words = {"accept": "有效", "reject": "无效", "target": f"计为「{esc(r.target or '弃权')}」"}[r.decision]
            lines.append(f"{_floor(entry)} {esc(entry.author)}：{words}" + (f"（{esc(r.note)}）" if r.note else ""))
    lines += ["", b("结果")]
    result = t.outcome.describe() if t.kind != "election" or t.outcome.kind != OUT else f"{t.outcome.names[0]} 当选"
    lines.append(f"{esc(result)}。{esc(t.outcome.note)}")
    pending = [f for f in t.flags if f.can_change_outcome]
    if pending and not bbcode:
        lines += ["", "待裁定（可能改变结果）："] + [f"  #{f.floor} pid {f.pid}：{f.reason}；{'；'.join(f.alternatives)}" for f in pending]
    others = [f for f in t.flags if not f.can_change_outcome]
    if others and not bbcode:
        lines += ["", "待裁定（不影响结果）："] + [f"  #{f.floor} pid {f.pid}：{f.reason}" for f in others]
    return lines


def counted_weight(t: DayTally) -> Fraction:
    return sum((e.weight for e in t.entries if e.verdict == COUNTED), Fraction(0))
