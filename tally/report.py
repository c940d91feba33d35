"""A day tally as the director posts it (BBCode), reads it (text), or hands it on (JSON)."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from fractions import Fraction

from .day import COUNTED, INVALID, RULED_VALID_IN_VAIN, SUPERSEDED, DayTally, Flag
from .game import JUDGE
from .outcome import OUT
from .zones import at_words, minute_words, zone_label  # noqa: F401 (the report's words for a time)


_MARKER_WORD = re.compile(r"bansha\s*:", re.I)


def escape_bbcode(name: str) -> str:
    """Player text in a post of ours: no name may open or close a tag (brackets become their full-width
    twins), and none can spell the marker line that tells our posts apart (scraper/outbox.py): its
    「bansha:」 gets a full-width colon."""
    return _MARKER_WORD.sub("bansha：", name.replace("[", "［").replace("]", "］"))


def show_number(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else str(float(value))


def _voter(name: str, weight: Fraction, esc) -> str:
    if weight == 0:
        return esc(name) + "（不计入）"  # 若愚 and the like: a valid ballot that weighs nothing
    return esc(name) + (f"×{show_number(weight)}" if weight != 1 else "")


def _floor(entry) -> str:
    return f"#{entry.floor}" if entry.floor is not None else f"pid {entry.pid}"


def clip(text: str, limit: int = 80) -> str:
    """Forum text quoted in a result post, cut to `limit` characters: a 9,900-character "target" must not
    push the director's post past the forum's size limit."""
    text = text or ""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def discuz_length(text: str) -> int:
    """A message's length as Discuz checks it against maxpostsize (dstrlen: a non-ASCII character counts 2)."""
    return sum(2 if ord(ch) > 127 else 1 for ch in text)


def fit_to_limit(text: str, limit: int = 10_000, reserve: int = 200) -> str:
    """A result post that Discuz will accept: if it is over the limit (less `reserve` for the marker line),
    the longest lines are cut first, then detail lines from the bottom of the 无效票 and 裁定 sections,
    with a note; the title, the 票型 and the 结果 always stay."""
    budget = limit - reserve
    if discuz_length(text) <= budget:
        return text
    lines = [clip(line, 200) for line in text.split("\n")]
    section, details = "", []
    for index, line in enumerate(lines):
        if line.startswith("[b]") and line.endswith("[/b]"):
            section = line[3:-4]
        elif line and section in ("无效票", "导演裁定", "违规"):
            details.append(index)
    note = "（帖子超过论坛长度上限，已省略 {} 行细节；完整内容见导演的报告）"
    dropped = 0
    while details and discuz_length("\n".join(lines)) + discuz_length(note) > budget:
        del lines[details.pop()]
        dropped += 1
    out = "\n".join(lines) + ("\n" + note.format(dropped) if dropped else "")
    if discuz_length(out) > budget:  # still too long (a huge roster): cut, and say so
        while discuz_length(out) > budget - 30:
            out = out[: int(len(out) * 0.9)]
        out += "\n（帖子过长，已截断）"
    return out


def ruling_words(decision: str, target: str | None, voter: str | None = None) -> str:
    """A director's ruling as the result post and the pages say it: 有效 / 无效 / 计为「X」 / 算作 Y 的票，计为「X」."""
    whose = f"算作 {voter} 的票，" if voter else ""
    if decision == "target":
        return f"{whose}计为「{target or '弃权'}」"
    return whose + {"accept": "有效", "reject": "无效"}.get(decision, decision)


_RULING_LINE = re.compile(r"(#\d+|pid \d+) .*?：(有效|无效|计为「.*?」)")
_HEADINGS = {"结果", "无效票", "票型", "目前形势（未截止，不是最终结果）", "当时形势（不是最终结果）"}


def rulings_shown(text: str) -> set[tuple[str, str]]:
    """The 导演裁定 a result post of ours lists, read back from the forum's text (or from our BBCode with its
    tags dropped): (floor as shown, ruling words)."""
    found, inside = set(), False
    for line in (line.strip() for line in (text or "").splitlines()):
        if line == "导演裁定":
            inside = True
        elif inside and (not line or line in _HEADINGS):
            break
        elif inside and (m := _RULING_LINE.match(line)):
            found.add((m.group(1), m.group(2)))
    return found


def rulings_listed(t: DayTally, rulings=None) -> set[tuple[str, str]]:
    """The 导演裁定 lines a post of this day lists for `rulings` ((pid, decision, target); default: the
    tally's own), as rulings_shown reads them back."""
    entries = {e.pid: e for e in t.entries}
    rulings = [(r.pid, r.decision, r.target) for r in t.rulings] if rulings is None else rulings
    return {(_floor(entries[pid]), escape_bbcode(ruling_words(decision, target)))
            for pid, decision, target in rulings if pid in entries}


