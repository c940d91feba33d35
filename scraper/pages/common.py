"""Helpers every page variant shares: ids from URLs, floor names, post status from the lock box."""

from __future__ import annotations

import re

from .. import model

_INT_PARAM = {name: re.compile(rf"(?:[?&;]|&amp;){name}=(\d+)") for name in ("tid", "ptid", "fid", "uid", "pid", "page")}
_SPACE_UID = re.compile(r"space-uid-(\d+)\.html")
# URL rewrite (伪静态): thread-{tid}-{page}-{prevpage}.html and forum-{fid}-{page}.html
_REWRITTEN_THREAD = re.compile(r"(?:^|/)thread-(\d+)-(\d+)-\d+\.html")
_REWRITTEN_FORUM = re.compile(r"(?:^|/)forum-(\d+)-(\d+)\.html")
_CDATA = re.compile(r"<!\[CDATA\[(.*?)\]\]>", re.S)
_UID_VAR = re.compile(r"discuz_uid\s*=\s*'(\d+)'")

# Discuz X3.5's default floor names (the `postnocustom` setting; line 1 = the first post).
FLOOR_NAMES = {"楼主": 1, "沙发": 2, "板凳": 3, "地板": 4}

# The lock box texts, in the order they are checked. Moderators see the same box with
# "，只有管理员或有管理权限的成员可见" added and the message below it.
_LOCKS = (
    ("该帖被管理员或版主屏蔽", model.HIDDEN),
    ("作者被禁止或删除", model.BANNED),
    ("此帖仅作者可见", model.AUTHOR_ONLY),
    ("本帖为密码帖", model.PASSWORD),
    ("待审核", model.PENDING),
    ("该帖已经被删除", model.DELETED),
)


def ajax_inner(text: str) -> str:
    """An ajax answer (`<root><![CDATA[…]]></root>`) → what is inside; any other text as it is."""
    inner = _CDATA.search(text)
    return inner.group(1) if inner else text


def reader_uid(text: str) -> int | None:
    """`discuz_uid` from a page's head script: who the forum thinks is reading (0 = guest)."""
    m = _UID_VAR.search(text[:30000])
    return int(m.group(1)) if m else None


def int_param(url: str | None, name: str) -> int | None:
    if not url:
        return None
    m = _INT_PARAM[name].search(url)
    return int(m.group(1)) if m else None


def thread_from_href(href: str | None) -> tuple[int | None, int | None]:
    """(tid, page) from a thread link in either shape: `?tid=T&page=P` / `ptid=T`, or `thread-T-P-X.html`."""
    if not href:
        return None, None
    m = _REWRITTEN_THREAD.search(href)
    if m:
        return int(m.group(1)), int(m.group(2))
    return int_param(href, "tid") or int_param(href, "ptid"), int_param(href, "page")


def forum_from_href(href: str | None) -> int | None:
    """fid from `?fid=F` or a rewritten `forum-F-P.html`."""
    if not href:
        return None
    m = _REWRITTEN_FORUM.search(href)
    return int(m.group(1)) if m else int_param(href, "fid")


def uid_from_href(href: str | None) -> int | None:
    if not href:
        return None
    uid = int_param(href, "uid")
    if uid is None:
        m = _SPACE_UID.search(href)
        uid = int(m.group(1)) if m else None
    return uid


def floor_from_label(label: str) -> int | None:
    label = label.strip()
    digits = re.search(r"\d+", label)
    if digits:
        return int(digits.group())
    return FLOOR_NAMES.get(label)


def fill_custom_floors(floors: list[int | None]) -> list[int | None]:
    """Floors a page names with a site's own words (not 楼主/沙发/…) follow from their neighbours."""
    floors = list(floors)
    for i in range(len(floors) - 2, -1, -1):
        if floors[i] is None and floors[i + 1] is not None:
            floors[i] = floors[i + 1] - 1
    return floors


def status_from_lock(text: str) -> str:
    for needle, status in _LOCKS:
        if needle in text:
            return status
    return model.NORMAL


def clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\xa0", " ")).strip()
