"""Logging in and the cookie session: saltkey, auth and formhash, the login page and the ajax login answers.

Held to discuz-x35/flows/ as tests/test_forum_contract.py replays it: login-when-logged-in (01–03, 05b, 10–11: the
form, the ajax and full-form logins, the greeting when logged in already), login-captcha (01, 03–05, 08: a seccode
nobody can pass), session-expired (02, 07–08: a changed password silently ends every auth cookie, the old one
brings them back). The GBK login of discuz-x35-gbk-flows/reply-outside-gbk/01–02 has the same shape (not replayed).
"""

from __future__ import annotations

import html
import secrets

from .shared import _ajax, _ajax_error, _frame, _Session


class Sessions:
    """The login side of DemoForum."""

    def expire_sessions(self, uid: int, password: str | None = None) -> str:
        """Change `uid`'s password: every `auth` cookie of that user stops working, silently, and
        works again if the old password is put back (flows/session-expired). Returns the old one."""
        user = self.users[uid]
        old, user.password = user.password, password or secrets.token_hex(8)
        return old

    def browser_session(self, uid: int) -> str:
        """The Cookie header of a browser logged in as `uid` (what a director copies from the developer tools)."""
        saltkey, token = secrets.token_hex(4), secrets.token_urlsafe(16)
        with self._lock:
            self._sessions[f"{saltkey}:{token}"] = (uid, self.users[uid].password)
        return f"{self.cookiepre}saltkey={saltkey}; {self.cookiepre}auth={token}"

    def _login_page(self, session: "_Session") -> str:
        if session.user:
            # Logged in already: Discuz greets instead of showing a form (flows/login-when-logged-in/03).
            return self._message_page(
                f"欢迎您回来，{session.user.group} {session.user.name}，现在将转入登录前页面", ok=True)
        loginhash = "L" + secrets.token_hex(2)
        seccode = ""
        if self.login_captcha:
            idhash = "c" + secrets.token_hex(4)
            seccode = (f'<span id="seccode_{idhash}"></span><script type="text/javascript" reload="1">'
                       f"updateseccode('{idhash}', '<div class=\"rfm\"><sec></div>', 'member::logging');</script>")
        form = (
            f'<form method="post" autocomplete="off" name="login" id="loginform_{loginhash}" class="cl" '
            f'action="member.php?mod=logging&amp;action=login&amp;loginsubmit=yes&amp;loginhash={loginhash}">'
            f'<input type="hidden" name="formhash" value="{session.formhash}" />'
            '<input type="hidden" name="referer" value="forum.php" />'
            '<input type="text" name="username" /><input type="password" name="password" />'
            '<select name="questionid"><option value="0">安全提问(未设置请忽略)</option></select>'
            f'<input type="text" name="answer" />{seccode}<button type="submit" name="loginsubmit" value="true">登录</button></form>'
        )
        return _frame(self, "登录", form, session)

    def _login(self, form: dict, session: "_Session", ajax: bool = True) -> str:
        def answer(ok: bool, message: str, script: str = "", after: str = "") -> str:
            if ajax:
                return _ajax(script, after=after) if ok else _ajax_error(message)
            shown = message or f"<script type=\"text/javascript\">{after}</script>"
            return self._message_page(shown, ok=ok, raw=not message)

        if session.user:
            # Logged in already (flows/login-when-logged-in/05b): Discuz greets again, with the uid.
            user = session.user
            welcome = f"欢迎您回来，{user.group} {html.escape(user.name)}，现在将转入登录前页面"
            return answer(True, welcome, f"succeedhandle_('{self.base_url}./', '{welcome}', "
                                         f"{{'username':'{html.escape(user.name)}','usergroup':'{user.group}','uid':'{user.uid}'}});")
        if self.login_captcha and not form.get("seccodeverify"):
            return answer(False, "抱歉，验证码填写错误")
        if self.login_captcha:
            return answer(False, "抱歉，验证码填写错误")  # a tool cannot read the picture: every guess is wrong here
        user = next((u for u in self.users.values() if u.name == form.get("username")), None)
        name = form.get("username") or ""
        if self.failed_logins.get(name, 0) >= 5:
            message = "密码错误次数过多，请 15 分钟后重新登录"
            return _ajax_error(message, "{'loginperm':'0'}") if ajax else self._message_page(message)
        if user is None or user.password != form.get("password"):
            self.failed_logins[name] = self.failed_logins.get(name, 0) + 1
            left = 5 - self.failed_logins[name]
            message = f"登录失败，您还可以尝试 {left} 次" if left else "密码错误次数过多，请 15 分钟后重新登录"
            if ajax:
                return _ajax_error(message, f"{{'loginperm':'{left}'}}")
            return self._message_page(message)
        session.log_in(user)
        # X3.5 answers the ajax login with an empty message; the greeting goes to a JS block (flows/…/02).
        greeting = f"$('succeedlocation').innerHTML = '欢迎您回来，{user.group} {html.escape(user.name)}，现在将转入登录前页面';"
        return answer(True, "", f"succeedhandle_('{self.base_url}./', '', {{}});", after=greeting)
