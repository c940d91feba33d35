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
- after close the running-count post says 已截止 and points to the final post, or says why it is held;
- what our posts say is compared in full with what the forum shows (a 版主's edit that keeps the marker is put
  back), a post we no longer see is never edited, and one that lists rulings this archive lacks, signed for
  them (another archive keeps it too), is left alone — a ruling its signature does not cover is a 版主's, put back;
- a post is ours only when we can show we wrote it (outbox.our_pids, Outbox._ours): the director's own 代投 a
  版主 gave our marker line stays a ballot and is never edited;
- a post goes where players can read it: not into a 回帖仅作者可见 thread (Results.readable_tid).
"""

from __future__ import annotations

import html
import json
import re
import secrets
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable

import sqlite_utils
from filelock import FileLock, Timeout

from scraper import archive, auth, model, outbox, poster
from scraper.client import ForumClient
from scraper.outbox import FINAL, REQUEST_LIFE, RUNNING, Outbox, Slot, bbcode_text, first_marked, load_row, signature
from scraper.sync import sync_thread
from tally import report
from tally import rulings as posted_rulings
from tally.day import Ruling
from tally.game import Day, Game, template_leftovers

from . import pipeline

EXIT_OK, EXIT_ERROR, EXIT_REVIEW, EXIT_BUSY = 0, 1, 3, 75


class Busy(Exception):
    pass


class Unreadable(poster.PostError):
    """Players cannot read our replies where they would go (回帖仅作者可见), and there is nowhere else."""

    headline = "结果帖无法公布"


class ForeignRulings(poster.PostError):
    """Our post lists rulings this archive does not have: another archive keeps it too; never overwritten."""

    headline = "结果帖暂不编辑"


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
    request_life: float = REQUEST_LIFE  # seconds an unanswered reply may still be applied: not "not received" before


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
    return Slot(game.key, day.day, day.key, kind, day.label, alias=game.name, identity=game.identity or "",
                also=game.names)


def posted_result(db: sqlite_utils.Database, game: Game, day: Day) -> dict | None:
    """The outbox row of the day's final result post, if one was posted, held or attempted."""
    return load_row(db, slot(game, day, FINAL).key)


def last_ruling(db: sqlite_utils.Database, game: Game, day: int) -> int:
    """The id of the newest ruling of the day: read before tallying, so a post says which rulings it reflects."""
    if "rulings" not in db.table_names():
        return 0
    return db.execute("select coalesce(max(id), 0) from rulings where game = ? and day = ?", [game.key, day]).fetchone()[0]


def thread_view(tally, again: Callable[[], object]):
    """What the running count is made from: the tally itself, or — where a player the game file keeps from voting
    cast a ballot — the day counted as the thread knows the game (`again`): his ballot stands in the count like
    anyone's and is listed nowhere. Left out of the count (issue 42, 5.1), or listed among the posts waiting for
    the director while a plain ballot of anyone else's is not (the lab's re-check), his ballot set him apart; the
    director's report says why the final waits for a ruling, the thread reads the words every hold has."""
    return again() if report.secret_ballots(tally) else tally


def views(db, game: Game, rules, day: Day, tally, as_of=None) -> tuple:
    """(what the running count is made from, what the final is made from): thread_view's, and the tally itself unless a secret
    voter's doubts are moot (his doubtful post that could change nothing were it anyone's goes out as anyone's would)."""
    shown = thread_view(tally, lambda: pipeline.tally_from_archive(
        db, game.as_the_thread_knows(), rules, day.day, round=day.round, as_of=as_of))
    return shown, shown if secret_moot(tally, shown) else tally


def secret_moot(tally, shown) -> bool:
    """Every post of a player the game file keeps from voting that waits for the director is a doubt (no ballot counted, no
    ruling) that could change nothing were he anyone: the day as the thread knows it is proven, with his posts flagged as not
    changing the result and the same count as ours — the same post by anyone else goes out, so his does (class 14: held
    only for him, the hold named him — hostile round 112, case 54). A clean ballot of his still waits: the count differs."""
    secret = report.secret_ballots(tally)
    if not secret or shown is tally or report.secret_ballots(shown):
        return False
    if any(e.ruling is not None or not e.needs_review or any(r in (e.reason or "") for r in report.SECRET_REASONS) for e in secret):
        return False
    flags = {f.pid: f for f in shown.flags}
    return shown.certain and shown.outcome == tally.outcome and shown.totals == tally.totals and all(
        e.pid in flags and not flags[e.pid].can_change_outcome for e in secret)


def public_hold(tally, blind: str | None = None) -> str | None:
    """Why the final is held, as the thread may read it: the same words for every hold. Which posts wait, and how
    many, depends on who may vote — a landslide held for one plain ballot named the secret 法官 (the hostile round,
    issue 42, B4) — so the public words never say (the director's report and the running post's own list do)."""
    if blind:
        return f"最终结果暂不发布：{blind}"
    if tally.certain and not report.secret_ballots(tally):
        return None
    return "最终结果暂不发布：有帖子待导演裁定"


def moot_round(db: sqlite_utils.Database, game: Game, rules, day: Day) -> str | None:
    """Why a round's final (重投, 高票对决) may not go out: the vote before it, as counted now, no longer ends in the tie
    that called it — a ruling since made it a clear result (the hostile round, issue 42, B18: both 「杨康 出局」 and the
    revote's 「郭靖 出局」 were posted for day 1). None where the round still stands."""
    before = game.day(day.day, day.round - 1)
    try:
        then = pipeline.tally_from_archive(db, game, rules, day.day, round=before.round)
    except pipeline.NotFetched:
        return None  # the vote before it was never archived here: nothing says the round is moot
    if then.outcome.kind in ("revote", "runoff"):
        if then.certain:
            return None
        # 「【裁定】4楼无效」 during the revote, its round unsaid: the tie that called the round may be gone — its final waits
        # as the tie does (the hostile round 105, case 13: the revote's result posted while round 1's was in doubt)
        return (f"最终结果暂不发布：{before.label}的结果还不能确定（有帖子待导演裁定，可能不再是「{then.outcome.describe()}」），"
                f"{day.label}的结果要等它定下来——裁定以后自动发布（确认要现在发布请加 --force-post）")
    return (f"最终结果暂不发布：{before.label}现在的计票是「{then.outcome.describe()}」，不再需要{day.label.removeprefix(before.label)}"
            f"——{day.label}的结果算不算，请导演决定（确认要发布请加 --force-post）")


