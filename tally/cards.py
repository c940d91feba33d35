"""The card ledger's arithmetic: 3 blue make 1 yellow, 3 yellow make 1 red, a red card is out."""

from __future__ import annotations

from dataclasses import dataclass

COLORS = ("blue", "yellow", "red")
WORDS = {"blue": "蓝牌", "yellow": "黄牌", "red": "红牌", "drown": "淹死"}


@dataclass
class Standing:
    player: str
    blue: int = 0  # blue cards not yet rolled into a yellow
    yellow: int = 0  # yellow cards (given, or rolled up) not yet rolled into a red
    red: int = 0

    @property
    def out(self) -> bool:
        return self.red > 0

    def describe(self) -> str:
        parts = [f"{n} 张{WORDS[c]}" for c, n in (("red", self.red), ("yellow", self.yellow), ("blue", self.blue)) if n]
        return "、".join(parts) or "无"


def standings(cards: list[dict]) -> dict[str, Standing]:
    """Cards as recorded (each {"player", "color"}) → each player's standing after the roll-ups."""
    raw: dict[str, dict[str, int]] = {}
    for card in cards:
        if card["color"] not in COLORS:
            raise ValueError(f"未知的牌：{card['color']}（可选：blue、yellow、red）")
        raw.setdefault(card["player"], dict.fromkeys(COLORS, 0))[card["color"]] += 1
    out = {}
    for player, n in raw.items():
        yellow = n["yellow"] + n["blue"] // 3
        out[player] = Standing(player, n["blue"] % 3, yellow % 3, n["red"] + yellow // 3)
    return out
