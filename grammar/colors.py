"""Colours as a reader sees them: which words a post's page loses on its ground (white on the page's white, black on a
black [backcolor]). Read from the page (scraper/message.py), from a post's BBCode source (check-vote), and by the tally
(tally/day.py: words players cannot see), without an HTML parser — one reading of a colour for all three."""

from __future__ import annotations

import re

_HEX = re.compile(r"#([0-9a-f]{3}|[0-9a-f]{6})|rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})", re.I)
# The colour names Discuz's editor offers and boards write by hand (its palette has the rest as #hex)
_NAMED = {"black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 128, 0), "blue": (0, 0, 255),
          "yellow": (255, 255, 0), "gray": (128, 128, 128), "grey": (128, 128, 128), "silver": (192, 192, 192),
          "maroon": (128, 0, 0), "navy": (0, 0, 128), "purple": (128, 0, 128), "teal": (0, 128, 128), "olive": (128, 128, 0),
          "lime": (0, 255, 0), "aqua": (0, 255, 255), "cyan": (0, 255, 255), "fuchsia": (255, 0, 255), "magenta": (255, 0, 255),
          "orange": (255, 165, 0), "darkred": (139, 0, 0), "darkblue": (0, 0, 139), "darkgreen": (0, 100, 0), "pink": (255, 192, 203)}
PAGE_TEXT = "#444444"  # the colour X3.5's default style writes a post's words in, where the post sets none
MAX_SPANS, SPAN_CHARS = 32, 200  # (a post of a thousand coloured words keeps the first ones: enough to show a hidden name)


def rgb(color: str) -> tuple[int, int, int] | None:
    """A CSS colour as (r, g, b), or None where it names none this module knows."""
    color = (color or "").strip().lower()
    if color in _NAMED:
        return _NAMED[color]
    m = _HEX.fullmatch(color) or _HEX.match(color)
    if not m:
        return None
    if m.group(1):
        hexes = m.group(1)
        return tuple(int(c * 2, 16) for c in hexes) if len(hexes) == 3 else tuple(int(hexes[i:i + 2], 16) for i in (0, 2, 4))
    return tuple(min(255, int(m.group(i))) for i in (2, 3, 4))


# Colour names a page's white swallows (white and the CSS names within a shade of it)
_PAGE_WHITE = frozenset({"white", "transparent", "snow", "ivory", "whitesmoke", "ghostwhite", "azure", "mintcream", "seashell",
                         "floralwhite", "aliceblue", "lavenderblush", "honeydew", "linen", "oldlace"})


def unseen(color: str) -> bool:
    """A colour a reader does not see on the page's white: white itself, and any as near it as #f0f0f0 (the hostile
    round: 「[color=#f8f8f8]以上不算[/color]」 took a ballot back where only the tool could read it) — or words the page
    marked as lost on their own background (「black on black」)."""
    color = (color or "").strip().lower()
    if color in _PAGE_WHITE or " on " in color:
        return True
    if color in _NAMED:
        return False
    channels = rgb(color)
    return channels is not None and min(channels) >= 0xF0


def same_ground(text: str, ground: str) -> bool:
    """Whether words in `text` colour are lost on a `ground` background: the same colour, or one each channel within 0x30."""
    a, b = rgb(text), rgb(ground)
    return a is not None and b is not None and all(abs(x - y) <= 0x30 for x, y in zip(a, b))


def style_of_bbcode(bbcode: str) -> dict:
    """The style the forum's page would carry for a post written as `bbcode` (what read_message keeps from the HTML):
    each [color] with its words, and words whose colour is their [backcolor]'s. For a post read from its source, not
    its page (check-vote)."""
    colors: list[str] = []
    spans: list[list[str]] = []
    opened: list[tuple[str, str, int]] = []  # (tag, value, where its words start)
    for m in re.finditer(r"\[(/?)(color|backcolor)(?:=([^\]]{1,40}))?\]", bbcode, re.I):
        closing, tag, value = m.group(1), m.group(2).lower(), (m.group(3) or "").strip().lower()
        if not closing:
            opened.append((tag, value, m.end()))
            continue
        at = next((i for i in range(len(opened) - 1, -1, -1) if opened[i][0] == tag), None)
        if at is None:
            continue
        _, value, start = opened.pop(at)
        words = re.sub(r"\[/?[a-z]+(?:=[^\]]*)?\]", "", bbcode[start:m.start()], flags=re.I)[:SPAN_CHARS]
        text = value if tag == "color" else next((v for t, v, _ in reversed(opened) if t == "color"), PAGE_TEXT)
        ground = value if tag == "backcolor" else next((v for t, v, _ in reversed(opened) if t == "backcolor"), None)
        found = [value] if tag == "color" else []
        if text and ground and same_ground(text, ground) and (tag == "backcolor" or any(t == "backcolor" for t, _, _ in opened)):
            found.append(f"{text} on {ground}")
        for color in found:
            if color not in colors:
                colors.append(color)
            if len(spans) < MAX_SPANS:
                spans.append([color, words])
    return {"colors": colors, "sizes": [], **({"spans": spans} if spans else {})}


