"""The SQLite archive: threads, posts, every distinct version of a post, and a fetch log.

`save_*(db, …)` functions are idempotent upserts. Nothing already stored is ever lost: a post that
is later hidden, banned or deleted keeps its last readable text in `posts` and every earlier
reading in `post_versions`.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils

from . import model
from .model import ArchiveError  # noqa: F401 - raised here; defined in model so the CLI catches it cheaply


# The archive's schema version (PRAGMA user_version). 1 is the first released schema (user_version was
# never set, so it reads 0); 2 adds the outbox's outcome, page and rulings_seen columns; 3 re-indexes a
# post for search only when its words or author change (re-reading a page rewrote every FTS row); 4 gives
# the outbox its marker id, the forum's answer and clock, and an edit in flight (scraper/outbox.py), and
# renames the state "posted" to "confirmed"; 5 gives a ruling the voter it counts a post for (a ballot relayed
# for another player, counted as theirs); 6 gives a thread the poll a Discuz 投票 thread shows (votes no post holds).
SCHEMA_VERSION = 6

POST_COLUMNS = ("pid", "tid", "floor", "author", "author_uid", "posted_at", "time_precision", "edited_by", "edited_at",
                "quotes", "text", "html", "status", "style", "source", "first_seen", "last_seen", "versions", "words")
_UPSERT_POST = (f"insert into posts ({', '.join(POST_COLUMNS)}) values ({', '.join(':' + c for c in POST_COLUMNS)}) "
                f"on conflict(pid) do update set {', '.join(f'{c} = excluded.{c}' for c in POST_COLUMNS[1:])}")
_VERSION_COLUMNS = ("pid", "digest", "seen_at", "source", "status", "text", "html", "edited_by", "edited_at")
_COUNT_VERSIONS = "update posts set versions = (select count(*) from post_versions where pid = ?) where pid = ?"
_INSERT_VERSION = f"insert into post_versions ({', '.join(_VERSION_COLUMNS)}) values ({', '.join('?' * len(_VERSION_COLUMNS))})"
_FTS_ON_CHANGE = """
create trigger posts_au after update on posts when old.words is not new.words or old.author is not new.author begin
  insert into posts_fts (posts_fts, rowid, words, author) values ('delete', old.rowid, old.words, old.author);
  insert into posts_fts (rowid, words, author) values (new.rowid, new.words, new.author);
