"""BBCode as Discuz! X3.5's discuzcode() renders it: the subset a game thread uses, for pages and the mobile API.

Held to the captured games (discuz-x35/game056, game063): tests/test_forum_contract.py renders every stored
message_bbcode and compares its lines with the captured page. The escaping follows discuz-x35-gbk-flows/
reply-outside-gbk (a stored `&#128512;` stays that text); that folder is not replayed by a test.
"""

from __future__ import annotations

import html
import re

_SMILIES = {":)": 1, ":(": 2, ":D": 3, ";P": 11}  # a few of X3.5's default smiley codes


def render_bbcode(bbcode: str, *, api: bool = False, smileyoff: bool = True) -> str:
    """The subset of Discuz's discuzcode() a game thread uses, rendered the way X3.5 renders it."""
    # X3.5's dhtmlspecialchars escapes every &, and restores no entity: a stored `&#128512;` (what a GBK
    # browser sends for 😀) is shown as that text forever (discuz-x35-gbk-flows/reply-outside-gbk).
    text = html.escape(bbcode, quote=False)
    text = re.sub(r"\[i=s\]\s*(.*?)\s*\[/i\]\s*", lambda m: f'<i class="pstatus"> {m.group(1)} </i><br />\n<br />\n', text, flags=re.S)

    def quote(m: re.Match) -> str:
        inner = m.group(1)
        head = re.match(
            r"\[size=2\]\[url=forum\.php\?mod=redirect&amp;goto=findpost&amp;pid=(\d+)&amp;ptid=(\d+)\]"
            r"\[color=#999999\](.*?)\[/color\]\[/url\]\[/size\]\n?(.*)", inner, re.S,
        )
        if head:
            pid, ptid, who, rest = head.groups()
            link = f'<a href="http://forum.invalid/forum.php?mod=redirect&amp;goto=findpost&amp;pid={pid}&amp;ptid={ptid}" target="_blank"><font color="#999999">{who}</font></a>'
            body = rest.replace("\n", "<br />\n")
            if api:
                return f'<div class="reply_wrap">{link}<br />\n{body}</div>'
            return f'<div class="quote"><blockquote><font size="2">{link}</font><br />\n{body}</blockquote></div>'
        return f'<div class="quote"><blockquote>{inner.replace(chr(10), "<br />" + chr(10))}</blockquote></div>'

    text = re.sub(r"\[quote\](.*?)\[/quote\]\n*", quote, text, flags=re.S)
    text = re.sub(r"\[img\]([^\[\]\s\"<>]+)\[/img\]", r'<img src="\1" border="0" alt="" />', text)
    text = re.sub(r"\[url=([^\]\s\"<>]+)\](.*?)\[/url\]", r'<a href="\1" target="_blank">\2</a>', text, flags=re.S)
    # Discuz replaces [b] and [/b] one by one (str_replace), so nesting of any depth renders.
    text = text.replace("[b]", "<strong>").replace("[/b]", "</strong>")
    text = text.replace("[s]", "<strike>").replace("[/s]", "</strike>")  # as [b] (bulk/ API pages show <strike>)
    text = re.sub(r"\[color=([#\w]+)\](.*?)\[/color\]", r'<font color="\1">\2</font>', text, flags=re.S)
    text = re.sub(r"\[size=(\d)\](.*?)\[/size\]", r'<font size="\1">\2</font>', text, flags=re.S)
    # nl2br as discuzcode does it: every line break, also after a closing tag (</strong><br />), except
    # where the markup already broke the line (the stamp's <br />, the end of a quote box).
    text = re.sub(r"(?<!<br />)(?<!</div>)\n", "<br />\n", text)
    if not smileyoff:
        for code, smilie in _SMILIES.items():
            text = text.replace(html.escape(code, quote=False),
                                f'<img src="static/image/smiley/default/{smilie}.gif" smilieid="{smilie}" border="0" alt="" />')
    return text.replace("  ", "&nbsp; ")


def _strip_bbcode(bbcode: str) -> str:
    return re.sub(r"\[/?[a-z*]+(=[^\]]*)?\]", "", bbcode)
