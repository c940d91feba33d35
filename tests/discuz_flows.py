"""The captured real exchanges of ../shared/fixtures/discuz-x35/flows, and the test forum seeded like that site.

A step is one captured request and Discuz's answer. `replay` sends the same request (method, path, query,
form body) to the test forum as the same account, and `shape` reduces an answer to what a client acts on:
status, where a redirect points and how it is spelt, the ajax handler with its message and parameters, the
message page's words, who the page thinks we are, which forms it carries, and the posts it shows.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser

from conftest import CAPTURES

FLOWS = CAPTURES / "flows"
REAL_BASE = "http://127.0.0.1:8088/"

# The flows site's accounts (flows/README.md): uid, name, password, group; admin moderates everything.
ACCOUNTS = [(1, "admin", "adminpass123", "管理员"), (2, "导演A", "director123", "新手上路")] + [
    (uid, name, "player123", "新手上路")
    for uid, name in enumerate(["郭靖", "黄蓉", "杨康", "穆念慈", "欧阳克", "洪七公", "黄药师", "梅超风", "丘处机"], start=3)
]
SUBJECTS = {4: "【隐藏回复测试】第一天投票帖", 5: "【编辑测试】导演公告帖", 6: "【关闭测试】已结束的投票帖",
            7: "【回帖测试】第一天讨论帖", 8: "【伪静态测试】第二天讨论帖", 9: "【审核测试】第二天投票帖"}


@dataclass
class Step:
    path: Path
    method: str
    url: str
    account: str  # "guest" or an account name
    body: str | None
    status: int
    headers: list[tuple[str, str]]  # as sent, names in their own case

    @property
    def content(self) -> bytes:
        return self.path.read_bytes()

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)


def step(relative: str) -> Step:
    path = FLOWS / relative
    lines = path.with_name(path.name + ".headers.txt").read_text("utf-8").splitlines()
    status = int(lines[0].split()[1])
    headers, meta = [], {}
    for line in lines[1:]:
        if line.startswith("# fixture-"):
            key, _, value = line[2:].partition(": ")
            meta.setdefault(key, value)
        elif ":" in line:
            name, _, value = line.partition(":")
            headers.append((name.strip(), value.strip()))
    method, url = meta["fixture-request"].split(" ", 1)
    account = meta["fixture-fetched-as"].split(" ")[0]
    return Step(path, method, url, account, meta.get("fixture-request-body"), status, headers)


def truth(folder: str) -> dict:
    return json.loads((FLOWS / folder / "truth.json").read_text("utf-8"))


def build_site(posts: list[dict], **options):
    """A test forum holding the flows site's accounts and the given posts (truth rows), same pids and floors."""
    from bansha.demo.forum import DemoForum

    forum = DemoForum(name="Discuz! Board", cookiepre="SZG1_2132_", ppp=10, **options)
    for uid, name, password, group in ACCOUNTS:
        forum.add_user(uid, name, password, group=group, moderator=uid == 1)
    for row in sorted(posts, key=lambda r: int(r["pid"])):
        tid = int(row["tid"])
        if tid not in forum.threads:
            forum.add_thread(tid, SUBJECTS[tid], fid=2)
        forum.add_post(tid, int(row["authorid"]), row["message"], int(row.get("dateline") or 1796033000),
                       pid=int(row["pid"]), pending=str(row.get("invisible")) == "-2")
    return forum


