"""A forum that answers a byte at a time: every request has a deadline for the whole answer, and the run says so
in the words of a forum that does not answer, retries as it would, and ends (the lock free for the next run)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time

import pytest

from scraper.client import FetchFailed, ForumClient


class Trickle:
    """A listening socket on 127.0.0.1 that reads a request and answers one byte every `pace` seconds, in the
    headers (`where="headers"`) or only in the body."""

    def __init__(self, where: str, pace: float = 0.1):
        self.where, self.pace = where, pace
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.requests = 0
        self._stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn):
        with conn:
            try:
                conn.recv(65536)
                self.requests += 1
                head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 100000\r\n\r\n"
                if self.where == "body":
                    conn.sendall(head)
                    head = b"<html>" + b" " * 99994
                for byte in head:
                    if self._stop.is_set():
                        return
                    conn.sendall(bytes([byte]))
                    time.sleep(self.pace)
            except OSError:
                return

    def close(self):
        self._stop.set()
        self.sock.close()


@pytest.fixture(params=["headers", "body"])
def trickle(request):
    server = Trickle(request.param)
    yield server
    server.close()


def test_an_answer_that_trickles_is_given_up_like_silence(trickle):
    said = []
    started = time.monotonic()
    with ForumClient(min_interval=0, timeout=0.5, backoff=0.2, on_retry=said.append) as client:
        with pytest.raises(FetchFailed) as failed:
            client.get(trickle.url)
    took = time.monotonic() - started
    # Each read came well within 0.5 s, so only a deadline for the whole answer (3 × 0.5 s) ends it: three
    # tries of a silent forum, a short pause between them — and nothing near the 100 s the page would take.
    assert took < 12, took
    assert trickle.requests == 3, trickle.requests
    assert "没有回答" in str(failed.value) and "重试 2 次" in str(failed.value), failed.value
    assert len(said) == 2 and all("没有回答" in line for line in said), said


def test_a_forum_that_never_answered_gets_one_try_per_request_for_the_rest_of_the_run():
    server = Trickle("headers")
    try:
        with ForumClient(min_interval=0, timeout=0.3, backoff=0.2) as client:
            for _ in range(2):
                with pytest.raises(FetchFailed) as failed:
                    client.get(server.url)
        # Three tries for the first request; the second is said in the same words after one.
        assert server.requests == 3 + 1, server.requests
        assert "没有回答" in str(failed.value) and "前一个请求已重试 2 次后仍失败" in str(failed.value), failed.value
    finally:
        server.close()


def test_poll_on_a_trickling_forum_ends_in_words_and_frees_the_lock(tmp_path):
    from test_poll import game_file

    server = Trickle("body")
    try:
        path = game_file(tmp_path, server.url)
        runs = []
        for _ in range(2):  # the second run is not refused by a lock the first left taken
            runs.append(subprocess.run([sys.executable, "-m", "bansha.cli", "poll", str(path), "--timeout", "0.3",
                                        "--interval", "0", "--now", "2026-11-29 21:30", "--out", str(tmp_path / "out")],
                                       capture_output=True, text=True, timeout=120))
        for done in runs:
            assert done.returncode not in (0, 75) and "Traceback" not in done.stderr, done.stderr
            assert "没有回答" in done.stderr, done.stderr
    finally:
        server.close()
