"""Unit conversions a passage states beside a value ("6 miles (9.7 km)", "23,300 kg (51,300 lb)"): the units the
swap can convert, and the bracketed restatement rewritten for a made value with the precision it was written
in, so the two amounts still agree."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

#: unit -> (dimension, factor to the dimension's base unit); temperatures are converted apart (an offset)
_UNITS: dict[str, tuple[str, float]] = {}


def _add(dimension: str, factor: float, *names: str) -> None:
    for name in names:
        _UNITS[name] = (dimension, factor)


_add("length", 1000.0, "km", "kilometre", "kilometres", "kilometer", "kilometers")
_add("length", 1.0, "m", "metre", "metres", "meter", "meters")
_add("length", 0.01, "cm", "centimetre", "centimetres", "centimeter", "centimeters")
_add("length", 0.001, "mm", "millimetre", "millimetres", "millimeter", "millimeters")
_add("length", 1609.344, "mi", "mile", "miles")
_add("length", 0.3048, "ft", "foot", "feet")
_add("length", 0.0254, "in", "inch", "inches")
_add("length", 0.9144, "yd", "yard", "yards")
_add("area", 1e6, "km2", "km²", "sq km", "square kilometres", "square kilometers", "square kilometre",
     "square kilometer")  # fmt: skip
_add("area", 2589988.11, "sq mi", "mi2", "mi²", "square miles", "square mile")
_add("area", 1e4, "ha", "hectare", "hectares")
_add("area", 4046.8564, "acre", "acres")
_add("area", 1.0, "m2", "m²", "sq m", "square metres", "square meters", "square metre", "square meter")
_add("area", 0.09290304, "sq ft", "ft2", "ft²", "square feet", "square foot")
_add("mass", 1.0, "kg", "kilogram", "kilograms")
_add("mass", 0.001, "g", "gram", "grams")
_add("mass", 1000.0, "t", "tonne", "tonnes", "metric tons", "metric tonnes")
_add("mass", 0.45359237, "lb", "lbs", "pound", "pounds")
_add("mass", 0.028349523, "oz", "ounce", "ounces")
_add("volume", 1.0, "l", "litre", "litres", "liter", "liters")
_add("volume", 3.785411784, "gal", "gallon", "gallons", "us gal")
_add("volume", 1000.0, "m3", "m³", "cubic metres", "cubic meters")
_add("volume", 28.316846592, "cu ft", "ft3", "ft³", "cubic feet")
_add("speed", 1 / 3.6, "km/h", "kph", "kmh", "kilometres per hour", "kilometers per hour")
_add("speed", 0.44704, "mph", "miles per hour")
_add("speed", 1.0, "m/s")
_TEMPERATURES = {"°c": "C", "° c": "C", "c": "C", "degrees celsius": "C", "°f": "F", "° f": "F", "f": "F",
                 "degrees fahrenheit": "F"}  # fmt: skip

_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_UNIT = r"[^\W\d][^\s()\d,;]*(?:[^\S\n][^\W\d][^\s()\d,;]*){0,2}|°[^\S\n]?[CF]\b|[^\W\d]+[23²³](?:/s)?"
#: a bracketed restatement right after a value: " (9.7 km)", " (about 160 mi)"
BRACKET_AFTER = re.compile(
    rf"[^\S\n]*\([^\S\n]*(?:about[^\S\n]+|approx(?:imately|\.)[^\S\n]*|c\.[^\S\n]*|~[^\S\n]*)?"
    rf"(?P<n>{_NUMBER})[^\S\n]*(?P<u>{_UNIT})[^\S\n]*[);,]"
)
#: a value inside the brackets of a restatement: "6 miles (" before "9.7 km)"
BRACKET_BEFORE = re.compile(
    rf"(?P<n>{_NUMBER})[^\S\n]*(?P<u>{_UNIT})[^\S\n]*\([^\S\n]*(?:about[^\S\n]+|approx(?:imately|\.)[^\S\n]*"
    rf"|c\.[^\S\n]*|~[^\S\n]*)?$"
)


def unit_of(text: str) -> tuple[str, float] | str | None:
    """The (dimension, factor) of a unit as written, "C" or "F" for a temperature scale, None where unknown."""
    key = " ".join(text.casefold().replace(".", "").split())
    if key in _TEMPERATURES:
        return _TEMPERATURES[key]
    return _UNITS.get(key)


@dataclass(frozen=True)
class Restatement:
    """A bracketed restatement of a value: where its number stands, the number and its unit as written."""

    start: int
    end: int
    number: str
    unit: str


def restatements(context: str, start: int, end: int) -> list[Restatement]:
    """The bracketed restatements beside a value at [start, end): the bracket after it, or the value's own
    bracket (the number and unit before it)."""
    found = []
    after = BRACKET_AFTER.match(context, end)
    if after is not None:
        found.append(Restatement(after.start("n"), after.end("u"), after.group("n"), after.group("u")))
    before = BRACKET_BEFORE.search(context[max(0, start - 40) : start])
    if before is not None:
        offset = max(0, start - 40)
        found.append(
            Restatement(offset + before.start("n"), offset + before.end("u"), before.group("n"), before.group("u"))
        )
    return found


def convert(amount: float, source: str, target: str) -> float | None:
    """`amount` in unit `source` expressed in unit `target` (both as written); None where either is unknown or
    they measure different things."""
    a, b = unit_of(source), unit_of(target)
    if a is None or b is None:
        return None
    if isinstance(a, str) or isinstance(b, str):
        if not (isinstance(a, str) and isinstance(b, str)):
            return None
        if a == b:
            return amount
        return amount * 9 / 5 + 32 if a == "C" else (amount - 32) * 5 / 9
    if a[0] != b[0]:
        return None
    return amount * a[1] / b[1]


def written_like(amount: float, like: str) -> str | None:
    """`amount` written with the precision and format of the number `like` (its decimals, its rounding to tens
    or hundreds, its thousands separators); None where it rounds to zero or below."""
    decimals = len(like.partition(".")[2])
    whole = like.partition(".")[0].replace(",", "")
    zeros = 0 if decimals else max(0, min(len(whole) - len(whole.rstrip("0")), len(whole) - 2))
    if decimals:
        rounded = round(amount, decimals)
        if rounded <= 0:
            return None
        text = f"{rounded:,.{decimals}f}" if "," in like else f"{rounded:.{decimals}f}"
        return text
    step = 10**zeros
    rounded = int(math.floor(amount / step + 0.5)) * step
    if rounded <= 0:
        return None
    return f"{rounded:,}" if "," in like or (rounded >= 10_000 and len(whole) >= 5) else str(rounded)
