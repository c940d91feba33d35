"""The client reads every captured real answer of flows/ the way Discuz means it.

These are the acceptance tests for sessions, replies, edits and URL forms: the real X3.5 answers,
read in place from ../shared, decide what the client must conclude.
"""

from __future__ import annotations

import pytest

from conftest import needs_captures
from discuz_flows import FLOWS, step
from scraper import auth, poster

pytestmark = needs_captures


@pytest.mark.parametrize("relative,kind", [
    ("login-when-logged-in/01_login_page_guest.html", "form"),
    ("login-when-logged-in/03_login_page_when_logged_in.html", "welcome"),
    ("login-when-logged-in/11_login_page_when_logged_in_after_nonajax.html", "welcome"),
    ("login-captcha/01_login_page_with_seccode.html", "captcha"),
    ("login-captcha/08_login_page_after_seccode_off.html", "form"),
    ("session-expired/07_login_page_stale_auth.html", "form"),
])
def test_login_page_kinds(relative, kind):
    assert auth.login_page_kind(step(relative).content.decode("utf-8")) == kind


def _answer(relative: str) -> poster.Answer:
    s = step(relative)
    return poster.read_answer(s.status, s.content, s.header("content-type"), s.header("location"))


@pytest.mark.parametrize("relative,pid,page", [
    ("edit-post/02_reply_post_nonajax.html", 38, 1),          # 301, pid in the query
    ("reply-post/02_reply_post_nonajax_301.html", 42, 1),
    ("reply-post/05_reply_post_ajax_success.xml", 43, 1),      # succeedhandle_fastpost with {'pid':'43'}
    ("edit-post/04_edit_post_nonajax_raw.html", 38, 1),        # 301, no pid=: only #pid38
    ("edit-post/07_edit_post_inajax.xml", 38, 1),
])
def test_successful_answers_name_the_post(relative, pid, page):
    answer = _answer(relative)
    assert answer.ok and answer.pid == pid and answer.page == page


@pytest.mark.parametrize("relative,error,action", [
    ("edit-post/08_edit_form_others_post_refused.html", poster.NoPermission, poster.EDIT),
    ("edit-post/09_edit_post_others_post_refused.html", poster.NoPermission, poster.EDIT),
    ("edit-post/10_edit_post_others_post_refused_inajax.xml", poster.NoPermission, poster.EDIT),
    ("edit-post/21_edit_form_closed_thread.html", poster.ThreadClosed, poster.EDIT),
    ("edit-post/22_edit_post_closed_thread.html", poster.ThreadClosed, poster.EDIT),
    ("reply-post/04_reply_post_nonajax_floodctrl.html", poster.FloodControl, poster.REPLY),
    ("reply-post/06_reply_post_ajax_floodctrl.xml", poster.FloodControl, poster.REPLY),
    ("reply-post/08_reply_post_nonajax_seccode_missing.html", poster.CaptchaRequired, poster.REPLY),
    ("reply-post/10_reply_post_ajax_seccode_missing.xml", poster.CaptchaRequired, poster.REPLY),
    ("session-expired/03_reply_form_stale_auth.html", poster.NotLoggedIn, poster.REPLY),
    ("session-expired/04_reply_post_nonajax_stale_auth.html", poster.StaleForm, poster.REPLY),
    ("session-expired/05_reply_post_ajax_stale_auth.xml", poster.StaleForm, poster.REPLY),
    ("login-when-logged-in/05_login_post_again_stale_guest_formhash_503.html", poster.StaleForm, poster.REPLY),
])
def test_refusals_are_typed_with_advice_for_the_action(relative, error, action):
    answer = _answer(relative)
    assert not answer.ok
    refusal = poster.classify(answer.message, action)
    assert type(refusal) is error
    assert str(refusal).startswith(answer.message)
    if error is poster.NoPermission and action == poster.EDIT:
        assert "作者" in str(refusal) and "换导演账号" not in str(refusal)  # not the reply advice


def test_flood_control_says_how_long():
    refusal = poster.classify(_answer("reply-post/06_reply_post_ajax_floodctrl.xml").message)
    assert isinstance(refusal, poster.FloodControl) and refusal.seconds == 15


@pytest.mark.parametrize("relative", [
    "moderated/02_reply_post_nonajax_moderated.html",  # a message page, no redirect
    "moderated/03_reply_post_ajax_moderated.xml",      # a *succeed* handler with reply_mod '1'
])
def test_held_replies_are_pending_not_posted(relative):
    answer = _answer(relative)
    held = (answer.params or {}).get("reply_mod") == "1" or "审核" in answer.message
    assert held
    with pytest.raises(poster.Pending):
        poster.read_reply_answer(step(relative).content, step(relative).header("content-type"))


def test_a_moderation_message_page_reads_as_its_sentence():
    """alert_right with the redirect script inside the sentence: held, and said without the script."""
    answer = _answer("moderated/02_reply_post_nonajax_moderated.html")
    assert answer.ok and answer.held and answer.message == "回复需要审核，请等待通过"


def test_who_we_are_comes_from_the_page_not_the_cookie():
    from scraper.pages.common import reader_uid

    assert reader_uid(step("login-when-logged-in/06_forum_index_logged_in.html").content.decode()) == 2
    assert reader_uid(step("login-when-logged-in/09_forum_index_guest.html").content.decode()) == 0
    stale = step("session-expired/02_viewthread_tid7_stale_auth.html")
    sent = stale.path.with_name(stale.path.name + ".headers.txt").read_text("utf-8")
    assert "_auth=" in sent  # the stale jar still sent its auth cookie …
    assert reader_uid(stale.content.decode()) == 0  # … and Discuz rendered the page for a guest, saying nothing
    assert reader_uid(step("session-expired/08_viewthread_tid7_same_cookie_after_restore.html").content.decode()) == 9


@pytest.mark.parametrize("url,tid", [
    ("http://127.0.0.1:8088/thread-8-1-1.html", 8),
    ("http://127.0.0.1:8088/thread-8-2-1.html", 8),
    ("http://127.0.0.1:8088/forum.php?mod=viewthread&tid=8", 8),
    ("http://127.0.0.1:8088/forum.php?mod=redirect&goto=findpost&ptid=8&pid=45", 8),
])
def test_thread_urls_in_every_shape(url, tid):
    from scraper.sync import parse_thread_url

    ref = parse_thread_url(url)
    assert ref.tid == tid and ref.base == "http://127.0.0.1:8088/"


def test_forum_urls_are_told_apart():
    from scraper.sync import parse_thread_url

    for url in ("http://127.0.0.1:8088/forum-2-1.html", "http://127.0.0.1:8088/forum.php?mod=forumdisplay&fid=2"):
        with pytest.raises(ValueError, match="版块"):
            parse_thread_url(url)


@pytest.mark.parametrize("viewer", ["guest", "director_导演A"])
@pytest.mark.parametrize("name,page", [("thread-8-1-1.html", 1), ("thread-8-2-1.html", 2), ("thread-8-9-1.html", 2),
                                       ("viewthread_tid8_query_url.html", 1)])
def test_rewritten_pages_keep_their_tid(viewer, name, page):
    from scraper.pages import read_page

    path = FLOWS / "rewrite" / viewer / name
    if not path.exists():
        pytest.skip("not captured for this viewer")
    read = read_page(path.read_bytes())
    assert read.tid == 8 and read.fid == 2 and read.page == page and read.last_page == 2
    assert all(p.tid == 8 for p in read.posts)
