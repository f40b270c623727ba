"""The arithmetic a passage states among its figures, read as a careful reader checks it: every sum, product, share,
change and restatement that holds among its figures to the precision they are written with (`relations`), and which
of them, and of the figures tied as a group (fqa_build/facts/ties.py: a table's totals, shares that make a whole, a
product of three figures), a rewrite of the passage breaks (`broken`, `broken_by`).

The figures are read by fqa_build/facts/figures.py: amounts, counts, percentages, stretches of time, a table's cells
in the units of their column's header, each with the interval its writing rounds.

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

from fqa_build.facts.figures import (
    COUNT,
    HEDGED,
    PERCENT_UNITS,
    READ_BY_V16,
    READ_BY_V17,
    Figure,
    Reading,
    figures,
    times,
)
from fqa_build.facts.numbers import written_decimals
from fqa_build.facts.partners import RESTATED_IN_BRACKETS
from fqa_build.facts.ties import (
    NEAR,
    SENTENCE_END,
    SMALLEST_EXACT,
    TIGHT,
    Tie,
    column_ties,
    ties_broken,
    whole_ties,
)

__all__ = [
    "READ_BY_V16",
    "READ_BY_V17",
    "Figure",
    "Reading",
    "Relation",
    "Tie",
    "broken",
    "broken_by",
    "exact",
    "figures",
    "holds",
    "relations",
]

#: how loose a percentage may be written and still count, in points (`TIGHT` for any other figure)
TIGHT_POINTS = 0.15
#: how far a percentage may lie from an expression and still be tight (its rounding and 0.15 points)
_POINTS_REACH = 0.65


@dataclass(frozen=True)
class Relation:
    """`result` is `kind` of `left` and `right`, figures by their place in the passage's list: "sum" (left +
    right), "product", "mean" (their average), "share" (left of right, in percent), "rise" or "fall" (from right to
    left, in percent), "restates" (left, in another unit, in brackets right after it; `right` is `left`), "total"
    (a table's total row: `result` of its column's figures from `left` to `right`, `column_totals`; "summary" where
    it is no sum or mean of them), "whole" (the percentages from `left` to `right`, `result`, make 100: `wholes`) or
    "product_of_three" (`result` is the product of three figures, the first `left` and the last `right`; a tie of
    fqa_build/facts/ties.py, `product_ties`)."""

    kind: str
    left: int
    right: int
    result: int

    @property
    def figures(self) -> tuple[int, int, int]:
        return self.left, self.right, self.result


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
        return not (x.percent or y.percent or r.percent) and times(x.units, y.units) == r.units
    if kind == "mean":  # points of a percentage may be written bare ("a 9.3-point rise")
        units = {f.units for f in (x, y, r)}
        return len(units) == 1 or units == {(), PERCENT_UNITS}
    return r.percent and not x.percent and x.dimension == y.dimension and x.units == y.units


def _expression(kind: str, x: Figure, y: Figure, slack: bool) -> tuple[float, float] | None:
    (xl, xh), (yl, yh) = x.interval(slack), y.interval(slack)
    if kind == "restates":
        return xl, xh
    if kind == "sum":
        return xl + yl, xh + yh
    if kind == "product":
        return xl * yl, xh * yh
    if kind == "mean":
        return (xl + yl) / 2, (xh + yh) / 2
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
    if kind == "mean":
        return 2 * r - y, 2 * r - x, (x + y) / 2
    if kind == "share":
        return r * y / 100, over(100 * x, r), over(100 * x, y)
    if kind == "rise":
        return y * (1 + r / 100), over(x, 1 + r / 100), None if not y else 100 * (x / y - 1)
    if kind == "fall":
        return y * (1 - r / 100), over(x, 1 - r / 100), None if not y else 100 * (1 - x / y)
    return r, r, x  # restates


def exact(relation: Relation, found: tuple[Figure, ...], slack: bool = True, whole: bool = False) -> bool:
    """Whether the relation holds as a reader checks it: one of its figures, worked out from the other two as
    written, is that figure to its last written digit ("£58.4m less £57.9m is the £0.5m surplus"), where `holds`
    lets every figure lie anywhere its rounding allows (`slack`: a hedged figure's 1% allowed; `whole`: a whole
    count is worked out only as itself, see `exact_places`)."""
    return any(exact_places(relation, found, slack, whole))


def exact_places(
    relation: Relation, found: tuple[Figure, ...], slack: bool = True, whole: bool = False
) -> tuple[bool, bool, bool]:
    """For each figure of the relation (left, right, result), whether the other two as written work it out to its
    last written digit (`slack`: a hedged figure's 1% allowed; `whole`: a count written whole is of whole things, so
    only itself works it out: 611.8 km over 8.618 km is 70.99 laps, no "71 laps")."""
    figures_of = [found[i] for i in relation.figures]
    worked = _solved(relation.kind, *(f.value for f in figures_of))
    out = []
    for figure, value in zip(figures_of, worked, strict=True):
        allowed = max(figure.rounding, HEDGED * figure.value) if slack and figure.hedged else figure.rounding
        if whole and figure.dimension == COUNT and not figure.tolerance and not figure.hedged and not figure.per:
            allowed = 0.0
        out.append(value is not None and abs(value - figure.value) <= allowed + 1e-9 * abs(figure.value))
    return out[0], out[1], out[2]


#: the kinds whose result is the figure a reader works out from the other two (a product's may be either factor too)
_RESULT_WORKED = frozenset({"sum", "mean", "share", "rise", "fall"})


def _worked(relation: Relation, place: int, figure: Figure) -> bool:
    """Whether the figure at `place` (0 left, 1 right, 2 result) of the relation is one a reader works out from the
    other two: a figure named an average; a product's rate, per a unit ("48.5 km/h" from 62.8 km in 38:52, "£8.79 a
    journey"); a sum's, a mean's, a share's or a change's result."""
    if figure.averaged:
        return True
    if relation.kind == "product":
        return place < 2 and is_rate(figure)
    return place == 2 and relation.kind in _RESULT_WORKED