def hold_reason(tally, blind: str | None = None) -> str | None:
    """Why the final result may not go out unattended, in the director's words (None: it may)."""
    if blind:
        return f"最终结果暂不发布：{blind}"
    secret = report.secret_ballots(tally)
    if secret:
        floors = "、".join(f"#{e.floor}（{e.author}）" if e.floor is not None else f"pid {e.pid}（{e.author}）" for e in secret)
        return (f"最终结果暂不发布：{floors} 是没有投票权的玩家（游戏文件里的法官或 non_voters）投的票。公开帖里怎么写由导演决定："
                f"裁定它（例如 bansha rule 游戏文件 {secret[0].pid} 无效，公开帖只写「导演裁定：无效」）以后再发布，"
                f"免得结果帖替他暴露身份")
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
    """One cron run: the vote under way (or --day's) — and first any earlier vote this tool was keeping whose final
    is not out yet. When the next vote opens at the close (a 重投, the next day), picking only the vote under way
    left the closed one's final unposted and its running post saying 未截止 (the lab found it)."""
    if options.day is None and options.post:
        earlier = _unfinished(game_file, db_path, options.now)
        outcomes = []
        for due in earlier:
            say(f"{due.label}已截止，最终结果还没有发：先处理{due.label}")
            outcomes.append(_poll_one(game_file, db_path, replace(options, day=due.day, round=due.round), say))
        result = _poll_one(game_file, db_path, options, say)
        if outcomes:
            worst = max((r.code for r in (*outcomes, result)), key=lambda c: (c == EXIT_ERROR, c == EXIT_REVIEW, c))
            return replace(result, code=worst, summary="\n".join(r.summary for r in (*outcomes, result)),
                           posted=[p for r in (*outcomes, result) for p in r.posted],
                           files=[f for r in (*outcomes, result) for f in r.files])
        return result
    return _poll_one(game_file, db_path, options, say)


def _unfinished(game_file: Path, db_path: Path, now: datetime | None) -> list[Day]:
    """Closed votes before the one under way whose final this tool has not posted though it kept their count (a
    running post, a held final): it finishes what it started, never a vote it did not follow."""
    if not Path(db_path).exists():
        return []
    game, _rules = pipeline.load_game(game_file)
    now = now or datetime.now(game.tz)
    try:
        current = pick_day(game, now)
    except ValueError:
        return []
    db = archive.open_db(db_path, readonly=True)
    game = pipeline.filed(db, game)
    due = []
    for earlier in game.vote_days():
        close = game.when(earlier.close)
        if (earlier.day, earlier.round) >= (current.day, current.round) or close is None or now < close:
            continue
        final = posted_result(db, game, earlier)
        if final and final["state"] in ("confirmed", "pending"):
            continue
        if final or load_row(db, slot(game, earlier, RUNNING).key):
            due.append(earlier)
    return due


