"""Which verdicts a director would sign without looking, and everything else a doubtful post could be.

The definition, in one place. A post's verdict is **certain** only when

1. its words are unmistakably the poster's own ballot, now and unconditionally — a labelled or plainly
   worded ballot with one target, outside any quote, not reported speech, not hypothetical or
   conditional, not a relay for someone else, the name matched exactly (or by the game file's alias)
   — or unmistakably no ballot at all; the grammar says which (`grammar.ballot.Verdict.doubts`, with
   the independent recall detector, not the grammar's own success, deciding whether words may be
   certain); and
2. facts decide what those words do: the post's time against the start and the close, the roster and
   the alive list, the quote pointer the page carries, an explicit rule of the preset. Where a fact is
   itself unknown (content hidden or edited after the close, a time that straddles the close) or a
   rule is the director's to apply (a reply to one's own vote floor written as a new vote where a
   change must quote), the fold flags the post.

Everything else is doubtful — a flag — and carries its **complete reading space** (`space`): each
player it could mean; for whom it could count (the poster, or the player a relay is for); a change or
a new ballot; an abstention; not a ballot at all. whatif.py proves the day's result over exactly these
readings, and the JSON, `bansha review` and the desk show exactly these readings (`readings`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from grammar.ballot import OWN_FLOOR_VOID
from grammar.detect import names_in
from grammar.names import to_simplified

VOTE, CHANGE, PROXY, ABSTAIN, NONE = "vote", "change", "proxy", "abstain", "none"


@dataclass(frozen=True)
class Reading:
    """One way a post can count: `kind` (vote | change | proxy | abstain | none), the player counted
    (None: nobody), and the voter it counts for (None where it counts for nobody)."""

    kind: str
    target: str | None
    voter: str | None
    ruling: object = None  # the ruling that gives this reading; None: the fold's own verdict

    def to_json(self) -> dict:
        return {"kind": self.kind, "target": self.target, "for": self.voter}

    @property
    def key(self) -> tuple:
        return self.kind, self.target, self.voter

    def words(self, author: str | None = None) -> str:
        """In the director's words: 「计为 X」「算作 Y 的票，计为 X」「弃权」「不是投票」."""
        if self.kind == NONE:
            return "不是投票（不计票）"
        whose = f"算作 {self.voter} 的票，" if self.voter and author and self.voter != author else ""
        if self.kind == ABSTAIN:
            return f"{whose}弃权" if whose else "弃权"
        what = "改票为" if self.kind == CHANGE else "计为"
        return f"{whose}{what}「{self.target}」"


def space(entry, ctx, ruling_type) -> list:
    """Every other reading of a flagged post, as the rulings that say so (the fold's own verdict is
    the reading not listed)."""
    pid = entry.pid
    if entry.unknown:
        # Content unknown at close: a ballot for anyone who could be voted for, an abstention, or nothing.
        names = [p for p in ctx.players if p in ctx.candidates]
        return [*(ruling_type(pid, "target", n) for n in names), ruling_type(pid, "target", None),
                ruling_type(pid, "reject")]
    names = list(dict.fromkeys([*([entry.suggestion] if entry.suggestion else []), *entry.readings]))
    if entry.author in ctx.directors and entry.kind == NONE:
        # A director's post that reads as a proxy but is none as written: exactly the proxy its clause names —
        # for the player it names, the target it names (or 弃权) — never any named player for any other.
        whom = [n for n in entry.relayed_for if n in ctx.voters]
        return [*(ruling_type(pid, "target", n, voter=w) for w in whom for n in names if n != w and n in ctx.candidates),
                *(ruling_type(pid, "target", None, voter=w) for w in whom if entry.nobody),  # 本次视为弃权
                ruling_type(pid, "reject")]
    options = [ruling_type(pid, "target", n) for n in names if n in ctx.players]
    if entry.kind != "none" or entry.nobody:
        # A ballot can always be ruled an abstention; a post that is no ballot only where it says so.
        options.append(ruling_type(pid, "target", None))
    if entry.verdict != "counted" and entry.target in ctx.players:
        options.append(ruling_type(pid, "accept"))  # the rule it broke waived
    own = entry.voter or entry.author
    if own in ctx.players and own not in ctx.voters:
        options = []  # the 法官's, a non-voter's: no reading counts a ballot of theirs — only one relayed for a voter
    if entry.verdict in ("counted", "superseded"):
        options.append(ruling_type(pid, "reject"))
    for other in entry.relayed_for if proxy_allowed_at(entry.at, ctx.close, ctx.blackout, ctx.rules) else ():
        # A ballot relayed for another player (帮X投 · X托我投): it may count as theirs — where a proxy could be
        # made at its time (not after the close, not in a blackout that bars proxies, not too near the close).
        if other in ctx.voters and other != entry.voter:
            options += [ruling_type(pid, "target", n, voter=other) for n in names if n in ctx.candidates]
            options.append(ruling_type(pid, "target", None, voter=other))
    return options


def proxy_time_problems(at, close, blackout, rules) -> list[str]:
    """What the preset's proxy times say against a ballot cast for another player at `at`, before the close:
    a blackout that bars proxies, the least time before the close. (At or after the close every ballot is void:
    the caller says that.) The fold's rule for a director's 代投, and the bound on any reading or ruling that
    counts a post as another player's ballot."""
    from datetime import timedelta

    out = []
    if close is None or at >= close:
        return out
    if blackout and rules.blackout_blocks_proxy and blackout <= at:
        out.append(f"关门前 {rules.blackout_minutes} 分钟内不允许代投")
    least = rules.proxy_min_minutes_before_close
    if least and close - timedelta(minutes=least) < at:
        out.append(f"代投须在截止前至少 {least} 分钟发出")
    return out


def proxy_allowed_at(at, close, blackout, rules) -> bool:
    """Whether a ballot may be cast for another player at this time (a ruling that counts a relay for the player
    it names is such a proxy): before the close and within the preset's proxy times."""
    return at is not None and not (close and at >= close) and not proxy_time_problems(at, close, blackout, rules)


def reading(entry, ruling=None) -> Reading:
    """The reading a ruling gives a post (None: the post as the fold decided it)."""
    if ruling is None:
        if entry.verdict != "counted" or entry.voter is None:
            return Reading(NONE, None, None)
        if entry.target is None or entry.kind == ABSTAIN:
            return Reading(ABSTAIN, None, entry.voter)
        return Reading(_counted_kind(entry, entry.voter), entry.target, entry.voter)
    if ruling.decision == "reject":
        return Reading(NONE, None, None, ruling)
    voter = getattr(ruling, "voter", None) or entry.voter or entry.author
    target = ruling.target if ruling.decision == "target" else entry.target
    if target is None:
        return Reading(ABSTAIN, None, voter, ruling)
    return Reading(_counted_kind(entry, voter), target, voter, ruling)


def _counted_kind(entry, voter: str) -> str:
    if voter != entry.author:
        return PROXY  # a director's proxy, or a relay counted for the player it was relayed for
    if entry.kind == CHANGE or entry.replaces is not None:
        return CHANGE  # it takes the place of a ballot the voter already had
    return VOTE


def readings(entry) -> list[Reading]:
    """Every reading of a post, the fold's own first: exactly one for a certain post."""
    out = [reading(entry)]
    seen = {out[0].key}
    for ruling in entry.space if entry.needs_review else ():
        r = reading(entry, ruling)
        if r.key not in seen:
            seen.add(r.key)
            out.append(r)
    return out


# -- the residue: what a certain verdict leaves unexplained ----------------------------------------------------
# The grammar reads the forms it knows; this reads what they leave over, independent of whether the grammar
# succeeded, so a form nobody listed lands as a doubt, never as a silent verdict.

# A correction in the post's own words, then the name it corrects to (打错了应该是X · 投A 啊不 是B · 更正：X).
_CORRECTION = re.compile(r"打错了?|写错了?|投错了?|手滑了?|口误|啊不|呃不|哦不|不对不对|更正|纠正一下|错了[，,。\s]*应该")
# Ballot marks and words a bare post may consist of beside a name (☝ 林冲 · 🗳林冲 · 投 songjiang).
_MARKS = re.compile(r"[☝👆✋🙋🗳🖐✌☑✅]|\b(?:vote|tp|piao|tou|toupiao)\b|投票?|票|我选|选|就|吧|啦|了|咗|啊|呀|哦|嘛", re.I)
# A post that only agrees with what it quotes (+1 · 同上 · 同意 · 附议 · 投他 · 投佢).
AGREEMENT = re.compile(r"(?:\+|＋)\s*1|[加\+＋]\s*一|复制|照抄|抄一?份|同上|同意|附议|复议|赞同|赞成|跟票|跟一票|跟了?|我也是?|一样|same|顶|就他|就她|投他|投她|投佢|同投|^\s*同\s*[。.!！~～]*\s*$|↑|"
                       r"(?<![a-z])(?:ditto|agreed?|second(?:ed)?|co-?sign(?:ed)?|this|me\s*too|what\s+(?:he|she|they|u|you)\s+said)(?![a-z])|\^{1,3}", re.I)
_CORRECTION_CHARS = re.compile(r"[错滑误不更纠]")  # what every correction holds: most posts are passed by one scan
_ASCII_LETTER = re.compile(r"[A-Za-z]")
_NOBODY = re.compile(r"无|弃权|弃票|弃|不投|冇|空票|白票")
_NOT_A_VOTE = re.compile(r"(?i)(?<![a-z])(?:fos|l-\d|hammer)(?![a-z])")  # rules.md: finger of suspicion, the count
_NOBODY_AFTER = re.compile(r"弃权|不投了|无人|[“\"「]无[”\"」]")
_LATIN = re.compile(r"[A-Za-z][A-Za-z\s']{1,30}")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]{1,8}")


