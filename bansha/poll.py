"""One cron run: sync the day's threads, tally, count 潜水, write reports, and post the result once.

Never double-post, and never leave a wrong result standing (the outbox, scraper/outbox.py, owns how):
- every post ends with an ASCII marker line (game, day, kind, a per-post id, a signature of what it says);
  an earlier attempt whose fate is unknown is settled by searching the thread before anything else;
- the final result is posted only when it is proven — the same under every reading of every open flag
  (tally/whatif.py) — and the vote thread's edit stamps could be read; else it is held, and the summary,
  the log and the running post say why (--force-post is the director's override);
- the running count and the final result are compared, every run, with what the forum shows, on what
  they assert (each voter line, the invalid ballots, the outcome): when that changes, the running post
  is edited and the final corrected in place with a visible 更正 line naming the rulings behind it;
- after close the running-count post says 已截止 and points to the final post, or says why it is held.
"""

from __future__ import annotations

import html
import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

import sqlite_utils
from filelock import FileLock, Timeout

from scraper import archive, auth, model, poster
from scraper.client import ForumClient
from scraper.outbox import FINAL, RUNNING, Outbox, Slot, load_row, signature
from scraper.sync import sync_thread
from tally import report
from tally.game import Day, Game, template_leftovers

from . import pipeline

EXIT_OK, EXIT_ERROR, EXIT_REVIEW, EXIT_BUSY = 0, 1, 3, 75


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
    timeout: float = 30.0  # how long to wait for the forum's answer
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


def slot(game: Game, day: Day, kind: str) -> Slot:
    return Slot(game.name, day.day, day.key, kind)


def posted_result(db: sqlite_utils.Database, game: Game, day: Day) -> dict | None:
    """The outbox row of the day's final result post, if one was posted, held or attempted."""
    return load_row(db, slot(game, day, FINAL).key)


def last_ruling(db: sqlite_utils.Database, game: Game, day: int) -> int:
    """The id of the newest ruling of the day: read before tallying, so a post says which rulings it reflects."""
    if "rulings" not in db.table_names():
        return 0
    return db.execute("select coalesce(max(id), 0) from rulings where game = ? and day = ?", [game.name, day]).fetchone()[0]


def hold_reason(tally, blind: str | None = None) -> str | None:
    """Why the final result may not go out unattended, in the director's words (None: it may)."""
    if blind:
        return f"最终结果暂不发布：{blind}"
    if tally.certain:
        return None
    matters = [f for f in tally.flags if f.can_change_outcome]
    proof = tally.proof
    floors = "、".join(f"#{f.floor}" if f.floor is not None else f"pid {f.pid}" for f in matters)
    if matters:
        text = f"最终结果暂不发布：待裁定 {len(matters)} 帖可能改变结果（{floors}）"
    else:
        text = f"最终结果暂不发布：{proof.note if proof else '待裁定的帖子还没有分析'}"
    if proof and proof.readings:
        floor_of = {e.pid: e.floor for e in tally.entries}.get
        text += f"；例如 {proof.describe(floor_of)}"
    return text


