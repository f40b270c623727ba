"""The figures of a passage, as a careful reader reads them (fqa_build/facts/arithmetic.py reads the arithmetic
among them).

A figure is an amount (money or a measured quantity in pint's base units, fqa_build/facts/dimensions.py; a price in
pence per a unit; money per money, "$15.42 per $1,000", as a ratio; money in a currency written with letters, "R4.56
billion"), a count (per a unit where it says so: "440 trees per acre"), a percentage, a stretch of time ("18h 02m
37s") or a number in words with its unit ("two miles"); a table's cell takes the unit its column's header states
("Items (millions)", "Cost (€ millions)", fqa_build/facts/tables.py). Years, days of a month, times of day and numbers
used as names are none. A figure written as a whole number is exact, but for an average ("Average payment per claim:
£465"), which rounds to its unit; one with decimals or a scale word stands for the interval its last digit rounds
("14.3" is 14.25 to 14.35, "£5.4m" 5.35 to 5.45 million); one hedged ("about", "roughly") may lie 1% either side
once a rewrite moved it."""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from decimal import Decimal

from fqa_build.facts.dimensions import (
    MONEY,
    SCALES,
    amounts,
    durations_in,
    feet_and_inches,
    in_base_units,
    per_unit,
    read_unit,
)
from fqa_build.facts.numbers import numbers_in, written_decimals
from fqa_build.facts.tables import tables

#: how far either side a hedged figure ("about £2,450") may lie from the arithmetic once a rewrite moved it
HEDGED = 0.01
_HEDGE = re.compile(
    r"(?:\b(?:about|around|roughly|approximately|some|nearly|almost|over|more[^\S\n]+than|less[^\S\n]+than|under|"
    r"at[^\S\n]+least|up[^\S\n]+to|circa|estimated|approx)\b\.?|\bc\.|~)[^\S\n]*"
    r"(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?)?$",
    re.IGNORECASE,
)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
    r"nov(?:ember)?|dec(?:ember)?)\.?"
)
_MONTH_AFTER = re.compile(rf"[^\S\n]*(?:of[^\S\n]+)?{_MONTH}\b", re.IGNORECASE)
_MONTH_BEFORE = re.compile(rf"\b{_MONTH}[^\S\n]*$", re.IGNORECASE)
_SCALE_AFTER = re.compile(r"[^\S\n]*(?:thousand|lakh|million|crore|billion|trillion|bn)\b", re.IGNORECASE)
_MONEY_SCALE_AFTER = re.compile(r"[^\S\n]?[mkMBK]\b")
#: money per an amount of money ("$15.42 per $1,000 of taxable valuation", "£6.17 for every £1"): a ratio
_MONEY_PER_MONEY = re.compile(
    r"(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹])[^\S\n]?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"[^\S\n]*(?:(?:for|to|of)[^\S\n]+)?(?:per|every|each)[^\S\n]+(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹])[^\S\n]?"
    r"(?P<base>\d{1,3}(?:,\d{3})+|\d+)(?![\d.])"
)
#: a price in pence or cents per a unit ("712p/kg", "472p per kg", "38c a litre"), which the amounts leave out
_PENCE_PER = re.compile(
    r"(?<![\w.,$€£¥])(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)[^\S\n]?(?:p|c|pence|cents?)"
    r"[^\S\n]*(?:/|(?:per|a|an)[^\S\n]+)(?P<unit>[A-Za-z][\w²³]*)"
)
#: what stands between a price's digits and its "per": a scale word, a currency word ("7.8p per km", "£1.2m a year")
_PRICE_END = re.compile(
    r"(?:[^\S\n]?(?:bn|m|k|M|B|K)\b|[^\S\n]+(?:thousand|lakh|million|crore|billion|trillion)\b)?"
    r"(?:[^\S\n]?[A-Za-z]+\b(?=[^\S\n]*(?:/|per\b|a\b|an\b|each\b)))?"
)
_CENTS_AFTER = re.compile(r"(?:p|[^\S\n]*(?:pence|cents?))\b")
COUNT = ("count",)
_PERCENT = ("percent",)
PERCENT_UNITS = (("percent", 1),)
#: a sign written before a figure, not a dash between two ("| +1.4", "(-0.8)", but not "12-15")
_SIGN_BEFORE = re.compile(r"(?:^|(?<=[\s|(;:,]))[+−–-]$")
#: the unit after a number written in words ("two miles", "a five-kilometre")
_WORD_UNIT = re.compile(r"[^\S\n]*-?[^\S\n]*([A-Za-z]+)")
#: a dash joining two numbers (a range, a score), not "from 412 to 388"
_DASH_AFTER = re.compile(r"[^\S\n]?[–—-][^\S\n]?\d")
_DASH_BEFORE = re.compile(r"\d[^\S\n]?[–—-][^\S\n]?$")
_MONEY = ((MONEY, 1),)
_TIME = (("[time]", 1),)
_LENGTH = (("[length]", 1),)


