"""The director's 揭秘 post, read into a draft of each seat's role and camp and the winning camp.

Read in layers, as a ballot is: the post is cut into lines (quotes set aside, BBCode table cells kept apart),
each line is tagged — roster names, the preset's roles and camps, and the words of grammar/reveal.toml (win,
fate, night actions, 顶替, hedges, corrections, negations) — and each line is interpreted by its shape over
the tags:

    seat       郭靖：平民（护国阵营）· 1号 郭靖 —— 杀手，第二天被处决 · 郭靖 | 平民 | 护国阵营 · 李堃：民/匪
    role list  杀手：郭靖、黄蓉
    camp list  护国阵营：郭靖（平民）、黄蓉（神医）      (or a camp heading, its members on the lines below)
    winner     本局护国阵营获胜 · 平局

A seat is certain only when every word on its lines that could change it is explained: one role (a known one,
or free text whose camp is written), one camp (written, or the preset's camp of that role), no hedge, no
correction, no negation, no other line that gives it another role or camp. Anything else is a doubt, put to the
director in words; the draft never settles one quietly. Night stories around a seat (「第二夜被杀手刀了」) are
reason text: a role beside an action word tells what happened, not what the seat was.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .names import Roster
from .normalize import normalize
from .structure import split

DRAW = "平局"


@dataclass(frozen=True)
class Camp:
    """One of a game's camps (阵营) as the preset names it: the words directors use for it and the roles that
    start in it."""

    name: str
    words: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    takes_mixed: bool = False  # 双身份: a seat with one card of this camp and one of another is this camp's
    unsettled: tuple[str, ...] = ()  # its roles whose camp the game may change (白狼 归群, 爱神 with the lovers)


@dataclass
class Seat:
    role: str = ""
    camp: str = ""
    lines: list[int] = field(default_factory=list)  # 1-based line numbers of the post that speak of it
    doubts: list[str] = field(default_factory=list)


@dataclass
class RevealDraft:
    is_reveal: bool
    seats: dict[str, Seat]
    winner: str | None  # a camp's name, DRAW, or None where the post does not say
    doubts: list[str]  # about the post as a whole (the winner, names not on the roster, missing seats)

    @property
    def certain(self) -> bool:
        return self.is_reveal and not self.doubts and not any(s.doubts for s in self.seats.values())

    def questions(self) -> list[str]:
        """Everything the director is asked, one line each."""
        return list(self.doubts) + [f"{name}：{d}" for name, s in self.seats.items() for d in s.doubts]


@lru_cache(maxsize=1)
def _data() -> dict:
    return tomllib.loads(Path(__file__).with_name("reveal.toml").read_text("utf-8"))


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    return {kind: (tuple(w for g in groups for w in g.get("words", ())),
                   tuple(p for g in groups for p in g.get("patterns", ())))
            for kind, groups in _data().items() if isinstance(groups, list)}


def _english(table: str) -> dict[str, str]:
    return {k: v for k, v in _data().get(table, {}).items() if k != "source"}


KIND_LETTER = {"win": "W", "draw": "D", "lose": "L", "fate": "F", "act": "A", "sub": "S", "hedge": "H", "fix": "X",
               "negation": "G", "heading": "E", "rest": "T"}
_DOUBT_KINDS = {"H": "有不确定的说法", "X": "有更正的说法", "G": "有否定的说法"}
_COUNT_OF = re.compile(r"(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:位|人|个|名)")
_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _number(written: str) -> int | None:
    if written.isdecimal():
        return int(written)
    if written == "十":
        return 10
    if written.startswith("十"):
        return 10 + _DIGITS.get(written[1:], 0)
    if written.endswith("十"):
        return _DIGITS.get(written[0], 0) * 10
    if "十" in written:
        a, b = written.split("十", 1)
        return _DIGITS.get(a, 0) * 10 + _DIGITS.get(b, 0)
    return _DIGITS.get(written)


_SCORE = re.compile(r"[+-]?\d+(?:\.\d+)?\s*(?:分|pts?)?", re.I)
_FILLERS = {"是", "为", "乃", "身份是", "身份为", "身份", "的身份是", "其实是"}
# A seat's number before its name: digits (「1 郭靖」「01.」), or a Chinese numeral with its mark (「一号」「三、」) —
# never the first character of a name (一灯, 七月, 二条泉).
_SEAT_NUMBER = re.compile(r"^\s*(?:[0-9]{1,3}\s*(?:号位|号|\.|、|\)|:)|[0-9]{1,3}\s+|[一二三四五六七八九十]{1,3}\s*(?:号位|号|\.|、|\)|:))\s*")
_SEPARATORS = {":": ":", "|": ",", "-": ":", "—": ":", "=": ":", "→": ":", ">": ":", "、": ",", ",": ",", ";": ",",
               "/": "/", "(": "(", ")": ")", "[": "(", "]": ")", "【": "(", "】": ")", "〖": "(", "〗": ")", "<": "(",
               "《": "(", "》": ")", "「": "(", "」": ")", "和": ",", "与": ",", "及": ","}


@dataclass(frozen=True)
class Tag:
    kind: str  # N name, R role, C camp, a letter of KIND_LETTER, a separator, or x (other text)
    text: str
    value: str = ""  # N: the player; R: the role; C: the camp's name


class _Vocabulary:
    def __init__(self, roster: Roster, camps: tuple[Camp, ...]):
        self.roster = roster
        self.camps = camps
        words: dict[str, Tag] = {}
        for kind, (spellings, _patterns) in _lexicon().items():
            for w in spellings:
                words.setdefault(w, Tag(KIND_LETTER[kind], w))
        self.role_camp: dict[str, str] = {}
        self.takes_mixed = {c.name for c in camps if c.takes_mixed}
        self.only_role = {c.name: c.roles[0] for c in camps if len(c.roles) == 1}
        for camp in camps:
            for role in camp.roles:
                self.role_camp.setdefault(role, camp.name)
                words[role] = Tag("R", role, role)
        for camp in camps:
            for w in {camp.name, *camp.words}:
                if w not in self.role_camp:  # 「雪狼：弘世堇」 names a role; its camp follows from the role
                    words[w] = Tag("C", w, camp.name)
        self.unsettled = {role for camp in camps for role in camp.unsettled}
        self.formed = {camp.name for camp in camps if not camp.roles}  # camps formed in play: 情侣阵营
        camp_of_role = {r: c.name for c in camps for r in c.roles}
        for english, role in _english("english_roles").items():
            if role in self.role_camp:
                for w in {english, english.lower(), english.upper()}:
                    words.setdefault(w, Tag("R", w, role))
        for english, role in _english("english_camps").items():
            camp = camp_of_role.get(role) or next((c.name for c in camps if role in c.name), None)
            if camp:
                for w in {english, english.title(), english.capitalize(), english.upper()}:
                    words.setdefault(w, Tag("C", w, camp))
        for written, player in roster.table.items():
            words[written] = Tag("N", written, player)
        patterns = [p for kind, (_w, ps) in _lexicon().items() for p in ps]
        alternatives = [re.escape(w) for w in sorted(words, key=len, reverse=True) if w]
        self.words = words
        self.pattern = re.compile("|".join(alternatives + [f"(?:{p})" for p in patterns]))
        self.fate_patterns = [re.compile(p) for p in _lexicon()["fate"][1]]
        # A camp the preset does not know, named as directors name camps: 「好人阵营」 in a game of 护国阵营.
        self.foreign_camp = re.compile(r"[\w]{1,6}?(?:阵营|方)$")

    def tag(self, line: str) -> list[Tag]:
        tags: list[Tag] = []
        at = 0
        for m in self.pattern.finditer(line):
            self._text(line[at:m.start()], tags)
            found = m.group()
            tags.append(self.words.get(found) or Tag("F", found))
            at = m.end()
        self._text(line[at:], tags)
        return tags

    @staticmethod
    def _text(chunk: str, tags: list[Tag]) -> None:
        for piece in re.split(r"(\s+|——|-{1,2}|[:|—=→➜➡⇒>、,;/()\[\]【】〖〗<>《》「」])", chunk):
            if not piece or piece.isspace():
                continue
            if piece in ("——", "--", "➜", "➡", "⇒"):
                piece = "-"
            if piece not in _SEPARATORS and not re.search(r"\w", piece):
                continue  # emoji and rules of ━━━ or ✦: decoration
            if piece in _SEPARATORS:
                tags.append(Tag(_SEPARATORS[piece], piece))
            elif tags and tags[-1].kind == "x":
                tags[-1] = Tag("x", tags[-1].text + piece)
            else:
                tags.append(Tag("x", piece))


def _lines(text: str) -> list[str]:
    """The director's own lines: quotes set aside; a BBCode table row is one line, its cells apart."""
    text = re.sub(r"\[/?td(?:=[^\]]*)?\]", " | ", text, flags=re.I)
    text = re.sub(r"\[/tr\]", "\n", text, flags=re.I)
    own = split(text).own
    # 「东方不败 圣姑；向问天 左护法；…」: a reveal typed on a phone, each seat after a semicolon
    return [re.sub(r"(?:\s*\|\s*)+", " | ", line).strip(" |") for line in re.split(r"[\n;。]", normalize(own))]


