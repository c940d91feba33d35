"""What every command shares: the app, the consoles that print in Chinese, the game and archive openers,
and the options several commands take (declared once here, used as defaults there)."""

from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import Optional

import typer

# Start-up is paid on every cron run and every check-vote: the top level imports typer and plain data only.
# Each command imports what it uses (httpx, sqlite-utils, selectolax, rich) when it runs.
from scraper import model  # noqa: F401 - re-exported for the command modules
from scraper.model import strip_controls

app = typer.Typer(help="版杀导演助手：抓取 Discuz! 帖子、解析投票、计票、公布结果。", no_args_is_help=True, add_completion=False)

# Options several commands take, declared once (a typer default is only read, so one object serves all).
DB_BESIDE = typer.Option(None, "--db", help="SQLite 档案库文件（默认：游戏文件旁的同名 .db）")
GAME_FILE = typer.Argument(..., metavar="游戏文件", help="游戏文件（TOML）")
INTERVAL = typer.Option(2.0, "--interval", help="两次请求的最小间隔（秒）")
DAY = typer.Option(None, "--day", help="第几天（默认：按当前时间，进行中或刚关门的一天）")
COOKIES = typer.Option(None, "--cookies", help="导入浏览器 Cookie：cookies.txt 或复制的 Cookie 字符串文件")
RUNNING = typer.Option(False, "--running", help="关门前发一帖实时票数，之后有变化就原地编辑")
FORCE_POST = typer.Option(False, "--force-post", help="即使还有可能改变结果的待裁定帖，也发布最终结果")
# The outbox's REQUEST_LIFE (600 s), in the director's unit; not imported here: the light commands start fast.
REQUEST_LIFE = typer.Option(10.0, "--request-life", min=0.0,
                            help="回帖没有收到论坛回答时，等多久（分钟）才认定论坛没有收到、重新发")
ROUND = typer.Option(0, "--round", help="这一天的第几轮（[[days.rounds]]：重投、高票对决）；0 = 当天的投票")
FORMAT = typer.Option("text", "--format", help="输出格式：bbcode / text / json")
RECORDED_BY = typer.Option("", "--by", help="记录人（导演账号）")
GAME_FILE_WITH_FORUM = typer.Argument(..., metavar="游戏文件", help="游戏文件（TOML），[game] 里要写 forum（论坛地址）")
OUT_DIR = typer.Option(Path("bansha-report"), "--out", help="报告目录（BBCode、JSON、HTML）")

card_app = typer.Typer(help="牌（蓝牌、黄牌、红牌）的记录：只由导演发出，工具只提出建议。", no_args_is_help=True)
app.add_typer(card_app, name="card")
# Forum text must not drive the director's terminal: the reader's own filter (control characters, ESC,
# C1, bidi overrides) is applied to everything printed. Rich adds its own styling afterwards.
terminal_safe = strip_controls


class _Console:
    """rich's console, made on first use. Nothing printed is read as rich markup: text from the game file,
    the forum or a file name ([game], [[events]], a 「[/b]」 in a path) shows as written. Styles are
    given as (text, style) pieces (see `labelled`); every piece passes terminal_safe first."""

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
        kw.setdefault("markup", False)
        kw.setdefault("highlight", False)
        self.real.print(*(terminal_safe(o) if isinstance(o, str) else o for o in objects), **kw)

    def labelled(self, label: str, style: str, text: str) -> None:
        """「错误：…」 with the label styled and the text exactly as given."""
        from rich.text import Text

        self.print(Text.assemble((terminal_safe(label), style), terminal_safe(str(text))))


def stop_on_sigterm() -> None:
    """A service (desk, watch, demo --serve) stops on SIGTERM as on Ctrl+C: started in the background by cron,
    a CI runner or a test, it inherits an ignored SIGINT, and SIGTERM is what stops it there."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))


def write_out(text: str) -> None:
    """Plain output (BBCode, JSON lines) for pipes and files: the same control characters dropped."""
    sys.stdout.write(terminal_safe(text))


out = _Console(stderr=False)
err = _Console(stderr=True)


def error(text: str, label: str = "错误：") -> None:
    err.labelled(label, "bold red", text)


def warn(text: str) -> None:
    err.labelled("注意：", "yellow", text)


DEFAULT_DB = "bansha.db"


def fail(message: str, code: int = 1) -> None:
    error(message)
    raise typer.Exit(code)


def command_name() -> str:
    """How to run bansha again from this shell, for the commands we print to be copied: 「bansha」 where
    that name finds this very program, else its full path (the README's .venv/bin/bansha, an environment
    not activated), else the interpreter running it."""
    import os
    import shlex
    import shutil

    me = Path(sys.argv[0])
    on_path = shutil.which("bansha")
    if me.name in ("bansha", "bansha.exe") and me.exists():
        if on_path and os.path.samefile(on_path, me):
            return "bansha"
        return shlex.quote(str(me.resolve()))
    if on_path:
        return "bansha"
    return f"{shlex.quote(sys.executable)} -m bansha.cli"


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
    from bansha import pipeline

    database = archive.open_db(db, readonly=readonly)
    return pipeline.filed(database, game), rules, database


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

    return ForumClient(cookie_file=cookie_file_for(db), min_interval=interval, on_attempt=on_attempt,
                       on_retry=lambda line: err.print(line))


