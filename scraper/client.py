"""The one request layer: browser-like headers, a persistent cookie jar, politeness and retries.

Every request to a forum goes through `ForumClient`. It keeps a per-host minimum interval (Discuz's CC
protection refuses clients faster than about two seconds), bounds concurrency, retries timeouts,
5xx, 429 (honouring Retry-After) and the forum's own "too fast" page with exponential backoff and
jitter, and gives up with a clear Chinese error.
"""

from __future__ import annotations

import email.utils
import os
import random
import threading
import time
from dataclasses import dataclass
from http.cookiejar import LoadError, MozillaCookieJar
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

import httpx

from . import model
from .charset import form_encode
from .pages import read_page

# Discuz hides floor numbers from anything whose User-Agent looks like a robot (checkrobot).
BROWSER_UA = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36"
)
RETRY_STATUSES = {429, 500, 502, 503, 504, 520, 521, 522, 524}
# Refusals that say "try again later" rather than "no".
RETRY_REFUSALS = (model.RateLimited, model.Truncated, model.EmptyResponse)


class FetchFailed(Exception):
    """Gave up on a URL. The message is for the director, in Chinese."""


class PostUncertain(FetchFailed):
    """A POST was sent and no answer came back: the forum may or may not have taken it (read back to know)."""


class TooLarge(Exception):
    """An answer bigger than the client reads (a page is a few hundred KB; this is something else)."""


MAX_BYTES = 32 * 1024 * 1024  # the largest answer read; Discuz's biggest thread page is well under 2 MB
# A forum that refuses the connection or lets a whole timeout pass without answering is retried this many
# times only (five tries of 30 s and their backoffs were three minutes of silence), each wait said through
# on_retry; the next cron run tries again anyway. A forum that answers "busy" (5xx, 429, its CC page) gets
# every retry.
SILENT_RETRIES = 2


def describe_network_error(exc: BaseException, url: str, timeout: float | None = None) -> tuple[str, bool]:
    """A failure to reach the forum in the director's words, and whether trying again can help:
    a name the DNS does not know, a refused port, an unreachable network, a forum that does not answer."""
    import socket
    import ssl

    host = urlsplit(url).hostname or url
    wait = f" {timeout:g} 秒" if timeout else ""
    causes, seen = [], exc
    while seen is not None and len(causes) < 10:
        causes.append(seen)
        seen = seen.__cause__ or seen.__context__
    if any(isinstance(c, socket.gaierror) for c in causes):
        gai = next(c for c in causes if isinstance(c, socket.gaierror))
        if gai.errno in (socket.EAI_AGAIN, getattr(socket, "EAI_SYSTEM", None)):
            return f"查不到论坛 {host} 的地址（DNS 暂时没有回答）：请检查这台电脑的网络", True
        return f"找不到论坛 {host}（DNS 里没有这个域名）：请检查游戏文件里 forum 的地址有没有写错", False
    if any(isinstance(c, ssl.SSLCertVerificationError) for c in causes):
        return f"论坛 {host} 的 HTTPS 证书无效（过期、或不是这个域名的）：请在浏览器里打开论坛看看", False
    if any(isinstance(c, ssl.SSLError) for c in causes):
        return f"和论坛 {host} 建立 HTTPS 加密连接时出错", True
    if any(isinstance(c, ConnectionRefusedError) for c in causes):
        return f"论坛 {host} 拒绝连接（这个端口上没有网站在运行）：论坛可能停机了，或地址、端口写错了", True
    errnos = {getattr(c, "errno", None) for c in causes}
    import errno as codes

    if errnos & {codes.ENETUNREACH, codes.EHOSTUNREACH, codes.ENETDOWN}:
        return f"连不上论坛 {host}（网络不通）：请检查这台电脑有没有连上网络", True
    if isinstance(exc, httpx.ConnectTimeout):
        return f"{wait.strip() or '限定时间'}内连不上论坛 {host}（没有回应）：论坛或网络可能出了问题", True
    if isinstance(exc, httpx.TimeoutException):
        return f"论坛 {host}{wait}没有回答", True
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError, ConnectionResetError)):
        return f"论坛 {host} 没回答完就断开了连接", True
    return f"连接论坛 {host} 出错", True