def verdict_words(entry) -> tuple[str, str]:
    """A ballot's verdict as a reader sees it: (css class, words) — 有效 → X / 弃权 / 已改票 / 无效：reason."""
    if entry.verdict == COUNTED:
        if entry.target is None:
            return "counted", "弃权"
        return "counted", f"有效 → {entry.target}" + (f"（{show_number(entry.weight)} 票）" if entry.weight != 1 else "")
    if entry.verdict == SUPERSEDED:
        return "superseded", f"已改票（原投 {entry.target or '弃权'}）"
    return "invalid", f"无效：{entry.reason}"


def wagon_entries(t: DayTally) -> dict[str, list]:
    """Target → the ballots cast for them that count or were switched away later, in voting order."""
    wagons: dict[str, list] = {}
    for e in sorted((e for e in t.entries if e.verdict in (COUNTED, SUPERSEDED) and e.target is not None and e.voter),
                    key=lambda e: (e.at is None, e.at or datetime.min, e.pid)):
        wagons.setdefault(e.target, []).append(e)
    return wagons


def counted_ballots(t: DayTally) -> dict:
    """(voter, target) → the counted ballot behind each name in the 票型."""
    return {(e.voter, e.target): e for e in t.entries if e.verdict == COUNTED and e.target is not None}


def facts(t: DayTally) -> str:
    """What a result post asserts, for the signature that decides edits and corrections: each voter line
    (voters in order, weights, the floor each ballot links to), abstentions, missing voters, the invalid
    ballots, the rulings and the outcome — what it says, not how it is worded."""
    ballot_of = counted_ballots(t)
    return json.dumps({
        "totals": [[name, show_number(total), [[v, show_number(w), getattr(ballot_of.get((v, name)), "pid", None)]
                                                for v, w in t.voters.get(name, [])]] for name, total in t.totals.items()],
        "bonus": {k: show_number(v) for k, v in t.bonus.items()},
        "abstain": t.abstentions, "missing": missing(t),
        "invalid": [e.pid for e in invalid_entries(t)],
        "rulings": [[r.pid, r.decision, r.target] for r in t.rulings],
        "outcome": [t.outcome.kind, t.outcome.names, t.fates],
    }, ensure_ascii=False)


def invalid_entries(t: DayTally) -> list:
    """The 无效票 list: invalid ballots, and those the preset then counts as abstentions (七杀 「否则视为弃
    权」); a post the director ruled on is listed once, under 导演裁定."""
    return [e for e in t.entries if e.ruling is None and (e.verdict == INVALID or (e.form_invalid and e.verdict == COUNTED))]


def result_line(t: DayTally) -> str:
    """「李逵 出局」, 「刘备 第一身份被处决，身份：民」, 「宋江 当选」, 「无人出局」."""
    if t.kind == "election" and t.outcome.kind == OUT:
        return f"{t.outcome.names[0]} 当选"
    if t.fates:
        return "；".join(f"{name} {t.fates.get(name, '出局')}" for name in t.outcome.names)
    return t.outcome.describe()


def result_shown(text: str) -> str | None:
    """The outcome a result post of ours says, read back from the forum's text (the line under 结果);
    None when it cannot be told. Used only where no record of what we sent is left."""
    lines = [line.strip() for line in (text or "").splitlines()]
    for heading, following in zip(lines, lines[1:]):
        if heading == "结果" and following:
            return following.split("。")[0].strip() or None
    return None


def result_line_of(t: DayTally, outcome) -> str:
    """Another outcome of the same day (a what-if), worded as result_line words the day's own."""
    if t.kind == "election" and outcome.kind == OUT:
        return f"{outcome.names[0]} 当选"
    return outcome.describe()


def render_bbcode(t: DayTally, title: str = "", *, as_of: datetime | None = None, as_of_words: str | None = None,
                  link=None) -> str:
    """The result post. With `as_of` it is the running count: headed 实时票数 and never worded as a verdict;
    with `as_of_words` the count as it stood at an earlier moment. `link(pid)` gives a post's permanent
    address: every counted voter and every invalid ballot then links to its floor."""
    return "\n".join(_lines(t, title, bbcode=True, as_of=as_of, as_of_words=as_of_words, link=link))


def render_text(t: DayTally, title: str = "", *, audit: bool = True, as_of: datetime | None = None,
                as_of_words: str | None = None) -> str:
    """The director's text report; `as_of` (now, before the close) heads it 未截止 · 若此刻截止 as the running
    post is, `as_of_words` ("11-20 21:30", "第 12 楼") heads a count as it stood then."""
    lines = _lines(t, title, bbcode=False, as_of=as_of, as_of_words=as_of_words)
    if audit:
        lines += ["", "计票过程："] + [f"  {line}" for line in t.audit]
    return "\n".join(lines)


def render_json(t: DayTally, *, as_of: str | None = None) -> str:
    """The tally as JSON; `as_of` says the moment an --as-of count stood at (None for the whole day)."""
    return json.dumps({**t.to_json(), "as_of": as_of}, ensure_ascii=False, indent=1)


# -- what a vote count shows at a glance (mafiascum's vote counts, NetTally's tallies) -----------------

