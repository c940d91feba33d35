"""The `bansha` command. Thin: it parses options, calls plain functions and prints in Chinese."""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Optional

import typer

# Start-up is paid on every cron run and every check-vote: the top level imports typer and plain data only.
# Each command imports what it uses (httpx, sqlite-utils, selectolax, rich) when it runs.
from scraper import model
from scraper.model import SOURCES, strip_controls

app = typer.Typer(help="版杀导演助手：抓取 Discuz! 帖子、解析投票、计票、公布结果。", no_args_is_help=True, add_completion=False)
# Forum text must not drive the director's terminal: the reader's own filter (control characters, ESC,
# C1, bidi overrides) is applied to everything printed. Rich adds its own styling afterwards.
terminal_safe = strip_controls


class _Console:
    """rich's console, made on first use; everything printed passes terminal_safe first."""

    def __init__(self, stderr: bool) -> None:
        self.stderr = stderr
        self._real = None

    @property
    def real(self):
        if self._real is None:
            from rich.console import Console

            tty = (sys.stderr if self.stderr else sys.stdout).isatty()
            # Off a terminal (cron, a pipe, a file) rich would wrap at 80 columns and cut BBCode meant to be copied.
            self._real = Console(stderr=self.stderr, soft_wrap=not tty, width=None if tty else 10_000)
        return self._real

    def print(self, *objects, **kw) -> None:
        self.real.print(*(terminal_safe(o) if isinstance(o, str) else o for o in objects), **kw)


def write_out(text: str) -> None:
    """Plain output (BBCode, JSON lines) for pipes and files: the same control characters dropped."""
    sys.stdout.write(terminal_safe(text))


def escape(text: str) -> str:
    from rich.markup import escape as rich_escape

    return rich_escape(text)


out = _Console(stderr=False)
err = _Console(stderr=True)

DEFAULT_DB = "bansha.db"


def fail(message: str, code: int = 1) -> None:
    err.print(f"[bold red]错误：[/]{message}", highlight=False)
    raise typer.Exit(code)


def game_only(game_file: Path):
    """The game file and its rules, or a clear error."""
    from tally.game import load_game

    try:
        return load_game(game_file)
    except ValueError as exc:
        fail(str(exc))


def game_and_archive(game_file: Path, db: Path, needs: str, *, readonly: bool = True):
    """The game file, its rules and the archive (opened read-only unless the command writes), or a clear
    error saying what to run first."""
    from scraper import archive

    game, rules = game_only(game_file)
    if not db.exists():
        fail(f"档案库 {db} 不存在：请先运行 {needs}。")
    return game, rules, archive.open_db(db, readonly=readonly)


def db_beside(db: Optional[Path], game_file: Path) -> Path:
    """The archive a game's commands share: --db if given, else GAME.db beside GAME.toml."""
    return db if db is not None else Path(game_file).with_suffix(".db")


def current_day(game_file: Path) -> int:
    """The day under way (or the last one that closed), as poll picks it."""
    from bansha.poll import pick_day

    game, _rules = game_only(game_file)
    try:
        return pick_day(game, datetime.now(game.tz)).day
    except ValueError as exc:
        fail(f"{exc}（可以用 --day 指定）")


def check_format(format: str, allowed: tuple[str, ...] = ("bbcode", "text", "json")) -> None:
    if format not in allowed:
        fail(f"--format 只能是 {'、'.join(allowed)}")


def cookie_file_for(db: Path) -> Path:
    return db.with_name(db.name + ".cookies.txt")


def make_client(db: Path, interval: float, on_attempt=None):
    from scraper.client import ForumClient

    return ForumClient(cookie_file=cookie_file_for(db), min_interval=interval, on_attempt=on_attempt)