def run_poll(game_file: Path, db_path: Path, options: PollOptions, say: Callable[[str], None]) -> PollResult:
    game, rules = pipeline.load_game(game_file)
    if not game.forum:
        raise ValueError("游戏文件的 [game] 里没有 forum（论坛地址），poll 不知道去哪里抓帖子。")
    leftovers = template_leftovers(game)
    if leftovers:
        raise ValueError("游戏文件里还有 bansha init 模板的示例内容（bansha check-game 会列出）：" + "；".join(leftovers))
    now = options.now or datetime.now(game.tz)
    day = game.day(options.day, options.round) if options.day else pick_day(game, now)
    close = game.when(day.close)
    closed = bool(close and now >= close)
    for path, what in ((options.out_dir, "报告目录"), (Path(str(db_path) + ".cookies.txt"), "Cookie 文件")):
        model.refuse_symlink(path, what)
    with RunLock(db_path):
        db = archive.open_db(db_path)
        base = game.forum if game.forum.endswith("/") else game.forum + "/"
        with ForumClient(cookie_file=Path(str(db_path) + ".cookies.txt"), min_interval=options.interval,
                         timeout=options.timeout, on_retry=say) as client:
            for notice in client.notices:
                say(notice)
            me = _sign_in(client, base, options, say, Path(str(db_path) + ".login-failed"))
            # Before a final goes out, every page of the vote thread once more: an incremental read sees
            # only the last page, and a ballot edited or deleted on an earlier one must not be counted unseen.
            before_final = posted_result(db, game, day)
            sweep = closed and options.post and not (before_final and before_final["state"] in ("confirmed", "pending"))
            for tid in _threads_of(day):
                full = sweep and tid == day.vote_thread
                sync = sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}", full=full)
                say(f"抓取帖子 {tid}《{sync.subject}》：新增 {sync.new_posts} 楼，{sync.requests} 次请求"
                    + ("（发布结果前把每一页重读一遍，核对编辑和删除）" if full else ""))
                if sync.gone:
                    say(f"注意（帖子 {tid}）：论坛上已经没有 pid {'、'.join(map(str, sync.gone))}（被删除或移走）：存档保留原文，计票时交导演裁定")
                for note in dict.fromkeys(sync.damage):
                    say(f"注意（帖子 {tid}）：{note}")
                if sync.gaps:
                    say(f"注意：{sync.describe_gaps()}")
            blind = (_edits_unseen(client, db, base, day, close, say) or _posts_unseen(client, db, base, day, close)
                     if closed and options.post else None)
            rulings_now = last_ruling(db, game, day.day)  # before the tally: the rulings it reflects
            # --now before the close is a count as it stood then: the posts archived since are not in it
            # (the running post is headed 未截止 at that moment). A real run's now is after every post.
            as_of = now if options.now is not None and not closed else None
            tally = pipeline.tally_from_archive(db, game, rules, day.day, round=day.round, as_of=as_of)
            # 潜水 is counted for the day as a whole: a round is not a day of its own.
            main = game.day(day.day)
            lurking = (pipeline.lurk_from_archive(db, game, rules, day.day, None if day.round else tally)
                       if main.discussion_threads else None)
            held = hold_reason(tally, blind) if closed else None
            public = _lurk_section(lurking, public=True) if options.with_lurk else ""
            files = write_reports(options.out_dir, game, day, tally, lurking, now=now, public=public,
                                  post_limit=options.post_limit, held=held)
            if held:
                say(held)
            results = Results(db, client, base, game, day, me, say, options.out_dir, options.post_limit, rulings_now)
            posted: list[str] = []
            if closed:
                if options.post:
                    posted.append(results.final(tally, public, now, held=held, force=options.force_post))
                if options.post or options.running:
                    posted.append(results.close_running(close, held))
            elif options.running and close:
                posted.append(results.running(tally, now))
            final_row = results.outbox.row(results.slot(FINAL))
            final_done = bool(final_row and final_row["state"] in ("confirmed", "pending"))
    review = list(tally.flags)
    matters = [f for f in review if f.can_change_outcome]
    verdict = tally.outcome.describe() if closed or not close else f"未截止，若此刻截止：{tally.outcome.describe()}"
    flags = f"待裁定 {len(review)} 帖" + (f"（其中 {len(matters)} 帖可能改变结果）" if matters else
                                          "（都不影响结果）" if review and tally.certain else "")
    summary = "；".join([f"{day.label}：{verdict}", flags, *([held] if held and not final_done else []),
                        *([results.correction_held] if results.correction_held else
                          ["结果帖已发出，等待版主审核"] if closed and final_row and final_row["state"] == "pending" else
                          ["结果帖已发布"] if closed and final_done else []), f"报告在 {options.out_dir}"])
    # 3 asks the director to act: a ruling is open and the final result is not out (or not yet due), or
    # an open flag can still change the one posted (a doubt that came after it, or --force-post).
    code = EXIT_REVIEW if review and (not final_done or not tally.certain or results.correction_held) else EXIT_OK
    return PollResult(day.day, code, summary, [p for p in posted if p], files,
                      closed=closed, final_done=final_done, close=close)


def _posts_unseen(client: ForumClient, db: sqlite_utils.Database, base: str, day: Day, close) -> str | None:
    """Replies of the vote thread nobody can read — held for 审核 (they appear later, at their floor) or
    deleted before we read them. The desktop pages hide them without a trace (their floor numbers close
    up), so the mobile API's count of handed-out floors is compared with the posts shown: any missing may
    be a ballot made before the close, and the result cannot be proven while one is."""
    tid = day.vote_thread
    try:
        page, _ = client.fetch_page(f"{base}api/mobile/index.php?version=4&module=viewthread&tid={tid}&page=1&ppp=1")
    except Exception:  # noqa: BLE001 - no API (refused, or failed): the archive's own floors are all there is
        page = None
    if page is None or page.maxposition is None or page.replies is None:
        return _floors_unseen(db, day, close)
    gone = db["posts"].count_where("tid = ? and status = ?", [tid, model.DELETED])
    missing = page.maxposition - (page.replies + 1) - gone
    if missing <= 0:
        return None
    return (f"论坛记录投票帖共有 {page.maxposition} 楼，能看到的只有 {page.replies + 1} 楼：{missing} 帖等待版主审核，"
            "或在工具读到之前已被删除，看不到它是不是关门前的一张票；请版主先审核，或确认已删除后用 --force-post 发布")


