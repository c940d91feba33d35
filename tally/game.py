"""The game file (TOML): who plays, under which preset, and what each day needs. Parsing only; load_game reads the file.

    [game]            name, preset, forum, timezone, directors
    [rules]           overrides of any preset setting
    [[players]]       name (= forum account), uid, aliases, house, roles ("酒吧老板", "法官", …)
    [[days]]          day, threads, start, close, accelerated(_from), dead, title_holder, bonus,
                      cannot_be_voted, non_voters, votes_not_counted, events, rounds
    [[events]]        what happened to whom and when (处决, 被杀, 若愚, 移交, 顶替 …): each day's dead,
                      votes_not_counted, title holder, day deaths and accounts are derived from them
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from datetime import datetime, tzinfo
from pathlib import Path

from grammar.names import ABSTAIN_NAMES

from .rules import Rules, load_preset
from .zones import zone_of, zone_words

BAR_OWNER = "酒吧老板"
JUDGE = "法官"


@dataclass(frozen=True)
class Card:
    """One identity card (003 双身份): a player loses the current card to an execution, kill or drowning and
    plays on with the next; `account` is the forum account that plays it (双马甲: one account per card)."""

    identity: str = ""  # 民 / 警 / 匪 … as the director knows it
    account: str = ""  # "" = the player's own account


@dataclass(frozen=True)
class Player:
    name: str  # the character name, which is the forum account
    uid: int | None = None
    aliases: tuple[str, ...] = ()
    house: str = ""
    roles: tuple[str, ...] = ()
    reveal: str = ""  # 揭秘: the character's real identity, published only after the game
    cards: tuple[Card, ...] = ()  # empty: one card

    @property
    def card_count(self) -> int:
        return len(self.cards) or 1


# What an [[events]] entry may say, and from when it takes effect. `day` is the day it happened on: an
# execution (处决) and 若愚 follow that day's vote, so they count from the next day; a death announced on a
# day (被杀, 淹死, 殉情, 出局, 罚下) counts from that day's start, or from `at` for a death during the day;
# 移交/殉职 (the title passes `to` a successor) and 顶替 (account `to` takes over the slot) from that day.
DEATHS = ("被杀", "淹死", "殉情", "出局")  # announced on a day; with `at`, during it
CARD_LOSSES = ("处决", *DEATHS)
EVENT_KINDS = (*CARD_LOSSES, "罚下", "若愚", "移交", "殉职", "顶替")
ORDINALS = ("第一", "第二", "第三", "第四")


@dataclass(frozen=True)
class Event:
    what: str
    player: str
    day: int
    at: str | None = None  # a time within the day (a death during the day)
    to: str | None = None  # 移交/殉职: the successor; 顶替: the substitute's forum account
    note: str = ""

    @property
    def from_day(self) -> int:
        return self.day + 1 if self.what in ("处决", "若愚") else self.day


@dataclass(frozen=True)
class Day:
    day: int
    vote_thread: int | None = None
    discussion_threads: tuple[int, ...] = ()
    process_thread: int | None = None
    election_thread: int | None = None
    start: str | None = None
    close: str | None = None
    accelerated: bool = False
    accelerated_from: str | None = None  # when acceleration took effect; changes after it are invalid
    dead: tuple[str, ...] = ()  # out before this day's vote
    title_holder: str | None = None  # 武林盟主/警长 during this day's vote (else: from the day-1 election)
    bonus: dict = field(default_factory=dict)  # 乌鸦 诽谤: {"宫永照": 2}
    cannot_be_voted: tuple[str, ...] = ()
    non_voters: tuple[str, ...] = ()
    votes_not_counted: tuple[str, ...] = ()  # 白痴 after 若愚
    events: tuple[dict, ...] = ()  # director events entered by hand: pardons, shots
    runoff: tuple[str, ...] = ()  # a runoff day (高票对决): only these may be voted for
    # Derived from [[events]] (see Game.from_toml): who dies during this day and when (their later
    # ballots are void), and each player's cards already lost before the day's vote.
    deaths_at: dict = field(default_factory=dict)
    cards_lost: dict = field(default_factory=dict)
    # Rounds within the day (003 重投 after a tie, 002 高票对决): each is a Day of its own vote thread,
    # window and candidates, with round = 1, 2, …; lurk and missed-vote rules see the main day only.
    round: int = 0
    round_kind: str = ""
    rounds: tuple["Day", ...] = ()

    @property
    def label(self) -> str:
        """「第2天」, 「第2天重投」, 「第2天高票对决」 (「第2天重投2」 for a second revote)."""
        if not self.round:
            return f"第{self.day}天"
        return f"第{self.day}天{self.round_kind}" + (str(self.round) if self.round > 1 else "")

    @property
    def key(self) -> str:
        """The round in file names and outbox keys: "2" for the day's own vote, "2.1" for its first round."""
        return str(self.day) if not self.round else f"{self.day}.{self.round}"


