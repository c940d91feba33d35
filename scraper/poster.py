"""Writing to the forum: one reply in a thread, one edit of our own post, through Discuz's real endpoints.

The answer to a POST is only a hint. Discuz answers a reply with an ajax `succeedhandle_` or a 301, an
edit with a 301 whose Location has no pid, a held post with a *succeed* handler, a stale formhash with a
503 「非法字符」 page. Each call here makes one attempt and says what the answer means:

- an `Answer` that says success (with the pid when the forum gave one): to be read back;
- a typed refusal in the forum's own words (closed, no permission, captcha, flood control, stale form):
  the forum did not take it — advice is worded for the action (回帖 or 编辑);
- `Unanswered`: the POST left and no readable answer came back (cut, timed out, a 5xx from a proxy):
  the forum may have applied it. Never "failed".

Retries, reading back and the search for a post whose fate is unknown belong to the outbox
(scraper/outbox.py). Form fields go out in the site's charset, as a browser would send them, with
smilies off so what we send is what the forum shows.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from urllib.parse import urljoin

from selectolax.lexbor import LexborHTMLParser

from .charset import decode
from .client import FetchFailed, ForumClient, PostUncertain
from .pages import read_page
from .pages.common import ajax_inner, int_param, reader_uid

_SUCCEED = re.compile(r"succeedhandle_\w*\(\s*'([^']*)'\s*,\s*'([^']*)'\s*(?:,\s*(\{[^}]*\}))?")
_ERROR = re.compile(r"errorhandle_\w*\(\s*'([^']*)'\s*(?:,\s*(\{[^}]*\}))?")
_PARAM = re.compile(r"'(\w+)'\s*:\s*'([^']*)'")
_FLOOD = re.compile(r"间隔少于\s*(\d+)\s*秒")
_ILLEGAL = "非法字符"

REPLY, EDIT = "回帖", "编辑"


class PostError(Exception):
    """The forum refused (or we could not confirm) a reply or an edit. `message` is the forum's own sentence."""

    advice = {REPLY: "", EDIT: ""}
    headline = ""  # the CLI's first words; default 「回帖失败」/「编辑失败」

    def __init__(self, message: str, action: str = REPLY):
        self.message = message.strip()
        self.action = action
        advice = self.advice.get(action, "")
        super().__init__(self.message + (f"\n{advice}" if advice else ""))

    @property
    def title(self) -> str:
        return self.headline or f"{self.action}失败"


class FloodControl(PostError):
    def __init__(self, message: str, action: str = REPLY):
        super().__init__(message, action)
        m = _FLOOD.search(message)
        self.seconds = int(m.group(1)) if m else 15


class CaptchaRequired(PostError):
    advice = {
        REPLY: "论坛要求回帖填写验证码，工具无法代填：请导演复制结果帖（报告目录里的 .bbcode 文件）手动回帖。",
        EDIT: "论坛要求编辑时填写验证码，工具无法代填：请导演在论坛上手动编辑这一帖，内容在报告目录里的 .bbcode 文件。",
    }


class ThreadClosed(PostError):
    advice = {
        REPLY: "投票帖已关闭，无法回帖：请在论坛上重新打开帖子，或手动把结果发到进程帖。",
        EDIT: "帖子已关闭，自己的帖子也不能再编辑：请在论坛上重新打开帖子，或另发一帖说明更正。",
    }


class NotLoggedIn(PostError):
    advice = {
        REPLY: "当前没有登录（或登录已失效）：请用 --login 导演账号 登录，或用 --cookies 导入浏览器 Cookie，再运行。",
        EDIT: "当前没有登录（或登录已失效）：请用发结果帖的导演账号 --login 登录，或用 --cookies 导入浏览器 Cookie，再运行。",
    }


class NoPermission(PostError):
    advice = {
        REPLY: "这个账号在该版块没有回帖权限：请换一个能在投票帖回帖的导演账号登录。",
        EDIT: "当前账号不是这一帖的作者：只能编辑自己发的帖子，请用当初发这帖的导演账号登录（--login 同一账号）。",
    }


class Pending(PostError):
    """Posted, but held for moderation: it exists, so it must not be posted again."""

    advice = {
        REPLY: "帖子已提交，但需要版主审核后才会显示：请版主在论坛后台「审核」里通过它；工具不会重复发。",
        EDIT: "编辑已提交，但需要版主审核后才会显示。",
    }


