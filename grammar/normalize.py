"""Make the spellings the rules treat as equal into one spelling, before the grammar reads a post.

The seeds say full-width and half-width punctuation are not distinguished. Players also paste
zero-width characters, wrap votes in BBCode that the forum did not render, and write 【投票】.
"""

from __future__ import annotations

import re

# Zero-width characters and bidi controls (U+202A–202E, U+2066–2069, U+061C): invisible, and a name
# followed by one would no longer be that name.
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u2060\ufeff\u00ad\u180e"
                                     "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c"), None)
# Full-width ASCII (U+FF01–U+FF5E) → ASCII; every Unicode space → " "; colon look-alikes → ":".
_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_WIDTH.update(dict.fromkeys(map(ord, "\u3000\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\t\r\x0b\x0c"), ord(" ")))
_WIDTH.update(dict.fromkeys(map(ord, "﹕∶︓꞉ː"), ord(":")))
_TABLE = {**_ZERO_WIDTH, **_WIDTH}
# The same as replacements: str.translate looks up every character of a post, while most posts hold only a
# few of these (a full-width colon, a comma) — finding those (re scans a class in C) and replacing them is faster.
_SPELLINGS = {chr(code): chr(to) if to is not None else "" for code, to in _TABLE.items()}
_SPELLING_CLASS = re.compile("[" + "".join(map(re.escape, sorted(_SPELLINGS))) + "]")


def _one_spelling(text: str) -> str:
    found = _SPELLING_CLASS.findall(text)
    for char in set(found) if found else ():
        text = text.replace(char, _SPELLINGS[char])
    return text

_BBCODE = re.compile(
    r"\[/?(?:b|i|u|s|color|size|font|align|backcolor|url|float|p|indent|list|\*|hr|quote|code|free|hide|"
    # (fly · spoiler · marquee …: decorations a target may be wrapped in — 「[fly]投票对象：郭靖[/fly]」 read 郭靖[/fly as the name,
    # the hostile round 92, cases 20, 44)
    r"qq|email|img|media|flash|table|tr|td|sup|sub|strike|center|left|right|fly|spoiler|marquee|audio|postbg|blur|"
    r"shadow|glow|ruby|rt|rp|tt|pre|blockquote)(?:=[^\]\n]*)?\]",
    re.I,
)
# (a tag's name is any word: [投票] · [h1] · [t_1] · [tag-a] — the hostile round 94, case 58, after [collapse] · [blink] in 93)
_PAIRED_TAGS = re.compile(r"\[([^\[\]\s/=]{1,12})(?:=[^\]\n]*)?\](.*?)\[/\1\]", re.S)
def _paired(m: re.Match) -> str:
    """The words between a pair of tags the forum shows as typed; 「[投票]郭靖[/投票]」 a label before them, as 【投票】 is."""
    return f"{m.group(1)}:{m.group(2)}" if re.fullmatch(_LABEL_WORDS, m.group(1)) and ":" not in m.group(2)[:8] \
        and "：" not in m.group(2)[:8] else m.group(2)


_LABEL_WORDS = "投票对象|投票目标|投票|改票对象|改票|改投|投票理由|改票理由|理由|代投|对象"
# (not 「武夷〔代投〕、恒山」: a mark after a name in a list, followed by the next item, is no label)
_BRACKET_LABEL = re.compile(rf"[\[【〖〔]\s*({_LABEL_WORDS})\s*[\]】〗〕](?![ \t]*[、,，)）])\s*:?\s*")
_AROUND_COLON = re.compile(r" *: *")
_SPACES = re.compile(r" {2,}")
_LINE_EDGES = re.compile(r" ?\n ?")


# Traditional spellings of the label words (投票對象, 棄權 …): a player on a traditional-Chinese
# input method writes the same ballot.
_TRADITIONAL_LABELS = {"對象": "对象", "棄權": "弃权", "改投對象": "改投对象", "給": "给", "無": "无"}
_TRADITIONAL = re.compile("對象|棄權|(?<=投)給|(?<=票)給")


# Cantonese ballot words (投佢 · 我投咗X · 佢哋): a player from Hong Kong or Guangdong writes the same ballot.
_CANTONESE = {"佢哋": "他们", "投咗": "投", "投佐": "投", "佢": "他"}
_CANTONESE_WORDS = re.compile("佢哋|投咗|投佐|佢")


# A GBK forum stores a character outside GBK as the text `&#N;` and shows it so: 𠮷田 arrives as
# 「&#134071;田」. The player typed the character; read it back before any name is matched. A character GBK holds is never
# sent so by a browser: 「&#29579;」 on the page was typed as those characters, and shows as them — text, not a name (the
# hostile round 89, cases 04 and 69: counted for 王喆, and 王喆 posted out).
_REFERENCE = re.compile(r"&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));")