def _han_after_pinyin(run: str, roster) -> tuple[str, ...]:
    """The players the characters after a pinyin ballot word may be: a name (or alias) it begins with, else its first
    characters one off a name, in sound or shape (roster.resolve's slips)."""
    named = names_in(run, roster)
    if named:
        return (named[0],)
    for size in range(min(len(run), 8), 1, -1):
        found = roster.resolve(run[:size], fuzzy=True)
        if found.name or found.candidates:
            return (found.name,) if found.name else tuple(found.candidates)
    return ()


_OPENING = re.compile(r"\s*([^，,。.!！?？;；:：\n~～…、\s]{1,16}?)\s*(?:吧|了|啊|呀|哦|嘛)?(?:\s*[，,。.!！;；\n~～…]+|\s+)\s*(\S.*)?", re.S)
# the words after a named opening that make the name their subject or the one spoken to, not a ballot's target:
# 「郭靖，你……」「郭靖，他昨天说……」「郭靖 L-2 了」 (the count) · a question
_ADDRESSES = re.compile(r"你|您|妳|他|她|它|[?？]|吗|嗎|么|麼|(?i:(?<![a-z])(?:you|u|ur|ta|he|she|is|was|seems?|looks?|has|had|fos|l-\d|hammer)(?![a-z]))")


def _named_opening(own: str, roster) -> str | None:
    """The player a post opens with as a clause of its own (「郭靖，……」) when the words after neither address nor ask
    them (「郭靖，你昨天为什么不说话」 speaks to 郭靖)."""
    m = _OPENING.match(own)
    if not m or not roster.pattern or not roster.pattern.fullmatch(m.group(1)) or _ADDRESSES.search(m.group(2) or ""):
        return None
    return roster.table[m.group(1)]


