"""The mobile API's viewthread JSON (`api/mobile/index.php?version=4&module=viewthread`).

All values are strings and empty ones may be missing. The JSON is always UTF-8. Version 4 strips the
edit stamp from messages, so posts read here carry no `edited_by`; the archive keeps a stamp a
desktop page showed earlier for the same text.
"""

from __future__ import annotations

import math

from .. import model
from ..message import read_message_html
from ..times import DEFAULT_TZ, format_offset, minute_to_iso, parse_post_time, unix_to_iso
from .common import clean, status_from_lock

# Message keys the API answers with instead of the thread (Message.messageval, minus "//1").
_REFUSALS = {
    "thread_nonexistence": model.ThreadMissing,
    "viewperm_login_nopermission": model.LoginRequired,
    "viewperm_none_nopermission": model.NoPermission,
    "forum_nonexistence": model.ThreadMissing,
    "thread_nopermission": model.NoPermission,
    "to_login": model.LoginRequired,
    "mobile_is_closed": model.UnknownPage,
}

BANNED_GROUPS = {"4", "5"}  # 禁止发言, 禁止访问


def refusal_of(data: dict, url: str | None = None) -> model.Refusal | None:
    if "error" in data:
        key = str(data["error"])
        return _REFUSALS.get(key, model.Refusal)(f"移动端接口错误：{key}", url=url)
    message = data.get("Message") or {}
    key = str(message.get("messageval") or "")
    variables = data.get("Variables") or {}
    if key and not variables.get("postlist"):
        base, _, flag = key.partition("//")
        cls = _REFUSALS.get(base)
        if cls is None:
            cls = model.LoginRequired if flag == "1" or "login" in base else model.Refusal
        return cls(str(message.get("messagestr") or key), url=url)
    if not isinstance(variables, dict) or "postlist" not in variables:
        return model.UnknownPage("移动端接口返回里没有 postlist", url=url)
    return None


def read(data: dict, *, tz=DEFAULT_TZ, page: int = 1, url: str | None = None) -> model.ThreadPage:
    refusal = refusal_of(data, url)
    if refusal:
        raise refusal
    v = data["Variables"]
    thread = v.get("thread") or {}
    ppp = int(v.get("ppp") or 10)
    replies = int(thread["replies"]) if str(thread.get("replies", "")).isdigit() else None
    last_page = max(1, math.ceil((replies + 1) / ppp)) if replies is not None else None
    posts = [_read_post(p, tz) for p in v.get("postlist") or []]
    uid = str(v.get("member_uid") or "0")
    return model.ThreadPage(
        variant="mobile_api",
        tid=int(thread.get("tid") or (posts[0].tid if posts else 0)),
        fid=int(thread["fid"]) if str(thread.get("fid", "")).isdigit() else None,
        subject=clean(str(thread.get("subject") or "")),
        page=page,
        last_page=last_page,
        replies=replies,
        posts=posts,
        generator=f"Discuz! mobile API v{data.get('Version', '?')}",
        utc_offset=format_offset(tz),
        formhash=v.get("formhash"),
        uid=int(uid) if uid.isdigit() else None,
        maxposition=int(thread["maxposition"]) if str(thread.get("maxposition", "")).isdigit() else None,
    )


def _read_post(p: dict, tz) -> model.Post:
    # The API escapes the message's entities once more than the desktop page does
    # ("&amp;lt;", "&amp;amp;pid="): undo that layer so both sources give the same text.
    html = str(p.get("message") or "").replace("&amp;", "&")
    # Guests get the lock notice instead of the message; moderators get the text and status bit 1.
    status = model.NORMAL
    notice = html if html.startswith("提示:") else ""
    if html.strip() in ("该帖仅作者可见", "此帖仅作者可见"):
        # 回帖仅作者可见: a reader who is neither the author nor the thread's author gets a placeholder.
        notice, status = html, model.AUTHOR_ONLY
    elif notice:
        status = status_from_lock(notice)
    elif int(p.get("status") or 0) & 1:
        status = model.HIDDEN
    elif str(p.get("groupid")) in BANNED_GROUPS:
        status = model.BANNED
    message = read_message_html("" if notice else html)
    anonymous = str(p.get("anonymous") or "0") == "1"
    uid = str(p.get("authorid") or "0")
    if p.get("dbdateline"):
        posted_at, precision = unix_to_iso(p["dbdateline"], tz), "second"
    else:  # modded sites drop dbdateline: fall back to the printed time
        posted_at, precision = parse_post_time(str(p.get("dateline") or ""), None, tz)
    position = str(p.get("position") or p.get("number") or "")
    return model.Post(
        pid=int(p["pid"]),
        tid=int(p.get("tid") or 0),
        floor=int(position) if position.isdigit() else None,
        author=str(p.get("author") or ("匿名" if anonymous else "")),
        author_uid=None if anonymous or uid in ("", "0") else int(uid),
        posted_at=posted_at,
        time_precision=precision,
        edited_by=message.edited_by,
        edited_at=minute_to_iso(message.edited_text, tz),
        quotes=message.quotes,
        text=message.text,
        html=html,
        status=status,
        style=message.style,
    )
