"""Storage faults: every SQLite failure is one clear sentence and a non-zero exit, nothing stored is lost;
the archive has a schema version, older ones are migrated, newer ones refused; reading never writes."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from scraper import archive


def bansha(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True, timeout=120)


@pytest.fixture
def filled(tmp_path) -> tuple[Path, Path]:
    """A real archive of the demo game (a poll against the demo forum), and its game file."""
    from bansha import poll as polling
    from bansha.demo import game as demo

    forum = demo.build()
    text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
    with forum:
        gf = tmp_path / "game.toml"
        gf.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{forum.base_url}"'), "utf-8")
        polling.run_poll(gf, tmp_path / "g.db", polling.PollOptions(now=forum.clock(), interval=0, out_dir=tmp_path / "o"),
                         lambda line: None)
    sqlite3.connect(tmp_path / "g.db").execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    return gf, tmp_path / "g.db"


@pytest.mark.parametrize("damage, words", [
    (lambda p: p.write_bytes(b"this is not a database at all" * 100), "不是 SQLite 数据库"),
    (lambda p: p.write_bytes(p.read_bytes()[:100]), "不是 SQLite 数据库"),
    (lambda p: p.write_bytes(p.read_bytes()[:4096 * 3]), "损坏"),
])
def test_a_damaged_archive_is_one_sentence_never_a_traceback(filled, damage, words):
    gf, db = filled
    damage(db)
    for args in (("tally", gf, "--day", "1", "--db", db), ("fetch", "http://127.0.0.1:9/forum.php?mod=viewthread&tid=101", "--db", db),
                 ("poll", gf, "--db", db, "--interval", "0")):
        done = bansha(*args)
        assert done.returncode == 1 and "Traceback" not in done.stderr, (args, done.stderr)
        assert words in done.stderr or "不是 SQLite" in done.stderr or "损坏" in done.stderr, done.stderr


def test_reading_commands_never_write(filled):
    gf, db = filled
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    for args in (("tally", gf, "--day", "1"), ("review", gf, "--day", "1"), ("lurk", gf, "--day", "1"), ("card", "list", gf)):
        done = bansha(*args, "--db", db)
        assert done.returncode == 0, (args, done.stderr)
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert not Path(str(db) + "-wal").exists() or Path(str(db) + "-wal").stat().st_size == 0


def test_a_newer_archive_is_refused_and_an_older_one_migrated(filled):
    gf, db = filled
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA user_version = 99")
    done = bansha("tally", gf, "--day", "1", "--db", db)
    assert done.returncode == 1 and "更新版本" in done.stderr
    # The first released schema: user_version never set, the outbox without its later columns.
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA user_version = 0")
        con.execute("drop table if exists outbox")
        con.execute("create table outbox (key text primary key, game text, day integer, phase text, state text, pid integer, "
                    "digest text, message text, error text, updated_at text)")
        con.execute("insert into outbox values ('k', '[101]梁山风云', 1, 'final', 'posted', 59, 'x', null, null, '2026')")
        # Schemas 1 and 2 re-indexed every re-read post for search: sqlite-utils' unconditional trigger.
        con.execute("drop trigger posts_au")
        con.execute("create trigger posts_au after update on posts begin "
                    "insert into posts_fts (posts_fts, rowid, words, author) values ('delete', old.rowid, old.words, old.author); "
                    "insert into posts_fts (rowid, words, author) values (new.rowid, new.words, new.author); end")
    opened = archive.open_db(db)
    trigger = opened.execute("select sql from sqlite_master where name = 'posts_au'").fetchone()[0]
    assert "old.words is not new.words" in trigger
    assert opened.execute("PRAGMA user_version").fetchone()[0] == archive.SCHEMA_VERSION
    assert {"outcome", "page", "rulings_seen"} <= set(opened["outbox"].columns_dict)
    assert opened["outbox"].get("k")["pid"] == 59  # nothing stored is lost


def test_sqlite_failures_are_described():
    con = sqlite3.connect(":memory:")
    con.execute("PRAGMA max_page_count = 2")
    con.execute("create table t (x)")
    with pytest.raises(sqlite3.Error) as full:
        for _ in range(1000):
            con.execute("insert into t values (randomblob(1000))")
    assert "磁盘已满" in archive.describe_sqlite_error(full.value, "g.db")
    ro = sqlite3.connect("file::memory:?mode=ro", uri=True)
    with pytest.raises(sqlite3.Error) as readonly:
        ro.execute("create table t (x)")
    assert "只读" in archive.describe_sqlite_error(readonly.value, "g.db")


def test_search_follows_edits_and_rereading_leaves_the_index_alone(tmp_path):
    """The search index is rewritten when a post's words change, and only then."""
    from scraper import model

    db = archive.open_db(tmp_path / "a.db")
    page = model.ThreadPage(variant="x3", tid=7, fid=2, subject="投票帖", page=1, last_page=1, replies=1, posts=[],
                            generator=None, now=None, utc_offset="+08:00", formhash=None, uid=None, damage=[])
    archive.save_thread(db, page, forum="bbs.example.org", url="u", source="pc", ppp=10)

    def post(text: str) -> model.Post:
        return model.Post(pid=70, tid=7, floor=2, author="郭靖", author_uid=3, posted_at="2026-11-20T21:30:00+08:00",
                          time_precision="second", edited_by=None, edited_at=None, quotes=[], text=text, html=text,
                          status="normal", style={"colors": [], "sizes": []})

    assert archive.save_posts(db, [post("投票对象：黄蓉")], source="pc") == 1
    fts_changes = db.execute("select total_changes()").fetchone()[0]
    archive.save_posts(db, [post("投票对象：黄蓉")], source="pc")  # the same page read again
    # One row upserted; the FTS table (several shadow rows per change) untouched.
    assert db.execute("select total_changes()").fetchone()[0] - fts_changes == 1
    assert [r["pid"] for r in archive.search_posts(db, "黄蓉")] == [70]
    archive.save_posts(db, [post("投票对象：杨康")], source="pc")  # edited
    assert archive.search_posts(db, "黄蓉") == []
    assert [r["pid"] for r in archive.search_posts(db, "杨康")] == [70]
    assert db["posts"].get(70)["versions"] == 2


