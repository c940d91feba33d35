"""Getting a forum to treat us as a member: imported browser cookies, or the real login flow.

Discuz encrypts `auth` with a key derived from `saltkey`, so the two only work together. Passwords
are passed straight to the forum and never logged, stored or echoed.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from http.cookiejar import Cookie, MozillaCookieJar
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser

from .client import ForumClient, PostUncertain
from .pages.common import ajax_inner, reader_uid

_HANDLE = re.compile(r"(succeedhandle_|errorhandle_)\w*\(\s*(?:'[^']*'\s*,\s*)?'([^']*)'")


class AuthError(Exception):
    """Login or cookie import failed; the message is for the director, in Chinese."""


class CaptchaRequired(AuthError):
    """The forum wants a captcha to log in: only a person can, so hand over a browser's cookies."""


class LoginRefused(AuthError):
    """The forum refused the account and password (its own words in the message)."""


class LoginHeld(AuthError):
    """An earlier run's login was refused and nothing has changed since: not tried again."""


class LoginLocked(LoginRefused):
    """UCenter has locked the name for a while (密码错误次数过多，请 N 分钟后重新登录) — after someone else's
    wrong passwords as likely as ours. Waited out and tried again, never remembered as a wrong password."""

    def __init__(self, message: str, minutes: int):
        super().__init__(message)
        self.minutes = minutes


# 「密码错误次数过多，请 15 分钟后重新登录」 (discuz.md): the number is the lock's length.
_LOCKED = re.compile(r"错误次数过多[^0-9]{0,8}(\d{1,3})\s*分钟")


class LoginGuard:
    """One refused login stops the next runs from trying again until the director changes something.

    Every cron run trying the same wrong password would have the forum lock the account (UCenter: five
    failures in fifteen minutes). The file beside the archive says which account was refused, when, in the
    forum's words, and a 16-bit salted fingerprint of the refused password: far too short to test a guess
    against (65,536 passwords share each value), enough to see that BANSHA_PASSWORD was changed. Another
    account, another password, imported cookies or deleting the file lets the next run try again."""

    def __init__(self, path: Path | None):
        self.path = Path(path) if path else None

    @staticmethod
    def _mark(password: str, salt: bytes) -> str:
        import hashlib

        return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, 100_000)[:2].hex()

    def held(self, username: str, password: str) -> str | None:
        """Why not to try: the refusal on record for this very account and password, or the forum's lock on
        the account while it lasts (None: try)."""
        record = self._read()
        if not record or record.get("username") != username:
            return None
        if "locked_until" in record:
            from datetime import datetime

            try:
                until = datetime.fromisoformat(record["locked_until"])
            except (TypeError, ValueError):
                return None
            if datetime.now().astimezone() >= until:
                return None  # waited out: try again, whatever the password
            return (f"论坛暂时锁定了 {username} 的登录（论坛说：{record.get('said', '?')}），到 {until:%H:%M} 为止；"
                    "这不是密码错误的记录（可能有人用错误的密码试过这个账号），锁定结束后的第一次运行会自动再登录。")
        try:
            if self._mark(password, bytes.fromhex(record["salt"])) != record["mark"]:
                return None  # a new password: worth one try
        except (KeyError, ValueError):
            return None
        return (f"上次（{record.get('at', '?')}）以 {username} 登录被论坛拒绝（论坛说：{record.get('said', '?')}），"
                "之后没有改过密码：为免论坛锁定账号，这次不再尝试登录。请核对环境变量 BANSHA_PASSWORD 里的密码"
                "（或用 --cookies 导入浏览器的登录状态），改好后下一次运行会自动再试；确定密码没错、要原样再试一次，"
                f"请删除 {self.path}。")

    def refused(self, username: str, password: str, said: str) -> None:
        if self.path is None:
            return
        import secrets
        from datetime import datetime

        salt = secrets.token_bytes(8)
        self._write({"username": username, "said": said, "at": datetime.now().astimezone().isoformat(timespec="seconds"),
                     "salt": salt.hex(), "mark": self._mark(password, salt)})

    def _write(self, record: dict) -> None:
        import json
        import os

        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(record, handle, ensure_ascii=False)
        os.replace(tmp, self.path)

    def locked(self, username: str, minutes: int, said: str) -> str:
        """The forum's lock on the account, until when (no mark of any password: nothing was refused)."""
        from datetime import datetime, timedelta

        until = datetime.now().astimezone() + timedelta(minutes=minutes, seconds=30)
        if self.path is not None:
            self._write({"username": username, "said": said, "locked_until": until.isoformat(timespec="seconds")})
        return f"{until:%H:%M}"

    def clear(self) -> None:
        if self.path is not None and self.path.exists():
            self.path.unlink()

    def _read(self) -> dict | None:
        import json

        if self.path is None or not self.path.is_file():
            return None
        try:
            return json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError):
            return None


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