@dataclass(frozen=True)
class Figure:
    """A figure of a passage: [start, end) as written, its value (amounts in base units, pence as pounds), half the
    interval its writing rounds (0 for a whole number), its dimension (pint's, money, "count" or "percent"), the
    dimension a price is per, and whether a hedge word stands before it."""

    start: int
    end: int
    written: str
    value: float
    tolerance: float
    dimension: tuple
    per: tuple = ()
    hedged: bool = False
    averaged: bool = False  # named an average ("Average payment per claim: £465"): a figure a reader works out
    signed: bool = False  # written with its sign, as a change is ("+1.4", "-0.8"): of the unit of what it changes

    @property
    def percent(self) -> bool:
        return self.dimension == _PERCENT

    @property
    def units(self) -> tuple[tuple[str, int], ...]:
        """What the figure measures, as powers of base dimensions: a count none, money per tonne money over mass,
        ML/ha a length (pint's), 440 seedlings an acre a length to the power -2."""
        if self.percent:
            return PERCENT_UNITS
        return times(() if self.dimension == COUNT else self.dimension, self.per, -1)

    @property
    def rounding(self) -> float:
        """Half its last written digit, whole or not: what a restatement in another unit may be off by."""
        digits = re.sub(r"[^\d.]", "", self.written.split()[0]) if self.written[:1].isdigit() else ""
        if not digits or self.tolerance:
            return self.tolerance
        return 0.5 * 10 ** -written_decimals(digits) * self.value / float(digits)

    def interval(self, slack: bool) -> tuple[float, float]:
        """The values the figure may stand for; with `slack`, a hedged figure's 1% either side."""
        half = max(self.tolerance, HEDGED * self.value) if slack and self.hedged else self.tolerance
        return self.value - half, self.value + half


@dataclass(frozen=True)
class Reading:
    """What the reader reads beyond `context_v16`'s figures and relations (the stated_arithmetic component's
    parameters; all on by default, all off as `context_v16` read)."""

    table_units: bool = True  # a table's cell takes the unit its column's header states ("Cost (€ millions)")
    means: bool = True  # the mean of two figures, where their sentence names an average ("the average of 9.3 and 12.1")
    letter_currencies: bool = True  # money in a currency written with letters ("R4.56 billion", "KSh 2,400")
    exact_figures: bool = True  # an average, a share or a total the other two gave to its last digit still is
    shares_as_written: bool = True  # a percentage the written figures give to its last digit, however rounded they are
    wholes: bool = True  # shares one after another that make 100% keep making it ("68.7%; 17.1%; 14.2%")
    rates_in_prose: bool = True  # a quantity per a unit written out ("174.4 cubic metres per hectare") is a rate
    products_of_three: bool = True  # a figure three others multiply to ("15 places x £12,700 a week x 52 weeks")
    paired_shares: bool = True  # a share in brackets with its count, however round, is of its whole ("76% (289)")
    list_units: bool = True  # a list's items take the unit its head states ("Spending by scheme (£ million): A: 42.5")
    periods: bool = True  # a figure per a day, week or month stays what a year's total gives ("2,523 a day")
    sums_of_parts: bool = True  # three or more figures one after another that add up to another keep adding up to it
    grown_shares: bool = True  # a share now stays what its earlier figure and its part's and whole's growth give
    whole_counts: bool = True  # a whole count is worked out only as itself; a product's total worked out again
    orders: bool = True  # no figure moves past another of its unit in its sentence or the next ("134,800 of 312,500")


