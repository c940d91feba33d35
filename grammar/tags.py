"""The second layer of reading a post: its words as tags — what each one can do to a ballot.

    >>> [(t.kind, t.value) for t in tag("【裁定】18楼 无效", Roster(["郭靖"]))]
    [('heading', None), ('floor', ('floor', 18)), ('invalid', None)]

A post is first set apart into the poster's own words (grammar/structure.py: quotes, stamps, signatures; and
grammar/normalize.py: one spelling of punctuation and space). Its words are then tagged from grammar/lexicon.toml
— a lexicon kept as data, each word with its source in the seeds or rules.md — and from the game: the roster's
names and aliases. One scan, left to right, the longest word first where several begin at one place; a roster
name before any word (a player may be called 盟主 or 小白票). What a clause of tags means is the readers' (the
grammars over tags); what a reading leaves unexplained is the certainty rule's (tally/certainty.py). This module
knows only words: no rule, no thread, no HTTP or SQL.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .names import Roster

# The classes whose tags can change a ballot when a reading leaves them over (see lexicon.toml's opening).
WEIGHTY = frozenset({"name", "floor", "vote", "change", "abstain", "withdraw", "proxy", "entrust", "relay", "invalid",
                     "valid", "abstain_verdict", "keep", "count_as", "not_a_vote_verdict", "hedge", "pending",
                     "question", "negation", "condition", "correction", "retract", "substitute", "weight",
                     "relative_floor"})
VERDICTS = ("invalid", "valid", "abstain_verdict", "keep", "count_as", "not_a_vote_verdict", "same_verdict")


@dataclass(frozen=True, slots=True)
class Tag:
    """One word of a post and what it can do: `kind` (a lexicon class, "name" or "floor"), where it stands,
    the words as written, and `value` — the player for a name, ("floor", N) · ("pid", N) · ("range", None) for a
    floor. `also`: the other classes the same spelling belongs to (更正 is a heading and a correction)."""

    kind: str
    start: int
    end: int
    text: str
    value: object = None
    also: tuple[str, ...] = ()

    def is_(self, *kinds: str) -> bool:
        return self.kind in kinds or any(k in kinds for k in self.also)


@dataclass(frozen=True)
class Entry:
    """One line of the lexicon: a spelling (or a pattern) and where it comes from."""

    kind: str
    written: str
    source: str
    pattern: bool = False


@lru_cache(maxsize=1)
def lexicon() -> tuple[Entry, ...]:
    """Every entry of grammar/lexicon.toml."""
    data = tomllib.loads(Path(__file__).with_name("lexicon.toml").read_text("utf-8"))
    out = []
    for kind, groups in data.items():
        for group in groups:
            source = group["source"]
            out += [Entry(kind, word, source) for word in group.get("words", ())]
            out += [Entry(kind, pattern, source, pattern=True) for pattern in group.get("patterns", ())]
    return tuple(out)


def words_of(kind: str) -> tuple[str, ...]:
    """The spellings of one class, longest first."""
    return tuple(sorted({e.written for e in lexicon() if e.kind == kind and not e.pattern}, key=len, reverse=True))


@lru_cache(maxsize=16)
def search_for(*kinds: str) -> re.Pattern:
    """The spellings of these classes as one case-blind search, longest first (patterns left out): where a reader asks
    only whether such a word is there, not how the post tags."""
    words = sorted({w for kind in kinds for w in words_of(kind)}, key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in words), re.I)


@lru_cache(maxsize=16)
def phrases(*kinds: str) -> re.Pattern:
    """The spellings and patterns of these classes as one case-blind search, longest spelling first: for the untagged
    classes a reader weighs a clause with (what may stand beside a ruling or a proxy)."""
    patterns = [e.written.removeprefix("(?i)") for e in lexicon() if e.kind in kinds and e.pattern]
    words = sorted({w for kind in kinds for w in words_of(kind)}, key=len, reverse=True)
    return re.compile("|".join([f"(?:{p})" for p in patterns] + [re.escape(w) for w in words]), re.I)


def takes_it_back(aside: str) -> bool:
    """An aside that is one word of the takes_it_back class and nothing else, 并 before it or not (「（不是）」「(repost)」)."""
    whole = re.sub(r"^\W+|\W+$", "", aside)
    return bool(re.fullmatch(rf"(?:并)?(?:{phrases('takes_it_back').pattern})", whole, re.I))


# The characters that carry no meaning of their own in a short aside (particles, pronouns, 的 · 了 · 是)
_PLAIN_CHARS = frozenset("的了是他她它我你们这那个一和与及或也都就还又再很不没有在里上下中把被给对为以之其此该啊呀吧呢嘛哦喔嗯么已经才只按计算见含指")


@lru_cache(maxsize=1)
def _tagged_kinds() -> tuple[str, ...]:
    """Every class a post is tagged with (all but the untagged ones)."""
    return tuple(sorted({e.kind for e in lexicon()} - UNTAGGED))


def unexplained(aside: str, *kinds: str, also: tuple[re.Pattern, ...] = ()) -> str:
    """The Chinese characters of a short aside that no word of the lexicon explains — the tagged classes, these untagged
    `kinds` and the patterns `also` — nor a particle: 「醉话」 leaves 醉 (话 speaks of a ballot), 「没写理由」 nothing."""
    # (one search over every class's words and patterns, longest spelling first: 写成 before 写, 错误 before 错)
    rest = phrases(*_tagged_kinds(), *kinds).sub(" ", aside)
    for found in also:
        rest = found.sub(" ", rest)
    return "".join(ch for ch in rest if "\u4e00" <= ch <= "\u9fff" and ch not in _PLAIN_CHARS)


def source_of(kind: str, written: str) -> str | None:
    """Where a word of the lexicon comes from (for a director who asks why it was read so)."""
    return next((e.source for e in lexicon() if e.kind == kind and e.written == written), None)


# Classes a reader searches for itself (tags.search_for, tags.phrases), never tagged: a heading's words are what a heading may
# say, and the words beside a ruling or a proxy what may stand there, not what a clause does
UNTAGGED = frozenset({"post_heading", "ballot_talk", "proxy_said", "proxy_said_english", "reason_words", "reason_english", "turns_over", "after_unsure", "not_real", "takes_it_back", "proxy_aside"})


@lru_cache(maxsize=1)
def _classes() -> tuple[dict[str, tuple[str, ...]], tuple[tuple[str, re.Pattern], ...]]:
    """The literal spellings → their classes (first class first), and the patterns by class."""
    literal: dict[str, list[str]] = {}
    patterns = []
    for entry in lexicon():
        if entry.kind in UNTAGGED:
            continue
        if entry.pattern:
            patterns.append((entry.kind, entry.written))
        else:
            kinds = literal.setdefault(entry.written.lower() if entry.written.isascii() else entry.written, [])
            if entry.kind not in kinds:
                kinds.append(entry.kind)
    return {w: tuple(k) for w, k in literal.items()}, tuple((k, re.compile(p)) for k, p in patterns)


@lru_cache(maxsize=1)
def _scanner() -> re.Pattern:
    """One alternation of every pattern, then every literal word (longest first: Python's alternation takes the first
    branch that matches, so longer come first). The roster's names are searched apart (_names): this one is built once
    per process, where one per roster cost a compile of the whole lexicon for every game (~0.1 s each)."""
    literal, patterns = _classes()
    parts = []
    for i, (_kind, pattern) in enumerate(patterns):
        written = pattern.pattern
        if written.startswith("(?i)"):  # a flag for the whole pattern becomes one for its branch
            written = f"(?i:{written[4:]})"
        parts.append(f"(?P<p{i}>{written})")
    words = sorted(literal, key=len, reverse=True)
    ascii_words = [w for w in words if w.isascii() and w[:1].isalpha()]
    other = [w for w in words if w not in ascii_words]
    if ascii_words:  # English words stand alone: 「vote」 is not inside 「voters」
        parts.append("(?P<en>(?i:(?<![a-z])(?:" + "|".join(re.escape(w) for w in ascii_words) + r")(?![a-z])))")
    parts.append("(?P<word>" + "|".join(re.escape(w) for w in other) + ")")
    return re.compile("|".join(parts))


@lru_cache(maxsize=64)
def _names(names: tuple[str, ...]) -> re.Pattern:
    """A roster's names, longest first."""
    return re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))