end"""


def open_db(path: str | Path, *, readonly: bool = False) -> sqlite_utils.Database:
    """The archive at `path`, migrated to this version's schema; `readonly` opens it for reading only
    (tally, review, lurk, export never write)."""
    path = Path(path)
    try:
        if readonly:
            if not path.exists():
                raise ArchiveError(f"档案库 {path} 不存在：请先运行 bansha fetch 或 bansha poll。")
            return _open_readonly(path)
        model.refuse_symlink(path, "档案库")
        db = sqlite_utils.Database(path)
        _check_version(db, path)
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA journal_mode = WAL")
        ensure_schema(db)
        migrate(db)
        return db
    except sqlite3.Error as exc:
        raise ArchiveError(describe_sqlite_error(exc, path)) from None


def _open_readonly(path: Path) -> sqlite_utils.Database:
    """The archive for reading only. In WAL mode SQLite wants to create the -shm file beside it even to
    read, which a read-only folder (a copy on a CD, a shared folder, another user's) does not allow: then,
    if no -wal file holds writes not yet in the archive, it is opened as immutable — nothing can change it
    there — else the director is told what to copy."""
    from urllib.parse import quote

    uri = f"file:{quote(str(path.resolve()))}"
    try:
        db = sqlite_utils.Database(sqlite3.connect(f"{uri}?mode=ro", uri=True))
        _check_version(db, path)
        return db
    except sqlite3.OperationalError as exc:
        words = str(exc).lower()
        if "readonly" not in words and "read-only" not in words and "unable to open" not in words:
            raise
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size:
            raise ArchiveError(f"档案库 {path} 所在的目录不可写，而旁边的 {wal.name} 里还有没写进档案库的内容，只读打开会漏掉它们："
                               f"请把 {path.name} 连同 {wal.name} 复制到可写的目录里再运行。") from None
        db = sqlite_utils.Database(sqlite3.connect(f"{uri}?immutable=1", uri=True))
        _check_version(db, path)
        return db


def _check_version(db: sqlite_utils.Database, path: Path) -> None:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise ArchiveError(f"档案库 {path} 是更新版本的 bansha 建立的（格式版本 {version}，本程序只认到 {SCHEMA_VERSION}）："
                           "请升级 bansha 后再用它，以免写坏。")


def migrate(db: sqlite_utils.Database) -> None:
    """Bring an older archive forward, step by step; each step is idempotent."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version < 2 and "outbox" in db.table_names():
        for column, kind in (("outcome", str), ("page", int), ("rulings_seen", int)):
            if column not in db["outbox"].columns_dict:
                db["outbox"].add_column(column, kind)
    if version < 3 and "posts" in db.table_names():
        _fts_on_change(db)
    if version < 4 and "outbox" in db.table_names():
        for column in ("post_id", "answer", "forum_time", "edit_digest", "edit_message", "edit_outcome"):
            if column not in db["outbox"].columns_dict:
                db["outbox"].add_column(column, str)
        if "edit_rulings" not in db["outbox"].columns_dict:
            db["outbox"].add_column("edit_rulings", int)
        with db.conn:
            db.execute("update outbox set state = 'confirmed' where state = 'posted'")
            # An intent of the old kind carried no marker id, so no later run can find its post: the
            # director looks (see scraper/outbox.py, state "lost").
            db.execute("update outbox set state = 'lost', error = '旧版本留下的未完成发帖，无法自动核对' "
                       "where state = 'intent' and post_id is null")
    if version < 5 and "rulings" in db.table_names() and "voter" not in db["rulings"].columns_dict:
        db["rulings"].add_column("voter", str)
    if version < 6 and "threads" in db.table_names() and "poll" not in db["threads"].columns_dict:
        db["threads"].add_column("poll", str)
    if version < SCHEMA_VERSION:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _fts_on_change(db: sqlite_utils.Database) -> None:
    with db.conn:
        db.execute("drop trigger if exists posts_au")
        db.execute(_FTS_ON_CHANGE)


def describe_sqlite_error(exc: sqlite3.Error, path: str | Path) -> str:
    """A SQLite failure in the director's words, saying that nothing already stored is lost."""
    text = str(exc).lower()
    if "not a database" in text or "encrypted" in text:
        return f"档案库 {path} 不是 SQLite 数据库（或文件头已损坏）：请检查 --db 指的文件；如是损坏，请用备份恢复。"
    if "malformed" in text or "corrupt" in text:
        return (f"档案库 {path} 已损坏（{exc}）：请用备份恢复，或用 sqlite3 {path} \".recover\" 导出能读的部分。"
                "本次没有写入任何内容。")
    if "full" in text:
        return f"磁盘已满，写入档案库 {path} 失败：已经保存的内容没有丢失，请清理磁盘空间后再运行。"
    if "readonly" in text or "read-only" in text or ("unable to open" in text and _unwritable(Path(path))):
        return (f"档案库 {path} 是只读的（文件或所在目录没有写权限）：只读的命令（tally、review、lurk、export、desk 里看票）"
                "可以用，抓取、裁定和发帖需要写权限。")
    if "locked" in text or "busy" in text:
        return f"档案库 {path} 正被另一个程序占用（{exc}）：请稍后再试。"
    if "unable to open" in text:
        return f"无法打开档案库 {path}：目录不存在，或没有读写权限。"
    return f"档案库 {path} 出错：{exc}"


def _unwritable(path: Path) -> bool:
    """An archive that is there but may not be written, or whose folder may not (SQLite writes beside it)."""
    import os

    return path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def ensure_schema(db: sqlite_utils.Database) -> None:
    if "threads" not in db.table_names():
        db["threads"].create(
            {
                "tid": int, "forum": str, "url": str, "fid": int, "subject": str, "variant": str,
                "source": str, "ppp": int, "pages_read": int, "last_page": int, "replies": int,
                "utc_offset": str, "first_fetched": str, "last_fetched": str, "poll": str,
            },
            pk="tid",
        )
    if "posts" not in db.table_names():
        db["posts"].create(
            {
                "pid": int, "tid": int, "floor": int, "author": str, "author_uid": int,
                "posted_at": str, "time_precision": str, "edited_by": str, "edited_at": str,
                "quotes": str, "text": str, "html": str, "status": str, "style": str,
                "source": str, "first_seen": str, "last_seen": str, "versions": int, "words": str,
            },
            pk="pid",
            foreign_keys=[("tid", "threads", "tid")],
        )
    db["posts"].create_index(["tid", "floor"], if_not_exists=True)
    db["posts"].create_index(["author"], if_not_exists=True)
    if "posts_fts" not in db.table_names() or not {"posts_ai", "posts_ad"} <= {t.name for t in db["posts"].triggers}:
        # SQLite's tokenizers do not split Chinese words; `words` holds the text with every CJK
        # character spaced out, so a two-character name is a two-token phrase query. Checked apart from
        # the table: a first run killed between the two left posts without its index, and the update
        # trigger an older archive's migration adds then failed every later write (no such table).
        db.execute("drop trigger if exists posts_au")
        db["posts"].enable_fts(["words", "author"], create_triggers=True, replace=True)
        _fts_on_change(db)
    if "post_versions" not in db.table_names():
        db["post_versions"].create(
            {
                "id": int, "pid": int, "digest": str, "seen_at": str, "source": str, "status": str,
                "text": str, "html": str, "edited_by": str, "edited_at": str,
            },
            pk="id",
            foreign_keys=[("pid", "posts", "pid")],
        )
        db["post_versions"].create_index(["pid", "digest"], unique=True)
    if "rulings" not in db.table_names():
        db["rulings"].create(
            {"id": int, "game": str, "day": int, "pid": int, "decision": str, "target": str, "voter": str, "note": str,
             "recorded_at": str, "recorded_by": str},
            pk="id",
        )
        db["rulings"].create_index(["game", "day", "pid"])
    if "cards" not in db.table_names():
        db["cards"].create(
            {"id": int, "game": str, "player": str, "color": str, "reason": str, "day": int, "pid": int,
             "recorded_at": str, "recorded_by": str},
            pk="id",
        )
        db["cards"].create_index(["game", "player"])
    _views(db)
    if "fetches" not in db.table_names():
        db["fetches"].create(
            {
                "id": int, "at": str, "tid": int, "url": str, "status": int, "bytes": int,
                "elapsed_ms": int, "outcome": str, "message": str, "posts": int, "new_posts": int,
            },
            pk="id",
        )


def _views(db: sqlite_utils.Database) -> None:
    """Views that make the archive pleasant in Datasette."""
    views = {
        "thread_posts": "select threads.subject, posts.floor, posts.author, posts.posted_at, posts.status, posts.text, "
                        "posts.pid, posts.tid from posts join threads on threads.tid = posts.tid order by posts.tid, posts.floor",
        "edited_posts": "select posts.pid, posts.tid, posts.floor, posts.author, posts.edited_by, posts.edited_at, posts.versions, "
                        "posts.text from posts where posts.versions > 1 or posts.edited_by is not null",
        "posts_per_author": "select tid, author, count(*) as posts from posts group by tid, author order by tid, posts desc",
    }
    for name, sql in views.items():
        if name not in db.view_names():
            db.create_view(name, sql)


def now_iso() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def digest(post: model.Post) -> str:
    """What makes a version distinct. Whitespace is squeezed: the API drops &nbsp; runs the desktop keeps."""
    squeezed = re.sub(r"\s+", "", post.text)
    key = json.dumps([post.status, squeezed, post.edited_by, post.edited_at], ensure_ascii=False)
    return hashlib.sha1(key.encode("utf-8")).hexdigest()


def save_thread(db: sqlite_utils.Database, page: model.ThreadPage, *, forum: str, url: str, source: str, ppp: int) -> None:
    existing = db["threads"].get(page.tid) if db["threads"].count_where("tid = ?", [page.tid]) else None
    if existing and existing["forum"] != forum:
        raise ValueError(f"档案库里的帖子 {page.tid} 属于论坛 {existing['forum']}，不是 {forum}：请为另一个论坛换一个 --db 文件。")
    row = {
        "tid": page.tid,
        "forum": forum,
        "url": url,
        "subject": page.subject or (existing or {}).get("subject"),
        "fid": page.fid if page.fid is not None else (existing or {}).get("fid"),
        "variant": page.variant,
        "source": source,
        "ppp": ppp,
        "last_page": page.last_page,
        "replies": page.replies if page.replies is not None else (existing or {}).get("replies"),
        "utc_offset": page.utc_offset,
        "last_fetched": now_iso(),
        "first_fetched": (existing or {}).get("first_fetched") or now_iso(),
        "pages_read": (existing or {}).get("pages_read") or 0,
        # the poll is on the first page only: a later page keeps what page 1 said
        "poll": json.dumps(page.poll, ensure_ascii=False) if page.poll is not None else
        (None if page.page == 1 else (existing or {}).get("poll")),
    }
    db["threads"].upsert(row, pk="tid", alter=True)


def mark_pages_read(db: sqlite_utils.Database, tid: int, page: int, source: str, ppp: int) -> None:
    db["threads"].update(tid, {"pages_read": page, "source": source, "ppp": ppp})


def save_posts(db: sqlite_utils.Database, posts: list[model.Post], *, source: str) -> int:
    """Upsert posts; record each new distinct version. Returns how many pids were new.

    One page is one transaction of batched statements: the stored rows and version digests are read in
    one query each, then posts are upserted and new versions inserted with executemany."""
    if not posts:
        return 0
    seen_at = now_iso()
    pids = [post.pid for post in posts]
    marks = ", ".join("?" * len(pids))
    olds = {r["pid"]: r for r in db.query(f"select * from posts where pid in ({marks})", pids)}
    known = set(db.execute(f"select pid, digest from post_versions where pid in ({marks})", pids).fetchall())
    rows, versions, new = [], [], 0
    for post in posts:
        row = _row(post, source, seen_at)
        old = olds.get(post.pid)
        if old is None:
            new += 1
            row.update(first_seen=seen_at, versions=0)
        else:
            _keep_what_was_known(row, old, post)
            row["versions"] = old["versions"]
        rows.append(row)
        d = digest(post)
        if (post.pid, d) not in known:
            known.add((post.pid, d))
            versions.append((post.pid, d, seen_at, source, post.status, post.text, post.html, post.edited_by, post.edited_at))
    with db.conn:
        db.conn.executemany(_UPSERT_POST, rows)
        if versions:
            db.conn.executemany(_INSERT_VERSION, versions)
            db.conn.executemany(_COUNT_VERSIONS, [(pid, pid) for pid in dict.fromkeys(v[0] for v in versions)])
    return new


def mark_gone(db: sqlite_utils.Database, tid: int, seen_pids: set[int]) -> list[int]:
    """After a full pass: posts the forum no longer lists are marked deleted, text kept."""
    gone = [
        r["pid"]
        for r in db.query("select pid from posts where tid = ? and status != ?", [tid, model.DELETED])
        if r["pid"] not in seen_pids
    ]
    seen_at = now_iso()
    with db.conn:
        for pid in gone:
            db["posts"].update(pid, {"status": model.DELETED, "last_seen": seen_at})
            old = db["posts"].get(pid)
            post = _post_from_row(old)
            _save_version(db, post, "absence", seen_at)
    return gone


_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0002ffff]+")
_SPACES = re.compile(r"\s+")