#: what context_v18 reads that context_v17 did not
READ_SINCE_V18 = (
    "rates_in_prose",
    "products_of_three",
    "paired_shares",
    "list_units",
    "periods",
    "sums_of_parts",
    "grown_shares",
    "whole_counts",
    "orders",
)
#: how `context_v17` read a passage
READ_BY_V17 = Reading(**dict.fromkeys(READ_SINCE_V18, False))
#: how `context_v16` read a passage: none of the readings
READ_BY_V16 = Reading(**{f.name: False for f in dataclasses.fields(Reading)})


def times(first: tuple, second: tuple, sign: int = 1) -> tuple[tuple[str, int], ...]:
    powers = dict(first)
    for name, power in second:
        powers[name] = powers.get(name, 0) + sign * power
    return tuple(sorted((name, p) for name, p in powers.items() if p))


#: a number in words joined to a period it counts ("five-year", "seven-season")
_PERIODS_JOINED = re.compile(r"-(?:years?|seasons?|months?|weeks?|days?)\b")
#: the words a count names before the unit it is per ("440 trees per acre", "2.1 head an acre")
_COUNTED = re.compile(r"(?:[^\S\n]+[A-Za-z-]+){1,2}?(?=[^\S\n]*(?:/|(?:per|an?|each)[^\S\n]))")


#: a quantity's unit written out, up to a "per" ("174.4 cubic metres per hectare", "8.2 tonnes per hectare"), not
#: per a number ("per 100 km": a base the figure is not divided by here)
_UNIT_THEN_PER = re.compile(
    r"(?:[^\S\n]+(?:thousand|million|billion)\b)?(?:[^\S\n]|-)?[A-Za-zµ][\w²³µ]*(?:[^\S\n]+[a-z]+)?"
    r"(?:[^\S\n]+\([A-Za-z]+\)|[^\S\n]+of[^\S\n]+[A-Za-z][\w₂-]*)?(?=[^\S\n]+(?:per|for[^\S\n]+every)[^\S\n]+[A-Za-z])"
)


def _quantity_per(text: str, end: int, unit_name: str) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """The unit a measured quantity ending at `end` (its number) is per where its unit is written out and "per" a
    unit follows ("174.4 cubic metres per hectare": a hectare); none per a time ("4.2 million tonnes per year" is
    compared with tonnes a reader reads as yearly too) or for a quantity already a rate ("km/h")."""
    if "/" in unit_name:
        return None
    unit = _UNIT_THEN_PER.match(text, end)
    per = per_unit(text, unit.end()) if unit is not None else None
    if per is None or any(name == "[time]" for name, _ in per[1]):
        return None
    return per


def _count_per(text: str, end: int) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """The unit a count ending at `end` is per, right after it or after the words it counts."""
    unit = per_unit(text, end)
    counted = _COUNTED.match(text, end) if unit is None else None
    return per_unit(text, counted.end()) if counted is not None else unit


def _hedged(text: str, start: int) -> bool:
    return bool(_HEDGE.search(text, max(0, start - 25), start))


