"""The outbox: the posts we own in a thread, each made at most once and kept saying what it should.

One row per post slot — (game, day or round, kind: the final result or the running count). A reply's
life, in the row's `state`:

  intent     the message and its marker id are recorded; the reply may or may not have left (a run
             killed mid-send stops here)
  sent       the reply left and we do not know yet whether the forum applied it: the answer was lost or
             cut, a 5xx came from a proxy, or the forum said success and reading back did not show it;
             `answer` says which ("success" or "unknown"), `pid` keeps the pid the answer gave
  confirmed  read back: a post by our uid whose last line is our marker for this slot (this row's id, or
             another we can show we wrote — dayN.bbcode's, pasted by hand: `Outbox._ours`; a marker of an
             older version only at the row's pid), in any thread of the game, where players read it
  pending    held for moderation: it exists, it is never posted again — while it is listed among our own
             replies 待审核 (「我的帖子」, read to its last page: 20 a page, newest first); gone from the whole
             list and from the thread, a moderator deleted it: lost. A page of it that cannot be read is
             "unknown", never "gone". A reply whose answer was lost is looked for there too (its edit form
             holds the marker) before it is ever called not received
  failed     not applied: the forum refused it in words, or a search after an unanswered POST did not
             find it — the reply may be made again
  lost       the forum said success and no search finds it, or a held post was deleted: never posted
             again on our own; the director looks (a post held for 审核, deleted, moved) and `--force-post`
             overrides (a running post is simply not made again)

Before anything else a run settles a row in intent or sent: it searches the thread from the page the
last floor was on at the intent, as the director and as a guest, and the archive's copy of every thread
of the game, for a post of ours for this slot — the director may have pasted dayN.bbcode by hand, anywhere
(a post first read without the marker, or with an id we never issued and another's edit stamp, is not
ours: the marker line itself is public). Found → confirmed; a page older than the one
seen at the intent (a stale cache) → undecided, nothing is posted; not found → lost if the answer had
said success; else undecided while the request may still be applied (`request_life`, several minutes
after the intent: a proxy's queue or a slow forum applies a reply late, and a 版主 has no flood control
to refuse a second one), failed after it. An edit of a confirmed post keeps the row
confirmed and records what it is writing in `edit_digest`; an edit can never make a second post, so
every run simply reads the post back and edits again when what the forum shows is not what it should
say — an edit lost, or applied late over a newer one, is mended by the next run. An edit the forum holds
for moderation (modnewposts = 2 holds edits too) is marked `edit_held`: the post is invisible until a
moderator passes it, so nothing more is sent to it until the held edit shows.

Our post is recognised by what the forum cannot change: its pid, its author's uid, and the marker —
an ASCII line, the post's last, `bansha:v2:<game>:<day>:<kind>:<id>:<signature>` (the markers of older
versions too: LEGACY_MARKER). Nothing a player writes can be that line of a post of ours: player text we list is
neutralised (tally.report.escape_bbcode breaks 「bansha:」), and a player's own post has another uid. The
signature says which content the post carries; what the post says is compared in full too (`altered`):
with what the forum showed right after our own last write, so a 版主's edit that keeps the marker is seen.
Read back, a post is also taken as players read it: one a 版主 屏蔽ed (or whose author is banned) shows
players only the notice, even where our account, a moderator's, still reads the text (`Found.readable`).
"""

from __future__ import annotations

import hashlib
import html
import random
import re
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable, Iterable, NamedTuple
from urllib.parse import urljoin

import sqlite_utils

from . import archive, model, poster
from .pages import space
from .charset import as_stored
from .client import FetchFailed, ForumClient

FINAL, RUNNING = "final", "running"
# How long a reply that got no answer may still be applied by the forum: PHP's max_execution_time and the
# web server's and any proxy's timeouts (nginx: 60 s each, a queue before them) — several minutes, to be safe.
REQUEST_LIFE = 600.0
HELD_GONE = "等待审核的帖子已不在「我的帖子 → 待审核」里，帖子里也没有：版主删除或忽略了它"
KIND_WORDS = {FINAL: "结果帖", RUNNING: "实时票数帖"}
UNREADABLE = {model.HIDDEN: "被版主屏蔽了", model.BANNED: "的作者（导演账号）被禁止发言，内容被自动屏蔽"}
_NOTICE = {model.HIDDEN: "该帖被管理员或版主屏蔽", model.BANNED: "作者被禁止或删除 内容自动屏蔽"}
_LINKED = re.compile(r"[?&]pid=(\d+)")
MARKER = re.compile(r"bansha:v2:([0-9a-f]{8}):([0-9.]+):(final|running):([0-9a-f]{8}):([0-9a-f]{8})")
# Every marker this project wrote before v2 (git log -p bansha/poll.py): 「bansha·<game>·第1天·最终结果」 (the
# first poll), then with 「·v<signature>」, then with the round's label (「第1天重投」). The game is its name with
# brackets made full-width; a run after an upgrade must still know these posts as ours.
LEGACY_MARKER = re.compile(r"bansha·(.+)·(第\d+天[^·]*)·(最终结果|实时票数)(?:·v([0-9a-f]{8}))?")
_LEGACY_KIND = {"最终结果": "final", "实时票数": "running"}


def signature(what: str) -> str:
    return hashlib.sha1(what.encode("utf-8")).hexdigest()[:8]


def game_code(game: str) -> str:
    """The game in the marker: ASCII whatever its name (a GBK forum would turn 𠮷 into &#134071;)."""
    return hashlib.sha1(game.encode("utf-8")).hexdigest()[:8]


# How often a post refused for the forum's posting interval waits it out and tries again before the run gives up (the
# next run posts it).
FLOOD_WAITS = 3


class Mark(NamedTuple):
    """A marker line read back: the per-post id and signature (v2), or a marker of an older version
    (`legacy`: no id; its signature, if any, was computed another way and is never compared)."""

    post_id: str
    sig: str
    legacy: bool = False


@dataclass(frozen=True)
class Marker:
    """A last line that is one of our markers, whatever version wrote it."""

    game: str  # v2: the game's code; legacy: the game's name as written
    day: str  # v2: the day key ("2", "2.1"); legacy: the day's label (「第2天重投」)
    kind: str
    post_id: str = ""
    sig: str = ""
    legacy: bool = False

    def of_game(self, game: "str | tuple[str, ...]") -> bool:
        """Whether the marker is `game`'s: a key, or every name the game is known by (its key, its name now, its
        identity — the forum and first vote thread, which a rename of the game keeps)."""
        games = [g for g in ((game,) if isinstance(game, str) else game) if g]
        if not self.legacy:
            return self.game in {game_code(g) for g in games}
        return any(_legacy_name(self.game) == _legacy_name(g) for g in games)


def read_marker(text: str | None) -> Marker | None:
    """The marker on the post's last line, any version, or None."""
    lines = [line.strip() for line in (text or "").strip().splitlines() if line.strip()]
    if not lines:
        return None
    last = lines[-1]
    m = MARKER.fullmatch(last)
    if m:
        return Marker(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5))
    m = LEGACY_MARKER.fullmatch(last)
    if m:
        return Marker(m.group(1), m.group(2), _LEGACY_KIND[m.group(3)], "", m.group(4) or "", legacy=True)
    return None


