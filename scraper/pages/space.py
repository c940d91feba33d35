"""「我的帖子」: home.php?mod=space&do=thread&view=me&type=reply&filter=aduit, the reader's own replies that
wait for 审核 (invisible = -2). Any member sees their own list, moderator or not. A reply a moderator deleted
(into the recycle bin), ignored or passed leaves it, while findpost cannot tell a held post from a recycled one
(fixtures/dzlab, captured from a real X3.5).

The list is 20 replies a page, newest first (source/include/space/space_thread.php), so a held post of ours
sinks to page 2 once 20 newer ones wait; its pager is simplepage(): 「下一页」 (a.nxt) whenever a page is full,
no page count. Only the whole list, read to a page without 下一页, says a post is not held.
"""

from __future__ import annotations

from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser

from ..charset import decode
from .common import int_param, reader_uid

HELD_REPLIES = "home.php?mod=space&do=thread&view=me&type=reply&filter=aduit"
PER_PAGE = 20
MAX_PAGES = 100  # Discuz's maxpage: ckstart() refuses any page past it


@dataclass
class HeldPage:
    """One page of the list: each held reply's pid → its thread, and whether a next page is linked."""

    posts: dict[int, int]
    more: bool


def held_page(body: bytes, content_type: str | None = None) -> HeldPage | None:
    """One page of the reader's own replies waiting for 审核, or None when the page is not that list
    (a guest, a message page, another template): nothing may be concluded from it then."""
    text = decode(body, content_type)[0]
    if not reader_uid(text):
        return None
    tree = LexborHTMLParser(text)
    form = tree.css_first("form#delform")
    selected = [a.attributes.get("href") or "" for a in tree.css("a.a")]
    if form is None or not any("filter=aduit" in href for href in selected) \
            or not any("type=reply" in href and "filter" not in href for href in selected):
        return None
    posts: dict[int, int] = {}
    for link in form.css("a[href*='goto=findpost']"):
        href = link.attributes.get("href")
        pid = int_param(href, "pid")
        if pid:
            posts[pid] = int_param(href, "ptid") or 0
    more = any(pg.css_first("a.nxt") is not None for pg in tree.css("div.pg"))
    return HeldPage(posts, more)


def held_replies(body: bytes, content_type: str | None = None) -> set[int] | None:
    """The pids one page lists (None: not that list)."""
    page = held_page(body, content_type)
    return None if page is None else set(page.posts)


def page_url(number: int) -> str:
    return HELD_REPLIES + (f"&page={number}" if number > 1 else "")