#: a header's money: a currency sign or code, and the scale it may carry ("£m", "(€ millions)", "US$bn", "(ZAR '000)")
_HEADER_MONEY = re.compile(
    r"(?:[$€£¥₹]|\b(?:USD|EUR|GBP|ZAR|INR|AUD|CAD|NZD|JPY|CHF)\b)[^\S\n]?"
    r"(?P<scale>'?000s?|k|m|mn|bn|thousands?|millions?|billions?)?(?![A-Za-z])"
)
_HEADER_SCALE = re.compile(r"\((?:in[^\S\n]+)?(thousands?|millions?|billions?|'000|000s?)\)", re.IGNORECASE)
_HEADER_PERCENT = re.compile(r"%|\bper[^\S\n]?cent\b|\bpercent(?:age)?\b(?![^\S\n]+points?)", re.IGNORECASE)
_HEADER_UNIT = re.compile(r"\(([A-Za-z]+(?:[^\S\n][A-Za-z]+)?)\)")
#: money in a currency written with letters: a sign of its own right before the number ("R4.56 billion", "Rs40 crore",
#: "KSh2,400"; no label such as "Q3", "A380", "CO2") or a code of two capitals or more and a space ("SEK 1,250", "KSh
#: 400"), before a number grouped in thousands, with decimals or with a scale, and no percentage
_LETTER_MONEY = re.compile(
    r"(?<![\w$€£¥₹.,])(?P<sign>(?:R|Rs|Rp|KSh|USh|TSh|Sh|RM|Kr|kr|Tk|NT)(?=\d)"
    r"|(?!(?:US|UK|EU|PM|CO|FY|GDP|CPI|RPI)\b)(?:[A-Z]{2}[a-z]?|[A-Z]{3}|Rs|Rp|Kr)(?=[^\S\n]\d))[^\S\n]?"
    r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+|\d+(?=[^\S\n]*(?:thousand|lakh|million|crore|billion|trillion|bn|m|k)\b)"
    r"|\d+(?=[^\S\n]+(?:per|each)\b)|(?P<plain>\d+))"
    r"(?P<scale>[^\S\n]*(?:thousand|lakh|million|crore|billion|trillion|bn|m|k)\b)?(?![\d.,]*\d|[^\S\n]*%)"
)


def _scale(word: str) -> float:
    """What a scale word multiplies by ("millions", "bn", "'000")."""
    return SCALES[word.strip().lstrip("'").casefold().removesuffix("s")]


#: a header's bare scale letter in brackets ("Visits (m)", "Spend (£m)" is money's): millions, thousands, billions,
#: unless the header names a length ("Height (m)")
_HEADER_LETTER = re.compile(r"\((m|k|bn|mn)\)")
_MEASURE_WORD = re.compile(
    r"\b(?:length|height|depth|width|distance|elevation|altitude|span|diameter|radius|thickness|range|depth|size)\b",
    re.IGNORECASE,
)
#: a header's scale and unit in brackets: "(million m³)", "(000 tonnes)", "(bn kWh)"
_HEADER_SCALED_UNIT = re.compile(
    r"\((thousands?|millions?|billions?|'000|000s?|m|k|bn|mn)[^\S\n]+([A-Za-z][A-Za-z²³23]*)\)", re.IGNORECASE
)
#: a header whose column is per one of something or an average ("Spend per visit", "Average fare")
_HEADER_PER = re.compile(r"\b(?:per|average|mean)\b", re.IGNORECASE)


def _header_unit(cell: str) -> tuple[float, tuple] | None:
    """The scale and dimension a table's header cell gives the bare numbers of its column ("Items (millions)" is a
    million counts, "Cost (€ millions)" a million money, "Length (km)" kilometres, "% on time" percent); None where
    it gives none."""
    money = _HEADER_MONEY.search(cell)
    scaled = _HEADER_SCALE.search(cell)
    if money is not None:
        word = money.group("scale") or (scaled.group(1) if scaled else "")
        return _scale(word) if word else 1.0, _MONEY
    if _HEADER_PERCENT.search(cell):
        return 1.0, _PERCENT
    if scaled is not None:
        return _scale(scaled.group(1)), COUNT
    scaled_unit = _HEADER_SCALED_UNIT.search(cell)  # "Growing stock (million m³)", "(000 tonnes)"
    if scaled_unit is not None:
        read = read_unit(scaled_unit.group(2).replace("³", "3").replace("²", "2"))
        if read is not None:
            return _scale(scaled_unit.group(1)) * in_base_units(read[0]), read[1]
    letter = _HEADER_LETTER.search(cell)
    if letter is not None and not _MEASURE_WORD.search(cell):
        return _scale(letter.group(1)), COUNT
    unit = _HEADER_UNIT.search(cell)
    read = read_unit(unit.group(1).replace(" ", "_")) if unit is not None else None
    return (in_base_units(read[0]), read[1]) if read is not None else None