def bare_text(text: str) -> str:
    """The text without emoji, variation selectors, zero-width and space characters, and punctuation."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN" and not ("\u200b" <= ch <= "\u200f"))


@lru_cache(maxsize=4096)
def sound(text: str) -> str:
    """The pinyin of a text, toneless, run together (郭靖 → guojing): how it is typed on a board that has no Chinese input."""
    from pypinyin import lazy_pinyin

    return "".join(lazy_pinyin(text.lower(), errors=lambda chars: chars)).replace(" ", "")


# A line in a ballot's shape under a label with 票 or 投 in it the reader did not take for one (头票 · 投漂 · 透票 · 票选)
_KNOWN_LABEL = re.compile(r"投票对象|投票目标|投票给|投给|票投|投票|改票对象|改票目标|改投对象|改投|改票|代投|代投玩家|投票理由|改票理由")
_LABEL_LIKE = re.compile(r"(?m)^\s*([^\s:：,，。]{0,3}[票投][^\s:：,，。]{0,3})\s*[:：]\s*([^\s:：,，。.!！?？]{1,12})\W*$")


def spelled(written: str, roster) -> tuple[str, ...]:
    """The players a written name may be by what the exact matcher leaves over: an emoji, a space or a line
    break inside it (杨🐍康 · 夜猫 子), some or all of it typed in pinyin (songjiang · a飞 · 沙丁yu), or one
    character off a name of three or more (沙甸鱼 → 沙丁鱼). Never a match: only a reading for the director."""
    if roster is None or not written:
        return ()
    plain = bare_text(written)
    if not plain:
        return ()
    exact = roster.resolve(plain)
    if exact.name:
        return (exact.name,)
    heard = sound(plain)
    found = [n for n in roster.names if sound(n) == heard] or list(dict.fromkeys(
        n for a, n in roster.aliases.items() if len(a) >= 2 and n in roster.names and sound(a) == heard))
    if not found and plain.isascii() and len(plain) >= 6:
        # 「tou nianujiao」: pinyin one letter off the name's (niannujiao) — typed on a phone
        found = [n for n in roster.names if _one_edit(sound(n), heard.lower())]
    if not found and len(plain) >= 3:
        found = [n for n in roster.names if len(n) == len(plain) and sum(a != b for a, b in zip(n, plain)) == 1]
    if not found and plain.isascii() and len(plain) >= 3:
        # 「vote Jakc」: an English name one letter off, or two letters swapped (heldout37 w37_052: no reading for Jack)
        low = plain.lower()
        found = [n for n in roster.names if n.isascii() and (_one_edit(n.lower(), low) or (
            len(n) == len(low) and sorted(n.lower()) == sorted(low) and sum(a != b for a, b in zip(n.lower(), low)) == 2))]
    if not found and plain.isascii() and plain.isalpha() and 2 <= len(plain) <= 4:
        # 「投 gj」「vote YK」: the initials of a name's pinyin (hostile round 74: read as no player, called harmless)
        found = [n for n in roster.names if _initials(n) == plain.lower()]
    if not found and plain.isascii() and plain.isalpha() and len(plain) >= 2:
        # 「投 guo」: the first syllable of a name, its surname typed in pinyin
        found = [n for n in roster.names if len(n) >= 2 and sound(n[0]) == plain.lower()]
    if not found and not plain.isascii() and len(plain) == 1:
        found = [n for n in roster.names if len(n) >= 2 and n[0] == plain]  # 「投郭」: a surname alone
    return tuple(found) if len(found) <= 3 else ()


@lru_cache(maxsize=4096)
def _initials(name: str) -> str:
    """The first letter of each syllable of a name's pinyin (郭靖 → gj); a Latin name's own letters are no initials."""
    from pypinyin import Style, lazy_pinyin

    return "".join(lazy_pinyin(name, style=Style.FIRST_LETTER, errors=lambda chars: "")).lower()


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by one letter left out, added or changed."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


# The corpora hold at most three corrections and a few pinyin names in a post; a post of hundreds (打错了应该是X
# repeated to Discuz's length) is a doubt as a whole, read in one scan for the players it names.
RESIDUE_LIMIT = 40


def _too_many(own: str, roster) -> tuple[str, tuple[str, ...]]:
    return (f"帖子里更正和拼音写的名字超过 {RESIDUE_LIMIT} 处，工具没有逐一读：算哪一张票，请导演读原帖裁定",
            tuple(names_in(own, roster)))


# Beside a ballot, another player is explained as the ballot's reason (他跟郭靖互保 · 郭靖的发言 · 投郭靖的人) and unexplained
# where the words make a choice of them: named after a word that says which player is meant (是 · 应该是 · 换成 · meant),
# with nothing after the name but a particle (「…是南风」「沙通天才对」); standing alone as a clause (「红中划掉，发财。」),
# not in a list of names; or in a sentence that corrects the post (打错 · 说反 · 划掉 …, grammar/lexicon.toml). The
# correction word need not be known: a name chosen so is a doubt by itself, whatever word took the first one back.
_CLAUSE_CUT = re.compile(r"[，,。.!！?？;；\n—~～…、]")
_SENTENCE_CUT = re.compile(r"[。.!！?？;；\n]")
_PARTICLES = re.compile(r"^[\s吧了啊呀呗哈啦嘛哦喔的~～!！.。]*$")
_CHOICE_BEFORE = re.compile(r"(?:是|为|即|亦即|又名|又叫|也叫|应该是|应为|实际是|其实是|换成|改成|改为|改投|投给|投|选|想点|要点|meant|I mean|mean|才是)\s*[:：]?\s*$|"
                            r"(?:^|\n)\s*[*＊]\s*$|"  # 「*郭靖」 on its own line: the forums' way to correct the word above
                            # 「写岔了→郭靖」「=> 郭靖」「↑郭靖」「➜ 郭靖」「👉郭靖」: an arrow of any kind points at the one meant (the
                            # hostile rounds 95, 96: cases 27–29, 14, 49)
                            # (round 97: 「➡️」 with the phone's variation selector, 「——>」「=》」「☞」「▶」「►」)
                            r"(?:[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f\u2794-\u27bf\u2b05-\u2b07\u2b95\U0001f446-\U0001f449\U0001f809-\U0001f8ff"
                            r"\u261a-\u261f\u25b6\u25b8\u25ba\u25c0\u25c2\u25c4][\ufe0e\ufe0f]?|[-—–=~～]+\s*[>》〉＞]|>>)\s*$|^\s*[>＞》〉]\s*$|"  # (a lone 「>」: the clause was cut at its 「—」)
                            # (round 99: 「》」「»」「›」「≫」「▷」「⏩」「👉🏻」 — any run of symbols, no word, right before the name on its line
                            # points at it, whichever symbol a keyboard sends)
                            r"(?:^|\n|[\u4e00-\u9fff\s])[^\w\s\u3000-\u3007\u300c-\u3011\u3014-\u301f\uff08\uff09()\[\]\"'“”‘’:：,，。.!！?？;；、…—–\-~～_#＃@*＊]+\s*$|"
                            r"[:：]\s*$", re.I)  # (「更：郭靖」「正确答案：郭靖」「edit: 郭靖」: a name after a label of any words)
_REASON_LABEL = re.compile(r"(?:投票|改票)?理由$|(?i:reason)$")
_FIELD = re.compile(r"(?:投票对象|投票目标|改票对象|改票目标|改投对象|代投玩家|代投人|代投|委托人|投票|对象|改投|改票|投给|票投)\s*:\s*$")
# A ballot that voids itself or puts itself elsewhere (the hostile round: each was counted as certain).
_GIVES_A_BALLOT = re.compile(r"(?:送|给|赏|奉上|献给)\s*([^\s,，。!！;；]{1,12}?)\s*(?:一|1|我的)\s*票|"
                             r"([^\s,，。!！;；]{1,12}?)\s*吃\s*(?:我|俺|本人)?\s*(?:一|1)\s*票|"
                             r"(?:我的|我这|俺的|本人的)\s*(?:一)?\s*票\s*(?:是|给|就给|投|送给|归)\s*([^\s,，。!！;；]{1,12})")
_BY_RANK = re.compile(r"(?:投|票给|选)\s*(?:排)?\s*第\s*([一二三四五1-5])\s*(?:个|位|名|的)")
_SPLIT_BALLOT = re.compile(r"(?:一|半|1)\s*票\s*(?:给|投|选|归)?\s*[^\s,，;；、。]{1,12}?\s*[,，;；、]\s*(?:另|再)?\s*(?:一|半|1)\s*票\s*(?:给|投|选|归)?\s*[^\s,，;；、。]{1,12}")
_PUT_AS_A_CHOICE = re.compile(r"(?:要不|不如|干脆|要么)\s*(?:就|还是|咱们?|我们|大家)?\s*(?:投|票|选)\s*([^\s,，。!！;；~～…]{1,12}?)\s*(?:吧|好了|算了|得了)")
_STILL_OR_HAMMER = re.compile(r"(?:今天|今日|这次|这轮|本轮)\s*(?:我)?\s*(?:还是|也是|依然|仍然|照样|继续)\s*(?:投|选)?\s*([^\s,，。!！;；~～]{1,12})|"
                              r"(?i:(?<![a-z])hammer)\s*[:：]\s*([^\s,，。!！;；~～]{1,12})")
_BY_SEAT = re.compile(r"(?:投|票给|投给|选|(?i:vote))\s*(?:给)?\s*(?:第\s*)?(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*号(?!\s*(?:楼|层|樓|线|位置的发言|晚上|下午|上午|早上|中午))")
_WHOEVER = re.compile(r"(?:谁|哪个|哪位)[^，,。;；!！?？\n]{0,12}?(?:我|就|俺)\s*(?:就)?\s*(?:投|选|票)\s*(?:给)?\s*(?:谁|哪个|哪位)")
_MUST_VOTE = re.compile(r"不\s*(?:投|票|选)\s*[^，,。;；!！?？\s]{1,12}?\s*(?:天理难容|天理不容|说不过去|对不起(?:自己|大家|良心)?|良心(?:不安|过不去)|"
                        r"没道理|不合理|才怪|就怪了|简直|还投谁)")
# (「楼上说投杨康，同意」「郭靖提议投杨康，+1」: another's call, and the poster's assent to it — round 86)
_JOINS_THE_CALL = re.compile(r"(?:都|一起|一块儿?|统一|集中|(?:说|提议|建议|号召|喊)\s*(?:要|大家|都)*)\s*(?:投|票|选|出)\s*"
                             r"([^\s,，。!！;；~～]{1,12}?)\s*(?:吧|啊|呀|哈)?[\s,，。!！~～…]*"
                             r"(?:我也投|我也跟|我也是|我也一样|我也这么投|算我一个|我跟了|我先投|我投了|"
                             r"(?:我)?\s*(?:也)?\s*(?<!不)(?:同意|赞成|附议|支持|跟|同上)|[+＋]\s*1)")
_SELF_VOID = re.compile(r"不算数|不作数|别计|别算|不要计|先别计|不用计|(?:就|权|只)?当(?:我)?\s*没(?:发|投|写)(?:过)?|(?:我的票|这票|这一票|本票|此票|这楼|本楼)[^,，。;；]{0,4}作废|测试一下|"
                        # the hostile round 89 (cases 05, 70, 71): a ballot said to be another day's, written by someone else, or
                        # ruled void in its own words (「（这是第2天的票，提前投）」「——杨康代笔」「本楼已被导演裁定无效」)
                        r"(?:这是|这张是|这票是|本票是|这一票是|算|当作?|作为)\s*(?:第\s*[一二三四五六七八九十\d]{1,2}\s*[天日轮]|明天|明日|次日|后天|下一?[天日轮])\s*的\s*(?:票|投票)(?![型数况])|"
                        r"提前投|代笔|代写|"
                        r"(?:这票|此票|本票|这楼|本楼|此楼|该楼)\s*(?:已经?|已被|被)[^,，。;；\n]{0,8}(?:作废|无效|不算|不计|判废)|"
                        # a mark that crosses the ballot out (「杨康 ❌」)
                        r"[❌✗✘╳☓]|×(?!\s*\d)(?=\s*(?:$|\n|[,，。;；]))|"  # (「杨康×」, not 「×2」 a weight — the hostile round 92, case 55)
                        # the hostile round 61–66: a ballot nearly cast, likely, a placeholder, a joke, split, for now, in English hedged
                        r"(?:差点|险些)(?:儿)?\s*(?:就)?\s*(?:投|选|票)|概率|可能性|(?:反正|估计|肯定|多半)\s*(?:也)?\s*不算了|"
                        r"可能(?:会)?\s*(?:换|变|改)|不是最终|非最终|(?i:soft vote)|别当真|不要当真|当不得真|仅供参考|仅作参考|仅做参考|暂时的|"
                        r"(?i:not final|for the record|soft\s*投)|(?:还会|可能|也许|或许|估计|说不定|回头|晚点|待会|等会)[^,，。;；\n]{0,4}再?改(?!票理由)|"
                        r"[(（]\s*(?:不算|待改|待定|暂定|占位)\s*[)）]|不是认真的|不认真|纯属娱乐|试投|以后再改|晚点再改|回头再改|(?<![A-Za-z])/s\b|"
                        r"(?i:\bnot really\b|\bjust kidding\b|\bjk\b|\blol\b|\bplaceholder\b|\bmight (?:switch|change)\b|\bmay (?:switch|change)\b)|"
                        r"(?:投|票给)\s*[^\s，,。\[]{1,8}\s*\[(?:doge|狗头)\]|(?i:\bfor now\b|\btentative(?:ly)?\b|\bprovisional(?:ly)?\b)|"
                        r"占个?坑|[(（]\s*逗\s*[)）]|半票|(?i:\b(?:probably|maybe|perhaps|likely|iirc|i think)\b|(?<![a-z])(?<!no )(?:prob|probs|prolly)(?![a-z]))|"
                        r"姑且这样|暂且这样|随便投|(?:投票对象|改票对象|对象)\s*[:：]\s*[^\n,，。?？]{1,12}[?？]|"
                        r"请导演按|请按(?!\s*(?:\d+(?:\.\d+)?|[一两二三])\s*票)[^,，。]{1,10}(?:记|算|计)|测试[,，。 !！:：]|^测试|测试(?:格式|用|一下|帖|而已)|格式测试|闹着玩|"
                        r"试一下手机|试试手机|试一下能不能|试试格式|试一下格式|"
                        r"真正的票在|以(?:私信|短消息|私聊)为准|就算我弃权|算我弃权|那就弃权|就当我弃权|当我弃权|也可能换|可能会换|随时会改|"
                        # (hostile round 75: 「投郭靖，看心情改」「随时改」「vote 郭靖 until further notice」 — said to be changeable)
                        r"(?<![他她])(?:看心情|随时|指不定|到时候?|看情况)\s*(?:再|就|会)?\s*(?:改|换|变)(?!票理由|口|卦|脸)|(?i:until\s+further\s+notice|subject\s+to\s+change)|"
                        # the hostile round (issue 42): a draft, a pre-vote, a placeholder, a test, a joke, someone else's post
                        # (hostile round 78: 「投杨康是不可能的，这辈子都不可能」 — the ballot said never to happen)
                        r"投(?!票)[^\s，,。:：因为]{1,6}?(?:是|那是|这是)(?:绝对|根本|永远)?(?:不可能|没可能|没门)|"
                        r"草稿|预投|以正式(?:帖|票|的|投票)?为准|正式的?(?:票)?(?:等|稍后|晚点|回头)|占楼|占个楼|稍后(?:再)?编辑|骗你的|"
                        r"乱发的|不是我发的|被(?:朋友|室友|同学|家人|别人)[^,，。\n]{0,8}发|测一下|测下格式|"
                        r"(?i:please\s+ignore|ignore\s+this|test\s+post|disregard|not\s+my\s+(?:real\s+)?vote|not\s+(?:now|yet)\b|"
                        r"\b(?:may|might|will|gonna|going\s+to)\s+vote\b[^.,;\n]{0,24}\blater\b)")


# Someone described by the player named before it: kin, a partner, a neighbour in the game (郭靖他媳妇 · 黄蓉的师父 · 杨康家那位)
_KIN_AFTER = re.compile(r"\s*(?:他|她|的|家|他家|她家)\s*(?:的)?\s*(?:媳妇|老婆|老公|丈夫|妻子|夫人|太太|女友|男友|对象(?![:：])|师父|师傅|"
                        r"徒弟|师兄|师姐|师弟|师妹|对家|搭档|队友|上家|下家|哥哥|哥|姐姐|姐|弟弟|妹妹|爸爸|爸|妈妈|妈|儿子|女儿|那位|那个人?|身边的?人?)")
# A withdrawal on a line or clause of its own (「Unvote: 杨康」 · 「算了，撤回」), not one told in a reason (「他撤回了昨天的话」)
_TAKEN_BACK = re.compile(r"(?m)(?:^|[,，。;；!！])\s*(?:我|算了)?\s*[,，]?\s*(?:撤票|撤回投票|撤回|收回投票|收回这票|取消投票|撤销投票)"
                         r"\s*(?:[:：]\s*[^\n,，。]{0,12})?\s*[。.!！~～]?\s*$")
# 「投票：长石（刚才那票不算，投长石）」: the poster's earlier ballot taken back in words — a change in ordinary words, the
# director's (heldout22 w22_116 was a certain second ballot); said beside the change words themselves, it is the change explained
_EARLIER_VOIDED = re.compile(r"(?:那票|那一票|上一票|前一票|刚才的票|之前的票|原来的票|原票|前面的票)[^,，。;；]{0,3}(?:不算|作废|无效|撤回|取消|不要了)")
_NOT_ANY_MORE = re.compile(r"(?:不|别|不再)\s*(?:投|选)\s*[^\s,，。!！?？]{1,12}?\s*了|[^\s,，。!！?？]{1,12}?\s*(?:这|那)?一?票\s*(?:我)?\s*(?:不要了|别算了|不算了|撤了)")
_ALREADY_CAST = re.compile(r"(?:已经|早就?|之前|前面|刚才)\s*(?:交|投|发|弃)(?:了|过)|(?:投|交|弃)过了|那张[^,，。;；\n]{0,8}(?:交了|投了|发了)|"
                           r"不投票?\s*[,，]?\s*(?:就|只|只是|单纯)?\s*(?:说|讲|提醒|聊)\s*(?:一句|两句|几句|一下)")  # (「我不投票，就说一句：…」)
_CHANGE_SAID = re.compile(r"改票|改投|改成|改为|(?i:unvote)")
# A ballot's own line put as a question (not its reason's line)
_ASKS_ITS_BALLOT = re.compile(r"(?:^|\n)(?!\s*(?:投票|改票)?理由)[^\n]*?(?:投|票给|选)\s*[^\s\n。!！,，;；?？…]{1,8}\s*[,，…~～.。\s]{0,4}"
                              r"(?:可以吗|行吗|好吗|对吗|成吗|行不行|可不可以|好不好|对不对|怎么样|如何|吗)", re.M)
# The poster says they are out of the game (heldout22 w22_097)
_SAYS_OUT = re.compile(r"(?:我|俺|本人)\s*(?:已经|早就|都)?\s*(?:出局|死|阵亡|被刀|被票出去?|被放逐)了|(?:我|俺)(?:已经)?是(?:死人|出局的人)|"
                       r"两张(?:牌|身份|卡)?都\s*(?:已经|早就)?\s*(?:没了|出局了?|死了|翻了|被刀了)|(?:已经)?出局了?(?:也|还)(?:想|要)投|死人(?:也|还)(?:想|要)投")


_OWN_WEIGHT_NIL = re.compile(r"(?:我的?票|我这一?票)[^,，。;；\n]{0,6}(?:不算数|不算|不计|不作数|不计入|没用|没有用)")


def _signs_off(own: str, said: re.Match) -> bool:
    """「仅供参考」 said of the words above, not of the ballot: after what offers them as opinion (「以上为个人观点，仅供参考」, the
    hostile round 96, case 30), or on a line of its own under the ballot (round 99, case 24)."""
    if re.search(r"(?:观点|看法|意见|分析|推理|想法|拙见|浅见|愚见|判断|理解|感觉|猜测|推测|以上|上面|上述)[^。\n]{0,4}$", own[:said.start()]):
        return True
    start, end = own.rfind("\n", 0, said.start()) + 1, own.find("\n", said.end())
    return start > 0 and bool(re.fullmatch(r"\W*(?:仅供参考|仅作参考|仅做参考)\W*", own[start:end if end >= 0 else len(own)]))


def _arrow_names(own: str, roster):
    """「(郭靖→黄蓉)」 beside a ballot: a change written as an arrow between two players — which one stands?"""
    if ("→" not in own and "->" not in own and "=>" not in own) or re.search(r"改票|改投|改为|改成|换成|换投", own):
        return None  # 「改票 杨康→郭靖」: a change that names old and new, read by the grammar
    for m in re.finditer(r"(\S{1,12}?)\s*(?:→|->|=>)\s*(\S{1,12})", own):
        after = (second := roster.pattern.search(m.group(2))) and m.group(2)[second.end():]
        clause = own[max((c.end() for c in _CLAUSE_CUT.finditer(own, 0, m.start())), default=0):m.start()]
        if roster.pattern.search(m.group(1)) and second and not re.match(
                r"\s*(?:这|那|的|之|一|线|条|票型|连|关系|→|->|=>|[(（]\s*(?:昨天|前天|之前|上次|第|D\d|首日|昨晚))", after) \
                and not re.search(r"(?:→|->|=>)\s*$", own[:m.start() + len(m.group(1)) - len(m.group(1).lstrip())]) \
                and not re.search(r"票型|链|关系|路线|顺序|逻辑|流程|站边|跟票", clause + m.group(1)):
            # (not 「杨康→郭靖这条线有问题」「票型：郭靖→杨康」「郭靖→杨康→穆念慈」: a line of the reason, a chain — the hostile
            # rounds 96, 97: cases 22, 64, 75)
            return m
    return None


_THAT_ONE = re.compile(r"^\s*(?:那个|那位|这个|这位|本人)(?=\s*[)）]|\s*$)")
_CONTRAST = re.compile(r"^\s*(?:而|却)?(?:不是|并非|而非|非|并不是|(?i:not|instead of|rather than))\s*")
_CHOICE_AFTER = re.compile(r"^\s*(?:[√✓✔☑✅○〇⭕👍👈←⬅◀◁《〈]|(?i:ok|v)(?![a-z])|才对|才是|才是对的|才行|(?:算|计|为准)(?:吧|了|啦|哈)?\s*$|"  # (「郭靖× 杨康√」: round 98, 61)
                           r"(?:也|都)\s*(?:可以|行|成|ok|没问题|无所谓)\s*(?:吧|啊|啦|的)?\s*(?:$|[,，。!！;；~]))", re.I)
# (按杨康算 · 以杨康为准 · 郭靖也可以)


def chosen_elsewhere(own: str, counted: str | None, roster) -> tuple[str, tuple[str, ...]] | None:
    """Where a ballot's own words choose another player than the one counted (see above): why, and the players."""
    picks = [(name, sentence) for _, name, chose, in_correction, sentence in _choices(own, counted, roster)
             if chose or in_correction]
    if not picks:
        return None
    meant = tuple(dict.fromkeys(name for name, _ in picks))
    return f"帖子里另外写了「{'、'.join(meant)}」（「{picks[0][1][:30]}」）：像是改口、更正或另一个选择，算哪一位，请导演裁定", meant