@dataclass(frozen=True)
class Wagon:
    """One line of the 票型: a player, the count, and every ballot cast for them in voting order —
    those standing and, struck out, those switched away since (each links to its floor)."""

    name: str
    total: Fraction
    ballots: tuple  # Entry objects: COUNTED ones stand, SUPERSEDED ones were moved elsewhere
    bonus: Fraction | None = None  # 乌鸦 诽谤: votes added by the game, not by a ballot
    short: int | None = None  # where a threshold puts players out: ordinary ballots still missing (0: reached)


def wagons(t: DayTally) -> list[Wagon]:
    """The 票型 in the order a reader wants it: the highest count first; on equal counts, whoever reached
    that count first (and kept it) comes first — the order the title election decides by, said under the
    table — then the roster's order. The desk, the 揭秘 site and the post all show these lines."""
    entries = wagon_entries(t)
    names = [*t.totals, *(n for n in entries if n not in t.totals)]
    reached = _last_moves(t)
    order = {name: i for i, name in enumerate(names)}
    rows = [Wagon(name, t.totals.get(name, Fraction(0)), tuple(entries.get(name, ())), t.bonus.get(name),
                  _short(t.needed, t.totals.get(name, Fraction(0))) if t.needed is not None else None) for name in names]
    never, start = datetime.max, datetime.min  # a bonus alone stood from the start of the day

    def when(w: Wagon) -> datetime:
        return _naive(reached.get(w.name)) or (start if w.bonus else never)

    return sorted(rows, key=lambda w: (-w.total, when(w), order[w.name]))


def _naive(moment: datetime | None) -> datetime | None:
    return moment.replace(tzinfo=None) if moment is not None else None


def _short(needed: Fraction, total: Fraction) -> int:
    """How many more one-vote ballots put the count at the threshold (mafiascum's L-n)."""
    return max(0, math.ceil(needed - total))


def _last_moves(t: DayTally) -> dict[str, datetime]:
    """Target → when its count last changed (a ballot cast for them, or moved away from them): who
    reached a count first and kept it. A bonus alone counts from the start of the day."""
    moved: dict[str, datetime] = {}
    standing: dict[str, str | None] = {}
    events = sorted((e for e in t.entries if e.verdict in (COUNTED, SUPERSEDED) and e.voter and e.at is not None),
                    key=lambda e: (e.at, e.pid))
    for e in events:
        before = standing.get(e.voter)
        if before is not None:
            moved[before] = e.at
        if e.target is not None:
            moved[e.target] = e.at
        standing[e.voter] = e.target
    return moved


def abstainers(t: DayTally) -> list[str]:
    """The 弃权 line's names, 「郭靖（撤票）」 where the ballot was taken back (a game that allows 撤票)."""
    withdrawn = {e.voter for e in t.entries if e.verdict == COUNTED and e.withdraws}
    return [f"{v}（撤票）" if v in withdrawn else v for v in t.abstentions]


def wagon_mark(w: Wagon) -> str:
    """「还差 1 票」 / 「已达到出局票数」 beside a count, where a threshold puts players out."""
    if w.short is None or w.total <= 0:
        return ""
    return "已达到出局票数" if w.short == 0 else f"还差 {w.short} 票"


def ballot_words(e, esc=lambda s: s) -> str:
    """A voter in a 票型 line: 「武松」, 「宋江×2.5」, 「白痴（不计入）」."""
    return _voter(e.voter, e.weight, esc)


def has_ties(rows: list[Wagon]) -> bool:
    shown = [w.total for w in rows if w.total > 0]
    return len(shown) != len(set(shown))


def needed_words(t: DayTally) -> str | None:
    """「出局需 4 票（存活 9 人的 40%）」: the threshold as players say it, a whole number of votes where every
    ballot weighs a whole vote; 「出局需达到 3.6 票」 where weights of 2.5 make a fraction reachable."""
    if t.needed is None:
        return None
    share = f"存活 {len(t.alive)} 人的 {float(t.needed / len(t.alive)):.0%}" if t.alive else ""
    weights = [e.weight for e in t.entries if e.verdict == COUNTED] + list(t.bonus.values())
    whole = all(w.denominator == 1 for w in weights)
    count = f"{math.ceil(t.needed)} 票" if whole or t.needed.denominator == 1 else f"达到 {show_number(t.needed)} 票"
    return f"出局需 {count}" + (f"（{share}）" if share else "")


def missing(t: DayTally) -> list[str]:
    """Who a public post lists as not (validly) voted: every living player without a standing ballot,
    never only those allowed to vote — a 法官 left off the list would be the one name missing. The
    election lists its voters (004's houses, who may vote there, are announced)."""
    return t.non_voters if t.kind == "election" else t.silent


def ballot_count(t: DayTally) -> int:
    """How many ballots the count has read (valid, switched, invalid): the number in 「票数统计 #1.12」.
    The same posts give the same number on every run; a new ballot raises it."""
    return sum(1 for e in t.entries if e.voter and (e.verdict in (COUNTED, SUPERSEDED, INVALID)))


