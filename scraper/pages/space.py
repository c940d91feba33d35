"""「我的帖子」: home.php?mod=space&do=thread&view=me&type=reply&filter=aduit, the reader's own replies that
wait for 审核 (invisible = -2). Any member sees their own list, moderator or not. A reply a moderator deleted
(into the recycle bin), ignored or passed leaves it, while findpost cannot tell a held post from a recycled one
(fixtures/dzlab, captured from a real X3.5)."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from ..charset import decode
from .common import int_param, reader_uid

HELD_REPLIES = "home.php?mod=space&do=thread&view=me&type=reply&filter=aduit"


def held_replies(body: bytes, content_type: str | None = None) -> set[int] | None:
    """The pids listed as the reader's own replies waiting for 审核, or None when the page is not that list
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
    pids = set()
    for link in form.css("a[href*='goto=findpost']"):
        pid = int_param(link.attributes.get("href"), "pid")
        if pid:
            pids.add(pid)
    return pids