def _character(m: re.Match) -> str:
    code = int(m.group(1)) if m.group(1) else int(m.group(2), 16)
    if not 0 < code <= 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return m.group()
    try:
        chr(code).encode("gbk")
    except UnicodeEncodeError:
        return chr(code)
    return m.group()


def decode_references(text: str) -> str:
    return _REFERENCE.sub(_character, text) if "&#" in text else text


# English and mixed labels (vote: 郭靖 / VOTE: 郭靖 / reason: …), as players on English keyboards write them.
_ENGLISH_LABEL = re.compile(r"(?i)(?<![a-z])(?:(?:my\s+)?(?:vote|voting)(?:\s+for)?|(?P<r>reason|because))\s*[:：]")


def _english_label(m: re.Match) -> str:
    return "理由:" if m.group("r") else "投票:"


# How players from English-language forums vote (rules.md, "Players from English-language forums"), in the words the
# readers know: 「unvote, vote X」 a change, 「unvote」 alone a withdrawal, 「##vote X」「##reason Y」 the labels, 「vote X」
# (a name after it: Chinese, or a capitalised word) the verb. 「FoS X」「L-2」「hammer」 stay talk.
_ENGLISH_VOTES = (
    (re.compile(r"(?i)(?<![a-z])(?:##\s*)?unvote\s*[,，;；.。/&]?\s*(?:and\s+|then\s+)?(?:##\s*)?vote(?:\s+for)?\s*[:：]?\s*"), "改投"),
    # 「unvote 降号, vote 连音线」: the ballot taken back named, then the new one — the same change (heldout39 w39_115: two ballots)
    (re.compile(r"(?i)(?<![a-z])(?:##\s*)?unvote\s+[^\s,，;；.。/&]{1,12}\s*[,，;；.。/&]\s*(?:and\s+|then\s+)?(?:##\s*)?vote(?:\s+for)?"
                r"\s*[:：]?\s*"), "改投"),
    # 「my vote's on 郭靖」「my vote goes to 郭靖」: the poster's ballot in words (the hostile round 63: read as nothing)
    (re.compile(r"(?i)(?<![a-z])(?<!cancel )(?<!remove )(?<!drop )(?<!withdraw )(?<!retract )(?<!scrap )(?<!void )"
                r"my\s+vote(?:'s|’s|\s+is|\s+goes)?\s+(?:on|to|for)\s+"), "投"),  # (not 「cancel my vote on 郭靖」: round 70)
    # 「unvote，弃权」: the change form with the abstention for its target (heldout17 s17_050 read it as two ballots)
    (re.compile(r"(?i)(?<![a-z])unvote\s*[,，;；.。/&]?\s*(?=弃权|棄權)"), "改投"),
    (re.compile(r"(?i)(?<![a-z])unvote(?![a-z])"), "撤票"),
    # 「no vote for 杨康」「I won't vote 杨康」「not voting 杨康」: the vote said not to be cast — 不投 (the hostile round 80, M36 and
    # N04: both counted for 杨康, a wrong elimination posted)
    (re.compile(r"(?i)(?<![a-z])(?:no|not|never|won[\x27’]?t|will\s+not|don[\x27’]?t|do\s+not|can[\x27’]?t|cannot|shouldn[\x27’]?t|"
                r"wouldn[\x27’]?t|isn[\x27’]?t|ain[\x27’]?t|not\s+going\s+to|not\s+gonna|never\s+gonna)\s+(?:to\s+)?"
                r"(?:vote|voting)(?:\s+(?:for|on))?(?![a-z])\s*[:：]?\s*(?=[^\x00-\x7f]|[A-Z])"), "不投"),
    # 「everyone vote 杨康 except me」「all vote 杨康 but not me」: a call to the others — 大家投 (the hostile round 81, W01/V01:
    # counted as the poster's ballot, a wrong elimination)
    (re.compile(r"(?i)(?<![a-z])(?:everyone|everybody|all\s+of\s+you|y[\x27’]?all|you\s+(?:all|guys)|guys|all|lets|let[\x27’]s)\s+"
                r"(?:should\s+|please\s+|pls\s+|just\s+)?(?:vote|lynch)(?:\s+for)?(?![a-z])\s*[:：]?\s*"), "大家投"),
    # 「vote no lynch」「vote: abstain」: English boards' abstentions are the abstention word
    (re.compile(r"(?i)(?<![a-z])(?:##\s*)?(?:投票:|vote(?:\s+for)?\s*[:：]?)\s*(?:no[\s-]*lynch|no[\s-]*vote|no[\s-]*elimination|nobody|"
                r"no\s+one|abstain|skip|pass)(?![a-z])[ \t]*"), "投票:弃权\n"),
    (re.compile(r"(?i)##\s*vote(?:\s+for)?\s*[:：]?\s*"), "投票:"),
    (re.compile(r"(?i)##\s*reason\s*[:：]?\s*"), "理由:"),
    (re.compile(r"(?<![A-Za-z#])(?i:vote)(?:\s+(?i:for))?\s+(?=[^\x00-\x7f]|[A-Z])"), "投"),
    # 「vote卢布！！！」: the word glued to a CJK name, as a phone's input method leaves it (heldout21 w21_094)
    (re.compile(r"(?<![A-Za-z#])(?i:vote)(?=[\u4e00-\u9fff])"), "投"),
    # 「vote kestrel」 at a line's start: a ballot whatever the case (a name the roster does not know is asked)
    (re.compile(r"(?m)^\s*(?i:vote)(?:\s+(?i:for))?\s+(?=[a-z])"), "投"),
)