def tag(text: str, roster: Roster | None = None) -> tuple[Tag, ...]:
    """The tags of a normalised text (see the module's docstring)."""
    if not text:
        return ()
    names = tuple(roster.table) if roster is not None and roster.pattern is not None else ()
    return _tag(text, names, roster)


def _matches(text: str, names: tuple[str, ...]):
    """(match, is a name) in order, as one alternation of the names first and then _scanner would find them: at each
    position a name wins, else the lexicon's first branch; the next search starts where the match ended."""
    scanner, named = _scanner(), _names(names) if names else None
    position, word, name = 0, None, None
    while position <= len(text):
        # (a match found from an earlier position that starts at or after this one is still the first from here)
        if word is None or word.start() < position:
            word = scanner.search(text, position)
        if named is not None and (name is None or name.start() < position):
            name = named.search(text, position)
        if name is not None and (word is None or name.start() <= word.start()):
            found, is_name = name, True
        elif word is None:
            return
        else:
            found, is_name = word, False
        yield found, is_name
        position = found.end() if found.end() > found.start() else found.end() + 1


@lru_cache(maxsize=8192)
def _tag(text: str, names: tuple[str, ...], roster: Roster | None) -> tuple[Tag, ...]:
    literal, patterns = _classes()
    out = []
    for m, is_name in _matches(text, names):
        group, written = m.lastgroup, m.group()
        if is_name:
            out.append(Tag("name", m.start(), m.end(), written, roster.table[written] if roster else written))
        elif group in ("word", "en"):
            kinds = literal[written.lower() if group == "en" else written]
            out.append(Tag(kinds[0], m.start(), m.end(), written, None, kinds[1:]))
        else:
            kind = patterns[int(group[1:])][0]
            out.append(Tag(kind, m.start(), m.end(), written, floor_value(written) if kind == "floor" else None))
    return tuple(out)