class _Reading:
    def __init__(self, vocabulary: _Vocabulary):
        self.v = vocabulary
        self.claims: dict[str, list[tuple[int, str, str, bool]]] = {}  # name → (line, role, camp, doubtful)
        self.stories: list[tuple[int, set[str], set[str], set[str]]] = []  # line, names, roles, camps
        self.winners: list[tuple[int, str, bool]] = []
        self.losers: list[tuple[int, str]] = []
        self.strangers: list[str] = []
        self.line_doubts: dict[str, list[str]] = {}
        self.heading_camp = ""
        self.heading_role = ""
        self.remainder: tuple[int, str, int | None] | None = None

    def claim(self, number: int, name: str, role: str, camp: str, doubtful: bool) -> None:
        self.claims.setdefault(name, []).append((number, role, camp, doubtful))

    def line(self, number: int, text: str) -> None:
        if not text:
            self.heading_camp = self.heading_role = ""  # a blank line ends a heading's list
            return
        tags = self.v.tag(_SEAT_NUMBER.sub("", text, count=1))
        while tags and tags[0].kind in (":", ","):  # 「1号 | 宋江 | …」: the seat's number cell
            tags.pop(0)
        kinds = [t.kind for t in tags]
        if "E" in kinds and ":" in kinds[kinds.index("E"):] and "N" in kinds:
            cut = kinds.index(":", kinds.index("E"))
            if cut < kinds.index("N"):
                tags = tags[cut + 1:]  # 「手机党见谅，揭秘：郭靖 先知者」: the heading before the first seat
        kinds = [t.kind for t in tags]
        doubtful = [_DOUBT_KINDS[k] for k in dict.fromkeys(kinds) if k in _DOUBT_KINDS]
        names = [t for t in tags if t.kind == "N"]
        if doubtful:
            for t in names:
                self.line_doubts.setdefault(t.value, []).append(f"第{number}行{'、'.join(doubtful)}：「{_clip(text)}」")
        if not names:
            self._no_names(number, text, tags, bool(doubtful))
            return
        significant = [t for t in tags if t.kind not in ("(", ")")]
        first = significant[0] if significant else None
        if first is not None and first.kind == "N" and len(names) > 1 and self._is_list(tags) and "(" in kinds:
            # 宋江（船长）、武松（水手）: members with their roles, under a camp heading or none
            if self.heading_role and not self.heading_camp:
                self._role_list(number, self.heading_role, tags, bool(doubtful))
            else:
                self._camp_list(number, self.heading_camp, tags, bool(doubtful))
        elif first is not None and first.kind == "N" and len(names) > 1 and len(self._seats_in(tags)) > 1:
            for part in self._seats_in(tags):  # 「1 村民 2 雀神 3 狼人」 (numbers read as names): a seat each
                self._seat(number, part, bool(doubtful))
        elif first is not None and first.kind == "N":
            self._seat(number, tags, bool(doubtful))
        elif first is not None and first.kind == "R" and self._is_list(tags[tags.index(first) + 1:]):
            self._role_list(number, first.value, tags[tags.index(first) + 1:], bool(doubtful))
        elif first is not None and first.kind == "C" and self._is_list(tags[tags.index(first) + 1:]):
            self._camp_list(number, first.value, tags[tags.index(first) + 1:], bool(doubtful))
        else:
            self._story(number, tags)
        winners = self._winner(tags)
        if winners:
            self.winners.append((number, winners, bool(doubtful)))

    @staticmethod
    def _seats_in(tags: list[Tag]) -> list[list[Tag]]:
        """Several seats on one line, each a name and its role (「郭靖 平民 黄蓉 神医」): split before each name that
        follows a role; one part where the line is anything else."""
        parts: list[list[Tag]] = [[]]
        for t in tags:
            if t.kind == "N" and parts[-1] and any(u.kind == "R" for u in parts[-1]):
                parts.append([])
            parts[-1].append(t)
        if len(parts) < 2 or not all(p[0].kind == "N" and sum(u.kind == "N" for u in p) == 1 and
                                     any(u.kind == "R" for u in p) for p in parts):
            return [tags]
        return parts

    def _no_names(self, number: int, text: str, tags: list[Tag], doubtful: bool) -> None:
        kinds = [t.kind for t in tags]
        if "T" in kinds and "C" in kinds[kinds.index("T"):] and not doubtful:
            # 「其余八位都是好人方」: every seat the post does not list is in that camp
            said = _COUNT_OF.search(text)
            self.remainder = (number, next(t.value for t in tags[kinds.index("T"):] if t.kind == "C"),
                              _number(said.group(1)) if said else None)
            return
        winner = self._winner(tags)
        if winner:
            self.winners.append((number, winner, doubtful))
            return
        for i, t in enumerate(tags):
            if t.kind == "L":
                before = [u for u in tags[:i] if u.kind == "C"]
                if before:
                    self.losers.append((number, before[-1].value))
        content = [t for t in tags if t.kind not in ("(", ")", ":", ",")]
        if content and all(t.kind in ("C", "x", "E") for t in content) and content[0].kind == "C" and \
                sum(len(t.text) for t in content if t.kind == "x") <= 6:
            self.heading_camp, self.heading_role = content[0].value, ""
        elif content and content[0].kind == "R" and len(content) <= 2 and all(t.kind in ("R", "x") for t in content):
            self.heading_role = content[0].value
        elif len(content) >= 2 and content[0].kind == "x" and any(t.kind == "R" for t in content[1:3]) and \
                len(content[0].text) <= 8 and ":" in [t.kind for t in tags] and sum(t.kind == "R" for t in tags) == 1:
            self.strangers.append(f"第{number}行的「{content[0].text}」不在玩家名单上：「{_clip(text)}」")

    @staticmethod
    def _winner(tags: list[Tag]) -> str:
        kinds = [t.kind for t in tags]
        if "D" in kinds:
            return DRAW
        if "W" not in kinds:
            return ""
        camps = [t.value for t in tags[:kinds.index("W")] if t.kind == "C"]
        return camps[-1] if camps else ""

    @staticmethod
    def _is_list(rest: list[Tag]) -> bool:
        """After a role or camp: (a separator, then) names, each perhaps with its role in brackets."""
        depth = 0
        previous = ""
        for t in rest:
            if t.kind == "(":
                depth += 1
            elif t.kind == ")":
                depth = max(0, depth - 1)
            elif depth == 0 and t.kind in ("R", "/") and previous in ("N", "R", "/"):
                pass  # 「杀手方：甲 匪/民、乙 民/匪」: a member's role right after the name
            elif depth == 0 and t.kind not in ("N", ":", ","):
                return False  # 「狼人 杀 妮娜」: words between the role and the names — a story, not a list
            previous = t.kind if depth == 0 else previous
        return any(t.kind == "N" for t in rest)

    def _role_list(self, number: int, role: str, rest: list[Tag], doubtful: bool) -> None:
        for t in rest:
            if t.kind == "N":
                self.claim(number, t.value, role, self.heading_camp, doubtful)

    def _camp_list(self, number: int, camp: str, rest: list[Tag], doubtful: bool) -> None:
        i = 0
        while i < len(rest):
            t = rest[i]
            if t.kind == "N":
                role, i = self._bracketed_role(rest, i + 1)
                self.claim(number, t.value, role, camp, doubtful)
                continue
            i += 1

    @staticmethod
    def _bracketed_role(rest: list[Tag], i: int) -> tuple[str, int]:
        if i < len(rest) and rest[i].kind == "(":
            inside = []
            j = i + 1
            while j < len(rest) and rest[j].kind != ")":
                inside.append(rest[j])
                j += 1
            roles = [t.value for t in inside if t.kind == "R"] or [t.text for t in inside[:1] if t.kind == "x"]
            return "/".join(roles), j + 1
        roles = []
        while i < len(rest) and rest[i].kind in ("R", "/"):
            if rest[i].kind == "R":
                roles.append(rest[i].value)
            i += 1
        return "/".join(roles), i

    def _seat(self, number: int, tags: list[Tag], doubtful: bool) -> None:
        """名字（、名字）[:] 身份[/身份] [（阵营 | 说明 | 顶替）] [, 阵营 | 命运 | 故事]"""
        i = 0
        seats = []
        while i < len(tags) and tags[i].kind in ("N", ",", "("):
            if tags[i].kind == "N":
                seats.append(tags[i].value)
            elif tags[i].kind == "(":
                break
            i += 1
        while i < len(tags) and tags[i].kind in (":",):
            i += 1
        roles: list[str] = []
        camp = ""
        extra: list[str] = []
        part = []
        while i < len(tags) and tags[i].kind in ("R", "x", "/", "H", "G", "X"):
            part.append(tags[i])  # a hedge or a correction here is already the seat's doubt
            i += 1
        part = [t for t in part if not (t.kind == "x" and _SCORE.fullmatch(t.text))]  # 03 · 35分: a score, no role
        for k, t in enumerate(part):
            if t.kind == "R":
                roles.append(t.value)
            elif t.kind == "x" and not roles and any(u.kind == "R" for u in part[k + 1:]):
                if t.text not in _FILLERS:
                    extra.append(t.text)
            elif t.kind == "x":
                (extra if roles else roles).append(t.text)
        if i < len(tags) and tags[i].kind == "C" and not roles:
            camp = tags[i].value
            i += 1
        conflicts = []
        depth = 0
        for j in range(i, len(tags)):
            t = tags[j]
            depth += t.kind == "("
            depth -= t.kind == ")" and depth > 0
            if t.kind == "C":
                if camp and camp != t.value:
                    conflicts.append(t.text)
                camp = camp or t.value
            elif t.kind == "R" and not _acted(tags, j):
                if depth and not roles:
                    roles.append(t.value)  # 宋江（船长）: the role in brackets
                elif depth and tags[j - 1].kind in (":", "/") and tags[j - 2].kind == "R":
                    roles.append(t.value)  # 旧城（民-匪）: two cards in the brackets, read as 民/匪
                elif depth and not camp and len(roles) <= 1 and \
                        self.v.role_camp.get(t.value) == self.v.role_camp.get(roles[0].split("（")[0]):
                    extra.append(t.text)  # 狼人（赤狼）: another name of the role, in its own camp
                elif t.value not in roles:
                    conflicts.append(t.text)
            elif t.kind == "x" and depth and not roles:
                roles.append(t.text)
        if self.heading_camp and not camp:
            camp = self.heading_camp
        if not roles and self.heading_role:
            roles = [self.heading_role]
        role = "/".join(roles) + (f"（{'，'.join(extra)}）" if extra and roles and roles[0] in self.v.role_camp else "")
        for name in seats:
            self.claim(number, name, role, camp, doubtful)
            if conflicts:
                self.line_doubts.setdefault(name, []).append(
                    f"第{number}行还写着「{'、'.join(conflicts)}」，与「{role or camp}」不一致")

    def _story(self, number: int, tags: list[Tag]) -> None:
        names = {t.value for t in tags if t.kind == "N"}
        roles = {t.value for j, t in enumerate(tags) if t.kind == "R" and not _acted(tags, j)}
        camps = {t.value for t in tags if t.kind == "C"} if not any(t.kind in "WDL" for t in tags) else set()
        if roles or camps:
            self.stories.append((number, names, roles, camps))


