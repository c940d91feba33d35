"""How each seed game writes a ballot: labels, abstention words, and how forgiving the format is.

Only what the grammar needs; the tally's rule presets (weights, deadlines, thresholds) refer to
these by name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class VoteCustoms:
    name: str
    title: str
    target_labels: tuple[str, ...] = ("投票对象",)
    change_labels: tuple[str, ...] = ("改票对象",)
    abstain_words: tuple[str, ...] = ("弃权",)
    require_reason: bool = True
    # 七杀: "format is not strict, but target and reason must be clear" → free-form ballots count.
    loose: bool = False
    # 七杀: a name wrong by one homophone or one similar-shaped character still counts.
    fuzzy_names: bool = False

    def __hash__(self) -> int:  # kept: every cached verdict is keyed on its customs (a dataclass hashes anew)
        known = self.__dict__.get("_hash")
        if known is None:
            known = hash((self.name, self.title, self.target_labels, self.change_labels, self.abstain_words,
                          self.require_reason, self.loose, self.fuzzy_names))
            object.__setattr__(self, "_hash", known)
        return known


_STRICT = dict(target_labels=("投票对象",), change_labels=("改票对象",))

CUSTOMS = {
    c.name: c
    for c in (
        VoteCustoms("shediao", "[056]射雕英雄传（种子 000）", **_STRICT),
        VoteCustoms("s10", "官方规则 S10（种子 001，格式沿用 000）", **_STRICT),
        VoteCustoms(
            "qisha", "七杀「海盗 vs 土著」（种子 002）",
            target_labels=("投票对象", "投票", "投给", "投票给", "票投", "对象", "投票目标"),
            change_labels=("改票对象", "改票", "改投", "改投对象", "改票目标"),
            abstain_words=("无", "弃权"),
            loose=True,
            fuzzy_names=True,
        ),
        VoteCustoms("anshazhe", "暗杀者游戏 2.0（种子 003，格式沿用 000）", **_STRICT),
        VoteCustoms("mahjong", "[063]天才麻将少女（种子 004）", **_STRICT),
    )
}
DEFAULT = "shediao"


def customs(name: str | None) -> VoteCustoms:
    key = name or DEFAULT
    if key not in CUSTOMS:
        raise ValueError(f"未知的规则预设：{key}（可选：{'、'.join(CUSTOMS)}）")
    return CUSTOMS[key]