def is_rate(figure: Figure) -> bool:
    """Whether the figure is per a unit: a speed, a price per tonne, a count per hectare."""
    return any(power < 0 for _, power in figure.units)


def _kept(
    relation: Relation,
    before: tuple[Figure, ...],
    moved: Relation,
    after: tuple[Figure, ...],
    reading: Reading = Reading(),  # noqa: B008 (a frozen default)
) -> bool:
    """Whether a relation of the figures `before` still holds among the figures `after` (the same relation, its figures
    at their new places): exactly as a reader checks it where it held so (one figure worked out from the other two),
    else within the rounding. With `reading.exact_figures`, the figure a reader works out (`_worked`), where the
    other two gave it to its last digit, still is: a figure named an average ("£96,318 for 207 claims, an average of
    £465" doubled: £192,636 is £930.61 a claim, no "£930", though 207 claims is what £192,636 at £930 gives), and a
    share's, a change's, a mean's or a sum's result ("C$5.13bn, up 7.4% on C$4.78bn" is up 7.3%, though 7.4% on
    C$4.78bn is C$5.13bn)."""
    whole = reading.whole_counts
    if not exact(relation, before, slack=False, whole=whole):
        return holds(moved, after)
    if not exact(moved, after, whole=whole):
        return False
    if not reading.exact_figures:
        return True
    was, now = exact_places(relation, before, slack=False, whole=whole), exact_places(moved, after, whole=whole)
    worked = [_worked(relation, k, before[i]) for k, i in enumerate(relation.figures)]
    return all(n for n, w, out in zip(now, was, worked, strict=True) if w and out)


def _tight(kind: str, x: Figure, y: Figure, r: Figure, reading: Reading = Reading()) -> bool:  # noqa: B008
    low, high = _expression(kind, x, y, False) or (0.0, float("inf"))
    half = (high - low) / 2 + r.tolerance
    if r.percent and half <= TIGHT_POINTS + 1e-9:
        return True
    if r.percent and kind == "share" and r.value > 100 and _as_written(kind, x, y, r):
        return True  # "11.4 million ... 114% of its design capacity of 10 million": few figures pass their whole
    if r.percent:  # R4.10bn of R4.56bn is the 89.9% written, to its last digit, however loose the window
        return reading.shares_as_written and _as_written(kind, x, y, r) and r.tolerance <= TIGHT_POINTS / 2
    if kind == "restates":
        return r.tolerance <= TIGHT * r.value
    if kind == "sum" and min(x.value, y.value) <= x.tolerance + y.tolerance + r.tolerance:
        return False  # a part no larger than the rounding: the sum holds without it
    if r.dimension == COUNT and r.tolerance == 0 and r.value < SMALLEST_EXACT:
        return False
    if half <= TIGHT * r.value:
        return True
    # the figures as written agree to the result's last digit, however loosely an operand is rounded (24 m by
    # 3.6 m is 86.4 m2): as unlikely by chance as a tight interval
    return r.tolerance <= TIGHT * r.value and _as_written(kind, x, y, r)