def spaced(text: str) -> str:
    # Runs, not single characters, go through the callback: three times faster on Chinese text.
    return _SPACES.sub(" ", _CJK_RUN.sub(lambda m: " " + " ".join(m.group()) + " ", text)).strip()


def search_posts(db: sqlite_utils.Database, query: str, tid: int | None = None) -> list[dict]:
    """Posts whose text contains `query` (Chinese or not), newest first."""
    phrase = '"' + spaced(query).replace('"', '""') + '"'
    sql = (
        "select posts.pid, posts.tid, posts.floor, posts.author, posts.posted_at, posts.text from posts "
        "join posts_fts on posts_fts.rowid = posts.rowid where posts_fts match ?"
    )
    params: list = [phrase]
    if tid is not None:
        sql += " and posts.tid = ?"
        params.append(tid)
    return list(db.query(sql + " order by posts.posted_at desc", params))


def save_ruling(db: sqlite_utils.Database, *, game: str, day: int, pid: int, decision: str,
                target: str | None = None, note: str = "", by: str = "", voter: str | None = None) -> None:
    """A director's ruling. Kept forever: a later ruling on the same post supersedes, never erases. `voter`:
    whose ballot the post counts as, where that is not its poster's (a ballot relayed for another player)."""
    db["rulings"].insert({"game": game, "day": day, "pid": pid, "decision": decision, "target": target, "voter": voter,
                          "note": note, "recorded_at": now_iso(), "recorded_by": by})


