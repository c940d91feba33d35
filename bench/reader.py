"""Reader speed: posts/second on the captured desktop pages, against BeautifulSoup and a bare parse.

    .venv/bin/python bench/reader.py [--rounds N]

Reads ../shared/fixtures/discuz-x35 in place (the 1,000-post bulk thread and the game pages). Where
that folder is absent it renders pages from the demo forum instead. Target: ≥ 20× BeautifulSoup.
"""

from __future__ import annotations

import argparse
import gc
import re
import statistics
import sys
import time
from pathlib import Path

from bs4 import BeautifulSoup
from selectolax.lexbor import LexborHTMLParser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scraper.pages import read_page  # noqa: E402

CAPTURES = ROOT.parent / "shared" / "fixtures" / "discuz-x35"


def load_pages() -> list[bytes]:
    pages = sorted(CAPTURES.glob("**/pc/*.html"))
    if pages:
        return [p.read_bytes() for p in pages]
    from bansha.demo import game
    from bansha.demo.forum import render_thread_page, _Session

    forum = game.build()
    thread = forum.threads[game.VOTE_TID]
    session = _Session(forum, {})
    return [render_thread_page(forum, thread, 1, 1, thread.posts, session).encode()] * 50


def soup_extract(body: bytes) -> int:
    """The same fields, the way a BeautifulSoup scraper would get them."""
    soup = BeautifulSoup(body.decode("utf-8", "replace"), "html.parser")
    count = 0
    for div in soup.select("#postlist > div[id^=post_]"):
        pid = div["id"][5:]
        label = div.find(id=f"postnum{pid}")
        floor = label.get_text(strip=True) if label else None
        link = div.select_one(f"#favatar{pid} .authi a[href]")
        author = link.get_text(strip=True) if link else None
        uid = re.search(r"uid=(\d+)", link["href"]).group(1) if link else None
        when = div.find(id=f"authorposton{pid}")
        span = when.find("span", title=True) if when else None
        posted = span["title"] if span else (when.get_text() if when else None)
        body_node = div.find(id=f"postmessage_{pid}")
        quotes = [a["href"] for a in body_node.select("div.quote a[href]")] if body_node else []
        stamp = body_node.find("i", class_="pstatus") if body_node else None
        for q in body_node.select("div.quote") if body_node else []:
            q.extract()
        text = body_node.get_text("\n") if body_node else ""
        lock = div.select_one(".pcb > div.locked")
        colors = [f.get("color") for f in body_node.find_all("font", color=True)] if body_node else []
        count += bool((floor, author, uid, posted, quotes, stamp, text, lock, colors))
    return count


def measure(fns: dict, pages: list[bytes], rounds: int) -> dict[str, float]:
    """Posts/second of each reader, rounds interleaved (the order alternates, garbage collected between)
    so that heap state and machine noise fall on all of them alike; the median round counts."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    counts: dict[str, int] = {}
    for i in range(rounds):
        for name, (fn, _) in (list(fns.items()) if i % 2 == 0 else list(reversed(fns.items()))):
            if i >= fns[name][1]:
                continue
            gc.collect()
            started = time.perf_counter()
            counts[name] = sum(fn(body) for body in pages)
            times[name].append(time.perf_counter() - started)
    rates = {}
    for name in fns:
        seconds = statistics.median(times[name])
        rates[name] = counts[name] / seconds
        print(f"{name:<28} {counts[name]:>8} posts  {seconds:7.2f} s/round  {rates[name]:>10,.0f} posts/s")
    return rates


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pages = load_pages()
    print(f"{len(pages)} desktop pages, {sum(map(len, pages)) / 1e6:.1f} MB")
    rates = measure({
        "bansha reader": (lambda b: len(read_page(b, "text/html; charset=utf-8").posts), args.rounds),
        "selectolax bare parse": (lambda b: len(LexborHTMLParser(b).css("#postlist > div[id^=post_]")), args.rounds),
        "BeautifulSoup html.parser": (soup_extract, 1),
    }, pages, args.rounds)
    ours, bare, soup = rates["bansha reader"], rates["selectolax bare parse"], rates["BeautifulSoup html.parser"]
    print(f"reader / BeautifulSoup = {ours / soup:.1f}×   (target ≥ 20×)")
    print(f"reader / bare parse    = {ours / bare:.2f}×   (target ≥ 0.5×; was 0.36× before one-pass reading)")
    nesting()
    whole_process()


def nesting() -> None:
    """A hostile post nested 100,000 tags deep against one nested 25,000 deep: four times the depth, linear reading is
    about 4× the time, quadratic 16× (a timing, so here and not in the suite, where a loaded machine skews it)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_hostile import _page_with

    def best(body: bytes) -> float:
        times = []
        for _ in range(5):
            gc.collect()
            gc.disable()  # the collector's passes grow with live objects: measure the reader, not them
            try:
                started = time.perf_counter()
                read_page(body)
                times.append(time.perf_counter() - started)
            finally:
                gc.enable()
        return min(times)

    ratio = best(_page_with(100_000)) / best(_page_with(25_000))
    print(f"nested 100,000 / 25,000 deep = {ratio:.1f}×   (target < 10×: linear is about 4×)")


def whole_process() -> None:
    """What a director waits for: `bansha posts` over the 100-page bulk thread as a whole process, beside a
    process doing the BeautifulSoup extraction of the same pages (start-up included on both sides)."""
    import os
    import subprocess

    bulk = sorted((CAPTURES / "bulk" / "guest" / "pc").glob("*.html"))
    if not bulk:
        return
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # bytecode cached, as installed
    soup = ("import sys; sys.path.insert(0, 'bench'); from reader import soup_extract; from pathlib import Path; "
            "print(sum(soup_extract(Path(p).read_bytes()) for p in sys.argv[1:]))")
    runs = {}
    for name, args in (("bansha posts (process)", [sys.executable, "-m", "bansha.cli", "posts", *map(str, bulk), "--format", "jsonl"]),
                       ("BeautifulSoup (process)", [sys.executable, "-c", soup, *map(str, bulk)])):
        times = []
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run(args, capture_output=True, check=True, cwd=ROOT, env=env)
            times.append(time.perf_counter() - started)
        runs[name] = statistics.median(times[1:])
        print(f"{name:<28} {len(bulk)} pages  {runs[name]:7.2f} s")
    ratio = runs["BeautifulSoup (process)"] / runs["bansha posts (process)"]
    print(f"whole process: bansha / BeautifulSoup = {ratio:.1f}×   (target ≥ 15×; was 9–10×)")


if __name__ == "__main__":
    main()
