"""The count and the director's rulings: tally, lurk, review, rule, card."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Optional

import typer

from scraper import model

from .common import (
    DAY,
    DB_BESIDE,
    FORMAT,
    GAME_FILE,
    RECORDED_BY,
    ROUND,
    app,
    card_app,
    check_format,
    command_name,
    current_day,
    db_beside,
    err,
    fail,
    game_and_archive,
    game_only,
    out,
    terminal_safe,
    write_out,
)


@app.command()
def tally(
    game_file: Path = GAME_FILE,
    day: Optional[int] = DAY,
    db: Optional[Path] = DB_BESIDE,
    format: str = FORMAT,
    election: bool = typer.Option(False, "--election", help="统计这一天的竞选帖（盟主/警长）而不是投票帖"),
    round_: int = ROUND,
    with_lurk: bool = typer.Option(False, "--lurk", help="在结果后附上发言统计和建议判罚（需已抓取讨论帖）"),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="当时的票数：只计这个时间以前的帖子，如 \"2026-11-20 21:30\""),
    as_of_floor: Optional[int] = typer.Option(None, "--as-of-floor", help="当时的票数：只计到第几楼为止"),
) -> None:
    """按本局规则统计某一天的投票，列出每一张票的判定和待裁定的帖子；--as-of 看任一时刻的票数。"""
    db = db_beside(db, game_file)
    day = day or current_day(game_file)
    from bansha import pipeline
    from tally import report

    check_format(format)
    game, rules, database = game_and_archive(game_file, db, "bansha fetch 抓取投票帖")
    moment, words = None, None
    try:
        if as_of:
            moment = game.when(as_of)
            words = f"{moment:%Y-%m-%d %H:%M}"
        if as_of_floor is not None:
            words = (words + "，" if words else "") + f"第 {as_of_floor} 楼"
        if words and election:
            fail("--as-of 只用于投票帖（竞选帖的“最先达到最高票”本身就是按时间算的）")
        result = (pipeline.tally_election(database, game, rules, day) if election
                  else pipeline.tally_from_archive(database, game, rules, day, round=round_, as_of=moment,
                                                   as_of_floor=as_of_floor))
        lurking = pipeline.lurk_from_archive(database, game, rules, day, None if election else result) if with_lurk else None
    except (ValueError, pipeline.NotFetched) as exc:
        fail(str(exc))
    # Before the close the count is a standing, never a verdict: 未截止 · 若此刻截止, as the running post says.
    now = datetime.now(game.tz)
    standing = now if not words and result.close and now < result.close else None
    if format == "json":
        write_out(report.render_json(result, as_of=words) + "\n")
    elif format == "bbcode":
        write_out(report.render_bbcode(result, game.name, as_of=standing, as_of_words=words,
                                       link=pipeline.vote_links(game, result)) + "\n")
        if lurking:
            write_out("\n" + report.render_lurk(lurking, game.name, bbcode=True) + "\n")
        for line in report.flag_lines(result):
            if line:
                err.print(line, highlight=False, markup=False)
    else:
        out.print(report.render_text(result, game.name, as_of=standing, as_of_words=words), highlight=False, markup=False)
        if lurking:
            out.print("\n" + report.render_lurk(lurking, game.name), highlight=False, markup=False)


@app.command()
def lurk(
    game_file: Path = GAME_FILE,
    day: Optional[int] = DAY,
    db: Optional[Path] = DB_BESIDE,
    format: str = FORMAT,
) -> None:
    """统计某一天的发言数、潜水、违规（诈尸、红字、大字）和加速申请，列出建议的判罚。"""
    db = db_beside(db, game_file)
    day = day or current_day(game_file)
    from bansha import pipeline
    from tally import report

    check_format(format)
    game, rules, database = game_and_archive(game_file, db, "bansha fetch 抓取讨论帖、投票帖和进程帖")
    try:
        result = pipeline.lurk_from_archive(database, game, rules, day)
    except (ValueError, pipeline.NotFetched) as exc:
        fail(str(exc))
    if format == "json":
        write_out(json.dumps(result.to_json(), ensure_ascii=False, indent=1) + "\n")
    else:
        text = report.render_lurk(result, game.name, bbcode=format == "bbcode")
        out.print(text, highlight=False, markup=False) if format == "text" else write_out(text + "\n")





@card_app.command("add")
def card_add(
    game_file: Path = GAME_FILE,
    player: str = typer.Argument(..., metavar="角色名", help="角色名"),
    color: str = typer.Argument(..., metavar="牌", help="蓝牌 / 黄牌 / 红牌（英文 blue、yellow、red 也可以）"),
    reason: str = typer.Option(..., "--reason", help="原因"),
    day: Optional[int] = DAY,
    pid: Optional[int] = typer.Option(None, "--pid", help="相关帖子的 pid"),
    by: str = RECORDED_BY,
    db: Optional[Path] = DB_BESIDE,
) -> None:
    """给一位角色记一张牌。"""
    db = db_beside(db, game_file)
    from bansha import pipeline
    from scraper import archive
    from tally.cards import COLORS, WORDS, standings

    game, _rules = game_only(game_file)
    color = {words: code for code, words in WORDS.items()}.get(color) or {"蓝": "blue", "黄": "yellow", "红": "red"}.get(color, color)
    if color not in COLORS:
        fail("牌只能是 蓝牌、黄牌 或 红牌")
    if player not in game.player_names:
        fail(f"「{player}」不在游戏文件的玩家名单里")
    day = day or current_day(game_file)  # as every other command: the day under way, or the one just closed
    database = archive.open_db(db)
    game = pipeline.filed(database, game)
    archive.save_card(database, game=game.key, player=player, color=color, reason=reason, day=day, pid=pid, by=by)
    standing = standings(archive.load_cards(database, game.key))[player]
    out.print(f"已记录：{player} {WORDS[color]}（{reason}）。现在：{standing.describe()}" + ("，红牌罚下。" if standing.out else "。"))


@card_app.command("list")
def card_list(
    game_file: Path = GAME_FILE,
    db: Optional[Path] = DB_BESIDE,
) -> None:
    """列出所有牌和每位角色的牌面（3 蓝 = 1 黄，3 黄 = 1 红）。"""
    db = db_beside(db, game_file)
    from bansha import pipeline
    from scraper import archive
    from tally import report
    from tally.cards import standings

    game, _rules = game_only(game_file)
    database = archive.open_db(db, readonly=True)
    cards = archive.load_cards(database, pipeline.filed(database, game).key)
    out.print(report.render_cards(standings(cards), cards, tz=game.tz), highlight=False, markup=False)


@app.command()
def rule(
    game_file: Path = GAME_FILE,
    pid: int = typer.Argument(..., metavar="帖子pid", help="要裁定的帖子 pid"),
    decision: str = typer.Argument(..., metavar="裁定", help="有效 / 无效 / 弃权 / 计为 角色名（英文 accept、reject、target 也可以）"),
    name: Optional[str] = typer.Argument(None, metavar="角色名", help="“计为”之后：计为哪位角色"),
    day: Optional[int] = DAY,
    target: Optional[str] = typer.Option(None, "--target", help="同“计为 角色名”（弃权写“弃权”）"),
    voter: Optional[str] = typer.Option(None, "--for", help="算作哪位角色的票（替别人转投的票，例如 帮X投）；不写就是发帖人自己的票"),
    note: str = typer.Option("", "--note", help="裁定说明，会出现在结果帖里"),
    db: Optional[Path] = DB_BESIDE,
    by: str = RECORDED_BY,
    round_: int = ROUND,
) -> None:
    """记录导演对某一帖的裁定，例如 bansha rule game.toml 64 计为 宋江；替别人转投的票要算作那位角色的票：
    bansha rule game.toml 64 计为 宋江 --for 吴用。之后的每次计票都会采用。"""
    db = db_beside(db, game_file)
    day = day or current_day(game_file)
    from bansha import pipeline
    from scraper import archive
    from tally import report

    choice = pipeline.RULING_WORDS.get(decision)
    if choice is None:
        fail("裁定只能是：有效、无效、弃权、计为 角色名（或 accept、reject、target）")
    target = target or name
    if decision == "弃权":
        target = "弃权"
    if choice == "target":
        if not target:
            fail("“计为”之后要写角色名，例如：bansha rule game.toml 64 计为 宋江（弃权就写：bansha rule game.toml 64 弃权）")
        target = None if target == "弃权" else target
    try:
        game, rules = pipeline.load_game(game_file)
        game.day(day)
    except ValueError as exc:
        fail(str(exc))
    database = archive.open_db(db)
    game = pipeline.filed(database, game)
    if not database["posts"].count_where("pid = ?", [pid]):
        fail(f"档案库里没有 pid {pid} 的帖子")
    try:
        # a 重投 or 高票对决 ballot is ruled in its own round (it may share the day's thread)
        tally = pipeline.tally_from_archive(database, game, rules, day, round=round_, sensitivity=False)
    except (ValueError, pipeline.NotFetched) as exc:
        fail(str(exc))
    problem = pipeline.ruling_problem(tally, game, pid, choice, target, voter, rules)
    if problem:
        fail(problem)
    if voter is not None and choice == "reject":
        fail("“无效”就是不算任何人的票：不要同时写 --for")
    archive.save_ruling(database, game=game.key, day=day, pid=pid, decision=choice, target=target, note=note, by=by,
                        voter=voter)
    out.print(f"已记录：第 {day} 天 pid {pid} → {report.ruling_words(choice, target, voter)}", highlight=False, markup=False)



@app.command()
def review(
    game_file: Path = GAME_FILE,
    day: Optional[int] = DAY,
    db: Optional[Path] = DB_BESIDE,
    round_: int = ROUND,
) -> None:
    """列出所有待导演裁定的帖子：链接、作者、内容、原因、每种裁定下的结果，可能改变结果的排在前面。"""
    db = db_beside(db, game_file)
    day = day or current_day(game_file)
    import shutil

    from bansha import pipeline
    from scraper import archive
    from tally import report

    from .words import wrap

    game, rules, database = game_and_archive(game_file, db, "bansha fetch 或 bansha poll")
    try:
        result = pipeline.tally_from_archive(database, game, rules, day, round=round_)
    except (ValueError, pipeline.NotFetched) as exc:
        fail(str(exc))
    # Each standing ruling with where it came from, and the director's ruling posts that apply nothing.
    ruled = [terminal_safe(line) for line in report.ruling_lines(result)]
    waiting = report.waiting_flags(result)  # the flags, and a secret non-voter's ballot (r79-114)
    secret = bool(report.secret_ballots(result))
    if not waiting:
        write_out("\n".join([f"{result.title}没有需要裁定的帖子。", *([""] + ruled if ruled else [])]))
        return
    vote_day = game.day(day, round_)
    texts = {p.pid: p.text for p in archive.read_posts(database, vote_day.vote_thread)}
    base = (game.forum or "").rstrip("/")
    width = max(40, min(shutil.get_terminal_size((80, 24)).columns, 120) - 1)
    floor_of = {e.pid: e.floor for e in result.entries}.get
    me = command_name()
    together = ("无论怎样裁定，结果都不变" if result.certain else result.proof.describe(floor_of) if result.proof else "未分析")
    if secret:  # the proof weighs the flags only: each secret voter's ballot shows its results itself
        together = f"其余待裁定帖一起：{together}" if result.flags else "没有投票权的玩家的票怎样裁定，结果见下"
    else:
        together = f"所有待裁定帖一起：{together}"
    lines = [f"{game.name} {result.title}：{len(waiting)} 帖待裁定，现在的结果：{report.result_line(result)}",
             together, ""]
    for flag in waiting:
        entry = next(e for e in result.entries if e.pid == flag.pid)
        matters = (report.SECRET_HOLD if flag.alternatives == [report.SECRET_HOLD] else "可能改变结果" if flag.alternatives
                   else "与 " + "、".join(f"#{floor_of(p)}" for p in flag.together) + " 一起可能改变结果" if flag.together
                   else "单独改判不影响结果" if not result.certain else "不影响结果")
        block = [f"#{flag.floor} {terminal_safe(entry.author)}（pid {flag.pid}）· {matters}",
                 f"  帖子：{terminal_safe(texts.get(flag.pid, '').strip()).replace(chr(10), ' ⏎ ')[:200]}",
                 f"  判定：{terminal_safe(flag.reason)}"]
        if pipeline.is_stranger(game, entry):
            block.append(f"  怎么办：{pipeline.stranger_words(entry.author)}。")
        for line in block:
            lines += wrap(line, width, 4)
        for choice in pipeline.ruling_choices(result, game, entry):
            lines += wrap(f"  · {choice.words} → {choice.outcome}", width, 4)
            lines.append(f"      {me} rule {game_file} {flag.pid} {choice.command}"
                         + (f" --round {round_}" if round_ else ""))  # one line: to copy whole
        if base:
            lines.append(f"  原帖：{model.findpost_url(base, vote_day.vote_thread, flag.pid)}")
        lines.append("")
    write_out("\n".join([*lines, *ruled]))


