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


def looks_like(tree: LexborHTMLParser, postlist: LexborNode | None) -> bool:
    return postlist is not None and postlist.css_first("table.plhin, td.t_f, .pls") is not None


def read(tree: LexborHTMLParser, text: str, *, postlist: LexborNode | None) -> model.ThreadPage:
    footer = parse_footer(text[-6000:])
    now, tz = footer if footer else (None, DEFAULT_TZ)
    nodes = _Nodes(tree, text, postlist)

    tid = _thread_id(nodes)
    page, last_page = _pagination(nodes.pg)
    posts: list[model.Post] = []
    floors: list[int | None] = []
    for div in nodes.posts:
        m = _POST_ID.match(div.id or "")
        if not m:
            continue
        post, floor = _read_post(div, int(m.group(1)), tid, tz, now, nodes)
        posts.append(post)
        floors.append(floor)
    for post, floor in zip(posts, fill_custom_floors(floors)):
        post.floor = floor
    damage = []
    named = {int(pid) for pid in _ANCHOR.findall(text)} - {p.pid for p in posts}
    if named:
        # A comment opened mid-page, a flipped byte in a post's markup: the page names posts it does not show.
        damage.append(f"页面里有 {len(named)} 个帖子标记读不出帖子（pid {', '.join(map(str, sorted(named)[:10]))}；页面可能损坏）")

    return model.ThreadPage(
        variant="x3",
        tid=tid or 0,
        fid=_forum_id(nodes.crumbs),
        subject=clean(_text(nodes.subject)),
        page=page,
        last_page=last_page,
        replies=_replies(nodes.counts),
        posts=posts,
        generator=nodes.generator.attributes.get("content") if nodes.generator else None,
        now=now.isoformat() if now else None,
        utc_offset=format_offset(tz),
        formhash=nodes.formhash.attributes.get("value") if nodes.formhash else None,
        uid=reader_uid(text),
        damage=damage,
        unread_pids=sorted(named),
        poll=_poll(tree, text),
    )


_POLL_VOTERS = re.compile(r"共有\s*(\d+)\s*人参与投票")


def _poll(tree: LexborHTMLParser, text: str) -> dict | None:
    """The poll a 投票 thread shows under its first post (form#poll, posting to action=votepoll): who voted there and for
    what — votes cast in the forum's own widget, which no post holds (the hostile round 90, case 01)."""
    if "votepoll" not in text:
        return None  # most pages: one scan
    form = tree.css_first("form#poll")
    if form is None:
        return None
    voters = _POLL_VOTERS.search(form.text())
    options = []
    for chunk in (form.html or "").split('<label for="option_')[1:]:  # each option's label, then its count in the row under it
        label = re.search(r'^\d+"?>(.*?)</label>', chunk, re.S)
        count = re.search(r"<em[^>]*>\((\d+)\)</em>", chunk)
        if label:
            name = re.sub(r"^\s*\d+\.\s*", "", clean(LexborHTMLParser(label.group(1)).text()))
            options.append([name, int(count.group(1)) if count else None])
    return {"voters": int(voters.group(1)) if voters else None, "options": options}


_PARTS = "[id^='postnum'], [id^='authorposton'], [id^='postmessage_'], [id^='favatar']"


class _Nodes:
    """The nodes a page is read from, each found the cheap way: a whole-page query costs about a walk of the
    tree (and a descendant selector far more), so the posts are #postlist's children, their parts (floor
    label, time, message, author box) come from one query inside #postlist and are then found by id, and
    the page's own fields are first matches near the top. An id seen twice (a post's own HTML can carry
    ids) is left out, so that post's fields are searched within its own div as before."""

    def __init__(self, tree: LexborHTMLParser, text: str, postlist: LexborNode | None) -> None:
        children = list(postlist.iter()) if postlist is not None else []
        self.posts = [c for c in children if c.tag == "div" and (c.id or "").startswith("post_")]
        self.parts: dict[str, LexborNode | None] = {}
        for node in postlist.css(_PARTS) if postlist is not None else ():
            ident = node.id or ""
            self.parts[ident] = None if ident in self.parts else node
        # 查看 N | 回复 M: page 1's header table, the first in #postlist.
        header = next((c for c in children if c.tag == "table"), None)
        self.counts = header.css("div.hm.ptn span.xi1") if header is not None else []
        crumbs = tree.css_first("#pt")
        self.crumbs = crumbs.css("a[href]") if crumbs is not None else []
        self.formhash = tree.css_first("input[name='formhash']")
        self.generator = tree.css_first("meta[name='generator']")
        self.subject = tree.css_first("#thread_subject")
        self.pg = tree.css_first("div.pg")
        self.canonical = tree.css_first("link[rel='canonical']")
        # Most pages have no lock box and no deleted floor: skip those per-post searches.
        self.any_lock = "locked" in text
        self.any_deleted = "该帖已经被删除" in text

    def part(self, div: LexborNode, key: str) -> LexborNode | None:
        node = self.parts.get(key, False)
        return div.css_first(f"#{key}") if node is None else (node or None)


