"""The wiring between the archive and the rules: load a day's posts and rulings, run the tally.

Data flows one way: archive rows → posts → tally. Nothing here writes to the forum.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import datetime
from typing import NamedTuple

import sqlite_utils

from scraper import archive, model, outbox
from tally import rulings as posted_rulings
from tally.day import DayTally, Ruling, real_pid
from tally.snapshot import DaySnapshot, decide
from tally.game import Day, Game, load_game  # noqa: F401 - the CLI's and poll's entry to a game file
from tally.rules import Rules
# The checks a typed ruling passes are the ones a posted ruling passes (tally/rulings.py).
from tally.rulings import RULING_WORDS, is_stranger, ruling_problem, stranger_words  # noqa: F401


class NotFetched(Exception):
    """The archive does not hold a thread the game file names."""


class NotReadable(NotFetched):
    """The archive holds a vote thread whose votes the account that read it could not see."""


def thread_posts(db: sqlite_utils.Database, tid: int):
    return required(archive.read_posts(db, tid), tid)


def game_threads(db: sqlite_utils.Database, game: Game) -> list[tuple[int, str]]:
    """(tid, subject) of every thread of the game the archive holds, in the game file's order."""
    wanted = [t for d in game.vote_days() for t in (d.vote_thread, *d.discussion_threads, d.process_thread, d.election_thread) if t]
    out = []
    for tid in dict.fromkeys(wanted):
        row = db.execute("select subject from threads where tid = ?", [tid]).fetchone() if "threads" in db.table_names() else None
        if row is not None:
            out.append((tid, row[0] or f"帖子 {tid}"))
    return out


def filed(db: sqlite_utils.Database, game: Game) -> Game:
    """The game with the key the archive files it under (archive.game_key): rulings, cards and our posts stay the
    game's when its name is corrected."""
    return replace(game, store_key=archive.game_key(db, game.identity, game.name, game.identity_as_written))


class DirectorNameTaken(NotFetched):
    """A director's name now posts from another forum account than the director's."""


def players_posts(db: sqlite_utils.Database, game: Game, posts: list) -> list:
    """The posts without ours: our running count lists names, invalid ballots and 「还没有投票：X」, and a
    player's user name can make that read as a ballot (「受X委托」 → a director's 代投 for X). A post of ours
    — an outbox pid, or our account's post carrying from the first an id we issued (outbox.our_pids) — is
    never a ballot, a flag or a 潜水 post; the director's own 代投 a 版主 later gave our marker line still is.
    The director is an account, not a name: see director_posts."""
    ours = outbox.our_pids(db, game.names, game.directors)
    return director_posts(game, director_accounts(db, game), [p for p in posts if p.pid not in ours] if ours else posts)


def director_accounts(db: sqlite_utils.Database, game: Game) -> dict[str, int]:
    """Each director's uid, where known: the game file's director_uids, else the account a run signed in as under
    that name (the earliest: a later holder of a freed name is not the director)."""
    known = dict(game.director_uids)
    for name, uid in archive.load_logins(db):
        if name in game.directors:
            known.setdefault(name, uid)
    # A co-director no run signs in as: the account the archive first saw post under the name (the hostile round 107, case
    # 15 — renamed, his freed name registered by another, whose ruling then decided the day)
    # (kept apart: a re-read after the rename files his posts under the new name)
    tables = db.table_names()
    seen = {r["name"]: r["uid"] for r in db["directors_seen"].rows} if "directors_seen" in tables else {}
    for name in game.directors:
        if name not in known and name not in seen and "posts" in tables and (row := next(db.query(
                "select author_uid from posts where author = ? and author_uid is not null order by posted_at, pid limit 1",
                [name]), None)):
            seen[name] = row["author_uid"]
            try:
                db["directors_seen"].insert({"name": name, "uid": row["author_uid"], "first_seen": archive.now_iso()}, pk="name",
                                            ignore=True)
            except sqlite3.OperationalError:
                pass  # a read-only archive: known for this run
        if name not in known and name in seen:
            known[name] = seen[name]
    return known


class NotDirector(NotFetched):
    """The account poll signs in as is none of the game file's directors."""


def signed_in_as_director(db: sqlite_utils.Database, game: Game, uid: int, name: str) -> None:
    """The account poll posts as must be a director's: named in `directors`, numbered in `director_uids`, or the uid an
    earlier run signed in as under a director's name (renamed since). Else the game file's director names may be anyone's
    — the hostile round 98, case 64: the director renamed before the first run, a stranger registered the freed name, and
    his 【裁定】 and 代投 counted while the tool posted as the real director's new name."""
    if name in game.directors or uid in game.director_uids.values() or any(
            u == uid for n, u in archive.load_logins(db) if n in game.directors):
        return
    raise NotDirector(
        f"登录的账号「{name}」（uid {uid}）不在游戏文件的 directors 里（{'、'.join(game.directors) or '没有写'}）。"
        f"导演账号改过名的话，请把 [game] 的 directors 改成现在的名字，并写上 director_uids = {{ \"{name}\" = {uid} }}；"
        "用错了账号的话，请换导演账号登录。工具不知道导演是哪个账号时，导演名字下的裁定、代投可能是别人发的：本次不计票、不发帖。")


