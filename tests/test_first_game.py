"""A director's first real game (issue 29): every mistake in a game file is caught in words — by check-game
and by poll alike, before anything is read from a forum — and nothing in a message is eaten as markup."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import stop_service

from test_poll import game_file

NOWHERE = "http://127.0.0.1:9/"  # nothing listens there: a game-file error must come before any request


def bansha(*args, env=None, cwd=None, stdin: str = ""):
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, cwd=cwd, input=stdin)


def both(path: Path, tmp_path: Path, *, poll_cli: bool = True):
    """check-game and poll on the same file: each must refuse it in one Chinese sentence. `poll_cli=False`
    runs poll's own code in this process (the command line's part is the same for every game-file error,
    and the markup tests check it)."""
    runs = [bansha("check-game", path)]
    if poll_cli:
        runs.append(bansha("poll", path, "--db", tmp_path / "g.db", "--now", "2026-11-28 12:00"))
    for done in runs:
        assert done.returncode == 1, (done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, done.stderr
    said = [done.stderr for done in runs]
    if not poll_cli:
        from bansha import poll as polling

        with pytest.raises(ValueError) as refused:
            polling.run_poll(path, tmp_path / "g.db", polling.PollOptions(interval=0, out_dir=tmp_path / "out"),
                             lambda line: None)
        said.append(str(refused.value))
    assert not (tmp_path / "g.db").exists()
    return said


def edited(tmp_path: Path, old: str, new: str, name: str = "game.toml") -> Path:
    path = game_file(tmp_path, NOWHERE)
    text = path.read_text("utf-8")
    assert old in text
    target = path.with_name(name)
    target.write_text(text.replace(old, new, 1), "utf-8")
    return target


# -- messages keep their brackets ------------------------------------------------------------------

@pytest.mark.parametrize("old,new,words", [
    ('timezone = "Asia/Shanghai"', 'timzone = "Asia/Shanghai"', "[game] 里有不认识的设置「timzone」"),
    ("[[days]]", '[[events]]\nwhat = "处决"\nplayer = "宋江"\nday = 1\nwhen = 3\n\n[[days]]',
     "[[events]]（处决 宋江） 里有不认识的设置「when」"),
    ('name = "花荣"', 'name = "花荣"\nrole = ["法官"]', "[[players]]（花荣） 里有不认识的设置「role」"),
    ("dead = []", 'dead = ["高俅"]', "「高俅」不在 [[players]] 名单里"),
])
def test_section_names_stay_in_the_message(tmp_path, old, new, words):
    for said in both(edited(tmp_path, old, new), tmp_path):
        assert words in said, said


def test_a_file_name_with_markup_in_it_is_said_as_written(tmp_path):
    folder = tmp_path / "第[/b]局[bold]"
    folder.mkdir(parents=True)  # 「第[」 then 「b]局[bold]」: the path reads 第[/b]局[bold]
    path = folder / "game.toml"
    path.write_text('[game]\nname = "x"\npreset = "nosuch"\n', "utf-8")
    missing = folder / "missing.toml"
    for done in (bansha("check-game", missing), bansha("poll", missing)):
        assert done.returncode == 1 and "Traceback" not in done.stderr and "MarkupError" not in done.stderr, done.stderr
        assert str(missing) in done.stderr, done.stderr
    done = bansha("tally", path, "--day", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr


# -- what Notepad, a copy-paste and a hurried director write ----------------------------------------

def test_a_file_saved_as_utf8_with_a_bom_is_read_by_check_game_and_poll(tmp_path):
    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # Windows Notepad's 「UTF-8」
        checked = bansha("check-game", path)
        assert checked.returncode == 0 and "梁山风云" in checked.stdout, checked.stderr
        polled = bansha("poll", path, "--now", "2026-11-29 21:30", "--out", tmp_path / "out", "--interval", "0")
        assert polled.returncode in (0, 3) and "李逵 出局" in polled.stdout, polled.stderr


def test_a_player_listed_twice_is_refused_with_both_lines(tmp_path):
    path = edited(tmp_path, '[[players]]\nname = "花荣"', '[[players]]\nname = "花荣"\n[[players]]\nname = "花荣"')
    rows = [n for n, row in enumerate(path.read_text("utf-8").splitlines(), 1) if row == 'name = "花荣"']
    for said in both(path, tmp_path, poll_cli=False):
        assert "「花荣」写了两次" in said and f"第 {rows[0]}、{rows[1]} 行" in said, said


@pytest.mark.parametrize("key", ["close", "start"])
def test_a_date_without_a_time_is_refused_not_read_as_midnight(tmp_path, key):
    written = {"close": "2026-11-29", "start": "2026-11-27"}[key]
    path = edited(tmp_path, f'{key} = "{written} 21:00"', f'{key} = "{written}"')
    for said in both(path, tmp_path, poll_cli=False):
        assert f"第1天的 {key} = 「{written}」只写了日期" in said and "21:00" in said, said


@pytest.mark.parametrize("zone,meant", [("Beijing", "Asia/Shanghai"), ("北京时间", "Asia/Shanghai"),
                                        ("Asia/Shangai", "Asia/Shanghai"), ("Mars/Olympus", None)])
def test_a_time_zone_it_does_not_know_is_named_as_the_zone(tmp_path, zone, meant):
    path = edited(tmp_path, 'timezone = "Asia/Shanghai"', f'timezone = "{zone}"')
    for said in both(path, tmp_path, poll_cli=False):
        assert f'timezone = "{zone}" 不是认识的时区' in said, said
        assert "start" not in said and "close" not in said  # the times are fine: the zone is not
        if meant:
            assert f'是不是要写 timezone = "{meant}"' in said, said


@pytest.mark.parametrize("zone,hours", [("UTC+8", 8), ("GMT+08:00", 8), ("UTC-5", -5), ("UTC+5:30", 5.5),
                                        # as a Chinese input method types them: full-width sign, digits, colon
                                        ("UTC＋8", 8), ("ＧＭＴ＋０８：００", 8), ("UTC−5", -5), ("UTC－5", -5)])
def test_an_offset_is_a_time_zone(zone, hours):
    from datetime import timedelta

    from tally.game import Game

    text = game_file_text().replace('timezone = "Asia/Shanghai"', f'timezone = "{zone}"')
    game = Game.from_toml(text)
    assert game.when("2026-11-29 21:00").utcoffset() == timedelta(hours=hours)


@pytest.mark.parametrize("zone", ["UTC+8 北京", "UTC 8", "北京 UTC+8点"])
def test_a_hint_never_names_a_zone_with_another_offset(tmp_path, zone):
    """A close read eight hours late is worse than no hint: whatever the hint names keeps the offset written."""
    from datetime import timedelta

    from tally.zones import zone_of

    path = edited(tmp_path, 'timezone = "Asia/Shanghai"', f'timezone = "{zone}"')
    for said in both(path, tmp_path, poll_cli=False):
        assert f'timezone = "{zone}" 不是认识的时区' in said, said
        if "是不是要写" in said:
            hinted = said.split('是不是要写 timezone = "')[1].split('"')[0]
            assert zone_of(hinted).utcoffset(None) == timedelta(hours=8), said


def test_the_offset_game_is_polled_at_its_own_close(tmp_path):
    """UTC+8 is the demo forum's own zone: the same file with it counts exactly as with Asia/Shanghai."""
    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        path.write_text(path.read_text("utf-8").replace('timezone = "Asia/Shanghai"', 'timezone = "UTC+8"'), "utf-8")
        polled = bansha("poll", path, "--now", "2026-11-29 21:30", "--out", tmp_path / "out", "--interval", "0")
    assert polled.returncode in (0, 3) and "第1天：李逵 出局" in polled.stdout, polled.stderr
    assert "截止时间：UTC+8 2026-11-29 21:00" in (tmp_path / "out" / "day1.bbcode").read_text("utf-8")


