"""Reading the forum and the game: fetch, posts, check-vote, init, check-game."""

from __future__ import annotations

import json
from dataclasses import replace
import os
import re
import sys
from pathlib import Path
from typing import Optional

import typer

from scraper import model
from scraper.model import SOURCES

from .common import (
    DEFAULT_DB,
    GAME_FILE,
    INTERVAL,
    app,
    check_format,
    err,
    fail,
    game_only,
    make_client,
    out,
    terminal_safe,
    warn,
    write_out,
)


@app.command()
def fetch(
    url: str = typer.Argument(..., metavar="帖子网址", help="帖子网址，如 https://bbs.example.com/forum.php?mod=viewthread&tid=4"),
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
            warn(notice)
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
                                       say=lambda text: err.print(text), guard=db.with_name(db.name + ".login-failed"))
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
        warn(note)
    if report.gone:
        warn(f"论坛上已看不到这些楼层（已标记为删除，原文保留）：pid {', '.join(map(str, report.gone))}")
    if report.gaps:
        warn(report.describe_gaps())


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
    sources: list[str] = typer.Argument(..., metavar="页面文件或帖子编号…", help="保存下来的页面文件（离线解析），或档案库里的帖子编号 tid"),
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
                warn(f"档案库里没有帖子 {tid} 的楼层。")
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
                warn(f"{path.name}：{note}")
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
            STATUS_WORDS.get(post.status, post.status), terminal_safe(post.text.replace("\n", " ⏎ ")[:60]),
        )
    out.print(table)


# A post's status in the table, as Discuz itself words it.
STATUS_WORDS = {"normal": "正常", "hidden": "已屏蔽", "banned": "作者被禁言", "deleted": "已删除", "password": "密码帖",
                "author_only": "仅作者可见", "pending": "待审核"}


@app.command("check-vote")
def check_vote(
    preset: Optional[str] = typer.Option(None, "--preset", help="规则预设：shediao / s10 / qisha / anshazhe / mahjong"),
    game: Optional[Path] = typer.Option(None, "--game", help="游戏文件（TOML），提供玩家名单、别名和预设"),
    players: Optional[str] = typer.Option(None, "--players", help="玩家名单，用逗号分隔：郭靖,黄蓉,…"),
    as_json: bool = typer.Option(False, "--json", help="输出一个 JSON 对象"),
    author: Optional[str] = typer.Option(None, "--author", help="发帖人：按计票时的身份来判断（导演的帖子、玩家的帖子）"),
    directors: Optional[str] = typer.Option(None, "--directors", help="导演（和法官）账号，逗号分隔；有 --game 时从游戏文件读"),
) -> None:
    """从标准输入读一帖的内容，判断它是不是一张有效的票（加 --author 时按计票时发帖人的身份判断，和投票帖里一样）。"""
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
        chosen = game_rules or load_preset(preset or "shediao")
    except ValueError as exc:
        fail(str(exc))
    rules = chosen.vote_customs()
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    if author:
        return _check_in_role(text, author, loaded if game else None, chosen, names, directors, as_json)
    verdict = parse_post(text, rules, Roster(names, aliases) if names else None)
    # Whether it is certain is the count's question, not the grammar's: the same post as a player's in the thread
    # (「打错了，是黄蓉」 read certain here and doubtful there, the lab found) — no ballot to the grammar included
    # (「大家都投杨康吧，我也投」: asked in the thread, certain nothing here — hostile round 79)
    entry = _fold_one(text, PLAYER_CHECKED, loaded if game else None, chosen, [*names, PLAYER_CHECKED], directors)
    if as_json:
        shown = verdict.to_json()
        if entry is not None and not entry.certain:
            from tally import certainty

            readings = [r.to_json() for r in certainty.readings(entry)]
            shown.update(certain=False, reason=entry.reason, readings=[
                {**r, "for": None if r.get("for") == PLAYER_CHECKED else r.get("for")} for r in readings])
        write_out(json.dumps(shown, ensure_ascii=False) + "\n")
        return
    line = describe_verdict(verdict, chosen.title_text)
    if entry is not None and not entry.certain and verdict.kind != "malformed":
        from tally import certainty

        line += f"\n计票时会交给导演裁定：{entry.reason}\n可能的裁定：" + "；".join(
            r.words(PLAYER_CHECKED) for r in certainty.readings(entry))
    write_out(line + "\n")


PLAYER_CHECKED = "（发帖的玩家）"  # the author check-vote judges a post as when --author is not given


