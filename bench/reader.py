"""Reader speed: posts/second on the captured desktop pages, against BeautifulSoup and a bare parse.

    .venv/bin/python bench/reader.py [--rounds N]

Reads ../shared/fixtures/discuz-x35 in place (the 1,000-post bulk thread and the game pages). Where
that folder is absent it renders pages from the demo forum instead. Target: ≥ 20× BeautifulSoup.
"""

from __future__ import annotations

import argparse
import re
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


def measure(label: str, pages: list[bytes], fn, rounds: int) -> float:
    started = time.perf_counter()
    posts = 0
    for _ in range(rounds):
        for body in pages:
            posts += fn(body)
    seconds = time.perf_counter() - started
    rate = posts / seconds
    print(f"{label:<28} {posts:>8} posts  {seconds:7.2f} s  {rate:>10,.0f} posts/s")
    return rate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pages = load_pages()
    print(f"{len(pages)} desktop pages, {sum(map(len, pages)) / 1e6:.1f} MB")
    ours = measure("bansha reader", pages, lambda b: len(read_page(b, "text/html; charset=utf-8").posts), args.rounds)
    bare = measure("selectolax bare parse", pages, lambda b: len(LexborHTMLParser(b).css("#postlist > div[id^=post_]")), args.rounds)
    soup = measure("BeautifulSoup html.parser", pages, soup_extract, max(1, args.rounds // 3))
    print(f"reader / BeautifulSoup = {ours / soup:.1f}×   (target ≥ 20×)")
    print(f"reader / bare parse    = {ours / bare:.2f}×   (the cost of reading the fields)")


if __name__ == "__main__":
    main()