@dataclass(frozen=True)
class Game:
    name: str
    preset: str
    forum: str | None = None
    timezone: str = "Asia/Shanghai"
    directors: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    days: tuple[Day, ...] = ()
    rules: dict = field(default_factory=dict)
    reveal_note: str = ""  # [reveal] note: the director's words for the 揭秘 page
    events: tuple[Event, ...] = ()
    announce: str = "vote"  # where results are 公示: "vote" (the vote thread) or "process" (the process thread)
    # [game] director_uids = { "导演甲" = 2 }: each director's forum account by its number, which a rename keeps
    # and nobody else can take (a name freed by a rename can be registered by a player)
    director_uids: dict = field(default_factory=dict)
    # What the archive files this game's rulings, cards and our posts under (scraper/archive.game_key): the name it
    # first had, kept through a rename of `name` (a typo fixed after the final must not make the final post again)
    store_key: str = ""

    @property
    def key(self) -> str:
        return self.store_key or self.name

    @property
    def identity(self) -> str | None:
        """What identifies the game on its forum whatever it is called: the forum's host and the first vote thread."""
        from urllib.parse import urlsplit

        first = self._first_vote_thread
        parts = urlsplit(self.forum or "")
        host = _one_spelling((parts.hostname or "").lower().rstrip(".").removeprefix("www."))
        port = parts.port if parts.port not in (None, 80, 443) else None
        host = f"{host}:{port}" if port and host else host
        return f"{host}/{first.vote_thread}" if first and host else None

    @property
    def identity_as_written(self) -> str | None:
        """The identity as versions before 2026-12 wrote it (the forum's host as the game file spells it): their markers are
        still ours."""
        from urllib.parse import urlsplit

        first = self._first_vote_thread
        host = urlsplit(self.forum or "").netloc
        return f"{host}/{first.vote_thread}" if first and host else None

    def shared_vote_threads(self) -> str | None:
        """Words for two days written on one vote thread (a copied [[days]] block): their results would go into one thread —
        poll posts neither (the hostile round 109, case 47: a 「第2天投票结果」 in day 1's thread, 杨康 out again)."""
        threads: dict[int, int] = {}
        for d in self.days:
            if d.vote_thread and threads.setdefault(d.vote_thread, d.day) != d.day:
                return (f"第{threads[d.vote_thread]}天和第{d.day}天的 vote_thread 都是 {d.vote_thread}：每一天的投票帖不同，请改成这一天的"
                        "投票帖编号（同一天的重投、高票对决写在这一天的 [[days.rounds]] 里）；改好以前 poll 不发结果帖")
        return None

    @property
    def _first_vote_thread(self) -> "Day | None":
        return min((d for d in self.days if d.vote_thread), key=lambda d: (d.day, d.round), default=None)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name a marker of this game may carry: its store key, its name, its identity (and as once written)."""
        return tuple(dict.fromkeys(n for n in (self.key, self.name, self.identity, self.identity_as_written) if n))

    @property
    def accounts(self) -> dict[str, str]:
        """Forum accounts that post for a player other than the player's own: 双马甲 card accounts and
        顶替 substitutes. Their posts and votes are the player's (the slot carries over)."""
        found = {c.account: p.name for p in self.players for c in p.cards if c.account and c.account != p.name}
        found.update({e.to: e.player for e in self.events if e.what == "顶替" and e.to})
        return found

    def fate(self, name: str, day: int) -> tuple[str, str]:
        """What an execution on `day` takes from `name`, and that card's identity: 「第一身份被处决」 while
        cards remain, 「第二身份被处决，出局」 for the last; plain 「出局」 for a one-card player."""
        player = self.player(name)
        if player is None or player.card_count == 1:
            return "出局", (player.cards[0].identity if player and player.cards else "")
        lost = self.day(day).cards_lost.get(name, 0)
        card = player.cards[lost] if lost < len(player.cards) else Card()
        last = lost + 1 >= player.card_count
        words = f"{ORDINALS[lost] if lost < len(ORDINALS) else f'第{lost + 1}'}身份被处决" + ("，出局" if last else "")
        return words, card.identity

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def aliases(self) -> dict[str, str]:
        return {alias: p.name for p in self.players for alias in p.aliases}

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def as_the_thread_knows(self) -> "Game":
        """The game as its players know it: nobody set apart as unable to vote (a secret 法官, non_voters). A public
        post made before the director rules on such a ballot is read from it, so the ballot reads as anyone's
        (issue 42, 5: left out of the running count while an ordinary doubtful ballot stood in it, he stood apart)."""
        players = tuple(replace(p, roles=tuple(r for r in p.roles if r != JUDGE)) for p in self.players)
        days = tuple(replace(d, non_voters=(), rounds=tuple(replace(r, non_voters=()) for r in d.rounds))
                     for d in self.days)
        return replace(self, players=players, days=days)

    def with_role(self, role: str) -> list[str]:
        return [p.name for p in self.players if role in p.roles]

    def in_house(self, house: str) -> list[str]:
        return [p.name for p in self.players if p.house == house]

    def day(self, number: int, round: int = 0) -> Day:
        for d in self.days:
            if d.day == number:
                if not round:
                    return d
                if round <= len(d.rounds):
                    return d.rounds[round - 1]
                raise ValueError(f"第 {number} 天没有第 {round} 轮（[[days.rounds]] 只写了 {len(d.rounds)} 轮）")
        raise ValueError(f"游戏文件里没有第 {number} 天（[[days]] 里 day = {number}）")

    def vote_days(self) -> list[Day]:
        """Every vote of the game in order: each day's own, then its rounds."""
        return [v for d in self.days for v in (d, *d.rounds)]

    @property
    def tz(self) -> tzinfo:
        return zone_of(self.timezone)

    @property
    def zone_words(self) -> str:
        """The zone as players say it, beside every time a post of ours shows: 「北京时间」, 「UTC+9」."""
        return zone_words(self.timezone, self.tz)

    def when(self, text: str | None) -> datetime | None:
        """A time written in the game file ("2026-11-22 21:00"), in the game's timezone. A date alone is
        refused: 「close = "2026-11-29"」 would silently mean 00:00 and move the close by most of a day."""
        if not text:
            return None
        written = str(text).strip()
        if _DATE_ONLY.fullmatch(written):
            raise ValueError(f"「{written}」只写了日期，没有写几点几分：请写成 {written} 21:00 这样（一天从 00:00 算起，"
                             "只写日期就是当天零点）")
        try:
            moment = datetime.fromisoformat(written.replace("T", " "))
        except ValueError:
            raise ValueError(f"看不懂的时间：{text}（请写成 2026-11-22 21:00）") from None
        return moment if moment.tzinfo else moment.replace(tzinfo=self.tz)

    @classmethod
    def from_toml(cls, text: str) -> "Game":
        text = text.removeprefix("\ufeff")  # Notepad's "UTF-8" starts the file with a byte-order mark
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(toml_error(str(exc))) from None
        head = data.get("game") or {}
        _known_keys("游戏文件", data, _TABLES)
        _known_keys("[game]", head, _GAME_KEYS)
        if "name" not in head or "preset" not in head:
            raise ValueError("游戏文件缺少 [game] 里的 name 或 preset")
        _typed(text, "[game]", head, {"forum": _TEXT, "timezone": _TEXT, "directors": _TEXTS, "announce": _TEXT})
        zone_of(str(head.get("timezone", "Asia/Shanghai")))  # before any time is read: a bad zone is named as such
        players = []
        for entry in data.get("players") or []:
            if not isinstance(entry, dict) or not str(entry.get("name", "")).strip():
                raise ValueError("[[players]] 里每一项都要有 name")
            _known_keys(f"[[players]]（{entry['name']}）", entry, _PLAYER_KEYS)
            _typed(text, f"[[players]]（{entry['name']}）", entry, _PLAYER_TYPES)
            players.append(Player(
                name=str(entry["name"]).strip(), uid=entry.get("uid"), aliases=tuple(entry.get("aliases") or ()),
                house=str(entry.get("house") or ""), roles=tuple(entry.get("roles") or ()),
                reveal=str(entry.get("reveal") or ""), cards=_cards(entry, text),
            ))
        names = {p.name for p in players}
        _refuse_listed_twice(players, text)
        _refuse_colliding_names(players)
        days = []
        for d in data.get("days") or []:
            _known_keys(f"[[days]]（第 {d.get('day', '?')} 天）", d, _DAY_KEYS)
            if "day" not in d:
                raise ValueError("[[days]] 里每一项都要有 day（第几天）")
            _typed(text, f"[[days]]（第 {d.get('day', '?')} 天）", d, _DAY_TYPES)
            day = Day(
                day=int(d["day"]),
                vote_thread=d.get("vote_thread"),
                discussion_threads=tuple(d.get("discussion_threads") or ()),
                process_thread=d.get("process_thread"),
                election_thread=d.get("election_thread"),
                start=d.get("start"),
                close=d.get("close"),
                accelerated=bool(d.get("accelerated", False)),
                accelerated_from=d.get("accelerated_from"),
                dead=tuple(d.get("dead") or ()),
                title_holder=d.get("title_holder"),
                bonus={str(k): v for k, v in (d.get("bonus") or {}).items()},
                cannot_be_voted=tuple(d.get("cannot_be_voted") or ()),
                non_voters=tuple(d.get("non_voters") or ()),
                votes_not_counted=tuple(d.get("votes_not_counted") or ()),
                events=tuple(d.get("events") or ()),
                runoff=tuple(d.get("runoff") or ()),
            )
            day = replace(day, rounds=_rounds(day, d.get("rounds") or [], text))
            for listed in (*day.dead, *day.bonus, *day.cannot_be_voted, *day.non_voters, *day.votes_not_counted, *day.runoff,
                           *(n for r in day.rounds for n in r.runoff)):
                if listed not in names:
                    raise ValueError(f"第 {day.day} 天提到的「{listed}」不在 [[players]] 名单里")
            if day.title_holder and day.title_holder not in names:
                raise ValueError(f"第 {day.day} 天的 title_holder「{day.title_holder}」不在 [[players]] 名单里")
            days.append(day)
        events = _events(data.get("events") or [], names, {d.day for d in days}, text)
        game = cls(
            name=str(head["name"]), preset=str(head["preset"]), forum=_forum_root(head.get("forum")),
            timezone=str(head.get("timezone", "Asia/Shanghai")), directors=tuple(head.get("directors") or ()),
            players=tuple(players), days=tuple(days), rules=dict(data.get("rules") or {}),
            reveal_note=str((data.get("reveal") or {}).get("note") or ""), events=events,
            announce=_announce(head.get("announce", "vote"), days),
            director_uids=_director_uids(head, text),
        )
        _sane(game)
        return replace(game, days=tuple(_derive(game, d) for d in days)) if events else game