#: a list's unit in brackets before its colon ("Planned spending by scheme (£ million): Emergency department: 42.5;
#: Diagnostic centre: 18.2; ... Total: 92.0"), and a list item's value, a number right after its label's colon
_LIST_HEAD = re.compile(r"\((?P<unit>[^()\n]{1,30})\)[^\S\n]*:")
_FIRST_ITEM = re.compile(r"\s*\S")
#: what stands between one item's value and the next's: a separator, a bullet and a label with its colon
_NEXT_ITEM = re.compile(r"[^\S\n]*[.;,]?\s*(?:[-•*][^\S\n]*)?[^\d.;:\n]{1,80}:[^\S\n]*(?:[$€£¥₹][^\S\n]?)?|\s*")


def _list_items(text: str, found: dict[int, Figure]) -> dict[int, tuple[float, tuple]]:
    """The scale and dimension a list's head gives the bare numbers of its items ("label: number", one after another
    after the head's colon, separated by a stop, a semicolon, a comma or a line), by their start."""
    out = {}
    for head in _LIST_HEAD.finditer(text):
        unit = _header_unit(f"({head.group('unit')})")
        first = _FIRST_ITEM.match(text, head.end())
        if unit is None or first is None:
            continue
        previous = head.end()
        for start in sorted(k for k in found if k >= first.start()):
            if not _NEXT_ITEM.fullmatch(text, previous, start):
                break  # the list ends where a sentence or a line is no item of it
            out[start] = unit
            previous = found[start].end
    return out


def _table_cells(text: str) -> dict[int, tuple[float, tuple]]:
    """Where each body cell of a table written as text starts (fqa_build/facts/tables.py), and the scale and dimension
    its column's header gives it."""
    out: dict[int, tuple[float, tuple]] = {}
    for table in tables(text):
        units = [_header_unit(text[h.start : h.end]) for h in table.header]
        for row in table.rows:
            out.update({cell.start: units[cell.column] for cell in row if units[cell.column] is not None})
    return out


def _per_cells(text: str) -> list[tuple[int, int]]:
    """The [start, end) of each body cell of a column whose header is per one of something or an average ("Spend
    per visit")."""
    out = []
    for table in tables(text):
        per = [bool(_HEADER_PER.search(text[h.start : h.end])) for h in table.header]
        out += [(cell.start, cell.end) for row in table.rows for cell in row if per[cell.column] and cell.column]
    return out


