"""Recognise what a forum response is and read it with the parser for that variant.

`read_page(body, content_type)` returns a `ThreadPage` or raises a typed `Refusal` carrying the
forum's own words: a refusal is never reported as "0 posts".
"""

from __future__ import annotations

import functools
import json
import re

from selectolax.lexbor import LexborHTMLParser

from .. import model
from ..model import as_displayed, strip_controls
from ..charset import decode
from . import d7, mobile_api, x3
from .common import ajax_inner, thread_from_href

# glibc serves blocks above its mmap threshold (128 KiB at start) with fresh mmap'd pages, until a block that
# large is freed: then it raises the threshold to that size (mallopt(3), "dynamic mmap threshold"). Lexbor's
# buffers for a thread page sit above 128 KiB, so a fresh process paid zeroed pages for every page it read:
# the reader ran at two thirds of its speed (bench/reader.py). One 4 MiB block freed at import moves the
# threshold for the whole process; elsewhere it is one short-lived allocation.
_block = bytearray(4 << 20)
del _block
_AJAX_MESSAGE = re.compile(r"(?:errorhandle_|succeedhandle_)\w*\(\s*'([^']*)'")
_CC = ("刷新间隔时间小于两秒", "访问本站速度过快")
_WAF = ("请求过于频繁", "Web应用防火墙", "安全狗", "云锁", "Access Denied", "Attention Required! | Cloudflare", "防火墙拦截")


def read_page(
    body: bytes, content_type: str | None = None, *, url: str | None = None, page: int | None = None
) -> model.ThreadPage:
    if not body or not body.strip():
        raise model.EmptyResponse(url=url)
    head = body.lstrip()[:1]
    if head in (b"{", b"["):
        return _read_json(body, url, page)
    text, charset, damage = decode(body, content_type)
    if text.lstrip().startswith("<?xml") or "<root><![CDATA[" in text[:300]:
        raise _ajax_refusal(text, url)
    tree = LexborHTMLParser(text)
    postlist = tree.css_first("#postlist")  # looked up once: each whole-page query costs a walk of the tree
    _raise_refusal(tree, text, url, postlist)
    if x3.looks_like(tree, postlist):
        parser = functools.partial(x3.read, postlist=postlist)
    elif d7.looks_like(tree, text):
        parser = d7.read
    else:
        if "</html>" not in text[-2000:].lower():
            raise model.Truncated(url=url)
        raise model.UnknownPage(_page_title(tree), url=url)
    if "</html>" not in text[-2000:].lower():
        # The last post may be cut mid-message: refuse the page rather than store half a post.
        raise model.Truncated(url=url)
    result = parser(tree, text)
    _fill_tid(result, url)
    _strip_controls(result)
    if not result.posts:
        raise model.UnknownPage("帖子页里没有任何帖子", url=url)
    if page is not None and result.page != page:
        damage.append(f"请求第 {page} 页，论坛返回第 {result.page} 页（超出末页）")
    result.damage.extend(damage)
    result.charset = charset
    return result


def _strip_controls(result: model.ThreadPage) -> None:
    result.subject = strip_controls(result.subject)
    for post in result.posts:
        if post.text and "\u202e" in post.text:
            # 「投\u202e康杨\u202c」: readers see 投杨康 — keep the text as shown, and the order as written for the tally to
            # weigh (the hostile round 81, K50: the controls stripped, 康杨 read with no 杨康 reading, a tie posted)
            post.style = {**(post.style or {}), "bidi": strip_controls(post.text)}
            post.text = as_displayed(post.text)
        post.text, post.author = strip_controls(post.text), strip_controls(post.author)


def _fill_tid(result: model.ThreadPage, url: str | None) -> None:
    """The tid the page doesn't say is the one its address says (any URL shape): never lose it."""
    if result.tid:
        return
    tid = thread_from_href(url)[0] if url else None
    if tid:
        result.tid = tid
        for post in result.posts:
            post.tid = post.tid or tid


def _read_json(body: bytes, url: str | None, page: int | None) -> model.ThreadPage:
    try:
        data = json.loads(body.decode("utf-8", errors="replace"))
    except ValueError as exc:
        raise model.Truncated(f"JSON 不完整：{exc}", url=url) from None
    if not isinstance(data, dict):
        raise model.UnknownPage("移动端接口返回的不是对象", url=url)
    charset = str(data.get("Charset") or "utf-8")
    try:
        result = mobile_api.read(data, page=page or 1, url=url)
    except model.Refusal:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, OverflowError, ZeroDivisionError, IndexError) as exc:
        # A field of the wrong type (ppp "0", pid null, a huge dbdateline, Message as a string): the answer
        # is not what Discuz sends, so say so instead of guessing.
        said = data.get("Message") if isinstance(data.get("Message"), str) else ""
        raise model.UnknownPage(f"移动端接口返回的数据格式不对（{type(exc).__name__}：{exc}）" + (f"；论坛说：{said}" if said else ""),
                                url=url) from None
    _strip_controls(result)
    result.charset = charset.lower()
    if charset.lower() not in ("utf-8", "utf8"):
        result.damage.append(f"站点编码为 {charset}，移动端接口已转为 UTF-8")
    return result


def _raise_refusal(tree: LexborHTMLParser, text: str, url: str | None, postlist) -> None:
    if postlist is not None:
        # A thread page: what its posts say (a player quoting 「访问本站速度过快」) is not the forum refusing.
        return
    if any(word in text for word in _CC):
        raise model.RateLimited(_first_message(tree) or _CC[1], url=url)
    if "_dsign" in text:
        raise model.AntiScraping(url=url)
    message_box = tree.css_first("#messagetext")
    if message_box is not None:
        raise classify_message(_first_message(tree) or message_box.text(deep=True), url)
    if any(word in text for word in _WAF):
        raise model.WafBlocked(_page_title(tree), url=url)


def classify_message(message: str, url: str | None = None) -> model.Refusal:
    """A Discuz message page's sentence → the matching refusal."""
    message = message.strip()
    if "不存在" in message or "已被删除" in message:
        return model.ThreadMissing(message, url=url)
    if "尚未登录" in message or "请先登录" in message:
        return model.LoginRequired(message, url=url)
    if "权限" in message:
        return model.NoPermission(message, url=url)
    if any(word in message for word in _CC):
        return model.RateLimited(message, url=url)
    return model.Refusal(message, url=url)


def _ajax_refusal(text: str, url: str | None) -> model.Refusal:
    body = ajax_inner(text)
    m = _AJAX_MESSAGE.search(body)
    message = m.group(1) if m else LexborHTMLParser(body).text(deep=True)
    return classify_message(message, url)


def _first_message(tree: LexborHTMLParser) -> str:
    node = tree.css_first("#messagetext p") or tree.css_first("#messagetext")
    return node.text(deep=True).strip() if node else ""


def _page_title(tree: LexborHTMLParser) -> str:
    title = tree.css_first("title")
    return title.text().strip() if title else ""


__all__ = ["read_page", "classify_message"]
