"""Discuz! 7.x thread pages (`viewthread.php`, or `thread-TID-PAGE-1.html` with rewriting).

Differences from X3 that matter here: the author link is `a.posterlink` (space.php?uid=N), times are
minute precision, the quote's attribution comes after the quoted text, and pagination is `div.pages`
without a "/ N 页" label.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .. import model
from ..message import read_message
from ..times import DEFAULT_TZ, format_offset, minute_to_iso, parse_footer, parse_post_time
from .common import clean, fill_custom_floors, floor_from_label, int_param, status_from_lock, uid_from_href

_POST_ID = re.compile(r"^post_(\d+)$")
_THREAD_URL = re.compile(r"thread-(\d+)-(\d+)-\d+\.html|viewthread\.php\?tid=(\d+)")


def looks_like(tree: LexborHTMLParser, text: str) -> bool:
    generator = tree.css_first("meta[name='generator']")
    if generator and "Discuz! 7" in (generator.attributes.get("content") or ""):
        return True
    return tree.css_first("td.postauthor") is not None and tree.css_first("#postlist") is not None


def read(tree: LexborHTMLParser, text: str, *, tid_hint: int | None = None) -> model.ThreadPage:
    footer = parse_footer(text[-6000:])
    now, tz = footer if footer else (None, DEFAULT_TZ)
    tid = tid_hint
    for node in tree.css("#postlist a[href*='tid='], div.pages a[href], link[rel='canonical']"):
        tid = int_param(node.attributes.get("href"), "tid") or int_param(node.attributes.get("href"), "ptid")
        if tid:
            break
    if not tid:
        m = _THREAD_URL.search(text)
        tid = int(next(g for g in m.groups() if g)) if m else tid_hint
    posts: list[model.Post] = []
    floors: list[int | None] = []
    for div in tree.css("#postlist > div[id^='post_']"):
        m = _POST_ID.match(div.attributes.get("id") or "")
        if m:
            post, floor = _read_post(div, int(m.group(1)), tid or 0, tz, now)
            posts.append(post)
            floors.append(floor)
    for post, floor in zip(posts, fill_custom_floors(floors)):
        post.floor = floor

    page, last_page = _pagination(tree.css_first("div.pages"))
    fid = None
    for link in tree.css("#nav a[href*='fid'], div#nav a[href]"):
        fid = int_param(link.attributes.get("href"), "fid") or fid
    formhash = tree.css_first("input[name='formhash']")
    title = tree.css_first("#threadtitle h1")
    generator = tree.css_first("meta[name='generator']")
    return model.ThreadPage(
        variant="d7",
        tid=tid or 0,
        fid=fid,
        subject=clean(title.text(deep=True)) if title else "",
        page=page,
        last_page=last_page,
        replies=None,
        posts=posts,
        generator=generator.attributes.get("content") if generator else None,
        now=now.isoformat() if now else None,
        utc_offset=format_offset(tz),
        formhash=formhash.attributes.get("value") if formhash else None,
    )


def _read_post(div: LexborNode, pid: int, tid: int, tz, now) -> tuple[model.Post, int | None]:
    label = div.css_first(f"#postnum{pid}")
    floor = floor_from_label(label.text(deep=True)) if label else None
    link = div.css_first("a.posterlink") or div.css_first("td.postauthor a[href*='uid=']")
    if link is not None:
        author, uid = clean(link.text(deep=True)), uid_from_href(link.attributes.get("href"))
    else:
        info = div.css_first("div.authorinfo") or div.css_first("td.postauthor")
        author = clean(info.text(deep=True)).split(" ")[0] if info else "匿名"
        uid = None
    when = div.css_first(f"#authorposton{pid}")
    title = when.css_first("span[title]") if when else None
    posted_at, precision = parse_post_time(
        when.text(deep=True) if when else "", title.attributes.get("title") if title else None, tz, now
    )
    body = div.css_first(f"#postmessage_{pid}")
    lock = div.css_first("td.postcontent div.locked") or div.css_first("div.locked")
    status = status_from_lock(lock.text(deep=True)) if lock is not None and (body is None or not _inside(lock, body)) else model.NORMAL
    message = read_message(body)
    return (
        model.Post(
            pid=pid,
            tid=tid,
            floor=None,
            author=author,
            author_uid=uid,
            posted_at=posted_at,
            time_precision=precision,
            edited_by=message.edited_by,
            edited_at=minute_to_iso(message.edited_text, tz),
            quotes=message.quotes,
            text=message.text,
            html=body.inner_html.strip() if body else "",
            status=status,
            style=message.style,
        ),
        floor,
    )


def _inside(node: LexborNode, container: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.mem_id == container.mem_id:
            return True
        parent = parent.parent
    return False


def _pagination(pages: LexborNode | None) -> tuple[int, int]:
    if pages is None:
        return 1, 1
    current = pages.css_first("strong")
    page = int(current.text()) if current and current.text().strip().isdigit() else 1
    numbers = [int(n) for n in re.findall(r"\d+", " ".join(a.text() for a in pages.css("a, strong")))]
    return page, max(numbers + [page])
