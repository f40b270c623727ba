"""The amounts of a passage and what they measure: money, or a quantity whose unit has a dimension (length, mass,
volume, energy, ...), so that a swap can move every amount of one dimension by one factor.

Reports relate their amounts in more ways than any reader of relations can list: totals with and without a total
word, shares across sentences, changes in money and in percent, weighted means, speed from distance and time, a
rate times a period, a cost per unit times the units. Almost all of them are **linear in one dimension**: multiply
every amount of money of a passage by the same factor and every sum, difference, share, ratio, mean and rate between
them still holds, and so do the percentages, which are ratios. The same holds for the amounts of one physical
dimension with the rates that have it over time ("176 km ... 37.7 km/h": a distance and a speed scale together while
the time stays). So the amounts a number scales with (fqa_build/facts/partners.py, `scale_partners`) are those of
its own dimension and the rates of its dimension per time or per anything else ("£347.20 per tonne", "7,587 litres
per cow").

The dimension of a unit is read by `pint` (`unit_dimension`), only for a word written right after the number (or
after its scale word): "176 km", "33.7m", "412.6 million litres", "MWh", "km/h"; common words pint also knows as
units ("in", "at", "a", "point") are no unit here. Money is a currency sign before the number or a currency word
after it; "pounds" is money where the passage writes "£", a mass otherwise. A scale word after money ("£1.66m",
"$2.85bn", "$186 million") is its scale; after any other number only the written-out words are ("4.2 million
tonnes"), so "33.7 m" is metres.

Scaling is exact (fqa_build/facts/scaling.py, `exact_factor`): every amount, as written, times the factor is written
with the same decimals ("£9.60" x 1.5 = "£14.40"), so every relation holds to the precision it was stated with."""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from fqa_build.facts.numbers import significant_digits, written_decimals
from fqa_build.sentences import sentences_around

#: the labels of the swaps that scale with their passage's amounts: money and measured quantities (a percentage is
#: a ratio, which scaling keeps; a count's relations are count_relations')
SCALED_LABELS = frozenset({"MONEY", "QUANTITY"})
#: a number as an amount reads it: an optional currency before it, digits (thousands grouped or not, decimals), an
#: optional scale word, then the word after (a unit, or a currency word)
_AMOUNT = re.compile(
    r"(?<![\w.,/])(?P<currency>(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹])?[^\S\n]?"
    r"(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d])(?!,\d)(?!\.\d)"
    r"(?P<scale>[^\S\n]?(?:bn|m|k|M|B|K)\b|[^\S\n]+(?:thousand|lakh|million|crore|billion|trillion)\b)?"
    r"(?P<unit>(?:[^\S\n]|-)?(?:[A-Za-zµ°][\w°²³µ]*(?:/[A-Za-z][\w²³]*)?|°[CF]))?"
    r"(?P<second>[^\S\n]+[a-z]+)?"  # a unit of two words ("nautical miles", "metric tons")
)
#: words after a number that say it is money
CURRENCY_WORDS = frozenset(
    "dollar dollars euro euros pound pounds sterling pence p cent cents yen rupee rupees franc francs krona kronor "
    "krone kroner yuan renminbi peso pesos rand".split()
)
#: words pint reads as units that, right after a number, are ordinary English ("3 in a row", "won 4 at home",
#: "a 2 point lead"), or a unit of time: no amount scales with a time here
_NOT_UNITS = frozenset(
    "in at a an are as is it am pm st nd rd th pt pts ms hr hrs sec secs point points line lines hand hands chain "
    "chains link links pole poles "
    "rod rods span "
    "drop drops cup cups grain grains barn mil bar bars degree degrees percent s h min minute minutes second seconds "
    "hour hours day days week weeks month months year years yr yrs decade decades century centuries".split()
)


