"""The whole game kept and opened: archive, export."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from scraper import model

from .common import (
    DB_BESIDE,
    DEFAULT_DB,
    GAME_FILE,
    INTERVAL,
    app,
    cookie_file_for,
    db_beside,
    err,
    fail,
    game_and_archive,
    out,
    warn,
)
from .reading import _sync_with_progress


@app.command("archive")
def archive_cmd(
    targets: list[str] = typer.Argument(..., metavar="帖子网址或游戏文件…", help="帖子网址（可以多个），或一个游戏文件（TOML：存档整局所有帖子）"),
    db: Optional[Path] = DB_BESIDE,
    warc_dir: Path = typer.Option(Path("warc"), "--warc", help="WARC 文件目录（原始 HTTP 响应，标准工具可回放）"),
    media: bool = typer.Option(False, "--media", help="同时保存图片和附件（按内容去重，存在 WARC 目录的 media/ 下）"),
    media_hosts: str = typer.Option("", "--media-hosts", help="除论坛本身外，也允许保存这些主机上的图片（逗号分隔，如图床域名）"),
    interval: float = INTERVAL,
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
        with ForumClient(cookie_file=cookie_file_for(db), min_interval=interval, recorder=recorder,
                         on_retry=lambda line: err.print(line)) as client:
            for url, ref in zip(urls, refs):
                try:
                    report = _sync_with_progress(client, database, url, full=True, source="pc")
                except (model.Refusal, FetchFailed) as exc:
                    warn(f"帖子 {ref.tid} 没有存完：{exc}")
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
    game_file: Path = GAME_FILE,
    db: Optional[Path] = DB_BESIDE,
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


