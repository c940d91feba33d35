"""Local HTTP servers run in the background that stop at once: the demo forum, and the servers of the tests.

socketserver's shutdown() returns only once serve_forever next looks at its flag, which it does between
waits of `poll_interval` (0.5 s): every stop of a server waited that out — over a minute of the test
suite, in some 190 stops. Here the loop waits on the listening socket and on a wake-up socket of its own,
so stop() ends it at once, and an idle server wakes for nothing.
"""

from __future__ import annotations

import selectors
import socket
import threading


class Background:
    """`server` (any socketserver server: http.server's, werkzeug's) answering on a daemon thread."""

    def __init__(self, server) -> None:
        self.server = server
        self._wake, self._waker = socket.socketpair()
        self._stopping = False
        self._stopped = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(self.server, selectors.EVENT_READ)
                selector.register(self._wake, selectors.EVENT_READ)
                while not self._stopping:
                    for key, _events in selector.select():
                        if key.fileobj is self.server and not self._stopping:
                            self.server._handle_request_noblock()  # what serve_forever does with a ready socket
                    self.server.service_actions()
        finally:
            self._stopped.set()

    def stop(self) -> None:
        """Stop answering and close the listening socket; requests being answered finish on their threads."""
        if self._stopping:
            return
        self._stopping = True
        self._waker.send(b"\0")
        self._stopped.wait()
        self._wake.close()
        self._waker.close()
        self.server.server_close()

    shutdown = stop  # the name socketserver's callers know

    @property
    def server_address(self):
        return self.server.server_address

    @property
    def server_port(self) -> int:
        return self.server.server_address[1]
