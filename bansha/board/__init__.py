"""A board's history: drafting a game's 揭秘 record from the director's post, and gathering a finished game into
the board database (scraper/board.py) as tally/board.py shapes it. Reports are in report.py.

forum → archive (per game) → days' tallies + confirmed reveal → board rows → 战绩 post and site. Nothing flows back:
the board never changes a game's archive or its game file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import sqlite_utils

from grammar.names import Roster
from grammar.reveal import RevealDraft, read_reveal
from scraper import archive
from scraper import board as store
from tally import board as records
from tally import reveal as reveal_file
from tally.game import Game
from tally.rules import Rules, load_camps

from .. import pipeline


def reveal_path(game_file: Path) -> Path:
    """GAME.reveal.toml beside GAME.toml."""
    return game_file.with_name(game_file.stem + ".reveal.toml")


@dataclass
class Found:
    pid: int
    floor: int | None
    tid: int
    author: str
    draft: RevealDraft

    @property
    def source(self) -> str:
        return f"帖子 {self.tid} 的 #{self.floor}（pid {self.pid}，{self.author}）" if self.floor else f"pid {self.pid}（{self.author}）"


def roster(game: Game) -> Roster:
    return Roster(game.player_names, game.aliases)


def draft_from_text(text: str, game: Game) -> RevealDraft:
    return read_reveal(text, roster(game), load_camps(game.preset))


def find_reveal(db: sqlite_utils.Database, game: Game, pid: int | None = None) -> Found | None:
    """The director's 揭秘 post among the game's archived threads: the given pid, else the latest of the
    director's posts that reads as a reveal (the one naming the most seats, where two do)."""
    known = pipeline.director_accounts(db, game)
    best: Found | None = None
    best_rank = None
    for tid, _subject in pipeline.game_threads(db, game):
        for post in archive.read_posts(db, tid):
            if pid is not None and post.pid != pid:
                continue
            by_director = post.author in game.directors or (post.author_uid is not None and post.author_uid in known.values())
            if pid is None and not by_director:
                continue
            if post.author in known and post.author_uid and post.author_uid != known[post.author]:
                continue  # a freed director's name registered by somebody else (pipeline.director_posts)
            draft = draft_from_text(post.text, game)
            if pid is None and not draft.is_reveal:
                continue
            rank = (sum(1 for s in draft.seats.values() if s.lines), post.posted_at or "", post.pid)
            if best_rank is None or rank > best_rank:
                best, best_rank = Found(post.pid, post.floor, tid, post.author, draft), rank
    return best


def _host(game: Game) -> str:
    return urlsplit(game.forum or "").netloc


def _uids(db: sqlite_utils.Database, game: Game, threads: list[int]) -> dict[str, int | None]:
    """Each account name that played a seat → its forum uid: the game file's, else the archive's posts."""
    names = [*game.player_names, *(e.to for e in game.events if e.what == "顶替" and e.to)]
    found: dict[str, int | None] = {p.name: p.uid for p in game.players if p.uid is not None}
    if threads:
        marks = ",".join("?" * len(threads))
        for author, uid in db.execute(
                f"select author, author_uid from posts where tid in ({marks}) and author_uid is not null "
                f"group by author, author_uid order by max(pid)", threads).fetchall():
            if author in names and author not in {p.name for p in game.players if p.uid is not None}:
                found[author] = uid
    return {name: found.get(name) for name in names}


def _post_counts(db: sqlite_utils.Database, threads: list[int], uids: dict[str, int | None]) -> dict[str, int]:
    if not threads:
        return {}
    marks = ",".join("?" * len(threads))
    by_name = dict(db.execute(f"select author, count(*) from posts where tid in ({marks}) group by author", threads).fetchall())
    by_uid = dict(db.execute(f"select author_uid, count(*) from posts where tid in ({marks}) and author_uid is not null "
                             f"group by author_uid", threads).fetchall())
    return {name: by_uid.get(uid, 0) if uid is not None else by_name.get(name, 0) for name, uid in uids.items()}