@dataclass(frozen=True)
class Identity:
    """Who the forum thinks we are. uid 0 = guest; `stale` = we hold an auth cookie the forum ignores."""

    uid: int
    username: str = ""
    stale: bool = False


_VWMY = re.compile(r'<strong class="vwmy[^"]*"><a [^>]*>([^<]+)</a>')
_WELCOME = "欢迎您回来"
_CAPTCHA_MARKERS = ("updateseccode(", "seccode_c", 'name="seccodeverify"')
_ILLEGAL = "非法字符"

CAPTCHA_ADVICE = (
    "论坛登录要填验证码，工具不能代填。请在浏览器里正常登录论坛，然后任选一种方式把登录状态交给 bansha：\n"
    "  1. --cookies-from-browser firefox（或 chrome、chromium、edge）：直接读取这台电脑上浏览器保存的 Cookie"
    "（浏览器里要已登录导演账号；Chrome 系列可能要先关闭浏览器）；\n"
    "  2. 用浏览器扩展导出 cookies.txt（Netscape 格式），然后 --cookies cookies.txt；\n"
    "  3. 按 F12 打开开发者工具 → 网络 → 点论坛里任一请求 → 请求头里的 Cookie，整行复制到一个文本文件，"
    "然后 --cookies 该文件。\n"
    "导入一次即可：之后的运行都沿用档案库旁边的 Cookie 文件，直到在浏览器里退出登录。"
)


def login_page_kind(text: str, tree: LexborHTMLParser | None = None) -> str:
    """What `member.php?mod=logging&action=login` answered: "form", "captcha" (a form we cannot fill),
    "welcome" (logged in already: a message page, no form) or "other"."""
    tree = tree or LexborHTMLParser(text)
    form = tree.css_first("form[name='login']") or tree.css_first("form[action*='loginsubmit']")
    if form is None:
        return "welcome" if _WELCOME in text else "other"
    return "captcha" if any(marker in text for marker in _CAPTCHA_MARKERS) else "form"


def whoami(client: ForumClient, base_url: str) -> Identity:
    """Read `discuz_uid` (and the name in the header bar) off the front page; never logs in."""
    page = client.get(urljoin(base_url, "forum.php?mobile=no"))
    text = page.body.decode(_charset(page.content_type, page.body), errors="replace")
    uid = reader_uid(text) or 0
    name = _VWMY.search(text)
    # Discuz keeps sending a stale `auth` cookie and renders the page as a guest, saying nothing.
    return Identity(uid, html.unescape(name.group(1)).strip() if name and uid else "",
                    stale=uid == 0 and bool(client.cookie("_auth")))


def current_uid(client: ForumClient, base_url: str) -> int:
    """Who the forum thinks we are: `discuz_uid` from a page's head script (0 = guest)."""
    return whoami(client, base_url).uid