@app.command()
def fetch(
    url: str = typer.Argument(..., help="帖子网址，如 https://bbs.example.com/forum.php?mod=viewthread&tid=4"),
    db: Path = typer.Option(DEFAULT_DB, "--db", help="SQLite 档案库文件"),
    full: bool = typer.Option(False, "--full", help="重新读取每一页（检查编辑、删除）"),
    cookies: Optional[Path] = typer.Option(None, "--cookies", help="浏览器 Cookie：cookies.txt 或复制的 Cookie 字符串文件"),
    cookies_from_browser: Optional[str] = typer.Option(None, "--cookies-from-browser",
                                                       help="直接读取本机浏览器的 Cookie：firefox / chrome / chromium / edge …"),
    login: Optional[str] = typer.Option(None, "--login", help="用这个账号登录（已登录时不再登录；密码从 BANSHA_PASSWORD 或终端输入读取）"),
    question_id: int = typer.Option(0, "--question-id", help="安全提问编号（1–7，未设置为 0）"),
    answer: str = typer.Option("", "--answer", help="安全提问的答案"),
    source: str = typer.Option("auto", "--source", help=f"数据来源：{' / '.join(SOURCES)}（api 请求更少，但看不到编辑标记）"),
    interval: float = typer.Option(2.0, "--interval", help="同一论坛两次请求的最小间隔（秒）；Discuz 防 CC 通常要求 ≥ 2"),
) -> None:
    """抓取一个帖子到档案库（增量）。"""
    from scraper import archive, auth
    from scraper.client import FetchFailed
    from scraper.sync import parse_thread_url

    try:
        ref = parse_thread_url(url)
    except ValueError as exc:
        fail(str(exc))
    database = archive.open_db(db)
    with make_client(db, interval) as client:
        for notice in client.notices:
            err.print(f"[yellow]注意：[/]{escape(notice)}", highlight=False)
        try:
            if cookies:
                auth.import_cookies(client, auth.load_cookies(cookies, ref.forum.split(":")[0]), ref.base)
                out.print(f"已导入 Cookie，当前身份 uid={auth.current_uid(client, ref.base)}")
            if cookies_from_browser:
                auth.import_cookies(client, auth.cookies_from_browser(cookies_from_browser, ref.forum), ref.base)
                out.print(f"已读取 {cookies_from_browser} 的 Cookie，当前身份 uid={auth.current_uid(client, ref.base)}")
            if login:
                password = os.environ.get("BANSHA_PASSWORD")
                if password is None and sys.stdin.isatty():
                    password = typer.prompt(f"{login} 的密码（已登录时不会用到）", hide_input=True)
                me = auth.ensure_login(client, ref.base, login, password, question_id=question_id, answer=answer,
                                       say=lambda text: err.print(text, highlight=False, markup=False))
                out.print(f"当前身份：{me.username or login}（uid={me.uid}）")
            report = _sync_with_progress(client, database, url, full=full, source=source)
        except auth.AuthError as exc:
            fail(str(exc))
        except model.LoginRequired as exc:
            fail(f"{exc}\n请用 --cookies 导入浏览器 Cookie，或用 --login 账号 登录后再试。", 2)
        except model.Refusal as exc:
            fail(str(exc), 2)
        except FetchFailed as exc:
            fail(f"{exc}\n已抓取的楼层都已保存，下次运行会从中断处继续。", 3)
        except ValueError as exc:
            fail(str(exc))
    out.print(
        f"《{report.subject}》（tid={report.tid}）：请求 {report.requests} 页，新增 {report.new_posts} 楼，"
        f"共 {database['posts'].count_where('tid = ?', [report.tid])} 楼，末页 {report.last_page}。"
    )
    for note in dict.fromkeys(report.damage):
        err.print(f"[yellow]注意：[/]{note}", highlight=False)
    if report.gone:
        err.print(f"[yellow]注意：[/]论坛上已看不到这些楼层（已标记为删除，原文保留）：pid {', '.join(map(str, report.gone))}")
    if report.gaps:
        err.print(f"[yellow]注意：[/]{report.describe_gaps()}", highlight=False)


def _sync_with_progress(client, database, url, **kw):
    from rich.progress import BarColumn, Progress, TextColumn

    from scraper.sync import sync_thread

    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total} 页"),
                  console=err.real, transient=True) as bar:
        task = bar.add_task("抓取中", total=None)

        def progress(report):
            bar.update(task, total=report.last_page, completed=report.pages[-1] if report.pages else 0,
                       description=f"抓取 tid={report.tid}，新增 {report.new_posts} 楼")

        return sync_thread(client, database, url, progress=progress, **kw)


@app.command()
def posts(
    sources: list[str] = typer.Argument(..., help="保存下来的页面文件（离线解析），或档案库里的帖子编号 tid"),
    db: Path = typer.Option(DEFAULT_DB, "--db", help="SQLite 档案库文件（按 tid 读取时使用）"),
    format: str = typer.Option("table", "--format", help="输出格式：jsonl 或 table"),
) -> None:
    """列出帖子楼层：离线解析页面文件，或从档案库读出。"""
    check_format(format, ("jsonl", "table"))
    items: list[model.Post] = []
    if all(s.isdigit() and not Path(s).exists() for s in sources):
        if not db.exists():
            fail(f"档案库 {db} 不存在：请先运行 bansha fetch，或用 --db 指定文件。")
        from scraper import archive

        database = archive.open_db(db, readonly=True)
        for tid in sources:
            found = archive.read_posts(database, int(tid))
            if not found:
                err.print(f"[yellow]档案库里没有帖子 {tid} 的楼层。[/]")
            items.extend(found)
    else:
        from scraper.pages import read_page

        seen: set[int] = set()
        for name in sources:
            path = Path(name)
            if not path.is_file():
                fail(f"找不到文件：{name}")
            try:
                page = read_page(path.read_bytes(), url=str(path))
            except model.Refusal as exc:
                fail(str(exc), 2)
            for note in page.damage:
                err.print(f"[yellow]{path.name}：{note}[/]", highlight=False)
            for post in page.posts:
                if post.pid not in seen:  # pages past the end repeat the last page
                    seen.add(post.pid)
                    items.append(post)
    if format == "jsonl":
        for post in items:
            write_out(json.dumps(post.to_dict(), ensure_ascii=False) + "\n")
        return
    from rich.table import Table

    table = Table("楼层", "pid", "作者", "时间", "状态", "内容")
    for post in items:
        table.add_row(
            str(post.floor or "?"), str(post.pid), terminal_safe(post.author), (post.posted_at or "?")[:19].replace("T", " "),
            post.status, terminal_safe(post.text.replace("\n", " ⏎ ")[:60]),
        )
    out.print(table)


