"""The board database: every finished game of a forum in one SQLite file, in tables a Datasette user knows —
games, accounts, seats, days, results, ballots, marks (潜水 and cards). One schema, written here only.

A game's rows are replaced whole, in one transaction, when what made them changed (its signature: the game file,
the reveal and the archive's posts); adding it again unchanged writes nothing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from . import model
from .archive import describe_sqlite_error, now_iso

SCHEMA_VERSION = 1
_TABLES = ("marks", "ballots", "results", "days", "seats")  # a game's own rows, children first

_SCHEMA = """
create table if not exists games (
  key text primary key, name text not null, preset text, forum text, host text, revealed integer not null,
  winner text, days integer, seats integer, site text, signature text, added integer, added_at text);
create table if not exists accounts (
  key text primary key, host text, uid integer, name text not null);
create table if not exists seats (
  game text not null references games(key), seat text not null, account text not null references accounts(key),
  name text not null, from_day integer, to_day integer, role text, camp text, won integer, out_by text,
  out_day integer, days_alive integer, voted_out integer, posts integer, primary key (game, seat, account));
create table if not exists days (
  game text not null references games(key), key text not null, day integer, round integer, label text, kind text,
  outcome text, names text, certain integer, primary key (game, key));
create table if not exists results (
  game text not null references games(key), day_key text not null, seat text not null, votes real, out integer,
  primary key (game, day_key, seat));
create table if not exists ballots (
  id integer primary key, game text not null references games(key), day_key text not null, voter_seat text,
  voter_account text references accounts(key), target_seat text, weight real, hit integer);
create table if not exists marks (
  id integer primary key, game text not null references games(key), day integer, seat text,
  account text references accounts(key), kind text, reason text);
create index if not exists seats_account on seats(account);
create index if not exists ballots_game on ballots(game);
create index if not exists ballots_voter on ballots(voter_account);
create index if not exists marks_game on marks(game);
create view if not exists records as
  select s.account, a.name, count(distinct s.game) as games, sum(s.won) as wins, sum(s.days_alive) as days_alive,
         sum(s.voted_out) as voted_out, sum(s.posts) as posts
  from seats s join accounts a on a.key = s.account group by s.account;
"""


def open_board(path: str | Path, *, readonly: bool = False) -> sqlite_utils.Database:
    path = Path(path)
    try:
        if readonly:
            if not path.exists():
                raise model.ArchiveError(f"战绩库 {path} 不存在：请先运行 bansha board add。")
            return sqlite_utils.Database(sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True))
        model.refuse_symlink(path, "战绩库")
        db = sqlite_utils.Database(path)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise model.ArchiveError(f"战绩库 {path} 是更新版本的 bansha 写的：请先升级 bansha。")
        if db.table_names() and "games" not in db.table_names():
            raise model.ArchiveError(f"{path} 不是战绩库（没有 games 表）：请换一个文件名。")
        db.execute("PRAGMA foreign_keys = ON")
        db.conn.executescript(_SCHEMA)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return db
    except sqlite3.Error as exc:
        raise model.ArchiveError(describe_sqlite_error(exc, path)) from None


def signature_of(db: sqlite_utils.Database, key: str) -> str | None:
    row = db.execute("select signature from games where key = ?", [key]).fetchone()
    return row[0] if row else None


def save_game(db: sqlite_utils.Database, rows: dict[str, list[dict]], *, signature: str, site: str | None = None) -> None:
    """Replace one game's rows with `rows` (tally/board.game_rows), in one transaction."""
    game = dict(rows["games"][0])
    key = game["key"]
    with db.conn:
        added = db.execute("select added from games where key = ?", [key]).fetchone()
        for table in _TABLES:
            db.execute(f"delete from {table} where game = ?", [key])
        number = added[0] if added else (db.execute("select coalesce(max(added), 0) + 1 from games").fetchone()[0])
        game.update({"signature": signature, "site": site, "added": number, "added_at": now_iso()})
        db["games"].upsert(game, pk="key")
        for account in rows["accounts"]:
            db["accounts"].upsert(account, pk="key")  # the latest name an account played under
        for table in ("seats", "days", "results", "ballots", "marks"):
            if rows.get(table):
                db[table].insert_all(rows[table], batch_size=2000)


def load_rows(db: sqlite_utils.Database) -> dict[str, list[dict]]:
    """Every row the records are made of, games in the order they were first added."""
    out = {"games": list(db.query("select * from games order by added"))}
    for table in ("accounts", "seats", "days", "results", "ballots", "marks"):
        out[table] = list(db.query(f"select * from {table}"))
    return out
