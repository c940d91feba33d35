"""What every room of the demo forum shares — the cookie session, the page frame, the ajax answers — in one module
the rooms import, so no room imports another."""

from __future__ import annotations

import hashlib
import html
import secrets
import time
from typing import TYPE_CHECKING

from .model import User

if TYPE_CHECKING:
    from .model import ForumState as DemoForum  # the rooms are mixins over ForumState's attributes


class _Session:
    """Discuz's cookie session: saltkey on the first visit, auth after login (valid only with its saltkey)."""

    def __init__(self, forum: DemoForum, cookies: dict[str, str]):
        self.forum = forum
        pre = forum.cookiepre
        self.new_cookies: list[str] = []
        self.saltkey = cookies.get(pre + "saltkey") or ""
        if not self.saltkey:
            self.saltkey = secrets.token_hex(4)
            self.new_cookies.append(f"{pre}saltkey={self.saltkey}; path=/; httponly")
        auth = cookies.get(pre + "auth", "")
        uid, password = forum._sessions.get(f"{self.saltkey}:{auth}", (0, "")) if auth else (0, "")
        self.user = forum.users.get(uid)
        self.uid = uid if self.user and self.user.password == password and not self.user.banned else 0
        if not self.uid:
            self.user = None  # a stale auth cookie: the page is rendered for a guest, nothing said

    @property
    def formhash(self) -> str:
        return hashlib.md5(f"{self.saltkey}|{self.uid}".encode()).hexdigest()[:8]

    def log_in(self, user: User) -> None:
        token = secrets.token_urlsafe(16)
        self.forum._sessions[f"{self.saltkey}:{token}"] = (user.uid, user.password)
        self.uid, self.user = user.uid, user
        self.new_cookies.append(f"{self.forum.cookiepre}auth={token}; expires=Tue, 29-Dec-2099 00:00:00 GMT; path=/; httponly")

    def set_cookies(self) -> list[str]:
        return self.new_cookies + [f"{self.forum.cookiepre}lastact={int(time.time())}%09forum.php; path=/"]


def _parse_cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            out[name] = value
    return out


def _frame(forum: DemoForum, title: str, content: str, session: _Session, canonical: str | None = None) -> str:
    now = forum.clock()
    link = f'<link href="{forum.base_url}{canonical}" rel="canonical" />' if canonical and forum._server else ""
    return (
        f'<!DOCTYPE html>\n<html>\n<head>\n<meta charset="{forum.charset}" />\n'
        f"<title>{html.escape(title)} -  {html.escape(forum.name)} -  Powered by Discuz!</title>\n{link}\n"
        '<meta name="generator" content="Discuz! X3.5" />\n'
        f"<script type=\"text/javascript\">var STYLEID = '1', charset = '{forum.charset}', discuz_uid = '{session.uid}', "
        f"cookiepre = '{forum.cookiepre}', attackevasive = '0';</script>\n</head>\n<body id=\"nv_forum\">\n"
        f'<div id="ct" class="wp cl">\n{content}\n</div>\n'
        f'<div id="ft" class="wp cl"><p class="xs0">GMT+8, {now.year}-{now.month}-{now.day} {now:%H:%M}</p></div>\n'
        "</body>\n</html>\n"
    )


def _ajax(script: str, handle: str = "", after: str = "") -> str:
    tail = f'<script type="text/javascript">{after}</script>' if after else ""
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<root><![CDATA[<script type="text/javascript" reload="1">'
        f"if(typeof succeedhandle_{handle}=='function') {{{script}}}</script>{tail}]]></root>"
    )


def _ajax_error(message: str, extra: str = "{}", handle: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="utf-8"?>\n<root><![CDATA[{html.escape(message)}<script type="text/javascript" reload="1">'
        f"if(typeof errorhandle_{handle}=='function') {{errorhandle_{handle}('{message}', {extra});}}</script>]]></root>"
    )