def _one_spelling(host: str) -> str:
    """A host as one spelling of its address: an IPv4 address however written (「2130706433」「0x7f.1」「127.1」, as inet_aton
    reads them) in dotted quads, and this machine's every name as 127.0.0.1 (the hostile rounds 105, case 12 and 107, case 22:
    a second game file spelling the forum otherwise posted a second final)."""
    import ipaddress
    import socket

    if host == "localhost":
        return "127.0.0.1"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if not re.fullmatch(r"[0-9a-fx.]+", host) or not re.search(r"\d", host):
            return host
        try:
            address = ipaddress.ip_address(socket.inet_aton(host))
        except OSError:
            return host
    return "127.0.0.1" if address.is_loopback else str(address)


def _forum_root(url: str | None) -> str | None:
    """The folder forum.php lives in, from what a director pastes: 「https://bbs.example.com/forum.php」 or a thread's address
    (「…/forum.php?mod=viewthread&tid=4」) is the forum at 「https://bbs.example.com/」 (else the login would be sent to a page
    that is not the forum's, and fail as if the password were wrong — the hostile round 100, case 121b)."""
    if not url:
        return url
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise ValueError(f"[game] 的 forum「{url}」不是论坛地址：请写浏览器地址栏里 forum.php 之前的部分，如 https://bbs.example.com/")
    if "@" in parts.netloc:
        # (「http://导演A@127.0.0.1:8088/」: an account in the address — the login is --login's; poll stopped on an ascii error,
        # the hostile round 112, case 59)
        raise ValueError(f"[game] 的 forum「{url}」里写了账号（@ 前面的部分）：论坛地址只写到主机和端口，如 http://127.0.0.1:8088/；"
                         "账号用 poll --login 给")
    host = parts.hostname or ""
    if re.fullmatch(r"[\d.]+", host) and host.count(".") == 3 and any(
            not part or (len(part) > 1 and part.startswith("0")) or int(part) > 255 for part in host.split(".")):
        # 「0177.0.0.1」「127.000.000.001」: a dotted address the HTTP client refuses (round 109, case 42: a traceback in poll)
        raise ValueError(f"[game] 的 forum「{url}」里的地址写法打不开（例如 IP 地址的某一段多写了 0）：请照浏览器地址栏里的样子写，"
                         "如 http://127.0.0.1:8088/")
    path = re.sub(r"[^/]*\.(?:php|html?)$", "", parts.path)  # (forum.php, index.php, a rewritten thread-4-1-1.html)
    return urlunsplit((parts.scheme, parts.netloc, path if path.endswith("/") else path + "/", "", ""))


