"""A game file's [[players]] drafted from the forum: a process thread's first post that lists the players
(「农夫（7）：宫永咲、原村和……」, the label a house or role), or a sign-up thread (报名帖) whose replies are
the sign-ups. Names come with the forum uid of every account seen posting in the thread.

Pure: posts in, drafted players out. `bansha init --from URL` fetches the thread and writes the TOML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .game import BAR_OWNER, JUDGE

# 「农夫（7）：宫永咲、原村和」 / 「酒吧老板：龙门渕透华」 / 「玩家名单：郭靖，黄蓉」
_LISTED = re.compile(r"^\s*(?P<label>[^\s:：，,、（(]{1,10})\s*(?:[（(]\d+[)）])?\s*[:：]\s*(?P<names>.+)$")
_SPLIT = re.compile(r"[、，,;；\s]+")
_NOTE = re.compile(r"[（(][^）)]*[）)]")  # 「（另持闲置房屋 2 个：灯塔、沉默者）」
# Labels that head a plain list rather than name a house or role.
_PLAIN = ("玩家", "名单", "报名", "参与", "参赛", "演员", "角色", "存活", "成员")
ROLES = (BAR_OWNER, JUDGE)


@dataclass
class Drafted:
    name: str
    uid: int | None = None
    house: str = ""
    roles: tuple[str, ...] = ()


def draft_players(posts, *, known_words: tuple[str, ...] = ()) -> tuple[list[Drafted], str]:
    """The players a thread names, and how they were found ("list" from its first post, or "sign-ups").
    `posts` in floor order; the first post is the director's. Names that are not forum accounts seen in
    the thread keep uid None: the draft says so."""
    if not posts:
        return [], "sign-ups"
    uids = {p.author: p.author_uid for p in posts if p.author_uid}
    listed = _from_list(posts[0].text, known_words)
    if len(listed) >= 3:
        for player in listed:
            player.uid = uids.get(player.name)
        return listed, "list"
    director = posts[0].author
    seen: dict[str, Drafted] = {}
    for post in posts[1:]:
        if post.author and post.author != director and post.author not in seen and post.status == "normal":
            seen[post.author] = Drafted(post.author, post.author_uid)
    return list(seen.values()), "sign-ups"


def _from_list(text: str, known_words: tuple[str, ...]) -> list[Drafted]:
    found: dict[str, Drafted] = {}
    for line in (text or "").splitlines():
        m = _LISTED.match(line)
        if not m:
            continue
        label = m.group("label")
        names = [n for n in _SPLIT.split(_NOTE.sub("", m.group("names"))) if n]
        # A list line holds names only: a sentence (「讨论帖、投票帖…于 21:00 开启」) has words a name doesn't.
        if not names or any(len(n) > 12 or re.search(r"\d|[。！？]", n) or n in known_words for n in names):
            continue
        plain = any(word in label for word in _PLAIN)
        for name in names:
            if name not in found:
                found[name] = Drafted(name, house="" if plain else label,
                                      roles=(label,) if label in ROLES else ())
    return list(found.values())