def _floors_unseen(db: sqlite_utils.Database, day: Day, close) -> str | None:
    """Floors of the vote thread the forum shows nobody and the archive never saw — a reply held for 审核
    (it will appear later) or one deleted before we read it — that may have been posted before the close:
    each could be a ballot nobody can read, so the result cannot be proven while one is there."""
    tid = day.vote_thread
    rows = list(db.query("select floor, posted_at from posts where tid = ? and floor is not null order by floor", [tid]))
    when = {r["floor"]: r["posted_at"] for r in rows}
    unseen = []
    for floor in range(1, max(when, default=0) + 1):
        if floor in when:
            continue
        before = next((when[f] for f in range(floor - 1, 0, -1) if f in when), None)
        if before and datetime.fromisoformat(before) >= close:
            continue  # after a post made after the close: after the close too
        unseen.append(floor)
    if not unseen:
        return None
    shown = "、".join(map(str, unseen[:10])) + ("……" if len(unseen) > 10 else "")
    return (f"投票帖第 {shown} 楼论坛不显示（等待版主审核，或已被删除），工具看不到它是不是关门前的一张票；"
            "请版主先审核，或确认这些楼已被删除后用 --force-post 发布")


def _edits_unseen(client: ForumClient, db: sqlite_utils.Database, base: str, day: Day, close, say) -> str | None:
    """The mobile API shows no edit stamps: a vote thread read only through it, with posts first seen after
    the close, may hide edits made after the close. Read the desktop pages once for their stamps; if the
    forum refuses them (防采集), say why the result cannot be proven."""
    tid = day.vote_thread
    thread = db["threads"].get(tid) if tid and db["threads"].count_where("tid = ?", [tid]) else None
    if not thread or thread["source"] != "api":
        return None
    late = [r["first_seen"] for r in db.query("select first_seen from posts where tid = ?", [tid])
            if r["first_seen"] and datetime.fromisoformat(r["first_seen"]) >= close]
    if not late:
        return None  # every post was archived before the close: what it said then is known
    try:
        sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}", source="pc", full=True)
        say("投票帖原先经移动端接口读取（看不到编辑标记）：已用网页版重新读取一遍，核对关门后的编辑。")
        return None
    except Exception as exc:  # noqa: BLE001 - any failure (a refusal included) leaves the stamps unread
        why = "网页版开启了防采集" if isinstance(exc, model.AntiScraping) else f"网页版读取失败（{exc}）"
        return (f"投票帖只能通过移动端接口读取（{why}），看不到编辑标记，有 {len(late)} 帖是关门后才第一次读到的："
                "无法确认关门后有没有人改过票")


def _sign_in(client: ForumClient, base: str, options: PollOptions, say, guard: Path) -> auth.Identity:
    """Imported cookies first; then log in only if the session isn't already the director's (and never
    again with a password the forum refused on an earlier run: `guard`)."""
    host = base.split("//", 1)[-1].split("/", 1)[0]
    if options.cookies:
        auth.import_cookies(client, auth.load_cookies(options.cookies, host.split(":")[0]), base)
        say(f"已导入 Cookie 文件 {options.cookies}")
    if options.cookies_from_browser:
        auth.import_cookies(client, auth.cookies_from_browser(options.cookies_from_browser, host), base)
        say(f"已从 {options.cookies_from_browser} 读取论坛 Cookie")
    if not (options.login or options.post or options.running or options.cookies or options.cookies_from_browser):
        return auth.Identity(0)
    me = auth.ensure_login(client, base, options.login, options.password, say=say, guard=guard)
    if me.uid:
        say(f"当前身份：{me.username or '?'}（uid={me.uid}）")
    return me


def _threads_of(day: Day) -> list[int]:
    tids = [day.vote_thread, *day.discussion_threads, day.process_thread, day.election_thread]
    return list(dict.fromkeys(t for t in tids if t))