def _poll_one(game_file: Path, db_path: Path, options: PollOptions, say: Callable[[str], None]) -> PollResult:
    game, rules = pipeline.load_game(game_file)
    if not game.forum:
        raise ValueError("游戏文件的 [game] 里没有 forum（论坛地址），poll 不知道去哪里抓帖子。")
    leftovers = template_leftovers(game)
    if leftovers:
        raise ValueError("游戏文件里还有 bansha init 模板的示例内容（bansha check-game 会列出）：" + "；".join(leftovers))
    if options.post and (shared := game.shared_vote_threads()):
        raise ValueError(shared)
    now = options.now or datetime.now(game.tz)
    day = game.day(options.day, options.round) if options.day else pick_day(game, now)
    close = game.when(day.close)
    closed = bool(close and now >= close)
    for path, what in ((options.out_dir, "报告目录"), (Path(str(db_path) + ".cookies.txt"), "Cookie 文件")):
        model.refuse_symlink(path, what)
    with RunLock(db_path):
        db = archive.open_db(db_path)
        game = pipeline.filed(db, game)
        base = game.forum if game.forum.endswith("/") else game.forum + "/"
        with ForumClient(cookie_file=Path(str(db_path) + ".cookies.txt"), min_interval=options.interval,
                         timeout=options.timeout, on_retry=say) as client:
            for notice in client.notices:
                say(notice)
            me = _sign_in(client, base, options, say, Path(str(db_path) + ".login-failed"), db)
            if me.uid and me.username:
                pipeline.signed_in_as_director(db, game, me.uid, me.username)  # (before it is saved under this name)
                archive.save_login(db, me.uid, me.username)  # the director's uid: posts under their name are theirs only
            # Before a final goes out, every page of the vote thread once more: an incremental read sees
            # only the last page, and a ballot edited or deleted on an earlier one must not be counted unseen.
            before_final = posted_result(db, game, day)
            sweep = closed and options.post and not (before_final and before_final["state"] in ("confirmed", "pending"))
            _note_floors(client, db, base, day)  # before the sync: a reply made meanwhile is then no gap
            after_final = closed and not sweep  # the final is out: a ruling edited since is on a page behind us
            tids = _threads_of(day)
            if day.round and (first := game.day(day.day).vote_thread) and first not in tids:
                # a round's run reads the day's first vote thread too: its ballots and rulings decide whether the round is
                # still needed, and a ruling for the round posted there (「重投 7楼无效」) is read — hostile rounds 53–54:
                # never fetched once its result was out, or at all when cron first ran after its close
                tids.append(first)
            for tid in tids:
                full = sweep and tid == day.vote_thread
                sync = sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}", full=full,
                                   revisit=_ruling_floors(db, game, tid) if after_final else ())
                say(f"抓取帖子 {tid}《{sync.subject}》：新增 {sync.new_posts} 楼，{sync.requests} 次请求"
                    + ("（发布结果前把每一页重读一遍，核对编辑和删除）" if full else ""))
                if sync.gone:
                    say(f"注意（帖子 {tid}）：论坛上已经没有 pid {'、'.join(map(str, sync.gone))}（被删除或移走）：存档保留原文，计票时交导演裁定")
                for note in dict.fromkeys(sync.damage):
                    say(f"注意（帖子 {tid}）：{note}")
                if sync.gaps:
                    say(f"注意：{sync.describe_gaps()}")
            widget = _poll_widget(db, day, say)
            blind = (_edits_unseen(client, db, base, day, close, say) or _posts_unseen(client, db, base, game, day, close)
                     if closed and options.post else None) or (widget if closed else None)
            rulings_now = last_ruling(db, game, day.day)  # before the tally: the rulings it reflects
            # --now before the close is a count as it stood then: the posts archived since are not in it
            # (the running post is headed 未截止 at that moment). A real run's now is after every post.
            as_of = now if options.now is not None and not closed else None
            tally = pipeline.tally_from_archive(db, game, rules, day.day, round=day.round, as_of=as_of)
            _say_posted_rulings(tally, say)
            # 潜水 is counted for the day as a whole: a round is not a day of its own.
            main = game.day(day.day)
            lurking = (pipeline.lurk_from_archive(db, game, rules, day.day, None if day.round else tally)
                       if main.discussion_threads else None)
            public = _lurk_section(lurking, public=True) if options.with_lurk else ""
            # (after the close too: the held final's dayN.bbcode, pasted by hand, left the 法官 out of every list where the same post
            # by another player stood in 票型 — the hostile round 95, case 53; poll never posts it while his ballot is unruled)
            shown, final_view = views(db, game, rules, day, tally, as_of)
            held = hold_reason(final_view, blind) if closed else None
            if closed and day.round and not held:
                held = moot_round(db, game, rules, day)
            files = write_reports(options.out_dir, game, day, tally, lurking, now=now, public=public,
                                  post_limit=options.post_limit, held=held, db=db, shown=shown)
            if held:
                say(held)
            results = Results(db, client, base, game, day, me, say, options.out_dir, options.post_limit, rulings_now,
                              options.request_life, lambda rulings: pipeline.tally_from_archive(
                                  db, game, rules, day.day, round=day.round, as_of=as_of, sensitivity=False, rulings=rulings))
            posted: list[str] = []
            earlier_notes: list[str] = []  # an earlier day's posted final a later post leaves in doubt
            if closed:
                if options.post:
                    posted.append(results.final(final_view, public, now, held=held, force=options.force_post))
                if options.post or options.running:
                    posted.append(results.close_running(close, public_hold(final_view, blind) if held else None))
            elif options.running and close:
                posted.append(results.running(shown, now))
            if options.post:
                posted += _keep_earlier_finals(db, client, base, game, rules, day, me, say, options, now, earlier_notes)
            final_row = results.outbox.row(results.slot(FINAL))
            final_done = bool(final_row and final_row["state"] in ("confirmed", "pending")) or (
                closed and results.anothers(FINAL) is not None)
    review = report.waiting_flags(tally)  # the flags, and a secret voter's unruled ballot (r79-114)
    secret = bool(report.secret_ballots(tally))
    matters = [f for f in tally.flags if f.can_change_outcome]
    verdict = tally.outcome.describe() if closed or not close else f"未截止，若此刻截止：{tally.outcome.describe()}"
    flags = f"待裁定 {len(review)} 帖" + (f"（其中 {len(matters)} 帖可能改变结果）" if matters else
                                          "（都不影响结果）" if review and tally.certain and not secret else "")
    summary = "；".join([f"{day.label}：{verdict}", flags, *([held] if held and not final_done else []),
                        *([results.waiting] if results.waiting else []), *results.tampered,
                        *([_unread_words(tally.unread_rulings, report_stem(Path(), tally).name)]
                          if tally.unread_rulings else []),
                        *earlier_notes,
                        *([results.correction_held] if results.correction_held else
                          ["结果帖已发出，等待版主审核"] if closed and final_row and final_row["state"] == "pending" else
                          ["结果帖已发布"] if closed and final_done else []), f"报告在 {options.out_dir}"])
    # 3 asks the director to act: a ruling is open and the final result is not out (or not yet due), or
    # an open flag can still change the one posted (a doubt that came after it, or --force-post).
    waiting = bool(review)
    # (a final held for any reason — a doubt, edits unseen, a round no longer needed — is the director's to act on)
    code = EXIT_REVIEW if (waiting and (not final_done or not tally.certain)) or results.correction_held or earlier_notes or (
        held and closed and not final_done) else EXIT_OK
    return PollResult(day.day, code, summary, [p for p in posted if p], files,
                      closed=closed, final_done=final_done, close=close)


def _unread_words(unread: list, stem: str) -> str:
    """How many ruling posts were not applied, whole or in part (a post is read clause by clause: one of its sentences
    left for the director is not the post refused)."""
    whole = sum(1 for u in unread if not u.applied)
    said = "、".join(part for part in (f"{whole} 帖没有采用" if whole else "",
                                         f"{len(unread) - whole} 帖只采用了一部分" if len(unread) > whole else "") if part)
    return f"导演的裁定帖有 {said}（原因见 {stem}.director.txt 或 bansha review）"  # (day1-重投 for a round)


def _say_posted_rulings(tally, say) -> None:
    """What the director posted as rulings in the threads: what was applied, and what was not and why."""
    floors = {e.pid: e.floor for e in tally.entries}
    for ruling in tally.rulings:
        if ruling.source_pid is not None:
            say(f"采用导演在帖子里的裁定：#{floors.get(ruling.pid)} {report.ruling_words(ruling.decision, ruling.target, ruling.voter)}"
                f"（{ruling.source}）")
    for unread in tally.unread_rulings:
        where = f"#{unread.floor}" if unread.floor is not None else f"pid {unread.pid}"
        said = f"有 {unread.applied} 条采用了，其余" if unread.applied else ""
        say(f"导演的裁定帖 {where}（帖子 {unread.tid}，pid {unread.pid}）{said}没有采用：{'；'.join(unread.why)}")


def _note_floors(client: ForumClient, db: sqlite_utils.Database, base: str, day: Day) -> None:
    """How many floors the forum has handed out in the vote thread (the mobile API), for the rulings the
    director posts: where the pages hide a floor, the floors after it close up, and 「N楼」 may name another post."""
    try:
        page, _ = client.fetch_page(f"{base}api/mobile/index.php?version=4&module=viewthread&tid={day.vote_thread}&page=1&ppp=1")
    except Exception:  # noqa: BLE001 - no API: nothing is known, and floor rulings are checked as before
        return
    if page is not None and page.maxposition:
        archive.save_maxposition(db, day.vote_thread, page.maxposition)