_TOML_WORDS = [
    (re.compile(r"Expected '\]' at the end of a table declaration"), "表头少了右方括号「]」（如 [game]、[[players]]）"),
    (re.compile(r"Expected '\]\]' at the end of an array declaration"), "表头少了「]]」（如 [[players]]）"),
    (re.compile(r"Expected '=' after a key in a key/value pair"), "设置名后面要写「=」和值（如 name = \"郭靖\"）；设置名里不能有空格"),
    (re.compile(r"Invalid value"), "值的写法不对：文字要加英文双引号（如 name = \"郭靖\"），列表写成 [\"郭靖\", \"黄蓉\"]"),
    (re.compile(r"Unterminated string"), "文字少了结尾的英文双引号「\"」"),
    (re.compile(r"Expected newline or end of document after a statement"), "一行只能写一个设置：两个设置之间要换行"),
    (re.compile(r"Cannot declare \((.*?)\) twice"), "同一个表写了两次：{0}（[[…]] 才能写多次）"),
    (re.compile(r"Cannot overwrite a value"), "同一个设置写了两次"),
    (re.compile(r"Illegal character"), "有不认识的字符（全角引号或全角符号？设置里的标点要用英文半角）"),
]
_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)|\(at end of document\)")


def toml_error(message: str) -> str:
    """tomllib's message about a game file, as a director can act on it: what is wrong, and on which line."""
    words = "写法不对"
    for pattern, said in _TOML_WORDS:
        m = pattern.search(message)
        if m:
            words = said.format(*(g.replace("'", "").rstrip(",") for g in m.groups()))
            break
    where = _TOML_WHERE.search(message)
    at = (f"第 {where.group(1)} 行第 {where.group(2)} 列" if where and where.group(1) else "文件末尾") if where else "某处"
    return f"游戏文件在{at}：{words}"