def _read_post(div: LexborNode, pid: int, tid: int | None, tz, now, parts: _Nodes) -> tuple[model.Post, int | None]:
    label = parts.part(div, f"postnum{pid}")
    floor = floor_from_label(label.text(deep=True)) if label else None
    author, uid = _author(div, pid, parts.part(div, f"favatar{pid}"))

    when = parts.part(div, f"authorposton{pid}")
    title_node = when.css_first("span[title]") if when else None
    posted_at, precision = parse_post_time(
        _text(when), title_node.attributes.get("title") if title_node else None, tz, now
    )

    body = parts.part(div, f"postmessage_{pid}")
    lock = div.css_first(".pcb > div.locked") if parts.any_lock else None  # not a [hide] lock inside the message
    status = status_from_lock(_text(lock)) if lock else model.NORMAL
    if status == model.AUTHOR_ONLY and body is not None:
        status = model.NORMAL  # a moderator reads 回帖仅作者可见 replies: the notice, then the message itself
    if parts.any_deleted and div.css_first("table.plhin") is None and "该帖已经被删除" in _text(div):
        status = model.DELETED
    inner = body.inner_html if body is not None else ""
    message = read_message(body, inner)
    text = message.text
    # A reply's own title (回复 with a 标题): Discuz shows it above the message, in the post (the hostile round 89, cases 03, 60,
    # 61: 「代投：欧阳克→郭靖」 in the title, 「如题」 in the body — the proxy, a ballot or a ruling, silently dropped)
    heading = div.css_first(".pcb > h2") if body is not None else None
    if heading is not None and (said := _text(heading).strip()):
        text = f"{said}\n{text}" if text else said
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
            text=text,
            html=inner.strip(),
            status=status,
            style=message.style,
        ),
        floor,
    )


def _author(div: LexborNode, pid: int, avatar: LexborNode | None) -> tuple[str, int | None]:
    # authoronleft=1 (the X3.5 default) puts the name in the left column, otherwise beside the time.
    for scope, selector in ((avatar, ".authi a[href]"), (div, ".pi .authi a.xw1"), (div, "td.plc .authi a.xi2"),
                            (div, ".authi a[href*='uid']")):
        link = scope.css_first(selector) if scope is not None else None
        if link is not None:
            uid = uid_from_href(link.attributes.get("href"))
            if uid is not None:
                return clean(link.text(deep=True)), uid
    # Anonymous and guest posts have no link: "匿名", or "游客" and a masked IP.
    box = (avatar.css_first(".authi") if avatar is not None else None) or div.css_first(".authi")
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


def _replies(counts: list[LexborNode]) -> int | None:
    if len(counts) >= 2 and counts[1].text().strip().isdigit():
        return int(counts[1].text().strip())
    return None


def _thread_id(nodes: _Nodes) -> int | None:
    # Either URL shape: with rewrite on, the canonical link and floor 1's link are thread-T-P-X.html.
    tid = thread_from_href(nodes.canonical.attributes.get("href"))[0] if nodes.canonical else None
    for key, link in nodes.parts.items() if tid is None else ():
        if key.startswith("postnum") and link is not None and link.tag == "a":
            tid = thread_from_href(link.attributes.get("href"))[0]
            if tid:
                break
    return tid


def _forum_id(crumbs: list[LexborNode]) -> int | None:
    for link in reversed(crumbs):
        fid = forum_from_href(link.attributes.get("href"))
        if fid is not None:
            return fid
    return None


def _text(node: LexborNode | None) -> str:
    return node.text(deep=True) if node is not None else ""
