"""Archiving memory: a 500-page thread streams through (peak memory stays flat as pages grow).

    .venv/bin/python bench/archive.py

Serves a 50-page and a 500-page thread from the demo forum and archives each into a fresh SQLite file
and WARC, printing time and peak Python memory (tracemalloc) for both.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bansha.demo.forum import DemoForum  # noqa: E402
from scraper.archive import open_db  # noqa: E402
from scraper.client import ForumClient  # noqa: E402
from scraper.sync import sync_thread  # noqa: E402
from scraper.warc import WarcRecorder  # noqa: E402


def run(pages: int) -> tuple[float, float, int]:
    forum = DemoForum()
    forum.add_user(5, "鲁智深")
    forum.add_thread(9, "长帖")
    for i in range(pages * forum.ppp):
        forum.add_post(9, 5, f"第{i + 1}楼：" + "洒家今天也来水一帖，顺便说说昨晚的局势。" * 4)
    with forum, tempfile.TemporaryDirectory() as folder:
        db = open_db(Path(folder) / "a.db")
        recorder = WarcRecorder(Path(folder) / "warc")
        tracemalloc.start()
        started = time.perf_counter()
        with ForumClient(min_interval=0, recorder=recorder) as client:
            sync_thread(client, db, f"{forum.base_url}forum.php?mod=viewthread&tid=9", full=True)
        seconds = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        recorder.close()
        return seconds, peak / 1e6, db["posts"].count


def main() -> None:
    for pages in (50, 500):
        seconds, peak, posts = run(pages)
        print(f"{pages:>4} pages, {posts:>5} posts: {seconds:6.1f} s, peak Python memory {peak:5.1f} MB")


if __name__ == "__main__":
    main()
