"""Archiving cost: CPU per page saved, and memory flat as a thread grows.

    .venv/bin/python bench/archive.py

1. Storage CPU per page: the captured 100-page bulk thread (../shared, read in place) saved into a fresh
   archive, then saved again (a re-read, every post known). Target ≤ 10 ms a page; before batching,
   65 ms a page through sync and 10.4 ms for the saving alone.
2. Memory: a 50-page and a 500-page thread served by the demo forum and archived into SQLite and WARC,
   time and peak Python memory (tracemalloc) for both. The time is mostly the demo forum rendering
   its pages in this same process (its server thread shares the interpreter), not the archiving.
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


def storage_cpu() -> None:
    from scraper import archive
    from scraper.pages import read_page

    bulk = sorted((Path(__file__).resolve().parent.parent.parent / "shared" / "fixtures" / "discuz-x35" / "bulk" / "guest" / "pc").glob("*.html"))
    if not bulk:
        print("(../shared absent: storage CPU per page skipped)")
        return
    pages = [read_page(p.read_bytes(), "text/html; charset=utf-8") for p in bulk]
    with tempfile.TemporaryDirectory() as folder:
        db = open_db(Path(folder) / "a.db")
        for label in ("first archive", "re-read"):
            started = time.process_time()
            for page in pages:
                archive.save_thread(db, page, forum="127.0.0.1:8088", url="bench", source="pc", ppp=10)
                archive.save_posts(db, page.posts, source="pc")
                archive.mark_pages_read(db, page.tid, page.page, "pc", 10)
            cpu = (time.process_time() - started) / len(pages)
            print(f"{label:<14} {len(pages)} pages: {cpu * 1000:5.1f} ms CPU a page   (target ≤ 10 ms; was 10.4 ms)")


def main() -> None:
    storage_cpu()
    for pages in (50, 500):
        seconds, peak, posts = run(pages)
        print(f"{pages:>4} pages, {posts:>5} posts: {seconds:6.1f} s, peak Python memory {peak:5.1f} MB")


if __name__ == "__main__":
    main()