def _legacy_name(name: str) -> str:
    # As the old versions wrote it (brackets full-width), and as a GBK forum may show it (&#N;).
    return html.unescape(name).replace("[", "［").replace("]", "］")


@dataclass(frozen=True)
class Slot:
    """Which of our posts: a game (by name), a day or round (`day_key` "2" or "2.1") and a kind."""

    game: str
    day: int
    day_key: str
    kind: str
    label: str = ""  # 「第2天」, 「第2天重投」: how markers before v2 named the day
    alias: str = ""  # the game's name now, where the key is the name it first had: markers may carry either
    # The game's identity (forum host and first vote thread): new markers carry its code, so an archive that never saw
    # the game under its old name still knows our posts after a rename (markers of the key are still ours)
    identity: str = ""
    also: tuple[str, ...] = ()  # other names its markers may carry (the identity as an earlier version spelled it)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(n for n in (self.game, self.alias, self.identity, *self.also) if n))

    @property
    def key(self) -> str:
        return f"{self.game}|{self.day_key}|{self.kind}"

    @property
    def code(self) -> str:
        return game_code(self.identity or self.game)

    def owns(self, mark: Marker) -> bool:
        """Whether a marker read back is this slot's (any version)."""
        if mark.kind != self.kind or not mark.of_game(self.names):
            return False
        if not mark.legacy:
            return mark.day == self.day_key
        return mark.day == (self.label or f"第{self.day}天")

    def marker(self, post_id: str, sig: str) -> str:
        return f"bansha:v2:{self.code}:{self.day_key}:{self.kind}:{post_id}:{sig}"

    @property
    def words(self) -> str:
        return KIND_WORDS[self.kind]


@dataclass
class Found:
    pid: int
    post_id: str
    sig: str
    page: int | None
    html: str = ""
    text: str = ""  # as the forum shows it: what the post says now, when no record of what we sent is left

    legacy: bool = False  # its marker is of a version before v2: no id, no comparable signature
    edited_by: str | None = None  # Discuz's edit stamp: who edited it last, and when
    edited_at: str | None = None
    tid: int | None = None  # the thread it is in (a hand paste may be in another thread of the game)
    # As the page marks it: 屏蔽 (hidden) or its author banned, players read a notice instead of the post, while
    # a moderator's page (the director is often a 版主) still shows the text under that notice (game056 pid 72).
    status: str = model.NORMAL

    @classmethod
    def of(cls, post, mine: Mark, page: int | None) -> "Found":
        """Our post as read, with the (id, signature) of its marker."""
        return cls(post.pid, mine.post_id, mine.sig, page, post.html, post.text, mine.legacy,
                   getattr(post, "edited_by", None), getattr(post, "edited_at", None), getattr(post, "tid", None),
                   status=getattr(post, "status", None) or model.NORMAL)

    @property
    def readable(self) -> bool:
        """Whether players read this post: not 屏蔽, its author not banned."""
        return self.status not in UNREADABLE


def our_marker(post, slot: Slot, uid: int) -> Mark | None:
    """(id, signature) if `post` is one of ours for `slot`: by our uid, its last line our marker (any version)."""
    if not uid or getattr(post, "author_uid", None) != uid:
        return None
    mark = read_marker(post.text)
    if mark is None or not slot.owns(mark):
        return None
    return Mark(mark.post_id, mark.sig, mark.legacy)


def our_pids(db: sqlite_utils.Database, game: "str | tuple[str, ...]", directors: Iterable[str] = ()) -> set[int]:
    """Every post of ours in the archive for `game` — the ones we can show we wrote: the pids the outbox
    holds, and each post by one of our accounts whose last line is a v2 marker of this game that it carried
    from the first time the archive read it, and that is either an id we issued for its slot (a reply of
    ours, or dayN.bbcode pasted by hand: `issue`) or on a post nobody but our accounts edited (Discuz's
    stamp; a restored backup, or another archive of the game, knows no id of the posts it did not make).
    Our accounts are the authors of those pids and the game file's directors: a player's account can write
    our marker, never post as us. A marker line is public (it ends every post of ours): a 版主 who appends
    one to the director's own 代投 makes no post of ours — the 代投 was first read without it, or the edit
    stamp names the 版主. Nothing here may be read as a ballot, a proxy, a flag or a 潜水 post
    (bansha/pipeline.py drops these before the tally)."""
    names = db.table_names()
    if "posts" not in names:
        return set()
    known = (game,) if isinstance(game, str) else tuple(game)  # the key first, then the game's other names
    game = known[0]
    pids: set[int] = set()
    if "outbox" in names:
        pids = {r["pid"] for r in db.query("select pid from outbox where game = ? and pid is not null", [game])}
    directors = tuple(directors)
    accounts = {(r["author_uid"], r["author"]) for r in db.query(
        f"select distinct author_uid, author from posts where author_uid is not null and (pid in ({_marks(pids)}) "
        f"or author in ({_marks(directors)}))", [*pids, *directors])}
    uids, names = {uid for uid, _ in accounts}, {*directors, *(name for _, name in accounts)}
    if uids:
        ids = issued_ids(db, game)
        marked = set()
        for r in db.query(f"select pid, text, edited_by from posts where author_uid in ({_marks(uids)}) "
                          "and text like '%bansha%'", list(uids)):
            mark = read_marker(r["text"])
            if mark is not None and not mark.legacy and mark.of_game(known) and (
                    (f"{game}|{mark.day}|{mark.kind}", mark.post_id) in ids or (
                        (not r["edited_by"] or r["edited_by"] in names) and _headed_as_ours(r["text"]))):
                marked.add(r["pid"])
        pids |= first_marked(db, marked, known)
    return pids


_OUR_HEADINGS = ("投票结果", "竞选结果", "实时票数", "票数（截至")


def _headed_as_ours(text: str | None) -> bool:
    """An id we never issued (a restored backup, another archive) is ours only on a post that reads as one of
    ours from its heading on: a Discuz administrator's edit carries no stamp, and one who appends our marker to
    the director's 代投 before any run read it leaves a post headed as no result of ours."""
    head = [line for line in (text or "").splitlines() if line.strip()][:3]
    return any(word in line for line in head for word in _OUR_HEADINGS)


ISSUED = "marker_ids"


def issue(db: sqlite_utils.Database, slot: Slot, post_id: str, via: str) -> None:
    """Record a marker id we wrote — into a reply, or into dayN.bbcode for the director to paste by hand:
    a post is shown to be ours by an id we issued (the outbox row keeps only its latest)."""
    if ISSUED not in db.table_names():
        db[ISSUED].create({"key": str, "game": str, "post_id": str, "via": str, "issued_at": str},
                          pk=("key", "post_id"))
    with db.conn:
        db[ISSUED].insert({"key": slot.key, "game": slot.game, "post_id": post_id, "via": via,
                           "issued_at": archive.now_iso()}, ignore=True)


def report_id(db: sqlite_utils.Database, slot: Slot) -> str:
    """The marker id dayN.bbcode carries for `slot`: one per slot, recorded, so a copy the director pastes
    by hand is known as ours (and the file does not change on every run). Never an id of a reply of ours:
    a paste is told from the reply by its id."""
    if ISSUED in db.table_names():
        for row in db.query(f"select post_id from {ISSUED} where key = ? and via = 'report' limit 1", [slot.key]):
            return row["post_id"]
    post_id = secrets.token_hex(4)
    issue(db, slot, post_id, "report")
    return post_id


