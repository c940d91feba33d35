"""The test forum answers like the real Discuz X3.5: every captured exchange of flows/ is replayed against it.

Each request the real forum received (same account, path, query and form body) goes to the test forum, and
the two answers must have the same shape: status, redirect target and header spelling, ajax handler with its
message and parameters, message-page words, who the page thinks we are, which forms it offers, and the posts
our own reader sees. When this fails the mock has drifted from Discuz — fix the mock, not the client.
"""

from __future__ import annotations

import pytest

from conftest import CAPTURES, capture_headers, needs_captures
from discuz_flows import FLOWS, REAL_BASE, Visitor, build_site, posts_shown, shape, step, truth

pytestmark = needs_captures


class Walk:
    """A flow folder walked against a fresh test forum, one browser per account."""

    def __init__(self, forum):
        self.forum = forum
        self.visitors: dict[str, Visitor] = {}

    def visitor(self, account: str, *, fresh: bool = False) -> Visitor:
        if fresh or account not in self.visitors:
            self.visitors[account] = Visitor(self.forum, account)
        return self.visitors[account]

    def check(self, relative: str, *, formhash: str | None = None, who: Visitor | None = None):
        s = step(relative)
        visitor = who or self.visitor(s.account)
        got = visitor.replay(s, formhash=formhash)
        headers = [(k.decode("latin-1"), v.decode("utf-8", "replace")) for k, v in got.headers.raw]
        mine = shape(got.status_code, headers, got.content, self.forum.base_url)
        real = shape(s.status, s.headers, s.content, REAL_BASE)
        assert mine == real, f"{relative}: the test forum answered differently from Discuz"
        return got, s

    def same_posts(self, relative: str, got) -> None:
        s = step(relative)
        assert posts_shown(got.content, got.headers.get("content-type")) == posts_shown(s.content, s.header("content-type")), relative

    def close(self):
        for v in self.visitors.values():
            v.close()
        self.forum.stop()


@pytest.fixture
def walk():
    made = []

    def start(posts, **options):
        forum = build_site(posts, **options)
        forum.start()
        w = Walk(forum)
        made.append(w)
        return w

    yield start
    for w in made:
        w.close()


def test_login_while_logged_in(walk):
    w = walk(truth("reply-post")["posts"][:1])
    guest = w.visitor("guest")
    w.check("login-when-logged-in/01_login_page_guest.html", who=guest)
    guest_formhash = guest.formhash()
    w.check("login-when-logged-in/02_login_post_ajax.xml", who=guest)  # guest → 导演A
    w.visitors["导演A"] = guest
    w.check("login-when-logged-in/03_login_page_when_logged_in.html")
    w.check("login-when-logged-in/04_login_float_ajax_when_logged_in.xml")
    w.check("login-when-logged-in/05_login_post_again_stale_guest_formhash_503.html", formhash=guest_formhash)
    w.check("login-when-logged-in/05b_login_post_again_current_formhash.xml")
    w.check("login-when-logged-in/06_forum_index_logged_in.html")
    w.check("login-when-logged-in/09_forum_index_guest.html", who=w.visitor("guest", fresh=True))
    other = w.visitor("guest", fresh=True)
    w.check("login-when-logged-in/10_login_post_nonajax.html", who=other)
    w.check("login-when-logged-in/11_login_page_when_logged_in_after_nonajax.html", who=other)


def test_edit_post(walk):
    t = truth("edit-post")
    before = [p for p in t["edit_thread_posts_before_edit"] if int(p["pid"]) != 38] + t["closed_thread_posts"]
    w = walk(before)
    w.forum._next_pid = 38  # tid 6 (pids 39, 40) was made after this reply
    w.check("edit-post/02_reply_post_nonajax.html")  # makes pid 38: 301 with pid in the query
    w.check("edit-post/03_edit_form.html")
    w.check("edit-post/04_edit_post_nonajax_raw.html")  # 301, lowercase relative location, no pid=
    got, _ = w.check("edit-post/05_edit_redirect_target_viewthread.html")
    w.check("edit-post/06_edit_form_inajax.xml")
    w.check("edit-post/07_edit_post_inajax.xml")
    w.check("edit-post/08_edit_form_others_post_refused.html")
    w.check("edit-post/09_edit_post_others_post_refused.html")
    w.check("edit-post/10_edit_post_others_post_refused_inajax.xml")
    w.forum.threads[6].closed = True  # step 20: the admin closes tid 6 through topicadmin
    w.check("edit-post/21_edit_form_closed_thread.html")
    w.check("edit-post/22_edit_post_closed_thread.html")