def game_file_text() -> str:
    from importlib import resources

    return resources.files("bansha.demo").joinpath("liangshan.toml").read_text("utf-8")


def test_the_untouched_init_template_is_refused_by_check_game_and_poll(tmp_path):
    path = tmp_path / "game.toml"
    assert bansha("init", "--out", path).returncode == 0
    checked, polled = both(path, tmp_path)
    for said in (checked, polled):
        assert "[000]游戏名" in said and "bbs.example.org" in said and "导演A" in said and "郭靖、黄蓉" in said, said
        assert "投票帖 12" in said
    # The director fills in what init --from cannot know: the refusal names only what is left.
    text = path.read_text("utf-8").replace("[000]游戏名", "[102]华山论剑").replace("bbs.example.org", "bbs.huashan.cn")
    path.write_text(text.replace('directors = ["导演A"]', 'directors = ["洪七公"]'), "utf-8")
    checked, _polled = both(path, tmp_path, poll_cli=False)
    assert "[000]游戏名" not in checked and "郭靖、黄蓉" in checked and "投票帖 12" in checked, checked


def test_a_real_director_named_like_the_example_is_a_warning_not_a_refusal(tmp_path):
    """导演A is a real account on a real Discuz: a game file done in every other way is checked and polled."""
    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        text = path.read_text("utf-8")
        directors = next(line for line in text.splitlines() if line.startswith("directors"))
        path.write_text(text.replace(directors, 'directors = ["导演A"]'), "utf-8")
        checked = bansha("check-game", path)
        assert checked.returncode == 0, checked.stderr
        assert "提醒" in checked.stdout and "导演A" in checked.stdout and "不用改" in checked.stdout, checked.stdout
        polled = bansha("poll", path, "--now", "2026-11-29 21:30", "--out", tmp_path / "out", "--interval", "0")
        assert polled.returncode in (0, 3) and "模板" not in polled.stderr, polled.stderr