def _acted(tags: list[Tag], j: int) -> bool:
    """A role beside an action or a fate (被杀手刀了 · 预言家验了他 · 女巫毒死): who did what, not who was what."""
    near = [tags[k].kind for k in (j - 1, j + 1) if 0 <= k < len(tags)]
    before = tags[j - 1].text if j else ""
    return "A" in near or "F" in near or before.endswith("被")


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def read_reveal(text: str, roster: Roster, camps: tuple[Camp, ...] = ()) -> RevealDraft:
    """The draft a 揭秘 post makes: each seat's role and camp, the winner, and every doubt in words."""
    v = _Vocabulary(roster, tuple(camps))
    reading = _Reading(v)
    seat_of = _seat_numbers(text, roster)
    for number, line in enumerate(_lines(text), start=1):
        if seat_of and not (roster.pattern and roster.pattern.search(line)):
            line = _SEAT_REF.sub(lambda m: f"{seat_of[int(m.group(2))]} " if int(m.group(2)) in seat_of else m.group(), line)
        reading.line(number, line)
    if reading.remainder:
        number, camp, count = reading.remainder
        rest = [name for name in roster.names if name not in reading.claims]
        # certain only where the post says how many the rest are and they are that many: a seat listed in a shape not
        # read would otherwise be filed in the rest's camp
        sure = count is not None and count == len(rest)
        for name in rest:
            reading.claim(number, name, "", camp, not sure)
            if not sure:
                reading.line_doubts.setdefault(name, []).append(
                    f"第{number}行说「其余」都是{camp}，但没读出其余是哪几位（说了 {count if count is not None else '?'} 位，没读到的有 {len(rest)} 位）")
    seats: dict[str, Seat] = {}
    for name in roster.names:
        claims = reading.claims.get(name, [])
        seat = Seat(lines=[c[0] for c in claims])
        seats[name] = seat
        if not claims:
            continue
        roles = list(dict.fromkeys(c[1] for c in claims if c[1]))
        camps_said = list(dict.fromkeys(c[2] for c in claims if c[2]))
        seat.role = roles[0] if roles else ""
        if len(roles) > 1 and not _refines(roles):
            seat.doubts.append("揭秘里写了不止一个身份：" + "、".join(f"「{r}」" for r in roles))
        implied = _camp_of(seat.role, v.role_camp, v.takes_mixed)
        if implied is None:
            seat.doubts.append(f"身份「{seat.role}」的几张牌分属不同阵营，阵营要导演写明")
        if len(camps_said) > 1:
            seat.doubts.append("揭秘里写了不止一个阵营：" + "、".join(camps_said))
        seat.camp = camps_said[0] if camps_said else (implied or "")
        moving = {c.split("（")[0] for c in seat.role.split("/")} & v.unsettled
        if moving and not camps_said:
            seat.doubts.append(f"「{'、'.join(sorted(moving))}」的阵营在游戏中可能改变，揭秘没有写明这一局最后的阵营")
        if camps_said and implied and implied != camps_said[0] and not moving:
            seat.doubts.append(f"写的阵营「{camps_said[0]}」和规则里「{seat.role}」的阵营「{implied}」不同（可能中途转阵营，请确认）")
        if not seat.role and seat.camp in v.only_role:
            seat.role = v.only_role[seat.camp]  # a camp of one role (S10's 狼人阵营): its members play that role
        if not seat.camp:
            seat.doubts.append(f"没有写阵营，身份「{seat.role or '（未写）'}」在本局规则的阵营表里找不到")
        seat.doubts += reading.line_doubts.get(name, [])
    # A story line around the table (「丘比特片冈优希连了须贺京太郎和国广一，留在村民阵营」) is explained when every role
    # and camp it tells is the role or camp of a seat it names; what is left could change a seat, so each is asked.
    for number, names, roles_told, camps_told in reading.stories:
        known = {part for n in names if n in seats for part in (*seats[n].role.split("（")[0].split("/"), seats[n].camp) if part}
        left = (roles_told | camps_told) - known
        if left:
            for name in sorted(names & set(seats), key=roster.names.index):
                seats[name].doubts.append(f"第{number}行另有说法：提到{'、'.join(sorted(left))}")
    # A reveal says what seats were: half the roster at least with a role the rules know or a camp. Free text
    # after a name (「郭靖、黄蓉 投了杨康」) is no role by itself: a result post is not a reveal.
    assigned = [n for n, s in seats.items() if s.camp or _camp_of(s.role, v.role_camp, v.takes_mixed)]
    is_reveal = len(assigned) >= max(2, (len(roster.names) + 1) // 2)
    if not is_reveal:  # a result post or a story that names players: nothing in it is a seat's role
        return RevealDraft(False, {n: Seat() for n in roster.names}, None, ["这一帖不像揭秘帖：写明身份的玩家不到一半"])
    doubts = list(reading.strangers)
    if is_reveal:
        missing = [n for n in roster.names if not seats[n].lines]
        if missing:
            doubts.append("揭秘里没有写到：" + "、".join(missing))
    winners = list(dict.fromkeys(w for _n, w, _d in reading.winners))
    winner = winners[0] if len(winners) == 1 else None
    if len(winners) > 1:
        doubts.append("写了不止一个获胜方：" + "、".join(winners))
    elif winner and any(d for _n, _w, d in reading.winners):
        doubts.append(f"获胜方「{winner}」的那一行有不确定或更正的说法")
    elif not winner and is_reveal:
        losers = list(dict.fromkeys(c for _n, c in reading.losers))
        doubts.append("没有写明哪个阵营获胜" + (f"（只写了{'、'.join(losers)}判负）" if losers else ""))
    return RevealDraft(is_reveal, seats, winner, doubts)


# 「1号 村民」「2 雀神」 under a seat table: a number where a seat's name would stand (after a separator, before a mark or
# a space) — never a day (第3天), a score (35分) or a count (3票)
_SEAT_REF = re.compile(r"(^|[\s、,;|])(\d{1,2})\s*(?:号位|号|\.|、|\s)(?=\s*[^\d\s])")


def _seat_numbers(text: str, roster: Roster) -> dict[int, str]:
    """Seat number → player, from the post's own seat table (「座位表：1 乔峰 2 段誉」「1.麻将小王子 2.岭上开花」, quoted
    ones too): only where it is one table — each number one player, each player one number, half the roster at least."""
    if roster.pattern is None:
        return {}
    found: dict[int, set[str]] = {}
    for m in re.finditer(rf"(?<![\d第])(\d{{1,2}})\s*(?:号位|号|\.|、|:|：)?\s*({roster.pattern.pattern})", text):
        found.setdefault(int(m.group(1)), set()).add(roster.table[m.group(2)])
    table = {n: next(iter(names)) for n, names in found.items() if len(names) == 1}
    if len(set(table.values())) != len(table) or len(table) < max(2, (len(roster.names) + 1) // 2):
        return {}
    return table


def _refines(roles: list[str]) -> bool:
    """「杀手」 and 「杀手（魔教首领）」 are one role said twice."""
    base = {r.split("（")[0] for r in roles}
    return len(base) == 1


def _camp_of(role: str, role_camp: dict[str, str], takes_mixed: set[str] = frozenset()) -> str | None:
    """The camp the preset gives a role; for 双身份 「民/匪」 the camp both cards share, or the one camp the preset
    says takes a mixed seat (None when they differ otherwise)."""
    cards = [r.split("（")[0] for r in role.split("/") if r]
    found = {role_camp[c] for c in cards if c in role_camp}
    if len(found) > 1:
        taking = found & set(takes_mixed)
        return taking.pop() if len(taking) == 1 and all(c in role_camp for c in cards) else None
    return found.pop() if found and len(found) == 1 and all(c in role_camp for c in cards) else ""
