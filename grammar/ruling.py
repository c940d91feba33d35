"""A director's ruling post (裁定帖) read in layers: each floor its ruling clauses name, with one meaning each.

    >>> [(i.ref, i.verdict, i.target) for i in read("【裁定】18楼 无效\\n#23 计为 岳不群").items]
    [(('floor', 18), 'invalid', None), (('floor', 23), 'counts_as', '岳不群')]

Directors seldom write a bare line: the verdict comes with its reason before or after it, several floors with
different verdicts share a sentence, and the post may be a day summary or a running count as well (rules.md, "How
directors really write rulings and proxies"). So a post is read in layers:

  segment  the director's own words (structure.py: quotes, stamps, signatures; BBCode styles off; a findpost link
           kept with the floor its words name); then sentences (。！？；! ? ; and line breaks)
  tag      grammar/tags.py: floors, verdict words, names, hedges, questions, corrections, retractions, days
  chunk    each sentence into floor lists (18楼、19楼 · 5楼，7楼), verdict runs (ruling.lark, the spec of what a
           verdict says) and notes in brackets; everything else is reason text
  pair     each floor list with the verdicts after it in its sentence (or before it: 「无效：5楼、7楼」); a sentence
           that is only a verdict goes to the floor list above it that has none (「12楼：……。无效。」), or to the
           quoted post where the post quotes one and names no floor

and each floor gets one ruling, or a problem the director is told of. What rules nothing, and is said so:

  a verdict in a sentence that asks (?, 吗, 算不算) or hedges (可能, 应该, 大概)   that floor only
  a range (18-20楼), a relative floor (楼上), a floor of another thread          that floor only
  two verdicts that disagree for one floor (unless the later says 更正/应为)      that floor only
  a word that takes the post back or puts it off — 暂定, 待定, 等我确认, 以上作废,
  开玩笑 — or a correction with no floor of its own                            the whole post

Reason text (any sentence or clause without a floor or verdict of its own, names and the ballot's words included)
is allowed anywhere: it rules nothing by itself. Linear in the post: one scan per sentence, no parse ambiguity.
Whether the floors exist, the names are the day's players and the author may rule is tally/rulings.py's.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError
from lark.lexer import Lexer

from . import tags as tagging
from .names import ABSTAIN_NAMES, Roster, to_simplified
from .normalize import normalize
from .speech import VOTES, count_rows
from .structure import KAOMOJI, split

VERDICTS = ("invalid", "valid", "not_a_vote", "abstain", "keep_original", "counts_as", "for_voter", "belongs")
# 「维持原判」 upholds an earlier decision: beside a verdict it says nothing more; alone it does not say what the
# decision was (the tool may not know it), so it rules nothing by itself.

_STYLE = re.compile(r"\[/?(?:b|i|u|s|color|size|font|align|backcolor|url|p|indent|center|left|right|quote)(?:=[^\]\n]*)?\]", re.I)
_LINKED_FLOOR = re.compile(r"\[url=[^\]]*?[?&]pid=(\d{1,10})[^\]]*\]\s*(?:第\s*)?#?(\d{1,5})\s*(?:楼|层|L|F|#)?\s*\[/url\]", re.I)
_LINKED_WORDS = re.compile(r"\[url=[^\]]*?[?&](?:amp;)?pid=(\d{1,10})[^\]]*\](.*?)\[/url\]", re.I | re.S)
_URL = re.compile(r"\S*[?&](?:amp;)?pid=(\d{1,10})(?!\d)\S*", re.I)  # a findpost link: the pid is what it names
_NUMBERED = re.compile(r"^\s*(?:\(?\d{1,2}[.)、]\s+|\(\d{1,2}\)\s*|[①-⑳]\s*)")  # 「1. 17楼 …」: an item's number
_SIGN_OFF = re.compile(r"^\s*[-—–~～_=]{1,6}\s*\S.{0,20}$")  # 「——导演B」
_ARROW = re.compile(r"[^\s、,，;；→>:：]+\s*(?:→|->|=>|＞)\s*[^\s、,，;；(（]+")
# Words that point at another post: a floor after them is the ballot's context, not a floor ruled.
_REFERENCE = re.compile(r"原票|原投票|原来的?\s*$|引用|来自|取代|改自|复制了?\s*$|照抄了?\s*$|抄了?\s*$|照搬了?\s*$|(?:(?<!以下)以(?:他|她|其|你)?|按(?:他|她|其|你)|的|是|在|于|见|即|回复了?(?:他|她|其)?(?:自己)?(?:的)?)\s*$")
# A line of a running count: a player (or 弃权) and a number of votes, then who cast them.
# (礁鲨 5：A、B · 断幺 4+2＝6：A、B · 四喜 5 票 + 2（诽谤）= 7 票：A — a count, with a bonus)
_COUNT_LINE = re.compile(rf"^\s*[·•\-*]?\s*[^\s,:;，。；:]{{1,12}}\s*[:：]?\s*{VOTES}(?:(?<=票)\s*(?:[:：(（←]|$)|\s*(?:[:：](?!\s*\d)|←))")
# (「47楼是我 12:24 替……」: a time, not 「X 12：」 a count row)
# 「1楼 is free format…」「本局 1楼 要求写理由」: the opening's rules cited, not a floor ruled
_OPENING_SAYS = re.compile(r"\s*(?:的)?\s*(?:规则|规定|要求|写明|写了|说|格式|公告|开场|已经|is|says|said|states)", re.I)
_REPLIED_TO = re.compile(r"(?:回复|引用)(?:了|的是)?[^,，。;；:：\d#]{0,5}\s*$|^\s*(?:他|她|又|还|却|就)?\s*回(?:了|的是)?\s*$|"  # (「#23 乳状云 回 #21」)
                         r"(?i:(?:repl(?:y|ies|ying|ied)|quot(?:e|es|ing|ed))\s*(?:to|of)?\s*(?:his|her|their)?\s*(?:own)?\s*$)")
# After a floor's verdict, the ballot it falls back to: 「改票无效，按他原来 6 楼的票（潮生）计」 — 6楼 is the original
# 「他的原票在18楼，40楼…改票无效」: where the original ballot is — told as the change's context, never the floor ruled (blind39 cm003:
# 18楼 joined 40楼's list and was voided)
_ORIGINAL_AT = re.compile(r"原(?:来的?)?(?:投?票|投票)\s*(?:在|是|于|为|就在)\s*(?:第\s*)?$")
_ORIGINAL = re.compile(r"(?:原来的?|原票|原投票|按(?:他|她|其|你)|以(?:他|她|其|你))\s*$")
_CHANGE_ABOUT = re.compile(r"^\s*的?\s*改票")
_REFERS_BACK = re.compile(r"^\s*(?:的原票|的原投票|原票|的原来|那张原票|以后|之后|以前|之前|以下|以上的|起|开始)")
# (「4楼的原票（老K）维持」; 「40楼 以后的投票请注意格式」: a floor as a point in the thread, not a ballot ruled)
MAX_SENTENCES = 200
# Words in quotation marks are the ballot's own (“投票对象应该是欧阳锋吧，我再看看”) or a phrase named (“unvote”): what
# they say — a hedge, a question, a floor — is the player's, not the ruling's. A name alone in them stays a name.
_QUOTED = re.compile(r"[“「『\"]([^”」』\"\n]{0,200})[”」』\"]")


def _quoted(m: re.Match, roster: Roster | None) -> str:
    inner = m.group(1).strip()
    if roster is not None and inner in roster.table:
        return inner
    return "「引文」"  # a post past this is not read sentence by sentence (a ruling post has a few dozen at most)


_QUOTED_BALLOT = re.compile(r"(?:投票对象|改票对象|对象)\s*[:：]\s*(\S{1,12}?)\s*[。.]?")
_MARK = 0xE000  # a private-use character per quotation set aside: no tag, name or number is made of it


def _aside(m: re.Match, roster: Roster | None, quoted: list[str]) -> str:
    said = _quoted(m, roster)
    if said != "「引文」" or len(quoted) >= 0x1900:
        return said
    quoted.append(m.group() if m.group(1).strip() else "「…」")  # (emptied by split(): a quoted ballot set apart before)
    return f"「引文{chr(_MARK + len(quoted) - 1)}」"


def _restored(words: str, quoted: list[str]) -> str:
    """The director's words with the quotations the reader set aside put back."""
    return re.sub("「引文([\ue000-\uf8ff])」?", lambda m: quoted[ord(m.group(1)) - _MARK], words)  # (clipped: its 」 cut off)

# Two verdicts of one run that say one thing: 「有效，计为 X」 is 计为 X; 「无效，按原票计」 keeps the original;
# 「无效，视为弃权」 is invalid: 弃权 is what the rules make of an invalid ballot (002), said beside it — ruled an
# abstention, the post would become a ballot cast, and the player's correction after it a second ballot (「不算票，
# 按弃权计」 likewise: no ballot).
_SUBSUMED = {("valid", "counts_as"), ("valid", "abstain"), ("valid", "for_voter"), ("valid", "belongs"), ("invalid", "keep_original"),
             ("not_a_vote", "keep_original"), ("abstain", "invalid"), ("invalid", "not_a_vote"), ("abstain", "not_a_vote"),
             ("uphold", "invalid"), ("uphold", "valid"), ("uphold", "keep_original"), ("uphold", "abstain"),
             ("uphold", "counts_as"), ("uphold", "not_a_vote"), ("counts_as", "keep_original")}
_NOT_NAMED = re.compile(r"^(?:一次|一张|一票|两票|有效|无效|正常|\d|他|她|其|它|TA|ta)|"  # 算作一次投票 · 计为两票: a count, not a player
                        # 「按存档计」「按截图算」「按规则计」: what the count goes by, not a player (blind41 co070: two rulings of #31)
                        r"^(?:存档|截图|记录|原帖|原文|原样|内容|规则|格式|公告|首楼|快照|备份|聊天记录|私信)$|"
                        r"^\S{0,6}(?:规则|规定|版规|公告|说明)$")  # (「按房屋规则记黄牌一张」: blind47 cu037)
# (「这也算他本日的一次投票」: 他 is the floor's poster, no player named)
_NOT_A_NAME = {"原票", "原投票", "原来的票", "无效", "有效", "作废", "票", "弃权票"}


@dataclass(frozen=True)
class Item:
    """One ruling: the post it is on, and what it says of it.

    `ref`: ("floor", N), ("pid", N) or ("quoted", None) — the post this one quotes. `verdict`: one of
    VERDICTS. `target`: who the ballot counts for (counts_as, for_voter); `voter`: whose ballot it is
    (for_voter; belongs: X of 「算 X 的」, voter or target — the floor decides). `author`: the poster the
    ruling names beside the floor (「18楼(林冲)」), to be checked against the floor."""

    ref: tuple[str, int | None]
    verdict: str
    target: str | None = None
    voter: str | None = None
    author: str | None = None
    note: str = ""
    line: int = 0
    about: str = ""  # 「18楼的改票」: what the ruling says the floor is ("change"), to be checked against it
    # The players its words name besides the verdict's own (reason text): each must be one the floor's post explains
    # (its poster, its ballot's players) — 「16楼 有效，以他改正后的 罗盘针 计」 names a player 「有效」 does not account for
    named: tuple[str, ...] = ()
    # keep_original said of the floor's own words before an edit or the close (「按截止前的原样计，即 电钻」), not of the ballot
    # before a change (「仍按原票 遥对格」): on a change, the change as it stood counts (blind40 cn070)
    as_it_stood: bool = False


@dataclass
class RulingPost:
    items: list[Item] = field(default_factory=list)
    day: int | None = None  # 「第2天」: the day the floors are of, where the post says
    problems: list[str] = field(default_factory=list)  # what was not understood, in the director's words
    # Links whose words name a floor: (floor the words say, pid the link goes to) — both must be one post.
    links: list[tuple[int, int]] = field(default_factory=list)
    void: bool = False  # the post takes itself back or puts itself off: none of it applies
    # Floors the director says are not decided (待定 · 倾向于… · 12楼算不算？ · a post put off whole): the director's
    # own doubt, which no reading of ours may settle — (ref, the words), each floor no ruling of the post decides.
    held: list[tuple[tuple[str, int | None], str]] = field(default_factory=list)
    # 「以下为有效票：⏎2楼⏎3楼」: a list of the valid ballots and no other kind — a ballot it leaves out may be one the
    # director voided by leaving it out (the heading's words; tally/rulings.py asks of each ballot left out)
    only_valid: str = ""
    # 「上一条裁定不算」: an earlier ruling of the director taken back without naming its floor (tally/rulings.py holds them)
    takes_back: str = ""
    days: tuple[int, ...] = ()  # every day the post names (「第1天7楼、第2天2楼无效」: two)
    # floors whose ruling the post takes back or denies (「8楼作罢」「8楼的裁定我撤回」「我从没裁过7楼无效」): where such a floor is
    # the director's own ruling post, what it ruled waits for the director again (tally/rulings.py)
    taken_back: list[tuple[str, int | None]] = field(default_factory=list)

    @property
    def certain(self) -> bool:
        """Every floor the post names is ruled, with one meaning (nothing left for the director to read)."""
        return bool(self.items) and not self.problems and not self.void

    @property
    def applied(self) -> list[Item]:
        """The rulings that apply: each one the post makes with one meaning (none where the post is void)."""
        return [] if self.void else self.items


# -- layer 3: a sentence's tags as the tokens of ruling.lark ---------------------------------------------------

_KINDS = {"uphold": "UPHOLD", "invalid": "INVALID", "valid": "VALID", "not_a_vote_verdict": "NOT_A_VOTE", "abstain_verdict": "ABSTAIN",
          "abstain": "ABSTAIN", "keep": "KEEP", "same_verdict": "SAME", "count_as": "COUNT", "name": "NAME",
          "heading": "HEADING", "day": "DAY", "thread": "THREAD", "hedge": "HEDGE", "pending": "PENDING",
          "question": "QUESTION", "correction": "CORRECT", "retract": "RETRACT", "relative_floor": "REL", "condition": "HEDGE", "example": "EXAMPLE",
          "change": "CHANGEW", "vote": "VOTEW", "count": "CNT", "proxy": "PROXY", "entrust": "PROXY",
          "negation": "NEG", "time": "TIME"}
# Where one spelling belongs to several classes (作废: a verdict and a retraction), how a ruling post reads it.
_PREFERRED = ("uphold", "invalid", "valid", "abstain_verdict", "keep", "count_as", "not_a_vote_verdict", "same_verdict", "heading",
              "hedge", "pending", "retract")  # (撤回 is a player's withdrawal first; in the director's post it takes back)


def _heading_at(sentence: str, t) -> bool:
    """A heading opens its sentence (after brackets and decorations) or stands in 【】."""
    before = sentence[: t.start]
    return not re.sub(r"[\s【\[(（*#=~～\-—]", "", before) or before.rstrip().endswith("【")


_FUNCTION = {"算": "SUAN", "按": "AN", "以": "AN", "的": "DE", "票": "_PIAO", "计": "JI", "记": "JI", "(": "_LP", ")": "_RP",
             ",": "_SEP", ":": "_SEP", "、": "AND", "和": "AND", "及": "AND", "与": "AND", "/": "AND", "&": "AND", " ": "SPACE"}
_VERDICT_START = {"INVALID", "VALID", "NOT_A_VOTE", "ABSTAIN", "KEEP", "SAME", "COUNT", "UPHOLD"}
_IN_VERDICT = _VERDICT_START | {"NAME", "DE", "_PIAO", "JI", "_SEP", "_LP", "_RP", "_ONE", "SUAN", "AN", "OBJECT"}
# A run of words the tool takes back (开玩笑的), or that says a post no longer stands: the whole post rules nothing.
_UNSAID = re.compile(r"开玩笑|玩笑|逗你|假的|当我没说|算了|不算数了|收回|撤回|作废")


