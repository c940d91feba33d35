"""The director's desk: a local web page to review, rule and publish (bansha desk GAME.toml).

It serves on 127.0.0.1 only, every address carries a token made for this run (no other page in the
browser can act: it would have to know it), and every action goes through the code the terminal commands
use — rulings as `bansha rule` writes them, syncing and posting through poll (its lock and outbox: a
result is never posted twice, from two tabs or two programs).
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Callable

from flask import Flask, abort, redirect, render_template, request

from bansha import pipeline
from bansha import poll as polling
from scraper import archive, model, poster
from tally import report
from tally.cards import standings
from tally.day import real_pid

from ..export.site import STYLE, sanitize

DESK_STYLE = """
.flags article{border:1px solid #ddd;border-radius:6px;padding:.6em .8em;margin:.8em 0}
.flags article.matters{border-color:#c0392b;background:#fff8f7}
.post{background:#fafafa;border-left:3px solid #ccc;padding:.3em .6em;margin:.4em 0}
form.inline{display:inline}button{margin:.15em;cursor:pointer}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left}
.outcome{font-size:1.2em;font-weight:bold}.muted{color:#777}.notice{background:#eef6ee;padding:.4em .8em}
.error{background:#fdecea;padding:.4em .8em}pre.bbcode{white-space:pre-wrap;background:#f4f4f4;padding:.6em}
.rendered{border:1px dashed #bbb;padding:.6em}.rendered .colored{color:#c00}
#totals s{color:#888}#totals tr.abstain td,#totals tr.missing td{color:#555}#timeline td:last-child{min-width:14em}
/* A phone's width: the page itself never scrolls sideways. Text with no break of its own (a path in a job's
   outcome, a URL in the BBCode, a long name) breaks anywhere; cells kept on one line (names, numbers) stay
   whole, and a table that still cannot fit scrolls in its .wide box. A forum post's own tables and images
   stay in the post's box. */
body{overflow-wrap:anywhere}.post{overflow-x:auto}.post img{max-width:100%;height:auto}
.stamp,.item{white-space:nowrap}
@media (max-width:600px){td,th{padding:.2em .35em}
#days,#days tbody,#days tr,#days td{display:block}#days tr:first-child{display:none}
#days tr{border:1px solid #ddd;border-radius:6px;padding:.3em .6em;margin:.5em 0}
#days td{border:0;padding:.1em 0;white-space:normal}#days td:first-child{font-weight:bold}
#days td[data-label]::before{content:attr(data-label) "：";color:#777}}
"""

# The bare error pages' one style, inline (no stylesheet: a refused request must not learn the token from
# its address) and allowed by its hash in the pages' policy: a path or an address in an error's words wraps
# at a phone's width.
ERROR_STYLE = "body{overflow-wrap:anywhere}"
ERROR_STYLE_SOURCE = "'sha256-" + base64.b64encode(hashlib.sha256(ERROR_STYLE.encode()).digest()).decode() + "'"


@dataclass
class Job:
    """A sync or publish running in the background, and what it has said so far."""

    what: str
    back: str
    id: str = field(default_factory=lambda: secrets.token_hex(6))
    started: float = field(default_factory=time.monotonic)
    lines: list[str] = field(default_factory=list)
    done: bool = False
    kind: str = ""
    outcome: str = ""

    def say(self, line: str) -> None:
        self.lines.append(line)

    def finish(self, kind: str, outcome: str) -> None:
        self.kind, self.outcome, self.done = kind, outcome, True

    @property
    def seconds(self) -> int:
        return int(time.monotonic() - self.started)


class GameFileBroken(Exception):
    """The game file cannot be loaded (the message says why, in the director's words)."""


@dataclass
class DeskConfig:
    game_file: Path
    db: Path
    token: str
    options: polling.PollOptions  # login, cookies, interval, out_dir: as poll would run


MAX_REQUEST = 64 * 1024  # a note is a sentence; nothing the desk receives is bigger


def create_app(config: DeskConfig, say: Callable[[str], None] = lambda line: None,
               open_codes: set[str] | None = None) -> Flask:
    """The desk. `open_codes` are one-time addresses (/open/<code>) that lead to the tokened pages, so the
    token itself never has to be given to a browser launcher's command line."""
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_REQUEST
    app.config["MAX_FORM_MEMORY_SIZE"] = MAX_REQUEST
    codes = open_codes if open_codes is not None else set()
    # Times as a director writes them: 「2026-11-20 21:00」, whatever spelling the game file used.
    app.jinja_env.filters["minute"] = lambda text: str(text).replace("T", " ")[:16] if text else "?"

    def in_game_zone(stamp, seconds: bool = False) -> str:
        """A moment the archive stored with its offset, as the forum shows it: in the game's time zone
        (with seconds where a ballot's time decides whether it came before the close)."""
        if not stamp:
            return "?"
        try:
            game, _rules = pipeline.load_game(config.game_file)
            moment = datetime.fromisoformat(str(stamp)).astimezone(game.tz)
            return f"{moment:%Y-%m-%d %H:%M:%S}" if seconds else f"{moment:%Y-%m-%d %H:%M}"
        except ValueError:
            return str(stamp)[:16]

    def game_file():
        """The game file, read again on every page (the director edits it while the desk runs); one the
        desk can no longer load is a page that says why, and one line in the terminal — as poll says it."""
        try:
            return pipeline.load_game(config.game_file)
        except ValueError as exc:
            raise GameFileBroken(str(exc)) from None

    app.jinja_env.filters["game_time"] = in_game_zone
    token = config.token
    notices: list[tuple[str, str]] = []  # (kind, text) shown once on the next page

    def load():
        game, rules = game_file()
        if not config.db.exists():
            return game, rules, None
        db = archive.open_db(config.db, readonly=True)
        return pipeline.filed(db, game), rules, db

    def own_origins() -> set[str]:
        port = request.environ.get("SERVER_PORT", "")
        return {f"127.0.0.1:{port}", f"localhost:{port}"}

    @app.before_request
    def guard():
        # A page of another site that got the token (or resolves its own name to 127.0.0.1: DNS
        # rebinding) still sends its own Host: refused before the token is even looked at.
        if request.host not in own_origins():
            abort(421)
        if request.path.startswith("/open/"):
            return None
        # Only our own pages, from our own origin, with this run's token.
        if not request.path.startswith(f"/{token}/"):
            abort(403)
        if request.method == "POST":
            # Compared with our fixed origin, never with the request's own Host. "null" is what a browser
            # sends for our own forms under Referrer-Policy: no-referrer; the form token still decides.
            origin = request.headers.get("Origin")
            if origin is not None and origin != "null" and origin.removeprefix("http://") not in own_origins():
                abort(403)
            if request.form.get("token") != token:
                abort(403)

    @app.get("/open/<code>")
    def open_once(code: str):
        """A one-time address: the browser was started with it, so the token never sat on a command line."""
        if code not in codes:
            return error_page(403, "这个一次性地址已经用过了：请用 bansha desk 启动时打印的地址，或重新运行 bansha desk。")
        codes.discard(code)
        return redirect(f"/{token}/", 303)

    def error_page(status: int, text: str):
        # Laid out at the phone's own width (the viewport tag), a path broken after a slash where it can be.
        body = (f"<!DOCTYPE html><html lang='zh-CN'><meta charset='utf-8'>"
                f"<meta name='viewport' content='width=device-width, initial-scale=1'><style>{ERROR_STYLE}</style>"
                f"<title>{status}</title><p>{breakable(text)}</p>")
        return body, status, {"Content-Type": "text/html; charset=utf-8"}

    @app.errorhandler(403)
    def refused(_error):
        return error_page(403, "拒绝访问：这个地址缺少本次运行的令牌。请使用 bansha desk 启动时打印的地址。")

    @app.errorhandler(421)
    def wrong_host(_error):
        return error_page(421, "拒绝访问：工作台只接受发往本机地址（127.0.0.1 或 localhost）的请求。")

    @app.errorhandler(400)
    def bad_request(_error):
        return error_page(400, "请求不完整或有误：请回到工作台页面重新操作。")

    @app.errorhandler(404)
    def not_found(_error):
        return error_page(404, "没有这个页面（游戏文件里可能没有这一天或这一轮）。")

    @app.errorhandler(405)
    def wrong_method(_error):
        return error_page(405, "这个地址不能这样访问：请回到工作台页面重新操作。")

    @app.errorhandler(413)
    def too_large(_error):
        return error_page(413, f"提交的内容太长（上限 {MAX_REQUEST // 1024} KB）：裁定说明写一两句就够了。")

    said: set[str] = set()  # each failure said once in the terminal, not on every page load

    def tell(text: str) -> None:
        if text not in said:
            said.add(text)
            say(text)

    @app.errorhandler(GameFileBroken)
    def broken_game(error):
        tell(f"错误：{error}")
        return error_page(500, f"游戏文件读不了：{error}。改好游戏文件后刷新这一页即可，工作台不用重启。")

    @app.errorhandler(500)
    def failed(_error):
        return error_page(500, "工作台出错了：请看启动 bansha desk 的终端窗口里的说明。")

    @app.errorhandler(Exception)
    def unexpected(error):
        """Anything else that stops a page: one Chinese line in the terminal, never a traceback."""
        import sqlite3

        from werkzeug.exceptions import HTTPException

        if isinstance(error, HTTPException):
            return error
        if isinstance(error, archive.ArchiveError):
            text = str(error)
        elif isinstance(error, sqlite3.Error):
            text = archive.describe_sqlite_error(error, config.db)
        elif isinstance(error, OSError):
            text = model.describe_os_error(error)
        else:
            text = f"工作台出错（{type(error).__name__}：{error}）"
        tell(f"错误：{text}")
        return error_page(500, text)

    @app.after_request
    def headers(response):
        # Nothing from the forum may run or call out: post HTML is sanitised and shown under this policy.
        response.headers["Content-Security-Policy"] = (f"default-src 'self'; img-src 'self' data:; style-src 'self' "
                                                       f"{ERROR_STYLE_SOURCE}; script-src 'none'; form-action 'self'; "
                                                       "frame-ancestors 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"  # the token never leaves in a Referer
        return response

    @app.get(f"/{token}/style.css")
    def style():
        return STYLE + DESK_STYLE, 200, {"Content-Type": "text/css; charset=utf-8"}

    def page(template: str, **context):
        shown = list(notices)
        notices.clear()
        return render_template(template, token=token, notices=shown, **context)

    @app.get(f"/{token}/")
    def index():
        game, rules, db = load()
        days = []
        for day in game.vote_days():
            try:
                result = pipeline.tally_from_archive(db, game, rules, day.day, round=day.round, sensitivity=False) if db else None
                count = [f"{name} {report.show_number(n)}" for name, n in result.totals.items() if n] if result else []
                days.append((day, report.result_line(result) if result else "尚未抓取", count, len(report.waiting_flags(result)) if result else 0,
                             result))
            except (ValueError, pipeline.NotFetched) as exc:
                days.append((day, str(exc), [], 0, None))
        alive = [n for n in game.player_names if n not in (game.days[-1].dead if game.days else ())]
        return page("index.html", game=game, rules=rules, days=days, alive=alive, hints=event_hints(game, days))

    @app.get(f"/{token}/day/<int:number>")
    def day_view(number: int):
        game, rules, db = load()
        round_ = request.args.get("round", 0, type=int)
        floor = request.args.get("as_of_floor", type=int)
        try:
            day = game.day(number, round_)
        except ValueError:
            abort(404)
        if db is None:
            notices.append(("error", "档案库还不存在：先点“同步”抓取帖子。"))
            return page("day.html", game=game, day=day, result=None)
        try:
            result = pipeline.tally_from_archive(db, game, rules, number, round=round_, as_of_floor=floor)
        except (ValueError, pipeline.NotFetched) as exc:
            notices.append(("error", str(exc)))
            return page("day.html", game=game, day=day, result=None)
        posts = {p.pid: p for p in archive.read_posts(db, day.vote_thread)}
        base = (game.forum or "").rstrip("/")
        link = (lambda pid, tid=None: model.findpost_url(base, tid or day.vote_thread, real_pid(pid))) if base else None
        entries = {e.pid: e for e in result.entries}
        flags = [(f, entries[f.pid], posts.get(f.pid)) for f in report.waiting_flags(result)]
        now = datetime.now(game.tz)
        if floor is None:  # exactly what poll would post now: the running count before the close, the result after
            bbcode = polling.result_post(game, result, now=now).body
        else:
            bbcode = report.render_bbcode(result, game.name, link=link, as_of_words=f"第 {floor} 楼")
        lurking = None
        if game.day(number).discussion_threads and floor is None:
            try:
                lurking = pipeline.lurk_from_archive(db, game, rules, number, None if round_ else result)
            except (ValueError, pipeline.NotFetched):
                lurking = None
        cards = archive.load_cards(db, game.key) if "cards" in db.table_names() else []
        steps = [e for e in result.entries if e.kind in ("vote", "change", "abstain", "proxy") and e.floor is not None]
        posted = polling.posted_result(db, game, day)
        announce = day.process_thread if game.announce == "process" and day.process_thread else day.vote_thread
        announce = (posted or {}).get("tid") or announce  # where it went (the process thread, if the vote thread hides replies)
        posted_link = model.findpost_url(base, announce, posted["pid"]) if posted and posted.get("pid") and base else None
        close = game.when(day.close)
        closed = bool(close and now >= close)
        held = polling.hold_reason(result) if closed and floor is None else None
        return page("day.html", game=game, day=day, result=result, flags=flags, bbcode=bbcode,
                    rendered=render_bbcode_html(bbcode), lurking=lurking, cards=standings(cards), card_rows=cards,
                    steps=steps, floor=floor, link=link, html_of=lambda post: sanitize(post.html, base + "/" if base else None),
                    candidates=[n for n in game.player_names if n not in day.dead], round_=round_,
                    posted=posted, posted_link=posted_link, held=held, wagons=report.wagons(result),
                    absent=report.missing(result), standing=not closed or floor is not None, number=report.show_number,
                    mark=report.wagon_mark, ballot_words=report.ballot_words, abstainers=report.abstainers,
                    stranger=lambda entry: pipeline.is_stranger(game, entry), stranger_words=pipeline.stranger_words,
                    choices=lambda entry: pipeline.ruling_choices(result, game, entry),
                    entry_of={e.pid: e for e in result.entries}.get, ruling_words=report.ruling_words)

    @app.post(f"/{token}/day/<int:number>/rule")
    def rule(number: int):
        game, _rules = game_file()
        pid = request.form.get("pid", type=int)
        # A 「计为 X」 button sends only target=X: that is a target ruling.
        decision = request.form.get("decision") or ("target" if "target" in request.form or "relay" in request.form else "")
        target = request.form.get("target") or None
        voter = None
        if "relay" in request.form:  # 「算作 Y 的票，计为 X」: a ballot relayed for another player, as theirs
            target, _, voter = request.form["relay"].partition("|")
            target, voter = target or None, voter or None
        note = request.form.get("note", "").strip()
        round_ = request.form.get("round", 0, type=int)
        if decision not in ("accept", "reject", "target") or pid is None:
            abort(400)
        if decision == "target" and request.form.get("target") == "":
            # The list had nothing to suggest: no player is chosen for the director by default.
            notices.append(("error", f"没有记录：pid {pid} 还没有选择计为哪位角色（或弃权）。"))
            return redirect(f"/{token}/day/{number}" + (f"?round={round_}" if round_ else ""), 303)
        try:
            game.day(number, round_)
        except ValueError:
            abort(404)
        if decision == "target":
            target = None if target in (None, "弃权") else target
            if target is not None and target not in game.player_names:
                abort(400)
        db = archive.open_db(config.db)
        game = pipeline.filed(db, game)
        if not db["posts"].count_where("pid = ?", [pid]):
            abort(404)
        try:
            tally = pipeline.tally_from_archive(db, game, _rules, number, round=round_, sensitivity=False)
        except (ValueError, pipeline.NotFetched) as exc:
            notices.append(("error", str(exc)))
            return redirect(f"/{token}/day/{number}" + (f"?round={round_}" if round_ else ""), 303)
        if voter is not None and voter not in game.player_names:
            abort(400)
        problem = pipeline.ruling_problem(tally, game, pid, decision, target, voter, _rules)
        if problem:
            notices.append(("error", f"没有记录：{problem}"))
            return redirect(f"/{token}/day/{number}" + (f"?round={round_}" if round_ else ""), 303)
        archive.save_ruling(db, game=game.key, day=number, pid=pid, decision=decision, target=target, note=note, by="desk",
                            voter=voter)
        notices.append(("notice", f"已裁定 pid {pid}：{report.ruling_words(decision, target, voter)}，已重新计票。"))
        say(f"裁定 第{number}天 pid {pid} → {decision} {target or ''}{' 算作 ' + voter + ' 的票' if voter else ''}")
        return redirect(f"/{token}/day/{number}" + (f"?round={round_}" if round_ else ""), 303)

    jobs: dict[str, Job] = {}

    def start(day: int | None, round_: int, post: bool) -> str:
        """Sync (and publish) in the background: the page shows its progress instead of hanging for as
        long as the forum takes. poll's lock and outbox still make a second click harmless."""
        job = Job(what="发布结果帖" if post else "同步", back=f"/{token}/day/{day}" + (f"?round={round_}" if round_ else "")
                  if day else f"/{token}/")
        jobs[job.id] = job

        def run() -> None:
            options = polling.PollOptions(**{**config.options.__dict__, "day": day, "round": round_, "post": post,
                                             "running": False})
            try:
                result = polling.run_poll(config.game_file, config.db, options, job.say)
                job.finish("notice", result.summary + "".join(f"；{line}" for line in result.posted))
            except polling.Busy as busy:
                job.finish("error", f"{busy}（另一个运行正在进行：结果帖不会重复发出）")
            except poster.PostError as error:
                job.finish("error", f"{error.title}：{error}")
            except OSError as error:
                job.finish("error", model.describe_os_error(error))
            except Exception as error:  # noqa: BLE001 - every failure is shown to the director, in Chinese
                job.finish("error", str(error) or "运行出错：请看启动 bansha desk 的终端窗口")
            for line in job.lines:
                say(line)

        threading.Thread(target=run, daemon=True).start()
        return job.id

    @app.get(f"/{token}/job/<job_id>")
    def job_view(job_id: str):
        game, _rules = game_file()
        job = jobs.get(job_id)
        if job is None:
            abort(404)
        return page("job.html", game=game, job=job)

    @app.post(f"/{token}/sync")
    def sync():
        day = request.form.get("day", type=int)
        round_ = request.form.get("round", 0, type=int)
        return redirect(f"/{token}/job/{start(day, round_, post=False)}", 303)

    @app.post(f"/{token}/day/<int:number>/post")
    def publish(number: int):
        round_ = request.form.get("round", 0, type=int)
        return redirect(f"/{token}/job/{start(number, round_, post=True)}", 303)

    return app


_TAGS = [
    (re.compile(r"\[b\](.*?)\[/b\]", re.S), r"<b>\1</b>"),
    (re.compile(r"\[i\](.*?)\[/i\]", re.S), r"<i>\1</i>"),
    (re.compile(r"\[u\](.*?)\[/u\]", re.S), r"<u>\1</u>"),
    (re.compile(r"\[s\](.*?)\[/s\]", re.S), r"<s>\1</s>"),
    (re.compile(r"\[size=\d+\](.*?)\[/size\]", re.S), r"<small>\1</small>"),
    # Our posts colour only the red 更正 line (the page's policy allows no inline style: a class does it).
    (re.compile(r"\[color=([#\w]+)\](.*?)\[/color\]", re.S), r'<span class="colored">\2</span>'),
    (re.compile(r"\[url=(https?://[^\]\s\"'<>]+)\](.*?)\[/url\]", re.S), r'<a href="\1" rel="noopener noreferrer">\2</a>'),
]


def event_hints(game, days) -> list[str]:
    """A closed day put someone out and the game file does not say so yet: the alive list (and every later
    day's tally) would still count them. Say which [[events]] line to add."""
    now = datetime.now(game.tz)
    hints = []
    for day, _outcome, _count, _flags, result in days:
        close = game.when(day.close)
        if result is None or result.kind != "vote" or result.outcome.kind != "out" or not close or now < close:
            continue
        for name in result.outcome.names:
            if not any(e.player == name and e.day == day.day for e in game.events):
                hints.append(f"{day.label}的结果是「{name} 出局」，游戏文件里还没有写：在游戏文件末尾加上\n"
                             f"[[events]]\nwhat = \"处决\"\nplayer = \"{name}\"\nday = {day.day}\n"
                             "（被赦免、没有出局的话就不用加），之后各天的存活名单和计票才会算对。")
    return hints


def breakable(text: str) -> str:
    """Escaped text that may break after each / or \\ (a path or an address in an error's words)."""
    return re.sub(r"([/\\])", r"\1<wbr>", escape(text))


def render_bbcode_html(bbcode: str) -> str:
    """The result post as the forum will show it, near enough: the tags bansha writes, over escaped text."""
    text = escape(bbcode, quote=False)
    for pattern, replacement in _TAGS:
        text = pattern.sub(replacement, text)
    return text.replace("\n", "<br>\n")


def serve(config: DeskConfig, *, port: int = 0, open_browser: bool = True, say=print) -> None:
    """Serve until Ctrl+C. The browser is started with a one-time address, and the terminal shows
    another: neither is the token, and each works once."""
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no request log: every address carries the token
    codes = {secrets.token_urlsafe(12), secrets.token_urlsafe(12)}
    for_browser, for_terminal = sorted(codes)
    server = make_server("127.0.0.1", port, create_app(config, say, codes), threaded=True)
    root = f"http://127.0.0.1:{server.server_port}"
    say(f"导演工作台：{root}/open/{for_terminal}（只在本机可用，这个地址只能打开一次；关闭请按 Ctrl+C）")
    if open_browser:
        import webbrowser

        webbrowser.open(f"{root}/open/{for_browser}")
    try:
        server.serve_forever()  # Werkzeug's own loop takes Ctrl+C (and SIGTERM, as the CLI raises it) and returns
    except KeyboardInterrupt:
        pass
    say("工作台已关闭。")


def new_token() -> str:
    return secrets.token_urlsafe(18)
