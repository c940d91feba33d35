"""A post's message HTML → plain text, quotes, edit stamp and font style.

Shared by every page variant: the desktop `td.t_f`, the 7.x `td.t_msgfont` and the mobile API's
`message` all render the same BBCode the same way, except for the quote box (`div.quote` on the
desktop, `div.reply_wrap` in the API) and where 7.x puts the quote's attribution (after the text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborHTMLParser, LexborNode

from grammar.colors import MAX_SPANS, PAGE_TEXT, SPAN_CHARS, same_ground
from .model import Quote

IMAGE = "[图片]"
SMILEY = "[表情]"

_EDIT_STAMP = re.compile(r"本帖最后由\s*(.+?)\s*于\s*(\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?)\s*编辑")
_QUOTE_HEADER = re.compile(r"^\s*(.*?)\s*发表于\s*(.+?)\s*$", re.S)
_PID_IN_URL = re.compile(r"[?&;]pid=(\d+)")
_CSS_COLOR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.I)
_CSS_SIZE = re.compile(r"font-size\s*:\s*([^;]+)", re.I)
_CSS_BACKGROUND = re.compile(r"background(?:-color)?\s*:\s*([^;]+)", re.I)
_ANCESTORS = 24  # how far up a styled node looks for the colour or background it inherits (a message is shallow)

_STRUCK = frozenset({"strike", "s", "del"})
_BLOCK = frozenset(
    "div p li ul ol table tbody tr h1 h2 h3 h4 h5 h6 dl dt dd hr pre center".split()
)
_SKIP = frozenset("script style noscript template iframe".split())


@dataclass
class Message:
    text: str
    quotes: list[Quote] = field(default_factory=list)
    edited_by: str | None = None
    edited_text: str | None = None  # the stamp's time as printed, minute precision
    style: dict = field(default_factory=lambda: {"colors": [], "sizes": []})


def read_message(node: LexborNode | None, inner_html: str | None = None) -> Message:
    """Read a message container node (its children are the message). Given the node's inner HTML (the
    reader serialises it anyway), a message of plain text and line breaks — four posts in five — is read
    from it directly, as the node walk would read it."""
    if node is None:
        return Message(text="")
    if inner_html is not None and "<" not in _BREAKS.sub("", inner_html) and "&" not in inner_html.replace("&nbsp;", ""):
        lines = _BREAKS.split(inner_html.replace("\r", "").replace("\n", "").replace("&nbsp;", "\xa0"))
        reader = _Reader()
        reader.parts = [part for line in lines for part in (line, "\n")][:-1]  # as the walk: text, <br> → "\n"
        return reader.result()
    reader = _Reader()
    reader.walk(node)
    return reader.result()


_BREAKS = re.compile(r"<br\s*/?>", re.I)


def read_message_html(html: str) -> Message:
    """Read a message given as an HTML fragment (the mobile API's `message`)."""
    tree = LexborHTMLParser(f"<div id='bansha-message'>{html}</div>")
    return read_message(tree.css_first("#bansha-message"))


class _Reader:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.quotes: list[Quote] = []
        self.edited_by: str | None = None
        self.edited_text: str | None = None
        self.colors: list[str] = []
        self.sizes: list[str] = []
        # the words each colour is written in (a few, short): the tally decides which a reader cannot see on the page
        self.spans: list[list[str]] = []

    def walk(self, root: LexborNode) -> None:
        """Depth first, with an explicit stack: a post of 100,000 nested [b] is legal on Discuz and must
        neither exhaust Python's recursion limit nor take more than linear time."""
        stack = [(root.iter(include_text=True), False, "")]
        while stack:
            children, block, closing = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                if closing:
                    self.parts.append(closing)
                if block:
                    self._newline()
                continue
            tag = child.tag
            if tag == "-text":
                # Discuz renders each newline as "<br />\n": the <br> carries the break.
                text = child.text_content.replace("\r", "").replace("\n", "")
                if text:
                    self.parts.append(text)
                continue
            if tag in _SKIP or tag == "-comment":
                continue
            attrs = child.attributes
            classes = (attrs.get("class") or "").split()
            if tag == "br":
                self.parts.append("\n")
            elif tag == "i" and "pstatus" in classes and self._at_start():
                self._edit_stamp(child)  # Discuz's own stamp: the message's first thing, and only one
            elif "quote" in classes or "reply_wrap" in classes or tag == "blockquote":
                self._quote(child)
                self._newline()
            elif tag == "img":
                self.parts.append(_image_placeholder(attrs))
            elif "tip" in classes or "aimg_tip" in classes:
                continue  # attachment hover cards: file size, download counts
            else:
                self._style(tag, attrs, child)
                opens_block = tag in _BLOCK
                if opens_block:
                    self._newline()
                # Struck-through words are kept, marked as Discuz's own [s] writes them: what the poster crossed out
                # is not what the post says (a proxy or a ruling struck through is taken back).
                struck = tag in _STRUCK
                if struck:
                    self.parts.append("[s]")
                stack.append((child.iter(include_text=True), opens_block, "[/s]" if struck else ""))

    def _at_start(self) -> bool:
        """Nothing read yet: the forum puts its edit stamp before the message (discuz.md, 7). A stamp anywhere else
        was typed by whoever wrote the text ([i=s] renders the same) — read as the text it is, never as who edited."""
        return self.edited_by is None and not self.quotes and not "".join(self.parts).strip()

    def _newline(self) -> None:
        if self.parts and not self.parts[-1].endswith("\n"):
            self.parts.append("\n")

    def _edit_stamp(self, node: LexborNode) -> None:
        m = _EDIT_STAMP.search(node.text(deep=True))
        if m:
            self.edited_by, self.edited_text = m.group(1), re.sub(r"\s+", " ", m.group(2))
            # The stamp is followed by "<br /><br />"; those breaks belong to the stamp, and
            # are trimmed away with the leading blank lines in result().

    def _quote(self, node: LexborNode) -> None:
        pid = author = time = None
        for link in node.css("a[href]"):
            m = _PID_IN_URL.search(link.attributes.get("href") or "")
            if m:
                pid = int(m.group(1))
                break
        header = ""
        for font in node.css("font[color]"):
            m = _QUOTE_HEADER.match(font.text(deep=True).replace("\xa0", " "))
            if m:
                author, time = m.group(1) or None, m.group(2)
                header = font.text(deep=True)
                break
        # The quoted words themselves, the header aside: what a relay passes on may stand only there (「[quote]丘处机：帮我投杨康
        # [/quote] 丘处机托我转的」 — the hostile round 91, cases 07–08)
        box = node.css_first("blockquote") or node  # (Discuz 7 heads the box with 「<h5>引用:</h5>」 outside the blockquote)
        said = box.text(deep=True).replace(header, "", 1) if header else box.text(deep=True)
        said = said.replace("\xa0", " ").strip()
        self.quotes.append(Quote(pid=pid, author=author, time=time, text=said[:2000] or None))

    def _style(self, tag: str, attrs: dict, node: LexborNode) -> None:
        color, background = _colors_of(attrs)
        size = attrs.get("size") if tag == "font" else None
        style = attrs.get("style")
        if style:
            m = _CSS_SIZE.search(style)
            size = size or (m.group(1) if m else None)
        if color:
            self._color(color, node)
        if color or background:
            # 「[backcolor=black][color=black]杨康[/color][/backcolor]」: words in the colour of the ground they stand on —
            # a reader sees a bar, not the name (the hostile round 80, M38: 杨康 counted where readers see 投▇▇郭靖)
            text, ground = color or _inherited(node, 0) or PAGE_TEXT, background or _inherited(node, 1)
            if text and ground and same_ground(text, ground):
                self._color(f"{text} on {ground}", node)
        if size:
            size = size.strip().lower()
            if size not in self.sizes:
                self.sizes.append(size)

    def _color(self, color: str, node: LexborNode) -> None:
        if color not in self.colors:
            self.colors.append(color)
        if len(self.spans) < MAX_SPANS:
            self.spans.append([color, node.text(deep=True)[:SPAN_CHARS]])

    def result(self) -> Message:
        text = "".join(self.parts).replace("\xa0", " ")
        lines = [line.rstrip() for line in text.split("\n")]
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")
        return Message(
            text=text,
            quotes=self.quotes,
            edited_by=self.edited_by,
            edited_text=self.edited_text,
            style={"colors": self.colors, "sizes": self.sizes, **({"spans": self.spans} if self.spans else {})},
        )


def _colors_of(attrs: dict) -> tuple[str | None, str | None]:
    """A node's own text colour and background colour (<font color>, style="color: …; background-color: …")."""
    color, background, style = attrs.get("color"), None, attrs.get("style")
    if style:
        m = _CSS_COLOR.search(style)
        color = color or (m.group(1) if m else None)
        m = _CSS_BACKGROUND.search(style)
        background = m.group(1) if m else None
    return (color.strip().lower() if color else None), (background.strip().lower() if background else None)


def _inherited(node: LexborNode, which: int) -> str | None:
    """The nearest ancestor's text colour (0) or background (1), a few levels up at most."""
    parent = node.parent
    for _ in range(_ANCESTORS):
        if parent is None:
            return None
        found = _colors_of(parent.attributes)[which]
        if found:
            return found
        parent = parent.parent
    return None


def _image_placeholder(attrs: dict) -> str:
    if attrs.get("smilieid") is not None or "smiley" in (attrs.get("src") or ""):
        return SMILEY
    return IMAGE
