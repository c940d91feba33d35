"""Writing to the forum: a reply in a thread and an edit of our own post, through Discuz's real endpoints.

Every answer is parsed into success (with the new pid) or a typed error carrying the forum's own words.
Form fields are encoded in the site's charset (GBK forums expect GBK).
"""

from __future__ import annotations

import re
import time
from urllib.parse import urljoin

from selectolax.lexbor import LexborHTMLParser

from .charset import decode
from .client import ForumClient
from .pages.common import ajax_inner

_SUCCEED = re.compile(r"succeedhandle_\w*\(\s*'([^']*)'\s*,\s*'([^']*)'\s*(?:,\s*(\{[^}]*\}))?")
_ERROR = re.compile(r"errorhandle_\w*\(\s*'([^']*)'\s*(?:,\s*(\{[^}]*\}))?")
_PID = re.compile(r"['\"]?pid['\"]?\s*:\s*['\"]?(\d+)")
_FLOOD = re.compile(r"间隔少于\s*(\d+)\s*秒")


class PostError(Exception):
    """The forum refused to post. `message` is its own sentence; str() is for the director, in Chinese."""

    advice = ""

    def __init__(self, message: str):
        self.message = message.strip()
        super().__init__(self.message + (f"\n{self.advice}" if self.advice else ""))


class FloodControl(PostError):
    def __init__(self, message: str):
        super().__init__(message)
        m = _FLOOD.search(message)
        self.seconds = int(m.group(1)) if m else 15


class CaptchaRequired(PostError):
    advice = "论坛要求填写验证码，工具无法代填：请导演复制结果帖（report 目录里的 .bbcode 文件）手动回帖。"


class ThreadClosed(PostError):
    advice = "投票帖已关闭，无法回帖：请在论坛上重新打开帖子，或手动把结果发到进程帖。"


class NotLoggedIn(PostError):
    advice = "请先用 bansha fetch --login 账号 登录（或 --cookies 导入浏览器 Cookie），再运行。"


class NoPermission(PostError):
    advice = "这个账号没有在该版块回帖/编辑的权限：请换导演账号登录。"


class Pending(PostError):
    """Posted, but held for moderation: it exists, so it must not be posted again."""


def classify(message: str) -> PostError:
    if "间隔少于" in message or "灌水" in message:
        return FloodControl(message)
    if "验证码" in message or "seccode" in message.lower():
        return CaptchaRequired(message)
    if "已关闭" in message:
        return ThreadClosed(message)
    if "尚未登录" in message:
        return NotLoggedIn(message)
    if "审核" in message:
        return Pending(message)
    if "权限" in message or "无法进行此操作" in message:
        return NoPermission(message)
    return PostError(message)


def _answer_text(body: bytes, content_type: str | None) -> str:
    return ajax_inner(decode(body, content_type)[0])


def reply(client: ForumClient, base: str, *, fid: int | None, tid: int, message: str, formhash: str,
          charset: str = "utf-8", flood_retry: bool = True) -> int:
    """Post `message` as a reply in thread `tid`; returns the new pid. Flood control: wait, retry once."""
    url = urljoin(base, f"forum.php?mod=post&action=reply&fid={fid or ''}&tid={tid}&extra=&replysubmit=yes"
                        f"&infloat=yes&handlekey=fastpost&inajax=1")
    fields = {"formhash": formhash, "message": message, "posttime": str(int(time.time())), "usesig": "1", "subject": ""}
    response = client.post(url, fields, encoding=charset, headers={"Referer": urljoin(base, f"forum.php?mod=viewthread&tid={tid}")})
    try:
        return read_reply_answer(response.body, response.content_type)
    except FloodControl as error:
        if not flood_retry:
            raise
        time.sleep(min(error.seconds + 1, 120))
        return reply(client, base, fid=fid, tid=tid, message=message, formhash=formhash, charset=charset, flood_retry=False)


def read_reply_answer(body: bytes, content_type: str | None = None) -> int:
    """The ajax answer to a reply → the new pid, or the forum's refusal as a typed error."""
    answer = _answer_text(body, content_type)
    ok = _SUCCEED.search(answer)
    if ok:
        found = _PID.search(ok.group(3) or "") or re.search(r"[?&]pid=(\d+)", ok.group(1))
        if found:
            return int(found.group(1))
        raise PostError(f"论坛说回帖成功，但回答里没有帖子编号：{ok.group(2)}")
    err = _ERROR.search(answer)
    if err:
        raise classify(err.group(1))
    tree = LexborHTMLParser(answer)
    box = tree.css_first("#messagetext p") or tree.css_first("#messagetext") or tree.css_first(".alert_error")
    raise classify(box.text(deep=True) if box else tree.text(deep=True).strip()[:200])


def edit(client: ForumClient, base: str, *, fid: int | None, tid: int, pid: int, message: str,
         charset: str = "utf-8") -> None:
    """Replace the message of our post `pid` through the full editor (GET the form, POST it back)."""
    form_url = urljoin(base, f"forum.php?mod=post&action=edit&fid={fid or ''}&tid={tid}&pid={pid}&page=1")
    page = client.get(form_url)
    text, _c, _d = decode(page.body, page.content_type)
    tree = LexborHTMLParser(text)
    form = tree.css_first("form#postform")
    if form is None:
        box = tree.css_first("#messagetext p") or tree.css_first("#messagetext")
        raise classify(box.text(deep=True) if box else "打开编辑页面失败（页面里没有编辑表单）")
    fields = {i.attributes.get("name"): i.attributes.get("value") or "" for i in form.css("input[type='hidden']")
              if i.attributes.get("name")}
    subject = form.css_first("input[name='subject']")
    fields.update(message=message, subject=subject.attributes.get("value") or "" if subject else "", editsubmit="true")
    action = (form.attributes.get("action") or "").replace("&amp;", "&")
    response = client.post(urljoin(base, action), fields, encoding=charset, headers={"Referer": form_url})
    if response.status in (301, 302, 303) or "编辑成功" in response.body.decode("utf-8", "replace"):
        return
    answer = _answer_text(response.body, response.content_type)
    box = LexborHTMLParser(answer).css_first("#messagetext p")
    raise classify(box.text(deep=True) if box else answer[:200])
