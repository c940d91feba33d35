"""A refusal is a typed error carrying the forum's own words; damaged bytes still yield posts."""

from __future__ import annotations

import pytest

from conftest import CAPTURES, OWN_FIXTURES, capture_headers, needs_captures
from scraper import model
from scraper.pages import read_page

ERRORS = CAPTURES / "generic" / "errors"


@needs_captures
@pytest.mark.parametrize(
    "name, refusal, words",
    [
        ("thread_not_exist.html", model.ThreadMissing, "指定的主题不存在"),
        ("thread_not_exist_api.json", model.ThreadMissing, "thread_nonexistence"),
        ("login_required_viewthread_tid1.html", model.LoginRequired, "您尚未登录"),
        ("login_required_viewthread_tid1_api.json", model.LoginRequired, "viewperm_login_nopermission"),
        ("no_permission_viewthread_tid2.html", model.NoPermission, "您没有权限访问该版块"),
        ("no_permission_viewthread_tid2_ajax.xml", model.NoPermission, "您没有权限访问该版块"),
        ("no_permission_viewthread_tid2_api.json", model.NoPermission, "viewperm_none_nopermission"),
    ],
)
def test_captured_refusals(name, refusal, words):
    path = ERRORS / name
    with pytest.raises(refusal) as caught:
        read_page(path.read_bytes(), capture_headers(path).get("content-type"))
    assert words in caught.value.message
    assert words in str(caught.value)


@needs_captures
def test_page_past_the_end_is_the_last_page_and_says_so():
    path = ERRORS / "thread_page_out_of_range.html"
    page = read_page(path.read_bytes(), capture_headers(path).get("content-type"), page=99)
    assert page.page == page.last_page
    assert any("超出末页" in note for note in page.damage)


@needs_captures
@pytest.mark.parametrize("name", ["disc_tid5_p01", "vote_tid4_p02"])
def test_gbk_page_reads_like_its_utf8_original(name):
    gbk = CAPTURES / "generic" / "gbk" / f"{name}_SYNTHETIC_gbk.html"
    original = CAPTURES / "game056" / "guest" / "pc" / f"{name}.html"
    from_gbk = read_page(gbk.read_bytes(), capture_headers(gbk).get("content-type"))
    from_utf8 = read_page(original.read_bytes(), "text/html; charset=utf-8")
    assert [p.to_dict() for p in from_gbk.posts] == [p.to_dict() for p in from_utf8.posts]
    assert from_gbk.damage == []


@needs_captures
def test_gbk_page_labelled_utf8_still_yields_posts_and_reports_it():
    gbk = CAPTURES / "generic" / "gbk" / "vote_tid4_p02_SYNTHETIC_gbk.html"
    original = CAPTURES / "game056" / "guest" / "pc" / "vote_tid4_p02.html"
    body = gbk.read_bytes().replace(b'<meta charset="gbk" />', b'<meta charset="utf-8" />')
    page = read_page(body, "text/html; charset=utf-8")
    expected = read_page(original.read_bytes(), "text/html; charset=utf-8")
    assert [p.author for p in page.posts] == [p.author for p in expected.posts]
    assert any("utf-8" in note and "gb18030" in note for note in page.damage)


@needs_captures
def test_broken_bytes_are_replaced_and_counted():
    original = CAPTURES / "game056" / "guest" / "pc" / "vote_tid4_p02.html"
    body = original.read_bytes()
    at = body.index("改票对象".encode())
    broken = body[:at] + b"\xff\xfe" + body[at:]
    page = read_page(broken, "text/html; charset=utf-8")
    assert len(page.posts) == 10
    assert any("2 处无法解码" in note for note in page.damage)


@needs_captures
@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_truncated_body_is_refused_not_half_read(keep):
    original = (CAPTURES / "game056" / "guest" / "pc" / "vote_tid4_p02.html").read_bytes()
    with pytest.raises(model.Truncated):
        read_page(original[: int(len(original) * keep)], "text/html; charset=utf-8")


@needs_captures
def test_truncated_json_is_refused():
    original = (CAPTURES / "game056" / "guest" / "api" / "vote_tid4_p02.json").read_bytes()
    with pytest.raises(model.Truncated):
        read_page(original[: len(original) // 2], "application/json")


@pytest.mark.parametrize("body", [b"", b"   \r\n"])
def test_empty_body(body):
    with pytest.raises(model.EmptyResponse):
        read_page(body)


@pytest.mark.parametrize(
    "fixture, refusal",
    [
        ("refusals/cc_protection.html", model.RateLimited),
        ("refusals/dsign.html", model.AntiScraping),
        ("refusals/waf.html", model.WafBlocked),
        ("refusals/not_discuz.html", model.UnknownPage),
    ],
)
def test_own_refusal_pages(fixture, refusal):
    with pytest.raises(refusal):
        read_page((OWN_FIXTURES / fixture).read_bytes())


@pytest.mark.parametrize("garbage", [b"\x00\x01\x02", b"<html><body><p>hi</p></body></html>", b"{\"Variables\": 3}", b"[1,2]"])
def test_garbage_gets_a_refusal_never_a_crash(garbage):
    with pytest.raises(model.Refusal):
        read_page(garbage)


@pytest.mark.parametrize("words", ["访问本站速度过快", "刷新间隔时间小于两秒", "Access Denied", "_dsign"])
def test_a_post_quoting_a_refusal_is_read_not_refused(words):
    """The forum refusing is a page without posts; a player writing the same words is a post."""
    from bansha.demo.forum import DemoForum, _Session, render_thread_page

    forum = DemoForum()
    forum.add_user(5, "鲁智深")
    forum.add_thread(9, "投票帖")
    forum.add_post(9, 5, "开帖")
    forum.add_post(9, 5, f"刚才论坛提示我“{words}”，是不是被限流了？")
    thread = forum.threads[9]
    html = render_thread_page(forum, thread, 1, 1, thread.posts, _Session(forum, {}))
    page = read_page(html.encode(), "text/html; charset=utf-8")
    assert [p.text for p in page.posts][-1] == f"刚才论坛提示我“{words}”，是不是被限流了？"