class StaleForm(PostError):
    """Discuz's 503 「非法字符」: the formhash no longer matches the session (it changed, or expired)."""

    advice = {
        REPLY: "论坛拒绝了表单（表单验证串与登录状态不符）：通常是登录已失效，请重新登录后再运行。",
        EDIT: "论坛拒绝了表单（表单验证串与登录状态不符）：通常是登录已失效，请重新登录后再运行。",
    }


class Unanswered(PostError):
    """The POST left and no readable answer came back: the forum may or may not have applied it."""

    headline = "结果未确认"


class NotConfirmed(PostError):
    """The forum's answer said success (or was lost) and reading the thread back did not show our post."""

    headline = "结果未确认"


class Stuck(PostError):
    """An earlier attempt's fate is unknown and cannot be settled here: the director must look."""

    headline = "结果未确认"


class Hidden(PostError):
    """Our post is on the forum but players cannot read it (a 版主 屏蔽ed it): never posted again beside it."""

    headline = "结果帖被屏蔽"


def classify(message: str, action: str = REPLY) -> PostError:
    if "间隔少于" in message or "灌水" in message:
        return FloodControl(message, action)
    if "验证码" in message or "seccode" in message.lower():
        return CaptchaRequired(message, action)
    if "已关闭" in message:
        return ThreadClosed(message, action)
    if "尚未登录" in message:
        return NotLoggedIn(message, action)
    if "审核" in message:
        return Pending(message, action)
    if _ILLEGAL in message:
        return StaleForm(message, action)
    if "权限" in message or "无法进行此操作" in message:
        return NoPermission(message, action)
    return PostError(message, action)


@dataclass
class Answer:
    """What the forum's answer to a POST says, before reading back."""

    ok: bool
    message: str = ""
    pid: int | None = None
    page: int | None = None
    params: dict | None = None
    unknown: bool = False  # not an answer Discuz writes: the POST's fate is unknown

    @property
    def held(self) -> bool:
        """Posted, but held for moderation (回复需要审核)."""
        return self.ok and ((self.params or {}).get("reply_mod") == "1" or "审核" in self.message)


def read_answer(status: int, body: bytes, content_type: str | None, location: str | None = None) -> Answer:
    """Any of Discuz's answers to a reply or edit POST: 301/302, ajax succeed/error, message page, 503."""
    if location is not None:
        # The full editor's success: a redirect to the thread (an edit's Location has no pid).
        return Answer(True, "", int_param(location, "pid") or _fragment_pid(location), int_param(location, "page"))
    text = ajax_inner(decode(body, content_type)[0])
    ok = _SUCCEED.search(text)
    if ok:
        params = dict(_PARAM.findall(ok.group(3) or ""))
        pid = params.get("pid") or int_param(ok.group(1), "pid") or _fragment_pid(ok.group(1))
        return Answer(True, ok.group(2), int(pid) if pid else None, int_param(ok.group(1), "page"), params)
    err = _ERROR.search(text)
    if err:
        return Answer(False, err.group(1), params=dict(_PARAM.findall(err.group(2) or "")))
    tree = LexborHTMLParser(text)
    box = tree.css_first("#messagetext p") or tree.css_first("#messagetext") or tree.css_first(".alert_error")
    if box is not None:
        for script in box.css("script"):  # the page's redirect, inside the sentence
            script.decompose()
        said = box.text(deep=True).strip()
        # A message page can also say yes: 回复需要审核 and 编辑后的回复需要审核 come as alert_right with a
        # JS redirect (flows/moderated; the edit seen on a real X3.5 with modnewposts = 2).
        right = tree.css_first("#messagetext.alert_right") is not None
        return Answer("成功" in said or right, said)
    if _ILLEGAL in text:
        return Answer(False, "您当前的访问请求当中含有非法字符，已经被系统拒绝")
    if status >= 500 or not text.strip():
        # A gateway's error or nothing at all: not Discuz's words, so not a refusal — the forum behind
        # it may well have applied the POST.
        return Answer(False, f"HTTP {status}" + ("，回答是空的" if not text.strip() else ""), unknown=True)
    return Answer(False, tree.text(deep=True).strip()[:200] or f"HTTP {status}，回答是空的", unknown=True)


def _fragment_pid(url: str) -> int | None:
    m = re.search(r"#pid(\d+)", url)
    return int(m.group(1)) if m else None


