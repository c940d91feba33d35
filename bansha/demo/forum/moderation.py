"""A moderator's hand and who may read what: 审核 and the recycle bin, 回帖仅作者可见, members-only boards, 我的帖子.

Held to discuz-x35/flows/ as tests/test_forum_contract.py replays it: moderated (steps 10–13 pass pid 57, then
before-approval and after-approval show who sees a held reply), hidden-replies (guest, players, the director and
admin each see their own set). 我的帖子 → 回复 → 待审核 is held to the repository's fixtures/dzlab pages
(tests/test_own_posts_page.py); the members-only refusal says what discuz-x35/generic/errors/login_required_* say.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .bbcode import _strip_bbcode
from .model import Post, Thread
from .shared import _frame

if TYPE_CHECKING:
    from .shared import _Session


class Moderation:
    """The moderation side of DemoForum."""

    def recycle(self, pid: int) -> None:
        """A moderator deletes a reply into the recycle bin (回收站) — a held one too, from the 审核 list."""
        post = self.find_post(pid)
        post.recycled, post.pending = True, False

    def approve(self, pid: int) -> None:
        """A moderator passes a held reply (审核): it appears at the floor it was given."""
        self.find_post(pid).pending = False

    def ban_post(self, pid: int, banned: bool = True) -> None:
        """A moderator 屏蔽s a post (topicadmin action=banpost, status bit 1), or lifts it: players read
        「该帖被管理员或版主屏蔽」 in its place, moderators the notice and the text (game056 pid 72)."""
        self.find_post(pid).hidden = banned

    def _visible(self, thread: Thread, session: "_Session") -> str | None:
        if thread.members_only and not session.uid:
            return "抱歉，您尚未登录，没有权限访问该版块"
        return None

    def shown_posts(self, thread: Thread) -> list[Post]:
        """What a thread lists: held and recycled posts are shown to nobody, not even their author or a moderator."""
        return [p for p in thread.posts if not p.pending and not p.recycled]

    def locked_for(self, thread: Thread, post: Post, session: "_Session") -> bool:
        """回帖仅作者可见: a reply is readable by its author, the thread's author and moderators only."""
        if not thread.hidden_replies or post.position == 1:
            return False
        reader = session.user
        return not (reader and (reader.uid in (post.uid, thread.posts[0].uid) or reader.moderator))

    def _my_posts(self, q: dict, session: "_Session") -> str:
        """「我的帖子 → 回复」 as X3.5 renders it (fixtures/dzlab): with filter=aduit the reader's own replies that
        wait for 审核, under their threads, each linked through findpost; any member sees their own.
        source/include/space/space_thread.php: 20 replies a page, newest first (ORDER BY dateline DESC LIMIT
        start, 20), grouped under their threads, and simplepage() below — 下一页 whenever the page is full
        (the next one may be empty), 上一页 from page 2 on, no page count; a page past the end is empty."""
        if not session.user:
            return self._message_page("抱歉，您尚未登录，无法进行此操作")
        held, selected = q.get("filter") == "aduit", ' class="a"'
        page = max(1, int(q.get("page") or 1) if (q.get("page") or "").isdigit() else 1)
        mine = [p for t in self.threads.values() for p in t.posts if p.uid == session.uid and p.position > 1
                and (not held or (p.pending and not p.recycled))]
        mine.sort(key=lambda p: (p.dateline, p.pid), reverse=True)
        mine = mine[(page - 1) * MY_POSTS_PER_PAGE : page * MY_POSTS_PER_PAGE]
        filters = "".join(
            f'<span class="pipe">|</span><a href="home.php?mod=space&amp;do=thread&amp;view=me&amp;type=reply&amp;from=&amp;'
            f'filter={key}"{selected if q.get("filter") == key else " "}>{words}</a>'
            for key, words in (("common", "已发表"), ("save", "草稿箱"), ("close", "已关闭"), ("aduit", "待审核"),
                               ("ignored", "已忽略"), ("recyclebin", "回收站")))
        rows = []
        for tid in sorted(dict.fromkeys(p.tid for p in mine)):
            thread = self.threads[tid]
            rows.append(f'<tr class="bw0_all"><td class="icn"></td><th><a href="forum.php?mod=redirect&amp;goto=findpost&amp;'
                        f'ptid={tid}&amp;pid=" target="_blank">{html.escape(thread.subject)}</a></th></tr>')
            # A 屏蔽ed reply's excerpt is empty for all but admins, and an empty one shows as 「......」.
            rows += [f'<tr><td colspan="5" class="xg1">&nbsp;<a href="forum.php?mod=redirect&amp;goto=findpost&amp;ptid={tid}'
                     f'&amp;pid={p.pid}" target="_blank">{"......" if p.hidden else html.escape(_strip_bbcode(p.bbcode)[:100])}'
                     '</a></td></tr>' for p in mine if p.tid == tid]
        rows = rows or ['<tr><td colspan="5"><p class="emp">还没有相关的帖子</p></td></tr>']
        # simplepage(): its links are $theurl (url_implode: raw &, empty values dropped) + '&amp;page=N'.
        theurl = "home.php?" + "&".join(f"{k}={v}" for k, v in (
            ("mod", "space"), ("uid", session.uid), ("do", "thread"), ("view", "me"), ("type", q.get("type") or ""),
            ("order", "dateline"), ("filter", q.get("filter") or "")) if v)
        prev = f'<span class="pgb"><a href="{theurl}&amp;page={page - 1}">上一页</a></span>' if page > 1 else ""
        nxt = f'<a href="{theurl}&amp;page={page + 1}" class="nxt">下一页</a>' if len(mine) == MY_POSTS_PER_PAGE else ""
        pager = f'<div class="pgs cl mtm"><div class="pg">{prev}{nxt}</div></div>' if prev or nxt else ""
        content = (
            f'<p class="tbmu bw0"><span class="y"><a href="home.php?mod=space&amp;uid={session.uid}&amp;do=thread&amp;view=me&amp;'
            f'type=reply&amp;from=&amp;filter=" >全部</a>{filters}</span>'
            '<a href="home.php?mod=space&amp;do=thread&amp;view=me&amp;type=thread" >主题</a><span class="pipe">|</span>'
            '<a href="home.php?mod=space&amp;do=thread&amp;view=me&amp;type=reply"  class="a">回复</a></p>'
            '<div class="tl"><form method="post" autocomplete="off" name="delform" id="delform" action="home.php?mod=space&amp;'
            f'do=thread&amp;view=all&amp;order=dateline"><input type="hidden" name="formhash" value="{session.formhash}" />'
            f'<table cellspacing="0" cellpadding="0">{"".join(rows)}</table></form></div>{pager}'
        )
        return _frame(self, f"{session.user.name}的帖子", content, session)


MY_POSTS_PER_PAGE = 20  # space_thread.php: $perpage = 20
