"""Time anchors of a text: the years, decades and named events ("World War I", "Super Bowl XIX") it dates
things against, as year intervals, and where a date's interval stands against each of them."""

from __future__ import annotations

import functools
import re

from fqa_build.lexicons import word_map
from fqa_build.text import YEAR

_DECADE = re.compile(r"(?<!\w)(1\d{2}0|20\d0)s(?!\w)")
_CENTURY = re.compile(r"(?<!\w)(\d{1,2})(?:st|nd|rd|th)?[\s-]+century\b|(?<!\w)([a-z]+)[\s-]+century\b", re.IGNORECASE)
_BC = re.compile(r"\b(?:BC|BCE|B\.C\.)", re.IGNORECASE)
#: how far a decade may move (two decades), and a century (to the next one)
ERA_DECADES, ERA_CENTURIES = 20, 100


def era_of(text: str) -> tuple[int, int] | None:
    """(the start year of the decade or century a date names, how far it may move): "the late 1340s" -> (1340,
    20), "14th century" and "fourteenth century" -> (1300, 100), "6th century BC" -> (-600, 100); None for
    other dates (years are `same_era`'s)."""
    decade = _DECADE.search(text)
    if decade is not None:
        return int(decade.group(1)), ERA_DECADES
    century = _CENTURY.search(text)
    if century is None:
        return None
    if century.group(1):
        number = int(century.group(1))
    else:
        number = int(ordinal_value(century.group(2).casefold()) or 0)
    if not number:
        return None
    start = (number - 1) * 100
    return (-start - 100 if _BC.search(text) else start), ERA_CENTURIES


def ordinal_value(word: str) -> int | None:
    """The number of an ordinal word ("fourteenth" -> 14), for the ordinals of centuries."""
    return _ORDINALS.get(word)


_ORDINALS = {
    word: number
    for number, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
        "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth twenty-first".split(),
        start=1,
    )
}


_SUPER_BOWL = re.compile(r"\bSuper Bowl ([IVXL]+|\d{1,2})\b")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
#: Super Bowl N was played early in the year 1966 + N (Super Bowl I in January 1967)
SUPER_BOWL_BASE = 1966


def roman_value(numeral: str) -> int:
    """The value of a Roman numeral of I, V, X, L and C ("XLIV" -> 44, "XCIX" -> 99)."""
    total = 0
    for i, ch in enumerate(numeral):
        value = _ROMAN[ch]
        total += -value if i + 1 < len(numeral) and _ROMAN[numeral[i + 1]] > value else value
    return total


@functools.cache
def _events() -> tuple[re.Pattern, dict[str, tuple[int, int]]]:
    """One pattern finding any named event (longest names first), and each name's years."""
    years: dict[str, tuple[int, int]] = {}
    for name, span in word_map("event_years").items():
        first, last = (int(y) for y in span.split("-"))
        years[name] = (first, last)
    names = sorted(years, key=lambda n: (-len(n), n))
    return re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")(?![\w-])"), years


def named_event_pattern() -> re.Pattern:
    """The pattern finding any event the lexicon dates (its names, longest first)."""
    return _events()[0]


def interval_of(text: str) -> tuple[int, int] | None:
    """The years a date covers: a year (1914, 1914), a decade (1960, 1969), a century (1300, 1399); None for
    other dates."""
    era = era_of(text)
    if era is not None:
        start, span = era
        return start, start + (9 if span <= 20 else 99)
    years = [int(y) for y in YEAR.findall(text)]
    return (years[0], years[0]) if years else None


def anchors(text: str) -> list[tuple[int, int]]:
    """Every year, decade and named event the text writes, as (first, last) years."""
    found = [(int(y), int(y)) for y in YEAR.findall(text)]
    found += [(int(d), int(d) + 9) for d in _DECADE.findall(text)]
    pattern, years = _events()
    for name in sorted(set(pattern.findall(text)), key=lambda n: (years[n], n)):
        found.append(years[name])
    for numeral in _SUPER_BOWL.findall(text):
        number = int(numeral) if numeral.isdigit() else roman_value(numeral)
        found.append((SUPER_BOWL_BASE + number, SUPER_BOWL_BASE + number))
    return found


def relation(interval: tuple[int, int], anchor: tuple[int, int]) -> int:
    """-1 when the interval ends before the anchor starts, 1 when it starts after the anchor ends, else 0."""
    if interval[1] < anchor[0]:
        return -1
    if interval[0] > anchor[1]:
        return 1
    return 0