def game_key(db: sqlite_utils.Database, identity: str | None, name: str, former: str | None = None) -> str:
    """The key a game's rows and our posts' markers are filed under: the name the game had when the archive first
    saw its identity (its forum and first vote thread; `former`, as an earlier version spelled it), whatever it is
    called now."""
    if identity is None:
        return name
    for known in dict.fromkeys(i for i in (identity, former) if i):
        if "games" in db.table_names() and db["games"].count_where("identity = ?", [known]):
            return db["games"].get(known)["key"]
    try:
        db["games"].insert({"identity": identity, "key": name, "first_seen": now_iso()}, pk="identity")
    except sqlite3.OperationalError:
        pass  # a read-only archive: the name it has now
    return name


def save_login(db: sqlite_utils.Database, uid: int, username: str) -> None:
    """The account a run signed in as: the forum's number for a name, as the forum gave it (a rename keeps the
    number; a name freed by one can be registered by somebody else)."""
    db["logins"].upsert({"uid": uid, "username": username, "last_seen": now_iso()}, pk=("uid", "username"))


def load_logins(db: sqlite_utils.Database) -> list[tuple[str, int]]:
    """(name, uid) of every account a run signed in as, the earliest first."""
    if "logins" not in db.table_names():
        return []
    return [(r["username"], r["uid"]) for r in db.query("select uid, username from logins order by rowid")]


