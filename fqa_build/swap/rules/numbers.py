"""Rules on numbers and dates: a swapped number must not be bound by the text around it (a range, a total, a
list it counts, a unit conversion, a name it is part of), and a swapped year must keep the chronology."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fqa_build.labels import NUMERIC_LABELS
from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import YEAR, number_value

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

_RANGE_BEFORE = re.compile(r"\d[\d,.]*\s*(?:–|-|—|to|and|or)\s*$")


_PART_OF_BEFORE = re.compile(r"\d[\d,.]*\s+(?:of|out of)\s+(?:the\s+|all\s+)?$")


_PART_OF_AFTER = re.compile(r"\s+(?:of|out of)\s+(?:the\s+|all\s+)?\d")


_LIST_AFTER = re.compile(r"(?:\s+[\w-]+){1,3}?\s*(?:—|–\s|\s-\s)|(?:\s+[\w-]+){1,7}?\s*:\s")


_RANGE_INSIDE = re.compile(r"\d\s*(?:–|-|—|to)\s*\d|\bto\b|\bbetween\b")


_NAME_BEFORE = re.compile(r"(?<![.!?]\s)\b[A-Z][\w&.-]*\s+$")


_RANGE_AFTER = re.compile(r"\s*(?:–|-|—|to|and|or)\s+(?:as \w+ as\s+)?\d|\s*(?:–|-|—)\s*\d")


_CONVERSION_AFTER = re.compile(r"[^\S\n]*[^\W\d]*[\w/°³²]*[^\S\n]*\(\s*[~≈c.]*\s*[\d,.]+")


_CONVERSION_BEFORE = re.compile(r"\d[\d,.]*[^\S\n]*[^\W\d]*[°%\w/³²]*[^\S\n]*\(\s*[~≈c.]*\s*$")


_DECADE_TOKEN = re.compile(r"(?<!\w)(1\d{2}0|20\d0)s(?!\w)")


def number_context_problem(
    context: str, spans: Sequence[tuple[int, int]], made_value: bool = False, relations_kept: bool = False
) -> Reason | None:
    """Why swapping a number here would leave the text inconsistent: it is one end of a range ("315 to 194",
    "1756 to 1763", "12 to 15 million") or has a unit conversion beside it ("2,290 m3/s (81,000 cu ft/s)").
    None when neither. A `made_value` (swap/components/made_values/make.py) keeps its place in a range and converts its
    restatements, so neither binds it. With `relations_kept` (the swap keeps the order of a range's ends and a
    part's whole, and rewrites the conversion after it: facts/relations.py) only what those cannot keep is
    a problem."""
    for start, end in spans:
        range_end = _RANGE_BEFORE.search(context[max(0, start - 16) : start]) or _RANGE_AFTER.match(context, end)
        if range_end and not (made_value or relations_kept):
            return Reason.NUMBER_IN_RANGE
        if _RANGE_INSIDE.search(context[start:end]):
            return Reason.NUMBER_IN_RANGE
        if re.search(r"\d[:.]$", context[max(0, start - 2) : start]) or re.match(r"[:.]\d", context[end : end + 2]):
            return Reason.NUMBER_IN_NAME  # "11:28 left", "3.5": part of a time or a longer number
        part_of = _PART_OF_BEFORE.search(context[max(0, start - 16) : start]) or _PART_OF_AFTER.match(context, end)
        if part_of and not relations_kept:
            return Reason.NUMBER_IN_RANGE  # "39 of the 43 previous MVPs": the two numbers bound each other
        if context[start : start + 1].isupper() and _NAME_BEFORE.search(context[max(0, start - 30) : start]):
            return Reason.NUMBER_IN_NAME  # "BBC One", "Apollo Eleven": the number names something
        if _LIST_AFTER.match(context, end):
            return Reason.NUMBER_COUNTS_A_LIST  # "two universities — Newcastle and Northumbria": the list fixes it
        if _parts_add_up(context, start, end, sums=not relations_kept):
            return Reason.NUMBER_COUNTS_A_LIST  # "three parks, two in the city and one in the county"
        if made_value:
            continue
        if _CONVERSION_BEFORE.search(context[max(0, start - 24) : start]):
            return Reason.UNIT_CONVERSION
        if _CONVERSION_AFTER.match(context, end) and not relations_kept:
            return Reason.UNIT_CONVERSION
    return None


_RELATIVE_TIME = re.compile(
    r"\b(?:\w+\s+(?:years?|decades?|months?)\s+(?:later|earlier|after|before|afterwards|previously)|"
    r"the (?:following|previous|next) (?:year|decade)|a year (?:later|earlier)|in the same year)\b",
    re.IGNORECASE,
)


def relative_time_near(context: str, spans: Sequence[tuple[int, int]]) -> bool:
    """True when the sentence of a swapped year (or the next one) dates it relative to another date ("Three
    years later in 1917"): a new year would break the arithmetic."""
    for start, end in spans:
        lo, hi = sentences_around(context, start, end, after=1)
        if _RELATIVE_TIME.search(context, lo, hi):
            return True
    return False


def years_in(text: str) -> list[int]:
    """The 4-digit years (1000-2099) written in a text."""
    return list(_years(text))


@functools.lru_cache(maxsize=100_000)
def _years(text: str) -> tuple[int, ...]:
    # the candidate filters ask this of the same bank entries again and again
    return tuple(int(y) for y in YEAR.findall(text))


def decades_in(text: str) -> list[int]:
    """The first years of the decades a text names ("the 1960s" -> 1960)."""
    return [int(d) for d in _DECADE_TOKEN.findall(text)]


def keeps_chronology(
    original: str, candidate: str, other_years: Sequence[int], other_decades: Sequence[int] = ()
) -> bool:
    """True when the candidate's year stands before, after or inside each other year and decade of the context
    as the original's did ("reaching England in 1349" after "November 1347" must stay after it; "during the
    1960s, beginning in 1962" must stay in the 1960s)."""
    old, new = years_in(original), years_in(candidate)
    if not old or not new:
        return True
    for year in other_years:
        if (old[0] > year) != (new[0] > year) or (old[0] < year) != (new[0] < year):
            return False
    for decade in other_decades:
        for bound in (decade, decade + 9):
            if (old[0] > bound) != (new[0] > bound) or (old[0] < bound) != (new[0] < bound):
                return False
    return True


_SMALL_NUMBER = re.compile(
    r"(?<![\w.,])(?:\d{1,3}(?![,.]\d)|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty)(?![\w.,]\w)",
    re.IGNORECASE,
)


_ENUMERATION = re.compile(r"[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*(?:,\s+(?:and\s+)?|\s+and\s+)")


def _parts_add_up(context: str, start: int, end: int, sums: bool = True) -> bool:
    """True when other numbers of the sentence add up to this one (two or three of them; where `sums`), or the
    sentence goes on to list exactly that many capitalised items ("three contracts ... to A, B, and C")."""
    value = number_value(context[start:end])
    if value is None or value != int(value) or not 2 <= value <= 999:
        return False
    lo, hi = sentences_around(context, start, end)
    others = []
    for match in _SMALL_NUMBER.finditer(context, lo, hi):
        if match.start() == start:
            continue
        number = number_value(match.group())
        if number is not None:
            others.append(number)
    n = len(others) if sums else 0
    for i in range(n):
        for j in range(i + 1, n):
            if others[i] + others[j] == value:
                return True
            for k in range(j + 1, n):
                if others[i] + others[j] + others[k] == value:
                    return True
    items = _ENUMERATION.findall(context, end, hi)
    if len(items) + 1 == value and len(items) >= 1:
        return True
    # "Its counties of Los Angeles, Orange, San Diego, San Bernardino, and Riverside are the five most populous"
    before = _ENUMERATION.findall(context, lo, start)
    return len(before) + 1 == value and len(before) >= 2


def number_magnitude(text: str) -> int | None:
    """Digits in the integer part of a number written in words ("three" 1, "thirty thousand" 5); None if it is
    not one."""
    value = number_value(text)
    if value is None or any(ch.isdigit() for ch in text):
        return None
    return len(str(int(abs(value)))) if value >= 1 else 0


@rule(Stage.LABEL, Reason.NUMBER_IN_NAME)
def cardinal_not_one(swap: Swap) -> Reason | None:
    """A CARDINAL "one" (or "a", "an") is not swapped: it agrees with a singular noun no other number fits."""
    if swap.label == "CARDINAL" and swap.original.casefold() in ("one", "a", "an"):
        return Reason.NUMBER_IN_NAME
    return None


@rule(Stage.REWRITE, Reason.NUMBER_IN_RANGE, Reason.NUMBER_IN_NAME, Reason.NUMBER_COUNTS_A_LIST, Reason.UNIT_CONVERSION)
def number_context_free(swap: Swap) -> Reason | None:
    """No rewritten number is bound by its surroundings (see `number_context_problem`); under a policy whose counts
    keep their relations, a count's range, whole and conversion are kept by `counts_keep_relations`."""
    if swap.label not in NUMERIC_LABELS:
        return None
    made = swap.label in swap.policy.value_types
    spans = swap.rewrite.mention_old_spans
    if made:  # the converted restatements are rewritten too; the value's own mentions are what is checked
        spans = tuple(span for span in spans if swap.context[span[0] : span[1]].casefold() == swap.original.casefold())
    kept = (
        swap.policy.offers("counts_keep_relations") and swap.label == "CARDINAL" and not YEAR.fullmatch(swap.original)
    )
    return number_context_problem(swap.context, spans, made, kept)


@rule(Stage.REWRITE, Reason.RELATIVE_DATE)
def no_relative_date(swap: Swap) -> Reason | None:
    """A swapped year is not dated relative to another ("Three years later in 1917")."""
    if (
        swap.label == "DATE"
        and years_in(swap.original)
        and relative_time_near(swap.context, swap.rewrite.mention_old_spans)
    ):
        return Reason.RELATIVE_DATE
    return None


#: a weekday that dates something ("on Sunday, February 7", "Monday 3 May"), not one in a name ("Sunday Night
#: Football")
_WEEKDAY = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?!\s+[A-Z][a-z])")


@rule(Stage.REWRITE, Reason.WEEKDAY_LEFT)
def weekday_still_fits(swap: Swap) -> Reason | None:
    """A date (or its year) is not swapped in a sentence that names a weekday ("Sunday, February 7, 2016"): the
    weekday would no longer fit the new date."""
    if swap.label != "DATE" or not any(ch.isdigit() for ch in swap.original):
        return None
    for start, end in swap.rewrite.mention_old_spans:
        if _WEEKDAY.search(swap.context, *sentences_around(swap.context, start, end)):
            return Reason.WEEKDAY_LEFT
    return None


#: "10,000 each", "five apiece", "each of the two": the number is a factor of a stated product (a rate, "per
#: square mile", is no product)
_FACTOR_AFTER = re.compile(r"[^\S\n]*(?:[\w-]+[^\S\n]+){0,2}?(?:each|apiece)\b", re.IGNORECASE)
_FACTOR_BEFORE = re.compile(r"\beach[^\S\n]+(?:of[^\S\n]+)?(?:the[^\S\n]+)?$", re.IGNORECASE)


@rule(Stage.REWRITE, Reason.NUMBER_IN_ARITHMETIC)
def not_a_stated_factor(swap: Swap) -> Reason | None:
    """A count is not swapped where it multiplies with a number the text states ("two tumens (10,000 each)"),
    so no total the text gives is broken."""
    if swap.label != "CARDINAL":
        return None
    for start, end in swap.rewrite.mention_old_spans:
        after = swap.context[end : end + 40]
        if (
            _FACTOR_AFTER.match(after)
            or "each)" in after
            or _FACTOR_BEFORE.search(swap.context[max(0, start - 20) : start])
        ):
            return Reason.NUMBER_IN_ARITHMETIC
    return None


#: any number: digits (with separators) or a number word
_ANY_NUMBER = re.compile(
    r"(?<![\w.,])(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion)(?![\w])",
    re.IGNORECASE,
)
#: a stretch of time counted in years or seasons ("26 seasons", "a 30-year", "three decades")
_DURATION = re.compile(
    r"(?:\b\d+|\b(?:two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty))"
    r"[\s-]+(?:years?|seasons?|decades?|centuries|century)\b",
    re.IGNORECASE,
)


@rule(Stage.REWRITE, Reason.NUMBER_BESIDE_NUMBERS)
def count_stands_alone(swap: Swap) -> Reason | None:
    """A count is swapped only where no other number shares its sentence: numbers side by side are read
    together (totals, shares, densities), and a new count would contradict them. Under a policy whose counts
    keep their relations (`counts_keep_relations`), those relations are kept or checked one by one instead."""
    if swap.label != "CARDINAL" or swap.policy.offers("counts_keep_relations"):
        return None
    for start, end in swap.rewrite.mention_old_spans:
        lo, hi = sentences_around(swap.context, start, end)
        for match in _ANY_NUMBER.finditer(swap.context, lo, hi):
            if not (start <= match.start() < end):
                return Reason.NUMBER_BESIDE_NUMBERS
    return None


@rule(Stage.REWRITE, Reason.YEAR_BESIDE_DURATION)
def no_duration_beside_year(swap: Swap) -> Reason | None:
    """A year is swapped only where the context counts no stretch of years ("26 seasons from 1963 to 1989",
    "a 30-year reign"): a new year would break that arithmetic."""
    if swap.label != "DATE" or not years_in(swap.original):
        return None
    return Reason.YEAR_BESIDE_DURATION if _DURATION.search(swap.context) else None
