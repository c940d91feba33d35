"""Start-up: the light commands load no network, storage or terminal-styling library.

A cron loop of check-vote, or `posts` over saved pages, pays every import on every run; httpx, sqlite-utils
and rich are what made `import bansha.cli` slow. The figures themselves are in bench/startup.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = {"httpx", "sqlite_utils", "rich", "filelock", "warcio", "nh3"}

# Runs the console entry point and writes the top-level modules loaded by the end of the run.
PROBE = """
import atexit, json, sys
target = sys.argv[1]
def dump():
    with open(target, "w") as handle:
        json.dump(sorted({m.split(".")[0] for m in sys.modules}), handle)
atexit.register(dump)
sys.argv = ["bansha", *sys.argv[2:]]
from bansha.cli import main
main()
"""


def loaded(tmp_path, *args, stdin: str = "") -> set[str]:
    dump = tmp_path / "modules.json"
    result = subprocess.run([sys.executable, "-c", PROBE, str(dump), *map(str, args)], input=stdin,
                            capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return set(json.loads(dump.read_text()))


def test_check_vote_loads_only_the_grammar(tmp_path):
    modules = loaded(tmp_path, "check-vote", "--players", "郭靖,黄蓉", stdin="投票对象：郭靖\n投票理由：发言太少")
    assert "lark" in modules  # the probe ran the command, not just the import
    assert not modules & (HEAVY | {"selectolax"})


@pytest.mark.parametrize("fmt", ["jsonl", "table"])
def test_posts_from_a_saved_page_loads_no_network_or_storage(tmp_path, fmt):
    page = ROOT / "fixtures" / "discuz7" / "viewthread_tid88_p2_gbk.html"
    modules = loaded(tmp_path, "posts", page, "--format", fmt)
    assert "selectolax" in modules
    assert not modules & (HEAVY - ({"rich"} if fmt == "table" else set()))


def test_check_vote_with_a_game_file_loads_no_storage(tmp_path):
    game = tmp_path / "g.toml"
    game.write_text('[game]\nname = "测试"\npreset = "shediao"\n\n[[players]]\nname = "郭靖"\n\n[[players]]\nname = "黄蓉"\n\n'
                    '[[days]]\nday = 1\nvote_thread = 1\nstart = "2026-11-20 21:00"\nclose = "2026-11-22 21:00"\n', "utf-8")
    modules = loaded(tmp_path, "check-vote", "--game", game, stdin="投票对象：黄蓉\n投票理由：直觉")
    assert not modules & (HEAVY | {"selectolax"})
