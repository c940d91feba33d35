"""Page variants we wrote ourselves: a Discuz! 7.2 GBK page, relative times, a GBK forum end to end."""

from __future__ import annotations

from conftest import OWN_FIXTURES, thread_url
from scraper import model
from scraper.pages import read_page
from scraper.sync import sync_thread

D7 = OWN_FIXTURES / "discuz7" / "viewthread_tid88_p2_gbk.html"


def test_discuz7_page():
    page = read_page(D7.read_bytes(), "text/html")  # no charset in the header: the meta tag says gbk
    assert page.variant == "d7"
    assert (page.tid, page.fid, page.subject, page.page, page.last_page) == (88, 12, "第一天投票帖", 2, 3)
    assert [p.floor for p in page.posts] == [1, 2, 3, 4, 5]
    assert [p.author_uid for p in page.posts] == [3, 7, 8, 9, 10]
    change = page.posts[2]
    assert change.quotes == [model.Quote(pid=5002, author="狼人甲", time="2014-12-11 20:31", text="投票对象：村民乙\n投票理由：发言太少。")]
    assert change.text == "改票对象：狼人甲\n改票理由：他先咬人"  # the attribution after the quote is not text
    assert change.style["colors"] == ["red"]
    assert change.posted_at == "2014-12-11T23:11:00+08:00" and change.time_precision == "minute"
    edited = page.posts[3]
    assert (edited.edited_by, edited.edited_at) == ("预言家", "2014-12-12T09:20:00+08:00")
    assert page.posts[4].status == model.BANNED and page.posts[4].text == ""
    assert page.damage == []


def test_relative_time_without_title_resolves_against_the_page_clock():
    body = D7.read_bytes().decode("gbk")
    body = body.replace('<span title="2014-12-11 23:11">昨天&nbsp;23:11</span>', "前天&nbsp;08:15")
    page = read_page(body.encode("gbk"))
    # The footer says GMT+8, 2014-12-12 10:30: 前天 is 2014-12-10.
    assert page.posts[2].posted_at == "2014-12-10T08:15:00+08:00"
    assert page.posts[2].time_precision == "minute"


def test_gbk_forum_end_to_end(client_factory, db):
    from bansha.demo.forum import DemoForum

    board = DemoForum(charset="gbk")
    board.add_user(5, "鲁智深")
    board.add_thread(9, "[002]GBK 论坛投票帖")
    board.add_post(9, 5, "投票对象：林冲\n投票理由：洒家信他")
    with board:
        sync_thread(client_factory(), db, thread_url(board, 9))
    row = db["posts"].get(1)
    assert row["author"] == "鲁智深" and row["text"] == "投票对象：林冲\n投票理由：洒家信他"
    assert db["threads"].get(9)["subject"] == "[002]GBK 论坛投票帖"