@dataclass(frozen=True)
class Post:
    """What one of our posts says: its kind, its body (within the forum's size limit) and the signature
    of what it asserts (each voter line, invalid ballots, rulings, outcome), which decides edits."""

    kind: str
    body: str
    sig: str


def result_post(game: Game, tally, *, now: datetime, public: str = "", post_limit: int = 10_000) -> Post:
    """The post poll makes for a day: the final result after the close, the running count before."""
    link = pipeline.vote_links(game, tally)
    if tally.close and now < tally.close:
        body = report.render_bbcode(tally, game.name, as_of=now, link=link)
        # The countdown is part of what the running post says, but only as an upper bound that stays
        # true (「距截止不到 6 小时」): it changes a handful of times a day, never on every cron run.
        said = "running" + report.facts(tally) + report.countdown(tally.close, now)
        return Post(RUNNING, report.fit_to_limit(body, post_limit), signature(said))
    body = report.render_bbcode(tally, game.name, link=link) + public
    # The signature is what the result asserts; the statistics appended with --lurk are not part of it, so a
    # run with or without --lurk never "corrects" a result that has not changed.
    return Post(FINAL, report.fit_to_limit(body, post_limit), signature(report.facts(tally)))


def _lurk_section(lurking, public: bool = False) -> str:
    return "" if lurking is None else "\n\n" + report.render_lurk(lurking, bbcode=True, public=public)


