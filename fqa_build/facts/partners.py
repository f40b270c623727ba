"""Which amounts of a passage move with a swapped one (`scale_partners`): every amount of its dimension in any unit,
the rates of it, a restatement of one of them in brackets, and a quantity's money, but for what stays: the prices per
its unit, a unit's definition, a ratio of money, a restatement of a number in words or of an amount that stays. The
amounts themselves are read by fqa_build/facts/dimensions.py; how a moved amount is written, by
fqa_build/facts/scaling.py."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from fqa_build.facts.dimensions import (
    CURRENCY_WORDS,
    MONEY,
    Amount,
    amounts,
    numerator_dimension,
    read_unit,
    times_time,
)

#: what stands between an amount and its restatement in another unit: "6 miles (9.7 km)", "£100 (about $130)"
_RESTATED = re.compile(
    r"^[^\S\n]*[^\W\d][\w/²³]*[^\S\n]*[(\[][^\S\n]*(?:about|around|approx(?:imately|\.)?|c\.|some|~)?[^\S\n]*"
    r"(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?)?$|^[^\S\n]*[(\[][^\S\n]*(?:[$€£¥₹][^\S\n]?)?$"
)

#: an amount in brackets after an amount written in words ("two-mile (3 km) trail", "five miles (8 km)"): what it
#: restates is no number a factor moves, so it stays with it
_WORDS_RESTATED = re.compile(
    r"\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred|thousand|million|half|quarter)[-\s](?P<unit>[^\W\d][\w/²³-]*)[^\S\n]*[(\[][^\S\n]*"
    r"(?:about|around|approx(?:imately|\.)?|c\.|some|~)?[^\S\n]*(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?)?$",
    re.IGNORECASE,
)


def _restates_words(text: str, amount: Amount) -> bool:
    """Whether the amount restates, in brackets, a number written in words with a unit of its dimension ("two miles
    (about 3,219 m)"; not "the previous five years (19,018 km2": years are no area)."""
    match = _WORDS_RESTATED.search(text, max(0, amount.start - 40), amount.start)
    if match is None:
        return False
    word = match.group("unit").rsplit("-", 1)[-1]  # "a two-mile (3 km)": the unit is the last of its words
    if word.casefold() in CURRENCY_WORDS and (word.casefold() not in ("pound", "pounds") or "£" in text):
        return amount.unit == MONEY  # "five pounds ($6.50)": money in words
    read = read_unit(word) or read_unit(word.removesuffix("s")) or read_unit(word.removesuffix("es"))
    return read is None and amount.unit == MONEY or read is not None and read[1] == amount.dimension


#: a unit defined by an amount ("R$ 232 per arroba of 15 kg", "one bushel equals 27.2 kg"): the unit, not the passage's
#: quantity, so it stays where the quantity moves
_DEFINES_UNIT = re.compile(
    r"(?:\bper[^\S\n]+[A-Za-z]+[^\S\n]+of|\b(?:1|one)[^\S\n]+[A-Za-z]+[^\S\n]*(?:=|equals|is[^\S\n]+equal[^\S\n]+to))"
    r"[^\S\n]*$",
    re.IGNORECASE,
)


def _defines_unit(text: str, amount: Amount) -> bool:
    """Whether the amount, a quantity, defines the unit named before it ("per arroba of 15 kg"; money "per share of
    45p" is a price, which moves)."""
    return amount.unit != MONEY and _DEFINES_UNIT.search(text, max(0, amount.start - 30), amount.start) is not None


#: money written in a currency's small unit ("48.3 cents", "1.0 cent", "28.6p")
_MINOR_MONEY = re.compile(r"(?:p|[^\S\n]*(?:pence|penny|cents?|c))\b")


def _prices(text: str, found: Sequence[Amount], dimension: tuple) -> list[Amount]:
    """The prices per a unit of `dimension` among the amounts ("$8,950 per tonne" for a mass), and where the passage
    writes such a price in a currency's small unit ("44.5 cents per kg"), every amount of money in that unit ("1.0 cent
    lower", "compared with 48.3 cents in 2023"): a passage states its totals in the large unit."""
    prices = [a for a in found if a.unit == MONEY and a.per == dimension]
    minor = {m.group().strip().rstrip("s") for a in prices if (m := _MINOR_MONEY.match(text, a.end)) is not None}
    return prices + [
        a
        for a in found
        if a.unit == MONEY
        and not a.per
        and (m := _MINOR_MONEY.match(text, a.end)) is not None
        and m.group().strip().rstrip("s") in minor
    ]


def scale_partners(text: str, start: int, end: int, question: str = "") -> tuple[Amount, ...]:
    """The amounts of `text` that scale with the amount whose digits lie in [start, end): every other amount of money
    where it is money; else every amount of its dimension in any unit ("kg" with "t"), the rates of it per anything
    ("37.7 km/h" for "176 km", "0.207 kg/kWh" for "914 t") and the amounts that are it per a time or it over a time
    ("10.0 knots" for "58 nautical miles", "100.8 MW" for "287,400 MWh"), a restatement in another unit in brackets
    right after one of those ("6 miles (9.7 km)"), and every amount of money but the prices per its dimension
    ("48,300 t ... $8,950 per tonne ... $419.8m": the tonnes and the revenue move, the price stays), so that a price
    times a quantity still gives its sum. () where the number is no amount of a known unit, where it has no partner,
    or where the question writes a partner's number (the question would no longer match the passage)."""
    found = amounts(text)
    own = next((a for a in found if start <= a.start and a.end <= end), None)
    if own is None:
        return ()
    over = numerator_dimension(own)
    kin = {own.dimension, times_time(own.dimension, 1), times_time(own.dimension, -1)}
    moved = [a for a in found if (a.dimension in kin or numerator_dimension(a) == over) and a.per != ((MONEY, 1),)]
    for a in found:
        if a not in moved and any(
            b.dimension == a.dimension
            and (_RESTATED.match(text[b.end : a.start]) if b.end <= a.start else _RESTATED.match(text[a.end : b.start]))
            for b in moved
        ):
            moved.append(a)
    moved = [a for a in moved if a is own or not (_restates_words(text, a) or _defines_unit(text, a))]
    restated = restatements(text, found)  # a restatement of an amount that stays stays too
    moved = [a for a in moved if a is own or a.start not in restated or restated[a.start] in moved]
    if own.unit != MONEY:  # a quantity's money moves with it, but for the prices per its dimension
        prices = _prices(text, found, own.dimension)
        moved += [a for a in found if a.unit == MONEY and a not in prices and a not in moved]
    partners = tuple(sorted((a for a in moved if a is not own), key=lambda a: a.start))
    asked = question.replace(",", "")
    if any(re.search(rf"(?<![\d.]){re.escape(a.written.replace(',', ''))}(?![\d]|\.\d)", asked) for a in partners):
        return ()
    return partners


#: what stands between an amount and its restatement in brackets: up to two unit words ("11 square miles (28 km2)",
#: "two miles (about 3,219 m)")
RESTATED_IN_BRACKETS = re.compile(
    r"[^\S\n]*(?:[A-Za-z²³/-]+[^\S\n]*){0,2}[(\[][^\S\n]*(?:(?:about|around|approximately|approx\.?|c\.|some|~)"
    r"[^\S\n]*)?(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?)?",
    re.IGNORECASE,
)


def restatements(text: str, found: Sequence[Amount]) -> dict[int, Amount]:
    """The amounts of `found` that restate another of them in another unit, in brackets right after it ("22 miles (35
    km)"), by their start: the amount each restates."""
    ordered = sorted(found, key=lambda a: a.start)
    return {
        a.start: b
        for b, a in itertools.pairwise(ordered)
        if a.dimension == b.dimension
        and a.unit != b.unit
        and b.end <= a.start
        and _RESTATED.match(text[b.end : a.start])
    }
