"""Logging in through the real ajax flow, and importing browser cookies."""

from __future__ import annotations

import pytest

from conftest import CAPTURES, needs_captures, thread_url
from scraper import auth, model
from scraper.sync import sync_thread


def test_login_reads_a_members_only_thread(forum, client_factory, db, tmp_path):
    client = client_factory()
    with pytest.raises(model.LoginRequired):
        sync_thread(client, db, thread_url(forum, 7))
    uid = auth.login(client, forum.base_url, "宋江", "player-pass")
    assert uid == 11
    report = sync_thread(client, db, thread_url(forum, 7))
    assert report.posts_seen == 1
    assert forum.count("loginsubmit=yes", "POST") == 1


def test_login_survives_in_the_cookie_jar(forum, client_factory, db):
    auth.login(client_factory(), forum.base_url, "宋江", "player-pass")
    fresh = client_factory()  # same cookie file, new process
    assert auth.current_uid(fresh, forum.base_url) == 11


def test_wrong_password_says_what_the_forum_said(forum, client_factory):
    with pytest.raises(auth.AuthError, match="登录失败，您还可以尝试 4 次"):
        auth.login(client_factory(), forum.base_url, "宋江", "wrong")


def test_password_is_never_stored(forum, client_factory, db, tmp_path):
    client = client_factory()
    auth.login(client, forum.base_url, "宋江", "player-pass")
    sync_thread(client, db, thread_url(forum, 7))
    for path in tmp_path.iterdir():
        assert b"player-pass" not in path.read_bytes(), path


def test_imported_browser_cookie_string_works(forum, client_factory, db, tmp_path):
    browser = client_factory(cookie_file=tmp_path / "browser.txt")
    auth.login(browser, forum.base_url, "林冲", "player-pass")
    pre = forum.cookiepre
    cookie_string = f"{pre}saltkey={browser.cookie('_saltkey')}; {pre}auth={browser.cookie('_auth')}; other=1"
    (tmp_path / "copied.txt").write_text(cookie_string)
    client = client_factory()
    auth.import_cookies(client, auth.load_cookies(tmp_path / "copied.txt", "127.0.0.1"), forum.base_url)
    assert auth.current_uid(client, forum.base_url) == 12
    assert sync_thread(client, db, thread_url(forum, 7)).posts_seen == 1


def test_netscape_cookies_file_works(forum, client_factory, tmp_path):
    browser = client_factory(cookie_file=tmp_path / "exported.txt")
    auth.login(browser, forum.base_url, "林冲", "player-pass")
    client = client_factory()
    auth.import_cookies(client, auth.load_cookies(tmp_path / "exported.txt", "127.0.0.1"), forum.base_url)
    assert auth.current_uid(client, forum.base_url) == 12


def test_auth_without_its_saltkey_is_refused_before_use(tmp_path):
    (tmp_path / "c.txt").write_text("Dm0_2132_auth=abc; Dm0_2132_lastvisit=1")
    cookies = auth.load_cookies(tmp_path / "c.txt", "127.0.0.1")
    with pytest.raises(auth.AuthError, match="saltkey"):
        auth.check_auth_pairs(cookies)


@needs_captures
def test_captured_login_form_is_understood():
    from selectolax.lexbor import LexborHTMLParser

    page = (CAPTURES / "generic" / "login" / "login_page.html").read_bytes().decode("utf-8")
    form = LexborHTMLParser(page).css_first("form[name='login']")
    assert form is not None and "loginsubmit=yes" in form.attributes["action"]
    names = {i.attributes.get("name") for i in form.css("input")}
    assert {"formhash", "referer", "username", "password"} <= names
