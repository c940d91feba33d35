"""A day's vote as a fold: posts in time order → standing ballots, one audit line per step.

`tally_day(posts, game, day, rules, rulings)` is a pure function. Posts are the archive's posts
(anything with pid, floor, author, posted_at, time_precision, quotes, text, status, edited_at).
It decides every post (counted / superseded / invalid / ignored) and flags what a director should
rule on; whatif.py then weighs the flags (the fold decides, the analysis weighs).
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from fractions import Fraction
from typing import TYPE_CHECKING, Iterable

from grammar import ballot as grammar
from grammar import director as in_role
from grammar import ruling as ruling_words
from grammar import speech
from grammar import tags as tagging
from grammar.colors import unseen as unseen_color
from grammar.detect import attempt as detect_attempt, hits as detect_hits, labelled, names_in
from grammar.names import Match, Roster, described
from grammar.normalize import normalize
from grammar.structure import split
from grammar.when import said_times
from grammar.tags import chinese_number

from . import certainty
from .game import BAR_OWNER, JUDGE, Day, Game
if TYPE_CHECKING:
    from .whatif import Proof
from .outcome import Outcome, decide_outcome, first_to_top
from .rules import Rules

COUNTED, SUPERSEDED, INVALID, IGNORED = "counted", "superseded", "invalid", "ignored"
BAR_OWNER_ABSTAINS = "酒吧老板不允许弃权（记黄牌）"
# What _time_problems says of a change the clock bars (the facts decide it, whatever else its words say)
_BARRED_CHANGE = ("关门前", "关门后的投票无效", "执行加速期间不允许改票", "酒吧老板在讨论日开始")
EDITED_AFTER_CLOSE = "帖子在关门后被编辑过（编辑标记不早于关门那一分钟），存档里没有关门前的版本"
EDIT_TIME_UNKNOWN = "帖子的编辑标记早于发帖时间（编辑者的时区不同，或标记是手打的）：不知道是不是关门后编辑的，存档里没有关门前的版本"
# Discuz stamps no edit made within 60 s of posting (docs/discuz.md): a ballot posted in the last minute and first
# archived after the close may have been changed after it without a trace (the hostile round, 1.6).
EDIT_UNSTAMPED = "帖子在关门前 1 分钟内发出，存档在关门后才第一次读到：Discuz 对发帖 60 秒内的编辑不留编辑标记，关门后有没有改过无从得知"
EDITED_BY_OTHER = "帖子被别人（不是作者本人，例如版主）编辑过，存档里没有编辑前的版本：作者本人写的是什么无从得知"
TEXT_UNKNOWN = (EDITED_AFTER_CLOSE, EDIT_TIME_UNKNOWN, EDIT_UNSTAMPED, EDITED_BY_OTHER)
# A time of day a post says it is now agrees with the forum's clock within this; the close's own day ends this long after it
_CLOCK_AGREES, _JUST_AFTER = timedelta(minutes=30), timedelta(hours=3)
_BEFORE_CLOSE_SAID = re.compile(r"(?:赶在|赶|趁|在)\s*(?:关门|截止|截票|收票)(?:之?前)")
KIND_WORDS = {"vote": "投票", "change": "改票", "abstain": "弃权", "proxy": "代投", "none": "发言", "malformed": "投票"}


_SPEAKER = re.compile(r"\s*([^\s:：]{1,12})\s*[:：]")
# What a reply to a quoted request to vote says when it does not pass the ballot on: a question, a refusal, a pointer to the
# rules or the director. Any other reply may be the relay (「照办」「收到，马上」「ok」 — the hostile round 94, cases 55, 62, 78:
# a list of the words that pass a ballot on grew each round, and 「照办」 posted 「无人出局」 alone)
_DECLINES = re.compile(r"[?？]|吗|么|不帮|不转|不代|不替|不发|不能|不行|不可以|不允许|不许|不让|不给|没法|无法|别|拒绝|自己投|自己来|"
                       r"自己发|找导演|问导演|规则|违规|犯规")
# A request to vote for the one who says it, as a quote holds it (「帮我投杨康」「替我投一票杨康」「我投杨康，帮我发一下」)
_QUOTED_REQUEST = re.compile(r"(?:帮|替|代)\s*我\s*(?:投|选|把票投给|把票给|票给|发|改投|改成)|帮忙投|我的票\s*(?:投|给)|我投\s*\S{1,12}?\s*[,，]?\s*(?:帮|麻烦|替)")
# The words a reply to a floor opens with, typed rather than made by the forum's 回复 button (no quote, no link)
# What a ruling 「有效」 on a ballot of one who may not vote says (report.secret_ballots holds the final while a ballot says it)
RULED_VALID_IN_VAIN = "导演裁定「有效」也不计票，请改判「无效」"
_TYPED_REPLY = re.compile(r"^\s*回复\s*(\d{1,5})\s*[#楼]\s*([^\s:：,，\n]{1,16})?")


# A pair of tags as typed (「[杨康]…[/杨康]」): the forum shows any it does not know as text
_PAIRED_TAG = re.compile(r"\[([^\[\]\s/=]{1,12})(?:=[^\]\n]*)?\](?=.*?\[/\1\])", re.S)


_IMAGE = "[图片]"  # a picture in a post, as the archive keeps it (scraper/message.py)
# A short post about a ballot beside a picture: 「票在图里」「我的票→」「vote:」
_SHORT_VOTE_WORDS = re.compile(r"[^\n]{0,12}(?:票|投|(?i:vote))[^\n]{0,12}")
_LABELLED_LINE = re.compile(r"(?:投票|改票|代投)?(?:对象|理由|目标)\s*[:：]|^\s*(?:投票|改票|代投|vote|reason)\s*[:：]", re.I)


@lru_cache(maxsize=16384)
def _short_line_of(own: str, roster, known: frozenset) -> str | None:
    """A line of the post, not the ballot's labelled lines, that names one player the ballot does not (nor the poster) and says
    little else — six Chinese characters at most beside the name, whatever they are: the words that pass a ballot on or correct
    one had a near neighbour each hostile round while they were listed (round 102: 「X私信我的」「经X授权」「X is wrong, Y is
    right」) — or None. (Cached: the what-ifs fold each post many times.)"""
    lines = own.split("\n")
    if len(lines) < 2:
        return None
    for line in lines:
        if _LABELLED_LINE.search(line) or _TYPED_REPLY.match(line) or "发表于" in line or re.fullmatch(
                r"\s*[(（][^\n]*(?:不是|并非|而非|搭档|那个|就是|即|原|旧|之前|以前|昨天|前票|改前)[^\n]*[)）]\s*", line):
            continue  # (a reply's header; 「（不是穆念慈）」「（原：郭靖）」, a bracket the target's line carried — read with the target)
        named = {roster.table[m.group()] for m in roster.pattern.finditer(line)} - known
        if len(named) != 1:
            continue  # (「郭靖 错 杨康 对」「郭靖x 杨康v」: the ballot's own name beside one other — round 100, cases 32, 33)
        rest = roster.pattern.sub("", line)
        if len(re.findall(r"[\u4e00-\u9fff]", rest)) <= 6 and len(re.findall(r"[A-Za-z]", rest)) <= 24 and not re.search(r"[?？]", rest) \
                and not re.match(r"\s*签名", line) and not re.search(r"理由|原因|同理", rest) and not _SPOKEN_TO_OR_CHECKED.search(line):
            return line  # (「跟弯刀一个理由。」: the reason's; 「@X 看这里」「查杀：X」「昨晚查验：X 好人」: said to him, or of him — rounds 113/117)
    return None


# A line that speaks to a player (an @-mention) or gives a seer's check (certainty.SEER_CHECK): about him, never his ballot
_SPOKEN_TO_OR_CHECKED = re.compile(rf"^\s*@|{certainty.SEER_CHECK.pattern}")


def _declines(words: str) -> bool:
    """Whether a reply to a quoted request to vote only asks or declines: every clause does (「你自己不是已经投了吗？别刷屏」),
    where one that scolds or asks and then does it passes the ballot on (「你自己不能投吗？算了我帮你」「没问题，不过下次自己来」 —
    the hostile round 96, cases 31, 32: certain talk, 「无人出局」 posted alone)."""
    clauses = [c for c in re.split(r"(?<=[?？])|[，,。.!！;；\n~～…]+", words) if c.strip(" 　()（）")]
    return bool(clauses) and all(_DECLINES.search(c) for c in clauses)


@dataclass(frozen=True)
class Ruling:
    """A director's decision on one post: "accept", "reject", or "target" (with `target`)."""

    pid: int
    decision: str
    target: str | None = None
    note: str = ""
    # Whose ballot the post is, where the director counts it for another player than its poster (a
    # ballot relayed for them: 帮X投 · X托我投). None: the poster's (or a director's proxy's player).
    voter: str | None = None
    # Where it was made: 「bansha rule」, or the director's ruling post in the thread (tally/rulings.py) —
    # its words, pid and thread, for the pages and the result post's link.
    source: str = field(default="", compare=False)
    source_pid: int | None = field(default=None, compare=False)
    source_tid: int | None = field(default=None, compare=False)
    source_floor: int | None = field(default=None, compare=False)
    # A "reject" that says the post is no ballot at all (「5楼……不作为投票，不占他今天的票」): it casts nothing — not
    # an invalid ballot, which a preset may count as an abstention and a new post then corrects
    no_ballot: bool = False

    def to_json(self) -> dict:
        return {"pid": self.pid, "decision": self.decision, "target": self.target, "for": self.voter, "note": self.note,
                "source": self.source, "source_pid": self.source_pid}


@dataclass
class Entry:
    """One post of the thread, decided."""

    pid: int
    floor: int | None
    author: str
    voter: str | None
    kind: str  # vote | change | abstain | proxy | none (malformed ballots are "vote"/"change" gone wrong)
    target: str | None  # the roster name counted (or as written, where none matched)
    verdict: str
    reason: str
    needs_review: bool = False
    weight: Fraction = Fraction(0)
    at: datetime | None = None
    suggestion: str | None = None  # what a ruling would most likely count this as
    ruling: Ruling | None = None
    readings: tuple[str, ...] = ()  # the players a doubtful post could be read as voting for
    form_invalid: bool = False  # invalid for its form (even where the preset then counts it as an abstention)
    bad_target: bool = False  # invalid for whom it names (dead, untargetable, not in the runoff)
    not_counted: str | None = None  # why a valid ballot weighs nothing (若愚 …)
    # Why what the post said at close is unknown (hidden and unreadable, edited after close with no earlier
    # version): it could then have been a ballot for anyone, an abstention, or nothing.
    unknown: str | None = None
    nobody: bool = False  # a vote-like post that is no ballot speaks of not voting: abstaining is a reading
    relayed_for: tuple[str, ...] = ()  # players the post may relay a ballot for (帮X投 · X托我投)
    withdraws: bool = False  # 撤票 where the game allows it: a change to no ballot
    # A doubt the reading space cannot hold whole (a relay for a player the words do not name, a relay beside
    # the poster's own ballot): the proof cannot clear it, only a ruling can.
    unprovable: bool = False
    one_ballot: bool = False  # unprovable, yet it moves one ballot at most (a relay for a player it does not name)
    beside: bool = False  # unprovable, a relay beside the poster's own ballot: it moves two ballots at most
    replaces: int | None = None  # the pid of the voter's standing ballot when this post was folded
    space: list = field(default_factory=list)  # a flag's other readings, as rulings (certainty.space)
    # A secret non-voter's plain ballot as its words have it (kind, target): a ruling that counts it so is, in public,
    # what the same post by anyone else is — a ballot, never a ruling line (report._lines).
    as_written: tuple[str, str | None] | None = None

    @property
    def certain(self) -> bool:
        """Facts decide this post on words that are unmistakably its poster's (tally/certainty.py)."""
        return not self.needs_review

    def to_json(self) -> dict:
        return {
            "pid": self.pid, "author": self.author, "voter": self.voter,
            "kind": self.kind if self.kind in ("vote", "change", "abstain", "proxy") else "none",
            "target": self.target, "verdict": self.verdict, "reason": self.reason, "needs_review": self.needs_review,
            "weight": _number(self.weight), "form_invalid": self.form_invalid, "certain": self.certain,
            "readings": [r.to_json() for r in certainty.readings(self)], "names": list(self.readings),
        }


@dataclass
class Flag:
    pid: int
    floor: int | None
    reason: str
    can_change_outcome: bool = False  # alone, or together with the flags in `together`
    alternatives: list[str] = field(default_factory=list)  # what each of its own readings makes of the day
    together: list[int] = field(default_factory=list)  # the other pids of the smallest combination that changes it

    readings: list = field(default_factory=list)  # every reading of the post, as the proof weighs them

    def to_json(self) -> dict:
        return {"pid": self.pid, "reason": self.reason, "can_change_outcome": self.can_change_outcome,
                "alone": bool(self.alternatives), "together": self.together, "certain": False,
                "readings": [r.to_json() for r in self.readings]}


_COUNT_POST = object()  # _count_says: the voter has no post — the count's own post carries the doubt


@dataclass
class CountCheck:
    """A count the director posted (a running count, the closing tally) set beside the tool's at that moment: each
    player it gives another ballot than the tool does. A doubt to look at, not a ruling: one of the two is wrong."""

    pid: int
    floor: int | None
    at: datetime | None
    differences: list[str]  # 「曹操 → 赵云；本工具：#18 未计（…）」

    def words(self) -> list[str]:
        return [f"导演 #{self.floor} 的票型统计：{d}" for d in self.differences]

    def to_json(self) -> dict:
        return {"pid": self.pid, "floor": self.floor, "at": self.at.isoformat() if self.at else None,
                "differences": self.differences}


@dataclass
class DayTally:
    day: int
    kind: str  # "vote" | "election"
    entries: list[Entry]
    audit: list[str]
    totals: dict[str, Fraction]
    voters: dict[str, list[tuple[str, Fraction]]]  # target → [(voter, weight)]
    abstentions: list[str]
    non_voters: list[str]
    no_reply: list[str]  # living voters with no post at all in the thread before close
    bonus: dict[str, Fraction]
    outcome: Outcome
    flags: list[Flag]
    rulings: list[Ruling]
    alive: list[str]
    close: datetime | None
    title_holder: str | None = None
    blackout: datetime | None = None  # from when the preset bars changes (and, where it says so, proxies)
    # What the outcome takes from each player put out, as the result post says it (双身份: 「第一身份被处决，
    # 身份：民」); empty where a player has one card and the preset reveals nothing.
    fates: dict[str, str] = field(default_factory=dict)
    label: str = ""  # 「第2天」 or 「第2天重投」
    needed: Fraction | None = None  # where the preset has a threshold: the count that puts a player out
    # Living players with no standing ballot, whether they may vote or not: what a public post may list
    # (non_voters leaves out who cannot vote — a 法官 — and naming only the rest would point at them).
    silent: list[str] = field(default_factory=list)
    vote_thread: int | None = None  # the thread the ballots were read from (a round may have its own)
    # Whether the outcome holds under every reading of every open flag (None: not analysed), and the
    # outcome under one more ruling (pid, Ruling) → Outcome, from the same analysis.
    proof: "Proof | None" = None
    what_if: object = field(default=None, repr=False, compare=False)
    # The director's ruling posts that apply nothing, and why (tally/rulings.py's Unread): 「看不懂的裁定帖」.
    unread_rulings: list = field(default_factory=list)
    # The director's own counts where they give a player another ballot than this tally does at that moment.
    count_checks: list[CountCheck] = field(default_factory=list)
    # Who the game file keeps from voting (a secret 法官, non_voters): the director's to know, never a public post's
    barred: list[str] = field(default_factory=list)

    @property
    def certain(self) -> bool:
        """The outcome is proven: no reading of any open flag, alone or together, changes it."""
        return not self.flags or bool(self.proof and self.proof.certain)

    @property
    def title(self) -> str:
        return self.label or f"第{self.day}天"

    def to_json(self) -> dict:
        return {
            "day": self.day,
            "outcome": {"kind": self.outcome.kind, "names": self.outcome.names},
            "totals": {name: _number(value) for name, value in self.totals.items()},
            "posts": [e.to_json() for e in self.entries],
            "non_voters": self.non_voters,
            "flags": [f.to_json() for f in self.flags],
            "proof": self.proof.to_json() if self.proof else None,
            "rulings": [r.to_json() for r in self.rulings],
            "unread_rulings": [u.to_json() for u in self.unread_rulings],
            "count_checks": [c.to_json() for c in self.count_checks],
        }


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


@dataclass
class _Standing:
    entry: Entry
    target: str | None  # None = abstention
    changes: int = 0
    by_rule: bool = False  # an invalid ballot the rules count as an abstention (002), not one the voter cast


class _Context:
    """Everything about the day that does not change while folding."""

    def __init__(self, game: Game, day: Day, rules: Rules, kind: str, title_holder: str | None):
        self.game, self.day, self.rules, self.kind = game, day, rules, kind
        self.player_uids: dict[str, int] = {}  # the account each player's name posted from on earlier days (the archive's)
        self.substitute_pids: frozenset[int] = frozenset()  # a 顶替 substitute's posts on the day it takes the slot
        self.left_pids: dict = {}  # pid → the 顶替 event: a post of the account that left the slot, that day or after
        self.players = game.player_names
        self.dead = set(day.dead)
        self.alive = [p for p in self.players if p not in self.dead]
        # Out during the day (a day kill at a time): ballots cast while alive stand, later ones are void.
        self.deaths_at = {name: game.when(at) for name, at in day.deaths_at.items()}
        self.directors = set(game.directors)
        self.start = game.when(day.start)
        self.close = game.when(day.close)
        self.accelerated_from = game.when(day.accelerated_from) or (self.start if day.accelerated else None)
        self.blackout = self.close - timedelta(minutes=rules.blackout_minutes) if self.close and rules.blackout_minutes else None
        self.customs = rules.vote_customs()
        self.roster = Roster(self.players, game.aliases)
        self.title_holder = title_holder
        judges = set(game.with_role(JUDGE)) | set(day.non_voters)
        self.cannot_be_voted = set(day.cannot_be_voted) | set(game.with_role(BAR_OWNER) if rules.bar_owner_vote_hours else ())
        if kind == "election":
            house = rules.title_voters_house
            eligible = set(game.in_house(house)) if house else set(self.alive)
            self.voters = [p for p in self.alive if p in eligible and p not in judges]
            self.candidates = set(self.voters)
        else:
            self.voters = [p for p in self.alive if p not in judges]
            self.candidates = set(day.runoff or self.alive) - self.cannot_be_voted
        self.bar_owners = set(game.with_role(BAR_OWNER)) if rules.bar_owner_vote_hours and kind == "vote" else set()
        # the candidates in the game file's order: readings built from them read the same on every run (a set's order does not)
        self.candidates_in_order = tuple(p for p in self.alive if p in self.candidates) + tuple(
            sorted(self.candidates - set(self.alive)))
        self.times: dict[int, datetime | None] = {}
        self.texts: dict[int, tuple[str, str | None]] = {}

    def time_of(self, post) -> datetime | None:
        """The post's time, parsed once per tally (the what-ifs fold each post many times)."""
        pid = post.pid
        if pid not in self.times:
            self.times[pid] = parse_time(post)
        return self.times[pid]

    @property
    def bonus(self) -> dict[str, Fraction]:
        """The day's added votes (乌鸦诽谤 +2): a vote's only, never an election's."""
        return {name: Fraction(str(v)) for name, v in self.day.bonus.items()} if self.kind == "vote" else {}

    def why_not_counted(self, voter: str) -> str:
        if voter in self.day.votes_not_counted:
            return "游戏文件 votes_not_counted：如发动若愚后的白痴，票数不计入"
        return "票数为 0"

    def weight(self, voter: str) -> Fraction:
        if self.kind == "vote" and voter in self.day.votes_not_counted:
            return Fraction(0)
        if self.kind == "vote" and voter == self.title_holder:
            return self.rules.title_weight
        return Fraction(1)