def last_ballot(t: DayTally):
    """The latest ballot read (its floor and time head the count: 「计至第 15 楼」)."""
    ballots = [e for e in t.entries if e.voter and e.verdict in (COUNTED, SUPERSEDED, INVALID) and e.floor is not None]
    return max(ballots, key=lambda e: e.floor, default=None)


# Upper bounds only: 「距截止不到 12 小时」 stays true as time passes, so the running post is edited at
# these few boundaries, never on every cron run (a post says it only when a run saw the bound change).
_COUNTDOWN = [(timedelta(hours=1), "不到 1 小时"), (timedelta(hours=3), "不到 3 小时"), (timedelta(hours=6), "不到 6 小时"),
              (timedelta(hours=12), "不到 12 小时"), (timedelta(days=1), "不到 1 天"), (timedelta(days=2), "不到 2 天")]


def countdown(close: datetime, now: datetime) -> str:
    """「距截止不到 6 小时」: the time left, rounded up to a bound that stays true until the close."""
    left = close - now
    for bound, words in _COUNTDOWN:
        if left <= bound:
            return f"距截止{words}"
    return f"距截止不到 {math.ceil(left / timedelta(days=1))} 天"


# A note that speaks of who may vote or of roles: never beside a secret non-voter's ballot in public
_SPEAKS_OF_RIGHTS = re.compile(r"法官|投票权|不能投|不可以投|无权|没有权|不能参与|身份|角色|non_voter|judge", re.I)
SECRET_REASONS = ("没有投票权（法官不能投票）", "没有投票权（游戏文件 non_voters）")


def secret_ballots(t: DayTally) -> list:
    """Ballots cast by a player the game file keeps from voting (a secret 法官, non_voters), not yet ruled on: the
    thread must not learn from us that they are set apart, so the final waits for the director's ruling, and
    until then no public post lists them."""
    # (and a post of theirs that tries to vote and is left a doubt — 「投杨康吧，大概」 by the secret 法官: "no reading of
    # it counts" let the final go out where the same post by anyone else held it — the hostile round 61, s03)
    # (a relay he posts for a voter is that voter's ballot, weighed as anyone's relay is — held only where it matters: the
    # hostile round 95, case 54)
    # (and one ruled 「有效」 as a vote: it cannot count, and the public post would show a ruling its count does not keep —
    # the hostile round 98, case 66)
    return [e for e in t.entries if e.ruling is None and (any(r in (e.reason or "") for r in SECRET_REASONS) or (
        e.author in t.barred and e.needs_review and not any(w != e.author for w in e.relayed_for))) or (
        e.ruling is not None and e.ruling.decision in ("accept", "target") and RULED_VALID_IN_VAIN in (e.reason or ""))]


SECRET_HOLD = "没有投票权的玩家投的票：结果帖等导演裁定（公开帖只写裁定，不写原因）"


def waiting_flags(t: DayTally) -> list[Flag]:
    """Every post the director is asked to rule on, in floor order: the open flags, and each secret voter's unruled
    ballot as a flag that holds the final (the hostile round 79, r79-114: poll held the result for it while
    `bansha review` said 「没有需要裁定的帖子」)."""
    flagged = {f.pid for f in t.flags}  # (his doubtful post is a flag already: listed once — 「投杨康吧，大概」 by the 法官)
    secret = [Flag(e.pid, e.floor, e.reason, True, [SECRET_HOLD]) for e in secret_ballots(t) if e.pid not in flagged]
    return sorted([*t.flags, *secret], key=lambda f: (f.floor is None, f.floor or 0, f.pid))


def waiting_posts(t: DayTally) -> list[tuple[int, int | None]]:
    """(pid, floor) of every post waiting for the director, in floor order: the open flags and the secret voters'
    ballots alike, as any public post lists them."""
    return [(f.pid, f.floor) for f in waiting_flags(t)]


def public_reason(reason: str) -> str:
    """An invalid ballot's reason as a public post may say it: nothing about who may not vote. The fold
    says 「X 没有投票权（法官不能投票）」 for the director; the forum reads 「这张票不计入（原因由导演说明）」."""
    if "没有投票权（法官不能投票）" in reason or "没有投票权（游戏文件 non_voters）" in reason:
        return "这张票不计入（原因由导演说明）"
    # who may not be voted for is the game file's: the public line says so, never the role behind it (酒吧老板‹结界›)
    return re.sub(r"不能成为投票对象（[^）]*）", "不能成为投票对象", reason)


def _as_anyones(r, entry) -> bool:
    """A ruling that counts a secret non-voter's plain ballot as its words have it: in public, the same post by anyone
    else is a ballot with no ruling line, so this one has none either (the hostile round 63, n_s15: 「我弃权。」 ruled
    「弃权」 was the one ruling line of the post, beside the 法官's name)."""
    return entry.as_written is not None and r.decision == "target" and r.voter in (None, entry.voter or entry.author) \
        and entry.as_written == ("abstain" if r.target is None else "vote", r.target)


