"""Small hand-made games and posts for the rule tests."""

from __future__ import annotations

from datetime import datetime, timedelta

from scraper.model import Post, Quote
from tally.game import Day, Game, Player

START = datetime.fromisoformat("2026-11-20T21:00:00+08:00")
CLOSE = START + timedelta(days=2)
NAMES = ["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳锋", "欧阳克", "一灯", "洪七公", "周伯通", "黄药师"]


def game(preset: str = "shediao", *, players=None, **day) -> Game:
    players = players or tuple(Player(n, i + 3) for i, n in enumerate(NAMES))
    day.setdefault("start", START.isoformat())
    day.setdefault("close", CLOSE.isoformat())
    return Game(name="测试局", preset=preset, directors=("导演",), players=tuple(players), days=(Day(day=1, vote_thread=1, discussion_threads=(2,), process_thread=3, **day),))


class Thread:
    """Posts in a vote thread, numbered as Discuz numbers them."""

    def __init__(self):
        self.posts: list[Post] = []

    def add(self, author: str, text: str, hours: float, *, quote: Post | int | None = None, status: str = "normal",
            precision: str = "second", edited_at: str | None = None, quote_without_link: str | None = None) -> Post:
        pid = 100 + len(self.posts)
        at = START + timedelta(hours=hours)
        if precision == "minute":
            at = at.replace(second=0)
        quotes = []
        if quote is not None:
            quoted = quote if isinstance(quote, Post) else next(p for p in self.posts if p.pid == quote)
            quotes = [Quote(quoted.pid, quoted.author, None)]
        if quote_without_link is not None:  # quoted on a phone: the header names the author, no floor link
            quotes = [Quote(None, quote_without_link, None)]
        post = Post(pid=pid, tid=1, floor=len(self.posts) + 1, author=author, author_uid=None, posted_at=at.isoformat(),
                    time_precision=precision, edited_by=None, edited_at=edited_at, quotes=quotes, text=text, html="",
                    status=status, style={"colors": [], "sizes": []})
        self.posts.append(post)
        return post

    def vote(self, author: str, target: str, hours: float, **kw) -> Post:
        return self.add(author, f"投票对象：{target}\n投票理由：直觉", hours, **kw)

    def change(self, author: str, target: str, hours: float, quote=None, **kw) -> Post:
        """A change; `quote_without_link=NAME` quotes NAME's post without a floor link."""
        return self.add(author, f"改票对象：{target}\n改票理由：直觉", hours, quote=quote, **kw)