def director_posts(game: Game, known: dict[str, int], posts: list) -> list:
    """The director's posts by account: a post under a director's name from another uid stops the count with words
    (a rename freed the name and somebody registered it — his 【裁定】 and 代投 must never count); a post from the
    director's uid under a new name is the director's (renamed on the forum, not yet in the game file)."""
    if not known:
        return posts
    def taken(p) -> bool:
        return p.author in known and bool(p.author_uid) and p.author_uid != known[p.author]

    standing = sorted({(p.author, p.author_uid) for p in posts if taken(p) and p.status == "normal"})
    if standing:
        name, uid = standing[0]
        raise DirectorNameTaken(
            f"论坛上「{name}」这个名字的帖子来自 uid {uid}，不是导演的账号（uid {known[name]}）：导演账号可能改过名，"
            f"这个名字被别人注册了。这个名字的帖子不能当作导演的帖子（裁定、代投都不算），本次不计票、不发帖。"
            f"请在游戏文件 [game] 的 directors 里写导演现在的账号名，director_uids 里写它的 uid"
            f"（例如 director_uids = {{ \"新名字\" = {known[name]} }}）。")
    by_uid = {uid: name for name, uid in known.items()}
    return [replace(p, author=f"{p.author}（uid {p.author_uid}）") if taken(p)  # gone from the forum: a stranger's post
            else replace(p, author=by_uid[p.author_uid]) if p.author_uid in by_uid and p.author != by_uid[p.author_uid]
            else p for p in posts]


def readable_votes(posts: list, tid: int) -> list:
    """A 回帖仅作者可见 thread read as a guest or a player shows placeholders, not votes: refuse to count."""
    locked = [p for p in posts if p.status == "author_only" and not (p.text or "").strip()]
    if locked:
        raise NotReadable(
            f"帖子 {tid} 开启了「回帖仅作者可见」，抓取它的账号看不到其中 {len(locked)} 帖的内容（只显示“此帖仅作者可见”），"
            "不能计票。请用发这个帖子的导演账号（楼主）或版主账号抓取：bansha poll … --login 导演账号"
            "（或 --cookies 导入该账号的浏览器 Cookie），再计票。"
        )
    return posts


def required(posts: list, tid: int) -> list:
    if not posts:
        raise NotFetched(f"档案库里还没有帖子 {tid}：请先运行 bansha fetch（或 bansha poll）抓取它。")
    return posts


def typed_rulings(db: sqlite_utils.Database, game: Game, day: int) -> list[tuple[Ruling, datetime | None]]:
    """The rulings recorded with `bansha rule` or the desk, each with when it was made."""
    return [(Ruling(r["pid"], r["decision"], r["target"], r["note"] or "", voter=r.get("voter"),
                    source=posted_rulings.typed_source(r.get("recorded_by"))),
             datetime.fromisoformat(r["recorded_at"]) if r.get("recorded_at") else None)
            for r in archive.load_rulings(db, game.key, day)]


def floor_gap(db: sqlite_utils.Database, game: Game, tid: int) -> str | None:
    """The floors the forum handed out in thread `tid` that the archive never read (deleted or held for 审核
    before a sync saw them), as poll last learnt it: after such a floor the pages number the posts one lower."""
    handed_out = archive.load_maxposition(db, tid)
    if not handed_out:
        return None
    held = db["posts"].count_where("tid = ?", [tid]) + outbox.unseen_ours(db, game.key, tid)
    if handed_out <= held:
        return None
    return f"论坛记录投票帖共有 {handed_out} 楼，读到的只有 {held} 楼（有帖子被删除或等待审核）"


class _Reader:
    """One trip to the archive for a day: the threads, their histories and the typed rulings, each read once,
    with what is ours and who the director is worked out once."""

    def __init__(self, db: sqlite_utils.Database, game: Game):
        self.db, self.game = db, game
        self.ours = outbox.our_pids(db, game.names, game.directors)
        self.known = director_accounts(db, game)
        self._threads: dict[int, list] = {}

    def thread(self, tid: int) -> list:
        """Every archived post of a thread, ours included (as the archive holds it)."""
        if tid not in self._threads:
            self._threads[tid] = archive.read_posts(self.db, tid)
        return self._threads[tid]

    def players(self, posts: list) -> list:
        return director_posts(self.game, self.known, [p for p in posts if p.pid not in self.ours])