def _as_written(kind: str, x: Figure, y: Figure, r: Figure) -> bool:
    """Whether `x` and `y` as written give `r` to its last written digit."""
    central = _expression(kind, dataclasses.replace(x, tolerance=0.0), dataclasses.replace(y, tolerance=0.0), False)
    return central is not None and abs(central[0] - r.value) <= r.tolerance + 1e-9 * abs(r.value)


@functools.lru_cache(maxsize=1024)
def relations(text: str, reading: Reading = Reading()) -> tuple[Relation, ...]:  # noqa: B008 (a frozen default)
    """Every tight relation that holds among three figures of the text (see the module) no more than `NEAR` figures
    apart, in a stable order; with `reading.means`, the means of two figures a sentence names as an average."""
    found = figures(text, reading)
    plain = {i for i, f in enumerate(found) if not f.percent and f.value != 1}
    by_value = sorted((f.value, i) for i, f in enumerate(found))
    values = [v for v, _ in by_value]
    percents = sorted((f.value, i) for i, f in enumerate(found) if f.percent)
    percent_values = [v for v, _ in percents]
    out, shares = [], []
    paired = _paired_shares(text, found) if reading.paired_shares else frozenset()
    pairs = ((a, b) for a in range(len(found)) for b in range(a + 1, min(len(found), a + NEAR + 1)))
    for a, b in pairs:
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
                if _combines(kind, x, y, r) and _tight(kind, x, y, r, reading) and holds(relation, found, slack=False):
                    out.append(relation)
        if a in plain and b in plain and x.units == y.units and x.value != y.value:
            for left, right in ((a, b), (b, a)):
                shares += _shares(found, left, right, percents, percent_values, reading, paired)
    for a, b in itertools.pairwise(range(len(found))):
        x, r = found[a], found[b]
        relation = Relation("restates", a, a, b)
        if RESTATED_IN_BRACKETS.fullmatch(text, x.end, r.start) and x.units == r.units and not x.percent:
            if _tight("restates", x, x, r, reading) and holds(relation, found, slack=False):
                out.append(relation)
    if reading.means:
        out += _means(text, found, reading)
    order = {"share": 0, "fall": 1, "rise": 2}
    return (*out, *sorted(shares, key=lambda r: (r.result, r.left, r.right, order[r.kind])))


_AVERAGE = re.compile(r"\b(?:average|mean|midway|midpoint)\b", re.IGNORECASE)
_RANGE_BETWEEN = re.compile(r"[^\S\n]*(?:[A-Za-z%°/]+[^\S\n]*)?(?:to|–|—|-|and)[^\S\n]*")


#: the most figures a sentence that names an average may have for its means to be read (a table of averages is no
#: sentence stating one)
_MOST_IN_MEAN = 12


def _means(text: str, found: tuple[Figure, ...], reading: Reading) -> list[Relation]:
    """The means of two figures that a third figure of their sentence is, where the sentence names an average
    ("the average of the 9.3-point rise and the 12.1-point fall ... was 10.7 points")."""
    out = []
    starts = [f.start for f in found]
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
    for begin, end in itertools.pairwise(bounds):
        if not _AVERAGE.search(text, begin, end):
            continue
        inside = range(bisect.bisect_left(starts, begin), bisect.bisect_left(starts, end))
        if len(inside) > _MOST_IN_MEAN:
            continue
        for a, b in itertools.combinations(inside, 2):
            for k in inside:
                relation, (x, y, r) = Relation("mean", a, b, k), (found[a], found[b], found[k])
                if k in (a, b) or not _combines("mean", x, y, r) or x.value == y.value:
                    continue
                if _RANGE_BETWEEN.fullmatch(text, x.end, y.start):
                    continue  # a range's ends ("(range, 8 to 11 days)"): a mean lies between them, not at its middle
                if _tight("mean", x, y, r, reading) and holds(relation, found, slack=False):
                    out.append(relation)
    return out


