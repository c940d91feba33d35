"""One cron run: sync the day's threads, tally, count 潜水, write reports, and post the result once.

Never double-post: the intent to post is recorded in the archive before the reply is sent; a run that
finds an unfinished intent (a crash or a timeout mid-post) looks for its own post in the thread —
by our uid and the marker line every bansha post carries — before it tries again.
"""

from __future__ import annotations

import fcntl
import hashlib
import html
import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

import sqlite_utils

from scraper import archive, auth, model, poster
from scraper.client import ForumClient
from scraper.sync import sync_thread
from tally import report
from tally.game import Day, Game

from . import pipeline

EXIT_OK, EXIT_ERROR, EXIT_REVIEW, EXIT_BUSY = 0, 1, 3, 75
FINAL, RUNNING = "final", "running"


class Busy(Exception):
    pass


@dataclass
class PollOptions:
    day: int | None = None
    post: bool = False
    running: bool = False
    out_dir: Path = Path("bansha-report")
    now: datetime | None = None
    login: str | None = None
    password: str | None = None
    interval: float = 2.0
    verbose: bool = False
    with_lurk: bool = False  # add post counts, violations and acceleration (never proposed cards) to the post


@dataclass
class PollResult:
    day: int
    code: int
    summary: str
    posted: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


class RunLock:
    """An exclusive, non-blocking lock beside the archive: cron runs that overlap exit at once."""

    def __init__(self, db_path: Path):
        self.path = Path(str(db_path) + ".lock")
        self.handle = None

    def __enter__(self) -> "RunLock":
        self.handle = open(self.path, "a+")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.close()
            raise Busy(f"另一个 bansha poll 正在运行（锁文件 {self.path}），本次直接退出。") from None
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(str(os.getpid()))
        self.handle.flush()
        return self

    def __exit__(self, *exc) -> None:
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


def pick_day(game: Game, now: datetime) -> Day:
    """The day under way; else the last day that has closed (its final result may still be due)."""
    started = [d for d in game.days if game.when(d.start) is None or game.when(d.start) <= now]
    for day in started:
        close = game.when(day.close)
        if close is None or now < close:
            return day
    if started:
        return max(started, key=lambda d: d.day)
    raise ValueError("游戏文件里没有已经开始的一天：请检查 [[days]] 的 start 时间，或用 --day 指定。")


def marker(game: Game, day: int, phase: str) -> str:
    """The line every bansha post ends with: how a later run recognises its own post in the thread."""
    words = "最终结果" if phase == FINAL else "实时票数"
    return f"bansha·{report.escape_bbcode(game.name)}·第{day}天·{words}"


def ensure_outbox(db: sqlite_utils.Database) -> None:
    if "outbox" not in db.table_names():
        db["outbox"].create(
            {"key": str, "game": str, "day": int, "phase": str, "state": str, "pid": int, "digest": str,
             "message": str, "error": str, "updated_at": str},
            pk="key",
        )


def run_poll(game_file: Path, db_path: Path, options: PollOptions, say: Callable[[str], None]) -> PollResult:
    game, rules = pipeline.load_game(game_file)
    if not game.forum:
        raise ValueError("游戏文件的 [game] 里没有 forum（论坛地址），poll 不知道去哪里抓帖子。")
    now = options.now or datetime.now(game.tz)
    day = game.day(options.day) if options.day else pick_day(game, now)
    with RunLock(db_path):
        db = archive.open_db(db_path)
        ensure_outbox(db)
        base = game.forum if game.forum.endswith("/") else game.forum + "/"
        with ForumClient(cookie_file=Path(str(db_path) + ".cookies.txt"), min_interval=options.interval) as client:
            if options.login:
                uid = auth.login(client, base, options.login, options.password or "")
                say(f"已登录：{options.login}（uid={uid}）")
            for tid in _threads_of(day):
                sync = sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}")
                say(f"抓取帖子 {tid}《{sync.subject}》：新增 {sync.new_posts} 楼，{sync.requests} 次请求")
            tally = pipeline.tally_from_archive(db, game, rules, day.day)
            lurking = pipeline.lurk_from_archive(db, game, rules, day.day, tally) if day.discussion_threads else None
            files = write_reports(options.out_dir, game, tally, lurking)
            posted: list[str] = []
            close = game.when(day.close)
            if options.post and close and now >= close:
                public = _lurk_section(lurking, public=True) if options.with_lurk else ""
                posted.append(_publish(db, client, base, game, day, FINAL, report.render_bbcode(tally, game.name)
                                       + public + f"\n\n[size=1]{marker(game, day.day, FINAL)}[/size]", say))
            elif options.running and close and now < close:
                body = report.render_bbcode(tally, game.name).replace("投票结果", "实时票数（未截止）", 1)
                count = json.dumps([tally.to_json()["totals"], tally.abstentions, tally.outcome.kind, tally.outcome.names],
                                   ensure_ascii=False)  # edit only when the count itself changed
                posted.append(_publish(db, client, base, game, day, RUNNING,
                                       body + f"\n\n[size=1]{marker(game, day.day, RUNNING)}[/size]", say, count))
    review = [f for f in tally.flags]
    matters = [f for f in review if f.can_change_outcome]
    summary = (f"第{day.day}天：{tally.outcome.describe()}；待裁定 {len(review)} 帖"
               + (f"（其中 {len(matters)} 帖可能改变结果）" if matters else "") + f"；报告在 {options.out_dir}")
    code = EXIT_REVIEW if review else EXIT_OK
    return PollResult(day.day, code, summary, [p for p in posted if p], files)


def _threads_of(day: Day) -> list[int]:
    tids = [day.vote_thread, *day.discussion_threads, day.process_thread, day.election_thread]
    return list(dict.fromkeys(t for t in tids if t))