@app.command("check-vote")
def check_vote(
    preset: Optional[str] = typer.Option(None, "--preset", help="规则预设：shediao / s10 / qisha / anshazhe / mahjong"),
    game: Optional[Path] = typer.Option(None, "--game", help="游戏文件（TOML），提供玩家名单、别名和预设"),
    players: Optional[str] = typer.Option(None, "--players", help="玩家名单，用逗号分隔：郭靖,黄蓉,…"),
    as_json: bool = typer.Option(False, "--json", help="输出一个 JSON 对象"),
) -> None:
    """从标准输入读一帖的内容，判断它是不是一张有效的票。"""
    from grammar.ballot import parse_post
    from grammar.names import Roster
    from tally.rules import load_preset

    names: list[str] = []
    aliases: dict[str, str] = {}
    game_rules = None
    if game:
        loaded, game_rules = game_only(game)  # the game file's ballot format, as the tally reads it
        names, aliases = loaded.player_names, loaded.aliases
        if preset and preset != loaded.preset:
            game_rules = None
    if players:
        names += [n.strip() for n in players.replace("，", ",").split(",") if n.strip()]
    try:
        rules = (game_rules or load_preset(preset or "shediao")).vote_customs()
    except ValueError as exc:
        fail(str(exc))
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    verdict = parse_post(text, rules, Roster(names, aliases) if names else None)
    if as_json:
        write_out(json.dumps(verdict.to_json(), ensure_ascii=False) + "\n")
        return
    write_out(describe_verdict(verdict, rules.title) + "\n")


def describe_verdict(verdict, title: str) -> str:
    """The verdict as a sentence a player can act on."""
    kinds = {"vote": "投票", "change": "改票", "abstain": "弃权", "proxy": "代投"}
    if verdict.kind == "none":
        line = "不是投票帖。"
        if verdict.vote_like:
            line += "看起来像是想投票：请按格式写「投票对象：X」「投票理由：Y」。"
    elif verdict.kind == "malformed":
        line = f"格式无效：{verdict.reason}。"
        if verdict.readings:
            line += f"\n导演会看到的可能读法：{'、'.join(verdict.readings)}，或弃权。"
    elif verdict.match is not None and verdict.match.name is None:
        line = f"格式正确，但投票对象「{verdict.target}」{verdict.match.describe()}，这张票会被判无效。"
        if verdict.suggestion is not None:
            line += f"（{verdict.suggestion.describe()}，需导演裁定）"
    else:
        line = f"有效的{kinds[verdict.kind]}格式"
        if verdict.kind == "proxy":
            line += f"（替 {verdict.proxy_for}）"
        if verdict.kind != "abstain":
            line += f"，投票对象：{verdict.target}"
            if verdict.match is not None:
                line += f"（{verdict.match.describe()}）"
        line += "。"
        if verdict.match is not None and verdict.match.how != "exact":
            line += f"\n注意：{verdict.reason}"
    return f"规则：{title}\n{line}"


GAME_TEMPLATE = """# bansha 游戏文件（TOML）。# 后面是说明，可以删掉。
[game]
name = "[000]游戏名"
preset = "{preset}"          # {presets}
forum = "https://bbs.example.org/"
timezone = "Asia/Shanghai"
directors = ["导演A"]        # 导演的论坛账号：他们的帖子不计票（代投除外）
# announce = "process"       # 结果帖发在哪里："vote"（投票帖，默认）或 "process"（进程帖）

[rules]                      # 可选：覆盖预设里的任何设置，例如 blackout_minutes = 60
# ballot_format = "labelled"  # 投票格式："labelled"（投票对象/投票理由）或 "free"（不限格式，七杀的做法）
# require_reason = true       # 是否必须写投票理由（种子 001、003 没有规定，按导演公告填写）

[[players]]
name = "郭靖"                # 角色名 = 论坛账号
uid = 3                      # 可选：论坛 uid，改名后仍能对上
aliases = ["靖哥哥"]         # 可选：别名
# house = "农夫"             # 可选：房屋/阵营（麻将局只有农夫能竞选警长）
# roles = ["酒吧老板"]       # 可选：酒吧老板、法官等影响投票的身份
# cards = ["民", "匪"]        # 可选：双身份（暗杀者）的身份牌，按使用顺序；双马甲写 {{identity = "民", account = "马甲名"}}

[[players]]
name = "黄蓉"

[[days]]
day = 1
vote_thread = 12             # 投票帖 tid
discussion_threads = [13]    # 讨论帖 tid
process_thread = 14          # 进程帖 tid
# election_thread = 15       # 第一天的竞选帖 tid（盟主/警长）
start = "2026-11-20 21:00"
close = "2026-11-22 21:00"
accelerated = false
# accelerated_from = "2026-11-22 18:00"   # 加速生效的时刻
dead = []                    # 这一天投票时已出局的角色
# title_holder = "黄蓉"      # 这一天的盟主/警长（不写则按第一天竞选结果）
# bonus = {{ "郭靖" = 2 }}     # 额外票数（如乌鸦诽谤 +2）
# cannot_be_voted = []       # 不能被投的角色
# non_voters = []            # 没有投票权的角色（如法官）
# votes_not_counted = []     # 票数不计入的角色（如发动若愚后的白痴）
# runoff = ["郭靖", "黄蓉"]   # 高票对决（七杀）：这一天只能投这两人，不允许弃权

# [[events]]                 # 游戏中发生的事，写一次即可：每天的出局名单、若愚、警长、顶替都由此推出
# what = "处决"              # 处决 / 被杀 / 淹死 / 殉情 / 出局 / 罚下 / 若愚 / 移交 / 殉职 / 顶替
# player = "郭靖"
# day = 1                    # 发生在第几天：处决、若愚从下一天起生效，其余从当天起
# at = "2026-11-21 15:00"    # 可选：白天中途出局的时刻（此后他的投票无效）
# to = "黄蓉"                # 移交/殉职：接任者；顶替：替补的论坛账号
"""


