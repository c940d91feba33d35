"""Posting results: poll, watch, desk, demo."""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path
from typing import Optional

import typer

from scraper import model

from .common import (
    stop_on_sigterm,
    COOKIES,
    DB_BESIDE,
    FORCE_POST,
    GAME_FILE,
    GAME_FILE_WITH_FORUM,
    INTERVAL,
    OUT_DIR,
    REQUEST_LIFE,
    RUNNING,
    app,
    command_name,
    db_beside,
    err,
    error,
    fail,
    game_only,
    out,
)


@app.command()
def poll(
    game_file: Path = GAME_FILE_WITH_FORUM,
    db: Optional[Path] = DB_BESIDE,
    day: Optional[int] = typer.Option(None, "--day", help="第几天（默认：按当前时间判断）"),
    post: bool = typer.Option(False, "--post", help="关门后把最终结果回帖到投票帖（每天只发一次；结果变了会原地更正）"),
    running: bool = RUNNING,
    force_post: bool = FORCE_POST,
    post_limit: int = typer.Option(10_000, "--post-limit", help="论坛的帖子最大字数（后台设置，默认 10000；中文算 2 个字）"),
    out_dir: Path = OUT_DIR,
    login: Optional[str] = typer.Option(None, "--login", help="以这个账号发帖（已登录时不再登录；密码从 BANSHA_PASSWORD 读取）"),
    cookies: Optional[Path] = COOKIES,
    cookies_from_browser: Optional[str] = typer.Option(None, "--cookies-from-browser",
                                                       help="直接读取本机浏览器的 Cookie：firefox / chrome / chromium / edge …"),
    interval: float = INTERVAL,
    timeout: float = typer.Option(30.0, "--timeout", help="等论坛回答的最长时间（秒）"),
    request_life: float = REQUEST_LIFE,
    with_lurk: bool = typer.Option(False, "--lurk", help="结果帖里附上发言数、违规和加速申请（不含建议判罚）"),
    now: Optional[str] = typer.Option(None, "--now", help="把“现在”当作这个时间（测试或补跑用），如 2026-11-22 21:30"),
    verbose: bool = typer.Option(False, "-v", "--verbose", help="打印每一步"),
    log: Optional[Path] = typer.Option(None, "--log", help="把运行记录追加到这个文件（给 cron 用）"),
    round_: int = typer.Option(0, "--round", help="配合 --day：这一天的第几轮（重投、高票对决）"),
) -> None:
    """给 cron 用的一次完整运行：抓取当天各帖、计票、统计潜水、写报告，需要时回帖公布结果。"""
    db = db_beside(db, game_file)
    code, _result = _poll_once(game_file, db, polling_options(
        day=day, round=round_, post=post, running=running, force_post=force_post, post_limit=post_limit, out_dir=out_dir, login=login,
        cookies=cookies,
        cookies_from_browser=cookies_from_browser, interval=interval, timeout=timeout, with_lurk=with_lurk, verbose=verbose,
        now=now, game_file=game_file, request_life=request_life * 60), verbose, log)
    raise typer.Exit(code)