def _lurk_section(lurking, public: bool = False) -> str:
    return "" if lurking is None else "\n\n" + report.render_lurk(lurking, bbcode=True, public=public)


def _publish(db, client: ForumClient, base: str, game: Game, day: Day, phase: str, message: str, say,
             what_matters: str | None = None) -> str:
    """Post (or, for the running count, edit in place) exactly once per day and phase."""
    key = f"{game.name}|{day.day}|{phase}"
    digest = hashlib.sha1((what_matters or message).encode("utf-8")).hexdigest()
    row = db["outbox"].get(key) if db["outbox"].count_where("key = ?", [key]) else None
    tag = marker(game, day.day, phase)
    if row and row["state"] == "intent":
        # A run died or timed out mid-post: the reply may exist. Look before posting again.
        found = _find_own_post(db, client, base, day.vote_thread, tag)
        if found:
            _record(db, key, game, day, phase, "posted", found, row["digest"])
            row = db["outbox"].get(key)
            say(f"上次运行中断，已在帖子里找到自己发的{'结果帖' if phase == FINAL else '实时票数帖'}（pid {found}）")
    if row and row["state"] == "posted":
        if phase == FINAL or row["digest"] == digest:
            say("结果帖已经发过，不再重复发。" if phase == FINAL else "票数没有变化，不编辑。")
            return ""
        page, _ = client.fetch_page(f"{base}forum.php?mod=viewthread&tid={day.vote_thread}")
        poster.edit(client, base, fid=page.fid, tid=day.vote_thread, pid=row["pid"], message=message,
                    charset=_charset(page))
        _record(db, key, game, day, phase, "posted", row["pid"], digest)
        say(f"票数有变化，已编辑实时票数帖（pid {row['pid']}）")
        return f"编辑 pid {row['pid']}"
    page, _ = client.fetch_page(f"{base}forum.php?mod=viewthread&tid={day.vote_thread}")
    if not page.uid:
        raise poster.NotLoggedIn("抱歉，您尚未登录，没有权限在该版块回帖")
    _record(db, key, game, day, phase, "intent", None, digest, message)  # before the reply leaves
    try:
        pid = poster.reply(client, base, fid=page.fid, tid=day.vote_thread, message=message, formhash=page.formhash or "",
                           charset=_charset(page))
    except poster.Pending as held:
        _record(db, key, game, day, phase, "posted", None, digest, error=held.message)
        say(f"已回帖，但需要版主审核：{held.message}")
        return "待审核"
    except poster.PostError as error:
        _record(db, key, game, day, phase, "failed", None, digest, error=error.message)
        raise
    _record(db, key, game, day, phase, "posted", pid, digest)
    say(f"已发布{'结果帖' if phase == FINAL else '实时票数帖'}（pid {pid}）")
    return f"回帖 pid {pid}"


def _find_own_post(db, client: ForumClient, base: str, tid: int, tag: str) -> int | None:
    """Our post carrying `tag`, among the thread's posts (this run synced the vote thread already)."""
    uid = auth.current_uid(client, base)
    for row in db.query("select pid, author_uid, text from posts where tid = ? order by pid desc", [tid]):
        if tag in (row["text"] or "") and (not uid or row["author_uid"] == uid):
            return row["pid"]
    return None


def _record(db, key, game, day, phase, state, pid, digest, message=None, error=None) -> None:
    with db.conn:
        db["outbox"].upsert({"key": key, "game": game.name, "day": day.day, "phase": phase, "state": state, "pid": pid,
                             "digest": digest, "message": message, "error": error,
                             "updated_at": archive.now_iso()}, pk="key")


def _charset(page: model.ThreadPage) -> str:
    return page.charset or "utf-8"


def write_reports(out_dir: Path, game: Game, tally, lurking) -> list[Path]:
    """The day's result as BBCode (to paste), JSON (for other tools) and a small HTML page (to read)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = out_dir / f"day{tally.day}"
    files = {
        stem.with_suffix(".bbcode"): report.render_bbcode(tally, game.name) + _lurk_section(lurking) + "\n",
        stem.with_suffix(".json"): json.dumps({"tally": tally.to_json(), "lurk": lurking.to_json() if lurking else None},
                                              ensure_ascii=False, indent=1) + "\n",
        stem.with_suffix(".html"): _html(game, tally, lurking),
    }
    for path, text in files.items():
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(text, "utf-8")
        tmp.replace(path)  # a reader never sees half a report
    return list(files)


def _html(game: Game, tally, lurking) -> str:
    text = report.render_text(tally, game.name) + ("\n\n" + report.render_lurk(lurking, game.name) if lurking else "")
    rows = "".join(
        f"<tr><td>{e.floor}</td><td>{html.escape(e.author)}</td><td>{html.escape(e.kind)}</td>"
        f"<td>{html.escape(e.target or '')}</td><td class='{e.verdict}'>{e.verdict}</td><td>{html.escape(e.reason)}</td></tr>"
        for e in tally.entries
    )
    return (
        "<!DOCTYPE html><html lang='zh-CN'><head><meta charset='utf-8'>"
        f"<title>{html.escape(game.name)} 第{tally.day}天</title><style>body{{font-family:sans-serif;max-width:60em;margin:auto}}"
        "td,th{border-bottom:1px solid #ddd;padding:2px 6px}.invalid{color:#a00}.counted{color:#070}</style></head><body>"
        f"<h1>{html.escape(game.name)} 第{tally.day}天</h1><pre>{html.escape(text)}</pre>"
        f"<table><tr><th>楼</th><th>作者</th><th>类型</th><th>对象</th><th>判定</th><th>说明</th></tr>{rows}</table>"
        "</body></html>\n"
    )