# httpx's timeout bounds each read, not the answer: a forum that sends a byte a second never trips it. The whole
# answer (headers and body) gets this many times the read timeout, then it is a forum that did not answer.
ANSWER_DEADLINE_FACTOR = 3


class AnswerTooSlow(httpx.ReadTimeout):
    """The answer did not arrive whole within its deadline (it trickled): described and retried as silence."""


class _Deadline:
    """A watchdog for one request: the body loop checks the clock between chunks, and past its time the watchdog
    shuts the socket of a connection made for this request (httpx's trace reports it), so a read blocked in
    trickling headers returns too. A kept-alive connection's socket is not known here: its headers are bounded
    by the read timeout only, its body by the clock."""

    def __init__(self, seconds: float):
        self.seconds, self.ends = seconds, time.monotonic() + seconds
        self.expired = False
        self._sock = None
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def trace(self, name: str, info: dict) -> None:
        if name in ("connection.connect_tcp.complete", "connection.start_tls.complete"):
            stream = info.get("return_value")
            sock = stream.get_extra_info("socket") if stream is not None else None
            if sock is not None:
                self._sock = sock

    def __enter__(self) -> "_Deadline":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self._timer.cancel()

    def _expire(self) -> None:
        import socket

        self.expired = True
        if self._sock is not None:
            try:
                self._sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def check(self) -> None:
        if self.expired or time.monotonic() > self.ends:
            raise AnswerTooSlow(f"the whole answer took longer than {self.seconds:g} s")


def _read_capped(response: httpx.Response, limit: int, deadline: "_Deadline | None" = None) -> bytes:
    """The body, read while streaming and abandoned past `limit` bytes (the header is checked first) or past
    the request's deadline."""
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise TooLarge(f"有 {int(declared) // 1048576} MB，超过上限 {limit // 1048576} MB")
    chunks, size = [], 0
    for chunk in response.iter_bytes(65536):
        size += len(chunk)
        if size > limit:
            raise TooLarge(f"超过上限 {limit // 1048576} MB")
        if deadline is not None:
            deadline.check()
        chunks.append(chunk)
    return b"".join(chunks)


@dataclass
class Response:
    url: str
    status: int
    content_type: str | None
    body: bytes
    elapsed_ms: int
    headers: dict  # names lowercased: Discuz sends `location:` in lower case, other servers `Location:`

    @property
    def location(self) -> str | None:
        """Where a redirect points (relative as Discuz sends it), or None."""
        return self.headers.get("location") if self.status in (301, 302, 303, 307, 308) else None


@dataclass
class Download:
    path: Path | None
    sha256: str
    size: int
    content_type: str


@dataclass
class Attempt:
    """One try at a URL, for the fetch log."""

    url: str
    status: int | None
    bytes: int
    elapsed_ms: int
    outcome: str  # "ok", "retry", "refused", "failed"
    message: str


