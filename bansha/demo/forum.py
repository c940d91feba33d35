"""A small Discuz!-like forum on 127.0.0.1, for the tests and for `bansha demo`.

It serves what a real Discuz! X3.5 serves, in the same shapes (see ../shared/fixtures/discuz-x35):
desktop thread pages, the mobile API's viewthread JSON, the ajax login flow with saltkey/auth
cookies and formhash, fast replies, and the forum's refusal pages. Faults can be queued to prove
that the client retries, gives clear errors and resumes: timeouts, 5xx, 429, cut connections, cut
pages, the CC protection page, the anti-scraping script, login walls.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable
from urllib.parse import parse_qs, urlsplit

from .serving import Background

TZ = timezone(timedelta(hours=8))


@dataclass
class User:
    uid: int
    name: str
    password: str
    group: str = "注册会员"
    banned: bool = False
    moderator: bool = False  # sees 回帖仅作者可见 replies (with the notice box), like Discuz's admin


@dataclass
class Post:
    pid: int
    tid: int
    uid: int
    author: str
    dateline: int
    bbcode: str
    hidden: bool = False  # 屏蔽 by a moderator
    pending: bool = False  # held for moderation (invisible = -2): shown to nobody; the API keeps its position
    position: int = 0  # the floor; Discuz assigns it at posting time, so a held post keeps its number
    smileyoff: bool = False  # 禁用表情: without it Discuz turns :) and the like into smiley images
    recycled: bool = False  # deleted by a moderator into the recycle bin (invisible = -5): shown to nobody, still
    #                         found by findpost and editable by its author — and an edit makes it visible again


@dataclass
class Thread:
    tid: int
    fid: int
    subject: str
    posts: list[Post] = field(default_factory=list)
    members_only: bool = False
    closed: bool = False
    hidden_replies: bool = False  # 回帖仅作者可见: only the thread author (and moderators) read the replies
    moderated: bool = False  # replies wait for a moderator (modnewposts = 2)
    just_held: bool = False  # Discuz redirects the first view after a held reply to the same URL (302)


@dataclass
class Fault:
    """A misbehaviour served instead of the next matching request(s)."""

    kind: str  # timeout | drop | cut | status | cc | dsign | login | truncated_html | waf | stale_form | flood
    match: str = ""  # substring of the request path+query; "" matches anything
    times: int = 1
    status: int = 502
    retry_after: str | None = None
    delay: float = 2.0


class DemoForum:
    def __init__(
        self,
        *,
        name: str = "演示版杀论坛",
        charset: str = "utf-8",
        ppp: int = 10,
        cookiepre: str = "Dm0_2132_",
        clock: Callable[[], datetime] | None = None,
        floodctrl: int = 0,
        captcha: bool = False,
        login_captcha: bool = False,
        rewrite: bool = False,
        latency: float = 0.0,
    ):
        self.name = name
        self.charset = charset
        self.ppp = ppp
        self.cookiepre = cookiepre
        self.clock = clock or (lambda: datetime.now(TZ))
        self.floodctrl = floodctrl
        self.captcha = captcha  # the forum asks every reply for a captcha (a tool cannot solve it)
        self.login_captcha = login_captcha  # X3.5 installs with a captcha on login (seccode rule login.allow)
        self.rewrite = rewrite  # URL rewrite: thread-{tid}-{page}-1.html links, both URL shapes served
        self.maxpostsize = 10_000  # Discuz's default 帖子最大字数, counted as dstrlen counts
        self.latency = latency  # seconds added to every answer: lets crash tests kill a run mid-way
        self.users: dict[int, User] = {}
        self.threads: dict[int, Thread] = {}
        self.faults: list[Fault] = []
        self.requests: list[tuple[str, str]] = []  # (method, path?query) of every request served
        # auth token → (uid, password at login): valid only with its saltkey and while the password stands
        self._sessions: dict[str, tuple[int, str]] = {}
        self._next_pid = 1
        self._lock = threading.RLock()
        self._local = threading.local()
        self._server: ThreadingHTTPServer | None = None
        self._last_reply: dict[int, float] = {}
        self.edits = 0
        # UCenter counts failed logins per account: 5 within 15 minutes and even the right password is refused.
        self.failed_logins: dict[str, int] = {}
        self.files: dict[str, tuple[bytes, str]] = {}  # path → (bytes, content type): images and attachments
        self.on_change: Callable[[], None] | None = None  # called after every POST (bansha demo keeps its forum)

    # -- content ----------------------------------------------------------------------------------

    def add_user(self, uid: int, name: str, password: str = "demo-pass", **kw) -> User:
        self.users[uid] = User(uid, name, password, **kw)
        return self.users[uid]

    def add_thread(self, tid: int, subject: str, fid: int = 3, **kw) -> Thread:
        self.threads[tid] = Thread(tid, fid, subject, **kw)
        return self.threads[tid]

    def add_post(self, tid: int, uid: int, bbcode: str, when: datetime | int | None = None, *, pid: int | None = None,
                 **kw) -> Post:
        with self._lock:
            if pid is not None:
                self._next_pid = pid
            when = when or self.clock()
            dateline = when if isinstance(when, int) else int(when.timestamp())
            thread = self.threads[tid]
            post = Post(self._next_pid, tid, uid, self.users[uid].name, dateline, bbcode, position=len(thread.posts) + 1, **kw)
            self._next_pid += 1
            thread.posts.append(post)
            return post

    def unpost(self, tid: int, gone) -> None:
        """Shape a thread as if the posts `gone(post)` picks had never been made: the floors close up (a post
        deleted after it was made leaves its floor empty instead — remove it from `posts` for that)."""
        thread = self.threads[tid]
        thread.posts = [p for p in thread.posts if not gone(p)]
        for number, post in enumerate(thread.posts, start=1):
            post.position = number

    def recycle(self, pid: int) -> None:
        """A moderator deletes a reply into the recycle bin (回收站) — a held one too, from the 审核 list."""
        post = self.find_post(pid)
        post.recycled, post.pending = True, False

    def approve(self, pid: int) -> None:
        """A moderator passes a held reply (审核): it appears at the floor it was given."""
        self.find_post(pid).pending = False

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

    def thread_url(self, tid: int, page: int = 1) -> str:
        """A thread page's address as the forum itself links it (rewritten when URL rewrite is on)."""
        if self.rewrite:
            return f"thread-{tid}-{page}-1.html"
        return f"forum.php?mod=viewthread&tid={tid}" + (f"&amp;extra=&amp;page={page}" if page > 1 else "")

    def quote_bbcode(self, pid: int) -> str:
        """The BBCode Discuz prepends to a quote-reply of `pid` (the hidden noticetrimstr)."""
        post = self.find_post(pid)
        stamp = datetime.fromtimestamp(post.dateline, TZ).strftime("%Y-%m-%d %H:%M").replace("-0", "-")
        text = _strip_bbcode(re.sub(r"\[quote\].*?\[/quote\]", "", post.bbcode, flags=re.S)).strip()
        return (
            f"[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid={pid}&ptid={post.tid}]"
            f"[color=#999999]{post.author} 发表于 {stamp}[/color][/url][/size]\n{text[:100]}[/quote]"
        )

    def find_post(self, pid: int) -> Post:
        for thread in self.threads.values():
            for post in thread.posts:
                if post.pid == pid:
                    return post
        raise KeyError(pid)

    # -- server -----------------------------------------------------------------------------------

    # -- kept between runs (bansha demo --db / --serve) ----------------------------------------------

    def snapshot(self) -> dict:
        """The forum's content as plain data: what a later demo run starts from."""
        from dataclasses import asdict

        with self._lock:
            return {"threads": [asdict(t) for t in self.threads.values()], "next_pid": self._next_pid, "edits": self.edits,
                    "port": self._server.server_address[1] if self._server else None}

    def save(self, path) -> None:
        import os

        tmp = f"{path}.tmp"
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(self.snapshot(), handle, ensure_ascii=False)
        os.replace(tmp, path)

    def restore(self, data: dict) -> None:
        """Posts made in an earlier run (our result posts among them) come back at their pids and floors."""
        with self._lock:
            for t in data.get("threads", []):
                posts = [Post(**post) for post in t.pop("posts", [])]
                self.threads[t["tid"]] = Thread(**t, posts=posts)
            self._next_pid = data.get("next_pid", self._next_pid)
            self.edits = data.get("edits", 0)

    def start(self, port: int = 0) -> str:
        forum = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # keep test output clean
                pass

            def do_GET(self):
                forum._handle(self, "GET", b"")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                forum._handle(self, "POST", self.rfile.read(length))
                if forum.on_change is not None:
                    forum.on_change()

        class Server(ThreadingHTTPServer):
            def handle_error(self, request, client_address):  # a client that hung up is not an error here
                import sys

                if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
                    super().handle_error(request, client_address)

        self._server = Server(("127.0.0.1", port), Handler)
        self._server.daemon_threads = True
        self._running = Background(self._server)
        return self.base_url

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def stop(self) -> None:
        if self._server:
            self._running.stop()
            self._server = None

    def __enter__(self) -> "DemoForum":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def count(self, needle: str, method: str | None = None) -> int:
        """How many served requests contained `needle` in their path and query."""
        return sum(1 for m, p in self.requests if needle in p and (method is None or m == method))

    # -- request handling -------------------------------------------------------------------------

    def _handle(self, h: BaseHTTPRequestHandler, method: str, body: bytes) -> None:
        if self.latency:
            time.sleep(self.latency)
        with self._lock:
            self.requests.append((method, h.path))
            fault = self._take_fault(h.path)
        if fault and self._serve_fault(h, fault):
            return
        parts = urlsplit(h.path)
        q = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        # A GBK forum's form fields arrive percent-encoded in GBK, as browsers send them.
        form = {k: v[0] for k, v in parse_qs(body.decode("ascii", errors="replace"), encoding=self._py_charset).items()}
        cookies = _parse_cookies(h.headers.get("Cookie", ""))
        session = _Session(self, cookies)
        self._local.session = session  # message pages, like every Discuz page, say who is reading
        cut = fault is not None and fault.kind == "truncated_html"

        def send(status: int, text: str, session: _Session, ctype: str = "text/html") -> None:
            self._send(h, status, text[: len(text) // 2] if cut else text, session, ctype)

        if fault and fault.kind == "login":
            return send(200, self._message_page("抱歉，您尚未登录，没有权限访问该版块"), session)
        path = parts.path
        ajax = q.get("inajax") == "1"
        if rewritten := _REWRITTEN.search(path):
            # Discuz's sample rewrite rules: thread-{tid}-{page}-{prevpage}.html → viewthread.
            path, q = "/forum.php", {"mod": "viewthread", "tid": rewritten.group(1), "page": rewritten.group(2)}
        if method == "POST" and form.get("formhash") is not None and form.get("formhash") != session.formhash:
            # X3.5 answers a formhash that no longer matches the session with a 503 System Error page,
            # in HTML even to an ajax request (flows/login-when-logged-in/05, session-expired/04–05).
            return self._raw(h, 503, self._encode(_system_error("您当前的访问请求当中含有非法字符，已经被系统拒绝")),
                             "text/html", {"Retry-After": "3600"})
        if path.endswith("/api/mobile/index.php"):
            return send(200, self._api(q, session), session, "application/json")
        if path.endswith("/member.php") and q.get("mod") == "logging":
            if method == "POST" and q.get("loginsubmit") == "yes":
                return send(200, self._login(form, session, ajax), session, "text/xml" if ajax else "text/html")
            if ajax and session.user:  # the float login asked while logged in: a succeed handler, no form
                user = session.user
                welcome = f"欢迎您回来，{user.group} {html.escape(user.name)}，现在将转入登录前页面"
                return send(200, _ajax(f"succeedhandle_login('{self.base_url}forum.php', '{welcome}', "
                                       f"{{'username':'{html.escape(user.name)}','usergroup':'{user.group}','uid':'{user.uid}'}});",
                                       handle="login"), session, "text/xml")
            return send(200, self._login_page(session), session)
        if path.endswith("/misc.php") and q.get("mod") == "seccode":
            return send(200, "document.write('<input name=\"seccodeverify\" />');", session, "application/javascript")
        if path.endswith("/forum.php") and q.get("mod") == "post" and q.get("action") == "reply":
            if method == "POST" and q.get("replysubmit") == "yes":
                status, answer, location = self._reply(q, form, session, ajax)
                return self._answer(h, status, answer, session, location, ajax)
        if path.endswith("/forum.php") and q.get("mod") == "post" and q.get("action") == "edit":
            if method == "POST" and q.get("editsubmit") == "yes":
                status, answer, location = self._edit(form, session, ajax)
                return self._answer(h, status, answer, session, location, ajax)
            page = self._edit_form(q, session)
            if ajax:  # the float editor is the whole editor page inside the ajax envelope (flows/edit-post/06)
                return send(200, f'<?xml version="1.0" encoding="utf-8"?>\n<root><![CDATA[{page}]]></root>', session, "text/xml")
            return send(200, page, session)
        if path.endswith("/forum.php") and q.get("mod") == "redirect" and q.get("goto") == "findpost":
            return self._findpost(h, q, session)
        if path.endswith("/forum.php") and q.get("mod") == "viewthread":
            thread = self.threads.get(int(q.get("tid") or 0) if (q.get("tid") or "").isdigit() else 0)
            if thread is not None and thread.just_held:
                # The first view after a held reply: Discuz notes it and redirects to the same URL.
                thread.just_held = False
                return self._raw(h, 302, b"", "text/html", {"Location": f"{self.base_url}{h.path.lstrip('/')}"})
            status, page = self._viewthread(q, session)
            return send(status, page, session)
        if path.endswith("/home.php") and q.get("mod") == "space" and q.get("do") == "thread" and q.get("view") == "me":
            return send(200, self._my_posts(q, session), session)
        if path in self.files:
            data, ctype = self.files[path]
            return self._raw(h, 200, data, ctype)
        if path.endswith("/forum.php") or path == "/":
            return send(200, self._index(session), session)
        return send(404, self._message_page("抱歉，您访问的页面不存在"), session)

    def _answer(self, h, status: int, text: str, session: "_Session", location: str | None, ajax: bool) -> None:
        """A reply or edit answer: a 301 with Discuz's lowercase, relative `location:`, an ajax XML or a message page."""
        headers = {"Set-Cookie": session.set_cookies()}
        if location is not None:
            headers["location"] = location
            return self._raw(h, 301, b"", "text/html", headers)
        self._raw(h, status, self._encode(text), "text/xml" if ajax else "text/html", headers)

    def _findpost(self, h, q: dict, session: "_Session") -> None:
        """forum.php?mod=redirect&goto=findpost: a 302 to the page that holds the post (as every quote link uses)."""
        try:
            post = self.find_post(int(q.get("pid") or 0))
        except (KeyError, ValueError):
            return self._send(h, 200, self._message_page("抱歉，指定的帖子不存在或已被删除或正在被审核"), session)
        thread = self.threads[post.tid]
        visible = self.shown_posts(thread)
        page = (visible.index(post) // self.ppp) + 1 if post in visible else 1
        location = f"forum.php?mod=viewthread&tid={post.tid}&page={page}#pid{post.pid}"
        self._raw(h, 302, b"", "text/html", {"Set-Cookie": session.set_cookies(), "location": location})

    @property
    def _py_charset(self) -> str:
        return "gb18030" if self.charset.lower() in ("gbk", "gb2312", "gb18030") else self.charset

    def _take_fault(self, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.match in path and fault.times > 0:
                fault.times -= 1
                if fault.times == 0:
                    self.faults.remove(fault)
                return fault
        return None

    def _serve_fault(self, h: BaseHTTPRequestHandler, fault: Fault) -> bool:
        if fault.kind == "timeout":
            time.sleep(fault.delay)
            _close(h)
            return True
        if fault.kind == "drop":
            _close(h)
            return True
        if fault.kind == "status":
            headers = {"Retry-After": fault.retry_after} if fault.retry_after else {}
            self._raw(h, fault.status, b"<html><body><h1>Bad Gateway</h1></body></html>", "text/html", headers)
            return True
        if fault.kind == "cut":
            # Promise the whole page, send half, hang up: a truncated transfer.
            body = self._encode(self._message_page("x" * 4000))
            h.send_response(200)
            h.send_header("Content-Type", f"text/html; charset={self.charset}")
            h.send_header("Content-Length", str(len(body)))
            h.end_headers()
            h.wfile.write(body[: len(body) // 2])
            h.wfile.flush()
            _close(h)
            return True
        if fault.kind == "cc":
            self._raw(h, 200, self._encode(self._message_page("您访问本站速度过快或者刷新间隔时间小于两秒！")), "text/html")
            return True
        if fault.kind == "dsign":
            script = "<script type=\"text/javascript\">location.replace(location.href+'&_dsign=5e1f0a');</script>"
            self._raw(h, 200, script.encode(), "text/html")
            return True
        if fault.kind == "stale_form":
            # What X3.5 answers a POST whose formhash no longer matches the session (flows/session-expired/04).
            self._raw(h, 503, self._encode(_system_error("您当前的访问请求当中含有非法字符，已经被系统拒绝")), "text/html",
                      {"Retry-After": "3600"})
            return True
        if fault.kind == "flood":
            # The refusal _reply gives inside the flood-control window (reply-post/06), `delay` seconds of it: a
            # director who just posted by hand, however long the run took to get here.
            seconds = int(fault.delay)
            handle = parse_qs(urlsplit(h.path).query).get("handlekey", [""])[0]
            self._raw(h, 200, self._encode(_ajax_error(f"抱歉，您两次发表间隔少于 {seconds} 秒，请稍候再发表",
                                                       f"{{'floodctrl':'{seconds}'}}", handle)), "text/xml")
            return True
        if fault.kind == "waf":
            page = "<html><head><title>访问被拦截</title></head><body>请求过于频繁，已被 Web应用防火墙 拦截</body></html>"
            self._raw(h, 403, page.encode("utf-8"), "text/html")
            return True
        return False  # "login" and "truncated_html" are served by the normal path

    def _send(self, h, status: int, text: str, session: "_Session", ctype: str = "text/html") -> None:
        body = self._encode(text)
        headers = {"Set-Cookie": session.set_cookies()}
        self._raw(h, status, body, ctype, headers)

    def _raw(self, h, status: int, body: bytes, ctype: str, headers: dict | None = None) -> None:
        h.send_response(status)
        charset = "utf-8" if ctype == "application/json" else self.charset
        h.send_header("Content-Type", f"{ctype}; charset={charset}")
        h.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            for v in value if isinstance(value, list) else [value]:
                h.send_header(name, v)
        h.end_headers()
        h.wfile.write(body)

    def _encode(self, text: str) -> bytes:
        return text.encode(self._py_charset, errors="xmlcharrefreplace")

    # -- pages ------------------------------------------------------------------------------------

    def _visible(self, thread: Thread, session: "_Session") -> str | None:
        if thread.members_only and not session.uid:
            return "抱歉，您尚未登录，没有权限访问该版块"
        return None

    def shown_posts(self, thread: Thread) -> list[Post]:
        """What a thread lists: held and recycled posts are shown to nobody, not even their author or a moderator."""
        return [p for p in thread.posts if not p.pending and not p.recycled]

    def locked_for(self, thread: Thread, post: Post, session: "_Session") -> bool:
        """回帖仅作者可见: a reply is readable by its author, the thread's author and moderators only."""
        if not thread.hidden_replies or post.position == 1:
            return False
        reader = session.user
        return not (reader and (reader.uid in (post.uid, thread.posts[0].uid) or reader.moderator))

    def _viewthread(self, q: dict, session: "_Session") -> tuple[int, str]:
        tid = int(q.get("tid") or 0) if (q.get("tid") or "").isdigit() else 0
        thread = self.threads.get(tid)
        if thread is None:
            return 404, self._message_page("抱歉，指定的主题不存在或已被删除或正在被审核")
        refusal = self._visible(thread, session)
        if refusal:
            return 200, self._message_page(refusal)
        shown = self.shown_posts(thread)
        last = max(1, -(-len(shown) // self.ppp))
        page = min(max(1, int(q.get("page") or 1)), last)  # Discuz clamps pages past the end
        posts = shown[(page - 1) * self.ppp : page * self.ppp]
        return 200, render_thread_page(self, thread, page, last, posts, session)

    def _api(self, q: dict, session: "_Session") -> str:
        variables = {
            "cookiepre": self.cookiepre, "auth": None, "saltkey": session.saltkey,
            "member_uid": str(session.uid), "member_username": session.user.name if session.user else "",
            "formhash": session.formhash, "ismoderator": "0", "readaccess": "1",
        }
        if q.get("module") == "profile" and session.uid:
            variables["space"] = {"uid": str(session.uid), "username": session.user.name}
            return json.dumps({"Version": "4", "Charset": "UTF-8", "Variables": variables}, ensure_ascii=False)
        if q.get("module") != "viewthread":
            return json.dumps({"error": "module_not_exists"})
        tid = int(q.get("tid") or 0)
        thread = self.threads.get(tid)
        message = None
        if thread is None:
            message = {"messageval": "thread_nonexistence", "messagestr": "mobile:thread_nonexistence"}
        elif self._visible(thread, session):
            message = {"messageval": "viewperm_login_nopermission//1", "messagestr": "mobile:viewperm_login_nopermission"}
        if message:
            variables.update(thread={"allreplies": "0"}, fid="0", postlist=[])
            return json.dumps({"Version": "4", "Charset": "UTF-8", "Variables": variables, "Message": message})
        shown = self.shown_posts(thread)
        ppp = int(q.get("ppp") or self.ppp)
        last = max(1, -(-len(shown) // ppp))
        page = min(max(1, int(q.get("page") or 1)), last)
        postlist = []
        for post in shown[(page - 1) * ppp : page * ppp]:
            user = self.users[post.uid]
            message_html = render_bbcode(post.bbcode, api=True, smileyoff=post.smileyoff)
            if post.hidden:
                message_html = "提示: <em>该帖被管理员或版主屏蔽</em>"
            elif user.banned:
                message_html = "提示: <em>作者被禁止或删除 内容自动屏蔽</em>"
            elif self.locked_for(thread, post, session):
                message_html = "该帖仅作者可见"  # the API says 该, the desktop page 此
            postlist.append({
                "pid": str(post.pid), "tid": str(tid), "first": "1" if post.position == 1 else "0",
                "author": post.author, "authorid": str(post.uid),
                "dateline": datetime.fromtimestamp(post.dateline, TZ).strftime("%Y-%m-%d %H:%M:%S"),
                "dbdateline": str(post.dateline), "message": message_html.replace("&", "&amp;"),
                "status": "1" if post.hidden else "0", "position": str(post.position), "number": str(post.position),
                "username": post.author, "groupid": "4" if user.banned else "10", "anonymous": "0",
            })
        variables.update(
            thread={"tid": str(tid), "fid": str(thread.fid), "subject": thread.subject,
                    "replies": str(len(shown) - 1), "maxposition": str(len(thread.posts))},
            fid=str(thread.fid), postlist=postlist, ppp=str(ppp),
        )
        return json.dumps({"Version": "4", "Charset": "UTF-8", "Variables": variables}, ensure_ascii=False)

    def _my_posts(self, q: dict, session: "_Session") -> str:
        """「我的帖子 → 回复」 as X3.5 renders it (fixtures/dzlab): with filter=aduit the reader's own replies that
        wait for 审核, under their threads, each linked through findpost; any member sees their own."""
        if not session.user:
            return self._message_page("抱歉，您尚未登录，无法进行此操作")
        held, selected = q.get("filter") == "aduit", ' class="a"'
        mine = [p for t in self.threads.values() for p in t.posts if p.uid == session.uid and p.position > 1
                and (not held or (p.pending and not p.recycled))]
        filters = "".join(
            f'<span class="pipe">|</span><a href="home.php?mod=space&amp;do=thread&amp;view=me&amp;type=reply&amp;from=&amp;'
            f'filter={key}"{selected if q.get("filter") == key else " "}>{words}</a>'
            for key, words in (("common", "已发表"), ("save", "草稿"), ("close", "已关闭"), ("aduit", "待审核"),
                               ("ignored", "已忽略"), ("recyclebin", "回收站")))
        rows = []
        for tid in dict.fromkeys(p.tid for p in mine):
            thread = self.threads[tid]
            rows.append(f'<tr class="bw0_all"><td class="icn"></td><th><a href="forum.php?mod=redirect&amp;goto=findpost&amp;'
                        f'ptid={tid}&amp;pid=" target="_blank">{html.escape(thread.subject)}</a></th></tr>')
            rows += [f'<tr><td colspan="5" class="xg1">&nbsp;<a href="forum.php?mod=redirect&amp;goto=findpost&amp;ptid={tid}'
                     f'&amp;pid={p.pid}" target="_blank">{html.escape(_strip_bbcode(p.bbcode)[:100])}</a></td></tr>'
                     for p in mine if p.tid == tid]
        rows = rows or ['<tr><td colspan="5"><p class="emp">还没有相关的帖子</p></td></tr>']
        content = (
            f'<p class="tbmu bw0"><span class="y"><a href="home.php?mod=space&amp;uid={session.uid}&amp;do=thread&amp;view=me&amp;'
            f'type=reply&amp;from=&amp;filter=" >全部</a>{filters}</span>'
            '<a href="home.php?mod=space&amp;do=thread&amp;view=me&amp;type=thread" >主题</a><span class="pipe">|</span>'
            '<a href="home.php?mod=space&amp;do=thread&amp;view=me&amp;type=reply"  class="a">回复</a></p>'
            '<div class="tl"><form method="post" autocomplete="off" name="delform" id="delform" action="home.php?mod=space&amp;'
            f'do=thread&amp;view=all&amp;order=dateline"><input type="hidden" name="formhash" value="{session.formhash}" />'
            f'<table cellspacing="0" cellpadding="0">{"".join(rows)}</table></form></div>'
        )
        return _frame(self, f"{session.user.name}的帖子", content, session)

    def _index(self, session: "_Session") -> str:
        links = "".join(
            f'<li><a href="{self.thread_url(t.tid)}">{html.escape(t.subject)}</a></li>'
            for t in self.threads.values()
        )
        if session.user:
            bar = (f'<strong class="vwmy"><a href="home.php?mod=space&amp;uid={session.uid}" target="_blank" '
                   f'title="访问我的空间">{html.escape(session.user.name)}</a></strong>')
        else:
            bar = '<a href="member.php?mod=logging&amp;action=login">登录</a>'
        return _frame(self, "首页", f'<div id="um">{bar}</div><ul>{links}</ul>', session)

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

    def _reply(self, q: dict, form: dict, session: "_Session", ajax: bool) -> tuple[int, str, str | None]:
        """A reply: ajax → succeedhandle_fastpost / errorhandle_fastpost; full form → 301 or a message page."""
        handle = q.get("handlekey") or ""
        tid = int(q.get("tid") or 0)
        thread = self.threads.get(tid)

        def refuse(message: str, extra: str = "{}") -> tuple[int, str, None]:
            return 200, (_ajax_error(message, extra, handle) if ajax else self._message_page(message)), None

        if not session.uid:
            return refuse("抱歉，您尚未登录，没有权限在该版块回帖")
        if thread is None:
            return refuse("抱歉，指定的主题不存在或已被删除或正在被审核")
        if thread.closed:
            return refuse("抱歉，本主题已关闭，不再接受新内容")
        if self.captcha:
            return refuse("抱歉，验证码填写错误")
        message = form.get("message", "")
        if len(message.encode(self._py_charset, errors="replace")) < 10:
            return refuse("抱歉，您的帖子小于 10 个字符的限制")
        if _dstrlen(message) > self.maxpostsize:
            return refuse(f"抱歉，您的帖子超过 {self.maxpostsize} 个字符的限制")
        now = time.monotonic()
        if self.floodctrl and now - self._last_reply.get(session.uid, -1e9) < self.floodctrl:
            return refuse(f"抱歉，您两次发表间隔少于 {self.floodctrl} 秒，请稍候再发表", f"{{'floodctrl':'{self.floodctrl}'}}")
        self._last_reply[session.uid] = now
        trim = form.get("noticetrimstr", "")
        post = self.add_post(tid, session.uid, (trim + "\n\n" if trim else "") + message, pending=thread.moderated,
                             smileyoff=form.get("smileyoff") == "1")
        if thread.moderated:
            thread.just_held = True
            said = "回复需要审核，请等待通过"
            if ajax:
                return 200, _ajax(f"succeedhandle_{handle}('forum.php?mod=viewthread&tid={tid}', '{said}', "
                                  f"{{'fid':'{thread.fid}','tid':'{tid}','pid':'{post.pid}','from':'','sechash':'','reply_mod':'1'}});",
                                  handle=handle), None
            return 200, self._message_page(said, ok=True, go=f"forum.php?mod=viewthread&tid={tid}"), None
        page = -(-len(self.shown_posts(thread)) // self.ppp)
        target = f"forum.php?mod=viewthread&tid={tid}&pid={post.pid}&page={page}&extra=#pid{post.pid}"
        if not ajax:
            return 301, "", target
        return 200, _ajax(
            f"succeedhandle_{handle}('{target}', '非常感谢，回复发布成功，现在将转入主题页，请稍候……[ 点击这里转入主题列表 ]', "
            f"{{'fid':'{thread.fid}','tid':'{tid}','pid':'{post.pid}','from':'','sechash':''}});", handle=handle), None

    def _edit_form(self, q: dict, session: "_Session") -> str:
        pid = int(q.get("pid") or 0)
        try:
            post = self.find_post(pid)
        except KeyError:
            return self._message_page("抱歉，指定的帖子不存在")
        if not session.uid:
            return self._message_page("抱歉，您尚未登录，没有权限编辑帖子")
        thread = self.threads[post.tid]
        if post.uid != session.uid and not session.user.moderator:
            return self._message_page("抱歉，您没有权限编辑他人发表的帖子")
        if thread.closed:
            return self._message_page("抱歉，本主题已关闭，不再接受新内容")
        form = (
            f'<form method="post" id="postform" action="forum.php?mod=post&amp;action=edit&amp;extra=&amp;editsubmit=yes">'
            f'<input type="hidden" name="formhash" id="formhash" value="{session.formhash}" />'
            f'<input type="hidden" name="posttime" id="posttime" value="{int(time.time())}" />'
            '<input type="hidden" name="delattachop" id="delattachop" value="0" />'
            '<input type="hidden" name="wysiwyg" id="e_mode" value="1" />'
            f'<input type="hidden" name="fid" id="fid" value="{thread.fid}" /><input type="hidden" name="tid" value="{thread.tid}" />'
            f'<input type="hidden" name="pid" value="{pid}" /><input type="hidden" name="page" value="{q.get("page") or 1}" />'
            f'<input type="text" name="subject" id="subject" value="" />'
            f'<textarea name="message" id="e_textarea">{html.escape(post.bbcode)}</textarea></form>'
        )
        return _frame(self, "编辑帖子", form, session)

    def _edit(self, form: dict, session: "_Session", ajax: bool) -> tuple[int, str, str | None]:
        """An edit: 301 to the thread with the pid only in the fragment; ajax → succeedhandle_ (flows/edit-post)."""
        def refuse(message: str) -> tuple[int, str, None]:
            return 200, (_ajax_error(message) if ajax else self._message_page(message)), None

        try:
            post = self.find_post(int(form.get("pid") or 0))
        except (KeyError, ValueError):
            return refuse("抱歉，指定的帖子不存在")
        thread = self.threads[post.tid]
        if post.uid != session.uid and not (session.user and session.user.moderator):
            # A 版主 may edit anyone's post (post_editpost.php: ismoderator with alloweditpost); the stamp names them.
            return refuse("抱歉，您没有权限编辑他人发表的帖子")
        if thread.closed:
            return refuse("抱歉，本主题已关闭，不再接受新内容")
        message = form.get("message", "")
        if _dstrlen(message) > self.maxpostsize:
            return refuse(f"抱歉，您的帖子超过 {self.maxpostsize} 个字符的限制")
        if form.get("wysiwyg") == "1":
            message = re.sub(r"\n", "", message)  # html2bbcode: the rich editor's newlines are not line breaks
        if time.time() - post.dateline > 60:
            stamp = self.clock().strftime("%Y-%m-%d %H:%M").replace("-0", "-")
            message = f"[i=s] 本帖最后由 {session.user.name} 于 {stamp} 编辑 [/i]\n\n" + re.sub(r"^\[i=s\].*?\[/i\]\s*", "", message)
        post.bbcode = message
        post.smileyoff = form.get("smileyoff") == "1"
        post.recycled = False  # model_forum_post::editpost sets invisible to 0 (or -2): out of the recycle bin
        self.edits += 1
        if thread.moderated and not session.user.moderator:
            # modnewposts = 2 holds edits too (seen on a real X3.5): the post is invisible until passed.
            post.pending = True
            return 200, self._message_page("编辑后的回复需要审核，请等待审核通过", ok=True,
                                           go=f"forum.php?mod=forumdisplay&fid={thread.fid}"), None
        page = form.get("page") or "1"
        target = f"forum.php?mod=viewthread&tid={thread.tid}&page={page}&extra=#pid{post.pid}"
        if ajax:
            return 200, _ajax(f"succeedhandle_('{target}', '帖子编辑成功，现在将转入主题页，请稍候……[ 点击这里转入主题列表 ]', "
                              f"{{'fid':'{thread.fid}','tid':'{thread.tid}','pid':'{post.pid}'}});"), None
        return 301, "", target

    def _message_page(self, message: str, ok: bool = False, raw: bool = False, go: str | None = None) -> str:
        """Discuz's 提示信息 page; with `go` the redirect Discuz writes inside the sentence and the link under it
        (flows/moderated: 回复需要审核, and 编辑后的回复需要审核 as a real X3.5 answers an edit)."""
        kind = "alert_right" if ok else "alert_error"
        uid = getattr(getattr(self._local, "session", None), "uid", 0)
        said = message if raw else html.escape(message)
        if go:
            said += (f'<script type="text/javascript" reload="1">setTimeout("window.location.href =\'{go}\';", 2000);</script>'
                     f'</p>\n<p class="alert_btnleft"><a href="{go}">如果您的浏览器没有自动跳转，请点击此链接</a>')
        return (
            f'<!DOCTYPE html><html><head><meta charset="{self.charset}" /><title>提示信息 - {self.name}</title>'
            f"<script type=\"text/javascript\">var charset = '{self.charset}', discuz_uid = '{uid}', "
            f"cookiepre = '{self.cookiepre}';</script></head>"
            f'<body><div id="messagetext" class="{kind}">\n<p>{said}</p>\n</div></body></html>'
        )


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


def _close(h: BaseHTTPRequestHandler) -> None:
    h.close_connection = True
    try:
        h.connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _parse_cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            out[name] = value
    return out


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


def _dstrlen(text: str) -> int:
    """Discuz's dstrlen on a UTF-8 site: a non-ASCII character counts 2."""
    return sum(2 if ord(ch) > 127 else 1 for ch in text)


def _system_error(message: str) -> str:
    """Discuz's System Error page (what `request_tainting` answers, with HTTP 503)."""
    return (
        '<!DOCTYPE html>\n<html>\n<head>\n\t<title>System Error</title>\n\t<meta charset="utf-8" />\n</head>\n<body>\n'
        f'<div id="container">\n<h1>Discuz! System Error</h1>\n<div class="info">{html.escape(message)}</div>\n</div>\n</body>\n</html>\n'
    )


_REWRITTEN = re.compile(r"/thread-(\d+)-(\d+)-\d+\.html$")


# -- rendering ------------------------------------------------------------------------------------

_FLOOR_NAMES = {1: "楼主", 2: "沙发", 3: "板凳", 4: "地板"}


_SMILIES = {":)": 1, ":(": 2, ":D": 3, ";P": 11}  # a few of X3.5's default smiley codes


def render_bbcode(bbcode: str, *, api: bool = False, smileyoff: bool = True) -> str:
    """The subset of Discuz's discuzcode() a game thread uses, rendered the way X3.5 renders it."""
    # X3.5's dhtmlspecialchars escapes every &, and restores no entity: a stored `&#128512;` (what a GBK
    # browser sends for 😀) is shown as that text forever (discuz-x35-gbk-flows/reply-outside-gbk).
    text = html.escape(bbcode, quote=False)
    text = re.sub(r"\[i=s\]\s*(.*?)\s*\[/i\]\s*", lambda m: f'<i class="pstatus"> {m.group(1)} </i><br />\n<br />\n', text, flags=re.S)

    def quote(m: re.Match) -> str:
        inner = m.group(1)
        head = re.match(
            r"\[size=2\]\[url=forum\.php\?mod=redirect&amp;goto=findpost&amp;pid=(\d+)&amp;ptid=(\d+)\]"
            r"\[color=#999999\](.*?)\[/color\]\[/url\]\[/size\]\n?(.*)", inner, re.S,
        )
        if head:
            pid, ptid, who, rest = head.groups()
            link = f'<a href="http://forum.invalid/forum.php?mod=redirect&amp;goto=findpost&amp;pid={pid}&amp;ptid={ptid}" target="_blank"><font color="#999999">{who}</font></a>'
            body = rest.replace("\n", "<br />\n")
            if api:
                return f'<div class="reply_wrap">{link}<br />\n{body}</div>'
            return f'<div class="quote"><blockquote><font size="2">{link}</font><br />\n{body}</blockquote></div>'
        return f'<div class="quote"><blockquote>{inner.replace(chr(10), "<br />" + chr(10))}</blockquote></div>'

    text = re.sub(r"\[quote\](.*?)\[/quote\]\n*", quote, text, flags=re.S)
    text = re.sub(r"\[img\]([^\[\]\s\"<>]+)\[/img\]", r'<img src="\1" border="0" alt="" />', text)
    text = re.sub(r"\[url=([^\]\s\"<>]+)\](.*?)\[/url\]", r'<a href="\1" target="_blank">\2</a>', text, flags=re.S)
    # Discuz replaces [b] and [/b] one by one (str_replace), so nesting of any depth renders.
    text = text.replace("[b]", "<strong>").replace("[/b]", "</strong>")
    text = text.replace("[s]", "<strike>").replace("[/s]", "</strike>")  # as [b] (bulk/ API pages show <strike>)
    text = re.sub(r"\[color=([#\w]+)\](.*?)\[/color\]", r'<font color="\1">\2</font>', text, flags=re.S)
    text = re.sub(r"\[size=(\d)\](.*?)\[/size\]", r'<font size="\1">\2</font>', text, flags=re.S)
    # nl2br as discuzcode does it: every line break, also after a closing tag (</strong><br />), except
    # where the markup already broke the line (the stamp's <br />, the end of a quote box).
    text = re.sub(r"(?<!<br />)(?<!</div>)\n", "<br />\n", text)
    if not smileyoff:
        for code, smilie in _SMILIES.items():
            text = text.replace(html.escape(code, quote=False),
                                f'<img src="static/image/smiley/default/{smilie}.gif" smilieid="{smilie}" border="0" alt="" />')
    return text.replace("  ", "&nbsp; ")


def _strip_bbcode(bbcode: str) -> str:
    return re.sub(r"\[/?[a-z*]+(=[^\]]*)?\]", "", bbcode)


def _post_time(forum: DemoForum, dateline: int) -> str:
    when = datetime.fromtimestamp(dateline, TZ)
    absolute = f"{when.year}-{when.month}-{when.day} {when:%H:%M:%S}"
    age = forum.clock() - when
    if age >= timedelta(days=7) or age < timedelta(0):
        return absolute
    if age < timedelta(hours=1):
        words = f"{max(1, int(age.total_seconds() // 60))}&nbsp;分钟前"
    elif age < timedelta(days=1):
        words = f"{int(age.total_seconds() // 3600)}&nbsp;小时前"
    else:
        words = f"{age.days}&nbsp;天前"
    return f'<span title="{absolute}">{words}</span>'


def render_thread_page(forum: DemoForum, thread: Thread, page: int, last: int, posts: list[Post], session: _Session) -> str:
    blocks = []
    for number, post in enumerate(posts, start=(page - 1) * forum.ppp + 1):
        # X3.5's desktop pages number the posts they show (a held or deleted reply leaves no gap: the
        # floors close up, and move again once it is passed — seen on a real X3.5); the API keeps positions.
        index = number
        user = forum.users[post.uid]
        # Floor 1 links to the thread itself, every other floor to findpost (as X3.5 prints them).
        floor_link = (forum.thread_url(thread.tid).replace("&amp;", "&") if index == 1
                      else f"forum.php?mod=redirect&goto=findpost&ptid={thread.tid}&pid={post.pid}")
        floor = _FLOOR_NAMES.get(index, f"<em>{index}</em><sup>#</sup>")
        message = (
            '<div class="t_fsz"><table cellspacing="0" cellpadding="0"><tr>'
            f'<td class="t_f" id="postmessage_{post.pid}">\n{render_bbcode(post.bbcode, smileyoff=post.smileyoff)}</td></tr></table></div>'
        )
        if post.hidden:
            body = '<div class="locked">提示: <em>该帖被管理员或版主屏蔽</em></div>'
        elif user.banned:
            body = '<div class="locked">提示: <em>作者被禁止或删除 内容自动屏蔽</em></div>'
        elif forum.locked_for(thread, post, session):
            body = '<div class="locked">此帖仅作者可见</div>'  # instead of the message (flows/hidden-replies)
        elif thread.hidden_replies and index > 1 and session.user and session.user.moderator \
                and session.uid not in (post.uid, thread.posts[0].uid):
            body = '<div class="locked">此帖仅作者可见</div>\n' + message  # moderators: the notice, then the message
        else:
            body = message
        blocks.append(
            f'<div id="post_{post.pid}" ><table id="pid{post.pid}" class="plhin" summary="pid{post.pid}" cellspacing="0" cellpadding="0">\n'
            f'<tr><td class="pls" rowspan="2"><div id="favatar{post.pid}" class="pls cl favatar"><div class="pi">'
            f'<div class="authi"><a href="home.php?mod=space&amp;uid={post.uid}" target="_blank" class="xw1">{html.escape(post.author)}</a>\n'
            f'</div></div></div></td>\n<td class="plc"><div class="pi"><strong>'
            f'<a href="{floor_link}" id="postnum{post.pid}">\n{floor}</a></strong>'
            f'<div class="pti"><div class="authi"><em id="authorposton{post.pid}">发表于 {_post_time(forum, post.dateline)}</em>'
            f'<span class="pipe">|</span><a href="forum.php?mod=viewthread&amp;tid={thread.tid}&amp;page={page}&amp;authorid={post.uid}" rel="nofollow">只看该作者</a>'
            f'</div></div></div><div class="pct"><div class="pcb">\n{body}\n</div></div></td></tr></table></div>'
        )
    pager = ""
    if last > 1:
        links = "".join(
            f"<strong>{n}</strong>" if n == page else f'<a href="{forum.thread_url(thread.tid, n)}">{n}</a>'
            for n in range(1, last + 1)
        )
        nxt = f'<a href="{forum.thread_url(thread.tid, page + 1)}" class="nxt">下一页</a>' if page < last else ""
        pager = f'<div class="pg">{links}<label><span title="共 {last} 页"> / {last} 页</span></label>{nxt}</div>'
    counts = (
        f'<div class="hm ptn"><span class="xg1">查看:</span> <span class="xi1">{len(forum.requests)}</span>'
        f'<span class="pipe">|</span><span class="xg1">回复:</span> <span class="xi1">{len(forum.shown_posts(thread)) - 1}</span></div>'
        if page == 1 else ""
    )
    content = (
        f'<div id="pt" class="bm cl"><div class="z"><a href="./" class="nvhm">{html.escape(forum.name)}</a><em>&raquo;</em>'
        f'<a href="forum.php?mod=forumdisplay&amp;fid={thread.fid}">版杀区</a></div></div>\n'
        f'<div id="pgt" class="pgs mbm cl">{pager}</div>\n'
        f'<div id="postlist" class="pl bm"><table cellspacing="0" cellpadding="0"><tr><td class="pls ptn pbn">{counts}</td>'
        f'<td class="plc ptm pbn vwthd"><h1 class="ts"><span id="thread_subject">{html.escape(thread.subject)}</span></h1></td></tr></table>\n'
        + "".join(blocks)
        + '</div>\n<form method="post" id="fastpostform" action="forum.php?mod=post&amp;action=reply&amp;fid='
        f'{thread.fid}&amp;tid={thread.tid}&amp;extra=&amp;replysubmit=yes&amp;infloat=yes&amp;handlekey=fastpost">'
        f'<input type="hidden" name="formhash" value="{session.formhash}" /></form>'
    )
    title = thread.subject + (f" - 第{page}页" if page > 1 else "")
    return _frame(forum, title, content, session, canonical=forum.thread_url(thread.tid, page).replace("&amp;", "&"))


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