@app.command()
def watch(
    game_file: Path = GAME_FILE_WITH_FORUM,
    db: Optional[Path] = DB_BESIDE,
    every: float = typer.Option(10.0, "--every", help="每隔多少分钟运行一次"),
    jitter: float = typer.Option(1.0, "--jitter", help="每次额外随机等待 0 到这么多分钟（避免整点扎堆）"),
    max_runs: int = typer.Option(0, "--max-runs", help="最多运行几次（0 = 不限，直到当天结果帖发出）"),
    running: bool = RUNNING,
    force_post: bool = FORCE_POST,
    out_dir: Path = OUT_DIR,
    login: Optional[str] = typer.Option(None, "--login", help="以这个账号发帖（密码从 BANSHA_PASSWORD 或终端输入读取）"),
    cookies: Optional[Path] = COOKIES,
    cookies_from_browser: Optional[str] = typer.Option(None, "--cookies-from-browser", help="直接读取本机浏览器的 Cookie"),
    interval: float = INTERVAL,
    with_lurk: bool = typer.Option(False, "--lurk", help="结果帖里附上发言数、违规和加速申请"),
    log: Optional[Path] = typer.Option(None, "--log", help="把运行记录追加到这个文件"),
    request_life: float = REQUEST_LIFE,
) -> None:
    """不用 cron 也行：前台循环运行 poll，关门后发布结果帖，发出后自动停止（Ctrl+C 随时退出）。"""
    db = db_beside(db, game_file)
    import random
    import time


    options = polling_options(post=True, running=running, force_post=force_post, out_dir=out_dir, login=login,
                              cookies=cookies, cookies_from_browser=cookies_from_browser, interval=interval,
                              with_lurk=with_lurk, verbose=True, now=None, game_file=game_file,
                              request_life=request_life * 60)
    zone, _rules = game_only(game_file)  # every time watch prints is the game's, named (a server runs on UTC)
    runs = 0
    stop_on_sigterm()
    try:
        while True:
            runs += 1
            out.print(f"[{_clock(zone)}] 第 {runs} 次运行")
            code, result = _poll_once(game_file, db, options, True, log)
            options.cookies = options.cookies_from_browser = None  # imported once: the jar beside the archive keeps them
            if result is not None and result.final_done:
                out.print("当天的结果帖已经发出，watch 结束。", highlight=False, markup=False)
                raise typer.Exit(code)
            if max_runs and runs >= max_runs:
                out.print(f"已运行 {runs} 次（--max-runs），watch 结束。", highlight=False, markup=False)
                raise typer.Exit(code)
            wait = max(0.0, every * 60 + random.uniform(0, jitter * 60))
            if result is not None and result.close and not result.closed:
                # Wake up just after close rather than up to `every` minutes late.
                until_close = (result.close - datetime.now(result.close.tzinfo)).total_seconds() + 30
                if 0 < until_close < wait:
                    wait = until_close
            then = datetime.now(zone.tz) + timedelta(seconds=wait)
            out.print(f"下一次运行：{wait / 60:.1f} 分钟后（{zone.zone_words} {then:%H:%M} 左右）。")
            time.sleep(wait)
    except KeyboardInterrupt:
        out.print("已停止。", highlight=False, markup=False)
        raise typer.Exit(0) from None


def _clock(game) -> str:
    """Now, as watch prints it: 「北京时间 11-29 21:30:05」, whatever zone the machine keeps."""
    return f"{game.zone_words} {datetime.now(game.tz):%m-%d %H:%M:%S}"


def _without_forum(text: str) -> str:
    """A demo game file as written, but for the forum line (its port changes from run to run)."""
    return "\n".join(line for line in text.replace("\r\n", "\n").split("\n") if not line.startswith("forum = "))


def polling_options(*, game_file: Path, now: Optional[str], login: Optional[str], **kw):
    """PollOptions from the command line; the password comes from BANSHA_PASSWORD or the terminal, never a file."""
    from bansha import poll as polling

    game, _rules = game_only(game_file)
    password = None
    if login:
        password = os.environ.get("BANSHA_PASSWORD")
        if password is None and sys.stdin.isatty():
            password = typer.prompt(f"{login} 的密码（已登录时不会用到）", hide_input=True)
    try:
        when = game.when(now) if now else None
    except ValueError as exc:
        fail(str(exc))
    return polling.PollOptions(now=when, login=login, password=password, **kw)


