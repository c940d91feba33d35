"""What a post's own words say about when it is written — the time-words layer of the reader.

    >>> [(s.kind, s.minutes) for s in said_times("还有半小时关门了，最后改一下")]
    [('to_close', 30)]
    >>> [(s.kind, s.minutes) for s in said_times("十一点五十了，改一下")]
    [('clock', 710)]
    >>> [(s.kind, s.minutes) for s in said_times("开局都十一个半小时了")]
    [('since_open', 690)]

A player who writes 「还有半小时关门了」 under a change says the change is in the last hour: a word that can change the
ballot (seeds/000: 关门前一小时不允许改票; seeds/004: the bar owner may not change after 11 hours). The forum's time
is the authority; where the words place the post in another window of the rules than the forum's time does, the
tally asks (tally/day.py). Three kinds of claim, each about now:

  clock       a time of day said to be now: 「十一点五十了」「现在 23:40」「都 21:45 了」 (minutes after midnight)
  to_close    the time left to the close: 「还有半小时关门」「还剩二十分钟截止」「最后十分钟」「离关门不到一小时」
  since_open  the time since the day opened: 「开局都十一个半小时了」「开始已经 11 小时了」

A time of day that is not said to be now (「他昨晚 11 点说的」) is a reason's, not a claim. This module knows only words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .normalize import normalize
from .tags import chinese_number


@dataclass(frozen=True)
class Said:
    kind: str  # "clock" · "to_close" · "since_open" · "closed"
    minutes: int  # clock: minutes after midnight; else a duration
    words: str
    marked: bool = False  # clock: the half of the day is said (上午 · 晚上 · 23:40), not only the hour on a 12-hour dial


_NUM = r"(?:\d{1,2}|[零〇一二两三四五六七八九十]{1,3})"
# An amount of time: 半小时 · 一个半小时 · 十一个半小时 · 2小时 · 二十分钟 · 一刻钟 · 1.5 小时
_AMOUNT = (rf"(?P<amount>(?:{_NUM}\s*个?\s*半\s*(?:小时|钟头)|半\s*个?\s*(?:小时|钟头)|\d{{1,2}}\.5\s*(?:个\s*)?(?:小时|钟头)|"
           rf"{_NUM}\s*个?\s*(?:小时|钟头)(?:\s*{_NUM}\s*分钟?)?|{_NUM}\s*分钟|{_NUM}\s*刻钟))")
_CLOSE = r"(?:关门|截止|截票|结束|收票|封票|关帖|deadline|close)"
# 「他是关门前半小时私信我的」: when it was asked, said to the close — not 「关门前一小时不能改票」, a rule
_BEFORE_CLOSE = re.compile(rf"{_CLOSE}前\s*{_AMOUNT}(?=\s*(?:左右|多)?\s*(?:才|就)?\s*(?:私信|发|找|说|联系|给|托|委托|的时候|那会))", re.I)
_TO_CLOSE = re.compile(rf"(?<!没到)(?<!未到)(?<!没进)(?:还有|还剩|只剩|就剩|剩下?|不到|离{_CLOSE}(?:还有|只有|不到|就)?|距离?{_CLOSE}(?:还有|只有|不到)?|最后)\s*(?:不到)?\s*"
                       rf"{_AMOUNT}(?:\s*(?:就|要|便)?\s*{_CLOSE}|(?=\s*(?:了|啦|$|[,，。!！])))", re.I)
_SINCE_OPEN = re.compile(rf"(?:开局|开始|开帖|开票|投票开始|讨论日开始|今天开始)\s*(?:以来|到现在)?\s*(?:都快|已经快|快要|都|已经|已|快|将近|差不多|马上)?\s*(?:有|过了|过去了?|到)?\s*"
                         rf"第?\s*{_AMOUNT}")  # (「开票第11个半小时了」)
_CLOCK = re.compile(rf"(?:(?P<now>现在|已经|都|眼看|马上|快|显示的?是?|这边是|刚刚过了?|刚过了?|已过)\s*)?(?:(?P<h>{_NUM})\s*[点點时](?:\s*(?P<half>半)|\s*(?P<m>{_NUM})\s*分?)?|"
                    rf"(?P<hh>\d{{1,2}})\s*:\s*(?P<mm>\d{{2}}))\s*(?P<le>了|啦)?")


def _number(written: str) -> int | None:
    written = written.strip()
    return int(written) if written.isdecimal() else chinese_number(written)


def _minutes(amount: str) -> int | None:
    amount = re.sub(r"\s+", "", amount)
    if m := re.fullmatch(rf"({_NUM})个?半(?:小时|钟头)", amount):
        n = _number(m.group(1))
        return None if n is None else n * 60 + 30
    if re.fullmatch(r"半个?(?:小时|钟头)", amount):
        return 30
    if m := re.fullmatch(r"(\d{1,2})\.5(?:个)?(?:小时|钟头)", amount):
        return int(m.group(1)) * 60 + 30
    if m := re.fullmatch(rf"({_NUM})个?(?:小时|钟头)(?:({_NUM})分钟?)?", amount):
        hours, minutes = _number(m.group(1)), _number(m.group(2)) if m.group(2) else 0
        return None if hours is None or minutes is None else hours * 60 + minutes
    if m := re.fullmatch(rf"({_NUM})分钟", amount):
        return _number(m.group(1))
    if m := re.fullmatch(rf"({_NUM})刻钟", amount):
        n = _number(m.group(1))
        return None if n is None else n * 15
    return None


def said_times(text: str) -> tuple[Said, ...]:
    """The claims about now a post's words make (see the module's docstring), in the order written."""
    if not text or not re.search(r"[点點时:：了]|小时|钟头|分钟|刻钟|截止", text):
        return ()
    return _said(normalize(text))


@lru_cache(maxsize=4096)
def _said(text: str) -> tuple[Said, ...]:
    found: list[tuple[int, Said]] = []
    for pattern, kind in ((_TO_CLOSE, "to_close"), (_BEFORE_CLOSE, "to_close"), (_SINCE_OPEN, "since_open")):
        for m in pattern.finditer(text):
            minutes = _minutes(m.group("amount"))
            if minutes is not None and "不到" in m.group():
                minutes -= 1  # 「离关门不到一小时」: less than the amount said
            if minutes is not None:
                found.append((m.start(), Said(kind, minutes, m.group().strip())))
    for m in _CLOCK.finditer(text):
        if not (m.group("le") or (m.group("now") or "").startswith(("现在", "已经", "都", "显示", "这边", "刚过", "刚刚过", "已过")) or _JUST_NOW.match(text, m.end())
                or (m.group("hh") and not text[:m.start()].strip())  # (「21:03 投票对象：定窑」: the time the post opens on is now)
                or (m.group("hh") and _LINE_OPENS.fullmatch(text[text.rfind("\n", 0, m.start()) + 1:m.start()])
                    and _ACTS_NOW.match(text, m.end()))):  # (「20:41 改一下」「改票理由：08:20 想通了」: a line's own act, timed)
            continue  # a time of day not said to be now: a reason's (他昨晚 11 点说的)
        if any(start <= m.start() < start + len(s.words) for start, s in found):
            continue
        hour = _number(m.group("h") or m.group("hh"))
        minute = 30 if m.group("half") else _number(m.group("m") or m.group("mm") or "0")
        if hour is None or minute is None or hour > 23 or minute > 59:
            continue
        half = _HALF.search(text[max(0, m.start() - 4):m.start() + 2])
        if half and half.group() in _PM and hour < 12:
            hour += 12  # 「晚上九点了」
        marked = bool(m.group("hh")) or hour >= 12 or bool(half)
        found.append((m.start(), Said("clock", hour * 60 + minute, m.group().strip(), marked)))
    for m in _CLOSED.finditer(text):
        if not any(start <= m.start() < start + len(s.words) for start, s in found):  # (「还有半小时关门了」: to the close)
            found.append((m.start(), Said("closed", 0, m.group().strip())))
    return tuple(s for _, s in sorted(found, key=lambda pair: pair[0]))


_LINE_OPENS = re.compile(r"\s*(?:(?:投票|改票|改投)?理由\s*[:：])?\s*")
_ACTS_NOW = re.compile(r"\s*(?:了\s*)?[,，]?\s*(?:才|刚|刚刚|终于)?\s*(?:改|投|补|换|想通|决定|发|来)")
# 「早上八点半才醒，改一下」: a time just passed, said of the poster — now is after it
_JUST_NOW = re.compile(r"\s*(?:才|刚|刚刚)\s*(?:醒|起床|起来|起|看到|看见|下班|放学|回来|到家|上线|登上)")
_HALF = re.compile(r"上午|早上|早晨|凌晨|清早|中午|下午|傍晚|晚上|夜里|今晚|半夜")
_PM = ("下午", "傍晚", "晚上", "夜里", "今晚", "半夜")
# 「我知道…关门了，但还是想补一票」: the poster says the close has passed (not 快关门了 · 关门了吗)
_CLOSED = re.compile(r"(?<![快要将就马])(?<!马上)(?:已经|都)?\s*(?:关门|截止|截票|封票)了(?![吗嘛么？?])|过了截止(?:时间)?")
