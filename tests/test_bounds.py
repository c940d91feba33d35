"""Bounded and traceback-free (issue 21): hostile game files, planted symlinks, redirect loops and huge
answers each end in one Chinese sentence; nothing is written outside the game's folder."""

from __future__ import annotations

import os
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bansha.demo import game as demo
from bansha.demo.serving import Background
from test_poll import game_file


def bansha(*args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, cwd=cwd)


def assert_one_sentence(done):
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr.replace("错误", ""), done.stderr


@pytest.mark.parametrize("change,words", [
    ("vote_thread = 101", "vote_thread = 100000000000000000000"),
    ('close = "2026-11-29 21:00"', 'close = "2026-11-31 21:00"'),
    ('close = "2026-11-29 21:00"', 'close = "2026-11-29 25:00"'),
    ('close = "2026-11-29 21:00"', 'close = "2026-11-26 21:00"'),
])
def test_impossible_game_files_are_refused_by_check_game_and_poll(tmp_path, change, words):
    path = game_file(tmp_path, "http://127.0.0.1:9/")
    text = path.read_text("utf-8")
    assert change in text
    path.write_text(text.replace(change, words), "utf-8")
    for command in (["check-game", path], ["poll", path, "--db", tmp_path / "g.db", "--now", "2026-11-28 12:00"]):
        done = bansha(*command)
        assert_one_sentence(done)
        assert "第1天" in done.stderr
    assert not (tmp_path / "g.db").exists()


def test_a_game_file_of_a_million_players_is_refused_at_once(tmp_path):
    path = tmp_path / "huge.toml"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write('[game]\nname = "x"\npreset = "shediao"\n')
        for i in range(1_000_000):
            handle.write(f'[[players]]\nname = "p{i}"\n')
    done = bansha("check-game", path)
    assert_one_sentence(done)
    assert "不像是一局游戏" in done.stderr


@pytest.mark.parametrize("what", ["report", "archive", "log"])
def test_a_planted_symlink_is_refused_and_its_target_untouched(tmp_path, what):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    victim = elsewhere / "victim.txt"
    victim.write_text("不能被覆盖", "utf-8")
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        args = ["poll", path, "--db", tmp_path / "g.db", "--out", tmp_path / "out", "--interval", "0",
                "--now", "2026-11-29 21:30"]
        if what == "report":
            (tmp_path / "out").symlink_to(elsewhere, target_is_directory=True)
        elif what == "archive":
            (tmp_path / "g.db").symlink_to(victim)
        else:
            (tmp_path / "poll.log").symlink_to(victim)
            args += ["--log", tmp_path / "poll.log"]
        done = bansha(*args)
    assert_one_sentence(done)
    assert "符号链接" in done.stderr
    assert victim.read_text("utf-8") == "不能被覆盖" and sorted(p.name for p in elsewhere.iterdir()) == ["victim.txt"]