_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def chinese_number(written: str) -> int | None:
    """十八 → 18, 二十 → 20, 一百零五 → 105 (floor and day numbers only)."""
    total, digit = 0, None
    for char in written:
        if char in _CN_DIGITS:
            digit = _CN_DIGITS[char]
        elif char == "十":
            total += (digit if digit is not None else 1) * 10
            digit = None
        elif char in "廿卅":  # 廿三 = 23, 卅一 = 31 (written so on older boards)
            total += 20 if char == "廿" else 30
            digit = None
        elif char == "百":
            total += (digit if digit is not None else 1) * 100
            digit = None
    total += digit or 0
    return total or None


_SEATS = {"沙发": 2, "板凳": 3, "地板": 4}  # Discuz's postnocustom names (discuz.md A.2)
_ENGLISH_NUMBERS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
                                                "fifteen sixteen seventeen eighteen nineteen twenty".split())}


def _roman(numeral: str) -> int | None:
    values = {"I": 1, "V": 5, "X": 10}
    total = 0
    for here, after in zip(numeral, numeral[1:] + " "):
        total += -values[here] if values.get(after, 0) > values[here] else values[here]
    return total or None


_RANGE = re.compile(r"\d{1,5}\s*(?:-|–|—|~|～|到|至|[+＋*×xX÷/])\s*#?\s*\d{1,5}")  # (a sum 「5+1楼」 is no one floor either: RANGE reads it)
_PID = re.compile(r"(?i)pid\s*[=:]?\s*(\d{1,10})")
_DIGITS = re.compile(r"\d{1,5}")
_CN = re.compile(r"[零〇一二两三四五六七八九十百廿卅]{1,6}")


def floor_value(written: str) -> tuple[str, int | None]:
    """("floor", N), ("pid", N) or ("range", None) of a floor as written; ("odd", N) for a number few boards write (a
    Roman numeral, a circled digit): read, but the director's to confirm."""
    if written in _SEATS:
        return ("floor", _SEATS[written])
    if circled := re.search(r"[①-⑳]", written):
        return ("odd", ord(circled.group()) - ord("①") + 1)
    if roman := re.match(r"\s*([IVXivx]{1,5})\s*(?:楼|层|樓)", written):
        return ("odd", _roman(roman.group(1).upper()))
    if word := re.search(r"(?i)(?:floor|post|reply)\s+([a-z]+)", written):
        return ("odd", _ENGLISH_NUMBERS.get(word.group(1).lower()))
    if _RANGE.search(written):
        return ("range", None)
    if pid := _PID.search(written):
        return ("pid", int(pid.group(1)))
    if digits := _DIGITS.search(written):
        return ("floor", int(digits.group()))
    cn = _CN.search(written)
    return ("floor", chinese_number(cn.group()) if cn else None)


# The heading a post opens on (【裁定】 · [裁定] · 【分享】), not BBCode (「[b]」「[size=5]」) and not a time (「【19:03】」)
_LEADING_HEADING = re.compile(r"^\W{0,3}?[【\[]\s*\[?([^】\]\[\n]{1,16}?)\s*[】\]]")
_BBCODE_OR_TIME = re.compile(r"^(?:/?[a-z]+(?:=[^\]]*)?|[\d\s:：.\-/·]+|\d{1,2}\s*[:：]\s*\d{2}.*|[\d\s]+)$", re.I)
_LEADING_CC = re.compile(r"^\W{0,3}(?:(?i:cc|bcc|fwd?)|转|转发|转载)\s*[:：]")


def odd_heading(text: str) -> str | None:
    """The heading the post opens on when no word of the post_heading class explains it (「【分享】」「【存档】」「CC:」): the post
    may be something other than the writer's word now (a repost, an archive, a copy) — or None."""
    if (cc := _LEADING_CC.match(text)) is not None:
        return cc.group().strip()
    heading = _LEADING_HEADING.match(text)
    if heading is None:
        return None
    inner = heading.group(1)
    if _BBCODE_OR_TIME.match(inner) or search_for("post_heading").search(inner):
        return None
    return heading.group()
