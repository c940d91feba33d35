"""Discuz post times → ISO 8601 with the site's offset, and how precise they are.

Discuz prints "2026-11-21 10:02:36" (seconds), "2026-11-21 10:02" (minutes, dateconvert off or 7.x),
or relative words ("3 小时前", "昨天 21:05", "6 天前") whose exact time hides in a `title` attribute.
Relative words without a title are resolved against the page's own clock (the "GMT+8, <now>" footer).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

_ABSOLUTE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?")
_FOOTER = re.compile(r"GMT\s*([+-]\d{1,2}(?:\.\d+)?),\s*(\d{4}-\d{1,2}-\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?)")
_DAY_WORDS = {"今天": 0, "昨天": 1, "前天": 2}


def offset_of(hours: str | float | int) -> timezone:
    """`timeoffset` as Discuz stores it ("8", "-5", "5.5") → a tzinfo."""
    return timezone(timedelta(minutes=round(float(hours) * 60)))


def format_offset(tz: timezone) -> str:
    minutes = int(tz.utcoffset(None).total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


DEFAULT_TZ = offset_of(8)


def parse_absolute(text: str, tz: timezone = DEFAULT_TZ) -> tuple[datetime, str] | None:
    m = _ABSOLUTE.search(text)
    if not m:
        return None
    y, mo, d, h, mi, s = m.groups()
    try:
        when = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0), tzinfo=tz)
    except ValueError:
        return None
    return when, ("second" if s is not None else "minute")


def parse_footer(text: str) -> tuple[datetime, timezone] | None:
    """The page's clock from its footer, "GMT+8, 2026-11-29 18:43"."""
    m = _FOOTER.search(text)
    if not m:
        return None
    hours, stamp = m.groups()
    tz = offset_of(hours)
    parsed = parse_absolute(stamp, tz)
    return (parsed[0], tz) if parsed else None


def parse_post_time(
    text: str, title: str | None, tz: timezone = DEFAULT_TZ, now: datetime | None = None
) -> tuple[str | None, str]:
    """(ISO time, precision) for a post-time element's text and its optional `title`."""
    for candidate in (title, text):
        if candidate:
            parsed = parse_absolute(candidate, tz)
            if parsed:
                return parsed[0].isoformat(), parsed[1]
    return _resolve_relative(text.replace("\xa0", " "), now)


def _resolve_relative(text: str, now: datetime | None) -> tuple[str | None, str]:
    if now is None:
        return None, "unknown"
    m = re.search(r"(今天|昨天|前天)\s*(\d{1,2}):(\d{2})", text)
    if m:
        day = now - timedelta(days=_DAY_WORDS[m.group(1)])
        when = day.replace(hour=int(m.group(2)), minute=int(m.group(3)), second=0, microsecond=0)
        return when.isoformat(), "minute"
    if "刚刚" in text:
        return now.isoformat(), "minute"
    if "半小时前" in text:
        return (now - timedelta(minutes=30)).isoformat(), "minute"
    m = re.search(r"(\d+)\s*(秒|分钟|小时|天)前", text)
    if m:
        n, unit = int(m.group(1)), m.group(2)
        delta, precision = {
            "秒": (timedelta(seconds=n), "minute"),
            "分钟": (timedelta(minutes=n), "minute"),
            "小时": (timedelta(hours=n), "hour"),
            "天": (timedelta(days=n), "day"),
        }[unit]
        return (now - delta).replace(second=0, microsecond=0).isoformat(), precision
    return None, "unknown"


def unix_to_iso(seconds: str | int, tz: timezone = DEFAULT_TZ) -> str:
    return datetime.fromtimestamp(int(seconds), tz).isoformat()


def minute_to_iso(text: str | None, tz: timezone = DEFAULT_TZ) -> str | None:
    """An edit stamp's or quote header's "2026-11-21 09:12" → ISO (minute precision)."""
    if not text:
        return None
    parsed = parse_absolute(text, tz)
    return parsed[0].isoformat() if parsed else None
