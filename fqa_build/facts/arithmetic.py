"""The arithmetic a passage states among its figures, read as a careful reader checks it: every sum, product, share,
change and restatement that holds among its figures to the precision they are written with (`relations`), and which
of them a rewrite of the passage breaks (`broken`, `broken_by`).

A figure is an amount (money or a measured quantity in pint's base units, fqa_build/facts/dimensions.py; a price in
pence per a unit; money per money, "$15.42 per $1,000", as a ratio), a count (per a unit where it says so: "440
trees per acre"), a percentage, a stretch of time ("18h 02m 37s") or a number in words with its unit ("two miles");
years, days of a month, times of day and numbers used as names are none. A figure written as a whole number is
exact; one with decimals or a scale word stands for the interval its last digit rounds ("14.3" is 14.25 to 14.35,
"£5.4m" 5.35 to 5.45 million); one hedged ("about", "roughly") may lie 1% either side once a rewrite moved it.

A relation counts only where it is tight, so that it is no coincidence of loosely written figures: its result's
interval is at most 1.2% of it (0.15 points for a percentage), or the written figures agree to its last digit; a
sum's parts are above rounding; a count's sum or product is 20 or more. Figures combine only as their units allow:
a sum of one unit (a change written with its sign, "+1.4", takes the unit of what it changes), a product whose
units multiply (a count times money, a price per tonne times tonnes, a speed times a time), a share or a change of
one unit, a restatement in brackets in another unit. A relation a reader finds exact (one figure worked out from
the other two is that figure to its last digit) must stay exact after a rewrite; one that held only within the
figures' rounding must stay within it."""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass

from fqa_build.facts.dimensions import (
    MONEY,
    RESTATED_IN_BRACKETS,
    amounts,
    durations_in,
    feet_and_inches,
    in_base_units,
    per_unit,
    read_unit,
)
from fqa_build.facts.numbers import numbers_in, written_decimals

#: how loose a relation's result may be written and still count (its half interval over its value)
TIGHT = 0.012
#: the same for a percentage, in points
TIGHT_POINTS = 0.15
#: how far either side a hedged figure ("about £2,450") may lie from the arithmetic once a rewrite moved it
HEDGED = 0.01
#: how many figures apart the three of a relation may stand at most (a table's row or a paragraph's, not a page's)
NEAR = 40
#: how far a percentage may lie from an expression and still be tight (its rounding and 0.15 points)
_POINTS_REACH = 0.65
#: a count's sums and products under this are left out: small whole numbers add up by chance ("2, 4 and 6")
SMALLEST_EXACT = 20