def _check_in_role(text: str, author: str, loaded, rules, names: list[str], directors: Optional[str], as_json: bool) -> None:
    """One post judged as the fold judges it in the thread: the author's role first (a director's post, a
    player's), then the words, then the residue — a one-post vote day in the middle of its window."""
    from tally import certainty

    entry, game = _fold_one(text, author, loaded, rules, names, directors, with_game=True)
    found = certainty.readings(entry)
    if as_json:
        write_out(json.dumps({"author": author, "director": author in game.directors, "certain": entry.certain,
                              "verdict": entry.verdict, "reason": entry.reason,
                              "readings": [r.to_json() for r in found]}, ensure_ascii=False) + "\n")
        return
    role = "导演" if author in game.directors else ("玩家" if author in game.player_names else "不在名单里的账号")
    lines = [f"{author}（{role}）：{entry.reason}"]
    if not entry.certain:
        lines.append("存疑，可能的裁定：" + "；".join(r.words(author) for r in found))
    write_out("\n".join(lines) + "\n")


def _fold_one(text: str, author: str, loaded, rules, names: list[str], directors: Optional[str], with_game: bool = False):
    """The post as the only post of a one-day vote thread, in the middle of its window, folded as the count folds it."""
    from datetime import datetime, timedelta

    from grammar.colors import style_of_bbcode
    from grammar.structure import typed_quotes
    from scraper.model import Post, Quote
    from tally.day import tally_day
    from tally.game import Day, Game, Player

    heads = tuple(d.strip() for d in (directors or "").replace("，", ",").split(",") if d.strip())
    start = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=1)
    day = Day(day=1, vote_thread=1, start=start.isoformat(), close=(start + timedelta(days=2)).isoformat())
    if loaded is not None:
        game = replace(loaded, directors=loaded.directors + heads, days=(day,))
        if author == PLAYER_CHECKED:
            game = replace(game, players=(*game.players, Player(PLAYER_CHECKED, 1)))
    else:
        game = Game(name="check-vote", preset=rules.name, directors=heads,
                    players=tuple(Player(n, i + 3) for i, n in enumerate(names)), days=(day,))
    # the page keeps a quote apart from the reply's words: so does the post typed here (hostile round 94, cases 09, 58b: a relay
    # under a quoted request was flagged in the thread and certain talk in check-vote)
    own, typed = typed_quotes(text)
    post = Post(pid=1, tid=1, floor=2, author=author, author_uid=None, posted_at=(start + timedelta(hours=1)).isoformat(),
                time_precision="second", edited_by=None, edited_at=None, quotes=[Quote(q.pid, q.author, q.time, q.text) for q in typed],
                text=own, html="", status="normal",
                style=style_of_bbcode(text))  # (the colours its page would show: 「投[color=White]杨康[/color]」 — round 79)
    entry = tally_day([post], game, day, rules).entries[0]
    return (entry, game) if with_game else entry


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
timezone = "Asia/Shanghai"     # 各天的时间按这个时区读：北京时间写 Asia/Shanghai，也可以写时差，如 "UTC+8"
directors = ["导演A"]        # 导演的论坛账号：他们的帖子不计票（代投除外）
# announce = "process"       # 结果帖发在哪里："vote"（投票帖，默认）或 "process"（进程帖）

[rules]                      # 可选：覆盖预设里的任何设置，例如 blackout_minutes = 60
# ballot_format = "labelled"  # 投票格式："labelled"（投票对象/投票理由）或 "free"（不限格式，七杀的做法）
# require_reason = true       # 是否必须写投票理由（S10、暗杀者的规则帖没有规定，按导演公告填写）
# unvote = "allowed"          # 本局允许撤票：撤票算一次改票（默认 "director"：规则帖都没提撤票，每一帖交导演裁定）
# rulings_from_posts = false  # 不采用导演在投票帖、进程帖里发的裁定（默认采用：导演账号发的「【裁定】18楼 无效」「#23 计为 X」，
#                             # 没被别人编辑过、每一句都读得懂的，和 bansha rule 一样算数；读不懂的列在报告里）

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
    interval: float = INTERVAL,
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
        with ForumClient(min_interval=interval, on_retry=lambda line: err.print(line)) as client:
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
def check_game(game_file: Path = GAME_FILE) -> None:
    """检查游戏文件：打印工具理解到的各天、各轮、玩家、身份牌、事件，以及每条规则设置的出处和改动。"""
    from tally import report

    from tally.game import template_leftovers, template_warnings

    game, rules = game_only(game_file)
    out.print(report.render_game(game, rules))
    for line in template_warnings(game):
        out.print(f"提醒：{line}")
    leftovers = template_leftovers(game)
    if leftovers:
        fail("游戏文件里还有 bansha init 模板的示例内容，改好以后再运行 poll：\n" + "\n".join(f"  · {line}" for line in leftovers))