# -- a wrong password ------------------------------------------------------------------------------

def test_a_refused_password_is_tried_once_not_on_every_cron_run(tmp_path):
    """The forum locks an account after five failures in fifteen minutes: a cron line with a wrong
    BANSHA_PASSWORD must not get there. One refusal, then nothing until the password changes."""
    from bansha import poll as polling
    from bansha.demo import game as demo
    from scraper import auth

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        first = bansha("poll", path, "--login", demo.DIRECTOR[1], "--post", "--now", "2026-11-29 21:30", "--out",
                       tmp_path / "out", "--interval", "0", env={"BANSHA_PASSWORD": "wrong-one"})
        assert first.returncode == 1 and "登录失败，您还可以尝试 4 次" in first.stderr, first.stderr
        assert "BANSHA_PASSWORD" in first.stderr and "不会再用这个密码登录" in first.stderr

        def cron(password: str):  # the next runs of the same cron line, as poll runs them
            options = polling.PollOptions(login=demo.DIRECTOR[1], password=password, post=True, interval=0,
                                          now=forum.clock(), out_dir=tmp_path / "out")
            return polling.run_poll(path, tmp_path / "game.db", options, lambda line: None)

        for _ in range(3):
            with pytest.raises(auth.LoginHeld) as held:
                cron("wrong-one")
            assert "这次不再尝试登录" in str(held.value) and "BANSHA_PASSWORD" in str(held.value)
        assert forum.failed_logins == {demo.DIRECTOR[1]: 1}
        kept = tmp_path / "game.db.login-failed"
        assert kept.exists() and b"wrong-one" not in kept.read_bytes()
        with pytest.raises(auth.LoginRefused, match="您还可以尝试 3 次"):  # a changed password is worth one try
            cron("wrong-two")
        assert "李逵 出局" in cron("demo-director").summary
        assert not kept.exists() and forum.failed_logins == {demo.DIRECTOR[1]: 2}