@dataclass(frozen=True)
class Amount:
    """A number of a passage as an amount: [start, end) its digits, `written` as the passage writes them, `unit` what
    it measures ("money", or pint's name of its unit: "kilometer" for "km" and "kilometres"), `numerator` its unit's
    part before "/" ("kilometer" of "km/h"), `dimension` pint's base dimensions of its unit (money: its own)."""

    start: int
    end: int
    written: str
    unit: str
    numerator: str
    dimension: tuple[tuple[str, int], ...]
    value: float = 0.0  # in base units (pint's; money as written, scale words applied): what ratios compare
    tolerance: float = 0.0  # half its last written digit, in the same units: what rounding may hide
    per: tuple[tuple[str, int], ...] = ()  # money per a unit ("$8,950 per tonne", "£101.05/MWh"): that unit's dimension
    priced_at: int = -1  # where the price whose "per" names its unit ends, where not at `end` ("(2022: 56.3 cent)")

    @property
    def significant(self) -> int:
        """Its significant digits as written ("11.6" 3, "48,300" 3, "9.60" 3)."""
        return significant_digits(self.written)


MONEY = "money"
#: what a scale word or letter multiplies by ("£5.4m", "4.5 lakh"; "000" and "mn" as tables' headers write them)
SCALES = {
    "k": 1e3, "000": 1e3, "thousand": 1e3, "lakh": 1e5, "m": 1e6, "mn": 1e6, "million": 1e6, "crore": 1e7,
    "b": 1e9, "bn": 1e9, "billion": 1e9, "trillion": 1e12,
}  # fmt: skip


@functools.lru_cache(maxsize=1)
def _registry():
    import pint  # noqa: PLC0415 (loaded once, where a swap first reads a unit)

    return pint.UnitRegistry(cache_folder=None)


@functools.lru_cache(maxsize=4096)
def _to_base(unit: str) -> float:
    """How many of pint's base units one `unit` is (1000 for "kilometer")."""
    return float(_registry().Quantity(1, unit).to_base_units().magnitude)


@functools.lru_cache(maxsize=4096)
def numerator_dimension(amount: Amount) -> tuple[tuple[str, int], ...]:
    """The dimension of the unit's part before "/" ("km/h": a length; "kg/kWh": a mass; money: money)."""
    if amount.numerator == MONEY:
        return amount.dimension
    read = read_unit(amount.numerator)
    return read[1] if read is not None else amount.dimension


def times_time(dimension: tuple[tuple[str, int], ...], power: int) -> tuple[tuple[str, int], ...]:
    """The dimension times a time to `power` ("knots" times a time is a length; "MW" times one is "MWh")."""
    powers = dict(dimension)
    powers["[time]"] = powers.get("[time]", 0) + power
    return tuple(sorted((name, p) for name, p in powers.items() if p))


def _measured(written: str, scale: str, unit: str, start: int, end: int, numerator: str, dimension) -> Amount:
    digits = written.replace(",", "")
    decimals = written_decimals(digits)
    factor = SCALES.get(scale.casefold(), 1.0) * (1.0 if unit == MONEY else _to_base(unit))
    return Amount(start, end, written, unit, numerator, dimension, float(digits) * factor, 0.5 * 10**-decimals * factor)


#: the units a report measures in, as pint names them without a prefix: an amount's unit must be made of these
_KNOWN_UNITS = frozenset(
    "meter foot inch yard mile nautical_mile gram metric_ton ton long_ton pound ounce stone carat liter gallon "
    "imperial_gallon quart pint barrel cubic_centimeter hectare acre square_mile watt watt_hour joule calorie "
    "british_thermal_unit therm horsepower knot mile_per_hour kilometer_per_hour hour minute second day week year "
    "meter_per_second hundredweight long_hundredweight bushel".split()
)
#: the SI prefixes of the units reports use ("kilometer", "megawatt_hour", "milligram")
_PREFIX = re.compile(r"^(?:kilo|mega|giga|tera|hecto|deci|centi|milli|micro)(?=[a-z])")