def test_a_report_file_replaced_by_a_symlink_is_replaced_not_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("不能被覆盖", "utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "day1.bbcode").symlink_to(victim)
    (out / "day1.bbcode.tmp").symlink_to(victim)  # the name an older release wrote through
    forum = demo.build()
    with forum:
        done = bansha("poll", game_file(tmp_path, forum.base_url), "--db", tmp_path / "g.db", "--out", out,
                      "--interval", "0", "--now", "2026-11-29 21:30")
    assert done.returncode in (0, 3), done.stderr
    assert victim.read_text("utf-8") == "不能被覆盖"
    assert not (out / "day1.bbcode").is_symlink() and "李逵" in (out / "day1.bbcode").read_text("utf-8")


class _Loop(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        if "huge" in self.path:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            chunk = b"<p>" + b"x" * 65533
            try:
                for _ in range(1000):  # 64 MB, no Content-Length
                    self.wfile.write(chunk)
            except OSError:
                pass
            return
        self.send_response(302)
        self.send_header("Location", self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()


@pytest.fixture
def looping():
    server = Background(ThreadingHTTPServer(("127.0.0.1", 0), _Loop))
    yield f"http://127.0.0.1:{server.server_port}/"
    server.stop()


def test_a_redirect_loop_is_one_sentence(tmp_path, looping):
    done = bansha("fetch", f"{looping}forum.php?mod=viewthread&tid=4", "--db", tmp_path / "g.db", "--interval", "0")
    assert done.returncode != 0 and "Traceback" not in done.stderr and "重定向循环" in done.stderr


def test_an_endless_answer_is_cut_off_while_streaming(looping):
    from scraper.client import FetchFailed, ForumClient

    with ForumClient(min_interval=0, max_bytes=2 * 1024 * 1024, retries=0) as client:
        with pytest.raises(FetchFailed, match="超过上限 2 MB"):
            client.get(f"{looping}huge")


def _exported_archive(tmp_path):
    """An archive of the demo day (one poll, no posting) to export."""
    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        done = bansha("poll", path, "--db", tmp_path / "g.db", "--out", tmp_path / "out", "--interval", "0",
                      "--now", "2026-11-29 21:30")
    assert done.returncode in (0, 3), done.stderr
    return path


def test_export_replaces_planted_symlinks_and_never_writes_through_them(tmp_path):
    """Every file export writes (the site's pages, scripts and images, the CSVs, the JSON) goes through a temp file
    and a rename, as poll's reports do: a symlink planted where one goes is replaced, its target untouched."""
    path = _exported_archive(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("不能被覆盖", "utf-8")
    for folder in ("site", "csv"):
        (tmp_path / folder).mkdir()
    planted = [tmp_path / "site" / "index.html", tmp_path / "site" / "style.css", tmp_path / "csv" / "posts.csv",
               tmp_path / "game.json"]
    for link in planted:
        link.symlink_to(victim)
    done = bansha("export", path, "--db", tmp_path / "g.db", "--html", tmp_path / "site", "--csv", tmp_path / "csv",
                  "--json", tmp_path / "game.json")
    assert done.returncode == 0, done.stderr
    assert victim.read_text("utf-8") == "不能被覆盖"
    for link in planted:
        assert not link.is_symlink() and link.stat().st_size > 0, link
    assert "李逵" in (tmp_path / "csv" / "posts.csv").read_text("utf-8-sig")
    assert not [p for p in (tmp_path / "site").iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("option", ["--html", "--csv"])
def test_export_into_a_folder_that_is_a_symlink_is_refused(tmp_path, option):
    path = _exported_archive(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "out-link").symlink_to(elsewhere, target_is_directory=True)
    done = bansha("export", path, "--db", tmp_path / "g.db", option, tmp_path / "out-link")
    assert_one_sentence(done)
    assert "符号链接" in done.stderr and list(elsewhere.iterdir()) == []


# -- reading is linear in a post's length (issue 34.11) ----------------------------------------------------------

class _Scanned:
    """A compiled pattern that counts the characters each call is given to scan (what a pattern costs grows with
    them): the reader's work, measured without a clock."""

    def __init__(self, pattern, tally):
        self._pattern, self._tally = pattern, tally

    def __getattr__(self, name):
        return getattr(self._pattern, name)

    def _count(self, string, pos=0, endpos=None):
        if isinstance(string, str):
            self._tally[0] += max(0, min(len(string), len(string) if endpos is None else endpos) - pos)

    def search(self, string, pos=0, endpos=sys.maxsize):
        self._count(string, pos, endpos)
        return self._pattern.search(string, pos, endpos)

    def match(self, string, pos=0, endpos=sys.maxsize):
        found = self._pattern.match(string, pos, endpos)  # anchored: it reads what it matches, not the rest
        self._tally[0] += 1 + (found.end() - pos if found else 0)
        return found

    def fullmatch(self, string, pos=0, endpos=sys.maxsize):
        self._count(string, pos, endpos)
        return self._pattern.fullmatch(string, pos, endpos)

    def finditer(self, string, pos=0, endpos=sys.maxsize):
        self._count(string, pos, endpos)
        return self._pattern.finditer(string, pos, endpos)

    def findall(self, string, pos=0, endpos=sys.maxsize):
        self._count(string, pos, endpos)
        return self._pattern.findall(string, pos, endpos)

    def sub(self, repl, string, count=0):
        self._count(string)
        return self._pattern.sub(repl, string, count)

    def split(self, string, maxsplit=0):
        self._count(string)
        return self._pattern.split(string, maxsplit)


@pytest.fixture
def scanned(monkeypatch):
    """Every pattern the reader (grammar/, tally/certainty.py) scans with counts what it is given: the module
    patterns, the ones made per roster, and re's own functions. Yields a function: post → characters scanned."""
    import re

    from grammar import ballot, detect, free, names, normalize, speech, structure
    from tally import certainty

    tally = [0]
    modules = (ballot, detect, free, names, normalize, speech, structure, certainty)
    for module in modules:
        for name, value in list(vars(module).items()):
            if isinstance(value, re.Pattern):
                monkeypatch.setattr(module, name, _Scanned(value, tally))
    wrap = lambda made: made if not isinstance(made, re.Pattern) else _Scanned(made, tally)  # noqa: E731
    for module, name in ((speech, "_patterns"), (speech, "_aside"), (speech, "_any_cue"), (free, "_scanner"),
                         (free, "_pair_pattern"), (detect, "_quick"), (detect, "_for_name"), (ballot, "_broken"),
                         (ballot, "_proxy_pattern")):
        made = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _made=made, **k: (
            {key: wrap(p) for key, p in r.items()} if isinstance(r := _made(*a, **k), dict) else wrap(r)))
    for name in ("search", "match", "fullmatch", "finditer", "findall", "sub", "split"):
        plain = getattr(re, name)

        def counted(pattern, *args, _plain=plain, _name=name, **kw):
            text = args[1] if _name in ("sub",) else args[0] if args else kw.get("string")
            if isinstance(text, str):
                tally[0] += len(text)
            return _plain(pattern, *args, **kw)
        monkeypatch.setattr(re, name, counted)

    players = ["郭靖", "黄蓉", "杨康", "欧阳锋", "穆念慈", "洪七公", "黄药师", "周伯通", "梅超风", "柯镇恶"]

    def work(text: str, preset: str) -> int:
        roster = names.Roster(players)
        roster.__dict__["pattern"] = _Scanned(re.compile("|".join(sorted(players, key=len, reverse=True))), tally)
        for cached in (ballot._parse, ballot._read_line, speech.act, speech._act_cached, free._read_cached,
                       certainty._leftovers, names._key):
            cached.cache_clear()  # each read cold: a cron run is a new process
        for cached in (getattr(names, "_resolve", None),):
            cached.cache_clear() if cached is not None else None
        tally[0] = 0
        verdict = ballot.parse_post(text, customs(preset), roster)
        certainty.leftovers(verdict.own, verdict.match.name if verdict.match else None, roster,
                            ballot=verdict.kind in ("vote", "change", "abstain", "proxy"))
        return tally[0]

    from grammar.customs import customs

    return work


# What a hostile player repeats to Discuz's length: every vote word the readers read one by one. 1,000 and 2,000
# characters: the longest real ballots and analyses are read in full, so the reading of each must grow as the post.
_REPEATED = ["投郭靖", "投郭靖，", "弃权投", "投票对象：郭靖 ", "改票", "改票对象：黄蓉 ", "帮郭靖投黄蓉", "帮郭靖投黄蓉，",
             "「投郭靖」！投票对象：黄蓉，帮杨康投弃权；改投欧阳锋？", "郭靖（警长，两票）", "如果郭靖不解释就投他",
             "这票作废如果", "打错了应该是黄蓉", "投 songjiang ", "郭靖→黄蓉", "郭靖改成黄蓉", "投他", "投3楼",
             "晚点再投", "我投", "郭靖说，托我帮他投黄蓉。", "投郭靖？投郭靖。", "郭靖黄蓉", "对象：郭靖 ",
             # under the bound: chatter with a vote word now and then, read clause by clause in full
             "我觉得郭靖的发言有问题，黄蓉也说过类似的话，再想一想投黄蓉", "昨天杨康说要投穆念慈，可是他自己没有发言"]


@pytest.mark.parametrize("preset", ["shediao", "qisha"])
@pytest.mark.parametrize("unit", _REPEATED)
def test_reading_a_post_is_linear_in_its_length(scanned, unit, preset):
    """The characters the reader's patterns scan grow as the post does: a doubling of the post at most
    ~doubles them (no rescan of the text per vote word, no prefix read again before each verb)."""
    def post(size: int) -> str:
        return (unit * (size // len(unit) + 1))[:size]

    small, large = scanned(post(1500), preset), scanned(post(3000), preset)
    assert large <= 2.5 * small + 2000, (unit, small, large)


def test_a_post_past_the_reading_bound_is_flagged_with_every_player_it_names():
    """Never silent: a post too long to read clause by clause is a doubt for the director, each player it names a
    reading and abstaining one more — not a ballot decided on part of it, nor chatter."""
    from grammar.ballot import READ_LIMIT, parse_post

    post = "投票对象：黄蓉\n投票理由：" + "帮郭靖投杨康，" * 800
    verdict = parse_post(post, "shediao", ["郭靖", "黄蓉", "杨康", "穆念慈"])
    assert verdict.kind == "none" and verdict.vote_like and not verdict.certain and verdict.nobody
    assert set(verdict.readings) == {"郭靖", "黄蓉", "杨康"}
    assert "帖子太长" in verdict.reason and f"上限（{READ_LIMIT} 处）" in verdict.reason and "请导演" in verdict.reason


def test_a_post_past_the_reading_bound_is_never_proven_harmless_whatever_the_count():
    """Its readings are a guess (the post was not read clause by clause: a relay in it would be missed), so the
    proof does not clear it even where no reading of its names could change the day — only a ruling does; and
    the analysis does not weigh it (a few hundred such posts cost the proof nothing)."""
    from tallykit import NAMES, Thread, game
    from tally.day import tally_day
    from tally.rules import load_preset

    t = Thread()
    for i, name in enumerate(NAMES[:7]):
        t.vote(name, "欧阳锋", 1 + i)
    t.add(NAMES[7], "投票对象：黄蓉\n投票理由：" + "帮郭靖投杨康，" * 800, 10)
    g = game()
    result = tally_day(t.posts, g, g.days[0], load_preset("shediao"))
    (flag,) = result.flags
    entry = next(e for e in result.entries if e.pid == flag.pid)
    assert entry.unprovable and result.outcome.names == ["欧阳锋"]  # 7 of 10 ballots: no reading changes it
    assert not result.certain and "太长没有逐句读" in result.proof.note


def test_one_relay_tied_to_no_voter_does_not_hold_a_landslide_under_a_title_rule():
    """The hostile round (issue 42, 11): under S10's tie rule (the 警长's target wins a tie) the one-ballot bound was
    skipped, so a single 「帮他投X」 held an 11 : 1 day. Where no tie at the top is within reach it is bounded."""
    from tally.day import tally_day
    from tally.game import Player
    from tally.rules import load_preset
    from tallykit import NAMES, Thread, game

    names = [*NAMES, "甲", "乙", "丙"]
    g = game("s10", players=tuple(Player(n, i + 3) for i, n in enumerate(names)))
    landslide = Thread()
    for n in names[2:12]:
        landslide.vote(n, names[0], 1)
    landslide.vote(names[0], names[1], 2)
    landslide.add(names[12], f"帮他投{names[1]}，他说他在外面", 3)
    assert tally_day(landslide.posts, g, g.days[0], load_preset("s10")).certain
    close = Thread()
    for n in names[2:5]:
        close.vote(n, names[0], 1)
    for n in names[5:7]:
        close.vote(n, names[1], 1)
    close.add(names[12], f"帮他投{names[1]}", 3)
    assert not tally_day(close.posts, g, g.days[0], load_preset("s10")).certain