def issued_ids(db: sqlite_utils.Database, game: str) -> set[tuple[str, str]]:
    """(slot key, marker id) of every id we issued for `game`: the outbox rows' and the recorded ones."""
    names = db.table_names()
    ids: set[tuple[str, str]] = set()
    if "outbox" in names:
        ids |= {(r["key"], r["post_id"]) for r in db.query(
            "select key, post_id from outbox where game = ? and post_id is not null", [game])}
    if ISSUED in names:
        ids |= {(r["key"], r["post_id"]) for r in db.query(f"select key, post_id from {ISSUED} where game = ?", [game])}
    return ids


def replied(db: sqlite_utils.Database, slot: Slot, post_id: str | None) -> bool:
    """Whether `post_id` is the id of a reply we sent for `slot` (not of dayN.bbcode for a paste by hand): the post at
    the row's pid is ours whatever a 版主 wrote over it before the archive first read it."""
    if not post_id or ISSUED not in db.table_names():
        return False
    return bool(list(db.query(f"select 1 from {ISSUED} where key = ? and post_id = ? and via = 'reply'", [slot.key, post_id])))


def first_marked(db: sqlite_utils.Database, pids: Iterable[int], game: "str | tuple[str, ...]") -> set[int]:
    """Of `pids`, those whose first archived text already ended in a marker of `game`, and those the archive
    never read: a post first read without one (a ballot, the director's 代投) got it by an edit — not ours."""
    pids = set(pids)
    if not pids or "posts" not in db.table_names():
        return pids
    marks = _marks(pids)
    first: dict[int, str | None] = {}
    if "post_versions" in db.table_names():
        first = {r["pid"]: r["text"] for r in db.query(
            f"select pid, text from post_versions where id in (select min(id) from post_versions where pid in ({marks}) "
            "group by pid)", list(pids))}
    opening = set()
    for r in db.query(f"select pid, text, floor from posts where pid in ({marks})", list(pids)):
        first.setdefault(r["pid"], r["text"])  # an archive older than its versions: what it holds
        if r["floor"] == 1:
            opening.add(r["pid"])  # we only ever reply: an opening post is its author's, whatever marker it carries
    # (the hostile round 80, L61: a 版主 put a copy of our final, its marker ours, into the director's opening post before
    # the first run; it was taken for our post and edited whole into the result — the director's rules post gone)
    return {pid for pid in pids if pid not in opening and (pid not in first
            or ((mark := read_marker(first[pid])) is not None and mark.of_game(game)))}


def unseen_ours(db: sqlite_utils.Database, game: str, tid: int) -> int:
    """Our posts in thread `tid` the forum shows nobody and the archive does not hold as deleted — never read
    (held for 审核, or deleted before a sync saw them), or hidden by an edit held for 审核: floors the forum
    counts that are not ballots."""
    if "outbox" not in db.table_names() or "tid" not in db["outbox"].columns_dict:
        return 0
    return db.execute("select count(*) from outbox where game = ? and tid = ? and pid is not null and "
                      "(pid not in (select pid from posts) or (edit_held is not null and pid in "
                      "(select pid from posts where status != 'deleted')))", [game, tid]).fetchone()[0]


def _marks(values) -> str:
    return ",".join("?" * len(values))


def ensure_table(db: sqlite_utils.Database) -> None:
    if "outbox" not in db.table_names():
        db["outbox"].create(
            {"key": str, "game": str, "day": int, "phase": str, "state": str, "pid": int, "digest": str,
             "message": str, "error": str, "updated_at": str, "outcome": str, "page": int, "rulings_seen": int,
             "post_id": str, "answer": str, "forum_time": str, "edit_digest": str, "edit_message": str,
             "edit_outcome": str, "edit_rulings": int, "edit_held": str, "sent_at": str, "shown": str, "tid": int},
            pk="key",
        )  # an older outbox gains its later columns in archive.migrate


def load_row(db: sqlite_utils.Database, key: str) -> dict | None:
    if "outbox" not in db.table_names():
        return None
    return db["outbox"].get(key) if db["outbox"].count_where("key = ?", [key]) else None