def read_reply_answer(body: bytes, content_type: str | None = None) -> int:
    """The ajax answer to a reply → the new pid, or the forum's refusal as a typed error."""
    answer = read_answer(200, body, content_type)
    if not answer.ok:
        raise classify(answer.message)
    if (answer.params or {}).get("reply_mod") == "1" or "审核" in answer.message:
        raise Pending(answer.message)
    if answer.pid is None:
        raise PostError(f"论坛说回帖成功，但回答里没有帖子编号：{answer.message}")
    return answer.pid


def reply_once(client: ForumClient, base: str, *, fid: int | None, tid: int, message: str, formhash: str,
               charset: str = "utf-8") -> Answer:
    """Post `message` as a reply in thread `tid`: one attempt. Returns the forum's success answer (held for
    moderation: `answer.held`); raises a typed refusal, or `Unanswered` when the fate is unknown."""
    url = urljoin(base, f"forum.php?mod=post&action=reply&fid={fid or ''}&tid={tid}&extra=&replysubmit=yes"
                        f"&infloat=yes&handlekey=fastpost&inajax=1")
    fields = {"formhash": formhash, "message": message, "posttime": str(int(time.time())), "usesig": "1",
              "smileyoff": "1", "subject": ""}
    return _submit(client, url, fields, charset, urljoin(base, f"forum.php?mod=viewthread&tid={tid}"), REPLY)


def edit_once(client: ForumClient, base: str, *, fid: int | None, tid: int, pid: int, message: str,
              page: int | None = None, charset: str = "utf-8") -> Answer:
    """Replace the message of our post `pid` through the full editor (GET the form, POST it): one attempt."""
    form_url = urljoin(base, f"forum.php?mod=post&action=edit&fid={fid or ''}&tid={tid}&pid={pid}&page={page or 1}")
    response = client.get(form_url)
    text, form_charset, _damage = decode(response.body, response.content_type)
    tree = LexborHTMLParser(text)
    form = tree.css_first("form#postform")
    if form is None:
        box = tree.css_first("#messagetext p") or tree.css_first("#messagetext")
        said = box.text(deep=True).strip() if box else "打开编辑页面失败（页面里没有编辑表单）"
        if reader_uid(text) == 0 and "尚未登录" not in said:
            raise NotLoggedIn(f"{said}（论坛把我们当作游客：登录已失效）", EDIT)
        raise classify(said, EDIT)
    fields = {i.attributes.get("name"): i.attributes.get("value") or "" for i in form.css("input[type='hidden']")
              if i.attributes.get("name")}
    subject = form.css_first("input[name='subject']")
    # wysiwyg=0: the message is BBCode. The form says 1 (the rich editor), which would make Discuz
    # run html2bbcode over our text.
    fields.update(message=message, subject=(subject.attributes.get("value") or "") if subject else "",
                  wysiwyg="0", smileyoff="1", editsubmit="true")
    action = (form.attributes.get("action") or "").replace("&amp;", "&")
    return _submit(client, urljoin(base, action), fields, form_charset or charset, form_url, EDIT)


def edit_form_message(client: ForumClient, base: str, tid: int, pid: int) -> str | None:
    """The BBCode our post `pid` holds, from its edit form (its author may open it while it waits for 审核, and
    nothing is changed by opening it), or None when no form came (a refusal, a failed request)."""
    try:
        response = client.get(urljoin(base, f"forum.php?mod=post&action=edit&fid=&tid={tid}&pid={pid}&page=1"))
    except FetchFailed:
        return None
    tree = LexborHTMLParser(decode(response.body, response.content_type)[0])
    area = tree.css_first("form#postform textarea[name='message']")
    return area.text(deep=True) if area is not None else None


def _submit(client: ForumClient, url: str, fields: dict, charset: str, referer: str, action: str) -> Answer:
    try:
        response = client.post(url, fields, encoding=charset, headers={"Referer": referer})
    except PostUncertain as lost:
        raise Unanswered(str(lost), action) from None
    answer = read_answer(response.status, response.body, response.content_type, response.location)
    if answer.ok:
        return answer
    if answer.unknown:
        raise Unanswered(f"提交{action}后论坛的回答不是 Discuz 的回答（{answer.message}）：不知道论坛是否已经收到。", action)
    raise classify(answer.message, action)


def fresh_formhash(client: ForumClient, base: str, tid: int, action: str) -> str:
    response = client.get(urljoin(base, f"forum.php?mod=viewthread&tid={tid}"))
    page = read_page(response.body, response.content_type)
    if not page.uid:
        raise NotLoggedIn("论坛把我们当作游客（登录已失效），不能回帖", action)
    if not page.formhash:
        raise PostError("帖子页里没有表单验证串（formhash），无法回帖", action)
    return page.formhash
