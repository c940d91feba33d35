"""A fault-injecting HTTP proxy for the posting tests: it stands where the forum stands (the game file's
`forum` points at it), forwards every request to the test forum, and misbehaves on the requests it is
told to — most faults *after* the forum has applied the request, which is what makes them dangerous:

  lose      the answer never comes back (connection closed)     reset     the connection is reset (RST)
  hang      no answer for `hang` seconds, then closed          gateway   a proxy's 502/503 page
  truncate  half the answer, then closed                        flood     Discuz's 「两次发表间隔少于 15 秒」
  stale     a GET answered with the oldest copy of that page seen (a cache in between)
  refuse    not forwarded: Discuz's 「两次发表间隔少于 N 秒」 (N = `hang`) before the forum applied anything
  hold      not forwarded now: the request is kept and the client gets no answer; `release()` forwards
            it later (an edit applied late)
  pass      forwarded and answered as usual (with `before`: something happens while it is in flight)

`before` runs just before a request is forwarded (a director recording a ruling while a post is in
flight). Everything runs on 127.0.0.1.
"""

from __future__ import annotations

import http.client
import socket
import struct
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable
from urllib.parse import urlsplit

from bansha.demo.serving import Background

HOP = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "content-length"}


@dataclass
class Fault:
    kind: str
    match: str = ""  # a substring of the path and query
    method: str = "POST"
    times: int = 1
    status: int = 502
    hang: float = 2.0
    before: Callable[[], None] | None = None


@dataclass
class Exchange:
    method: str
    path: str
    status: int
    fault: str | None


class FaultProxy:
    def __init__(self, upstream: str):
        parts = urlsplit(upstream)
        self.host, self.port = parts.hostname, parts.port
        self.faults: list[Fault] = []
        self.held: list[tuple[str, str, dict, bytes]] = []
        self.log: list[Exchange] = []
        self._copies: dict[str, tuple[int, list, bytes]] = {}  # oldest answer per page (for "stale")
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # -- control ---------------------------------------------------------------------------------

    def add(self, fault: Fault) -> Fault:
        with self._lock:
            self.faults.append(fault)
        return fault

    def release(self) -> None:
        """Forward the held requests now: the forum applies them late."""
        with self._lock:
            held, self.held = self.held, []
        for method, path, headers, body in held:
            self._forward(method, path, headers, body)

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_port}/"

    def faulted(self, kind: str) -> int:
        return sum(1 for e in self.log if e.fault == kind)

    # -- serving ---------------------------------------------------------------------------------

    def __enter__(self) -> "FaultProxy":
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # headers and body in two writes: no 40 ms wait for a delayed ACK

            def log_message(self, *args):
                pass

            def do_GET(self):
                proxy._handle(self, "GET")

            def do_POST(self):
                proxy._handle(self, "POST")

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass

        self._server = Server(("127.0.0.1", 0), Handler)
        self._running = Background(self._server)
        return self

    def __exit__(self, *exc) -> None:
        if self._server:
            self._running.stop()

    def _take(self, method: str, path: str) -> Fault | None:
        with self._lock:
            for fault in self.faults:
                if fault.method == method and fault.match in path and fault.times > 0:
                    fault.times -= 1
                    if fault.times == 0:
                        self.faults.remove(fault)
                    return fault
        return None

    def _forward(self, method: str, path: str, headers: dict, body: bytes) -> tuple[int, list, bytes]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            sent = {k: v for k, v in headers.items() if k.lower() not in HOP and k.lower() != "host"}
            sent["Host"] = f"{self.host}:{self.port}"
            conn.request(method, path, body=body or None, headers=sent)
            r = conn.getresponse()
            return r.status, [(k, v) for k, v in r.getheaders() if k.lower() not in HOP], r.read()
        finally:
            conn.close()

    def _handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        length = int(h.headers.get("Content-Length") or 0)
        body = h.rfile.read(length) if length else b""
        headers = dict(h.headers.items())
        fault = self._take(method, h.path)
        key = _page_key(h.path)
        if fault and fault.kind == "stale" and key in self._copies:
            self.log.append(Exchange(method, h.path, self._copies[key][0], "stale"))
            return self._send(h, *self._copies[key])
        if fault and fault.before:
            fault.before()
        if fault and fault.kind == "refuse":
            self.log.append(Exchange(method, h.path, 200, "refuse"))
            return self._flood(h, "utf-8", int(fault.hang))
        if fault and fault.kind == "hold":
            with self._lock:
                self.held.append((method, h.path, headers, body))
            self.log.append(Exchange(method, h.path, 0, "hold"))
            time.sleep(fault.hang)
            return _hang_up(h)
        status, answer_headers, answer = self._forward(method, h.path, headers, body)
        if method == "GET" and key:
            self._copies.setdefault(key, (status, answer_headers, answer))
        self.log.append(Exchange(method, h.path, status, fault.kind if fault else None))
        if fault is None or fault.kind in ("stale", "pass"):
            return self._send(h, status, answer_headers, answer)
        if fault.kind == "lose":
            return _hang_up(h)
        if fault.kind == "reset":
            h.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return _hang_up(h)
        if fault.kind == "hang":
            time.sleep(fault.hang)
            return _hang_up(h)
        if fault.kind == "gateway":
            page = f"<html><head><title>{fault.status} Bad Gateway</title></head><body><center><h1>{fault.status} " \
                   "Bad Gateway</h1></center><hr><center>nginx</center></body></html>"
            return self._send(h, fault.status, [("Content-Type", "text/html")], page.encode())
        if fault.kind == "truncate":
            h.send_response(status)
            for name, value in answer_headers:
                h.send_header(name, value)
            h.send_header("Content-Length", str(len(answer) or 200))
            h.end_headers()
            h.wfile.write(answer[: len(answer) // 2])
            h.wfile.flush()
            return _hang_up(h)
        if fault.kind == "flood":
            charset = "gbk" if "gbk" in dict((k.lower(), v) for k, v in answer_headers).get("content-type", "") else "utf-8"
            return self._flood(h, charset, 15)
        raise AssertionError(f"unknown fault {fault.kind}")

    def _flood(self, h, charset: str, seconds: int) -> None:
        """Discuz's ajax answer to a post inside the account's posting interval (flows/reply-post/06)."""
        words = f"抱歉，您两次发表间隔少于 {seconds} 秒，请稍候再发表"
        xml = (f'<?xml version="1.0" encoding="{charset}"?>\n<root><![CDATA[{words}'
               "<script type=\"text/javascript\" reload=\"1\">if(typeof errorhandle_fastpost=='function') "
               f"{{errorhandle_fastpost('{words}', {{'floodctrl':'{seconds}'}});}}</script>]]></root>")
        return self._send(h, 200, [("Content-Type", f"text/xml; charset={charset}")], xml.encode(charset))

    def _send(self, h, status: int, headers: list, body: bytes) -> None:
        h.send_response(status)
        for name, value in headers:
            h.send_header(name, value)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)


def _page_key(path: str) -> str | None:
    """A thread page without its cache-busting parameter (what a cache in between would key on)."""
    if "mod=viewthread" not in path:
        return None
    base, _, query = path.partition("?")
    return base + "?" + "&".join(part for part in query.split("&") if not part.startswith("_="))


def _hang_up(h: BaseHTTPRequestHandler) -> None:
    h.close_connection = True
    try:
        h.connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    h.connection.close()