MAX_PLAYERS = 1000  # the largest forum games have a few dozen characters
MAX_GAME_FILE = 1024 * 1024  # a game file of a thousand players is a few dozen KB
MAX_ID = 4_294_967_295  # Discuz's tid, pid and uid columns are unsigned INT(10)


def _sane(game: "Game") -> None:
    """What no game can be: thousands of players, ids Discuz cannot hold, times that are no dates or that
    end before they start. Each is named with its day and key."""
    if len(game.players) > MAX_PLAYERS:
        raise ValueError(f"游戏文件里有 {len(game.players)} 位玩家，超过上限 {MAX_PLAYERS}：请检查 [[players]]。")
    if both := [p.name for p in game.players if p.name in game.directors]:
        # a name in both lists: its posts would be read as the director's and its ballots dropped, unsaid (the hostile round 92,
        # case 39: check-game said nothing, her ballot vanished)
        raise ValueError(f"「{'、'.join(both)}」既写在 directors（导演）里，又写在 [[players]]（玩家）里：导演的帖子不计票，"
                         "玩家的票要计——请从其中一处删掉")
    for p in game.players:
        if p.uid is not None and not 1 <= p.uid <= MAX_ID:
            raise ValueError(f"[[players]]（{p.name}）的 uid = {p.uid} 不像是论坛账号的编号（应在 1 到 {MAX_ID} 之间）")
    for d in game.vote_days():
        where = d.label
        for key in ("vote_thread", "process_thread", "election_thread"):
            value = getattr(d, key)
            if value is not None and not 1 <= value <= MAX_ID:
                raise ValueError(f"{where}的 {key} = {value} 不像是帖子编号（Discuz 的帖子编号在 1 到 {MAX_ID} 之间）")
        for value in d.discussion_threads:
            if not 1 <= value <= MAX_ID:
                raise ValueError(f"{where}的 discussion_threads 里的 {value} 不像是帖子编号（应在 1 到 {MAX_ID} 之间）")
        times = {}
        for key in ("start", "close", "accelerated_from"):
            text = getattr(d, key)
            if not text:
                continue
            if _DATE_ONLY.fullmatch(str(text).strip()):
                raise ValueError(f"{where}的 {key} = 「{text}」只写了日期，没有写几点几分：请写成「{str(text).strip()} 21:00」"
                                 "这样（只写日期就是当天零点，关门会早将近一天）")
            try:
                times[key] = game.when(text)
            except ValueError:
                raise ValueError(f"{where}的 {key} = 「{text}」不是有效的时间（日期和时刻都要真实存在，"
                                 "请写成 2026-11-22 21:00）") from None
        if "start" in times and "close" in times and times["close"] <= times["start"]:
            raise ValueError(f"{where}的 close（{d.close}）不晚于 start（{d.start}）：关门时间应在开始时间之后")
        if "accelerated_from" in times and "start" in times and "close" in times and \
                not times["start"] <= times["accelerated_from"] <= times["close"]:
            raise ValueError(f"{where}的 accelerated_from（{d.accelerated_from}）不在这一天的 start 和 close 之间")
        if d.round and "start" in times:
            own = game.when(next(x for x in game.days if x.day == d.day).start)
            if own and times["start"] < own:
                raise ValueError(f"{where}的 start（{d.start}）早于第 {d.day} 天本身的 start：这一轮应在当天开始之后")


def _cards(entry: dict, text: str) -> tuple[Card, ...]:
    """cards = ["民", "匪"], or tables {identity = "民", account = "克拉克"} for 双马甲."""
    if "cards" in entry and not isinstance(entry["cards"], list):
        line = _line_of(text, "cards", entry["cards"])
        raise ValueError(f"[[players]]（{entry['name']}） 的 cards 应是列表，如 [\"民\", \"匪\"]，写的是 {entry['cards']!r}"
                         + (f"（第 {line} 行）" if line else ""))
    cards = []
    for item in entry.get("cards") or ():
        if isinstance(item, str):
            cards.append(Card(identity=item))
        elif isinstance(item, dict):
            _known_keys(f"[[players]]（{entry['name']}）的 cards", item, {"identity", "account"})
            cards.append(Card(identity=str(item.get("identity") or ""), account=str(item.get("account") or "")))
        else:
            raise ValueError(f"[[players]]（{entry['name']}）的 cards 每一项应是身份名或 {{identity = …, account = …}}")
    return tuple(cards)


