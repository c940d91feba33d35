"""The `bansha` command end to end, as a director runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CAPTURES, needs_captures, stop_service, thread_url

POST_FIELDS = {
    "pid", "tid", "floor", "author", "author_uid", "posted_at", "time_precision", "edited_by", "edited_at",
    "quotes", "text", "html", "status", "style",
}


def bansha(*args, env=None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bansha.cli", *map(str, args)],
        capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})}, cwd=cwd,
    )


def test_fetch_then_posts_from_the_archive(forum, tmp_path):
    db = tmp_path / "game.db"
    result = bansha("fetch", thread_url(forum), "--db", db, "--interval", "0")
    assert result.returncode == 0, result.stderr
    assert "新增 23 楼" in result.stdout
    again = bansha("fetch", thread_url(forum), "--db", db, "--interval", "0")
    assert "新增 0 楼" in again.stdout
    listed = bansha("posts", "4", "--db", db, "--format", "jsonl")
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert [r["floor"] for r in rows] == list(range(1, 24))
    assert all(set(r) == POST_FIELDS for r in rows)


def test_fetch_with_login_reads_members_only_thread(forum, tmp_path):
    db = tmp_path / "game.db"
    denied = bansha("fetch", thread_url(forum, 7), "--db", db, "--interval", "0")
    assert denied.returncode == 2 and "尚未登录" in denied.stderr and "--login" in denied.stderr
    ok = bansha("fetch", thread_url(forum, 7), "--db", db, "--interval", "0", "--login", "导演甲",
                env={"BANSHA_PASSWORD": "director-pass"})
    assert ok.returncode == 0, ok.stderr
    assert "uid=2" in ok.stdout
    assert b"director-pass" not in db.read_bytes()


def test_missing_thread_is_a_clear_error(forum, tmp_path):
    result = bansha("fetch", thread_url(forum, 404), "--db", tmp_path / "x.db", "--interval", "0")
    assert result.returncode == 2
    assert "指定的主题不存在" in result.stderr
    assert "Traceback" not in result.stderr


@needs_captures
def test_posts_reads_saved_pages_offline_and_dedupes_repeats(tmp_path):
    pages = sorted((CAPTURES / "game056" / "guest" / "pc").glob("vote_tid4_p*.html"))
    repeat = CAPTURES / "generic" / "errors" / "thread_page_out_of_range.html"
    result = bansha("posts", *pages, repeat, "--format", "jsonl")
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    truth = json.loads((CAPTURES / "game056" / "truth" / "vote_tid4.json").read_text("utf-8"))
    assert [r["pid"] for r in rows] == [p["pid"] for p in truth["posts"]]


def test_posts_on_a_refusal_page_says_so(tmp_path):
    page = Path(__file__).resolve().parent.parent / "fixtures" / "refusals" / "cc_protection.html"
    result = bansha("posts", page)
    assert result.returncode == 2 and "访问过快" in result.stderr


def test_demo_runs(tmp_path):
    result = bansha("demo", "--db", tmp_path / "demo.db")
    assert result.returncode == 0, result.stderr
    assert "梁山风云" in result.stdout


def check_vote(text: str, *args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bansha.cli", "check-vote", *args], input=text, capture_output=True, text=True, timeout=60,
    )


def test_check_vote_json_contract():
    result = check_vote("投票对象：郭敬\n投票理由：憨厚", "--players", "郭靖,黄蓉", "--json")
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert set(verdict) == {"kind", "target", "name", "match", "reason", "certain", "doubts", "names", "readings"}
    # a target that is no player is invalid for its form; the likely name is its reading and suggestion
    assert (verdict["kind"], verdict["target"], verdict["name"], verdict["match"]) == ("malformed", "郭敬", None, "unknown")
    assert "郭靖" in verdict["reason"] and verdict["names"] == ["郭靖"]
    # doubtful: every reading the tally starts from — as written (nothing), for 郭靖, an abstention
    assert verdict["certain"] is False
    assert {"kind": "vote", "target": "郭靖", "for": None} in verdict["readings"]
    assert {"kind": "abstain", "target": None, "for": None} in verdict["readings"]
    assert verdict["readings"][0] == {"kind": "none", "target": None, "for": None}


def test_check_vote_json_a_certain_ballot_has_exactly_one_reading():
    verdict = json.loads(check_vote("投票对象：郭靖\n投票理由：憨厚", "--players", "郭靖,黄蓉", "--json").stdout)
    assert verdict["certain"] is True and verdict["readings"] == [{"kind": "vote", "target": "郭靖", "for": None}]
    relayed = json.loads(check_vote("帮黄蓉投郭靖，她在QQ上说的", "--players", "郭靖,黄蓉", "--json").stdout)
    assert relayed["certain"] is False
    assert {"kind": "proxy", "target": "郭靖", "for": "黄蓉"} in relayed["readings"]


def test_check_vote_with_a_game_file(tmp_path):
    game = tmp_path / "game.toml"
    game.write_text(
        '[game]\nname = "[002]七杀"\npreset = "qisha"\n\n[[players]]\nname = "郭靖"\naliases = ["靖哥哥"]\n\n'
        '[[players]]\nname = "黄蓉"\n', encoding="utf-8",
    )
    verdict = json.loads(check_vote("投票对象：靖哥哥 理由：憨厚", "--game", game, "--json").stdout)
    assert (verdict["name"], verdict["match"]) == ("郭靖", "alias")
    loose = json.loads(check_vote("我投黄容，因为她太聪明", "--game", game, "--json").stdout)
    assert (loose["kind"], loose["name"], loose["match"]) == ("vote", "黄蓉", "homophone")


def test_check_vote_in_words_for_players():
    result = check_vote("我投郭靖吧", "--players", "郭靖")
    assert "格式无效" in result.stdout and "投票对象：X" in result.stdout
    chatter = check_vote("今天讨论帖好热闹", "--players", "郭靖")
    assert "不是投票帖" in chatter.stdout
    bad = check_vote("投票对象：郭靖\n投票理由：x\n投票对象：黄蓉\n投票理由：y", "--players", "郭靖,黄蓉")
    assert "一帖多票" in bad.stdout


def test_check_vote_bad_preset_is_a_clear_error():
    result = check_vote("投票对象：郭靖", "--preset", "nope")
    assert result.returncode == 1 and "未知的规则预设" in result.stderr


def demo_game_file(tmp_path, base_url: str | None = None) -> Path:
    from importlib import resources

    text = resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")
    path = tmp_path / "game.toml"
    path.write_text(text, "utf-8")
    return path


@pytest.fixture
def demo_forum():
    from bansha.demo import game

    board = game.build()
    with board:
        yield board


def test_tally_rule_and_tally_again(demo_forum, tmp_path):
    from bansha.demo import game

    db = tmp_path / "demo.db"
    for tid in (game.VOTE_TID,):
        assert bansha("fetch", thread_url(demo_forum, tid), "--db", db, "--interval", "0").returncode == 0
    game_file = demo_game_file(tmp_path)
    result = json.loads(bansha("tally", game_file, "--day", "1", "--db", db, "--format", "json").stdout)
    assert set(result) == {"day", "outcome", "totals", "posts", "non_voters", "flags", "proof", "as_of", "rulings", "unread_rulings",
                           "count_checks"}
    assert result["outcome"] == {"kind": "out", "names": ["李逵"]} and result["totals"]["李逵"] == 5
    assert len(result["posts"]) == len(demo_forum.threads[game.VOTE_TID].posts)
    # The director rules the unquoted change (#13, 武松 → 李逵) valid: 李逵 6, 燕青 1.
    unquoted = demo_forum.threads[game.VOTE_TID].posts[12]
    ruled = bansha("rule", game_file, unquoted.pid, "accept", "--day", "1", "--db", db, "--note", "导演认可")
    assert ruled.returncode == 0, ruled.stderr
    again = json.loads(bansha("tally", game_file, "--day", "1", "--db", db, "--format", "json").stdout)
    assert again["totals"]["李逵"] == 6 and again["totals"]["燕青"] == 1
    bbcode = bansha("tally", game_file, "--day", "1", "--db", db, "--format", "bbcode").stdout
    assert "[b]结果[/b]" in bbcode and "导演认可" in bbcode and "［101］" in bbcode


def test_rulings_in_the_directors_words_and_valid_refused_where_it_names_no_player(demo_forum, tmp_path):
    """「计为 X」 takes the post out of 无效票 and lists it once under 导演裁定; 「有效」 on a ballot for a name
    that is no player is refused with the choices that make sense, and nothing is recorded."""
    from bansha.demo import game

    typo = next(p for p in demo_forum.threads[game.VOTE_TID].posts if p.author == "吴用")
    typo.bbcode = "投票对象：李奎\n投票理由：发言太冲。"  # 吴用's only ballot names no player (one homophone off)
    db = tmp_path / "demo.db"
    assert bansha("fetch", thread_url(demo_forum, game.VOTE_TID), "--db", db, "--interval", "0").returncode == 0
    game_file = demo_game_file(tmp_path)
    refused = bansha("rule", game_file, typo.pid, "有效", "--day", "1", "--db", db)
    assert refused.returncode == 1 and "不是本局玩家" in refused.stderr and "计为 李逵" in refused.stderr
    assert "弃权" in refused.stderr and "无效" in refused.stderr
    import sqlite_utils

    assert sqlite_utils.Database(db)["rulings"].count == 0 if "rulings" in sqlite_utils.Database(db).table_names() else True
    ruled = bansha("rule", game_file, typo.pid, "计为", "李逵", "--day", "1", "--db", db)
    assert ruled.returncode == 0 and "计为「李逵」" in ruled.stdout, ruled.stderr
    bbcode = bansha("tally", game_file, "--day", "1", "--db", db, "--format", "bbcode").stdout
    invalid = bbcode.split("[b]无效票[/b]")[1].split("[b]")[0] if "[b]无效票[/b]" in bbcode else ""
    rulings = bbcode.split("[b]导演裁定[/b]")[1].split("[b]")[0]
    assert f"]#{typo.position}[/url]" not in invalid and rulings.count(f"#{typo.position} ") == 1 and "计为「李逵」" in rulings
    assert "李逵：5 票" in bbcode
    assert bansha("rule", game_file, typo.pid, "弃权", "--day", "1", "--db", db).returncode == 0
    assert "计为「弃权」" in bansha("tally", game_file, "--day", "1", "--db", db).stdout


def test_tally_before_fetch_says_what_to_do(tmp_path):
    result = bansha("tally", demo_game_file(tmp_path), "--day", "1", "--db", tmp_path / "none.db")
    assert result.returncode == 1 and "bansha fetch" in result.stderr


def test_init_writes_a_game_file_that_loads(tmp_path):
    from tally.game import Game

    target = tmp_path / "g.toml"
    result = bansha("init", "--preset", "qisha", "--out", target)
    assert result.returncode == 0
    assert Game.from_toml(target.read_text("utf-8")).preset == "qisha"
    assert bansha("init", "--out", target).returncode == 1  # never overwrites


def test_lurk_and_cards(demo_forum, tmp_path):
    from bansha.demo import game

    db = tmp_path / "demo.db"
    for tid in (game.VOTE_TID, game.DISCUSSION_TID, game.PROCESS_TID):
        assert bansha("fetch", thread_url(demo_forum, tid), "--db", db, "--interval", "0").returncode == 0
    game_file = demo_game_file(tmp_path)
    report = json.loads(bansha("lurk", game_file, "--day", "1", "--db", db, "--format", "json").stdout)
    disc = demo_forum.threads[game.DISCUSSION_TID].posts
    expected = {name: sum(p.author == name for p in disc) for _, name in game.PLAYERS}
    assert report["counts"] == expected
    lurkers = {name for name, n in expected.items() if n < 5}
    assert {p["player"] for p in report["proposals"]} >= lurkers
    assert {v["kind"] for v in report["violations"]} >= {"red_font", "big_font"}  # 宋江's [color=Red] [size=5]
    for _ in range(3):
        assert bansha("card", "add", game_file, "燕青", "blue", "--reason", "红字", "--db", db).returncode == 0
    listed = bansha("card", "list", game_file, "--db", db).stdout
    assert "燕青：1 张黄牌" in listed
    bad = bansha("card", "add", game_file, "路人", "yellow", "--reason", "x", "--db", db)
    assert bad.returncode == 1 and "不在游戏文件的玩家名单里" in bad.stderr


def test_tally_with_the_lurk_section(demo_forum, tmp_path):
    from bansha.demo import game

    db = tmp_path / "demo.db"
    for tid in (game.VOTE_TID, game.DISCUSSION_TID, game.PROCESS_TID):
        bansha("fetch", thread_url(demo_forum, tid), "--db", db, "--interval", "0")
    post = bansha("tally", demo_game_file(tmp_path), "--day", "1", "--db", db, "--format", "bbcode", "--lurk").stdout
    assert "[b]结果[/b]" in post and "发言统计[/b]" in post and "建议判罚" in post


def test_tally_as_of_a_floor_counts_only_the_posts_up_to_it(demo_forum, tmp_path):
    from bansha.demo import game

    db = tmp_path / "demo.db"
    assert bansha("fetch", thread_url(demo_forum, game.VOTE_TID), "--db", db, "--interval", "0").returncode == 0
    game_file = demo_game_file(tmp_path)
    full = json.loads(bansha("tally", game_file, "--day", "1", "--db", db, "--format", "json").stdout)
    floors = {p["pid"]: i + 1 for i, p in enumerate(full["posts"])}  # the demo thread's floors, in order
    cut = len(full["posts"]) // 2
    early = json.loads(bansha("tally", game_file, "--day", "1", "--db", db, "--format", "json", "--as-of-floor", cut).stdout)
    assert early["as_of"] == f"第 {cut} 楼"
    assert [p["pid"] for p in early["posts"]] == [pid for pid, floor in floors.items() if floor <= cut]
    assert early["totals"] != full["totals"]
    text = bansha("tally", game_file, "--day", "1", "--db", db, "--as-of-floor", cut).stdout
    assert f"投票票数（截至 第 {cut} 楼）" in text and "当时形势（不是最终结果）" in text


def test_desk_command_opens_with_a_one_time_address_and_serves_nothing_else(tmp_path):
    """The token is never on a command line (a browser launcher's arguments show in `ps`): the desk
    prints a one-time address that leads to the tokened pages once; a foreign Host is refused."""
    import re
    import subprocess
    import time

    import httpx

    game_file = demo_game_file(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "bansha.cli", "desk", game_file, "--no-browser", "--db", tmp_path / "d.db"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        once = re.search(r"http://127\.0\.0\.1:\d+/open/[\w-]+", line).group(0)
        root = once.split("/open/")[0]
        deadline = time.time() + 20
        while True:
            try:
                first = httpx.get(once, timeout=5)
                break
            except httpx.ConnectError:
                assert time.time() < deadline
                time.sleep(0.2)
        assert first.status_code == 303
        url = root + first.headers["location"]
        assert len(url.rstrip("/").rsplit("/", 1)[1]) >= 20 and url.split("/")[3] not in line  # not printed
        page = httpx.get(url, timeout=5)
        assert page.status_code == 200 and "[101]梁山风云" in page.text and "第1天" in page.text
        assert page.headers["referrer-policy"] == "no-referrer"
        assert httpx.get(once, timeout=5).status_code == 403  # once only
        assert httpx.get(root + "/").status_code == 403
        rebound = httpx.get(url, headers={"Host": "evil.example:80"}, timeout=5)
        assert rebound.status_code == 421 and "本机地址" in rebound.text
        big = httpx.post(url + "day/1/rule", data={"note": "长" * 70_000}, timeout=10)
        assert big.status_code == 413 and "太长" in big.text
        assert "拒绝" in httpx.get(root + "/nothing").text
    finally:
        _out, err = stop_service(proc)
    assert proc.returncode == 0 and "工作台已关闭" in _out and "Traceback" not in err, (_out, err)


def test_demo_serve_keeps_the_forum_and_says_what_to_try_next(tmp_path):
    """bansha demo --serve as README says: the forum keeps running, the game file, the address, the
    director's login and the next commands are printed, and they work; a second run reuses the archive."""
    import os
    import re
    import shlex
    import subprocess
    import time

    import httpx

    db = tmp_path / "game.db"
    proc = subprocess.Popen([sys.executable, "-m", "bansha.cli", "demo", "--serve", "--db", str(db), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        said = []
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stdout.readline()
            said.append(line)
            if " export " in line or not line:  # the last command it suggests (or the end of its output)
                break
        text = "".join(said)
        assert "导演账号：导演甲    密码：demo-director" in text and f"游戏文件：{tmp_path / 'game.toml'}" in text
        base = re.search(r"论坛地址：(http://127\.0\.0\.1:\d+/)", text).group(1)
        assert httpx.get(base + "forum.php?mod=viewthread&tid=101", timeout=10).status_code == 200
        # The poll line as printed (bansha named as this shell can run it), after BANSHA_PASSWORD=….
        poll_line = next(line for line in said if " poll " in line and "BANSHA_PASSWORD=" in line).strip()
        env = {**os.environ, "BANSHA_PASSWORD": "demo-director"}
        done = subprocess.run([*shlex.split(poll_line)[1:], "--db", str(db), "--interval", "0",
                               "--now", "2026-11-29 21:40", "--out", str(tmp_path / "report")],
                              capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "结果帖已发布" in done.stdout  # the demo's own result post, found: nothing posted twice
    finally:
        _out, err = stop_service(proc)
    assert proc.returncode == 0 and "演示论坛已结束" in _out, err
    again = subprocess.run([sys.executable, "-m", "bansha.cli", "demo", "--db", str(db), "--port", "0"],
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "不再重复发" in again.stdout and "Traceback" not in again.stderr, again.stderr