class Outbox:
    """Our posts in one thread (`tid`), as one uid, through one logged-in client."""

    def __init__(self, db: sqlite_utils.Database, client: ForumClient, base: str, tid: int, uid: int,
                 say: Callable[[str], None], *, guest: Callable[[], ForumClient] | None = None,
                 request_life: float = REQUEST_LIFE, threads: Iterable[int] = (),
                 readable: Callable[[int], bool] | None = None):
        self.db, self.client, self.base, self.tid, self.uid, self.say = db, client, base, tid, uid, say
        self.request_life = request_life
        # Where a post of ours for a slot may be (a hand paste goes into any thread of the game), and whether
        # players read a thread's replies: a post only its author and moderators see was never published.
        self.threads = list(dict.fromkeys([tid, *threads]))
        self.readable = readable
        self._told_unreadable: set[int] = set()
        self.guest = guest or (lambda: ForumClient(min_interval=client.min_interval, timeout=client.http.timeout.read or 30.0))
        self._told_outside = False
        self.waiting: str | None = None  # an unanswered reply still within its request life
        self.held_unread: int | None = None  # the page of 「我的帖子 → 待审核」 that could not be read
        ensure_table(db)

    # -- the row ---------------------------------------------------------------------------------

    def row(self, slot: Slot) -> dict | None:
        return load_row(self.db, slot.key)

    def versions_now(self) -> int:
        """The archive's last stored post version when we send: what the post was made from (a ruling edited after it
        is a version stored later, whatever any clock says)."""
        if "post_versions" not in self.db.table_names():
            return 0
        return self.db.execute("select coalesce(max(id), 0) from post_versions").fetchone()[0]

    def record(self, slot: Slot, **fields) -> dict:
        previous = self.row(slot) or {}
        row = {**{k: None for k in ("pid", "digest", "message", "error", "outcome", "page", "rulings_seen", "post_id",
                                    "answer", "forum_time", "edit_digest", "edit_message", "edit_outcome",
                                    "edit_rulings", "edit_held", "sent_at", "shown")},
               **previous, "tid": self.tid, **fields, "key": slot.key, "game": slot.game, "day": slot.day,
               "phase": slot.kind, "updated_at": archive.now_iso()}
        with self.db.conn:
            self.db["outbox"].upsert(row, pk="key", alter=True)
        return row

    # -- settling what an earlier run left open --------------------------------------------------

    def settle(self, slot: Slot, *, force: bool = False) -> dict | None:
        """The row once the thread has been asked: an open intent or send becomes confirmed, failed or
        lost; a post of ours the archive holds without a row (a restored backup) is adopted. Raises
        Stuck when the fate cannot be settled and nothing may be posted."""
        row = self.row(slot)
        held_checked = False  # our 待审核 list already asked in this call
        if row is None or row["state"] == "failed":
            found = self._in_archive(slot, None)
            if found:
                self.say(f"档案库里没有这帖的发帖记录（可能是恢复了旧备份）：在帖子里找到自己发的{slot.words}"
                         f"（pid {found.pid}），不再重复发。")
                return self._adopt(slot, found)
            return row
        if row["state"] == "pending":
            found = self._in_archive(slot, row["post_id"])  # approved since: the sync brought it in
            if found:
                self.say(f"待审核的{slot.words}已经通过审核（pid {found.pid}）。")
                return self._adopt(slot, found)
            if not row.get("pid"):  # held by an answer that gave no pid: its pid is in our 待审核 list
                held = self.held_ours(slot, row)
                if not isinstance(held, Found):
                    return row
                row = self.record(slot, pid=held.pid, post_id=held.post_id or row.get("post_id"))
            still = self.still_held(row)
            if still is None:
                self.say(f"{self.held_words()}，不能确认等待审核的{slot.words}（pid {row['pid']}）还在：按仍在等待审核处理，不会重复发。")
            if still is not False:
                return row
            found = self.read_back(slot, row)  # passed since the sync read the thread?
            if found is not None:
                self.say(f"待审核的{slot.words}已经通过审核（pid {found.pid}）。")
                return self._adopt(slot, found)
            row = self.record(slot, state="lost", error=HELD_GONE)
        if row["state"] in ("intent", "sent"):
            # Any post of ours for this slot, in any thread: the director may have pasted dayN.bbcode by hand.
            found = self._in_archive(slot, None) or self.search(slot, row)
            if isinstance(found, Found):
                why = "上次运行在发帖时中断" if row["state"] == "intent" else "上次论坛的回答没有确认"
                whose = "这次要发的" if found.post_id == row["post_id"] else "自己账号发的（可能是导演手动发的）"
                self.say(f"{why}：在帖子里找到了{whose}{slot.words}（pid {found.pid}），不再重复发。")
                return self._adopt(slot, found)
            if found == "stale":
                raise poster.Stuck(
                    f"上次发的{slot.words}还没有确认，而论坛这次返回的帖子页比上次发帖时还旧（像是缓存）："
                    "本次不发帖，下次运行再核对；不会重复发。", poster.REPLY)
            # Held for 审核, the post is in no thread page, for nobody: only our own 待审核 list shows it.
            held, held_checked = self.held_ours(slot, row), True
            if isinstance(held, Found):
                return self._held_found(slot, row, held)
            if row["answer"] == "success":
                row = self.record(slot, state="lost", error="论坛回答回帖成功，但在帖子里找不到")
            elif (left := self.life_left(row)) > 0:
                # A request can sit in a proxy's or the forum's queue and be applied after we gave up on it
                # (a 版主 has no flood control to refuse a second one): not "not received" until its life is over.
                self.waiting = (f"上次发的{slot.words}没有收到论坛的回答，帖子里还没有它：论坛可能还在处理，"
                                f"{_minutes(self.request_life)}（--request-life）内不判断它没有发出；"
                                f"本次不发，约 {_minutes(left)}后再找")
                self.say(self.waiting + "。")
                return row
            elif held == "unknown" and not force:
                # Not in the thread, and the list that would show it held could not be read: unknown, not "not received".
                raise poster.Stuck(
                    f"上次发{slot.words}时没有收到论坛的回答，帖子里也没有它；但{self.held_words()}，看不到它是不是在等待"
                    "版主审核：本次不发，下次运行再核对，不会重复发。请在论坛上「我的帖子 → 回复 → 待审核」里核对；"
                    "确认没有之后，用 --force-post 重新发布。", poster.REPLY)
            else:
                self.say(f"上次发{slot.words}时没有收到论坛的回答，过了 {_minutes(self.request_life)}在帖子里也没有找到"
                         "（「我的帖子 → 待审核」里也没有）：论坛没有收到，这次重新发。")
                return self.record(slot, state="failed", error="没有收到回答，帖子里也没有")
        if row["state"] == "lost":
            found = self._in_archive(slot, None)  # the director may have posted it by hand (dayN.bbcode)
            if found:
                self.say(f"在帖子里找到了自己账号发的{slot.words}（pid {found.pid}，可能是导演手动发的）：采用它，不再发。")
                return self._adopt(slot, found)
            # 「成功」 yet in no thread page: held for 审核 is the likeliest, and --force-post must not double it.
            if row.get("error") != HELD_GONE and not held_checked:
                held = self.held_ours(slot, row)
                if isinstance(held, Found):
                    return self._held_found(slot, row, held)
        if row["state"] == "lost" and not force:
            pid = f"（pid {row['pid']}）" if row["pid"] else ""
            if row.get("error") == HELD_GONE:
                said = (f"等待版主审核的{slot.words}{pid}已经不在「我的帖子 → 待审核」里，帖子里也没有：版主把它删除了"
                        "（或忽略了）。请在论坛上核对（可以问版主）")
            else:
                said = (f"上次发{slot.words}时论坛回答“成功”{pid}，但在帖子里找不到："
                        "可能在等待版主审核，或被删除、移走。请在论坛上核对投票帖")
            if slot.kind == RUNNING:  # the running count is no reason to stop a run (nor to post it again)
                self.say(f"{said}；实时票数帖不再另发。")
                return row
            raise poster.Stuck(f"{said}；确认没有之后，用 --force-post 重新发布。在此之前不会再发。", poster.REPLY)
        return row

    def _held_found(self, slot: Slot, row: dict, held: Found) -> dict:
        whose = "这次要发的" if held.post_id == row.get("post_id") else "自己账号发的（可能是导演手动发的）"
        self.say(f"上次发的{slot.words}在帖子里看不到，但它在「我的帖子 → 待审核」里：{whose}{slot.words}（pid {held.pid}）"
                 "在等待版主审核，不会重复发。")
        return self.record(slot, state="pending", pid=held.pid, post_id=held.post_id or row.get("post_id"),
                           digest=held.sig or row.get("digest"), error="在「我的帖子 → 待审核」里找到")

    def still_held(self, row: dict) -> bool | None:
        """Whether our post at the row's pid still waits for 审核: listed among our own replies 待审核 (any
        member sees theirs). False once a moderator passed, deleted or ignored it (findpost cannot tell: a
        post in the recycle bin is found as a held one is); None when that list could not be read."""
        if not row.get("pid"):
            return None
        held = self.held_posts()
        return None if held is None else row["pid"] in held

    def held_posts(self) -> dict[int, int] | None:
        """Every reply of ours waiting for 审核 (pid → thread), the list read to its end: 20 a page, newest
        first, so one of ours sinks to page 2 behind 20 newer ones. None when any page could not be read (or
        is not that list): unknown, never "not held"."""
        held: dict[int, int] = {}
        for number in range(1, space.MAX_PAGES + 1):
            try:
                response = self.client.get(urljoin(self.base, f"{space.page_url(number)}&_={secrets.token_hex(4)}"))
            except FetchFailed:
                response = None
            page = space.held_page(response.body, response.content_type) if response is not None else None
            if page is None:
                self.held_unread = number
                return None
            held.update(page.posts)
            if not page.more or not page.posts:
                return held
        self.held_unread = space.MAX_PAGES + 1  # past Discuz's maxpage: the rest cannot be listed
        return None

    def held_ours(self, slot: Slot, row: dict) -> Found | str | None:
        """Our post for this slot among our replies waiting for 审核 in this thread, found by the marker its
        edit form holds (the list shows only the first 100 characters; the author may open a held post's edit
        form): Found, "unknown" when the list (or a candidate's form) could not be read, or None."""
        held = self.held_posts()
        if held is None:
            return "unknown"
        others = {r["pid"] for r in self.db.query("select pid from outbox where pid is not null and key != ?", [slot.key])}
        unknown = False
        for pid in sorted(pid for pid, tid in held.items() if tid == self.tid and pid not in others):
            text = poster.edit_form_message(self.client, self.base, self.tid, pid)
            if text is None:
                unknown = True
                continue
            mark = read_marker(bbcode_text(text))
            if mark is not None and slot.owns(mark):
                return Found(pid, mark.post_id, mark.sig, None, text=bbcode_text(text), legacy=mark.legacy, tid=self.tid)
        return "unknown" if unknown else None

    def held_words(self) -> str:
        """Which page of 「我的帖子 → 待审核」 could not be read, for the director."""
        number = getattr(self, "held_unread", None)
        if number and number > space.MAX_PAGES:
            return f"「我的帖子 → 待审核」超过 {space.MAX_PAGES} 页，论坛不再列出后面的帖子"
        return f"「我的帖子 → 待审核」第 {number or 1} 页读取失败（或不是待审核列表）"

    def life_left(self, row: dict) -> float:
        """Seconds until a reply that left at the row's intent can no longer be applied by the forum."""
        left = row.get("sent_at") or row.get("updated_at")
        try:
            sent = datetime.fromisoformat(left) if left else None
        except ValueError:
            sent = None
        if sent is None:
            return 0.0
        if sent.tzinfo is None:
            sent = sent.replace(tzinfo=timezone.utc)
        return self.request_life - (datetime.now(timezone.utc) - sent).total_seconds()

    def _adopt(self, slot: Slot, found: Found, *, ours_just_now: bool = False) -> dict:
        """Confirm the row on `found`. Read back right after our own reply, what the forum shows is the
        baseline every later read-back is compared with (`shown`); a post found later (pasted by hand,
        passed by 审核, a restored backup) is compared with what its marker says it should carry."""
        return self.record(slot, state="confirmed", pid=found.pid, post_id=found.post_id, digest=found.sig,
                           page=found.page, error=None, shown=content_digest(found.text) if ours_just_now else None,
                           tid=found.tid or self.tid)  # a hand paste in another thread: edited there from now on

    def altered(self, row: dict, found: Found, expected: str | None = None) -> bool:
        """Whether the post the forum shows is not what we made it say, its marker kept (a 版主 who plays edits
        the body): its text against what the forum showed right after our own last write, or, where that was
        not seen, against the BBCode we sent (`expected`: what we would send, where no record is left)."""
        if row.get("digest") == found.sig:  # the version this archive wrote last
            if row.get("shown"):
                return content_digest(found.text) != row["shown"]
            if row.get("message"):
                return content(bbcode_text(row["message"])) != content(found.text)
        # A version asserting what we would (its signature), written without this archive (pasted by hand,
        # another archive's correction): its text against ours, its 更正 lines aside.
        # (its heading aside too: it carries the game's name as that writer's game file spelt it — a renamed game on a fresh archive
        # rewrote the published result as 「被改过」: the hostile round 109, case 46)
        return bool(expected) and content(_unheaded(_uncorrected(bbcode_text(expected)))) != content(_unheaded(_uncorrected(found.text)))

    def edited_words(self, found: Found) -> str:
        """Who edited the post last and when, from Discuz's edit stamp, in the director's words."""
        if not found.edited_by:
            return "论坛上没有编辑记录：编辑在发帖后一分钟内，或是管理员改的"
        when = (found.edited_at or "")[:16].replace("T", " ")
        return f"{found.edited_by} 于 {when} 编辑" if when else f"{found.edited_by} 编辑"

    def _ours(self, post, slot: Slot) -> Mark | None:
        """`post` as a post of ours for `slot` that may be adopted — one we can show we wrote: by our uid, its last
        line our v2 marker, carried since the archive first read it (a ballot a 版主 later gave a marker line is
        not ours), with an id we issued for this slot (a reply's, or dayN.bbcode's) or on a post no one but its
        author edited (a restored backup knows no id of ours; a 版主's edit is stamped), where players read it."""
        mine = our_marker(post, slot, self.uid)
        if mine is None or mine.legacy:
            return None  # a marker of an older version has no id to check: only the outbox's pid shows it is ours
        issued = (slot.key, mine.post_id) in issued_ids(self.db, slot.game)
        if not issued and ((post.edited_by and post.edited_by != post.author) or not _headed_as_ours(post.text)):
            return None
        if post.floor == 1 and post.edited_by and post.edited_by != post.author:
            return None  # the opening post is the director's to paste into: a 版主's copy there is no result of ours (L61)
        if not first_marked(self.db, {post.pid}, slot.names) and not (post.floor == 1 and issued):
            # The one post of ours first read without a marker: dayN.bbcode the director edited into the
            # opening post of an author-only vote thread (README) — published, never edited by us (edit()).
            return None
        tid = getattr(post, "tid", None) or self.tid
        if self.readable is not None and post.floor != 1 and not self.readable(tid):
            if post.pid not in self._told_unreadable:
                self._told_unreadable.add(post.pid)
                self.say(f"帖子 {tid} 里有自己账号发的{slot.words}（pid {post.pid}，可能是导演手动贴的），但这个帖子开启了"
                         "「回帖仅作者可见」，玩家看不到它：不算已经公布。")
            return None
        return mine

    def _found_on(self, page: model.ThreadPage, slot: Slot) -> Found | None:
        """Our post of this slot on the page: any id we issued (a copy pasted by hand is as good)."""
        return next((Found.of(post, mine, page.page) for post in page.posts if (mine := self._ours(post, slot))), None)

    def _unmarked_twin(self, page: model.ThreadPage, slot: Slot):
        """A post by our account, on the page or in the archive of the slot's threads, headed as this slot's post of this day
        (「第1天投票结果」) and carrying no marker of this slot; else None."""
        label = slot.label or f"第{slot.day}天"
        heads = ("实时票数", "票数（截至") if slot.kind == RUNNING else ("投票结果", "竞选结果")

        def twin(post) -> bool:
            if not self.uid or getattr(post, "author_uid", None) != self.uid or our_marker(post, slot, self.uid) is not None:
                return False  # (another game's marker on it — the same forum spelled otherwise — is no mark of this slot)
            head = [line for line in (post.text or "").splitlines() if line.strip()][:3]
            return any(label in line and any(h in line for h in heads) for line in head)

        if found := next((post for post in page.posts if twin(post)), None):
            return found
        if not self.uid or "posts" not in self.db.table_names():
            return None
        rows = self.db.query(f"select * from posts where tid in ({_marks(self.threads)}) and author_uid = ? and text like ? "
                             "order by pid", [*self.threads, self.uid, f"%{label}%"])
        return next((post for row in rows if twin(post := archive._post_from_row(row))), None)

    def _in_archive(self, slot: Slot, post_id: str | None) -> Found | None:
        """Our post of this slot in the synced archive, in any thread of the game (the earliest, if several)."""
        if not self.uid or "posts" not in self.db.table_names():
            return None
        needle = f"%bansha:v2:{slot.code}:{slot.day_key}:{slot.kind}:{post_id}%" if post_id else "%bansha%"
        for row in self.db.query(f"select * from posts where tid in ({_marks(self.threads)}) and author_uid = ? "
                                 "and text like ? order by pid", [*self.threads, self.uid, needle]):
            post = archive._post_from_row(row)
            mine = self._ours(post, slot)
            if mine and (post_id is None or mine[0] == post_id):
                thread = self.db["threads"].get(row["tid"]) if self.db["threads"].count_where("tid = ?", [row["tid"]]) else {}
                ppp = (thread or {}).get("ppp") or 10
                return Found.of(post, mine, -(-row["floor"] // ppp) if row["floor"] else None)
        return None

    def by_another(self, slot: Slot, accounts: Iterable[str]) -> tuple[str, int] | None:
        """(who, pid) where this slot's post is by another of `accounts` (the game's other directors — a co-director's own
        cron, on this archive or his own): the post this archive's row points at, else one of theirs in the slot's threads with
        this slot's marker, carried since it was first read and edited by no one else; None where it is ours or nobody's."""
        others = list(accounts)
        if not self.uid or not others or "posts" not in self.db.table_names():
            return None
        row = self.row(slot)
        if row and row.get("pid"):
            post = self.db.execute("select author, author_uid from posts where pid = ?", [row["pid"]]).fetchone()
            return (post[0], row["pid"]) if post and post[1] and post[1] != self.uid and post[0] in others else None
        needle = f"%bansha:v2:{slot.code}:{slot.day_key}:{slot.kind}:%"
        for pid, author, text, edited_by in self.db.execute(
                f"select pid, author, text, edited_by from posts where tid in ({_marks(self.threads)}) and author_uid is not null "
                f"and author_uid != ? and author in ({_marks(others)}) and text like ? order by pid",
                [*self.threads, self.uid, *others, needle]).fetchall():
            mark = read_marker(text)
            if mark is not None and not mark.legacy and slot.owns(mark) and (not edited_by or edited_by == author) and \
                    first_marked(self.db, {pid}, slot.names):
                return author, pid
        return None

    def search(self, slot: Slot, row: dict) -> Found | str | None:
        """Every page since the intent, as the director and as a guest: Found, "stale" (a page older than
        the intent's — undecided), or None."""
        stale = False
        for reader in ("director", "guest"):
            client = self.client if reader == "director" else self.guest()
            try:
                start = max(1, row.get("page") or 1)
                page_no, last = start, start
                while page_no <= last:
                    page = self._page(client, page_no)
                    if page is None:
                        break
                    last = max(last, page.last_page or page.page)
                    if _older(page.now, row.get("forum_time")):
                        stale = True
                    if found := self._found_on(page, slot):
                        return found
                    if page.page < page_no:
                        break  # past the end: Discuz repeats the last page
                    page_no = page.page + 1
            finally:
                if client is not self.client:
                    client.close()
        return "stale" if stale else None

    def _page(self, client: ForumClient, number: int) -> model.ThreadPage | None:
        # A fresh copy: a cache in between must not answer for the forum.
        url = urljoin(self.base, f"forum.php?mod=viewthread&tid={self.tid}&page={number}&_={secrets.token_hex(4)}")
        try:
            page, _ = client.fetch_page(url, number)
        except (model.Refusal, FetchFailed):
            return None
        return page

    def hidden_from_guests(self) -> bool:
        """Whether the thread hides its replies from players (回帖仅作者可见): its last page as a guest shows a
        reply locked 此帖仅作者可见 — ours among them, once there. A page a guest may not open (a members-only
        board) or could not read proves nothing: False."""
        client = self.guest()
        try:
            page = self._page(client, 99999)
        finally:
            client.close()
        return bool(page) and any(p.status == model.AUTHOR_ONLY and (p.floor or 0) > 1 for p in page.posts)

    # -- reading our post back -------------------------------------------------------------------

    def _at_pid(self, row: dict):
        """(the post at the row's pid as the forum shows it now, its page): through findpost, else on the row's page
        (None: the forum shows no post there)."""
        if not row.get("pid"):
            return None
        findpost = urljoin(self.base, f"forum.php?mod=redirect&goto=findpost&ptid={self.tid}&pid={row['pid']}"
                                      f"&_={secrets.token_hex(4)}")
        try:
            page = self.client.fetch_page(findpost)[0]
        except (model.Refusal, FetchFailed):
            page = self._page(self.client, row.get("page") or 1)
        post = next((p for p in page.posts if p.pid == row["pid"]), None) if page else None
        return (post, page) if post is not None else None

    def read_back(self, slot: Slot, row: dict) -> Found | None:
        """Our post at the row's pid as the forum shows it now (None: not there, or no longer ours)."""
        if (at := self._at_pid(row)) is None:
            return None
        post, page = at
        mine = our_marker(post, slot, self.uid)
        if mine and (not row.get("post_id") or mine[0] == row["post_id"]):
            return Found.of(post, mine, page.page)
        if post.status in UNREADABLE and post.author_uid == self.uid and not post.text.strip():
            # A player's view (our account is no 版主): only the notice, no text to read the marker
            # from — still our post at our pid, and players cannot read it.
            return Found(post.pid, row.get("post_id") or "", row.get("digest") or "", page.page,
                         tid=self.tid, status=post.status)
        return None

    def rewritten(self, slot: Slot, row: dict) -> Found | None:
        """Our post at the row's pid, by our account, whose marker line someone took away (the post readable) or replaced
        with another of ours (a 版主's rewrite: 「若此刻截止：杨康 出局」 under another post's marker) — ours to put back,
        never a post gone (the hostile round 82, N59: the forged count stayed up after the final). None: not there, or
        not by us. (read_back found nothing there first: one more read, only then.)"""
        if (at := self._at_pid(row)) is None:
            return None
        post, page = at
        mine = our_marker(post, slot, self.uid)
        taken_away = mine is None and bool(self.uid) and post.author_uid == self.uid and post.status not in UNREADABLE \
            and bool(post.text.strip())
        replaced = mine is not None and bool(row.get("post_id")) and mine.post_id != row["post_id"]
        if not (taken_away or replaced):
            return None
        return Found(post.pid, "", "", page.page, post.html, post.text, edited_by=getattr(post, "edited_by", None),
                     edited_at=getattr(post, "edited_at", None), tid=self.tid)

    def unreadable(self, slot: Slot, found: Found) -> str | None:
        """What to tell the director when players cannot read our post, or None when they can."""
        if found.readable:
            return None
        return (f"论坛上的{slot.words}（pid {found.pid}）{UNREADABLE[found.status]}：玩家看到的只是"
                f"「{_NOTICE[found.status]}」，看不到内容（导演账号是版主，所以自己还看得到）"
                if found.text.strip() else
                f"论坛上的{slot.words}（pid {found.pid}）{UNREADABLE[found.status]}：玩家看到的只是「{_NOTICE[found.status]}」")

    # -- writing ---------------------------------------------------------------------------------

    def message(self, slot: Slot, body: str, post_id: str, sig: str, charset: str | None = None) -> str:
        """The post as sent: what the forum will store and show, ending with the marker line. On a GBK
        forum a character outside GBK is sent as the `&#N;` the forum will show (said once per run)."""
        text, outside = as_stored(body, charset)
        if outside and not self._told_outside:
            self._told_outside = True
            shown = "、".join(f"「{ch}」→ &#{ord(ch)};" for ch in outside[:8]) + ("……" if len(outside) > 8 else "")
            self.say(f"论坛是 {charset} 编码，这些字不在其中，帖子里会显示成编码：{shown}（只影响显示，不影响核对）")
        return f"{text}\n\n[size=1]{slot.marker(post_id, sig)}[/size]"

    def post(self, slot: Slot, body: str, sig: str, *, outcome: str | None, rulings_seen: int | None) -> str:
        """Reply with `body` once. Returns what was done; raises a refusal (nothing posted), or an
        unconfirmed outcome (the next run settles it before anything else)."""
        # A pause of a few polite intervals before the last look: another archive's run for this game (a second machine's
        # cron, the same minute) that posted meanwhile is then seen on the page and adopted, not answered with a second
        # post (the hostile round 105, case 24). Only a narrower window, not a lock: the README asks for one archive.
        time.sleep(random.uniform(0, 5 * self.client.min_interval))
        page = self._page(self.client, 99999)  # Discuz clamps to the last page: its number and clock
        if page is None:
            raise poster.PostError("打开投票帖失败，无法回帖：请检查论坛是否可以访问", poster.REPLY)
        if not page.uid:
            raise poster.NotLoggedIn("抱歉，您尚未登录，没有权限在该版块回帖")
        if found := self._found_on(page, slot):
            self._adopt(slot, found)
            self.say(f"帖子里已经有这次的{slot.words}（pid {found.pid}，可能是另一份档案库发的）：不再重复发。")
            return f"回帖 pid {found.pid}"
        if twin := self._unmarked_twin(page, slot):
            # 「第1天投票结果」 by our account with no marker line: ours with the marker a 版主 cut, or the director's own by hand —
            # either way the result is out, and a second one must not follow (the hostile round 107, case 29: a second archive
            # posted a second final). Never adopted (nothing shows it is ours); the director decides.
            raise poster.PostError(
                f"帖子里第 {twin.floor or '?'} 楼（pid {twin.pid}）是导演账号发的、像是这次的{slot.words}，却没有工具的标记行"
                f"（可能被版主改过、是手动贴的，或是另一份写法不同的游戏文件发的）：为免重复发帖，这次不发。请导演核对："
                f"那一帖就是结果的话不用再发；要工具重新发，请先删掉那一帖", poster.REPLY)
        post_id = secrets.token_hex(4)
        issue(self.db, slot, post_id, "reply")  # kept when a later attempt takes the row: it may still land
        message = self.message(slot, body, post_id, sig, page.charset)
        self.record(slot, state="intent", pid=None, post_id=post_id, digest=sig, message=message, outcome=outcome,
                    rulings_seen=rulings_seen, page=page.page, forum_time=page.now, answer=None, error=None,
                    edit_digest=None, edit_message=None, sent_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    versions_seen=self.versions_now())
        formhash, waits, renewed = page.formhash or "", 0, 0
        for _ in range(FLOOD_WAITS + 3):
            try:
                answer = poster.reply_once(self.client, self.base, fid=page.fid, tid=self.tid, message=message,
                                           formhash=formhash, charset=page.charset or "utf-8")
            except poster.Unanswered as lost:
                self.record(slot, state="sent", answer="unknown", error=lost.message)
                return self._confirm(slot, None, lost.message)
            except poster.Pending as held:
                self.record(slot, state="pending", error=held.message)
                self.say(f"已回帖，但需要版主审核：{held.message}")
                return "待审核"
            except (poster.FloodControl, poster.StaleForm) as refusal:
                # Said in words, but a proxy can say it after the forum took the post: look first.
                found = self.search(slot, self.row(slot))
                if isinstance(found, Found):
                    self._adopt(slot, found)
                    self.say(f"论坛说“{refusal.message}”，但帖子里已经有这次的{slot.words}（pid {found.pid}）：不再重复发。")
                    return f"回帖 pid {found.pid}"
                if isinstance(refusal, poster.FloodControl) and waits < FLOOD_WAITS:
                    # The interval is the account's: another run posting for another game (cron starts them together)
                    # takes it too — so wait it out a few times, each a little apart (the hostile round 83, V12: four
                    # runs waited the same 16 s, and three were refused again)
                    wait = round(min(refusal.seconds + 1, 120) + random.uniform(0, refusal.seconds / 3), 1)
                    waits += 1
                    self.say(f"论坛发帖间隔限制（{refusal.message}）：等待 {wait} 秒后重试（第 {waits} 次）。")
                    time.sleep(wait)
                    continue
                if isinstance(refusal, poster.StaleForm) and renewed < 2:
                    renewed += 1
                    self.say("论坛拒绝了表单验证串（503 非法字符）：重新读取帖子页取得新的验证串，再试一次。")
                    formhash = poster.fresh_formhash(self.client, self.base, self.tid, poster.REPLY)
                    continue
                self.record(slot, state="failed", error=refusal.message)
                raise
            except poster.PostError as refusal:
                self.record(slot, state="failed", error=refusal.message)
                raise
            if answer.held:
                self.record(slot, state="pending", pid=answer.pid, error=answer.message)
                self.say(f"已回帖，但需要版主审核：{answer.message or '回复需要审核'}")
                return "待审核"
            self.record(slot, state="sent", answer="success", pid=answer.pid)
            return self._confirm(slot, answer.pid, "")
        self.record(slot, state="failed", error="重试后仍被拒绝")
        raise poster.PostError("回帖没有成功（重试后仍被拒绝）")

    def _confirm(self, slot: Slot, pid: int | None, why: str) -> str:
        row = self.row(slot)
        # The body is checked for what the forum cannot rewrite: the floor links to the ballots.
        links = set(_LINKED.findall(row["message"] or ""))
        found = self.read_back(slot, {**row, "pid": pid}) if pid else None
        if found is None:
            found = self.search(slot, row)
        if isinstance(found, Found):
            missing = sorted(pid for pid in links if f"pid={pid}" not in found.html.replace("&amp;", "&"))
            self._adopt(slot, found, ours_just_now=found.post_id == row["post_id"])
            note = f"；但帖子里缺少 {len(missing)} 个楼层链接" if missing else ""
            self.say(f"已发布{slot.words}（pid {found.pid}，已读回确认{note}）")
            return f"回帖 pid {found.pid}"
        if row["answer"] == "success":
            said, then = "论坛的回答像是回帖成功", "找不到也不会自动重发，会请导演核对"
        else:
            said = why or "没有收到论坛的回答"
            then = f"{_minutes(self.request_life)}内找不到也不重发（论坛可能还在处理），过了这段时间仍找不到才重新发"
        raise poster.NotConfirmed(
            f"{said}，但重新读取帖子时没有看到这次的{slot.words}"
            f"{f'（pid {pid}）' if pid else ''}：下次运行会先在帖子里找，找到就不再发；{then}。", poster.REPLY)

    def look(self, slot: Slot, row: dict) -> tuple[Found | None, dict]:
        """Our post as the forum shows it now, and the row: an edit recorded as under way (unconfirmed, or
        held for 审核) that the forum now shows becomes the confirmed content."""
        shown = self.read_back(slot, row)
        if shown is not None and row.get("edit_digest") and shown.sig == row["edit_digest"]:
            row = self._confirmed_edit(slot, shown.sig, row["edit_message"] or row["message"],
                                       row["edit_outcome"] or row["outcome"], row["edit_rulings"] or row["rulings_seen"],
                                       None)  # landed while we were not looking: compared with what we sent
        return shown, row

    def _confirmed_edit(self, slot: Slot, sig: str, message: str | None, outcome: str | None,
                        rulings_seen: int | None, shown: Found | None) -> dict:
        return self.record(slot, state="confirmed", digest=sig, message=message, outcome=outcome,
                           rulings_seen=rulings_seen, edit_digest=None, edit_message=None, edit_outcome=None,
                           edit_rulings=None, edit_held=None, error=None,
                           shown=content_digest(shown.text) if shown is not None else None)

    def held_edit(self, slot: Slot, row: dict) -> str | None:
        """While an edit of ours waits for a moderator the post is invisible (Discuz sets invisible = -2):
        nothing more is sent until it is passed — what to tell the director, or None when nothing waits.
        A held edit whose post left the 待审核 list unseen (deleted, ignored) waits no more: the caller then
        finds the post gone, as after any deletion."""
        if not row.get("edit_held"):
            return None
        if self.still_held(row) is False:
            self.record(slot, edit_held=None, error=HELD_GONE)
            self.say(f"{slot.words}（pid {row['pid']}）的编辑曾在等待版主审核，现在已经不在「我的帖子 → 待审核」里了。")
            return None
        return (f"{slot.words}（pid {row['pid']}）的编辑在等待版主审核：审核通过之前论坛上看不到这一帖，"
                "工具不再编辑它；请版主在论坛后台「审核」里处理（版主删除了它的话，下次运行会发现）。")

    def edit(self, slot: Slot, row: dict, body: str, sig: str, *, outcome: str | None, rulings_seen: int | None) -> str:
        """Make our confirmed post say `body`. Safe to repeat: an edit never makes a second post."""
        waiting = self.held_edit(slot, row)
        if waiting:
            self.say(waiting)
            return ""
        if row.get("pid") and not replied(self.db, slot, row.get("post_id")) and not first_marked(self.db, {row["pid"]}, slot.names):
            # Adopted by an older version from a marker alone: an edit would overwrite someone else's post.
            raise poster.Stuck(f"记录里的{slot.words}（pid {row['pid']}）最早存档时没有工具的标记行（是后来被加上的，"
                               "例如导演把 dayN.bbcode 编辑进了首楼）：工具不编辑不是自己发的帖子。需要更正的话，请导演把报告目录里"
                               "新的 dayN.bbcode 照样编辑进去。", poster.EDIT)
        page = self._page(self.client, row.get("page") or 1)
        if page is None:
            raise poster.PostError("打开投票帖失败，无法编辑：请检查论坛是否可以访问", poster.EDIT)
        post_id = row.get("post_id") or secrets.token_hex(4)
        issue(self.db, slot, post_id, "edit")
        message = self.message(slot, body, post_id, sig, page.charset)
        self.record(slot, post_id=post_id, edit_digest=sig, edit_message=message, edit_outcome=outcome,
                    edit_rulings=rulings_seen)
        for attempt in range(2):
            try:
                answer = poster.edit_once(self.client, self.base, fid=page.fid, tid=self.tid, pid=row["pid"],
                                          message=message, page=row.get("page"), charset=page.charset or "utf-8")
            except poster.Unanswered:
                break  # read back: the forum may have applied it
            except poster.StaleForm:
                if attempt == 0:
                    self.say("论坛拒绝了编辑表单的验证串（503 非法字符）：重新打开编辑页面，再试一次。")
                    continue
                raise
            except poster.PostError as refusal:
                # A refusal in words can come from a proxy after the forum took the edit: look first.
                found = self.read_back(slot, {**self.row(slot), "post_id": post_id})
                if found is not None and found.sig == sig:
                    self.say(f"论坛说“{refusal.message}”，但帖子已经是这次编辑的内容。")
                    break
                self.record(slot, error=refusal.message)
                raise
            if answer.page:
                self.record(slot, page=answer.page)
            if answer.held:
                self.record(slot, edit_held=archive.now_iso(), error=None)
                self.say(f"已提交对{slot.words}（pid {row['pid']}）的编辑，但需要版主审核后才会显示：不会重复提交。")
                return f"编辑 pid {row['pid']}（待审核）"
            break
        found = self.read_back(slot, {**self.row(slot), "post_id": post_id})
        if found is None or found.sig != sig:
            raise poster.NotConfirmed(
                f"编辑{slot.words}（pid {row['pid']}）后读回，论坛上显示的还不是这次的内容：下次运行会再核对并重新编辑。",
                poster.EDIT)
        self._confirmed_edit(slot, sig, message, outcome, rulings_seen, found)
        self.say(f"已编辑{slot.words}（pid {row['pid']}，已读回确认）")
        return f"编辑 pid {row['pid']}"


_TAG = re.compile(r"\[/?(?:b|i|u|s|url|color|size|font|align|quote|list|\*)(?:=[^\]]*)?\]", re.I)
_STAMP = re.compile(r"\[i=s\].*?\[/i\]", re.S)


def bbcode_text(bbcode: str) -> str:
    """The text the forum shows for BBCode of ours (the tags our posts use dropped; an edit stamp too)."""
    return _TAG.sub("", _STAMP.sub("", bbcode))


def content(text: str) -> str:
    """What a post says, for comparing: no marker line, no whitespace, entities read (a GBK forum shows
    &#134071; as written; we sent 𠮷 as that)."""
    lines = [line for line in (text or "").splitlines() if line.strip()]
    if lines and read_marker(lines[-1]) is not None:
        lines.pop()
    # the reader marks struck-through text [s]…[/s] (what our posts strike: a ballot switched away); the words compare
    return re.sub(r"\s+|\[/?s\]", "", html.unescape("".join(lines)))


def _unheaded(text: str) -> str:
    """The post without its heading line (「［101］梁山风云 第1天投票结果」)."""
    lines = (text or "").splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and _headed_as_ours(lines[first]):
        del lines[first]
    return "\n".join(lines)


def _uncorrected(text: str) -> str:
    return "\n".join(line for line in (text or "").splitlines() if not line.strip().startswith("更正（"))


def content_digest(text: str) -> str:
    return signature(content(text))


def _minutes(seconds: float) -> str:
    return f"{max(1, round(seconds / 60))} 分钟" if seconds >= 60 else f"{max(0, round(seconds))} 秒"


def _older(page_time: str | None, intent_time: str | None) -> bool:
    """A page whose own clock is before the clock of the page seen at the intent: a cached copy."""
    if not page_time or not intent_time:
        return False
    try:
        return datetime.fromisoformat(page_time) < datetime.fromisoformat(intent_time)
    except ValueError:
        return False
