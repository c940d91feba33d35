"""A director's ruling post (裁定帖) read as rulings — or as what could not be read (ruling.lark is the spec).

    >>> [(i.ref, i.verdict, i.target) for i in read("【裁定】18楼 无效\\n#23 计为 岳不群").items]
    [(('floor', 18), 'invalid', None), (('floor', 23), 'counts_as', '岳不群')]

A post is read whole or not at all: every line must be a heading or rulings the grammar describes, with
exactly one meaning (Earley keeps every derivation). A hedge (「暂定」「可能」「吗」), a range of floors, words
left over: the post is a RulingPost with `problems`, and nothing of it may apply. A post with no ruling
in it at all reads None. Whether the floors exist, the names are the day's players and the author may
rule is not the grammar's to say (tally/rulings.py); this module knows only words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from .names import to_simplified
from .normalize import normalize
from .structure import split

# What a director writes when the ruling is not final: such a post rules nothing (a question is not a ruling).
_HEDGES = re.compile(r"暂定|暂时|暂且|可能|也许|大概|应该|估计|如果|假如|若是|待定|稍后|再议|再说|回头|吗|呢|\?|似乎|好像|倾向|"
                     r"考虑|或者|还是|是否|要不|看情况|先算|存疑|不确定|讨论")
# A line worth reading as a ruling: a floor and a ruling word on it, or a heading.
_FLOOR_MARK = re.compile(r"#\s*\d|\d\s*(?:楼|层|L|F|#)|第\s*\d+\s*楼|pid\s*[=:]?\s*\d", re.I)
_RULING_WORD = re.compile(r"无效|有效|作废|废票|不算|不计|弃权|计为|记为|算作|算投|视为|按原票|原票|维持|不是投票|算.{1,20}的|按.{1,20}计")
_HEADING = re.compile(r"^[【\[]?(?:导演|执法团)?(?:裁定|裁决|判定)(?:如下|结果)?[】\]]?:?$")
# A reason reads as one: it says what was wrong or what was checked — and takes nothing back.
_REASON = re.compile(r"没|未|无|不|非|已|只|仅|关门|截止|格式|理由|引用|回复|对象|出局|改票|投票|代投|委托|私信|确认|核实|错|"
                     r"同音|形似|规则|规定|重复|超时|时间|后台|编辑|截图|名字|写|发|楼层|原帖|抱歉")
_UNSAID = re.compile(r"不对|说错|撤回|收回|取消|算了|玩笑|逗你|假的|反悔|等等|稍等|再看|重新|之后")
_STYLE = re.compile(r"\[/?(?:b|i|u|s|color|size|font|align|backcolor|url|p|indent|center|left|right)(?:=[^\]\n]*)?\]", re.I)
_NUMBERED = re.compile(r"^\(?\d{1,2}[.)]\s+|^\(\d{1,2}\)\s*")  # 「1. 17楼 …」: an item's number, not a floor
_ONE_FLOOR = r"(?:#\d{1,5}|第?\d{1,5}(?:楼|层|L|F|#)|pid ?[=:]? ?\d{1,10})"
_ONLY_FLOORS = re.compile(rf"^{_ONE_FLOOR}(?:[、,和 ]{_ONE_FLOOR})*:?$", re.I)
_LINKED_FLOOR = re.compile(r"\[url=[^\]]*?[?&]pid=(\d{1,10})[^\]]*\]\s*(?:第\s*)?#?(\d{1,5})\s*(?:楼|层|L|F|#)?\s*\[/url\]", re.I)
_AFTER_VERDICT = re.compile(r"(?<=无效|有效|弃权|作废|不算|不计) +(?=[^\x00-\x7f])")
_SIGN_OFF = re.compile(r"^[-—–~～_=]{1,6}\s*\S.{0,20}$")  # 「——导演B」
_CN_DAY = re.compile(r"第([一二两三四五六七八九十]{1,3})([天日])")
_SPACE = re.compile(r" +")
_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_FLOOR = re.compile(r"([零〇一二两三四五六七八九十百]{1,6})(?=\s*(?:楼|层))")
_DECORATION = re.compile(r"^[^\w()\[\]【】#]+|[^\w()\[\]【】。.!~]+$")  # emoji, ～, kaomoji at a line's edges
_WORDS = {"原票", "原投票", "原来的票", "无效", "有效", "作废", "废票", "票"}
_VERDICT_START = re.compile(r"视|判|算|计|记|为|是|按|改|均|都|一律|以|裁定|根据|照|不|无|有效|弃权|作废")
_REASON_ONLY = re.compile(r"^[^计算按视]*(?:无效|有效)?[^计算按视]*$")  # 「（改票无效）」: a reason naming a rule
_TICKETS = {"这张", "那张", "此票", "这票", "那票", "这张票", "那张票"}
_URL = re.compile(r"\S*[?&]pid=(\d{1,10})(?!\d)\S*", re.I)  # a findpost link: the pid is what it names
MAX_LINE, MAX_LINES, MAX_READINGS = 200, 30, 16

VERDICTS = ("invalid", "valid", "not_a_vote", "abstain", "keep_original", "counts_as", "for_voter", "belongs")


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


@dataclass
class RulingPost:
    items: list[Item] = field(default_factory=list)
    day: int | None = None  # 「第2天」: the day the floors are of, where the post says
    problems: list[str] = field(default_factory=list)  # what was not understood, in the director's words
    # Links whose words name a floor: (floor the words say, pid the link goes to) — both must be one post.
    links: list[tuple[int, int]] = field(default_factory=list)

    @property
    def certain(self) -> bool:
        return bool(self.items) and not self.problems


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = Path(__file__).with_name("ruling.lark").read_text("utf-8")
    # dynamic_complete: a name is followed by 「的」 or 「一票」, so terminals must be tried at every length.
    return Lark(grammar, parser="earley", lexer="dynamic_complete", ambiguity="explicit")


def read(text: str | None, *, quoting: bool = False) -> RulingPost | None:
    """The post's rulings, or its problems (see the module's docstring); None: no ruling in it. `quoting`:
    the post quotes another, so a verdict alone (「无效」) is a ruling on the quoted post."""
    return _read(text or "", quoting)


@lru_cache(maxsize=512)  # every run reads the director's same posts again, each several times
def _read(text: str, quoting: bool) -> RulingPost | None:
    links = [(int(floor), int(pid)) for pid, floor in _LINKED_FLOOR.findall(text)] if "[url" in text.lower() else []
    if "[" in text:  # styles and links the forum did not render: the quote blocks stay for split()
        text = _STYLE.sub("", text)
    own = split(text).own
    lines = [_prepare(line) for line in normalize(own).split("\n") if not _signed(line)]
    lines = _joined([line for line in lines if line])
    if not any(_HEADING.match(line) or ((quoting or _FLOOR_MARK.search(line)) and _RULING_WORD.search(line))
               for line in lines):
        return None
    post = RulingPost(links=links)
    if len(lines) > MAX_LINES:
        post.problems.append(f"裁定帖有 {len(lines)} 行，太长，工具不逐行猜（一帖最多 {MAX_LINES} 行）")
        return post
    days: set[int] = set()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            post.problems.append(f"第 {number} 行太长（{len(line)} 字）：一行裁定最多 {MAX_LINE} 字")
            continue
        hedge = _HEDGES.search(line)
        if hedge:
            post.problems.append(f"「{_clip(line)}」里有「{hedge.group()}」：不是确定的裁定")
            continue
        meanings, why = _meanings(line)
        if why:
            post.problems.append(why)
            continue
        day, items = meanings
        if day is not None:
            days.add(day)
        for item in items:
            if item.verdict == "same":  # 「19楼同上」: the verdict of the ruling before it
                if not post.items:
                    post.problems.append(f"「{_clip(line)}」说「同上」，上面却没有裁定")
                    break
                last = post.items[-1]
                item = Item(item.ref, last.verdict, last.target, last.voter, item.author, item.note or last.note)
            post.items.append(Item(**{**item.__dict__, "line": number}))
    if len(days) > 1:
        post.problems.append("一帖里写了不同的天（" + "、".join(f"第{d}天" for d in sorted(days)) + "）：请每天分开裁定")
    post.day = next(iter(days)) if len(days) == 1 else None
    if len(post.items) > 1 and any(i.ref[0] == "quoted" for i in post.items):
        post.problems.append("没写楼层的裁定只能单独成帖（引用那一帖，再只写怎么裁定）")
    seen: dict[tuple, tuple] = {}
    for item in post.items:
        said = (item.verdict, item.target, item.voter)
        if seen.setdefault(item.ref, said) != said:
            post.problems.append(f"{_ref_words(item.ref)}在同一帖里有两种不同的裁定")
    if not post.items and not post.problems:
        post.problems.append("只有「裁定」标题，没有写裁定哪一楼、怎么裁定")
    return post


def _joined(lines: list[str]) -> list[str]:
    """A line that is only floors (a link pasted on its own line) and the verdict on the next are one ruling."""
    out: list[str] = []
    for line in lines:
        if out and _ONLY_FLOORS.match(out[-1]):
            out[-1] = f"{out[-1]},{line}"
        else:
            out.append(line)
    return out


def _signed(line: str) -> bool:
    """「——导演B」: a signature, not a ruling."""
    line = line.strip()
    return bool(_SIGN_OFF.match(line)) and not _RULING_WORD.search(line) and not _FLOOR_MARK.search(line)


def _prepare(line: str) -> str:
    """One line as the grammar reads it: Chinese floor numbers as digits, decorations off the edges, spaces
    kept only between two letters or digits (「18 19楼」 is a list; 「18楼 无效」 is 「18楼无效」)."""
    line = to_simplified(line)  # 【裁定】18樓 無效: the same words (names are matched the same way, tally/rulings.py)
    if "楼" in line or "层" in line:
        line = _CN_FLOOR.sub(lambda m: str(_chinese_number(m.group(1)) or m.group(1)), line)
    if "第" in line:
        line = _CN_DAY.sub(lambda m: f"第{_chinese_number(m.group(1)) or m.group(1)}{m.group(2)}", line)
    line = _NUMBERED.sub("", line.strip())
    if "pid=" in line.lower():
        line = _URL.sub(lambda m: f" pid={m.group(1)} ", line)
    line = _DECORATION.sub("", line.strip())
    if " " in line:  # 「26# 有效 对象和理由写在一行是允许的」: a space after the verdict ends it
        line = _AFTER_VERDICT.sub(",", line)
        line = _SPACE.sub(lambda m: " " if _alnum(line, m.start() - 1) and (
            _alnum(line, m.end()) or line[m.end():m.end() + 1] == "#") else "", line)
    return line


def _alnum(line: str, at: int) -> bool:
    return 0 <= at < len(line) and line[at].isascii() and line[at].isalnum()


def _chinese_number(written: str) -> int | None:
    """十八 → 18, 二十 → 20, 一百零五 → 105 (floor numbers only)."""
    total, digit = 0, None
    for char in written:
        if char in _CN_DIGITS:
            digit = _CN_DIGITS[char]
        elif char == "十":
            total += (digit if digit is not None else 1) * 10
            digit = None
        elif char == "百":
            total += (digit if digit is not None else 1) * 100
            digit = None
    total += digit or 0
    return total or None


def _meanings(line: str) -> tuple[tuple[int | None, list[Item]] | None, str | None]:
    """The line's one meaning: (day, items), or why it has none or several."""
    try:
        tree = parser().parse(line)
    except LarkError:
        return None, f"看不懂「{_clip(line)}」"
    found = {m for m in _alternatives(tree) if m is not None}
    if any(i.ref[0] == "range" for _, items in found for i in items):
        return None, f"「{_clip(line)}」写的是楼层范围：请逐楼写明（例如 18楼、19楼、20楼 无效）"
    if not found:
        return None, f"看不懂「{_clip(line)}」"
    if len(found) > 1:
        return None, f"「{_clip(line)}」可以有几种读法"
    day, items = next(iter(found))
    return (day, list(items)), None