class ForumClient:
    def __init__(
        self,
        *,
        cookie_file: str | Path | None = None,
        min_interval: float = 2.0,
        retries: int = 4,
        backoff: float = 2.0,
        max_backoff: float = 120.0,
        timeout: float = 30.0,
        concurrency: int = 2,
        user_agent: str = BROWSER_UA,
        on_attempt: Callable[[Attempt], None] | None = None,
        recorder=None,
        max_bytes: int = MAX_BYTES,
        on_retry: Callable[[str], None] | None = None,
    ):
        self.cookie_file = Path(cookie_file) if cookie_file else None
        self.jar = MozillaCookieJar()
        self.notices: list[str] = []  # things the director should hear about, said by the CLI
        self._load_jar()
        self.http = httpx.Client(
            headers={
                "User-Agent": user_agent,
                "Accept": "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8",
                "Accept-Language": "zh-CN,zh;q=0.9",
            },
            cookies=self.jar,
            timeout=timeout,
            follow_redirects=True,
        )
        self.min_interval = min_interval
        self.max_bytes = max_bytes
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.on_attempt = on_attempt
        self.on_retry = on_retry  # told, in Chinese, of every wait before a retry
        self._timeout = timeout
        # A WarcRecorder keeps every successful exchange as sent; pages are then asked for uncompressed
        # so the recorded payload is byte for byte what the server holds.
        self.recorder = recorder
        if recorder is not None:
            self.http.headers["Accept-Encoding"] = "identity"
        self._slots = threading.BoundedSemaphore(concurrency)
        self._host_locks: dict[str, threading.Lock] = {}
        self._host_next: dict[str, float] = {}
        self._guard = threading.Lock()
        # Hosts that let every try of one request pass unanswered in this run: the next request gets one try,
        # not three (a cron run on a dead forum said so once, and ended, instead of once per thread).
        self._silent_hosts: set[str] = set()

    # -- politeness -------------------------------------------------------------------------------

    def _wait_turn(self, url: str) -> None:
        host = urlsplit(url).netloc
        with self._guard:
            lock = self._host_locks.setdefault(host, threading.Lock())
        with lock:
            delay = self._host_next.get(host, 0.0) - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self._host_next[host] = time.monotonic() + self.min_interval

    def _delay(self, attempt: int, retry_after: float | None) -> float:
        # Full jitter keeps several cron jobs from hammering a recovering forum in step.
        delay = random.uniform(self.backoff * 2**attempt / 2, self.backoff * 2**attempt)
        if retry_after is not None:
            delay = max(delay, retry_after)
        return min(delay, self.max_backoff)

    # -- requests ---------------------------------------------------------------------------------

    def request(self, method: str, url: str, **kwargs) -> Response:
        """One request, retried on transient failures; HTTP errors that are final raise FetchFailed.

        A POST is different: it may have changed the forum, so it is never retried once it may have
        reached the server, its redirect is returned to be read (not followed), and an error status is
        returned as the forum's answer (Discuz's 503 「非法字符」 means a stale formhash, not "busy").
        """
        posting = method == "POST"
        kwargs.setdefault("follow_redirects", not posting)
        last, silent = "", 0
        host = urlsplit(url).netloc
        silent_limit = 0 if host in self._silent_hosts else SILENT_RETRIES
        for attempt in range(self.retries + 1):
            self._wait_turn(url)
            started = time.monotonic()
            try:
                r, body = self._exchange(method, url, kwargs)
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                # Nothing left this machine: safe to try again, even a POST.
                last, hopeful = describe_network_error(exc, url, self._timeout)
                retry_after = None
                silent += 1  # refused, unreachable, no answer: one more try, not four
                if not hopeful:
                    self._log(Attempt(url, None, 0, int((time.monotonic() - started) * 1000), "failed", last))
                    raise FetchFailed(f"{last}。") from None
            except httpx.TooManyRedirects:
                raise FetchFailed(f"请求 {url} 时论坛不停地跳转（重定向循环）：请在浏览器里打开这个地址看看论坛怎么了。") from None
            except TooLarge as exc:
                if posting:
                    raise PostUncertain(f"提交到 {url} 后论坛的回答{exc}，不知道论坛是否已经收到。") from None
                raise FetchFailed(f"请求 {url} 时论坛的回答{exc}：这不像是论坛页面，已放弃。") from None
            except httpx.HTTPError as exc:
                words, _hopeful = describe_network_error(exc, url, self._timeout)
                if posting:
                    raise PostUncertain(f"提交到 {url} 时{words}，不知道论坛是否已经收到。") from exc
                last = words
                retry_after = None
                if isinstance(exc, (httpx.TimeoutException, httpx.RemoteProtocolError, httpx.ReadError)):
                    silent += 1  # no answer, or the connection dropped before one: a short pause, not a backoff
            else:
                elapsed = int((time.monotonic() - started) * 1000)
                response = Response(str(r.url), r.status_code, r.headers.get("content-type"), body, elapsed, dict(r.headers))
                if r.status_code not in RETRY_STATUSES or posting:
                    self._log(Attempt(url, r.status_code, len(body), elapsed, "ok", ""))
                    if self.recorder is not None and not posting:
                        self.recorder.record(method, str(r.url), dict(r.request.headers), r.status_code, r.reason_phrase,
                                             list(r.headers.multi_items()), body)
                    self.save_cookies()
                    self._silent_hosts.discard(host)
                    return response
                last = f"HTTP {r.status_code}"
                retry_after = _retry_after(r.headers.get("retry-after"))
            elapsed = int((time.monotonic() - started) * 1000)
            if attempt == self.retries or silent > silent_limit:
                self._log(Attempt(url, None, 0, elapsed, "failed", last))
                if silent > silent_limit:
                    self._silent_hosts.add(host)
                break
            self._log(Attempt(url, None, 0, elapsed, "retry", last))
            delay = self._delay(attempt, retry_after)
            if silent:  # nobody answered: backing off gives a busy forum no relief, it only adds silence
                delay = min(delay, self.backoff / 2)
            if self.on_retry is not None:  # never silent: a slow forum is said while it is waited for
                self.on_retry(f"{last}：{delay:.0f} 秒后重试（第 {attempt + 1} 次重试，最多 "
                              f"{SILENT_RETRIES if silent else self.retries} 次）")
            time.sleep(delay)
        tried = (f"重试 {attempt} 次后仍失败" if attempt else
                 f"这次运行里前一个请求已重试 {SILENT_RETRIES} 次后仍失败，不再重试")
        raise FetchFailed(f"{last}。{tried}，已放弃（{url}）；请稍后再试，或在浏览器里打开论坛看看。")

    def _exchange(self, method: str, url: str, kwargs: dict) -> tuple[httpx.Response, bytes]:
        """One exchange, whole within its deadline: the answer and its body."""
        deadline = _Deadline(self._timeout * ANSWER_DEADLINE_FACTOR)
        try:
            with self._slots, deadline, self.http.stream(method, url, extensions={"trace": deadline.trace}, **kwargs) as r:
                deadline.check()
                return r, _read_capped(r, self.max_bytes, deadline)
        except httpx.HTTPError as exc:
            if deadline.expired and not isinstance(exc, AnswerTooSlow):
                raise AnswerTooSlow(str(exc)) from exc  # our watchdog cut it: a forum too slow, not one that hung up
            raise

    def get(self, url: str, **kwargs) -> Response:
        return self.request("GET", url, **kwargs)

    def download(self, url: str, folder: Path | None, *, max_bytes: int, accept: tuple[str, ...]) -> "Download":
        """Stream a file to `folder` (named by its sha256), never holding it in memory, refusing what is
        larger than `max_bytes` or not of an accepted content type. The WARC recorder gets it from disk."""
        import hashlib
        import tempfile

        from .model import MediaRefused

        self._wait_turn(url)
        target_dir = Path(folder) if folder else Path(tempfile.gettempdir())
        target_dir.mkdir(parents=True, exist_ok=True)
        digest, size = hashlib.sha256(), 0
        try:
            with self._slots, self.http.stream("GET", url) as r:
                ctype = (r.headers.get("content-type") or "").split(";")[0].strip().lower()
                if r.status_code != 200:
                    raise MediaRefused(f"HTTP {r.status_code}")
                if not ctype.startswith(accept):
                    raise MediaRefused(f"内容类型是 {ctype or '未知'}，不是图片或附件")
                declared = r.headers.get("content-length")
                if declared and declared.isdigit() and int(declared) > max_bytes:
                    raise MediaRefused(f"文件有 {int(declared) // 1024} KB，超过上限 {max_bytes // 1024} KB")
                fd, temp = tempfile.mkstemp(dir=target_dir, prefix=".part-")
                try:
                    with os.fdopen(fd, "wb") as handle:
                        for chunk in r.iter_bytes(65536):
                            size += len(chunk)
                            if size > max_bytes:
                                raise MediaRefused(f"文件超过上限 {max_bytes // 1024} KB，已停止下载")
                            digest.update(chunk)
                            handle.write(chunk)
                    sha = digest.hexdigest()
                    if self.recorder is not None:
                        with open(temp, "rb") as handle:
                            self.recorder.record("GET", str(r.url), dict(r.request.headers), r.status_code, r.reason_phrase,
                                                 list(r.headers.multi_items()), handle)
                    final = target_dir / sha
                    if folder and not final.exists():
                        os.replace(temp, final)
                    return Download(final if folder else None, sha, size, ctype)
                finally:
                    if os.path.exists(temp):
                        os.unlink(temp)
        except httpx.HTTPError as exc:
            raise FetchFailed(f"下载 {url} 失败：{describe_network_error(exc, url, self._timeout)[0]}") from None

    def post(self, url: str, data: dict, *, encoding: str = "utf-8", **kwargs) -> Response:
        """POST a form. GBK forums expect GBK-encoded fields, so the body is encoded here, not by httpx."""
        headers = {"Content-Type": "application/x-www-form-urlencoded", **kwargs.pop("headers", {})}
        return self.request("POST", url, content=form_encode(data, encoding), headers=headers, **kwargs)

    def fetch_page(self, url: str, page: int | None = None) -> tuple[model.ThreadPage, Response]:
        """GET a thread page and read it; the forum's "too fast" page and cut-off bodies are retried."""
        for attempt in range(self.retries + 1):
            response = self.get(url)
            try:
                if response.status >= 400 and not response.body.strip():
                    raise model.Refusal(f"HTTP {response.status}", url=url)
                return read_page(response.body, response.content_type, url=url, page=page), response
            except RETRY_REFUSALS as refusal:
                self._log(Attempt(url, response.status, len(response.body), response.elapsed_ms, "retry", refusal.kind))
                if attempt == self.retries:
                    raise FetchFailed(f"放弃请求 {url}：重试 {self.retries} 次后仍失败（最后一次：{refusal}）。") from refusal
                # The CC page means "slower": wait at least two intervals (Discuz wants ≥ 2 s) before again.
                retry_after = max(2.0, 2 * self.min_interval) if isinstance(refusal, model.RateLimited) else None
                time.sleep(self._delay(attempt, retry_after))
            except model.Refusal as refusal:
                self._log(Attempt(url, response.status, len(response.body), response.elapsed_ms, "refused", refusal.kind))
                raise
        raise AssertionError("unreachable")

    # -- cookies ----------------------------------------------------------------------------------

    def _load_jar(self) -> None:
        if not self.cookie_file or not self.cookie_file.exists():
            return
        try:
            self.jar.load(str(self.cookie_file), ignore_discard=True, ignore_expires=True)
        except (LoadError, OSError, UnicodeDecodeError, ValueError) as exc:
            # A jar cut by a crash or edited by hand: keep it for the director, start without a login.
            self.jar.clear()
            aside = self.cookie_file.with_name(f"{self.cookie_file.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                self.cookie_file.replace(aside)
                where = f"已改名为 {aside.name}"
            except OSError:
                where = "无法改名，已忽略"
            self.notices.append(f"Cookie 文件 {self.cookie_file} 无法读取（{type(exc).__name__}），{where}；本次以游客身份开始，需要时会重新登录。")

    def save_cookies(self) -> None:
        """Write the jar atomically (temp file + rename): a run killed mid-write leaves the old jar whole."""
        if not self.cookie_file:
            return
        self.cookie_file.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.cookie_file.with_name(f".{self.cookie_file.name}.{os.getpid()}.tmp")
        # Private before anything is written: the file holds a login.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.close(fd)
        os.chmod(tmp, 0o600)
        try:
            self.jar.save(str(tmp), ignore_discard=True, ignore_expires=True)
            with open(tmp, "rb+") as handle:
                os.fsync(handle.fileno())
            os.replace(tmp, self.cookie_file)
        finally:
            if tmp.exists():
                tmp.unlink()

    def forget(self, suffix: str) -> None:
        """Drop every cookie whose name ends with `suffix` (a stale `_auth` that the forum ignores)."""
        for c in [c for c in self.jar if c.name.endswith(suffix)]:
            self.jar.clear(c.domain, c.path, c.name)

    def cookie(self, suffix: str) -> str | None:
        """The value of the Discuz cookie whose name ends with `suffix` (e.g. "_auth")."""
        for c in self.jar:
            if c.name.endswith(suffix):
                return c.value
        return None

    def _log(self, attempt: Attempt) -> None:
        if self.on_attempt:
            self.on_attempt(attempt)

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> "ForumClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