@functools.lru_cache(maxsize=4096)
def figures(text: str, reading: Reading = Reading()) -> tuple[Figure, ...]:  # noqa: B008 (a frozen default)
    """The figures of a text, in order (see the module); none of value 0."""
    found: dict[int, Figure] = {}
    for a in amounts(text):
        scale = _SCALE_AFTER.match(text, a.end) or a.dimension == _MONEY and _MONEY_SCALE_AFTER.match(text, a.end)
        value, tolerance = a.value, a.tolerance if "." in a.written or scale else 0.0
        if a.dimension == _MONEY and _CENTS_AFTER.match(text, a.end) and not re.search(r"[$€£¥₹]\s?$", text[: a.start]):
            value, tolerance = value / 100, tolerance / 100
        if a.per:  # "$8,950 per tonne" is $8.95 a kilogram
            priced = a.end if a.priced_at < 0 else a.priced_at  # "(2022: 56.3 cent)" is per its price's unit
            unit = per_unit(text, _PRICE_END.match(text, priced).end())
            base = in_base_units(unit[0]) if unit is not None else 1.0
            value, tolerance = value / base, tolerance / base
        per = a.per
        rate = _quantity_per(text, a.end, a.unit) if reading.rates_in_prose and a.dimension != _MONEY else None
        if rate is not None:  # "174.4 cubic metres per hectare" is 0.01744 cubic metres a square metre
            base = in_base_units(rate[0])
            value, tolerance, per = value / base, tolerance / base, rate[1]
        found[a.start] = Figure(a.start, a.end, a.written, value, tolerance, a.dimension, per, _hedged(text, a.start))
    for n in numbers_in(text):
        if n.words and reading.whole_counts and _PERIODS_JOINED.match(text, n.end):
            # "a five-year deal ... USD 37 million a season": a count of periods, as "a season" is none of time
            found[n.start] = Figure(n.start, n.end, text[n.start : n.end], n.value, 0.0, COUNT)
            continue
        if n.words:
            unit = _WORD_UNIT.match(text, n.end)
            read = read_unit(unit.group(1).rstrip("s") if unit else "") if unit else None
            read = read or (read_unit(unit.group(1)) if unit else None)
            if read is not None and not n.percent:  # "two miles (about 3,219 metres)": a restatement to keep
                base = in_base_units(read[0])
                found[n.start] = Figure(n.start, n.end, text[n.start : n.end], n.value * base, 0.0, read[1])
            continue
        if any(f.start <= n.start < f.end or n.start <= f.start < n.end for f in found.values()):
            continue
        if not n.percent and (
            _DASH_AFTER.match(text, n.end) or _DASH_BEFORE.search(text, max(0, n.start - 4), n.start)
        ):
            continue  # an end of a range or a score ("1379–83", "49–15"): it adds up with others by chance
        day = n.value == int(n.value) and 1 <= n.value <= 31 and not n.percent
        if day and (_MONTH_AFTER.match(text, n.end) or _MONTH_BEFORE.search(text, max(0, n.start - 12), n.start)):
            continue  # a day of a month
        digits = text[n.start : n.end].split()[0]
        rounded = "." in digits or n.scale != 1 or n.percent
        tolerance = 0.5 * 10 ** -written_decimals(digits) * n.scale if rounded else 0.0
        per = None if n.percent else _count_per(text, n.end)
        dimension = _PERCENT if n.percent else COUNT
        base = in_base_units(per[0]) if per else 1.0  # 440 an acre is 440 / 4,047 a square metre
        found[n.start] = Figure(
            n.start, n.end, text[n.start : n.end], n.value / base, tolerance / base, dimension,
            per[1] if per else (), _hedged(text, n.start),
        )  # fmt: skip
    for match in _MONEY_PER_MONEY.finditer(text):  # "$15.42 per $1,000 of valuation": a ratio, a count
        start = match.start("number")
        if start in found or any(f.start <= start < f.end for f in found.values()):
            continue
        digits, base = match.group("number"), float(match.group("base").replace(",", ""))
        if base:
            tolerance = 0.5 * 10 ** -written_decimals(digits) / base if "." in digits else 0.0
            value = float(digits.replace(",", "")) / base
            found[start] = Figure(start, match.end("number"), digits, value, tolerance, COUNT, (), _hedged(text, start))
    for match in _PENCE_PER.finditer(text):
        unit = read_unit(match.group("unit"))
        if match.start() not in found and unit is not None:
            digits, base = match.group("number"), 100 * in_base_units(unit[0])
            value = float(digits.replace(",", "")) / base
            tolerance = 0.5 * 10 ** -written_decimals(digits) / base if "." in digits else 0.0
            found[match.start()] = Figure(
                match.start(), match.end("number"), digits, value, tolerance, _MONEY, unit[1],
                _hedged(text, match.start()),
            )  # fmt: skip
    for start, end, seconds, tolerance in durations_in(text):  # "18h 02m 37s" is one figure, a time
        for inside in [k for k in found if start <= k < end]:
            del found[inside]
        found[start] = Figure(start, end, text[start:end], seconds, tolerance, _TIME, (), _hedged(text, start))
    for start, end, metres, tolerance in feet_and_inches(text):  # "4 ft 8 1⁄2 in" is one figure, a length
        for inside in [k for k in found if start <= k < end]:
            del found[inside]
        found[start] = Figure(start, end, text[start:end], metres, tolerance, _LENGTH, (), _hedged(text, start))
    if reading.letter_currencies:
        _letter_money(text, found, reading)
    if reading.rates_in_prose:
        _priced_by_label(text, found)
    if reading.means:  # "Average payment per claim: £465" is £96,318 over 207 claims, 465.30 rounded
        per_cells = _per_cells(text) if reading.table_units else []
        starts = sorted(found)
        for start, f in list(found.items()):
            if not (_averaged(text, f, starts) or any(s <= start < e for s, e in per_cells)):
                continue
            # a whole average rounds to its unit; under 100 that is a loose figure that meets others by chance
            whole = (
                f.tolerance == 0
                and f.dimension in (COUNT, _MONEY)
                and f.written[:1].isdigit()  # "a five-year plan": a count in words is of whole things
                and float(f.written.replace(",", "")) >= 100
            )
            tolerance = 0.5 * f.value / float(f.written.replace(",", "")) if whole else f.tolerance
            found[start] = dataclasses.replace(f, tolerance=tolerance, averaged=True)
    cells = _table_cells(text) if reading.table_units else {}
    if reading.list_units:
        cells = {**_list_items(text, found), **cells}
    if cells:
        for start, (scale, dimension) in cells.items():
            cell = found.get(start)
            if cell is not None and cell.dimension == COUNT and not cell.per:
                value, tolerance = cell.value * scale, cell.tolerance * scale
                found[start] = dataclasses.replace(cell, value=value, tolerance=tolerance, dimension=dimension)
    return tuple(
        dataclasses.replace(found[k], signed=True) if _SIGN_BEFORE.search(text, max(0, k - 3), k) else found[k]
        for k in sorted(found)
        if found[k].value > 0
    )