def _lines(t: DayTally, title: str, *, bbcode: bool, as_of: datetime | None = None,
           as_of_words: str | None = None, link=None) -> list[str]:
    esc = escape_bbcode if bbcode else (lambda s: s)

    def linked(text: str, pid: int | None, tid: int | None = None) -> str:
        return f"[url={link(pid, tid) if tid else link(pid)}]{text}[/url]" if link and pid is not None else text

    b = (lambda s: f"[b]{s}[/b]") if bbcode else (lambda s: s)
    what = "警长/盟主竞选" if t.kind == "election" else "投票"
    heading = "实时票数（未截止）" if as_of else "结果"
    if as_of_words:
        heading = f"票数（截至 {as_of_words}）"
    standing = as_of is not None or as_of_words is not None  # worded as a standing, never a verdict
    lines = [b(f"{esc(title)} {t.title}{what}{heading}".strip())]
    # Which count this is and what it has read (mafiascum's 「Vote Count 1.3」 and 「as of post N」), when
    # the vote closes and how long is left: every time with its zone.
    last = last_ballot(t)
    head = [f"票数统计 #{t.day}.{ballot_count(t)}"]
    if last is not None:
        shown = last.at.astimezone(t.close.tzinfo) if last.at and t.close else last.at  # in the game's zone
        head.append(f"计至投票帖第 {last.floor} 楼" + (f"（{at_words(shown, year=False)}）" if shown and as_of else ""))
    if t.close:
        head.append(f"截止时间：{at_words(t.close)}" + (f"，{countdown(t.close, as_of)}" if as_of and as_of < t.close else ""))
    lines.append(" · ".join(head))
    lines.append("")
    lines.append(b("票型"))
    strike = (lambda s: f"[s]{s}[/s]") if bbcode else (lambda s: f"{s}（已改票）")
    rows = wagons(t)
    for w in rows:
        voters = "、".join(
            linked(ballot_words(e, esc), e.pid) if e.verdict == COUNTED else strike(linked(esc(e.voter), e.pid))
            for e in w.ballots)
        extra = f"（另加 {show_number(w.bonus)} 票）" if w.bonus else ""
        mark = f"（{wagon_mark(w)}）" if wagon_mark(w) else ""
        lines.append(f"{esc(w.name)}：{show_number(w.total)} 票{mark} ← {voters or '—'}{extra}")
    if t.abstentions:
        lines.append(f"弃权（{len(t.abstentions)}）：{'、'.join(esc(v) for v in abstainers(t))}")
    absent = missing(t)
    if bbcode:  # a secret voter's unruled ballot is listed as waiting, as any doubtful post, never as 未投有效票
        # — where anyone else's would have counted (a clear ballot). A post of his that would be a doubt from anyone is
        # listed as theirs is: waiting, and 未投有效票 (the hostile rounds 90–91, cases 46, 65: left out of 未投有效票 where
        # an ordinary player's same post was in it, one name short of the living)
        barred = {e.author for e in secret_ballots(t) if e.as_written is not None or not e.needs_review}
        absent = [v for v in absent if v not in barred]
    if absent:
        words = "还没有投票" if standing else "未投有效票"
        lines.append(f"{words}（{len(absent)}）：{'、'.join(esc(v) for v in absent)}")
    notes = []
    if any(e.verdict == SUPERSEDED for w in rows for e in w.ballots):
        notes += ["划掉的是后来改投别人的票"] if bbcode else []
    if has_ties(rows):
        notes.append("票数相同的，先达到这个票数的排在前面")
    if notes:
        lines.append("（" + "；".join(notes) + "）")
    lines.append("")
    if t.kind == "vote" and t.alive:
        lines.append(f"存活（{len(t.alive)} 人）：{'、'.join(esc(v) for v in t.alive)}")
    cast = sum(len(w.ballots) - sum(e.verdict == SUPERSEDED for e in w.ballots) for w in rows) + len(t.abstentions)
    total_line = f"合计：{cast} 人投了有效票" + (f"（其中弃权 {len(t.abstentions)} 人）" if t.abstentions else "")
    if absent:
        total_line += f"，{len(absent)} 人{'还没有投票' if standing else '没有投有效票'}"
    needed = needed_words(t) if t.kind == "vote" else None
    lines.append(total_line + (f"；{needed}" if needed else ""))
    if bbcode and (standing or not t.certain or secret_ballots(t)):
        # The posts waiting for the director, every one alike — a secret voter's ballot among them reads as any other
        # doubtful post (the hostile round: listed only as 还没有投票 under his own visible ballot, he stood apart;
        # round 79, r79-114: the held final's dayN.bbcode, pasted whole, listed him 未投有效票 beside his 投杨康)
        waiting = waiting_posts(t)
        if waiting:
            floors = "、".join(linked(f"#{floor}", pid) if floor is not None else f"pid {pid}" for pid, floor in waiting)
            lines.append(f"待导演裁定（{len(waiting)}）：{floors}")
    invalid = invalid_entries(t)
    if bbcode:  # the forum's copy: a secret voter's ballot waits for the director's ruling, unlisted
        hidden = {e.pid for e in secret_ballots(t)}
        invalid = [e for e in invalid if e.pid not in hidden]
    if invalid:
        lines += ["", b("无效票")]
        said = public_reason if bbcode else (lambda reason: reason)  # the forum's copy keeps the game's secrets
        lines += [f"{linked(_floor(e), e.pid)} {esc(clip(e.author, 20))}：{esc(clip(said(e.reason)))}" for e in invalid]
    ruled = {r.pid: next(e for e in t.entries if e.pid == r.pid) for r in t.rulings}
    shown = [r for r in t.rulings if not (bbcode and _as_anyones(r, ruled[r.pid]))]
    if shown:
        lines += ["", b("导演裁定")]
        for r in shown:
            entry = ruled[r.pid]
            words = esc(ruling_words(r.decision, r.target, r.voter))
            source = ""
            if r.source_pid is not None:  # posted in the thread: the forum's copy links the ruling post
                where = "" if r.source_tid in (None, t.vote_thread) else "进程帖 "  # a floor of another thread
                source = f"（导演 {where}{linked(f'#{r.source_floor}', r.source_pid, r.source_tid)}）" if bbcode else f"（{r.source}）"
            elif not bbcode and r.source:
                source = f"（{r.source}）"
            # the director's note on a secret non-voter's ballot is shown as anyone's (「条件票」 shown beside one player's and
            # hidden beside the 法官's set him apart: the hostile round 95, case 53), unless it speaks of the right to vote
            # (「法官不能投票」 named him: B3)
            note = r.note if not (bbcode and (entry.voter or entry.author) in t.barred and _SPEAKS_OF_RIGHTS.search(r.note or "")) else ""
            lines.append(f"{_floor(entry)} {esc(clip(entry.author, 20))}：{words}" + (f"（{esc(clip(note))}）" if note else "")
                         + source)
    if not bbcode:
        lines += unread_ruling_lines(t)
    result = result_line(t)
    if standing:
        lines += ["", b("当时形势（不是最终结果）" if as_of_words else "目前形势（未截止，不是最终结果）")]
        lines.append(f"若此刻截止：{esc(result)}。{esc(t.outcome.note)}")
    else:
        lines += ["", b("结果")]
        lines.append(f"{esc(result)}。{esc(t.outcome.note)}")
    if not bbcode:
        lines += flag_lines(t)
    return lines


