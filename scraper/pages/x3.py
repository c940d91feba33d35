"""Discuz! X2.5–X3.5 desktop thread pages (`forum.php?mod=viewthread`)."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .. import model
from ..message import read_message
from ..times import DEFAULT_TZ, format_offset, minute_to_iso, parse_footer, parse_post_time
from .common import (
    clean, fill_custom_floors, floor_from_label, forum_from_href, reader_uid, status_from_lock,
    thread_from_href, uid_from_href,
)

_POST_ID = re.compile(r"^post_(\d+)$")
_TOTAL_PAGES = re.compile(r"共\s*(\d+)\s*页")
# Every post leaves several ids in the page; any of them without a post read means a post was lost.
_ANCHOR = re.compile(r'id="(?:post_|pid|postmessage_|postnum|authorposton)(\d+)"')


def looks_like(tree: LexborHTMLParser) -> bool:
    return tree.css_first("#postlist") is not None and tree.css_first("table.plhin, td.t_f, .pls") is not None


def read(tree: LexborHTMLParser, text: str, *, tid_hint: int | None = None) -> model.ThreadPage:
    footer = parse_footer(text[-6000:])
    now, tz = footer if footer else (None, DEFAULT_TZ)

    tid = _thread_id(tree) or tid_hint
    pg = tree.css_first("div.pg")
    page, last_page = _pagination(pg)
    posts: list[model.Post] = []
    floors: list[int | None] = []
    for div in tree.css("#postlist > div[id^='post_']"):
        m = _POST_ID.match(div.attributes.get("id") or "")
        if not m:
            continue
        post, floor = _read_post(div, int(m.group(1)), tid, tz, now)
        posts.append(post)
        floors.append(floor)
    for post, floor in zip(posts, fill_custom_floors(floors)):
        post.floor = floor
    damage = []
    named = {int(pid) for pid in _ANCHOR.findall(text)} - {p.pid for p in posts}
    if named:
        # A comment opened mid-page, a flipped byte in a post's markup: the page names posts it does not show.
        damage.append(f"页面里有 {len(named)} 个帖子标记读不出帖子（pid {', '.join(map(str, sorted(named)[:10]))}；页面可能损坏）")

    formhash = tree.css_first("input[name='formhash']")
    generator = tree.css_first("meta[name='generator']")
    return model.ThreadPage(
        variant="x3",
        tid=tid or 0,
        fid=_forum_id(tree),
        subject=clean(_text(tree.css_first("#thread_subject"))),
        page=page,
        last_page=last_page,
        replies=_replies(tree),
        posts=posts,
        generator=generator.attributes.get("content") if generator else None,
        now=now.isoformat() if now else None,
        utc_offset=format_offset(tz),
        formhash=formhash.attributes.get("value") if formhash else None,
        uid=reader_uid(text),
        damage=damage,
    )


def _read_post(div: LexborNode, pid: int, tid: int | None, tz, now) -> tuple[model.Post, int | None]:
    label = div.css_first(f"#postnum{pid}")
    floor = floor_from_label(label.text(deep=True)) if label else None
    author, uid = _author(div, pid)

    when = div.css_first(f"#authorposton{pid}")
    title_node = when.css_first("span[title]") if when else None
    posted_at, precision = parse_post_time(
        _text(when), title_node.attributes.get("title") if title_node else None, tz, now
    )

    body = div.css_first(f"#postmessage_{pid}")
    lock = div.css_first(".pcb > div.locked")  # not a [hide] lock inside the message
    status = status_from_lock(_text(lock)) if lock else model.NORMAL
    if status == model.AUTHOR_ONLY and body is not None:
        status = model.NORMAL  # a moderator reads 回帖仅作者可见 replies: the notice, then the message itself
    if div.css_first("table.plhin") is None and "该帖已经被删除" in _text(div):
        status = model.DELETED
    message = read_message(body)
    return (
        model.Post(
            pid=pid,
            tid=tid or 0,
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


def _author(div: LexborNode, pid: int) -> tuple[str, int | None]:
    # authoronleft=1 (the X3.5 default) puts the name in the left column, otherwise beside the time.
    for selector in (f"#favatar{pid} .authi a[href]", ".pi .authi a.xw1", "td.plc .authi a.xi2", ".authi a[href*='uid']"):
        link = div.css_first(selector)
        if link is not None:
            uid = uid_from_href(link.attributes.get("href"))
            if uid is not None:
                return clean(link.text(deep=True)), uid
    # Anonymous and guest posts have no link: "匿名", or "游客" and a masked IP.
    box = div.css_first(f"#favatar{pid} .authi") or div.css_first(".authi")
    name = clean(_text(box)).replace("该用户已被删除", "").strip() if box else ""
    return name or "匿名", None


def _pagination(pg: LexborNode | None) -> tuple[int, int]:
    if pg is None:
        return 1, 1  # a single-page thread has no pagination block
    current = pg.css_first("strong")
    page = int(current.text()) if current and current.text().strip().isdigit() else 1
    total = _TOTAL_PAGES.search(pg.html or "")
    if total:
        return page, int(total.group(1))
    numbers = [int(n) for n in re.findall(r"\d+", " ".join(a.text() for a in pg.css("a, strong")))]
    return page, max(numbers + [page])


def _replies(tree: LexborHTMLParser) -> int | None:
    counts = tree.css("div.hm.ptn span.xi1")  # page 1 only: 查看 N | 回复 M
    if len(counts) >= 2 and counts[1].text().strip().isdigit():
        return int(counts[1].text().strip())
    return None


def _thread_id(tree: LexborHTMLParser) -> int | None:
    # Either URL shape: with rewrite on, the canonical link and floor 1's link are thread-T-P-X.html.
    canonical = tree.css_first("link[rel='canonical']")
    tid = thread_from_href(canonical.attributes.get("href"))[0] if canonical else None
    for link in tree.css("#postlist a[id^='postnum']") if tid is None else ():
        tid = thread_from_href(link.attributes.get("href"))[0]
        if tid:
            break
    return tid


def _forum_id(tree: LexborHTMLParser) -> int | None:
    for link in reversed(tree.css("#pt a[href]")):
        fid = forum_from_href(link.attributes.get("href"))
        if fid is not None:
            return fid
    return None


def _text(node: LexborNode | None) -> str:
    return node.text(deep=True) if node is not None else ""
