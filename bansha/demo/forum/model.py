"""The forum's data and the calls tests make on it: users, threads and their posts, queued faults.

Plays the rows a Discuz! X3.5 database holds (pre_common_member, pre_forum_thread, pre_forum_post), with the fields
the captured exchanges turn on: held replies (discuz-x35/flows/moderated), 回帖仅作者可见 (flows/hidden-replies),
closed threads (flows/edit-post 20–22), floors kept by position. tests/discuz_flows.py builds the flows' site from
their truth.json rows through add_user/add_thread/add_post, with the same pids and floors; `bansha demo` keeps its
forum between runs through snapshot/save/restore.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from http.server import ThreadingHTTPServer
from typing import Callable

from .bbcode import _strip_bbcode

TZ = timezone(timedelta(hours=8))


@dataclass
class User:
    uid: int
    name: str
    password: str
    group: str = "注册会员"
    banned: bool = False
    moderator: bool = False  # sees 回帖仅作者可见 replies (with the notice box), like Discuz's admin


@dataclass
class Post:
    pid: int
    tid: int
    uid: int
    author: str
    dateline: int
    bbcode: str
    hidden: bool = False  # 屏蔽 by a moderator
    pending: bool = False  # held for moderation (invisible = -2): shown to nobody; the API keeps its position
    position: int = 0  # the floor; Discuz assigns it at posting time, so a held post keeps its number
    smileyoff: bool = False  # 禁用表情: without it Discuz turns :) and the like into smiley images
    recycled: bool = False  # deleted by a moderator into the recycle bin (invisible = -5): shown to nobody, still
    #                         found by findpost and editable by its author — and an edit makes it visible again
    subject: str = ""  # a reply's own 标题, which X3.5 shows above its message (<h2> in div.pcb; seen on the lab)


@dataclass
class Thread:
    tid: int
    fid: int
    subject: str
    posts: list[Post] = field(default_factory=list)
    members_only: bool = False
    closed: bool = False
    hidden_replies: bool = False  # 回帖仅作者可见: only the thread author (and moderators) read the replies
    moderated: bool = False  # replies wait for a moderator (modnewposts = 2)
    just_held: bool = False  # Discuz redirects the first view after a held reply to the same URL (302)
    poll: list[tuple[str, int]] | None = None  # a Discuz 投票 thread (special=1): its options and the votes cast in them


@dataclass
class Fault:
    """A misbehaviour served instead of the next matching request(s)."""

    kind: str  # timeout | drop | cut | status | cc | dsign | login | truncated_html | waf | stale_form | flood | meanwhile
    match: str = ""  # substring of the request path+query; "" matches anything
    times: int = 1
    status: int = 502
    retry_after: str | None = None
    delay: float = 2.0
    meanwhile: Callable[[], None] | None = None  # kind "meanwhile": what happens on the forum before the request is answered


class ForumState:
    """The constructor and the content API of DemoForum (the other rooms are mixins over these attributes)."""

    def __init__(
        self,
        *,
        name: str = "演示版杀论坛",
        charset: str = "utf-8",
        ppp: int = 10,
        cookiepre: str = "Dm0_2132_",
        clock: Callable[[], datetime] | None = None,
        floodctrl: int = 0,
        captcha: bool = False,
        login_captcha: bool = False,
        rewrite: bool = False,
        latency: float = 0.0,
    ):
        self.name = name
        self.charset = charset
        self.ppp = ppp
        self.cookiepre = cookiepre
        self.clock = clock or (lambda: datetime.now(TZ))
        self.floodctrl = floodctrl
        self.captcha = captcha  # the forum asks every reply for a captcha (a tool cannot solve it)
        self.login_captcha = login_captcha  # X3.5 installs with a captcha on login (seccode rule login.allow)
        self.rewrite = rewrite  # URL rewrite: thread-{tid}-{page}-1.html links, both URL shapes served
        self.maxpostsize = 10_000  # Discuz's default 帖子最大字数, counted as dstrlen counts
        self.latency = latency  # seconds added to every answer: lets crash tests kill a run mid-way
        self.users: dict[int, User] = {}
        self.threads: dict[int, Thread] = {}
        self.faults: list[Fault] = []
        self.requests: list[tuple[str, str]] = []  # (method, path?query) of every request served
        # auth token → (uid, password at login): valid only with its saltkey and while the password stands
        self._sessions: dict[str, tuple[int, str]] = {}
        self._next_pid = 1
        self._lock = threading.RLock()
        self._local = threading.local()
        self._server: ThreadingHTTPServer | None = None
        self._last_reply: dict[int, float] = {}
        self.edits = 0
        # UCenter counts failed logins per account: 5 within 15 minutes and even the right password is refused.
        self.failed_logins: dict[str, int] = {}
        self.files: dict[str, tuple[bytes, str]] = {}  # path → (bytes, content type): images and attachments
        self.on_change: Callable[[], None] | None = None  # called after every POST (bansha demo keeps its forum)

    # -- content ----------------------------------------------------------------------------------

    def add_user(self, uid: int, name: str, password: str = "demo-pass", **kw) -> User:
        self.users[uid] = User(uid, name, password, **kw)
        return self.users[uid]

    def rename_user(self, uid: int, name: str) -> None:
        """An account renamed (the UCenter rename every board's 改名 tool does: the uid stays, the posts show the new
        name) — the old name is free to register again."""
        with self._lock:
            self.users[uid].name = name
            for thread in self.threads.values():
                for post in thread.posts:
                    if post.uid == uid:
                        post.author = name

    def add_thread(self, tid: int, subject: str, fid: int = 3, **kw) -> Thread:
        self.threads[tid] = Thread(tid, fid, subject, **kw)
        return self.threads[tid]

    def add_post(self, tid: int, uid: int, bbcode: str, when: datetime | int | None = None, *, pid: int | None = None,
                 **kw) -> Post:
        with self._lock:
            if pid is not None:
                self._next_pid = pid
            when = when or self.clock()
            dateline = when if isinstance(when, int) else int(when.timestamp())
            thread = self.threads[tid]
            post = Post(self._next_pid, tid, uid, self.users[uid].name, dateline, bbcode, position=len(thread.posts) + 1, **kw)
            self._next_pid += 1
            thread.posts.append(post)
            return post

    def unpost(self, tid: int, gone) -> None:
        """Shape a thread as if the posts `gone(post)` picks had never been made: the floors close up (a post
        deleted after it was made leaves its floor empty instead — remove it from `posts` for that)."""
        thread = self.threads[tid]
        thread.posts = [p for p in thread.posts if not gone(p)]
        for number, post in enumerate(thread.posts, start=1):
            post.position = number

    def thread_url(self, tid: int, page: int = 1) -> str:
        """A thread page's address as the forum itself links it (rewritten when URL rewrite is on)."""
        if self.rewrite:
            return f"thread-{tid}-{page}-1.html"
        return f"forum.php?mod=viewthread&tid={tid}" + (f"&amp;extra=&amp;page={page}" if page > 1 else "")

    def quote_bbcode(self, pid: int) -> str:
        """The BBCode Discuz prepends to a quote-reply of `pid` (the hidden noticetrimstr)."""
        post = self.find_post(pid)
        stamp = datetime.fromtimestamp(post.dateline, TZ).strftime("%Y-%m-%d %H:%M").replace("-0", "-")
        text = _strip_bbcode(re.sub(r"\[quote\].*?\[/quote\]", "", post.bbcode, flags=re.S)).strip()
        return (
            f"[quote][size=2][url=forum.php?mod=redirect&goto=findpost&pid={pid}&ptid={post.tid}]"
            f"[color=#999999]{post.author} 发表于 {stamp}[/color][/url][/size]\n{text[:100]}[/quote]"
        )

    def find_post(self, pid: int) -> Post:
        for thread in self.threads.values():
            for post in thread.posts:
                if post.pid == pid:
                    return post
        raise KeyError(pid)

    # -- kept between runs (bansha demo --db / --serve) ----------------------------------------------

    def snapshot(self) -> dict:
        """The forum's content as plain data: what a later demo run starts from."""
        from dataclasses import asdict

        with self._lock:
            return {"threads": [asdict(t) for t in self.threads.values()], "next_pid": self._next_pid, "edits": self.edits,
                    "port": self._server.server_address[1] if self._server else None}

    def save(self, path) -> None:
        import os

        tmp = f"{path}.tmp"
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(self.snapshot(), handle, ensure_ascii=False)
        os.replace(tmp, path)

    def restore(self, data: dict) -> None:
        """Posts made in an earlier run (our result posts among them) come back at their pids and floors."""
        with self._lock:
            for t in data.get("threads", []):
                posts = [Post(**post) for post in t.pop("posts", [])]
                self.threads[t["tid"]] = Thread(**t, posts=posts)
            self._next_pid = data.get("next_pid", self._next_pid)
            self.edits = data.get("edits", 0)
