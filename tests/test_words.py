"""A director's first game without a manual (issue 22): what the command line says is Chinese — its help
pages, its usage errors (typer's, click's and pydantic's words included), game-file and TOML errors,
file errors — and nothing is eaten as markup."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from test_poll import game_file

# English a director would not expect: the words of typer, click, pydantic, tomllib and Python.
FOREIGN = re.compile(r"\b(?:Usage|Options|Arguments|Commands|Error|Missing|Invalid|Show this|required|default|Try|"
                     r"Input should|valid|integer|Traceback|Errno|No such|True|False|None|Expected|Aborted|Possible|"
                     r"unexpected|argument|Got|declaration|document|column|line \d|FetchFailed|ValueError)\b")


def bansha(*args, stdin: str | None = None, cwd=None):
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=60, input=stdin, cwd=cwd)


def foreign(text: str) -> list[str]:
    text = re.sub(r"--?[a-z][\w-]*|https?://\S+|\S+\.(?:toml|db|txt|html|bbcode|json)\b", " ", text)
    return FOREIGN.findall(text)


COMMANDS = ["fetch", "posts", "check-vote", "init", "check-game", "tally", "lurk", "review", "rule", "poll", "watch",
            "desk", "demo", "archive", "export", "card", "card add", "card list"]


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_page_is_chinese_and_keeps_its_brackets(command):
    done = bansha(*command.split(), "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("用法：bansha"), done.stdout[:80]
    assert not foreign(done.stdout), (command, foreign(done.stdout))
    if command in ("tally", "review"):
        assert "[[days.rounds]]" in done.stdout or "--round" not in done.stdout  # rich once ate it as markup


@pytest.mark.parametrize("args,words", [
    (["tally"], "缺少参数 游戏文件"),
    (["tally", "x.toml", "--day", "abc"], "--day 的值不对：应当是整数"),
    (["tally", "x.toml", "--frob"], "没有这个选项：--frob"),
    (["nosuch"], "没有这个命令：nosuch"),
    (["rule", "x.toml"], "缺少参数 帖子pid"),
    (["rule", "x.toml", "abc", "有效"], "帖子pid 的值不对：应当是整数"),
    (["tally", "x.toml", "extra", "more"], "多写了参数"),
])
def test_usage_errors_are_one_chinese_sentence_with_the_usage(args, words):
    done = bansha(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("错误：") and words in done.stderr, done.stderr
    assert "用法：bansha" in done.stderr and "查看说明：bansha" in done.stderr
    assert not foreign(done.stderr), foreign(done.stderr)


@pytest.mark.parametrize("broken,words", [
    ("[game\nname = 1", "第 1 行"),
    ('[game]\nname = 郭靖', "要加英文双引号"),
    ('[game]\nname = "x"\npreset = "shediao"\n\n[rules]\nblackout_minute = 3\n', "是不是要写 blackout_minutes"),
    ('[game]\nname = "x"\npreset = "shediao"\n[[days]]\nday = 1\nclose = "2026-11-31 21:00"\n', "第1天的 close"),
])
def test_game_file_errors_name_the_line_or_the_key(tmp_path, broken, words):
    path = tmp_path / "game.toml"
    path.write_text(broken, "utf-8")
    done = bansha("check-game", path)
    assert done.returncode == 1 and words in done.stderr, done.stderr
    assert not foreign(done.stderr), foreign(done.stderr)


def test_file_errors_say_the_path_in_chinese(tmp_path):
    done = bansha("check-game", tmp_path / "missing.toml")
    assert done.returncode == 1 and "找不到这个文件" in done.stderr and not foreign(done.stderr)


def test_check_game_speaks_the_directors_words():
    done = bansha("check-game", game_file_for_words())
    shown = done.stdout
    assert done.returncode == 0, done.stderr
    assert "射雕规则帖" in shown and "种子" not in shown and "规则帖未写明" in shown
    assert "预设未设置" not in shown and "'" not in shown and "True" not in shown
    assert "已失去身份牌" not in shown  # a game without identity cards
    assert 'tie = "nobody"（平票无人出局）' in shown


def game_file_for_words():
    from importlib import resources

    return resources.files("bansha.demo").joinpath("liangshan.toml")


def test_cards_in_the_directors_words_and_today_by_default(tmp_path):
    from bansha.demo import game as demo

    forum = demo.build()
    with forum:
        path = game_file(tmp_path, forum.base_url)
        assert bansha("fetch", f"{forum.base_url}forum.php?mod=viewthread&tid={demo.VOTE_TID}", "--db", tmp_path / "game.db",
                      "--interval", "0").returncode == 0
    done = bansha("card", "add", path, "燕青", "黄牌", "--reason", "第1天潜水")
    assert done.returncode == 0 and "黄牌" in done.stdout, done.stderr
    listed = bansha("card", "list", path).stdout
    assert "第1天 燕青 黄牌：第1天潜水" in listed and "第?天" not in listed
    refused = bansha("card", "add", path, "燕青", "紫牌", "--reason", "x")
    assert refused.returncode == 1 and "蓝牌、黄牌 或 红牌" in refused.stderr
