"""「我的帖子 → 回复 → 待审核」: the pages a real X3.5 served (fixtures/dzlab) and the test forum's, read alike.

The only page that tells a reply still held for 审核 from one a moderator deleted into the recycle bin
(findpost answers both with the same 301 …#pid); scraper/outbox.py reads it to end a wait for a post that is gone.
"""

from __future__ import annotations

from conftest import OWN_FIXTURES
from scraper.pages.space import HELD_REPLIES, held_replies

LAB = OWN_FIXTURES / "dzlab"


def test_the_real_pages_list_the_held_reply_and_then_none():
    held = (LAB / "space_reply_aduit_held.html").read_bytes()
    gone = (LAB / "space_reply_aduit_after_delete.html").read_bytes()
    assert held_replies(held, "text/html; charset=utf-8") == {2}
    assert held_replies(gone, "text/html; charset=utf-8") == set()


def test_other_pages_say_nothing():
    guest = (LAB / "space_reply_aduit_held.html").read_text("utf-8").replace("discuz_uid = '2'", "discuz_uid = '0'")
    assert held_replies(guest.encode(), "text/html; charset=utf-8") is None
    other_tab = (LAB / "space_reply_aduit_held.html").read_text("utf-8").replace('filter=aduit" class="a"', 'filter=aduit"')
    assert held_replies(other_tab.encode(), "text/html; charset=utf-8") is None
    assert held_replies(b"<html><body>hello</body></html>", "text/html") is None


def test_the_test_forum_serves_the_same_list(tmp_path):
    from bansha.demo import game as demo
    from scraper import auth
    from scraper.client import ForumClient

    forum = demo.build()
    forum.threads[demo.VOTE_TID].moderated = True
    post = forum.add_post(demo.VOTE_TID, demo.DIRECTOR[0], "结果帖：测试被审核的回复。", pending=True)
    forum.add_post(demo.VOTE_TID, 13, "投票对象：李逵", pending=True)  # someone else's: not in the director's list
    with forum, ForumClient(min_interval=0) as client:
        url = f"{forum.base_url}{HELD_REPLIES}"
        assert held_replies(client.get(url).body, "text/html; charset=utf-8") is None  # a guest
        auth.ensure_login(client, forum.base_url, demo.DIRECTOR[1], "demo-director")
        assert held_replies(client.get(url).body, "text/html; charset=utf-8") == {post.pid}
        forum.recycle(post.pid)
        assert held_replies(client.get(url).body, "text/html; charset=utf-8") == set()