@dataclass
class Results:
    """The day's (or round's) two posts of ours: the final result and the running count, kept true."""

    db: sqlite_utils.Database
    client: ForumClient
    base: str
    game: Game
    day: Day
    me: auth.Identity
    say: Callable[[str], None]
    out_dir: Path
    post_limit: int = 10_000  # Discuz's default maxpostsize
    rulings_now: int = 0  # the newest ruling the tally reflects

    def __post_init__(self):
        self.correction_held: str | None = None  # the posted final differs from an unproven count
        self.outbox = Outbox(self.db, self.client, self.base, self.tid, self.me.uid or 0, self.say)

    @property
    def tid(self) -> int:
        """Where results are 公示: the vote thread, or the process thread where the game file says so
        (many directors announce there)."""
        if self.game.announce == "process" and self.day.process_thread:
            return self.day.process_thread
        return self.day.vote_thread

    def slot(self, kind: str) -> Slot:
        return slot(self.game, self.day, kind)

    def fit(self, body: str) -> str:
        return report.fit_to_limit(body, self.post_limit)

    # -- the final result ------------------------------------------------------------------------

    def final(self, tally, public: str, now: datetime, *, held: str | None, force: bool) -> str:
        where = self.slot(FINAL)
        row = self.outbox.settle(where, force=force)
        made = result_post(self.game, tally, now=now, public=public, post_limit=self.post_limit)
        body, sig = made.body, made.sig
        if row and row["state"] == "pending":
            self.say("结果帖在等待版主审核，不再重复发。")
            return ""
        if row and row["state"] == "confirmed":
            return self.keep_true(row, tally, body, sig, now, held=held, force=force)
        if held and not force:
            self.say("先裁定（bansha review / bansha rule，或在 bansha desk 里），下次运行再发布结果帖；确要先发布请加 --force-post。")
            return ""
        return self.outbox.post(where, body, sig, outcome=tally.outcome.describe(), rulings_seen=self.rulings_now)

    def keep_true(self, row: dict, tally, body: str, sig: str, now: datetime, *, held: str | None, force: bool) -> str:
        """The posted final result against what the forum shows and what the archive says now. A correction
        is a result posted again: it goes out unattended only when the new count is proven, as the first did."""
        where = self.slot(FINAL)
        shown, row = self.outbox.look(where, row)  # an edit an earlier run could not confirm, or one passed by 审核
        waiting = self.outbox.held_edit(where, row)
        if waiting:
            self.say(waiting)
            return ""
        if shown is None:
            if force:
                self.say(f"已发布的结果帖（pid {row['pid']}）在论坛上找不到了：按 --force-post 重新发布。")
                return self.outbox.post(where, body, sig, outcome=tally.outcome.describe(), rulings_seen=self.rulings_now)
            raise poster.Stuck(f"已发布的结果帖（pid {row['pid']}）在论坛上找不到了，或已经不是我们发的内容（被删除、移走或被改过）："
                               "请在论坛上核对；确要重新发布请加 --force-post。", poster.EDIT)
        if shown.sig == sig:
            if row["digest"] != sig:  # the forum already says what we would: that is the confirmed content now
                self.outbox.record(where, digest=sig, message=None, outcome=tally.outcome.describe(),
                                   rulings_seen=self.rulings_now)
            self.say("结果帖已经发过，论坛上的内容与现在的结果一致，不再重复发。")
            return ""
        before = row.get("outcome") or report.result_shown(shown.text)
        if held and not force:  # also no putting back our last version: the count that made it is in doubt now
            shown_words = f"，公布的是「{before}」" if before else ""
            self.correction_held = (f"已发布的结果帖（pid {row['pid']}{shown_words}）与现在的计票不一致，但现在的计票还不能确定"
                                    f"（{held.removeprefix('最终结果暂不发布：')}）：暂不更正")
            self.say(self.correction_held + "。先裁定（bansha review / bansha rule，或在 bansha desk 里），下次运行再更正；"
                     "确要按现在的计票更正请加 --force-post。")
            return ""
        if sig == row["digest"] and row["message"]:
            # The forum shows an older version (an edit applied late over ours, or one lost): put ours back.
            self.say(f"论坛上的结果帖（pid {row['pid']}）不是最后确认的版本：重新编辑成最后确认的内容。")
            return self.outbox.edit(where, row, _body_of(row["message"]), sig, outcome=row["outcome"],
                                    rulings_seen=row["rulings_seen"])
        return self.correct(row, tally, body, sig, now, before)

    def correct(self, row: dict, tally, body: str, sig: str, now: datetime, before: str | None) -> str:
        """The posted result is no longer what the archive says: edit it in place, saying what changed and why."""
        after = tally.outcome.describe()
        seen = row.get("rulings_seen") or 0
        reasons = [
            f"导演裁定 pid {r['pid']}（{report.ruling_words(r['decision'], r['target'])}）" + (f"：{r['note']}" if r["note"] else "")
            for r in archive.load_rulings(self.db, self.game.name, self.day.day) if seen < r["id"] <= self.rulings_now
        ] or ["重新读取投票帖时发现了编辑过或新看到的楼层" if row.get("message") else "按现在的存档和裁定重新计票"]
        if before is None:
            change = f"结果为「{after}」"
        elif before != after:
            change = f"原公布「{before}」，更正为「{after}」"
        else:
            change = f"结果不变（仍为「{after}」），更新了票型或明细"
        line = (f"[color=#CC0000][b]更正（{report.at_words(now, year=False)}）[/b]：{report.escape_bbcode(change)}。"
                f"依据：{report.escape_bbcode('；'.join(reasons))}。[/color]")
        message = self.fit(f"{line}\n\n{body}")
        try:
            done = self.outbox.edit(self.slot(FINAL), row, message, sig, outcome=after, rulings_seen=self.rulings_now)
        except poster.PostError as error:
            if isinstance(error, poster.NotConfirmed):
                raise
            path = self.out_dir / f"day{self.day.key}.correction.bbcode"
            write_file(path, message + "\n")
            raise CorrectionFailed(
                f"已发布的结果帖（pid {row['pid']}）需要更正（{change}），但编辑失败：{error.message}\n"
                f"{error}\n更正后的结果帖已写入 {path}：请手动编辑原帖或另发一帖。", poster.EDIT) from None
        self.say(f"已更正结果帖（pid {row['pid']}）：{change}")
        return done

    # -- the running count -----------------------------------------------------------------------

    def running(self, tally, now: datetime) -> str:
        where = self.slot(RUNNING)
        row = self.outbox.settle(where)
        made = result_post(self.game, tally, now=now, post_limit=self.post_limit)
        body, sig = made.body, made.sig
        if row and row["state"] == "pending":
            return ""
        if not row or row["state"] != "confirmed":
            return self.outbox.post(where, body, sig, outcome=tally.outcome.describe(), rulings_seen=self.rulings_now)
        shown, row = self.outbox.look(where, row)
        waiting = self.outbox.held_edit(where, row)
        if waiting:
            self.say(waiting)
            return ""
        if shown is None:
            self.say(f"实时票数帖（pid {row['pid']}）在论坛上找不到了（被删除或移走？）：这次不再编辑，也不另发。")
            return ""
        if shown.sig == sig:
            self.say("票数没有变化，不编辑。")
            return ""
        return self.outbox.edit(where, row, body, sig, outcome=tally.outcome.describe(), rulings_seen=self.rulings_now)

    def close_running(self, close: datetime, held: str | None) -> str:
        """After close the running post must not read as open: say 已截止 and where the final result is,
        or why it is not out yet."""
        where = self.slot(RUNNING)
        row = self.outbox.settle(where)
        if not row or row["state"] != "confirmed" or not row["pid"]:
            return ""
        final = self.outbox.row(self.slot(FINAL))
        if final and final["state"] == "confirmed" and final["pid"]:
            link = model.findpost_url(self.base, self.tid, final["pid"])
            where_words = f"最终结果见 [url={link}]{self.day.label}投票结果[/url]。"
        elif held:
            where_words = report.escape_bbcode(held) + "。导演裁定后公布。"
        else:
            where_words = "最终结果待导演裁定后公布。"
        body = (f"[b]{report.escape_bbcode(self.game.name)} {self.day.label}实时票数（已截止）[/b]\n"
                f"投票已于 {report.at_words(close)} 截止，这一帖不再更新。{where_words}")
        sig = signature("closed" + where_words)
        shown, row = self.outbox.look(where, row)
        if shown is not None and shown.sig == sig:
            return ""
        return self.outbox.edit(where, row, body, sig, outcome=None, rulings_seen=self.rulings_now)


