"""Fetching from a real HTTP forum on 127.0.0.1: incremental cost, retries, clear errors, resume."""

from __future__ import annotations

import os
import stat
import time

import pytest

from bansha.demo.forum import Fault
from conftest import thread_url
from scraper import model
from scraper.client import FetchFailed
from scraper.sync import parse_thread_url, sync_thread


def page_requests(board) -> int:
    return board.count("mod=viewthread") + board.count("module=viewthread")


def floors(db, tid=4):
    return [r["floor"] for r in db.query("select floor from posts where tid = ? order by floor", [tid])]


def test_first_fetch_reads_every_page_once(forum, client_factory, db):
    report = sync_thread(client_factory(), db, thread_url(forum))
    assert report.pages == [1, 2, 3]
    assert page_requests(forum) == 3
    assert floors(db) == list(range(1, 24))
    assert db["threads"].get(4)["subject"] == "[001]测试——第一天投票帖"


def test_unchanged_thread_costs_at_most_two_requests(forum, client_factory, db):
    client = client_factory()
    sync_thread(client, db, thread_url(forum))
    before = page_requests(forum)
    report = sync_thread(client, db, thread_url(forum))
    assert page_requests(forum) - before <= 2
    assert report.new_posts == 0


@pytest.mark.parametrize("new_posts", [1, 7, 25])
def test_k_new_pages_cost_about_k_plus_one(forum, client_factory, db, new_posts):
    client = client_factory()
    sync_thread(client, db, thread_url(forum))
    for i in range(new_posts):
        forum.add_post(4, 11, f"新楼 {i}")
    pages_before = 3
    pages_after = -(-(23 + new_posts) // forum.ppp)
    new_pages = pages_after - pages_before
    before = page_requests(forum)
    report = sync_thread(client, db, thread_url(forum))
    assert page_requests(forum) - before == new_pages + 1
    assert report.new_posts == new_posts
    assert floors(db) == list(range(1, 24 + new_posts))


def test_api_source_reads_200_posts_a_request_and_stores_the_same_posts(forum, client_factory, tmp_path):
    from scraper.archive import open_db

    pc_db, api_db = open_db(tmp_path / "pc.db"), open_db(tmp_path / "api.db")
    sync_thread(client_factory(), pc_db, thread_url(forum), source="pc")
    before = page_requests(forum)
    sync_thread(client_factory(), api_db, thread_url(forum), source="api")
    assert page_requests(forum) - before == 1
    columns = "pid, tid, floor, author, author_uid, posted_at, quotes, text, status, style"
    query = f"select {columns} from posts order by pid"
    assert list(pc_db.query(query)) == list(api_db.query(query))


@pytest.mark.parametrize(
    "fault",
    [
        Fault("status", status=502),
        Fault("status", status=503),
        Fault("status", status=429, retry_after="1"),
        Fault("timeout", delay=1.0),
        Fault("drop"),
        Fault("cut"),
        Fault("truncated_html"),
        Fault("cc"),
    ],
    ids=lambda f: f"{f.kind}-{f.status}" if f.kind == "status" else f.kind,
)
def test_transient_faults_are_retried(forum, client_factory, db, fault):
    fault.match, fault.times = "page=2", 2
    forum.faults.append(fault)
    started = time.monotonic()
    report = sync_thread(client_factory(retries=3), db, thread_url(forum))
    assert floors(db) == list(range(1, 24))
    assert report.pages == [1, 2, 3]
    assert forum.count("page=2") == 3  # two faults, then the page
    if fault.retry_after:
        assert time.monotonic() - started >= 2 * float(fault.retry_after)


def test_gives_up_with_a_clear_chinese_error_and_keeps_what_it_read(forum, client_factory, db):
    forum.faults.append(Fault("status", match="page=3", times=99, status=502))
    with pytest.raises(FetchFailed) as caught:
        sync_thread(client_factory(retries=2), db, thread_url(forum))
    assert "重试 2 次后仍失败" in str(caught.value) and "HTTP 502" in str(caught.value)
    assert floors(db) == list(range(1, 21))
    assert db["fetches"].count_where("outcome = 'failed'") == 1


def test_interrupted_fetch_resumes_without_losing_or_duplicating(forum, client_factory, db):
    forum.faults.append(Fault("status", match="page=3", times=99, status=500))
    with pytest.raises(FetchFailed):
        sync_thread(client_factory(retries=1), db, thread_url(forum))
    forum.faults.clear()
    for i in range(5):
        forum.add_post(4, 12, f"中断后的新楼 {i}")
    report = sync_thread(client_factory(), db, thread_url(forum))
    assert report.pages[0] == 2  # resumes at the last page it finished
    assert floors(db) == list(range(1, 29))
    assert db["posts"].count == len({r["pid"] for r in db.query("select pid from posts")}) == 28


def test_refusals_are_final_and_typed(forum, client_factory, db):
    with pytest.raises(model.ThreadMissing) as caught:
        sync_thread(client_factory(), db, thread_url(forum, 999))
    assert "指定的主题不存在" in caught.value.message
    with pytest.raises(model.LoginRequired):
        sync_thread(client_factory(), db, thread_url(forum, 7))
    forum.faults.append(Fault("login", match="tid=4"))
    with pytest.raises(model.LoginRequired):
        sync_thread(client_factory(), db, thread_url(forum))
    assert forum.count("tid=4") == 1  # a refusal is not retried
    assert db["posts"].count == 0


def test_anti_scraping_falls_back_to_the_mobile_api(forum, client_factory, db):
    forum.faults.append(Fault("dsign", match="mod=viewthread", times=99))
    report = sync_thread(client_factory(), db, thread_url(forum))
    assert report.source == "api"
    assert any("防采集" in note for note in report.damage)
    assert floors(db) == list(range(1, 24))


def test_waf_page_is_a_refusal(forum, client_factory, db):
    forum.faults.append(Fault("waf", match="page=1"))
    with pytest.raises(model.WafBlocked):
        sync_thread(client_factory(), db, thread_url(forum))


def test_requests_are_spaced_per_host(forum, client_factory, db):
    started = time.monotonic()
    sync_thread(client_factory(min_interval=0.3), db, thread_url(forum))
    assert time.monotonic() - started >= 2 * 0.3  # three pages, two gaps


def test_browser_user_agent_and_cookie_jar_is_private(forum, client_factory, db, tmp_path):
    client = client_factory()
    sync_thread(client, db, thread_url(forum))
    assert "Mozilla/5.0" in client.http.headers["User-Agent"]
    jar = tmp_path / "cookies.txt"
    assert stat.S_IMODE(os.stat(jar).st_mode) == 0o600
    assert "Dm0_2132_saltkey" in jar.read_text()


def test_full_sweep_catches_edits_and_keeps_deleted_posts(forum, client_factory, db):
    client = client_factory()
    sync_thread(client, db, thread_url(forum))
    thread = forum.threads[4]
    edited = thread.posts[3]
    edited.bbcode = "[i=s] 本帖最后由 林冲 于 2026-11-28 10:05 编辑 [/i]\n\n第4楼\n投票对象：林冲\n投票理由：改了"
    removed = thread.posts.pop(5)
    report = sync_thread(client, db, thread_url(forum), full=True)
    row = db["posts"].get(edited.pid)
    assert row["text"].startswith("第4楼\n投票对象：林冲") and row["edited_by"] == "林冲"
    assert row["edited_at"] == "2026-11-28T10:05:00+08:00"
    versions = [v["text"] for v in db.query("select text from post_versions where pid = ? order by id", [edited.pid])]
    assert len(versions) == 2 and "宋江" in versions[0]
    assert report.gone == [removed.pid]
    gone = db["posts"].get(removed.pid)
    assert gone["status"] == model.DELETED and "理由6" in gone["text"]


def test_hidden_post_keeps_what_it_said(forum, client_factory, db):
    client = client_factory()
    sync_thread(client, db, thread_url(forum))
    target = forum.threads[4].posts[1]
    target.hidden = True
    sync_thread(client, db, thread_url(forum), full=True)
    row = db["posts"].get(target.pid)
    assert row["status"] == model.HIDDEN and "理由2" in row["text"]


def test_full_text_search_finds_two_character_names(forum, client_factory, db):
    from scraper.archive import search_posts

    sync_thread(client_factory(), db, thread_url(forum))
    hits = search_posts(db, "宋江")
    assert len(hits) == 23
    assert [h["floor"] for h in search_posts(db, "理由17")] == [17]


@pytest.mark.parametrize(
    "url, base, tid, flavour",
    [
        ("https://bbs.example.com/forum.php?mod=viewthread&tid=4&extra=page%3D1", "https://bbs.example.com/", 4, "x3"),
        ("http://example.org/bbs/thread-12-3-1.html", "http://example.org/bbs/", 12, "x3"),
        ("http://example.org/bbs/viewthread.php?tid=9&page=2", "http://example.org/bbs/", 9, "d7"),
        ("http://127.0.0.1:8088/api/mobile/index.php?version=4&module=viewthread&tid=5", "http://127.0.0.1:8088/", 5, "x3"),
    ],
)
def test_thread_urls(url, base, tid, flavour):
    ref = parse_thread_url(url)
    assert (ref.base, ref.tid, ref.flavour) == (base, tid, flavour)


@pytest.mark.parametrize("url", ["bbs.example.com/forum.php?tid=4", "https://bbs.example.com/forum.php?mod=index", "ftp://x/"])
def test_bad_thread_urls_say_why(url):
    with pytest.raises(ValueError, match="网址"):
        parse_thread_url(url)