@lru_cache(maxsize=8192)
def corrected_choice(own: str, counted: str | None, roster) -> str | None:
    """「投票对象：马拉糕 ⏎ 投票理由：……哎呀，我把马拉和萝卜弄反了，要投的是萝卜糕」: the player a ballot's own words choose
    after words that take the counted one back (a correction or retraction of grammar/lexicon.toml) — the ballot the
    poster means (rules.md: a ballot corrected in the same post) — or None. The last such choice wins."""
    if not counted or roster is None or roster.pattern is None:
        return None
    own = to_simplified(own)  # (as _choices reads it)
    first = roster.pattern.search(own)
    if first is None:
        return None
    from grammar import tags as tagging

    meant = None
    for start, name, chose, _, _ in _choices(own, counted, roster):
        if not chose:
            continue
        # The words that take the ballot back stand just before the choice: in its sentence or the one before it
        # (「啊啊啊错了，手比脑子快。我想写的是如梦令」) — a long analysis that says 错了 somewhere chooses nobody.
        cuts = [m.end() for m in _SENTENCE_CUT.finditer(own, first.end(), start)]
        window = cuts[-2] if len(cuts) >= 2 else first.end()
        if tagging.search_for("correction", "retract").search(own, window, start):
            meant = name
    return meant


def _choices(own: str, counted: str | None, roster) -> list[tuple[int, str, bool, bool, str]]:
    """Each other player the words name, where, whether the words choose them (named after a word that says which
    player is meant, or standing alone as a clause), whether their sentence corrects the post, and the sentence."""
    if roster is None or roster.pattern is None:
        return []
    from grammar import tags as tagging
    from grammar.speech import REPORT, RETELL, SILENT, act

    # (「投郭靖，不對，楊康」: the words that correct are the lexicon's in Simplified — the hostile round 86, C01–D07: certain 郭靖)
    own = to_simplified(own)
    found = [(m.start(), m.end(), roster.table[m.group()]) for m in roster.pattern.finditer(own)]
    others = [(a, b, n) for a, b, n in found if n != counted]
    if not others:
        return []
    tagged = tagging.tag(own)
    changing = bool(_CHANGE_SAID.search(own))  # (in a change, 换人 · 换一个 say the change again: no correction)
    corrected = [t for t in tagged if t.is_("correction") and not (changing and t.text.startswith(("换", "改")))]
    voided = [t for t in tagged if t.is_("retract") and not t.is_("correction")]  # 「↑作废 郭靖」 (round 52): right before the name
    out = []
    for start, end, name in others:
        c_start = max((m.end() for m in _CLAUSE_CUT.finditer(own, 0, start)), default=0)
        cut = _CLAUSE_CUT.search(own, end)
        c_end = cut.start() if cut else len(own)
        before, after = own[c_start:start], own[end:c_end]
        s_start = max((m.end() for m in _SENTENCE_CUT.finditer(own, 0, start)), default=0)
        s_cut = _SENTENCE_CUT.search(own, end)
        sentence = own[s_start:s_cut.start() if s_cut else len(own)]
        if _FIELD.search(own[max(0, start - 8):start]):
            continue  # 投票对象：X · 代投：X — a field the grammar read, not words beside it
        if re.search(rf"(?:{SEER_CHECK.pattern})\s*[:：]?\s*$", before):
            continue  # 「查杀：X」「昨晚查验：X 好人」: a seer's check, of him — never a choice of the ballot (rounds 113/117)
        if act(own[c_start:c_end], roster).kind in SILENT:
            continue  # 昨天出局的是黄蓉 · 郭靖说要投黄蓉: history and reports choose nothing for the poster
        if any(act(clause, roster).kind in (RETELL, REPORT) for clause in _CLAUSE_CUT.split(own[s_start:c_start]) if clause.strip()):
            continue  # 「他昨天说验了沈舟——口误，是验了许微」: a report corrected, not the ballot
        # 「是杨康不是黄蓉」「是杨康而非黄蓉」: the name set against another by a negation is the one chosen
        contrast = _CONTRAST.match(after)
        # (a bracket is no word: 「（郭靖）」「（误，郭靖）」 on the line under the ballot name a player alone)
        # (「（就是混沌那个）」: the one that is the player — a choice all the same: heldout58 w58_038, counted for 帝江)
        ends = bool(_PARTICLES.match(_THAT_ONE.sub("", after, 1).lstrip(")）]】》」』〕"))) or bool(_CHOICE_AFTER.match(after)) or bool(
            contrast and roster.pattern.match(after, contrast.end()))
        picked = _CHOICE_BEFORE.search(before) if ends else None
        if picked is not None and re.search(r"(?:不|并非|而非|并不|(?<![a-z])not\s*)(?:是|为|投|选)?\s*[:：]?\s*$", before, re.I):
            picked = None  # 「改口的人是月票不是澡票」: the name set aside by a negation is the one not chosen
        label = before[:picked.start()].strip(" (（[【") if picked and picked.group().strip() in (":", "：") else None
        if label is not None and (_listed(own, c_start, c_end, roster) or roster.pattern.fullmatch(label)
                                  or re.search(r"原|之前|以前|昨天|上次|旧|前票|改前|第\s*[一二三四五六七八九十\d]{1,3}\s*[天日轮]|首日|(?i:day\s*\d)", label)):
            picked = None  # 「今天还剩7个人：龙井、碧螺春…」 a list's first · 「秦问天：苏半夏」 a tally's row · 「（原：青柠）」 history
        elif label is not None and _REASON_LABEL.search(label) and len(_CJK.findall(sentence)) > len(label) + len(name) + 2:
            picked = None  # 「投票理由：衡山、恒山两边我都没看明白」: the reason's subject, its sentence going on
        if picked is not None and re.search(r"我(?:就|才|本来就|也)?是\s*$", before) and not re.search(r"投|选|说|要|想", before[-6:]):
            picked = None  # 「我是老杜，避嫌」: who the poster is, not whom they choose
        if picked is not None and re.search(r"(?:死|出局|被刀|被杀|被毒|被票|被投|出去|倒下|验|查验|查杀|发金水|发查杀)了?的(?:是|就是)\s*$", before):
            picked = None  # 「第一，昨晚死的是拖鞋」: what happened, told in an analysis (heldout24)
        if picked is not None and roster.pattern.search(before) and re.search(r"[^\w\s\u4e00-\u9fff]", picked.group()) and not re.search(
                r"[\w\u4e00-\u9fff]", re.sub(r"^[\u4e00-\u9fff\s]", "", picked.group())):
            picked = None  # 「醉拳 > 八卦 > 鹰爪」: a symbol between names ranks them (heldout48 w48_117), it points at none
        if picked is None and ends and (c_start == 0 or own[c_start - 1] == "\n") and "\n" in own[:c_start] and \
                re.fullmatch(r"\s*[\u4e00-\u9fff]{1,4}\s*[【「《『〔（(\[]?\s*", before):
            # 「写岔了 杨康」「写岔了 【杨康】」 on a line of its own under the ballot: a few words, then the name alone (round 99)
            picked = re.search(r"$", before)
        chose = bool(picked) or bool(_CHOICE_AFTER.match(after)) or (
            not before.strip(" :：(（[【") and ends and not _listed(own, c_start, c_end, roster)) or \
            own.startswith(name, end) or own[:start].endswith(name)  # 「郭靖郭靖郭靖」: a name said again and again
        in_correction = any(s_start <= t.start < s_start + len(sentence) for t in corrected) or any(
            t.end <= start and not own[t.end:start].strip(" ,，:：、") for t in voided)
        out.append((start, name, chose, in_correction, sentence.strip()))
    return out


