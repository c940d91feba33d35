"""Rule presets: one data file per seed game (presets/*.toml), overridable per game.

Each setting's rule sentence sits beside it in the preset's [sources] table, so an audit line can say
which sentence decided a ballot.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from importlib import resources

PRESETS = ("shediao", "s10", "qisha", "anshazhe", "mahjong")


@dataclass(frozen=True)
class Rules:
    name: str
    title_text: str  # the game's name as the preset knows it
    seed: str
    customs: str
    changes_allowed: int = 1
    change_must_quote_own: bool = True
    blackout_minutes: int = 60
    blackout_blocks_proxy: bool = True
    proxy_min_minutes_before_close: int = 0
    # 七杀 says 「至少在投票截至的10～15分钟前」: a proxy posted inside that range is the director's call.
    proxy_unclear_minutes_before_close: int = 0
    # 七杀 「导演在统计票数时才公布的代投信息是无效的」: a proxy first shown inside the director's count is void.
    proxy_first_in_count_void: bool = False
    no_change_when_accelerated: bool = True
    names: str = "strict"  # "strict" | "one_homophone_or_shape"
    invalid_vote: str = "invalid"  # "invalid" | "abstain"
    invalid_change_keeps_original: bool = True
    correction_by_new_post: bool = True
    # A ballot corrected in the same post (投A 不对 是B): "counts" (the corrected one, asked) where the seed lets the post
    # stand, "invalid" where it voids a ballot whose target was written wrong (000, 004); the director is asked either way.
    corrected_in_post: str = "counts"
    # A re-post in the change format that quotes one's own invalid first ballot (改票对象：X, quoting it): "invalid"
    # (a change with no valid ballot to change) or "correction" (the new post an invalid ballot is corrected by).
    change_after_invalid: str = "invalid"
    elimination: str = "plurality"  # "plurality" | "threshold"
    tie: str = "nobody"  # "nobody" | "title_target" | "runoff" | "revote"
    threshold: float = 0.0
    runoff_no_abstain: bool = False
    title: str = ""
    title_weight: Fraction = Fraction(1)
    title_election: str = "none"  # "first_to_top" | "plurality" | "none"
    title_voters_house: str = ""
    hidden_posts: str = "void_and_flag"
    bar_owner_vote_hours: int = 0
    bar_owner_change_hours: int = 0
    bar_owner_vote_hours_accelerated: int = 0
    bar_owner_change_hours_accelerated: int = 0
    lurk_min_posts: int = 0
    lurk_three_day_min_posts: int = 0
    lurk_no_vote: bool = False
    lurk_exempt_when_accelerated: bool = True
    lurk_counts_hidden: bool = True
    # The director's rulings posted in the game's threads (「【裁定】18楼 无效」) count as typed ones (tally/rulings.py).
    rulings_from_posts: bool = False
    no_reply_in_vote_thread_yellow: bool = False
    drowning: bool = False
    drowning_min_posts: int = 0  # 003's 发言考勤 for 两水一票: the seed gives no number, the game file does
    # How a ballot is written: "labelled" (投票对象/投票理由) or "free" (any clear wording), and
    # whether it needs a reason. Seeds 001 and 003 fix neither: the game file says.
    # 003: 高票处决者宣布身份 — the result post names the executed card's identity (from the game file).
    reveal_executed_identity: bool = False
    ballot_format: str = "labelled"
    require_reason: bool = True
    # 撤票 (withdrawing one's ballot): no seed speaks of it, so by default ("", or "director") each is the
    # director's call; a game whose rules allow it says unvote = "allowed": then it is a change to no
    # ballot, under the change rules (how often, quoting one's own vote, not in the last hour).
    unvote: str = ""
    sources: dict = field(default_factory=dict, compare=False)

    def source(self, setting: str) -> str | None:
        """The rule sentence behind a setting, for audit lines."""
        return self.sources.get(setting)

    def vote_customs(self):
        """The grammar's customs for this game: the preset's, with the game file's ballot format."""
        from dataclasses import replace as with_
        from grammar.customs import customs

        base = customs(self.customs)
        return with_(base, loose=self.ballot_format in ("free", "preferred"), require_reason=self.require_reason)

    def with_overrides(self, overrides: dict) -> "Rules":
        known = {f.name for f in fields(self)} - {"name", "title_text", "seed", "customs", "sources"}
        for key in sorted(set(overrides) - known):
            import difflib

            near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.5)
            raise ValueError(f"[rules] 里有不认识的设置「{key}」" + (f"，是不是要写 {near[0]}？" if near else
                                                                 "（bansha check-game 列出所有设置）"))
        if overrides.get("ballot_format", self.ballot_format) not in ("labelled", "free", "preferred"):
            raise ValueError('[rules] 的 ballot_format 只能是 "labelled"（投票对象/投票理由）、"free"（不限格式）'
                             '或 "preferred"（请大家尽量按格式，不按格式的票交导演裁定）')
        if overrides.get("unvote", self.unvote) not in ("", "director", "allowed"):
            raise ValueError('[rules] 的 unvote 只能是 "director"（撤票交导演裁定，默认）或 "allowed"（本局允许撤票：'
                             '撤票算一次改票，改成不投任何人，改票的限制照样适用）')
        return replace(self, **_coerce(overrides))


def _coerce(values: dict) -> dict:
    out = dict(values)
    if "title_weight" in out:
        out["title_weight"] = Fraction(str(out["title_weight"]))
    return out


def load_preset(name: str) -> Rules:
    if name not in PRESETS:
        raise ValueError(f"未知的规则预设：{name}（可选：{'、'.join(PRESETS)}）")
    text = resources.files("tally.presets").joinpath(f"{name}.toml").read_text("utf-8")
    data = tomllib.loads(text)
    head = data["preset"]
    return Rules(
        name=head["name"], title_text=head["title"], seed=head["seed"], customs=head["customs"],
        sources=dict(data.get("sources") or {}), **_coerce(data.get("rules") or {}),
    )


def load_camps(name: str):
    """The preset's camps for reading a 揭秘 post (its [[camps]]: name, the words directors use, the roles that
    start in it), as grammar.reveal.Camp values; () for a preset that lists none."""
    from grammar.reveal import Camp

    if name not in PRESETS:
        raise ValueError(f"未知的规则预设：{name}（可选：{'、'.join(PRESETS)}）")
    data = tomllib.loads(resources.files("tally.presets").joinpath(f"{name}.toml").read_text("utf-8"))
    return tuple(Camp(str(c["name"]), tuple(c.get("words") or ()), tuple(c.get("roles") or ()), c.get("takes_mixed") is True,
                      tuple(c.get("unsettled") or ()))
                 for c in data.get("camps") or ())