def _lurks(db: sqlite_utils.Database, game: Game, rules: Rules, tallies: dict) -> list[tuple[int, str]]:
    found = []
    for day in game.days:
        if day.round or not day.discussion_threads:
            continue
        try:
            report = pipeline.lurk_from_archive(db, game, rules, day.day, vote=tallies.get(day.key))
        except (pipeline.NotFetched, ValueError):
            continue
        found += sorted({(day.day, p.player) for p in report.proposals if p.reason.startswith("潜水")})
    return found


def signature(db: sqlite_utils.Database, game_text: str, reveal_text: str, threads: list[int]) -> str:
    """What a game's board rows are made of: the game file, the reveal and every archived version of its posts."""
    digest = hashlib.sha256(game_text.encode() + b"\0" + reveal_text.encode())
    for tid in threads:
        row = db.execute("select count(*), coalesce(max(pid), 0), coalesce(sum(versions), 0), coalesce(max(last_seen), '') "
                         "from posts where tid = ?", [tid]).fetchone()
        digest.update(f"{tid}:{row}".encode())
    return digest.hexdigest()


@dataclass
class Added:
    key: str
    changed: bool
    revealed: bool
    notes: list[str]


def add_game(board: sqlite_utils.Database, db: sqlite_utils.Database, game: Game, rules: Rules, *, game_text: str,
             reveal_text: str | None, site: str | None = None) -> Added:
    """Gather one finished game into the board: its rows replaced whole when anything behind them changed,
    nothing written when not. Without a confirmed reveal the game adds posts and counts, never a role."""
    game = pipeline.filed(db, game)
    key = game.identity_as_written or game.key  # (the board's key as it was first written: boards built before keep their rows)
    threads = [tid for tid, _ in pipeline.game_threads(db, game)]
    if not threads:
        raise pipeline.NotFetched(f"档案库里没有《{game.name}》的任何帖子：请先运行 bansha archive 游戏文件。")
    sig = signature(db, game_text, reveal_text or "", threads) + (site or "")
    notes: list[str] = []
    reveal = reveal_file.parse_reveal(reveal_text, game) if reveal_text else None
    if reveal is not None and not reveal.confirmed:
        notes.append("揭秘记录还没有确认（confirmed = false）：这一局只计入发言和票数，不计身份、阵营和胜负。")
    elif reveal is not None and reveal_file.unanswered(reveal, game):
        notes.append("揭秘记录还有没写完的地方（" + "；".join(reveal_file.unanswered(reveal, game)) + "）：先不计身份和胜负。")
        reveal = None
    elif reveal is None:
        notes.append("还没有揭秘记录（bansha reveal 起草）：这一局只计入发言和票数，不计身份、阵营和胜负。")
    if store.signature_of(board, key) == sig:
        return Added(key, False, bool(reveal and reveal.confirmed), notes)
    tallies = pipeline.game_tallies(db, game, rules)
    uids = _uids(db, game, threads)
    cards = archive.load_cards(db, game.key) if "cards" in db.table_names() else []
    rows = records.game_rows(game, tallies, reveal, host=_host(game), uids=uids, posts=_post_counts(db, threads, uids),
                             lurks=_lurks(db, game, rules, tallies), cards=cards)
    rows["games"][0]["key"] = key
    for table in ("seats", "days", "results", "ballots", "marks"):
        for row in rows[table]:
            row["game"] = key
    notes += _name_notes(board, rows)
    store.save_game(board, rows, signature=sig, site=site)
    return Added(key, True, bool(reveal and reveal.confirmed), notes)


def _name_notes(board: sqlite_utils.Database, rows: dict) -> list[str]:
    """A name this game plays under that another account had before: two accounts, said, never merged."""
    notes = []
    for account in rows["accounts"]:
        others = [r[0] for r in board.execute("select distinct account from seats where name = ? and account != ?",
                                              [account["name"], account["key"]]).fetchall()]
        if others:
            notes.append(f"「{account['name']}」在这一局是账号 {account['key']}，以前的局里同名的是 {'、'.join(others)}："
                         f"按不同的账号分别记战绩（同一个人的两个账号不会自动合并）。")
    nameless = [a["name"] for a in rows["accounts"] if a["uid"] is None]
    if nameless:
        notes.append(f"{'、'.join(nameless)} 在档案库里没有发过帖、游戏文件也没写 uid：按名字记（改名后会记成另一个账号；"
                     f"在游戏文件的 [[players]] 里写 uid 就不会）。")
    return notes
