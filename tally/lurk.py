"""潜水 and the other violations a tool can see, acceleration requests, and card proposals. Pure functions.

The tool proposes cards; only the director issues them (see cards.py and `bansha card`).
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta

from .day import COUNTED, DayTally, parse_time
from .game import BAR_OWNER, Day, Game
from .report import at_words
from .rules import Rules


@dataclass
class Proposal:
    player: str
    card: str  # "blue" | "yellow" | "drown"
    reason: str
    day: int
    pids: list[int] = field(default_factory=list)


@dataclass
class Violation:
    pid: int
    floor: int | None
    thread: int
    player: str
    kind: str  # "dead_posting" | "red_font" | "big_font" | "non_player"
    detail: str


@dataclass
class Speedup:
    kind: str  # "加速" | "延时"
    alive: int
    needed: int
    requesters: list[str]
    not_counted: dict[str, str]
    succeeded: bool
    reached_at: datetime | None = None  # when the deciding request was posted
    deadline: datetime | None = None  # the check (three hours before the day's closing time)


@dataclass
class LurkReport:
    day: int
    accelerated: bool
    counts: dict[str, int]  # posts in the day's discussion threads between start and close, per living player
    proposals: list[Proposal]
    violations: list[Violation]
    speedups: list[Speedup]

    def to_json(self) -> dict:
        def speed(s: Speedup) -> dict:
            d = asdict(s)
            d["reached_at"] = s.reached_at.isoformat() if s.reached_at else None
            d["deadline"] = s.deadline.isoformat() if s.deadline else None
            return d

        return {
            "day": self.day, "accelerated": self.accelerated, "counts": self.counts,
            "proposals": [asdict(p) for p in self.proposals], "violations": [asdict(v) for v in self.violations],
            "speedups": [speed(s) for s in self.speedups],
        }


# -- who wrote a post ------------------------------------------------------------------------------

class Identities:
    """Posts → characters, by forum uid where the game file knows it (a renamed account keeps its count)."""

    def __init__(self, game: Game):
        self.by_uid = {p.uid: p.name for p in game.players if p.uid is not None}
        # 双马甲 card accounts and 顶替 substitutes post for their player: their posts count for the slot.
        self.by_name = {p.name: p.name for p in game.players} | game.aliases | game.accounts

    def __call__(self, post) -> str | None:
        uid = getattr(post, "author_uid", None)
        if uid is not None and uid in self.by_uid:
            return self.by_uid[uid]
        return self.by_name.get(post.author)


def day_window(game: Game, day: Day) -> tuple[datetime | None, datetime | None]:
    return game.when(day.start), game.when(day.close)


def count_posts(posts, game: Game, day: Day, counts_hidden: bool = True) -> dict[str, int]:
    """Posts per living player in the day's discussion threads, from start to close.

    Every post the forum lists counts, hidden or edited ones included: the rules count posts made, and a
    moderator hiding a post does not unmake it (preset setting lurk_counts_hidden)."""
    who = Identities(game)
    start, close = day_window(game, day)
    alive = [p for p in game.player_names if p not in day.dead]
    counts = dict.fromkeys(alive, 0)
    for post in posts:
        at = parse_time(post)
        name = who(post)
        if not counts_hidden and getattr(post, "status", "normal") != "normal":
            continue
        if name in counts and at is not None and (start is None or at >= start) and (close is None or at < close):
            counts[name] += 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], alive.index(kv[0]))))


# -- colours and sizes -----------------------------------------------------------------------------

_NAMED = {
    "red": (255, 0, 0), "darkred": (139, 0, 0), "crimson": (220, 20, 60), "firebrick": (178, 34, 34),
    "orangered": (255, 69, 0), "tomato": (255, 99, 71), "indianred": (205, 92, 92), "maroon": (128, 0, 0),
    "orange": (255, 165, 0), "pink": (255, 192, 203), "magenta": (255, 0, 255), "fuchsia": (255, 0, 255),
    "purple": (128, 0, 128), "blue": (0, 0, 255), "green": (0, 128, 0), "black": (0, 0, 0), "white": (255, 255, 255),
    "gray": (128, 128, 128), "grey": (128, 128, 128), "yellow": (255, 255, 0), "brown": (165, 42, 42),
    "sienna": (160, 82, 45), "deeppink": (255, 20, 147), "salmon": (250, 128, 114), "coral": (255, 127, 80),
}
RED = (255, 0, 0)
# "Near #FF0000": within this Euclidean RGB distance. Catches crimson, #E00000, #FF3333, orangered;
# leaves maroon (127), orange (165), deep pink (147), purple and the greys alone.
RED_DISTANCE = 100


def parse_color(value: str) -> tuple[int, int, int] | None:
    value = value.strip().lower()
    if value in _NAMED:
        return _NAMED[value]
    m = re.fullmatch(r"#?([0-9a-f]{6}|[0-9a-f]{3})", value)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    m = re.fullmatch(r"rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,[^)]*)?\)", value)
    if m:
        return tuple(min(255, int(x)) for x in m.groups())  # type: ignore[return-value]
    return None


def is_red(value: str) -> bool:
    rgb = parse_color(value)
    return rgb is not None and math.dist(rgb, RED) <= RED_DISTANCE


def is_enlarged(value: str) -> bool:
    """Discuz's [size=1..7] (3 is normal; 5 and up is the director's headline size), or px/pt sizes."""
    value = value.strip().lower()
    m = re.fullmatch(r"\+?(\d+(?:\.\d+)?)\s*(px|pt)?", value)
    if not m:
        return value in ("x-large", "xx-large", "xxx-large", "larger")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "px":
        return number >= 20
    if unit == "pt":
        return number >= 15
    return number >= 5


# -- the day's report ------------------------------------------------------------------------------

def lurk_day(
    game: Game,
    rules: Rules,
    day: Day,
    *,
    discussion: list,
    threads: dict[int, list],
    vote: DayTally | None,
    earlier_counts: dict[int, dict[str, int]] | None = None,
    earlier_votes: dict[int, list[str]] | None = None,
) -> LurkReport:
    """`threads` maps every game thread's tid to its posts (for 诈尸 and fonts); `earlier_counts` and
    `earlier_votes` (day → counts / non-voters) feed the three-day and drowning rules."""
    counts = count_posts(discussion, game, day, rules.lurk_counts_hidden)
    exempt = day.accelerated and rules.lurk_exempt_when_accelerated
    proposals: list[Proposal] = []
    alive = [p for p in game.player_names if p not in day.dead and p not in game.with_role("法官")]

    if not exempt:
        missed_vote = set(vote.non_voters) if vote else set()
        no_reply = set(vote.no_reply) if vote else set()
        for player in alive:
            reasons = []
            if rules.lurk_min_posts and counts.get(player, 0) < rules.lurk_min_posts:
                reasons.append(f"第{day.day}天讨论帖只有 {counts.get(player, 0)} 帖（不足 {rules.lurk_min_posts} 帖）")
            if player in no_reply and rules.no_reply_in_vote_thread_yellow:
                reasons.append("关门时没有回复投票帖")
            elif player in missed_vote and rules.lurk_no_vote:
                reasons.append("未投有效票")
            if reasons:
                proposals.append(Proposal(player, "yellow", "潜水：" + "；".join(reasons), day.day))
        if rules.lurk_three_day_min_posts and earlier_counts:
            proposals += _three_days(game, rules, day, counts, earlier_counts)
    proposals += _bar_owner(game, rules, day, vote)
    if rules.drowning:
        proposals += _drowning(rules, day, counts, vote, earlier_counts or {}, earlier_votes or {}, alive)

    violations = _violations(game, day, threads)
    speedups = [s for s in (_speedup(game, day, threads.get(day.process_thread) or [], word) for word in ("加速", "延时")) if s]
    return LurkReport(day.day, day.accelerated, counts, proposals, violations, speedups)


def _three_days(game, rules, day, counts, earlier) -> list[Proposal]:
    days = [d for d in sorted(game.days, key=lambda d: d.day) if d.day <= day.day and not d.accelerated][-3:]
    if len(days) < 3 or days[-1].day != day.day:
        return []
    out = []
    for player, n in counts.items():
        series = [earlier.get(d.day, {}).get(player) if d.day != day.day else n for d in days]
        if all(x is not None and x < rules.lurk_three_day_min_posts for x in series):
            out.append(Proposal(player, "yellow", f"潜水：连续三个未加速讨论日（第{'、'.join(str(d.day) for d in days)}天）"
                                f"都不足 {rules.lurk_three_day_min_posts} 帖（{'、'.join(map(str, series))}）", day.day))
    return out


def _bar_owner(game: Game, rules: Rules, day: Day, vote: DayTally | None) -> list[Proposal]:
    if not rules.bar_owner_vote_hours or vote is None:
        return []
    start = game.when(day.start)
    hours = rules.bar_owner_vote_hours_accelerated if day.accelerated else rules.bar_owner_vote_hours
    out = []
    for owner in game.with_role(BAR_OWNER):
        if owner in day.dead:
            continue
        mine = [e for e in vote.entries if e.voter == owner and e.kind != "none"]
        first_valid = next((e for e in mine if e.verdict in (COUNTED, "superseded") and e.kind != "abstain"), None)
        reasons = []
        if first_valid is None:
            reasons.append("没有投出有效票")
        elif start and first_valid.at and first_valid.at >= start + timedelta(hours=hours):
            late = (first_valid.at - start).total_seconds() / 3600
            reasons.append(f"讨论日开始 {hours} 小时内没有投出有效票（第 {late:.1f} 小时才投）")
        if any(e.kind == "abstain" for e in mine):
            reasons.append("弃权")
        if any(e.verdict == "invalid" and "酒吧老板" in e.reason for e in mine):
            reasons.append("规定时间后改票")
        elif any(e.verdict == "invalid" for e in mine if e.kind != "none"):
            reasons.append("投了无效票")
        if reasons:
            out.append(Proposal(owner, "yellow", "酒吧老板义务：" + "；".join(reasons), day.day, [e.pid for e in mine]))
    return out


def _drowning(rules, day, counts, vote, earlier_counts, earlier_votes, alive) -> list[Proposal]:
    """暗杀者 两水一票: two consecutive days failing attendance, or two missed votes in total. The judge, who
    may neither post nor vote, is never drowned; without an attendance number (the seed gives none) only the
    missed votes count."""
    out = []
    minimum = rules.drowning_min_posts
    voters = [p for p in alive if p not in day.non_voters]
    for player in voters:
        n = counts.get(player, 0)
        previous = earlier_counts.get(day.day - 1, {}).get(player)
        misses = sum(player in v for v in earlier_votes.values()) + (player in (vote.non_voters if vote else []))
        if minimum and previous is not None and previous < minimum and n < minimum:
            out.append(Proposal(player, "drown", f"淹死：连续两天发言考勤不合格（{previous}、{n} 帖，不足 {minimum}）", day.day))
        elif misses >= 2:
            out.append(Proposal(player, "drown", f"淹死：累计 {misses} 次未投票", day.day))
    return out


def _violations(game: Game, day: Day, threads: dict[int, list]) -> list[Violation]:
    who = Identities(game)
    start, close = day_window(game, day)
    directors = set(game.directors)
    out = []
    for tid, posts in threads.items():
        for post in posts:
            at = parse_time(post)
            if at is None or (start and at < start) or (close and at >= close) or post.author in directors:
                continue
            name = who(post)
            if name in day.dead:
                out.append(Violation(post.pid, post.floor, tid, name, "dead_posting", "已出局角色发言（诈尸）"))
            if name is None and tid == day.vote_thread:
                out.append(Violation(post.pid, post.floor, tid, post.author, "non_player", "非本局玩家在投票帖发帖"))
            style = getattr(post, "style", None) or {}
            reds = [c for c in style.get("colors", []) if is_red(c)]
            if reds and name:
                # A colour code says which red; a colour name (red, Red) is no more than 红色 already says.
                codes = sorted({c.upper() for c in reds if c.startswith("#")})
                shown = f"（颜色 {'、'.join(codes)}）" if codes else ""
                out.append(Violation(post.pid, post.floor, tid, name, "red_font", f"使用了导演专用的红色字体{shown}"))
            bigs = [s for s in style.get("sizes", []) if is_enlarged(s)]
            if bigs and name:
                out.append(Violation(post.pid, post.floor, tid, name, "big_font", f"使用了导演专用的放大字体（字号 {'、'.join(bigs)}）"))
    return sorted(out, key=lambda v: (v.thread, v.floor or 0))


# "申请加速", "再申请一次加速", "加速申请": a few characters may stand between the two words.
_REQUEST = {"加速": re.compile(r"申请.{0,4}?加速|加速申请"), "延时": re.compile(r"申请.{0,4}?(?:延时|延迟|延长)|(?:延时|延迟)申请")}


def _speedup(game: Game, day: Day, posts: list, word: str) -> Speedup | None:
    """Requests by distinct living players, counted until three hours before the closing time of the
    natural day being checked; the day's result is decided at the first check that reaches half."""
    start, close = day_window(game, day)
    alive = [p for p in game.player_names if p not in day.dead]
    needed = math.ceil(len(alive) / 2)
    who = Identities(game)
    if start is None or close is None:
        return None
    # The process thread runs through the whole game: only this day's requests count for it.
    requests = [p for p in sorted(posts, key=lambda p: (parse_time(p) or datetime.max.replace(tzinfo=game.tz), p.pid))
                if _REQUEST[word].search(p.text or "") and p.author not in game.directors
                and parse_time(p) is not None and start <= parse_time(p) < close]
    if not requests:
        return None
    checks = []  # 18:00 on each natural day of the scheduled day (the closing time − 3 h)
    check = start.replace(hour=(close - timedelta(hours=3)).hour, minute=close.minute, second=0, microsecond=0)
    if check <= start:
        check += timedelta(days=1)
    while check <= close - timedelta(hours=3):
        checks.append(check)
        check += timedelta(days=1)
    counted: list[str] = []
    not_counted: dict[str, str] = {}
    reached_at = decided = None
    last_check = checks[-1] if checks else close - timedelta(hours=3)
    for post in requests:
        at, name = parse_time(post), who(post)
        label = name or post.author
        if name is None:
            not_counted[label] = "不是本局玩家"
        elif name in day.dead:
            not_counted[label] = "已出局（诈尸）"
        elif name in counted:
            not_counted[f"{label}（重复）"] = "重复申请"
        elif at >= last_check or (decided and at >= decided):
            not_counted[label] = f"超过截止时间 {at_words(last_check, year=False)}"
        else:
            counted.append(name)
            if len(counted) == needed and reached_at is None:
                reached_at = at
                decided = next((c for c in checks if c > at), last_check)
    return Speedup(word, len(alive), needed, counted, not_counted, reached_at is not None, reached_at, decided or last_check)