@functools.lru_cache(maxsize=4096)
def read_unit(word: str) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """A unit word as pint reads it: its unit's name and its base dimensions (("kilometer", (("[length]", 1),)) for
    "km" and "kilometres"); None where it is none, an ordinary word (`_NOT_UNITS`), dimensionless ("percent") or a
    temperature (no factor keeps its zero)."""
    if word.casefold() in _NOT_UNITS:
        return None
    powered = re.fullmatch(r"([A-Za-z]+)([23])", word)  # "m3", "km2": a power written without its sign
    named = re.fullmatch(r"(square|sq|cubic|cu)_([A-Za-z]+)", word, re.IGNORECASE)  # "square metres", "cu ft"
    if named and named.group(1).casefold() in ("square", "sq"):
        powered = re.fullmatch(r"(\w+)(2)", f"{named.group(2)}2")
    elif named:
        powered = re.fullmatch(r"(\w+)(3)", f"{named.group(2)}3")
    try:
        units = _registry().parse_units(f"{powered.group(1)}**{powered.group(2)}" if powered else word)
    except Exception:  # noqa: BLE001 (pint raises several kinds for a word it cannot read: all mean "no unit")
        return None
    dimension = dict(units.dimensionality)
    if not dimension or "[temperature]" in dimension:
        return None
    if not all(_PREFIX.sub("", name) in _KNOWN_UNITS for name in re.findall(r"[a-z_]+", str(units))):
        return None  # pint reads many short words as units: "am" (attometres), "c" (light's speed), "th" (thou)
    return str(units), tuple(sorted((str(name), int(power)) for name, power in dimension.items()))


