"""What the reader returns: a thread page as plain data, and the typed refusals.

Every field name here is a column name in the archive and a key in `bansha posts --format jsonl`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Where a thread's posts can be read from (sync's --source): both, the PC pages, or the mobile API.
SOURCES = ("auto", "pc", "api")

# C0/C1 controls (ESC among them) and bidi overrides have no place in a post's text, a name or a subject:
# they would reach the director's terminal (clear screen, a fake green 「判定免死」) and defeat name matching.
# The post's raw HTML is kept as it came. (Here, not in the reader, so printing needs no HTML parser.)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u061c\u200e\u200f]")


def strip_controls(text: str) -> str:
    return _CONTROLS.sub("", text) if text else text


_OVERRIDE = re.compile("\u202e([^\u202a-\u202e\u2066-\u2069]*)(?:\u202c|$)")


def as_displayed(text: str) -> str:
    """The text in the order the page shows it, where a right-to-left override reverses a run (「投\u202e康杨\u202c」 shows
    投杨康), its controls gone."""
    return strip_controls(_OVERRIDE.sub(lambda m: m.group(1)[::-1], text)) if text else text


def findpost_url(base: str, tid: int, pid: int) -> str:
    """Discuz's permanent link to a post: it redirects to the right page and floor, whatever the paging."""
    return f"{base.rstrip('/')}/forum.php?mod=redirect&goto=findpost&ptid={tid}&pid={pid}"


class ArchiveError(Exception):
    """The archive file cannot be used as it is; the message says why and what to do, in Chinese."""


def refuse_symlink(path, what: str) -> None:
    """A file or folder we write must be what it says: a symlink planted in its place could make us
    overwrite whatever it points to. Raises ArchiveError (in Chinese) for one."""
    import os

    if os.path.islink(path):
        raise ArchiveError(f"{what} {path} 是一个符号链接（指向 {os.readlink(path)}）：为安全起见不写入它。"
                           "请改成普通的文件或目录。")


def write_file(path, data: str | bytes, encoding: str = "utf-8") -> None:
    """Write a file we own through a temp file made here (O_EXCL|O_NOFOLLOW: never one planted as a symlink),
    then rename it into place: a reader never sees half a file, and a symlink planted at `path` is replaced,
    never written through — nothing outside the folder we were given is touched."""
    import os
    import secrets
    from pathlib import Path

    path = Path(path)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(tmp, flags, 0o644)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data if isinstance(data, bytes) else data.encode(encoding))
        os.replace(tmp, path)  # replaces a symlink at `path` itself, never the file it points to
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)


def output_folder(path, what: str) -> None:
    """A folder we write files into: made if missing, refused when it (or the place it would go) is a symlink."""
    from pathlib import Path

    refuse_symlink(path, what)
    Path(path).mkdir(parents=True, exist_ok=True)


def describe_os_error(exc: OSError) -> str:
    """A file error as one Chinese sentence, with the path (never the system's English words)."""
    import errno

    where = f"：{exc.filename}" if getattr(exc, "filename", None) else ""
    words = {
        errno.ENOENT: "找不到文件或目录", errno.EACCES: "没有权限读写", errno.EPERM: "没有权限读写",
        errno.EISDIR: "这是一个目录，不是文件", errno.ENOTDIR: "路径中有一段不是目录", errno.EEXIST: "已经存在",
        errno.ELOOP: "是符号链接，为安全起见不跟随", errno.EROFS: "文件系统是只读的", errno.ENAMETOOLONG: "文件名太长",
    }
    if exc.errno == errno.ENOSPC:
        return "磁盘已满，写文件失败：已经保存的内容没有丢失，请清理磁盘空间后再运行。"
    return f"{words.get(exc.errno, f'读写文件失败（错误码 {exc.errno}）')}{where}"

# Post.status values. "normal" is the only one whose text is what the author wrote and is visible to all.
NORMAL = "normal"
HIDDEN = "hidden"  # 该帖被管理员或版主屏蔽
BANNED = "banned"  # 作者被禁止或删除 内容自动屏蔽
DELETED = "deleted"  # 无效楼层，该帖已经被删除
PASSWORD = "password"  # 本帖为密码帖
AUTHOR_ONLY = "author_only"  # 此帖仅作者可见
PENDING = "pending"  # 待审核 (only moderators see these)