def test_reply_post(walk):
    w = walk(truth("reply-post")["posts"][:1], floodctrl=15)
    w.check("reply-post/02_reply_post_nonajax_301.html")
    w.check("reply-post/04_reply_post_nonajax_floodctrl.html")
    w.check("reply-post/05_reply_post_ajax_success.xml")
    w.check("reply-post/06_reply_post_ajax_floodctrl.xml")
    w.forum.captcha = True  # seccode rule post.allow = 1 during 07–10
    w.check("reply-post/08_reply_post_nonajax_seccode_missing.html")
    w.check("reply-post/10_reply_post_ajax_seccode_missing.xml")


def test_login_captcha(walk):
    w = walk(truth("reply-post")["posts"][:1], login_captcha=True)
    guest = w.visitor("guest")
    w.check("login-captcha/01_login_page_with_seccode.html", who=guest)
    w.check("login-captcha/03_login_post_ajax_no_seccode.xml", who=guest)
    w.check("login-captcha/04_login_post_nonajax_no_seccode.html", who=guest)
    w.check("login-captcha/05_login_post_ajax_wrong_seccode.xml", who=guest)
    w.forum.login_captcha = False
    w.check("login-captcha/08_login_page_after_seccode_off.html", who=guest)


def test_moderated_replies(walk):
    t = truth("moderated")
    w = walk([p for p in t["posts_before_approval"] if int(p["pid"]) in (55, 56)])
    w.forum.threads[9].moderated = True  # modnewposts = 2
    w.check("moderated/02_reply_post_nonajax_moderated.html")
    w.check("moderated/03_reply_post_ajax_moderated.xml")
    guest = w.visitor("guest")
    w.check("moderated/before-approval/guest/pc_tid9_p01.html", who=guest)  # 302 to the same URL, once
    got, _ = w.check("moderated/before-approval/guest/pc_tid9_p01_second_request.html", who=guest)
    w.same_posts("moderated/before-approval/guest/pc_tid9_p01_second_request.html", got)
    got, _ = w.check("moderated/before-approval/poster_丘处机/pc_tid9_p01.html")
    w.same_posts("moderated/before-approval/poster_丘处机/pc_tid9_p01.html", got)
    w.forum.approve(57)  # steps 10–13: the moderator panel validates pid 57
    got, _ = w.check("moderated/after-approval/guest/pc_tid9_p01.html", who=guest)
    w.same_posts("moderated/after-approval/guest/pc_tid9_p01.html", got)


def test_stale_session(walk):
    w = walk(truth("session-expired")["posts"])
    w.check("session-expired/01_viewthread_tid7_valid_cookie.html")
    director = w.visitor("黄药师")
    formhash = director.formhash()  # taken while the session was valid
    old = w.forum.expire_sessions(9)  # pre_common_member.password changed
    w.check("session-expired/02_viewthread_tid7_stale_auth.html", who=director)
    w.check("session-expired/04_reply_post_nonajax_stale_auth.html", who=director, formhash=formhash)
    w.check("session-expired/05_reply_post_ajax_stale_auth.xml", who=director, formhash=formhash)
    w.check("session-expired/07_login_page_stale_auth.html", who=director)
    w.forum.expire_sessions(9, old)  # restored: the same jar works again
    w.check("session-expired/08_viewthread_tid7_same_cookie_after_restore.html", who=director)