# A seer's check said of a player (「查杀：X」「昨晚查验：X 好人」): words about him, never his ballot (rounds 113/117)
SEER_CHECK = re.compile(r"查杀|查验|验人|验了|查了|金水|银水|警徽流")


@lru_cache(maxsize=1)
def _correction_words() -> frozenset[str]:
    from grammar import tags as tagging
    return frozenset(tagging.words_of("correction"))


# The ballot's own parts, named in a correction's clause (「上面对象和理由里的人写反了，对调一下」: round 116, case 27)
_OF_THE_BALLOT = re.compile(r"对调|调换|互换|对象和理由|理由和对象|两个名字|两个人|俩人")
_OTHER_POST = re.compile(r"\d+\s*[楼层樓#LlFf]|#\s*\d+|楼上|上一楼")


def _unsaid(own: str, roster, counted: str | None):
    """A word after a ballot that takes it back or corrects it, standing in a clause of its own (the lexicon's correction
    and retract classes: 「（手滑按错了，请无视本楼）」「开玩笑的」「以上为草稿」「wait no」「（误）」「不对不对」), as a match: the ballot
    is not plainly the poster's now, whatever the word — a doubt by construction, not by a list of phrasings (the hostile
    round, B1/B15). A clause that says more (「他的说法不对」: a reason) or stands before the ballot (「最后改一下：」: it
    introduces it) takes nothing back."""
    if not _unsaid_hint().search(own):
        return None
    from grammar import tags as tagging
    from grammar.speech import REPORT, RETELL, act

    first = own.find(counted) if counted else -1
    after = first + len(counted) if first >= 0 else 0
    for tag in tagging.tag(own, roster):
        # (a withdrawal with no player counted is the ballot itself: 「撤票」 where the game allows it)
        if tag.start < after or not (tag.is_("correction", "retract") or tag.text in _retract_words()
                                     or (counted and tag.is_("withdraw"))):
            continue  # (「忽略这一楼」 tags as a ruling's pending words too: the spelling is the lexicon's retraction)
        if tag.text.startswith("改") or (tag.text.startswith("换") and _CHANGE_SAID.search(own)):
            continue  # 「改票理由：最后改一下」「改票：旋钮 ⏎ 理由：……换人」: the change the post makes, said again
        if _CHANGE_SAID.search(own) and _EARLIER_VOIDED.search(own, max(0, tag.start - 6), tag.end + 2):
            continue  # 「改票 ⏎ 投票对象：良宵引 ⏎ 昨天那票作废」: the change says what it does to the ballot before it
        if _TYPING.search(own, max(0, tag.start - 40), tag.start):
            continue  # 「(at the office, no Chinese IME, sorry)」「（手机打字，见谅）」: sorry for how it is typed, not for the ballot
        c_start = max(after, max((m.end() for m in _ASIDE_CUT.finditer(own, 0, tag.start)), default=0))
        cut = _ASIDE_CUT.search(own, tag.end)
        clause = own[c_start:cut.start() if cut else len(own)]  # (after the ballot: 「票投杨康 不对不对」)
        rest = clause.replace(tag.text, "", 1)
        if (len(_CJK.findall(rest)) > 3 and not _OF_THE_BALLOT.search(rest)) or (roster.pattern and roster.pattern.search(rest)):
            continue  # a clause that says more: a reason (unless it speaks of the ballot itself: 「上面对象和理由里的人写反了」)
        if _OTHER_POST.search(rest):
            continue  # 「正式投，5楼那个不算」: another post of the poster's taken back, not this ballot
        if _INTRODUCES.match(own, cut.end() if cut else len(own)):
            continue  # 「那重新来： ⏎ 投票对象：X」「正式的：投票对象：X」: it introduces the ballot after it
        fix = _DETAIL.match(own, cut.end() if cut else len(own))
        if fix and not (roster.pattern and roster.pattern.match(own, fix.end())):
            continue  # 「他说 3 格——纠正一下，是 4」「——哦不对，是第一天」: a detail of the reason corrected, not the ballot
        if own[:c_start].rstrip(" ,，。…").endswith(("?", "？")):
            continue  # 「……至少 3 票吧？开玩笑的」: the quip answers the question before it
        s_start = max((m.end() for m in _SENTENCE_CUT.finditer(own, 0, tag.start)), default=0)
        if any(act(c, roster).kind in (RETELL, REPORT) for c in _CLAUSE_CUT.split(own[s_start:c_start]) if c.strip()):
            continue  # 「他昨天投的马钰，不对，我昨天投的…」: a report corrected, not the ballot
        if _SOMEONES_THING.search(own, max(after, s_start), c_start):
            continue  # 「改票：极哥 ⏎ 刚看到他的解释，更不对了」: what is wrong is his explanation, said the clause before (heldout48 w48_116)
        return re.compile(re.escape(tag.text)).search(own, tag.start)
    return None


# A thing of someone's ending the clause before a correction word (他的解释，更不对了 · 郭靖的逻辑，不对): its subject
_SOMEONES_THING = re.compile(r"(?:他|她|他们|她们|你|你们|大家)的[^\s,，。.!！?？;；]{1,6}\s*[,，]\s*$")


# How a post was typed (an apology for it is no correction of the ballot)
_TYPING = re.compile(r"(?i:\bIME\b|input method|typo|typing|keyboard|english|no chinese)|输入法|手机打|打字|键盘|繁体|英文|没有中文|没中文")


# Words about the post itself, not about a player: the post tried out or shown (试发 · 演示 · 随手写写 · 真票另发), its being
# meant denied (别当真 · 不作数), the post itself said to be something (本楼是…· 这条先…).
_ITSELF = re.compile(r"测试|试发|试一下|试试|发着玩|写着玩|写写|随手写|随手发|随手打|随便写|演示|示范|样板|样例|走个过场|凑个数|无视|别理|"
                     r"不用理|忽略|真票|正式票|正式的票|"
                     # the hostile round (/tmp/hostile49): shown as the form, fiction, a draft, an accident, a pretence, a copy
                     r"打个样|照这个格式|模板|虚构|如有雷同|草拟|未定稿|非正式|误触|演练|逗你们|逗你玩|AI生成|仅供娱乐|娱乐一下|梦里|做梦|"
                     r"假装|复制自|不是今天的|替我\S{0,4}发的|帮我\S{0,4}发的|举个例子|举例|例如|反串|愚人节|(?<![A-Za-z])/s(?![A-Za-z])|"
                     r"(?:别|不要|不必|不用|勿|莫|并不|不)要?\s*(?:当真|当回事|作数|算数|作准|理会)|"
                     r"(?<!以)(?:本楼|这楼|此楼|该楼|这层|本层|本帖|这帖|此帖|这贴|本贴|这条|本条|此条)\s*(?:(?:是|为(?!准))(?!\s*(?:我的|我今天的)?\s*(?:正式|真正|最终)的?\s*(?:投票|票|一票))|仅|只是|纯属|属于|不|别|先|暂|作|当)")
_PERSON = re.compile(r"他|她|它|ta|TA|他们|她们|狼|好人|预言家|女巫|猎人|平民|村民|身份|发言|票型|出局|刀|验|跳", re.I)


