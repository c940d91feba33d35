"""Tally speed: vote days of 1,000 to 8,000 posts, with and without the analysis of the flags
(tally/whatif.py: each flag's what-ifs and the proof over all of them together).

    .venv/bin/python bench/tally.py

Targets: a 1,000-post day well under 0.1 s; an 8,000-post day with ~170 flags under 0.2 s with
sensitivity (issue 15). Anchor: before the what-ifs were made linear, 8,000 posts took 967 ms with
sensitivity and 113 ms without; the cost per post should now stay flat as the day grows.
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


def chain_thread(posts: int, players: list[str], links: int = 80, seed: int = 5) -> Thread:
    """The adversary's day (七杀): one voter's chain of changes, each quoting the one before and naming two
    players (every link a flag with several readings, each link's validity hanging on the last), among an
    ordinary day's posts. Before the analysis kept a standing pid only while a change could still read it,
    this grew as the cube of the chain (80 links ≈ 190 s)."""
    t = day_thread(posts - links - 1, players, seed=seed)
    rng = random.Random(seed)
    chainer = players[-1]
    previous = t.vote(chainer, rng.choice(players), 1.0)
    for i in range(links):
        a, b = rng.sample(players, 2)
        previous = t.add(chainer, f"改票对象：{a}和{b}\n改票理由：第{i}次想通了", 1.0 + 46.0 * (i + 1) / links, quote=previous)
    return t


def relay_thread(posts: int, players: list[str], relays: int = 11, seed: int = 7) -> Thread:
    """The relay chain (issue 34): each of `relays` players votes and relays a ballot for the next one (帮X投Y),
    which ties every one of them into one group of voters. Its over-approximation was (players+1)^group
    combinations multiplied out: six relays in a 12-player day took minutes and gigabytes."""
    t = day_thread(posts - 2 * relays, players, seed=seed)
    for i in range(relays):
        t.vote(players[i], players[(i + 2) % len(players)], 0.5 + i / 10)
    for i in range(relays):
        t.add(players[i], f"帮{players[i + 1]}投{players[(i + 5) % len(players)]}", 3 + i)
    return t


def longest_thread(posts: int, players: list[str], hostile: int = 300, seed: int = 11, salt: int = 0) -> Thread:
    """The longest posts (issue 34): `hostile` posts as long as Discuz allows (10,000 bytes by
    tally/report.discuz_length, about 5,000 characters), each repeating a vote word — 投X投X… · 弃权投… ·
    投票对象：X 投票对象：X… · 改票… · 帮X投Y… · mixtures with full-width punctuation, quotes and names — every one
    different (an attacker varies them, so no cache helps), among an ordinary day's posts. Before reading was
    bounded, one such post cost the reader up to two seconds. Each `salt` writes the hostile posts anew (so each
    round reads them cold, as a new attacker would) and keeps the ordinary posts as they were."""
    from tally.report import discuz_length

    rng = random.Random(seed)
    t = day_thread(posts - hostile, players, seed=seed)
    kinds = [
        lambda a, b, c: f"投{a}",
        lambda a, b, c: f"投{a}，",
        lambda a, b, c: "弃权投",
        lambda a, b, c: f"投票对象：{a} ",
        lambda a, b, c: f"投票对象：{a}\n投票理由：{b}可疑\n",
        lambda a, b, c: "改票",
        lambda a, b, c: f"改票对象：{b} ",
        lambda a, b, c: f"帮{a}投{b}",
        lambda a, b, c: f"帮{a}投{b}，",
        lambda a, b, c: f"「投{a}」！投票对象：{b}，帮{c}投弃权；改投{a}？",
        lambda a, b, c: f"他说，托我帮他投{b}。",
        lambda a, b, c: f"如果{a}不解释就投他",
        lambda a, b, c: f"晚点再投{c}",
        lambda a, b, c: f"{a}改成{b}",
        lambda a, b, c: f"打错了应该是{a}",
    ]
    for i in range(hostile):
        a, b, c = rng.sample(players, 3)
        unit = kinds[i % len(kinds)](a, b, c)
        text = f"第{salt}.{i}帖：" + unit * (10_000 // discuz_length(unit))
        while discuz_length(text) > 10_000:
            text = text[:-1]
        t.add(rng.choice(players), text, 48 * (i + 0.5) / hostile)
    return t


def day_thread(posts: int, players: list[str], seed: int = 3, change_spam: bool = False, edited: bool = False) -> Thread:
    """A vote day: a first vote each, chatter, one-character misspellings (flagged), and changes — at most
    two per voter as on a real day, or, with change_spam, a change attempt in 5 % of all posts (a voter
    then tries over a hundred changes: the worst case for re-folding one voter's ballots)."""
    rng = random.Random(seed)
    t = Thread()
    votes, changes = {}, {}
    # With `edited`, every ballot was edited after the close and the archive holds no earlier version:
    # each is a flag whose content is unknown (a ballot for anyone, an abstention or nothing).
    stamp = {"edited_at": "2026-11-22T21:05:00+08:00"} if edited else {}
    for i in range(posts):
        voter = rng.choice(players)
        hours = 48 * i / posts
        roll = rng.random()
        if roll < 0.25 and voter not in votes:
            votes[voter] = t.vote(voter, rng.choice(players), hours, **stamp)
        elif roll < 0.30 and voter in votes and (change_spam or changes.get(voter, 0) < 2):
            changes[voter] = changes.get(voter, 0) + 1
            t.change(voter, rng.choice(players), hours, quote=votes[voter], **stamp)
        elif 0.30 <= roll < 0.32:
            target = rng.choice(list(TYPOS))
            t.vote(voter, TYPOS[target], hours)  # a one-character homophone: flagged, suggested
        else:
            t.add(voter, f"第{i}楼：我觉得{rng.choice(players)}的发言有问题，再看看。", hours)
    return t


# Roster names and a homophone misspelling of each, as players really type them.
TYPOS = {"郭靖": "郭敬", "黄蓉": "黄容", "杨康": "杨慷", "欧阳锋": "欧阳峰", "穆念慈": "穆念词", "洪七公": "洪七工",
         "黄药师": "黄要师", "周伯通": "周伯同", "梅超风": "梅超峰", "柯镇恶": "柯震恶"}


def best(run, rounds: int = 5) -> float:
    """The fastest of a few runs: this machine is shared, and the slower runs measure the neighbours."""
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    players = list(TYPOS) + ["一灯", "欧阳克", "丘处机", "完颜洪烈", "裘千仞", "拖雷", "陆冠英", "华筝", "李萍", "包惜弱"]
    g = game(players=tuple(Player(p, i) for i, p in enumerate(players)))
    cases = [(size, "shediao", {}, "") for size in (1000, 2000, 4000, 8000)] + [
        (8000, "shediao", {"change_spam": True}, "   (worst case: every voter tries ~120 changes)"),
        (8000, "qisha", {"edited": True}, "   (worst case: every ballot edited after close, content unknown)"),
        (8000, "qisha", {"chain": 80}, "   (adversary: one voter's chain of 80 quoted two-name changes)"),
        (10000, "qisha", {"chain": 300}, "   (adversary: a chain of 300; every case < 1 s)"),
        (10000, "qisha", {"relays": 11}, "   (adversary: 11 relays, each for the next player; < 1 s)"),
        (10000, "qisha", {"longest": 300}, "   (adversary: 300 posts of Discuz's full length repeating vote words, read cold; < 1 s)"),
        (10000, "shediao", {"longest": 300}, "   (the same under a labelled format, read cold; < 1 s)"),
    ]
    for size, preset, kind, words in cases:
        rules = load_preset(preset)
        if "chain" in kind:
            thread = chain_thread(size, players, kind["chain"])
        elif "relays" in kind:
            thread = relay_thread(size, players, kind["relays"])
        elif "longest" in kind:
            thread = longest_thread(size, players, kind["longest"])
        else:
            thread = day_thread(size, players, **kind)
        result = tally_day(thread.posts, g, g.days[0], rules)  # warm the grammar
        if "longest" in kind:
            # Each round reads the longest posts cold, written anew; the ordinary ones are as warm as in every case.
            fresh = iter([longest_thread(size, players, kind["longest"], salt=i + 1).posts for i in range(10)])
            line = [best(lambda posts=None: tally_day(next(fresh), g, g.days[0], rules, sensitivity=s)) for s in (False, True)]
        else:
            line = [best(lambda: tally_day(thread.posts, g, g.days[0], rules, sensitivity=s)) for s in (False, True)]
        target = words or ("   (target < 200 ms with the analysis)" if size == 8000 else
                           "   (target well under 100 ms)" if size == 1000 else "")
        proof = "proven" if result.certain else f"{len(result.proof.readings)} flags change it" if result.proof.readings else "not proven"
        print(f"{size:>5,} posts, {len(result.flags):>3} flags ({preset}, {proof}): tally only {line[0] * 1000:6.1f} ms, "
              f"with the analysis {line[1] * 1000:6.1f} ms, {line[1] / size * 1e6:5.1f} µs/post{target}")


if __name__ == "__main__":
    main()