#: what stands between a count and its share in a pair: "76 per cent (289 patients", "634 [47.9", "289 patients (76"
_PAIR_BETWEEN = re.compile(
    r"[^\S\n]*(?:%|per[^\S\n]?cent\b|percent\b)?[^\S\n]*(?:[A-Za-z-]+[^\S\n]+){0,2}?[(\[][^\S\n]*"
)


def _paired_shares(text: str, found: tuple[Figure, ...]) -> frozenset[tuple[int, int]]:
    """The (count, percentage) places of the figures written as a pair, one in brackets right after the other ("76
    per cent (289 patients", "634 [47.9%]"): a share stated of its count, however roundly, is no coincidence."""
    out = set()
    for a, b in itertools.pairwise(range(len(found))):
        first, second = found[a], found[b]
        if first.percent != second.percent and _PAIR_BETWEEN.fullmatch(text, first.end, second.start):
            out.add((b, a) if first.percent else (a, b))
    return frozenset(out)


def _shares(
    found: tuple[Figure, ...],
    a: int,
    b: int,
    percents: list,
    percent_values: list,
    reading: Reading,
    paired: frozenset[tuple[int, int]] = frozenset(),
) -> list[Relation]:
    """The percentages near `a` and `b` that are `a`'s share of `b`, or the rise or fall from `b` to `a`; a share
    written as a pair with its count (`paired`) within its rounding, however round."""
    x, y = found[a], found[b]
    out = []
    for kind in ("share", "fall") if x.value < y.value else ("rise", "share"):  # "114% of its capacity"
        low, high = _expression(kind, x, y, False) or (0.0, -1.0)
        first = bisect.bisect_left(percent_values, low - _POINTS_REACH)
        last = bisect.bisect_right(percent_values, high + _POINTS_REACH)
        for _, p in percents[first:last]:
            relation, r = Relation(kind, a, b, p), found[p]
            if max(a, b, p) - min(a, b, p) > NEAR:
                continue
            tight = _tight(kind, x, y, r, reading) or kind == "share" and (a, p) in paired
            if _combines(kind, x, y, r) and tight and holds(relation, found, False):
                out.append(relation)
    return out


def broken_by(
    text: str,
    moved: Mapping[int, str],
    reading: Reading = Reading(),  # noqa: B008 (a frozen default)
) -> tuple[Relation, ...]:
    """The text's relations that no longer hold where the figures starting at `moved`'s keys are written with its
    digits instead ("9,250" -> "6,938": the figure in its own unit, its precision read from the new digits)."""
    found = figures(text, reading)
    new = tuple(_rewritten(f, moved[f.start]) if f.start in moved else f for f in found)
    places = {i for i, f in enumerate(found) if f.start in moved}
    return (
        *(
            r
            for r in relations(text, reading)
            if places.intersection(r.figures) and not _kept(r, found, r, new, reading)
        ),
        *map(_relation, ties_broken(text, reading, found, dict(enumerate(new)))),
        *(_orders_broken(text, found, dict(enumerate(new))) if reading.orders else ()),
    )


def _rewritten(figure: Figure, digits: str) -> Figure:
    """The figure written with other digits in its unit ("£9,250" as "£6,938")."""
    ratio = float(digits.replace(",", "")) / float(figure.written.replace(",", ""))
    whole = "." not in digits and figure.tolerance == 0
    tolerance = 0.0 if whole else figure.tolerance / 10 ** (written_decimals(digits) - written_decimals(figure.written))
    return dataclasses.replace(figure, written=digits, value=figure.value * ratio, tolerance=tolerance)


def _relation(tie: Tie) -> Relation:
    """The tie as a relation of its first and last part and its total, as `broken` reports it."""
    return Relation(tie.kind, min(tie.parts, default=tie.total), max(tie.parts, default=tie.total), tie.total)


def column_totals(text: str, reading: Reading = Reading()) -> tuple[Relation, ...]:  # noqa: B008
    """The `column_ties` of the text as relations ("total" or "summary")."""
    return tuple(_relation(tie) for tie in column_ties(text, reading))


def wholes(text: str, reading: Reading = Reading()) -> tuple[Relation, ...]:  # noqa: B008
    """The `whole_ties` of the text as relations of their first and last share."""
    return tuple(_relation(tie) for tie in whole_ties(text, reading))


