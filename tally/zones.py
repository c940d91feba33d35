"""The game's time zone: as the director writes it in the game file, and as posts name it beside a time.

Its own module because the count (the election's "first to reach the top" stamps a time), the report and the
game file all speak of times: none of them should have to import another to say 「北京时间」.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# 「UTC+8」, 「GMT+08:00」, 「+8」: an offset as directors write it (the zone database spells it Etc/GMT-8).
_OFFSET = re.compile(r"(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?", re.I)
# Names a director may write for the zone of a Chinese forum, and the zone they mean.
_ZONE_HINTS = {"beijing": "Asia/Shanghai", "北京": "Asia/Shanghai", "北京时间": "Asia/Shanghai", "china": "Asia/Shanghai",
               "中国": "Asia/Shanghai", "cst": "Asia/Shanghai", "shanghai": "Asia/Shanghai", "上海": "Asia/Shanghai",
               "taipei": "Asia/Taipei", "台北": "Asia/Taipei", "台湾": "Asia/Taipei", "hongkong": "Asia/Hong_Kong",
               "hong kong": "Asia/Hong_Kong", "香港": "Asia/Hong_Kong", "tokyo": "Asia/Tokyo", "东京": "Asia/Tokyo",
               "singapore": "Asia/Singapore", "新加坡": "Asia/Singapore", "macau": "Asia/Macau", "澳门": "Asia/Macau"}
_MINUSES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})
_ZONE_WORDS = {"Asia/Shanghai": "北京时间", "Asia/Chongqing": "北京时间", "Asia/Harbin": "北京时间", "PRC": "北京时间",
               "Asia/Hong_Kong": "香港时间", "Asia/Taipei": "台北时间", "Asia/Macau": "澳门时间", "Asia/Tokyo": "东京时间",
               "Asia/Singapore": "新加坡时间"}


def zone_of(name: str) -> tzinfo:
    """The game's time zone: a zone name (Asia/Shanghai) or a fixed offset as written (UTC+8, GMT+08:00).
    Anything else is refused with the spelling to use, before any time of the file is read."""
    # 「UTC＋8」 typed on a Chinese input method is the offset it says: full-width signs, digits and colons
    # (and the minus signs word processors put in) read as their ASCII selves.
    written = unicodedata.normalize("NFKC", name).translate(_MINUSES).strip()
    offset = _OFFSET.fullmatch(written)
    if offset:
        sign, hours, minutes = offset.group(1), int(offset.group(2)), int(offset.group(3) or 0)
        if hours > 14 or minutes >= 60:
            raise ValueError(f"[game] 的 timezone = \"{name}\" 不是真实的时差（UTC-12 到 UTC+14 之间）")
        delta = timedelta(hours=hours, minutes=minutes) * (-1 if sign == "-" else 1)
        return timezone(delta, _offset_words(delta))
    try:
        return ZoneInfo(written)
    except (ZoneInfoNotFoundError, ValueError):
        pass
    meant = _ZONE_HINTS.get(written.lower().replace("_", " ").strip())
    if meant is None:
        import difflib
        from zoneinfo import available_timezones

        near = difflib.get_close_matches(written, sorted(available_timezones()), n=1, cutoff=0.6)
        meant = near[0] if near else None
        said = _OFFSET.search(written)
        if said:
            # The words carry an offset the pattern did not take whole (UTC+8 北京): a hint may only name that
            # offset, never a zone with another one (「UTC」 for 「UTC＋8」 would read every close 8 hours late).
            sign, hours, minutes = said.group(1), int(said.group(2)), int(said.group(3) or 0)
            meant = f"UTC{sign}{hours}" + (f":{minutes:02d}" if minutes else "") if hours <= 14 and minutes < 60 else None
        elif any(ch.isdigit() for ch in written):
            meant = None  # a number we cannot read as an offset: no zone is safe to suggest
    hint = f"是不是要写 timezone = \"{meant}\"？" if meant else ""
    raise ValueError(f"[game] 的 timezone = \"{name}\" 不是认识的时区：{hint}时区写地区名（北京时间写 \"Asia/Shanghai\"，"
                     "台北 \"Asia/Taipei\"，香港 \"Asia/Hong_Kong\"），或写时差，如 \"UTC+8\"")


def _offset_words(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    sign, minutes = ("+" if minutes >= 0 else "-"), abs(minutes)
    return f"UTC{sign}{minutes // 60}" + (f":{minutes % 60:02d}" if minutes % 60 else "")


def zone_words(name: str, tz: tzinfo) -> str:
    """「北京时间」 for the zones players know by a name, else the offset: 「UTC+9」, 「UTC-5」."""
    known = _ZONE_WORDS.get(name.strip())
    if known:
        return known
    delta = datetime.now(tz).utcoffset() or timedelta(0)
    return _offset_words(delta)


def zone_label(moment: datetime) -> str:
    """The zone a time of the game is in, as the post names it beside the time: 「北京时间」, 「UTC+8」."""
    tz = moment.tzinfo
    return zone_words(getattr(tz, "key", "") or "", tz) if tz is not None else "UTC"


def at_words(moment: datetime, *, year: bool = True) -> str:
    """「北京时间 2026-11-29 21:00」: the zone first, as Chinese writes it."""
    return f"{zone_label(moment)} {moment:%Y-%m-%d %H:%M}" if year else f"{zone_label(moment)} {moment:%m-%d %H:%M}"


def minute_words(moment: str | None) -> str:
    """An archived ISO time as it was written, to the minute: 「2026-12-02 20:40」."""
    return (moment or "")[:16].replace("T", " ")
