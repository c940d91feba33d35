"""Images and attachments of archived posts, fetched once each and deduplicated by content.

A post can embed any URL. So by default only the forum's own host is fetched, never a loopback, private,
link-local or otherwise reserved address unless the forum itself is one; each file is streamed to disk
under a size cap, and its content type must be an image or an attachment. What was skipped is noted in
the `media` table with the reason.
"""

from __future__ import annotations

import ipaddress
import socket
from functools import lru_cache
from urllib.parse import urljoin, urlsplit

import sqlite_utils
from selectolax.lexbor import LexborHTMLParser

from . import archive
from .client import FetchFailed, ForumClient
from .model import MediaRefused  # noqa: F401 - raised here and by the client's download

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


MAX_BYTES = 20 * 1024 * 1024  # a forum attachment is rarely over a few MB; 20 MB is generous
_ACCEPTED = ("image/", "application/octet-stream", "application/zip", "application/x-rar", "application/pdf",
             "application/x-7z", "application/vnd", "application/msword", "audio/", "video/", "text/plain")




@lru_cache(maxsize=256)
def _addresses(host: str) -> tuple:
    try:
        return tuple(ipaddress.ip_address(info[4][0].split("%")[0]) for info in socket.getaddrinfo(host, None))
    except (socket.gaierror, ValueError, UnicodeError):
        return ()


def _internal(address) -> bool:
    return (address.is_loopback or address.is_private or address.is_link_local or address.is_reserved
            or address.is_multicast or address.is_unspecified)


def check_url(url: str, base: str, allow_hosts: tuple[str, ...] = ()) -> None:
    """Refuse what a player could use to make the director's machine fetch something it should not."""
    parts, forum = urlsplit(url), urlsplit(base)
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host:
        raise MediaRefused("不是 http(s) 地址")
    if host != (forum.hostname or "").lower() and host not in allow_hosts:
        raise MediaRefused(f"不是论坛自己的地址（{host}）：默认只保存论坛上的图片和附件")
    forum_internal = any(_internal(a) for a in _addresses(forum.hostname or ""))
    if any(_internal(a) for a in _addresses(host)) and not forum_internal:
        raise MediaRefused(f"{host} 指向本机或内网地址")


def keep_media(client: ForumClient, db: sqlite_utils.Database, tid: int, base: str, *, folder=None,
               max_bytes: int = MAX_BYTES, allow_hosts: tuple[str, ...] = ()) -> tuple[int, int]:
    """Fetch every not-yet-kept image/attachment of a thread into `folder`. Returns (new files, duplicates)."""
    from pathlib import Path

    ensure_table(db)
    folder = Path(folder) if folder else None
    new = dupes = 0
    for row in db.query("select pid, html from posts where tid = ? order by pid", [tid]):
        for url in media_urls(row["html"] or "", base):
            if db["media"].count_where("url = ?", [url]):
                continue
            try:
                check_url(url, base, allow_hosts)
                got = client.download(url, folder, max_bytes=max_bytes, accept=_ACCEPTED)
            except (MediaRefused, FetchFailed) as exc:
                db["media"].insert({"url": url, "pid": row["pid"], "error": f"未保存：{exc}", "fetched_at": archive.now_iso()})
                continue
            first = next(iter(db.query("select url from media where sha256 = ? limit 1", [got.sha256])), None)
            db["media"].insert({"url": url, "pid": row["pid"], "sha256": got.sha256, "bytes": got.size,
                                "content_type": got.content_type, "duplicate_of": first["url"] if first else None,
                                "fetched_at": archive.now_iso()})
            dupes += bool(first)
            new += not first
    return new, dupes