@dataclass(frozen=True)
class Quote:
    """A quote at the top of a reply. `pid` is None when the quote carries no link (quotes made on mobile)."""

    pid: int | None
    author: str | None
    time: str | None  # as printed in the quote header, minute precision, e.g. "2026-11-20 21:15"
    text: str | None = None  # the quoted words as the page shows them, the header aside (None: not read, an older archive)


@dataclass
class Post:
    pid: int
    tid: int
    floor: int | None
    author: str
    author_uid: int | None
    posted_at: str | None  # ISO 8601 with offset
    time_precision: str  # "second" | "minute" | "hour" | "day" | "unknown"
    edited_by: str | None
    edited_at: str | None  # ISO 8601 with offset, minute precision
    quotes: list[Quote]
    text: str
    html: str
    status: str
    style: dict  # {"colors": [...], "sizes": [...]} used in the author's own text

    def to_dict(self) -> dict:
        # By hand: dataclasses.asdict deep-copies every field, half the cost of `posts --format jsonl`.
        row = {f: getattr(self, f) for f in self.__dataclass_fields__}
        row["quotes"] = [{"pid": q.pid, "author": q.author, "time": q.time, **({"text": q.text} if q.text else {})}
                         for q in self.quotes]
        row["style"] = {k: v if isinstance(v, str) else list(v) for k, v in self.style.items()}  # ("bidi": the text as written)
        return row


@dataclass
class ThreadPage:
    """One page of one thread, as read from one response."""

    variant: str  # "x3" | "d7" | "mobile_api"
    tid: int
    fid: int | None
    subject: str
    page: int
    last_page: int | None
    replies: int | None
    posts: list[Post]
    generator: str | None = None  # "Discuz! X3.5"
    now: str | None = None  # the page's own clock ("GMT+8, <now>" footer), ISO
    utc_offset: str = "+08:00"
    damage: list[str] = field(default_factory=list)  # decoding or markup damage, in Chinese
    unread_pids: list[int] = field(default_factory=list)  # posts the markup names but no post was read from
    formhash: str | None = None
    uid: int | None = None  # discuz_uid / member_uid of the reader: 0 for a guest
    charset: str = "utf-8"  # the site's charset: what form fields posted back must be encoded in
    # The mobile API's thread.maxposition: floors the forum has handed out, shown or not (held for 审核,
    # deleted). The desktop pages number the posts they show 1, 2, 3 … and so never reveal a held one.
    maxposition: int | None = None
    # A Discuz 投票 thread (special=1) shows a poll under its first post: its options and the votes cast there — ballots
    # no post holds. {"voters": N, "options": [[label, votes], …]}; None: no poll on this page.
    poll: dict | None = None


class MediaRefused(Exception):
    """An image or attachment not fetched, and why (in Chinese): the client's download and media.py both refuse."""


class Refusal(Exception):
    """The forum answered, but not with the thread. `message` is the forum's own words where it gave any."""

    kind = "refusal"
    summary = "论坛拒绝了请求"

    def __init__(self, message: str | None = None, *, url: str | None = None):
        self.message = (message or "").strip()
        self.url = url
        super().__init__(self.describe())

    def describe(self) -> str:
        text = self.summary
        if self.message and self.message != self.summary:
            text += f"：{self.message}"
        if self.url:
            text += f"（{self.url}）"
        return text


class ThreadMissing(Refusal):
    kind = "thread_missing"
    summary = "主题不存在或已被删除"


class NoPermission(Refusal):
    kind = "no_permission"
    summary = "没有权限访问"


class LoginRequired(Refusal):
    kind = "login_required"
    summary = "需要登录才能访问"


class RateLimited(Refusal):
    """Discuz's CC protection, or a WAF/CDN saying the client is too fast: wait and retry."""

    kind = "rate_limited"
    summary = "访问过快，被论坛限流"


class AntiScraping(Refusal):
    kind = "anti_scraping"
    summary = "论坛开启了防采集（_dsign 脚本），本页未返回帖子"


class WafBlocked(Refusal):
    kind = "waf"
    summary = "请求被防火墙或 CDN 拦截"


class EmptyResponse(Refusal):
    kind = "empty"
    summary = "论坛返回了空页面"


class Truncated(Refusal):
    kind = "truncated"
    summary = "页面不完整（传输中断）"


class UnknownPage(Refusal):
    kind = "unknown_page"
    summary = "无法识别的页面（不是 Discuz! 帖子页）"