def _announce(where: str, days: list[Day]) -> str:
    if where not in ("vote", "process"):
        raise ValueError('[game] 的 announce 只能是 "vote"（投票帖）或 "process"（进程帖）：结果帖发在哪里')
    if where == "process":
        missing = [d.day for d in days if not d.process_thread]
        if missing:
            raise ValueError(f"[game] announce = \"process\"，但第 {'、'.join(map(str, missing))} 天没有写进程帖（process_thread）")
    return where


ROUND_KINDS = ("重投", "高票对决")


def _rounds(day: Day, entries: list, text: str) -> tuple[Day, ...]:
    rounds = []
    for number, entry in enumerate(entries, start=1):
        where = f"[[days.rounds]]（第 {day.day} 天第 {number} 轮）"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} 应是一个表")
        _known_keys(where, entry, {"kind", "vote_thread", "discussion_threads", "start", "close", "candidates"})
        _typed(text, where, entry, {"kind": _TEXT, "vote_thread": _INT, "discussion_threads": _INTS, "start": _TEXT,
                                    "close": _TEXT, "candidates": _TEXTS})
        if entry.get("kind") not in ROUND_KINDS:
            raise ValueError(f"{where} 的 kind 只能是 {'、'.join(ROUND_KINDS)}")
        if not entry.get("start") or not entry.get("close"):
            raise ValueError(f"{where} 要写 start 和 close（这一轮投票的起止时间）")
        rounds.append(replace(
            day, round=number, round_kind=entry["kind"], rounds=(), vote_thread=entry.get("vote_thread", day.vote_thread),
            discussion_threads=tuple(entry.get("discussion_threads") or ()), start=entry["start"], close=entry["close"],
            runoff=tuple(entry.get("candidates") or ()), accelerated=False, accelerated_from=None,
            bonus={} if entry["kind"] == "高票对决" else day.bonus,
        ))
    return tuple(rounds)


def _events(entries: list, names: set[str], days: set[int], text: str) -> tuple[Event, ...]:
    events = []
    for entry in entries:
        where = f"[[events]]（{entry.get('what', '?')} {entry.get('player', '?')}）"
        _known_keys(where, entry, {"what", "player", "day", "at", "to", "note"})
        _typed(text, where, entry, {"what": _TEXT, "player": _TEXT, "at": _TEXT, "to": _TEXT, "note": _TEXT})
        what, player = entry.get("what"), entry.get("player")
        if what not in EVENT_KINDS:
            raise ValueError(f"{where} 的 what 只能是 {'、'.join(EVENT_KINDS)}")
        if player not in names:
            raise ValueError(f"{where} 的 player「{player}」不在 [[players]] 名单里")
        if not isinstance(entry.get("day"), int) or entry["day"] not in days:
            raise ValueError(f"{where} 的 day 要写 [[days]] 里有的第几天（整数）")
        if what in ("移交", "殉职") and entry.get("to") not in names:
            raise ValueError(f"{where} 要用 to 写明接任者（[[players]] 里的名字）")
        if what == "顶替" and not str(entry.get("to") or "").strip():
            raise ValueError(f"{where} 要用 to 写明顶替者的论坛账号")
        events.append(Event(what=what, player=player, day=entry["day"], at=entry.get("at"), to=entry.get("to"),
                            note=str(entry.get("note") or "")))
    return tuple(sorted(events, key=lambda e: (e.day, e.at or "")))


def _derive(game: "Game", day: Day) -> Day:
    """The day as the events make it: the dead before its vote, deaths during it, 若愚 votes that no longer
    count, the title holder, cards already lost. What the [[days]] entry says by hand is kept and added to."""
    dead, deaths_at, lost, idle = set(day.dead), {}, {}, set(day.votes_not_counted)
    holder = day.title_holder
    for event in game.events:
        name = event.player
        # A death during the day (at a time): only a kill-like loss; an execution always follows the vote.
        during = event.at is not None and event.day == day.day and event.what in (*DEATHS, "罚下")
        if event.from_day > day.day and not during:
            continue
        if event.what in CARD_LOSSES or event.what == "罚下":
            cards = game.player(name).card_count
            lost[name] = min(lost.get(name, 0) + (cards if event.what == "罚下" else 1), cards)
            if lost[name] >= cards:
                if during:
                    deaths_at[name] = event.at  # the last card goes during the day: later ballots are void
                else:
                    dead.add(name)
        elif event.what == "若愚":
            idle.add(name)
        elif event.what in ("移交", "殉职") and not day.title_holder:
            holder = event.to
    derived = replace(day, dead=tuple(n for n in game.player_names if n in dead), deaths_at=deaths_at,
                      cards_lost=lost, votes_not_counted=tuple(n for n in game.player_names if n in idle),
                      title_holder=holder)
    return replace(derived, rounds=tuple(replace(r, dead=derived.dead, deaths_at=deaths_at, cards_lost=lost,
                                                 votes_not_counted=derived.votes_not_counted, title_holder=holder)
                                         for r in day.rounds))