def parse_time(post) -> datetime | None:
    value = getattr(post, "posted_at", None)
    if not value:
        return None
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def tally_day(
    posts: Iterable,
    game: Game,
    day: Day,
    rules: Rules,
    rulings: dict[int, Ruling] | None = None,
    *,
    kind: str = "vote",
    title_holder: str | None = None,
    history: dict[int, list[dict]] | None = None,
    sensitivity: bool = True,
    _verdicts: dict | None = None,
    player_uids: dict[str, int] | None = None,
) -> DayTally:
    ctx = _Context(game, day, rules, kind, title_holder if title_holder is not None else day.title_holder)
    ctx.player_uids = player_uids or {}
    rulings = rulings or {}
    # 「12楼待定」: the director's open question on a ballot (tally/rulings.py) — a doubt, whatever we read
    pending = {pid: r for pid, r in rulings.items() if r.decision == "pending"}
    rulings = {pid: r for pid, r in rulings.items() if r.decision != "pending"}
    posts = _one_account_each(posts, ctx)  # (before the card accounts and substitutes take their player's name)
    accounts = game.accounts
    if accounts:  # 双马甲 card accounts and 顶替 substitutes post and vote for their player's slot
        # (the substitute's posts on the day the slot changes hands: the old account's ballot that day is the slot's too)
        arrived = {e.to for e in game.events if e.what == "顶替" and e.to and e.day == day.day}
        ctx.substitute_pids = frozenset(p.pid for p in posts if p.author in arrived)
        # the old account's posts once its slot is taken over: no longer the player's (the hostile round 82, N53: counted)
        # (at the time the game file gives, the takeover is known: before it, the old account still plays the slot)
        left = {e.player: e for e in game.events if e.what == "顶替" and e.to and e.day <= day.day and e.player != e.to}
        ctx.left_pids = {p.pid: left[p.author] for p in posts if p.author in left and not (
            left[p.author].day == day.day and left[p.author].at and (t := parse_time(p)) is not None and t < game.when(left[p.author].at))}
        posts = [replace(p, author=accounts[p.author]) if p.author in accounts else p for p in posts]
    if day.round and ctx.start:
        # A round in the day's own thread: the posts of the day's first vote are not ballots of this round.
        posts = [p for p in posts if (parse_time(p) or ctx.start) >= ctx.start]
    later = [game.when(r.start) for r in game.vote_days() if r.day == day.day and r.round > day.round
             and r.vote_thread == day.vote_thread and r.start]
    if later:
        # …and the posts of a later round are that round's: read (and ruled) there, never here — a ruling made for
        # a 重投 ballot once re-counted the day's first vote
        posts = [p for p in posts if p.tid != day.vote_thread or (parse_time(p) or min(later)) < min(later)]
    posts = _one_proxy_each(posts, ctx)
    never = datetime.max.replace(tzinfo=ctx.game.tz)
    ordered = sorted(posts, key=lambda p: (ctx.time_of(p) or never, p.pid))
    verdicts = {} if _verdicts is None else _verdicts  # grammar verdicts, shared by the what-if re-tallies
    fold = _Fold(ctx, rulings, history or {}, verdicts, pending)
    for post in ordered:
        fold.step(post)
    result = fold.finish()
    if sensitivity:
        from . import whatif  # the analysis weighs what the fold decided (and refolds with it)

        result.proof = whatif.weigh(result, ordered, ctx, rulings, history or {}, verdicts, _Fold, Ruling)
    return result


_OTHER_ACCOUNT = re.compile(r"(.+)（uid (\d+)）")  # a player's name from another account (_one_account_each)


def _one_account_each(posts: list, ctx: "_Context") -> list:
    """A player's name posted from another account than the player's (the uid the game file gives, else the one that posted
    under the name first): a player renamed on the forum and the name registered by someone else — not the player, whatever
    the name says. Its posts are a stranger's, 「X（uid N）」, and its ballots wait for the director (the hostile round 89,
    case 12: the newcomer's change, quoting the renamed player's ballot, was counted as his and 郭靖 posted out)."""
    seen = {(p.author, p.author_uid) for p in posts}
    # (the game file's uid where the name posts from it; a uid nobody posts from is the file's slip, not a stranger's name)
    known = {p.name: p.uid for p in ctx.game.players if p.uid and (p.name, p.uid) in seen}
    # The account a player's name posted from on an earlier day, where the game file gives none: a name another account took
    # since is a stranger's today too (the hostile round 90, case 28: the renamed player's name registered anew, its
    # day-4 ballot counted as his and 黄蓉 posted out)
    typed = {p.name for p in ctx.game.players if p.uid}
    known.update({name: uid for name, uid in ctx.player_uids.items() if name in ctx.players and name not in typed})
    never = datetime.max.replace(tzinfo=ctx.game.tz)
    for post in sorted(posts, key=lambda p: (ctx.time_of(p) or never, p.pid)):
        if post.author in ctx.players and post.author_uid:
            known.setdefault(post.author, post.author_uid)
    return [replace(p, author=f"{p.author}（uid {p.author_uid}）") if p.author in known and p.author_uid
            and p.author_uid != known[p.author] else p for p in posts]


def _one_proxy_each(posts, ctx: _Context) -> list:
    """A director's post that makes several proxies (代投两张： ⏎ 郭靖→黄蓉 ⏎ 穆念慈→杨康) is one ballot per player: each
    proxy folds as a post of its own, at the same floor and time — the first under the post's pid, the others under
    part_pid(pid, k) (real_pid gives the post back, for links and rulings)."""
    out = []
    for post in posts:
        said = in_role.read(post.text, ctx.roster, tuple(ctx.directors)) if post.author in ctx.directors else None
        standing = said.standing if said is not None and not said.doubts else []
        if len(standing) < 2:
            out.append(post)
            continue
        for k, made in enumerate(standing[:9]):
            out.append(replace(post, pid=post.pid if k == 0 else part_pid(post.pid, k),
                               text=f"代投：{made.voter}\n投票对象：{made.target or ctx.customs.abstain_words[0]}"))
    return out


def part_pid(pid: int, part: int) -> int:
    """The key of a post's `part`-th ballot beyond its first (a director's second proxy in one post): never a real pid."""
    return -(pid * 10 + part)


def real_pid(pid: int) -> int:
    """The forum's pid a ballot's key stands for (part_pid's inverse; a real pid is itself)."""
    return pid if pid >= 0 else (-pid) // 10


_LEFT_OUT = object()  # a count that lists most ballots and leaves this one out
_TOTALS = object()  # a count by totals gives this ballot's player fewer votes than ours (or more, and no ballot of ours explains it)


def _held_words(ruling: Ruling) -> str:
    where = f"#{ruling.source_floor}" if ruling.source_floor is not None else f"pid {ruling.source_pid}"
    return f"导演在 {where} 说这一票还没有定（{ruling.note}），工具不替导演决定"


