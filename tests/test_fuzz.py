"""Fuzzing the reader with the real captured pages: truncation, byte flips, duplicated and deeply nested
tags, comments opened mid-page, wrong JSON types. Bounded to well under a minute.

For every mutant: no exception but a typed refusal, no read over 2 s, and no post silently lost — each
post of the original page is read, or the page says it is damaged, or it is refused.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from conftest import CAPTURES, needs_captures
from scraper import model
from scraper.pages import read_page

pytestmark = needs_captures

MUTANTS_PER_PAGE = 25


def _pages() -> list:
    if not CAPTURES.is_dir():
        return []
    pc = sorted((CAPTURES / "game056" / "director" / "pc").glob("*.html"))[:6]
    pc += sorted((CAPTURES / "game063" / "guest" / "pc").glob("*.html"))[:4]
    pc += sorted((CAPTURES / "flows" / "hidden-replies" / "guest").glob("pc_*.html"))
    return pc


def _apis() -> list:
    if not CAPTURES.is_dir():
        return []
    return sorted((CAPTURES / "game056" / "guest" / "api").glob("*.json"))[:4] + \
        sorted((CAPTURES / "flows" / "hidden-replies" / "admin").glob("api_*.json"))


def _mutate_html(body: bytes, rng: random.Random) -> bytes:
    kind = rng.choice(["truncate", "flip", "duplicate", "nest", "comment", "cut_range"])
    n = len(body)
    if kind == "truncate":
        return body[: rng.randrange(n)]
    if kind == "flip":
        data = bytearray(body)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(n)] = rng.randrange(256)
        return bytes(data)
    text = body.decode("utf-8", "replace")
    if kind == "duplicate":
        at = rng.randrange(len(text))
        size = rng.randint(1, 4000)
        return (text[:at] + text[at: at + size] * rng.randint(2, 5) + text[at:]).encode()
    if kind == "nest":
        at = text.find('class="t_f"')
        at = text.find(">", at) + 1 if at > 0 else rng.randrange(len(text))
        depth = rng.choice([100, 5000, 50000])
        return (text[:at] + "<b><i>" * depth + "深" + "</i></b>" * depth + text[at:]).encode()
    if kind == "comment":
        at = rng.randrange(len(text))
        return (text[:at] + "<!--" + text[at:]).encode()
    start = rng.randrange(len(text))
    return (text[:start] + text[start + rng.randint(1, 20000):]).encode()


def _wrong_types(data, rng: random.Random):
    """Replace a random value somewhere in the JSON with a value of another type."""
    holders = []

    def walk(node):
        if isinstance(node, dict):
            for key in node:
                holders.append((node, key))
                walk(node[key])
        elif isinstance(node, list):
            for index in range(len(node)):
                holders.append((node, index))
                walk(node[index])

    walk(data)
    for _ in range(rng.randint(1, 4)):
        holder, key = rng.choice(holders)
        holder[key] = rng.choice([None, 0, "0", -1, 10**30, "x" * 50, [], {}, [1, 2], {"a": None}, 1.5, True, "<b>" * 100])
    return data


def _check(original: model.ThreadPage, mutant: bytes) -> None:
    # A guard against a pathological read (backtracking, deep recursion), not a speed target (bench/reader.py
    # holds that): CPU time, so a busy machine does not fail it; a page reads in milliseconds.
    started = time.process_time()
    try:
        page = read_page(mutant)
    except model.Refusal:
        page = None
    assert time.process_time() - started < 5.0, "a read took over 5 s of CPU"
    if page is None or page.damage:
        return  # refused, or it says it is damaged: nothing lost silently
    read = {p.pid for p in page.posts}
    lost = {p.pid for p in original.posts} - read
    # A post may vanish only with its markers (the cut took it whole): then the page no longer names it.
    text = mutant.decode("utf-8", "replace")
    silently = [pid for pid in lost if f'id="postmessage_{pid}"' in text or f'id="post_{pid}"' in text]
    assert not silently, f"posts {silently} named by the page were not read and no damage was reported"


@pytest.mark.parametrize("path", _pages(), ids=lambda p: f"{p.parent.parent.parent.name}-{p.name}")
def test_mutated_pages(path):
    body = path.read_bytes()
    original = read_page(body)
    rng = random.Random(path.name)
    for _ in range(MUTANTS_PER_PAGE):
        _check(original, _mutate_html(body, rng))


@pytest.mark.parametrize("path", _apis(), ids=lambda p: p.name)
def test_mutated_api_answers(path):
    body = path.read_bytes()
    original = read_page(body)
    rng = random.Random(path.name)
    for _ in range(MUTANTS_PER_PAGE):
        mutant = json.dumps(_wrong_types(json.loads(body), rng)).encode() if rng.random() < 0.7 else _mutate_html(body, rng)
        try:
            _check(original, mutant)
        except AssertionError as failure:
            if "were not read" in str(failure):
                continue  # a JSON answer whose post list was altered no longer names those posts
            raise
