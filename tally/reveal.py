"""The reveal file (GAME.reveal.toml): the director's confirmed 揭秘 as data — each seat's role and camp and the
winning camp — beside the game file, which it never changes.

`bansha reveal` drafts it from the director's 揭秘 post (grammar/reveal.py): what the post explains is filled in,
every doubt is a question in a comment above an empty value; the director answers and confirms
(`confirmed = true`, or `bansha reveal --confirm`), and only then does a board take roles and camps from it.

    # 揭秘记录 …
    confirmed = false
    source = "#57（pid 1234）"
    winner = "护国阵营"            # 或 "平局"
    [seats]
    郭靖 = { role = "平民", camp = "护国阵营" }
    # 待确认：没有写阵营……
    黄蓉 = { role = "神医", camp = "" }
"""

from __future__ import annotations

import json
import re
import tomllib

from grammar.reveal import DRAW, RevealDraft

from .board import Reveal
from .game import Game, toml_error


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string


def draft_text(draft: RevealDraft, game: Game, *, source: str, camps: tuple = ()) -> str:
    """The reveal file a draft makes, in the director's words: questions as comments, unknown values empty."""
    known = "、".join(c.name for c in camps) or "（本局规则没有列出阵营）"
    lines = [f"# 《{game.name}》的揭秘记录：bansha reveal 起草自 {source}。",
             "# 请逐行核对（身份 role、阵营 camp、获胜方 winner），回答每个「待确认」，确认无误后把 confirmed 改成 true",
             f"# （或运行 bansha reveal 游戏文件 --confirm）。本局规则里的阵营：{known}；没有阵营获胜写 \"{DRAW}\"。",
             "confirmed = false", f"source = {_toml_string(source)}"]
    for question in draft.doubts:
        lines.append(f"# 待确认：{_one_line(question)}")
    lines.append(f"winner = {_toml_string(draft.winner or '')}")
    lines.append("")
    lines.append("[seats]")
    for player in game.players:
        seat = draft.seats.get(player.name)
        role, camp = (seat.role, seat.camp) if seat else ("", "")
        for doubt in seat.doubts if seat else ():
            lines.append(f"# 待确认：{_one_line(doubt)}")
        if seat and seat.doubts:
            camp = camp if camp and not any("阵营" in d for d in seat.doubts) else ""
        lines.append(f"{_key(player.name)} = {{ role = {_toml_string(role)}, camp = {_toml_string(camp)} }}")
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return re.sub(r"[\r\n]+", " ", text)


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else _toml_string(name)


def parse_reveal(text: str, game: Game) -> Reveal:
    """A reveal file, checked against the game: every seat a player of the game, each with a camp once confirmed."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError("揭秘记录 " + toml_error(str(exc))) from None
    seats = data.get("seats") or {}
    if not isinstance(seats, dict):
        raise ValueError("揭秘记录的 [seats] 应该是「玩家 = { role = …, camp = … }」")
    unknown = [name for name in seats if game.player(name) is None]
    if unknown:
        raise ValueError(f"揭秘记录里的 {'、'.join(unknown)} 不是游戏文件里的玩家")
    parsed = {}
    for name, value in seats.items():
        if not isinstance(value, dict):
            raise ValueError(f"揭秘记录里 {name} 的写法应该是 {{ role = \"…\", camp = \"…\" }}")
        parsed[name] = (str(value.get("role") or ""), str(value.get("camp") or ""))
    confirmed = data.get("confirmed") is True
    winner = str(data.get("winner") or "") or None
    return Reveal(parsed, winner, confirmed)


def unanswered(reveal: Reveal, game: Game) -> list[str]:
    """What still stops a reveal from being confirmed, in the director's words."""
    problems = [f"{p.name} 没有写阵营" for p in game.players if not reveal.seats.get(p.name, ("", ""))[1]]
    if not reveal.winner:
        problems.append(f"没有写获胜方（winner；没有阵营获胜写 \"{DRAW}\"）")
    camps = {c for _r, c in reveal.seats.values() if c}
    if reveal.winner and reveal.winner != DRAW and reveal.winner not in camps:
        problems.append(f"获胜方「{reveal.winner}」不是任何一位玩家的阵营")
    return problems


def confirmed_text(text: str) -> str:
    """The reveal file with confirmed = true (the director's other lines and comments kept as written)."""
    new, count = re.subn(r"(?m)^confirmed\s*=\s*false\s*$", "confirmed = true", text)
    return new if count else "confirmed = true\n" + text