def _posts_unseen(client: ForumClient, db: sqlite_utils.Database, base: str, game: Game, day: Day, close) -> str | None:
    """Replies of the vote thread nobody can read — held for 审核 (they appear later, at their floor) or
    deleted before we read them. The desktop pages hide them without a trace (their floor numbers close
    up), so the mobile API's count of handed-out floors is compared with the posts shown: any missing may
    be a ballot made before the close, and the result cannot be proven while one is."""
    tid = day.vote_thread
    why = "没有楼层数"
    try:
        page, _ = client.fetch_page(f"{base}api/mobile/index.php?version=4&module=viewthread&tid={tid}&page=1&ppp=1")
    except Exception as exc:  # noqa: BLE001 - no API (refused, or failed): nothing tells a held reply is there
        page, why = None, (exc.summary if isinstance(exc, model.Refusal) else "读取失败")
    if page is None or page.maxposition is None or page.replies is None:
        # The desktop pages close up their floor numbers around a held reply, so without the API's count the
        # archive cannot rule one out: the result is not proven (the archive's own gaps named where it has them).
        return _floors_unseen(db, day, close) or (
            f"投票帖的移动端接口读不到（{why}），看不到有没有等待版主审核的回帖（网页版的楼层号不会为它留空），"
            "关门前的一张票可能在其中；请版主确认投票帖没有待审核的回帖后，用 --force-post 发布")
    gone = db["posts"].count_where("tid = ? and status = ?", [tid, model.DELETED])
    # Our own posts the archive never read (a running post a 版主 deleted before a sync saw it) are no ballots.
    missing = page.maxposition - (page.replies + 1) - gone - outbox.unseen_ours(db, game.key, tid)
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


def _poll_widget(db: sqlite_utils.Database, day: Day, say) -> str | None:
    """A vote thread made as a Discuz 投票 thread: votes cast in its poll are ballots no post holds — the tool neither sees
    whose they are nor counts them by the game's rules. Said every run; the final waits while anyone voted there (the
    hostile round 90, case 01: 「无人出局」 posted where the poll's three votes made 40 %)."""
    poll = archive.thread_poll(db, day.vote_thread)
    if poll is None:
        return None
    options = "、".join(f"{name} {votes} 票" if votes is not None else name for name, votes in poll.get("options") or [])
    voters = poll.get("voters")
    say(f"注意：投票帖是论坛的「投票」帖（带投票选项{('：' + options) if options else ''}；{voters if voters is not None else '若干'} 人在选项里投了票）。"
        "选项里的票工具看不到是谁投的，也不按本局规则计：只计回帖里的票")
    if voters == 0:
        return None
    return (f"投票帖带论坛的投票选项，有 {voters if voters is not None else '若干'} 人在选项里投了票（{options}），这些票不在任何回帖里："
            "算不算、怎么算，请导演决定（确认只按回帖计票再发布，请加 --force-post）")


def _ruling_floors(db, game: Game, tid: int) -> list[int]:
    """The floors of the director's posts in a thread (not ours): their pages are read again after the final, so the
    director's edit of one — a ruling changed, or added to a notice, after the result went out — is seen (the hostile
    round 105, case 11: 「补充裁定：4楼无效」 added to the page-1 opening was never read, when only posts that already
    read as rulings were revisited)."""
    if not db["threads"].count_where("tid = ?", [tid]):
        return []
    posts = pipeline.players_posts(db, game, [p for p in archive.read_posts(db, tid) if p.author in game.directors])
    return [p.floor for p in posts if p.floor]


def _keep_earlier_finals(db, client, base: str, game: Game, rules, day: Day, me, say, options, now: datetime,
                         notes: list[str] | None = None) -> list[str]:
    """An earlier day's posted final against its count now: a ruling for it posted later (「第1天 6楼 无效」 in day 2's
    thread) or typed since corrects it in place (更正), as a ruling made in its own day would. Offline unless the
    count changed: the forum is asked only about a final that needs it. A final whose count a later post leaves in doubt
    (「第一天的7楼无效，今天的7楼有效」: two verdicts, the floor held) is said in `notes`, for the run's summary and exit."""
    out = []
    notes = notes if notes is not None else []
    for earlier in game.vote_days():
        if (earlier.day, earlier.round) >= (day.day, day.round):
            continue
        row = posted_result(db, game, earlier)
        if not row or row["state"] != "confirmed":
            continue
        try:
            tally = pipeline.tally_from_archive(db, game, rules, earlier.day, round=earlier.round)
        except (ValueError, pipeline.NotFetched):
            continue
        truth, tally = tally, views(db, game, rules, earlier, tally)[1]  # (the final as it was made)
        lurking = (pipeline.lurk_from_archive(db, game, rules, earlier.day, None if earlier.round else tally)
                   if options.with_lurk and game.day(earlier.day).discussion_threads else None)
        public = _lurk_section(lurking, public=True) if options.with_lurk else ""
        if result_post(game, tally, now=now, public=public, post_limit=options.post_limit).sig == row["digest"]:
            if (doubt := hold_reason(tally)) and not tally.certain:
                note = (f"{earlier.label}的结果帖已发布，但之后的帖子让它不能确定了（{doubt.removeprefix('最终结果暂不发布：')}）："
                        f"请导演核对，需要时更正{earlier.label}的结果帖")
                say(note)
                notes.append(note)
            continue
        say(f"{earlier.label}的计票和已发布的结果帖不一样了（之后又有裁定）：核对并更正{earlier.label}的结果帖")
        _say_posted_rulings(tally, say)
        results = Results(db, client, base, game, earlier, me, say, options.out_dir, options.post_limit,
                          last_ruling(db, game, earlier.day), options.request_life, lambda rulings, d=earlier:
                          pipeline.tally_from_archive(db, game, rules, d.day, round=d.round, sensitivity=False,
                                                      rulings=rulings))
        out.append(results.final(tally, public, now, held=hold_reason(tally), force=False))
        if results.correction_held:
            notes.append(f"{earlier.label}：{results.correction_held}")
        write_reports(options.out_dir, game, earlier, truth, lurking, now=now, public=public,
                      post_limit=options.post_limit, held=hold_reason(tally), db=db, shown=tally)
    return out