def _alternatives(node) -> list:
    """Every meaning of a subtree (None where a derivation breaks a rule the grammar cannot say)."""
    if isinstance(node, Token):
        return [node]
    if node.data == "_ambig":
        out = []
        for child in node.children:
            out += _alternatives(child)
        return out[:MAX_READINGS * 4]
    combos = list(product(*(_alternatives(c) for c in node.children)))[:MAX_READINGS * 4]
    return [_build(node.data, list(children)) for children in combos]


def _build(rule: str, c: list):
    if any(x is None for x in c):
        return None
    if rule == "start":
        day = next((x for x in c if isinstance(x, tuple) and x[0] == "day" and x[1] is not None), None)
        items = tuple(i for x in c if isinstance(x, list) for i in x)
        if len(items) > 1 and any(i.ref[0] == "quoted" for i in items):
            return None  # a verdict without a floor stands alone: it is on the post quoted
        return (day[1] if day else None, items)
    if rule == "heading":
        return ("heading",)
    if rule in ("scope", "place"):
        days = [x for x in c if isinstance(x, Token) and x.type == "DAY"]
        return ("day", int(re.sub(r"\D", "", str(days[0]))) if days else None)
    if rule in ("on_floors", "on_floors_because", "on_quoted"):
        floors = next((x for x in c if isinstance(x, list)), None) if rule != "on_quoted" else [("quoted", None)]
        about = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "about"), None)
        verdict = dict(next(x for x in c if isinstance(x, dict)))
        if verdict.get("verdict") is None:
            return None  # two verdicts that disagree
        notes = [x[1] for x in c if isinstance(x, tuple) and x[0] == "note"]
        notes = [n for n in (verdict.pop("note", ""), *notes) if n]
        return [Item(ref, author=about, note="；".join(notes), **verdict) for ref in floors]
    if rule == "verdicts":
        verdict = _one_verdict([x for x in c if isinstance(x, dict)])
        notes = [x[1] for x in c if isinstance(x, tuple) and x[0] == "note"]
        return {**verdict, "note": "；".join(notes)} if notes else verdict
    if rule == "same":
        return {"verdict": "same"}
    if rule == "reason":
        said = [str(x) for x in c]
        if any(_RULING_WORD.search(x) or _FLOOR_MARK.search(x) or _UNSAID.search(x) or not _REASON.search(x) for x in said):
            return None  # 「18楼无效，计为宋江」「18楼无效，开玩笑的」: no reason for the verdict
        return ("note", "，".join(x.strip(" :,") for x in said))
    if rule == "tail":
        return ("note", "，".join(x[1] for x in c if isinstance(x, tuple)))
    if rule == "floors":
        if not any(kind != "bare" for kind, _ in c):
            return None  # 「18、19」 alone are numbers, not floors
        return [("floor" if kind in ("bare", "hashed", "numbered") else kind, number) for kind, number in c]
    if rule in ("hashed", "numbered", "bare"):
        return (rule, int(str(c[0])))
    if rule == "pid":
        return ("pid", int(re.search(r"\d+", str(c[0]).split("pid", 1)[-1].split("PID", 1)[-1]).group()))
    if rule == "range":
        return ("range", None)
    if rule == "about":
        author = str(c[0]).strip("()") if c and c[0].type in ("AUTHOR_IN_PARENS", "AUTHOR") else None
        if author in _TICKETS or (author and c[0].type == "AUTHOR" and _VERDICT_START.match(author)):
            return None  # 「这张按弃权计」「#30 视为弃权」: the words are the ballot or the verdict, not its poster
        return ("about", author)
    if rule == "note":
        if _RULING_WORD.search(str(c[0])) and not _REASON_ONLY.match(str(c[0])):
            return None  # 「（计为宋江）」 is a verdict, not a note: the grammar reads it as one where it may
        return ("note", str(c[0]).strip(" :,"))
    names = [str(x) for x in c if isinstance(x, Token) and x.type == "NAME"]
    if any(name in _WORDS for name in names):
        return None  # 「按原票计」 is no ballot for a player called 原票
    if rule == "counts_as":
        target = names[0]
        return {"verdict": "abstain"} if target in ("弃权", "弃权票") else {"verdict": "counts_as", "target": target}
    if rule == "for_voter":
        target = None if names[1] in ("弃权", "弃权票") else names[1]
        return {"verdict": "for_voter", "voter": names[0], "target": target}
    if rule == "belongs":
        return {"verdict": "belongs", "voter": names[0]}
    return {"verdict": rule}  # invalid, valid, not_a_vote, abstain, keep_original


# Two verdicts of one clause that say one thing: 「有效，计为 X」 is 计为 X; 「无效，按原票计」 keeps the original;
# 「无效，视为弃权」 is an abstention (002: an invalid ballot counts as 弃权).
_SUBSUMED = {("valid", "counts_as"), ("valid", "for_voter"), ("valid", "belongs"), ("invalid", "keep_original"),
             ("not_a_vote", "keep_original"), ("invalid", "abstain")}


def _one_verdict(said: list[dict]) -> dict:
    verdict = said[0]
    for other in said[1:]:
        if other == verdict:
            continue
        if (verdict["verdict"], other["verdict"]) in _SUBSUMED:
            verdict = other
        elif (other["verdict"], verdict["verdict"]) not in _SUBSUMED:
            return {"verdict": None}
    return verdict


def _ref_words(ref: tuple) -> str:
    kind, number = ref
    return {"floor": f"#{number} ", "pid": f"pid {number} "}.get(kind, "引用的那一帖")


def _clip(line: str, limit: int = 40) -> str:
    return line if len(line) <= limit else line[:limit] + "…"