def broken(old: str, new: str, reading: Reading = Reading()) -> tuple[Relation, ...]:  # noqa: B008
    """The relations of text `old` that text `new`, a rewrite of it, breaks: where a figure of a relation changed
    its value, or is gone, and the relation does not hold among the new figures. Figures are paired by their place
    where both texts have as many, else by a diff of what they write."""
    before, after = figures(old, reading), figures(new, reading)
    pairs = _paired(before, after)
    changed = {i for i in range(len(before)) if i not in pairs or before[i].value != after[pairs[i]].value}
    out = []
    for relation in relations(old, reading) if changed else ():
        places = relation.figures
        if not changed.intersection(places):
            continue
        if any(i not in pairs for i in places):
            out.append(relation)
            continue
        moved = Relation(relation.kind, *(pairs[i] for i in places))
        if not _kept(relation, before, moved, after, reading):
            out.append(relation)
    paired = {i: after[j] for i, j in pairs.items()}
    orders = _orders_broken(old, before, paired) if reading.orders and changed else []
    return (*out, *map(_relation, ties_broken(old, reading, before, paired)), *orders)


#: words that say how two figures of one sentence compare ("up from", "fell to", "more than", "a record")
_COMPARED = re.compile(
    r"\b(?:up|down|rose|rising|fell|falling|increased?|decreased?|grew|growing|higher|lower|more|less|fewer|above|"
    r"below|exceed(?:ed|ing|s)?|over|under|record)\b",
    re.IGNORECASE,
)
#: words that name a figure a part of another ("alone", "of whom", "of which", "including")
_PART = re.compile(r"\b(?:alone|of[^\S\n]+whom|of[^\S\n]+which|including|out[^\S\n]+of|of[^\S\n]+them)\b", re.I)


def _part_window(bounds: list[int], starts: list[int], found: tuple[Figure, ...], figure: Figure) -> int:
    """Where a part word before the figure may start: in its sentence, at most 40 characters before it and after the
    figure before it ("300 staff, including 45 in Leeds and 120 in York": 120 is no part named so)."""
    sentence = bounds[bisect.bisect_right(bounds, figure.start) - 1]
    k = bisect.bisect_left(starts, figure.start)
    previous = found[k - 1].end if k > 0 else 0
    return max(sentence, figure.start - 40, previous)


def _orders_broken(old: str, before: tuple[Figure, ...], after: Mapping[int, Figure]) -> list[Relation]:
    """The pairs of figures of one unit of which one moved past the other where the passage says how they compare:
    words of a change or a comparison between them in one sentence ("24.1%, down from 25.6%", "more than"), or a part
    named so right before the smaller and its whole the figure before it, in its sentence or the one before ("312,500
    over three days. Race-day attendance alone was 134,800" rewritten "354,400"): an "order" relation of the two
    (`left` the one that moved)."""
    starts = [f.start for f in before]
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(old)), len(old)]
    out = []
    for i, figure in enumerate(before):
        new = after.get(i)
        if new is None or new.value == figure.value:
            continue
        sentence = bisect.bisect_right(bounds, figure.start) - 1
        lo, hi = bounds[max(0, sentence - 1)], bounds[min(len(bounds) - 1, sentence + 2)]
        for j in range(bisect.bisect_left(starts, lo), bisect.bisect_left(starts, hi)):
            other = before[j]
            if j == i or other.units != figure.units or j not in after or after[j].value != other.value:
                continue
            if abs(figure.value - other.value) <= figure.rounding + other.rounding:
                continue  # one figure twice ("1,435 mm (4 ft 8 1⁄2 in)"): a restatement, no order
            if (figure.value - other.value) * (new.value - other.value) > 0:
                continue  # on the same side; onto the other's value is past it ("down from 25.6%" to 25.6%)
            first, second = sorted((figure, other), key=lambda f: f.start)
            compared = not SENTENCE_END.search(old, first.end, second.start) and _COMPARED.search(
                old, first.end, second.start
            )
            part = any(  # a part named so is smaller than its whole, the figure right before the part word
                b == a - 1 and f.value < g.value and _PART.search(old, _part_window(bounds, starts, before, f), f.start)
                for (a, f), (b, g) in (((i, figure), (j, other)), ((j, other), (i, figure)))
            )
            if compared or part:
                out.append(Relation("order", i, j, i))
    return out


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