def _sign_in(client: ForumClient, base: str, options: PollOptions, say, guard: Path, db=None) -> auth.Identity:
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
    # the account the director's name first signed in as (a rename keeps the number; the freed name is anyone's)
    known = next((uid for name, uid in archive.load_logins(db) if name == options.login), None) if db is not None else None
    me = auth.ensure_login(client, base, options.login, options.password, say=say, guard=guard, known_uid=known)
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
    request_life: float = REQUEST_LIFE
    retally: Callable | None = None  # rulings → the day's count under them (another archive's post is signed so)

    def __post_init__(self):
        self.correction_held: str | None = None  # the posted final differs from an unproven count
        self.tampered: list[str] = []  # our posts a 版主 rewrote, put back: said in the summary and the report
        self._boxes: dict[int, Outbox] = {}
        self._readable: int | None = None
        self._hidden: dict[int, bool] = {}

    def _box(self, tid: int) -> Outbox:
        if tid not in self._boxes:
            self._boxes[tid] = Outbox(self.db, self.client, self.base, tid, self.me.uid or 0, self.say,
                                      request_life=self.request_life, threads=self.threads(),
                                      readable=lambda t: not self.hidden(t))
        return self._boxes[tid]

    def threads(self) -> list[int]:
        """Every thread of the game a post of ours for this day may be in: the director pastes dayN.bbcode by
        hand where they announce (the vote, process or a discussion thread), whatever thread the outbox used."""
        days = [self.day, *(d for d in self.game.days if d is not self.day)]
        return list(dict.fromkeys(t for d in days for t in _threads_of(d)))

    def hidden(self, tid: int) -> bool:
        """Whether players cannot read replies in thread `tid` (回帖仅作者可见), asked once a run."""
        if tid not in self._hidden:
            self._hidden[tid] = self._box(tid).hidden_from_guests()
        return self._hidden[tid]

    @property
    def outbox(self) -> Outbox:
        """The announce thread's outbox (rows are the game's whichever thread their post is in)."""
        return self._box(self.tid)

    def box(self, kind: str) -> Outbox:
        """The outbox of the thread this slot's post is in: where it went, once it went somewhere."""
        row = self.outbox.row(self.slot(kind))
        if row and row.get("tid") and row["state"] != "failed":
            return self._box(row["tid"])
        return self.outbox

    @property
    def waiting(self) -> str | None:
        return next((box.waiting for box in self._boxes.values() if box.waiting), None)

    def readable_tid(self) -> int:
        """Where a new post of ours reaches the players. In a 回帖仅作者可见 thread our replies are seen only
        by their author and moderators (flows/hidden-replies: a guest gets 此帖仅作者可见 for the director's
        reply too), so the post goes to the process thread — where directors announce anyway — if players
        can read replies there (or to the vote thread, if it was the process thread that hides them); else
        nowhere (Unreadable: the director puts it in a first post, which everyone reads)."""
        if self._readable is None:
            tried = list(dict.fromkeys(t for t in (self.tid, self.day.process_thread, self.day.vote_thread) if t))
            for tid in tried:
                if not self.hidden(tid):
                    self._readable = tid
                    break
            else:
                raise Unreadable(
                    f"帖子 {'、'.join(map(str, tried))} 开启了「回帖仅作者可见」，工具回帖后只有导演和版主看得到，玩家看不到："
                    "本次不发。请在游戏文件里写进程帖（process_thread），结果就发在进程帖；或者把报告目录里的 .bbcode "
                    "编辑进投票帖的首楼（首楼人人可见）。", poster.REPLY)
            if self._readable != self.tid:
                where = "进程帖" if self._readable == self.day.process_thread else "投票帖"
                self.say(f"帖子 {self.tid} 开启了「回帖仅作者可见」，玩家看不到工具的回帖：结果改发在{where}（帖子 {self._readable}）。")
        return self._readable

    def anothers(self, kind: str) -> tuple[str, int] | None:
        """(who, pid) where this slot's post is another director's of the game file — a co-director's own cron, on this
        archive or his own: ours is never posted beside it, nor is his edited from this account (the hostile round 113,
        cases 51, 57: a second final by the co-director; a run that called the other's final 「找不到了」 on every cron)."""
        return self.outbox.by_another(self.slot(kind), [d for d in self.game.directors if d != self.me.username])

    def _by_another(self, kind: str, words: str) -> bool:
        """Say so, where this slot's post is another director's (anothers)."""
        other = self.anothers(kind)
        if other is not None:
            self.say(f"{self.day.label}的{words}是导演「{other[0]}」的账号发的（pid {other[1]}）：本账号（{self.me.username}）不另发，"
                     f"也不去改它；要更正请用那个账号运行，或在论坛上核对。")
        return other is not None

    def post_new(self, where: Slot, body: str, sig: str, *, outcome: str | None) -> str:
        """A post of this slot, made for the first time (or again), where the players can read it."""
        box = self._box(self.readable_tid())
        done = box.post(where, body, sig, outcome=outcome, rulings_seen=self.rulings_now)
        row = box.row(where)
        if row and row["state"] == "confirmed" and box.hidden_from_guests():
            # The thread showed no reply to judge by before: read back as a guest, ours is locked too.
            raise Unreadable(
                f"{where.words}已发在帖子 {box.tid}（pid {row['pid']}），但这个帖子开启了「回帖仅作者可见」，玩家看不到它："
                "请把它的内容编辑进投票帖的首楼（首楼人人可见），或在游戏文件里写进程帖（process_thread）；"
                "工具不会再发一帖。", poster.REPLY)
        return done

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
        if self._by_another(FINAL, "结果帖"):
            return ""
        outbox = self.box(FINAL)
        where = self.slot(FINAL)
        row = outbox.settle(where, force=force)
        made = result_post(self.game, tally, now=now, public=public, post_limit=self.post_limit)
        body, sig = made.body, made.sig
        if row and row["state"] == "pending":
            self.say("结果帖在等待版主审核，不再重复发。")
            return ""
        if row and row["state"] in ("intent", "sent"):
            return ""  # an unanswered reply the forum may still apply (said by settle)
        if row and row["state"] == "confirmed":
            return self.keep_true(row, tally, body, sig, now, held=held, force=force)
        if held and not force:
            self.say("先裁定（bansha review / bansha rule，或在 bansha desk 里），下次运行再发布结果帖；确要先发布请加 --force-post。")
            return ""
        return self.post_new(where, body, sig, outcome=tally.outcome.describe())

    def keep_true(self, row: dict, tally, body: str, sig: str, now: datetime, *, held: str | None, force: bool) -> str:
        """The posted final result against what the forum shows and what the archive says now. A correction
        is a result posted again: it goes out unattended only when the new count is proven, as the first did."""
        outbox = self.box(FINAL)
        where = self.slot(FINAL)
        shown, row = outbox.look(where, row)  # an edit an earlier run could not confirm, or one passed by 审核
        waiting = outbox.held_edit(where, row)
        if waiting:
            self.say(waiting)
            return ""
        if shown is None:
            if force:
                self.say(f"已发布的结果帖（pid {row['pid']}）在论坛上找不到了：按 --force-post 重新发布。")
                return self.post_new(where, body, sig, outcome=tally.outcome.describe())
            raise poster.Stuck(f"已发布的结果帖（pid {row['pid']}）在论坛上找不到了，或已经不是我们发的内容（被删除、移走或被改过）："
                               "请在论坛上核对；确要重新发布请加 --force-post。", poster.EDIT)
        if hidden := outbox.unreadable(where, shown):
            # Not published while players read only the notice; and no second final beside it, --force-post or not.
            raise poster.Hidden(
                f"{hidden}。结果没有公布出去；工具不会在它旁边另发一帖（--force-post 也不会），免得版主取消屏蔽后玩家看到两帖结果。"
                "请版主在论坛上「取消屏蔽」这一帖，下次运行会核对玩家已经能看到它；导演若决定换一帖重发，"
                "先删除这一帖，再用 --force-post 发布。", poster.EDIT)
        if shown.legacy:
            # Posted by a version before this marker (an upgrade mid-game): its signature was computed another
            # way and its wording differs, so what it asserts is read from the forum — its result line.
            said = report.result_shown(shown.text) or row.get("outcome")
            if said == tally.outcome.describe():
                self.say(f"结果帖（pid {row['pid']}）是旧版本的 bansha 发的（末行是旧格式的标记），公布的结果与现在的计票一致：不改动，也不再发。")
                return ""
        if not first_marked(self.db, {row["pid"]}, self.game.names):
            # dayN.bbcode the director edited into the opening post (an author-only thread): theirs to edit, not ours.
            if shown.sig == sig:
                self.say(f"结果帖是导演手动编辑进首楼的（pid {row['pid']}），内容与现在的结果一致：工具不改动它，也不再发。")
                return ""
            raise poster.Stuck(f"导演手动编辑进首楼的结果帖（pid {row['pid']}）与现在的计票不一致：工具不编辑不是自己发的帖子。"
                               f"请把报告目录里新的 day{self.day.key}.bbcode 照样编辑进首楼（替换原来那份）。", poster.EDIT)
        if shown.sig == sig:
            if outbox.altered(row, shown, body):
                # The marker is ours and says the right version, the body is not what we wrote: put it back.
                forged = self.refuse_foreign(where, row, shown, tally, now)
                recorded = row["digest"] == sig and row["message"]
                self.put_back(where, row, shown, tally, forged)
                return outbox.edit(where, row, _body_of(row["message"]) if recorded else body, sig,
                                   outcome=row["outcome"] if recorded else tally.outcome.describe(),
                                   rulings_seen=row["rulings_seen"] if recorded else self.rulings_now)
            if row["digest"] != sig:  # the forum already says what we would: that is the confirmed content now
                outbox.record(where, digest=sig, message=None, outcome=tally.outcome.describe(),
                              rulings_seen=self.rulings_now, shown=None)
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
        edited = self.rulings_edited_since(tally, row.get("pid"), row.get("versions_seen"))
        if edited and not force:
            # An administrator's edit carries no stamp of its own and may type the director's: a posted result is not
            # rewritten on a ruling post changed after it went out until the director says the edit is theirs.
            floors = "、".join(edited)
            self.correction_held = (f"已发布的结果帖（pid {row['pid']}）与现在的计票不一致，依据的是结果帖发出以后被编辑过的裁定帖"
                                    f"（{floors}）：论坛管理员编辑别人的帖子不留标记，工具分不出是不是导演本人改的——暂不更正")
            self.say(self.correction_held + "。导演确认是自己改的，请加 --force-post 更正（或在 bansha desk 里发布）。")
            return ""
        # An edit follows: never over another archive's rulings; a ruling no bansha wrote is simply overwritten.
        if forged := self.refuse_foreign(where, row, shown, tally, now):
            self.put_back(where, row, shown, tally, forged, then="按现在的计票重写它")
        if sig == row["digest"] and row["message"]:
            # The forum shows an older version (an edit applied late over ours, or one lost): put ours back.
            self.say(f"论坛上的结果帖（pid {row['pid']}）不是最后确认的版本：重新编辑成最后确认的内容。")
            return outbox.edit(where, row, _body_of(row["message"]), sig, outcome=row["outcome"],
                               rulings_seen=row["rulings_seen"])
        return self.correct(row, tally, body, sig, now, before)

    def rulings_edited_since(self, tally, final_pid: int | None, versions_seen: int | None) -> list[str]:
        """The ruling posts the count applies whose text the archive saw change after our final went out: a version
        stored after the last one the archive held when we sent it (an edit made before the next run read our final
        lands in the same read as it), or — for a final sent by an older version — after the archive's first copy of
        our final: 「#12」 each."""
        if "post_versions" not in self.db.table_names():
            return []
        first = versions_seen or (self.db.execute("select min(id) from post_versions where pid = ?", [final_pid]).fetchone()[0]
                                  if final_pid else None)
        found = []
        # The rulings applied, and the ruling posts no longer applied (the hostile round, B6: a 版主's edit that changed no
        # word set the director's ruling aside, and the result it had corrected was corrected back, unasked)
        posts = [(r.source_pid, r.source_floor) for r in tally.rulings if r.source_pid] + \
            [(u.pid, u.floor) for u in tally.unread_rulings if getattr(u, "pid", None)]
        for pid, floor in dict.fromkeys(posts):
            versions = list(self.db.query("select id, seen_at from post_versions where pid = ? order by id", [pid]))
            if len(versions) < 2:
                continue
            if first is not None and versions[-1]["id"] > first:
                found.append(f"#{floor}" if floor is not None else f"pid {pid}")
        return list(dict.fromkeys(found))

    def correct(self, row: dict, tally, body: str, sig: str, now: datetime, before: str | None) -> str:
        """The posted result is no longer what the archive says: edit it in place, saying what changed and why."""
        outbox = self.box(FINAL)
        after = tally.outcome.describe()
        seen = row.get("rulings_seen") or 0
        listed = report.rulings_shown(bbcode_text(row.get("message") or ""))
        floors = {e.pid: e.floor for e in tally.entries}
        reasons = [
            f"导演裁定 pid {r['pid']}（{report.ruling_words(r['decision'], r['target'], r.get('voter'))}）" + (f"：{r['note']}" if r["note"] else "")
            for r in archive.load_rulings(self.db, self.game.key, self.day.day) if seen < r["id"] <= self.rulings_now
        ] + [  # a ruling the director posted in the thread since: the post we wrote did not list it
            f"导演裁定 #{floors.get(r.pid)}（{report.ruling_words(r.decision, r.target, r.voter)}，{r.source}）"
            for r in tally.rulings if r.source_pid is not None and (report.rulings_listed(tally, [(r.pid, r.decision, r.target)])
                                                                    - listed)
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
            done = outbox.edit(self.slot(FINAL), row, message, sig, outcome=after, rulings_seen=self.rulings_now)
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

    def refuse_foreign(self, where: Slot, row: dict, shown, tally, now: datetime) -> str | None:
        """Two archives of one game (the desk on a laptop, cron on a server) would edit the same post back and
        forth, each erasing the other's 导演裁定: a post of ours listing a ruling this archive never recorded,
        signed for the count with that ruling, was written from another archive — stop, say which, edit
        nothing. A listed ruling the marker's signature does not cover was written by no bansha (a 版主 who
        adds one keeps the marker of a count without it): returned in words, for the caller to put it back."""
        # Every ruling this archive ever recorded for the day (a superseded one too: an edit of ours that
        # carried it may land late), and whatever our own recorded messages list.
        recorded = self.db.query("select pid, decision, target from rulings where game = ? and day = ?",
                                 [self.game.key, self.day.day]) if "rulings" in self.db.table_names() else []
        ours = report.rulings_listed(tally) | report.rulings_listed(
            tally, [(r["pid"], r["decision"], r["target"]) for r in recorded])
        for message in (row.get("message"), row.get("edit_message")):
            if message:
                ours |= report.rulings_shown(bbcode_text(message))
        foreign = sorted(report.rulings_shown(shown.text) - ours)
        if not foreign:
            return None
        listed = "、".join(f"{floor}：{words}" for floor, words in foreign)
        if not self.signed(where, shown, tally, now):
            return f"加上了工具没有写过的导演裁定（{listed}），末行标记的签名不包括它们：不是 bansha 写的"
        raise ForeignRulings(
            f"论坛上的{where.words}（pid {row['pid']}）写着本档案库没有的导演裁定（{listed}）：像是另一份档案库"
            "（另一台电脑上的 bansha 或导演工作台）也在维护这一帖。为免互相覆盖，这次不编辑它。请把这些裁定也记进"
            "这份档案库（bansha rule …），或者只在一处运行 bansha；记好以后，下次运行照常核对。", poster.EDIT)

    def signed(self, where: Slot, shown, tally, now: datetime) -> bool:
        """Whether the post's marker signs the count under the rulings it lists — what another archive of ours
        writes: its signature is of what its count asserts, the rulings among it (report.facts). The count is
        made again here with those rulings (over this archive's, or alone: the other may lack one of ours)."""
        if self.retally is None:
            return True  # nothing to count with: never overwrite what may be another archive's
        entry_at = {report._floor(e): e.pid for e in tally.entries}
        choices = [("accept", None), ("reject", None), ("target", None), *(("target", n) for n in self.game.player_names)]
        words = {report.escape_bbcode(report.ruling_words(d, t)): (d, t) for d, t in choices}
        meant: dict[int, Ruling] = {}
        for floor, said in report.rulings_shown(shown.text):
            if floor not in entry_at or said not in words:
                return False  # a ruling on no post of the day, or in words no bansha writes
            meant[entry_at[floor]] = Ruling(entry_at[floor], *words[said])
        ours = {r.pid: r for r in tally.rulings}  # typed, and posted in the threads: what this count applied
        for rulings in ({**ours, **meant}, meant):
            again = self.retally(rulings)
            facts = report.facts(again)
            if where.kind == FINAL:
                sigs = {signature(facts)}
            else:  # the running post signs its countdown too: any bound it may have said
                close = again.close or now
                lefts = [timedelta(hours=h) for h in (0, 1, 3, 6, 12, 24, 48)] + [timedelta(days=n) for n in range(3, 61)]
                sigs = {signature("running" + facts + report.countdown(close, close - left)) for left in lefts}
            if shown.sig in sigs:
                return True
        return False

    def put_back(self, where: Slot, row: dict, shown, tally, forged: str | None, then: str = "改回工具最后写的内容") -> None:
        """Say that a post of ours was rewritten by someone and is put back, naming them (Discuz's edit stamp):
        in the run's words, its summary and the director's report (dayN.director.txt, written before)."""
        said = (f"论坛上的{where.words}（pid {row['pid']}）被改过（{self.box(where.kind).edited_words(shown)}）"
                + (f"：{forged}" if forged else "：末行的标记还在，内容却和工具发的不一样") + f"，{then}")
        self.say(said + "。")
        self.tampered.append(said)
        path = report_stem(self.out_dir, tally).with_suffix(".director.txt") if tally is not None else None
        if path is not None and path.exists():
            write_file(path, path.read_text("utf-8").rstrip("\n") + f"\n\n{said}。\n")

    # -- the running count -----------------------------------------------------------------------

    def running(self, tally, now: datetime) -> str:
        if self._by_another(RUNNING, "实时票数帖"):
            return ""
        outbox = self.box(RUNNING)
        where = self.slot(RUNNING)
        row = outbox.settle(where)
        made = result_post(self.game, tally, now=now, post_limit=self.post_limit)
        body, sig = made.body, made.sig
        if row and row["state"] in ("pending", "intent", "sent", "lost"):
            return ""
        if not row or row["state"] != "confirmed":
            return self.post_new(where, body, sig, outcome=tally.outcome.describe())
        shown, row = outbox.look(where, row)
        waiting = outbox.held_edit(where, row)
        if waiting:
            self.say(waiting)
            return ""
        if shown is None and (shown := outbox.rewritten(where, row)) is not None:
            self.put_back(where, row, shown, tally, "末行的工具标记被删掉或换成了别的", then="改回应有的内容")
            return outbox.edit(where, row, body, sig, outcome=tally.outcome.describe(), rulings_seen=self.rulings_now)
        if shown is None:
            self.say(f"实时票数帖（pid {row['pid']}）在论坛上找不到了（被删除或移走？）：这次不再编辑，也不另发。")
            return ""
        if hidden := outbox.unreadable(where, shown):
            self.say(f"{hidden}：这次不再编辑它，也不另发。")
            return ""
        if shown.sig == sig and not outbox.altered(row, shown, body):
            self.say("票数没有变化，不编辑。")
            return ""
        if forged := self.refuse_foreign(where, row, shown, tally, now):
            self.put_back(where, row, shown, tally, forged, then="改回应有的内容")
        elif shown.sig == sig:
            self.say(f"论坛上的实时票数帖（pid {row['pid']}）被改过（{outbox.edited_words(shown)}）：内容和工具发的不一样，改回应有的内容。")
        return outbox.edit(where, row, body, sig, outcome=tally.outcome.describe(), rulings_seen=self.rulings_now)

    def close_running(self, close: datetime, held: str | None) -> str:
        """After close the running post must not read as open: say 已截止 and where the final result is,
        or why it is not out yet."""
        if self.anothers(RUNNING) is not None:
            return ""  # (another director's running post: his cron closes it)
        outbox = self.box(RUNNING)
        where = self.slot(RUNNING)
        row = outbox.settle(where)
        if not row or row["state"] != "confirmed" or not row["pid"]:
            return ""
        final = outbox.row(self.slot(FINAL))
        if final and final["state"] == "confirmed" and final["pid"]:
            link = model.findpost_url(self.base, final.get("tid") or self.tid, final["pid"])
            where_words = f"最终结果见 [url={link}]{self.day.label}投票结果[/url]。"
        elif held:
            where_words = report.escape_bbcode(held) + "。导演裁定后公布。"
        else:
            where_words = "最终结果待导演裁定后公布。"
        body = (f"[b]{report.escape_bbcode(self.game.name)} {self.day.label}实时票数（已截止）[/b]\n"
                f"投票已于 {report.at_words(close)} 截止，这一帖不再更新。{where_words}")
        sig = signature("closed" + where_words)
        shown, row = outbox.look(where, row)
        waiting = outbox.held_edit(where, row)
        if waiting:
            self.say(waiting)
            return ""
        if shown is None and (rewritten := outbox.rewritten(where, row)) is not None:
            self.put_back(where, row, rewritten, None, "末行的工具标记被删掉或换成了别的", then="改成已截止的内容")
            return outbox.edit(where, row, body, sig, outcome=None, rulings_seen=self.rulings_now)
        if shown is None:
            # Deleted (or moved): never edit it — an edit by its author takes a post out of Discuz's recycle bin.
            self.say(f"实时票数帖（pid {row['pid']}）在论坛上看不到了（被删除或移走？）：不再编辑它，也不另发。")
            return ""
        if hidden := outbox.unreadable(where, shown):
            self.say(f"{hidden}：不再编辑它，也不另发。")
            return ""
        if shown.sig == sig:
            if not outbox.altered(row, shown, body):
                return ""
            self.say(f"论坛上的实时票数帖（pid {row['pid']}）被改过（{outbox.edited_words(shown)}）：内容和工具发的不一样，改回应有的内容。")
        return outbox.edit(where, row, body, sig, outcome=None, rulings_seen=self.rulings_now)


def _body_of(message: str) -> str:
    """A recorded message without its marker line (the edit writes it again)."""
    return re.sub(r"\n*\[size=1\]bansha[:·][^\[]*\[/size\]\s*$", "", message)


def write_file(path: Path, text: str) -> None:
    """A report file, written through a temp file made here and renamed (model.write_file)."""
    model.write_file(path, text)


def report_stem(out_dir: Path, tally) -> Path:
    """dayN (dayN-重投 for a round) in the report directory: its .bbcode, .director.txt, .json and .html."""
    round_words = tally.title.removeprefix(f"第{tally.day}天")  # "" for the day's own vote, "重投" for a round
    return out_dir / (f"day{tally.day}" + (f"-{round_words}" if round_words else ""))


def write_reports(out_dir: Path, game: Game, day: Day, tally, lurking, *, now: datetime, public: str = "",
                  post_limit: int = 10_000, held: str | None = None, db: sqlite_utils.Database | None = None,
                  shown=None) -> list[Path]:
    """The day's result as BBCode (to paste), JSON (for other tools), a small HTML page (to read), and
    what is for the director only. dayN.bbcode is what poll posts (the running count before the close,
    the result after), ending with a marker line of its own: pasted by hand, it is recognised as ours
    and never posted again (its marker id is recorded in `db`: only an id we issued shows a post is ours).
    The proposed cards and the flags with their what-ifs go to dayN.director.txt, never into a file meant
    for the forum."""
    from scraper.outbox import Slot

    model.refuse_symlink(out_dir, "报告目录")
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = report_stem(out_dir, tally)
    made = result_post(game, shown or tally, now=now, public=public, post_limit=post_limit)  # the forum's copy
    where = slot(game, day, made.kind)
    marker = where.marker(outbox.report_id(db, where) if db is not None else secrets.token_hex(4), made.sig)
    director = [f"{game.name} {tally.title}：只给导演看的部分（不要贴到论坛）", ""]
    if held:
        director += [held, ""]
    director += report.flag_lines(tally)
    if tally.rulings or tally.unread_rulings or tally.count_checks:
        director += ["", *report.ruling_lines(tally)]
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