def _refuse_listed_twice(players, text: str) -> None:
    """A player written twice would count twice in the alive list (and in every threshold)."""
    seen: set[str] = set()
    for player in players:
        if player.name in seen:
            lines = [n for n, row in enumerate(text.splitlines(), 1)
                     if row.partition("#")[0].replace(" ", "") in (f'name="{player.name}"', f"name='{player.name}'")]
            where = f"（第 {'、'.join(map(str, lines))} 行）" if len(lines) > 1 else ""
            raise ValueError(f"[[players]] 里「{player.name}」写了两次{where}：每位玩家只写一次，请删去重复的那一项。")
        seen.add(player.name)


def _refuse_colliding_names(players) -> None:
    """Two roster names (or aliases) that are one name once normalised (ＢＯＢ / bob, a zero-width joiner,
    a bidi mark) would be merged silently by the name matcher: refuse the game file instead."""
    from grammar.names import name_key

    seen: dict[str, str] = {}
    for player in players:
        for written in (player.name, *player.aliases):
            key = name_key(written)
            if not key:
                raise ValueError(f"玩家名或别名「{written}」去掉空白和不可见字符后是空的")
            owner = seen.get(key)
            if owner is not None and owner != player.name:
                raise ValueError(f"「{written}」（{player.name}）与 {owner} 的名字规范化后相同（全角/半角、大小写、不可见字符）："
                                 "投票时无法区分，请改名或删去其中一个别名。")
            seen[key] = player.name


# Every key a game file may hold. A misspelt key silently ignored once turned a revote into 「刘备 出局」.
_TABLES = {"game", "rules", "players", "days", "reveal", "events"}
_GAME_KEYS = {"name", "preset", "forum", "timezone", "directors", "announce", "director_uids"}
_PLAYER_KEYS = {"name", "uid", "aliases", "house", "roles", "reveal", "cards"}
_DAY_KEYS = {"day", "vote_thread", "discussion_threads", "process_thread", "election_thread", "start", "close",
             "accelerated", "accelerated_from", "dead", "title_holder", "bonus", "cannot_be_voted", "non_voters",
             "votes_not_counted", "events", "runoff", "rounds"}


_INT, _TEXT, _FLAG, _INTS, _TEXTS = (int,), (str,), (bool,), "整数列表", "文字列表"
_PLAYER_TYPES = {"uid": _INT, "aliases": _TEXTS, "house": _TEXT, "roles": _TEXTS, "reveal": _TEXT}
_DAY_TYPES = {"day": _INT, "vote_thread": _INT, "discussion_threads": _INTS, "process_thread": _INT,
              "election_thread": _INT, "start": _TEXT, "close": _TEXT, "accelerated": _FLAG, "accelerated_from": _TEXT,
              "dead": _TEXTS, "title_holder": _TEXT, "cannot_be_voted": _TEXTS, "non_voters": _TEXTS,
              "votes_not_counted": _TEXTS, "runoff": _TEXTS}
_WORDS = {_INT: "整数", _TEXT: "文字（加引号）", _FLAG: "true 或 false"}


def _director_uids(head: dict, text: str) -> dict[str, int]:
    given = head.get("director_uids") or {}
    line = next((n for n, row in enumerate(text.splitlines(), 1) if row.strip().startswith("director_uids")), None)
    at = f"（第 {line} 行）" if line else ""
    if not isinstance(given, dict):
        raise ValueError(f"[game] 的 director_uids 应写成 {{ \"导演账号\" = uid }}，例如 director_uids = {{ \"导演甲\" = 2 }}"
                         f"{at}")
    directors = [str(d) for d in head.get("directors") or ()]
    out = {}
    for name, uid in given.items():
        if name not in directors:
            raise ValueError(f"[game] director_uids 里的「{name}」不在 directors 里{at}")
        if isinstance(uid, bool) or not isinstance(uid, int) or not 1 <= uid <= MAX_ID:
            raise ValueError(f"[game] director_uids 里「{name}」的 uid 应是论坛账号的编号（1 到 {MAX_ID} 的整数）"
                             f"{at}")
        out[name] = uid
    return out


def _typed(text: str, where: str, table: dict, types: dict) -> None:
    """A value of the wrong type is an error naming the key, what it should be and its line in the file."""
    for key, kind in types.items():
        if key not in table:
            continue
        value = table[key]
        if kind in (_INTS, _TEXTS):
            item = int if kind == _INTS else str
            ok = isinstance(value, list) and all(isinstance(v, item) and not isinstance(v, bool) for v in value)
        else:
            ok = isinstance(value, kind) and (kind == _FLAG or not isinstance(value, bool))
        if not ok:
            words = kind if isinstance(kind, str) else _WORDS[kind]
            line = _line_of(text, key, value)
            raise ValueError(f"{where} 的 {key} 应是{words}，写的是 {value!r}" + (f"（第 {line} 行）" if line else ""))


