"""Amounts written once moved by a factor, as the passage writes them: the exact factors that keep every amount's
written decimals (`exact_factor`) or the modest ones that round closely (`rounds_closely`), the scaled number with its
thousands grouped as the passage groups them (`scaled`, `groups_thousands`), and a restatement in another unit
converted from what it restates (`converted`). fqa_build/facts/dimensions.py reads which amounts move together."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction

from fqa_build.facts.dimensions import Amount
from fqa_build.facts.numbers import written_decimals


def converted(value: float, like: Amount, grouped: bool) -> str | None:
    """`value` (in base units) in the unit of `like`, written as `like` is (its decimals, rounded half up; thousands
    grouped as `scaled` groups them): how a restatement reads once what it restates moved ("44 miles (71 km)");
    None where it rounds to nothing."""
    digits = like.written.replace(",", "")
    decimals = written_decimals(digits)
    per_written = like.value / float(digits)
    units = math.floor(Fraction(value / per_written).limit_denominator(10**9) * 10**decimals + Fraction(1, 2))
    if units <= 0:
        return None
    whole, part = divmod(units, 10**decimals)
    grouping = "," in like.written or (grouped or decimals) and whole >= 1000 or whole >= 10000
    text = f"{whole:,}" if grouping else str(whole)
    return f"{text}.{part:0{decimals}d}" if decimals else text


def exact_factor(written: Sequence[str], factors: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """The factors that, applied to every number as written, give a number of the same decimals (`scaled`)."""
    return tuple(f for f in factors if all(_scaled_units(w, f) is not None for w in written))


def _scaled_units(written: str, factor: Fraction) -> int | None:
    units = Fraction(int(written.replace(",", "").replace(".", ""))) * factor
    return int(units) if units.denominator == 1 and units > 0 else None


def _rounded_units(written: str, factor: Fraction) -> int | None:
    units = math.floor(Fraction(int(written.replace(",", "").replace(".", ""))) * factor + Fraction(1, 2))
    return units if units > 0 else None


def rounds_closely(written: Sequence[str], factor: Fraction, within: float = 0.005) -> bool:
    """Whether every number, times the factor and rounded to its last written digit, moves (as scaled numbers all
    do) and lies within `within` of the exact product: a number of few digits rounded ("£41" x 0.75 = "£31", 1.2%
    off) would break what the passage states of it unread ("three times", a sum of three parts)."""
    for w in written:
        units = Fraction(int(w.replace(",", "").replace(".", "")))
        rounded = _rounded_units(w, factor)
        if rounded is None or rounded == units or abs(rounded - units * factor) > within * units * factor:
            return False
    return True


def groups_thousands(text: str) -> bool:
    """Whether the text writes a number with its thousands grouped ("1,358"): a scaled number of four digits or more
    is written so too."""
    return _GROUPED.search(text) is not None


_GROUPED = re.compile(r"\d,\d{3}(?!\d)")


def scaled(written: str, factor: Fraction, grouped: bool, rounded: bool = False) -> str:
    """`written` times `factor`, with its decimals ("9.60" x 1.5 = "14.40"), thousands grouped where `grouped` (the
    passage groups them: `groups_thousands`), where the number has them ("1,358" x 2 = "2,716"), before its
    decimal point ("512.9" x 2 = "1,025.8") or from five digits on; the factor must be exact for it
    (`exact_factor`), or the product is `rounded` to its last written digit, half up ("41" x 1.5 = "62")."""
    units = _rounded_units(written, factor) if rounded else _scaled_units(written, factor)
    assert units is not None, (written, factor)
    digits = written.replace(",", "")
    decimals = written_decimals(digits)
    whole, part = divmod(units, 10**decimals)
    # four digits before a decimal point are grouped wherever they stand ("£1,025.8m", not "£1025.8m")
    grouping = "," in written or (grouped or decimals) and whole >= 1000 or whole >= 10000
    text = f"{whole:,}" if grouping else str(whole)
    return f"{text}.{part:0{decimals}d}" if decimals else text
