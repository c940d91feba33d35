"""A small Discuz!-like forum on 127.0.0.1, for the tests and for `bansha demo`.

It serves what a real Discuz! X3.5 serves, in the same shapes (see ../shared/fixtures/discuz-x35):
desktop thread pages, the mobile API's viewthread JSON, the ajax login flow with saltkey/auth
cookies and formhash, fast replies, and the forum's refusal pages. Faults can be queued to prove
that the client retries, gives clear errors and resumes: timeouts, 5xx, 429, cut connections, cut
pages, the CC protection page, the anti-scraping script, login walls.

tests/test_forum_contract.py replays every captured exchange of discuz-x35/flows/ against it. One room per
part it plays, each module saying which captures hold it: model (the data and the tests' API), server (HTTP,
dispatch, faults), pages (thread pages, mobile API, index, findpost), bbcode (discuzcode), login (sessions,
cookies), posting (reply, edit, their answers), moderation (审核, recycle bin, who may read what, 我的帖子).
"""

from __future__ import annotations

from .bbcode import _SMILIES, _strip_bbcode, render_bbcode
from .login import Sessions
from .model import TZ, Fault, ForumState, Post, Thread, User
from .moderation import Moderation
from .pages import _FLOOR_NAMES, Pages, _post_time, render_thread_page
from .posting import Posting, _dstrlen
from .server import _REWRITTEN, ServerCore, _close, _system_error
from .shared import _ajax, _ajax_error, _frame, _parse_cookies, _Session


class DemoForum(ForumState, ServerCore, Pages, Sessions, Posting, Moderation):
    """The whole forum: the constructor and content API of ForumState, served by ServerCore, the rooms as mixins."""


# Every name the single-module forum.py had stays importable from here, private helpers included.
__all__ = [
    "TZ", "User", "Post", "Thread", "Fault", "DemoForum", "_Session", "render_bbcode", "render_thread_page",
    "_frame", "_post_time", "_strip_bbcode", "_close", "_parse_cookies", "_ajax", "_ajax_error", "_dstrlen",
    "_system_error", "_REWRITTEN", "_FLOOR_NAMES", "_SMILIES",
    "ForumState", "ServerCore", "Pages", "Sessions", "Posting", "Moderation",
]