@pytest.mark.parametrize("account", ["guest", "director_导演A"])
def test_rewritten_urls(walk, account):
    w = walk(truth("rewrite")["posts"], rewrite=True)
    who = w.visitor("guest" if account == "guest" else "导演A")
    for name in ("thread-8-1-1.html", "thread-8-2-1.html", "viewthread_tid8_query_url.html"):
        got, _ = w.check(f"rewrite/{account}/{name}", who=who)
        w.same_posts(f"rewrite/{account}/{name}", got)
        real = step(f"rewrite/{account}/{name}").content.decode()
        mine = got.text
        for link in ("thread-8-2-1.html", "thread-8-1-1.html"):  # pagination in the rewritten shape
            assert (f'href="{link}"' in real) == (f'href="{link}"' in mine), (name, link)


@pytest.mark.parametrize("viewer,account", [
    ("guest", "guest"), ("player_欧阳克", "欧阳克"), ("player_黄蓉", "黄蓉"), ("director_导演A", "导演A"), ("admin", "admin"),
])
def test_hidden_replies(walk, viewer, account):
    w = walk(truth("hidden-replies")["posts"])
    w.forum.threads[4].hidden_replies = True
    who = w.visitor(account)
    for page in (1, 2):
        got, _ = w.check(f"hidden-replies/{viewer}/pc_tid4_p0{page}.html", who=who)
        w.same_posts(f"hidden-replies/{viewer}/pc_tid4_p0{page}.html", got)
        api = f"hidden-replies/{viewer}/api_tid4_p0{page}.json"
        if (FLOWS / api).exists():  # the API was captured for guest, 欧阳克, 导演A and admin
            mine = who.replay(step(api))
            assert posts_shown(mine.content) == posts_shown(step(api).content), api


@needs_captures
def test_the_test_forum_breaks_lines_as_discuzcode_does():
    """Every captured post's stored BBCode, rendered by the test forum, reads as the captured page reads
    (line breaks after closing tags included: 「[b]…[/b]」 then a new line)."""
    import json

    from bansha.demo.forum import render_bbcode
    from scraper.message import read_message_html
    from scraper.pages import read_page

    checked = 0
    for name in ("game056", "game063"):
        truth = {}
        for path in (CAPTURES / name / "truth").glob("*.json"):
            for post in json.loads(path.read_text("utf-8"))["posts"]:
                truth[post["pid"]] = post
        for page_file in sorted((CAPTURES / name / "director" / "pc").glob("*.html")):
            page = read_page(page_file.read_bytes(), capture_headers(page_file).get("content-type"))
            for post in page.posts:
                stored = truth.get(post.pid)
                if not stored or stored.get("quote") or "[quote]" in stored["message_bbcode"] or post.status != "normal":
                    continue
                ours = read_message_html(render_bbcode(stored["message_bbcode"]))
                assert ours.text.split("\n") == post.text.split("\n"), (post.pid, ours.text, post.text)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("account", ["guest", "director"])
