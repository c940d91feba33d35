"""One cron run: sync the day's threads, tally, count 潜水, write reports, and post the result once.

Never double-post, and never leave a wrong result standing:
- before posting, the freshly synced vote thread is searched for our own post (our uid and the marker
  line every bansha post ends with) — after a crash, a timeout, or a restored backup of the archive alike;
- the intent to post is recorded before the reply leaves, and every reply and edit is read back;
- the marker carries a signature of what the post says; when a later ruling or a newly read edit changes
  the counted result after the final post, the final post is edited in place with a visible 更正 line;
- the final result is posted only when no open flag can change the outcome (rule first, or --force-post);
- after close the running-count post says 已截止 and points to the final post.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

import sqlite_utils
from filelock import FileLock, Timeout

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


class CorrectionFailed(poster.PostError):
    """The posted final result is no longer true and could not be edited: the director must act."""


@dataclass
class PollOptions:
    day: int | None = None
    round: int = 0  # with day: one of the day's rounds (重投, 高票对决)
    post: bool = False
    running: bool = False
    out_dir: Path = Path("bansha-report")
    now: datetime | None = None
    login: str | None = None
    password: str | None = None
    cookies: Path | None = None  # a cookies.txt or a copied Cookie header, imported before anything else
    cookies_from_browser: str | None = None
    interval: float = 2.0
    verbose: bool = False
    with_lurk: bool = False  # add post counts, violations and acceleration (never proposed cards) to the post
    force_post: bool = False  # post the final result even while flags that can change it are open
    post_limit: int = 10_000  # the forum's maxpostsize (后台 → 帖子 → 帖子最大字数; Discuz counts a Chinese character as 2)


@dataclass
class PollResult:
    day: int
    code: int
    summary: str
    posted: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    closed: bool = False  # the day's vote has closed
    final_done: bool = False  # the day's final result is on the forum (or held for 审核)
    close: datetime | None = None


class RunLock:
    """An exclusive, non-blocking lock beside the archive: runs that overlap exit at once (any OS)."""

    def __init__(self, db_path: Path):
        self.path = Path(str(db_path) + ".lock")
        self.lock = FileLock(str(self.path), timeout=0)

    def __enter__(self) -> "RunLock":
        try:
            self.lock.acquire()
        except Timeout:
            raise Busy(f"另一个 bansha poll 正在运行（锁文件 {self.path}），本次直接退出。") from None
        return self

    def __exit__(self, *exc) -> None:
        self.lock.release()


def pick_day(game: Game, now: datetime) -> Day:
    """The vote under way (a day's own or one of its rounds); else the last that has closed (its final
    result may still be due)."""
    started = [d for d in game.vote_days() if game.when(d.start) is None or game.when(d.start) <= now]
    for day in started:
        close = game.when(day.close)
        if close is None or now < close:
            return day
    if started:
        return max(started, key=lambda d: (d.day, d.round))
    raise ValueError("游戏文件里没有已经开始的一天：请检查 [[days]] 的 start 时间，或用 --day 指定。")


def marker(game: Game, day: Day, phase: str) -> str:
    """The line every bansha post ends with: how a later run recognises its own post in the thread."""
    words = "最终结果" if phase == FINAL else "实时票数"
    return f"bansha·{report.escape_bbcode(game.name)}·{day.label}·{words}"


def signed(tag: str, signature: str) -> str:
    """The marker plus a signature of what the post says: reading it back proves which version is up."""
    return f"{tag}·v{signature}"


def signature(what: str) -> str:
    return hashlib.sha1(what.encode("utf-8")).hexdigest()[:8]


def outbox_key(game: Game, day: Day, phase: str) -> str:
    """The outbox row of a day's (or round's) result post."""
    return f"{game.name}|{day.key}|{phase}"


def posted_result(db: sqlite_utils.Database, game: Game, day: Day) -> dict | None:
    """The outbox row of the day's final result post, if one was posted, held or attempted."""
    return _outbox_row(db, outbox_key(game, day, FINAL)) if "outbox" in db.table_names() else None


def _outbox_row(db: sqlite_utils.Database, key: str) -> dict | None:
    return db["outbox"].get(key) if db["outbox"].count_where("key = ?", [key]) else None