def save_maxposition(db: sqlite_utils.Database, tid: int, maxposition: int) -> None:
    """The floors the forum has handed out in a thread (the mobile API's maxposition), shown or not."""
    db["thread_positions"].upsert({"tid": tid, "maxposition": maxposition, "seen_at": now_iso()}, pk="tid")


def load_maxposition(db: sqlite_utils.Database, tid: int) -> int | None:
    if "thread_positions" not in db.table_names() or not db["thread_positions"].count_where("tid = ?", [tid]):
        return None
    return db["thread_positions"].get(tid)["maxposition"]


def load_rulings(db: sqlite_utils.Database, game: str, day: int) -> list[dict]:
    """The standing ruling per post (the latest recorded), in the order they were made."""
    latest: dict[int, dict] = {}
    for row in db.query("select * from rulings where game = ? and day = ? order by id", [game, day]):
        latest[row["pid"]] = row
    return list(latest.values())


def post_history(db: sqlite_utils.Database, pids: list[int]) -> dict[int, list[dict]]:
    """Every stored version of these posts, oldest first."""
    history: dict[int, list[dict]] = {}
    if not pids:
        return history
    marks = ",".join("?" * len(pids))
    for row in db.query(f"select pid, seen_at, text, status, edited_by, edited_at from post_versions where pid in ({marks}) order by id",
                        pids):  # (who stamped it, as first read: a stamp there within a minute of the post was typed — tally/day.py)
        history.setdefault(row["pid"], []).append(row)
    return history