def _tokens(sentence: str, roster: Roster | None) -> list[Token]:
    """The sentence as ruling.lark's tokens: its tags, and between them the function characters it needs
    (算 按 的 票 计, brackets, separators); other text is TEXT. A floor is FLOOR (its value), RANGE or a bare NUM."""
    out: list[Token] = []
    at = 0
    for t in tagging.tag(sentence, roster):
        if t.start < at:
            continue
        _gap(sentence[at:t.start], at, out)
        if t.kind == "floor":
            kind = "RANGE" if t.value[0] == "range" else "FLOOR"
            out.append(Token(kind, t.text, start_pos=t.start, end_pos=t.end))
        elif t.kind == "abstain" and t.text in ("冇人", "no vote", "abstain"):
            _gap(t.text, t.start, out)
        else:
            kind = _KINDS.get(next((k for k in _PREFERRED if t.is_(k)), t.kind), "TEXT")
            if kind == "HEADING" and not _heading_at(sentence, t):
                kind = "TEXT"  # 「胜负判定」: the word inside a sentence, not a post's heading
            if kind == "COUNT" and t.text == "按投":  # 「按投 X 计」: the 计 after the name closes it
                kind = "AN"
            if kind == "VOTEW" and t.text in ("对象", "投票对象", "投", "投给"):
                kind = "OBJECT"  # 算给 Y，对象 X: the target of a ballot counted for another
            out.append(Token(kind, t.value if kind == "NAME" else t.text, start_pos=t.start, end_pos=t.end))
        at = t.end
    _gap(sentence[at:], at, out)
    kinds = [t.type for t in out]
    for i, tok in enumerate(out):  # 「#8 and #12 are void」: English joins a list of floors with a word
        if tok.type == "TEXT" and str(tok).strip().lower() in ("and", "or", "&"):
            before = next((k for k in reversed(kinds[:i]) if k != "SPACE"), None)
            after = next((k for k in kinds[i + 1:] if k != "SPACE"), None)
            if before == after == "FLOOR":
                out[i] = Token("AND", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
    for i, tok in enumerate(out):  # 「第廿一、廿三、廿五樓」: numbers in words before the list's marked floor, as 21、23、25楼
        if tok.type == "TEXT" and i + 1 < len(out) and out[i + 1].type == "AND" and (cn := _CN_NUMBER.fullmatch(str(tok).strip())) \
                and (n := tagging.chinese_number(cn.group(1))):
            out[i] = Token("NUM", str(n), start_pos=tok.start_pos, end_pos=tok.end_pos)
    return _whose_ballot(_names_after_verbs(out))


def _whose_ballot(tokens: list[Token]) -> list[Token]:
    """「33楼 视为 孟子 角色的投票」「当作 孟子 的选票」: the player whose ballot the floor is — 算 孟子 的票 (rulings/blind46 ct043: the
    substitute's own account's ballot counted as his, not the character's)."""
    out = list(tokens)
    for i, tok in enumerate(out):
        if tok.type != "NAME" or i == 0 or out[i - 1].type != "TEXT" or str(out[i - 1]).strip() not in _AS_WHOSE:
            continue
        j = i + 1
        if j < len(out) and out[j].type == "TEXT" and str(out[j]).strip() in ("角色", "这个角色", "本人", "角色本人"):
            j += 1
        if j + 1 < len(out) and out[j].type == "DE" and out[j + 1].type == "VOTEW" and str(out[j + 1]).strip() in ("投票", "选票", "一票"):
            head, vote = out[i - 1], out[j + 1]
            return _whose_ballot([*out[:i - 1], Token("SUAN", str(head), start_pos=head.start_pos, end_pos=head.end_pos), tok,
                                  out[j], Token("_PIAO", str(vote), start_pos=vote.start_pos, end_pos=vote.end_pos), *out[j + 2:]])
    return out


_NOT_A_FLOOR_AFTER = re.compile(r"\s*(?:月|日|号|號|点|時|时|分|秒|年|岁|歲|票|人|天|小时|分钟|个人|位|张|次|遍|条)|/\s*\d{1,2}(?!\s*\d)(?!\s*(?:楼|层|樓|#|F|L))")
_AS_WHOSE = ("视为", "视作", "当作", "当成", "算作", "作为", "看作")
_CN_NUMBER = re.compile(r"第?\s*([一二三四五六七八九十廿卅百两〇零]{1,6})")


def _gap(text: str, start: int, out: list[Token]) -> None:
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isdecimal():
            j = i
            while j < len(text) and text[j].isdecimal():
                j += 1
            if (unit := _NOT_A_FLOOR_AFTER.match(text, j)) is not None:
                # 「5楼 12月7日 21:03 发的」「12/8 5楼无效」: a date, a time, a count — no floor (#12 had been voided with #5)
                out.append(Token("TEXT", text[i:unit.end()], start_pos=start + i, end_pos=start + unit.end()))
                i = unit.end()
                continue
            out.append(Token("NUM", text[i:j], start_pos=start + i, end_pos=start + j))
            i = j
            continue
        kind = _FUNCTION.get(ch)
        if text.startswith("一票", i):
            out.append(Token("_ONE", "一票", start_pos=start + i, end_pos=start + i + 2))
            i += 2
            continue
        if kind is None:
            if out and out[-1].type == "TEXT" and out[-1].end_pos == start + i:
                prev = out.pop()
                out.append(Token("TEXT", str(prev) + ch, start_pos=prev.start_pos, end_pos=start + i + 1))
            else:
                out.append(Token("TEXT", ch, start_pos=start + i, end_pos=start + i + 1))
        elif kind != "SPACE":
            out.append(Token(kind, ch, start_pos=start + i, end_pos=start + i + 1))
        else:
            out.append(Token("SPACE", ch, start_pos=start + i, end_pos=start + i + 1))
        i += 1


_ALL = re.compile(r"(?:均|都|一律|全部|全都|皆|亦)\s*$|^(?:均|都|一律)")
_FORBIDS = re.compile(r"(?:不允许|不许|不能|不得|不可|禁止|不准)$")
# 「15楼不是无效票」「并非无效」「不算无效」「不应视为弃权」: a verdict said not to hold is no verdict — the floor is ruled
# nothing and the director told, never the opposite guessed (the hostile round: each was applied as the verdict it denies).
_NEGATED = re.compile(r"(?:不是|并非|并不|绝非|不算|不应|不该|不会|不属于|非|不能算|不能视为|不作)\s*(?:视为|视作|算作|算|作为|判为|判|是|为|当作)?\s*$")
_NAME_STOP = re.compile(r"[的计票,:()、。!?;~ ]")
# What a name the roster does not know may be made of: text and one-character words inside it (岳不群's 不).
_NAME_PARTS = {"TEXT", "NEG", "HEDGE", "CNT"}



# (「按编辑前的对象 宋应星 计」: the field named before the player — blind52 cz008, the floor voided)
_ORIGINAL_WORDS = re.compile(r"(?:(?:他|她|其)?(?:编辑前|改票前|之前)?的?原(?:来的?)?投?票|[^\d,:;。!?]{1,8}的)(?:投票对象|对象|目标|名字|人选|内容)?")


_BEFORE_EDIT = re.compile(r"编辑前|改票前|修改前|之前|原来|原票|原投票")


def _original_named(tokens: list[Token]) -> list[Token]:
    """「按编辑前的原票 虚竹 计」: the words that say the player is the original ballot's, between 按 and the name, set
    aside — the phrase is 按 X 计 (counts_as X); so are the words that say which of the post's names it is (「按改正后的箜篌
    计」). 「按 X 算（了）」 closes as 按 X 计 does (「我按东坡算了」: 算了 is no take-back there)."""
    for i, tok in enumerate(tokens):
        if tok.type != "AN":
            continue
        if [t.type for t in tokens[i + 1:i + 5]] == ["NAME", "OBJECT", "NAME", "JI"]:
            # 「这条按 南池子 投 北池子 计」: one player's ballot for another — 算 Y 投 X (blind44 cr056: not read)
            ob = tokens[i + 2]
            return [*tokens[:i], Token("SUAN", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos), tokens[i + 1],
                    Token("OBJECT", str(ob), start_pos=ob.start_pos, end_pos=ob.end_pos), tokens[i + 3],
                    *_original_named(tokens[i + 5:])]
        for j in range(i + 1, min(i + 7, len(tokens) - 1)):
            if tokens[j].type == "NAME" and str(tok) == "以" and str(tokens[j + 1]).strip() == "为准":
                close = tokens[j + 1]  # 「以更正后的「绛紫」为准」: 以 X 为准, as 以 X 计
                tokens = [*tokens[:j + 1], Token("JI", "为准", start_pos=close.start_pos, end_pos=close.end_pos), *tokens[j + 2:]]
            if tokens[j].type == "NAME" and (tokens[j + 1].type == "SUAN" or str(tokens[j + 1]) == "算了"):
                close = tokens[j + 1]
                tokens = [*tokens[:j + 1], Token("JI", str(close), start_pos=close.start_pos, end_pos=close.end_pos), *tokens[j + 2:]]
            if j == i + 1 and tokens[j].type == "NAME" and tokens[j + 1].type == "JI":
                break  # 按 X 计 as it stands
            between = "".join(str(t) for t in tokens[i + 1:j]).strip()
            if tokens[j].type == "NAME" and tokens[j + 1].type == "JI" and _ORIGINAL_WORDS.fullmatch(between):
                if _BEFORE_EDIT.search(between):  # 「按编辑前的 段正淳 计」: the original, named (仍计 X)
                    ji = tokens[j + 1]
                    return [*tokens[:i], Token("KEEP", str(ji), start_pos=ji.start_pos, end_pos=ji.end_pos), tokens[j],
                            *_original_named(tokens[j + 2:])]
                return [*tokens[:i + 1], *_original_named(tokens[j:])]
    return tokens


def _keep_named(tokens: list[Token]) -> list[Token]:
    """「按编辑前的内容计：投 天江衣」「按编辑前的内容计，即 唐三藏」: the original kept, then named — one phrase, 仍计 X."""
    for i, tok in enumerate(tokens):
        if tok.type != "KEEP" or str(tok) in ("计", "记"):
            continue
        j = i + 1
        while j < len(tokens) and (tokens[j].type == "_SEP" or str(tokens[j]).strip() in (
                "投", "即", "就是", "也就是", "为", "是", "投票对象", "对象", "投票", "投的")):  # (「按编辑前的内容计：投票对象 红玉」 blind45 cs005)
            j += 1
        after = tokens[j + 1] if j + 1 < len(tokens) else None
        if after is not None and (after.type in ("JI", "KEEP", "COUNT", "VALID", "INVALID", "AN", "SUAN")
                                  or re.match(r"(?:仍|还|依然|照旧|继续|的票)", str(after))):
            continue  # 「按原票计，二胡仍计洞箫」: the name begins the next clause, as its subject
        if j < len(tokens) and j - i <= 3 and tokens[j].type == "NAME":
            kept = Token("KEEP", "计", start_pos=tok.start_pos, end_pos=tok.end_pos)
            if j + 2 < len(tokens) and str(tokens[j + 1]).strip() in ("→", "->", "=>", "⇒", "—>") and tokens[j + 2].type == "NAME":
                # 「以 #11 原票为准：言字旁 → 日字旁」: the voter, then the ballot — the name kept is after the arrow (blind47 cu003)
                return [*tokens[:i], kept, tokens[j + 2], *_keep_named(tokens[j + 3:])]
            return [*tokens[:i], kept, tokens[j], *_keep_named(tokens[j + 1:])]
    return tokens


def _names_after_verbs(tokens: list[Token]) -> list[Token]:
    """A player the roster does not know is still the name a verdict gives (计为 岳不群 with no roster at hand,
    计为 a name misspelt: tally/rulings.py says it is no player): the text right after 计为 · 算 · 按, up to the
    function word that closes the phrase. SUAN and AN stay only where a phrase follows (算 X 的 · 按 X 计)."""
    out: list[Token] = []
    skip: set[int] = set()
    tokens = _keep_named(_original_named([t for t in tokens if t.type != "SPACE"]))
    for i, tok in enumerate(tokens):
        prev = out[-1].type if out and i not in skip else None
        if tok.type in _NAME_PARTS and prev in ("COUNT", "SUAN", "AN"):
            run = [tok]
            j = i + 1
            while j < len(tokens) and tokens[j].type in _NAME_PARTS and sum(map(len, run)) < 20:
                run.append(tokens[j])
                j += 1
            written = "".join(map(str, run))
            cut = _NAME_STOP.search(written)
            name = written[: cut.start()] if cut else written
            closing = tokens[j].type if j < len(tokens) else None
            if prev in ("SUAN", "AN") and (cut is not None or closing != ("DE" if prev == "SUAN" else "JI")):
                out.append(tok)  # 「按规则改票需…」: 按 with no 「X 计」 after it names nobody
                continue
            if name and name not in _NOT_A_NAME and not _NOT_NAMED.match(name):
                out.append(Token("NAME", name, start_pos=tok.start_pos, end_pos=tok.start_pos + len(name)))
                if len(name) < len(written):
                    out.append(Token("TEXT", written[len(name):], start_pos=tok.start_pos + len(name), end_pos=run[-1].end_pos))
                skip.update(range(i + 1, j))
                continue
        if i in skip:
            continue
        out.append(tok)
    # 算 and 按 begin a verdict only where its phrase follows (算 X 的 · 按 X 计); elsewhere they are reason text.
    # 计入 X is 计为 X; OBJECT is one only after 计为 Y (算给 Y，对象 X). 计为 with no name after it names nothing.
    # A verdict word that qualifies a noun (更正无效票的新投票 · 有效的那张) describes, it does not rule.
    out = _by_whose(out)
    for i, tok in enumerate(out):
        nxt = out[i + 1].type if i + 1 < len(out) else None
        if tok.type in _VERDICT_START and i and re.search(r"(?:其余|其他|其它|剩下|剩余|别的|以外|之外)(?:的|楼层|的楼|的票)?\s*(?:都|均|一律|全部)?\s*$",
                                                           str(out[i - 1])):
            # 「有效票为2…6楼，其余不计」: the verdict of the floors the post does not list, not of those it does (round 54)
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            continue
        if tok.type == "QUESTION" and i and (clause := re.split(r"[,，。;；!！?？]|——", "".join(str(t) for t in out[:i]))[-1]) and \
                _REPORTED_ASK.search(clause) and not re.search(r"我\s*(?:想|要|再|来|先)?\s*问", clause):
            # 「棉花糖摊 又来问 19楼 能不能算——维持原判，19楼无效」: a player's question retold, answered by the verdict after it
            # (blind27 ca021) — not the director asking
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            continue
        if tok.type in ("INVALID", "NOT_A_VOTE") and i and re.search(r"裁定\s*(?:也|就|都|全部|全都|统统)?\s*$",
                                                                    "".join(str(t) for t in out[max(0, i - 2):i])) and not (
                re.search(r"(?:已|已经|被|经|予以|特此|现)\s*裁定\s*$", "".join(str(t) for t in out[max(0, i - 3):i]))
                or (i >= 2 and out[i - 2].type == "FLOOR" and re.fullmatch(r"\s*裁定\s*", str(out[i - 1])))):
            # (「17楼 已裁定无效」「17楼裁定无效」: 裁定 the verb — the floor's verdict, not a ruling taken back)
            # 「上面关于7楼的裁定作废」「上一条裁定不算」: the ruling taken back, not a verdict on the floor
            out[i] = Token("RETRACT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            continue
        if tok.type == "INVALID" and str(tok) in ("不算", "不计") and nxt == "CHANGEW":
            # 「只是聊天，不算改票」: not a ballot at all; 「计为肠粉，不算改票」「有效，按新投票计，不算改票」: what kind of
            # ballot the verdict beside it counts — no verdict of its own
            said = "".join(map(str, out))
            if re.search(r"原票|原来|维持|仍(?:按|计|算|以|是)|按[^,，。]{0,6}\d+\s*[楼层樓#]", said):
                continue  # 「不算改票，按她 2 楼的票计」: the change is void, the ballot before it stands — 不算 is the verdict
            alone = not any(t.type in _VERDICT_START for j, t in enumerate(out) if j != i)
            out[i] = Token("NOT_A_VOTE" if alone else "TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            if alone:
                out[i + 1] = Token("TEXT", str(out[i + 1]), start_pos=out[i + 1].start_pos, end_pos=out[i + 1].end_pos)
            continue
        if tok.type == "INVALID" and str(tok) in ("不算", "不计") and nxt in ("TEXT", "INVALID", "VALID", "ABSTAIN") and \
                re.match(r"(?:无效|有效|弃权|作废|废票)", str(out[i + 1]).strip()):
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)  # 「不算无效」 denies a verdict
            continue
        if tok.type in _VERDICT_START and i and (out[i - 1].type == "NEG" or _FORBIDS.search(
                "".join(str(t) for t in out[max(0, i - 3):i])) or _NEGATED.search("".join(str(t) for t in out[max(0, i - 3):i]))):
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)  # 「不允许弃权」: a rule cited
            continue
        k = i
        while k > max(0, i - 3) and out[k - 1].type not in ("_SEP", "FLOOR", "AND"):
            k -= 1  # the words between the verdict and its floor or the clause's start
        before = "".join(str(t) for t in out[k:i])
        if tok.type in _VERDICT_START | {"AN", "SUAN"} and before and _NEG_NEAR.search(before) and not (
                tok.type in ("AN", "SUAN") and nxt != "NAME"):  # (「因其未按格式写」: 按 begins no verdict there)
            # 「7楼不予认定无效」「没必要判无效」「7楼不按杨康算」: a verdict said not to be made, in any words — the floor is the
            # director's, said so (the hostile round: each was applied as the verdict it denies)
            out[i] = Token("DENIED", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            continue
        if tok.type in ("INVALID", "VALID") and nxt == "DE" and i + 2 < len(out) and out[i + 2].type not in ("_SEP", "AND") \
                and str(out[i + 2]).strip("。!?;~ "):
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            continue
        if tok.type == "SAME" and nxt not in (None, "_SEP", "AND") and not (nxt == "TEXT" and not str(out[i + 1]).strip("。!?;~ ")):
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)  # 「理由也是说双活的」
            continue
        if tok.type == "JI" and nxt == "NAME" and i and re.search(r"(?:仍|仍然|还是|依然|照旧|照)\s*$", str(out[i - 1])):
            out[i] = Token("KEEP", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)  # 「不算，仍计宫永照」: the original, named
            continue
        if tok.type == "JI" and nxt == "NAME" and not (i >= 2 and out[i - 2].type == "AN"):
            out[i] = tok = Token("COUNT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)  # 「有效，计 伯劳」
        if tok.type == "COUNT" and nxt not in ("NAME", "ABSTAIN") and str(tok) != "计入":
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
            continue
        if tok.type == "VALID" and str(tok) == "计入" and i + 1 < len(out) and out[i + 1].type == "NAME":
            out[i] = Token("COUNT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
        elif tok.type == "OBJECT" and not (i >= 2 and any(t.type in ("COUNT", "SUAN") for t in out[max(0, i - 3):i])
                                           and i + 1 < len(out) and out[i + 1].type == "NAME"):
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
        if tok.type == "SUAN" and str(tok).strip() == "算" and (nxt in (None, "_SEP", "AND") or (
                nxt == "TEXT" and not str(out[i + 1]).strip("。!！~ 吧啦的"))) and not any(
                t.type in _VERDICT_START | {"AN", "QUESTION", "NEG", "HEDGE", "DENIED"}
                for t in out[max((j + 1 for j in range(i) if out[j].type in ("_SEP", "FLOOR")), default=0):i]) and not re.search(
                r"[不没别莫勿吗能可该要否?？]\s*$", "".join(str(t) for t in out[max(0, i - 2):i])) and not (
                i and tok.start_pos - out[i - 1].end_pos > 1) and not re.search(  # (a question others asked, blanked: 「17楼 能不能算」)
                r"按\s*(?:照)?\s*(?:今天|今日|当天|本日|明天|昨天|这一?天|那一?天|规则|规定|惯例|老规矩)\s*的?\s*$",
                "".join(str(t) for t in out[max(0, i - 4):i])):  # (「今天的帖子按今天的算」: what counting goes by — blind48 cv021)
            out[i] = Token("VALID", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)  # 「26l格式对的 算 ，28l…不算」
            continue
        if tok.type == "SUAN" and not (i + 2 < len(out) and out[i + 1].type == "NAME" and out[i + 2].type == "DE") and not (
                i + 1 < len(out) and out[i + 1].type == "NAME" and (i + 2 == len(out) or out[i + 2].type in ("_SEP", "AND", "_ONE")
                                                                   or not str(out[i + 2]).strip("。!?;~ ")
                                                                   # (「算 日晷——上表漏了」: a dash closes the clause)
                                                                   or str(out[i + 2]).lstrip().startswith(("—", "─", "--"))
                                                                   # (「14楼算鸭肠（写成鸭场了）16楼不算」: a bracket's reason after it)
                                                                   or out[i + 2].type == "_LP" and str(out[i + 2]) in ("(", "（")
                                                                   or out[i + 2].start_pos > out[i + 1].end_pos)):
            # (「16l算帝江 写的帝姜 同音 可以」: typed on a phone, a space closes the clause)
            # (「依次：有效、作废、算朗姆」: 算 X closing its clause counts the ballot for X)
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
        elif tok.type == "AN" and not (i + 2 < len(out) and out[i + 1].type == "NAME" and out[i + 2].type == "JI"):
            out[i] = Token("TEXT", str(tok), start_pos=tok.start_pos, end_pos=tok.end_pos)
    return out


def _by_whose(tokens: list[Token]) -> list[Token]:
    """「按 汤圆 的票算（计）」: the ballot counted as that player's — 算 汤圆 的票 (belongs; with 计为 X after it, for_voter)."""
    for i in range(len(tokens) - 4):
        if tokens[i].type == "AN" and [t.type for t in tokens[i + 1:i + 4]] == ["NAME", "DE", "_PIAO"] and \
                re.fullmatch(r"[算计记]", str(tokens[i + 4]).strip()):
            an = tokens[i]
            return [*tokens[:i], Token("SUAN", "算", start_pos=an.start_pos, end_pos=an.end_pos), *tokens[i + 1:i + 4],
                    *_by_whose(tokens[i + 5:])]
    return tokens


_WEIGHTED_TITLES = frozenset({"警长", "警长票", "武林盟主", "盟主", "盟主票"})


class _Verdicts(Transformer):
    """ruling.lark's alternatives as verdicts: a word alone is its name (invalid · valid · …); a name it carries, kept."""

    def start(self, c):
        return list(c)

    def counts_as(self, c):
        name = str(next(t for t in c if t.type == "NAME"))
        if name in _WEIGHTED_TITLES:
            return {"verdict": "valid"}  # 「按警长计 2 票」: counted with the title's weight — the ballot stands (blind35 ci020)
        return {"verdict": "abstain"} if name in ("弃权", "弃权票") else {"verdict": "counts_as", "target": name}

    def for_voter(self, c):
        names = [str(t) for t in c if t.type == "NAME"]
        return {"verdict": "for_voter", "voter": names[0], "target": None if names[1] in ("弃权", "弃权票") else names[1]}

    def keep_original(self, c):
        name = next((str(t) for t in c if t.type == "NAME"), None)  # 「仍计宫永照」: the original ballot, named
        return {"verdict": "keep_original", "target": name} if name else {"verdict": "keep_original"}

    def belongs(self, c):
        return {"verdict": "belongs", "voter": str(next(t for t in c if t.type == "NAME"))}


for _said in ("invalid", "valid", "not_a_vote", "abstain", "same", "uphold"):
    setattr(_Verdicts, _said, lambda self, c, _said=_said: {"verdict": _said})


class _Given(Lexer):
    def __init__(self, conf):
        pass

    def lex(self, data):
        return iter(data)


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = Path(__file__).with_name("ruling.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer=_Given, transformer=_Verdicts())


def _verdict(run: list[Token]) -> dict | None:
    """What a run of verdict tokens says, as one verdict (None: nothing the grammar describes, or two that disagree)."""
    # (a separator before 对象 is the for_voter phrase's own: 「算给 Y，对象 X」 — one token kind would leave LALR to guess
    # between it and the separator between two verdicts, 「计为 X，有效」)
    run = [Token("_OSEP", str(t), start_pos=t.start_pos, end_pos=t.end_pos)
           if t.type == "_SEP" and i + 1 < len(run) and run[i + 1].type == "OBJECT" else t for i, t in enumerate(run)]
    try:
        return _one(parser().parse(run))
    except LarkError:
        return None


# -- layer 4: pieces of a sentence, and the floors paired with their verdicts -----------------------------------

@dataclass
class _Group:
    floors: list[tuple[str, int | None]]
    sentence: int
    words: str
    verdicts: list[dict] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)  # verdict runs the grammar does not describe
    author: str | None = None
    about: str = ""
    reference: bool = False  # the floors point at a ballot's context (原票在15楼): not ruled, not asked
    original: bool = False  # …the original ballot a void change falls back to (按她 10楼 的原票计): it counts
    elsewhere: str = ""  # the floors are of another thread (进程帖12楼 · 警长竞选贴 9楼): not the vote thread's
    notes: list[str] = field(default_factory=list)  # 「（没写投票理由）」 after the verdict: why, for the result post
    dangling: bool = False  # the floors end their sentence with nothing after them (「19楼[图片]」): cut off
    corrects: bool = False  # its sentence heads a correction (更正：…): the later ruling of a floor stands
    doubted: str = ""  # the director's words that leave the floors undecided (a hedge, a question, 待定)
    names: list[str] = field(default_factory=list)  # players named in its words, beside the verdict's own
    authors: list[str] = field(default_factory=list)  # 「第33、35、36楼（四羊方尊、何尊、班簋）」: each floor's poster, in order


def _pieces(tokens: list[Token], one_by_one: bool = False) -> list[tuple[str, object]]:
    """The sentence as pieces: ("floors", [(kind, n), …]), ("verdict", dict|None, words), ("note", [tokens]),
    ("name", X), ("blocker", KIND, words) and ("text", words). `one_by_one`: verdicts a separator joins are pieces of
    their own (「分别 有效、无效」: one for each floor, not one run that contradicts itself)."""
    out: list[tuple[str, object]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type in ("FLOOR", "RANGE", "NUM") and _starts_floors(tokens, i):
            if str(tok).startswith("回复") and any(p[0] == "floors" and any(k == "floor" for k, _ in p[1]) for p in out):
                # 「#35 他回复 #17 的改票…不算」: after a floor of the sentence, 回复 N# is the floor replied to, not a reply
                # header naming the ruled floor (blind38 cl053: #17, the original ballot, was voided)
                out.append(("text", "回复"))
            if tok.type == "FLOOR" and 0 < i and i + 1 < len(tokens) and tokens[i + 1].type == "DE" and \
                    re.search(r"(?:给|对|替|自己|他的|她的|回复|引用)\s*$", str(tokens[i - 1])) and \
                    any(p[0] == "floors" for p in out):
                # 「22楼是 九成宫 给自己 5楼 的改票」: after the sentence's floor, a floor of the player's own that a 的
                # phrase describes is the one it answers, not a floor ruled (blind42 cp048: the ruling went to 5楼)
                out.append(("text", str(tok)))
                i += 1
                continue
            floors, i = _floor_list(tokens, i)
            out.append(("floors", floors))
            continue
        if tok.type == "_LP":
            depth, j = 1, i + 1
            while j < len(tokens) and depth:
                depth += (tokens[j].type == "_LP") - (tokens[j].type == "_RP")
                j += 1
            inner = [t for t in tokens[i + 1: j - 1]]
            if inner and inner[0].type == "FLOOR" and (len(inner) == 1 or len(inner) == 2 and inner[1].type == "NAME" and i > 0
                                                       and str(tokens[i - 1]).endswith(("原票", "原来的票", "原投票"))):
                # 原票（15楼） · 沙发（2楼） · 以原票（12楼 小笼包）为准 (blind35 ci054; not a count's 「弃权 1（6# 石鼓）」)
                out.append(("floors", [tagging.floor_value(str(inner[0]))], "note"))
            elif inner and inner[0].type in _VERDICT_START:
                out.append(("verdict", _verdict(inner), "".join(map(str, inner)), "bracket"))  # 「有效（计哪吒）」
            else:
                out.append(("note", inner))
            i = j
            continue
        if tok.type in _VERDICT_START or tok.type in ("SUAN", "AN"):
            j = i + 1
            while j < len(tokens) and _continues(tokens, i, j) and not (one_by_one and tokens[j].type in ("_SEP", "AND")):
                j += 1
            run = tokens[i:j]
            out.append(("verdict", _verdict(run), "".join(map(str, run))))
            if j < len(tokens) and tokens[j].type not in ("_SEP", "AND", "_LP", "_RP") and tokens[j].start_pos > run[-1].end_pos \
                    and re.match(r"[\u4e00-\u9fff]", str(tokens[j])):  # (a mark after it — 「弃权 ✔」「无效 ×」 — is still the verdict's)
                # 「…也无效 都记得重新发帖」: typed on a phone, a space after the verdict closes its clause (blind35 ci011)
                out.append(("sep", " "))
            i = j
            continue
        if tok.type == "NAME":
            out.append(("name", str(tok)))
        elif tok.type in ("HEDGE", "PENDING", "QUESTION", "CORRECT", "RETRACT", "REL", "THREAD", "DAY", "HEADING", "EXAMPLE"):
            out.append(("blocker", tok.type, str(tok)))
        elif tok.type in ("_SEP", "AND"):
            out.append(("sep", str(tok)))
        else:
            out.append(("text", str(tok)))
        i += 1
    return out


# What may follow each token inside one verdict run (ruling.lark's phrases, read left to right): a name only after
# the word that asks for one, 的 only after 算 X, a separator only before another verdict.
_NEXT = {"COUNT": {"NAME", "ABSTAIN"}, "OBJECT": {"NAME"}, "SUAN": {"NAME"}, "AN": {"NAME"}, "JI": {"_PIAO"},
         "DE": {"_PIAO", "_SEP", "_LP"}, "_LP": {"COUNT"}, "ABSTAIN": {"_PIAO"}}


def _continues(tokens: list[Token], start: int, j: int) -> bool:
    prev, tok = tokens[j - 1].type, tokens[j].type
    after = tokens[j + 1].type if j + 1 < len(tokens) else None
    if tok == "_SEP":
        return after in _VERDICT_START | {"SUAN", "AN", "OBJECT", "UPHOLD"}
    if tok == "_RP":
        return any(t.type == "_LP" for t in tokens[start:j]) and not any(t.type == "_RP" for t in tokens[start:j])
    if tok == "NAME":
        return prev in ("COUNT", "OBJECT", "SUAN", "AN") or (prev == "KEEP" and str(tokens[j - 1]) in ("计", "记"))
    if tok == "DE":
        return prev == "NAME" and any(t.type in ("SUAN", "COUNT") for t in tokens[start:j])
    if tok == "JI":
        return prev == "NAME" and any(t.type == "AN" for t in tokens[start:j])
    if tok in ("_PIAO", "_ONE"):
        return prev in ("DE", "JI", "NAME", "ABSTAIN")
    if tok == "OBJECT":
        return prev in ("_SEP", "NAME")
    if tok in _VERDICT_START | {"SUAN", "AN", "UPHOLD"}:
        return prev in _VERDICT_START | {"_SEP", "UPHOLD"} or (prev in ("NAME", "_LP") and tok == "COUNT")
    if tok == "_LP":
        return after == "COUNT"
    return tok in _NEXT.get(prev, ())


def _starts_floors(tokens: list[Token], i: int) -> bool:
    """A bare number is a floor only in a list that ends in a marked one (18、19楼)."""
    if tokens[i].type != "NUM":
        return True
    j = i
    while j < len(tokens) and tokens[j].type in ("NUM", "AND", "FLOOR"):
        if tokens[j].type == "FLOOR":
            return True
        j += 1
    return False


def _floor_list(tokens: list[Token], i: int) -> tuple[list[tuple[str, int | None]], int]:
    floors = []
    while i < len(tokens):
        tok = tokens[i]
        if floors and str(tok).startswith("回复"):
            break  # 「#35 回复 #17」: the floor replied to is no floor of this list (see _pieces)
        if tok.type == "FLOOR":
            floors.append(tagging.floor_value(str(tok)))
        elif tok.type == "RANGE":
            ends = [int(n) for n in re.findall(r"\d{1,5}", str(tok))]
            if len(ends) == 2 and (re.search(r"[+＋*×xX÷/]", str(tok)) or ends[1] < ends[0]):
                # 「5+1楼」「2*3楼」「7-1楼」: a floor written as a sum — which floor, the director's: each it may mean waits
                a, b = ends
                floors.append(("expr", tuple(sorted({a, b, a + b, a * b, a - b, *([a // b] if b else [])} - {0}))))
            else:
                floors.append(("range", (ends[0], ends[-1]) if len(ends) == 2 and 0 <= ends[1] - ends[0] <= 200 else None))
        elif tok.type == "NUM":
            floors.append(("floor", int(str(tok))))
        else:
            break
        i += 1
        if i + 1 < len(tokens) and tokens[i].type == "AND" and tokens[i + 1].type in ("FLOOR", "RANGE", "NUM"):
            i += 1
    return floors, i


# A verdict standing alone on its line as a section's heading (「【無效】」「计为：」): the lines under it are its items.
_SECTION = re.compile(r"^[\W_]*(?:均|都|以下)?\s*(不计|不计入|无效|有效|作废|弃权|视为弃权|计为弃权|按弃权计|不算|不是投票|计为|算作|改计为)"
                      r"[\W_]*$")  # (「【無效】」「━━ 作废 ━━」「== 有效 ==」)
_FLOOR_AT = re.compile(r"^\s*[·•\-*]?\s*(?:第?\s*\d{1,5}\s*(?:楼|層|层|樓|[FfLl#])|#\s*\d{1,5}|第?[一二三四五六七八九十百]{1,6}\s*(?:楼|层|樓)|沙发|板凳|地板)")


_SECTION_WORD = {"invalid": "无效", "valid": "有效", "abstain_verdict": "弃权", "not_a_vote_verdict": "不是投票"}


def _section_verdict(line: str) -> str | None:
    """A heading line in other words (「以下楼层作废：」「【作废票】」「无效票如下」「不计入票数的：」「【判定：无效】」): short, no floor, one
    kind of verdict and nothing that hedges, asks, conditions or denies it — the verdict, or None."""
    if len(line.strip()) > 20 or _FLOOR_AT.search(line) or re.search(r"\d", line):
        return None
    found = tagging.tag(line)
    kinds = {next(k for k in _SECTION_WORD if t.is_(k)) for t in found if any(t.is_(k) for k in _SECTION_WORD)}
    if len(kinds) != 1 or any(t.kind in ("hedge", "pending", "question", "condition", "negation", "example", "name") for t in found):
        return None
    return _SECTION_WORD[kinds.pop()]


_NUMBERED_FLOORS = re.compile(r"(?P<head>楼层[^:：\n]{0,10}[:：]\s*|(?i:floors?)\s+)(?P<list>\d{1,5}(?:\s*(?:[、,，]|\band\b|&|和)\s*\d{1,5})+)")


def _floors_numbered(line: str) -> str:
    """「以下楼层按弃权处理：5、8、13」「Floors 4, 11 and 18 are …」: bare numbers a heading calls floors, written as floors."""
    return _NUMBERED_FLOORS.sub(lambda m: m.group("head") + re.sub(r"\d{1,5}", lambda n: f"{n.group()}楼", m.group("list")), line)


def _only_valid(own: str) -> str:
    """The heading of a post's list of valid floors, where that is the only kind of verdict it lists ("" otherwise)."""
    lines = own.split("\n")
    said = [(line.strip(), (m.group(1) if (m := _SECTION.match(line)) else _section_verdict(line)))
            for n, line in enumerate(lines) if n + 1 < len(lines) and _FLOOR_AT.match(lines[n + 1])]
    said = [(line, verdict) for line, verdict in said if verdict]
    if said:
        return said[0][0] if {verdict for _, verdict in said} == {"有效"} else ""
    inline = next((m for line in lines if (m := _VALID_LISTED.match(line))), None)  # 「以下为有效票：2楼、3楼……」 on one line
    return inline.group().strip() if inline and not any(_SECTION.match(line) for line in lines) else ""


# A list of the valid ballots on the heading's own line (「以下为有效票：2楼、3楼」「所有有效票：2、3、4楼」「有效票为2至6楼」)
_VALID_LISTED = re.compile(r"^\W*(?:(?:以下(?:为|是)?|所有|全部|本轮|今天的?)?\s*有效(?:的)?票(?!\s*(?:不含|不包括|不包含|除))\s*(?:如下|为|是|有|包括)?\s*[:：]?|"
                           r"(?i:valid\s+(?:votes?|ballots?)\s*(?:are|:)))(?=[^。\n]*\d)")


def _sections(lines: list[str]) -> list[str]:
    """「【無效】⏎5樓（芍藥，只寫了理由）⏎7樓（海棠……）⏎【計為】⏎12樓「王蘭」→ 玉蘭」: each floor line under a section's verdict
    heading is ruled by it, as 「无效：5楼……」 — or, under 计为, 「12楼「王兰」计为 玉兰」 (the arrow points at the player). A
    line that opens with no floor ends the section."""
    out, verdict = [], None
    lines = [_floors_numbered(line) for line in lines]
    for n, line in enumerate(lines):
        head = _SECTION.match(line)
        said = head.group(1) if head else _section_verdict(line)
        if said and n + 1 < len(lines) and _FLOOR_AT.match(lines[n + 1]):  # (「无效」 alone under a quote: a verdict)
            verdict = said
            continue
        if verdict and _FLOOR_AT.match(line):
            if verdict in ("计为", "算作", "改计为"):
                arrow = re.search(r"\s*(?:→|->|=>)\s*", line)
                out.append(line[:arrow.start()] + " 计为 " + line[arrow.end():] if arrow else line)
            else:
                out.append(f"{verdict}：{line}")
            continue
        verdict = None
        out.append(line)
    return out


_PLAYER_VOID = re.compile(r"[:：]\s*(?:无效|作废|不计|不算)\s*[。.]?\s*$")
_ROW_FLOOR = re.compile(r"^\s*第?\s*\d{1,5}\s*(?:楼|层|樓|#|[FfLl])")
_ROW_VOID = re.compile(r"(?:→|->|=>|＞|>)[^()（）\n]*[(（]\s*(无效|作废|不计|不算)\s*[)）]\s*$")
_COUNT_NOTE = re.compile(r"[(（][^()（）\n]*?(?:\d{1,5}\s*[#楼层樓FfLl]|#\s*\d{1,5})[^()（）\n]*[)）]")
_ROW_HEAD = re.compile(r"(?:→|->|=>|＞)\s*([^()（）\n]*?)\s*[(（]")


def _ruled_in_row(line: str) -> list[str]:
    """The rulings a count's row carries: a bracket that names a floor, where the row gives a verdict in place of a
    player (「魏延 → 无效（31#，对象写…，两个对象）」) — the note, with that verdict."""
    if len(_ARROW.findall(line)) != 1:
        return []
    out = []
    for note in _COUNT_NOTE.finditer(line):
        head = _ROW_HEAD.search(line[:note.start() + 1])
        said = head.group(1).strip() if head else ""
        # only where the row's verdict stands in the player's place: a bracket beside a player says where the ballot is
        # and what became of others (「陈皮（7楼，改票无效）」: 7楼 is the original that counts, the void change is 13楼)
        if said and _SECTION.match(said) and said not in ("计为", "算作", "改计为"):
            out.append(f"{note.group()[1:-1]}，{said}")
    return out


_IN_BRACKETS = re.compile(r"[(（][^()（）]*[)）]")
def _voided_in_wagon(line: str) -> list[str]:
    """The clauses after the first of a wagon's bracket (「X 3票（6、7、9楼；…）」) that void a floor of their own."""
    return [part.strip() for note in _WAGON_NOTE.finditer(line) for part in re.split(r"[;；]", note.group(1))[1:]
            if _VOIDED_IN_NOTE.match(part)]


_WAGON_NOTE = re.compile(r"\d+(?:\.\d+)?\s*票\s*[(（]([^()（）]*)[)）]")
_VOIDED_IN_NOTE = re.compile(r"^\s*(?:第\s*)?[#＃]?\d{1,5}\s*(?:楼|层|樓|#|F|L)[^，,;；()（）]{0,16}[，,]?\s*(?:无效|作废|不算|不计)\s*[。.]?\s*$")


def _sentences(own: str, rows: frozenset[str] = frozenset()) -> list[str]:
    """The post's sentences: each line cut at its stops — not inside brackets (「倒扑→三三（11楼；5楼代投已撤回）」) —
    without signatures and list numbers, and without the lines of a running count (「白水哩→狮子原爽、小濑川白望→臼泽塞」
    「弃权 1票：洪七公（13楼）」): what the director counted is set beside the tool's count, not ruled on."""
    lines = []
    for line in _sections(own.split("\n")):
        if _SIGN_OFF.match(line) and not tagging.tag(line):
            continue  # 「——导演B」: a signature
        if "票" in line and (voided := _voided_in_wagon(line)):
            # 「郭靖 3票（6、7、9楼；5楼欧阳克禁言中，无效）」: after a wagon's own floors, a clause of its own voids another floor —
            # the floor left out of the count, and why: a sentence of its own (the hostile rounds 79–80, N09: ignored, 无人出局)
            lines += voided
            for part in voided:
                line = line.replace(part, "")
        if line in rows and not _PLAYER_VOID.search(line):  # (「欧阳克：无效」 is read as said; the words between rows —
            # 「…。其中6楼存疑。」 — are read as written)
            # 「6楼 欧阳克→郭靖（无效）」: the floor a row opens with, ruled by the mark after its pair
            floor, mark = _ROW_FLOOR.match(line), _ROW_VOID.search(line)
            lines += [f"{floor.group().strip()}{mark.group(1)}"] if floor and mark else []
            lines += [part for note in _ruled_in_row(line) for part in _cut(note) if part.strip(" 。！!？?；;")]
            continue
        # (an arrow only inside a bracket note of a line that rules floors is that floor's ballot, not a count's row:
        # 「24L、26L、27L 依次为：有效（三元桥→积水潭）、无效（…）、弃权（…）」 — blind34 ch032, read as nothing)
        arrows = _ARROW if not _FLOOR_ANY.search(bare := _IN_BRACKETS.sub("", line)) or _ARROW.search(bare) else None
        if _COUNT_LINE.match(line) or arrows and (len(arrows.findall(line)) >= 2 or arrows.search(line) and _COUNT_NOTE.search(line)):
            # a row of the count; a verdict in a player's place with the floor in brackets is a ruling written into the row
            # (「魏延 → 无效（31#，两个对象）」): read as a sentence of its own
            lines += [part for note in _ruled_in_row(line) for part in _cut(note) if part.strip(" 。！!？?；;")]
            continue
        line = _NUMBERED.sub("", line)
        head = _VERDICT_HEAD.match(line)
        if head and re.search(r"[;；]", line[head.end():]):
            # 「不计：8楼 阮咸 替马头琴转投；18楼 唢呐 最后一小时改票」: the heading's verdict is each item's
            lines += [head.group() + item for item in re.split(r"[;；]", line[head.end():]) if item.strip(" 。！!？?")]
            continue
        lines += [part for part in _cut(line) if part.strip(" 。！!？?；;")]
    return lines


# A clause whose subject is words, not a ballot (「那句“裁定”是玩笑，不算数」 — the player's imitation line, not his
# vote), and the clauses after it that name no subject of their own: what they judge is a phrase of the post.
_WORDS_SUBJECT = re.compile(r"(?:那|这|前|后|上|下|最后|开头)(?:一|半)?(?:句话?|段话?|行字?|几个字|两个字|个词)")
_NEW_SUBJECT = re.compile(r"^\s*(?:但|不过|可是|然而)?\s*(?:他|她|其|本人|该|此|这票|这一票|那票|原票|投票|改票|票|\d|#|第)")
_KEPT_IN_WORDS = ("hedge", "pending", "question", "condition", "negation")  # what still makes the verdict less than one


def _about_words(sentence: str, roster: Roster | None) -> str:
    """The sentence with what its clauses about a phrase judge blanked (verdict and take-back words) where the
    sentence goes on to the ballot in a clause of its own that rules it (「……不算数，他本人的票有效」); a hedge, a
    question or a pending word there still counts against the ruling. A phrase judged and nothing after it
    (「12楼那句“投X”不算数」) is the ballot's own words judged: read as written."""
    found = _WORDS_SUBJECT.search(sentence)
    if not found:
        return sentence
    if re.match(r"\s*(?:又|还|再|才|另)?\s*(?:写|说|打|补|发|改|加)", sentence[found.end():]):
        return sentence  # 「下一行又写了……，以更正后的郭靖为准」: what the words said, told — not judged; the ruling is the sentence's
    out, at, inside, back = [], 0, False, None
    for clause in re.split(r"(?<=[,;])", sentence):
        start = at
        at += len(clause)
        names = roster is not None and roster.pattern is not None and roster.pattern.match(clause.strip())
        if (inside or start > found.start()) and (_NEW_SUBJECT.match(clause) or names):
            back = back if back is not None else start
            inside = False
        cut = found.start() - start if start <= found.start() < at else (0 if inside else None)
        if cut is None:
            out.append(clause)
            continue
        inside = True
        kept = list(clause[:cut]) + [" "] * (len(clause) - cut)
        for t in tagging.tag(clause[cut:], roster):
            if t.is_(*_KEPT_IN_WORDS) and not t.is_(*tagging.VERDICTS, "retract"):
                kept[cut + t.start:cut + t.end] = clause[cut + t.start:cut + t.end]
        out.append("".join(kept))
    if back is None or not any(t.is_(*tagging.VERDICTS) for t in tagging.tag(sentence[back:], roster)):
        return sentence
    return "".join(out)


# A question someone else asked, retold before its answer: 「有人问 石斛……今天的 8# 还算不算：……8# 有效，计 连翘」
_ASKED = re.compile(r"(?:有人|有玩家|玩家|大家|群里|好几个人)(?:(?:在|私信|私聊|留言|来)[^,，。:：]{0,6}?)?问(?:到|起|过)?(?P<question>[^:：—]{1,80})(?:[:：]|——?|--)")


# What the post lets nobody see (「看不出是不是确定要投，无效」): a question about the ballot's words, the reason for a verdict —
# not the director asking. (「不知道是不是该算无效」 is the director's own doubt: not here.)
_UNSEEN = re.compile(r"(?:看不出|看不清|分不清|辨不清|认不出|读不出|看不懂|没法知道|无法知道|没法看出|无法看出|无从知道)"
                     r"(?:他|她|其|这|这票|这一票|到底)?(?P<question>是不是|是否|有没有|要不要|算不算|投没投)")


# A rule said in a reason (「开场说过本场只看对象是否明确，算 日晷」 blind16 x037): whether, as what a ruling depends on — no question
_DEPENDS_ON = re.compile(r"(?:只看|就看|要看|只管|只问|取决于|不管|无论|不论)[^,，。;；?？]{0,8}?(?P<question>是否|是不是|有没有)")


def _asked_by_others(sentence: str, roster: Roster | None) -> str:
    """The sentence with the question words of a question others asked blanked: the director answers it after the
    colon, and the answer is the ruling; and with those of a question the post leaves open (_UNSEEN) or a rule says it
    depends on (_DEPENDS_ON)."""
    for unseen in [*_UNSEEN.finditer(sentence), *_DEPENDS_ON.finditer(sentence)]:
        a, b = unseen.span("question")
        sentence = sentence[:a] + " " * (b - a) + sentence[b:]
    m = _ASKED.search(sentence)
    if not m:
        return sentence
    start = m.start("question")
    kept = list(sentence)
    for t in tagging.tag(m.group("question"), roster):
        if t.is_("question"):
            kept[start + t.start:start + t.end] = " " * (t.end - t.start)
    return "".join(kept)


# A line headed by its verdict (「不计：」「无效：」「均有效：」): the items after it, to the line's end, are one list.
_VERDICT_HEAD = re.compile(r"^\s*[【\[]?\s*(?:均|都|以下)?\s*(?:不计|不计入|无效|有效|作废|弃权|不算)\s*[】\]]?\s*[:：]")


_RESPECTIVELY = re.compile(r"分别|依次|各判|各自(?!\s*(?:的|之)?\s*(?:原|原来|之前|先前|第一))|按顺序|按次序|顺次|一一对应|respectively|in (?:that )?order", re.I)  # floors and verdicts paired in the order written
_BY_ORDER = re.compile(r"前者|后者|前一个|后一个|前一楼|后一楼|the former|the latter", re.I)
_GOES_ON = re.compile(r"\s*(?:但|不过|可是|然而|否则|不然|要不|没\S{0,2}就|不\S{0,2}就)")  # (「…确认的话就算她的；不来就不算」)


_WINK = re.compile(r"[;；]\s*-?[)）PpDd](?![A-Za-z0-9])")


def _cut(line: str) -> list[str]:
    out, start, depth = [], 0, 0
    for i, ch in enumerate(line):
        if ch in "—-" and depth == 0 and i > start and _DASHED_CORRECTION.match(line, i):
            # 「22楼 无效——更正，刚才看错了，22楼 有效」: a dash that turns to a correction ends the sentence it corrects
            # (blind42 cp048: one sentence, its first verdict applied)
            out.append(line[start:i])
            start = i
        depth += ch in "(（[【" and 1 or 0
        depth -= ch in ")）]】" and depth > 0 and 1 or 0
        stop = ch in "。！!？?；;" or (ch == "." and i + 1 < len(line) and line[i + 1] == " " and i and not line[i - 1].isdigit())
        if stop and depth == 0 and (i + 1 == len(line) or line[i + 1] not in "。！!？?；;") and \
                not (ch in "；;" and _GOES_ON.match(line, i + 1)) and not _WINK.match(line, i):
            # (「……本身不算票；但……这一票有效」: one thought; 「6楼无效 ;)」: a wink, not a stop)
            # (an English full stop before a space ends a sentence too: 「#14 invalid (…). #18 — pending.」)
            out.append(line[start:i + 1])
            start = i + 1
    out.append(line[start:])
    return out


# A bracket that corrects what it follows (「（更正：是3楼无效）」「（说错了，是3楼）」)
_BRACKET_FIX = re.compile(r"[(（][^()（）]*(?:更正|纠正|说错|写错|看错|打错|口误|手滑|不对|应为|应该是|其实是)[^()（）]*[)）]")
# The director's own earlier word on a floor (「刚才5楼那条」「上面关于5楼的那句」), said of, not the floor's ballot
_EARLIER_RULING_OF = re.compile(r"(?:(?:刚才|刚刚|上面|之前|前面|先前|早先|上午|昨晚)\s*(?:说的|发的|写的|关于|对)?\s*)?(?:第\s*)?"
                                r"(?:\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5})\s*(?:的)?\s*(?:那条|这条|那句|那个裁定|的裁定|那一条)"
                                r"(?=\s*(?:裁定)?\s*(?:作废|撤回|收回|不算|取消|无效|作罢))")  # (「5楼那条作废」 too: round 85 W01)
_DASHED_CORRECTION = re.compile(r"(?<![—-])(?:——|—|--)\s*(?:更正|订正|修正|不对|等等|抱歉|啊不|哦不|说错了|看错了|写错了)")
_FLOOR_NUMBERS = re.compile(r"(\d{1,5})\s*(?:楼|层|樓|#|F|L)")  # the numbers of the floors written in digits
_CORRECTS = re.compile(r"^\W*(?:【\s*)?(?:更正|改正|纠正|修正|订正)|(?:我|本导|导演)\s*(?:刚才|之前|前面)?\s*(?:看错|说错|写错|搞错|弄错|判错)|是我(?:看错|说错|写错|搞错|弄错|判错)")
_FLOOR_ANY = re.compile(r"\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5}|第[一二三四五六七八九十百]{1,4}\s*(?:楼|层)|[沙板地](?:发|凳|板)")
_ASKS = re.compile(r"[?？]|吗|是不是|算不算|能不能|有没有|要不要|行不行|对不对|还是")


def answers_a_question(text: str | None) -> bool:
    """The post names no floor of its own — an answer to the question it quotes, in any words."""
    return not _FLOOR_ANY.search(to_simplified(normalize(split(text or "").own)))


_RANGE_IN_TURN = re.compile(r"(?<![\d.])(\d{1,5})\s*(?:楼|层|樓|#|F|L)?\s*(?:~|～|-|－|—|至|到)\s*(\d{1,5})\s*(?:楼|层|樓|#|F|L)"
                            r"(\s*(?:的票|这几楼|这几票)?\s*[,，:：]?\s*(?:依次|分别|顺次|按顺序))")
_RANGE_IN_TURN_MAX = 12  # floors a range spelled out may hold: more is no list a director rules in turn


_BARE_FLOOR_LIST = re.compile(r"((?:楼层|楼|樓層|樓)[^\n]{0,12}[:：]\s*\n\s*)((?:\d{1,5}\s*[、,，/]\s*)+\d{1,5})\s*(?=\n|$)")


_WEIGHT_SAID = re.compile(r"(?:(?<=[,，;；\n])|(?<=\d[楼FfLl#])|(?<=#\d)|(?<=#\d\d))\s*(?:这票|这一票|此票|该票)?\s*(?:计|算|记)\s*(?:两|二|2|2\.5|两票半|两张)\s*票?\s*(?:给\s*([^\s,，。;；:：]{1,12}))?"
                          r"(?=\s*(?:[,，。;；!！\n]|$))")
# A line that opens on a tick or a cross before a floor, and says no verdict in words
_MARKED_LINE = re.compile(r"(?m)^([ \t]*(?:[-·•*]\s*)?)([✔✓☑✅✘✗❌])\s*((?:第\s*)?\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5}|[沙板地](?:发|凳|板))(?=.*$)")
_WORDED_VERDICT = re.compile(r"无效|有效|作废|不算|不计|弃权|算数|照算|计为|算作|废票|invalid|valid|void", re.I)


_BY_THE_CORRECTION = re.compile(r"按\s*(?:照)?\s*(?:他|她|其)?\s*(?:的)?\s*(?:私信|私聊)?\s*(?:更正|改正|订正|修正|更改|改)\s*(?:后|过后|过)?\s*的?\s*"
                                r"(?:结果|内容|对象|版本|票)?\s*(?=(?:计|算)\s*(?:为|作)?\s*[^\s。，,；;！!？?])")
_EARLIER_VERDICT_WRONG = re.compile(r"(?:之前|先前|上次|刚才|原来|原先|前面|早先|上面)\s*(?:的|那个|那条|说的|判的|写的)?\s*"
                                    r"(?:无效|有效|作废|弃权|裁定|判定|判决)\s*(?:是|也是)?\s*(?:判错了?|错了|搞错了?|弄错了?|不对|有误|是错的)")


def read(text: str | None, *, quoting: bool = False, roster: Roster | None = None) -> RulingPost | None:
    """The post's rulings and what was not understood (see the module's docstring); None: no ruling in it.
    `quoting`: the post quotes another, so a verdict alone (「无效」) is a ruling on the quoted post."""
    if text and (front := _FIRST_FLOORS.search(text)):
        # 「本轮只统计前6楼」: the floors up to N are the ones counted — the list of the valid ballots, floor 2 on
        text = text.replace(front.group(), "有效票：" + "、".join(f"{n}楼" for n in range(2, int(front.group(1)) + 1)), 1)
    if text and re.search(r"计|有效|认可|承认", text):  # (the heading words of _COUNTED_LIST: 计入 · 计票 · 统计 hold 计)
        # 「本轮计票：2楼 3楼 4楼 5楼 6楼」: the floors counted, nothing else on the line — the list of the valid ballots
        text = _COUNTED_LIST.sub(_counted_list, text)
    if text and _RANGE_IN_TURN.search(text):
        # 「30~33楼 依次：吊灯、吊灯、弃权、落地灯」: a range of floors, each given its verdict in turn — the floors spelled out
        # (blind38 cl033, read as nothing: the pairing found one floor for four verdicts)
        text = _RANGE_IN_TURN.sub(lambda m: "、".join(f"{n}楼" for n in range(int(m.group(1)), int(m.group(2)) + 1)) + m.group(3)
                                  if 0 < int(m.group(2)) - int(m.group(1)) <= _RANGE_IN_TURN_MAX else m.group(), text)
    if text and "楼" in text:
        # 「以下楼层无效： ⏎ 3、8、19」: a line of bare numbers under a heading that names floors — the floors it lists
        text = _BARE_FLOOR_LIST.sub(lambda m: m.group(1) + "、".join(f"{n}楼" for n in re.findall(r"\d{1,5}", m.group(2))), text)
    if text and (bare := _BARE_TAKE_BACK.match(text)):
        text = f"{bare.group(2)}楼{bare.group(1)}"  # 「撤7」: a take-back and a bare number, a whole post — that floor (hostile round 75)
    if text and ("错" in text or "不对" in text):
        # 「之前的无效判错了」: the earlier verdict named as the one that was wrong — no verdict of this post's (the hostile round 107,
        # case 26: read as 无效 beside the correction's 有效, the floor refused as a change of mind)
        text = _EARLIER_VERDICT_WRONG.sub("之前判错了", text)
    if text and "按" in text:
        # 「按更正计 红柳」「按他私信改的计为 红柳」: by the correction — the player named after 计 is the target, not the words after 按
        # (blind64 dl037 read 「更正」 as the player)
        text = _BY_THE_CORRECTION.sub("", text)
    if text and "不是" in text:
        # 「更正：不是2楼，是5楼无效」: the floor denied and the floor meant — what follows is the meant floor's (hostile round 78:
        # 2楼 was ruled 无效 and 5楼 dropped without a word)
        text = _FLOOR_NOT_THAT.sub(r"\1", text)
    if text and "本来" in text:
        # 「玩家替别人投票本来不算，但 元稹 …确认了委托……27楼 计为 元稹 的票」: what the rule would make of it, conceded before the
        # 但 that overrides it — no verdict of the post's (blind33 cj026, blind56 dd018: two verdicts read on one floor)
        text = _CONCEDED.sub(lambda m: m.group(1) + "另说" + m.group(3), text)
    if text and _MARKED_LINE.search(text):
        # 「✔ 5# 河南话 → 天津话」「✘ 20# 吴语 → 晋语 + 天津话（两个对象）」: a checklist, each line's mark its verdict (blind59 dg022,
        # blind55 da061: read as floors named and not ruled). A mark a GBK board strips leaves the floor unruled, never the other way.
        text = _MARKED_LINE.sub(lambda m: m.group(1) + ("有效：" if m.group(2) in "✔✓☑✅" else "无效：") + m.group(3)
                                if not _WORDED_VERDICT.search(m.group(3)) else m.group(), text)
    if text and "票" in text:
        # 「21F 三岔口 投 白蛇传，他是警长，这票计两票」「警长 沧浪亭 的票 #23 计 2 票给 醒心亭」: the title's weight said of a ballot
        # the post names — the ballot counts, its weight the game file's (four sets read the floor as named and not ruled)
        text = _WEIGHT_SAID.sub(lambda m: "有效" if not m.group(1) else f"计为 {m.group(1)}", text)
    if text and roster and roster.pattern is not None and re.search(r"→|->|=>|＞", text):
        # 「改票有效，计为 鞭毛→内质网」: the voter, an arrow, the target — 计为 the target, for that voter (blind61 di009: counted for
        # the voter, the arrow read as a link word)
        names = roster.pattern.pattern
        text = re.sub(rf"(计为|计作|记为|算作|计|算)\s*({names})\s*(?:→|->|=>|＞)\s*({names})",
                      lambda m: f"{m.group(1)} {m.group(2)} 投 {m.group(3)}", text)
    if text and "原" in text and roster:
        # 「→ 原票 祁门红 照算」: the original ballot, named by a player's name, said to stand, no floor of its own before it —
        # 维持原票 with its target (blind34 ch012: 照算 read as the change's own verdict); 「29楼 原票 烘干 照计」 rules 29楼
        text = _ORIGINAL_NAMED.sub(lambda m: f"维持原票 {m.group(1)}" if roster.table.get(m.group(1)) else m.group(), text)
        # 「#11 原票 小面 照算」「29楼 原票 照算」: the floor's own ballot, the original, said to stand — 计为 the name it gives,
        # 按原票计 where it gives none (blind38 cl048: read as nothing)
        text = _FLOOR_ORIGINAL_STANDS.sub(lambda m: m.group(1) + (f"计为 {m.group(2)}" if m.group(2) else "按原票计")
                                          if not m.group(2) or roster.table.get(m.group(2)) else m.group(), text)
    if text and _WORDED_SUM.search(text):
        # 「二乘三楼」「十减四楼」: a floor written as a sum in words — read as 「2*3楼」 is, each floor it may mean waiting (round 71)
        text = _WORDED_SUM.sub(lambda m: f"{tagging.chinese_number(m.group(1))}{_OPERATORS[m.group(2)[0]]}"
                                         f"{tagging.chinese_number(m.group(3))}", text)
    post = _read(text or "", quoting, roster)
    if post is None and text and _MAY_SQUEEZE.search(text) and (squeezed := _squeezed(text)) != text:
        # 「⑦楼无效」「②③④⑤⑥有效」「7 楼 无 效」: floors or verdicts written in a way the reader does not take as one — read
        # with the circled numbers as floors and the spaces gone, what it would rule waits for the director, never nothing
        again = _read(squeezed, quoting, roster)
        refs = list(dict.fromkeys([*(i.ref for i in again.items), *(ref for ref, _ in again.held)])) if again else []
        if refs:
            why = f"楼层或裁定的写法工具读不准（「{_clip(text)}」）：请写成「7楼 无效」这样，这几楼先等导演确认"
            return RulingPost(problems=[why], held=[(ref, why) for ref in refs], void=True, taken_back=list(again.taken_back))
    if post is None and text and (said := _FLOOR_GIVEN_UP.search(own := to_simplified(normalize(split(text).own))) or
                                  _floor_fate(own, roster)):
        # 「6楼的票不要了。」「6楼的票没了。」: a floor's ballot said to be gone, in words no verdict holds — the floor waits for the
        # director, never nothing (hostile round 72: dropped with no word)
        why = f"「{_clip(said.group())}」说到了 #{said.group(1)} 的票，但没写成裁定：这一楼请导演确认（例如「{said.group(1)}楼 无效」）"
        # (where that floor is the director's own ruling post — 「7楼是假消息」「7楼不是我发的」 — what it ruled waits again)
        return RulingPost(problems=[why], held=[(("floor", int(said.group(1))), why)], void=True,
                          taken_back=[("floor", int(said.group(1)))])
    if post is not None and post.items and text and _CORRECTS.search(own := to_simplified(normalize(split(text).own))) and (left := [
            n for n in dict.fromkeys(int(m) for m in _FLOOR_NUMBERS.findall(own))
            if ("floor", n) not in {i.ref for i in post.items} | {ref for ref, _ in post.held}]):
        # (the correction heads the post — 「更正：」 — or says the director's own slip; not 「5楼更正」 in a count, a player's)
        # 「更正：只有3楼无效，5楼是我看错了。」: a correction that names a floor and rules it nothing — what the earlier ruling of that
        # floor said stands no longer, and this post does not say what does (the hostile round 99, case 30: 5楼 stayed 无效)
        why = f"更正里说到了 {'、'.join(f'#{n}' for n in left)}，却没写成裁定：这几楼请导演重新裁定（例如「5楼 有效」）"
        post.problems.append(why)
        post.held += [(("floor", n), why) for n in left]
    if post is not None and post.held and not post.items and len(post.held) == 1:
        # 「8楼是假消息」「7楼撤」「7楼别信」「7楼草稿」: a floor this post leaves to the director — where it is the director's own
        # ruling post, what that ruled waits too (hostile round 75: 「7楼不对」 not adopted, and 7楼's ruling still applied)
        post.taken_back += [ref for ref, _ in post.held if ref[0] == "floor" and ref not in post.taken_back]
    if post is not None and roster is not None and any(i.verdict == "abstain" for i in post.items) and (named := [
            w for w in ABSTAIN_NAMES if w in roster.table and w in (text or "")]):
        # a player named 弃权 (the hostile round 89, case 62): 「3楼 计为 弃权」 counts for him, or is an abstention — the floor waits
        why = f"「{named[0]}」既是弃权的写法，也是本局玩家「{roster.table[named[0]]}」的名字：这一楼计为弃权还是投给他，请导演确认"
        return replace(post, items=[i for i in post.items if i.verdict != "abstain"], problems=[*post.problems, why],
                       held=[*post.held, *((i.ref, why) for i in post.items if i.verdict == "abstain")])
    if post is not None and post.items and text and (odd := tagging.odd_heading(normalize(split(text).own).lstrip())):
        # 「【分享】6楼无效」「【存档】…」「CC: #6 invalid」: a heading no word of a director's headings explains — a repost, an
        # archive, a copy of someone's post — what it rules waits for the director (hostile round 73: applied)
        why = f"帖子开头的「{odd}」不像裁定的标题（转发、存档或摘录？）：这一帖是不是导演现在的裁定，请导演确认"
        held = dict(post.held)
        return replace(post, items=[], problems=[*post.problems, why], void=True,
                       held=[*post.held, *((item.ref, why) for item in post.items if item.ref not in held)])
    return post


_TALLIED_ABSTENTIONS = re.compile(r"(?m)^[ \t]*(?:弃权|棄權)[ \t]*\d{1,2}[ \t]*票?[ \t]*[(（][ \t]*(?:[#＃]?[ \t]*\d{1,4}[ \t]*(?:楼|层|樓|#|F|L)?[ \t、,，]*)+[)）][ \t]*$")
_BARE_TAKE_BACK = re.compile(r"^\s*(撤回|撤销|撤|作废|删掉|删|取消)\s*(\d{1,5})\s*[。.!！]?\s*$")
_FLOOR_GIVEN_UP = re.compile(r"(?<![\d.])(\d{1,5})\s*(?:楼|层|樓|#|F|L)\s*(?:的|那)?\s*(?:一)?\s*(?:票|张)\s*(?:就)?\s*(?:不要了|没了|算了|拉倒|"
                             r"不作数了|作罢|废了|去掉|拿掉)(?![吗么?？])")
# A floor, its ballot the topic, and a short predicate ending the clause (「6楼的票吹了」「6楼驳回」「6楼票数归零」「6楼计零票」):
# the ballot's fate in words no verdict list holds — the floor waits for the director, by construction. What says nothing of its
# fate is explained: a floor as a time or a range (以后 · 起 · 为止), an example (那样 · 这种), a speaker (说 · 问), a reminder.
_FLOOR_TOPIC = re.compile(r"(?:^|(?<=[\s，,。;；:：】\]]))(?<!回复\s)(?<!回复)(?<!见\s)(?<!见)(?:第\s*)?(\d{1,5})\s*(?:楼|层|樓|#|F|L)\s*(?:的|这|那|之)?\s*(?:一)?\s*(?:票数|票|张)?\s*"
                          r"(?P<pred>[\u4e00-\u9fff]{1,8}?)\s*(?=[，,。.;；!！~～\n]|$)", re.M)
_FLOOR_SAYS_NOTHING = re.compile(r"^(?:的|之)?\s*(?:以后|之后|以前|之前|起|开始|往后|为止|以下|以上|前后|左右|那种|那样|这种|这样|一样|同理|"
                                 r"和|与|跟|及|、|说|问|讲|提|写|发|回|引|是(?!假|谣|玩笑|测试|误|草稿|乱)|在|投|改|见|看|请|要|需|注意|的改票|的问题|的发言|的分析|"
                                 r"的说法|的理由|的格式|有话|有问题|补|也|都|还|先|已经|已|"
                                 # (「2楼的理由写得真好」「6L那个分析写得不错」: the ballot's reasoning praised, not its fate — the hostile
                                 # round 94, cases 84, 85: each held a plain day)
                                 r"(?:个|位)?(?:理由|发言|分析|说法|逻辑|思路|推理|解释|观点|看法))")


def _floor_fate(own: str, roster: Roster | None) -> re.Match | None:
    """A floor whose ballot a clause gives a fate in words no verdict list holds (see _FLOOR_TOPIC), or None."""
    if len(re.findall(r"\d\s*票|→|->|[:：]\s*\S+[、,，]", own)) >= 2:
        return None  # a count's rows (「钟声 19楼撤票，目前无票」): the count reader sets its floors beside ours (tally/day.py)
    for m in _FLOOR_TOPIC.finditer(own):
        predicate = m.group("pred").strip()
        if _VERDICT_WORD.search(predicate):
            continue  # a verdict the reader knows and did not take, for its own reasons
        if predicate and not _FLOOR_SAYS_NOTHING.match(predicate) and not re.search(r"[吗呢么]\s*$", predicate) and not (
                roster is not None and roster.pattern is not None and roster.pattern.search(predicate)):
            return m
    return None


_FIRST_FLOORS = re.compile(r"(?:只|仅)\s*(?:统计|计入|算|认)\s*(?:前|到)\s*(\d{1,3})\s*(?:楼|层|樓)(?:为止)?")
_COUNTED_LIST = re.compile(r"^(?P<head>\W*)(?P<words>[^:：\n\d#]{0,10}?(?:有效|计入|计票|统计|认可|承认)[^:：\n\d#]{0,8}?)\s*[:：]\s*"
                           r"(?P<list>[#＃]?\s*(?:\d{1,5}|[一二三四五六七八九十]{1,3})\s*(?:楼|层|樓|#|F|L)?(?:\s*(?:[、,，/\s]|-|－|~|～|至|到)\s*[#＃]?\s*"
                           r"(?:\d{1,5}|[一二三四五六七八九十]{1,3})\s*(?:楼|层|樓|#|F|L)?)+)"
                           r"\s*[。.]?\s*$", re.MULTILINE)


def _counted_list(m: re.Match) -> str:
    """「计入票数的：2、3、4、5、6楼」「有效楼层：2-6」「本日有效票：#2 #3」: the floors a heading says are counted, and nothing
    else on the line — written as the list of the valid ballots (a range spelled out, floor by floor)."""
    if re.search(r"无效|作废|弃权|不计|不算", m.group("words")):
        return m.group()
    floors: list[int] = []
    digits = re.sub(r"[一二三四五六七八九十]{1,3}", lambda n: str(tagging.chinese_number(n.group()) or n.group()), m.group("list"))
    for part in re.finditer(r"(\d{1,5})(?:\s*(?:楼|层|樓|#|F|L)?\s*(?:-|－|~|～|至|到)\s*[#＃]?\s*(\d{1,5}))?", digits):
        a, b = int(part.group(1)), int(part.group(2) or part.group(1))
        floors += list(range(a, b + 1)) if 0 <= b - a <= 60 else [a, b]
    return m.group("head") + "有效票：" + "、".join(f"{n}楼" for n in floors)


# Floors and verdicts written in a way the reader does not take: circled, parenthesized or negative-circled numbers (⑦ ⑺ ❼),
# the formal numerals (柒楼), a floor letter before its number (L7 · F7), 七号楼, a verdict word split by spaces (无 效).
_ROUND_DIGITS = "\u2460-\u2487\u24eb-\u24f4\u2776-\u2793\u2160-\u216b\u2170-\u217b\u3220-\u3229"  # ⑦ ⑺ ❼ Ⅶ ⅶ ㈦
_MAY_SQUEEZE = re.compile(rf"[{_ROUND_DIGITS}]|[壹贰叁肆伍陆柒捌玖拾貳參叄陸]\s*(?:[楼层樓号]|[FfLl](?![A-Za-z]))|(?<![A-Za-z])[LlFf]\s*\d{{1,4}}(?![\dA-Za-z])|"
                          r"(?i:\bno\.?\s*\d{1,4}|\bfloor\s*#?\d{1,4}|#\s*\d{1,4}\s*(?:is|was)\b)|[一二三四五六七八九十]{1,3}\s*[FfLl](?![A-Za-z])|"
                          r"[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]|\d\ufe0f?\u20e3|\d{1,4}[Bb](?=\s*(?:无|有|作|弃|不|算|计))|"
                          r"[一二三四五六七八九十\d]{1,4}\s*号\s*楼|第?\s*[一二三四五六七八九十\d]{1,4}\s*号?\s*[帖贴]|楼\s*\d{1,4}(?!\d)|"
                          r"(?i:\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,3}(?:st|nd|rd|th))\s+(?:post|reply|floor)\b|\bpost\s*#?\s*\d{1,4})|"
                          r"(?:无|有)[ \t\u3000]+效|作[ \t\u3000]+废|弃[ \t\u3000]+权|不[ \t\u3000]+(?:算|计)")
_CIRCLED = re.compile(rf"[{_ROUND_DIGITS}](?=[{_ROUND_DIGITS}]|\s*(?:楼|层|樓|号|无|有|作|弃|不|算|计|[,，、]\s*[{_ROUND_DIGITS}]))")
_FORMAL = str.maketrans("壹贰叁肆伍陆柒捌玖貳參叄陸", "一二三四五六七八九二三三六")  # (and Traditional: 陸樓 · 貳樓)


_OPERATORS = {"乘": "*", "减": "-", "加": "+", "除": "/"}
_FLOOR_NOT_THAT = re.compile(r"(?:并)?不是\s*(?:第\s*)?(?:\d{1,5}|[一二三四五六七八九十百]{1,4})\s*(?:楼|层|樓|#|F|L)\s*[,，、]?\s*(?:而)?是\s*"
                             r"((?:第\s*)?(?:\d{1,5}|[一二三四五六七八九十百]{1,4})\s*(?:楼|层|樓|#|F|L))")
_ORIGINAL_NAMED = re.compile(r"(?<![按以\dA-Za-z#楼层樓])(?<![\d楼层樓#FL]\s)(?:原票|原来的票|原投票)[ \t]*[(（]?[ \t]*"
                            r"([^\s，,。；;:：()（）]{1,12})[ \t]*[)）]?[ \t]*(?:照算|照计|照常计入|照常计|照常算|仍然有效|仍算|仍有效)")
_FLOOR_ORIGINAL_STANDS = re.compile(r"((?:[#＃]\s*\d{1,5}|\d{1,5}\s*(?:楼|层|樓|#|F|L))[ \t]*(?:的)?[ \t]*)(?:原票|原投票)[ \t]*"
                                    r"(?:[(（]?[ \t]*([^\s，,。；;:：()（）]{1,12}?)[ \t]*[)）]?)?[ \t]*(?:照算|照计|照常计入|照常计|照常算|仍然有效|仍算|仍有效)")
_WORDED_SUM = re.compile(r"([一二三四五六七八九十]{1,3})\s*(乘以?|减去?|加上?|除以?)\s*([一二三四五六七八九十]{1,3})(?=\s*[楼层樓])")


def _squeezed(text: str) -> str:
    """The text with those floors written as floors (⑦ ⑺ ❼ → 7楼, 柒楼 → 7楼, L7 → 7楼, 七号楼 → 7楼) and the spaces
    between Chinese characters and digits gone."""
    text = _CIRCLED.sub(lambda m: f"{int(unicodedata.numeric(m.group()))}楼", text)
    text = re.sub(r"(?i)\bno\.?\s*(\d{1,4})|\bfloor\s*#?(\d{1,4})", lambda m: f"{m.group(1) or m.group(2)}楼", text)
    text = re.sub(r"([一二三四五六七八九十]{1,3})\s*[FfLl](?![A-Za-z])", r"\1楼", text)
    text = re.sub(r"[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+", lambda m: "".join(str(int(unicodedata.numeric(c))) for c in m.group()), text)
    text = re.sub(r"(\d)\ufe0f?\u20e3", r"\1", text)  # 7️⃣ (a keycap)
    text = re.sub(r"(\d{1,4})[Bb](?=\s*(?:无|有|作|弃|不|算|计))", r"\1楼", text)
    text = re.sub(r"[壹贰叁肆伍陆柒捌玖拾貳參叄陸]+(?=\s*(?:[楼层樓号]|[FfLl](?![A-Za-z])))", lambda m: m.group().translate(_FORMAL), text)
    text = re.sub(r"([一二三四五六七八九十]{1,3})\s*[FfLl](?![A-Za-z])", r"\1楼", text)  # (陆L → 六L → 六楼)
    text = re.sub(r"([一二三四五六七八九十\d]{1,4})\s*号\s*(?:楼)?", r"\1楼", text)
    text = re.sub(r"第?\s*([一二三四五六七八九十\d]{1,4})\s*号?\s*[帖贴](?!子)", r"\1楼", text)  # 第6帖 · 第六帖 · 6号帖
    text = re.sub(r"(?<![\d一二三四五六七八九十])楼\s*(\d{1,4})(?!\d)", r"\1楼", text)  # 楼6
    ordinal = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
    text = re.sub(r"(?i)\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|(\d{1,3})(?:st|nd|rd|th))\s+(?:post|reply|floor)\b",
                  lambda m: f"{m.group(2) or ordinal[m.group(1).lower()]}楼", text)
    text = re.sub(r"(?i)\bpost\s*#?\s*(\d{1,4})", r"\1楼", text)
    text = re.sub(r"(?<![A-Za-z])[LlFf]\s*(\d{1,4})(?![\dA-Za-z])", r"\1楼", text)
    text = re.sub(r"(\d)楼\s*(?=楼|层|樓)", r"\1", text)  # (⑦楼 → 7楼楼 → 7楼)
    return re.sub(r"(?<=[\u4e00-\u9fff\d])[ \t\u3000]+(?=[\u4e00-\u9fff])", "", text)


_FACES = re.compile(KAOMOJI.pattern + r"|\{:[\w-]{1,12}:\}|\[em\]\w{1,12}\[/em\]|\[表情\]", re.I)  # (and structure.py's emoticon codes)


@lru_cache(maxsize=512)  # every run reads the director's same posts again, each several times
def _read(text: str, quoting: bool, roster: Roster | None) -> RulingPost | None:
    links = [(int(floor), int(pid)) for pid, floor in _LINKED_FLOOR.findall(text)] if "[url" in text.lower() else []
    if "[url" in text.lower():  # [url=…pid=N]橘子汽水这一票[/url]: words that name no floor — the link's pid is the post
        text = _LINKED_WORDS.sub(lambda m: m.group() if _LINKED_FLOOR.match(m.group()) else f"pid={m.group(1)} {m.group(2)}", text)
    if "[" in text:  # styles and links the forum did not render: the quote blocks stay for split()
        text = _STYLE.sub(lambda m: m.group() if m.group().lower() in ("[quote]", "[/quote]", "[s]", "[/s]") else "", text)
    if ("(" in text or "（" in text or "[" in text or "{:" in text) and _FACES.search(text):
        # 「6楼无效 (≧▽≦)」「6楼无效 [表情]」: a face the reader of ballots sets aside is the tone of the words beside it here
        # (hostile round 70: dropped, and the ruling applied) — kept, as a laugh the lexicon knows
        text = _FACES.sub(" 〔表情〕 ", text)
    if roster is not None and ("“" in text or "「" in text or "『" in text or '"' in text):
        # 「按编辑前的“投票对象：表扣”计」: a ballot's words quoted, its target alone — the name (split() sets ballots aside)
        text = _QUOTED.sub(lambda m: f"「{said.group(1)}」" if (said := _QUOTED_BALLOT.fullmatch(m.group(1).strip())) and
                           said.group(1) in roster.table else m.group(), text)
    parts = split(text)
    cut = any(what in ("表情或附件代码", "附件") for what in parts.removed)  # an image or attachment stood in the post
    own = to_simplified(normalize(parts.own))
    if "pid=" in own.lower():
        own = _URL.sub(lambda m: f" pid={m.group(1)} ", own)
    quoted: list[str] = []  # the quotations set aside, in order: the director is shown their own words, not a placeholder
    own = _QUOTED.sub(lambda m: _aside(m, roster, quoted), own)
    if parts.quotes and (_ANSWER.fullmatch(re.sub(r"[(（][^)）]*[)）]", "", own).strip()) or (
            not _FLOOR_ANY.search(own) and any(_ASKS.search(q.text or "") for q in parts.quotes)) or (
            # 「[quote]6楼无效吧[/quote] 同意，就这么办」: the director agreeing with a ruling someone else proposed — which verdict
            # the agreement makes is the director's to write (hostile rounds 66–67: ignored)
            not _FLOOR_ANY.search(own) and len(re.sub(r"\W", "", own)) <= 16 and _APPROVES.search(own)
            and any(_VERDICT_WORD.search(q.text or "") for q in parts.quotes))):
        # (「[quote]导演，6楼是不是要作废？[/quote] 要的，作废」「…不算，这票不算数的哈」: an answer in words to a question about
        # floors, the answer naming none — the floors asked about wait for the director, never the question's own post: round 59)
        # 「[quote]导演，6楼是不是无效？[/quote] 是」: a yes or no to a question quoted — the floors it asks about are the
        # director's to rule in words (hostile round 56: the ballot stood, the result was posted)
        asked = sorted({int(n) for q in parts.quotes for n in re.findall(r"(\d{1,4})\s*(?:楼|层|樓|#|F|L)", q.text or "")})
        if not asked and any(_SENT_WRONG.search(q.text or "") for q in parts.quotes) and not re.match(r"\s*(?:不|没|并没|没有)", own):
            # 「[quote]导演你是不是发错局了？[/quote] 是的，抱歉。」: the director says the earlier post was sent wrong — its
            # rulings wait (the hostile round 61: they stood)
            return RulingPost(links=links, takes_back=f"导演回答了引用的问题（「{_clip(own)}」）：前面的裁定像是发错了，前面裁定过的楼都请导演重新裁定")
        if asked:
            why = f"导演回答了引用的问题（「{_clip(own)}」）：{'、'.join(f'{n}楼' for n in asked)} 怎么算，请写成「{asked[0]}楼 无效」这样"
            return RulingPost(links=links, problems=[why], held=[(("floor", n), why) for n in asked])
    lined, rows = count_rows(own, roster)  # a count written on one line: its rows, each a line (「票型核对：2楼 A→B，…」)
    # 「弃权 1（#20）」 in a count: the abstentions tallied as a player's row is, their floors listed — a count, not a verdict on
    # them (blind57 de015: applied as a ruling of #20, under 「统计仅供参考」)
    lined = _TALLIED_ABSTENTIONS.sub("", lined)
    sentences = _sentences(lined, rows)
    relative_heads = [(line, head) for line in lined.split("\n") if (head := _RELATIVE_HEAD.search(line))]
    if len(sentences) > MAX_SENTENCES:
        post = RulingPost(links=links, void=True)
        post.problems.append(f"裁定帖有 {len(sentences)} 句，太长，工具不逐句读（一帖最多 {MAX_SENTENCES} 句）")
        return post
    post = RulingPost(links=links)
    groups: list[_Group] = []
    heading = False
    days: set[int] = set()
    loose: list[tuple[int, dict | None, str, list[str]]] = []  # verdicts with no floor in their sentence
    headed = False  # the post heads a correction (更正：…): an apology after it says why, it takes nothing back
    # 「以这行为准」: the post says which of its words stand — and 「以本条为准」 after it turned back on itself (「42樓 無效——
    # 等等，看錯了……42樓 有效，計 拖鞋，以本條為準」 blind16 x055), where it is the words since the turn, not the post over others
    says_which = bool(_STANDS_HERE.search(own) or ((here := _STANDS_THIS.search(own)) and _TURNS_BACK.search(own, 0, here.start())))
    put_off = ""  # the words that put the whole post off
    denied: list[str] = []
    counted: list[str] = []  # sentences that count a ballot for a player in words no verdict reads (「就当他投的是 X 吧」)
    owners: list[tuple[str, str]] = []  # players whose ballot a verdict names without a floor (「欧阳克那票不算」)
    crossed = bool(_CROSS_MARK.search(own))  # the post crosses something out: a tick after a verdict is no confirmation
    for number, sentence in enumerate(sentences, 1):
        if (voided := _EARLIER_VOID_CLAUSE.search(sentence)) and (quoting or voided.group("when") or "裁定" in voided.group()
                                                                   or "判定" in voided.group()):
            # 「29楼 计为 五子棋，上面那条作废。」 under a quote: the clause voids the post quoted, not the ruling before it
            # (blind17 y045: the two read as one floor's two verdicts)
            post.takes_back = post.takes_back or f"「{_clip(sentence)}」收回了前面的裁定：前面裁定过的楼都请导演重新裁定"
            sentence = sentence[:voided.start()] + "。"
        tokens = _general_clauses(_tokens(_asked_by_others(_about_words(sentence, roster), roster), roster))
        pieces = _pieces(tokens)
        blockers = {p[1] for p in pieces if p[0] == "blocker"}
        if "QUESTION" in blockers and _asked_in_its_reason(sentence, tokens):
            blockers.discard("QUESTION")  # 「20# 无效——投票对象写的是「纸」，全场十四张剪纸谁不是纸？」: the reason asks, rhetorically
        # A ruling put off in brackets (「9楼无效（征求意见中）」「（误，请忽略本楼）」) is put off all the same.
        blockers |= {t.type for t in tokens if t.type in ("PENDING", "RETRACT")}  # (「7楼无效！（才怪）」)
        # …and a hedge in a short bracket of its own (「6楼无效（存疑）」「（大概率）」: the hostile round 61 — applied)
        blockers |= {"HEDGE" for t in tokens if t.type == "HEDGE" and any(
            a <= t.start_pos < b and len(re.sub(r"[\W吧啊呀哈了的我]", "", sentence[a:b].replace(str(t), "", 1))) <= 2
            for a, b in ((m.start(), m.end()) for m in _SHORT_BRACKET.finditer(sentence)))}
        if re.search(r"[(（][^)）]{0,30}(?:如果|要是|假如|假设|若是|万一|只要|(?i:(?<![a-z])(?:if|unless)(?![a-z])))[^)）]{0,30}[)）]", sentence):
            blockers.add("HEDGE")  # 「6楼无效（如果欧阳克是狼的话）」: the verdict's condition in brackets is a condition all the same (round 69)
        heading = heading or any(p[0] == "blocker" and p[1] == "HEADING" and "裁" in p[2] or "判定" in str(p[2])
                                 for p in pieces if p[0] == "blocker")  # 【裁定】, not a count's 更正
        first_floor = next((t.start_pos for t in tokens if t.type in ("FLOOR", "RANGE")), None)
        for tok in tokens:
            if tok.type == "DAY" and not (first_floor is not None and tok.start_pos > first_floor and _PRECEDENT.search(sentence)) \
                    and not _WHEN_IT_HAPPENED.search(sentence, 0, tok.start_pos) \
                    and not _HAPPENED_THEN.match(sentence, tok.end_pos):
                # (not 「6楼无效，跟第2天那次一样」: another day's case given as the reason; nor 「旋钮 已在第二天发动若愚」: when
                # something happened, told — blind24 o034)
                days.add(_day_number(str(tok)))
        made = _pair(pieces, number, sentence, groups, loose, cut, roster is not None and roster.pattern is not None, crossed)
        if made and (stands := {int(n) for n in _FLOOR_STANDS.findall(sentence)}) and any(
                kind == "floor" and n in stands and any(v and v.get("verdict") == "invalid" for v in g.verdicts)
                for g in made if not g.reference for kind, n in g.floors):
            # 「学士 66楼 投 校尉 后又在 67楼 发新帖……不算改票，仍以 66楼 校尉 为准」: a floor the sentence says stands, read as
            # voided by it — the story's floors are the director's to confirm (blind52 cz054: 66楼 voided)
            _hold(made, f"「{_clip(sentence)}」说以 #{min(stands)} 为准，读出来却像是判它无效：这几楼请导演确认")
            for group in made:
                group.original = False  # (the floor said to stand is one of those held: nothing of the sentence counts it)
        if not made and (turn := _short_turn(sentence, roster)) and (ruled := [g for g in groups if g.verdicts]):
            # 「#6 invalid. Not really.」「#6 invalid. Sike!」「6楼无效。才没有。」「6楼无效。——欧阳克的心声」: a short sentence after the
            # ruling that turns it, in English words no reason or courtesy explains, or a negation, or whose words these are (round 73)
            _leave_open(ruled, f"「{_clip(sentence)}」跟在裁定后面，工具读不准它对裁定的意思（「{turn}」）：这一楼请导演确认")
        if not made and any(p[0] == "verdict" for p in pieces) and roster is not None and roster.pattern is not None:
            # 「欧阳克那票不算」「【裁定】欧阳克的票作废」: a verdict on a player's ballot with no floor — which of the player's
            # posts it rules the tool cannot say: the player's ballots wait for the director (hostile round 56: ignored)
            owners += [(roster.table[m.group(1)], sentence) for m in re.finditer(
                rf"({roster.pattern.pattern})\s*(?:(?:的|那|这)\s*一?\s*(?:[张条]\s*(?:票|改票|投票|代投)?|票|改票|投票|代投|选票)|"
                rf"的\s*(?=不计|不算|无效|作废)|\s*[:：]\s*(?=无效|不计|作废|不算))", sentence)]  # (「X那张不算」「X的不计」「X：无效」)
        if made and roster is not None and roster.pattern is not None and _EDIT_BEFORE.search(sentence) and (said := re.search(
                rf"(?:计|算|为准)\s*[（(]\s*({roster.pattern.pattern})\s*[)）]", sentence)) and not any(
                v.get("target") == roster.table[said.group(1)] for g in made for v in g.verdicts if v):
            # 「按编辑前的原内容计（毡帽），编辑后的 礼帽 不算」: the ballot as it stood before an edit, named in brackets, that no
            # verdict read gives — the archive may not hold that version: the director's to say (blind16 x046: not counted)
            _hold(made, f"「{_clip(sentence)}」说按编辑前的内容计（{roster.table[said.group(1)]}），读不出这一楼计给谁：请导演确认")
        if other := _OTHER_GAME.search(sentence):
            for group in made:  # 「隔壁 [072] 的导演在他们投票帖里判了 15楼 无效」: another game's floors, named before them
                at = next((sentence.find(str(n)) for kind, n in group.floors if kind == "floor" and str(n) in sentence), -1)
                if 0 <= other.start() < at:  # (「7楼无效，上一局也是这么判的」: a precedent given after the ruling)
                    group.elsewhere = group.elsewhere or other.group()
        if not any(p[0] == "verdict" for p in pieces) and "QUESTION" not in blockers and _COUNTED.search(sentence) and any(
                p[0] == "name" and not any(g.author == p[1] for g in made) for p in pieces):
            counted.append(sentence)
        _relay_told(made, sentence, roster)
        if made and (fixed := _BRACKET_FIX.search(sentence)) and _FLOOR_ANY.search(fixed.group()) and not _spelling_fixed(sentence, fixed):
            # 「5楼无效（更正：是3楼无效，5楼没问题）」「5楼无效（说错了，是3楼）」: a bracket that corrects the floor — which one is
            # ruled, the director says again (the hostile round 85, H01/K05: #5 voided, the correction dropped, 杨康 posted out)
            why = f"「{_clip(sentence)}」括号里改了口（「{_clip(fixed.group(), 20)}」）：裁定的是哪一楼，请导演重新发一帖"
            _hold(made, why)
            post.held += [(("floor", int(n)), why) for n in _FLOOR_NUMBERS.findall(fixed.group())]
            continue
        if made and _EARLIER_RULING_OF.search(sentence):
            # 「刚才5楼那条作废」: the director's earlier word on the floor taken back — not a verdict on its ballot (the hostile
            # round 85, H18: read as 「#5 无效」, 杨康 posted out); the floor waits for the director
            taken = _retracted(made, sentence)
            _hold(taken, f"「{_clip(sentence)}」收回了前面对这一楼的裁定：这一楼请导演重新裁定")
            post.taken_back += [ref for g in taken for ref in g.floors if ref[0] == "floor"]
            continue
        if made and (round_said := _OTHER_ROUND.search(sentence)) and not post.void:
            # 「重投帖7楼无效，首轮7楼维持有效」「7楼无效（指首轮投票帖的7楼）」: floors of a round the tool cannot tell apart from
            # this one's in a shared thread — they wait for the director (round 52: applied to the other round's 7楼)
            _hold(made, f"「{_clip(sentence)}」说到了另一轮投票（「{round_said.group()}」）：这几楼是哪一轮的，请导演确认")
            continue
        if made and roster is not None and roster.pattern is not None and (
                speaker := re.match(rf"\s*({roster.pattern.pattern})\s*[:：]", sentence)):
            # 「卯兔：6楼无效」 in a count: the player whose floor it is; 「林平之：6楼无效 ⏎ 我：不同意」: a player's words set down
            # — the floor's author decides which (tally/rulings.py: another player's name holds the floor; hostile round 58)
            for group in made:
                group.author = group.author or roster.table.get(speaker.group(1), speaker.group(1))
        elif made and roster is not None and roster.pattern is not None and (
                owner := re.match(rf"\s*({roster.pattern.pattern})\s*(?:的|之)?\s*(?=(?:第\s*)?\d{{1,5}}\s*(?:楼|层|樓|#|F|L)|#\s*\d)", sentence)):
            # 「黄药师 5楼无效」「郭靖的5楼无效」: the player right before the floor is whose floor it is, as after it — another
            # player's name holds the floor (the hostile round 84, L19/N05: applied to 欧阳克's #5, 杨康 posted out)
            made[0].author = made[0].author or roster.table.get(owner.group(1), owner.group(1))
        if made and (past := _PAST_DAYS_BALLOT.search(sentence)):
            # 「6楼的欧阳克：你上一天那票无效，今天这票没问题。」: the verdict is said of another day's ballot (the hostile round 61)
            _hold(made, f"「{_clip(sentence)}」说的是「{past.group()}」：不是这一楼今天的票，请导演确认")
            continue
        if made and (dated := _DATE_BEFORE.search(sentence)):
            # 「12月8日：5楼无效」: a floor of a day named by its date — which day of the game that is, the tool does not know (the
            # hostile round 88, N07: applied on day 1, 杨康 posted out)
            _hold(made, f"「{_clip(sentence)}」的楼层前面写的是日期「{dated.group('d').strip()}」：是不是本帖这一天的楼，请导演确认")
            continue
        if made and (place := _PLACE_BEFORE.search(sentence)):
            # 「QQ群6楼无效」「贴吧6楼无效」「discord #6 invalid」: a floor of a chat group or another site — not this thread's (round 77)
            _hold(made, f"「{_clip(sentence)}」的楼层前面写的是「{place.group('p')}」：不是本投票帖的话，这一楼不归这里裁定，请导演确认")
            continue
        if made and (thread := _THREAD_BEFORE.search(sentence)) and not _THIS_VOTE_THREAD.search(thread.group("t")) and \
                not (thread.group("s") == "楼" and re.search(r"[一二两三四五六七八九十\d]$", thread.group("t"))) and \
                not (roster is not None and roster.pattern is not None and roster.pattern.search(thread.group("t") + thread.group("s"))):
            _hold(made, f"「{_clip(sentence)}」的楼层前面写的是「{thread.group('t')}帖」：不是本投票帖的话，这一楼不归这里裁定，请导演确认")
            continue
        if made and (paged := _ON_PAGE.search(sentence)):
            # 「第二頁第三樓 那票無效」: a floor counted on its page — which floor of the thread, the director's (blind15 v064)
            _hold(made, f"「{_clip(sentence)}」的楼层是按页数的（「{paged.group()}」）：请写全帖的楼层号（例如 23楼）")
            continue
        if made and (part := _FLOOR_PART.search(sentence)) or made and (meant := _MEANT_ELSEWHERE.search(sentence)):
            # 「6楼的楼中楼无效，那是点评不是投票」: a comment under the floor, not its ballot; 「6楼无效（指的是讨论帖）」「（说的是上
            # 一轮）」: the floor of another thread or round, said after it (hostile round 59: each ruled today's floor)
            said_of = part.group() if part else meant.group()
            _hold(made, f"「{_clip(sentence)}」说的是「{said_of}」：是不是本帖今天这一楼的票，请导演确认")
            continue
        if made and not post.void and not _RELATIVE_DAY.search(sentence) and (qualifier := _qualified_floor(sentence, made, roster)):
            # 「上次重投时的6楼无效」「去年那局的6楼无效」: words before the floor say which post it is — another round's,
            # another game's — and nothing says it is this thread's today: the floor waits for the director (hostile round 58)
            _hold(made, f"「{_clip(sentence)}」在楼层前面写了「{qualifier}」：说的是不是本帖今天这一轮的那一楼，请导演确认")
            continue
        if made and (order := _BY_ORDER.search(sentence)) and any(
                t.type in _VERDICT_START and t.start_pos >= order.start() and not any(
                    f.type == "FLOOR" and order.start() <= f.start_pos < t.start_pos for f in tokens) for t in tokens):
            # 「关于2楼和6楼，前者作废，后者保留」: verdicts given to floors by their order — the tool does not pair them: the floors
            # wait for the director (the lab: both were ruled 无效). (「36楼、40楼 作废：前者对象写的是…」: the verdict given to
            # both before 前者 · 后者 begin their reasons rules them both.)
            _hold(made, f"「{_clip(sentence)}」用「前者／后者」指楼层：请逐楼写明")
        elif made and number > 1 and _RESPECTIVELY.search(line_above := sentences[number - 2]) and line_above.rstrip().endswith((":", "：")) \
                and not _RESPECTIVELY.search(sentence) and len([t for t in tokens if t.type in _VERDICT_START]) >= 2 \
                and len({ref for g in made for ref in g.floors}) >= 2:  # (one floor on the line: its own ruling — blind46 ct003)
            # 「依次裁定如下： ⏎ 31楼、33楼、36楼 —— 计贾探春、无效、按弃权处理。」: the order said in the heading above the list
            # (blind44 cr003: not read)
            _respectively(made, _pieces(tokens, one_by_one=True), f"{line_above}{sentence}")
            groups += [g for g in made if not any(g is h for h in groups)]
        elif _RESPECTIVELY.search(sentence) and made and len({ref for g in made for ref in g.floors}) >= 2 and not re.search(
                r"(?:理由|原因)\s*(?:是)?\s*(?:分别|依次)|(?:分别|依次)\s*(?:说明|解释|是因为)|对象依次", sentence) and not \
                _each_its_own(made, pieces):
            # (「依次裁定：#8、#11 作废，#15 算给 少府，#19 维持有效」: each list already followed by its verdict — 依次 is "in turn")
            # (「第7楼和第9楼作废，理由分别是：…」 pairs reasons, not verdicts)
            _respectively(made, _pieces(tokens, one_by_one=True), sentence)
            groups += [g for g in made if not any(g is h for h in groups)]
        refused = _denied(sentence) or next((f"「{_clip(sentence)}」说的是「不」加裁定（「{t}」前面）：否定的说法不是确定的裁定"
                                             for t in tokens if t.type == "DENIED" and "QUESTION" not in blockers), None)
        # (「有没有人觉得不该算？」: a question, answered later or not — its floor keeps its reading)
        if refused and any(t.type == "FLOOR" for t in tokens):
            # 「15楼不是无效票」「并非无效」: a verdict denied rules nothing — the floor is the director's, said so
            for group in made:
                group.unread.append(refused)
            post.taken_back += [ref for g in made for ref in g.floors if ref[0] == "floor"]
            if not made:
                denied.append(refused)
        said = [g for g in made if g.verdicts or g.unread]
        voided = [t for t in tokens if t.type == "RETRACT" and "代投" in str(t)]
        if voided and made and not said:
            # 「33楼 是我替 茯苓 发的代投……这条代投作废」: the proxy on the floor named, void — a verdict, not the post taken back
            for group in [g for g in made if not g.reference and not g.elsewhere]:
                group.verdicts.append({"verdict": "invalid"})
                group.about = group.about or "proxy"  # (a floor that holds no proxy: the words are of another one)
            blockers.discard("RETRACT")
            said = [g for g in made if g.verdicts]
        elif voided and not made and re.search(r"(?:这|该|此|那)\s*(?:条|张|一条|一张)\s*代投", sentence) and (
                above := [g for g in groups if "代投" in g.words and not g.reference and not g.elsewhere][-1:]):
            # 「关于 58楼 我发的那条代投（…）：……。这条代投作废，是我的失误」: the proxy the post is about, void (blind14 t027)
            above[0].verdicts.append({"verdict": "invalid"})
            above[0].about = above[0].about or "proxy"
            blockers.discard("RETRACT")
        rules = said or any(p[0] == "verdict" for p in pieces)
        # (「昨天重投阶段 12楼 的裁定维持不变」: a ruling of that day's floor kept, in words no verdict reads — blind52 cz046)
        relative = _RELATIVE_DAY.search(sentence) if rules or made and re.search(r"维持|裁定|判|有效|无效|作废|不算|不计", sentence) else None
        if relative is None and (rules or made):
            # 「顺便说下昨天竞选帖：7楼 …没算；9楼 耧车 的票算了。」: the day its heading names is every clause's after it on the
            # line (blind65 dl068: 9楼 applied to today's thread)
            relative = next((head for line, head in relative_heads if sentence.strip(" 。；;，,") in line[head.end():]), None)
        if relative:
            # 「昨天4楼、5楼无效」 posted on day 2 rules day 1's floors, which the post does not number (the hostile round,
            # issue 42, B5: applied to day 2's floors 4 and 5): it rules nothing, and the director is told how to say it
            post.void = True
            said = f"「{relative.group(1)}」的楼层没有写明是第几天（「{_clip(sentence)}」）：请写成「第N天 N楼」，或用 bansha rule --day N"
            post.problems.append(said)
            post.held += [(("floor", int(n)), said) for n in _FLOOR_NUMBERS.findall(sentence)]  # (this thread's floor of that number waits)
            continue
        headed = headed or _correction_heading(tokens)
        if any(g.sentence < number and g.verdicts for g in groups) and not any(
                ref[0] in ("floor", "pid", "range") for g in made for ref in g.floors) and (earlier := _EARLIER_POST_NAMED.match(sentence)) \
                and (quoting or earlier.group("when") or earlier.group("orig")) and _UNDOES.search(sentence, earlier.end()):
            # 「……所以 29楼 有效，计 利奇马。上午那条作废，跟 天鸽 说声抱歉。」「[quote]…29楼 无效…[/quote] 更正……上面那条作废」:
            # after this post's own rulings, an earlier post (this morning's, the one quoted) voided — not this post's words
            # (blind17 y007, y045: read as the post correcting itself, nothing applied)
            post.takes_back = post.takes_back or f"「{_clip(sentence)}」收回了前面的裁定：前面裁定过的楼都请导演重新裁定"
            continue
        if not any(g.sentence < number for g in groups) and not any(v for g in made for v in g.verdicts) and \
                (fixed := _FLOOR_FIXED.search(sentence)):
            # 「楼层看岔了，是7楼。」 in a later post: the floor the earlier ruling named was the wrong one — its rulings wait,
            # and so does the floor it meant (the hostile round 63: the earlier ruling stood)
            post.takes_back = post.takes_back or f"「{_clip(sentence)}」更正了前面裁定的楼层：前面裁定过的楼都请导演重新裁定"
            _hold(made, f"「{_clip(sentence)}」更正了前面裁定的楼层：这一楼请导演裁定")
            heading = True
            continue
        if not any(g.sentence < number for g in groups) and not any(ref[0] in ("floor", "pid", "range") for g in made for ref in g.floors) \
                and (subject := _EARLIER_SUBJECT.match(sentence)) \
                and _UNDOES.search(sentence, subject.end()) and not re.search(r"代投|委托|代发", sentence):
            # 「上条作废。」「刚才那条手快了，不算。」「前面那句我说早了，还得再看。」「楼上的话收回。」: the post's subject is the
            # director's earlier post, and what it says undoes it — whatever words say so, its rulings wait (hostile round 61)
            post.takes_back = post.takes_back or f"「{_clip(sentence)}」收回了前面的裁定，没写是哪一楼：前面裁定过的楼都请导演重新裁定"
            heading = True
            continue
        if not made and any(t.type == "RETRACT" and (i and re.search(r"裁定\s*(?:也|就|都|全部|全都|统统)?\s*$", str(tokens[i - 1])) or
                                                    re.search(r"(?i)ruling|verdict|call", str(t)))
                            for i, t in enumerate(tokens)) or not made and not rules and ("RETRACT" in blockers or _SENT_WRONG.search(sentence)) and \
                _EARLIER_POST.search(sentence) and not re.search(r"代投|委托|代发", sentence):
            # (「上面那条我删不掉，当它不存在吧」: the post above taken back in words that name no ruling — hostile round 58)
            # 「上一条裁定不算，我看错楼了」: an earlier ruling taken back, no floor named — the floors it ruled are the director's
            post.takes_back = post.takes_back or f"「{_clip(sentence)}」收回了前面的裁定，没写是哪一楼：前面裁定过的楼都请导演重新裁定"
            heading = True
        if not made and not rules and _said_to_players(sentence, roster) and (any(g.verdicts for g in groups) or loose):
            # 「知县大人，回复之前看一眼引用框里是谁的名字🙏」「这种问题以后请到进程帖问，讨论帖里问我不一定看得到」: after the
            # ruling, words to the player or to everyone about what they do — no floor, no verdict: its 看一眼 · 不一定 are theirs
            blockers -= {"PENDING", "HEDGE"}
        if made and _correction_heading(tokens) and (ruled := {ref for g in made for ref in g.floors}) and any(
                g.sentence < number and g.verdicts and not g.reference for g in groups):
            # 「5楼无效。更正：2楼无效」: a correction the director heads after rulings of other floors — was the floor wrong, or
            # is it one more? The floors ruled above and not again wait (the hostile round 84, L05: both applied, 无人出局 posted)
            _superseded(groups, number, sentence, ruled, "是一条更正")
        rerules = _rerules(made, groups, number, sentence)
        # (「——更正：刚才看错了，31楼 确实是回复 14 楼 的……。31楼 改票有效，计为 小丑，以本条为准。」: the correction's ruling is the
        # next sentence, every floor it spoke of ruled there — blind33 cg003)
        answered = not rules and number < len(sentences) and _VERDICT_SAID.search(sentences[number]) and bool(
            spoken := {n for g in made if not g.reference for kind, n in g.floors if kind == "floor"}) and spoken <= {
            int(n) for n in _FLOOR_NUMBERS.findall(sentences[number])}
        if made and not rules and not rerules and not answered and not re.search(r"代投|委托", sentence) and (
                "RETRACT" in blockers or _SELF_CORRECTION.search(sentence)) and not _only_reason(sentence) and not (
                "RETRACT" not in blockers and _HEADED_CORRECTION.match(sentence) and number < len(sentences)
                and _VERDICT_ALONE.search(sentences[number]) and not _FLOOR_ANY.search(sentences[number])):
            # (「更正：27楼 糖票 的对象写的是“自行车”……。改判有效，计为 自行车票。」: a correction the director heads, its verdict
            # in the sentence after — the floor's, as any verdict with no floor of its own is the floor above's (blind24 o009))
            # 「7楼是我看错了，当我没说」「我看错了，6楼其实没问题」: what was said of those floors taken back or corrected in words
            # no verdict reads — they wait for the director (hostile round 56: the earlier ruling stood)
            _hold(made, f"「{_clip(sentence)}」收回或更正了对这一楼说过的话：请导演重新裁定")
            post.taken_back += [ref for g in made for ref in g.floors if ref[0] == "floor"]
            if _SELF_CORRECTION.search(sentence):  # 「6楼无效。手滑，是7楼」: the floor ruled above may be the one corrected
                _superseded(groups, number, sentence, {ref for g in made for ref in g.floors}, "改了口")
            continue
        stands_here = says_which and bool(_STANDS_HERE.search(sentence) or _STANDS_THIS.search(sentence))
        if stands_here and not made:
            # 「34楼 无效……等下，看错公告了……。34楼 有效，投 磷 照计。以这行为准，上一句作废。」: the post says itself which of its
            # words stand — the ruling just before those words (blind14 t016), as a later one under a 【更正】 heading
            # (「等下……重说：⏎ #23 有效…； ⏎ #25 无效…。 ⏎ 以这一段为准」: from the words that turn back on, else the sentence before)
            turned = max((k for k in range(1, number) if _TURNS_BACK.search(sentences[k - 1])), default=number - 1)
            start = turned + 1 if turned < number - 1 else number - 1
            for group in groups:
                group.corrects = group.corrects or group.sentence >= start
            _superseded(groups, start, sentence, {ref for g in groups if g.sentence >= start for ref in g.floors})
            headed = True
            continue
        if stands_here and made and any(
                _TURNS_BACK.search(_QUOTED.sub("", line)) for line in sentences[:number - 1]):
            # 「…看錯了……。42樓 有效，計 拖鞋，以本條為準」: the ruling the words stand by is in the same sentence, after the post
            # turned back on itself (not 「……以后一句为准」 said of the ballot's own words)
            for group in made:
                group.corrects = True
            _superseded(groups, number, sentence, {ref for g in made for ref in g.floors})
            headed = True
        why = _takes_back(blockers, sentence, rules, bool(groups) and not headed, tokens, bool(made))
        if why and not made and not rules and roster is not None and roster.pattern is not None and roster.pattern.search(sentence) \
                and not re.search(r"[\u4e00-\u9fffA-Za-z]", _APOLOGY.sub("", roster.pattern.sub("", sentence))):
            why = None  # 「Sorry Hex, my bad.」「跟郭靖说声抱歉」: an apology to the player the ruling touches, no correction (blind33 cg051)
        if why and rerules and not blockers & {"EXAMPLE", "PENDING", "RETRACT"}:
            why = None  # (the turn is the correction's own, and it rules the same floors again: _rerules)
        if why and made and rules and _SELF_CORRECTION.search(sentence) and _corrected_below(
                {ref for g in made for ref in g.floors}, sentences[number:]):
            # 「52楼 计为 搪瓷缸……不对，看串行了……。更正：52楼 计为 校徽。」: the sentence that interrupts itself is answered
            # by a correction the director heads below, ruling the same floors — that one is the post's word (blind24 o031)
            groups[:] = [g for g in groups if g not in made]
            continue
        if why and not made and _COUNT_NOT_FINAL.search(sentence):
            why = None  # 「D1 截至 19:40 票型（非最终，仅供参考）：」: the count may change, not the rulings under it (blind18 z002)
        if why and says_which and made and _SELF_CORRECTION.search(sentence):
            why, headed = None, True  # (「……抱歉写错了，7楼无效。以这行为准」: the correction is the post's own, said to stand)
            _superseded(groups, number, sentence, {ref for g in made for ref in g.floors})
        if why and rules and not any(g.sentence < number for g in groups) and re.search(r"[说打写看搞记弄数点]错了?|看岔|看串|看走眼", sentence):
            # 「抱歉说错了，是7楼无效」 opening a post: an earlier ruling of the director's corrected without its floor — the
            # rulings made before it wait for the director again (hostile round 57: the earlier 6楼无效 stood)
            post.takes_back = post.takes_back or f"「{_clip(sentence)}」更正了前面的裁定，没写是哪一楼：前面裁定过的楼都请导演重新裁定"
        if made and not why and _ASKS_AGREEMENT.search(sentence) and not _ASKS_AGREEMENT.search(sentence.split("，")[0].split(",")[0]):
            _hold(made, f"「{_clip(sentence)}」在问大家的意见：这一楼的裁定还没有定")  # 「6楼无效，大伙儿没意见吧」 (round 61)
        if made and not why and _laughs_at_its_verdict(_QUOTED.sub(" 引 ", sentence)):
            # 「6楼无效 lol」「#6 invalid rofl」「6楼无效 ;)」: a laugh in the verdict's own clause — a joke? (round 69); after a reason
            # (「18楼无效，没写投票理由 😂」) or in a sentence of its own (「别找我求情 😂」) it is banter
            _hold(made, f"「{_clip(sentence)}」里有玩笑的口气：这一楼的裁定请导演确认")
        if not why and not made and (any(g.verdicts for g in groups) or loose) and _ASKS_AGREEMENT.search(sentence):
            # 「7楼无效。大家觉得呢？」「…有异议吗？」: the ruling put to the players, not yet made
            why = f"「{_clip(sentence)}」在问大家的意见：这一帖的裁定还没有定，都不采用"
        if not why and not made and ("PENDING" in blockers or "QUESTION" in blockers) and (
                _DEICTIC.search(sentence) or _ITS_ORIGINAL.search(sentence) or (
                    # 「这张不算 浅水区 的票；算不算 深水区 的，得先问他本人」: the same ballot's other half, asked about by the player
                    "QUESTION" in blockers and "PENDING" in blockers and roster is not None and roster.pattern is not None
                    and roster.pattern.search(sentence))) and not _PENALTY.search(sentence):
            # 「88楼 的改票无效。至于他这票按原票还是按弃权算……我还在查，今晚给结论」: what the ruling above does to the ballot
            # is still open — the floors of the sentence before wait for the director (blind14 t065); the ruling's floor where
            # its verdict came in the sentence before (「54楼 X 说……。…这张不算 X 的票；算不算 Y 的，得先问他本人」)
            before = [g for g in groups if g.sentence == number - 1 and not g.reference] or [
                g for g in groups if g.sentence == number - 2 and not g.reference and g.verdicts]
            for group in before:
                group.unread.append(f"「{_clip(sentence)}」说还没有定：不是确定的裁定")
                group.doubted = group.unread[-1]
        if not why and "PENDING" in blockers and not rules and made and not _PENALTY.search(sentence):
            for group in [g for g in made if not g.reference]:  # 「9楼……稍后裁定」: that floor is not ruled yet
                group.unread.append(f"「{_clip(sentence)}」说还没有定：不是确定的裁定")  # (「暂时按他 4 楼原票列，待定」: 4楼 is
                group.doubted = group.unread[-1]  # the original the hedge falls back to, not the floor put off)
        if why:
            post.void = True
            post.problems.append(why)
            if "PENDING" in blockers or "HEDGE" in blockers or _SELF_CORRECTION.search(sentence):
                # 「……我倾向于算，但暂不定」「6楼无效。抱歉说错了，是7楼无效」: every floor the post names is the director's open
                # question (round 58: the corrected post ruled nothing and both ballots stood) — a floor the correction names
                # in brackets too (「6楼无效（修正：7楼）」, hostile round 59)
                put_off = why
                post.held += [(("floor", int(n)), why) for n in _FLOOR_NUMBERS.findall(sentence)]
            continue
        if "RETRACT" in blockers and made and not rerules and not _only_reason(sentence) and not re.search(r"代投|委托", sentence) \
                and not _POST_DELETED.search(sentence):  # (「……该帖已经被删除——双峰插云 自己删了投票帖，不计」: the player's deletion, blind49 cw051)
            # 「——19楼这句收回」「撤回我之前说的7楼无效」: what was said of those floors is taken back — they wait for the director
            taken = _retracted(made, sentence)
            _hold(taken, f"「{_clip(sentence)}」收回了对这一楼的裁定：不是确定的裁定")
            post.taken_back += [ref for g in taken for ref in g.floors if ref[0] == "floor"]
            continue
        if not rules:
            continue  # a sentence of reasons
        if "RETRACT" in blockers and made and not said and re.search(r"代投|委托", sentence):
            for group in made:  # 「撤回5楼代投：……5楼的代投不计」: the proxy on that floor, taken back
                group.verdicts.append({"verdict": "invalid"})
                group.about = group.about or "proxy"  # (where the floor holds no proxy, the words are of another one)
            said = made
        problem = _hedged(blockers, sentence) or _retold(tokens, sentence) or _denied(sentence)
        if problem and loose and loose[-1][0] == number:
            # 「本局 1楼 要求写理由——如果今晚十点前不补，就按无效处理」: a verdict with no floor of its own goes to the floor
            # above — with the hedge or condition its sentence puts on it
            loose[-1] = (number, [(None, problem)], loose[-1][2])
        for group in made:  # 「18楼无效，9楼稍后裁定」: both open — and under an if, the floor it falls back to as well
            # (「如果是 20:00 之前发的就有效，否则无效、按 12楼 原票 熊市」: blind61 di067 applied 12楼)
            # (and a hedge that leans to the original ballot — 「我倾向于算改票无效、按 18楼 原票计，…再定」 — leaves 18楼 open too:
            # blind64's first read applied it)
            group.doubted = group.doubted or ("" if group.reference and not _IF_ELSE.search(sentence) and not (
                problem and _ORIGINAL_STANDS.search(sentence)) else problem or "")
        for group in said:
            if problem:
                group.unread.append(problem)
            group.corrects = headed or rerules  # after 「更正：」 the later ruling of a floor stands (以此为准：14L 照常)
    _attach_loose(groups, loose, quoting, post, sentences)
    post.problems += denied
    ruled = [g for g in groups if not g.reference and not g.elsewhere and any(k in ("floor", "pid") for k, _ in g.floors)]
    if counted and ruled and not any(g.verdicts or g.unread for g in groups):
        # A floor, a player and a counting word, and no verdict the grammar reads: the director said how that floor counts in
        # words the tool does not know — never nothing (j009 read 「以他改正后的 罗盘针 计」 as no ruling at all)
        named = next(f"{n}楼" for g in ruled for k, n in g.floors if k == "floor") if any(
            k == "floor" for g in ruled for k, _ in g.floors) else "N楼"
        why = f"「{_clip(counted[0])}」像是在说怎么计票，但读不出裁定：请写明（例如「{named} 计为 某人」）"
        for group in ruled:
            group.unread.append(why)
    if not groups and not heading and not any(item for item in loose) and not denied and not owners:
        named = [(int(n), sentence) for sentence in sentences if _VERDICT_WORD.search(sentence)
                 for n in _FLOOR_NUMBERS.findall(_IN_BRACKETS.sub("", sentence))] if not post.void else []
        if named:
            # a floor named outside brackets in a sentence that holds a verdict word, and nothing read of it (「（关门前一小时），
            # 74楼 计为 亚麻 投 香云纱」 — blind37 ck042): never nothing — the floor waits for the director
            for n, sentence in dict.fromkeys(named):
                why = f"「{_clip(sentence)}」里有 #{n} 和裁定的字眼，但读不出裁定：这一楼请导演确认"
                post.held.append((("floor", n), why))
                post.problems.append(why)
            return post
        return None
    if not any(g.verdicts or g.unread for g in groups) and not heading and not (quoting and loose) and not denied and not owners:
        # A floor named in a sentence that holds a verdict word the grammar did not read as one (「6楼无效的吧」): not a ruling
        # the tool can apply, not nothing either — the floor waits for the director (hostile round 56: the ballot stood)
        unread = [g for g in groups if not g.reference and not g.elsewhere and _VERDICT_WORD.search(sentences[g.sentence - 1])
                  and not _REMARK.search(sentences[g.sentence - 1])]
        if not unread:
            return None
        for group in unread:
            group.unread.append(f"「{_clip(sentences[group.sentence - 1])}」里有裁定的字眼，但读不出确定的裁定")
    _items(groups, sentences, post)
    _held(groups, post, put_off)
    for name, sentence in dict.fromkeys(owners):
        why = f"「{_clip(sentence)}」说的是 {name} 的票，没写是哪一楼：{name} 的票请导演确认（例如「7楼 无效」）"
        post.held.append((("player", name), why))
        post.problems.append(why)
    if len(days) > 1:
        why = "一帖里写了不同的天（" + "、".join(f"第{d}天" if d else "本日" for d in sorted(days)) + "）：请每天分开裁定"
        post.problems.append(why)
        post.void = True
        # whichever day each floor is of, none of them is decided: they wait for the director (round 52: dropped whole)
        named = [ref for g in groups if not g.reference and not g.elsewhere for ref in g.floors if ref[0] in ("floor", "pid")]
        post.held += [(ref, why) for ref in dict.fromkeys(named) if ref not in {r for r, _ in post.held}]
    post.days = tuple(sorted(d for d in days if d))
    post.day = next(iter(days)) or None if len(days) == 1 else None
    post.only_valid = _only_valid(own)
    if not post.items and not post.problems:
        post.problems.append("只有「裁定」标题，没有写裁定哪一楼、怎么裁定")
    if quoted:
        post.problems = [_restored(p, quoted) for p in post.problems]
        post.held = [(ref, _restored(why, quoted)) for ref, why in post.held]
        post.items = [replace(i, note=_restored(i.note, quoted)) if i.note else i for i in post.items]  # (shown beside the floor)
    return post


# The director correcting the director (not a ballot's error told as the reason: 「他把名字写错了，无效」):
# 上面写错了 · 我打错了 · 啊不 · 口误 · 抱歉 — and 更正 where it is the director's, not the player's (须重新发帖更正).
_PAST_DAYS_BALLOT = re.compile(r"(?:昨天|前天|昨日|上一天|前一天|上一轮|上轮|上一日)[^,，。;；\d]{0,4}?(?:那|的)\s*(?:一)?\s*(?:票|张)")
_SENT_WRONG = re.compile(r"发错(?:了)?(?:帖子?|贴子?|地方|楼|局|场)?|错帖|贴错|发串|是隔壁|是别的局|是另一局")  # (「上面那条发错帖子了，是隔壁那局的」)
# A sentence about the director's own earlier post (its subject opens it) and what undoes it
_EARLIER_SUBJECT = re.compile(r"^\s*(?:呃|啊|哦|嗯|额|唉)?[,，\s]*[(（]?\s*(?:我|本人)?\s*(?:上一条|上一帖|上条|上帖|前一条|前一帖|前一句|上一句|楼上(?:的话|说的|那条|那句)?|"
                              r"(?:上面|上边|刚才|刚刚|前面|之前)\s*(?:那|这)?\s*(?:一)?\s*(?:条|句|帖|贴|段|话|几句|楼|张|发的|说的|写的|"
                              r"的话|的裁定|裁定|说法|言论|前言))|^\s*(?:前言|以上言论|上述言论|以上所说|上面说的)(?=\s*(?:作废|不算|收回|撤回))|"
                              r"^\s*(?:撤回|收回|撤销|作废)\s*(?=(?:楼上|上条|上一条|上面那条|刚才那条|前言|前面的话|前面说的)\s*[。.!！]?\s*$)")
_WHEN_POSTED = r"上午|早上|中午|下午|昨天|昨晚|前天|今早|刚才发的|之前发的"  # when an earlier post was posted, in its words
# An earlier post named by when it was posted (上午那条 · 昨天那帖 · 中午发的那条) or as the one above a quote-reply
_EARLIER_POST_NAMED = re.compile(rf"^\s*(?:我)?\s*(?:(?P<orig>原裁定|原来的裁定|原判定|之前的裁定|先前的裁定|刚才的裁定)|(?P<when>{_WHEN_POSTED})?"
                                 r"\s*(?:的|发的)?\s*(?:上面|上边|那|这)?\s*(?:一)?\s*(?:条|帖|贴|个裁定|条裁定))")
_FLOOR_FIXED = re.compile(r"(?:看岔|看串|看错|看走眼|数错|点错|说错|写错|打错|搞错|弄错|记错)了?[^。\n]{0,12}?(?:应该|其实|实际上)?\s*是\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)")
_COUNT_NOT_FINAL = re.compile(r"(?:票型|统计|计票|票数)[^\n]{0,12}(?:非最终|不是最终|仅供参考|以最终统计为准|以最终结果为准)|"
                              r"(?:非最终|不是最终|仅供参考)[^\n]{0,6}(?:票型|统计|计票)")
_EARLIER_VOID_CLAUSE = re.compile(rf"[,，;；]\s*(?:我)?\s*(?P<when>{_WHEN_POSTED})?\s*(?:的|发的)?\s*"
                                  r"(?:(?:(?:上面|上边)\s*(?:那|这)?|那|这)\s*(?:一)?\s*(?:条|帖|贴|个裁定|条裁定)|(?:之前|前面|原来|上次|先前)的?\s*(?:裁定|判定))"
                                  r"\s*(?:作废|不算|撤回|收回|取消|无效)"
                                  r"(?:\s*[,，]\s*(?:抱歉|sorry|不好意思|对不起|见谅)[^,，。;；]{0,8})?\s*[。.!！]?\s*$")  # (「…，抱歉。」: blind20 a025)
_UNDOES = re.compile(r"楼上|上条|上一条|那条|前言|前面的话|前面说的|作废|不算|收回|撤回|撤销|取消|别管|不用管|别理|无视|说早了|手快了|发早了|太早|有问题|再看|再议|重新|删|不作数|当没|别当真|发错|错了|不对|有误")
_EARLIER_POST = re.compile(r"上面|上边|上一条|上一帖|上条|上帖|刚才|刚刚|前面|之前|那条|那句|那帖|楼上")


def _rerules(made: list[_Group], groups: list[_Group], number: int, sentence: str) -> bool:
    """The director turns back on a ruling and rules the same floors again, nothing else: 「21楼 计为 添添——不对，刚才看串行
    了，21楼 投的是 庆大，计为 庆大」 in one sentence, or 「…。不对，…21楼 计为 庆大」 in the next — the correction, said whole,
    stands (blind32 cf024); the earlier words of the same sentence are set aside. Another floor named (「26楼无效——等下，看错了，
    无效的是28楼」: was the floor wrong, or the verdict?) is not this."""
    ruled = [g for g in made if not g.reference]
    if not ruled or not all(g.verdicts for g in ruled):
        return False
    again = {ref for g in ruled for ref in g.floors}
    floors = list(_FLOOR_ANY.finditer(sentence))
    turn = _DASH_TURN.search(sentence) or _TURNS_BACK.search(sentence)
    if len(ruled) >= 2 and turn and floors and floors[0].start() < turn.start() < floors[-1].start() and all(
            set(g.floors) == again for g in ruled) and len(again) == 1:
        groups[:] = [g for g in groups if g not in ruled[:-1]]  # (one floor, twice: the words after the turn stand)
        made[:] = [g for g in made if g not in ruled[:-1]]
        return True
    # (the sentence before ruled them, or asked of them: 「……也算形似吧？不对，……11楼 无效」 — blind33 cg021)
    before = {ref for g in groups if g.sentence == number - 1 and not g.reference for ref in g.floors}
    return bool(floors) and bool(_TURNS_BACK.search(sentence, 0, floors[0].start())) and again == before


def _superseded(groups: list[_Group], at: int, sentence: str, kept: set | None = None, why: str = "说以后面的为准") -> None:
    """The rulings before sentence `at` of floors not ruled again from there on, where the post says which of its words
    stand (「6楼无效。抱歉写错了，7楼无效，以这行为准」): was the floor wrong, or the verdict? They wait for the director."""
    kept = kept if kept is not None else {ref for g in groups if g.sentence == at for ref in g.floors}
    for group in groups:
        if group.sentence < at and not group.reference and not set(group.floors) & kept:
            group.unread.append(f"「{_clip(sentence)}」{why}：前面这一楼的裁定还算不算，请导演确认")
            group.doubted = group.unread[-1]


_TURNS_BACK = re.compile(r"等下|等等|等一下|重说|重新说|改口|说错|写错|看错|打错|判重|判错|搞错|弄错|不对|看岔|看串|看走眼|数错")
# A dash and a word that turns back on what came before it (「——不对，」「—等下，」), in the sentence of the words it turns on
_DASH_TURN = re.compile(r"(?:——|—|--)\s*(?:不对|等下|等等|等一下|啊不|呃不|不不|错了|说错|写错|看错|看串|看岔|口误|手滑)")
# (「以这行为准」: the line it is on stands over the post's earlier words; 「以本条为准」 is the post over earlier posts)
# 「报名帖6楼」「发言贴6楼」「PK帖6楼」: a thread named right before the floor — any but this vote thread (round 60)
_THREAD_BEFORE = re.compile(r"(?P<t>[^\s,，。;；:：!！?？、()（）【】\[\]\d]{1,6}?)\s*(?P<s>帖|贴|楼|區|区)\s*(?:的|里的?|中的?)?\s*第?\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)")
# (the threads other readers know: this vote thread, a day's (第一日投票帖 · 昨天投票帖), a round's (重投楼 · 对决帖), the known
# others (讨论帖 · 竞选帖 · 进程帖 · 案情楼 · 规则帖), a pointer (见本帖 1 楼))
_PLACE_BEFORE = re.compile(r"(?P<p>QQ群|微信群|群聊|本群|群里|贴吧|百度贴吧|微博|朋友圈|直播间|语音频道|语音里|语音|YY频道|频道|论坛外|另一版|老版|旧版|"
                           r"(?i:(?<![a-z])(?:discord|wechat|weibo|tieba|telegram|slack|qq|irc|reddit)(?![a-z])))\s*(?:的|里的?|上的?|中的?)?\s*"
                           r"(?:第\s*)?(?:\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5})")
_THIS_VOTE_THREAD = re.compile(r"投票|重投|对决|竞选|讨论|进程|案情|规则|版务|^(?:本|这|此|该|这个|票|见|见本|原)$")  # (原帖 29 楼: the ballot's own post)
_ITS_ORIGINAL = re.compile(r"(?:他|她|其|TA|ta)\s*(?:的)?\s*原(?:来的?)?票")  # 「至于她原票算不算……晚点补」 (blind15 v069)
_ON_PAGE = re.compile(r"第?\s*[一二三四五六七八九十\d]{1,3}\s*[页頁]\s*(?:的)?\s*第?\s*[一二三四五六七八九十\d]{1,4}\s*(?:楼|层|樓)")
_FLOOR_PART = re.compile(r"\d{1,5}\s*(?:楼|层|樓|#|F|L)\s*(?:的|里的|下面的?|底下的?)\s*(?:楼中楼|点评|评论|回帖|回复)")
_MEANT_ELSEWHERE = re.compile(r"[(（]\s*(?:指|是指|指的是|说的是|这是说)\s*(?!今天|本帖|这里|投票帖|这一?轮|本轮)[^)）]{0,10}(?:帖|贴|区|轮|局|天|日|周|场|次)[^)）]{0,3}[)）]|"
                              # (not 「（厨师 昨天已出局）」「（房屋已在第一天公示）」: said of the player — blind33 cg035, blind45 cs061)
                              r"[(（](?![^)）]*(?:出局|死亡|阵亡|死了|被投出|被刀|被放逐|公示|公布|公开|宣布|亮明|翻牌))[^)）]{0,4}(?:上周|上个月|去年|前年|上回|上次|大前天|前天|昨天|昨日|上一?天|前一天|上一?轮|那局|上一?局|"
                              r"第\s*[\d零〇一二三四五六七八九十]{1,3}\s*[天日轮]|版块|板块|另一个|别的|其他)[^)）]{0,8}[)）]")
_PRECEDENT = re.compile(r"(?:跟|和|与|同|像|如同|参照|参考)[^,，。;；]{0,12}(?:一样|那次|那回|那样|同理|一个道理|类似)|同理|先例|前例")
_EARLIER_VERSION = re.compile(r"上一版|上个版本|前一版|旧版|上一条|上一帖|之前那版|原先那版|上次发的|刚才发的那")
_STANDS_HERE = re.compile(r"以(?:这|此|下面?|后面?)\s*(?:一)?\s*(?:行|句|段)\s*为准|"
                          r"以\s*(?:补充|更正|修正|订正)\s*(?:后的?|的)?\s*(?:内容|部分|这条|那条)?\s*为准")  # (blind41 co054: 「以补充为准」)
_EDIT_BEFORE = re.compile(r"(?:编辑|修改|改动?)\s*(?:之)?前|(?i:before\s+the\s+edit)")
_STANDS_THIS = re.compile(r"以(?:本|这|此)\s*(?:一)?\s*条\s*为准")
_APOLOGY = re.compile(r"抱歉|不好意思|(?i:sorry|my bad)")
# What a correction says it corrects to: a floor, a verdict, 「应为 / 其实是 / 改成 X」
_CORRECTED_TO = re.compile(r"\d|楼|#|应为|应该是|应是|其实是|实际是|改为|改成|更正为|无效|有效|计为|算作|不算|不计|作废|弃权|(?i:should\s+be|meant)")
_SELF_CORRECTION = re.compile(r"(?:我|上面|上边|刚才|前面|以上|之前|前一句)[^,，。]{0,4}(?:写错|打错|说错|搞错|弄错|记错|看错|错了)|"
                              r"啊不|呃不|哦不|不不|(?<![a-z])sorry|(?<![a-z])oops|抱歉|不好意思|my bad|"
                              # (「6楼无效——不对，7楼无效」: 不对 a clause of its own, after words of the sentence, turns back on them; 「格式不对」 is a reason)
                              r"(?<=\S)(?:[,，;；!！?？(（]|—)\s*(?:啊|哦|呃|嗯|唉)?\s*不对\s*(?=[,，。!！;；]|—|$)|"
                              # (…or opening a sentence that rules: 「6楼无效。不对，7楼无效。」)
                              r"^\s*(?:啊|哦|呃|嗯|唉)?\s*不对\s*[,，](?=[^。\n]*(?:无效|有效|作废|不算|不计|弃权|计为|算))|"
                              r"^\s*[【\[]?(?:更正|纠正|订正)|(?:更正|纠正)(?:一下|如下)"
                              # the director's own slip, opening its clause (no player is its subject): 「口误，7楼无效」「啊，看串了，应该
                              # 是7楼」「手滑，是7楼」; a correction in brackets 「（修正：7楼）」; one ruled floor turned into another
                              # 「6楼无效 → 7楼无效」 (hostile round 59)
                              r"|(?:^|[,，。;；!！?？(（])\s*(?:(?:啊|哦|呃|嗯|唉|哎)\s*[,，]?\s*)?(?:口误|手滑|手误|笔误|看串|串楼|看岔|眼花|搞混|弄混)|"
                              # (「3楼无效。说错了，是4楼无效」「等下，写错了，4楼无效」: a sentence that opens with a slip no one is the subject of,
                              # a verdict after it — the director's own; 「…，写错，无效」「有人说…，看错了」 mid-sentence are the player's)
                              r"^\s*(?:(?:啊|哦|呃|嗯|唉|哎|等下|等等|等一下)\s*[,，]?\s*)*(?:(?:说|写|打|搞|弄|记|看)错了?\s*[,，]\s*)?"
                              r"(?<=[,，])(?=[^。\n]*(?:无效|有效|作废|不算|不计|弃权|计为|算))|"
                              # 「26楼无效——等下，看错了，无效的是28楼」: a verdict interrupted in its own sentence (blind27 ca031)
                              r"(?:\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5})[^,，。;；\n]{0,8}?(?:无效|有效|作废|不算|不计|弃权)\s*(?:[,，;；]|——|—)\s*"
                              r"(?:等下|等等|等一下|看错了?)|"
                              r"(?:^|[(（,，])\s*(?:修正|订正|纠正)\s*[:：]\s*第?\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)|"
                              r"\d{1,5}\s*(?:楼|层|樓|#|F|L)[^,，。;；\n]{0,8}(?:→|->|=>|⇒)\s*第?\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)", re.I)


_POST_DELETED = re.compile(r"(?:自己|本人|他|她|作者)\s*(?:把\s*(?:这|那)?(?:帖|楼|票)\s*)?删(?:了|掉|除)|删(?:了|掉)?\s*(?:自己的?|原来的?)?\s*(?:投票)?(?:帖|楼|贴)|"
                           r"该帖已经?被删除|无效楼层|被删除|删之前|删了就")
_PROXY_TAKEN_BACK = re.compile(r"(?:撤回|撤销|收回|作废|取消)\s*(?:上面|上边|上一?条|前面|这条|那条)?\s*的?\s*代投|代投\s*(?:撤回|撤销|收回|作废|取消)")
_THE_REST = re.compile(r"^\W*(?:别的|其他的?|其它的?|其余的?|剩下的?|剩余的?|另外的|(?i:the\s+rest|everything\s+else|anything\s+else|others?\b))")


def _takes_back(blockers: set[str], sentence: str, rules: bool, after: bool, tokens: list[Token],
                floors: bool = False) -> str | None:
    """Why a sentence makes the whole post rule nothing: it gives an example (举个例子：如果18楼…), puts the post off
    (暂定 · 等我确认), takes it back (以上作废 · 开玩笑的), or the director corrects the director without saying
    which floor — or interrupts a ruling (18楼无效，啊不对，是19楼) rather than heading a correction (【更正】18楼有效)."""
    if "EXAMPLE" in blockers:
        return f"「{_clip(sentence)}」是在举例子，不是裁定：这一帖的裁定都不采用"
    if "RETRACT" in blockers and not _only_reason(sentence) and not floors and not _PROXY_TAKEN_BACK.search(sentence) \
            and not _POST_DELETED.search(sentence):
        # (not 「——撤回上面的代投。……以 26楼 为准」: the director's proxy taken back, read as such by grammar/director.py — blind48 cv048)
        return f"「{_clip(sentence)}」：这一帖收回了说过的话，裁定都不采用"
    if "PENDING" in blockers and not rules and not floors and not _PENALTY.search(sentence) and not _THE_REST.match(sentence):
        # (「别的晚上电脑上再说」: the rest put off — what the post did rule stands, blind27 ca012)
        return f"「{_clip(sentence)}」：这一帖的裁定还没有定，都不采用"
    corrected = _SELF_CORRECTION.search(sentence)
    if corrected and _APOLOGY.fullmatch(corrected.group()) and not _CORRECTED_TO.search(sentence):
        corrected = None  # 「这是我的失误，抱歉，孔方兄 要骂就骂我。」: an apology that corrects nothing (blind41 co015)
    if corrected and _EARLIER_VERSION.search(sentence):
        corrected = None  # 「（上一版写成 #71，手滑，是 #17）」: the slip was an earlier version's; this post's words are the mended ones
    if corrected and re.search(r"问\s*(?:我|导演|一下)?\s*(?:是不是|是否|有没有|会不会)?\s*$", sentence[:corrected.start()]) and \
            re.search(r"是不是|是否|有没有|会不会", sentence[max(0, corrected.start() - 6):corrected.end()]):
        corrected = None  # 「有人私信问我是不是打错了，规则按写的算」: a question someone asked, retold (blind46 ct045)
    if corrected and _reason_in_brackets(sentence, corrected):
        corrected = None  # 「38楼 那条代投作废（我贴错了对象）」: why the floor is void, in brackets after the verdict (blind59 dg050)
    if corrected and not rules and after:
        return f"「{_clip(sentence)}」像是更正了前面的话，但没写更正的是哪一楼：裁定都不采用"
    if corrected and rules and not _correction_heading(tokens):
        return f"「{_clip(sentence)}」里有改口（{corrected.group()}）：哪一句算数，请导演重新发一帖"
    return None


_IF_ELSE = re.compile(r"如果|假如|要是|若是|否则|不然的话|(?i:\bif\b|\botherwise\b)")
_CONCEDED = re.compile(r"(本来|本应|照理|按理说?)\s*(?:是|应该)?\s*(不算|不认|不计|无效|作废|不能算)([^。\n]{0,6}?[，,;；]\s*(?:但|不过|可是|可|然而))")
_NOT_WHOSE = re.compile(r"不(?:算|计|是|算作|计为)\s*([^\s,，。;；:：的]{1,12})\s*(?:自己|本人)?\s*的")


def _relay_owned(one: dict, other: dict, one_words: str, other_words: str) -> dict | None:
    """Two verdicts on one floor that are one ruling: that it is not the poster's own ballot (「不算 丝绸 的票」) and whose ballot
    it is (「计为 亚麻 投 香云纱」) — a relay the voter confirmed. The voter's; None where they are not that."""
    for void, owned, said in ((one, other, one_words), (other, one, other_words)):
        whose = _NOT_WHOSE.search(said)
        if void["verdict"] == "invalid" and owned["verdict"] in ("for_voter", "belongs") and owned.get("voter") and \
                whose and whose.group(1) != owned["voter"] and owned["voter"] not in said:
            return owned
    return None


def _spelling_fixed(sentence: str, fixed: re.Match) -> bool:
    """A bracket that mends how the floor before it was typed, the same number (「23喽（打错了，23楼）」), and says no verdict:
    which floor is ruled does not change."""
    before = re.search(r"(\d{1,5})\s*\S?\s*$", sentence[:fixed.start()])
    numbers = set(_FLOOR_NUMBERS.findall(fixed.group()))
    return bool(before) and numbers == {before.group(1)} and not _VERDICT_WORD.search(fixed.group())


def _reason_in_brackets(sentence: str, said: re.Match) -> bool:
    """A slip owned inside brackets after a verdict, the brackets naming no floor and no verdict (「作废（我贴错了对象）」): the
    reason for the verdict — what was wrong with the ballot — not the director turning back on the ruling."""
    opened = max(sentence.rfind("（", 0, said.start()), sentence.rfind("(", 0, said.start()))
    closed = min((i for i in (sentence.find("）", said.end()), sentence.find(")", said.end())) if i >= 0), default=-1)
    if opened < 0 or closed < 0 or re.search(r"[)）]", sentence[opened + 1:said.start()]):
        return False
    inside = sentence[opened + 1:closed]
    return not _FLOOR_ANY.search(inside) and not _VERDICT_WORD.search(inside) and bool(_VERDICT_WORD.search(sentence[:opened]))


# What is put off may be a card for the player (蓝牌一张，判罚另行公布), not the ruling on the ballot.
_PENALTY = re.compile(r"判罚|黄牌|蓝牌|红牌|牌一张|诈尸|禁言|潜水")


_APOLOGY = re.compile(r"(?i)抱歉|不好意思|对不起|见谅|道歉|道个歉|说声|跟|向|给|对|了|哈|啊|呀|sorry|my\s+bad|apolog\w*|to|so")
_VERDICT_SAID = re.compile(r"有效|无效|作废|不算|不计|计为|算作|算给|记为|视为弃权|按弃权|按原票|维持原判")  # (anywhere in a sentence)
_VERDICT_ALONE = re.compile(rf"^\W*(?:改判|改为|应为|应该是|应判)?\s*(?:{_VERDICT_SAID.pattern})")  # (opening it)
def _laughs_at_its_verdict(sentence: str) -> bool:
    """A laugh or a wink in the clause of a verdict (the emoticon's own 「;」 no clause break)."""
    for tag in tagging.tag(sentence):
        if tag.is_("laugh") and not (tag.text == "〔表情〕" and _TAIL_BALLOT.search(sentence[tag.end:])
                                     and _VERDICT_WORD.search(sentence[:tag.start])):
            # (a board face followed by the reason, 「26# 有效{:037:} 对象和理由写在一行是允许的」: the reason's tone — blind1 b014)
            start = max((m.end() for m in re.finditer(r"[,，。;；!！?？]", sentence[:tag.start])), default=0)
            cut = re.search(r"[,，。;；!！?？]", sentence[tag.end:])
            clause = sentence[start:tag.end + (cut.start() if cut else len(sentence))]
            if _VERDICT_WORD.search(clause) or re.search(r"(?i)(?<![a-z])(?:in)?valid|void|counts?(?![a-z])", clause):
                return True
    return False


_CARRIED_OVER = re.compile(r"(?:这|本|今)\s*(?:局|轮|天|帖|里)[^,，。;；\n]{0,4}(?:照旧|同样|一样|也是|也这样|照此|沿用|照办)|照旧|沿用")
_WHEN_IT_HAPPENED = re.compile(r"(?:在|于|从|自从|自)\s*$")
# 「八哥 第二天已经发动【若愚】」「他第一天就出局了」: the day something happened, told after it (blind35 ci019: read as the
# ruling's own day)
_HAPPENED_THEN = re.compile(r"\s*(?:就|已经|已|曾经|曾|便|刚)?\s*(?:发动|出局|死|翻牌|被[^\s,，。]{0,4}(?:出局|放逐|处决|杀|票出)|用了|用掉|使用)")
_HEADED_CORRECTION = re.compile(r"^\W*(?:更正|纠正|订正|修正|改判|正确的是|应为)\s*(?:一下|如下)?\s*[:：】\]]")


def _corrected_below(floors: set, below: list[str]) -> bool:
    """A later sentence headed as a correction (更正：…) names every floor of `floors`."""
    numbers = {ref[1] for ref in floors if ref[0] == "floor"}
    return bool(numbers) and len(numbers) == len(floors) and any(
        _HEADED_CORRECTION.match(line) and numbers <= {int(n) for n in _FLOOR_NUMBERS.findall(line)}
        for line in below)


def _correction_heading(tokens: list[Token]) -> bool:
    """更正：18楼有效 · 【更正】: a correction the director heads, not an interruption."""
    words = [str(t).strip("【[ —-─~～*") for t in tokens]
    words = [w for w in words if w and w not in ("】", "]")]
    if words[:1] in (["裁定"], ["导演裁定"], ["判定"]):
        words = words[1:]  # (「【裁定】更正：3楼有效」: the correction under the ruling's own heading — hostile round 107, case 26)
    return bool(words) and words[0] in ("更正", "纠正", "订正", "修正", "改判")  # (「改判：46楼 改票有效」 blind45 cs067)


def _only_reason(sentence: str) -> bool:
    """「原票作废的理由是……」: 作废 inside a reason about the ballot, not the post taking itself back."""
    return bool(re.search(r"原票|改票|这票|那票|此票|的票|投票(?![帖贴楼])", sentence))  # (投票帖 names the thread)


_RETELLING = re.compile(r"^(?:认为|觉得|说|提出|主张|表示|声称|称|质疑|以为|怀疑)")


def _retold(tokens: list[Token], sentence: str) -> str | None:
    """「令狐冲认为9楼无效，这个说法不对」: a player's claim told, not the director's ruling."""
    first_floor = next((i for i, t in enumerate(tokens) if t.type == "FLOOR"), None)
    for i, tok in enumerate(tokens[:-1]):
        if first_floor is not None and i < first_floor and tok.type == "NAME" and \
                _RETELLING.match(str(tokens[i + 1]).strip()):  # the claim comes before every floor it names
            return f"「{_clip(sentence)}」是在转述{tok}的说法：不是导演的裁定"
    if first_floor is not None and _OWN_EARLIER_WORDS.search(sentence[:tokens[first_floor].start_pos]) and not re.search(
            r"改为|改判|更正为|现改为|改成|应为|应该是", sentence[tokens[first_floor].start_pos:]):
        # (not 「上午我说 29楼 不计 是看错了人，改为计入 剃刀」: the sentence says what it is now — blind11 l066)
        # 「更正：我上午说 #19 无效，是我看错了。」: the director's own earlier ruling retold — what this post rules comes after it
        # (rulings/blind46 ct013: #19 voided again)
        return f"「{_clip(sentence)}」是在转述导演自己先前说过的话：不是这一帖的裁定"
    return None


_EARLIER = r"上午|下午|早上|中午|晚上|昨天|昨晚|刚才|刚刚|之前|先前|此前|早先"
_OWN_EARLIER_WORDS = re.compile(rf"(?:(?:{_EARLIER})\s*我|我\s*(?:{_EARLIER}|前面|上一?帖|上面))\s*(?:那条|那帖|那句|那个帖子|发的)?\s*"
                                r"(?:说|讲|判|写|裁定?|公布)(?:过|的|了)?\s*[^，,。;；]{0,4}$")


# A negation that governs the verdict after it: nothing between them but a modal and a judging verb (不予认定 · 没必要判 · 不按 ·
# 无需视为) — not one inside the reason before it (「未引用原票无效」: the ballot did not quote; it is void).
_NEG_NEAR = re.compile(r"(?:[谈算称说够]不上|不|没|未|无须|无需|毋须|(?<![分区特类级告辨性])别|莫|勿)\s*(?:予以|予|必要|用|需要|须|该|应该|应|能|可以|可|打算|准备|会)?\s*"
                       r"(?:认定为|认定|判定为|判定|判为|判|定为|定|视为|算作|算|按|计为|认为|当作|作)?\s*$")
_DENIED = re.compile(r"(?<!也)(?:不是|并非|并不|绝非|不算|不应|不该|不属于|不能算|不能视为)\s*(?:视为|视作|算作|算|作为|判为|判|是|为|当作)?\s*"
                     r"(?:无效|有效|弃权|作废|废票)")


# The verdict a denied one means, said plainly after it in the same sentence (not itself denied)
_SAID_PLAINLY_AFTER = {"有效": re.compile(r"[,，]\s*(?:所以|因此|故|应|应该)?\s*(?:判为?|算|视为|计为)?\s*(?:无效|作废)\s*[。.!！]?\s*$"),
                       "无效": re.compile(r"[,，]\s*(?:所以|因此|故)?\s*(?:判为?|算|视为|计为)?\s*有效\s*[。.!！]?\s*$")}


# A verdict named as a claim and the claim rejected (「7楼无效的说法不成立」「7楼无效这个判断是错的」「这是黄蓉的意见，我不同意」),
# or every floor but the one named (「除7楼外全部有效」): the floor is not ruled the way the verdict word says — the director's.
_CLAIM_REJECTED = re.compile(
    r"(?:说法|判断|判定|意见|看法|观点|提法|结论|之说)\s*(?:是|也)?\s*(?:不成立|不能成立|站不住|是错的|错了|不对|有误|不正确|不准确)|"
    r"(?:我|导演组|导演)\s*(?:并|可)?\s*(?:不同意|不认同|不赞同|不采纳|不接受)|"
    r"(?<![删去剔排开免解拆扣革切消])除(?:了)?[^。;；\n]{0,20}?(?:外|以外|之外|都|全部|其余|其他)|(?i:(?<![a-z])except(?![a-z]))")


# A verdict talked about rather than made — the floor and its verdict as the subject of what follows, glued to it
# (「7楼无效纯属谣言」「7楼无效一说站不住脚」「7楼无效这话我没说过」「说7楼无效是不对的」), or as words someone said
# (「所谓7楼无效是误传」) — and a floor named as the exception (「7楼之外均有效」): whatever is said of the claim, no ruling.
_TALKED_ABOUT = re.compile(
    # 「早上我说 17楼 无效，是我看漏了」: the director's own earlier ruling recalled and owned as a slip — told, not made (blind32 cf039)
    # (「刚才 20:10 我说 50樓 是关门前一小时内的改票、不计——实际发帖时间是 19:58」: blind35 ci067)
    r"(?:早上|上午|中午|下午|晚上|昨晚|之前|刚才|刚刚|先前|前面|那会儿?)\s*(?:\d{1,2}[:：]\d{2}\s*)?(?:我)?\s*(?:说|判|裁定?|讲|写)(?:了|过|的)?\s*(?:第\s*)?\d{1,5}\s*(?:楼|层|樓|#|F|L)"
    r"[^。;；\n]{0,16}?(?:无效|有效|作废|弃权|不算|不计)[^。;；\n]{0,6}?(?:看漏|漏看|看错|搞错|弄错|判错|说错|写错|错了|有误|失误|疏忽|实际上?|其实)"
    r"(?![^。;；\n]*(?:改为|改成|改判|应为|应该|计为|计入|算作|算为|有效|无效))|"  # (not 「…是看错了人，改为计入 剃刀」: it rules)
    r"(?:无效|有效|弃权|作废|不算|废票)\s*(?:是(?!因为|由于|鉴于|因|肯定|确定|没问题|正确|对的)|一说|之说|这话|这句话|这种?说法|这个说法|的说法|"
    r"的传言|的消息|纯属|属于|站不住|不成立|不是我|我(?:可|从|并)?(?:没|未)|谁说|这种话|这回事|这件事|这事)|"
    r"(?:什么时候|哪里|哪儿|何时|几时)(?:说|裁|判|讲)过\s*(?:第\s*)?\d+\s*(?:楼|层|樓|#|F|L)|"
    r"(?:那句|这句|那条|这条|那个)\s*(?:第\s*)?\d+\s*(?:楼|层|樓|#|F|L)[^,，。;；]{0,6}(?:不算|不作数|作废|收回|撤回)|"
    r"(?:没|从没|从未|未曾|并没|并未)(?:有)?\s*(?:裁|判|说|讲|宣布)(?:过|定|了)?\s*(?:第\s*)?\d+\s*(?:楼|层|樓|#|F|L)|"
    r"(?:所谓|据说|听说|传言|谣传|有人说|谁说|你说|他说|她说|大家说|群里说|说的|判的|裁的)\s*(?:第\s*)?\d+\s*(?:楼|层|樓|#|F|L)|"
    r"\d+\s*(?:楼|层|樓|#|F|L)\s*(?:之外|以外|除外)|"
    r"(?:有效|无效|作废|弃权)\s*(?:的)?\s*(?:票)?\s*(?:不含|不包括|不包含|除了|除去|排除|没有)", re.IGNORECASE)  # 「有效票不含7楼」


# …and in English (「Not ruling #6 invalid.」「#6 is not void.」「#6 isn't invalid」: the hostile round 64 — each applied as the verdict)
_DENIED_EN = re.compile(r"(?i)(?<![a-z])(?:not|isn[\x27’]t|aren[\x27’]t|wasn[\x27’]t|never|no longer|won[\x27’]t(?:\s+be)?|will not|don[\x27’]t|do not)\s+"
                        r"(?:(?:be|being|rule|ruling|ruled|call|calling|called|consider|considered|count|counting|counted|treat|treating|treated|"
                        r"make|making|declare|declaring|as|it|this|that)\s+)*"
                        r"(?:#\s*\d+\s+|\d+\s*(?:楼|层|樓|F|L)\s*)?(?:void|invalid|valid|voided|null)(?![a-z])")


# 「我不会判6楼无效的」「不打算算6楼无效」: the verdict said not to be made, the floor between
_DENIED_WILL = re.compile(r"(?:不会|不打算|没打算|不准备|不想|不至于|犯不着)\s*(?:判|裁定|裁|算|认定|定)[^,，。;；]{0,12}?(?:无效|有效|作废|弃权|不算)")
# 「副导说6楼无效」「小昭自己说6楼无效」「群里都说6楼无效」「欧阳克请求把6楼作废」「I heard #6 is invalid」: a verdict said, asked or
# heard by someone else — reported, not made (the hostile round 66)
_SAID_BY_OTHERS = re.compile(r"^\W*(?!我|简单|再|就|先|刚|上午|下午|中午|今早|今天|昨|早上|晚上|之前|前面|导演|本导|主持)"
                             r"[^,，。;；:：\s]{1,8}?(?:都|也|自己|私下|私信我?|跟我)?\s*(?:说|认为|觉得|请求|申请|要求|提议|建议|举报|反映)"
                             r"(?:我)?\s*(?:把|将)?\s*(?:第\s*)?(?:\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5})|"
                             r"(?i:(?<![a-z])(?:i\s+heard|heard\s+that|they\s+say|someone\s+said|people\s+say|apparently|"
                             r"(?:someone|somebody|people|they|he|she|\w+)\s+told\s+me)(?![a-z]))")
# 「有人说它跟6楼一样无效，不成立」: someone's claim, rejected
_CLAIM_SAID_REJECTED = re.compile(r"(?:有人|别人|他们|大家|谁)\s*(?:说|认为|觉得|讲)[^。;；\n]{0,24}?(?:无效|有效|作废|弃权|不算)[^。;；\n]{0,8}?"
                                  r"(?:不成立|不对|错了|站不住|没道理|不是这样)")


def _denied(sentence: str) -> str | None:
    if (reported := _SAID_BY_OTHERS.search(sentence)) is not None:
        return f"「{_clip(sentence)}」是别人说的、请求的或听来的（「{reported.group().strip(',，。;；:： ')}」），不是导演的裁定"
    found = _DENIED.search(sentence) or _DENIED_EN.search(sentence) or _DENIED_WILL.search(sentence) or \
        _CLAIM_SAID_REJECTED.search(sentence)
    if found and _SAID_PLAINLY_AFTER.get(found.group()[-2:], re.compile("(?!)")).search(sentence, found.end()):
        found = None  # 「…，不是有效投票，无效。」: the denial, then the verdict it means said plainly (blind42 cp057)
    if found:
        return f"「{_clip(sentence)}」说的是「{found.group()}」：否定的说法不是确定的裁定"
    talked = _TALKED_ABOUT.search(sentence)
    if talked:
        return f"「{_clip(sentence)}」是在谈论一个裁定或把这一楼除外（「{talked.group()}」），不是确定的裁定"
    claim = _CLAIM_REJECTED.search(sentence)
    return f"「{_clip(sentence)}」里的裁定被否定或只是除外的说法（「{claim.group()}」）：不是确定的裁定" if claim else None


def _asked_in_its_reason(sentence: str, tokens: list[Token]) -> bool:
    """Every question of the sentence stands in its reason: after a dash that follows the sentence's last verdict, with no
    floor after the dash (「20# 无效——…全场十四张剪纸谁不是纸？」) — a rhetorical question, not one about the ruling."""
    verdicts = [t.start_pos for t in tokens if t.type in _VERDICT_START]
    dash = sentence.find("——", max(verdicts) if verdicts else len(sentence))
    if not verdicts or dash < 0:
        return False
    after = [t for t in tokens if t.start_pos >= dash]
    if re.search(r"谁(?:说|讲|判|定|裁)|说的|吗|呢|对不对|是不是|是否|行不行|可以不|(?i:right|ok)\s*[?？]", sentence[dash:]) or \
            len(re.findall(r"[\u4e00-\u9fff]", sentence[dash:])) < 8:
        return False  # 「6楼无效——谁说的？」「——对吧？」: the ruling itself questioned, or a short aside that asks of it
    return not any(t.type in ("FLOOR", "RANGE") or t.type in _VERDICT_START for t in after) and \
        all(t.start_pos >= dash for t in tokens if t.type == "QUESTION")


# (「暂时按无效处理，仍计 14楼 的 韩非」: the ballot that still counts — blind65 dl025, applied under 暂时)
_ORIGINAL_STANDS = re.compile(r"原票|原来的票|原先的票|之前的票|按\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)|仍\s*(?:计|算|按|记|是)\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)")
_TENTATIVE = re.compile(r"(?:无效|有效|弃权|作废|不算|计为\S{1,12}?)(?:的|了)?吧")  # 「2楼无效吧。」: a verdict proposed, not made


def _hedged(blockers: set[str], sentence: str) -> str | None:
    if _TENTATIVE.search(sentence):
        return f"「{_clip(sentence)}」有不确定的说法：不是确定的裁定"
    for kind, words in (("QUESTION", "是一个问题"), ("HEDGE", "有不确定的说法"), ("PENDING", "还没有定")):
        if kind in blockers and not (kind == "PENDING" and _PENALTY.search(sentence)):
            return f"「{_clip(sentence)}」{words}：不是确定的裁定"
    return None


# A sentence that sets a rule from now on (今后 · 今天起 · 以后): its verdict word is the rule's, not one for the floor above it.
_GENERAL = re.compile(r"今后|以后|往后|今天起|从今天|从现在起|明天起|下次起|下一天起|下[一个]?\s*(?:白天|天|轮|回合|日)\s*(?:开始|起)|"
                      # (「从第三天起……像 20楼 那种……到时候一律不计」: a rule for a later day — blind56 dd013, applied to today's 20楼)
                      r"(?:从|自)\s*第\s*[一二三四五六七八九十\d]{1,2}\s*[天日轮]\s*(?:起|开始)|到时候|"
                      r"(?i:from\s+(?:now|today|tomorrow|next|day\s*\d)|going\s+forward)|"
                      # 「按规则，无效票及时联系导演可以更正」: what the rules allow, stated — a rule, not a verdict (blind24 o061)
                      r"(?:按|根据|依|依照|按照)\s*规则[^。\n]{0,24}?(?:可以|允许|必须|须|需要|应当|才能)|"
                      r"^\W*(?:提醒|补充规则|规则第|规则重申|另|PS|P\.S|注|附|顺便说|(?i:reminder|psa|fyi))[^:：\n]{0,12}[:：]")  # (「提醒：截止后的票都作废」)


def _general_clauses(tokens: list[Token]) -> list[Token]:
    """A clause with no floor of its own that asks something of every player (请 · 务必 · 记得 · 自觉): its verdict words
    are the request (「6楼格式没问题，弃权的请直接写弃权」), reason text for the floor before it."""
    text = "".join(map(str, tokens))
    if not _ASKS_PLAYERS.search(text):
        return tokens
    bounds, offset = [], 0
    for t in tokens:
        bounds.append((offset, offset + len(str(t))))
        offset += len(str(t))
    out, at = list(tokens), 0
    for cut in [*(m.end() for m in re.finditer(r"[,，;；。:：!！]", text)), len(text)]:
        inside = [i for i, (x, y) in enumerate(bounds) if x < cut and y > at]
        if _ASKS_PLAYERS.search(text[at:cut]) and not any(out[i].type in ("FLOOR", "RANGE") for i in inside):
            for i in inside:
                if out[i].type in _VERDICT_START or out[i].type == "COUNT":
                    out[i] = Token("TEXT", str(out[i]), start_pos=out[i].start_pos, end_pos=out[i].end_pos)
        at = cut
    return out


# A question after a ruling that asks whether it is right (对吧 · 觉得呢 · 有异议吗 · 可以吗 · 同意吗 · 怎么看 · ok?)
_ASKS_AGREEMENT = re.compile(r"(?:对吧|是吧|对不对|是不是|觉得呢|觉得如何|觉得怎么样|怎么看|有异议|有意见|有问题|有不同意见|"
                             r"同意|可以|行|合理|没问题吧|ok|OK|okay|agree|objections?)\s*(?:吗|嘛|么|呢)?\s*[?？]+\s*$|"
                             # 「大伙儿没意见吧」「没毛病吧」: consent asked without a question mark (the hostile round 61)
                             r"(?:没意见|没有意见|没异议|没有异议|没毛病|没问题|可以|行|没错)\s*吧\s*[?？!！。~]*\s*$|"
                             r"(?:你们|大家|各位|大伙儿?)\s*(?:怎么看|觉得呢|觉得如何|觉得怎么样|意下如何|有意见没)\s*[?？!！。~]*\s*$", re.I)
_SHORT_BRACKET = re.compile(r"[(（][^()（）\n]{1,14}[)）]")
_ASKS_PLAYERS = re.compile(r"请|务必|记得|自觉|改了")  # (「另：关门前一小时不能改票，改了算无效」: a rule said to all)
# Whom a sentence speaks to: a player or everyone by name or title at its head (「知县大人，」「比干：」「各位，」), or what they
# should do from now on (以后请 · 下次)
_TO_PLAYERS = re.compile(r"^\W*(?:\S{1,8}?(?:大人|同学|兄|姐|哥|君|老师|们)|各位|大家|诸位|小伙伴们?)\s*[,，:：]|以后|今后|下次|往后|"
                         r"(?:请|记得|麻烦)\s*(?:大家|各位|你|您)?\s*(?:回复|发帖|投票|改票|引用|看|到|去|注意|写)")


def _said_to_players(sentence: str, roster: Roster | None) -> bool:
    """The sentence is said to the players (see _TO_PLAYERS), or opens on a player's name and a comma (「比干：」)."""
    if re.search(r"我|本导|导演组", sentence) and not re.search(r"以后|今后|下次|往后", sentence):
        return False  # 「各位，我再想想」: the director's own doubt, whoever it is said to
    if _TO_PLAYERS.search(sentence):
        return True
    head = re.match(r"^\W*(\S{1,12}?)\s*[,，:：]", sentence)
    return bool(head and roster is not None and roster.pattern is not None and roster.pattern.fullmatch(head.group(1)))


# a floor of an earlier round (「首轮7楼」「首轮投票帖的7楼」), or 「重投 7楼」 bare
_OTHER_ROUND = re.compile(r"(?:首轮|第一轮|上一轮|本轮之前|初投|初轮|首投)[^,，。;；!！?？]{0,8}?\d+\s*(?:楼|层|樓|#|F|L)|重投\s*(?:第\s*)?\d+\s*(?:楼|层|樓|#|F|L)")
# A floor named in a remark to its player (注意格式 · 辛苦了 · 可以再充实点 · 别刷屏): not waiting for a verdict — a verdict in a
# later sentence (a rule restated, 「另：…改了算无效」) is not its ruling (hostile round 53: each voided the floor).
_REMARK = re.compile(r"注意|辛苦|可以再|记得|提醒|别刷|不要刷|谢谢|感谢|欢迎|加油|收到|满分|不错|很好|挺好|没问题|没毛病|漂亮|下次|以后注意")
_REPORTED_ASK = re.compile(r"(?:又|还|也|跑|来|私信|站内信)\s*问|问(?:过|了|我|导演)|(?i:asked|asks|asking)\s*(?:me|whether|if)")
# A verdict's own subject after a clause break: this proxy, the line or post above (not the floor before it)
_OWN_SUBJECT = re.compile(r"[,，;；]\s*[^,，;；]{0,6}?(?:(?:上面|以上|这|那|此|本)\s*(?:一)?\s*(?:条|张|行)\s*(?:的)?\s*代投|"
                          r"(?:上面|以上|上一)\s*(?:这|那)?\s*(?:一)?\s*(?:条|行|帖))\s*$")
_NOT_THIS = re.compile(r"(?:不是|并非|而非|而不是|并不是)\s*$")


def _pair(pieces: list, number: int, sentence: str, groups: list[_Group], loose: list, cut: bool = False,
          named: bool = True, crossed: bool = True) -> list[_Group]:
    """Each floor list of the sentence with the verdicts after it (or before it: 「均无效：5楼、7楼」)."""
    made: list[_Group] = []
    ahead: list[tuple[dict | None, str]] = []  # verdicts before any floor of the sentence
    current: _Group | None = None
    text_since = ""  # the words since the current floors: a reference word, or a name right after them
    elsewhere = ""  # a thread named before the floors: 进程帖12楼 are the process thread's
    ruled_just = False
    listed: list[_Group] = []  # the groups of the current floor's list before it
    given = False  # the verdicts before the floors went to them
    before: list[str] = []  # names before the sentence's first floor: the first floor's words
    original_at = -1  # where the last floor said to be the original that counts stands (「不算 原票8#礁石照算」)
    for index, piece in enumerate(pieces):
        kind = piece[0]
        if kind not in ("verdict", "sep", "note", "floors"):
            ruled_just = ruled_just and kind == "text" and not str(piece[1]).strip()
        if kind == "floors":
            floors = piece[1]
            if current is not None and not current.verdicts and not current.unread and not text_since.strip(",:、 ") \
                    and current.author is None:  # (「#7 喜鹊（已出局）、8楼 戴胜」: each floor has its own player)
                current.floors += floors  # 5楼，7楼无效: one list cut by a comma
                continue
            after = "".join(str(p[1]) for p in pieces[index + 1:index + 3] if p[0] in ("text", "sep"))
            open_group = current is not None and not current.verdicts and not current.unread
            if re.search(r"(?:已|已经|刚|快|都)\s*(?:到|过|盖到|排到|发到|写到)了?\s*(?:第\s*)?$", text_since):
                # 「目前投票帖已到 48 楼，……21:00 以后发的帖一律不计」: a point the thread has reached, not a ballot ruled (blind21 p049)
                made.append(_Group(list(floors), number, sentence, reference=True))
                continue
            if len(piece) > 2 and current is not None:
                # 「仍计为 松实玄（11樓）」; 「红伞 仍投 黑伞（第71楼）」「八角 仍投 十三香（见第廿九楼）」: after a void change, the floor in
                # brackets is the original that stands — it counts (blind20 a013, a004)
                kept = bool(current.verdicts and current.verdicts[-1].get("verdict") in ("invalid", "keep_original") and
                            re.search(r"(?:仍(?:然|旧)?|还是|依然|依旧|照旧|维持)\s*(?:投|是|计|算)", text_since))
                made.append(_Group(list(floors), number, sentence, reference=True, original=kept))
                continue
            later = pieces[index + 2] if index + 2 < len(pieces) and pieces[index + 1][0] == "note" else (
                pieces[index + 1] if index + 1 < len(pieces) else None)  # (「以原票 10楼（王维）为准」: the bracket names its ballot)
            before_it = pieces[index - 1] if index else None
            if before_it is not None and before_it[0] == "verdict" and str(before_it[2]).endswith("原票") and later is not None and (
                    later[:3] == ("blocker", "CORRECT", "为准") or later[0] == "text" and str(later[1]).strip()[:1] in ("计", "算")):
                # 「这次改票无效，以原票 10楼（王维）为准」: 以原票 said of the change, and the floor after it is the original that
                # stands — it counts (blind36 cj021: 10楼 read as a change kept to its original)
                made.append(_Group(list(floors), number, sentence, reference=True, original=True))
                continue
            if re.search(r"(?:只|仅|就)\s*(?:认|承认|算|计)\s*(?:第一条|第一个|第一次|第一帖|头一条|前面那条)?\s*$", text_since):
                # 「只认第一条 #44（投 豆浆），#45、#46 不算」: the floor that stands — it counts, and the list after it is another's
                # (blind44 cr017: #44 voided with the two it stands over)
                made.append(_Group(list(floors), number, sentence, reference=True, original=True))
                text_since = "为准"
                continue
            if "以" in text_since[-6:] and later is not None and later[:3] == ("blocker", "CORRECT", "为准"):
                # 「以第一次 11楼 为准，15楼 不计」: the floor that stands — it counts
                made.append(_Group(list(floors), number, sentence, reference=True, original=True))
                text_since = "为准"
                continue
            nxt = pieces[index + 1] if index + 1 < len(pieces) else None
            if current is not None and nxt is not None and nxt[0] == "verdict" and re.match(r"\s*的?\s*原(?:来的?)?投?票", str(nxt[2])):
                # 「15楼 不算改票，飞镖 以 5楼 原票为准」: the floor whose original ballot stands — it counts, its verdict is the
                # change's (not 5楼 ruled 「按原票计」 as if it were a change)
                made.append(_Group(list(floors), number, sentence, reference=True, original=True))
                original_at = index
                continue
            # (a verdict's own words too: 「按21楼原票计 三脚架」 — with 三脚架 a player, 「计」 is the verdict's word: blind27 ca009)
            further = "".join(str(p[2] if p[0] == "verdict" else p[1]) for p in pieces[index + 1:index + 7] if p[0] in ("text", "sep", "verdict"))
            # 「改票不成立，仍按 7楼 白骨精 计」「仍是 5楼 的 丁香」「还按你 4# 原来投的 齐羽 计」
            still = re.search(r"(?:仍(?:然|旧)?|还是?|依然|依旧|照旧|维持|保留|保持)\s*(?:按|以|是|计|算|在)?\s*(?:你|他|她)?\s*(?:的|原来的?)?\s*$", text_since)
            # 「草鞋 的票按 第六楼 计（木屐）」「牛仔 stays on his #15 (桑巴)」: whose ballot stands, by which floor — that floor's
            stands = re.search(r"(?i:(?:stays?|remains?)\s*(?:on|with)\s*(?:his|her|their)\s*$)", text_since) or (
                re.search(r"的(?:票|一票)\s*(?:按|以)\s*$", text_since) and re.match(r"\s*(?:计|算|为准)", further))
            said_original = _ORIGINAL.search(text_since) or re.match(r"\s*的?\s*原(?:来的?)?\s*(?:投?票|投的)", after) or still or (
                # 「不算，按 #22 的 冷锋 计」: the floor the ballot is counted by, after the verdict that voids the change (blind24 o052)
                re.search(r"(?:按|(?<![所可予加难足得用])以)\s*(?:你|他|她)?\s*$", text_since) and re.match(r"\s*的?\s*[^\s,，。;；]{1,12}?\s*(?:计|算|为准)", further))
            # (「改票不算，还按你 4# 原来投的 X 计」: the sentence's verdict, before any floor of its own, voids the change — the
            # floor after it is the original that stands, not the verdict's floor)
            voided_ahead = current is None and bool(ahead and ahead[-1][0] and ahead[-1][0].get("verdict") in ("invalid", "keep_original"))
            if stands or said_original and ((current is not None and current.verdicts and current.verdicts[-1].get("verdict") in (
                    "invalid", "keep_original")) or re.match(r"\s*的?\s*原(?:来的?)?投?票\s*(?:计|算|为准)", further)
                    or re.search(r"(?:仍(?:然)?|还是?)\s*(?:按|以)", text_since[-6:]) or voided_ahead or (
                        # 「18# 不计；警长的两票仍在 7# 的跟焦器身上」「取景器仍是 12楼 的三脚架」: still on the floor that stands,
                        # in a sentence of its own, with no verdict after it that says otherwise (blind27 ca019, ca062)
                        re.search(r"(?:仍(?:然|旧)?|依然|依旧)\s*(?:在|是)\s*$", text_since) and not any(
                            p[0] == "verdict" and (p[1] is None or p[1].get("verdict") not in ("valid", "counts_as", "keep_original"))
                            for p in pieces[index + 1:]))):  # (「不算，仍按你 8# 的 嫦娥 计」)
                # 「改票无效，按她 10楼 的原票计」「改票不成立，仍按 8楼 原票计」: the ballot that stands is that floor's — it counts
                made.append(_Group(list(floors), number, sentence, reference=True, original=True))
                original_at = index
                continue
            if re.search(r"(?:不像|不同于|不比|有别于|(?i:unlike))\s*$", text_since) or (
                    re.search(r"(?i)(?:remind(?:er)?(?:\s*(?:to|for))?|note\s*to|提醒一下|提醒)\s*$", text_since) and re.match(r"\s*[:：,，]", after)
                    and not re.search(r"你|您|(?i:(?<![a-z])(?:your?|this)(?![a-z]))", sentence)):
                # (「Reminder to 2楼: votes without reasons are invalid.」: the floor spoken to, the rule said to all — 「提醒 #14：你写的
                # …不计」 rules the floor it speaks to, blind7 j026)
                # 「4楼有效，不像2楼那种写法会被判无效」: a floor set beside for comparison, not ruled (hostile round 70)
                made.append(_Group(list(floors), number, sentence, reference=True))
                continue
            if _told_not_ruled(floors, text_since, sentence, pieces, index):
                made.append(_Group(list(floors), number, sentence, reference=True))
                continue
            if (floors == [("floor", 1)] and _OPENING_SAYS.match(after)) or ((open_group or ruled_just) and (
                    _REFERENCE.search(text_since) or (index and pieces[index - 1][:2] == ("blocker", "THREAD")))) \
                    or _REFERS_BACK.match(after) or (current is not None and current.verdicts and _ORIGINAL.search(text_since)) \
                    or _ORIGINAL_AT.search(text_since) \
                    or _REPLIED_TO.search(text_since):  # 「你这条改票回复的是自己的 5楼」: the floor the ballot replies to
                # 「21楼 改票引用的是杨康的5楼，改票无效」: 5楼 is the ballot's context; the verdict stays 21楼's
                if nxt is not None and nxt[0] == "verdict" and re.search(r"(?:^|[,，、\s])是\s*$", text_since) and open_group:
                    # 「2楼，是5楼无效」: the verdict right after the floor said after 是 — that floor's, or the one before it?
                    # Both wait for the director (hostile round 78: 2楼 voided, 5楼 dropped without a word)
                    why = f"「{_clip(sentence)}」的裁定跟在「是 {_ref_words(floors[0]).strip()}」后面：是哪一楼的裁定，请导演确认"
                    current.unread.append(why)
                    made.append(_Group(list(floors), number, sentence, unread=[why], author=None))
                    current = made[-1]
                    continue
                made.append(_Group(list(floors), number, sentence, reference=True))
                continue
            ruled_just = False
            # 「#7 喜鹊（已出局）、8楼 戴胜」: the next floor of one list, each with its player — one verdict for all
            listed = [*listed, current] if open_group and current.author and not text_since.strip(",:、 ") else []
            current = _Group(list(floors), number, sentence, elsewhere=elsewhere)
            if _GENERAL.search(sentence) and re.match(r"\s*的?\s*(?:这种|这样的?|那种|那样的?|这类|此类|之类)", after):
                # 「以后6楼这种写法一律无效」: a rule from now on with the floor for its example — whether it covers today's 6楼 is
                # the director's (hostile round 69)
                current.unread.append(f"「{_clip(sentence)}」是以后的规则，拿这一楼举例：今天这一楼算不算，请导演确认")
            current.dangling = cut and all(p[0] in ("sep", "text") and not str(p[1]).strip(",:、 。!?;~") for p in pieces[index + 1:])
            made.append(current)
            text_since, elsewhere = "", ""
            continue
        if kind == "verdict":
            verdict, words = piece[1], piece[2]
            if current is None:
                ahead.append((verdict, words))
                continue
            own_subject = _OWN_SUBJECT.search(text_since) or (str(words).lstrip().startswith("代投") and _OWN_SUBJECT.search(text_since + "代投"))
            if not current.verdicts and not current.unread and own_subject and "代投" not in text_since[:own_subject.start()] and \
                    "代投" not in current.words[:current.words.find(str(current.floors[0][1]))]:
                # 「杨康自己在 16 楼投了，上面这条代投不算」: the verdict has a subject of its own — the proxy, the line above —
                # and the floor before it is where the story happened (heldout33 w33_003: 16楼, the player's own ballot, voided)
                current.reference = True
                current, text_since = None, words
                continue
            if original_at >= 0 and verdict is not None and verdict["verdict"] in ("valid", "keep_original", "counts_as") and all(
                    p[0] == "name" or (p[0] == "text" and len(str(p[1]).strip()) <= 4) for p in pieces[original_at + 1:index]):
                # (「仍按12楼代投计古筝」: the original and what it counts for)
                original_at = -1
                continue  # 「原票8#礁石照算」: the original said to count — what its floor is already ruled (it counts)
            # 「18楼一帖两票、26楼作者已被禁言，均作废」: 均 · 都 · 一律 give the verdict to every floor before it
            every = _ALL.search(text_since) or _ALL.match(words)
            if verdict is not None and _SUPERSEDES.search(text_since):
                verdict = {**verdict, "supersedes": True}  # 「18楼 无效，现改为有效」: the verdict after 改为 is the one
            modifier = _unexplained_slot(text_since, pieces, index, crossed) if verdict is not None and not every and not current.verdicts \
                and not current.unread and named else None  # (without a roster a player's name is a word like any other)
            for group in ([g for g in made if not g.verdicts and not g.unread and not g.reference and not g.elsewhere]
                          if every else [g for g in listed if not g.verdicts and not g.unread] + [current]):
                if modifier:
                    # 「6楼看起来无效」「6楼差点就无效了」「6楼的无效申请已收到」: words in the verdict's own clause that are no
                    # ballot's and no link the tool knows — what they do to the verdict is the director's (hostile round 56)
                    group.unread.append(f"「{_clip(sentence)}」里「{modifier}」工具读不准它对裁定的意思：这一楼请导演确认")
                elif verdict is None:
                    group.unread.append(words)
                else:
                    group.verdicts.append(verdict)
            text_since, ruled_just = words, True  # 「以原票（15楼）为准」: a floor right after names the original
            continue
        if kind == "name" and current is not None and not current.verdicts and not text_since and current.author is None:
            current.author = piece[1]  # 18楼 林冲 无效 · 18楼林冲的票
            continue
        if kind == "name" and _NOT_THIS.search(text_since):
            continue  # 「…有效 —— 本局确有 罗 这个角色，不是 罗宾 漏打了字」: a player said not to be meant is explained
        if kind == "name":
            (current.names if current is not None else before).append(str(piece[1]))
        if kind == "note" and current is not None:
            inner = piece[1]
            bracketed = [str(t) for t in inner if t.type == "NAME"]
            if not current.verdicts and not text_since and current.author is None and len(current.floors) >= 2 and \
                    len(bracketed) == len(current.floors) and all(t.type == "NAME" or not str(t).strip(" 、,，/和与及") for t in inner):
                current.authors = bracketed  # one poster per floor, in the order written
                continue
            if not current.verdicts and not text_since and current.author is None and len(inner) == 1 \
                    and inner[0].type in ("NAME", "TEXT") and len(str(inner[0])) <= 12 \
                    and (inner[0].type == "NAME" or not named and not _DESCRIBES.search(str(inner[0]))):
                # (with the roster known, a word in brackets that is no player's name is a note: 「5楼（格式）」)
                current.author = str(inner[0])  # 18楼（林冲）
            else:
                current.names += [str(t) for t in inner if t.type == "NAME"]  # 「有效（罗盘针）」: a player beside the verdict
                if current.verdicts:
                    current.notes.append("".join(map(str, inner)).strip())
            continue
        if kind == "blocker" and piece[1] == "REL" and current is None:
            current = _Group([("relative", None)], number, sentence)
            made.append(current)
            continue
        if kind == "blocker" and piece[1] == "THREAD" and piece[2] not in ("投票帖", "投票贴", "投票楼", "本帖"):
            if current is not None and not current.verdicts and re.fullmatch(r"(?i)\s*(?:in|on|of|from|at)?\s*(?:the)?\s*", text_since):
                current.elsewhere = piece[2]  # 「#6 in the discussion thread」: English names the thread after the floor (round 70)
                continue
            elsewhere = piece[2]  # 讨论帖30楼 · 警长竞选贴 9楼: floors of another thread
            continue
        if kind == "blocker":
            text_since += str(piece[2])  # (a word between two floors: they are no list — 「11楼 为准，15楼 不计」)
        if kind in ("text", "name"):
            word = str(piece[1])
            if elsewhere and word.strip(" 的第里中上"):
                elsewhere = ""  # 「刚在进程帖确认了投票对象……14楼 算 连翘 的票」: the thread is the reason's, not the floor's
            if current is not None and not current.verdicts and _CHANGE_ABOUT.match(text_since + word):
                current.about = "change"  # 「18楼的改票」「18楼 林冲 的改票」: the ruling says the floor is a change
            text_since += word
        elif kind == "sep":
            text_since += str(piece[1])
    first = next((i for i, p in enumerate(pieces) if p[0] == "floors"), None)
    for piece in pieces[:first or 0]:
        # 「（并不）6楼无效」「（假）6楼无效」: a bracket before the sentence's first floor says what the ruling is, as one after
        # its verdict does — read alike (hostile round 71)
        if piece[0] == "note" and (odd := _odd_before(_tail_text(piece).strip("（）() "))):
            _leave_open(made, f"「{_clip(sentence)}」楼层前面的「{odd}」工具读不准它对裁定的意思：这一楼请导演确认")
            break
    last = max((i for i, p in enumerate(pieces) if p[0] == "verdict" and p[1] is not None), default=None)
    if last is not None and (odd := _unexplained_tail(pieces[last + 1:], pieces[last][1].get("target"))):
        # 「6楼无效，笑死我了」「#6 invalid, ok with everyone」「6楼无效，郭靖说的」: words after the verdict, in its sentence, that
        # are neither a reason (the ballot's words) nor courtesy — what they do to the verdict is the director's (hostile round 70)
        _leave_open(made, f"「{_clip(sentence)}」裁定后面的「{odd}」工具读不准它对裁定的意思：这一楼请导演确认")
    if made and before:
        made[0].names[:0] = before
    for group in made:
        if not group.verdicts and not group.unread and ahead and (group is made[-1] or group in listed) and not group.reference:
            if _said_between(sentence, str(ahead[-1][1]), group):
                # 「…this change is invalid — 章鱼's vote stays on 9#」: words of their own between the verdict and the floor —
                # the verdict is not the floor's (blind31 ce017: the original ballot voided); the floor waits
                group.unread.append(f"「{_clip(sentence)}」里的裁定和 {_ref_words(group.floors[0]).strip()} 之间还有别的话：这一楼请导演确认")
                continue
            for verdict, words in ahead:  # 以下均无效：5楼、7楼
                (group.verdicts.append(verdict) if verdict is not None else group.unread.append(words))
            given = True
    if ahead and not given and _GENERAL.search(sentence) and not any(
            v and v["verdict"] in ("counts_as", "for_voter") and v.get("target") for v, _ in ahead):
        # 「7楼理由太短；今天起不写理由的票无效」: a rule from now on — no floor's verdict (a rule names nobody it counts for:
        # 「按规则联系导演可以更正，按铁鞭计」 is the floor's — heldout41 w41_065 had read as nothing at all)
        ahead = []
    if ahead and not given:
        # (a verdict-headed row of a count, 「弃权：河底（20楼改票）」, is about the players it lists)
        loose.append((number, ahead, {str(p[1]) for p in pieces if p[0] == "name"} if _VERDICT_HEAD.match(sentence) else set()))
    groups += made
    return made


# What may stand between a floor and its verdict in one clause, or glued after the verdict, and change nothing: the ballot and
# what is wrong with it (票 · 改票 · 对象 · 理由 · 格式 · 引用 · 关门 …: a reason or the subject), and link words (的 · 也 · 均 ·
# 仍 · 按 · 算作 · 判为 · 视为 · 确实 …). Anything else in that slot — 看起来 · 理论上 · 差点就 · 我个人觉得 · 申请已收到 — may turn the
# verdict into a guess, a report or a near miss: the floor is held, whatever the word (a closed list on the certain side).
# (A word before its first characters: 「本来就」 matched 本 alone and left 来 unexplained — blind60 dh060.)
_BALLOT_WORDS = re.compile(tagging.phrases("ballot_talk").pattern + r"|[a-zA-Z0-9]|「引文")  # (the lexicon's ballot_talk)
_LINK_WORDS = re.compile(r"本来就|本来|原本|的|之|也|亦|都|均|全部|全都|全|一律|统统|一概|同样|同理|一样|仍然|仍旧|仍|照样|照常|就|则|即|便|直接|已经|已被|已|被|"
                         r"予以|是|为|系|属于|属|算作|算是|算|当作|作|视为|视作|按照|按|依照|依|以|判定为|判定|判为|判|裁定为|裁定|定为|认定为|"
                         r"认定|记为|记|计为|计|这个|那个|这一|那一|这|那|此|该|本|其|他|她|它|确实|确|确定|显然|自然|当然|肯定|必须|只能|只好|"
                         r"和|与|及|或|并|且|而|既|所以|因此|于是|一并|一起|同时|今天|今日|本日|本轮|本局|今|现|现在|目前|还是|依然|照旧|维持|保持|继续|"
                         r"没问题|没毛病|没事|可以|申诉|异议|上诉|质疑|[✔✓√☑→✘✗×❌]|[\s、,，:：—\-~～()（）【】\[\]。.!！]")
_CLAUSE_END = re.compile(r"[,，。;；!！?？\n①-⑳⑴-⒇⒈-⒛❶-❿]|——|—")  # (a list's next mark: 「① 7楼无效 ② 6楼有效」)
_GLUED_AFTER = re.compile(r"[了的啦哈呀啊哦噢喔嘛～~!！。.\s]*(?:票|处理|论|计|掉|算|化|论处|看|来看)?[了的啦哈呀啊哦噢喔嘛～~!！。.\s]*")


_CROSS_MARK = re.compile(r"[✘✗×❌]")


def _unexplained_slot(text_since: str, pieces: list, index: int, crossed: bool = True) -> str:
    """Words in the verdict's own clause, between the floor and the verdict or glued after the verdict, that are neither the
    ballot's nor a link word (see _BALLOT_WORDS): the first such, or "". (A player named there is the ballot's.)"""
    slot = "" if _CLAUSE_END.search(text_since) else text_since
    for name in {str(p[1]) for p in pieces if p[0] == "name"}:
        slot = slot.replace(name, " ")
    tail = ""
    for piece in pieces[index + 1:]:
        if piece[0] == "name":
            continue
        if piece[0] != "text":
            break
        tail += _CLAUSE_END.split(str(piece[1]))[0]
        if _CLAUSE_END.search(str(piece[1])):
            break
    if re.search(r"理由\s*$", slot) and "票" not in slot:
        return slot.strip()  # 「6楼理由无效」: the reason ruled, not the ballot — what that does to the ballot depends on the game
    if _VERDICT_MARK.search(tail) and (crossed or _CROSS_MARK.search(tail)):
        return tail.strip()  # 「6楼无效 × ⏎ 7楼无效 √」: a mark after the verdict — kept, or crossed out? (round 60)
        # (a tick after a verdict in a post that crosses nothing out — 「・20楼 左安门 弃权 ✔」 — confirms it: blind21 p046)
    for words in (slot, tail if not _GLUED_AFTER.fullmatch(tail) else ""):
        # (the day's words whole first: 「不计入本日」 — 本 alone, taken first, would leave 日 unexplained, blind28 cb004)
        rest = _LINK_WORDS.sub("", _DAY_WORDS.sub("", words))
        if rest and len(rest) <= 12 and not _BALLOT_WORDS.search(words):
            return words.strip()
    return ""


# After a verdict, in its sentence: a clause is explained by the ballot's words (a reason), an English reason's words, a floor or
# a player (the reason's subject), or courtesy and sign-off; anything else is read by the director (a closed list on the certain side).
_TAIL_BALLOT = re.compile(_BALLOT_WORDS.pattern.replace("|[a-zA-Z0-9]|", "|[0-9]|"))
# (the words are the lexicon's untagged classes: reason_english, reason_words, turns_over, after_unsure, takes_it_back)
_TAIL_ENGLISH = tagging.phrases("reason_english")
_TAIL_COURTESY = tagging.phrases("reason_words")
_TAIL_ALONE = re.compile(r"^(?:[哈嗯呢哦]|无|弃权|弃票|(?:计|算|记)\s*\S{1,6}|(?:而|并)?不是\s*|(?:而|并)?(?:不是|并非|而非)[^，,。]{0,10}(?:显示|写|投|计)的\s*|(?:→|->|=>)\s*\S{0,12}|(?i:for|to|as|of|by|from|on)\s*)$")
# What turns a verdict over to others, whatever else the clause says: the players' consent asked, someone else's words
_TAIL_OPENS = tagging.phrases("turns_over")
_TAIL_LABEL = re.compile(r"理由|对象|写的|写了|投的|投了|格式|(?i:reason|target)")
_DAY_WORDS = re.compile(r"本日|今日|今天|当天|当日|本轮|本局|全天")  # (whole, before 本 alone is taken: 「不计入本日」)
_BRACKET_THREAD = re.compile(r"讨论帖|讨论贴|讨论楼|进程帖|进程贴|竞选帖|竞选贴|报名帖|隔壁|另一帖|别的帖|其他帖|(?i:thread)")
_TAIL_PENALTY = re.compile(r"判罚|黄牌|红牌|违规|处罚|罚|警告|禁言")
_TAIL_PLAIN = re.compile(r"[\s、,，:：—\-~～()（）【】\[\]。.!！某]*")


def _tail_text(piece) -> str:
    kind = piece[0]
    if kind == "name":
        return "某"
    if kind == "floors":
        return " 楼 "
    if kind == "note":
        return "（" + "".join("某" if getattr(t, "type", "") == "NAME" else str(t) for t in piece[1]) + "）"
    if kind in ("text", "sep"):
        return str(piece[1])
    if kind == "blocker":
        return str(piece[2])  # (its own class weighs it too: 「讨论帖」 is a thread named, in its clause)
    return "，"  # a verdict the tool could not read: another mechanism's (a clause of its own here)


def _unexplained_tail(pieces: list, target: str | None = None) -> str:
    """The first clause after a verdict, up to its sentence's end, that nothing explains (see _TAIL_BALLOT), or "". A bracket
    is one aside: explained by any clause of it, or by the reason it follows (「也有王麻子他自己（笑）」)."""
    reasoned = False
    for unit in re.split(r"([（(][^（）()]*[）)])", "".join(map(_tail_text, pieces))):
        if unit[:1] in ("（", "(") and unit[-1:] in ("）", ")"):
            inner = unit[1:-1].strip()
            clauses = [c.strip() for c in re.split(r"[,，。;；!！?？\n]|——|—", inner) if c.strip()]
            if "某" not in inner and tagging.takes_it_back(inner):
                return inner  # 「6楼无效（不是）」「（没有的事）」「（试发）」「(repost)」: the bracket takes it back (hostile round 72)
            if any(t.is_("retract", "example") for t in tagging.tag(inner.replace("某", "他"))) and not _TAIL_BALLOT.search(inner):
                return inner.replace("某", "…")  # 「6楼无效（想多了）」「（才没有）」「（复制）」: taken back or a copy (round 73)
            if _BRACKET_THREAD.search(inner) and not re.search(r"投票帖|投票贴|本帖", inner):
                return inner.replace("某", "…")  # 「6楼无效（讨论帖里的）」: the floor's thread named in brackets — another thread's
            if not reasoned and (odd := _short_aside(inner, target)):
                return odd  # 「6楼无效（醉话）」「（气话）」「（随手判的）」: a short aside whose words nothing explains (round 76)
            if reasoned or not clauses or any(_tail_explains(c) for c in clauses) or re.fullmatch(r"[某\s、,，和与]+", inner):
                continue  # (the player a ballot is counted for, 「按原票计（慕容复）」; a bracket of other words — 「（笑）」「（口嗨）」
                # 「（看心情）」「（隔壁帖）」: hostile round 71 — is read like any clause)
            return inner.replace("某", "…")
        for clause in re.findall(r"[^,，。;；!！?？\n—]+[?？]?", unit):
            words = clause.strip()
            if _TAIL_PLAIN.fullmatch(_LINK_WORDS.sub("", _DAY_WORDS.sub("", words))) or _TAIL_ALONE.match(words.replace("某", "")):
                continue
            if reasoned:
                tags = tagging.tag(words)
                if re.search(r"[\"'“”「」『』]", words) or any(t.is_("question", "hedge") for t in tags):
                    # (after a reason, a question is rhetorical — 「全场姓郭的不止一个，谁知道是哪个？」 — the sentence's classes weigh
                    # it; a quote the reason opened and a comma cut: 「no target, just 'idk, maybe later'」)
                    continue
                laughs = [t for t in tags if t.is_("laugh")]
                if not _TAIL_OPENS.search(words) and not (laughs and len(words.strip()) <= len(laughs[0].text) + 2):
                    continue  # (a reason goes on in words of its own — 「出局的是牌，不是人」 — unless it turns the verdict over or laughs)
            if not _tail_explains(words):
                return words.replace("某", "…")
            reasoned = True
    return ""


# A sentence of its own that makes what came before an opinion, a guess or a story (「不过也难说。」「以上纯属虚构。」: round 74)
_UNSURE = tagging.phrases("after_unsure")
_NOT_REAL = tagging.phrases("not_real")  # (the lexicon's not_real: a dream or a story, 「——以上是我昨晚做的梦」)


def _said_between(sentence: str, verdict_words: str, group: _Group) -> bool:
    """English words of their own between a verdict and a later floor it would rule (not a list's words)."""
    at = sentence.find(verdict_words) if verdict_words else -1
    floor = group.floors[0][1] if group.floors and group.floors[0][0] == "floor" else None
    end = sentence.find(str(floor), at + len(verdict_words)) if at >= 0 and floor is not None else -1
    if at < 0 or end < 0:
        return False
    between = sentence[at + len(verdict_words):end]
    # (English prose between them — 「invalid — his vote stays on 9#」; a Chinese list's words and names are the list's)
    return len(re.findall(r"[A-Za-z]{2,}", re.sub(r"(?i)\b(?:floors?|posts?|are|is|on|at|the|and|both|all|#)\b", "", between))) >= 2


def _short_turn(sentence: str, roster: Roster | None) -> str:
    """A sentence of its own after a ruling that may turn it (see its caller), or ""."""
    bare = sentence.strip(" 。.!！~～\n")
    if not bare or len(bare) > 30:
        return ""
    if re.match(r"^[—－\-]{1,2}", bare) and len(bare) <= 14 and not re.search(r"投|票|委托|代|[:：]", bare) and (
            re.search(r"某|玩家|网友|群友|心声|原话|所言|语录", bare) or (
            roster is not None and roster.pattern is not None and roster.pattern.search(bare))):
        return bare  # 「——欧阳克的心声」「——某玩家」: the ruling above is someone's words
    if _NOT_REAL.search(bare) and re.match(r"^[—－\-]*\s*(?:以上|上面|上述|这些?|前面)", bare):
        return bare  # 「——以上是我编的」「——以上是我复制的上一局的裁定」 (the hostile round 80, L19): the rulings above are no ruling
    found = tagging.tag(bare)
    if re.search(r"[\u4e00-\u9fff]", bare):
        size = len(re.sub(r"\W", "", bare))
        limit = 6 if re.match(r"(?:然而|但是|可是|不过|其实|实际上)", bare) else 4  # (「然而并没有。」: a turn, opened as one)
        if ((any(t.is_("negation", "retract", "question", "hedge", "pending") for t in found) and size <= limit) or (
                size <= 8 and (_TAIL_OPENS.search(bare) or _UNSURE.search(bare)))) \
                and not _TAIL_BALLOT.search(bare) and not any(len(m.group()) >= 3 for m in _TAIL_COURTESY.finditer(bare)):
            return bare  # 「才没有。」「并不。」
        return ""
    if not re.search(r"[A-Za-z]", bare) or (roster is not None and roster.pattern is not None and roster.pattern.search(bare)):
        return ""  # (a face alone 「😅」; a player's name 「Rachel.」, the ruling's own player)
    rest = bare
    for t in found:
        rest = rest.replace(t.text, " ")
    if len(bare.split()) > 5 or (found and all(t.is_("laugh") for t in found) and not re.search(r"[A-Za-z]", rest)):
        return ""  # (a laugh on its own after a ruling is banter: 「6楼无效。lol」, left to the writers)
    return "" if _tail_explains(bare) else bare


def _leave_open(made: list[_Group], why: str) -> None:
    """The floors these groups rule, each with its verdict read and nothing else open yet, wait for the director with why."""
    for group in made:
        if group.verdicts and not group.reference and not group.unread:
            group.unread.append(why)


def _odd_before(inner: str) -> str:
    """A bracket before a ruling's first floor that may turn it: a negation, laugh, retraction, wait, hedge, condition or
    question, words that give it to others, or a few characters that are no player's and no ballot's (「（假）」) — else ""."""
    bare = inner.replace("某", "")
    if not bare.strip():
        return ""
    if _TAIL_OPENS.search(inner) or tagging.takes_it_back(bare):
        return inner
    if _TAIL_BALLOT.search(bare) or _TAIL_COURTESY.search(bare):
        return ""  # (「（规则原文：法官……不能杀人、验人、投票）5楼 不计」: the rule quoted, the reason before the floor — blind16 x043)
    if any(t.is_("negation", "laugh", "retract", "pending", "hedge", "condition", "question") for t in tagging.tag(inner.replace("某", "他"))):
        return inner
    return inner if re.fullmatch(r"[\u4e00-\u9fff]{1,4}", bare) else ""  # (ballot and courtesy words returned "" above)


_ASIDE_FLOOR = re.compile(r"第?\s*[〇零一二三四五六七八九十百廿卅两\d]{1,6}\s*(?:楼|层|樓|#|F|L)")


def _short_aside(inner: str, target: str | None = None) -> str:
    """A bracket of four characters or fewer after a verdict is a label on it, and a label must be one the reader knows:
    what is left after the players, the ballot's and the reason's words, the day's and the particles is what nothing
    explains — 「醉话」 leaves 醉, 「随手判的」 随手 (the hostile round 76: each applied). "" when nothing is left."""
    bare = _ASIDE_FLOOR.sub(" ", _QUOTED.sub(" ", inner.replace("某", "")))  # (the ballot's words quoted, a floor: 「写成“危杆”」)
    if len(re.findall(r"[\u4e00-\u9fff]", bare)) > 4 or re.search(r"[A-Za-z]{2,}", bare):
        return ""  # (an English aside is an English reason's: _TAIL_ENGLISH)
    left = tagging.unexplained(bare, "ballot_talk", "reason_words", also=(_DAY_WORDS, _LINK_WORDS, _TAIL_PENALTY))
    if target and left and 2 * len(set(left) & set(target)) >= len(left):
        return ""  # 「计为 晾衣绳（凉衣绳）」: the target as the ballot wrote it
    return inner.replace("某", "…") if left else ""


def _tail_explains(words: str) -> bool:
    """A reason's clause (the ballot's words, English or Chinese), courtesy, or the ballot's own words quoted — never a clause
    that laughs, puts the verdict to the players or gives it to someone else (「笑死我了」 holds 死, 「举手表决」 表)."""
    bare = words.replace("某", "")
    if _TAIL_PENALTY.search(words) or _TAIL_LABEL.search(bare):
        return True  # 「判罚另行公布」: the penalty is still to come, not the verdict; 「理由：他反对所有人」: the ballot's words
    if _TAIL_OPENS.search(words) or _NOT_REAL.search(words):
        return False  # (「——以上是我昨晚做的梦」「——以上是我编的」: the ruling said to be a dream or made up, hostile round 75)
    tags = tagging.tag(words.replace("某", "他"))
    laughs = [t for t in tags if t.is_("laugh")]
    if laughs:  # a laugh with nothing else in its clause is the verdict's; beside a reason, the reason's (「没写投票理由 😂」)
        rest = list(words)
        for t in laughs:
            rest[t.start:t.end] = [" "] * (t.end - t.start)
        return bool(_TAIL_BALLOT.search("".join(rest).replace("某", "")))
    if _TAIL_COURTESY.search(words) or _PRECEDENT.search(words) or _TAIL_ALONE.match(bare) or \
            re.search(r"“[^”]+”|「[^」]+」|『[^』]+』|\"[^\"]+\"|'[^'\s][^']*'", words):
        return True
    if re.search(r"[a-zA-Z]", words) and _TAIL_ENGLISH.search(words):
        return True
    if re.search(r"[a-zA-Z]", words) and not re.search(r"[\u4e00-\u9fff]", bare):
        return False
    # (a hedge, a question or a wait beside the ballot's words is the reason's — the sentence's own classes weigh it)
    return bool(_TAIL_BALLOT.search(bare))


_VERDICT_MARK = re.compile(r"[✔✓√☑✅✘✗×❌]")
# A bare yes or no (是 · 对 · 没错 · 嗯 · 不是 · yes · no), what a reply to a quoted question says
_APPROVES = re.compile(r"同意|赞同|认同|就这么办|就这么定|就这样|照此|照办|没问题|批准|准了|按(?:你|楼上|他|她)?说的|(?i:agreed?|approved?|sounds good)")
_ANSWER = re.compile(r"(?i)(?:是|是的|对|对的|没错|嗯|嗯嗯|确认|正确|不是|不对|不|没有|yes|yep|no|nope)\s*[。.!！~～]*")
# (and the ballot's fate in other words, or typed on a phone: 划掉 · 扣除 · 不认 · 无小 — the floor waits, never nothing)
# (a mark for a verdict — 18楼 ❌ · 6楼 ✗ — can fail to render or be stripped on a GBK board (discuz.md §E): it holds, never rules)
_VERDICT_WORD = re.compile(r"无效|有效|作废|不算|不计|弃权|计为|算作|废票|作数|划掉|划去|扣除|扣掉|不认|不收|[无有](?:小|校|孝|笑|肖|销)(?![学时问毛瑕失错])|"
                           r"[❌✗✘×✅✔✓☑]|存疑|待定|待查|待核|未定|不确定|"  # (「其中6楼存疑」: a floor left open — round 60)
                           # (round 82: 「5楼改判杨康」「5楼的票给杨康」「5楼的票改成杨康」 — the director recasting a floor in words
                           # the grammar does not read: the floor waits, never silently stands)
                           r"改判|判给|判为|改为|改成|改作|换成|更正为|修正为|调整为|(?:的|那|这)\s*一?票\s*(?:给|归|算给|记给|计给)|算进|记入|计入")
# Another game (a neighbouring thread, an earlier game): the floors its sentence names are that game's (blind10 n063)
# Words before a floor that say which post it is (「X的6楼」「X时6楼」), and the ones that say nothing new: this thread
# today (今天 · 本帖 · 投票帖 · 这一轮), or the voter (a roster name).
_QUALIFIED = re.compile(r"(?P<q>[^\s,，。;；:：!！?？、()（）【】\[\]]{1,12}?)\s*(?:的|时的?|时候的?|那次的?)\s*(?:第\s*)?(?P<n>\d{1,5})\s*(?:楼|层|樓|#|[FfLl])")
_RULED_WHEN = re.compile(r"(?:昨晚|刚才|刚刚|之前|早上|上午|中午|下午|晚上|前面|上面|先前)\s*(?:我)?\s*(?:裁定|判|说|写|发)|"
                         r"(?:截止|关门|结束|统计)\s*(?:时|的时候)|我|你|先发|后发|看|查|更正|一下|不是|而非|并非")  # (the ruling's own time · the close's)
_THIS_THREAD = re.compile(r"今天|今日|现在|目前|本帖|本楼|本贴|这帖|这贴|这个帖子|投票帖|投票贴|投票楼|这一?轮|本轮|当天|本日|关于|对于|至于|其中|还有|另外|以及|和|与|及|跟|"
                          r"上面|刚才|之前|前面|[第]?\s*[一二三四五六七八九十\d]+\s*[天日]|[Dd]ay\s*\d+")


def _qualified_floor(sentence: str, made: list[_Group], roster: Roster | None) -> str | None:
    """The words before one of the floors `made` rules that say which post it is and are not explained (see
    _QUALIFIED): a floor of another round, game or thread, written the way a floor of this one is."""
    floors = {str(n) for group in made if not group.reference for kind, n in group.floors if kind == "floor"}
    for m in _QUALIFIED.finditer(sentence):
        if m.group("n") not in floors:
            continue
        rest = _THIS_THREAD.sub("", roster.pattern.sub("", m.group("q")) if roster is not None and roster.pattern is not None
                                else m.group("q"))
        rest = _LINK_WORDS.sub("", _BALLOT_WORDS.sub("", _RULED_WHEN.sub("", rest)))
        if re.search(r"[\u4e00-\u9fff]", rest):
            return m.group("q") + m.group()[len(m.group("q")):m.start("n") - m.start()].strip()
    return None


_OTHER_GAME = re.compile(r"隔壁|别的场次|其他场次|别场|另一场|别的局|其他局|另一局|上一局|上局|上一场|上届|往届|别的版杀|其他版杀")
# A bracket that describes the ballot (「（都只写了一个「弃」字）」「（没写理由）」), not the player who posted it
_DESCRIBES = re.compile(r"「|写|只|没|了|都|是|投|票|无|未")
# Words that count a ballot for someone (计 · 算 · 记 · 为准 · 当作), or settle who it is for (就当 · 照收 · 才对)
_COUNTED = re.compile(r"[计算记]|为准|当作|当成|就当|视作|视为|照收|才对|才是|counts?\b|counted|as a vote", re.I)


# A floor a sentence says stands (仍以 66楼 为准 · 仍按 66楼 计 · 以 66楼 的 X 为准)
_FLOOR_STANDS = re.compile(r"(?:(?<![所可予难加])以|按照?)\s*(?:第\s*)?(\d{1,5})\s*(?:楼|层|樓|#|F|L)[^。；;\n，,]{0,12}?(?<![不没])(?:为准|计(?!入)|算)")


# A clause that keeps what was ruled of its floor (「3楼无效不变」「3楼照旧」「3楼维持」) beside one that takes another back
_KEEPS = re.compile(r"不变|照旧|照常|维持|保持|依旧|仍然|仍旧|还是那样|没问题|不动")
_TAKES_BACK = re.compile(r"作废|撤回|收回|不算|取消|作罢|撤销|撤掉")


def _retracted(made: list[_Group], sentence: str) -> list[_Group]:
    """The groups a sentence that takes a ruling back takes back: all of them, but those whose floors only a clause of their own
    keeping them names (「更正：3楼无效不变，5楼撤回。」「5楼那条作废，3楼照旧。」 take back 5楼 only — the hostile round 102, cases
    16, 19, where 3楼 was reopened too)."""
    kept: set[int] = set()
    for clause in re.split(r"[，,；;、]", sentence):
        if _KEEPS.search(clause) and not _TAKES_BACK.search(clause):
            kept |= {int(n) for n in _FLOOR_NUMBERS.findall(clause)}
    taken = [g for g in made if not all(kind == "floor" and n in kept for kind, n in g.floors)]
    return taken or made


def _hold(made: list[_Group], why: str) -> None:
    """The floors these groups rule (not a context, not another thread's) wait for the director, with why: what the sentence
    seemed to rule of them is set aside."""
    for group in [g for g in made if not g.reference and not g.elsewhere]:
        group.verdicts.clear()
        group.unread.append(why)
        group.doubted = why


def _relay_told(made: list[_Group], sentence: str, roster: Roster | None) -> None:
    """「33楼 古筝 代 洞箫 投的琵琶，……算洞箫的票」: 算 Y 的 where the sentence itself tells the floor as a relay for Y of a
    ballot for X — Y's ballot, for X (for_voter), not a question whether Y is the voter or the target."""
    for group in made:
        for i, verdict in enumerate(group.verdicts):
            whose = verdict.get("voter") if verdict and verdict.get("verdict") == "belongs" else None
            if not whose or roster is None or roster.pattern is None:
                continue
            told = re.search(rf"(?:代|替|帮)\s*{re.escape(whose)}\s*(?:投|转投)(?:的|了|给)?\s*", sentence)
            target = roster.pattern.match(sentence, told.end()) if told else None
            if target and roster.table[target.group()] != whose:
                group.verdicts[i] = {"verdict": "for_voter", "voter": whose, "target": roster.table[target.group()]}


def _told_not_ruled(floors: list, text_since: str, sentence: str, pieces: list, index: int) -> bool:
    """A floor told as the context of a ruling, not ruled: the floor a change should have replied to (「这个改票回复的是 燕青 的
    31#，不是你自己的 16#」「也没回复 #9」), or a ballot told with no verdict after it in its sentence — cast before (「他 #9 早就投了
    白泽」) or described (「上面 10楼 是 操行 投 绩点」). (blind36 cj039 · cj005, blind28 cb010: the verdict after it voided the
    original ballot.)"""
    if re.search(r"(?:不是|(?:没|没有|未)\s*(?:回复|引用|回覆))\s*(?:你|他|她)?\s*(?:自己)?\s*的?\s*(?:原票|原投票)?\s*$", text_since):
        return True
    # (「也没回复 #9」: 回复 #9 is read as the floor's own mark — 没 alone is left before it; 「没有7楼无效这回事」 denies a ruling,
    # not a floor)
    if re.search(r"(?:没|没有|未)\s*$", text_since) and floors[:1] and floors[0][0] == "floor" and re.search(
            rf"(?:没|没有|未)\s*(?:回复|引用|回覆)\s*(?:你|他|她)?\s*(?:自己)?\s*的?\s*#?\s*{floors[0][1]}(?!\d)", sentence):
        return True
    if any(p[0] == "verdict" for p in pieces[index + 1:]):
        return False  # (「在 62楼 已经投过 金铃，有效」 rules 62楼)
    told = "".join(str(p[1]) for p in pieces[index + 1:index + 6] if p[0] in ("text", "sep"))
    described = [p[0] for p in pieces[index + 1:index + 5]] == ["text", "name", "text", "name"] and \
        str(pieces[index + 1][1]).strip() in ("是", "为") and str(pieces[index + 3][1]).strip() in ("投", "投给", "投的")
    return bool(re.match(r"\s*(?:早就|早已|已经|之前|先前|本来)\s*(?:投了|投过|投的是)", told)) or described


def _each_its_own(made: list[_Group], pieces: list) -> bool:
    """Every floor list of the sentence followed by one verdict of its own, as many verdicts as lists (two or more): the
    pairing is written out, whatever 依次 · 分别 says (blind19 f011)."""
    if any(g.reference or g.elsewhere for g in made):
        return False
    runs: list[int] = []  # the verdicts after each floor list, up to the next
    for piece in pieces:
        if piece[0] == "floors":
            runs.append(0)
        elif piece[0] == "verdict":
            if not runs or piece[1] is None:
                return False  # a verdict before every floor, or one the tool cannot read
            runs[-1] += 1
    return len(runs) >= 2 and all(n == 1 for n in runs)


def _respectively(made: list[_Group], pieces: list, sentence: str) -> None:
    """「6楼、2楼 分别 有效、无效」: the floors and the verdicts in the order written, one each — or, where they do not
    pair one to one, nothing the tool may apply (the hostile round: both floors were ruled 无效)."""
    ruled = [g for g in made if not g.reference and not g.elsewhere]
    floors = [(g, f) for g in ruled for f in g.floors]
    verdicts, counting, bare, turn_said = [], False, False, False
    for piece in pieces[next((i for i, p in enumerate(pieces) if p[0] == "floors"), 0):]:
        said_before, turn_said = turn_said, turn_said if piece[0] == "sep" else (
            piece[0] == "text" and re.fullmatch(r"\s*(?:依次|分别|顺次)\s*[:：]?\s*", str(piece[1])) is not None)
        if piece[0] == "verdict" and len(piece) > 3 and verdicts and verdicts[-1] is not None and piece[1] is not None:
            verdicts[-1] = _one([verdicts[-1], piece[1]])  # 「依次：无效、有效（计哪吒）、弃权」: the bracket is its verdict's
        elif piece[0] == "verdict" and verdicts and verdicts[-1] is not None and piece[1] is not None and \
                verdicts[-1].get("verdict") == "invalid" and piece[1].get("verdict") == "keep_original":
            verdicts[-1] = piece[1]  # 「依次判：有效；无效，维持原票 飞行棋」: 无效 and what it falls back to, one verdict (blind17 y044)
        elif piece[0] == "verdict":
            verdicts.append(piece[1])
            # 「依次计为 座钟、挂钟、弃权」「count for 蛇纹石, 方铅矿 and 闪锌矿 respectively」: the names after the first are verdicts too
            counting = counting or (piece[1] or {}).get("verdict") == "counts_as"
        elif piece[0] == "text" and re.search(r"计为|算作|记为|算给|counts? as|counts? for|(?:依次|分别|顺次)\s*(?:计|算|记)\s*$", str(piece[1])):
            counting = True  # 「7#、13#、21# 依次计为：立夏、芒种、弃权」: the names after 计为 are the verdicts, in order
        elif piece[0] == "name" and not verdicts and said_before:
            # 「30~33楼 依次：吊灯、吊灯、弃权、落地灯，全部有效」: names in turn, if 有效 is said of them all
            counting = bare = True
            verdicts.append({"verdict": "counts_as", "target": piece[1]})
        elif piece[0] == "name" and counting:
            verdicts.append({"verdict": "counts_as", "target": piece[1]})
    if bare:  # the names are rulings only where the sentence closes on 有效 said of them all; else they are a count's
        verdicts = verdicts[:-1] if len(verdicts) == len(floors) + 1 and verdicts[-1] == {"verdict": "valid"} else []
    if len(verdicts) == len(floors) + 1 and verdicts[0] == {"verdict": "valid"} and all(
            (v or {}).get("verdict") == "counts_as" for v in verdicts[1:]):
        verdicts = verdicts[1:]  # 「7楼、9楼 …有效，依次计 碧螺春、滇红」: 有效 said of them all, then whom each counts for (blind34)
    for group in ruled:
        group.verdicts.clear()
    paired = len(floors) == len(verdicts) >= 2 and all(v is not None for v in verdicts)
    if paired:
        # one floor per verdict, in order; a list 「6楼、2楼」 (or 「#5, #8 and #20」) split, one floor each (and the
        # verdicts read as one run — 「valid, void」 — set aside: they were each floor's own)
        for group in ruled:
            group.floors = group.floors[:1]
            group.unread.clear()
        for (group, ref), verdict in zip(floors, verdicts):
            if ref == group.floors[0] and not group.verdicts:
                group.verdicts.append(verdict)
            else:
                made.append(_Group([ref], group.sentence, group.words, verdicts=[verdict], author=None))
        return
    said = _RESPECTIVELY.search(sentence).group()
    for group in ruled:
        group.unread.append(f"「{_clip(sentence)}」说「{said}」，但楼层和裁定对不上：请逐楼写明")


def _attach_loose(groups: list[_Group], loose: list, quoting: bool, post: RulingPost, sentences: list[str]) -> None:
    """A sentence that is only a verdict: to the nearest floor list above it that has none (「12楼：对象只写了欧阳。
    无效。」); else, where the post names no floor and quotes a post, to the quoted post; else it is reason text."""
    for number, ahead, names in loose:
        # (「16楼…里面虽然带着3楼的引文……。18楼 不计……。玩家转告不算」: a verdict after a floor that is ruled is that ruling's
        # reason, never a verdict for a floor named further up — 3楼 was voided)
        ruled_last = max((g.sentence for g in groups if g.sentence < number and (g.verdicts or g.unread)), default=0)
        above = [g for g in groups if ruled_last < g.sentence < number and not g.verdicts and not g.unread and not g.reference
                 and not g.doubted  # (「15楼 只要 黄芪 确认…就算她投 半夏；确认之前不计」: left open by its own sentence)
                 and not _REMARK.search(sentences[g.sentence - 1])  # (「4楼辛苦了。作废票的规则见首楼」: a word to the player)
                 and (not names or g.author in names)]  # (「弃权：河底（20楼改票）」 is about 河底, not a floor above)
        named = [g for g in groups if g.sentence == number - 1 and g.verdicts and g.author
                 and g.author in sentences[number - 1] and _one([*g.verdicts, *(v for v, _ in ahead if v)])]
        # 「37楼：关门后改的，不认。按编辑前截图里的「投票对象：古琴」计，算 古琴 一票。」: the edit voided, then the ballot as it
        # stood — one ruling of that floor, the void said of the edit only (blind35 ci014: the floor was voided)
        edited = [g for g in groups if g.sentence == number - 1 and g.verdicts and all(v and v["verdict"] == "invalid" for v in g.verdicts)
                  and _EDIT_SUBJECT.search(sentences[g.sentence - 1]) and any(v and v["verdict"] in ("keep_original", "counts_as") for v, _ in ahead)]
        only = "计" in sentences[number - 1] and re.search(r"^\W*(?:只|仅|就)\s*(?:认|承认|算|计)", sentences[number - 1])
        standing = [g for g in groups if g.sentence == number and g.reference and g.original and not g.verdicts
                    and any(k == "floor" for k, _ in g.floors)] if only else []
        if standing:
            # 「只计第十五楼，计为 唐晓芙；十六楼、十九楼 不计」: the floor said to be the one that counts, then whom it counts for —
            # that floor's ruling (blind55 dc054: the verdict went to the floors named a sentence above, all three)
            target = standing[0]
            target.reference = target.original = False
        elif above:
            target = next((g for g in reversed(above) if g.author and g.author in sentences[number - 1]), above[-1])
        elif edited:
            target = edited[-1]
            target.verdicts.clear()
        elif named:
            target = named[-1]  # 「9楼 红胡子 ……无效票。红胡子……视为弃权。」: the verdict goes on about 红胡子's floor
        elif quoting and not any(g.sentence <= number for g in groups if not g.reference):
            # 「这一票……有效，计入宫永照。她后面25楼的改票……无效」: what comes before any floor is on the quoted post
            target = _Group([("quoted", None)], number, "")
            groups.insert(0, target)
        elif quoting and any(g.floors == [("quoted", None)] for g in groups) and not any(
                g.sentence <= number for g in groups if not g.reference and g.floors != [("quoted", None)]):
            # 「[quote]#5[/quote] 无效。更正：此楼有效」: a second verdict on the quoted post — the correction's, where the director
            # heads it so; else two verdicts of one floor, the director's (the hostile round 84, N10: the correction was dropped,
            # #5 voided, 杨康 posted out)
            target = _Group([("quoted", None)], number, "")
            target.corrects = bool(_HEADED_CORRECTION.match(sentences[number - 1]) or _SELF_CORRECTION.search(sentences[number - 1]))
            groups.append(target)
        else:
            continue
        sentence = sentences[number - 1]
        if _NO_VALID_BALLOT.search(sentence):
            continue  # 「未投有效票：刀马旦」「刀马旦 本日无有效票」: who has no valid ballot — said of players, no verdict on a floor
        edit_rule = bool(_EDIT_SUBJECT.search(sentence)) and all(v is None or v["verdict"] in ("keep_original", "invalid") for v, _ in ahead)
        if _GENERIC.search(sentence) and not _DEICTIC.search(sentence) and not edit_rule and any(
                v and v["verdict"] != "same" for v, _ in ahead):
            # (「关门后的编辑一律不认，52楼 按编辑前的 辘轳 计」: the rule is of late edits — what it keeps is the ballot as it stood,
            # the floor's own ruling; blind41 co008 was held)
            # 「4楼写得真好。顺带一提：凡是没写理由的都算废票」「…之后的投票一律无效」: a rule stated of ballots in general —
            # whether it is the floor's verdict is the director's (hostile round 55: each voided the floor named before it)
            why = f"「{_clip(sentence)}」像是在讲规则：是不是对这一楼的裁定，请导演确认"
            target.unread.append(why)
            target.doubted = target.doubted or why
            continue
        for verdict, words in ahead:
            if verdict is not None and verdict["verdict"] == "invalid" and _EDIT_VOIDED.search(sentence):
                # 「关门后的编辑内容不认」「编辑后改成的 森重宽 作废」: what the edit wrote is void — the ballot as it stood before
                # the edit counts, never none (blind13 s016: the whole ballot had been voided)
                verdict = {"verdict": "keep_original"}
            (target.verdicts.append(verdict) if verdict is not None else target.unread.append(words))


_AS_IT_STOOD = re.compile(r"(?:编辑|修改|改动|截止|关门)\s*(?:之|以)?前")
_ORIGINAL_BALLOT = re.compile(r"原(?:来的?)?(?:投?票|投票)")
# A sentence about an edit made late: what its verdict voids may be the edit, not the ballot
_EDIT_SUBJECT = re.compile(r"(?:关门|截止|截至|结束)\s*(?:以|之)?后\s*(?:才|又|再|还)?\s*的?\s*(?:改|编辑|修改)|(?:编辑|修改)(?:后|过后|之后)的|编辑(?:的)?内容|本帖最后由")
# A verdict whose subject is an edit's words, not the ballot (编辑内容不认 · 编辑后改成的 X 作废 · 修改后的内容无效)
_DATE_BEFORE = re.compile(r"(?:^\W*|[，,。;；]\s*)(?P<d>\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{1,2}\s*/\s*\d{1,2}(?!\d))\s*"
                          r"(?:的|投票帖|投票贴|[:：]|那天|当天)?\s*(?:的)?\s*(?:第\s*)?[#＃]?\s*\d{1,5}\s*(?:楼|层|樓|#|F|L)?")
_EDIT_VOIDED = re.compile(r"(?:编辑|修改|改动)(?:后|过后|之后)?的?(?:内容|部分|对象|那个|名字)|(?:编辑|修改)后(?:改成|改为|写成)的?|"
                          r"(?:编辑|修改|改动)\s*(?:一律|都|也)?\s*(?:不认|不算|无效|作废)|(?:编辑|修改)后的\s*[「“]")  # (「关门后的编辑不认」 blind47 cu004)
_NO_VALID_BALLOT = re.compile(r"(?:未|没|没有|无|尚无|还没)\s*(?:投|投出|投出过)?\s*(?:任何)?\s*有效(?:的)?\s*票")
_GENERIC = re.compile(r"凡是|一律|所有[^,，。;；人]{0,6}票|的都|都算|都按|都视为|都计|都无效|都作废|全部(?:无效|作废)")
_DEICTIC = re.compile(r"以上是|上面是|这票|此票|本票|该票|这一票|这张|此张|该张|这楼|本楼|该楼|这一楼|他的票|她的票|其票|这次|本次")


def _held(groups: list[_Group], post: RulingPost, put_off: str) -> None:
    """The floors the director leaves open, where no ruling of the post decides them."""
    decided = set() if post.void else {item.ref for item in post.items}
    for group in groups:
        why = group.doubted or (put_off if not group.reference and not group.elsewhere else "")
        unread = group.unread or (group.verdicts and _one(group.verdicts) is None)
        if not why and unread and not group.reference and not group.elsewhere:
            # a verdict written for the floor that the tool cannot read (「6楼、2楼 分别 有效、无效」, unpaired; 「2楼和6楼，前者
            # 无效，后者有效」: two verdicts for one list): the director decided something about it — the floor waits for the
            # director, it does not keep the tool's reading
            said = group.unread[-1] if group.unread else ""
            why = said if said.startswith("「") else f"「{_clip(group.words)}」里的裁定看不懂"
        for ref in group.floors:
            if why and ref[0] in ("floor", "pid", "quoted") and ref not in decided and ref not in dict(post.held):
                post.held.append((ref, why))


def _items(groups: list[_Group], sentences: list[str], post: RulingPost) -> None:
    decided: dict[tuple, dict] = {}
    decided_words: dict[tuple, str] = {}
    blocked: set[tuple] = set()
    last: dict | None = None
    for group in groups:
        words = _clip(group.words)
        if group.original and not group.verdicts and not group.unread:
            said = sentences[group.sentence - 1] if 0 < group.sentence <= len(sentences) else ""
            for ref in group.floors:  # the original the post's void change falls back to: it counts (unless ruled otherwise)
                if ref[0] in ("floor", "pid") and group.doubted:
                    # 「如果是 20:00 之前发的就有效，否则无效、按 12楼 原票」: the fallback of an if the director has yet to check —
                    # open with the rest (blind61 di067 applied 12楼); and of a hedge (「倾向于……按 18楼 原票计，明早再定」: blind64)
                    post.held.append((ref, group.doubted))
                elif ref[0] in ("floor", "pid") and not any(g.verdicts and ref in g.floors for g in groups if not g.reference):
                    post.items.append(Item(ref, "valid", None, None, None, note="", line=group.sentence, about=""))
            continue
        if not group.verdicts and not group.unread:
            if group.reference or group.elsewhere or not any(kind in ("floor", "pid") for kind, _ in group.floors):
                continue
            if group.dangling and any(g.verdicts for g in groups):
                post.void = True  # 「18楼无效，19楼[图片]」: a ruling cut off, the rest of it unseen
                post.problems.append(f"「{words}」的楼层后面没有写完（图片、附件或读不到的内容）：这一帖的裁定都不采用")
            elif any(g.verdicts for g in groups):
                ruled = {f for g in groups if g.verdicts or g.unread for f in g.floors}
                unruled = [f for f in group.floors if f not in ruled]
                if unruled:
                    named = "、".join(_ref_words(f).strip() for f in unruled)
                    post.problems.append(f"「{words}」提到了 {named}，但没写怎么裁定")
            continue
        if group.elsewhere:
            post.problems.append(f"「{words}」裁定的是{group.elsewhere}的楼层，不是投票帖的：不采用")
            if _CARRIED_OVER.search(words):
                # 「上一局的6楼无效，这局照旧」: another game's ruling said to hold here too — this thread's floor is the director's
                post.held += [(ref, post.problems[-1]) for ref in group.floors if ref[0] == "floor"]
            continue
        verdict = _one(group.verdicts) if not group.unread else None
        if verdict is not None and verdict.get("also_same"):
            # 「15楼：同理，无效」: the verdict said in words and said to be the one above — both, or the floor is not read
            own = {k: v for k, v in verdict.items() if k != "also_same"}
            # (「14楼…同理，只错一个同音字，计为 望远镜」 after 「11楼 有效，计为 桅杆」: the same kind of verdict for its own player —
            # 同理 is the reason's; blind39 cm019 had 14楼 left unread)
            verdict = own if last and last.get("verdict") == own.get("verdict") == "counts_as" else \
                _one([own, *([dict(last)] if last else [])])
        if verdict is not None and verdict["verdict"] == "same":
            verdict = dict(last) if last else None
            if verdict is None:
                post.problems.append(f"「{words}」说「同上」，上面却没有裁定")
                continue
        if verdict is None:
            said_so = group.unread and group.unread[-1].startswith("「")  # a question, a hedge: said, not garbled
            post.problems.append(group.unread[-1] if said_so else f"看不懂「{words}」里的裁定")
            if not said_so:
                blocked.update(group.floors)  # 「第十四楼无效？不是的。……14楼照常统计」: a question answered later stands aside
            else:  # 「26楼 无效。⏎ 这条先收回，26楼……还在核对」: put off after its verdict, the floor is not decided
                blocked.update(ref for ref in group.floors if ref in decided and not group.reference)
            continue
        last = verdict
        spanned = _spanned(group.floors, group.words)
        authors = dict(zip(spanned, group.authors)) if len(group.authors) == len(spanned) else {}
        for ref in spanned:
            if ref[0] == "range":
                said = f"「{words}」写的是楼层范围：请逐楼写明（例如 18楼、19楼、20楼 无效）"
                post.problems.append(said)
                if ref[1]:  # the floors it spans are the director's, not ours to keep as read (「有效票为2至6楼」)
                    post.held += [(("floor", n), said) for n in range(ref[1][0], ref[1][1] + 1)]
                continue
            if ref[0] == "odd":
                said = f"「{words}」里的楼层写法少见（罗马数字、圈码）：是不是 {ref[1]}楼，请导演写明（例如 {ref[1]}楼 无效）"
                post.problems.append(said)
                post.held += [(("floor", ref[1]), said)] if ref[1] else []
                continue
            if ref[0] == "expr":
                said = f"「{words}」里的楼层写成了算式：是哪一楼请导演写明（例如 6楼 无效）"
                post.problems.append(said)
                post.held += [(("floor", n), said) for n in ref[1] if 0 < n < 100000]
                continue
            if ref[0] == "relative":
                said = f"「{words}」说的是「楼上」这样的相对位置：请写明楼层"
                post.problems.append(said)
                post.held.append((ref, said))  # the ballot just above waits for the director (「最后那张票无效」: it had stood)
                continue
            if ref[1] is None and ref[0] != "quoted":
                post.problems.append(f"看不懂「{words}」里的楼层")
                continue
            held = decided.get(ref)
            if held is not None and group.corrects and verdict["verdict"] == "valid" and not verdict.get("target") and \
                    held["verdict"] in ("counts_as", "keep_original", "for_voter") and held.get("target"):
                verdict = held  # 「更正：……40楼 按 冠生园 计。……代投本身有效。」: it stands, as the correction counted it (blind45 cs044)
            if held is not None and held != verdict and not group.corrects and (
                    owned := _relay_owned(held, verdict, decided_words.get(ref, ""), words)) is not None:
                verdict = held = owned  # 「74楼 不算 丝绸 的票……74楼 计为 亚麻 投 香云纱」: not the relayer's, the voter's (blind34 ck042)
            if held is not None and held != verdict and not group.corrects and (merged := _one([held, verdict])):
                verdict = merged  # 「……维持原判，15楼无效」: one verdict said twice in other words
                held = verdict
            if held is not None and held != verdict and not group.corrects:
                # 18楼无效 … 18楼计为杨康: the director says two things of one floor — nothing of the post is sure
                post.problems.append(f"{_ref_words(ref)}在同一帖里有两种不同的裁定")
                post.void = True
                post.held.append((ref, f"{_ref_words(ref)}在同一帖里有两种不同的裁定：请导演确认"))  # (never either reading)
                continue
            decided[ref] = verdict
            decided_words[ref] = words
            post.items = [i for i in post.items if i.ref != ref]
            stood = verdict["verdict"] == "keep_original" and bool(verdict.get("target")) and any(
                _AS_IT_STOOD.search(said) and not _ORIGINAL_BALLOT.search(said) for said in sentences[group.sentence - 1:group.sentence + 1])
            post.items.append(Item(ref, verdict["verdict"], verdict.get("target"), verdict.get("voter"), authors.get(ref, group.author),
                                   note="；".join(n for n in group.notes if n), line=group.sentence, about=group.about,
                                   named=tuple(dict.fromkeys(group.names)), as_it_stood=stood))
    post.items = [i for i in post.items if i.ref not in blocked]


def _spanned(floors: list[tuple], words: str) -> list[tuple]:
    """The floors, a range among them written out where the words count its posts (「56～58楼 三帖」): confirmed so, a range
    is its floors; unconfirmed it stays a range, for the director (「18-20楼无效」)."""
    out = []
    for ref in floors:
        span = ref[1][1] - ref[1][0] + 1 if ref[0] == "range" and ref[1] else 0
        listed = span and all(len(re.findall(rf"(?<!\d){n}(?!\d)", words)) >= (2 if n in ref[1] else 1)
                              for n in range(ref[1][0], ref[1][1] + 1))  # (「46~49楼 一律不计（46 风清扬、47 方证、48 刘正风、49 仪琳）」)
        if 2 <= span <= 9 and (listed or re.search(rf"(?<![\d十])(?:{span}|{'二三四五六七八九'[span - 2]}{'|两' if span == 2 else ''})\s*(?:帖|楼|层|樓|张|个)", words)):
            out += [("floor", f) for f in range(ref[1][0], ref[1][1] + 1)]
        else:
            out.append(ref)
    return out


_SUPERSEDES = re.compile(r"(?:改为|改判为|改判|更正为|现改为|改成|changed to|now)\s*[:：]?\s*$", re.I)


def _one(verdicts: list[dict]) -> dict | None:
    """Verdicts said of one floor as one (「无效，按原票计」 keeps the original), or None where they disagree. A verdict said
    to replace the one before it (「无效，现改为有效」) is the first that counts."""
    last = max((i for i, v in enumerate(verdicts) if v and v.get("supersedes")), default=0)
    verdicts = [{k: v for k, v in d.items() if k != "supersedes"} if d else d for d in verdicts[last:]]
    said = [d for d in verdicts if d and d["verdict"] != "same"]
    if said and len(said) < len(verdicts) and all(verdicts):
        # 「同理，无效」: a verdict in words beside 同上/同理 — the one above, which the post's reading checks it against
        verdict = _one(said)
        return {**verdict, "also_same": True} if verdict else None
    verdict = verdicts[0]
    for other in verdicts[1:]:
        if other == verdict or (other["verdict"] == verdict["verdict"] and other.items() <= verdict.items()):
            continue
        if other["verdict"] == verdict["verdict"] and verdict.items() <= other.items():
            verdict = other  # 「以原票为准，仍计紫藤」: the original, then its name
            continue
        kept = next((v for v in (verdict, other) if v["verdict"] == "keep_original" and not v.get("target")), None)
        counted = next((v for v in (verdict, other) if v["verdict"] == "counts_as" and v.get("target")), None)
        if kept and counted and kept is not counted:
            # 「关门后的编辑不认……所以 36楼 计为 缴费处」: the ballot before the edit, and what it was — one verdict (blind28 cb025)
            verdict = {"verdict": "keep_original", "target": counted["target"]}
            continue
        named = next((v for v in (verdict, other) if v["verdict"] == "keep_original" and v.get("target")), None)
        if named and {verdict["verdict"], other["verdict"]} <= {"valid", "keep_original", "counts_as"} and \
                {v.get("target") for v in (verdict, other) if v["verdict"] == "counts_as"} <= {named["target"]}:
            verdict = named  # 「算数，仍计欧阳克」: it stands, for the player it named
            continue
        pair = {verdict["verdict"]: verdict, other["verdict"]: other}
        if set(pair) == {"counts_as", "belongs"} and pair["counts_as"].get("target") and \
                pair["belongs"]["voter"] != pair["counts_as"]["target"]:
            # 「41楼 计为 六安瓜片，算 黄山毛峰 的票」: for X, and Y's ballot — 「算 Y 的票，计为 X」 said the other way round (blind34)
            verdict = {"verdict": "for_voter", "voter": pair["belongs"]["voter"], "target": pair["counts_as"]["target"]}
            continue
        if (verdict["verdict"], other["verdict"]) in _SUBSUMED:
            verdict = other
        elif (other["verdict"], verdict["verdict"]) not in _SUBSUMED:
            return None
    return verdict


# A floor of a day named relative to the post (yesterday's 4楼): which day depends on when the post was made.
# (hostile round 76: 「上轮6楼」「昨儿6楼」「yday #6」「last day's #6」「d0 #6」 — a day before today, or one that never was)
# (round 77: any period before this one — 上回 · 上把 · 上一日 · 上礼拜 · 前阵子 · 去年 · 刚才那局 · 上一个投票帖 · 明日 · N0 · prev day ·
# last round · D-1 · old thread · night 1 — a period word after 上/前/昨/去/明, or the English for one)
_RELATIVE_DAY = re.compile(r"(昨天|前天|昨日|前日|昨儿个?|昨晚|前儿|上一天|前一天|上一轮|上轮|去年|前年|明天|明日|"
                           r"(?:上|前)\s*一?\s*个?\s*(?:回|把|日|盘|场|期|礼拜|周|星期|阵子|局|轮|天|帖|贴|投票帖|投票贴|帖子)|"
                           r"(?:刚才|之前|早先|先前|前些)\s*那\s*(?:局|天|轮|帖|场|把|盘)|昨(?=\s*\d)|"
                           r"yesterday|y'?day|(?:last|previous|prev|prior|old|earlier|other)\s+(?:day|round|game|thread|week|time|night)(?:'s)?|"
                           r"the\s+day\s+before|day\s+before|(?<![a-z])d\s*-\s*1|(?<![a-z])[dn]\s*0|day\s*0|night\s*\d|第\s*[0零〇]\s*[天日])"
                           # (「昨天重投阶段 12楼」: the round or stage of that day — blind52 cz046, applied to today's 12楼)
                           r"(?:\s|的|[:：]|投票帖|投票贴|投票楼|那个|这个|里|中|vote|thread|'s|第\s*[一二三四五六七八九十\d]{1,3}\s*[天日]|"
                           # (「昨天对决帖 8楼」: that day's runoff thread — blind54 db034, applied to today's 8楼)
                           r"重投|复投|决胜|对决|加赛|首轮|阶段|环节|时候|时|期间|那会儿?|选举|竞选|警长|帖|贴|"
                           r"(?i:day|d)\s*\d{1,2})*?"  # (「昨天 day 1 投票帖第 40 樓」: blind50 cx070)
                           r"(?:(?:第\s*)?(?:\d{1,5}|[一二三四五六七八九十]{1,3})\s*(?:楼|层|樓|#|F|L)|#\s*\d{1,5}|(?:floor|post)\s*#?\s*\d{1,5})", re.I)


# 「昨天竞选帖：」「前一天的投票帖里：」: an earlier day named as the heading of what follows it on its line, before any floor
# (its thread or stage, not a post of the director's: 「对昨天裁定的复核：」「更正我昨晚那条：」 rule today's floors — blind19 f023, blind30 cd046)
_RELATIVE_HEAD = re.compile(r"(昨天|前天|昨日|前日|昨晚|上一天|前一天|上一轮|上轮)\s*(?:的)?\s*[^\s,，。:：;；\d]{0,6}?"
                            r"(?:帖|贴|竞选|投票|重投|对决|警长|选举|阶段)[^\s,，。:：;；\d]{0,3}?\s*[:：]")


def _day_number(written: str) -> int:
    if re.search(r"首|头", written):
        return 1
    if re.search(r"本|今|当", written):
        return 0  # today: the thread's own day
    digits = re.search(r"\d+", written)
    if digits:
        return int(digits.group())
    cn = re.search(r"[一二两三四五六七八九十]+", written)
    return tagging.chinese_number(cn.group()) if cn else 0


def _ref_words(ref: tuple) -> str:
    kind, number = ref
    return {"floor": f"#{number} ", "pid": f"pid {number} "}.get(kind, "引用的那一帖")


def _clip(line: str, limit: int = 40) -> str:
    line = line.strip()
    return line if len(line) <= limit else line[:limit] + "…"


# Words that point back at what the speaker said or did before: the speaker, or the post before (「我反悔了」「scratch that」
# 「Retracting my last post」「写错楼了，应为7楼」)
_POINTS_BACK = re.compile(r"我|俺|本人|刚才|刚刚|上面|上条|上一条|前面|之前|先前|那条|那句|这条|这句|楼层|\d{1,5}\s*(?:楼|层|樓|#|F|L)|#\s*\d|"
                          r"(?i:(?<![a-z])(?:i|i'm|i've|my|me|that|this|last|previous|earlier|above|post|floor|hold on|wait|hmm+|"
                          r"second thoughts?|actually|never ?mind|nvm|scratch|retract\w*|take (?:it|that) back|my bad|oops|sorry)(?![a-z]))")
_TURNING = ("correction", "retract", "negation", "hedge", "pending", "question", "condition")
TURN_BACK_LIMIT = 40  # characters: a longer post the reader cannot read is a notice or a story, not a turn on the last ruling


def turns_back(text: str | None, roster: Roster | None = None) -> str:
    """A director's post the ruling reader reads nothing in, short, whose words could take back or correct what the
    director said before (a word of the lexicon's correction, retract, negation, hedge, pending, question or condition
    classes, or words that point back at the speaker or an earlier post): its words, else "". An open rule, not a list of
    phrasings — the hostile round 64: 「我反悔了」「scratch that」「我说错了」「Retracting my last post」 each left the ruling
    before them standing."""
    if not text:
        return ""
    own = split(text).own.strip()
    if not own or len(re.sub(r"\s+", "", own)) > TURN_BACK_LIMIT or re.search(r"代投|委托|(?i:proxy)", own):
        return ""
    said = normalize(own)
    tagged = tagging.tag(said, roster)
    corrects = any(t.is_("correction", "retract") for t in tagged) or _NAMES_ANOTHER.search(said)
    if _NOTICE.search(said) or (roster is not None and roster.pattern is not None and roster.pattern.search(said) and not corrects):
        return ""  # a notice of the day's clock or rules, or words about a player: what they say is not the rulings above
        # (but 「搞错人了，应该是洪七公那楼」「不是欧阳克，是洪七公」「我说的是仪琳的票」 correct it: hostile round 65)
    if _POINTS_BACK.search(said) or corrects or any(t.is_(*_TURNING) for t in tagged):
        return own
    return ""


# Words that say another player or floor was meant (「不是欧阳克，是洪七公」「我说的是仪琳的票」「应该是仪琳」「判错人了」)
_NAMES_ANOTHER = re.compile(r"不是[^,，。]{1,12}[,，]?\s*(?:而)?是|(?:我|导演)?(?:说|指|判)的是|应该是|应为|判错|搞错|弄错|错人|错楼")


# A notice of the day's clock or rules (「投票时间到，本帖停止投票。统计稍后公布。」「20:30 到，从现在起不能改票」)
_NOTICE = re.compile(r"停止投票|截止|截票|关门|不得改票|不能改票|不许改票|改票须|统计|公布|宣判|提醒|距离|[还只]剩|还有[^,，。]{0,4}(?:小时|分钟)|"
                     r"\d{1,2}\s*[:：]\s*\d{2}|规则|遗言|天亮|入夜|开始投票|开放投票|投票开始")