def test_a_lockout_by_someone_elses_passwords_is_waited_out_not_taken_for_ours(tmp_path):
    """A player tries five wrong passwords on the director's account: UCenter locks the name for 15 minutes.
    The next run, with the right password, is told 「密码错误次数过多」 — a lock, not a refusal of our password:
    no run tries during the lock, and the first run after it logs in, with nothing to delete by hand."""
    import json
    from datetime import datetime, timedelta

    from bansha import poll as polling
    from bansha.demo import game as demo
    from scraper import auth

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        forum.failed_logins[demo.DIRECTOR[1]] = 5  # the player's five tries, not ours

        def cron():
            options = polling.PollOptions(login=demo.DIRECTOR[1], password="demo-director", post=True, interval=0,
                                          now=forum.clock(), out_dir=tmp_path / "out")
            return polling.run_poll(path, tmp_path / "game.db", options, lambda line: None)

        logins = lambda: forum.count("loginsubmit", "POST")  # noqa: E731
        with pytest.raises(auth.LoginHeld) as held:
            cron()
        said = str(held.value)
        assert "锁定" in said and "不是密码错误" in said and "自动再登录" in said, said
        assert "BANSHA_PASSWORD" not in said  # nothing for the director to change
        kept = tmp_path / "game.db.login-failed"
        record = json.loads(kept.read_text("utf-8"))
        assert "mark" not in record and "locked_until" in record  # no fingerprint of a refused password
        until = datetime.fromisoformat(record["locked_until"])
        assert timedelta(minutes=14) < until - datetime.now().astimezone() <= timedelta(minutes=16)
        tried = logins()
        with pytest.raises(auth.LoginHeld, match="锁定"):
            cron()  # during the lock: not tried (a try could only lengthen it)
        assert logins() == tried
        # Fifteen minutes on: the forum has lifted the lock, and so has the record.
        forum.failed_logins.clear()
        kept.write_text(json.dumps({**record, "locked_until": (until - timedelta(minutes=20)).isoformat()}), "utf-8")
        assert "李逵 出局" in cron().summary
        assert logins() == tried + 1 and not kept.exists()


# -- no network --------------------------------------------------------------------------------------

def forum_at(tmp_path: Path, address: str) -> Path:
    path = game_file(tmp_path, address)
    return path


def test_an_unknown_forum_name_is_a_dns_failure_said_at_once(tmp_path):
    done = bansha("poll", forum_at(tmp_path, "http://bbs.no-such-forum.invalid/"), "--now", "2026-11-28 12:00",
                  "--out", tmp_path / "out")
    assert done.returncode == 1 and "DNS" in done.stderr and "bbs.no-such-forum.invalid" in done.stderr, done.stderr
    assert "拒绝连接" not in done.stderr and "Error" not in done.stderr


def test_a_refused_connection_is_said_in_words_and_given_up_soon(client_factory):
    from scraper.client import FetchFailed

    waits: list[str] = []
    client = client_factory(on_retry=waits.append)
    with pytest.raises(FetchFailed) as caught:
        client.get(f"{NOWHERE}forum.php?mod=viewthread&tid=101")
    said = str(caught.value)
    assert "拒绝连接" in said and "重试 2 次后仍失败" in said and "Error" not in said, said
    assert len(waits) == 2 and all("拒绝连接" in w and "秒后重试" in w for w in waits), waits


def test_a_forum_that_never_answers_is_said_while_waiting_and_given_up_soon(tmp_path):
    """A forum that accepts the connection and says nothing: five tries of the timeout and their backoffs
    were minutes of silence. Now each wait is said (in -v and the log), and it gives up after two retries."""
    import socket
    import time

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)  # the kernel accepts; nobody ever reads or answers
    try:
        started = time.monotonic()
        done = bansha("poll", forum_at(tmp_path, f"http://127.0.0.1:{silent.getsockname()[1]}/"), "--now",
                      "2026-11-28 12:00", "--out", tmp_path / "out", "--timeout", "0.5", "--log", tmp_path / "poll.log")
        took = time.monotonic() - started
    finally:
        silent.close()
    assert done.returncode == 1 and "0.5 秒没有回答" in done.stderr and "重试 2 次后仍失败" in done.stderr, done.stderr
    assert "秒后重试" in (tmp_path / "poll.log").read_text("utf-8")
    assert took < 30, took  # 3 tries of 0.5 s and two backoffs, not 5 tries and 4 backoffs


# -- a read-only folder ------------------------------------------------------------------------------

