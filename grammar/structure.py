"""A post's own words, apart from what is not the poster's — before any ballot is read.

    >>> split("黄蓉 发表于 2026-11-20 20:11\\n投票对象：郭靖\\n\\n同意楼上").own
    '同意楼上'

A ballot quoted as text is somebody else's: players paste each other's ballots to answer them, and a
post read as text carries the quote layouts of every forum skin. Cut away, in order:

  quote blocks   [quote]…[/quote]; a ballot quoted inside a sentence (他那句「投票对象：郭靖 …」); Discuz X3's
                 「黄蓉 发表于 2026-11-20 20:11」 header and the quoted
                 lines under it; Discuz 7's 「引用:」 with 「原帖由 黄蓉 于 … 发表」 before or after the
                 quoted lines; PHPWind's 「引用第8楼黄蓉于…发表的 :」 — each kept with its author
  the forum's    the edit stamp 「本帖最后由 … 于 … 编辑」
  decorations    a mobile signature 「—— 来自 iPhone」 / 「发自我的 iPhone」, attachment lines
                 「图片.jpg (12.3 KB, 下载次数: 0)」 and codes ([attach], [img]), smiley codes ({:012:},
                 [em]e100[/em]), kaomoji in brackets without a Chinese character ((・ω・)),

and leave the rest as it was. A quoted block ends at the first blank line, at a header-last
attribution, or where the quote's labels start again (a new ballot begins: the poster's own). Linear in
the text; never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_TIME = r"\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?"
# Headers of a quote as its text reads (the author group may be empty where a skin leaves it out).
_X3_HEADER = re.compile(rf"^\s*(?P<author>\S[^\n]{{0,40}}?)\s+发表于\s+(?P<time>{_TIME})\s*$")
_D7_ATTRIBUTION = re.compile(rf"^\s*原帖由\s*(?P<author>\S[^\n]{{0,40}}?)\s*于\s*(?P<time>{_TIME})\s*发表\s*$")
_D7_OPEN = re.compile(r"^\s*引用\s*[:：]\s*$")
_PW_HEADER = re.compile(rf"^\s*引用(?:第\s*\d+\s*楼|楼主)\s*(?P<author>\S[^\n]{{0,40}}?)\s*于\s*(?P<time>{_TIME})\s*发表的\s*[:：]?\s*$")
_STAMP = re.compile(rf"^\s*本帖最后由\s*\S[^\n]{{0,40}}?\s*于\s*{_TIME}\s*编辑\s*$")
_SIGNATURE = re.compile(r"^\s*(?:[-—–─~～_=]+\s*来自|来自\s*\S{1,20}(?:客户端|手机|移动端|Discuz)|发自我的\s*\S)|"
                        r"^\s*[-—–─~～_=]+\s*(?:Sent from\b|发自)|"  # (「——发自手机论坛」: no word boundary in Chinese)
                        # (「[size=1]—— 签名：上局投票对象：石匠…[/size]」: a signature that says so — heldout55 w55_011, counted)
                        r"^\s*(?:\[size=[1-3]\]\s*)?[-—–─~～_=]+\s*(?:个性)?签名\s*[:：]", re.I)
_LABEL_IN_SIGNATURE = re.compile(r"(?:投票对象|改票对象|投票目标|投票|改票|代投)\s*[:：]|(?i:\b(?:vote|unvote)\s*:)")
_ATTACHMENT = re.compile(r"^\s*(?:附件[:：].*|下载附件.*|保存到相册.*|\S+\.(?:jpe?g|png|gif|bmp|webp|zip|rar|7z|txt|docx?|pdf|mp3|mp4)"
                         r"\s*[(（]\s*\d+(?:\.\d+)?\s*[KMG]?B.*[)）]\s*)$", re.I)
_CODES = re.compile(r"\[attach\][^\[]*\[/attach\]|\[attachimg\][^\[]*\[/attachimg\]|\[img[^\]]*\][^\[]*\[/img\]|"
                    r"\{:[\w-]{1,12}:\}|\[em\]\w{1,12}\[/em\]|\[表情\]|\[图片\]", re.I)
# A smiley the page showed as an image: scraper/message.py writes 「[表情]」 for it (and _CODES sets it aside) — which face, a smile
# or a tongue out, the archive does not know. (A face code typed as text, 「{:037:}」, is decoration by every held-out writer's reading.)
_FACE_AFTER = "({written})\\s*\\[表情\\]\\s*$"


def face_after(text: str, written: str) -> str | None:
    """The words matching the pattern `written` that a smiley image stands right after, at the end of a line, or None."""
    found = re.search(_FACE_AFTER.format(written=written), text, re.M)
    return found.group(1) if found else None


# Brackets of symbols only (no Chinese character, no letter or digit, half or full width: a name in brackets stays).
KAOMOJI = re.compile(r"[(（][^()（）\u3400-\u9fff\uf900-\ufaffA-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\n]{1,15}[)）]")
# Words in every line the loop below treats (a quote header, a stamp, a signature, an attachment):
# a post with none of them has nothing to set aside line by line.
# Every branch begins with a literal character, so re scans for those characters (a class first would not).
# crossed out: Discuz's [s], and [del] · [strike] a poster types from other boards' habit (the page shows them as typed, and
# what is inside is what the poster meant to strike — hostile round 56: a [del] ruling was applied)
_STRUCK = re.compile(r"\[(s|del|strike)\].*?\[/\1\]", re.S | re.I)
_STRUCK_OPEN = re.compile(r"\[(?:s|del|strike)\]", re.I)
_TRIGGER = re.compile("发表于|引用|原帖由|本帖最后由|来自|发自|Sent from|附件|下载|保存到|B[)）,，]|b[)）,，]|签名")
_QUOTE_BB = re.compile(r"\[quote\]|\[/quote\]", re.I)
_BB_HEADER = re.compile(rf"(?:\[size=\d\])?\[url=[^\]]*?pid=(?P<pid>\d+)[^\]]*\](?:\[color=[^\]]*\])?(?P<author>[^\[]*?)\s*发表于\s*"
                        rf"(?P<time>{_TIME})(?:\[/color\])?\[/url\](?:\[/size\])?", re.I)
_LABEL = re.compile(r"^\s*[【\[]?\s*(投票对象|改票对象|投票理由|改票理由|投票|改票|对象|理由)\s*[】\]]?\s*[:：]")


_INLINE_BALLOT = re.compile(r"[「“『\"](?P<said>[^」”』\"\n]{0,60}(?:投票对象|改票对象|投票理由|改票理由)\s*[:：][^」”』\"\n]{0,80})[」”』\"]")


@dataclass(frozen=True)
class Quoted:
    """A quoted block: whose words (as the header says), when, and what it said."""

    author: str | None
    time: str | None
    text: str
    pid: int | None = None


@dataclass
class Parts:
    own: str
    quotes: list[Quoted] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # what else was set aside: "编辑标记", "签名", …

    @property
    def quoted_authors(self) -> list[str]:
        return [q.author for q in self.quotes if q.author]


def split(text: str) -> Parts:
    """The poster's own text and what is not theirs (see the module's docstring)."""
    if not text:
        return Parts("")
    removed: list[str] = []
    quotes: list[Quoted] = []
    if "uote]" in text or "UOTE]" in text:
        text = _bb_quotes(text, quotes)
    if "[" in text and _STRUCK_OPEN.search(text):  # crossed out: taken back, not said
        text, struck = _STRUCK.subn("", text)
        if struck:
            removed.append("划掉的字")
    if ("{:" in text or "[" in text) and _CODES.search(text):
        text = _CODES.sub("", text)
        removed.append("表情或附件代码")
    if ("「" in text or "“" in text or "『" in text or '"' in text) and _INLINE_BALLOT.search(text):
        # 寒鸦昨天那句「投票对象：夜枭 投票理由：直觉」: somebody's ballot quoted inside a sentence is theirs.
        text = _INLINE_BALLOT.sub(lambda m: (quotes.append(Quoted(None, None, m.group("said"))), "「」")[1], text)
    if not _TRIGGER.search(text):  # most posts: nothing to set aside line by line
        if ("(" in text or "（" in text) and KAOMOJI.search(text):
            text = KAOMOJI.sub("", text)
            removed.append("颜文字")
        return Parts(text.strip("\n"), quotes, removed)
    lines = text.split("\n")
    own: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        header = _X3_HEADER.match(line) or _PW_HEADER.match(line) or _D7_ATTRIBUTION.match(line)
        if header:
            body, i = _quoted_body(lines, i + 1)
            quotes.append(Quoted(_author(header.group("author")), header.group("time"), "\n".join(body)))
            continue
        if _D7_OPEN.match(line):
            i = _d7_block(lines, i + 1, quotes)
            continue
        if _STAMP.match(line):
            removed.append("编辑标记")
        elif _SIGNATURE.match(line):
            removed.append("签名")
            if (label := _LABEL_IN_SIGNATURE.search(line)) is not None and not re.search(r"签名\s*[:：]", line):
                # (not 「—— 签名：上局投票对象：石匠…」: a signature that says so, its words a past game's — heldout55 w55_011)
                # 「—— 来自 iPhone 客户端 投票对象：郭靖」: a signature typed in front of a ballot — the ballot is the poster's own words
                # (the hostile round 90, case 42: a second ballot set aside with the signature, 杨康 counted certain)
                own.append(line[label.start():])
        elif _ATTACHMENT.match(line):
            removed.append("附件")
        else:
            own.append(line)
        i += 1
    text = "\n".join(own)
    if ("(" in text or "（" in text) and KAOMOJI.search(text):
        text = KAOMOJI.sub("", text)
        removed.append("颜文字")
    return Parts(text.strip("\n"), quotes, removed)


def _author(written: str | None) -> str | None:
    written = (written or "").strip()
    return written or None


def _quoted_body(lines: list[str], start: int) -> tuple[list[str], int]:
    """The quoted lines under a header: up to a blank line, or until a label the quote already had
    starts again (the poster's own ballot follows without a blank line)."""
    body, seen = [], set()
    i = start
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            return body, i + 1
        label = _LABEL.match(line)
        if label:
            word = label.group(1)
            kind = "change" if word.startswith("改") else "reason" if "理由" in word else "target"
            if kind in seen or (kind == "change" and "target" in seen):
                return body, i  # a new ballot begins: the poster's own
            seen.add(kind)
        body.append(line)
        i += 1
    return body, i


def _d7_block(lines: list[str], start: int, quotes: list[Quoted]) -> int:
    """Discuz 7's 「引用:」: the attribution 「原帖由 X 于 … 发表」 first or after the quoted lines."""
    if start < len(lines) and (head := _D7_ATTRIBUTION.match(lines[start])):
        body, end = _quoted_body(lines, start + 1)
        quotes.append(Quoted(_author(head.group("author")), head.group("time"), "\n".join(body)))
        return end
    body = []
    i = start
    while i < len(lines):
        tail = _D7_ATTRIBUTION.match(lines[i])
        if tail:
            quotes.append(Quoted(_author(tail.group("author")), tail.group("time"), "\n".join(body)))
            return i + 1
        if not lines[i].strip():
            break
        body.append(lines[i])
        i += 1
    quotes.append(Quoted(None, None, "\n".join(body)))  # an attribution never came: still not the poster's
    return i + 1


def typed_quotes(text: str) -> tuple[str, list[Quoted]]:
    """The text with its [quote]…[/quote] blocks taken out, and those blocks — as the forum's page keeps a quote apart from the
    reply's own words (check-vote reads a post typed as BBCode as the thread reads it from the page)."""
    quotes: list[Quoted] = []
    if "uote]" not in text and "UOTE]" not in text:
        return text, quotes
    own = _bb_quotes(text, quotes)
    for i, q in enumerate(quotes):
        first, _, rest = q.text.partition("\n")
        if q.author is None and (head := _X3_HEADER.match(first)):  # 「郭靖 发表于 2026-12-7 12:00」 typed as the header's words
            quotes[i] = Quoted(_author(head.group("author")), head.group("time"), rest.strip("\n"), q.pid)
    return own.strip("\n"), quotes


def _bb_quotes(text: str, quotes: list[Quoted]) -> str:
    """[quote]…[/quote] blocks (nested ones inside their outer block), each kept with its header."""
    out, depth, start, block = [], 0, 0, 0
    for m in _QUOTE_BB.finditer(text):
        if m.group().lower() == "[quote]":
            if depth == 0:
                out.append(text[start:m.start()])
                block = m.end()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                inner = text[block:m.start()]
                head = _BB_HEADER.search(inner)
                quotes.append(Quoted(_author(head.group("author")) if head else None, head.group("time") if head else None,
                                     _BB_HEADER.sub("", inner).strip("\n"), int(head.group("pid")) if head else None))
                start = m.end()
    if depth:
        # an unclosed [quote]: Discuz renders the tag as the text it is, and the words after it are the poster's own, shown
        # plainly (the hostile round 89, case 14: a visible ballot read as a quote, 「无人出局」 posted alone)
        out.append(text[block:])
        return "".join(out)
    out.append(text[start:])
    return "".join(out)