#: a stretch of time written in hours, minutes and seconds ("18h 02m 37s", "8 minutes 41 seconds", "10.08 seconds",
#: "38 min 52 s"): two parts or more, or one part in a unit word no length shares
_DURATION = re.compile(
    r"(?<![\w.,])(?:(?P<h>\d+)[^\S\n]?(?:h|hrs?|hours?)\b[^\S\n]*(?:and[^\S\n]+)?)?"
    r"(?:(?P<m>\d+)[^\S\n]?(?:m|mins?|minutes?)\b[^\S\n]*(?:and[^\S\n]+)?)?"
    r"(?:(?P<s>\d+(?:\.\d+)?)[^\S\n]?(?:s|secs?|seconds?)\b)?",
    re.IGNORECASE,
)
_LONG_UNIT = re.compile(r"(?:hrs?|hours?|mins?|minutes?|secs?|seconds?)$", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def durations_in(text: str) -> tuple[tuple[int, int, float, float], ...]:
    """The stretches of time a text writes in hours, minutes and seconds: (start, end, seconds, half its last written
    unit), where two parts or more are written, or one in a unit word ("47 minutes", not "47 m")."""
    found = []
    for match in _DURATION.finditer(text):
        parts = [(match.group(k), unit) for k, unit in (("h", 3600), ("m", 60), ("s", 1)) if match.group(k)]
        if not parts or len(parts) == 1 and not _LONG_UNIT.search(match.group(0).rstrip()):
            continue
        seconds = sum(float(number) * unit for number, unit in parts)
        last, unit = parts[-1]
        found.append((match.start(), match.end(), seconds, 0.5 * 10 ** -written_decimals(last) * unit))
    return tuple(found)


#: the unit a rate is over, right after its first unit ("/s" of "9.92 m/s")
_OVER = re.compile(r"/[A-Za-z][\w²³]*")
#: a length in feet and inches ("6 feet 2 inches", "4 ft 8 1⁄2 in", "5 ft 3½ in")
_FEET_INCHES = re.compile(
    r"(?<![\w.,])(?P<feet>\d+)[^\S\n]*(?:ft|feet|foot)\b[^\S\n]*(?:and[^\S\n]+)?"
    r"(?P<inches>\d+(?:\.\d+)?)(?:[^\S\n]*(?P<num>\d)[⁄/](?P<den>[1-9])|(?P<half>[½¼¾]))?[^\S\n]*(?:in|inch|inches)\b"
)
_VULGAR = {"½": 0.5, "¼": 0.25, "¾": 0.75}


@functools.lru_cache(maxsize=1024)
def feet_and_inches(text: str) -> tuple[tuple[int, int, float, float], ...]:
    """The lengths a text writes in feet and inches: (start, end, metres, half its last written part in metres)."""
    found = []
    for match in _FEET_INCHES.finditer(text):
        inches = float(match.group("inches"))
        last = 0.5 * 10 ** -written_decimals(match.group("inches"))
        if match.group("num"):
            inches += int(match.group("num")) / int(match.group("den"))
            last = 0.5 / int(match.group("den"))
        elif match.group("half"):
            inches += _VULGAR[match.group("half")]
            last = 0.125
        metres = (int(match.group("feet")) * 12 + inches) * 0.0254
        found.append((match.start(), match.end(), metres, last * 0.0254))
    return tuple(found)


#: a number figures are rounded to ("to the nearest £50", "nearest 100 tonnes")
_NEAREST = re.compile(r"\bnearest[^\S\n]+$", re.IGNORECASE)
#: a number that is a rate's base ("per 1,000 km", "for every £1"): part of a unit, not an amount
_PER_BEFORE = re.compile(r"\b(?:per|every|each)[^\S\n]+(?:[$€£¥₹][^\S\n]?)?$", re.IGNORECASE)
#: money that is a ratio of two amounts of money ("£6.17 for every £1 of budget", "$3 per $1 invested", an exchange
#: rate "$1.27 to the pound"): a number, not an amount
_PER_MONEY_AFTER = re.compile(
    r"[^\S\n]*(?:(?:for|to|of)[^\S\n]+)?(?:per|every|each)[^\S\n]+(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹]|dollar|euro|pound|yen)"
    r"|[^\S\n]*to[^\S\n]+(?:the|one|a)[^\S\n]+(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹]|dollar|euro|pound|yen)",
    re.IGNORECASE,
)


#: money that is a ratio of two amounts of money, the one it is per named before it ("every dollar of public money was
#: associated with about A$17.56 of impact"): per money, so no factor of the passage's money moves it
_MONEY_RATIO_BEFORE = re.compile(
    r"\b(?:every|each|per)[^\S\n]+(?:dollar|pound|euro|rand|rupee|yen|(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?1)\b"
    r"(?![^\S\n]*[\d,.]\d)[^.;,\n\d]{0,70}$",
    re.IGNORECASE,
)


#: what follows money that is a price per a unit: "$8,950 per tonne", "€231 a tonne", "£880/t", "7.8p per passenger
#: km", "£1.42 per 1,000 km"
_MONEY_PER = re.compile(
    r"[^\S\n]*(?:/|(?:per|a|an|each|for[^\S\n]+(?:every|each))[^\S\n]+)(?:[\d,.]+[^\S\n]*)?([A-Za-z][\w²³]*)"
    r"(?:[^\S\n]+([A-Za-z][\w²³]*))?"
)


def price_per(text: str, end: int) -> tuple[tuple[str, int], ...]:
    """The dimension of the unit a figure ending at `end` is per ("$8,950 per tonne": a mass), () where it is none
    ("£2.40 a year": a time)."""
    unit = per_unit(text, end)
    return unit[1] if unit is not None else ()


def per_unit(text: str, end: int) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """The unit a figure ending at `end` is per, as `read_unit` reads it ("per tonne": "metric_ton", a mass)."""
    match = _MONEY_PER.match(text, end)
    if match is None:
        return None
    first, second = match.group(1), match.group(2)
    for word in ([f"{first}_{second}", second] if second else []) + [first]:
        read = read_unit(word)
        if read is not None:
            return read
    return None


def in_base_units(unit: str) -> float:
    """How many of pint's base units one `unit` is (1000 for "kilometer")."""
    return _to_base(unit)


@functools.lru_cache(maxsize=1024)
def amounts(text: str) -> tuple[Amount, ...]:
    """The amounts of money and the measured quantities of a text, in order; years, numbers of no known unit and a
    rate's base ("per 1,000 km") are left out."""
    sterling = "£" in text
    durations = [(d[0], d[1]) for d in (*durations_in(text), *feet_and_inches(text))]
    found = []
    for match in _AMOUNT.finditer(text):
        number, currency, scale = match.group("number"), match.group("currency"), (match.group("scale") or "").strip()
        unit = (match.group("unit") or "").strip().lstrip("-")
        if _PER_BEFORE.search(text, max(0, match.start() - 12), match.start()) or float(number.replace(",", "")) == 0:
            continue  # a rate's base, or nothing a factor moves
        if _NEAREST.search(text, max(0, match.start() - 12), match.start()):
            continue  # what figures are rounded to ("to the nearest £50"), not an amount
        if any(s <= match.start("number") < e for s, e in durations):
            continue  # "02m" of "18h 02m 37s" is minutes, not metres
        if len(number) == 3 and re.search(
            r"\d[^\S\n]$", text[max(0, match.start("number") - 2) : match.start("number")]
        ):
            continue  # a group of thousands written with a space ("12 500 t"): the number is not read
        if unit.casefold() == "p" and text.startswith(".", match.end("unit")):
            continue  # "3 p.m.": a time, not pence
        if currency or unit.casefold() in CURRENCY_WORDS and (unit.casefold() not in ("pound", "pounds") or sterling):
            if _PER_MONEY_AFTER.match(text, match.end("scale") if match.group("scale") else match.end("number")):
                continue
            after = match.end("scale") if match.group("scale") else match.end("number")
            if not currency:  # "7.8p per passenger km": the price's unit follows its currency word
                after = match.end("unit")
            money = _measured(number, scale, MONEY, match.start("number"), match.end("number"), MONEY, ((MONEY, 1),))
            ratio = not scale and _MONEY_RATIO_BEFORE.search(text, max(0, match.start() - 90), match.start())
            found.append(dataclasses.replace(money, per=((MONEY, 1),) if ratio else price_per(text, after)))
            continue
        if scale.casefold() in ("m", "bn", "k", "b"):  # "33.7 m", "33.7m": after no currency a letter is a unit
            over = _OVER.match(text, match.end("scale")) if not unit else None
            unit, scale = scale + (over.group() if over else ""), ""  # "9.92 m/s": a speed
        second = (match.group("second") or "").strip()
        if unit and second and "/" not in unit and read_unit(f"{unit}_{second}") is not None:
            unit = f"{unit}_{second}"
        whole, over = read_unit(unit) if unit else None, read_unit(unit.split("/", 1)[0]) if unit else None
        if whole is not None and over is not None:
            found.append(
                _measured(number, scale, whole[0], match.start("number"), match.end("number"), over[0], whole[1])
            )
    found = _range_ends(text, _compared(text, found))
    found += _bare_compared(text, found)
    return tuple(sorted((*found, *_range_starts(text, found)), key=lambda a: a.start))


#: a figure of another period in brackets right after a price per a unit: "48.6 cent per kg (2022: 56.3 cent)",
#: "£2.40 a litre (prior year: £2.25)"; it is per that unit too (`_bare_compared` reads a bare number there)
_COMPARED = re.compile(
    r"[^();.\n]{0,30}\([^\S\n]*(?:(?:FY|H[12][^\S\n]*)?\d{4}(?:[/–-]\d{2,4})?|prior[^\S\n]+year|last[^\S\n]+year)"
    r"[^\S\n]*:[^\S\n]*(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?)?$",
    re.IGNORECASE,
)


#: a bare number of another period in brackets right after an amount: "212,400 tonnes (2022/23: 218,900)"
_COMPARED_BARE = re.compile(
    r"[^\S\n]*(?:[A-Za-z³²/]+[^\S\n]*){0,2}\([^\S\n]*(?:(?:FY|H[12][^\S\n]*)?\d{4}(?:[/–-]\d{2,4})?|prior[^\S\n]+year|"
    r"last[^\S\n]+year)[^\S\n]*:[^\S\n]*(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)[^\S\n]*\)",
    re.IGNORECASE,
)


def _bare_compared(text: str, found: list[Amount]) -> list[Amount]:
    """A bare number of another period in brackets after an amount, in its unit ("(2022/23: 218,900)" after
    "212,400 tonnes"), where no amount stands there already."""
    out, taken = [], {a.start for a in found}
    for a in found:
        match = _COMPARED_BARE.match(text, a.end)
        if match is None or match.start("number") in taken:
            continue
        digits, per_digit = match.group("number"), a.value / float(a.written.replace(",", ""))
        value, half = float(digits.replace(",", "")) * per_digit, 0.5 * 10 ** -written_decimals(digits) * per_digit
        priced_at = a.end if a.priced_at < 0 else a.priced_at
        out.append(dataclasses.replace(a, start=match.start("number"), end=match.end("number"), written=digits,
                                       value=value, tolerance=half, priced_at=priced_at))  # fmt: skip
    return out


def _compared(text: str, found: list[Amount]) -> list[Amount]:
    """`found` (in order), a price of another period in brackets after a price per a unit read as per that unit."""
    out = found[:1]
    for other in found[1:]:
        price = out[-1]  # "(2022: 56.3 cent) (2021: 40.1 cent)": each after the one before
        if price.per and not other.per and other.unit == MONEY and _COMPARED.fullmatch(text, price.end, other.start):
            priced_at = price.end if price.priced_at < 0 else price.priced_at
            other = dataclasses.replace(other, per=price.per, priced_at=priced_at)
        out.append(other)
    return out


#: the first end of a range whose unit the second end carries ("10 to 12 km", "9-10 km", "$5 to $8 million")
_RANGE_START = re.compile(
    r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)[^\S\n]*(?:to|-|–|—)[^\S\n]*"
    r"(?:(?:US|A|C|NZ|HK|S|NT|R)?[$€£¥₹][^\S\n]?)?$"
)