def ruling_lines(t: DayTally) -> list[str]:
    """For the director: each standing ruling and where it came from, then the ruling posts not applied."""
    entries = {e.pid: e for e in t.entries}
    lines = ["导演裁定（每条的来源）"] if t.rulings else []
    lines += [f"{_floor(entries[r.pid])} {entries[r.pid].author}：{ruling_words(r.decision, r.target, r.voter)}"
              f"（{r.source or 'bansha rule'}）" for r in t.rulings if r.pid in entries]
    return lines + unread_ruling_lines(t) + count_check_lines(t)


def count_check_lines(t: DayTally) -> list[str]:
    """The director's own counts where they give a player another ballot than the tool: one of the two is wrong."""
    checks = [line for c in t.count_checks for line in c.words()]
    return ["", "导演的票型统计和本工具不一样的地方（请核对：两者必有一个错）", *checks] if checks else []


def unread_ruling_lines(t: DayTally) -> list[str]:
    if not t.unread_rulings:
        return []
    return ["", "看不懂的裁定帖（没有采用的部分）"] + [f"{_ruling_post(u)}{f'（其余 {u.applied} 条已采用）' if u.applied else ''}："
                                               f"{'；'.join(u.why)}" for u in t.unread_rulings]


def _ruling_post(unread) -> str:
    where = f"#{unread.floor}" if unread.floor is not None else ""
    return f"{where} pid {unread.pid}（帖子 {unread.tid}" + (f"，{minute_words(unread.at)}" if unread.at else "") + "）"


def flag_lines(t: DayTally) -> list[str]:
    """The director's list of open flags: what each does alone, and what they can do together."""
    pending = [f for f in t.flags if f.can_change_outcome]
    others = [f for f in t.flags if not f.can_change_outcome]
    lines = []
    if pending:
        lines += ["", "待裁定（可能改变结果）："]
        for f in pending:
            what = "；".join(f.alternatives) or (f"与 {'、'.join(f'pid {p}' for p in f.together)} 一起改判才会改变结果"
                                                 if f.together else "")
            lines.append(f"  #{f.floor} pid {f.pid}：{f.reason}" + (f"；{what}" if what else ""))
    if others:
        proven = t.certain or t.proof is None
        lines += ["", "待裁定（不影响结果）：" if proven else "待裁定（单独改判不影响结果）："]
        lines += [f"  #{f.floor} pid {f.pid}：{f.reason}" for f in others]
    if t.flags and t.proof is not None:
        floor_of = {e.pid: e.floor for e in t.entries}.get
        lines += ["", "所有待裁定帖一起：" + ("无论怎样裁定，结果都不变" if t.certain else t.proof.describe(floor_of))]
    return lines