def as_reader(folder: Path) -> list[str]:
    """A command prefix under which `folder` is read-only: for root (who writes anywhere) a private mount
    namespace with `folder` bound read-only; for anyone else the folder's own permissions do it. Skips
    where neither can be had (a container without mount rights)."""
    import shutil

    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    unshare = shutil.which("unshare")
    prefix = [unshare, "-m", "sh", "-c", 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" && exec "$@"', str(folder)]
    probe = subprocess.run([*prefix, "touch", str(folder / "probe")], capture_output=True, text=True) if unshare else None
    if probe is None or "Read-only file system" not in probe.stderr:
        pytest.skip("cannot make a read-only folder here (no unshare/mount rights)")
    return prefix


def test_read_only_commands_work_in_a_folder_nobody_may_write(tmp_path):
    import shutil

    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        source = game_file(tmp_path, forum.base_url)
        polled = bansha("poll", source, "--now", "2026-11-29 21:30", "--out", tmp_path / "out", "--interval", "0")
        assert polled.returncode in (0, 3), polled.stderr
    shared = tmp_path / "shared"
    try:
        folder = shared / "game"
        folder.mkdir(parents=True)
        shutil.copy(source, folder / "game.toml")
        shutil.copy(tmp_path / "game.db", folder / "game.db")  # closed cleanly: no -wal, no -shm beside it
        assert not (folder / "game.db-wal").exists()
        site = shared / "site"
        site.mkdir()
        prefix = as_reader(folder)

        def run(*args):
            return subprocess.run([*prefix, sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True,
                                  text=True, timeout=120, cwd=shared)

        game = folder / "game.toml"
        for args in (["tally", game, "--day", "1"], ["review", game, "--day", "1"], ["lurk", game, "--day", "1"],
                     ["card", "list", game], ["check-game", game], ["export", game, "--html", site / "out"]):
            done = run(*args)
            assert done.returncode == 0, (args, done.stderr)
            assert "Traceback" not in done.stderr
        assert "李逵 出局" in run("tally", game, "--day", "1").stdout
        assert (site / "out" / "index.html").exists()
        # poll writes: it says so in one line, before it reads the forum, and a --log it cannot write is named first.
        logged = run("poll", game, "--now", "2026-11-29 21:30", "--log", folder / "poll.log")
        assert logged.returncode == 1 and "日志文件" in logged.stderr and "这次什么都没有做" in logged.stderr, logged.stderr
        assert "Traceback" not in logged.stderr
        # The desk reads there too; a ruling, which must be written, is one sentence, not a traceback.
        desk = subprocess.Popen([*prefix, sys.executable, "-m", "bansha.cli", "desk", str(game), "--no-browser"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=shared,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            import re

            import httpx

            address = re.search(r"http://127\.0\.0\.1:\d+/open/\S+?(?=（)", desk.stdout.readline()).group(0)
            page = httpx.get(address, follow_redirects=True, timeout=60)
            assert page.status_code == 200 and "李逵 出局" in page.text
            home = str(page.url)
            day = httpx.get(home + "day/1", timeout=60)
            assert day.status_code == 200 and "李逵" in day.text
            token = home.rstrip("/").rsplit("/", 1)[1]
            pid = re.search(r'name="pid" value="(\d+)"', day.text).group(1)
            ruled = httpx.post(home + "day/1/rule", data={"token": token, "pid": pid, "decision": "reject"}, timeout=60,
                               headers={"Origin": home.split(f"/{token}")[0]})
            assert ruled.status_code == 500 and "只读" in ruled.text, ruled.text
        finally:
            out, err = stop_service(desk)
        assert "Traceback" not in out + err and "只读" in out, (out, err)
    finally:
        (shared / "game").chmod(0o755)


def test_the_demo_never_writes_over_a_game_file_or_an_archive_of_the_directors(tmp_path):
    mine = tmp_path / "game.toml"
    mine.write_text(game_file_text().replace("[101]梁山风云", "[102]我的游戏"), "utf-8")
    before = mine.read_bytes()
    done = bansha("demo", "--db", tmp_path / "x.db")
    assert done.returncode == 1 and "不会覆盖" in done.stderr and mine.read_bytes() == before, done.stderr
    assert not (tmp_path / "x.db").exists()
    archive = tmp_path / "other" / "real.db"
    archive.parent.mkdir()
    archive.write_bytes(b"")
    done = bansha("demo", "--db", archive)
    assert done.returncode == 1 and "不是演示用过的档案库" in done.stderr and archive.read_bytes() == b"", done.stderr
    # The demo's own folder is the demo's to reuse (test_cli: a second run goes on where the first left off).
    assert bansha("demo", "--db", tmp_path / "demo" / "game.db").returncode == 0


def test_watch_and_the_log_keep_the_games_clock_on_a_server_in_utc(tmp_path):
    import re
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        done = bansha("watch", path, "--login", demo.DIRECTOR[1], "--every", "0.001", "--jitter", "0", "--max-runs", "1",
                      "--interval", "0", "--out", tmp_path / "out", "--log", tmp_path / "poll.log",
                      env={"BANSHA_PASSWORD": "demo-director", "TZ": "UTC"})
    assert done.returncode in (0, 3), done.stderr
    shown = re.search(r"^\[北京时间 (\d\d-\d\d \d\d:\d\d:\d\d)\] 第 1 次运行", done.stdout, re.M)
    assert shown, done.stdout
    beijing = datetime.now(ZoneInfo("Asia/Shanghai"))
    stamp = datetime.strptime(f"{beijing.year}-{shown.group(1)}", "%Y-%m-%d %H:%M:%S").replace(tzinfo=beijing.tzinfo)
    assert abs(beijing - stamp) < timedelta(minutes=5)
    logged = (tmp_path / "poll.log").read_text("utf-8").splitlines()
    assert logged and all(line[19:25] == "+08:00" for line in logged), logged[:2]


# -- the screens in the director's words -----------------------------------------------------------

def test_reports_tables_and_violations_say_it_in_chinese(tmp_path):
    import re

    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        polled = bansha("poll", path, "--now", "2026-11-29 21:30", "--out", tmp_path / "out", "--lurk", "--interval", "0")
        assert polled.returncode in (0, 3), polled.stderr
        table = bansha("posts", str(demo.VOTE_TID), "--db", tmp_path / "game.db", "--format", "table")
    page = (tmp_path / "out" / "day1.html").read_text("utf-8")
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", page)
    english = {"vote", "change", "abstain", "proxy", "none", "counted", "superseded", "invalid", "ignored"}
    assert not english & set(cells), english & set(cells)
    assert "有效" in cells and "已改票" in cells and "无效" in cells
    assert table.returncode == 0 and "正常" in table.stdout and "normal" not in table.stdout, table.stdout
    posted = (tmp_path / "out" / "day1.bbcode").read_text("utf-8")
    assert "使用了导演专用的红色字体" in posted and "（red）" not in posted and "（Red）" not in posted
    assert "放大字体（字号 5）" in posted and "size=5）" not in posted
    said = bansha("check-vote", "--preset", "qisha", "--players", "郭靖,黄蓉", stdin="投票对象：郭靖\n投票理由：太正")
    assert said.stdout.startswith("规则：七杀「海盗 vs 土著」\n") and "种子" not in said.stdout, said.stdout


# -- the README's first steps --------------------------------------------------------------------------

def test_commands_the_demo_suggests_run_as_printed_without_an_activated_environment(tmp_path):
    """The README runs .venv/bin/bansha without activating the environment: a suggested 「bansha …」
    was 「command not found」. Printed commands name the program the way this shell can run it."""
    import shlex
    import shutil

    script = Path(sys.executable).with_name("bansha")
    if not script.exists():
        pytest.skip("bansha is not installed as a script beside this interpreter")
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if Path(p).resolve() != script.parent.resolve())
    env = {**os.environ, "PATH": path}
    assert shutil.which("bansha", path=path) is None  # as in a fresh shell
    done = subprocess.run([str(script), "demo", "--db", tmp_path / "demo" / "game.db"], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    hint = done.stdout.strip().splitlines()[-1]
    command = shlex.split(hint.split("再运行一次：", 1)[1].rstrip("）"))
    assert command[0] != "bansha" and command[1:3] == ["demo", "--serve"]
    again = subprocess.run([*command[:2], "--help"], capture_output=True, text=True, timeout=60, env=env)
    assert again.returncode == 0 and "演示论坛" in again.stdout, again.stderr
    review = subprocess.run([str(script), "review", tmp_path / "demo" / "game.toml"], capture_output=True, text=True,
                            timeout=60, env=env)
    rules = [line.strip() for line in review.stdout.splitlines() if " rule " in line]
    assert rules and all(shlex.split(line)[0] == str(script.resolve()) for line in rules), review.stdout
