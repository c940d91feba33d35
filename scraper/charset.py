"""Turn a response body into text by the charset the forum declares, and say what was damaged.

Discuz declares its charset in the Content-Type header (forceheader=1), in a <meta> tag, in the
<?xml?> declaration of ajax answers and in the page script (`charset = 'gbk'`). Old game forums run
GBK; X3.5 is UTF-8 only. A page may lie (a GBK body labelled UTF-8) or carry broken bytes: we still
decode it, and report how many characters were replaced so nobody trusts a garbled name silently.
"""

from __future__ import annotations

import codecs
import re

_HEADER_CHARSET = re.compile(r"charset\s*=\s*['\"]?([\w.:-]+)", re.I)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*['"]?([\w.:-]+)""", re.I)
_XML_CHARSET = re.compile(rb"""<\?xml[^>]+encoding\s*=\s*['"]([\w.:-]+)""", re.I)
_JS_CHARSET = re.compile(rb"""\bcharset\s*=\s*'([\w.:-]+)'""")

# GBK and GB2312 are subsets of GB18030: decoding with the superset loses nothing and saves the
# characters a GBK forum stores anyway (Discuz passes bytes through). Big5 likewise gets big5hkscs.
_SUPERSET = {"gbk": "gb18030", "gb2312": "gb18030", "x-gbk": "gb18030", "big5": "big5hkscs", "cp936": "gb18030"}


def _canonical(name: str | None) -> str | None:
    if not name:
        return None
    name = name.strip().lower()
    try:
        found = codecs.lookup(_SUPERSET.get(name, name)).name
    except LookupError:
        return None
    return found


def declared_charset(body: bytes, content_type: str | None = None) -> str | None:
    """The charset the forum says it uses: the HTTP header first, then the document itself."""
    if content_type:
        m = _HEADER_CHARSET.search(content_type)
        if m and _canonical(m.group(1)):
            return _canonical(m.group(1))
    head = body[:4096]
    for pattern in (_META_CHARSET, _XML_CHARSET, _JS_CHARSET):
        m = pattern.search(head)
        if m and _canonical(m.group(1).decode("ascii", "replace")):
            return _canonical(m.group(1).decode("ascii", "replace"))
    return None


def decode(body: bytes, content_type: str | None = None) -> tuple[str, str, list[str]]:
    """Decode `body`; returns (text, charset used, damage notes in Chinese).

    Valid UTF-8 with non-ASCII bytes is UTF-8 whatever the label says (GBK text of any length is
    almost never valid UTF-8, while UTF-8 bytes often "decode" as GBK into garbage). Otherwise the
    declared charset is tried, then the other forum charsets; when none fits cleanly, the one with
    the fewest undecodable bytes wins, so a damaged page still yields readable posts.
    """
    declared = declared_charset(body, content_type)
    candidates = ["utf-8"] if not body.isascii() else []
    for charset in (declared, "utf-8", "gb18030", "big5hkscs"):
        if charset and charset not in candidates:
            candidates.append(charset)
    best: tuple[int, str, str] | None = None
    for charset in candidates:
        try:
            text = body.decode(charset)
        except UnicodeDecodeError:
            text = body.decode(charset, errors="replace")
            bad = text.count("\ufffd") - body.decode(charset, errors="ignore").count("\ufffd")
            if best is None or bad < best[0]:
                best = (bad, charset, text)
            continue
        damage = []
        if declared and charset != declared:
            damage.append(f"页面声明的编码是 {declared}，实际内容按 {charset} 解码")
        return text, charset, damage
    assert best is not None
    bad, charset, text = best
    damage = []
    if declared and charset != declared:
        damage.append(f"页面声明的编码是 {declared}，实际内容按 {charset} 解码")
    damage.append(f"页面含 {bad} 处无法解码的字节，已替换为 \ufffd")
    return text, charset, damage


# What a browser on a page of that charset sends back: WHATWG's "gbk" encoder refuses the code points
# only GB18030 has, and the form then carries them as `&#N;`. Encoding with gb18030 instead would put
# four-byte sequences into a GBK database, where they come back as `?9?6` garbage.
_FORM_CODEC = {"gb18030": "gbk", "gbk": "gbk", "gb2312": "gbk", "big5hkscs": "big5", "big5": "big5"}


def form_codec(charset: str | None) -> str:
    name = _canonical(charset) or "utf-8"
    return _FORM_CODEC.get(name, name)


def form_encode(fields: dict[str, str], charset: str | None) -> bytes:
    """A urlencoded form body in the site's charset, characters it lacks as `&#N;` (as browsers do)."""
    from urllib.parse import quote_plus

    codec = form_codec(charset)
    return "&".join(
        quote_plus(str(k).encode(codec, "xmlcharrefreplace")) + "=" + quote_plus(str(v).encode(codec, "xmlcharrefreplace"))
        for k, v in fields.items()
    ).encode("ascii")


def as_stored(text: str, charset: str | None) -> tuple[str, list[str]]:
    """`text` as a forum of this charset will store and show it: on a GBK forum every character outside
    GBK becomes the literal text `&#N;` (what a browser sends; Discuz never shows it as the character
    again). Returns the text and the characters that changed, in order of first appearance."""
    codec = form_codec(charset)
    if codec.startswith("utf"):
        return text, []
    outside, out = [], []
    for ch in text:
        try:
            ch.encode(codec)
            out.append(ch)
        except UnicodeEncodeError:
            out.append(f"&#{ord(ch)};")
            if ch not in outside:
                outside.append(ch)
    return "".join(out), outside