def _poll_once(game_file: Path, db: Path, options, verbose: bool, log: Optional[Path]):
    """One poll with its messages, log lines and exit code (shared by poll and watch)."""
    import sqlite3

    from bansha import pipeline
    from bansha import poll as polling
    from scraper import archive, auth, poster
    from scraper.client import FetchFailed

    lines: list[str] = []
    zone, _rules = game_only(game_file)

    def say(text: str) -> None:
        lines.append(text)
        if verbose:
            err.print(text, highlight=False, markup=False)

    def finish(code: int, text: str, result=None):
        if log:
            model.refuse_symlink(log, "日志文件")
            with open(log, "a", encoding="utf-8") as handle:
                # In the game's zone, as every other time the director sees, with its UTC offset.
                stamp = datetime.now(zone.tz).isoformat(timespec="seconds")
                for line in lines + [text]:
                    handle.write(f"{stamp} {line}\n")
        return code, result

    if log:
        # Before anything is fetched or posted: a log that cannot be written would fail the run at its end.
        try:
            model.refuse_symlink(log, "日志文件")
            with open(log, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            error(f"日志文件 {log} 写不了（{model.describe_os_error(exc)}）：请换一个可写的 --log 位置。这次什么都没有做。")
            return polling.EXIT_ERROR, None
        except model.ArchiveError as exc:
            error(str(exc))
            return polling.EXIT_ERROR, None
    try:
        result = polling.run_poll(game_file, db, options, say)
    except polling.Busy as busy:
        err.print(str(busy), highlight=False, markup=False)
        return finish(polling.EXIT_BUSY, str(busy))
    except poster.PostError as exc:
        what = exc.title
        error(str(exc), f"{what}：")
        return finish(polling.EXIT_ERROR, f"{what}：{exc}")
    except sqlite3.Error as exc:
        text = archive.describe_sqlite_error(exc, db)
        error(text)
        return finish(polling.EXIT_ERROR, f"错误：{text}")
    except OSError as exc:
        text = model.describe_os_error(exc)
        error(text)
        return finish(polling.EXIT_ERROR, f"错误：{text}")
    except (ValueError, pipeline.NotFetched, model.Refusal, FetchFailed, auth.AuthError, archive.ArchiveError) as exc:
        error(str(exc))
        return finish(polling.EXIT_ERROR, f"错误：{exc}")
    out.print(result.summary, highlight=False, markup=False)
    for line in result.posted:
        out.print(f"  {line}", highlight=False, markup=False)
    return finish(result.code, result.summary, result)



@app.command()
def desk(
    game_file: Path = GAME_FILE,
    db: Optional[Path] = DB_BESIDE,
    port: int = typer.Option(0, "--port", help="端口（默认随机）"),
    no_browser: bool = typer.Option(False, "--no-browser", help="不自动打开浏览器"),
    out_dir: Path = OUT_DIR,
    login: Optional[str] = typer.Option(None, "--login", help="发帖用的账号（已登录时不再登录；密码从 BANSHA_PASSWORD 或终端输入读取）"),
    cookies: Optional[Path] = COOKIES,
    interval: float = INTERVAL,
) -> None:
    """导演工作台：在浏览器里看各天票数、逐帖裁定、预览并发布结果帖（只在本机，地址带本次运行的令牌）。"""
    db = db_beside(db, game_file)
    from bansha.desk import DeskConfig, new_token, serve

    options = polling_options(game_file=game_file, now=None, login=login, cookies=cookies, out_dir=out_dir,
                              interval=interval)
    stop_on_sigterm()
    serve(DeskConfig(game_file=game_file, db=db, token=new_token(), options=options), port=port,
          open_browser=not no_browser, say=lambda line: out.print(line, highlight=False, markup=False))



@app.command()
def demo(
    db: Optional[Path] = typer.Option(None, "--db", help="档案库文件；写了就把游戏文件、报告和演示论坛的内容都放在它旁边，下次接着用"),
    serve: bool = typer.Option(False, "--serve", help="跑完以后演示论坛继续运行（Ctrl+C 结束），可以接着试 desk、poll、export"),
    port: int = typer.Option(0, "--port", help="演示论坛的端口（默认：上次用的，或 8101）"),
    board: Optional[Path] = typer.Option(None, "--board", help="改为演示战绩库：三局已结束的游戏存档、起草并确认揭秘、收进战绩库，写到这个目录"),
) -> None:
    """在内置的演示论坛上跑一遍主流程：导演登录、抓取三个帖子、计票、统计潜水、回帖公布结果。"""
    if board is not None:
        from .board import board_demo

        board_demo(board)
        return
    import json
    from importlib import resources

    from bansha import pipeline
    from bansha import poll as polling
    from bansha.demo import game
    from scraper import archive
    from tally import report

    work = db.resolve().parent if db else Path(tempfile.mkdtemp(prefix="bansha-demo-"))
    work.mkdir(parents=True, exist_ok=True)
    db = db or work / "demo.db"
    kept = db.with_name(db.name + ".forum.json")  # the demo forum's posts, for the next run
    text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
    game_file = work / "game.toml"
    # The demo writes game.toml beside the archive: never over a director's own game file or archive.
    if game_file.exists() and _without_forum(game_file.read_text("utf-8", errors="replace")) != _without_forum(text):
        fail(f"{game_file} 已经存在，而且不是演示的游戏文件：演示不会覆盖它。请给演示换一个目录，例如 --db demo/game.db。")
    if db.exists() and not kept.exists():
        fail(f"{db} 已经存在，而且不是演示用过的档案库：演示不会往里面写。请给演示换一个目录，例如 --db demo/game.db。")
    forum = game.build()
    saved = json.loads(kept.read_text("utf-8")) if kept.exists() else {}
    if saved:
        forum.restore(saved)
    wanted = port or saved.get("port") or (8101 if serve else 0)
    try:
        base = forum.start(wanted)
    except OSError:
        if saved.get("port"):
            fail(f"演示论坛上次用的端口 {wanted} 现在被占用了（档案库记着这个地址）：请结束占用它的程序，"
                 f"或者换一个 --db 重新开始。")
        base = forum.start(0)
    forum.on_change = lambda: forum.save(kept)
    out.print(f"演示论坛已在 {base} 启动（《梁山风云》第一天，论坛时间 {forum.clock():%Y-%m-%d %H:%M}，已关门）。", highlight=False)
    game_file.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{base}"'), "utf-8")
    login, password = game.DIRECTOR[1], "demo-director"
    options = polling.PollOptions(post=True, out_dir=work / "report", now=forum.clock(), login=login,
                                  password=password, interval=0.05, with_lurk=True)
    try:
        result = polling.run_poll(game_file, db, options, lambda line: out.print(f"  {line}", highlight=False, markup=False))
        replies = [p for p in forum.threads[game.VOTE_TID].posts if p.uid == game.DIRECTOR[0]]
        forum.save(kept)
        loaded, rules = pipeline.load_game(game_file)
        tally = pipeline.tally_from_archive(archive.open_db(db), loaded, rules, 1)
        out.print("\n计票过程与结果：", highlight=False)
        out.print(report.render_text(tally, loaded.name), highlight=False, markup=False)
        out.print(f"\n{result.summary}", highlight=False, markup=False)
        out.print("\n导演账号回到投票帖里的结果帖（BBCode 原文）：", highlight=False)
        out.print(replies[-1].bbcode, highlight=False, markup=False)
        out.print(f"\n报告文件：{', '.join(str(f) for f in result.files)}", highlight=False, markup=False)
        out.print(f"游戏文件：{game_file}\n档案库：{db}", highlight=False, markup=False)
        me = command_name()
        if not serve:
            out.print(f"（想接着在这个论坛上试 desk、poll、export，请加 --serve 再运行一次：{me} demo --serve"
                      + (f" --db {db}" if db != work / "demo.db" or kept.exists() else "") + "）")
            return
        out.print("\n".join([
            "", f"演示论坛会一直运行，按 Ctrl+C 结束（论坛的内容存在档案库旁边，下次 {me} demo --db 同一个档案库接着用）。",
            f"论坛地址：{base}（浏览器打开就能看投票帖：{base}forum.php?mod=viewthread&tid={game.VOTE_TID}）",
            f"导演账号：{login}    密码：{password}",
            "接下来可以另开一个终端试（每一行都可以整行复制）：",
            f"  BANSHA_PASSWORD={password} {me} desk {game_file} --login {login}",
            f"  BANSHA_PASSWORD={password} {me} poll {game_file} --login {login} --post --running --log {work / 'poll.log'}",
            f"  {me} review {game_file}",
            f"  {me} export {game_file} --html {work / 'site'}",
        ]))
        import time

        stop_on_sigterm()
        try:
            while True:
                time.sleep(3600)  # a signal's handler raises here
        except KeyboardInterrupt:
            pass
        out.print("演示论坛已结束。", highlight=False)
    finally:
        forum.save(kept)
        forum.stop()
