"""The HTTP side: start/stop on 127.0.0.1, one dispatch of every request, queued faults, bytes on the wire.

Plays the transport of a real Discuz! X3.5 as tests/test_forum_contract.py replays it from discuz-x35/flows/: status
and header spelling (Discuz's lowercase, relative `location:` on a 301: reply-post/02, edit-post/04), the 503 System
Error page for a stale formhash (login-when-logged-in/05, session-expired/04–05), the one 302 after a held reply
(moderated/before-approval/guest), both URL shapes with rewrite on (rewrite/), the float login when logged in
(login-when-logged-in/04). A GBK forum's form fields and pages in GBK follow discuz-x35-gbk-flows/ (not replayed).
Faults are ours, not captured: they prove that the client retries, gives clear errors and resumes (test_faults.py).
"""

from __future__ import annotations

import html
import re
import socket
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from ..serving import Background
from .model import Fault
from .shared import _ajax, _ajax_error, _parse_cookies, _Session


class ServerCore:
    """Serving DemoForum: the pages, login, posting and moderation rooms answer through `_handle`."""

    def start(self, port: int = 0) -> str:
        forum = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body leave in two writes: with Nagle's algorithm on, the body waits out the
            # client's delayed ACK (40 ms a request on Linux loopback), which no real server does.
            disable_nagle_algorithm = True

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
        # PHP runs the first script a path names, the rest is PATH_INFO: /forum.php/member.php is forum.php (as php -S and
        # Apache answer it — what a game file's 「forum = ".../forum.php"」 made of every request before it was read as the folder)
        path = script.group() if (script := re.match(r"[^?]*?\.php(?=/|$)", parts.path)) else parts.path
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
        if fault.kind == "meanwhile" and fault.meanwhile is not None:
            fault.meanwhile()  # (another client's whole run, say, between this client's look and its post)
            return False
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


def _close(h: BaseHTTPRequestHandler) -> None:
    h.close_connection = True
    try:
        h.connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


def _system_error(message: str) -> str:
    """Discuz's System Error page (what `request_tainting` answers, with HTTP 503)."""
    return (
        '<!DOCTYPE html>\n<html>\n<head>\n\t<title>System Error</title>\n\t<meta charset="utf-8" />\n</head>\n<body>\n'
        f'<div id="container">\n<h1>Discuz! System Error</h1>\n<div class="info">{html.escape(message)}</div>\n</div>\n</body>\n</html>\n'
    )


_REWRITTEN = re.compile(r"/thread-(\d+)-(\d+)-\d+\.html$")
