"""Tally speed: a 1,000-post vote day (target: well under 0.1 s), with and without flag sensitivity.

    .venv/bin/python bench/tally.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from tally.day import tally_day  # noqa: E402
from tally.game import Player  # noqa: E402
from tally.rules import load_preset  # noqa: E402
from tallykit import Thread, game  # noqa: E402


def day_thread(posts: int, players: list[str], seed: int = 3) -> Thread:
    rng = random.Random(seed)
    t = Thread()
    votes = {}
    for i in range(posts):
        voter = rng.choice(players)
        hours = 48 * i / posts
        roll = rng.random()
        if roll < 0.25 and voter not in votes:
            votes[voter] = t.vote(voter, rng.choice(players), hours)
        elif roll < 0.30 and voter in votes:
            t.change(voter, rng.choice(players), hours, quote=votes[voter])
        elif roll < 0.32:
            target = rng.choice(list(TYPOS))
            t.vote(voter, TYPOS[target], hours)  # a one-character homophone: flagged, suggested
        else:
            t.add(voter, f"第{i}楼：我觉得{rng.choice(players)}的发言有问题，再看看。", hours)
    return t


# Roster names and a homophone misspelling of each, as players really type them.
TYPOS = {"郭靖": "郭敬", "黄蓉": "黄容", "杨康": "杨慷", "欧阳锋": "欧阳峰", "穆念慈": "穆念词", "洪七公": "洪七工",
         "黄药师": "黄要师", "周伯通": "周伯同", "梅超风": "梅超峰", "柯镇恶": "柯震恶"}


def main() -> None:
    players = list(TYPOS) + ["一灯", "欧阳克", "丘处机", "完颜洪烈", "裘千仞", "拖雷", "陆冠英", "华筝", "李萍", "包惜弱"]
    g = game(players=tuple(Player(p, i) for i, p in enumerate(players)))
    rules = load_preset("shediao")
    thread = day_thread(1000, players)
    for sensitivity in (False, True):
        tally_day(thread.posts, g, g.days[0], rules, sensitivity=sensitivity)  # warm the grammar
        rounds = 5
        started = time.perf_counter()
        for _ in range(rounds):
            result = tally_day(thread.posts, g, g.days[0], rules, sensitivity=sensitivity)
        seconds = (time.perf_counter() - started) / rounds
        label = "with flag sensitivity" if sensitivity else "tally only"
        print(f"1,000 posts, {len(result.flags)} flags, {label:<22} {seconds * 1000:7.1f} ms   (target well under 100 ms)")


if __name__ == "__main__":
    main()