def save_card(db: sqlite_utils.Database, *, game: str, player: str, color: str, reason: str, day: int | None = None,
              pid: int | None = None, by: str = "") -> None:
    db["cards"].insert({"game": game, "player": player, "color": color, "reason": reason, "day": day, "pid": pid,
                        "recorded_at": now_iso(), "recorded_by": by})


def load_cards(db: sqlite_utils.Database, game: str) -> list[dict]:
    return list(db.query("select * from cards where game = ? order by id", [game]))


def log_fetch(db: sqlite_utils.Database, **fields) -> None:
    db["fetches"].insert({"at": now_iso(), **fields})


def read_posts(db: sqlite_utils.Database, tid: int) -> list[model.Post]:
    return [_post_from_row(r) for r in db.query("select * from posts where tid = ? order by floor, pid", [tid])]


def _get_post(db: sqlite_utils.Database, pid: int) -> dict | None:
    rows = list(db.query("select * from posts where pid = ?", [pid]))
    return rows[0] if rows else None


def _row(post: model.Post, source: str, seen_at: str) -> dict:
    row = post.to_dict()
    row["quotes"] = json.dumps(row["quotes"], ensure_ascii=False)
    row["style"] = json.dumps(row["style"], ensure_ascii=False)
    row.update(source=source, last_seen=seen_at, words=spaced(post.text))
    return row


def _keep_what_was_known(row: dict, old: dict, post: model.Post) -> None:
    # A locked post shows no text: keep what it said while it was readable.
    if not post.text and old["text"]:
        row["text"], row["html"], row["words"] = old["text"], old["html"], old["words"]
        if post.quotes == [] and old["quotes"] != "[]":
            row["quotes"] = old["quotes"]
    # The mobile API strips edit stamps: an unchanged text keeps the stamp a desktop page showed.
    if post.edited_by is None and old["edited_by"] and re.sub(r"\s+", "", row["text"]) == re.sub(r"\s+", "", old["text"]):
        row["edited_by"], row["edited_at"] = old["edited_by"], old["edited_at"]
    # The desktop page's text keeps the spaces the API drops: don't trade it for the poorer one.
    if source_rank(row["source"]) < source_rank(old["source"]) and re.sub(r"\s+", "", row["text"]) == re.sub(r"\s+", "", old["text"]):
        row["text"], row["html"], row["words"] = old["text"], old["html"], old["words"]
    row["floor"] = row["floor"] if row["floor"] is not None else old["floor"]
    row["first_seen"] = old["first_seen"]


def source_rank(source: str | None) -> int:
    return {"pc": 2, "d7": 2, "api": 1}.get(source or "", 0)


def _save_version(db: sqlite_utils.Database, post: model.Post, source: str, seen_at: str) -> None:
    d = digest(post)
    if db["post_versions"].count_where("pid = ? and digest = ?", [post.pid, d]):
        return
    db["post_versions"].insert(
        {
            "pid": post.pid, "digest": d, "seen_at": seen_at, "source": source, "status": post.status,
            "text": post.text, "html": post.html, "edited_by": post.edited_by, "edited_at": post.edited_at,
        }
    )
    db.execute(_COUNT_VERSIONS, [post.pid, post.pid])


def _post_from_row(row: dict) -> model.Post:
    return model.Post(
        pid=row["pid"], tid=row["tid"], floor=row["floor"], author=row["author"], author_uid=row["author_uid"],
        posted_at=row["posted_at"], time_precision=row["time_precision"], edited_by=row["edited_by"],
        edited_at=row["edited_at"], quotes=[model.Quote(**q) for q in json.loads(row["quotes"] or "[]")],
        text=row["text"] or "", html=row["html"] or "", status=row["status"], style=json.loads(row["style"] or "{}"),
    )


def thread_poll(db: sqlite_utils.Database, tid: int | None) -> dict | None:
    """The poll the archive last saw on a 投票 thread's first page (None: no poll, or the thread never read)."""
    if not tid or "threads" not in db.table_names() or "poll" not in db["threads"].columns_dict:
        return None
    row = db.execute("select poll from threads where tid = ?", [tid]).fetchone()
    return json.loads(row[0]) if row and row[0] else None
