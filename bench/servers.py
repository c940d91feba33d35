"""Stopping a local server: the demo forum and every server of the tests are started and stopped hundreds of
times a suite run.

    .venv/bin/python bench/servers.py [--runs N]

Target (issue 29): a stop takes milliseconds. Compared with socketserver's own serve_forever/shutdown,
which waits out its 0.5 s poll interval (about 0.25 s a stop on average; over a minute of the suite).
Each run starts a server, answers one request, and stops it; medians of N runs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bansha.demo.serving import Background  # noqa: E402


class Hello(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")


def stdlib_stop() -> float:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hello)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/").read()
    started = time.perf_counter()
    server.shutdown()
    server.server_close()
    return time.perf_counter() - started


def background_stop() -> float:
    server = Background(ThreadingHTTPServer(("127.0.0.1", 0), Hello))
    urllib.request.urlopen(f"http://127.0.0.1:{server.server_port}/").read()
    started = time.perf_counter()
    server.stop()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    ours = statistics.median(background_stop() for _ in range(runs))
    theirs = statistics.median(stdlib_stop() for _ in range(runs))
    print(f"stop a server (median of {runs}): bansha.demo.serving {ours * 1000:.1f} ms; "
          f"socketserver shutdown {theirs * 1000:.0f} ms (target: a few ms)")


if __name__ == "__main__":
    main()