#: the second end of a range of money written with its currency once ("US$2.4-2.6 billion", "$1.75-1.95 per pound")
_MONEY_RANGE_END = re.compile(
    r"[^\S\n]?[-–][^\S\n]?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d.,]*\d)"
    r"(?P<scale>[^\S\n]?(?:bn|m|k)\b|[^\S\n]+(?:thousand|million|billion|trillion)\b)?"
)


def _range_ends(text: str, found: list[Amount]) -> list[Amount]:
    """`found`, with the ranges of money written with their currency once read whole: the second end is money in the
    first's currency, and the first end takes the second's scale ("US$2.4-2.6 billion" is 2.4 and 2.6 billion
    dollars) and its price's unit ("$1.75-1.95 per pound"), so that a factor moves both."""
    taken = {a.start for a in found}
    out = []
    for a in found:
        match = _MONEY_RANGE_END.match(text, a.end) if a.unit == MONEY and not a.per else None
        if match is None or match.start("number") in taken:
            out.append(a)
            continue
        scale = (match.group("scale") or "").strip()
        digits = match.group("number").replace(",", "")
        factor = SCALES.get(scale.casefold(), 1.0)
        per = price_per(text, match.end())
        first = dataclasses.replace(a, value=a.value * factor, tolerance=a.tolerance * factor, per=per)
        second = _measured(digits, scale, MONEY, match.start("number"), match.end("number"), MONEY, ((MONEY, 1),))
        out += [first, dataclasses.replace(second, per=per)]
    return out