def test_a_first_run_killed_while_making_the_archive_leaves_one_that_works(tmp_path):
    """Killed between creating posts and its search index (found by the kill-and-rerun test): the next
    run made the migration's update trigger over an index that was not there, and every write after it
    failed with 「no such table: main.posts_fts」. Each part of the schema is now checked on its own."""
    import sqlite_utils

    from scraper import model

    path = tmp_path / "a.db"
    archive.open_db(path).conn.close()
    half = sqlite_utils.Database(path)  # as the kill left it: the tables, no index, no schema version yet
    for trigger in ("posts_ai", "posts_ad", "posts_au"):
        half.execute(f"drop trigger if exists {trigger}")
    half["posts_fts"].drop()
    half.execute("PRAGMA user_version = 0")
    half.conn.close()
    db = archive.open_db(path)  # the rerun
    page = model.ThreadPage(variant="x3", tid=7, fid=2, subject="投票帖", page=1, last_page=1, replies=1, posts=[],
                            generator=None, now=None, utc_offset="+08:00", formhash=None, uid=None, damage=[])
    archive.save_thread(db, page, forum="bbs.example.org", url="u", source="pc", ppp=10)
    for text in ("投票对象：黄蓉", "投票对象：杨康"):  # a post, then its edit: the update trigger fires
        post = model.Post(pid=70, tid=7, floor=2, author="郭靖", author_uid=3, posted_at="2026-11-20T21:30:00+08:00",
                          time_precision="second", edited_by=None, edited_at=None, quotes=[], text=text, html=text,
                          status="normal", style={"colors": [], "sizes": []})
        archive.save_posts(db, [post], source="pc")
    assert [r["pid"] for r in archive.search_posts(db, "杨康")] == [70]
