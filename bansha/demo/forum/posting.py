"""Replying and editing, and the answers Discuz gives them: 301s, ajax succeed/error handlers, message pages.

Held to discuz-x35/flows/ as tests/test_forum_contract.py replays it: reply-post (02, 04–06, 08, 10: a reply, flood
control, the seccode refusal), edit-post (02–10, 21–22: the edit form, edits, others' posts and closed threads
refused), moderated (02–03: 回复需要审核), session-expired/04–05. The GBK posting of discuz-x35-gbk-flows/ajax-reply,
reply-outside-gbk, edit-outside-gbk and edited-after-close has the same shapes (not replayed).
"""

from __future__ import annotations

import html
import re
import time
from typing import TYPE_CHECKING

from .shared import _ajax, _ajax_error, _frame

if TYPE_CHECKING:
    from .shared import _Session


class Posting:
    """The writing side of DemoForum."""

    def _reply(self, q: dict, form: dict, session: "_Session", ajax: bool) -> tuple[int, str, str | None]:
        """A reply: ajax → succeedhandle_fastpost / errorhandle_fastpost; full form → 301 or a message page."""
        handle = q.get("handlekey") or ""
        tid = int(q.get("tid") or 0)
        thread = self.threads.get(tid)

        def refuse(message: str, extra: str = "{}") -> tuple[int, str, None]:
            return 200, (_ajax_error(message, extra, handle) if ajax else self._message_page(message)), None

        if not session.uid:
            return refuse("抱歉，您尚未登录，没有权限在该版块回帖")
        if thread is None:
            return refuse("抱歉，指定的主题不存在或已被删除或正在被审核")
        if thread.closed:
            return refuse("抱歉，本主题已关闭，不再接受新内容")
        if self.captcha:
            return refuse("抱歉，验证码填写错误")
        message = form.get("message", "")
        if len(message.encode(self._py_charset, errors="replace")) < 10:
            return refuse("抱歉，您的帖子小于 10 个字符的限制")
        if _dstrlen(message) > self.maxpostsize:
            return refuse(f"抱歉，您的帖子超过 {self.maxpostsize} 个字符的限制")
        now = time.monotonic()
        if self.floodctrl and now - self._last_reply.get(session.uid, -1e9) < self.floodctrl:
            return refuse(f"抱歉，您两次发表间隔少于 {self.floodctrl} 秒，请稍候再发表", f"{{'floodctrl':'{self.floodctrl}'}}")
        self._last_reply[session.uid] = now
        trim = form.get("noticetrimstr", "")
        post = self.add_post(tid, session.uid, (trim + "\n\n" if trim else "") + message, pending=thread.moderated,
                             smileyoff=form.get("smileyoff") == "1")
        if thread.moderated:
            thread.just_held = True
            said = "回复需要审核，请等待通过"
            if ajax:
                return 200, _ajax(f"succeedhandle_{handle}('forum.php?mod=viewthread&tid={tid}', '{said}', "
                                  f"{{'fid':'{thread.fid}','tid':'{tid}','pid':'{post.pid}','from':'','sechash':'','reply_mod':'1'}});",
                                  handle=handle), None
            return 200, self._message_page(said, ok=True, go=f"forum.php?mod=viewthread&tid={tid}"), None
        page = -(-len(self.shown_posts(thread)) // self.ppp)
        target = f"forum.php?mod=viewthread&tid={tid}&pid={post.pid}&page={page}&extra=#pid{post.pid}"
        if not ajax:
            return 301, "", target
        return 200, _ajax(
            f"succeedhandle_{handle}('{target}', '非常感谢，回复发布成功，现在将转入主题页，请稍候……[ 点击这里转入主题列表 ]', "
            f"{{'fid':'{thread.fid}','tid':'{tid}','pid':'{post.pid}','from':'','sechash':''}});", handle=handle), None

    def _edit_form(self, q: dict, session: "_Session") -> str:
        pid = int(q.get("pid") or 0)
        try:
            post = self.find_post(pid)
        except KeyError:
            return self._message_page("抱歉，指定的帖子不存在")
        if not session.uid:
            return self._message_page("抱歉，您尚未登录，没有权限编辑帖子")
        thread = self.threads[post.tid]
        if post.uid != session.uid and not session.user.moderator:
            return self._message_page("抱歉，您没有权限编辑他人发表的帖子")
        if thread.closed:
            return self._message_page("抱歉，本主题已关闭，不再接受新内容")
        form = (
            f'<form method="post" id="postform" action="forum.php?mod=post&amp;action=edit&amp;extra=&amp;editsubmit=yes">'
            f'<input type="hidden" name="formhash" id="formhash" value="{session.formhash}" />'
            f'<input type="hidden" name="posttime" id="posttime" value="{int(time.time())}" />'
            '<input type="hidden" name="delattachop" id="delattachop" value="0" />'
            '<input type="hidden" name="wysiwyg" id="e_mode" value="1" />'
            f'<input type="hidden" name="fid" id="fid" value="{thread.fid}" /><input type="hidden" name="tid" value="{thread.tid}" />'
            f'<input type="hidden" name="pid" value="{pid}" /><input type="hidden" name="page" value="{q.get("page") or 1}" />'
            f'<input type="text" name="subject" id="subject" value="" />'
            f'<textarea name="message" id="e_textarea">{html.escape(post.bbcode)}</textarea></form>'
        )
        return _frame(self, "编辑帖子", form, session)

    def _edit(self, form: dict, session: "_Session", ajax: bool) -> tuple[int, str, str | None]:
        """An edit: 301 to the thread with the pid only in the fragment; ajax → succeedhandle_ (flows/edit-post)."""
        def refuse(message: str) -> tuple[int, str, None]:
            return 200, (_ajax_error(message) if ajax else self._message_page(message)), None

        try:
            post = self.find_post(int(form.get("pid") or 0))
        except (KeyError, ValueError):
            return refuse("抱歉，指定的帖子不存在")
        thread = self.threads[post.tid]
        if post.uid != session.uid and not (session.user and session.user.moderator):
            # A 版主 may edit anyone's post (post_editpost.php: ismoderator with alloweditpost); the stamp names them.
            return refuse("抱歉，您没有权限编辑他人发表的帖子")
        if thread.closed:
            return refuse("抱歉，本主题已关闭，不再接受新内容")
        message = form.get("message", "")
        if _dstrlen(message) > self.maxpostsize:
            return refuse(f"抱歉，您的帖子超过 {self.maxpostsize} 个字符的限制")
        if form.get("wysiwyg") == "1":
            message = re.sub(r"\n", "", message)  # html2bbcode: the rich editor's newlines are not line breaks
        if time.time() - post.dateline > 60:
            stamp = self.clock().strftime("%Y-%m-%d %H:%M").replace("-0", "-")
            message = f"[i=s] 本帖最后由 {session.user.name} 于 {stamp} 编辑 [/i]\n\n" + re.sub(r"^\[i=s\].*?\[/i\]\s*", "", message)
        post.bbcode = message
        post.smileyoff = form.get("smileyoff") == "1"
        post.recycled = False  # model_forum_post::editpost sets invisible to 0 (or -2): out of the recycle bin
        self.edits += 1
        if thread.moderated and not session.user.moderator:
            # modnewposts = 2 holds edits too (seen on a real X3.5): the post is invisible until passed.
            post.pending = True
            return 200, self._message_page("编辑后的回复需要审核，请等待审核通过", ok=True,
                                           go=f"forum.php?mod=forumdisplay&fid={thread.fid}"), None
        page = form.get("page") or "1"
        target = f"forum.php?mod=viewthread&tid={thread.tid}&page={page}&extra=#pid{post.pid}"
        if ajax:
            return 200, _ajax(f"succeedhandle_('{target}', '帖子编辑成功，现在将转入主题页，请稍候……[ 点击这里转入主题列表 ]', "
                              f"{{'fid':'{thread.fid}','tid':'{thread.tid}','pid':'{post.pid}'}});"), None
        return 301, "", target

    def _message_page(self, message: str, ok: bool = False, raw: bool = False, go: str | None = None) -> str:
        """Discuz's 提示信息 page; with `go` the redirect Discuz writes inside the sentence and the link under it
        (flows/moderated: 回复需要审核, and 编辑后的回复需要审核 as a real X3.5 answers an edit)."""
        kind = "alert_right" if ok else "alert_error"
        uid = getattr(getattr(self._local, "session", None), "uid", 0)
        said = message if raw else html.escape(message)
        if go:
            said += (f'<script type="text/javascript" reload="1">setTimeout("window.location.href =\'{go}\';", 2000);</script>'
                     f'</p>\n<p class="alert_btnleft"><a href="{go}">如果您的浏览器没有自动跳转，请点击此链接</a>')
        return (
            f'<!DOCTYPE html><html><head><meta charset="{self.charset}" /><title>提示信息 - {self.name}</title>'
            f"<script type=\"text/javascript\">var charset = '{self.charset}', discuz_uid = '{uid}', "
            f"cookiepre = '{self.cookiepre}';</script></head>"
            f'<body><div id="messagetext" class="{kind}">\n<p>{said}</p>\n</div></body></html>'
        )


def _dstrlen(text: str) -> int:
    """Discuz's dstrlen on a UTF-8 site: a non-ASCII character counts 2."""
    return sum(2 if ord(ch) > 127 else 1 for ch in text)