def _about_itself(own: str, roster, counted: str | None):
    """A clause that speaks of the post itself and of no player (「（随手写写，别当真）」「——试发一下，看看格式对不对」「【本楼是
    演示，真票另发】」, before the ballot too: 「先发个测试看看格式对不对：」), as a match: a reason speaks of a player or the
    game; a clause about whether the post is meant is the poster's word on the ballot, and the tool has not read it — a
    doubt by construction, whatever the words (the lab's recheck of issue 42: each phrasing nobody had listed was counted)."""
    from grammar import tags as tagging
    if not counted or counted not in own or not (_ITSELF.search(own) or _NOT_ME_ANY.search(own) or any(
            t.is_("retract") for t in tagging.tag(own))):
        return None
    cuts = [0, *(m.end() for m in _ITSELF_CUT.finditer(own)), len(own) + 1]
    sentence_person = False
    for a, b in zip(cuts, cuts[1:]):
        clause = own[a:b - 1] if b <= len(own) else own[a:]
        if own[a - 1:a] in "。.!！?？\n(（【[—":
            sentence_person = False  # a new sentence or an aside: its clauses speak for themselves
        person = bool(_PERSON.search(clause) or (roster.pattern and roster.pattern.search(clause)))
        sentence_person = sentence_person or person
        hit = _ITSELF.search(clause)
        if not hit and _REASON_BEFORE.search(own, 0, a) and own[b - 1:b] in ("\n", "") and len(re.findall(r"[\u4e00-\u9fff]", clause)) <= 6:
            # (round 76: the whole reason 「开玩笑的」「不是我本人」 — a take-back word of the lexicon's, or the poster disowned:
            # the reason speaks of the ballot itself, not of a player)
            hit = _NOT_ME.search(clause) or next(
                (re.search(re.escape(t.text), clause) for t in tagging.tag(clause) if t.is_("retract")), None)
        if hit and not person and not sentence_person and not _FIELD_LABEL.match(clause):
            return re.compile(re.escape(hit.group())).search(own, a)
    return None


_NOT_ME = re.compile(r"^\s*(?:这|这票|这一票|这帖)?\s*(?:不是|并非)\s*(?:我|本人)(?:本人|自己)?\s*(?:的|发的|投的)?\s*$")
_REASON_BEFORE = re.compile(r"(?:投票理由|改票理由|理由)\s*[:：]\s*$")
_NOT_ME_ANY = re.compile(_NOT_ME.pattern.replace("^", "", 1).replace("$", "", 1))
_ITSELF_CUT = re.compile(r"[，,。.!！?？;；\n()（）【】\[\]—~～…、:：]")  # (「演练一下：投票对象：杨康」: the words before the label)
_FIELD_LABEL = re.compile(r"\s*(?:投票理由|改票理由|理由)\s*[:：]\s*$")


def _conditional_other(own: str, roster, counted: str | None):
    """「投票理由：如果郭靖今天不说话就算郭靖」: a condition that would put the ballot on another player, as a match."""
    if not _IF.search(own) or roster.pattern is None:
        return None
    for sentence in _SENTENCE_CUT.split(own):
        cond = _IF.search(sentence)
        if cond and _PUT.search(sentence, cond.end()) and any(roster.table[m.group()] != counted
                                                             for m in roster.pattern.finditer(sentence, cond.end())):
            return re.compile(re.escape(cond.group())).search(own, own.find(sentence))
    return None


_IF = re.compile(r"如果|假如|要是|若是|除非|万一|否则|不然|\bif\b|\bunless\b", re.I)
_PUT = re.compile(r"就?(?:算|投|改|计|换成|改成|改投)")
_DETAIL = re.compile(r"\s*(?:应该是|其实是|才是|是)\s*")
_INTRODUCES = re.compile(r"[\s:：]*(?:投票对象|改票对象|投票|改票|改投|投给|投|对象|vote)", re.I)


_ASIDE_CUT = re.compile(r"[，,。.!！?？;；\n()（）【】\[\]—~～…、]")
_CJK = re.compile(r"[\u3400-\u9fff]")


@lru_cache(maxsize=1)
def _retract_words() -> frozenset:
    from grammar import tags as tagging

    return frozenset(tagging.words_of("retract"))


@lru_cache(maxsize=1)
def _unsaid_hint() -> re.Pattern:
    """The first characters of those classes' words: one cheap search passes most ballots."""
    from grammar import tags as tagging

    firsts = {w[0].lower() for kind in ("correction", "retract", "withdraw") for w in tagging.words_of(kind)}
    return re.compile("[" + "".join(re.escape(c) for c in sorted(firsts)) + "]", re.I)


_ACCEPTABLE = r"\s*(?:也|都)\s*(?:可以|行|成|没问题)\s*(?:吧|啊|啦|的)?\s*(?:$|[,，。!！;；~])"
_EITHER = re.compile(rf"{_ACCEPTABLE}|\s*吧|\s*或者?\s*")


def _either(own: str, roster) -> tuple[str, tuple[str, ...]] | None:
    """「杨康吧，实在不行郭靖也可以」「杨康或者郭靖都行」: two players or more, each offered as acceptable — the words and the
    players, or None."""
    if roster is None or roster.pattern is None or not re.search(r"可以|行|吧|成|挑|选一个|随便|半斤八两|哪个都", own):
        return None
    offered = [m for m in roster.pattern.finditer(own) if _EITHER.match(own, m.end())]
    names = tuple(dict.fromkeys(roster.table[m.group()] for m in offered))
    if len(names) >= 2 and any(re.match(_ACCEPTABLE, own[m.end():]) for m in offered):
        return own[offered[0].start():offered[-1].end() + 4].strip(), names
    # 「杨康郭靖都行」「郭靖和杨康里挑一个吧，我都行」: a list of players, then a word that any of them will do
    for sentence in re.split(r"[。.!！?？\n]", own):
        listed = list(roster.pattern.finditer(sentence))
        if len(listed) >= 2 and re.search(r"都行|都可以|都成|都没问题|挑一个|选一个|哪个都|随便|半斤八两", sentence[listed[-1].end():]):
            between = [sentence[a.end():b.start()] for a, b in zip(listed, listed[1:])]
            if all(re.fullmatch(r"\s*(?:[、,，/和与或跟]|或者|还是)?\s*", gap) for gap in between):
                return sentence.strip()[:30], tuple(dict.fromkeys(roster.table[m.group()] for m in listed))
    return None


def _listed(own: str, start: int, end: int, roster) -> bool:
    """A bare name that is one of a list (郭靖、黄蓉、杨康都不像): the clause next to it is a bare name too."""
    for m in _CLAUSE_CUT.finditer(own, end, min(len(own), end + 1)):
        nxt = _CLAUSE_CUT.search(own, m.end())
        if roster.pattern.fullmatch(own[m.end():nxt.start() if nxt else len(own)].strip(" )）]】")):
            return True
    if start >= 1:
        prev = max((m.end() for m in _CLAUSE_CUT.finditer(own, 0, start - 1)), default=0)
        # (「大红袍2票（金骏眉、六安瓜片）」: the list opens inside the bracket)
        if roster.pattern.fullmatch(re.split(r"[(（\[【]", own[prev:start - 1])[-1].strip()):
            return True
    return False


_IMITATED = re.compile(r"导演|主持|裁定|官方|执法")


def _of_the_imitation(own: str, at: int) -> bool:
    """The words that take something back at `at` speak of a director's ruling the post imitates above them, not of the
    ballot: a ruling's shape before them (【裁定】 · a floor and a verdict) and the director or the ruling named in their line."""
    line_start = own.rfind("\n", 0, at) + 1
    line_end = own.find("\n", at)
    line = own[line_start:line_end if line_end >= 0 else len(own)]
    before = own[:line_start]
    return bool(_IMITATED.search(line)) and bool(re.search(r"裁定|判", before)) and bool(
        re.search(r"\d\s*[楼层樓#FL]|#\s*\d", before)) and not re.search(r"投票对象|改票对象|投票\s*[:：]", before)