def ensure_login(
    client: ForumClient,
    base_url: str,
    username: str | None,
    password: str | None,
    *,
    question_id: int = 0,
    answer: str = "",
    say=lambda _text: None,
    guard: Path | None = None,
    known_uid: int | None = None,
) -> Identity:
    """Make sure we are `username` (or anyone, when None), logging in only when the session isn't.

    A cron run's second start still holds the first run's cookies: asking for the login page then
    gets Discuz's 「欢迎您回来」 message, not a form. So look first, log in only if needed. `guard` is the
    file that keeps a refused login from being tried again unchanged (LoginGuard).
    """
    me = whoami(client, base_url)
    keeper = LoginGuard(guard)
    if me.uid and (not username or not me.username or me.username == username):
        keeper.clear()  # logged in (imported cookies, or a login by hand): nothing held any more
        return me
    if me.uid and known_uid and me.uid == known_uid:
        # the account `username` was (the archive's logins) under another name now: renamed on the forum — the number
        # stays, and the freed name may be somebody else's by now (issue 42, 2): keep the session, never log in by name
        keeper.clear()
        say(f"导演账号（uid={me.uid}）在论坛上已改名为「{me.username}」，不再是「{username}」：继续使用当前登录。"
            f"请把游戏文件的 directors 和 --login 改成「{me.username}」")
        return me
    if me.stale:
        say("保存的登录状态已失效（论坛把我们当作游客），重新登录。")
        client.forget("_auth")
    elif me.uid:
        say(f"当前登录的是 {me.username}，不是 {username}：退出后重新登录。")
        client.forget("_auth")
    if not username:
        if me.stale:
            raise AuthError("保存的登录状态已失效（Cookie 过期或账号改了密码）：请重新导入浏览器 Cookie（--cookies），或用 --login 账号 登录。")
        return me
    if password is None:
        raise AuthError(f"需要以 {username} 登录，但没有密码：请设置环境变量 BANSHA_PASSWORD，或在终端里运行一次。")
    held = keeper.held(username, password)
    if held:
        raise LoginHeld(held)
    try:
        uid = login(client, base_url, username, password, question_id=question_id, answer=answer)
    except LoginLocked as lock:
        until = keeper.locked(username, lock.minutes, str(lock))
        raise LoginHeld(f"论坛暂时锁定了 {username} 的登录（论坛说：{lock}）。这不是密码错误：可能有人用错误的密码试过这个账号。"
                        f"锁定到 {until} 左右，之后的第一次运行会自动再登录；在此之前不会再尝试（以免延长锁定）。") from None
    except LoginRefused as refusal:
        keeper.refused(username, password, str(refusal))
        raise LoginRefused(f"{refusal}。请核对 {username} 的密码（环境变量 BANSHA_PASSWORD）"
                           + ("：之后的运行不会再用这个密码登录（以免论坛锁定账号），改好密码后会自动再试。"
                              if guard else "。")) from None
    if known_uid and uid != known_uid:
        client.forget("_auth")  # someone else's account under the director's old name: never read or post as it
        raise AuthError(f"「{username}」现在是论坛上的 uid {uid}，不是以前用这个名字登录的导演账号（uid {known_uid}）："
                        f"导演账号可能改了名，这个名字被别人注册了。已退出，不会用它抓取或发帖；请用导演现在的用户名登录"
                        f"（--login），并改好游戏文件的 directors")
    keeper.clear()
    say(f"已登录：{username}（uid={uid}）")
    return Identity(uid, username)


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
    for attempt in range(2):
        page = client.get(form_url)
        charset = _charset(page.content_type, page.body)
        text = page.body.decode(charset, errors="replace")
        tree = LexborHTMLParser(text)
        kind = login_page_kind(text, tree)
        if kind == "welcome":  # already logged in: Discuz greets instead of asking
            return current_uid(client, base_url)
        if kind == "captcha":
            raise CaptchaRequired("论坛的登录页要求填写验证码。\n" + CAPTCHA_ADVICE)
        if kind != "form":
            box = tree.css_first("#messagetext p")
            said = f"（论坛说：{box.text(deep=True).strip()[:100]}）" if box else ""
            raise AuthError(f"登录页里没有找到登录表单{said}：论坛可能改了登录页模板。可以改用 --cookies 导入浏览器 Cookie。")
        form = tree.css_first("form[name='login']") or tree.css_first("form[action*='loginsubmit']")
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
        try:
            answer_page = client.post(urljoin(base_url, action + "&inajax=1"), data=fields, encoding=charset,
                                      headers={"Referer": form_url})
        except PostUncertain:
            # Logging in twice is harmless: if the lost answer carried our session, the form page
            # now greets us; if not, it asks again.
            if attempt == 0:
                continue
            raise AuthError("登录时论坛两次都没有回答（连接中断）：请检查网络或论坛是否可以访问，稍后再运行。") from None
        text = answer_page.body.decode(_charset(answer_page.content_type, answer_page.body), errors="replace")
        if answer_page.status == 503 and _ILLEGAL in text and attempt == 0:
            continue  # the formhash no longer matched the session: fetch the form again, once
        break
    m = _HANDLE.search(ajax_inner(text))
    if m is None and not text.lstrip().startswith("<?xml"):
        # Discuz answers an ajax login in XML whatever it says: a whole page is not its answer, and says nothing of the password
        raise AuthError(f"论坛对登录的回答不是 Discuz 的登录结果（{base_url} 回了一个普通页面）：请核对游戏文件 [game] 的 forum"
                        "（浏览器地址栏里 forum.php 之前的部分）。")
    if m is None or m.group(1) == "errorhandle_":
        message = (m.group(2) if m else LexborHTMLParser(text).text(deep=True).strip()[:200]).strip()
        if "验证码" in message:
            raise CaptchaRequired(f"论坛说：{message}。\n" + CAPTCHA_ADVICE)
        # Discuz's own words often start with 登录失败 already: don't say it twice.
        locked = _LOCKED.search(message)
        if locked:
            raise LoginLocked(message, int(locked.group(1)))
        if message.startswith("登录失败"):
            raise LoginRefused(message)
        raise LoginRefused(f"登录失败：{message}" if message else "登录失败（论坛没有说明原因）")
    uid = current_uid(client, base_url)
    if uid == 0:
        raise AuthError("论坛回答登录成功，但再次访问时仍是游客（Cookie 没有保存下来）。")
    client.save_cookies()
    return uid