def render_lurk(report, title: str = "", *, bbcode: bool = False, public: bool = False) -> str:
    """The 潜水 / violations section: counts, proposed cards, violations, acceleration.

    `public` leaves out the proposed cards: they are the director's to decide, not to publish."""
    from .cards import WORDS

    esc = escape_bbcode if bbcode else (lambda s: s)
    b = (lambda s: f"[b]{s}[/b]") if bbcode else (lambda s: s)
    lines = [b(f"{esc(title)} 第{report.day}天发言统计".strip())]
    if report.accelerated:
        lines.append("本日执行加速：发言不足或未投票不判罚。")
    lines.append("讨论帖发言数：" + "、".join(f"{esc(n)} {c}" for n, c in report.counts.items()))
    if report.proposals and not public:
        lines += ["", b("建议判罚（由导演决定）")]
        lines += [f"{esc(p.player)}：{WORDS.get(p.card, p.card)}，{esc(p.reason)}" for p in report.proposals]
    if report.violations:
        lines += ["", b("违规")]
        lines += [f"#{v.floor} {esc(v.player)}（帖子 {v.thread}）：{v.detail}" for v in report.violations]
    for s in report.speedups:
        lines += ["", b(f"申请{s.kind}")]
        result = "成功" if s.succeeded else "未成功"
        lines.append(f"存活 {s.alive} 人，需要 {s.needed} 人；有效申请 {len(s.requesters)} 人：{'、'.join(map(esc, s.requesters)) or '—'}。{result}"
                     + (f"（第 {s.needed} 位申请于 {at_words(s.reached_at, year=False)}，{at_words(s.deadline, year=False)} 生效）" if s.succeeded else ""))
        if s.not_counted:
            lines.append("不计：" + "；".join(f"{esc(k)}（{v}）" for k, v in s.not_counted.items()))
    return "\n".join(lines)


def render_cards(standings: dict, cards: list[dict], tz=None) -> str:
    """The card ledger; each card's time in the game's zone (the archive keeps it with its offset)."""
    from .cards import WORDS

    def when(stamp: str) -> str:
        moment = datetime.fromisoformat(stamp)
        return f"{moment.astimezone(tz) if tz else moment:%Y-%m-%d %H:%M}"

    lines = ["牌面："]
    for player, s in sorted(standings.items(), key=lambda kv: (-kv[1].red, -kv[1].yellow, -kv[1].blue, kv[0])):
        lines.append(f"  {player}：{s.describe()}" + ("  ← 红牌罚下" if s.out else ""))
    lines += ["", "记录："]
    lines += [f"  {when(c['recorded_at'])} " + (f"第{c['day']}天 " if c['day'] else "") + f"{c['player']} {WORDS[c['color']]}：{c['reason']}"
              + (f"（{c['recorded_by']}）" if c['recorded_by'] else "") for c in cards]
    return "\n".join(lines)


# The rule posts the presets come from, by the game they are for (the seed files' own names mean nothing
# to a director).
RULES_POSTS = {"shediao": "射雕规则帖（[056]『射雕英雄传』）", "s10": "S10 官方规则帖（狼人游戏论坛版）",
               "qisha": "七杀规则帖（「海盗 vs 土著」）", "anshazhe": "暗杀者规则帖（暗杀者游戏 2.0 双身份）",
               "mahjong": "麻将规则帖（[063]天才麻将少女）"}
_VALUE_WORDS = {
    "names": {"strict": "须写对角色名", "one_homophone_or_shape": "错一个同音字或形近字仍算"},
    "invalid_vote": {"invalid": "不计", "abstain": "视为弃权"},
    "elimination": {"plurality": "得票最多者出局", "threshold": "最高票须达到门槛才出局"},
    "tie": {"nobody": "平票无人出局", "title_target": "平票时警长投的人出局", "runoff": "平票的两人高票对决", "revote": "平票重投"},
    "title_election": {"first_to_top": "最先达到最高票者当选", "plurality": "得票最多者当选"},
    "ballot_format": {"labelled": "「投票对象/投票理由」格式", "free": "不限格式，写清楚投给谁即可",
                      "preferred": "请尽量按「投票对象/投票理由」格式，不按格式的票交导演裁定"},
    "hidden_posts": {"void_and_flag": "不计，交导演裁定"},
    "unvote": {"": "撤票交导演裁定", "director": "撤票交导演裁定", "allowed": "允许撤票：撤票算一次改票，改成不投任何人"},
}


def setting_words(key: str, value) -> str:
    """A rule setting's value as the game file writes it, and what it means."""
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}（{'是' if value else '否'}）"
    if isinstance(value, Fraction):
        return show_number(value)
    if key == "threshold" and isinstance(value, float):
        return f"{value}（{value:.0%}）"
    meaning = _VALUE_WORDS.get(key, {}).get(value)
    if isinstance(value, str):
        return f"\"{value}\"" + (f"（{meaning}）" if meaning else "")
    return str(value)