def read_day(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int, *, round: int = 0, as_of=None,
             as_of_floor: int | None = None, rulings: dict[int, Ruling] | None = None,
             election: bool = False, reader: _Reader | None = None) -> DaySnapshot:
    """What the day's decision needs (tally/snapshot.py), read in one trip. With `as_of` (a time) or `as_of_floor`
    the count as it stood then: only the posts made up to that moment; `rulings` instead of the archive's: the
    count a post listing other rulings asserts (bansha/poll.py); `election`: the day's 警长竞选 thread."""
    reader = reader or _Reader(db, game)
    day = game.day(day_number, round)
    tid = day.election_thread if election else day.vote_thread
    if not tid:
        raise ValueError(f"第 {day_number} 天没有竞选帖（election_thread）" if election else f"{day.label}没有写投票帖（vote_thread）")
    archived = required(reader.thread(tid), tid)
    posts = readable_votes(reader.players(archived), tid)

    def made_by_then(post) -> bool:
        return (as_of is None or bool(post.posted_at and datetime.fromisoformat(post.posted_at) <= as_of)) and (
            as_of_floor is None or post.tid != tid or (post.floor is not None and post.floor <= as_of_floor))

    posts = [p for p in posts if made_by_then(p)]
    typed = typed_rulings(db, game, day.day)
    if election:
        return DaySnapshot(game, day, rules, "election", posts, archive.post_history(db, [p.pid for p in posts]), typed)
    process = reader.thread(day.process_thread) if day.process_thread not in (None, day.vote_thread) else []
    everything = [*archived, *process]
    # A ruling for this day may come later, in a later day's threads (「第1天 6楼 无效」 posted during day 2): read
    # there when it says this day, as a typed one would be
    own = {day.vote_thread, day.process_thread}
    later = list(dict.fromkeys(t for d in game.vote_days() if d.day > day.day
                               for t in (d.vote_thread, d.process_thread) if t and t not in own))
    elsewhere = [p for t in later for p in reader.thread(t) if p.author in game.directors or p.author_uid]
    candidates = [p for p in reader.players([*everything, *elsewhere]) if made_by_then(p)] \
        if rules.rulings_from_posts and rulings is None else []
    history = archive.post_history(db, list(dict.fromkeys([*(p.pid for p in posts), *(p.pid for p in candidates)])))
    main = game.day(day_number)
    snap = DaySnapshot(game, day, rules, "vote", posts, history, typed, candidates, everything, set(later),
                       posted_rulings.director_uids(game, [*everything, *elsewhere]), floor_gap(db, game, day.vote_thread),
                       holder=main.title_holder, rulings=rulings, player_uids=_earlier_accounts(reader, game, day.day))
    if not main.title_holder and rules.title_election != "none":
        snap.elections = [read_day(db, game, rules, d.day, election=True, reader=reader)
                          for d in game.days if d.day < day_number and d.election_thread]
    return snap


def _earlier_accounts(reader: "_Reader", game: Game, day_number: int) -> dict[str, int]:
    """The account (uid) each player's name first posted from in the earlier days' vote and process threads the archive
    holds: a name another account takes later is not that player (tally/day.py, _one_account_each)."""
    own = {t for d in game.days if d.day >= day_number for t in (d.vote_thread, d.process_thread) if t}
    threads = list(dict.fromkeys(t for d in game.days if d.day < day_number for t in (d.vote_thread, d.process_thread)
                                 if t and t not in own))
    first: dict[str, tuple] = {}
    names = set(game.player_names)
    for tid in threads:
        for post in reader.thread(tid):  # (a thread never fetched holds no posts)
            if post.author in names and post.author_uid:
                key = (post.posted_at or "", post.pid)
                if post.author not in first or key < first[post.author][0]:
                    first[post.author] = (key, post.author_uid)
    return {name: uid for name, (_, uid) in first.items()}


def tally_election(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int, *,
                   sensitivity: bool = True) -> DayTally:
    return decide(read_day(db, game, rules, day_number, election=True), sensitivity=sensitivity)


def tally_from_archive(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int, *,
                       sensitivity: bool = True, round: int = 0, as_of=None, as_of_floor: int | None = None,
                       rulings: dict[int, Ruling] | None = None) -> DayTally:
    """The day's vote, or with `round` one of its rounds (重投, 高票对决): read once (read_day), decided from that
    alone (tally/snapshot.py)."""
    return decide(read_day(db, game, rules, day_number, round=round, as_of=as_of, as_of_floor=as_of_floor,
                           rulings=rulings), sensitivity=sensitivity)