#: an average named before a figure in its clause ("Average payment per successful claim: £465", "averaged 1,204 a
#: day"); a price "each" is no average, but what each paid
_AVERAGED_BEFORE = re.compile(
    r"\b(?:average[sd]?|(?:the|a)[^\S\n]+mean|mean[^\S\n]+(?:of|was|is|at)|per[^\S\n]+(?:head|capita))\b"
    r"[^.;:\n]{0,60}?[:,]?[^\S\n]*\S{0,4}$",
    re.IGNORECASE,
)

#: "per" or "a" and one of something after a figure ("US$246 per night", "£4.98 a visit", "3.2 trips per household";
#: not a time, "£1,302 a day" being a flow, nor "£49 each", a price)
#: the times a flow is per ("£1,302 a day"), which no count of things divides
_TIMES = frozenset(
    {"second", "minute", "hour", "day", "week", "fortnight", "month", "quarter", "year", "annum", "decade"}
)
_PER_ONE_AFTER = re.compile(r"[^\S\n]*(?:per|an?)[^\S\n]+(?!cent\b)([a-z][a-z-]*)\b")


def _averaged(text: str, figure: Figure, starts: list[int]) -> bool:
    """Whether a figure is written as an average (the first figure after an average word in its clause) or per one
    of something (what a reader works out from a total and a count), which rounds whatever it is written to; a rate
    per a unit is read as one (`Figure.per`)."""
    named = _AVERAGED_BEFORE.search(text, max(0, figure.start - 80), figure.start)
    if named is not None and not any(named.start() < s < figure.start for s in starts):
        return True
    per = _PER_ONE_AFTER.match(text, figure.end)
    if per is None or figure.per or figure.percent:
        return False
    return per.group(1).casefold().removesuffix("s") not in _TIMES