def _english_votes(text: str) -> str:
    for pattern, words in _ENGLISH_VOTES:
        text = pattern.sub(words, text)
    return text


# A BBCode table's rows and cells ([tr][td]44[/td][td]有效[/td][/tr]): a line per row, a space between cells — and where
# the header row names a column 楼层, the numbers under it are floors (44 → 44楼), as a ruling's table means them (blind34).
_BB_TABLE = re.compile(r"(?is)\[table(?:=[^\]\n]*)?\](.*?)\[/table\]")
_ROW = re.compile(r"(?is)\[tr(?:=[^\]\n]*)?\](.*?)\[/tr\]")
_CELL = re.compile(r"(?is)\[td(?:=[^\]\n]*)?\](.*?)\[/td\]")
_FLOOR_HEADER = re.compile(r"^\s*(?:楼层|楼|楼号|樓層|樓|floor|#)\s*$", re.I)


def _table(m: re.Match) -> str:
    rows = [[c.strip() for c in _CELL.findall(row)] for row in _ROW.findall(m.group(1))]
    floors = next((k for k, cell in enumerate(rows[0]) if _FLOOR_HEADER.match(cell)), None) if rows else None
    for row in rows[1:]:
        if floors is not None and floors < len(row) and row[floors].isdigit():
            row[floors] += "楼"
    return "\n" + "\n".join(" ".join(c for c in row if c) for row in rows) + "\n"


def normalize(text: str) -> str:
    text = _one_spelling(decode_references(text))
    if "[" in text and "[/td]" in text.lower():
        text = _BB_TABLE.sub(_table, text)
    if "[" in text or "【" in text or "〖" in text or "〔" in text:  # most posts have no brackets at all
        # (first: 「[b]vote[/b] 山竹」 is 「vote 山竹」 to every reader after it)
        text = _BBCODE.sub("", text)
        if "[/" in text:
            # a pair of tags the forum does not know ([collapse] · [blink] · [投票] …) shows as typed, the words between read
            # as any: 「[collapse]投票对象：郭靖[/collapse]」 had read 郭靖[/collapse as the name (the hostile round 93, cases 13, 22)
            text = _PAIRED_TAGS.sub(_paired, text)
        text = _BRACKET_LABEL.sub(r"\1:", text)
    if "佢" in text or "咗" in text or "佐" in text:
        text = _CANTONESE_WORDS.sub(lambda m: _CANTONESE[m.group()], text)
    if "ote" in text or "OTE" in text or "eason" in text or "EASON" in text or "ecause" in text or "ECAUSE" in text or \
            "票:" in text and re.search(r"(?i)票:\s*(?:pass|skip|abstain|no)", text):  # (「投票：pass」)
        text = _ENGLISH_LABEL.sub(_english_label, text) if ":" in text else text
        text = _english_votes(text)
    if "對" in text or "棄" in text or "給" in text:
        text = _TRADITIONAL.sub(lambda m: _TRADITIONAL_LABELS[m.group()], text)
    if " :" in text or ": " in text:
        text = _AROUND_COLON.sub(":", text)
    if "  " in text:
        text = _SPACES.sub(" ", text)
    # Every space is " " by now: trim each line in one pass (most posts have no space at a line's edge).
    if " \n" in text or "\n " in text:
        text = _LINE_EDGES.sub("\n", text)
    return text.strip(" ")


_EDGE_MARKS = "\"'“”‘’「」『』《》〈〉()（）<>[]【】 ,.;!?~，。；！？～、…·@"


_EDGE_SYMBOLS = re.compile(r"^[^\w]+|[^\w]+$")  # emoji, kaomoji, ～ and the like: not part of any name


def clean_value(value: str | None) -> str:
    """A field's value without the quote marks, brackets, punctuation and emoji around it."""
    if not value:
        return ""
    value = value.strip().strip(_EDGE_MARKS).strip()
    return _EDGE_SYMBOLS.sub("", value) if value and not (value[0].isalnum() and value[-1].isalnum()) else value