def _charset(content_type: str | None, body: bytes) -> str:
    from .charset import declared_charset

    return declared_charset(body, content_type) or "utf-8"


BROWSERS = ("firefox", "chrome", "chromium", "edge", "brave", "opera", "vivaldi", "safari", "librewolf")


def cookies_from_browser(browser: str, domain: str) -> list[Cookie]:
    """The forum's cookies from a browser profile on this machine (as yt-dlp's --cookies-from-browser does).

    browser_cookie3 knows each browser's profile folders and decrypts Chromium's cookie store with the
    system keyring; it is imported here only, so no other command pays for it.
    """
    name, _, store = browser.strip().partition(":")  # firefox:/path/to/cookies.sqlite, as yt-dlp's BROWSER:PROFILE
    name = name.lower()
    if name not in BROWSERS:
        raise AuthError(f"不认识的浏览器「{browser}」：可选 {'、'.join(BROWSERS)}")
    try:
        import browser_cookie3
    except ImportError:  # pragma: no cover - it is a dependency; a broken install still gets words
        raise AuthError("读取浏览器 Cookie 需要 browser-cookie3：pip install browser-cookie3") from None
    host = domain.split(":")[0]
    try:
        jar = getattr(browser_cookie3, name)(domain_name=host, **({"cookie_file": store} if store else {}))
    except Exception as exc:  # noqa: BLE001 - the library raises many kinds (no profile, locked db, keyring)
        raise AuthError(f"读不到 {browser} 的 Cookie（{type(exc).__name__}：{exc}）：请确认这台电脑上装了该浏览器并登录过论坛；"
                        "Chrome 系列请先关闭浏览器再试，或改用 --cookies 导入 cookies.txt。") from None
    cookies = [c for c in jar if host.endswith(c.domain.lstrip("."))]
    if not any(c.name.endswith("_auth") for c in cookies):
        raise AuthError(f"{browser} 里没有 {host} 的登录 Cookie：请先在 {browser} 里登录论坛（勾选“自动登录”），再运行。")
    return cookies