def _unsaid(source: str) -> str:
    """The presets mark a rule its seed does not state 「种子未明说」: to a director, the rule post is silent."""
    return source.replace("种子未明说", "规则帖未写明")


def render_game(game, rules) -> str:
    """The game file as the tool understands it (bansha check-game): days and rounds, players with roles and
    cards, events and what they make of each day, and every rule setting with its source and any override."""
    from dataclasses import fields

    lines = [f"{game.name}（规则：{rules.title_text}，出处：{RULES_POSTS.get(rules.name, '规则帖')}；"
             f"游戏文件里写 preset = \"{rules.name}\"）",
             f"时区：{game.timezone}（{game.zone_words}）：各天的 start、close 都按这个时区读", "", f"玩家（{len(game.players)} 人）："]
    for p in game.players:
        extra = [f"uid {p.uid}"] if p.uid is not None else []
        extra += [f"别名 {'、'.join(p.aliases)}"] if p.aliases else []
        extra += [f"房屋 {p.house}"] if p.house else []
        extra += [f"身份 {'、'.join(p.roles)}"] if p.roles else []
        if p.cards:
            extra.append("身份牌 " + " → ".join(c.identity + (f"（{c.account}）" if c.account else "") for c in p.cards))
        lines.append(f"  {p.name}" + (f"：{'；'.join(extra)}" if extra else ""))
    if game.events:
        lines += ["", "事件："]
        lines += [f"  第{e.day}天 {e.player} {e.what}" + (f" → {e.to}" if e.to else "") + (f"（{e.at}）" if e.at else "")
                  + f"，从第{e.from_day}天起生效" for e in game.events]
    lines += ["", "各天："]
    warnings = []
    for d in game.vote_days():
        threads = [f"投票帖 {d.vote_thread}"] if d.vote_thread else ["（没有投票帖）"]
        threads += [f"讨论帖 {'、'.join(map(str, d.discussion_threads))}"] if d.discussion_threads else []
        threads += [f"进程帖 {d.process_thread}"] if d.process_thread and not d.round else []
        lines.append(f"  {d.label}：{d.start or '?'} → {d.close or '?'}；{'，'.join(threads)}")
        state = [f"已出局 {'、'.join(d.dead)}"] if d.dead else []
        state += [f"当天出局 {'、'.join(f'{n}（{t}）' for n, t in d.deaths_at.items())}"] if d.deaths_at else []
        if any(p.cards for p in game.players):  # identity cards: only where the game has them
            state += [f"已失去身份牌 {'、'.join(f'{n} {k} 张' for n, k in d.cards_lost.items())}"] if d.cards_lost else []
        state += [f"票数不计入 {'、'.join(d.votes_not_counted)}"] if d.votes_not_counted else []
        state += [f"{rules.title or '警长'} {d.title_holder}"] if d.title_holder else []
        state += [f"候选 {'、'.join(d.runoff)}"] if d.runoff else []
        if state:
            lines.append("    " + "；".join(state))
        if d.title_holder and d.title_holder in d.dead:
            warnings.append(f"{d.label}的{rules.title or '警长'} {d.title_holder} 已出局：请写 [[events]] 的移交或殉职")
    judges = [game.player(name) for name in game.with_role(JUDGE) if game.player(name).card_count > 1]
    if judges and rules.name == "anshazhe":
        warnings += [f"{p.name} 是法官：暗杀者规则里法官只剩一张身份牌（法官牌默认为出局状态），cards 写了 {p.card_count} 张" for p in judges]
    if rules.drowning and not rules.drowning_min_posts:
        warnings.append("两水一票的发言考勤没有帖数（drowning_min_posts = 0）：只按累计不投票判淹死；导演公布了帖数就写进 [rules]")
    lines += ["", "规则设置（设置名 = 值：意思，以及规则帖里的原话；* = 游戏文件改过；不适用于这局的不列出）："]
    for f in fields(rules):
        if f.name in ("name", "title_text", "seed", "customs", "sources"):
            continue
        value = getattr(rules, f.name)
        source = _unsaid(rules.source(f.name) or "")
        silent = not source or source.startswith("（规则帖未写明")
        if f.name not in game.rules and ((value in (0, False, "") and silent) or
                                         (f.name == "threshold" and rules.elimination != "threshold")):
            continue  # a rule this game does not have (the seed says nothing of it, or it is off)
        mark = "*" if f.name in game.rules else " "
        lines.append(f" {mark}{f.name} = {setting_words(f.name, value)}" + (f"  {source}" if source else ""))
    settings = {f.name for f in fields(rules)}
    others = {k: _unsaid(v) for k, v in rules.sources.items() if k not in settings}
    if others:
        lines += ["", "其他规则出处："] + [f"  {k}：{v}" for k, v in others.items()]
    if warnings:
        lines += ["", "请注意："] + [f"  {w}" for w in warnings]
    return "\n".join(lines)