@app.command()
def init(
    preset: str = typer.Option("shediao", "--preset", help="规则预设：shediao / s10 / qisha / anshazhe / mahjong"),
    out_file: Path = typer.Option(Path("game.toml"), "--out", help="写到哪个文件"),
    from_url: Optional[str] = typer.Option(None, "--from", help="从论坛起草玩家名单：报名帖，或首楼列出玩家的进程帖的网址"),
    interval: float = typer.Option(2.0, "--interval", help="两次请求的最小间隔（秒）"),
) -> None:
    """写一个带说明的游戏文件，填好后给 tally 等命令使用；--from 从论坛帖子起草玩家名单。"""
    from tally.rules import PRESETS

    if preset not in PRESETS:
        fail(f"未知的规则预设：{preset}（可选：{'、'.join(PRESETS)}）")
    if out_file.exists():
        fail(f"{out_file} 已存在，不覆盖。")
    text = GAME_TEMPLATE.format(preset=preset, presets=" / ".join(PRESETS))
    if from_url:
        text = _drafted_from(from_url, text, interval)
    out_file.write_text(text, "utf-8")
    out.print(f"已写入 {out_file}：请核对玩家名单，填好每天的帖子编号和时间，再用 bansha check-game 检查。", highlight=False)


def _drafted_from(url: str, template: str, interval: float) -> str:
    """The template with [game] and [[players]] filled from a sign-up or process thread."""
    from scraper.client import FetchFailed, ForumClient
    from scraper.sync import parse_thread_url, read_whole_thread
    from tally.draft import draft_players

    try:
        ref = parse_thread_url(url)
        with ForumClient(min_interval=interval) as client:
            subject, posts = read_whole_thread(client, url)
    except ValueError as exc:
        fail(str(exc))
    except (model.Refusal, FetchFailed) as exc:
        fail(f"读取帖子失败：{exc}", 2)
    players, how = draft_players(posts)
    if not players:
        fail("帖子里没有找到玩家：首楼没有列出名单，也没有人回帖报名。")

    def q(value: str) -> str:
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string

    director = posts[0].author
    head = template[:template.index("[[players]]")]
    name = re.sub(r"\s*[—－-]{1,2}[^—－-]*帖\s*$", "", subject) or subject  # 「[063]天才麻将少女——进程帖」
    head = head.replace('name = "[000]游戏名"', f"name = {q(name)}").replace(
        'forum = "https://bbs.example.org/"', f"forum = {q(ref.base)}").replace(
        'directors = ["导演A"]', f"directors = [{q(director)}]")
    source = "首楼列出的名单" if how == "list" else "回帖报名的账号（不含楼主）"
    lines = [f"# 以下 {len(players)} 名玩家起草自 {url}（{source}），请逐一核对。"]
    for p in players:
        lines += ["", "[[players]]", f"name = {q(p.name)}"]
        lines.append(f"uid = {p.uid}" if p.uid else "# uid = ?                    # 这个账号没有在帖子里发过言：请补上论坛 uid")
        if p.house:
            lines.append(f"house = {q(p.house)}")
        if p.roles:
            lines.append(f"roles = [{', '.join(q(r) for r in p.roles)}]")
    days = template[template.index("[[days]]"):]
    if how == "list":
        days = days.replace("process_thread = 14", f"process_thread = {ref.tid}")
    return head + "\n".join(lines) + "\n\n" + days


@app.command("check-game")
def check_game(game_file: Path = typer.Argument(..., help="游戏文件（TOML）")) -> None:
    """检查游戏文件：打印工具理解到的各天、各轮、玩家、身份牌、事件，以及每条规则设置的出处和改动。"""
    from tally import report

    game, rules = game_only(game_file)
    out.print(report.render_game(game, rules), highlight=False, markup=False)