class Visitor:
    """One account's browser on the test forum: its own cookie jar, redirects not followed."""

    def __init__(self, forum, account: str):
        self.forum = forum
        self.account = account
        self.http = httpx.Client(follow_redirects=False, timeout=10)
        self.stale_formhash: str | None = None
        if account != "guest":
            self.log_in()

    def formhash(self) -> str:
        page = self.http.get(self.forum.base_url + "forum.php?mod=viewthread&tid=" + str(next(iter(self.forum.threads))),
                             follow_redirects=True)
        return re.search(r'name="formhash" value="(\w+)"', page.text).group(1)

    def log_in(self) -> None:
        _uid, name, password, _group = next(a for a in ACCOUNTS if a[1] == self.account)
        self.stale_formhash = self.formhash()  # the guest formhash, no longer valid once logged in
        page = self.http.get(self.forum.base_url + "member.php?mod=logging&action=login").text
        action = re.search(r'action="([^"]+)"', page).group(1).replace("&amp;", "&")
        answer = self.http.post(self.forum.base_url + action + "&inajax=1", data={
            "formhash": self.stale_formhash, "username": name, "password": password, "loginfield": "username"})
        assert "succeedhandle_" in answer.text, answer.text

    def replay(self, s: Step, *, formhash: str | None = None) -> httpx.Response:
        """The captured request, to the test forum. `formhash`: what to send in place of the captured one
        (the session's current one unless the step is about a stale one)."""
        url = self.forum.base_url + s.url.removeprefix(REAL_BASE)
        if s.method == "GET":
            return self.http.get(url)
        fields = dict(parse_qsl(s.body or "", keep_blank_values=True))
        if "formhash" in fields:
            fields["formhash"] = formhash or self.formhash()
        return self.http.post(url, data=fields)

    def close(self) -> None:
        self.http.close()


# -- shapes -----------------------------------------------------------------------------------------

_HANDLER = re.compile(r"(succeedhandle_\w*|errorhandle_\w*)\((.*?)\);?\}")
_ARG = re.compile(r"'((?:[^'\\]|\\.)*)'")
_PARAMS = re.compile(r"'(\w+)'\s*:")


def shape(status: int, headers: list[tuple[str, str]], body: bytes, base: str) -> dict:
    """What a client can act on in an answer, with the site's own address taken out."""
    text = body.decode("utf-8", "replace")
    out: dict = {"status": status}
    location = next(((k, v) for k, v in headers if k.lower() == "location"), None)
    if location:
        name, value = location
        out["location"] = (name, value.replace(base, "{base}"))
    ctype = next((v for k, v in headers if k.lower() == "content-type"), "")
    out["type"] = ctype.split(";")[0].strip().lower() if body.strip() else "empty"
    handler = _HANDLER.search(text)
    if handler:
        args = _ARG.findall(handler.group(2).split("{")[0])
        out["handler"] = handler.group(1)
        out["words"] = [a.replace(base, "{base}") for a in args]
        out["params"] = sorted(_PARAMS.findall(handler.group(2)[handler.group(2).find("{"):]))
    if "非法字符" in text:
        out["system_error"] = "您当前的访问请求当中含有非法字符，已经被系统拒绝"
    if out["type"] in ("text/html",) and "<html" in text.lower():
        tree = LexborHTMLParser(text)
        title = tree.css_first("title")
        out["message_page"] = bool(title and title.text().startswith("提示信息"))
        box = tree.css_first("#messagetext")
        if box is not None:
            for script in box.css("script"):
                script.decompose()
            out["message"] = (box.attributes.get("class"), re.sub(r"\s+", "", box.css_first("p").text()) if box.css_first("p") else "")
        uid = re.search(r"discuz_uid = '(\d+)'", text)
        out["discuz_uid"] = uid.group(1) if uid else None
        out["login_form"] = tree.css_first("form[name='login']") is not None
        out["edit_form"] = tree.css_first("form#postform") is not None
        out["login_captcha"] = "updateseccode(" in text and "member::logging" in text
    return out


def posts_shown(body: bytes, content_type: str | None = None) -> list[tuple]:
    """The posts our own reader sees on a page: (pid, floor, author, status, text)."""
    from scraper.pages import read_page

    page = read_page(body, content_type)
    return [(p.pid, p.floor, p.author, p.status, p.text) for p in page.posts]


def site_base(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/"