_HEDGE = re.compile(
    r"(?:\b(?:about|around|roughly|approximately|some|nearly|almost|over|more[^\S\n]+than|less[^\S\n]+than|under|"
    r"at[^\S\n]+least|up[^\S\n]+to|circa|estimated|approx)\b\.?|\bc\.|~)[^\S\n]*"
    r"(?:(?:US|A|C|NZ|HK)?[$€£¥₹][^\S\n]?)?$",
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
    r"(?:(?:US|A|C|NZ|HK)?[$€£¥₹])[^\S\n]?(?P<number>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"[^\S\n]*(?:(?:for|to|of)[^\S\n]+)?(?:per|every|each)[^\S\n]+(?:(?:US|A|C|NZ|HK)?[$€£¥₹])[^\S\n]?"
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
_COUNT = ("count",)
_PERCENT = ("percent",)
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
    signed: bool = False  # written with its sign, as a change is ("+1.4", "-0.8"): of the unit of what it changes

    @property
    def percent(self) -> bool:
        return self.dimension == _PERCENT

    @property
    def units(self) -> tuple[tuple[str, int], ...]:
        """What the figure measures, as powers of base dimensions: a count none, money per tonne money over mass,
        ML/ha a length (pint's), 440 seedlings an acre a length to the power -2."""
        if self.percent:
            return (("percent", 1),)
        return _times(() if self.dimension == _COUNT else self.dimension, self.per, -1)

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
class Relation:
    """`result` is `kind` of `left` and `right`, figures by their place in the passage's list: "sum" (left +
    right), "product", "share" (left of right, in percent), "rise" or "fall" (from right to left, in percent), or
    "restates" (left, in another unit, in brackets right after it; `right` is `left`)."""

    kind: str
    left: int
    right: int
    result: int

    @property
    def figures(self) -> tuple[int, int, int]:
        return self.left, self.right, self.result


def _times(first: tuple, second: tuple, sign: int = 1) -> tuple[tuple[str, int], ...]:
    powers = dict(first)
    for name, power in second:
        powers[name] = powers.get(name, 0) + sign * power
    return tuple(sorted((name, p) for name, p in powers.items() if p))


#: the words a count names before the unit it is per ("440 trees per acre", "2.1 head an acre")
_COUNTED = re.compile(r"(?:[^\S\n]+[A-Za-z-]+){1,2}?(?=[^\S\n]*(?:/|(?:per|an?|each)[^\S\n]))")


def _count_per(text: str, end: int) -> tuple[str, tuple[tuple[str, int], ...]] | None:
    """The unit a count ending at `end` is per, right after it or after the words it counts."""
    unit = per_unit(text, end)
    counted = _COUNTED.match(text, end) if unit is None else None
    return per_unit(text, counted.end()) if counted is not None else unit


def _hedged(text: str, start: int) -> bool:
    return bool(_HEDGE.search(text, max(0, start - 25), start))


@functools.lru_cache(maxsize=4096)
def figures(text: str) -> tuple[Figure, ...]:
    """The figures of a text, in order (see the module); none of value 0."""
    found: dict[int, Figure] = {}
    for a in amounts(text):
        scale = _SCALE_AFTER.match(text, a.end) or a.dimension == _MONEY and _MONEY_SCALE_AFTER.match(text, a.end)
        value, tolerance = a.value, a.tolerance if "." in a.written or scale else 0.0
        if a.dimension == _MONEY and _CENTS_AFTER.match(text, a.end) and not re.search(r"[$€£¥₹]\s?$", text[: a.start]):
            value, tolerance = value / 100, tolerance / 100
        if a.per:  # "$8,950 per tonne" is $8.95 a kilogram
            unit = per_unit(text, _PRICE_END.match(text, a.end).end())
            base = in_base_units(unit[0]) if unit is not None else 1.0
            value, tolerance = value / base, tolerance / base
        found[a.start] = Figure(a.start, a.end, a.written, value, tolerance, a.dimension, a.per, _hedged(text, a.start))
    for n in numbers_in(text):
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
        dimension = _PERCENT if n.percent else _COUNT
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
            found[start] = Figure(
                start, match.end("number"), digits, value, tolerance, _COUNT, (), _hedged(text, start)
            )
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
    return tuple(
        dataclasses.replace(found[k], signed=True) if _SIGN_BEFORE.search(text, max(0, k - 3), k) else found[k]
        for k in sorted(found)
        if found[k].value > 0
    )


def _combines(kind: str, x: Figure, y: Figure, r: Figure) -> bool:
    """Whether what `x` and `y` measure gives what `r` measures by `kind`: a sum of one kind of figure, a product
    whose dimensions multiply (a count times money, a price per tonne times tonnes, hectares times megalitres per
    hectare), a share or change of one kind of figure."""
    if kind == "sum":
        unsigned = [f for f in (x, y, r) if not f.signed]
        if len(unsigned) < 3:  # a change: "9.8% | 8.4% | +1.4" (percentage points), "412 | 388 | -24"
            return (
                len(unsigned) == 2
                and unsigned[0].units == unsigned[1].units
                and all(f.units in ((), unsigned[0].units) for f in (x, y, r) if f.signed)
            )
        return x.dimension == y.dimension == r.dimension and x.units == y.units == r.units and not r.percent
    if kind == "product":
        return not (x.percent or y.percent or r.percent) and _times(x.units, y.units) == r.units
    return r.percent and not x.percent and x.dimension == y.dimension and x.units == y.units


def _expression(kind: str, x: Figure, y: Figure, slack: bool) -> tuple[float, float] | None:
    (xl, xh), (yl, yh) = x.interval(slack), y.interval(slack)
    if kind == "restates":
        return xl, xh
    if kind == "sum":
        return xl + yl, xh + yh
    if kind == "product":
        return xl * yl, xh * yh
    if yl <= 0:
        return None
    if kind == "share":
        return 100 * xl / yh, 100 * xh / yl
    if kind == "rise":
        return 100 * (xl / yh - 1), 100 * (xh / yl - 1)
    return 100 * (1 - xh / yl), 100 * (1 - xl / yh)  # fall


def holds(relation: Relation, found: tuple[Figure, ...], slack: bool = True) -> bool:
    """Whether the relation holds among these figures, to the precision they are written with (`slack`: a hedged
    figure's 1% allowed)."""
    x, y, r = (found[i] for i in relation.figures)
    expression = _expression(relation.kind, x, y, slack)
    if expression is None:
        return False
    low, high = r.interval(slack)
    if relation.kind == "restates":  # a conversion rounds: "about 3,219 metres" is 3,218.5 to 3,219.5
        low, high = min(low, r.value - r.rounding), max(high, r.value + r.rounding)
    error = 1e-9 * abs(r.value)  # what floating point adds to exact figures in other units (48 t x $8.95/kg)
    return expression[0] <= high + error and low - error <= expression[1]


def _solved(kind: str, x: float, y: float, r: float) -> tuple[float | None, float | None, float | None]:
    """Each figure of a relation as the other two written values give it (None where they give none)."""

    def over(a: float, b: float) -> float | None:
        return a / b if b else None

    if kind == "sum":
        return r - y, r - x, x + y
    if kind == "product":
        return over(r, y), over(r, x), x * y
    if kind == "share":
        return r * y / 100, over(100 * x, r), over(100 * x, y)
    if kind == "rise":
        return y * (1 + r / 100), over(x, 1 + r / 100), None if not y else 100 * (x / y - 1)
    if kind == "fall":
        return y * (1 - r / 100), over(x, 1 - r / 100), None if not y else 100 * (1 - x / y)
    return r, r, x  # restates


def exact(relation: Relation, found: tuple[Figure, ...], slack: bool = True) -> bool:
    """Whether the relation holds as a reader checks it: one of its figures, worked out from the other two as
    written, is that figure to its last written digit ("£58.4m less £57.9m is the £0.5m surplus"), where `holds`
    lets every figure lie anywhere its rounding allows (`slack`: a hedged figure's 1% allowed)."""
    figures_of = [found[i] for i in relation.figures]
    worked = _solved(relation.kind, *(f.value for f in figures_of))
    for figure, value in zip(figures_of, worked, strict=True):
        allowed = max(figure.rounding, HEDGED * figure.value) if slack and figure.hedged else figure.rounding
        if value is not None and abs(value - figure.value) <= allowed + 1e-9 * abs(figure.value):
            return True
    return False


def _kept(relation: Relation, before: tuple[Figure, ...], moved: Relation, after: tuple[Figure, ...]) -> bool:
    """Whether a relation of the figures `before` still holds among the figures `after` (the same relation, its
    figures at their new places): exactly as a reader checks it where it held so, else within the rounding."""
    if exact(relation, before, slack=False):
        return exact(moved, after)
    return holds(moved, after)


def _tight(kind: str, x: Figure, y: Figure, r: Figure) -> bool:
    low, high = _expression(kind, x, y, False) or (0.0, float("inf"))
    half = (high - low) / 2 + r.tolerance
    if r.percent:
        return half <= TIGHT_POINTS + 1e-9
    if kind == "restates":
        return r.tolerance <= TIGHT * r.value
    if kind == "sum" and min(x.value, y.value) <= x.tolerance + y.tolerance + r.tolerance:
        return False  # a part no larger than the rounding: the sum holds without it
    if r.dimension == _COUNT and r.tolerance == 0 and r.value < SMALLEST_EXACT:
        return False
    if half <= TIGHT * r.value:
        return True
    # the figures as written agree to the result's last digit, however loosely an operand is rounded (24 m by
    # 3.6 m is 86.4 m2): as unlikely by chance as a tight interval
    central = _expression(kind, dataclasses.replace(x, tolerance=0.0), dataclasses.replace(y, tolerance=0.0), False)
    return central is not None and r.tolerance <= TIGHT * r.value and abs(central[0] - r.value) <= r.tolerance


@functools.lru_cache(maxsize=1024)
def relations(text: str) -> tuple[Relation, ...]:
    """Every tight relation that holds among three figures of the text (see the module) no more than `NEAR` figures
    apart, in a stable order."""
    found = figures(text)
    plain = {i for i, f in enumerate(found) if not f.percent and f.value != 1}
    by_value = sorted((f.value, i) for i, f in enumerate(found))
    values = [v for v, _ in by_value]
    percents = sorted((f.value, i) for i, f in enumerate(found) if f.percent)
    percent_values = [v for v, _ in percents]
    out, shares = [], []
    for a, b in itertools.combinations(range(len(found)), 2):
        if b - a > NEAR:
            break
        x, y = found[a], found[b]
        for kind in ("sum", "product"):
            if kind == "product" and not (a in plain and b in plain):
                continue
            low, high = _expression(kind, x, y, False) or (0.0, 0.0)
            # a tight result lies within 1.2% of the expression (0.65 points, a percentage): look only there
            first = bisect.bisect_left(values, min(low / (1 + TIGHT), low - _POINTS_REACH))
            last = bisect.bisect_right(values, max(high / (1 - TIGHT), high + _POINTS_REACH))
            for k in sorted(i for _, i in by_value[first:last]):
                relation, r = Relation(kind, a, b, k), found[k]
                if k in (a, b) or max(a, b, k) - min(a, b, k) > NEAR:
                    continue
                if _combines(kind, x, y, r) and _tight(kind, x, y, r) and holds(relation, found, slack=False):
                    out.append(relation)
        if a in plain and b in plain and x.units == y.units and x.value != y.value:
            for left, right in ((a, b), (b, a)):
                shares += _shares(found, left, right, percents, percent_values)
    for a, b in itertools.pairwise(range(len(found))):
        x, r = found[a], found[b]
        relation = Relation("restates", a, a, b)
        if RESTATED_IN_BRACKETS.fullmatch(text, x.end, r.start) and x.units == r.units and not x.percent:
            if _tight("restates", x, x, r) and holds(relation, found, slack=False):
                out.append(relation)
    order = {"share": 0, "fall": 1, "rise": 2}
    return (*out, *sorted(shares, key=lambda r: (r.result, r.left, r.right, order[r.kind])))


def _shares(found: tuple[Figure, ...], a: int, b: int, percents: list, percent_values: list) -> list[Relation]:
    """The percentages near `a` and `b` that are `a`'s share of `b`, or the rise or fall from `b` to `a`."""
    x, y = found[a], found[b]
    out = []
    for kind in ("share", "fall") if x.value < y.value else ("rise",):
        low, high = _expression(kind, x, y, False) or (0.0, -1.0)
        first = bisect.bisect_left(percent_values, low - _POINTS_REACH)
        last = bisect.bisect_right(percent_values, high + _POINTS_REACH)
        for _, p in percents[first:last]:
            relation, r = Relation(kind, a, b, p), found[p]
            if max(a, b, p) - min(a, b, p) > NEAR:
                continue
            if _combines(kind, x, y, r) and _tight(kind, x, y, r) and holds(relation, found, False):
                out.append(relation)
    return out


def broken_by(text: str, moved: Mapping[int, str]) -> tuple[Relation, ...]:
    """The text's relations that no longer hold where the figures starting at `moved`'s keys are written with its
    digits instead ("9,250" -> "6,938": the figure in its own unit, its precision read from the new digits)."""
    found = figures(text)
    new = tuple(_rewritten(f, moved[f.start]) if f.start in moved else f for f in found)
    places = {i for i, f in enumerate(found) if f.start in moved}
    return tuple(r for r in relations(text) if places.intersection(r.figures) and not _kept(r, found, r, new))


def _rewritten(figure: Figure, digits: str) -> Figure:
    """The figure written with other digits in its unit ("£9,250" as "£6,938")."""
    ratio = float(digits.replace(",", "")) / float(figure.written.replace(",", ""))
    whole = "." not in digits and figure.tolerance == 0
    tolerance = 0.0 if whole else figure.tolerance / 10 ** (written_decimals(digits) - written_decimals(figure.written))
    return dataclasses.replace(figure, written=digits, value=figure.value * ratio, tolerance=tolerance)


def broken(old: str, new: str) -> tuple[Relation, ...]:
    """The relations of text `old` that text `new`, a rewrite of it, breaks: where a figure of a relation changed
    its value, or is gone, and the relation does not hold among the new figures. Figures are paired by their place
    where both texts have as many, else by a diff of what they write."""
    before, after = figures(old), figures(new)
    pairs = _paired(before, after)
    changed = {i for i in range(len(before)) if i not in pairs or before[i].value != after[pairs[i]].value}
    out = []
    for relation in relations(old) if changed else ():
        places = relation.figures
        if not changed.intersection(places):
            continue
        if any(i not in pairs for i in places):
            out.append(relation)
            continue
        moved = Relation(relation.kind, *(pairs[i] for i in places))
        if not _kept(relation, before, moved, after):
            out.append(relation)
    return tuple(out)


def _paired(before: tuple[Figure, ...], after: tuple[Figure, ...]) -> dict[int, int]:
    if len(before) == len(after):
        return {i: i for i in range(len(before))}
    import difflib  # noqa: PLC0415 (rare: a rewrite that changed how many figures the text has)

    matcher = difflib.SequenceMatcher(None, [f.written for f in before], [f.written for f in after], autojunk=False)
    pairs = {}
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or tag == "replace" and i2 - i1 == j2 - j1:
            pairs.update({i1 + d: j1 + d for d in range(i2 - i1)})
    return pairs