def ensure_outbox(db: sqlite_utils.Database) -> None:
    if "outbox" not in db.table_names():
        db["outbox"].create(
            {"key": str, "game": str, "day": int, "phase": str, "state": str, "pid": int, "digest": str,
             "message": str, "error": str, "updated_at": str, "outcome": str, "page": int, "rulings_seen": int},
            pk="key",
        )  # an older outbox gains its later columns in archive.migrate


def run_poll(game_file: Path, db_path: Path, options: PollOptions, say: Callable[[str], None]) -> PollResult:
    game, rules = pipeline.load_game(game_file)
    if not game.forum:
        raise ValueError("游戏文件的 [game] 里没有 forum（论坛地址），poll 不知道去哪里抓帖子。")
    now = options.now or datetime.now(game.tz)
    day = game.day(options.day, options.round) if options.day else pick_day(game, now)
    with RunLock(db_path):
        db = archive.open_db(db_path)
        ensure_outbox(db)
        base = game.forum if game.forum.endswith("/") else game.forum + "/"
        with ForumClient(cookie_file=Path(str(db_path) + ".cookies.txt"), min_interval=options.interval) as client:
            for notice in client.notices:
                say(notice)
            me = _sign_in(client, base, options, say)
            for tid in _threads_of(day):
                sync = sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}")
                say(f"抓取帖子 {tid}《{sync.subject}》：新增 {sync.new_posts} 楼，{sync.requests} 次请求")
                for note in dict.fromkeys(sync.damage):
                    say(f"注意（帖子 {tid}）：{note}")
                if sync.gaps:
                    say(f"注意：{sync.describe_gaps()}")
            tally = pipeline.tally_from_archive(db, game, rules, day.day, round=day.round)
            # 潜水 is counted for the day as a whole: a round is not a day of its own.
            main = game.day(day.day)
            lurking = (pipeline.lurk_from_archive(db, game, rules, day.day, None if day.round else tally)
                       if main.discussion_threads else None)
            files = write_reports(options.out_dir, game, tally, lurking)
            desk = Desk(db, client, base, game, day, me, say, options.out_dir, options.post_limit)
            posted: list[str] = []
            close = game.when(day.close)
            if close and now >= close:
                if options.post:
                    public = _lurk_section(lurking, public=True) if options.with_lurk else ""
                    posted.append(desk.final(tally, public, now, force=options.force_post))
                if options.post or options.running:
                    posted.append(desk.close_running(close))
            elif options.running and close:
                posted.append(desk.running(tally, now))
            final_row = desk.row(FINAL)
            final_done = bool(final_row and final_row["state"] in ("posted", "pending"))
    review = list(tally.flags)
    matters = [f for f in review if f.can_change_outcome]
    closed = bool(close and now >= close)
    verdict = tally.outcome.describe() if closed or not close else f"未截止，若此刻截止：{tally.outcome.describe()}"
    summary = (f"{day.label}：{verdict}；待裁定 {len(review)} 帖"
               + (f"（其中 {len(matters)} 帖可能改变结果）" if matters else "") + f"；报告在 {options.out_dir}")
    code = EXIT_REVIEW if review else EXIT_OK
    return PollResult(day.day, code, summary, [p for p in posted if p], files,
                      closed=closed, final_done=final_done, close=close)


def _sign_in(client: ForumClient, base: str, options: PollOptions, say) -> auth.Identity:
    """Imported cookies first; then log in only if the session isn't already the director's."""
    host = base.split("//", 1)[-1].split("/", 1)[0]
    if options.cookies:
        auth.import_cookies(client, auth.load_cookies(options.cookies, host.split(":")[0]), base)
        say(f"已导入 Cookie 文件 {options.cookies}")
    if options.cookies_from_browser:
        auth.import_cookies(client, auth.cookies_from_browser(options.cookies_from_browser, host), base)
        say(f"已从 {options.cookies_from_browser} 读取论坛 Cookie")
    if not (options.login or options.post or options.running or options.cookies or options.cookies_from_browser):
        return auth.Identity(0)
    me = auth.ensure_login(client, base, options.login, options.password, say=say)
    if me.uid:
        say(f"当前身份：{me.username or '?'}（uid={me.uid}）")
    return me