def leftovers(own: str, counted: str | None, roster, *, ballot: bool, attempt: bool = False, weightless: bool = False
              ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What the post's own words still say that its verdict does not explain (see _leftovers). Once per post and
    verdict: every refold of the analysis asks again. `weightless`: the game file says the poster's ballot weighs
    nothing (votes_not_counted) — 「我知道我的票不算数」 is then explained."""
    if roster is None or not own:
        return ()
    return _leftovers(own, counted, roster, ballot, attempt, weightless)


@lru_cache(maxsize=16384)
def _leftovers(own: str, counted: str | None, roster, ballot: bool, attempt: bool = False, weightless: bool = False
               ) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What the post's own words still say that its verdict does not explain, each (why, the players it may
    mean): a correction to another name, a post that is only a name (or a name and a ballot mark), a name typed
    in pinyin after a ballot word. `counted`: the player the verdict counts (None: nobody); `ballot`: the verdict
    is a ballot; `attempt`: an invalid ballot, weighed only for words that void it."""
    out = []
    read = 0  # corrections and pinyin names read one by one: each asks the matcher and pypinyin (RESIDUE_LIMIT)
    if ballot or attempt:  # (`attempt`: an invalid ballot — 「测试一下，不是投票哈：投票对象：X」 may be none at all)
        chosen = chosen_elsewhere(own, counted, roster) if ballot else None
        if chosen is None and ballot and counted and (glued := _glued_name(own, counted, roster)):
            # 「投杨康郭靖（前面那个是打错的）」: a second player right after the target, nothing between — the target is
            # either (the hostile round 79, c8: counted for the first, certain)
            chosen = (f"投票对象「{counted}」后面紧跟着另一位玩家「{glued}」：投给谁，请导演裁定", (counted, glued))
        if chosen is None and ballot and counted and (at := own.find(counted)) >= 0 and (kin := _KIN_AFTER.match(own, at + len(counted))):
            # 「投郭靖他媳妇」: a player described by the one named (his wife, her master) — whom, the director says; any player
            # may be meant (the hostile round 83, V04: counted for 郭靖, certain, and 郭靖 posted out)
            chosen = (f"投票对象写的是「{counted}{kin.group().strip()}」（说的是{counted}身边的人？）：投给谁，请导演裁定",
                      tuple(roster.names))
        if chosen is not None:
            out.append(chosen)
        void = _SELF_VOID.search(own) or (_EARLIER_VOIDED.search(own) if not _CHANGE_SAID.search(own) else None) or \
            _arrow_names(own, roster) or _unsaid(own, roster, counted) or \
            _conditional_other(own, roster, counted) or _about_itself(own, roster, counted)
        if void and weightless and _OWN_WEIGHT_NIL.search(own, max(0, void.start() - 8), void.end() + 2):
            void = None  # 「我知道我的票不算数，但态度还是要有的」: the idiot after 若愚 says what the game file says
        if void and void.group() in ("仅供参考", "仅作参考", "仅做参考") and _signs_off(own, void):
            void = None
        if void and _of_the_imitation(own, void.start()):
            void = None  # 「【裁定】11楼无效 ⏎ ——学导演玩的，别当真。 ⏎ 投票对象：洞箫」: the joke is the ruling's, not the ballot's
        if void:  # 「测试，别计」「我的票作废，重新投在楼下」: the post says of itself that it does not count
            meant = tuple(n for n in names_in(own[void.start():void.end() + 12], roster) if n != counted)
            if not meant and void.group() in _correction_words():
                # 「上面对象和理由里的人写反了，对调一下」: corrected to a player it does not name here — any the post names
                # (round 116, case 27: certain for the first name, 无人出局 posted)
                meant = tuple(n for n in names_in(own, roster) if n != counted)
            out.append((f"帖子里说这一票不算数或另有打算（「{own[max(0, void.start() - 6):void.end() + 6].strip()}」）："
                        f"算不算投票、算给谁，请导演裁定", (*meant, "")))
        if ballot and counted is None and (cast := _ALREADY_CAST.search(own)) is not None:  # (or says it only talks)
            # 「我不投了，我那张“无”已经交了」: not voting now, said of a ballot cast before — no new abstention (heldout26 w26_085)
            out.append((f"帖子里说之前已经投过或只是说几句（「{cast.group().strip()}」）：这一帖是新的弃权还是只是发言，请导演裁定", ("",)))
        if ballot and counted and (asked := _ASKS_ITS_BALLOT.search(own) or re.search(
                rf"(?:投|票给|选)\s*{re.escape(counted)}\s*[,，…~～.。\s]{{0,4}}[?？]\s*$", own, re.M)) is not None:  # (「投郭靖……？」)
            # 「投郭靖可以吗？」「投郭靖，对吗」「投郭靖行不行」: the ballot put as a question (the hostile round 61: counted firm)
            out.append((f"投票的那句像是在问（「{asked.group().strip()[-24:]}」）：算不算投票，请导演裁定", (counted or "", "")))
        if (split := _SPLIT_BALLOT.search(own)) and len(meant := names_in(split.group(), roster)) >= 2:
            # 「警长两票我拆开：一票给澳白，一票给摩卡」: the ballot split between two players (heldout42 w42_055: counted whole for
            # the second) — a weighted ballot counts as one, for one player
            out.append((f"帖子里把票分给了几位（「{split.group().strip()[:30]}」）：算不算、算给谁，请导演裁定", (*meant, "")))
        if ballot and counted and not void and (at := own.find(counted)) >= 0 and (taken := _TAKEN_BACK.search(own, at + len(counted))) and \
                not re.search(r"投|选|改|票给", own[taken.end():].replace(counted, "")):
            # 「Vote: 杨康 ⏎ Unvote: 杨康」: the ballot, then taken back below it with no other cast (hostile round 82: counted)
            out.append((f"投了「{counted}」之后又写了「{own[taken.start():taken.end() + 8].strip()}」：这一票还算不算，请导演裁定",
                        (counted, "")))
        if (out_said := _SAYS_OUT.search(own)) is not None:
            # 「两张牌都没了，最后说一句：投票：滑石」: the poster says they are out — the game file may not know it yet
            out.append((f"帖子里说自己已经出局（「{out_said.group().strip()}」）：出局的玩家不能投票，这一票算不算请导演核对", ("",)))
    for m in (_CORRECTION.finditer(own) if _CORRECTION_CHARS.search(own) else ()):
        read += 1
        if read > RESIDUE_LIMIT:
            out.append(_too_many(own, roster))
            break
        after = own[m.end():m.end() + 24]
        meant = [n for n in (*names_in(after, roster), *spelled(after.split("\n")[0][:8], roster)) if n != counted]
        if meant and not (out and set(meant) <= set(out[0][1])):
            out.append((f"帖子里有更正（「{own[m.start():m.end() + 12].strip()}」）：算原来写的还是更正后的，请导演裁定",
                        tuple(dict.fromkeys(meant))))
        elif not meant and counted and _NOBODY_AFTER.search(after):
            # 「不对不对，我是想写“无”，弃权」: corrected to nobody — the abstention ("") is the reading
            out.append((f"帖子里有更正（「{own[m.start():m.end() + 12].strip()}」），像是改成弃权：算原来写的还是弃权，请导演裁定", ("",)))
    if not ballot and not attempt and ((taken := _NOT_ANY_MORE.search(own)) and names_in(taken.group(), roster) or (
            taken := OWN_FLOOR_VOID.search(own))):
        # 「不投郭靖了」「郭靖这票我不要了」: the poster's standing ballot taken back in words — withdrawn (弃权) is a reading
        out.append((f"帖子像是收回了原来的票（「{taken.group().strip()}」）：原票还算不算，请导演裁定", ("",)))
    if not ballot and not attempt and (given := _GIVES_A_BALLOT.search(own)) and (
            meant := names_in(next(g for g in given.groups() if g), roster)):
        # 「杨康吃我一票」「送杨康一票」「我的票给杨康」: a ballot handed over in words no form holds (hostile round 79: silent)
        out.append((f"帖子说「{given.group().strip()}」，像是投票：算不算投票、投给谁，请导演裁定", tuple(meant)))
    if not ballot and not attempt and (ranked := _BY_RANK.search(own)) and (listed := names_in(own[:ranked.start()], roster)):
        # 「怀疑度排序：1. 鲶鱼 2. 草鱼 3. 鲤鱼 ⏎ 今天先投第一个」: the ballot by its place in a list above it (heldout42 w42_079: silent)
        place = "一二三四五".find(ranked.group(1)) if ranked.group(1) in "一二三四五" else int(ranked.group(1)) - 1
        first = (listed[place],) if 0 <= place < len(listed) else ()
        out.append((f"帖子说「{ranked.group().strip()}」，按上面列出的顺序投票：算不算投票、投给谁，请导演裁定",
                    tuple(dict.fromkeys([*first, *listed]))))
    if not ballot and not attempt and (put := _PUT_AS_A_CHOICE.search(own)) and (meant := names_in(put.group(1), roster)):
        # 「要不就投杨康吧……我也说不好」: a ballot put as a suggestion — cast, or only thought aloud? (hostile round 78: silent)
        out.append((f"帖子说「{put.group().strip()[-24:]}」，像是投票又像是商量：算不算投票，请导演裁定", tuple(meant)))
    elif not ballot and not attempt and (joined := _JOINS_THE_CALL.search(own)) and (meant := names_in(joined.group(1), roster)):
        # 「大家都投杨康吧，我也投」: a call to vote for a player, and the poster saying they vote so too (hostile round 78: silent)
        out.append((f"帖子号召（或转述别人号召）投「{'、'.join(meant)}」，又说自己也投或赞同（「{joined.group().strip()[-24:]}」）："
                    f"算不算投票，请导演裁定",
                    tuple(meant)))
    if not ballot and not attempt and ((said := _WHOEVER.search(own)) or (said := _MUST_VOTE.search(own))) and (
            meant := names_in(own, roster)):
        # 「杨康和郭靖谁发言少我投谁」「不投杨康天理难容」: a ballot on a condition, or said through a double negation (the hostile
        # round 85 M10 and N12, re-run in 86: talk, certain)
        out.append((f"帖子像是在投票（「{said.group().strip()[:24]}」），但不是一张明确的票：算不算投票、投给谁，请导演裁定", tuple(meant)))
    if not ballot and not attempt and (still := _STILL_OR_HAMMER.search(own)) and (
            meant := names_in(still.group(1) or still.group(2), roster)):
        # 「我昨天投的豆干，今天还是豆干」「hammer: 酸菜」: yesterday's ballot said again for today, the English forums' last vote —
        # a ballot in words no form holds (heldout55 w55_095, w55_084: talk, certain)
        out.append((f"帖子像是在投票（「{still.group().strip()[:24]}」）：算不算投票、投给谁，请导演裁定", tuple(meant)))
    if not ballot and not attempt and (seat := _BY_SEAT.search(own)):
        # 「投 3 号（按电梯楼顺序）」: a ballot for a seat of the opening's order, which the game file does not hold — any player
        # may sit there (heldout52 w52_058: talk, certain)
        out.append((f"帖子像是按座位号投票（「{seat.group().strip()}」）：是哪位玩家，请导演裁定", tuple(roster.names)))
    if not ballot and not attempt and (either := _either(own, roster)):
        # 「杨康吧，实在不行郭靖也可以」: players offered as choices, in no ballot's form — a vote attempt, whose is the director's
        out.append((f"帖子像是在选投谁（「{either[0]}」），但不是一张明确的票：算不算投票、投给谁，请导演裁定", either[1]))
    if not ballot and not attempt and ("票" in own or "投" in own) and (
            last := re.search(r"[:：]\s*([^\s:：,，。.!！?？]{1,12})\W*$", own)) and (
            meant := [n for n in [roster.resolve(bare_text(last.group(1)).rstrip("吧了啊呀")).name] if n]):
        # 「前面那票撤了，这楼才算：酉鸡」: a player after a colon, last in a post that speaks of its ballot (heldout3 v0065)
        out.append((f"帖子最后写了「{last.group().strip()}」，像是投票：算不算投票、投给谁，请导演裁定", tuple(meant)))
    elif not ballot and not attempt and (labelled := _LABEL_LIKE.search(own)) and not _KNOWN_LABEL.fullmatch(labelled.group(1)) \
            and (meant := spelled(labelled.group(2), roster)):
        # 「头票：陀罗 ⏎ 手机打字 见谅」: a ballot's label typed wrong (a sound or a key off 投票), a player's name after it — a
        # line in a ballot's shape, whatever the words beside it (heldout46 w46_103: talk, certain)
        out.append((f"「{labelled.group().strip()}」像是投票（标签写错了？）：算不算投票、投给谁，请导演裁定", tuple(meant)))
    if not ballot and len(own) <= 40 and not _NOT_A_VOTE.search(own):  # 「FoS 月老板」: suspicion, said so
        if _MARKS.search(own) and _NOBODY.fullmatch(bare_text(_MARKS.sub("", own).split("，")[0].split(",")[0])):
            # ✋ 无，没想好 · 🗳弃权: a ballot mark and an abstention word, unlabelled — "" is the abstention reading.
            out.append(("帖子像是用手势弃权（没有写投票格式）：算不算弃权，请导演裁定", ("",)))
        core = _MARKS.sub("", own)
        plain = bare_text(core)
        if plain and len(plain) <= 8:
            meant = names_in(plain, roster) or spelled(core, roster)
            if meant and len(bare_text(own)) - len("".join(meant)) <= 4:
                out.append(("帖子只写了玩家的名字（或名字加投票的手势）：算不算投票，请导演裁定", tuple(meant)))
    if not ballot and not attempt and not out and (head := _named_opening(own, roster)):
        # 「郭靖，等我下班再确认」「郭靖，昨天那个发言很可疑」: a player named alone as the post's first clause, and what follows
        # neither addresses nor asks them — a ballot with its reason, or put off? (hostile round 66)
        out.append((f"帖子开头单独写了「{head}」，后面的话没有说明是不是投票：算不算投票，请导演裁定", (head,)))
    if not ballot and _ASCII_LETTER.search(own) and read <= RESIDUE_LIMIT:
        # (「tou xijiangyue」: the ballot word typed in pinyin too, on a phone whose input method broke)
        # (「toupiao duixiang: nangong」: the label typed whole in pinyin — heldout53 w53_071, silent)
        for m in re.finditer(r"(?:投|票|(?<![a-z])(?:vote|tp|tou(?:\s*piao)?(?:\s*dui\s*xiang)?|piao|gei|dui\s*xiang)(?![a-z]))\s*[:：]?\s*",
                             own, re.I):
            latin = _LATIN.match(own, m.end())
            han = _HAN_RUN.match(own, m.end()) if not latin and m.group()[0].isascii() else None
            if han and (meant := _han_after_pinyin(han.group(), roster)):
                # 「tou 挂所 ta zuotian luan tiao」: the verb typed in pinyin, the name in characters (one of them off)
                out.append((f"「{own[m.start():han.end()].strip()}」像是用拼音写的投票：算不算投票、投给谁，请导演裁定", meant))
                continue
            if latin:
                read += 1
                if read > RESIDUE_LIMIT:
                    out.append(_too_many(own, roster))
                    break
                words = latin.group().split()
                # the name, written in one piece or syllable by syllable (「xi jiang yue」), before the words after it
                used, meant = next(((k, hit) for k in range(1, min(len(words), 4) + 1)
                                    if (hit := spelled("".join(words[:k]), roster))), (0, ()))
                if meant:
                    # (「toupiao: qiaqiu?? 不对 qianqiu… 就是起跑线」: a name said after it in characters may be the one meant)
                    meant = (*meant, *(n for n in names_in(own[latin.end():], roster) if n not in meant))
                    said = f"{own[m.start():m.end()]}{' '.join(words[:used])}".strip()
                    out.append((f"「{said}」像是用拼音打的名字：算不算投票，请导演裁定", meant))
    if not ballot and not attempt and not out and roster.pattern is not None and (listed := re.search(
            rf"({roster.pattern.pattern})\s*(?:\d+(?:\.\d+)?\s*票?)?\s*[（(:：←]\s*(?:[^（）()\n]*?[、,，/]\s*)?(?:含|包括)?\s*(?:我|本人|俺)\s*(?=[、,，/）)]|$)",
            own, re.M)):
        # 「目前票型：杨康5（郭靖、黄蓉、…、我），郭靖4」: a player's count that lists the poster under a player — his ballot, said in
        # a count? (the hostile rounds 84/85, M08/K21: certain nothing, 无人出局 posted)
        out.append((f"帖子的票型里把发帖人自己列在「{roster.table[listed.group(1)]}」下面（「{listed.group().strip()[:24]}」）："
                    "算不算投票，请导演裁定", (roster.table[listed.group(1)],)))
    if not ballot and not attempt and not out and len(own) <= 24 and roster.pattern is not None and (
            described := re.match(rf"^\W*(?:我)?\s*(?:投出|投给|票投|票给|投|选|vote)\s*((?:{roster.pattern.pattern})\s*的[^，,。.!！?？\n]{{1,8}})\W*$", own)):
        # 「投丘处机的那个徒弟」「投出杨康的那个人」: the post is a ballot for a player described through another — or for whoever
        # voted so; any player may be meant (the hostile rounds 78/84, n9: read as talk, certain)
        out.append((f"帖子写的是「{described.group().strip()}」（说的是谁？）：算不算投票、投给谁，请导演裁定", tuple(roster.names)))
    if not ballot and not attempt and not out and (clause := _ballot_talk_naming(own, roster)):
        # 「这轮我站杨康出」「今天出杨康，我的票」「投七公的对家——杨康」: a player named in a clause that speaks of a ballot, in
        # words no form reads — unexplained, so never certain (the hostile round 80: each read as talk, a tie posted)
        out.append((f"「{clause[0]}」提到了「{'、'.join(clause[1])}」，又像是在说投票：算不算投票、投给谁，请导演裁定", clause[1]))
    return tuple(out)


def _glued_name(own: str, counted: str, roster) -> str | None:
    """Another player written right after the counted one, only spaces between, at the end of its clause."""
    for m in re.finditer(re.escape(counted), own):
        other = re.match(rf"[ \t\u3000]*({roster.pattern.pattern})(?=\s*(?:$|[（(，,。.!！?？\n]))", own[m.end():])
        if other and roster.table[other.group(1)] != counted:
            return roster.table[other.group(1)]
    return None


# What a clause says of a ballot, where no form of one is read: a ballot word before a player's name in its clause
# (「这轮我站杨康出」「投七公的对家——杨康」「今天出杨康」), or a player's name alone beside a clause that speaks of a ballot
# (「郭靖我就不投了，杨康」「杨康，就他了」)
_BALLOT_MORPHEMES = re.compile(r"投|票|选|出(?:人|局|一个|一人|谁)|处决|放逐|就(?:是)?(?:他|她)(?:了|吧)?$")  # (「假如今天必须出人，杨康」: round 82)
_POINTS_AT_SAID = re.compile(r"\W*(?:我|那就|就)?\s*(?:投|选)\s*(?:他|她|他们|她们)\s*(?:说|讲|提|点|推)的(?:那个|那位|那人|人)?")
_BARE_NAME_CLAUSE = re.compile(r"^\W*(?:那就|那还是|还是|就|那么|那)?\s*([\u4e00-\u9fffA-Za-z]{1,12}?)\s*(?:吧|了|啦)?\W*$")  # (「…那就郭靖」: V30)
_NOT_SAID_AS_BALLOT = re.compile(r"[?？吗呢“”「」\"]|怎么|为什么|谁|如果|要是|假如|的话|没投|投了|投过|投的是|投它的|投他的|投她的|票型|票数|统计|"
                                 r"打算|准备|想投|要投|会投|再投|又跑去|跑去投|说|裁定|晚点|一会|先不|不动|不投|改票了|这票|那票|差一票")


def _ballot_talk_naming(own: str, roster) -> tuple[str, tuple[str, ...]] | None:
    """The clause that casts, in words no form reads, a ballot for a player it names — and every player the post names."""
    from grammar.speech import SILENT, act

    own = to_simplified(own)
    named = names_in(own, roster)
    if (not named and not _POINTS_AT_SAID.search(own)) or len(named) > 3 or len(own) > 80:
        return None
    clauses = [c.strip() for c in re.split(r"[，,。.!！；;\n]", own) if c.strip()]
    alone = [c for c in clauses if (m := _BARE_NAME_CLAUSE.match(c)) and roster.resolve(m.group(1)).name]
    names = roster.pattern.pattern
    before_name = re.compile(rf"(?:投|选|出|站|归票|送走|推)[^，,。;；]{{0,8}}?(?:{names})|(?:{names})\s*出(?:局|去)?\s*(?:吧|了)?$")
    for clause in clauses:
        if _POINTS_AT_SAID.match(clause):
            # 「郭靖说得对，投他说的那个」: the ballot is for whom another player named — any player may be meant (round 80, RM41)
            return clause, tuple(dict.fromkeys([*named, *roster.names]))
        if act(clause, roster).kind in SILENT:
            continue  # told, reported, retold: no ballot of the poster's
        if before_name.search(clause) and not _NOT_SAID_AS_BALLOT.search(clause):
            return clause, tuple(named)
        if re.search(rf"(?:{names})\s*(?:这|那)?\s*一?\s*票?\s*(?:我|俺)\s*(?:就|也|必|肯定|铁定|必须|今天)?\s*(?:投|选)\s*(?:定了|定|了|他|她)?\s*$",
                     clause) and not re.search(r"[?？吗]|没|不|别", clause):
            # 「杨康这票我投定了」: the player first, then the poster casting — the ballot in words no form reads (round 84 check)
            return clause, tuple(named)

        if alone and clause not in alone and _BALLOT_MORPHEMES.search(clause) and not re.search(
                r"[?？吗]|票型|票数|统计|晚点|晚些|一会|待会|稍后|回头|先不|不动|再投|这票|那票|改票了", clause):
            return clause, tuple(named)
    return None
