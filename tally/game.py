"""The game file (TOML): who plays, under which preset, and the days. Parsing only: no file I/O here."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Player:
    name: str  # the character name, which is the forum account
    uid: int | None = None
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Day:
    day: int
    vote_thread: int | None = None
    discussion_threads: tuple[int, ...] = ()
    process_thread: int | None = None
    election_thread: int | None = None
    start: str | None = None
    close: str | None = None
    accelerated: bool = False
    dead: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    name: str
    preset: str
    forum: str | None = None
    timezone: str = "Asia/Shanghai"
    directors: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    days: tuple[Day, ...] = ()
    rules: dict = field(default_factory=dict)

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def aliases(self) -> dict[str, str]:
        return {alias: p.name for p in self.players for alias in p.aliases}

    @classmethod
    def from_toml(cls, text: str) -> "Game":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"游戏文件不是合法的 TOML：{exc}") from None
        head = data.get("game") or {}
        if "name" not in head or "preset" not in head:
            raise ValueError("游戏文件缺少 [game] 里的 name 或 preset")
        players = []
        for entry in data.get("players") or []:
            if not isinstance(entry, dict) or not str(entry.get("name", "")).strip():
                raise ValueError("[[players]] 里每一项都要有 name")
            players.append(Player(str(entry["name"]).strip(), entry.get("uid"), tuple(entry.get("aliases") or ())))
        days = [
            Day(
                day=int(d["day"]),
                vote_thread=d.get("vote_thread"),
                discussion_threads=tuple(d.get("discussion_threads") or ()),
                process_thread=d.get("process_thread"),
                election_thread=d.get("election_thread"),
                start=d.get("start"),
                close=d.get("close"),
                accelerated=bool(d.get("accelerated", False)),
                dead=tuple(d.get("dead") or ()),
            )
            for d in data.get("days") or []
        ]
        return cls(
            name=str(head["name"]), preset=str(head["preset"]), forum=head.get("forum"),
            timezone=str(head.get("timezone", "Asia/Shanghai")), directors=tuple(head.get("directors") or ()),
            players=tuple(players), days=tuple(days), rules=dict(data.get("rules") or {}),
        )