def _range_starts(text: str, found: list[Amount]) -> list[Amount]:
    """The first ends of the ranges whose second end is an amount, read in its unit and scale."""
    taken = {a.start for a in found}
    starts = []
    for a in found:
        match = _RANGE_START.search(text, max(0, a.start - 40), a.start)
        if match is None or match.start(1) in taken:
            continue
        digits = match.group(1).replace(",", "")
        if float(digits) == 0 or len(digits) == 4 and 1000 <= float(digits) <= 2099 and "." not in digits:
            continue  # nothing to move, or a year ("2019-20 km"? no: a season)
        per_unit = a.value / float(a.written.replace(",", ""))
        decimals = written_decimals(digits)
        starts.append(
            dataclasses.replace(
                a,
                start=match.start(1),
                end=match.end(1),
                written=match.group(1),
                value=float(digits) * per_unit,
                tolerance=0.5 * 10**-decimals * per_unit,
            )
        )
    return starts


#: a percentage: its number and the sign or word after it
_PERCENT = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)[^\S\n]*(?:%|percent\b|per[^\S\n]+cent\b)", re.IGNORECASE)


#: a count: a number with no currency, unit or percentage, and no year ("4 of 12 joints", "41 of the 132 failures")
_COUNT = re.compile(r"(?<![\w.,$€£¥/:])(\d{1,3}(?:,\d{3})+|\d+)(?![\w%]|[.,/:]\d|[^\S\n]*(?:%|per[^\S\n]*cent))")
COUNT = "count"


