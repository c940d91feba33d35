"""Raw HTTP exchanges into WARC files (ISO 28500), so standard tools can replay the pages later.

One WARC file per archive run, gzip per record; written as responses arrive, so memory stays flat
whatever the thread's size. Payloads are what the server sent (requested without compression).
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime, timezone
from io import BytesIO
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

# Headers that describe the transfer, not the payload: the recorded payload is whole and unencoded.
_HOP = {"transfer-encoding", "connection", "keep-alive", "content-encoding"}
# Headers that carry the director's session: whoever holds them can act as the director (a moderator).
# A replay does not need them; they are kept by name, their value replaced, and the record says so.
SECRET_HEADERS = {"cookie", "set-cookie", "authorization", "proxy-authorization"}
REDACTED = "[removed by bansha: session secret]"
# The mobile API echoes the session in its JSON ("auth", "saltkey"): removed from such payloads too.
_JSON_SECRETS = re.compile(rb'"(auth|saltkey)"\s*:\s*"[^"]*"')


def redact(headers: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], list[str]]:
    kept, removed = [], []
    for name, value in headers:
        if name.lower() in SECRET_HEADERS:
            kept.append((name, REDACTED))
            removed.append(name)
        else:
            kept.append((name, value))
    return kept, removed


class WarcRecorder:
    def __init__(self, folder: Path, prefix: str = "bansha"):
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d%H%M%S")
        self.path = folder / f"{prefix}-{stamp}.warc.gz"
        n = 1
        while self.path.exists():
            self.path = folder / f"{prefix}-{stamp}-{n}.warc.gz"
            n += 1
        self._file = open(self.path, "wb")
        self._writer = WARCWriter(self._file, gzip=True)
        info = self._writer.create_warcinfo_record(self.path.name, {"software": "bansha", "format": "WARC File Format 1.1"})
        self._writer.write_record(info)
        self.records = 0
        self.digests: set[str] = set()

    def record(self, method: str, url: str, request_headers: dict, status: int, reason: str, headers: list[tuple[str, str]],
               body: bytes) -> str:
        """Write one request/response pair; returns the payload's sha256."""
        kept, removed = redact([(k, v) for k, v in headers if k.lower() not in _HOP and k.lower() != "content-length"])
        if not isinstance(body, (bytes, bytearray)):  # a file streamed to disk (media): copied through, not loaded
            return self._record_stream(url, method, request_headers, status, reason, kept, removed, body)
        if body.lstrip()[:1] == b"{" and _JSON_SECRETS.search(body):
            body = _JSON_SECRETS.sub(lambda m: b'"' + m.group(1) + b'":"' + REDACTED.encode() + b'"', body)
            removed.append("payload:auth/saltkey")
        kept.append(("Content-Length", str(len(body))))
        http = StatusAndHeaders(f"{status} {reason}".strip(), kept, protocol="HTTP/1.1")
        sent, removed_sent = redact(list(request_headers.items()))
        note = {"WARC-Bansha-Redacted": ", ".join(dict.fromkeys(removed + removed_sent))} if removed or removed_sent else None
        response = self._writer.create_warc_record(url, "response", payload=BytesIO(body), http_headers=http,
                                                   warc_headers_dict=note)
        target = url.split("://", 1)[-1].split("/", 1)
        path = "/" + (target[1] if len(target) > 1 else "")
        req = StatusAndHeaders(f"{method} {path} HTTP/1.1", sent, is_http_request=True)
        request = self._writer.create_warc_record(url, "request", payload=BytesIO(b""), http_headers=req,
                                                  warc_headers_dict=note)
        self._writer.write_request_response_pair(request, response)
        self._file.flush()
        self.records += 1
        digest = hashlib.sha256(body).hexdigest()
        self.digests.add(digest)
        return digest

    def _record_stream(self, url, method, request_headers, status, reason, kept, removed, handle) -> str:
        handle.seek(0, 2)
        length = handle.tell()
        handle.seek(0)
        kept.append(("Content-Length", str(length)))
        http = StatusAndHeaders(f"{status} {reason}".strip(), kept, protocol="HTTP/1.1")
        sent, removed_sent = redact(list(request_headers.items()))
        note = {"WARC-Bansha-Redacted": ", ".join(dict.fromkeys(removed + removed_sent))} if removed or removed_sent else None
        response = self._writer.create_warc_record(url, "response", payload=handle, length=length, http_headers=http,
                                                   warc_headers_dict=note)
        target = url.split("://", 1)[-1].split("/", 1)
        req = StatusAndHeaders(f"{method} /{target[1] if len(target) > 1 else ''} HTTP/1.1", sent, is_http_request=True)
        request = self._writer.create_warc_record(url, "request", payload=BytesIO(b""), http_headers=req, warc_headers_dict=note)
        self._writer.write_request_response_pair(request, response)
        self._file.flush()
        self.records += 1
        return ""

    def close(self) -> None:
        self._file.close()