def _threads_of(day: Day) -> list[int]:
    tids = [day.vote_thread, *day.discussion_threads, day.process_thread, day.election_thread]
    return list(dict.fromkeys(t for t in tids if t))


def _lurk_section(lurking, public: bool = False) -> str:
    return "" if lurking is None else "\n\n" + report.render_lurk(lurking, bbcode=True, public=public)


def _counted(tally) -> str:
    """What a result post asserts: the totals, abstentions and the outcome. Its signature decides edits."""
    return json.dumps([tally.to_json()["totals"], tally.abstentions, tally.outcome.kind, tally.outcome.names],
                      ensure_ascii=False)


@dataclass
class Desk:
    """Our posts in one day's vote thread: find them, post them once, keep them true."""

    db: sqlite_utils.Database
    client: ForumClient
    base: str
    game: Game
    day: Day
    me: auth.Identity
    say: Callable[[str], None]
    out_dir: Path
    post_limit: int = 10_000  # Discuz's default maxpostsize

    def link(self, pid: int) -> str:
        """A vote's floor, for the result post: the vote thread's, wherever the result is announced."""
        return model.findpost_url(self.base, self.day.vote_thread, pid)

    @property
    def tid(self) -> int:
        """Where results are 公示: the vote thread, or the process thread where the game file says so
        (many directors announce there)."""
        if self.game.announce == "process" and self.day.process_thread:
            return self.day.process_thread
        return self.day.vote_thread

    def key(self, phase: str) -> str:
        return outbox_key(self.game, self.day, phase)

    def row(self, phase: str) -> dict | None:
        return _outbox_row(self.db, self.key(phase))

    def record(self, phase: str, state: str, pid: int | None, digest: str, *, message: str | None = None,
               error: str | None = None, outcome: str | None = None, page: int | None = None) -> None:
        previous = self.row(phase) or {}
        with self.db.conn:
            self.db["outbox"].upsert({
                "key": self.key(phase), "game": self.game.name, "day": self.day.day, "phase": phase, "state": state,
                "pid": pid, "digest": digest, "message": message, "error": error,
                "outcome": outcome if outcome is not None else previous.get("outcome"),
                "page": page if page is not None else previous.get("page"), "updated_at": archive.now_iso(),
                # the rulings this post already reflects: a correction names only the ones after it
                "rulings_seen": self.last_ruling() if state == "posted" else previous.get("rulings_seen"),
            }, pk="key", alter=True)

    def last_ruling(self) -> int:
        if "rulings" not in self.db.table_names():
            return 0
        return self.db.execute("select coalesce(max(id), 0) from rulings where game = ? and day = ?",
                               [self.game.name, self.day.day]).fetchone()[0]

    def find(self, phase: str) -> tuple[int, str | None, int | None] | None:
        """Our post of this phase in the synced thread: (pid, its signature, its page), the earliest if several."""
        if not self.me.uid:
            return None
        tag = marker(self.game, self.day, phase)
        pattern = re.compile(re.escape(tag) + r"(?:·v([0-9a-f]{8}))?")
        for row in self.db.query(
            "select pid, floor, text from posts where tid = ? and author_uid = ? and text like ? order by pid",
            [self.tid, self.me.uid, f"%{tag}%"],
        ):
            m = pattern.search(row["text"] or "")
            if m:
                ppp = (self.db["threads"].get(self.tid) or {}).get("ppp") or 10
                return row["pid"], m.group(1), -(-row["floor"] // ppp) if row["floor"] else None
        return None

    def adopt(self, phase: str) -> dict | None:
        """The outbox row, reconciled with what the thread shows: the thread is the truth."""
        row = self.row(phase)
        found = self.find(phase)
        if found and not (row and row["state"] == "posted" and row["pid"] == found[0]):
            pid, sig, page = found
            words = "结果帖" if phase == FINAL else "实时票数帖"
            why = "上次运行中断" if row and row["state"] == "intent" else "档案库里没有发帖记录（可能是恢复了旧备份）"
            self.say(f"{why}：在帖子里找到自己发的{words}（pid {pid}），不再重复发。")
            self.record(phase, "posted", pid, sig or "", page=page)
            row = self.row(phase)
        return row

    def thread_page(self):
        page, _ = self.client.fetch_page(f"{self.base}forum.php?mod=viewthread&tid={self.tid}")
        return page

    # -- the final result ------------------------------------------------------------------------

    def final(self, tally, public: str, now: datetime, *, force: bool) -> str:
        sig = signature(_counted(tally))
        body = report.render_bbcode(tally, self.game.name, link=self.link) + public
        row = self.adopt(FINAL)
        if row and row["state"] == "pending":
            self.say("结果帖在等待版主审核，不再重复发。")
            return ""
        if row and row["state"] == "posted":
            if row["digest"] == sig:
                self.say("结果帖已经发过，不再重复发。")
                return ""
            return self.correct(row, tally, body, sig, now)
        open_flags = [f for f in tally.flags if f.can_change_outcome]
        if open_flags and not force:
            self.say(f"有 {len(open_flags)} 帖待裁定且可能改变结果（pid {', '.join(str(f.pid) for f in open_flags)}）："
                     "先裁定（bansha review / bansha rule），下次运行再发布结果帖；确要先发布请加 --force-post。")
            return ""
        return self.post(FINAL, body, sig, outcome=tally.outcome.describe())

    def correct(self, row: dict, tally, body: str, sig: str, now: datetime) -> str:
        """The posted result is no longer what the archive says: edit it in place, saying what changed and why."""
        before = row.get("outcome") or "原公布的结果"
        after = tally.outcome.describe()
        seen = row.get("rulings_seen") or 0
        reasons = [
            f"导演裁定 pid {r['pid']}（{report.ruling_words(r['decision'], r['target'])}）" + (f"：{r['note']}" if r["note"] else "")
            for r in archive.load_rulings(self.db, self.game.name, self.day.day) if r["id"] > seen
        ] or ["重新读取投票帖时发现了编辑过或新看到的楼层"]
        change = f"原公布「{before}」，更正为「{after}」" if before != after else f"结果仍为「{after}」，票数有变化"
        line = (f"[color=#CC0000][b]更正（{now:%m-%d %H:%M}）[/b]：{report.escape_bbcode(change)}。"
                f"依据：{report.escape_bbcode('；'.join(reasons))}。[/color]")
        message = f"{line}\n\n{body}"
        try:
            posted = self.edit(FINAL, row, message, sig)
        except poster.PostError as error:
            path = self.out_dir / f"day{self.day.key}.correction.bbcode"
            path.write_text(message + f"\n\n[size=1]{signed(marker(self.game, self.day, FINAL), sig)}[/size]\n", "utf-8")
            raise CorrectionFailed(
                f"已发布的结果帖（pid {row['pid']}）需要更正（{change}），但编辑失败：{error.message}\n"
                f"{error}\n更正后的结果帖已写入 {path}：请手动编辑原帖或另发一帖。", poster.EDIT) from None
        self.record(FINAL, "posted", row["pid"], sig, outcome=after)
        self.say(f"结果有变化，已更正结果帖（pid {row['pid']}）：{change}")
        return posted

    # -- the running count -----------------------------------------------------------------------

    def running(self, tally, now: datetime) -> str:
        sig = signature(_counted(tally))
        row = self.adopt(RUNNING)
        if row and row["state"] == "posted":
            if row["digest"] == sig:
                self.say("票数没有变化，不编辑。")
                return ""
            return self.edit(RUNNING, row, report.render_bbcode(tally, self.game.name, as_of=now, link=self.link), sig)
        return self.post(RUNNING, report.render_bbcode(tally, self.game.name, as_of=now, link=self.link), sig)

    def close_running(self, close: datetime) -> str:
        """After close the running post must not read as open: say 已截止 and where the final result is."""
        row = self.adopt(RUNNING)
        if not row or row["state"] != "posted" or not row["pid"]:
            return ""
        final = self.row(FINAL)
        if final and final["state"] == "posted" and final["pid"]:
            link = model.findpost_url(self.base, self.tid, final["pid"])
            where = f"最终结果见 [url={link}]{self.day.label}投票结果[/url]。"
        else:
            where = "最终结果待导演裁定后公布。"
        sig = signature(f"closed|{final['pid'] if final and final['state'] == 'posted' else ''}")
        if row["digest"] == sig:
            return ""
        body = (f"[b]{report.escape_bbcode(self.game.name)} {self.day.label}实时票数（已截止）[/b]\n"
                f"投票已于 {close:%Y-%m-%d %H:%M} 截止，这一帖不再更新。{where}")
        return self.edit(RUNNING, row, body, sig)

    # -- the two ways to write -------------------------------------------------------------------

    def message(self, phase: str, body: str, sig: str) -> str:
        """The post as sent: within the forum's size limit, ending with the signed marker line."""
        return report.fit_to_limit(body, self.post_limit) + f"\n\n[size=1]{signed(marker(self.game, self.day, phase), sig)}[/size]"

    def post(self, phase: str, body: str, sig: str, *, outcome: str | None = None) -> str:
        message = self.message(phase, body, sig)
        page = self.thread_page()
        if not page.uid:
            raise poster.NotLoggedIn("抱歉，您尚未登录，没有权限在该版块回帖")
        self.record(phase, "intent", None, sig, message=message, outcome=outcome)  # before the reply leaves
        try:
            done = poster.reply(self.client, self.base, fid=page.fid, tid=self.tid, message=message,
                                formhash=page.formhash or "", uid=page.uid, charset=page.charset or "utf-8",
                                check=signed(marker(self.game, self.day, phase), sig), say=self.say)
        except poster.Pending as held:
            self.record(phase, "pending", None, sig, error=held.message)
            self.say(f"已回帖，但需要版主审核：{held.message}")
            return "待审核"
        except poster.NotConfirmed as unseen:
            self.record(phase, "intent", None, sig, error=unseen.message)  # the next run looks again
            raise
        except poster.PostError as error:
            self.record(phase, "failed", None, sig, error=error.message)
            raise
        self.record(phase, "posted", done.pid, sig, page=done.page)
        self.say(f"已发布{'结果帖' if phase == FINAL else '实时票数帖'}（pid {done.pid}，已读回确认）")
        return f"回帖 pid {done.pid}"

    def edit(self, phase: str, row: dict, body: str, sig: str) -> str:
        message = self.message(phase, body, sig)
        page = self.thread_page()
        done = poster.edit(self.client, self.base, fid=page.fid, tid=self.tid, pid=row["pid"], message=message,
                           uid=self.me.uid or page.uid or 0, page=row.get("page"), charset=page.charset or "utf-8",
                           check=signed(marker(self.game, self.day, phase), sig), say=self.say)
        self.record(phase, "posted", row["pid"], sig, page=done.page)
        words = "结果帖" if phase == FINAL else "实时票数帖"
        self.say(f"已编辑{words}（pid {row['pid']}，已读回确认）")
        return f"编辑 pid {row['pid']}"


def write_reports(out_dir: Path, game: Game, tally, lurking) -> list[Path]:
    """The day's result as BBCode (to paste), JSON (for other tools) and a small HTML page (to read)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    round_words = tally.title.removeprefix(f"第{tally.day}天")  # "" for the day's own vote, "重投" for a round
    stem = out_dir / (f"day{tally.day}" + (f"-{round_words}" if round_words else ""))
    files = {
        stem.with_suffix(".bbcode"): report.render_bbcode(tally, game.name, link=pipeline.vote_links(game, tally)) + _lurk_section(lurking) + "\n",
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
        f"<title>{html.escape(game.name)} {tally.title}</title><style>body{{font-family:sans-serif;max-width:60em;margin:auto}}"
        "td,th{border-bottom:1px solid #ddd;padding:2px 6px}.invalid{color:#a00}.counted{color:#070}</style></head><body>"
        f"<h1>{html.escape(game.name)} {tally.title}</h1><pre>{html.escape(text)}</pre>"
        f"<table><tr><th>楼</th><th>作者</th><th>类型</th><th>对象</th><th>判定</th><th>说明</th></tr>{rows}</table>"
        "</body></html>\n"
    )
