"""A board's history: the 揭秘 record (reveal) and the board of every finished game (board add, board report)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .common import DB_BESIDE, GAME_FILE, app, err, fail, game_and_archive, game_only, out

board_app = typer.Typer(help="战绩库：把已结束的各局收进一个数据库，生成战绩帖和战绩网站。", no_args_is_help=True)
app.add_typer(board_app, name="board")
BOARD_DB = typer.Option(Path("board.db"), "--board", help="战绩库文件（SQLite，默认 board.db）")


def _say(line: str) -> None:
    out.print(line, highlight=False, markup=False)


@app.command()
def reveal(
    game_file: Path = GAME_FILE,
    db: Optional[Path] = DB_BESIDE,
    pid: Optional[int] = typer.Option(None, "--pid", help="揭秘帖的 pid（默认：在这一局存档的帖子里找导演的揭秘帖）"),
    from_file: Optional[Path] = typer.Option(None, "--from", help="从文本文件读揭秘帖（帖子没有存档时）"),
    confirm: bool = typer.Option(False, "--confirm", help="核对完毕：检查揭秘记录已写完整，把 confirmed 改成 true"),
    force: bool = typer.Option(False, "--force", help="重新起草，覆盖已有的揭秘记录"),
) -> None:
    """起草揭秘记录（游戏文件名.reveal.toml）：读导演的揭秘帖，写出每位玩家的身份、阵营和获胜方；拿不准的写成问题，导演核对后确认。"""
    from bansha import board
    from tally import reveal as reveal_file

    target = board.reveal_path(game_file)
    if confirm:
        game, _rules = game_only(game_file)
        if not target.exists():
            fail(f"{target} 不存在：请先运行 bansha reveal {game_file} 起草揭秘记录。")
        text = target.read_text("utf-8")
        try:
            parsed = reveal_file.parse_reveal(text, game)
        except ValueError as exc:
            fail(str(exc))
        missing = reveal_file.unanswered(parsed, game)
        if missing:
            fail("揭秘记录还不能确认：" + "；".join(missing) + f"。请在 {target} 里补上。")
        target.write_text(reveal_file.confirmed_text(text), "utf-8")
        _say(f"已确认 {target}：{len(parsed.seats)} 位玩家的身份和阵营，获胜方 {parsed.winner}。")
        return
    if target.exists() and not force:
        fail(f"{target} 已经存在（导演可能已经改过）：要重新起草请加 --force；核对完了请用 --confirm。")
    if from_file is not None:
        game, _rules = game_only(game_file)
        try:
            text = from_file.read_text("utf-8")
        except UnicodeDecodeError:
            fail(f"{from_file} 不是 UTF-8 文本：请另存为 UTF-8 再读。")
        draft, source = board.draft_from_text(text, game), f"文件 {from_file.name}"
    else:
        from bansha.cli.common import db_beside

        game, _rules, database = game_and_archive(game_file, db_beside(db, game_file), "bansha archive 游戏文件")
        found = board.find_reveal(database, game, pid)
        if found is None:
            fail(f"存档里没有找到 pid {pid} 的帖子。" if pid is not None else
                 "这一局存档的帖子里没有找到导演的揭秘帖（写明一半以上玩家身份的导演帖子）：请先 bansha archive 游戏文件，"
                 "或用 --pid 指定，或用 --from 从文本文件读。")
        draft, source = found.draft, found.source
    if not draft.is_reveal:
        fail(f"{source} 不像揭秘帖：写明身份的玩家不到一半。")
    from tally.rules import load_camps

    target.write_text(reveal_file.draft_text(draft, game, source=source, camps=load_camps(game.preset)), "utf-8")
    questions = draft.questions()
    _say(f"已起草 {target}（读自 {source}）：{sum(1 for s in draft.seats.values() if s.role or s.camp)} 位玩家的身份，"
         f"获胜方 {draft.winner or '未写'}。")
    if questions:
        _say(f"有 {len(questions)} 处要导演确认（文件里写成「# 待确认」）：")
        for q in questions:
            _say(f"  · {q}")
    _say(f"核对后运行：bansha reveal {game_file} --confirm")


@board_app.command("add")
def board_add(
    game_files: list[Path] = typer.Argument(..., metavar="游戏文件…", help="已结束的游戏文件（可以多个）；档案库默认在各自旁边"),
    board_db: Path = BOARD_DB,
    db: Optional[Path] = typer.Option(None, "--db", help="档案库（只给一个游戏文件时可用；默认：游戏文件旁的同名 .db）"),
    site: Optional[str] = typer.Option(None, "--site", help="这一局揭秘网站的地址或相对路径（战绩网站里链接过去）"),
) -> None:
    """把已结束的游戏收进战绩库（重复运行没有变化就不写）。只有确认过的揭秘记录才计入身份、阵营和胜负。"""
    from bansha import board, pipeline
    from bansha.cli.common import db_beside
    from scraper import board as store

    if db is not None and len(game_files) > 1:
        fail("--db 只能和一个游戏文件一起用。")
    if site and not _safe_link(site):
        fail("--site 只能是 http(s) 地址或相对路径。")
    database = store.open_board(board_db)
    for game_file in game_files:
        game, rules, archive_db = game_and_archive(game_file, db_beside(db, game_file), "bansha archive 游戏文件")
        path = board.reveal_path(game_file)
        try:
            added = board.add_game(database, archive_db, game, rules, game_text=game_file.read_text("utf-8"),
                                   reveal_text=path.read_text("utf-8") if path.exists() else None, site=site)
        except (pipeline.NotFetched, ValueError) as exc:
            fail(f"{game_file}：{exc}")
        _say(f"《{game.name}》：" + ("已收进战绩库" if added.changed else "战绩库里已有，没有变化")
             + ("（含揭秘）" if added.revealed else "（未揭秘）") + "。")
        for note in added.notes:
            err.print(f"  {note}", highlight=False, markup=False)


def _safe_link(site: str) -> bool:
    from urllib.parse import urlsplit

    scheme = urlsplit(site).scheme.lower()
    return scheme in ("http", "https") or (not scheme and not site.startswith("//"))


@board_app.command("report")
def board_report(
    board_db: Path = BOARD_DB,
    bbcode: Optional[Path] = typer.Option(None, "--bbcode", help="战绩帖（BBCode）写到这个文件；不写就打印出来"),
    html_dir: Optional[Path] = typer.Option(None, "--html", help="战绩网站的目录（每位玩家一页、每局一页）"),
    sort: str = typer.Option("games", "--sort", help="排序：games 局数 / wins 胜场 / rate 胜率 / days 存活天数 / hits 投中对方阵营 / lurks 潜水"),
    title: str = typer.Option("本版", "--title", help="战绩帖的标题（版块名）"),
) -> None:
    """战绩帖（BBCode）和战绩网站：每个账号的局数、阵营、胜负、存活天数、出局方式、投票和投中对方阵营、潜水和牌。"""
    from bansha.board import report
    from scraper import board as store
    from scraper import model

    if sort not in report.SORTS:
        fail(f"--sort 只能是：{'、'.join(report.SORTS)}")
    rows = store.load_rows(store.open_board(board_db, readonly=True))
    if not rows["games"]:
        fail(f"战绩库 {board_db} 里还没有对局：先运行 bansha board add 游戏文件。")
    text = report.bbcode(rows, title=title, sort=sort)
    if bbcode is not None:
        model.write_file(bbcode, text)
        _say(f"战绩帖已写到 {bbcode}")
    elif html_dir is None:
        _say(text)
    if html_dir is not None:
        files = report.write_site(rows, html_dir, title=title, sort=sort)
        _say(f"战绩网站已写到 {html_dir}（{len(files)} 个文件，打开 index.html）")


def board_demo(work: Path) -> None:
    """`bansha demo --board`: three finished games on the demo forum, each archived, its 揭秘 drafted and confirmed,
    gathered into one board, and the board's 战绩 post and site written — every step the commands above take."""
    from bansha import board, pipeline
    from bansha.board import report
    from bansha.demo import board as games
    from scraper import archive
    from scraper import board as store
    from scraper.client import ForumClient
    from scraper.sync import sync_thread
    from tally import reveal as reveal_file
    from tally.rules import load_camps

    work.mkdir(parents=True, exist_ok=True)
    board_db = work / "board.db"
    if board_db.exists():
        fail(f"{board_db} 已经存在：演示不会往里面写。请给演示换一个空目录。")
    forum = games.new_forum()
    for game in games.GAMES[:2]:
        games.build_board(forum, game)
    base = forum.start(0)
    database = store.open_board(board_db)
    try:
        _say(f"演示论坛已在 {base} 启动：三局已经结束的游戏，各有导演的揭秘帖。")
        files = []
        for number, game in enumerate(games.GAMES):
            if number == 2:
                games.before_third(forum)
                games.build_board(forum, game)
                _say("（第二局之后，武松的账号改名为「行者」，又有新人注册了「武松」这个名字。）")
            game_file = work / f"game-{game.name[1:4]}.toml"
            game_file.write_text(game.toml(base), "utf-8")
            db = archive.open_db(game_file.with_suffix(".db"))
            with ForumClient(cookie_file=None, min_interval=0) as client:
                for tid in [game.process_tid, *(t for d in game.ballots for t in (game.vote_tid(d), game.discussion_tid(d)))]:
                    sync_thread(client, db, f"{base}forum.php?mod=viewthread&tid={tid}", full=True, source="pc")
            if number == 0:  # the director's card for 鲁智深's 潜水 on day 1 (bansha card add)
                archive.save_card(db, game=pipeline.filed(db, pipeline.load_game(game_file)[0]).key, player="鲁智深",
                                  color="yellow", reason="第1天潜水", day=1, by="导演甲")
            files.append((game_file, db))
            _say(f"《{game.name}》已存档：{game_file.name}、{game_file.with_suffix('.db').name}")
        for game_file, db in files:
            loaded, rules = pipeline.load_game(game_file)
            found = board.find_reveal(db, loaded)
            path = board.reveal_path(game_file)
            path.write_text(reveal_file.draft_text(found.draft, loaded, source=found.source, camps=load_camps(loaded.preset)), "utf-8")
            if found.draft.certain:
                path.write_text(reveal_file.confirmed_text(path.read_text("utf-8")), "utf-8")
                _say(f"《{loaded.name}》的揭秘记录：读自{found.source}，没有拿不准的地方，演示里直接确认（真实对局请导演先核对）。")
            else:
                _say(f"《{loaded.name}》的揭秘记录：有 {len(found.draft.questions())} 处待导演确认，先不确认：")
                for q in found.draft.questions():
                    _say(f"  · {q}")
            added = board.add_game(database, db, loaded, rules, game_text=game_file.read_text("utf-8"),
                                   reveal_text=path.read_text("utf-8"))
            _say(f"《{loaded.name}》已收进战绩库{'（含揭秘）' if added.revealed else '（未揭秘）'}。")
            for note in added.notes:
                _say(f"  {note}")
        rows = store.load_rows(database)
        text = report.bbcode(rows, title="梁山版杀社区")
        (work / "board.bbcode.txt").write_text(text, "utf-8")
        report.write_site(rows, work / "board-site", title="梁山版杀社区")
        _say("\n战绩帖（BBCode 原文）：")
        _say(text)
        _say(f"战绩库：{board_db}\n战绩帖：{work / 'board.bbcode.txt'}\n战绩网站：{work / 'board-site' / 'index.html'}")
        _say(f"接着可以试：bansha board report --board {board_db} --sort rate")
    finally:
        forum.stop()