def _body_of(message: str) -> str:
    """A recorded message without its marker line (the edit writes it again)."""
    return re.sub(r"\n*\[size=1\]bansha:v2:[^\[]*\[/size\]\s*$", "", message)


def write_file(path: Path, text: str) -> None:
    """Write a report file through a temp file made here (never one planted as a symlink), then rename:
    a reader never sees half a report, and nothing outside the report folder is written."""
    import os
    import secrets

    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags, 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)  # replaces a symlink at `path` itself, never the file it points to
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def write_reports(out_dir: Path, game: Game, day: Day, tally, lurking, *, now: datetime, public: str = "",
                  post_limit: int = 10_000, held: str | None = None) -> list[Path]:
    """The day's result as BBCode (to paste), JSON (for other tools), a small HTML page (to read), and
    what is for the director only. dayN.bbcode is what poll posts (the running count before the close,
    the result after), ending with a marker line of its own: pasted by hand, it is recognised as ours
    and never posted again. The proposed cards and the flags with their what-ifs go to
    dayN.director.txt, never into a file meant for the forum."""
    from scraper.outbox import Slot

    model.refuse_symlink(out_dir, "报告目录")
    out_dir.mkdir(parents=True, exist_ok=True)
    round_words = tally.title.removeprefix(f"第{tally.day}天")  # "" for the day's own vote, "重投" for a round
    stem = out_dir / (f"day{tally.day}" + (f"-{round_words}" if round_words else ""))
    made = result_post(game, tally, now=now, public=public, post_limit=post_limit)
    marker = Slot(game.name, day.day, day.key, made.kind).marker(secrets.token_hex(4), made.sig)
    director = [f"{game.name} {tally.title}：只给导演看的部分（不要贴到论坛）", ""]
    if held:
        director += [held, ""]
    director += report.flag_lines(tally)
    if lurking is not None and lurking.proposals:
        director += ["", report.render_lurk(lurking, game.name)]
    files = {
        stem.with_suffix(".bbcode"): f"{made.body}\n\n[size=1]{marker}[/size]\n",
        stem.with_suffix(".director.txt"): "\n".join(director).strip() + "\n",
        stem.with_suffix(".json"): json.dumps({"tally": tally.to_json(), "lurk": lurking.to_json() if lurking else None},
                                              ensure_ascii=False, indent=1) + "\n",
        stem.with_suffix(".html"): _html(game, tally, lurking),
    }
    for path, text in files.items():
        write_file(path, text)
    return list(files)


def _html(game: Game, tally, lurking) -> str:
    from tally.day import KIND_WORDS

    text = report.render_text(tally, game.name) + ("\n\n" + report.render_lurk(lurking, game.name) if lurking else "")
    rows = "".join(
        f"<tr><td>{e.floor}</td><td>{html.escape(e.author)}</td><td>{html.escape(KIND_WORDS.get(e.kind, '发言'))}</td>"
        f"<td>{html.escape(e.target or '')}</td><td class='{e.verdict}'>{html.escape(_VERDICT_WORDS.get(e.verdict, e.verdict))}</td>"
        f"<td>{html.escape(e.reason)}</td></tr>"
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


_VERDICT_WORDS = {"counted": "有效", "superseded": "已改票", "invalid": "无效", "ignored": "不是投票"}
