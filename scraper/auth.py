"""Getting a forum to treat us as a member: imported browser cookies, or the real login flow.

Discuz encrypts `auth` with a key derived from `saltkey`, so the two only work together. Passwords
are passed straight to the forum and never logged, stored or echoed.
"""

from __future__ import annotations

import re
from http.cookiejar import Cookie, MozillaCookieJar
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser

from .client import ForumClient
from .pages.common import ajax_inner, reader_uid

_HANDLE = re.compile(r"(succeedhandle_|errorhandle_)\w*\(\s*(?:'[^']*'\s*,\s*)?'([^']*)'")


class AuthError(Exception):
    """Login or cookie import failed; the message is for the director, in Chinese."""


def _cookie(name: str, value: str, domain: str) -> Cookie:
    return Cookie(
        0, name, value, None, False, domain, True, domain.startswith("."), "/", True,
        False, None, False, None, None, {},
    )


def parse_cookie_string(text: str, domain: str) -> list[Cookie]:
    """`a=1; b=2` as copied from a browser's developer tools."""
    cookies = []
    for part in text.replace("\n", ";").split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name:
            cookies.append(_cookie(name.strip(), value.strip(), domain))
    return cookies


def load_cookies(source: str | Path, domain: str) -> list[Cookie]:
    """Cookies from a Netscape cookies.txt file, or a file holding a browser cookie string."""
    path = Path(source)
    text = path.read_text("utf-8", errors="replace")
    if text.lstrip().startswith("# Netscape") or "\t" in text:
        jar = MozillaCookieJar()
        try:
            jar.load(str(path), ignore_discard=True, ignore_expires=True)
        except OSError as exc:
            raise AuthError(f"无法读取 Cookie 文件 {path}：{exc}") from None
        return list(jar)
    return parse_cookie_string(text, domain)


def check_auth_pairs(cookies: list[Cookie]) -> None:
    """Every `…_auth` needs the `…_saltkey` of the same prefix, or the forum ignores it."""
    names = {c.name for c in cookies}
    for name in names:
        if name.endswith("_auth"):
            prefix = name[: -len("auth")]
            if prefix + "saltkey" not in names:
                raise AuthError(f"Cookie 里有 {name} 却没有 {prefix}saltkey：Discuz 的 auth 只有和它的 saltkey 一起才有效，请一并导入。")


def import_cookies(client: ForumClient, cookies: list[Cookie], base_url: str) -> None:
    check_auth_pairs(cookies)
    host = urlsplit(base_url).hostname or ""
    for c in cookies:
        if not c.domain:
            c = _cookie(c.name, c.value, host)
        client.jar.set_cookie(c)
    client.save_cookies()


def current_uid(client: ForumClient, base_url: str) -> int:
    """Who the forum thinks we are: `discuz_uid` from a page's head script (0 = guest)."""
    page = client.get(urljoin(base_url, "forum.php?mobile=no"))
    return reader_uid(page.body.decode("utf-8", errors="replace")) or 0


def login(
    client: ForumClient,
    base_url: str,
    username: str,
    password: str,
    *,
    question_id: int = 0,
    answer: str = "",
) -> int:
    """Log in through `member.php?mod=logging` (the browser's ajax flow) and return our uid."""
    form_url = urljoin(base_url, "member.php?mod=logging&action=login")
    page = client.get(form_url)
    charset = _charset(page.content_type, page.body)
    tree = LexborHTMLParser(page.body.decode(charset, errors="replace"))
    form = tree.css_first("form[name='login']") or tree.css_first("form[action*='loginsubmit']")
    if form is None:
        raise AuthError("登录页里没有找到登录表单（论坛可能改了模板或开启了验证码）。")
    action = (form.attributes.get("action") or "").replace("&amp;", "&")
    fields = {
        i.attributes.get("name"): i.attributes.get("value") or ""
        for i in form.css("input[type='hidden']")
        if i.attributes.get("name")
    }
    fields.update(
        loginfield="username",
        username=username,
        password=password,
        questionid=str(question_id),
        answer=answer,
        cookietime="2592000",
    )
    answer_page = client.post(urljoin(base_url, action + "&inajax=1"), data=fields, encoding=charset)
    text = answer_page.body.decode(_charset(answer_page.content_type, answer_page.body), errors="replace")
    m = _HANDLE.search(ajax_inner(text))
    if m is None or m.group(1) == "errorhandle_":
        message = m.group(2) if m else LexborHTMLParser(text).text(deep=True).strip()[:200]
        raise AuthError(f"登录失败：{message}")
    uid = current_uid(client, base_url)
    if uid == 0:
        raise AuthError("论坛回答登录成功，但再次访问时仍是游客（Cookie 没有保存下来）。")
    client.save_cookies()
    return uid


def _charset(content_type: str | None, body: bytes) -> str:
    from .charset import declared_charset

    return declared_charset(body, content_type) or "utf-8"
