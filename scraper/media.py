"""Images and attachments of archived posts, fetched once each and deduplicated by content."""

from __future__ import annotations

import hashlib
from urllib.parse import urljoin

import sqlite_utils
from selectolax.lexbor import LexborHTMLParser

from . import archive
from .client import FetchFailed, ForumClient

_SKIP = ("static/image/smiley", "static/image/common", "uc_server/avatar", "none.gif")


def media_urls(html: str, base: str) -> list[str]:
    """Images (the real file of lazy-loaded ones) and attachment links in a post's HTML."""
    tree = LexborHTMLParser(f"<div>{html}</div>")
    found = []
    for img in tree.css("img"):
        for attr in ("zoomfile", "file", "src"):
            value = img.attributes.get(attr)
            if value and not value.startswith("data:"):
                found.append(value)
                break
    for link in tree.css("a[href*='mod=attachment']"):
        found.append(link.attributes["href"])
    urls = [urljoin(base, u.replace("&amp;", "&")) for u in found]
    return [u for u in dict.fromkeys(urls) if u.startswith(("http://", "https://")) and not any(s in u for s in _SKIP)]


def ensure_table(db: sqlite_utils.Database) -> None:
    if "media" not in db.table_names():
        db["media"].create({"url": str, "pid": int, "sha256": str, "bytes": int, "content_type": str,
                            "duplicate_of": str, "fetched_at": str, "error": str}, pk="url",
                           foreign_keys=[("pid", "posts", "pid")])
        db["media"].create_index(["sha256"])


def keep_media(client: ForumClient, db: sqlite_utils.Database, tid: int, base: str) -> tuple[int, int]:
    """Fetch every not-yet-kept image/attachment of a thread. Returns (new files, duplicates)."""
    ensure_table(db)
    new = dupes = 0
    for row in db.query("select pid, html from posts where tid = ? order by pid", [tid]):
        for url in media_urls(row["html"] or "", base):
            if db["media"].count_where("url = ?", [url]):
                continue
            try:
                response = client.get(url)
            except FetchFailed as exc:
                db["media"].insert({"url": url, "pid": row["pid"], "error": str(exc), "fetched_at": archive.now_iso()})
                continue
            digest = hashlib.sha256(response.body).hexdigest()
            first = next(iter(db.query("select url from media where sha256 = ? limit 1", [digest])), None)
            db["media"].insert({"url": url, "pid": row["pid"], "sha256": digest, "bytes": len(response.body),
                                "content_type": response.content_type, "duplicate_of": first["url"] if first else None,
                                "fetched_at": archive.now_iso()})
            dupes += bool(first)
            new += not first
    return new, dupes