@app.command()
def tally(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    day: Optional[int] = typer.Option(None, "--day", help="第几天（默认：按当前时间，进行中或刚关门的一天）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    format: str = typer.Option("text", "--format", help="输出格式：bbcode / text / json"),
    election: bool = typer.Option(False, "--election", help="统计这一天的竞选帖（盟主/警长）而不是投票帖"),
    round_: int = typer.Option(0, "--round", help="这一天的第几轮（[[days.rounds]]：重投、高票对决）；0 = 当天的投票"),
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
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    day: Optional[int] = typer.Option(None, "--day", help="第几天（默认：按当前时间，进行中或刚关门的一天）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    format: str = typer.Option("text", "--format", help="输出格式：bbcode / text / json"),
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


card_app = typer.Typer(help="牌（蓝牌、黄牌、红牌）的记录：只由导演发出，工具只提出建议。", no_args_is_help=True)
app.add_typer(card_app, name="card")


@card_app.command("add")
def card_add(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    player: str = typer.Argument(..., help="角色名"),
    color: str = typer.Argument(..., help="blue（蓝牌）/ yellow（黄牌）/ red（红牌）"),
    reason: str = typer.Option(..., "--reason", help="原因"),
    day: Optional[int] = typer.Option(None, "--day", help="第几天"),
    pid: Optional[int] = typer.Option(None, "--pid", help="相关帖子的 pid"),
    by: str = typer.Option("", "--by", help="记录人（导演账号）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
) -> None:
    """给一位角色记一张牌。"""
    db = db_beside(db, game_file)
    from scraper import archive
    from tally.cards import COLORS, WORDS, standings

    game, _rules = game_only(game_file)
    if color not in COLORS:
        fail(f"牌只能是 {'、'.join(COLORS)}")
    if player not in game.player_names:
        fail(f"「{player}」不在游戏文件的玩家名单里")
    database = archive.open_db(db)
    archive.save_card(database, game=game.name, player=player, color=color, reason=reason, day=day, pid=pid, by=by)
    standing = standings(archive.load_cards(database, game.name))[player]
    out.print(f"已记录：{player} {WORDS[color]}（{reason}）。现在：{standing.describe()}" + ("，红牌罚下。" if standing.out else "。"))


@card_app.command("list")
def card_list(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
) -> None:
    """列出所有牌和每位角色的牌面（3 蓝 = 1 黄，3 黄 = 1 红）。"""
    db = db_beside(db, game_file)
    from scraper import archive
    from tally import report
    from tally.cards import standings

    game, _rules = game_only(game_file)
    cards = archive.load_cards(archive.open_db(db, readonly=True), game.name)
    out.print(report.render_cards(standings(cards), cards), highlight=False, markup=False)


@app.command()
def rule(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    pid: int = typer.Argument(..., help="要裁定的帖子 pid"),
    decision: str = typer.Argument(..., help="有效 / 无效 / 弃权 / 计为 角色名（英文 accept、reject、target 也可以）"),
    name: Optional[str] = typer.Argument(None, help="“计为”之后：计为哪位角色"),
    day: Optional[int] = typer.Option(None, "--day", help="第几天（默认：按当前时间，进行中或刚关门的一天）"),
    target: Optional[str] = typer.Option(None, "--target", help="同“计为 角色名”（弃权写“弃权”）"),
    note: str = typer.Option("", "--note", help="裁定说明，会出现在结果帖里"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    by: str = typer.Option("", "--by", help="记录人（导演账号）"),
) -> None:
    """记录导演对某一帖的裁定，例如 bansha rule game.toml 64 计为 宋江；之后的每次计票都会采用。"""
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
    if not database["posts"].count_where("pid = ?", [pid]):
        fail(f"档案库里没有 pid {pid} 的帖子")
    try:
        tally = pipeline.tally_from_archive(database, game, rules, day, sensitivity=False)
    except (ValueError, pipeline.NotFetched) as exc:
        fail(str(exc))
    problem = pipeline.ruling_problem(tally, game, pid, choice, target)
    if problem:
        fail(problem)
    archive.save_ruling(database, game=game.name, day=day, pid=pid, decision=choice, target=target, note=note, by=by)
    out.print(f"已记录：第 {day} 天 pid {pid} → {report.ruling_words(choice, target)}", highlight=False, markup=False)


@app.command()
def poll(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML），[game] 里要写 forum（论坛地址）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    day: Optional[int] = typer.Option(None, "--day", help="第几天（默认：按当前时间判断）"),
    post: bool = typer.Option(False, "--post", help="关门后把最终结果回帖到投票帖（每天只发一次；结果变了会原地更正）"),
    running: bool = typer.Option(False, "--running", help="关门前发一帖实时票数，之后有变化就原地编辑"),
    force_post: bool = typer.Option(False, "--force-post", help="即使还有可能改变结果的待裁定帖，也发布最终结果"),
    post_limit: int = typer.Option(10_000, "--post-limit", help="论坛的帖子最大字数（后台设置，默认 10000；中文算 2 个字）"),
    out_dir: Path = typer.Option(Path("bansha-report"), "--out", help="报告目录（BBCode、JSON、HTML）"),
    login: Optional[str] = typer.Option(None, "--login", help="以这个账号发帖（已登录时不再登录；密码从 BANSHA_PASSWORD 读取）"),
    cookies: Optional[Path] = typer.Option(None, "--cookies", help="导入浏览器 Cookie：cookies.txt 或复制的 Cookie 字符串文件"),
    cookies_from_browser: Optional[str] = typer.Option(None, "--cookies-from-browser",
                                                       help="直接读取本机浏览器的 Cookie：firefox / chrome / chromium / edge …"),
    interval: float = typer.Option(2.0, "--interval", help="两次请求的最小间隔（秒）"),
    timeout: float = typer.Option(30.0, "--timeout", help="等论坛回答的最长时间（秒）"),
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
        now=now, game_file=game_file), verbose, log)
    raise typer.Exit(code)


@app.command()
def watch(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML），[game] 里要写 forum（论坛地址）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    every: float = typer.Option(10.0, "--every", help="每隔多少分钟运行一次"),
    jitter: float = typer.Option(1.0, "--jitter", help="每次额外随机等待 0 到这么多分钟（避免整点扎堆）"),
    max_runs: int = typer.Option(0, "--max-runs", help="最多运行几次（0 = 不限，直到当天结果帖发出）"),
    running: bool = typer.Option(False, "--running", help="关门前发一帖实时票数，之后有变化就原地编辑"),
    force_post: bool = typer.Option(False, "--force-post", help="即使还有可能改变结果的待裁定帖，也发布最终结果"),
    out_dir: Path = typer.Option(Path("bansha-report"), "--out", help="报告目录（BBCode、JSON、HTML）"),
    login: Optional[str] = typer.Option(None, "--login", help="以这个账号发帖（密码从 BANSHA_PASSWORD 或终端输入读取）"),
    cookies: Optional[Path] = typer.Option(None, "--cookies", help="导入浏览器 Cookie：cookies.txt 或复制的 Cookie 字符串文件"),
    cookies_from_browser: Optional[str] = typer.Option(None, "--cookies-from-browser", help="直接读取本机浏览器的 Cookie"),
    interval: float = typer.Option(2.0, "--interval", help="两次请求的最小间隔（秒）"),
    with_lurk: bool = typer.Option(False, "--lurk", help="结果帖里附上发言数、违规和加速申请"),
    log: Optional[Path] = typer.Option(None, "--log", help="把运行记录追加到这个文件"),
) -> None:
    """不用 cron 也行：前台循环运行 poll，关门后发布结果帖，发出后自动停止（Ctrl+C 随时退出）。"""
    db = db_beside(db, game_file)
    import random
    import time


    options = polling_options(post=True, running=running, force_post=force_post, out_dir=out_dir, login=login,
                              cookies=cookies, cookies_from_browser=cookies_from_browser, interval=interval,
                              with_lurk=with_lurk, verbose=True, now=None, game_file=game_file)
    runs = 0
    try:
        while True:
            runs += 1
            out.print(f"[{datetime.now().astimezone():%m-%d %H:%M:%S}] 第 {runs} 次运行", highlight=False, markup=False)
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
            out.print(f"下一次运行：{wait / 60:.1f} 分钟后。", highlight=False, markup=False)
            time.sleep(wait)
    except KeyboardInterrupt:
        out.print("已停止。", highlight=False, markup=False)
        raise typer.Exit(0) from None


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

    def say(text: str) -> None:
        lines.append(text)
        if verbose:
            err.print(text, highlight=False, markup=False)

    def finish(code: int, text: str, result=None):
        if log:
            model.refuse_symlink(log, "日志文件")
            with open(log, "a", encoding="utf-8") as handle:
                stamp = datetime.now().astimezone().isoformat(timespec="seconds")  # with its UTC offset
                for line in lines + [text]:
                    handle.write(f"{stamp} {line}\n")
        return code, result

    try:
        result = polling.run_poll(game_file, db, options, say)
    except polling.Busy as busy:
        err.print(str(busy), highlight=False, markup=False)
        return finish(polling.EXIT_BUSY, str(busy))
    except poster.PostError as exc:
        what = exc.title
        err.print(f"[bold red]{what}：[/]{escape(str(exc))}", highlight=False)
        return finish(polling.EXIT_ERROR, f"{what}：{exc}")
    except sqlite3.Error as exc:
        text = archive.describe_sqlite_error(exc, db)
        err.print(f"[bold red]错误：[/]{escape(text)}", highlight=False)
        return finish(polling.EXIT_ERROR, f"错误：{text}")
    except OSError as exc:
        text = model.describe_os_error(exc)
        err.print(f"[bold red]错误：[/]{escape(text)}", highlight=False)
        return finish(polling.EXIT_ERROR, f"错误：{text}")
    except (ValueError, pipeline.NotFetched, model.Refusal, FetchFailed, auth.AuthError, archive.ArchiveError) as exc:
        err.print(f"[bold red]错误：[/]{escape(str(exc))}", highlight=False)
        return finish(polling.EXIT_ERROR, f"错误：{exc}")
    out.print(result.summary, highlight=False, markup=False)
    for line in result.posted:
        out.print(f"  {line}", highlight=False, markup=False)
    return finish(result.code, result.summary, result)


@app.command()
def review(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    day: Optional[int] = typer.Option(None, "--day", help="第几天（默认：按当前时间，进行中或刚关门的一天）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    round_: int = typer.Option(0, "--round", help="这一天的第几轮（[[days.rounds]]：重投、高票对决）；0 = 当天的投票"),
) -> None:
    """列出所有待导演裁定的帖子：链接、作者、内容、原因，可能改变结果的排在前面。"""
    db = db_beside(db, game_file)
    day = day or current_day(game_file)
    from rich.table import Table

    from bansha import pipeline
    from scraper import archive

    game, rules, database = game_and_archive(game_file, db, "bansha fetch 或 bansha poll")
    try:
        result = pipeline.tally_from_archive(database, game, rules, day, round=round_)
    except (ValueError, pipeline.NotFetched) as exc:
        fail(str(exc))
    if not result.flags:
        out.print(f"第{day}天没有需要裁定的帖子。")
        return
    texts = {p.pid: p.text for p in archive.read_posts(database, game.day(day, round_).vote_thread)}
    table = Table("楼层", "pid", "作者", "内容", "原因", "影响结果", "若裁定为…", title=f"{game.name} 第{day}天 待裁定")
    base = (game.forum or "").rstrip("/")
    tid = game.day(day, round_).vote_thread
    for flag in result.flags:
        entry = next(e for e in result.entries if e.pid == flag.pid)
        link = model.findpost_url(base, tid, flag.pid) if base else str(flag.pid)
        table.add_row(str(flag.floor), f"[link={link}]{flag.pid}[/link]" if base else str(flag.pid),
                      escape(terminal_safe(entry.author)), escape(terminal_safe(texts.get(flag.pid, "").replace("\n", " ⏎ ")[:40])),
                      escape(terminal_safe(flag.reason)), "可能" if flag.can_change_outcome else "不会",
                      escape(terminal_safe("；".join(flag.alternatives))) or "—")
    out.print(table)
    out.print("裁定：bansha rule GAME.toml PID accept|reject|target --target 角色名 --day N --note 说明", highlight=False, markup=False)


@app.command()
def desk(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    port: int = typer.Option(0, "--port", help="端口（默认随机）"),
    no_browser: bool = typer.Option(False, "--no-browser", help="不自动打开浏览器"),
    out_dir: Path = typer.Option(Path("bansha-report"), "--out", help="报告目录（BBCode、JSON、HTML）"),
    login: Optional[str] = typer.Option(None, "--login", help="发帖用的账号（已登录时不再登录；密码从 BANSHA_PASSWORD 或终端输入读取）"),
    cookies: Optional[Path] = typer.Option(None, "--cookies", help="导入浏览器 Cookie：cookies.txt 或复制的 Cookie 字符串文件"),
    interval: float = typer.Option(2.0, "--interval", help="两次请求的最小间隔（秒）"),
) -> None:
    """导演工作台：在浏览器里看各天票数、逐帖裁定、预览并发布结果帖（只在本机，地址带本次运行的令牌）。"""
    db = db_beside(db, game_file)
    from bansha.desk import DeskConfig, new_token, serve

    options = polling_options(game_file=game_file, now=None, login=login, cookies=cookies, out_dir=out_dir,
                              interval=interval)
    serve(DeskConfig(game_file=game_file, db=db, token=new_token(), options=options), port=port,
          open_browser=not no_browser, say=lambda line: out.print(line, highlight=False, markup=False))


@app.command("archive")
def archive_cmd(
    targets: list[str] = typer.Argument(..., help="帖子网址（可以多个），或一个游戏文件（TOML：存档整局所有帖子）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    warc_dir: Path = typer.Option(Path("warc"), "--warc", help="WARC 文件目录（原始 HTTP 响应，标准工具可回放）"),
    media: bool = typer.Option(False, "--media", help="同时保存图片和附件（按内容去重，存在 WARC 目录的 media/ 下）"),
    media_hosts: str = typer.Option("", "--media-hosts", help="除论坛本身外，也允许保存这些主机上的图片（逗号分隔，如图床域名）"),
    interval: float = typer.Option(2.0, "--interval", help="两次请求的最小间隔（秒）"),
) -> None:
    """完整存档：每个帖子的每一页都重新读取，存进档案库，并把原始响应写进 WARC 文件。"""
    toml = len(targets) == 1 and targets[0].endswith(".toml")
    db = db_beside(db, Path(targets[0])) if toml else (db or Path(DEFAULT_DB))
    from bansha import pipeline
    from scraper import archive
    from scraper.client import FetchFailed, ForumClient
    from scraper.media import keep_media
    from scraper.sync import parse_thread_url
    from scraper.warc import WarcRecorder

    urls = targets
    if len(targets) == 1 and targets[0].endswith(".toml"):
        try:
            game, _rules = pipeline.load_game(Path(targets[0]))
        except ValueError as exc:
            fail(str(exc))
        if not game.forum:
            fail("游戏文件的 [game] 里没有 forum（论坛地址）。")
        base = game.forum.rstrip("/") + "/"
        tids = dict.fromkeys(t for d in game.days for t in (d.vote_thread, *d.discussion_threads, d.process_thread, d.election_thread) if t)
        urls = [f"{base}forum.php?mod=viewthread&tid={tid}" for tid in tids]
    try:
        refs = [parse_thread_url(u) for u in urls]
    except ValueError as exc:
        fail(str(exc))
    database = archive.open_db(db)
    recorder = WarcRecorder(warc_dir)
    try:
        with ForumClient(cookie_file=cookie_file_for(db), min_interval=interval, recorder=recorder) as client:
            for url, ref in zip(urls, refs):
                try:
                    report = _sync_with_progress(client, database, url, full=True, source="pc")
                except (model.Refusal, FetchFailed) as exc:
                    err.print(f"[yellow]帖子 {ref.tid} 没有存完：[/]{exc}", highlight=False)
                    continue
                line = f"《{report.subject}》（tid={report.tid}）：{report.posts_seen} 楼，{len(report.pages)} 页"
                if media:
                    new, dupes = keep_media(client, database, ref.tid, ref.base, folder=warc_dir / "media",
                                            allow_hosts=tuple(h.strip() for h in media_hosts.split(",") if h.strip()))
                    skipped = database["media"].count_where("error is not null and pid in (select pid from posts where tid = ?)", [ref.tid])
                    line += f"，图片/附件新存 {new} 个（重复 {dupes} 个）" + (f"，{skipped} 个未保存（原因见档案库 media 表）" if skipped else "")
                out.print(line, highlight=False)
    finally:
        recorder.close()
    out.print(f"WARC：{recorder.path}（{recorder.records} 个响应）", highlight=False)


@app.command()
def export(
    game_file: Path = typer.Argument(..., help="游戏文件（TOML）"),
    db: Optional[Path] = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）"),
    html_dir: Optional[Path] = typer.Option(None, "--html", help="生成静态网站的目录（离线打开 index.html）"),
    json_file: Optional[Path] = typer.Option(None, "--json", help="整局数据导出为一个 JSON 文件"),
    csv_dir: Optional[Path] = typer.Option(None, "--csv", help="导出 CSV（posts / ballots / totals）的目录"),
    media_dir: Optional[Path] = typer.Option(None, "--media", help="archive --media 保存图片的目录（默认 warc/media）；"
                                             "其中的图片放进网站，其余图片显示为链接"),
) -> None:
    """赛后揭秘：把整局存档导出为可离线浏览的静态网站，或 JSON / CSV。"""
    db = db_beside(db, game_file)
    from bansha.export.data import export_csv, export_json, game_data
    from bansha.export.site import export_site

    if not (html_dir or json_file or csv_dir):
        fail("请至少指定 --html、--json 或 --csv 之一。")
    game, rules, database = game_and_archive(game_file, db, "bansha archive 存档整局")
    if html_dir:
        media_dir = media_dir or (Path("warc") / "media")
        files = export_site(database, game, rules, html_dir, media_dir if media_dir.is_dir() else None)
        out.print(f"静态网站：{html_dir / 'index.html'}（{len(files)} 个文件，直接用浏览器打开）", highlight=False)
    if json_file or csv_dir:
        data = game_data(database, game, rules)
        if json_file:
            out.print(f"JSON：{export_json(data, json_file)}（{len(data['posts'])} 帖）", highlight=False)
        if csv_dir:
            out.print(f"CSV：{', '.join(str(p) for p in export_csv(data, csv_dir))}", highlight=False)


@app.command()
def demo(
    db: Optional[Path] = typer.Option(None, "--db", help="档案库文件（默认放在临时目录）"),
) -> None:
    """在内置的演示论坛上跑一遍主流程：导演登录、抓取三个帖子、计票、统计潜水、回帖公布结果。"""
    from importlib import resources

    from bansha import pipeline
    from bansha import poll as polling
    from bansha.demo import game
    from scraper import archive
    from tally import report

    forum = game.build()
    base = forum.start()
    work = Path(tempfile.mkdtemp(prefix="bansha-demo-"))
    db = db or work / "demo.db"
    out.print(f"演示论坛已在 {base} 启动（《梁山风云》第一天，论坛时间 {forum.clock():%Y-%m-%d %H:%M}，已关门）。", highlight=False)
    text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
    game_file = work / "game.toml"
    game_file.write_text(text.replace('timezone = "Asia/Shanghai"', f'timezone = "Asia/Shanghai"\nforum = "{base}"'), "utf-8")
    options = polling.PollOptions(post=True, out_dir=work / "report", now=forum.clock(), login=game.DIRECTOR[1],
                                  password="demo-director", interval=0.05, with_lurk=True)
    try:
        result = polling.run_poll(game_file, db, options, lambda line: out.print(f"  {line}", highlight=False, markup=False))
        replies = [p for p in forum.threads[game.VOTE_TID].posts if p.uid == game.DIRECTOR[0]]
    finally:
        forum.stop()
    loaded, rules = pipeline.load_game(game_file)
    tally = pipeline.tally_from_archive(archive.open_db(db), loaded, rules, 1)
    out.print("\n计票过程与结果：", highlight=False)
    out.print(report.render_text(tally, loaded.name), highlight=False, markup=False)
    out.print(f"\n{result.summary}", highlight=False, markup=False)
    out.print("\n导演账号回到投票帖里的结果帖（BBCode 原文）：", highlight=False)
    out.print(replies[-1].bbcode, highlight=False, markup=False)
    out.print(f"\n报告文件：{', '.join(str(f) for f in result.files)}", highlight=False, markup=False)


def main() -> None:
    """The console entry point: storage failures anywhere become one clear sentence and exit 1."""
    import sqlite3

    try:
        app(standalone_mode=True)
    except model.ArchiveError as exc:
        err.print(f"[bold red]错误：[/]{escape(str(exc))}", highlight=False)
        raise SystemExit(1) from None
    except sqlite3.Error as exc:
        from scraper import archive

        err.print(f"[bold red]错误：[/]{escape(archive.describe_sqlite_error(exc, '档案库'))}", highlight=False)
        raise SystemExit(1) from None
    except OSError as exc:
        err.print(f"[bold red]错误：[/]{escape(model.describe_os_error(exc))}", highlight=False)
        raise SystemExit(1) from None


if __name__ == "__main__":  # pragma: no cover
    main()