#: a price's unit named before it in its clause ("EBIT per kg was NOK 24.10", "Cost per tonne rose to $412"): "per" and
#: a unit, at most two words (a verb) and the currency before the number
_PER_BEFORE_LABEL = re.compile(
    r"\bper[^\S\n]+(?P<unit>[A-Za-z]+)(?:[^\S\n]+[a-z]+){0,2}?[^\S\n]*:?[^\S\n]*"
    r"(?:(?:US|A|C|NZ|HK|R)?[$€£¥₹]|[A-Z]{1,3})?[^\S\n]?$"
)


def _priced_by_label(text: str, found: dict[int, Figure]) -> None:
    """Reads money whose unit a label before it names ("EBIT per kg was NOK 24.10") as a price per that unit."""
    for start, f in list(found.items()):
        if f.dimension != _MONEY or f.per:
            continue
        label = _PER_BEFORE_LABEL.search(text, max(0, start - 40), start)
        unit = read_unit(label.group("unit")) if label is not None else None
        if unit is not None and not any(name == "[time]" for name, _ in unit[1]):
            base = in_base_units(unit[0])
            found[start] = dataclasses.replace(f, value=f.value / base, tolerance=f.tolerance / base, per=unit[1])


#: codes of currencies that are more often something else before a plain number ("COP 28", a conference; "TOP 10",
#: "AMD 7950", "ALL 3", "CUP 2")
_NOT_CURRENCY_BEFORE_PLAIN = frozenset({"COP", "TOP", "AMD", "ALL", "CUP"})
#: the signs of their own a currency is written with before a number ("R", "KSh")
_OWN_SIGNS = frozenset({"R", "Rs", "Rp", "KSh", "USh", "TSh", "Sh", "RM", "Kr", "kr", "Tk", "NT"})


@functools.lru_cache(maxsize=256)
def _currency_code(sign: str) -> bool:
    """Whether the sign is a currency's sign of its own ("R", "KSh") or its three-letter ISO 4217 code
    (`pycountry`), but for codes more often something else (`_NOT_CURRENCY_BEFORE_PLAIN`); "SR 20" is a road."""
    import pycountry  # noqa: PLC0415 (loaded once, where a plain number after letters is first read)

    if sign in _OWN_SIGNS:
        return True
    if sign in _NOT_CURRENCY_BEFORE_PLAIN or len(sign) != 3 or not sign.isupper():
        return False
    return pycountry.currencies.get(alpha_3=sign) is not None


def _letter_money(text: str, found: dict[int, Figure], reading: Reading) -> None:
    """Adds the money a passage writes in a currency of letters (`_LETTER_MONEY`) where it writes that currency
    before two numbers or more, so that a label before a number ("A4", "M25") is none."""
    matches = [
        m
        for m in _LETTER_MONEY.finditer(text)
        if not m.group("plain") or reading.rates_in_prose and not m.group("scale") and _currency_code(m.group("sign"))
    ]  # a plain whole number only after a currency's code ("NOK 50 to each customer"; not "ISO 9001")
    signs = [m.group("sign") for m in matches]
    for match in matches:
        if signs.count(match.group("sign")) < 2:
            continue
        digits = match.group("number")
        factor = _scale(match.group("scale")) if match.group("scale") else 1.0
        rounded = "." in digits or factor != 1.0
        tolerance = 0.5 * 10 ** -written_decimals(digits) * factor if rounded else 0.0
        start, end = match.start("number"), match.end("number")
        for inside in [k for k, f in found.items() if match.start() <= k < match.end() or f.start <= start < f.end]:
            del found[inside]
        value = float(Decimal(digits.replace(",", "")) * Decimal(factor))
        per = per_unit(text, match.end()) if reading.rates_in_prose else None  # "USD 4,180 per tonne"
        if per is not None:
            base = in_base_units(per[0])
            value, tolerance = value / base, tolerance / base
        found[start] = Figure(
            start, end, digits, value, tolerance, _MONEY, per[1] if per else (), _hedged(text, match.start())
        )
