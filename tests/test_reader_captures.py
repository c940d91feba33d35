"""Acceptance: every captured real page, read by the reader, agrees with the database's ground truth."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from conftest import CAPTURES, capture_headers, load_truth, needs_captures
from scraper import model
from scraper.pages import read_page

pytestmark = needs_captures

THREAD_VIEWS = ("pc", "api", "authorid")


def thread_pages():
    if not CAPTURES.is_dir():
        return []
    return sorted(
        p
        for view in THREAD_VIEWS
        for p in CAPTURES.glob(f"**/{view}/*")
        if p.suffix in (".html", ".json") and "tid" in p.name
    )


@pytest.fixture(scope="module")
def truth():
    return load_truth()


def expected_status(row: dict) -> str:
    if row["hidden_by_moderator"]:
        return model.HIDDEN
    if row["author_banned_now"]:
        return model.BANNED
    return model.NORMAL


def text_of_bbcode(bbcode: str) -> str:
    """The expected plain text, computed from the stored BBCode: quotes and edit stamp dropped, tags stripped —
    but struck-through text keeps its [s]…[/s] (Discuz renders it <strike>; what is crossed out is not said)."""
    bbcode = re.sub(r"\[quote\].*?\[/quote\]", "", bbcode, flags=re.S)
    bbcode = re.sub(r"\[i=s\].*?\[/i\]", "", bbcode, flags=re.S)
    bbcode = re.sub(r"\[(/?)s\]", "\x00\\1s\x01", bbcode, flags=re.I)
    bbcode = re.sub(r"\[/?[a-z*]+(=[^\]]*)?\]", "", bbcode)
    bbcode = bbcode.replace("\x00", "[").replace("\x01", "]")
    return "\n".join(line.rstrip() for line in bbcode.split("\n")).strip()


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def truncate(iso: str, precision: str) -> str:
    when = datetime.fromisoformat(iso)
    if precision == "minute":
        when = when.replace(second=0)
    return when.isoformat()


@pytest.mark.parametrize("path", thread_pages(), ids=lambda p: str(p.relative_to(CAPTURES)))
def test_page_matches_database(path, truth):
    headers = capture_headers(path)
    page = read_page(path.read_bytes(), headers.get("content-type"))
    assert page.posts, "a thread page yields posts"
    renumbered = "authorid" in path.parts  # "only this author" renumbers floors
    for post in page.posts:
        row = truth[post.pid]
        assert post.tid == row["tid"]
        if not renumbered:
            assert post.floor == row["position"], post.pid
        assert post.author == row["author"]
        assert post.author_uid == (row["authorid"] or None)
        assert post.time_precision in ("second", "minute")
        assert post.posted_at == truncate(row["dateline_iso"], post.time_precision), post.pid
        assert post.status == expected_status(row), post.pid
        visible = bool(post.text) or post.status == model.NORMAL
        if visible and page.variant == "x3":
            stamp = row["edit_stamp"]
            assert post.edited_by == (stamp["editor"] if stamp else None), post.pid
            if stamp:
                assert post.edited_at == datetime.fromisoformat(stamp["time_text"] + ":00+08:00").isoformat()
        if visible:
            quoted = row["quote"]["quoted_pid"] if row["quote"] else None
            assert [q.pid for q in post.quotes][:1] == ([quoted] if quoted else []), post.pid
            expected = text_of_bbcode(row["message_bbcode"])
            if page.variant == "x3":
                assert post.text == expected, post.pid
            else:  # the API drops the &nbsp; runs Discuz makes of repeated spaces
                assert squeeze(post.text) == squeeze(expected), post.pid
        else:
            assert post.status != model.NORMAL and post.text == ""


@pytest.mark.parametrize("path", thread_pages(), ids=lambda p: str(p.relative_to(CAPTURES)))
def test_page_thread_fields(path, truth):
    page = read_page(path.read_bytes(), capture_headers(path).get("content-type"))
    row = truth[page.posts[0].pid]
    assert page.tid == row["tid"]
    assert page.fid == 3
    assert page.subject
    assert page.last_page is None or page.page <= page.last_page


@needs_captures
def test_post_rows_are_plain_copies():
    """to_dict (jsonl output, archive rows) is dataclasses.asdict without its cost: equal, and a copy."""
    from dataclasses import asdict

    posts = [p for path in sorted(CAPTURES.glob("game056/guest/pc/*.html"))
             for p in read_page(path.read_bytes(), "text/html; charset=utf-8").posts]
    assert any(p.quotes for p in posts) and any(p.style["colors"] for p in posts)
    for post in posts:
        row = post.to_dict()
        assert row == asdict(post)
        row["style"]["colors"].append("#000000")
        row["quotes"].append({})
        assert row != asdict(post)


@needs_captures
def test_plain_messages_read_from_their_html_as_the_walk_reads_them():
    """The shortcut for messages of text and line breaks gives exactly what the node walk gives."""
    from selectolax.lexbor import LexborHTMLParser

    from scraper.message import read_message

    shortcut = 0
    for path in sorted(CAPTURES.glob("**/pc/*.html")):
        for body in LexborHTMLParser(path.read_bytes()).css("td.t_f"):
            inner = body.inner_html
            assert read_message(body, inner) == read_message(body), inner[:200]
            shortcut += "<" not in inner.replace("<br>", "").replace("<br />", "")
    assert shortcut > 1000  # the shortcut is really taken on the captured pages


@pytest.mark.parametrize("html", ["一行<br>\r\n二行&nbsp;&nbsp;", "a &lt;b&gt; c", "  <br><br><br><br>x  ", "&amp;&nbsp;"])
def test_plain_message_shortcut_on_edge_cases(html):
    from selectolax.lexbor import LexborHTMLParser

    from scraper.message import read_message

    body = LexborHTMLParser(f"<div id='m'>{html}</div>").css_first("#m")
    assert read_message(body, body.inner_html) == read_message(body)
