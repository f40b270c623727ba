"""Calendar dates written in a text ("February 7, 2016", "13 June 1525", "April 30"): found, parsed and
compared, so a swapped date keeps its weekday and its order among the other dates of the text."""

from __future__ import annotations

import datetime
import re

_MONTHS = {
    name: number
    for number, name in enumerate(
        "January February March April May June July August September October November December".split(), start=1
    )
}
_MONTH = "|".join(_MONTHS)
_DATE = re.compile(
    rf"\b(?:(?P<m1>{_MONTH})\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<y1>\d{{4}}))?"
    rf"|(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m2>{_MONTH})(?:,?\s+(?P<y2>\d{{4}}))?)\b"
)


def parse_dates(text: str) -> list[tuple[int, int, int | None, int, int]]:
    """(start, end, year or None, month, day) of every calendar date the text writes."""
    found = []
    for m in _DATE.finditer(text):
        month = _MONTHS[m.group("m1") or m.group("m2")]
        day = int(m.group("d1") or m.group("d2"))
        year = m.group("y1") or m.group("y2")
        if 1 <= day <= 31:
            found.append((m.start(), m.end(), int(year) if year else None, month, day))
    return found


def one_date(text: str) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) when the text is one calendar date, else None."""
    found = parse_dates(text)
    if len(found) != 1:
        return None
    return found[0][2:]


def weekday(date: tuple[int | None, int, int]) -> int | None:
    """The weekday (0 Monday) of a date with a year, None without one or for an impossible date."""
    year, month, day = date
    if year is None:
        return None
    try:
        return datetime.date(year, month, day).weekday()
    except ValueError:
        return None


def order(a: tuple[int | None, int, int], b: tuple[int | None, int, int]) -> int:
    """-1, 0 or 1 as date a is before, on or after date b (by month and day when either has no year)."""
    if a[0] is not None and b[0] is not None:
        key_a, key_b = a, b
    else:
        key_a, key_b = a[1:], b[1:]
    return (key_a > key_b) - (key_a < key_b)