def test_a_post_a_moderator_bans_reads_as_on_the_real_x35(account):
    """game056's vote thread rebuilt on the test forum (same pids, floors, authors and BBCode): pid 72 屏蔽 by the
    moderator, pid 139 by an author banned since. A guest reads the notice and no text; the moderator 导演A reads
    the notice with 「，只有管理员或有管理权限的成员可见」 and then the text — on the PC pages and in the API."""
    import json

    from bansha.demo.forum import DemoForum
    from scraper import auth
    from scraper.client import ForumClient

    truth = json.loads((CAPTURES / "game056" / "truth" / "vote_tid4.json").read_text("utf-8"))
    watched = {p["pid"]: p for p in truth["posts"] if p["hidden_by_moderator"] or p["author_banned_now"]}
    assert watched
    forum = DemoForum(name="江湖版杀社区")
    for post in truth["posts"]:
        if post["authorid"] not in forum.users:
            forum.add_user(post["authorid"], post["author"], "pw", moderator=post["author"] == "导演A",
                           banned=post["author_banned_now"])
    forum.add_thread(4, truth["thread"]["subject"] if "subject" in truth["thread"] else "[056]射雕英雄传——第一天投票帖")
    for post in sorted(truth["posts"], key=lambda p: p["position"]):
        forum.add_post(4, post["authorid"], post["message_bbcode"], post["dateline"], pid=post["pid"],
                       hidden=post["hidden_by_moderator"])
    view = CAPTURES / "game056" / account
    with forum, ForumClient(min_interval=0) as client:
        if account == "director":
            auth.ensure_login(client, forum.base_url, "导演A", "pw")
        for pid, post in watched.items():
            real_pc = (view / "pc" / f"vote_tid4_p{post['page']:02d}.html").read_bytes()
            mine_pc = client.get(f"{forum.base_url}forum.php?mod=viewthread&tid=4&page={post['page']}").body
            pick = lambda shown: [p for p in shown if p[0] == pid]  # noqa: E731
            assert pick(posts_shown(mine_pc, "text/html; charset=utf-8")) == pick(posts_shown(real_pc, "text/html; charset=utf-8"))
            assert _lock(mine_pc, pid) == _lock(real_pc, pid), pid
            real_api = (view / "api" / f"vote_tid4_p{post['page']:02d}.json").read_bytes()
            mine_api = client.get(f"{forum.base_url}api/mobile/index.php?version=4&module=viewthread&tid=4&page={post['page']}").body
            assert pick(posts_shown(mine_api, "application/json")) == pick(posts_shown(real_api, "application/json")), pid
            assert _api_fields(mine_api, pid) == _api_fields(real_api, pid), pid


def _lock(body: bytes, pid: int) -> str | None:
    from selectolax.lexbor import LexborHTMLParser

    lock = LexborHTMLParser(body.decode("utf-8")).css_first(f"#post_{pid} .pcb > div.locked")
    return lock.text(deep=True).strip() if lock is not None else None


def _api_fields(body: bytes, pid: int) -> tuple:
    import json

    variables = json.loads(body)["Variables"]
    post = next(p for p in variables["postlist"] if p["pid"] == str(pid))
    return variables.get("ismoderator"), post["status"], post["groupid"] == "4", "屏蔽" in post["message"]


def test_my_pending_replies_page_as_on_the_real_x35():
    """「我的帖子 → 回复 → 待审核」 with 23 held replies (fixtures/dzlab/space_reply_aduit_23held_p1–3.html, a real
    X3.5): the test forum lists as many on each page, links the same 上一页/下一页, and an empty page 3."""
    import re
    from datetime import timedelta

    from conftest import OWN_FIXTURES
    from bansha.demo import game as demo
    from scraper import auth
    from scraper.client import ForumClient
    from scraper.pages import space

    real = [(OWN_FIXTURES / "dzlab" / f"space_reply_aduit_23held_p{n}.html").read_bytes() for n in (1, 2, 3)]
    count = sum(len(space.held_page(body, "text/html; charset=utf-8").posts) for body in real)
    forum = demo.build()
    for n in range(count):
        forum.add_post(demo.VOTE_TID, demo.DIRECTOR[0], f"待审核回复 {n}", demo.CLOSE + timedelta(minutes=n), pending=True)
    pager = re.compile(rb'<div class="pgs cl mtm">.*?</div></div>')
    with forum, ForumClient(min_interval=0) as client:
        auth.ensure_login(client, forum.base_url, demo.DIRECTOR[1], "demo-director")
        mine = [client.get(forum.base_url + space.page_url(n)).body for n in (1, 2, 3)]
    shape = lambda body: (len(space.held_page(body, "text/html; charset=utf-8").posts),  # noqa: E731
                          space.held_page(body, "text/html; charset=utf-8").more, pager.findall(body))
    assert demo.DIRECTOR[0] == 2  # the real pages are 导演A's, uid 2: the pager links carry it
    assert [shape(body) for body in mine] == [shape(body) for body in real]