@functools.lru_cache(maxsize=1024)
def _counts(text: str) -> tuple[Amount, ...]:
    """The whole numbers of a text that are no amount, percentage or year: counts, read exactly."""
    measured = {a.start for a in amounts(text)}
    found = []
    for match in _COUNT.finditer(text):
        digits = match.group(1)
        plain = digits.replace(",", "")
        if match.start(1) in measured or (len(plain) == 4 and 1000 <= int(plain) <= 2099 and "," not in digits):
            continue
        found.append(Amount(match.start(1), match.end(1), digits, COUNT, COUNT, ((COUNT, 1),), float(plain), 0.0))
    return tuple(found)


def percent_of_amounts(text: str, start: int, end: int) -> bool:
    """Whether the percentage written in [start, end) is, to the precision it and two amounts of one dimension are
    written with, the share one of them is of the other ("£11.6m of the £48.3m ... 24%"), or the change from one to
    the other ("a £38m budget, a £61m forecast: a 60.5% overrun"), or a change given with the amount it ends at or
    starts from ("£6.84m, up £520,000, or 8.2%": 520,000 over 6.32m), anywhere in the passage: a new percentage
    would contradict them, and no factor moves a ratio. Units of one dimension are
    compared in one unit ("677 m over 9.4 km, 7.2%"). Counts of 3 or more are read too ("4 of 12 joints ... 33.3%"),
    exactly. Amounts of fewer than three significant digits must give it exactly, as written ("£38m" and "£61m":
    60.5%). A whole percentage ("24%") is read against numbers of three significant digits or more only, counts of its
    own sentence and the one before only, and never against one figure twice (50%, 100%): across a passage of many
    figures, ratios round to a whole percentage by chance."""
    match = next((m for m in _PERCENT.finditer(text) if m.start() < end and start < m.end()), None)
    if match is None:
        return False
    written = match.group(1)
    percent = float(written)
    slack = 0.5 * 10 ** -written_decimals(written)
    found = [a for a in amounts(text) if a.value > 0] + [c for c in _counts(text) if c.value >= 3]
    if "." not in written:  # a whole percentage of counts is matched by chance across a passage: near ones only
        lo, _ = sentences_around(text, start, end)
        lo, hi = sentences_around(text, max(0, lo - 2), end)
        found = [a for a in found if a.unit != COUNT or lo <= a.start < hi and a.value >= 100]
    for a in found:
        for b in found:
            if a is b or a.dimension != b.dimension or a.value == b.value:
                continue  # the same figure twice gives 50% and 100% by itself
            precise = a.significant >= 3 and b.significant >= 3
            if "." not in written and not precise:
                continue  # a whole percentage from numbers of two digits: too many pairs round to one by chance
            error = a.tolerance / a.value + b.tolerance / b.value if precise else 0.0
            ratios = [a.value / b.value, abs(a.value - b.value) / b.value, a.value / (b.value + a.value)]
            if b.value != a.value:
                ratios.append(a.value / (b.value - a.value))
            for ratio in ratios:
                if ratio > 0 and abs(100 * ratio - percent) <= slack + 100 * abs(ratio) * error + 1e-9:
                    return True
    return False