def _line_of(text: str, key: str, value) -> int | None:
    """The line of the file that sets `key` to `value` (tomllib gives values, not their lines)."""
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    for number, row in enumerate(text.splitlines(), 1):
        name, _, rest = row.partition("=")
        if name.strip() == key and shown in rest.replace('"', "").replace("'", ""):
            return number
    return None


def _known_keys(where: str, table: dict, known: set[str]) -> None:
    import difflib

    for key in table:
        if key not in known:
            near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.5)
            hint = f"，是不是要写 {near[0]}？" if near else f"（可写：{'、'.join(sorted(known))}）"
            raise ValueError(f"{where} 里有不认识的设置「{key}」{hint}")


_DATE_ONLY = re.compile(r"\d{4}-\d{1,2}-\d{1,2}")
TEMPLATE_NAME = "[000]游戏名"
TEMPLATE_DIRECTOR = "导演A"


def template_leftovers(game: Game) -> list[str]:
    """What is still `bansha init`'s example in the game file: check-game and poll refuse to go on with it
    (a game file that looks done but points at an example forum, or counts the example roster). The example
    director's name alone is no such thing — 导演A is a real account on a real forum, and poll's login proves
    it — so it is refused only beside another leftover of the template (template_warnings says it alone)."""
    found = _leftovers(game)
    if found and TEMPLATE_DIRECTOR in game.directors:
        found.insert(1 if game.name == TEMPLATE_NAME else 0,
                     f"[game] 的 directors 里还是模板里的「{TEMPLATE_DIRECTOR}」：请写导演的论坛账号")
    return found


# Words a ballot or a ruling uses for an abstention or for no ballot (the hostile round 89, cases 01, 26, 62: players named so)
_VERDICT_NAMES = (*ABSTAIN_NAMES, "无效", "作废", "有效", "同上")


def template_warnings(game: Game) -> list[str]:
    """What looks like the template but may be real, and names a ballot cannot tell from a verdict: check-game says it and
    goes on."""
    out = []
    if shared := game.shared_vote_threads():
        out.append(shared)
    if TEMPLATE_DIRECTOR in game.directors and not _leftovers(game):
        out.append(f"[game] 的 directors 里的「{TEMPLATE_DIRECTOR}」和模板里的示例导演同名：如果这就是导演的论坛账号，不用改"
                   "（poll 登录时会核对）")
    for player in game.players:
        if player.name in _VERDICT_NAMES:
            out.append(f"玩家「{player.name}」的名字也是票里、裁定里的常用词（弃权、无效……）：写到这个词的票和裁定，工具都分不清"
                       f"是不是投给他，会交给导演裁定；可以在 aliases 里给他一个别名，请玩家投他时写别名")
    return out


def _leftovers(game: Game) -> list[str]:
    found = []
    if game.name == TEMPLATE_NAME:
        found.append(f"[game] 的 name 还是模板里的「{TEMPLATE_NAME}」：请写这局游戏的名字")
    host = (game.forum or "").split("//", 1)[-1].split("/", 1)[0].split(":")[0].lower()
    if host.endswith(("example.org", "example.com", "example.net")) or host in ("example.org", "example.com"):
        found.append(f"[game] 的 forum 还是示例地址 {game.forum}：请写论坛的地址（浏览器地址栏里 forum.php 之前的部分）")
    if [(p.name, p.uid) for p in game.players] == [("郭靖", 3), ("黄蓉", None)]:
        found.append("[[players]] 还是模板里的两位示例玩家（郭靖、黄蓉）：请写这局的玩家名单（或用 bansha init --from 从报名帖起草）")
    for d in game.days:
        if (d.vote_thread, d.discussion_threads, d.process_thread, d.start, d.close) == (
                12, (13,), 14, "2026-11-20 21:00", "2026-11-22 21:00"):
            found.append(f"第{d.day}天的帖子编号和时间还是模板里的示例（投票帖 12、讨论帖 13、进程帖 14，"
                         "2026-11-20 21:00 → 2026-11-22 21:00）：请写这一天真实的帖子编号和时间")
    return found


def load_game(path: str | Path) -> tuple[Game, Rules]:
    """A game file and its preset's rules with the file's [rules] applied; ValueError says what is wrong."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_GAME_FILE:
            raise ValueError(f"游戏文件 {path} 有 {size // 1024} KB，不像是一局游戏（上限 {MAX_GAME_FILE // 1024} KB）："
                             "请检查是不是选错了文件。")
        game = Game.from_toml(Path(path).read_bytes().decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"游戏文件 {path} 不是 UTF-8 编码的文本：请用 UTF-8 保存（记事本“另存为”里可以选编码）。") from None
    except OSError as exc:
        import errno

        why = {errno.ENOENT: "找不到这个文件", errno.EACCES: "没有权限读取", errno.EISDIR: "这是一个目录"}.get(
            exc.errno, f"读取出错，错误码 {exc.errno}")
        raise ValueError(f"无法读取游戏文件 {path}：{why}") from None
    return game, load_preset(game.preset).with_overrides(game.rules)