def game_tallies(db: sqlite_utils.Database, game: Game, rules: Rules) -> dict[str, DayTally]:
    """Every vote of the game the archive holds, the days' own and their rounds (重投, 高票对决), by Day.key —
    the whole game in one call (the export's), the archive's threads read once for all of them."""
    reader = _Reader(db, game)
    found = {}
    for vote in game.vote_days():
        try:
            found[vote.key] = decide(read_day(db, game, rules, vote.day, round=vote.round, reader=reader))
        except (NotFetched, ValueError):
            continue
    return found


def lurk_from_archive(db: sqlite_utils.Database, game: Game, rules: Rules, day_number: int,
                      vote: DayTally | None = None):
    """潜水 counts, violations, acceleration requests and card proposals for one day.

    `vote` is the day's tally when the caller already has it; otherwise it is worked out here."""
    from tally.lurk import count_posts, lurk_day

    day = game.day(day_number)
    if not day.discussion_threads:
        raise ValueError(f"第 {day_number} 天没有写讨论帖（discussion_threads）")
    threads = {tid: players_posts(db, game, archive.read_posts(db, tid)) for tid in
               {*day.discussion_threads, day.vote_thread, day.process_thread, day.election_thread} if tid}
    discussion = [p for tid in day.discussion_threads for p in required(threads[tid], tid)]
    if vote is None and day.vote_thread:
        vote = tally_from_archive(db, game, rules, day_number, sensitivity=False)
    earlier_counts, earlier_votes = {}, {}
    for earlier in game.days:
        if earlier.day >= day_number:
            continue
        try:
            earlier_counts[earlier.day] = count_posts(
                players_posts(db, game, [p for tid in earlier.discussion_threads for p in thread_posts(db, tid)]),
                game, earlier, rules.lurk_counts_hidden)
            if earlier.vote_thread and not earlier.accelerated:
                earlier_votes[earlier.day] = tally_from_archive(db, game, rules, earlier.day, sensitivity=False).non_voters
        except NotFetched:
            continue  # a day the archive does not hold: the multi-day rules simply see fewer days
    return lurk_day(game, rules, day, discussion=discussion, threads=threads, vote=vote,
                    earlier_counts=earlier_counts, earlier_votes=earlier_votes)


class Choice(NamedTuple):
    """One ruling a director is offered for a flagged post: what it records, in the director's words, and
    the day's result under it."""

    decision: str
    target: str | None
    voter: str | None
    words: str
    outcome: str

    @property
    def command(self) -> str:
        """The words after the pid in `bansha rule`."""
        what = {"accept": "有效", "reject": "无效"}.get(self.decision) or (f"计为 {self.target}" if self.target else "弃权")
        return what + (f" --for {self.voter}" if self.voter else "")


def ruling_choices(tally: DayTally, game: Game, entry) -> list[Choice]:
    """The rulings a director is offered for a flagged post, the likeliest first: every reading the proof
    weighs for it (tally/certainty.py), in the director's words, with the day's result under each.
    「有效」 only where what is written names a player."""
    from tally import certainty, report

    options: list[tuple[str, str | None, str | None, str]] = []
    if ruling_problem(tally, game, entry.pid, "accept", None) is None:
        options.append(("accept", None, None, "有效（按帖子写的计）"))
    for reading in certainty.readings(entry)[1:] if entry.needs_review else ():
        ruling = reading.ruling
        if ruling is None or ruling.decision == "accept":
            continue
        options.append((ruling.decision, ruling.target, ruling.voter, reading.words(entry.author)))
    for decision, target in (("target", None), ("reject", None)):  # 弃权 and 无效 are always offered
        if not any(o[0] == decision and o[1] == target and o[2] is None for o in options):
            options.append((decision, target, None, "弃权" if decision == "target" else "不是投票（不计票）"))
    if is_stranger(game, entry):  # the game file, not a ruling, says whose account it is
        options = [("reject", None, None, "不是投票（不计票）")]
    shown = []
    for decision, target, voter, words in options:
        outcome = ""
        if tally.what_if is not None:
            outcome = report.result_line_of(tally, tally.what_if(entry.pid, Ruling(entry.pid, decision, target, voter=voter)))
        shown.append(Choice(decision, target, voter, words, outcome))
    return shown


def vote_links(game: Game, tally: DayTally):
    """pid → the post's permanent address in the tally's vote thread (None where the game names no forum)."""
    if not game.forum or not tally.vote_thread:
        return None
    # A proxy's part links to its post; a ruling made in the process thread, to its own thread (tid).
    return lambda pid, tid=None: model.findpost_url(game.forum, tid or tally.vote_thread, real_pid(pid))
