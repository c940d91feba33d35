"""A director's first real game (issue 29): every mistake in a game file is caught in words — by check-game
and by poll alike, before anything is read from a forum — and nothing in a message is eaten as markup."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_poll import game_file

NOWHERE = "http://127.0.0.1:9/"  # nothing listens there: a game-file error must come before any request


def bansha(*args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "bansha.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, cwd=cwd)


def both(path: Path, tmp_path: Path):
    """check-game and poll on the same file: each must refuse it in one Chinese sentence."""
    runs = [bansha("check-game", path),
            bansha("poll", path, "--db", tmp_path / "g.db", "--now", "2026-11-28 12:00")]
    for done in runs:
        assert done.returncode == 1, (done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "g.db").exists()
    return [done.stderr for done in runs]


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