class _Fold:
    def __init__(self, ctx: _Context, rulings: dict[int, Ruling], history: dict[int, list[dict]], verdicts: dict,
                 pending: dict[int, Ruling] | None = None):
        self.ctx, self.rulings, self.history, self.verdicts = ctx, rulings, history, verdicts
        self.pending = pending or {}
        self.standing: dict[str, _Standing] = {}
        self.tried: set[str] = set()  # voters who posted an invalid ballot with no standing one
        self.posted: set[str] = set()  # voters with any post before close
        self._words_of: dict[int, str] = {}  # a ballot post's own words, by pid
        self._quoted_in: dict[int, tuple] = {}  # what a ballot post quotes (structure.Quoted), by pid
        self._old_targets: dict[int, tuple] = {}  # the old target a change writes (「原票：黄蓉」), by pid
        self._director_words: dict[int, str] = {}  # a director's post read as no ballot, by pid
        self.entries: list[Entry] = []
        self.audit: list[str] = []
        self.timeline: list[tuple[datetime, dict[str, Fraction]]] = []
        self._posts_by_pid: dict[int, object] = {}
        self._entry_of: dict[int, Entry] = {}  # pid → its entry (a change's quote names the post it replies to)
        self._above: list[str] = []  # what the ballot above may be read as: what 同上 follows
        self._floors: dict[int | None, str] = {}  # floor → author: what 3楼 · 楼主 point at
        self.count_checks: list[CountCheck] = []
        # voter → (the count's floor, what it says, our entry it differs from, words): the latest count that lists them
        self._count_says: dict[str, tuple] = {}

    # -- one post ---------------------------------------------------------------------------------

    def step(self, post) -> None:
        ctx = self.ctx
        text, text_note = self._text_before_close(post)
        verdict = self.verdicts.get(text)
        if verdict is None:
            verdict = self.verdicts[text] = grammar.parse_post(text, ctx.customs, ctx.roster)
        above_author = self.entries[-1].author if self.entries else None
        if post.author in verdict.relayed_for and post.author not in ctx.directors:
            # 「以上，from 黄蓉」「——黄蓉」 by 黄蓉: a ballot signed with the poster's own name is no relay (round 99, cases 24, 28)
            verdict = replace(verdict, relayed_for=tuple(w for w in verdict.relayed_for if w != post.author),
                              doubts=tuple(d for d in verdict.doubts if not d.startswith(f"{grammar.RELAYED}「{post.author}」")))
        prior = self.standing.get(post.author)  # the poster's own ballot before this post
        if post.author in ctx.directors:
            verdict = self._in_role(verdict, text, getattr(post, "quotes", None) or ())  # a proxy in own words, or no ballot
            if (shown := shown_otherwise(post, text)) is not None:
                verdict = self._as_shown(verdict, shown, getattr(post, "quotes", None) or ())
            self._check_count(post, text)
        elif self._agrees_with_director(post, verdict):
            # 「同上，票型没问题」「+1 导演辛苦」 under the director's count, notice or proxy: agreement, not a ballot.
            verdict = replace(verdict, kind="none", follows=False, refers=(), vote_like=False, readings=(), doubts=(),
                              reason="同意所引用的导演帖子，不是投票", relayed_for=(), nobody=False)
        elif verdict.kind == "none" and (shown := shown_otherwise(post, text)) is not None and (
                seen := grammar.parse_post(shown, ctx.customs, ctx.roster)).kind != "none":
            # 「投杨[color=white]不[/color]康」: the text is no ballot, the page shows one (「投杨康」) — never silent (the hostile
            # rounds 78–84, b11: talk, certain); the ballot the page shows is a reading, and the director's to rule
            verdict = replace(verdict, vote_like=True, readings=tuple(dict.fromkeys([*verdict.readings, *seen.readings,
                                                                                     *([seen.target] if seen.target else [])])),
                              reason="帖子里有看不见的字（和底色一样的颜色）：读者看到的是一张票，工具读到的不是，请导演看原帖裁定")
        elif verdict.kind in ("vote", "change") and not verdict.corrected and verdict.match is not None and verdict.match.name \
                and (meant := certainty.corrected_choice(verdict.own, verdict.match.name, ctx.roster)):
            # 「投票对象：马拉糕 …… 我把马拉和萝卜弄反了，要投的是萝卜糕」: the ballot the words choose after taking the labelled
            # one back — the one meant (rules.md), asked; the preset's corrected_in_post says whether it may stand.
            old = verdict.match.name
            verdict = replace(verdict, target=meant, match=ctx.roster.resolve(meant), corrected=(old,),
                              readings=tuple(dict.fromkeys([*verdict.readings, meant, old])),
                              doubts=(*verdict.doubts, f"投票对象写的是「{old}」，帖子里又改口要投「{meant}」：按改口后的「{meant}」计，"
                                                       f"这样的票算不算、算给谁，请导演确认"))
        if verdict.withdraws and ctx.rules.unvote == "allowed" and verdict.kind == "malformed" and not verdict.relayed_for:
            # 撤票 where the game allows it: an ordinary change to no ballot, under every change rule.
            verdict = replace(verdict, kind="change", abstains=True, target=ctx.customs.abstain_words[0], reason=None,
                              intent=None, match=None, readings=())
        quoted = self._quoted_words(post)
        speaker = _SPEAKER.match(quoted)  # 「欧阳锋：帮我投杨康」: who the quoted words are by, where they open on it
        if not verdict.relayed_for and post.author not in ctx.directors and quoted and (
                asked := _QUOTED_REQUEST.search(quoted)) and not _declines(verdict.own or text or "") and (
                verdict.kind in ("none", "abstain") or verdict.abstains or (
                    verdict.target is not None and speaker and ctx.roster.table.get(speaker.group(1)) == verdict.target)):
            # a post under someone's quoted request to vote (「[quote]欧阳锋：帮我投杨康[/quote] 转一下」「……这是欧阳锋的票」): whatever
            # its own words, it may pass that ballot on — a relay the director rules (the hostile round 93, cases 09, 10, 20, 21,
            # 31: 「转一下」「帮他转个票」「以上为X的票」「X的票如上」 read as talk or as the poster's own ballot, posted alone)
            verdict = replace(verdict, relayed_for=("?",), vote_like=True,
                              doubts=(*verdict.doubts, f"引用了别人请导演或玩家代投的话（「{_clip(asked.group(), 16)}」）：是不是替他转投，请导演裁定"))
        if verdict.relayed_for and quoted:
            # a relay whose ballot stands in what it quotes (「[quote]丘处机：帮我投杨康[/quote] 丘处机托我转的」): the players the quote
            # names are what it may be for — the archive keeps the quote apart from the text (the hostile round 91, cases 07–08:
            # weighed only as an abstention, 「无人出局」 posted where 杨康 had his fourth vote)
            named = [n for n in _names_in(quoted, ctx.roster) if n not in verdict.relayed_for and n != post.author]
            whose = verdict.relayed_for
            if not any(w in ctx.players for w in whose):
                # 「他托我转的」「转达一下」 under the quoted request: it is for the one the quote is by (its header, or 「X：」 opening it)
                said_by = [a for q in getattr(post, "quotes", None) or () if (a := quote_field(q, "author"))]
                said_by += [speaker.group(1)] if speaker else []
                whose = tuple(dict.fromkeys(ctx.roster.table[a] for a in said_by if a in ctx.roster.table)) or whose
            verdict = replace(verdict, relayed_for=whose,
                              readings=tuple(dict.fromkeys([*verdict.readings, *(n for n in named if n not in whose)])))
        self._step(post, text, text_note, verdict)
        entry = self.entries[-1]
        entry.withdraws = verdict.withdraws and entry.kind == "change"
        if entry.needs_review and (verdict.follows or verdict.refers):
            # 同上 · 跟票 · 同意楼上: the ballot above is what it most plainly means; 投他 · 投楼上 · 投3楼: the
            # player pointed at. Readings like any other, so the proof weighs them.
            meant = [*self._pasted_quote_ballot(post, verdict), *self._above] if verdict.follows else []
            meant += [name for ref in verdict.refers for name in self._pointed_at(ref, post, above_author)]
            if "quoted" in verdict.refers and not getattr(post, "quotes", None):
                # 顾北辰你的移动路线不对……投他: with nothing quoted, 他 may be whoever the post named before it.
                meant += [n for n in reversed(_names_in(verdict.own, ctx.roster)) if n != post.author]
            entry.readings = tuple(dict.fromkeys([*entry.readings, *meant]))
        self._doubt(entry, verdict, post, prior)
        if prior is not None and prior.entry.kind == "proxy" and prior.entry.author in ctx.directors and \
                post.author == prior.entry.voter and entry.kind == "none" and (
                    _SPEAKS_OF_PROXY.search(verdict.own or "") or _size(verdict.own or "") <= 20) and \
                not _THANKS.search(verdict.own or "") and not (prior.target and prior.target in (verdict.own or "")):
            # 「我没委托过导演」「谁让你代投了」「I never asked for a proxy」「导演你搞错了吧」「不是我」: the player a proxy was made for
            # speaks of it, or says something short after it — whether it stands is the director's (hostile rounds 74, 75: counted)
            made = prior.entry
            made.needs_review, made.nobody = True, True
            made.readings = tuple(dict.fromkeys([*made.readings, *([made.target] if made.target else [])]))
            made.reason = f"{made.reason}；{post.author} 在 #{entry.floor} 说「{_clip(verdict.own or '', 24)}」：这张代投还算不算，请导演裁定"
        if entry.needs_review and entry.kind == "none" and post.author not in ctx.directors and entry.readings and \
                len(re.sub(r"[\W_]", "", ctx.roster.pattern.sub("", verdict.own or ""))) <= 4:
            # A short doubtful post that may be read as a ballot for X may follow X as well (「学穆念慈」「穆念慈那边」「穆念慈说得对」):
            # what X voted is one more reading of the same one ballot — the proof weighs it (hostile rounds 71, 73: a follow of
            # a player by name called harmless where it decides the day)
            followed_targets = [held.target for name in entry.readings if name != post.author
                                and (held := self.standing.get(name)) is not None and held.target in ctx.players]
            entry.readings = tuple(dict.fromkeys([*entry.readings, *followed_targets]))
        followed = [(m, self._followed(m, verdict.own or "")) for m in _same_as(verdict.own or "")] \
            if post.author in ctx.voters and entry.ruling is None else []
        same, whom = next(((m, w) for m, w in followed if w), followed[0] if followed else (None, None))
        if same and whom and whom != post.author and (entry.kind == "none" or entry.target in (whom, *(
                [entry.target] if entry.target not in ctx.players else []))):
            # 「和郭靖投一样的」「我的票和楼上一样」: a ballot for whatever 郭靖 voted — the director's (the hostile round,
            # issue 42, B14: read as chat; 「跟洪七公投一样的」 read as a vote for 洪七公 — 跟 X is 跟票 X elsewhere)
            held = self.standing.get(whom)
            said = f"像是跟着「{whom}」投（「{same.group().strip(':： ')}」）：算不算投票、投给谁，请导演裁定"
            entry.reason = f"{entry.reason}；{said}" if entry.needs_review and entry.reason else said
            entry.voter, entry.needs_review = post.author, True
            entry.readings = tuple(t for t in dict.fromkeys((held.target if held else None, entry.target, *entry.readings)) if t)
        if entry.kind != "none" or entry.needs_review:
            # What 同上 under this post follows: whatever this post may be read as, not only the last valid ballot.
            meant = [entry.target, entry.suggestion, *entry.readings] if not entry.unknown else list(ctx.candidates_in_order)
            above = [n for n in dict.fromkeys(meant) if n in ctx.players]
            if above or entry.verdict == COUNTED:
                self._above = above
        self._floors[entry.floor] = post.author

    def _proxy_before(self, pid: int, verdict) -> bool:
        """A proxy of the director's made before this post for the player it names (the take-back is of that one)."""
        voter = self.ctx.roster.resolve(verdict.proxy_for).name if verdict.proxy_for else None
        held = self.standing.get(voter) if voter else None
        return held is not None and held.entry.kind == "proxy" and held.entry.author in self.ctx.directors and held.entry.pid != pid

    def _taken_back(self, entry: Entry, text: str) -> None:
        """A director's post that speaks of a proxy made in an earlier post — by its player or its floor — with words
        that take back or correct (「梅超风那张代投撤销」「收回8楼的代投」「更正8楼：梅超风委托的是郭靖」): that proxy is
        the director's to confirm, its readings every player this post names and none (the lab, hostile round 51)."""
        takes_back = _takes_back_words()
        if self.ctx.roster.pattern is None:
            return
        # (「撤了撤了。」「scratch that」: words the readers cannot read that may turn back on the proxy above — an open rule)
        turned = ruling_words.turns_back(text, self.ctx.roster) if any(
            h.entry.kind == "proxy" and h.entry.author in self.ctx.directors for h in self.standing.values()) else ""
        if not takes_back.search(text) and not turned:
            turned = self._proxy_spoken_of(text)
            if not turned:
                return
        roster = self.ctx.roster
        # the clauses that take back or correct, not a count's rows (「更正后：鹫巢岩 4+2…」 recounts, it takes nothing back);
        # a clause about 「那张代投」 goes on in the next (「8楼那张代投我发错了，请忽略」)
        clauses = re.split(r"[，,。；;！!？?\n]", text)
        # the clause before names the proxy (「欧阳克那张，他本人说不用了」: 那张 is the proxy made for him)
        about = [i > 0 and bool(re.search(r"代投|那张|这张|那条|这条|那票", clauses[i - 1])) for i in range(len(clauses))]
        hits = [i for i, c in enumerate(clauses) if (takes_back.search(c) or (about[i] and takes_back.search(clauses[i - 1] + c)))
                and not re.search(r"\d\s*票|→|->|\d\s*[+＋]|[^\s,，]{1,12}\s*\d+(?:\.\d+)?\s*[:：]", c)]  # (a count's row: 「芒鞋 4：…」)
        # (a count's brackets and lists part its rows' notes: in 「红领巾（6楼；20楼改票已作废）、…、课间操（16楼代投）」 the words
        # take back 20楼 only — of a clause that holds them, the parts that do)
        said = [*dict.fromkeys([*(clauses[i - 1] for i in hits if about[i]), *(_part_saying(clauses[i], takes_back) for i in hits)])] \
            or ([turned] if turned else [])
        named = list(dict.fromkeys(roster.table[m.group()] for c in said for m in roster.pattern.finditer(c)))  # (in the order written)
        if not named and re.search(r"[A-Za-z]", text):
            named = self._proxied_by_surname(text)  # 「Hong changed his mind.」
        floors = {int(n) for c in said for n in re.findall(r"(\d{1,5})\s*(?:楼|层|樓|#|F|L)", c)}
        if not said or _STANDS_BY_PROXY.search(text):
            return  # (「23楼 不是新票，氟 以代投为准」: the proxy said to stand over the player's later post)
        # 「上面那条代投作废」: no player and no floor — the director's latest proxy before this post
        latest = max((h.entry.floor or 0 for h in self.standing.values() if h.entry.kind == "proxy"
                      and h.entry.author in self.ctx.directors and h.entry.pid != entry.pid), default=None) \
            if not named and not floors and (turned or any(re.search(r"代投|(?i:proxy)", c) for c in said)) else None  # (「never mind the proxy」)
        for voter, held in list(self.standing.items()):
            made = held.entry
            if made.kind != "proxy" or made.author not in self.ctx.directors or made.pid == entry.pid or not (
                    voter in named or made.floor in floors or (latest is not None and made.floor == latest)):
                continue
            made.needs_review = True
            made.readings = tuple(dict.fromkeys([*(n for n in named if n != voter), made.target]))
            made.nobody = True  # taken back: no ballot is a reading
            made.reason = f"{made.reason}；导演在 #{entry.floor} 又说「{said[0].strip()[:40]}」：这张代投是撤回了还是改了，请导演裁定"

    def _proxied_by_surname(self, text: str) -> list[str]:
        """The players a director's proxy was made for whom English words name by the pinyin of the surname (「Hong
        changed his mind.」 for 洪七公), as English-forum directors write them."""
        return [v for v, h in self.standing.items() if v and h.entry.kind == "proxy" and h.entry.author in self.ctx.directors
                and re.search(rf"(?i)(?<![a-z]){re.escape(certainty.sound(v[0]))}(?![a-z])", text)]

    def _proxy_spoken_of(self, text: str) -> str:
        """A short later post of the director's that speaks of one player a proxy was made for, and neither makes it again
        nor names its target nor says it stands (「洪七公说他自己来投」「洪七公要亲自投」「洪七公那张报废」): what it does to the
        proxy is the director's — an open rule (hostile round 73: each left the proxy standing), its words, else ""."""
        roster = self.ctx.roster
        own = normalize(split(text).own).strip()
        if not own or _size(own) > 24 or re.search(r"\d\s*票|→|->|[:：]\s*\S+[、,，]", own) or \
                _STANDS_BY_PROXY.search(own) or re.search(r"有效|收到|已代投|已经代投|没问题|为准|不变|照旧|照算|(?i:stands|confirmed)", own):
            return ""
        named = list(dict.fromkeys(roster.table[m.group()] for m in roster.pattern.finditer(own)))
        if not named and re.search(r"[A-Za-z]", own):
            named = self._proxied_by_surname(own)
        if len(named) != 1:
            return ""
        held = self.standing.get(named[0])
        if held is None or held.entry.kind != "proxy" or held.entry.author not in self.ctx.directors:
            return ""
        return own

    def _followed(self, same: re.Match, own: str) -> str | None:
        """The voter a 「和X一样」 ballot follows: the poster above, the author of the floor named, or the player named
        (他 · 她: the player named before it; 「我也投洪七公」: the player the words end with)."""
        found = same.groupdict()
        roster = self.ctx.roster
        if (name := found.get("name")) and (pointed := re.fullmatch(r"(上上楼|楼上|上一楼)(?:那位|这位|那个人?|那人)?", name)):
            found = {"above2" if pointed.group(1) == "上上楼" else "above": pointed.group(1)}  # 「和楼上那位一样」
        elif name := found.get("name"):
            if name in ("他", "她", "ta", "TA"):
                named = [roster.table[m.group()] for m in roster.pattern.finditer(own, 0, same.start())] if roster.pattern else []
                return named[-1] if named else None
            ends = [n for n in roster.table if name.endswith(n)]
            return roster.resolve(name).name or (roster.table[max(ends, key=len)] if ends else None)
        if found.get("above") or found.get("above_en"):
            return self.entries[-2].author if len(self.entries) > 1 else None
        if found.get("above2"):
            return self.entries[-3].author if len(self.entries) > 2 else None
        if found.get("floor") or found.get("hashfloor"):
            written = found.get("floor") or found["hashfloor"]
            number = int(written) if written.isdecimal() else chinese_number(written)
            return next((e.author for e in self.entries if e.floor == number), None)
        return None

    def _doubt(self, entry: Entry, verdict, post, prior: "_Standing | None") -> None:
        """Words that are not unmistakably the poster's own ballot now make the post a doubt, with their
        readings, unless facts decide it whatever it says (tally/certainty.py)."""
        ctx = self.ctx
        by_director = entry.author in ctx.directors
        if by_director and verdict.kind == "proxy" and verdict.doubts and entry.ruling is None and not self._settled(entry):
            entry.needs_review, entry.voter = True, entry.voter or entry.author
            entry.reason = "；".join([*([entry.reason] if entry.reason and entry.verdict != COUNTED else []), *verdict.doubts])
            entry.readings = tuple(dict.fromkeys([*entry.readings, *verdict.readings]))
            entry.nobody = entry.nobody or verdict.abstains
            return
        if by_director and verdict.kind == "proxy" and entry.verdict == COUNTED and entry.ruling is None and \
                (said := self._stated_in_window(verdict.stated)):
            # 「20:25 收到杨康短信，代投：…」: the words say when, and that moment is one the preset bars proxies in —
            # the post's own time counts, but which the director meant is theirs to confirm.
            entry.needs_review = True
            entry.reason = f"代投帖里写的时间 {said} 在不允许代投的时段内（{'；'.join(certainty.proxy_time_problems(self._on_close_day(said), ctx.close, ctx.blackout, ctx.rules))}）：以发帖时间为准还是作废，请导演核对"
            return
        if by_director and verdict.kind == "proxy" and entry.verdict == COUNTED and entry.ruling is None and \
                entry.at is not None and (late := self._said_late(entry, verdict)):
            entry.needs_review = True  # 「他是关门前半小时私信我的」 under a proxy the forum's time lets stand (hostile round 58)
            entry.reason = f"{entry.reason}；{late}" if entry.reason else late
            return
        if entry.author not in ctx.players and not by_director and entry.ruling is None and verdict.kind == "none" and \
                _HANDS_OVER.search(verdict.own or "") and ctx.roster and ctx.roster.pattern and ctx.roster.pattern.search(verdict.own or ""):
            # 「应郭靖要求代投杨康」 from an account the game file does not list: a stranger handing a ballot over — shown to
            # the director (whose second account, substitute or impostor is it?), never a silent 「发言」 (the lab found it)
            entry.needs_review = True
            entry.reason = "不在名单里的账号发了像代投或转投的帖子：是谁的小号、顶替者，还是冒充导演？请导演裁定（默认不计）"
            # Whatever account it is, one post moves one ballot — its principal's, or the one its author holds — onto the player
            # it names as the target: bounded as any relay for an unnamed player is (the hostile round 114, cases 97, 98: a
            # 6 : 1 landslide held by it)
            targets = speech.named_as_target(verdict.own or "", ctx.roster)
            entry.readings = tuple(n for n in ctx.candidates_in_order if n in targets)
            entry.relayed_for = tuple(n for n in _names_in(verdict.own or "", ctx.roster) if n in ctx.voters and n not in targets)
            entry.one_ballot = True
            return
        others = tuple(w for w in verdict.relayed_for if w != entry.author)
        if others and not verdict.relay_is_ballot and verdict.kind != "proxy" and not by_director and entry.ruling is None \
                and entry.author in ctx.players:
            # (before the facts are weighed: a relay by one who cannot vote — the secret 法官 — is still the ballot of the one
            # it is for, as anyone's relay is; the hostile round 95, case 54: his relay read as settled talk, listed nowhere)
            entry.relayed_for = tuple(w for w in others if w in ctx.players)
            # A relay beside the poster's own ballot (one post, two ballots), or for a player the words do not
            # name: the reading space cannot hold it whole, only a ruling can settle it.
            entry.unprovable = verdict.kind in ("vote", "change", "abstain") or not entry.relayed_for
            entry.beside = verdict.kind in ("vote", "change", "abstain")
        if entry.ruling is not None or by_director or (entry.author not in ctx.players) or self._settled(entry) or \
                self._agrees_with_director(post, verdict):
            return  # a director's post is read whole in role (grammar/director.py): what it leaves open, it says there
        if entry.kind == "change" and entry.verdict == INVALID and prior is not None and \
                entry.reason.startswith(_BARRED_CHANGE):
            return  # a change the clock bars (the last hour, after the close): void whomever its words name
        if entry.kind == "vote" and entry.verdict == INVALID and prior is not None and entry.reason.startswith("已经在 #") and \
                not entry.relayed_for and not verdict.relayed_for and \
                (barred := self._time_problems(entry, replace(verdict, kind="change"), entry.at, entry.voter or entry.author)):
            # 「Vote 皇后 lol 开玩笑的 不改」 after the 12:00 bar: serious or a joke, a second ballot then could stand only as a
            # change, and no change stands then — every reading of it is void (heldout44 d02: its doubt held the day)
            entry.reason += f"（当作改票也不行：{'；'.join(barred)}）"
            return
        reasons = list(verdict.doubts) if verdict.kind != "none" else []
        if verdict.unread:  # past the reading bound: its readings are a guess, so no proof may clear it (a ruling can)
            entry.unprovable = True
        # The residue (tally/certainty.py): what the words still say that the verdict does not explain.
        counted = entry.target if entry.kind != "none" else None
        extra: list[str] = []
        read = verdict.kind in ("vote", "change", "abstain", "proxy")  # a ballot the grammar read whole
        if verdict.kind in ("vote", "change", "abstain", "malformed") or verdict.relayed_for:
            self._words_of[entry.pid] = verdict.own or ""  # (for the players it names who never vote: finish)
            self._quoted_in[entry.pid] = (*verdict.quotes, *(getattr(post, "quotes", None) or ()))  # (typed, and as the page shows them)
            self._old_targets[entry.pid] = (verdict.old_target,) if verdict.old_target else ()
        # (an invalid attempt is weighed too: 「测试一下，不是投票哈：投票对象：X」 — invalid, or no ballot at all?)
        for why, names in certainty.leftovers(verdict.own, counted, ctx.roster, ballot=read, attempt=verdict.kind == "malformed",
                                              weightless=entry.voter in ctx.day.votes_not_counted):
            if {n for n in names if n} == {entry.author} and re.search(
                    rf"(?:^|\n)\s*(?:[—–\-~～]{{1,4}}|(?i:from|by)|以上\s*[,，、]?)\s*{re.escape(entry.author)}\s*(?:敬上|留|笔)?\s*[。.!！]?\s*$",
                    verdict.own or "", re.M):
                continue  # 「——黄蓉」「以上，黄蓉」 under 黄蓉's own ballot: her signature (the hostile round 99, case 28; 101)
            reasons.append(why)
            extra += names
        known = frozenset({counted, entry.author, *extra})
        line = _short_line_of(verdict.own or "", ctx.roster, known) if read and ctx.roster.pattern is not None else None
        named = [n for n in _names_in(line, ctx.roster) if n not in known] if line else []
        if line and not any(f"「{n}」" in why for n in named for why in reasons):
            # 「以上由梅超风提供」「X托：」「[代X]」「X の票」「写岔了 X」: a short line of its own beside the ballot naming another player,
            # in words nothing above explains — whose ballot, or which, the director says (the hostile rounds 94–99 found a new
            # wording of relays and corrections each round while they were read by their words; this reads them by their shape;
            # not where a doubt names him already: 「像是替「郭靖」转投」)
            reasons.append(f"帖子里单独一行写了「{named[0]}」（「{_clip(line.strip(), 20)}」）：是替他转投、改投他，还是别的意思，请导演裁定")
            extra += [named[0], ""]
            self._passed_for(entry, named[0], beside=False)  # (「梅超风私訊我的」 under his own earlier ballot: X's — round 108)
        if read and (passed := speech.passed_on(verdict.own or "", ctx.roster, {counted, entry.author})) and \
                passed[0] not in entry.relayed_for:
            # 「我帮梅超风交的」「梅超风出门前交代过我」「他让我顺便发」: another player in a part towards this ballot — asks for it,
            # owns it, has it done for him — in any verb (the hostile round 108: each near neighbour of a listed relay was posted
            # as the poster's own)
            reasons.append(f"帖子里提到「{passed[0]}」和这一票有关（「{_clip(passed[1], 24)}」）：是替他转投，还是自己的票，请导演裁定")
            extra += [""]
            self._passed_for(entry, passed[0], beside=True)
        if verdict.kind == "malformed" and verdict.target:
            extra += certainty.spelled(verdict.target, ctx.roster)  # 杨🐍康 · a飞 · 沙甸鱼: the name it may be
            if _SEAT.fullmatch(verdict.target.strip()):
                # 「投票：7号」: a seat of the opening's order (电梯楼 · 座位号), which the game file does not hold — the player in it
                # is the director's to name (heldout49 w49_046: asked as invalid without the seat's player)
                reasons.append(f"投票对象写的是座位号「{verdict.target.strip()}」：是哪位玩家，请导演裁定")
                extra += list(ctx.candidates_in_order)
        tried = read or verdict.kind == "malformed" or verdict.vote_like  # a ballot, or an attempt at one
        if _IMAGE in (getattr(post, "text", "") or "") and ctx.candidates_in_order and (verdict.kind == "malformed" or (
                verdict.kind == "none" and _SHORT_VOTE_WORDS.fullmatch(re.sub(r"\s+", "", (verdict.own or "").replace(_IMAGE, ""))))):
            # 「投票对象：[图片]」「我的票→[图片]」「[图片] 票在图里」: the ballot is a picture the tool cannot read — a ballot for anyone,
            # an abstention, or nothing (the hostile round 110, cases 27, 28: 弃权 or nothing alone were weighed, 无人出局 posted)
            reasons.append("帖子里的票写在图片里，工具看不到图片的内容：投给了谁，请导演看原帖裁定")
            entry.unknown = reasons[-1] if (entry.voter or entry.author) in ctx.voters else None
            entry.voter = entry.voter or entry.author
        unseen = unseen_colors(post)
        if unseen and tried:
            # 「票投[color=white]郭靖[/color]杨康」: readers see 杨康, the text holds 郭靖 (the hostile round, B13)
            reasons.append(f"帖子里有看不见的字（颜色 {unseen[0]}）：读者看到的和工具读到的不一样，请导演看原帖裁定")
            # (and the names a reader sees once those words are gone: 「投杨[color=white]不[/color]康」 shows 杨康 — round 78)
            extra += [*_names_in(verdict.own, ctx.roster), *_names_in(shown_text(post), ctx.roster)]
        raw = getattr(post, "text", "") or ""
        written = (getattr(post, "style", None) or {}).get("bidi")  # the order as written, where the scraper showed it reversed
        if written and tried:
            reasons.append("帖子里有改变文字显示顺序的控制字符：读者看到的和工具读到的不一样，请导演看原帖裁定")
            extra += [*_names_in(raw, ctx.roster), *_names_in(written, ctx.roster)]
        elif _BIDI.search(raw) and tried:
            # 「投票对象：\u202e康杨\u202c」 shows 杨康: the order on the page is not the order in the text (the hostile round)
            reasons.append("帖子里有改变文字显示顺序的控制字符：读者看到的和工具读到的不一样，请导演看原帖裁定")
            extra += [*_names_in(_as_displayed(raw), ctx.roster), *_names_in(verdict.own or "", ctx.roster)]
        if tried and "[/" in raw and ctx.roster.pattern is not None and (named := [
                t for t in _PAIRED_TAG.findall(raw) if ctx.roster.pattern.search(t)]):
            # 「投票对象：[杨康]郭靖[/杨康]」: a pair of tags the forum does not know shows as typed — its name is a player's, seen by
            # every reader beside the words between (the hostile round 96, case 26: read 郭靖 alone, certain, and posted)
            reasons.append(f"帖子里有一对写着玩家名字的标签（「[{named[0]}]…[/{named[0]}]」），论坛照原样显示：读者看到的名字和"
                           "工具读到的不一样，请导演看原帖裁定")
            extra += [*(n for t in named for n in _names_in(t, ctx.roster)), *_names_in(verdict.own or "", ctx.roster)]
        if verdict.kind == "none" and not verdict.vote_like and (meant := self._agreed_with(post, verdict)):
            reasons.append("帖子只表示同意所引用的投票（「+1」「同上」「投他」之类）：算不算跟投，请导演裁定")
            extra += meant
        if "" in extra:
            entry.nobody = True  # an abstention is one reading
        extra = [n for n in extra if n in ctx.players]
        if extra and entry.needs_review:
            entry.readings = tuple(dict.fromkeys([*entry.readings, *extra]))
        if entry.kind == "change" and verdict.old_target and prior is not None and prior.target != verdict.old_target:
            reasons.append(f"改票写的原票是「{verdict.old_target}」，但 #{prior.entry.floor} 投的是「{prior.target or '弃权'}」")
        if entry.kind in ("change", "vote") and entry.verdict == COUNTED and entry.at is not None and \
                (late := self._said_late(entry, verdict)):
            # 「还有半小时关门了，最后改一下」 on a change the forum's time lets stand; 「我知道已经九点过了、关门了，但还是想补一票」
            # on a ballot (heldout20 w20_005)
            reasons.append(late)
        if entry.verdict == INVALID and entry.reason.startswith(BAR_OWNER_ABSTAINS):
            # the seed gives the card, not what becomes of the abstention: one cast (算已投), or none at all?
            reasons.append("种子只说记黄牌，没说这张弃权票算不算已投：请导演裁定（默认不计）")
            entry.nobody = True
        if verdict.kind in ("vote", "abstain") and entry.verdict == INVALID and self._replies_to_own_vote(post, prior):
            # A reply to one's own vote floor in the vote's format, where a change must quote the vote: a
            # change written the wrong way, or a second ballot? The seeds say the format decides; the director may not.
            reasons.append(f"回复的是自己 #{prior.entry.floor} 的投票，却用了投票格式（不是改票格式）：算不算改票，请导演裁定")
        mine = entry.author if entry.author in verdict.tally else "我" if "我" in verdict.tally else None
        if verdict.kind == "none" and mine:
            said = verdict.tally[mine]
            reasons.append(f"贴了一份票型，其中写了自己投「{said}」：这算不算投票，请导演裁定")
            entry.readings = tuple(dict.fromkeys([*entry.readings, *([said] if said in ctx.players else [])]))
            entry.voter = entry.voter or entry.author
        if verdict.kind == "none" and not verdict.vote_like and not entry.needs_review and (said := self._floor_words(verdict.own or "", post.author)):
            # 「6楼不算」 by 6楼's own voter (a withdrawal in a ruling's words); 「5楼说得对，我也是」 (a follow in a word no
            # form holds): a floor the poster speaks of with a word that may take back or repeat a ballot (hostile round 66)
            reasons.append(said[0])
            extra += [n for n in said[1] if n in ctx.players]
            entry.nobody = entry.nobody or "" in said[1]
        if verdict.kind in ("none", "abstain") and prior is not None and prior.entry.author == post.author and \
                (gave := _gives_up(verdict.own or "", prior, ctx.roster,
                                   above_own=self._floors.get((post.floor or 0) - 1) == post.author)) and \
                not (entry.nobody and entry.needs_review):
            # 「我6楼那票收回」「郭靖就算了」「scrap my vote」「I'm taking my vote off 郭靖」: the voter's standing ballot given up in
            # words — withdrawn (no ballot) is a reading the proof weighs, never left out (hostile round 67: 「都不影响结果」)
            reasons.append(f"像是收回了自己 #{prior.entry.floor} 的票（「{_clip(gave, 24)}」）：原票还算不算，请导演裁定")
            extra += [prior.target] if prior.target in ctx.players else []
            entry.nobody = True
        if verdict.kind == "none" and prior is not None and prior.entry.author == post.author and not entry.needs_review and (
                meant := [n for n in _names_in(verdict.own, ctx.roster) if n != prior.target and n != post.author]) and any(
                t.is_("changes_mind") for t in tagging.tag(verdict.own or "")):
            # 「我改主意了，杨康。」: the voter's mind changed in words, the new player beside them — a change the form does not
            # hold, whose fate (the rules' format, a quote) is the director's (hostile round 68: silent)
            reasons.append(f"像是改投「{meant[0]}」（没有写成改票的格式）：算不算改票，请导演裁定")
            extra += [meant[0], *([prior.target] if prior.target in ctx.players else [])]
        if ctx.rules.ballot_format == "preferred" and verdict.free and verdict.kind in ("vote", "change", "abstain"):
            reasons.append("本局只是请大家尽量按格式投票：这一票没有按格式写，算不算请导演裁定")
        if not reasons and not entry.unprovable and not entry.relayed_for:
            return
        entry.voter = entry.voter or entry.author
        # (a doubt already: what else the words leave open is said too — 「测试一下……不是投票哈」 beside a missing reason)
        fresh = [r for r in reasons if r not in (entry.reason or "")]
        entry.needs_review = True
        entry.reason = "；".join([entry.reason, *fresh]) if entry.reason else "；".join(fresh)
        entry.readings = tuple(dict.fromkeys([*entry.readings, *(n for n in verdict.readings if n in ctx.players), *extra]))
        entry.nobody = entry.nobody or verdict.nobody

    def _passed_for(self, entry: Entry, player: str, beside: bool) -> None:
        """A ballot the words may pass on for `player`: weighed as his, where he may vote — and, `beside` the poster's own
        (「跟我一样，他让我顺便发」: two ballots in one post), a reading no one verdict of the post holds: only a ruling settles it."""
        if player in self.ctx.voters and player != entry.author:
            entry.relayed_for = tuple(dict.fromkeys([*entry.relayed_for, player]))
            entry.unprovable = entry.unprovable or beside
            entry.beside = entry.beside or beside

    def _floor_words(self, own: str, author: str) -> tuple[str, list[str]] | None:
        """A floor named beside a word that may take back a ballot (the poster's own floor) or repeat it (a follow word
        standing alone as its clause): what to ask, and the readings — an open rule over floors, not a list of sentences."""
        clauses = [c.strip() for c in _CLAUSE.split(own) if c.strip()]
        if (bare := _FOLLOWS_NUMBER.fullmatch(own.strip())) and (voter := self._floors.get(int(bare.group(1)))) and voter != author and (
                held := self.standing.get(voter)) is not None and held.entry.floor == int(bare.group(1)):
            # 「同5」「跟5」「same as 5」: a follow of a floor written as a bare number (hostile round 69)
            return (f"像是跟着 #{held.entry.floor} 投（「{_clip(own.strip(), 16)}」）：算不算投票、投给谁，请导演裁定", [held.target or "", ""])
        for clause in clauses:
            for m in _FLOOR_NAMED.finditer(clause):
                floor = int(m.group(1) or m.group(2))
                voter = self._floors.get(floor)
                held = self.standing.get(voter) if voter else None
                if held is None or held.entry.floor != floor:
                    continue  # (a floor that holds no standing ballot: talk about it is talk)
                if voter == author and _VOIDS_WORD.search(clause) and not re.search(r"[?？]|吗|是不是|算不算|对不对", own):
                    return (f"像是收回自己 #{floor} 的票（「{_clip(clause, 24)}」）：原票还算不算，请导演裁定", ["", held.target or ""])
                follow = next((c for c in clauses if (bare := _FLOOR_NAMED.sub("", c).strip()) and _FOLLOW_CLAUSE.fullmatch(bare)), None) or (
                    # 「我站5楼」「站队5楼」「同意5楼的票」「5楼说的就是我想说的」: the follow word in the floor's own clause
                    clause if _FOLLOWS_FLOOR.fullmatch(re.sub(r"\s+", "", _FLOOR_NAMED.sub("", clause))) else None)
                if voter != author and not follow and len(re.sub(r"[\W_]", "", _FLOOR_NAMED.sub("", own))) <= 12 and \
                        not re.search(r"不|没|别|非|[?？]|吗|(?i:\bnot?\b|n\x27t)", own):
                    # 「5楼说出了我的心声」「抄5楼作业，就这么投」「co-sign #5」: a short post about another voter's standing ballot and
                    # nothing against it — a follow in words no list holds (hostile round 68), asked by construction
                    follow = clause
                if voter != author and follow:
                    return (f"像是跟着 #{floor} 投（「{_clip(clause, 16)}……{follow}」）：算不算投票、投给谁，请导演裁定",
                            [held.target or "", ""])
        floors = [int(m.group(1) or m.group(2)) for m in _FLOOR_NAMED.finditer(own)]
        rest = re.sub(r"\s+", "", _FLOOR_NAMED.sub("", own))
        if len(floors) == 1 and self._floors.get(floors[0]) != author and rest and (
                _FOLLOW_CLAUSE.fullmatch(rest) or _FOLLOWS_FLOOR.fullmatch(rest)) or (
                bare := _FOLLOWS_NUMBER.fullmatch(own.strip())) and self._floors.get(int(bare.group(1))) != author:
            # 「跟7楼」 where 7楼 holds no ballot to follow (not yet posted, the director's, a ballot since changed): the post
            # is a follow all the same — of whom, the director knows (the hostile rounds 78/84, f3: talk, certain)
            floor = floors[0] if floors else int(bare.group(1))
            return (f"像是跟着 #{floor} 投（「{_clip(own.strip(), 16)}」），但 #{floor} 没有可以跟的票：算不算投票、投给谁，"
                    "请导演裁定", [*self.ctx.candidates_in_order, ""])
        return None

    def _said_late(self, entry: Entry, verdict) -> str | None:
        """Where the post's own words place it (grammar/when.py: 「还有半小时关门了」「十一点五十了」「开局都十一个半小时了」)
        in a window the rules bar it in, and the forum's time does not: which time counts is the director's to say."""
        ctx, at = self.ctx, entry.at
        voter = entry.voter or entry.author
        claims = said_times(verdict.own or "")
        now = self._time_problems(entry, verdict, at, voter) if claims else []  # what the forum's time already says
        for claim in claims:
            if claim.kind == "to_close":
                moments = [ctx.close - timedelta(minutes=claim.minutes)] if ctx.close else []
            elif claim.kind == "since_open":
                moments = [ctx.start + timedelta(minutes=claim.minutes)] if ctx.start else []
            elif claim.kind == "closed":
                moments = [ctx.close] if ctx.close else []
            else:  # a time of day said to be now — and 「九点」 said with no 上午 · 晚上 is nine either way (heldout20 w20_005)
                day = at.replace(hour=claim.minutes // 60, minute=claim.minutes % 60, second=0, microsecond=0)
                days = [day + timedelta(days=d, hours=h) for d in (-2, -1, 0, 1, 2)
                        for h in ((0, 12) if claim.minutes < 12 * 60 and not claim.marked else (0,))]
                # Where the forum's clock agrees with it, that moment; where it does not (a time zone, a clock set wrong, a
                # post whose time we do not trust), every moment of the vote it may name, and those just after the close:
                # 「已经 21:07 了」 is past a 21:00 close on the close's day (heldout22 w22_006)
                # (「23:58 了，赶在关门前」 says itself it is before the close: not after it)
                after = timedelta(0) if _BEFORE_CLOSE_SAID.search(verdict.own or "") else _JUST_AFTER
                moments = [m for m in days if abs(m - at) <= _CLOCK_AGREES] or [
                    m for m in days if ctx.start and ctx.close and ctx.start <= m < ctx.close + after] or \
                    [min(days, key=lambda m: abs(m - at))]
            for moment in moments:
                new = [p for p in self._time_problems(entry, verdict, moment, voter) if p not in now]
                if new:
                    return (f"帖子里说「{claim.words}」（约 {moment:%m-%d %H:%M}），按这个时间{new[0]}；论坛时间是 "
                            f"{at:%m-%d %H:%M}：以论坛时间为准还是作废，请导演核对")
        return None

    def _on_close_day(self, hhmm: str):
        """A stated HH:MM as the moment it names: on the close's day (the day before, where that is after the close)."""
        close = self.ctx.close
        if close is not None and (before := in_role.said_before_close(hhmm)) is not None:  # 「关门前5分钟」: that long before it
            return close - before
        hour, minute = map(int, hhmm.split(":"))
        if close is None or hour > 23 or minute > 59:
            return None
        at = close.replace(hour=hour, minute=minute, second=0, microsecond=0)
        return at - timedelta(days=1) if at > close else at

    def _stated_in_window(self, stated: tuple[str, ...]) -> str | None:
        """The first time a proxy's words state that falls where the preset bars proxies."""
        ctx = self.ctx
        for hhmm in stated:
            at = self._on_close_day(hhmm)
            if at is not None and certainty.proxy_time_problems(at, ctx.close, ctx.blackout, ctx.rules):
                return hhmm
        return None

    def _agrees_with_director(self, post, verdict) -> bool:
        """The post quotes the director and only agrees (同上 · +1 · 同意), casting nothing besides."""
        quotes = getattr(post, "quotes", None) or []
        if not quotes or verdict.kind not in ("none", "malformed") or verdict.fields and any(
                kind in ("target", "change", "proxy") for kind, *_ in verdict.fields):
            return False
        quoted = self._entry_of.get(quote_field(quotes[0], "pid"))
        author = quoted.author if quoted is not None else quote_field(quotes[0], "author")
        own = verdict.own or ""
        if author not in self.ctx.directors or not (verdict.follows or certainty.AGREEMENT.search(own)):
            return False
        return not detect_hits(certainty.AGREEMENT.sub("", own), self.ctx.roster)

    def _pasted_quote_ballot(self, post, verdict) -> list[str]:
        """「[quote]漂白: 投票：干洗[/quote] +1 同上」: a quote pasted with no link to its floor — the ballot its words hold
        (heldout31 w31_041, w31_095), when it is someone else's."""
        if any(quote_field(q, "pid") for q in getattr(post, "quotes", None) or ()):
            return []  # (a quote linked to its floor: that floor's entry says what it holds)
        out = []
        for q in verdict.quotes[:1]:
            text, author = q.text or "", q.author or ""
            if (head := _QUOTE_HEAD.match(text)) is not None:  # 「穆念慈 发表于 2026-12-5 10:00」: the forum's header, typed or pasted
                text, author = text[head.end():], author or head.group(1)
            if text and author != post.author and (read := grammar.parse_post(text, self.ctx.customs, self.ctx.roster)) and \
                    read.target in self.ctx.players:
                out.append(read.target)
        return out

    def _agreed_with(self, post, verdict) -> list[str]:
        """The players a post that only agrees with what it quotes (+1 · 同上 · 同意 · 投佢) may follow: whatever
        the quoted post may be read as. Empty: the post says more than agreement, or quotes no ballot."""
        quotes = getattr(post, "quotes", None) or []
        own = verdict.own or ""
        plain = certainty.AGREEMENT.sub("", own)
        if not certainty.AGREEMENT.search(own):
            return []
        if not quotes:
            meant = self._pasted_quote_ballot(post, verdict) or (
                # 「+1」「same」「me too」「^ this」 and nothing else, quoting nothing: the ballot above is what it follows (round 71)
                [n for n in self._above if n] if _BARE_FOLLOW.fullmatch(own.strip()) else [])
        else:
            quoted = self._entry_of.get(quote_field(quotes[0], "pid"))
            if quoted is None:
                # (a quote the page shows with no link to its floor: its words — or, where the archive kept none of them, any
                # ballot standing: 「同」 under a typed quote of 5楼's ballot, hostile round 70)
                meant = self._pasted_quote_ballot(post, verdict) or (
                    [h.target for h in self.standing.values() if h.target and h.entry.author != post.author]
                    if not quote_field(quotes[0], "pid") and not any(q.text for q in verdict.quotes) else [])
            elif quoted.author == post.author:
                return []
            else:
                meant = [n for n in dict.fromkeys([quoted.target, quoted.suggestion, *quoted.readings]) if n]
        if not meant:
            return []
        # 「赞同，军棋昨天那个…说得太早了」: agreement first, then a reason that names no one but the quoted ballot's player,
        # where any clear ballot counts (heldout20 w20_110: read as talk — the writer counts it for the quoted target and asks)
        opens = self.ctx.customs.loose and certainty.AGREEMENT.match(own.lstrip()) and set(_names_in(plain, self.ctx.roster)) <= set(meant)
        return meant if len(certainty.bare_text(plain)) <= 6 or opens else []

    def _check_count(self, post, text: str) -> None:
        """The director's count in this post (grammar/director.py), beside the ballots standing as it was posted."""
        if self.audit is None:
            return  # a what-if's fold: the count is checked once, in the tally itself
        reading = in_role.read(text, self.ctx.roster, tuple(self.ctx.directors))
        counted = reading.count
        differences = []
        for floor in sorted(reading.void_floors):
            # 「郭靖 3-1=2票（6楼扣除）」: a floor the count says it did not count, where ours counts it
            held = next((h for h in self.standing.values() if h.entry.floor == floor), None)
            if held is not None and held.entry.verdict == COUNTED and held.target is not None and not self._ruled_later(held.entry):
                voter = held.entry.voter or held.entry.author
                differences.append(f"#{floor} 不计；本工具：#{floor} {voter} 计为 {held.target}")
                self._count_says[voter] = (post.floor, in_role.VOID, held.entry, differences[-1])
        by_floor = {h.entry.floor: (v, h) for v, h in self.standing.items()}
        for voter, said in counted.items():
            if voter not in self.ctx.players:
                continue
            held = self.standing.get(voter)
            if held is None and said == in_role.VOID:
                continue  # the count does not count it, nor do we
            if held is not None and (held.target == said or self._ruled_later(held.entry)):
                self._count_says.pop(voter, None)  # the director's latest count agrees with ours
                continue  # (a ballot standing by a ruling made after the count: not held against it)
            words = f"{voter} → {said or '弃权'}"
            if held is not None:
                ours = f"#{held.entry.floor} 计为 {held.target}" if held.target else f"#{held.entry.floor} 弃权"
                mine = held.entry
            else:
                tried = [e for e in self.entries if e.voter == voter or (e.author == voter and e.kind != "none")] or \
                    [e for e in self.entries if e.author == voter]  # a post of theirs read as no ballot: the count saw one
                ours = f"#{tried[-1].floor} 未计（{_clip(tried[-1].reason)}）" if tried else "这时还没有这位玩家的票"
                # (no post of theirs at all: 「岳灵珊 3（令狐冲、任盈盈、仪琳私信）」 — a proxy first shown in the count, or a post
                # the tool never saw; the count's own post carries the doubt — the hostile round 62: a tie posted)
                mine = tried[-1] if tried else (_COUNT_POST, post.pid) if sum(
                    v in self.standing for v in counted) * 2 >= len(counted) or sum(  # (a count the thread bears out, by voters
                    f in reading.floor_count for f in by_floor) * 2 >= max(len(by_floor), 1) else None  # or by floors)
            differences.append(f"{words}；本工具：{ours}")
            meant = reading.unsure_rows.get(voter, said) if said == in_role.UNSURE else said  # (an open mark: its row's player)
            self._count_says[voter] = (post.floor, meant, mine, f"{words}；本工具：{ours}")
        for floor, said in sorted(reading.floor_count.items()):
            # 「郭靖 2票（4楼、5楼）」「已计：2、3、4、5楼」: the count by floors, set beside the ballot standing on each floor
            voter, held = by_floor.get(floor, (None, None))
            if held is None or said == in_role.ANY or held.target == said or self._ruled_later(held.entry):
                continue
            differences.append(f"#{floor} 计为 {said or '弃权'}；本工具：#{floor} {voter} 计为 {held.target or '弃权'}")
            self._count_says[voter] = (post.floor, said, held.entry, differences[-1])
        if reading.floor_count and sum(f in reading.floor_count for f in by_floor) * 2 >= len(by_floor):
            # a count by floors that lists most of the standing ballots is meant whole: a floor it leaves out is missed
            for floor, (voter, held) in sorted(by_floor.items()):
                if floor not in reading.floor_count and voter not in counted and held.entry.verdict == COUNTED and \
                        held.target is not None and held.entry.weight and not self._ruled_later(held.entry):
                    differences.append(f"没有列出 #{floor}；本工具：#{floor} {voter} 计为 {held.target}")
                    self._count_says[voter] = (post.floor, _LEFT_OUT, held.entry, differences[-1])
        listed = [v for v in counted if v in self.standing]
        if counted and not reading.floor_count and len(listed) * 2 >= len(self.standing):
            # A count that lists most of the ballots is meant whole: a ballot standing here that it leaves out is missed.
            rows = {t for t in counted.values() if t in self.ctx.players}
            for voter, held in self.standing.items():
                if voter not in counted and held.entry.verdict == COUNTED and held.target is not None and held.entry.weight \
                        and not self._ruled_later(held.entry) and (len(rows) != 1 or held.target in rows):
                    # (a count of one row — 「目前：杨康 3（…）」 — is that player's whole, not the day's)
                    how = "代投" if held.entry.kind == "proxy" else "投票"
                    differences.append(f"没有列出 {voter} 的票；本工具：#{held.entry.floor} {voter} 的{how}，"
                                       f"计为 {held.target or '弃权'}")
                    self._count_says[voter] = (post.floor, _LEFT_OUT, held.entry, differences[-1])
        if not differences and reading.totals and reading.totals_day in (None, self.ctx.day.day):
            differences = self._check_totals(post, reading)
        if differences:
            self.count_checks.append(CountCheck(post.pid, post.floor, self.ctx.time_of(post), differences))

    def _check_totals(self, post, reading) -> list[str]:
        """A count by totals (「目前：杨康 肆票，郭靖 叁票」) beside ours as it stands: it names no voter, so where a player has
        fewer votes in it than in ours, each ballot of ours for that player it does not list is a doubt (counted, or void,
        or for the player it gives more); where it has more and no ballot of ours could be the one, the count's own post is
        (hostile rounds 80–81: a tie posted under the director's count of 4 : 3 and 5 : 4)."""
        if any(self._ruled_later(e) for e in self.entries if e.ruling is not None):
            return []  # a ruling the count may not have known of: its totals speak of another state
        ours: dict[str, Fraction] = {}
        mine: dict[str, set[str]] = {}  # player → the voters ours counts for them
        for voter, held in self.standing.items():
            if held.target is not None and held.entry.verdict == COUNTED:
                ours[held.target] = ours.get(held.target, Fraction(0)) + held.entry.weight
                mine.setdefault(held.target, set()).add(voter)
        if not mine:
            return []  # nothing of ours to set it beside yet: a count of ballots this thread does not hold (another thread's)
        bonus = self.ctx.bonus
        said_for = {name: {v for v, t in reading.count.items() if t == name} | set(reading.totals_listed.get(name, ()))
                    for name in reading.totals}
        # (the count lists the very voters ours counts for a player: its number is its own way of weighing them — 「爆竹 6（…摔炮…）」
        # counts the 白痴 whose ballot weighs nothing — not another ballot; heldout43 d03 was held for it)
        off = {name: n for name, n in reading.totals.items()
               if n not in (ours.get(name, Fraction(0)) + bonus.get(name, 0), ours.get(name, Fraction(0)))
               and not (said_for[name] and said_for[name] == mine.get(name, set()))}
        if not off:
            for voter in [v for v, said in self._count_says.items() if said[1] is _TOTALS]:
                del self._count_says[voter]  # the director's latest count agrees with ours
            return []
        more = tuple(name for name, n in off.items() if n > ours.get(name, Fraction(0)) and name in self.ctx.players)
        differences = []
        for name, n in off.items():
            held = sorted((h.entry.floor or 0, v, h) for v, h in self.standing.items() if h.target == name and h.entry.verdict == COUNTED)
            shown = "、".join(f"#{floor} {v}" for floor, v, _h in held)
            words = f"{name} {_number(n)} 票；本工具：{name} {_number(ours.get(name, Fraction(0)))} 票" + (f"（{shown}）" if shown else "")
            differences.append(words)
            if n < ours.get(name, Fraction(0)):
                listed = said_for[name] | {v for floor, v, _h in held if reading.floor_count.get(floor) == name}
                for _floor, voter, h in [x for x in held if x[1] not in listed] or held:
                    if not self._ruled_later(h.entry):
                        self._count_says[voter] = (post.floor, _TOTALS, h.entry, words, more)
        if more and not any(n < ours.get(name, Fraction(0)) for name, n in off.items()):
            # more votes than ours and no ballot of ours to lose one: a ballot the tool did not count, or one it never saw
            tried = {e.voter or e.author: e for e in self.entries if e.kind != "none" and (e.voter or e.author) in self.ctx.voters}
            unheld = [(v, e) for v, e in tried.items() if v not in self.standing]
            for voter, e in unheld:
                self._count_says[voter] = (post.floor, _TOTALS, e, differences[0], more)
            if not unheld:
                self._count_says[f"#{post.floor}"] = (post.floor, _TOTALS, (_COUNT_POST, post.pid), "；".join(differences), more)
        return differences

    def _ruled_later(self, entry: Entry) -> bool:
        """The ballot stands by a ruling the count may not have known of: typed (at the desk), or posted after the
        count (its post not read yet in time order)."""
        ruling = entry.ruling
        return ruling is not None and (ruling.source_pid is None or ruling.source_pid not in self._posts_by_pid)

    def _count_doubts(self) -> None:
        """Where the director's latest count gives a voter another ballot than ours, that ballot is a doubt with the
        count's reading beside ours: one of the two counts is wrong, and the director is the one to say which."""
        for voter, (floor, said, entry, words, *more) in self._count_says.items():
            if isinstance(entry, tuple) and entry[0] is _COUNT_POST and said is _TOTALS:
                # more votes in the count than ours, and no ballot of ours to be the one: the count's own post is the doubt,
                # tied to no voter (the proof cannot be made without the director)
                entry = next((e for e in self.entries if e.pid == entry[1]), None)
                if entry is not None and not entry.needs_review:
                    entry.needs_review, entry.unprovable = True, True
                    entry.reason = f"导演 #{floor} 的票型统计比本工具多出票数（{words}），本工具找不到多出来的票，请导演核对"
                continue
            if isinstance(entry, tuple) and entry[0] is _COUNT_POST:
                entry = next((e for e in self.entries if e.pid == entry[1]), None)
                if entry is None or voter in self.standing or said is None or said is _LEFT_OUT or (
                        entry.voter not in (None, voter)):
                    continue  # (a ballot of theirs came later; or the count's post already carries another's doubt)
                entry.relayed_for = (voter,)  # its reading: the ballot the count gives them, as a proxy would
            standing = self.standing.get(voter)
            if entry is None or (standing is not None and standing.entry is not entry) or self._settled(entry):
                continue  # a later ballot stands: the count spoke of a state that has passed
            entry.needs_review = True
            entry.voter = entry.voter or voter
            if said is None:
                entry.nobody = True
            elif said is _TOTALS:
                entry.readings = tuple(dict.fromkeys([*entry.readings, *(m for m in more[0] if m != voter)]))
            elif said is not _LEFT_OUT and said in self.ctx.players:
                entry.readings = tuple(dict.fromkeys([*entry.readings, said]))
            entry.reason = f"{entry.reason}；导演 #{floor} 的票型统计和本工具不同（{words}），请导演核对"

    def _unstated(self, setting: str) -> bool:
        """The preset's value for a setting is its own assumption: the seed does not say (its [sources] line)."""
        return "种子未明说" in (self.ctx.rules.source(setting) or "")

    def _settled(self, entry: Entry) -> bool:
        """Facts decide the post whatever its words say: its author is out, or has no vote in this round (the
        法官, the game file's non_voters) and speaks for nobody else, or it came after the close or before the start."""
        ctx, at = self.ctx, entry.at
        if entry.author in ctx.dead:
            return True
        voter = entry.voter or entry.author
        if voter in ctx.players and voter not in ctx.voters and not any(w != voter for w in entry.relayed_for):
            return True  # whatever it says, no reading counts a ballot: its author's ballots count nothing
        return at is not None and bool((ctx.close and at >= ctx.close) or (ctx.start and at < ctx.start))

    def _replies_to_own_vote(self, post, prior: "_Standing | None") -> bool:
        rules = self.ctx.rules
        if not rules.change_must_quote_own or prior is None or prior.changes >= rules.changes_allowed:
            return False
        quotes = getattr(post, "quotes", None) or []
        return bool(quotes) and quote_field(quotes[0], "pid") == prior.entry.pid

    def _pointed_at(self, ref: str, post, above_author: str | None) -> list[str]:
        """The players 楼上 · 楼主 · N楼 · 他 stand for in this post, for its readings."""
        if ref == "self":
            authors = [post.author]
        elif ref == "above":
            authors = [above_author]
        elif ref == "op":
            authors = [self._floors.get(1)]
        elif ref.startswith("floor:"):
            authors = [self._floors.get(int(ref.split(":")[1]))]
        else:  # 他 · 她: whoever the post quotes, else the post above
            authors = [q.author for q in getattr(post, "quotes", None) or [] if q.author] or [above_author]
        accounts = self.ctx.game.accounts  # a 顶替 or 双马甲 account quoted is the player it plays
        return [self.ctx.roster.resolve(accounts.get(a, a)).name or accounts.get(a, a) for a in authors if a]

    def _step(self, post, text: str, text_note: str | None, verdict) -> None:
        ctx = self.ctx
        at = ctx.time_of(post)
        author = post.author
        is_director = author in ctx.directors
        voter = author
        if verdict.kind == "proxy":
            voter = ctx.roster.resolve(verdict.proxy_for or "").name or verdict.proxy_for
        elif is_director and verdict.kind == "malformed" and (verdict.proxy_for or verdict.relayed_for):
            # A director's proxy that went wrong speaks for the player it names, never for the director.
            named = [ctx.roster.resolve(n).name for n in (verdict.proxy_for, *verdict.relayed_for) if n]
            voter = next((n for n in named if n), author)
        self._posts_by_pid[post.pid] = post
        entry = Entry(post.pid, post.floor, author, None, _kind(verdict), None, IGNORED, "", at=at)
        self.entries.append(entry)
        self._entry_of[post.pid] = entry
        if at is not None and ctx.close and at < ctx.close and author in ctx.players:
            self.posted.add(author)
        ruling = self.rulings.get(post.pid)
        if ruling is not None and ruling.voter and ruling.voter != author:
            return self._rule_for_another(entry, verdict, ruling)

        if not is_director and author in ctx.players and ruling is None and (verdict.kind == "proxy" or (
                verdict.relay_is_ballot and any(w != author for w in verdict.relayed_for))):
            return self._relayed(entry, verdict, at)
        elif ruling is not None and ruling.decision == "reject" and (is_director or verdict.relay_is_ballot):
            entry.ruling, entry.kind = ruling, "none"
            entry.reason = "导演裁定：不是投票" + (f"（{ruling.note}）" if ruling.note else "")
            self._log(entry, entry.reason)
            return

        status = getattr(post, "status", "normal")
        if status != "normal" and not (text or "").strip():
            # A guest (or any reader without moderator rights) sees only the lock box.
            entry.voter = author
            ruling = self.rulings.get(post.pid)
            if ruling and ruling.decision == "target" and author in ctx.voters:
                # The director read the post and said what it voted for: count that.
                entry.kind, entry.ruling = ("abstain" if ruling.target is None else "vote"), ruling
                entry.reason = f"导演裁定：计为「{ruling.target or '弃权'}」（工具读不到帖子内容）" + (f"（{ruling.note}）" if ruling.note else "")
                self._accept(entry, verdict, author, ruling.target)
                return
            entry.verdict = INVALID
            entry.needs_review = author in ctx.players
            entry.reason = f"帖子{_status_words(status)}，工具读不到内容（用导演账号抓取可以看到），请导演核对"
            entry.unknown = entry.reason if author in ctx.voters else None
            self._log(entry, entry.reason)
            return
        if is_director and verdict.kind != "proxy":
            # The director speaks as the director: a count, a notice, a ruling, the result — no ballot — unless the
            # words make a proxy (grammar/director.py) it could not read whole: a doubt whose readings are exactly
            # the pairs its clauses name, never any named player for any other.
            entry.kind = "none"  # rule posts quote the format itself
            entry.reason = "导演的帖子（公告、票型统计或裁定），不计票"
            self._director_words[entry.pid] = text or ""  # (a proxy for a player who never votes: finish)
            if verdict.doubts:
                whom = verdict.relayed_for
                entry.reason = f"导演的帖子像是代投，但没有读明白：{'；'.join(verdict.doubts)}。请导演裁定（计为这张代投，或不是投票）"
                entry.needs_review = True
                entry.voter = whom[0] if whom else None
                entry.relayed_for, entry.readings, entry.nobody = whom, verdict.readings, verdict.nobody
                # Two voters in one post: one ruling gives one ballot, so the proof cannot weigh both — unless they are one pair
                # read both ways (「收到欧阳克的，杨康」: 欧阳克's proxy for 杨康, or 杨康's for 欧阳克): one proxy, one ballot at most
                # (the hostile round 105, case 17: two such posts held a 6 : 1 day)
                entry.unprovable = len(whom) != 1
                entry.one_ballot = len(whom) == 2 and set(whom) == set(verdict.readings)
            self._taken_back(entry, text or "")
            self._log(entry, entry.reason)
            return
        overruled = self.rulings.get(post.pid) if is_director and verdict.void else None
        if is_director and verdict.void and not (overruled and overruled.decision in ("target", "accept") and verdict.match
                                                 and verdict.match.name and not self._proxy_before(post.pid, verdict)):
            # 以上代投作废 · 不予代投: the post makes no ballot for the player it names. (The director's ruling that the proxy stands
            # after all — a reading the proof weighs — counts it as made: hostile round 57 had the proof weigh nothing.)
            entry.voter, entry.kind, entry.verdict = ctx.roster.resolve(verdict.proxy_for).name, "proxy", INVALID
            entry.target = verdict.match.name if verdict.match else None
            entry.reason = verdict.void
            earlier = self.standing.get(entry.voter) if entry.voter else None
            if earlier is not None and earlier.entry.author in ctx.directors and earlier.entry.kind == "proxy" and \
                    (earlier.target == entry.target or entry.target is None):
                # (「proxy for 梅超风 cancelled」: the player named, no target — the proxy made for them before)
                # 「上午替燕子代投的白鹭撤回」: the director takes back a proxy made in an earlier post — the later word stands,
                # and the director confirms (this post's other reading: the proxy stands after all)
                ruling = self.rulings.get(post.pid)
                if ruling is not None and ruling.decision in ("target", "accept") and \
                        (ruling.decision == "accept" or ruling.target == earlier.target):
                    entry.ruling = ruling  # the director: not taken back — the proxy before stands
                    entry.reason = f"导演裁定：#{earlier.entry.floor} 的代投没有撤回，照算"
                    self._log(entry, entry.reason)
                    return
                earlier.entry.verdict, earlier.entry.reason = SUPERSEDED, f"代投已在 #{entry.floor} 撤回"
                del self.standing[entry.voter]
                kept = entry.target or earlier.target  # (the proxy as first made is this post's other reading)
                entry.needs_review, entry.readings = True, (kept,) if kept else ()
                entry.reason = f"{verdict.void}：撤回的是 #{earlier.entry.floor} 的代投，请导演确认"
            self._log(entry, f"无效：{entry.reason}")
            return
        if is_director and verdict.kind == "proxy" and _CORRECTS_EARLIER.search(text or ""):
            self._taken_back(entry, text or "")  # 「更正5楼：周伯通委托的是郭靖」: the proxy it corrects is the director's to confirm
        if verdict.kind == "none":
            ruling = self.rulings.get(post.pid)
            if ruling and not is_director and author in ctx.players:
                return self._rule_non_ballot(entry, verdict, ruling, at, author)
            if text_note in TEXT_UNKNOWN and author in ctx.voters:
                # What it says now is no ballot; what it said at close is unknown.
                entry.voter, entry.needs_review, entry.unknown = author, True, text_note
                entry.reason = f"{text_note}；现在的内容不是投票，关门时可能是"
            elif text_note and author in ctx.voters and (post.text or "") != (text or "") and (
                    now := grammar.parse_post(post.text or "", ctx.customs, ctx.roster)).kind != "none":
                # 「帖子被「版主乙」编辑过……按编辑前存档的内容计票」 where the words before were talk and now are a ballot: counted as
                # before, and the director told — readers of the thread see a ballot (the hostile round 90, case 45: said nowhere)
                entry.voter, entry.needs_review = author, True
                entry.readings = tuple(n for n in dict.fromkeys([now.target, *now.readings]) if n in ctx.players)
                entry.reason = f"{text_note}：编辑前是发言，不是投票；现在的内容是一张票（{_clip(post.text or '', 24)}），请导演确认"
            elif verdict.vote_like and author in ctx.players:
                entry.reason = (verdict.reason or "像是在投票，但不是规定的格式") + "，未计票"
                entry.needs_review = True
                entry.voter = author  # a doubt of this voter's: the what-ifs fold it with their ballots
                entry.readings, entry.nobody = verdict.readings, verdict.nobody
                self._words_of[entry.pid] = verdict.own or ""  # (for the players it names who never vote: finish)
            else:
                entry.reason = "发言，不是投票"
                if verdict.relayed_for and author in ctx.players:  # 「Relaying for 丘处机: 杨康」: say whose ballot it may be
                    entry.reason += "；" + "；".join(d for d in verdict.doubts if d.startswith(grammar.RELAYED))
            held = self.pending.get(post.pid)
            if held is not None and author in ctx.players and not self._settled(entry):
                entry.voter, entry.needs_review = author, True
                entry.readings, entry.nobody = entry.readings or verdict.readings, entry.nobody or verdict.nobody
                entry.reason = f"{entry.reason}；{_held_words(held)}"
            self._log(entry, entry.reason)
            return
        if verdict.kind == "proxy" and not is_director:
            entry.voter = author
            entry.verdict, entry.needs_review = INVALID, author in ctx.players
            entry.reason = f"代投只能由导演发帖：{author} 写的是替「{verdict.proxy_for}」代投，不计票，请导演核对"
            self._log(entry, entry.reason)
            return

        entry.voter = voter
        entry.replaces = self.standing[voter].entry.pid if voter in self.standing else None
        if verdict.kind in ("vote", "abstain") and ctx.customs.loose and self._replies_to_own_vote(post, self.standing.get(voter)):
            # 七杀 (格式不严格): a quote-reply of one's own vote that names a target and a reason is the change,
            # whichever labels it wears.
            verdict = replace(verdict, kind="change", abstains=verdict.kind == "abstain")
            entry.kind = "change"
        problems, review, target = self._check(post, entry, verdict, at, voter, text_note)
        standing = self.standing.get(voter)
        if entry.kind == "change" and voter in self.tried and standing is None and not self._settled(entry):
            # 改票对象：X quoting one's own invalid first ballot: a change with nothing to change, or the new post an
            # invalid ballot is corrected by? Where the seed does not say, the post is the director's (its other
            # reading, counted as the voter's ballot, is weighed by the proof).
            if ctx.rules.change_after_invalid == "correction":
                verdict = replace(verdict, kind="vote")
                entry.kind = "vote"
                problems, review, target = self._check(post, entry, verdict, at, voter, text_note)
            elif self._unstated("change_after_invalid"):
                review = True
                entry.reason = ("用改票格式回复了自己无效的原票：算改票（无效）还是算重新发帖更正，种子没有说，请导演裁定"
                                f"（{ctx.rules.source('change_after_invalid')}）")
        if review and entry.form_invalid and not text_note and standing is not None and standing.target is not None \
                and _kind(verdict) == "vote" and set(verdict.readings) == {standing.target} and not verdict.nobody:
            # 我的票还是投杨康，不动: the voter's standing ballot said again — whatever it is ruled, it stays.
            review = False
            problems.append(f"重申 #{standing.entry.floor} 已投的「{standing.target}」，不算新的一票")
        if text_note and not entry.unknown:
            # Edited, and the archive holds other versions: what each of them voted for is a reading too.
            entry.readings = tuple(dict.fromkeys([*entry.readings, *self._version_targets(post, text)]))
        ruling = self.rulings.get(post.pid)
        if voter in ctx.players and voter not in ctx.voters and not verdict.doubts and verdict.kind in ("vote", "abstain") \
                and all("没有投票权" in p for p in problems) and (target is None) == (entry.kind == "abstain" or verdict.abstains):
            entry.as_written = ("abstain" if target is None else "vote", target)
        if ruling and ruling.decision == "reject" and ruling.no_ballot:
            entry.ruling, entry.kind, entry.verdict = ruling, "none", IGNORED
            entry.reason = "导演裁定：不是投票" + (f"（{ruling.note}）" if ruling.note else "")
            self._log(entry, entry.reason)
            return
        if ruling:
            entry.ruling = ruling
            if ruling.decision == "reject":
                problems, review = ["导演裁定：无效" + (f"（{ruling.note}）" if ruling.note else "")], False
            elif ruling.decision in ("accept", "target"):
                if ruling.decision == "target":
                    target = ruling.target
                    entry.kind = "abstain" if target is None else entry.kind
                elif target is None and not (entry.kind == "abstain" or verdict.abstains):
                    # 「9楼有效」 on a ballot whose form failed (我投杨康): it counts for the one player it names
                    named = [n for n in dict.fromkeys([verdict.match.name if verdict.match else None,
                                                       entry.suggestion, *verdict.readings]) if n in ctx.players]
                    target = named[0] if len(named) == 1 else None
                waived = "；".join(problems)
                # who may vote is the game file's, not a ruling's: 「有效」 on the secret 法官's ballot counted his vote and decided
                # the day (the hostile round 98, case 66); the final waits until it is ruled 无效 (report.secret_ballots)
                barred = [f"{p}：{RULED_VALID_IN_VAIN}" for p in problems if "没有投票权" in p] if target is not None else []
                problems, review = barred, False
                entry.reason = "导演裁定：有效" + (f"，计为「{target or '弃权'}」" if ruling.decision == "target" else "") + (
                    f"（原判：{waived}）" if waived else "") + (f"（{ruling.note}）" if ruling.note else "")
        held = self.pending.get(post.pid) if not ruling else None
        if held is not None:  # the director says it is open: a doubt whatever the form says (never settled by us)
            review = True
            entry.reason = "；".join(w for w in (entry.reason, _held_words(held)) if w)
            if target is None and problems:
                named = verdict.match.name if verdict.match else entry.suggestion
                entry.readings = tuple(dict.fromkeys([*entry.readings, *([named] if named in ctx.players else [])]))
        if self._settled(entry) and not entry.unknown:
            review = False  # after the close, before the start, or by a player already out: the time or the roster decides
        entry.needs_review = entry.needs_review or review
        abstains = entry.kind == "abstain" or verdict.abstains
        entry.target = target if target is not None or abstains else (verdict.target or None)
        if problems:
            self._invalid(entry, verdict, voter, problems)
        else:
            self._accept(entry, verdict, voter, target)

    def _as_shown(self, verdict, shown: str, quotes=()):
        """The director's post where words in a colour the page does not show change what it does (「【代投】丘处机 → 杨康
        [color=#fefefe]作废[/color]」: players see a proxy, the text voids it — the hostile round 83, V07: dropped, a tie
        posted): a doubt whose readings are both posts' proxies; as read where the hidden words change nothing."""
        seen = self._in_role(grammar.parse_post(shown, self.ctx.customs, self.ctx.roster), shown, quotes)

        def does(v):
            return (v.kind, v.proxy_for, v.target if v.kind == "proxy" else None, bool(v.void), v.relayed_for)
        if does(seen) == does(verdict):
            return verdict
        why = "导演的帖子里有看不见的字（和底色一样的颜色）：玩家看到的和工具读到的不是同一张代投，请导演确认"
        made = [v for v in (verdict, seen) if v.kind == "proxy" and not v.void]
        if not made:
            return replace(verdict, doubts=(*verdict.doubts, why))
        proxy = made[0]
        return replace(proxy, doubts=(*proxy.doubts, why), void=None,
                       readings=tuple(dict.fromkeys([*proxy.readings, *(v.target for v in made if v.target)])))

    def _in_role(self, verdict, text: str, quotes=()):
        """A director's post read in the director's role (grammar/director.py): the one proxy it makes, as a proxy
        verdict; the proxy it takes back or refuses, void; what a proxy clause leaves unexplained, a doubt with the
        pairs it could mean; anything else, no ballot (a count, a notice, a ruling, the result)."""
        ctx = self.ctx
        said = in_role.read(text, ctx.roster, tuple(ctx.directors))
        revote = bool(ctx.day.runoff or ctx.day.round > 1)  # (「重投代投」 on a revote round: this day's — heldout4 h0171)
        if said.standing and said.days_said and ctx.day.day not in said.days_said and not (
                revote and set(said.days_said) == {in_role.REVOTE}):
            # 「代投（第2天）：丘处机→杨康」 posted on day 1: a proxy said to be for another day — this day's ballot, or a slip?
            # (the hostile round 84, M06: counted on day 1, 杨康 posted out)
            other = "、".join(f"第{d}天" if d > 0 else "重投轮" if d == in_role.REVOTE else "另一天" for d in said.days_said)
            said = replace(said, doubts=[*said.doubts, f"代投帖写的是{other}，今天是第{ctx.day.day}天：这张代投算不算今天的，请导演确认"],
                           readings=[*said.readings, *((p.voter, p.target) for p in said.standing)])
        if not (said.proxies or said.doubts or said.count) and quotes and _ACKNOWLEDGED.fullmatch(verdict.own or text or ""):
            # 「[quote]丘处机：帮我投杨康[/quote] ⏎ 好」「收到」「OK」: a yes under a quoted post — a proxy granted, or a reply to
            # anything; the README hands it to the director (the hostile round 81, W02: dropped, a tie posted)
            said = replace(said, doubts=[f"导演引用了一帖，只回了「{(verdict.own or text).strip()[:12]}」：若是答应代投，替谁投给谁，"
                                         "请导演确认"])
        pairs = set(said.readings)
        if said.doubts and len(pairs) == 1 and not said.standing and not said.example and next(iter(pairs))[0] in ctx.players:
            # One pair, a doubt about it (a proxy change, a condition, a fate left open): the proxy as read, flagged.
            voter, target = next(iter(pairs))
            # taken back in words no list holds (「撤销。……上面这条不算」): void as the post says, and asked
            void = next((p.void for p in said.proxies if p.voter == voter and p.void), None)
            return grammar.Verdict("proxy", target=target or ctx.customs.abstain_words[0], proxy_for=voter,
                                   abstains=target is None, match=Match(target, "exact") if target else None,
                                   readings=(target,) if target else (), label="代投", own=verdict.own,
                                   doubts=tuple(said.doubts), void=void)
        if said.doubts:
            voters = tuple(dict.fromkeys(v for v, _ in said.readings if v in ctx.players))
            targets = tuple(dict.fromkeys(t for _, t in said.readings if t in ctx.players))
            if not voters:  # 「收到，已代投」 under a quoted request whose words the page did not give: the quoted players'
                voters = tuple(dict.fromkeys(n for q in (*verdict.quotes, *quotes) for n in [quote_field(q, "author")]
                                             if n in ctx.players))
                targets = targets or ctx.candidates_in_order
            return replace(verdict, kind="none", proxy_for=None, relayed_for=voters, readings=targets,
                           doubts=tuple(said.doubts), nobody=any(t is None for _, t in said.readings), vote_like=False)
        standing = said.standing
        if len(standing) == 1:
            made = standing[0]
            if verdict.kind == "proxy" and ctx.roster.resolve(verdict.proxy_for or "").name == made.voter and (
                    (verdict.match.name if verdict.match else None) == made.target or (made.target is None and verdict.abstains)):
                # the labelled 代投：X ⏎ 投票对象：Y, read the same both ways: the director's reader explained the post
                return replace(verdict, doubts=(), relayed_for=(), relay_is_ballot=False, stated=made.stated,
                               in_count=_count_kind(text, said))
            return grammar.Verdict("proxy", target=made.target or ctx.customs.abstain_words[0], proxy_for=made.voter,
                                   abstains=made.target is None, match=Match(made.target, "exact") if made.target else None,
                                   readings=(made.target,) if made.target else (), line=made.line, label="代投",
                                   own=verdict.own, stated_reason=verdict.stated_reason, stated=made.stated,
                                   in_count=_count_kind(text, said))
        if standing:  # several: tally_day gave each its own post (_one_proxy_each); here only in a text read again
            return replace(verdict, kind="none", proxy_for=None, relayed_for=tuple(p.voter for p in standing),
                           readings=tuple(p.target for p in standing if p.target), vote_like=False,
                           doubts=("一帖里有几张代投，这一版本的帖子不能逐张读：请导演核对",))
        if said.proxies:  # taken back or refused in the same post
            made = said.proxies[-1]
            return grammar.Verdict("proxy", target=made.target or ctx.customs.abstain_words[0], proxy_for=made.voter,
                                   abstains=made.target is None, match=Match(made.target, "exact") if made.target else None,
                                   line=made.line, label="代投", own=verdict.own, void=made.void)
        # No proxy: a count, a notice, a ruling, the result — what the player's reader would doubt in it is not a ballot's.
        return replace(verdict, kind="none", proxy_for=None, relayed_for=(), readings=(), doubts=(), vote_like=False)

    def _relayed(self, entry: Entry, verdict, at) -> None:
        """A player passes on another player's ballot (帮郭靖投 · 郭靖托我投 · 代投：郭靖): no seed lets a player cast
        another's vote (proxies are the director's), so it counts for nobody unless the director rules — and
        whether it counts for the player it is relayed for is the director's call: a doubt, never silent."""
        ctx = self.ctx
        whom = [ctx.roster.resolve(w).name or w for w in (verdict.relayed_for or (verdict.proxy_for or "?",))]
        whom = [w for w in whom if w != entry.author] or ["?"]
        entry.voter = entry.author
        entry.relayed_for = tuple(w for w in dict.fromkeys(whom) if w in ctx.players)
        entry.readings = tuple(dict.fromkeys([*([verdict.match.name] if verdict.match and verdict.match.name else []),
                                              *verdict.readings]))
        entry.nobody = verdict.nobody or verdict.abstains
        entry.verdict = INVALID
        entry.unprovable = "?" in whom or not entry.relayed_for
        # 帮他投X: one player's ballot, whoever it is (帮郭靖和黄蓉投X: several — no bound holds it)
        entry.one_ballot = entry.unprovable and whom == ["?"]
        said = "、".join(f"「{w}」" for w in entry.relayed_for) or (
            "几位玩家" if "*" in whom else "别的玩家（看不出是谁）")
        rule = ctx.rules.source("relayed_ballot") or ""
        entry.reason = f"像是替{said}{'撤票' if verdict.withdraws else '转投'}：只有导演可以代投，默认不计票" + (
            f"（{rule}）" if rule else "")
        if at is not None and ctx.close and at >= ctx.close and not _straddles(at, ctx.close):
            entry.reason += "；而且是关门后发的"
            entry.unprovable = False
        else:
            entry.needs_review = True
            entry.reason += "，请导演裁定（算作" + said + "的票，或算作作者自己的票，或不计）"
        self._log(entry, entry.reason)

    def _rule_for_another(self, entry: Entry, verdict, ruling: Ruling) -> None:
        """The director counts the post as another player's ballot (one relayed for them): as if it
        were a proxy the director posted, the ruling final."""
        voter = ruling.voter
        target = ruling.target if ruling.decision == "target" else (verdict.match.name if verdict.match else None)
        entry.voter, entry.ruling, entry.target = voter, ruling, target
        entry.kind = "abstain" if target is None else "proxy"
        entry.replaces = self.standing[voter].entry.pid if voter in self.standing else None
        note = f"（{ruling.note}）" if ruling.note else ""
        entry.reason = f"导演裁定：算作 {voter} 的票，计为「{target or '弃权'}」{note}"
        if voter not in self.ctx.voters:
            entry.verdict = INVALID
            entry.reason += f"；但 {voter} 今天没有投票权，不计票"
            self._log(entry, entry.reason)
            return
        self._accept(entry, verdict, voter, target)

    def _rule_non_ballot(self, entry: Entry, verdict, ruling: Ruling, at, author: str) -> None:
        """A director's ruling on a post the grammar did not read as a ballot: it takes effect like any other."""
        entry.ruling, entry.voter = ruling, author
        note = f"（{ruling.note}）" if ruling.note else ""
        if ruling.decision == "reject":
            entry.kind, entry.reason = "none", f"导演裁定：不是投票{note}"
            self._log(entry, entry.reason)
            return
        target = ruling.target if ruling.decision == "target" else (verdict.readings[0] if len(verdict.readings) == 1 else None)
        if ruling.decision == "accept" and len(verdict.readings) != 1:
            entry.kind, entry.reason = "none", f"导演裁定“有效”，但看不出投给谁：请用 target 裁定写明{note}"
            entry.needs_review = True
            self._log(entry, entry.reason)
            return
        entry.kind = "abstain" if target is None else "vote"
        problems = self._time_problems(entry, verdict, at, author) if at else ["读不到发帖时间"]
        if target is not None and author in self.ctx.players and author not in self.ctx.voters:
            # 「郭靖吧，大概」 by the secret 法官, ruled 「计为 郭靖」: who may vote is the game file's, not a ruling's (the hostile
            # round 100, cases 52, 57: his vote counted and decided the day); the final waits until it is ruled 无效
            problems = [f"{self._no_vote(author)}：{RULED_VALID_IN_VAIN}", *problems]
        entry.reason = f"导演裁定：计为「{target or '弃权'}」{note}"
        if problems:
            self._invalid(entry, verdict, author, problems)
        else:
            self._accept(entry, verdict, author, target)

    def _no_vote(self, voter: str) -> str:
        """Why `voter`'s ballot counts nothing today, in the director's words (report.SECRET_REASONS reads them)."""
        why = "（只有农夫可以在警长竞选贴投票）" if self.ctx.kind == "election" else (
            "（法官不能投票）" if voter in self.ctx.game.with_role(JUDGE) else "（游戏文件 non_voters）")
        return f"{voter} 没有投票权{why}"

    @staticmethod
    def _quoted_words(post) -> str:
        """What a post quotes, as the page showed it (the archive's quote text; "" for an older archive)."""
        return "\n".join(quote_field(q, "text") or "" for q in getattr(post, "quotes", None) or ())

    def _text_before_close(self, post) -> tuple[str, str | None]:
        """What the post said before close, when the archive saw it then and it changed after (once per
        tally: the what-ifs fold each post many times)."""
        known = self.ctx.texts.get(post.pid)
        if known is None:
            known = self.ctx.texts[post.pid] = self._read_before_close(post)
        return known

    def _read_before_close(self, post) -> tuple[str, str | None]:
        close = self.ctx.close
        versions = self.history.get(post.pid) or []
        edited = getattr(post, "edited_at", None)
        editor = getattr(post, "edited_by", None)
        if _stamped_at_birth(post, versions):
            editor = edited = None  # (typed by its poster: the words are his, as first archived — the checks below still hold)
        if editor and editor != post.author and not {editor, post.author} <= set(self.ctx.directors):
            # Discuz's stamp names someone else (a 版主): the words now are the editor's, not the poster's (the hostile
            # round: a moderator's edit of a ballot and of the director's proxy was counted as theirs). The poster's own
            # words, where the archive read them before the edit, count — and the director is told; else unknown.
            mine = [v for v in versions if v.get("text") and v.get("seen_at") and edited
                    and datetime.fromisoformat(v["seen_at"]) < datetime.fromisoformat(edited)]
            if mine and mine[-1]["text"] != post.text:
                return mine[-1]["text"], f"帖子被「{editor}」编辑过（不是作者本人），按编辑前存档的内容计票"
            return post.text, EDITED_BY_OTHER
        if close and versions:
            before = [v for v in versions if v.get("seen_at") and datetime.fromisoformat(v["seen_at"]) < close]
            if before and before[-1].get("text") and before[-1]["text"] != post.text:
                return before[-1]["text"], "帖子在关门后被修改过，按关门前存档的内容计票"
        # The stamp has minute precision: an edit in the close's own minute may be after it.
        if close and edited and datetime.fromisoformat(edited) + timedelta(minutes=1) > close:
            return post.text, EDITED_AFTER_CLOSE
        posted = getattr(post, "posted_at", None)
        if close and edited and posted and edited < posted:
            # A stamp dated before the post was made is written in another clock (the editor's own time zone) or
            # typed: when the edit was made is unknown — it may be after the close (the hostile round)
            return post.text, EDIT_TIME_UNKNOWN
        if close and posted and versions and not any(v.get("seen_at") and datetime.fromisoformat(v["seen_at"]) < close
                                                     for v in versions):
            # Its time has the page's precision: a minute shown may be any second of it.
            slack = timedelta(seconds=60) if getattr(post, "time_precision", "second") == "second" else timedelta(seconds=120)
            if close - slack < parse_time(post) <= close:
                return post.text, EDIT_UNSTAMPED
        if len(versions) > 1:
            return post.text, "帖子被编辑过（存档里有多个版本）"
        return post.text, None

    def _version_targets(self, post, counted_text: str) -> list[str]:
        """The players the post's other stored versions (and its text now) vote for."""
        texts = {v.get("text") or "" for v in self.history.get(post.pid) or []} | {post.text or ""}
        names = []
        for text in texts - {counted_text, ""}:
            verdict = self.verdicts.get(text)
            if verdict is None:
                verdict = self.verdicts[text] = grammar.parse_post(text, self.ctx.customs, self.ctx.roster)
            if verdict.match is not None and verdict.match.name:
                names.append(verdict.match.name)
            names += [name for name in verdict.readings if name]
        return sorted(set(names), key=lambda n: self.ctx.players.index(n) if n in self.ctx.players else 99)

    def _check(self, post, entry: Entry, verdict, at: datetime | None, voter: str, text_note: str | None):
        """Every rule the post breaks (the first is the reason), whether it needs a ruling, and its target."""
        ctx = self.ctx
        problems: list[str] = []
        review = bool(text_note)
        if text_note:
            entry.reason = text_note
            entry.unknown = text_note if text_note in TEXT_UNKNOWN else None
        target = None
        # Moderation: directors often hide a post to void it; the tool does not guess.
        status = getattr(post, "status", "normal")
        if status != "normal":
            problems.append(f"帖子{_status_words(status)}，默认不计票，请导演裁定")
            review = True
        # Time.
        if at is None:
            problems.append("读不到发帖时间")
            review = True
        else:
            problems += self._time_problems(entry, verdict, at, voter)
            unclear, least = ctx.rules.proxy_unclear_minutes_before_close, ctx.rules.proxy_min_minutes_before_close
            if verdict.kind == "proxy" and unclear and ctx.close and \
                    ctx.close - timedelta(minutes=unclear) < at <= ctx.close - timedelta(minutes=least):
                review = True
                entry.reason = (f"代投在截止前 {int((ctx.close - at).total_seconds() // 60)} 分钟发出：规则说至少"
                                f"{least}～{unclear} 分钟前，落在这个区间里，算不算请导演裁定")
            if verdict.kind == "proxy" and verdict.in_count and ctx.rules.proxy_first_in_count_void:
                shown = self.standing.get(verdict.proxy_for or "")
                rule = ctx.rules.source("proxy_first_in_count_void") or ""
                if not (shown and shown.entry.kind == "proxy" and shown.target == (verdict.match.name if verdict.match else None)):
                    # 「另：群青私信托我投藤黄，现在补上 → 藤黄 5 票」 in the closing count: the rule voids it; in a running count
                    # before the close (「【11:50 票型】…另：…委托代投」) whether it is 「统计票数时才公布」 is the director's call.
                    # That it was not shown before is the tool's reading of this thread alone — the director confirms either way.
                    review = True
                    if verdict.in_count == "closing":
                        problems.append(f"代投第一次出现在导演的关门统计里：规则说这样的代投无效（{rule}），请导演确认")
                    else:
                        entry.reason = (f"代投第一次出现在导演关门前的票型统计里：规则说「{rule}」，"
                                        "这一张算不算请导演确认")
            if getattr(post, "time_precision", "second") != "second" and ctx.close and _straddles(at, ctx.close):
                review = True
                entry.reason = "发帖时间只精确到分钟，正好落在关门那一分钟，请导演核对"
        # Who votes.
        if voter not in ctx.players:
            if verdict.kind != "proxy" and (other := _OTHER_ACCOUNT.fullmatch(voter)):
                problems.append(f"这一帖署名「{other.group(1)}」，却来自另一个账号（uid {other.group(2)}），不是先前以这个名字发帖的账号："
                                f"可能是改名后别人注册了这个名字，不算 {other.group(1)} 的票，请导演裁定")
            else:
                problems.append(f"「{voter}」不是本局玩家" if verdict.kind != "proxy" else f"代投的「{voter}」不是本局玩家")
            # An account the game file does not list may be a player's second account or substitute: the
            # director's question (the game file then says so), never decided silently.
            review = review or verdict.kind != "proxy"
        elif voter in ctx.dead:
            problems.append(f"{voter} 已出局，不能投票（诈尸）")
        elif (left := ctx.left_pids.get(entry.pid)) is not None and voter == entry.author:
            if left.day < ctx.day.day or left.at:
                problems.append(f"{voter} 的位置第{left.day}天{left.at or ''}起由「{left.to}」顶替：原账号发的票不算")
            else:
                # the day the slot changes hands: whether the old account's ballot came before the takeover, the game file
                # does not say — the director's
                problems.append(f"这一天 {voter} 的位置由「{left.to}」顶替：原账号发的这张票算不算，请导演裁定")
                review = True
        elif voter not in ctx.voters:
            problems.append(self._no_vote(voter))
            # Who may not vote is the game's secret: how the thread hears of such a ballot is the director's call
            # (report.secret_ballots), never the tool's — any public word of ours would set it apart.
            review = review or ctx.kind != "election"
        # The ballot itself. Invalid for its form = doubtful by definition: the director sees it.
        entry.readings = verdict.readings
        if verdict.kind == "malformed":
            problems.append(f"格式无效：{verdict.reason}")
            entry.form_invalid = review = True
            if verdict.suggestion is not None and verdict.suggestion.name:
                entry.suggestion = verdict.suggestion.name
            elif holder := _title_meant(ctx, verdict.target):
                entry.suggestion = holder  # 「投票：警长」: the title's holder is a reading (heldout47 w47_035)
        else:
            target, target_problems, target_review, suggestion = self._target(verdict)
            entry.bad_target = bool(target_problems)
            problems += target_problems
            if verdict.corrected and ctx.rules.corrected_in_post == "invalid" and entry.author not in ctx.directors:
                # 投A 不对 是B where the seed voids a ballot whose target was written wrong: void, asked (rules.md)
                problems.append(f"同一帖里改口（先写了「{'、'.join(verdict.corrected)}」）：{ctx.rules.source('corrected_in_post')}")
                review = True
            review = review or target_review
            entry.suggestion = suggestion
        if target is None and not entry.suggestion and not verdict.abstains and \
                described(verdict.target or "", ctx.roster, nicknamed=not entry.readings):
            # 「投票对象：黄蓉她老公」「黄蓉的靖哥哥」「那个姓郭的」: a player described, not named — who is meant the tool cannot
            # say, so the proof weighs every candidate (hostile round 56: the one meant was missing, a tie was posted)
            entry.readings = tuple(dict.fromkeys([*entry.readings, *ctx.candidates_in_order]))
        return problems, review, target

    def _time_problems(self, entry: Entry, verdict, at: datetime, voter: str) -> list[str]:
        ctx, rules = self.ctx, self.ctx.rules
        out = []
        if ctx.start and at < ctx.start:
            out.append("投票开始之前发的帖")
        if ctx.close and at >= ctx.close:
            out.append("关门后的投票无效")
        kind = verdict.kind
        if kind == "change" and ctx.accelerated_from and at >= ctx.accelerated_from and rules.no_change_when_accelerated:
            out.append("执行加速期间不允许改票")
        if kind == "change" and ctx.blackout and ctx.blackout <= at < ctx.close:
            out.append(f"关门前 {rules.blackout_minutes} 分钟内不允许改票")
        if kind == "proxy":
            out += certainty.proxy_time_problems(at, ctx.close, ctx.blackout, rules)
        if voter in ctx.deaths_at and at >= ctx.deaths_at[voter]:
            out.append(f"{voter} 已于 {ctx.deaths_at[voter]:%m-%d %H:%M} 出局，之后的投票无效")
        if voter in ctx.bar_owners and rules.bar_owner_change_hours and (kind == "abstain" or verdict.abstains):
            out.append(BAR_OWNER_ABSTAINS)  # 004: 不允许弃权或投无效票，否则记作黄牌
        if voter in ctx.bar_owners and ctx.start:
            hours = rules.bar_owner_change_hours_accelerated if self.ctx.day.accelerated else rules.bar_owner_change_hours
            if kind == "change" and hours and at >= ctx.start + timedelta(hours=hours):
                out.append(f"酒吧老板在讨论日开始 {hours} 小时后不许改票")
        return out

    def _target(self, verdict) -> tuple[str | None, list[str], bool, str | None]:
        ctx = self.ctx
        if verdict.kind == "abstain" or verdict.abstains:
            if ctx.day.runoff and ctx.rules.runoff_no_abstain:
                return None, ["高票对决阶段的投票不允许弃权"], False, None
            return None, [], False, None
        match = verdict.match
        if match is None or match.name is None:
            suggestion = verdict.suggestion.name if verdict.suggestion and verdict.suggestion.name else None
            if match is not None and match.how == "ambiguous":
                return None, [f"投票对象「{verdict.target}」{match.describe()}"], True, None
            words = f"投票对象「{verdict.target}」不是本局玩家"
            if not suggestion and (holder := _title_meant(ctx, verdict.target)):
                # 「投票：警长」: the public title as the target — its holder is a reading, never a match (heldout47 w47_035)
                return None, [words + f"（写的是头衔，现在的头衔持有人是「{holder}」）"], True, holder
            if suggestion:
                return None, [words + f"（{verdict.suggestion.describe()}）"], True, suggestion
            return None, [words], True, None
        name = match.name
        problems = []
        if name in ctx.dead:
            problems.append(f"投票对象 {name} 已出局")
        elif name in ctx.deaths_at:
            # Out during the day: whether a ballot cast for them while alive may move elsewhere is the
            # director's call (no seed says); it cannot put them out twice.
            return name, [f"投票对象 {name} 已于 {ctx.deaths_at[name]:%m-%d %H:%M} 出局"], True, None
        elif ctx.kind == "election" and name not in ctx.candidates:
            problems.append(f"{name} 不能参选（只有农夫可以担任警长）" if ctx.rules.title_voters_house else f"{name} 不能参选")
        elif ctx.day.runoff and name not in ctx.candidates:
            problems.append(f"{ctx.day.round_kind or '高票对决'}只能投 {'、'.join(ctx.day.runoff)}")
        elif name in ctx.cannot_be_voted:
            problems.append(f"{name} 不能成为投票对象" + ("（酒吧老板<结界>）" if name in ctx.game.with_role(BAR_OWNER) else ""))
        return name, problems, False, None

    # -- outcomes of one post ---------------------------------------------------------------------

    def _invalid(self, entry: Entry, verdict, voter: str, problems: list[str]) -> None:
        rules = self.ctx.rules
        entry.verdict = INVALID
        reason = problems[0]
        if len(problems) > 1:
            reason += f"（另：{'；'.join(problems[1:])}）"
        if entry.reason and entry.needs_review:
            reason = f"{reason}；{entry.reason}"
        entry.reason = reason
        if entry.kind == "change" and voter in self.standing:
            kept = self.standing[voter]
            tail = f"原票 #{kept.entry.floor} {self._show(kept.target)} 仍然有效" if rules.invalid_change_keeps_original else "原票作废"
            unstated = "种子未明说" in (rules.source("invalid_change_keeps_original") or "")
            if entry.bad_target and unstated and not entry.ruling and not self._settled(entry):
                # A well-made change to someone who cannot be voted for: the voter plainly took the ballot back. Does
                # the original still stand? The seed does not say (the preset assumes it): the director's to rule.
                entry.needs_review, entry.nobody, entry.voter = True, True, voter
                entry.reason += f"；改票已经表明不再投原票，{tail}只是工具的默认（种子未明说），请导演裁定"
            self._log(entry, f"改票无效：{reason}；{tail}")
            if not rules.invalid_change_keeps_original:
                kept.entry.verdict = INVALID
                del self.standing[voter]
            return
        if voter in self.ctx.players:
            self.tried.add(voter)
        if rules.invalid_vote == "abstain" and entry.kind != "change" and voter not in self.standing and (
                voter in self.ctx.voters or (voter in self.ctx.alive and entry.ruling is not None)) \
                and "关门后" not in reason and entry.at and self.ctx.close and entry.at < self.ctx.close:
            self._log(entry, f"无效：{reason}；按规则视为弃权（可联系导演更正）")
            entry.reason += "；按规则视为弃权"
            entry.form_invalid = entry.form_invalid or entry.needs_review
            self.standing[voter] = _Standing(entry, None, by_rule=True)
            entry.verdict = COUNTED
            entry.kind = "abstain"
            entry.target = None
            return
        self._log(entry, f"无效：{reason}")

    def _accept(self, entry: Entry, verdict, voter: str, target: str | None) -> None:
        ctx, rules = self.ctx, self.ctx.rules
        standing = self.standing.get(voter)
        if entry.kind == "change":
            problem = self._change_problem(entry, verdict, voter, standing)
            if problem and not entry.ruling:
                entry.verdict = INVALID
                entry.reason = problem
                if standing is None and voter not in self.tried and ctx.customs.loose and not self._settled(entry):
                    # Where any clear ballot counts, a "change" with nothing to change may be meant as the vote.
                    entry.needs_review = True
                    entry.reason += "；本局格式不严格，这一帖也可以算作投票，请导演裁定"
                tail = f"原票 #{standing.entry.floor} {self._show(standing.target)} 仍然有效" if standing else "此前没有有效的投票"
                self._log(entry, f"改票无效：{problem}；{tail}")
                if standing is None:
                    self.tried.add(voter)
                return
            if standing:
                standing.entry.verdict = SUPERSEDED
                standing.entry.reason = f"已被 #{entry.floor} 的改票取代"
            entry.verdict = COUNTED
            entry.weight = ctx.weight(voter)
            entry.reason = entry.reason or f"引用了自己 #{standing.entry.floor if standing else '?'} 的投票，有效"
            self._log(entry, f"{self._show(standing.target) if standing else '?'} → {self._show(target)}：{entry.reason}")
            self.standing[voter] = _Standing(entry, target, (standing.changes if standing else 0) + 1)
            self._snapshot(entry)
            return
        if standing is not None and standing.by_rule and not entry.ruling and not rules.correction_by_new_post:
            # 002: the invalid ballot counts as 弃权 unless the player gets the director to correct it — a new post
            # after it is that request made in public, or a second ballot: the director's, never settled by us.
            entry.verdict = INVALID
            entry.reason = (f"#{standing.entry.floor} 的无效票按规则视为弃权；这一帖像是更正，但种子说更正须联系导演"
                            f"（{rules.source('correction_by_new_post') or '无效票只能联系导演更正'}），请导演裁定")
            entry.needs_review = not self._settled(entry)
            self._log(entry, f"无效：{entry.reason}")
            return
        if standing is not None and not entry.ruling:
            entry.verdict = INVALID
            how = "改票须用改票格式并引用原投票" if self.ctx.rules.change_must_quote_own else "改票须写明是改票"
            entry.reason = f"已经在 #{standing.entry.floor} 投过票（每人每天限投一票；{how}）" if target != standing.target else \
                f"和 #{standing.entry.floor} 投的是同一个人（重复发帖），按 #{standing.entry.floor} 计，这一帖不另计"
            directors, asked = self.ctx.directors, ""
            if target != standing.target and standing.entry.kind == "proxy" and standing.entry.author in directors \
                    and entry.author == voter:
                # The player's own ballot after the director's proxy for them: back in time to vote themselves, or a second
                # ballot — no seed says (hostile round 57 had it void, certain)
                asked = f"；#{standing.entry.floor} 是导演替这位玩家的代投，本人又投了：以哪一张为准，请导演裁定"
            elif target != standing.target and entry.pid in self.ctx.substitute_pids and \
                    standing.entry.pid not in self.ctx.substitute_pids:
                # The substitute's ballot on the day the slot changed hands, the old account's before it: which one is the
                # slot's, no seed says (the hostile round 80, L51: the old account's counted, certain, a wrong elimination)
                asked = f"；这一天顶替：#{standing.entry.floor} 是原账号投的，这一张是顶替者投的，以哪一张为准，请导演裁定"
            elif target != standing.target and entry.author == voter and entry.kind == "vote" and \
                    (said := _CHANGE_IN_WORDS.search((verdict.own or "").split("\n", 1)[0])):
                # 「改一下：投票：竹蜻蜓」 under the poster's own ballot: a change in words the game's form does not name — a
                # change, or a second ballot? (heldout46 w46_117: void, certain)
                asked = f"；这一帖开头写了「{said.group()}」，像是改票，但没有按改票的写法写：算不算改票，请导演裁定"
            elif target != standing.target and entry.kind == "proxy" and entry.author in directors:
                # The director's proxy for a player who has voted: a change made through the director — no seed says
                # whether it stands (README: 代为改票的，待裁定); hostile round 56 had it void, certain
                asked = "；导演替已经投过票的玩家代投，算不算代为改票，请导演裁定"
            if asked:
                entry.needs_review = True
                entry.readings = tuple(t for t in dict.fromkeys((target, *entry.readings)) if t)
                entry.reason += asked
            self._log(entry, f"无效：{entry.reason}")
            return
        if voter in self.tried and not rules.correction_by_new_post and not entry.ruling:
            entry.verdict = INVALID
            entry.reason = "此前的无效票只能联系导演更正"
            entry.needs_review = True
            self._log(entry, f"无效：{entry.reason}")
            return
        if standing is not None:  # a ruling accepted a second ballot: it replaces the first
            standing.entry.verdict = SUPERSEDED
            standing.entry.reason = f"已被 #{entry.floor} 取代（导演裁定）"
        entry.verdict = COUNTED
        entry.weight = ctx.weight(voter) if target is not None else Fraction(0)
        if target is not None and entry.weight == 0:
            entry.not_counted = ctx.why_not_counted(voter)
        if entry.kind == "abstain" or target is None:
            entry.kind = "abstain" if entry.kind != "proxy" else entry.kind
        corrected = " （更正此前的无效票）" if voter in self.tried else ""
        if not entry.reason and entry.not_counted:
            entry.reason = f"有效，但不计入票数（{entry.not_counted}）" + corrected
        if not entry.reason:
            entry.reason = "有效" + corrected
            if verdict.match is not None and verdict.match.how not in ("exact",):
                entry.reason = f"有效：{verdict.match.describe()}" + corrected
            if entry.kind == "proxy":
                entry.reason = f"导演代投，有效{corrected}"
        self._log(entry, f"{self._show(target)}（{_weight(entry.weight)}）：{entry.reason}" if target else entry.reason)
        self.standing[voter] = _Standing(entry, target)
        self._snapshot(entry)

    def _change_problem(self, entry: Entry, verdict, voter: str, standing: _Standing | None) -> str | None:
        rules = self.ctx.rules
        if standing is None:
            return "原投票无效，只能重新发帖投票，不能改票" if voter in self.tried else "此前没有投票，不能改票"
        if standing.changes >= rules.changes_allowed:
            return f"改票只允许 {rules.changes_allowed} 次，#{standing.entry.floor} 已经改过"
        if not rules.change_must_quote_own:
            return None
        quotes = getattr(self._post_of(entry), "quotes", None) or [
            q for q in verdict.quotes]  # a quote pasted as text: author and time, no floor link
        if not quotes:
            typed = _TYPED_REPLY.match(getattr(self._post_of(entry), "text", "") or "")
            if typed and (int(typed.group(1)) == standing.entry.floor or self.ctx.roster.resolve(typed.group(2)).name == voter):
                # 「回复 5# 话梅 ⏎ 改票对象：果冻」: the reply's words typed, no quote the forum made — whether it replies to the
                # voter's own ballot is the director's (heldout66 w66_124 was an unquoted change, certain)
                entry.needs_review = entry.needs_review or not entry.ruling
                entry.reason = f"帖子开头手写了「{typed.group().strip()}」，不是论坛生成的引用：算不算回复了自己的原投票，请导演确认"
                return None
            return "改票没有引用自己的原投票楼层"
        quoted = quotes[0]
        pid = quote_field(quoted, "pid")
        if pid is None:
            author = quote_field(quoted, "author")
            entry.needs_review = True
            if author != voter:
                return f"引用的是 {author} 的帖子，不是自己的原投票"
            entry.reason = "引用没有楼层链接（手机端引用），按作者核对为自己的帖子，请导演确认"
            return None
        if pid != standing.entry.pid:
            other = self._entry_of.get(pid)
            if other is not None and other.author != voter:
                return f"引用的是 #{other.floor} {other.author} 的帖子，不是自己的原投票"
            return f"引用的不是自己的原投票 #{standing.entry.floor}"
        return None

    # -- bookkeeping ------------------------------------------------------------------------------

    def _post_of(self, entry: Entry):
        return self._posts_by_pid.get(entry.pid)

    def _snapshot(self, entry: Entry) -> None:
        if self.ctx.kind != "election":
            return  # only the election's "first to reach the top" reads the counts as they stood
        counts: dict[str, Fraction] = {}
        for s in self.standing.values():
            if s.target is not None and s.entry.verdict == COUNTED:
                counts[s.target] = counts.get(s.target, Fraction(0)) + s.entry.weight
        self.timeline.append((entry.at, counts))

    def _show(self, target: str | None) -> str:
        return "弃权" if target is None else target

    def _log(self, entry: Entry, text: str) -> None:
        if self.audit is None:
            return  # a what-if's fold: nobody reads its audit
        who = entry.author if entry.voter in (None, entry.author) else f"{entry.author}（代 {entry.voter}）"
        self.audit.append(f"#{entry.floor if entry.floor is not None else '?'} {who} {KIND_WORDS.get(entry.kind, '发言')}：{text}")

    def finish(self) -> DayTally:
        ctx = self.ctx
        totals: dict[str, Fraction] = {}
        voters: dict[str, list[tuple[str, Fraction]]] = {}
        abstentions = []
        for voter, s in self.standing.items():
            if s.target is None:
                abstentions.append(voter)
                continue
            totals[s.target] = totals.get(s.target, Fraction(0)) + s.entry.weight
            voters.setdefault(s.target, []).append((voter, s.entry.weight))
        bonus = ctx.bonus
        for name, extra in bonus.items():
            totals[name] = totals.get(name, Fraction(0)) + extra
        totals = dict(sorted(totals.items(), key=lambda kv: (-kv[1], ctx.players.index(kv[0]) if kv[0] in ctx.players else 99)))
        non_voters = [p for p in ctx.voters if p not in self.standing and p not in ctx.deaths_at]
        no_reply = [p for p in ctx.voters if p not in self.posted and p not in self.standing]  # a proxy vote is a reply
        if ctx.kind == "election":
            outcome = first_to_top(totals, self.timeline)
        else:
            outcome = decide_outcome(totals, ctx.rules, alive=len(ctx.alive), title_target=self._title_target())
        if self.audit is not None:
            self._count_doubts()
        self._silent_voters_named()
        flags = []
        for e in self.entries:
            if e.needs_review:
                e.space = certainty.space(e, ctx, Ruling)
                flags.append(Flag(e.pid, e.floor, e.reason, readings=certainty.readings(e)))
        return DayTally(
            day=ctx.day.day, kind=ctx.kind, entries=self.entries, audit=self.audit, totals=totals, voters=voters,
            abstentions=abstentions, non_voters=non_voters, no_reply=no_reply, bonus=bonus, outcome=outcome,
            flags=flags, rulings=[e.ruling for e in self.entries if e.ruling], alive=ctx.alive, close=ctx.close, blackout=ctx.blackout,
            title_holder=ctx.title_holder, fates=self._fates(outcome), label=ctx.day.label,
            barred=[p for p in ctx.alive if p not in ctx.voters] if ctx.kind == "vote" else [],
            needed=Fraction(str(ctx.rules.threshold)) * len(ctx.alive) if ctx.rules.elimination == "threshold" else None,
            vote_thread=ctx.day.election_thread if ctx.kind == "election" else ctx.day.vote_thread,
            silent=[p for p in ctx.alive if p not in self.standing and p not in ctx.deaths_at],
            count_checks=self.count_checks,
        )

    def _silent_voters_named(self) -> None:
        """A ballot post that names a voter with no ballot of his own at the close: a relay could be his only ballot. Where the
        post is doubtful already, that is one of its readings (the hostile round 109: 「投票人：X」「——X」「X（不在）→ Y」 were
        asked with no reading as X's); where it is certain, a line whose words tie him to the ballot (「这张是他的意思，我只是按了
        发送」「X也是这张，他被禁言了」) asks it. Two ballots at most, bounded by the proof; a player who voted himself is no relay's."""
        ctx = self.ctx
        # (one the game file keeps from voting — the secret 法官 — is asked about as anyone is: the thread must not learn who cannot
        # vote from which posts wait; his relay, like any, counts only for a voter)
        silent = {p for p in ctx.alive if p not in self.standing and p not in ctx.directors}
        if not silent or ctx.kind != "vote":
            return
        for e in self.entries:
            own = self._words_of.get(e.pid)
            if own is None and e.kind == "none" and e.needs_review and e.voter == e.author and (post := self._posts_by_pid.get(e.pid)):
                own = normalize(split(post.text or "").own)  # (「贴了一份票型」: a doubt of the poster's another layer raised — round 115, 09)
            if own is None or e.ruling is not None or e.author not in ctx.players or e.author in ctx.directors:
                continue
            if e.kind not in ("vote", "change", "abstain"):
                # (and a post with no ballot's form the tool asks about as the poster's — 「我和X的意见：Y」「本楼两票：P、X → Y」
                # — may be X's as well as his: round 111, cases 07–09)
                own_reading = not e.relayed_for and e.voter == e.author and bool(e.readings)
                if e.needs_review and (e.relayed_for or own_reading):
                    # 「X没空，他的决定是Y，我转达到这里」: a relay with no ballot of the poster's, read for the wrong player — the
                    # silent one it names, not where a target stands, may be whose it is (round 109, case 27: reversed, 无人出局 posted)
                    targets = speech.named_as_target(own, ctx.roster)
                    known = {e.author, *e.relayed_for, *targets}
                    for player, line in speech.named_beside(own, ctx.roster, known, tied=False):
                        if own_reading and speech.EVENTS.search(ctx.roster.pattern.sub("", line)):
                            continue  # (「还没投的：北溟、南柯」 in a retold count: who has not voted, no relay — heldout d19)
                        if player in silent:
                            self._passed_for(e, player, beside=own_reading)
                            if own_reading and player in e.relayed_for:
                                e.reason += f"；帖子里还提到今天没投票的「{player}」：也可能是替他投的，请导演一并裁定"
                            e.readings = tuple(dict.fromkeys([*e.readings, *(t for t in targets if t in ctx.players)]))
                continue
            if not certainty.proxy_allowed_at(e.at, ctx.close, ctx.blackout, ctx.rules):
                continue  # (a relay is a proxy: none where one may not be made then)
            # (the players the post may vote for are its targets, not whose it is: 「投票理由：打错了，是黄蓉」)
            known = {e.target, e.author, *e.relayed_for, *self._old_targets.get(e.pid, ()),
                     *speech.named_as_target(own, ctx.roster)}
            for player, said in self._requests_quoted(e, silent):
                # 「[quote]X：帮我也投杨康，我今晚不来[/quote] 收到，照办。⏎ 投票对象：杨康」: a silent player's request to vote, quoted
                # above a ballot — the ballot may be his as well as the poster's (the hostile round 111, case 05: posted alone)
                _ask_beside(e, f"帖子引用了今天没投票的「{player}」请人代投的话（「{_clip(said, 24)}」）：这张是替他投的，还是自己的票，请导演裁定")
                self._passed_for(e, player, beside=True)
            for player, line in speech.moves_his(own, ctx.roster, known):
                if player in ctx.voters and player in self.standing and player not in silent:
                    # 「X说他那张作废，跟我走」: his ballot, taken back and passed on with this one (round 111, case 10: posted alone)
                    _ask_beside(e, f"帖子说「{player}」的票要变（「{_clip(line, 24)}」）：是替他改票，还是只是转述，请导演裁定")
                    self._passed_for(e, player, beside=True)
            if not e.relayed_for and (line := speech.unnamed_relay(
                    own, ctx.roster, {e.author, e.target, *speech.named_as_target(own, ctx.roster)})) is not None:
                # 「梅姐说她也这么投，懒得上线」: passed on for someone no roster name reaches — a second ballot, whose the director's
                # to say (the hostile round 111, case 12: posted alone)
                _ask_beside(e, f"帖子像是也替别人投了这张（「{_clip(line, 24)}」），但认不出是哪位玩家：请导演裁定")
                e.unprovable = e.beside = True
            doubtful = e.needs_review
            for player, line in speech.named_beside(own, ctx.roster, known, tied=not doubtful):
                if player not in silent:
                    continue
                if not doubtful:
                    _ask_beside(e, f"帖子里提到今天没投票的「{player}」（「{_clip(line, 24)}」）：是替他转投，还是自己的票，请导演裁定")
                self._passed_for(e, player, beside=True)
        for e in self.entries:
            text = self._director_words.get(e.pid)
            if text is None or e.needs_review or e.ruling is not None or e.kind != "none":
                continue
            if not certainty.proxy_allowed_at(e.at, ctx.close, ctx.blackout, ctx.rules):
                continue  # (every reading below is a proxy: none where one may not be made then)
            made = [(a, b, said) for x, y, said in in_role.pairs_said(text, ctx.roster) for a, b in ((x, y), (y, x))
                    if a in silent and b in ctx.candidates and a != b]
            if not made:
                # 「杨康——郭靖/黄蓉/欧阳克^」「杨康 ④（郭靖 黄蓉 欧阳克📩）」: a player who never votes, listed in a row of the director's
                # count in a shape no count reader holds — a proxy shown only in the count (the hostile round 113, cases 16, 17, 27)
                rows = in_role.listed_under(text, ctx.roster, tuple(ctx.directors))
                listed = {a for a, _, _ in rows}
                if sum(a in self.standing for a in listed) * 2 >= len(listed):  # (a count the thread bears out, as _check_count)
                    made = [(a, b, said) for a, b, said in rows if a in silent and b in ctx.candidates and a != b]
            to_whom_unsaid = False
            if not made:
                # 「欧阳克已私信投票，不用催了」: the director says a player who never votes sent his ballot — to whom, unsaid:
                # a proxy for anyone (the hostile round 117, case 13: a certain notice, 无人出局 posted)
                player, sentence = next(((p, said) for p, said in in_role.sent_privately(text, ctx.roster) if p in silent), (None, ""))
                if player is not None:
                    made = [(player, c, sentence) for c in ctx.candidates_in_order if c != player]
                    to_whom_unsaid = True
            if not made:
                continue
            # 「欧阳克今天请假，他指定杨康」: two players in a sentence of the director's, one of whom never votes — a proxy the
            # director wrote in words no form reads, or a notice? (the hostile round 109, cases 29–34, 38, 49: 无人出局 posted)
            whom = tuple(dict.fromkeys(a for a, _, _ in made))
            e.needs_review = True
            e.reason = (f"导演的帖子「{_clip(made[0][2], 24)}」说今天还没有投票的「{made[0][0]}」私信投了票，没写投给谁：算不算代投、"
                        f"投给谁，请导演确认") if to_whom_unsaid else (
                f"导演的帖子「{_clip(made[0][2], 24)}」提到今天还没有投票的「{made[0][0]}」和「{made[0][1]}」：是不是替"
                f"「{made[0][0]}」代投「{made[0][1]}」，请导演确认（计为这张代投，或不是投票）")
            e.voter, e.relayed_for = whom[0], whom
            e.readings = tuple(dict.fromkeys(b for _, b, _ in made))
            e.unprovable = len(whom) != 1

    def _requests_quoted(self, entry: Entry, silent: set[str]) -> list[tuple[str, str]]:
        """(player, words) for each block of pasted words the ballot post quotes — 「X：…」, no floor of the thread — in which a
        silent player asks for a vote in words that are no ballot of their own."""
        out = []
        for q in self._quoted_in.get(entry.pid, ()):
            text = quote_field(q, "text") or ""
            if quote_field(q, "pid") is not None or quote_field(q, "author") or _QUOTE_HEAD.match(text) or self.ctx.roster.pattern is None:
                continue  # (a post of the thread, quoted: its own floor says what it is)
            # (words pasted from elsewhere — a chat, a message — opening on who said them)
            if (speaker := re.match(rf"\s*({self.ctx.roster.pattern.pattern})\s*(?:说|讲|道|留言)?\s*[:：]", text)) is None:
                continue
            who, said = self.ctx.roster.table[speaker.group(1)], text[speaker.end():]
            # (his ballot handed over with no target — 「我今晚没空，票就交给你了」 — is this ballot's: round 115, case 04)
            if who in silent and who != entry.author and not labelled(normalize(said)) and (
                    detect_attempt(normalize(said), self.ctx.roster) is not None or _HANDED_OVER.search(said)):
                out.append((who, said.strip()))  # (his request, not a ballot of his copied to agree with it)
        return out

    def _fates(self, outcome: Outcome) -> dict[str, str]:
        ctx = self.ctx
        if ctx.kind != "vote" or outcome.kind != "out":
            return {}
        fates = {}
        for name in outcome.names:
            words, identity = ctx.game.fate(name, ctx.day.day)
            if ctx.rules.reveal_executed_identity and identity:
                words += f"，身份：{identity}"
            if words != "出局":
                fates[name] = words
        return fates

    def _title_target(self) -> str | None:
        holder = self.ctx.title_holder
        if holder and holder in self.standing:
            return self.standing[holder].target
        return None


def _ask_beside(e: Entry, why: str) -> None:
    """A ballot post asked about for a second ballot its words may carry: doubtful (its own reading kept), and why."""
    if not e.needs_review:
        e.needs_review, e.voter = True, e.voter or e.author
        e.readings = tuple(dict.fromkeys([*e.readings, *([e.target] if e.target else [])]))
    e.reason = f"{e.reason}；{why}" if e.reason else why


def _stamped_at_birth(post, versions) -> bool:
    """The post's edit stamp was in it when the archive first read it, within half a minute of its posting: Discuz stamps only an
    edit made later than that, so the stamp was typed by whoever wrote the words (the hostile rounds 112/114, case 32: a
    player's typed 「本帖最后由 导演A 于 … 编辑」 made his own post 「被别人编辑过」 and held the day). A stamp the archive first saw
    later may be the forum's, in the editor's own time zone: unknown, as before."""
    editor = getattr(post, "edited_by", None)
    if not editor or not versions:
        return False
    first = min((v for v in versions if v.get("seen_at")), key=lambda v: v["seen_at"], default=None)
    try:
        # (half a minute, not the forum's full minute: our clock and the forum's may differ by some seconds)
        born = first is not None and datetime.fromisoformat(first["seen_at"]) < parse_time(post) + timedelta(seconds=31)
    except (TypeError, ValueError):
        return False
    return born and first.get("edited_by") == editor and first.get("edited_at") == getattr(post, "edited_at", None)


_HANDED_OVER = re.compile(r"交给你|交你|托你|拜托你|帮我投|替我投|帮我也投|你帮我|随你|跟你一样|听你的")
_HANDS_OVER = re.compile(r"代投|委托|代发|帮[^。\n]{0,6}投|替[^。\n]{0,6}投|托我|让我投|proxy", re.I)


def _part_saying(clause: str, words: re.Pattern) -> str:
    """The parts of a clause (between 、 and brackets) that hold the words, or the clause where none alone does."""
    parts = [p for p in re.split(r"[、（）()]", clause) if words.search(p)]
    return "、".join(parts) if parts else clause


# A yes and nothing else (「好」「收到」「OK」「代投如上」「照办」): what it answers is what it quotes
_ACKNOWLEDGED = re.compile(r"\s*(?:好|好的|好滴|收到|收到了|ok|OK|Ok|okay|嗯|嗯嗯|可以|行|没问题|照办|代投如上|已代|已代投|已处理|👌|✅)"
                           r"\s*[。.!！~～]*\s*")


def quote_field(quote, name: str):
    """A field of a quote: the page's Quote, or the dict an archived post or a pasted quote keeps."""
    return getattr(quote, name) if hasattr(quote, name) else quote.get(name)


# 「和郭靖投一样的」「跟郭靖投的一样」: voting as another player did, with no target written
# A ballot for whatever another voter voted: 「和郭靖投一样的」「我的票和楼上一样」「投票对象：同7楼」「洪七公投谁我就投谁」「票同欧阳克」
# 「跟着穆念慈走」「复制楼上的票」「楼上+1」「我的票同上上楼」「我也投洪七公投的那个人」: who it follows is the voter above, above
# that, a floor's author, or a player named.
_REF = (r"(?:(?P<above2>上上楼)|(?P<above>楼上|上一楼)|(?P<floor>\d{1,5}|[一二三四五六七八九十]{1,3})\s*[楼层樓#LF]|#\s*(?P<hashfloor>\d{1,5})|"
        r"(?P<name>[^\s,，。:：+＋]{1,12}?))")
_SAME_AS = (re.compile(rf"(?:和|跟|同|与)\s*{_REF}\s*(?:投(?:得|的)?|的票?|的)?\s*(?:保持)?\s*(?:一样|一致|一个意思|一模一样)"),
            re.compile(rf"(?:^|[:：\s,，])(?:紧跟|紧随|(?i:ditto|me\s+too|same\s+here|same\s+(?:vote\s+)?as|vot(?:e|ing)\s+with|follow(?:ing)?|"
                       # (round 70: 「I'm with 穆念慈」「I agree with 穆念慈」「+1 to 穆念慈」「siding with 穆念慈」)
                       rf"i[\x27’]?m\s+with|i\s+am\s+with|(?:i\s+)?agree(?:d)?\s+with|siding\s+with|[+＋]\s*1\s+(?:to|for)|co-?sign(?:ing)?|"
                       rf"second(?:ed|ing)?))\s*[,，]?\s*[(（]?\s*(?:(?i:same\s+as\s+)?(?P<above_en>(?i:above|the\s+(?:post|one)\s+above|previous(?:\s+post)?))|{_REF})"
                       rf"(?=$|[\s,，。.!！的'’)）])"),
            re.compile(rf"{_REF}\s*的票\s*就是\s*我的票"),
            re.compile(rf"(?i:(?:^|[\s,，])what)\s*{_REF}\s*(?i:said|says|wrote)(?=$|[\s,，。.!！])"),  # 「what 穆念慈 said」
            re.compile(rf"(?:^|[:：\s,，]|票|^\s*我(?:就|也)?(?=跟|随))(?:同|跟|跟着|随|照着|复制)\s*{_REF}\s*(?:的票?)?\s*(?:走|投|来一张|的票)?\s*(?=$|[。.!！,，\n])"),
            # 「站穆念慈」「我站队穆念慈」: the whole post siding with a voter (round 71) — 「Candy 站边包包」 in a story is the story's
            re.compile(rf"^\s*(?:我\s*(?:就|也)?\s*)?站\s*(?:队|边)?\s*{_REF}\s*[。.!！~～]*\s*$"),
            re.compile(r"(?P<name>[^\s,，。:：]{1,12}?)\s*投(?:谁|啥|哪个|什么)\s*[,，]?\s*我(?:就|也)?\s*(?:投|跟)"),
            re.compile(rf"{_REF}\s*(?:投的那个|投的那位|投的那人)"),
            re.compile(rf"(?:^|[,，\s]){_REF}\s*(?:[+＋]\s*1|的票\s*[,，]?\s*我也)"),
            # 「我和楼上那位观点一致，票也一致」: the voter named first, the ballot said to agree after
            re.compile(rf"(?:和|跟|同|与)\s*{_REF}\s*(?:那位|这位|那个人?|那人|的?(?:想法|观点|看法|意见|思路|判断|立场))"
                       rf"[^。!！?？\n]{{0,12}}?票\s*(?:也|都|就)?\s*(?:一致|一样|相同)"))

# A public title written as the ballot's target (the holder is whom it may mean)
_TITLE_WORDS = re.compile(r"警长|警长大人|警徽|武林盟主|盟主|(?i:sheriff)")


def _title_meant(ctx: _Context, written: str | None) -> str | None:
    """The title's holder, where the target written is the public title itself (「投票：警长」)."""
    return ctx.title_holder if ctx.title_holder and _TITLE_WORDS.fullmatch((written or "").strip(" 　。.!！~～")) else None
# A ballot's first line that says it changes the poster's ballot, in words no change form holds (改一下 · 换成 · 重新投)
_CHANGE_IN_WORDS = re.compile(r"改一下|改下|改个|改了|改成|改为|改主意|换一下|换成|换个|换票|换人|重新投|重投|我改|改投|转投|修改|更正")
# Words that take back or correct something said before: the lexicon's retract and correction classes, and 不用代
_CORRECTS_EARLIER = re.compile(r"更正|改正|纠正|订正|应为|打错|写错|弄错|搞错|刚才|上面|之前|前面")
_STANDS_BY_PROXY = re.compile(r"以\s*(?:导演的?|这张|那张|原来的?)?\s*代投(?:的?票)?\s*为准|代投(?:仍然|仍|依然|照样|照常)?\s*有效|维持(?:原)?代投")
_TAKES_BACK = re.compile(r"撤销|撤回|收回|取消|作废|不用代|不必代|别代|不代了|更正|改正|纠正|订正|应为|打错|写错|弄错|搞错|委托的是|其实是")


def _count_kind(text: str, said) -> str:
    """Where a director's proxy stands: in the closing count ("closing"), a running count ("running"), or neither ("")."""
    first = text.split("\n", 1)[0]
    if _PROXY_HEADING.match(first):
        return ""  # 「【代投】受 加湿器 委托……12:12 发出，距关门 18 分钟」: a proxy's own post, whatever words about the close it holds
    return "closing" if _CLOSING_COUNT.search(first) else "running" if said.count or _RUNNING_COUNT.search(first) else ""


_PROXY_HEADING = re.compile(r"^\W*(?:【\s*(?:导演)?代投\s*】|\[\s*代投\s*\]|(?:导演)?代投\s*[:：]|受\s*\S{1,12}\s*委托)")


# A post headed as the director's closing count (【关门统计】锅贴 4、汤圆 3 · 【计票】截止时间到): a proxy in it is one first shown
# 「在统计票数时」 (七杀); a running count (【目前票型】) with a proxy under it is a proxy made before the count (issue 42, 4)
_RUNNING_COUNT = re.compile(r"票型|统计|票数|截至")
_CLOSING_COUNT = re.compile(r"关门|截止时间到|已截止|截止了|结算|最终|计票|投票结果|统计结果|关门统计")


@lru_cache(maxsize=1)
def _takes_back_words() -> re.Pattern:
    """The words that take back or correct (the lexicon's retract and correction classes, and the proxy's own): a new
    spelling is one line of grammar/lexicon.toml."""
    from grammar import tags

    return re.compile(f"{_TAKES_BACK.pattern}|{tags.search_for('retract', 'correction').pattern}|不算数|不算了|改成|改为|换成|"
                      r"(?<!算)不算(?!数?不)|后悔|反悔|变卦|"  # (「洪七公后悔了，刚才那张不算」: hostile round 68)
                      r"当我没发|当没发|就当没有|当没有|别算|不要算|"  # (「上面的代投当我没发」「那张代投别算」: round 71)
                      r"说不投了|不让我代投|别帮我投|不用帮我投|不用代投了|(?i:changed\s+(?:his|her|their)\s+mind|no\s+proxy)|"  # (round 72)
                      r"(?<![a-z])(?:cancel+(?:ed)?|withdrawn?|scratch|scrap|forget|drop|disregard|nvm|never\s*mind|undo|kill)(?![a-z])|"
                      # (round 77: 「proxy's off」「proxy's dead」「proxy = void」「proxy nvm」)
                      r"(?i:proxy\W{0,2}(?:s\s+|\s+above\s+)?(?:is\s+)?(?:=\s*)?(?:void|off|invalid|gone|dead|null|nvm|none|0|undone)(?![a-z]))",
                      re.IGNORECASE)  # (忽略 · 无视 · ignore: the lexicon's)

# Text colours a forum page shows on its own background: words in them are there for the tool, not for the readers.


_BARE_FOLLOW = re.compile(r"(?:[+＋]\s*1|同|附议|附和|跟一票|跟|复议|↑+|me\s*too|same(?:\s*here)?|ditto|\^+\s*(?:this)?|this|agreed?|"
                          r"(?:i\s*)?second(?:ed)?(?:\s*(?:that|this))?|\+\s*1\s*to\s*above)\s*[。.!！~～]*",
                          re.I)
_QUOTE_HEAD = re.compile(r"\s*(\S{1,20}?)\s*(?:发表于|發表於)\s*[\d\-/: ]{6,20}\s*\n")
_FOLLOW_WORDS = re.compile(r"一样|一致|一个意思|同|跟|随|站|照着|复制|投谁|投啥|投哪|投什么|投的那|[+＋]\s*1|的票\s*[,，]?\s*我也|ditto|same|with|follow|second|too|就是我的票|"
                           r"said|says|wrote|sign", re.IGNORECASE)


def _gives_up(own: str, prior: "_Standing", roster: Roster, above_own: bool = False) -> str | None:
    """The clause of a voter's later post that gives up their standing ballot: a word that takes back or gives up (the
    lexicon's withdraw, retract and gives_up classes), not negated, in a post that speaks of that ballot — 票 · vote ·
    投, its floor, or the player it is for. And, as an open rule, a short post that points at that ballot (上面 · 刚才那票 ·
    its floor · 楼上 right under it · that vote) or says it was a mistake, in words no list holds (「6楼被盗号了」「楼上是我梦游
    发的」「oops wrong person」: hostile round 73) — `above_own`: the floor right above is the voter's."""
    floor, target = prior.entry.floor, prior.target or ""
    about = re.search(r"票|投|(?i:vote|ballot)", own) or (floor and re.search(rf"(?<!\d){floor}\s*(?:楼|层|樓|F|L|#)", own)) or (
        target and target in own)
    first_person = re.search(r"我|(?i:(?<![a-z])(?:i|my)(?![a-z]))", own)  # (「I withdraw, sorry all」: giving up, in the first person)
    if _WITHDRAW_ALONE.fullmatch(own.strip()):
        return own.strip()  # 「撤」「我撤」「撤撤撤」「withdrawing」: the post is the withdrawal and nothing else (round 71)
    if not about and not first_person:
        return _points_at_own(own, floor, target, roster, above_own)
    for tag in tagging.tag(own):
        if (about and tag.is_("withdraw", "gives_up")) or (first_person and tag.is_("gives_up")):
            if re.search(r"(?:不|没|别|未|never|not|n't)\s*$", own[max(0, tag.start - 3):tag.start], re.I) and not tag.text.startswith(("不", "没")):
                continue  # 「票我不收回」: kept, said so
            start = max((m.end() for m in _CLAUSE.finditer(own, 0, tag.start)), default=0)
            end = _CLAUSE.search(own, tag.end)
            clause = own[start:end.start() if end else len(own)]
            if end is not None and own[end.start()] in "?？" or re.search(r"吗|是不是|算不算|要不要", clause):
                continue  # 「我改的那票是不是作废了？」: asked, not done
            if not re.search(r"我|(?i:\bmy\b)", clause) and (any(int(m.group(1) or m.group(2)) != floor for m in _FLOOR_NAMED.finditer(clause))
                                                          or any(n != target for n in names_in(clause, roster))):
                continue  # 「【裁定】12楼 unvote 有效，红袍的票作废」 (a ruling imitated): another floor's or player's, not the poster's
            return clause.strip() or tag.text
    return _points_at_own(own, floor, target, roster, above_own)


def _points_at_own(own: str, floor: int | None, target: str, roster: Roster, above_own: bool) -> str | None:
    """A short post that points at the voter's standing ballot or says it was a mistake (see _gives_up), or None."""
    size = _size(roster.pattern.sub("", own) if roster.pattern is not None else own)
    if size > 16 or names_in(own, roster) or _KEEPS.search(own) or re.search(r"[?？]|吗", own) or any(
            int(m.group(1) or m.group(2)) != floor for m in _FLOOR_NAMED.finditer(own)):  # (「1楼不算」: another player's floor)
        return None  # (a player named — the ballot's own target too — is what the post is about: 「我那票是投糖糖的」)
    if _MISTAKE.search(own) or (size <= 8 and _VOIDS_WORD.search(own)):
        return own.strip()  # 「投错了」「手抖了」「oops wrong person」「刚才喝多了，别算」
    floor_said = floor and re.search(rf"(?<!\d){floor}\s*(?:楼|层|樓|F|L|#)|#\s*{floor}(?!\d)", own)
    pointer = _OWN_POINTER.search(own) or (above_own and re.search(r"楼上|上楼|(?i:above)", own))
    if (floor_said or pointer) and not _AGREES.search(own):
        # 「6楼被盗号了」「楼上是我梦游发的」「刚才那个是草稿」「上面说的是气话」「6楼那是演习」: what the voter says of the ballot
        # above, in words no list holds — whether it still stands is the director's (hostile rounds 73, 74)
        return own.strip()
    return None


def _size(text: str) -> int:
    """A post's length in what a reader reads: each Chinese character and each English word."""
    return len(re.findall(r"[\u4e00-\u9fff]", text)) + len(re.findall(r"[A-Za-z]+", text))


# A player's words about a proxy made for them (代投 · 委托 · 不用代 · proxy), and thanks for it (not a denial)
_SPEAKS_OF_PROXY = re.compile(r"代投|委托|代发|不用代|别代|(?i:proxy)")
_THANKS = re.compile(r"谢谢|多谢|感谢|辛苦|收到|没错|没问题|确认|是的|对的|就是|(?i:thanks|thank\s+you|thx|confirm|correct)")
# Words that agree with or praise what is pointed at (「上面说得对」「楼上+1」): not about the poster's own ballot's fate
_AGREES = re.compile(r"说得对|说的对|有道理|同意|赞同|赞成|[+＋]\s*1|附议|没错|对的|(?i:agree|this)")


# A ballot said to be a slip (「投错了」「点错了」「手抖」「oops」「misclick」「that vote was a mistake」)
_MISTAKE = re.compile(r"[投点选打写搞弄填发复][错錯]|間違|手滑|手抖|手误|误投|误发|误点|(?i:oops|my\s*bad|misclick|mistake|wrong\s*(?:person|name|target|one|guy))")


# What points at the poster's own standing ballot (「刚才那票」「上面那票」「我的票」「that vote」「my vote」)
_OWN_POINTER = re.compile(r"(?:刚才|刚刚|上面|之前|前面|早上|昨晚)\s*(?:的|那|这)?\s*(?:一)?\s*(?:票|个|条|帖|楼)|(?:我|俺)\s*(?:的|那|这)\s*(?:一)?\s*票|"
                          r"(?:那|这)\s*(?:一)?\s*票|^\W*(?:上面|刚才|刚刚|那是|那个是)|上のは|"
                          r"(?i:(?<![a-z])(?:my|that|the)\s+(?:vote|ballot)(?![a-z])|misclick|wrong\s+thread)")
# Words that keep the ballot (「我的票不变」「6楼那票维持」「坚持」): said to stand, not given up
_KEEPS = re.compile(r"不变|不改|不解释|不撤|不收回|维持|保持|坚持|照旧|还是|仍然|依然|没变|有效|算数|(?<!不是)(?<![不没])认真|(?<!不)是真的|没开玩笑|(?i:stands|still|keep|serious)")


_CLAUSE = re.compile(r"[，,。.!！?？;；\n~～…]")
_WITHDRAW_ALONE = re.compile(r"[\W_]*(?:(?:我?撤+了?[\W_]*)+|不算了|作废吧?|取消|我?弃了?|改弃|弃票|算了|我?(?:放弃|退出)(?:本轮|这轮|今天的?|本日)?投票|(?i:nvm|ignore\s*my\s*vote|i\s*abstain(?:\s*now)?)|撤回了?|收回了?|(?i:withdraw(?:ing|n)?|unvot(?:e|ing)|retract(?:ing|ed)?))[\W_]*")
_FLOOR_NAMED = re.compile(r"(?<![\d.])(\d{1,5})\s*(?:楼|层|樓|F|L|#)(?![\d])|#\s*(\d{1,5})(?!\d)", re.I)
_VOIDS_WORD = re.compile(r"不算|无效|無效|作废|作廢|不计|不要了|撤|别算|別算|当没|當沒|划掉|勾掉|取消|删|(?i:void|ignore|strike)")
_FOLLOWS_NUMBER = re.compile(r"(?:我|俺)?(?:也)?(?:同|跟|跟风|跟着|(?i:same\s+as|ditto|following|with))\s*#?\s*(\d{1,3})\s*[。.!！~～]*")
_FOLLOWS_FLOOR = re.compile(r"(?:我|俺)?(?:也|就)?(?:站队?|支持|同意|赞同|附议|跟风|跟着?|同|选)(?:这边|那边|一边|那票|这票|的票|的)?(?:吧|了)?|"
                            r"(?:说的就是我想说的|说的?就是我的意思|说得?对|说的对|[+＋]1|一样|同上)(?:吧|了|啊)?|"
                            r"(?i:(?:me\s*too|same(?:\s*as)?|ditto|agree(?:d)?\s*(?:with)?|this|what\s+(?:he|she|they)\s+said))")
# a clause that is only a follow word: 我也是 · 我也一样 · 算我一个 · +1 · 附议 · 同 · me too (what it follows is named beside it)
_FOLLOW_CLAUSE = re.compile(r"(?:我\s*)?(?:也|亦)\s*(?:是|一样|一樣|同|这么投|这样投|這麼投|跟|跟一个|跟一票|投他|投她|算一个)?\s*[吧啊呀哈~～!！]*|"
                            r"算我一个|加我一个|算我一票|我跟|跟了?|同|同上|附议|附議|赞同|贊同|[+＋]\s*1|(?i:me\s*too|same|ditto|this)")


@lru_cache(maxsize=16384)
def _same_as(own: str) -> tuple[re.Match, ...]:
    """The words that cast a ballot as another voter did (_SAME_AS), each shape's first: one cheap test of their words
    first, and once per text, since every post is asked on every refold."""
    if not _FOLLOW_WORDS.search(own):
        return ()
    return tuple(m for p in _SAME_AS for m in p.finditer(own))  # (every match: 「我随大流，跟着穆念慈走」 — the second is the follow)


def shown_text(post, text: str | None = None) -> str:
    """The post's words (or `text`, a version of them) as a reader sees them: the words written in a colour the page does
    not show taken out (the archived style's spans; BBCode 「[color=white]…[/color]」 where the text still holds it)."""
    text = (getattr(post, "text", "") or "") if text is None else text
    for color, words in (getattr(post, "style", None) or {}).get("spans", ()):
        if words and unseen_color(color):
            text = text.replace(words, "", 1)
    if "[color" in text.lower():
        text = re.sub(r"(?is)\[color=([^\]]*)\](.*?)\[/color\]", lambda m: "" if unseen_color(m.group(1)) else m.group(2), text)
    return text


def shown_otherwise(post, text: str) -> str | None:
    """The post's words as its page shows them, where words in a colour the page does not show make them other than
    `text`; else None."""
    if not (unseen_colors(post) or "[color" in text.lower()):
        return None
    shown = shown_text(post, text)
    return shown if shown != text else None


def unseen_colors(post) -> list[str]:
    """The text colours in the post (its archived style) that its page shows on its own background."""
    return [c for c in (getattr(post, "style", None) or {}).get("colors", ()) if unseen_color(c)]


_SEAT = re.compile(r"(?:[#＃]\s*)?\d{1,2}\s*(?:号|號)(?:位|座|玩家)?|(?:[#＃]|No\.?\s*)\d{1,2}")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")
_OVERRIDE = re.compile("\u202e([^\u202a-\u202e\u2066-\u2069]*)(?:\u202c|$)")


def _as_displayed(text: str) -> str:
    """The text as the page shows it where a right-to-left override reverses a run (enough to find the names)."""
    return _BIDI.sub("", _OVERRIDE.sub(lambda m: m.group(1)[::-1], text))


def _names_in(text: str | None, roster: Roster) -> tuple[str, ...]:
    return names_in(text or "", roster)


def _clip(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _status_words(status: str) -> str:
    return {"hidden": "被版主屏蔽", "banned": "作者已被禁言或删除", "deleted": "已被删除"}.get(status, f"状态为 {status}")


def _kind(verdict) -> str:
    if verdict.kind == "malformed":
        return "change" if verdict.intent == "change" or any(kind == "change" for kind, *_ in verdict.fields) else "vote"
    return verdict.kind


def _weight(value: Fraction) -> str:
    return f"{_number(value)} 票"


def _straddles(at: datetime, boundary: datetime) -> bool:
    """A minute-precision time whose minute contains the boundary (the real second is unknown)."""
    return at <= boundary < at + timedelta(minutes=1) and at != boundary
