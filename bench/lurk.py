"""潜水 counting speed: a 20,000-post discussion thread (target: well under a second).

    .venv/bin/python bench/lurk.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from tally.lurk import count_posts, lurk_day  # noqa: E402
from tally.rules import load_preset  # noqa: E402
from tallykit import NAMES, Thread, game  # noqa: E402


def main() -> None:
    rng = random.Random(5)
    thread = Thread()
    for i in range(20_000):
        post = thread.add(rng.choice(NAMES + ["导演", "路人"]), f"第{i}楼的发言", 48 * i / 20_000)
        if i % 97 == 0:
            post.style = {"colors": ["#ff0000"], "sizes": ["6"]}
    g = game()
    rules = load_preset("shediao")
    started = time.perf_counter()
    counts = count_posts(thread.posts, g, g.days[0])
    counted = time.perf_counter() - started
    started = time.perf_counter()
    report = lurk_day(g, rules, g.days[0], discussion=thread.posts, threads={2: thread.posts}, vote=None)
    whole = time.perf_counter() - started
    print(f"20,000 posts: counting {counted * 1000:.0f} ms, whole day report {whole * 1000:.0f} ms "
          f"({len(report.violations)} violations)   (target well under 1,000 ms)")
    assert sum(counts.values()) > 0


if __name__ == "__main__":
    main()
