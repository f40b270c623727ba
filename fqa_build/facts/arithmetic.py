"""The arithmetic a passage states among its figures, read as a careful reader checks it: every sum, product, share,
change and restatement that holds among its figures to the precision they are written with (`relations`), and which
of them a rewrite of the passage breaks (`broken`, `broken_by`).

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

from fqa_build.facts.dimensions import RESTATED_IN_BRACKETS
from fqa_build.facts.figures import (
    COUNT,
    HEDGED,
    PERCENT_UNITS,
    READ_BY_V16,
    Figure,
    Reading,
    figures,
    times,
)
from fqa_build.facts.numbers import written_decimals
from fqa_build.facts.tables import tables

__all__ = [
    "READ_BY_V16",
    "Figure",
    "Reading",
    "Relation",
    "broken",
    "broken_by",
    "exact",
    "figures",
    "holds",
    "relations",
]

#: how loose a relation's result may be written and still count (its half interval over its value)
TIGHT = 0.012
#: the same for a percentage, in points
TIGHT_POINTS = 0.15
#: how many figures apart the three of a relation may stand at most (a table's row or a paragraph's, not a page's)
NEAR = 40
#: how far a percentage may lie from an expression and still be tight (its rounding and 0.15 points)
_POINTS_REACH = 0.65
#: a count's sums and products under this are left out: small whole numbers add up by chance ("2, 4 and 6")
SMALLEST_EXACT = 20


@dataclass(frozen=True)
class Relation:
    """`result` is `kind` of `left` and `right`, figures by their place in the passage's list: "sum" (left +
    right), "product", "mean" (their average), "share" (left of right, in percent), "rise" or "fall" (from right to
    left, in percent), "restates" (left, in another unit, in brackets right after it; `right` is `left`), "total"
    (a table's total row: `result` of its column's figures from `left` to `right`, `column_totals`; "summary" where
    it is no sum or mean of them) or "whole" (the
    percentages from `left` to `right`, `result`, make 100: `wholes`)."""

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


def exact(relation: Relation, found: tuple[Figure, ...], slack: bool = True) -> bool:
    """Whether the relation holds as a reader checks it: one of its figures, worked out from the other two as
    written, is that figure to its last written digit ("£58.4m less £57.9m is the £0.5m surplus"), where `holds`
    lets every figure lie anywhere its rounding allows (`slack`: a hedged figure's 1% allowed)."""
    return any(exact_places(relation, found, slack))


def exact_places(relation: Relation, found: tuple[Figure, ...], slack: bool = True) -> tuple[bool, bool, bool]:
    """For each figure of the relation (left, right, result), whether the other two as written work it out to its
    last written digit (`slack`: a hedged figure's 1% allowed)."""
    figures_of = [found[i] for i in relation.figures]
    worked = _solved(relation.kind, *(f.value for f in figures_of))
    out = []
    for figure, value in zip(figures_of, worked, strict=True):
        allowed = max(figure.rounding, HEDGED * figure.value) if slack and figure.hedged else figure.rounding
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
    if not exact(relation, before, slack=False):
        return holds(moved, after)
    if not exact(moved, after):
        return False
    if not reading.exact_figures:
        return True
    was, now = exact_places(relation, before, slack=False), exact_places(moved, after)
    worked = [_worked(relation, k, before[i]) for k, i in enumerate(relation.figures)]
    return all(n for n, w, out in zip(now, was, worked, strict=True) if w and out)


def _tight(kind: str, x: Figure, y: Figure, r: Figure, reading: Reading = Reading()) -> bool:  # noqa: B008
    low, high = _expression(kind, x, y, False) or (0.0, float("inf"))
    half = (high - low) / 2 + r.tolerance
    if r.percent and half <= TIGHT_POINTS + 1e-9:
        return True
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
                shares += _shares(found, left, right, percents, percent_values, reading)
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


#: a sentence's end: a stop, a semicolon or a line's end before the next
_SENTENCE_END = re.compile(r"(?<=[.!?;])[^\S\n]+(?=\S)|\n+")
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
    bounds = [0, *(m.end() for m in _SENTENCE_END.finditer(text)), len(text)]
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


def _shares(
    found: tuple[Figure, ...], a: int, b: int, percents: list, percent_values: list, reading: Reading
) -> list[Relation]:
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
            if _combines(kind, x, y, r) and _tight(kind, x, y, r, reading) and holds(relation, found, False):
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
        *_ties_broken(text, reading, found, dict(enumerate(new))),
    )


def _rewritten(figure: Figure, digits: str) -> Figure:
    """The figure written with other digits in its unit ("£9,250" as "£6,938")."""
    ratio = float(digits.replace(",", "")) / float(figure.written.replace(",", ""))
    whole = "." not in digits and figure.tolerance == 0
    tolerance = 0.0 if whole else figure.tolerance / 10 ** (written_decimals(digits) - written_decimals(figure.written))
    return dataclasses.replace(figure, written=digits, value=figure.value * ratio, tolerance=tolerance)


#: a table's row that totals or averages the rows above it
_TOTAL_ROW = re.compile(
    r"\b(?:total|all|overall|network|whole|combined|average|mean|system|full[^\S\n-]*year|annual|year[^\S\n]+to[^\S\n]+date)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Tie:
    """Figures tied as a group, by their places in the passage's list: a table's total row and the `parts` of its
    column above it ("total" where the total is their sum, mean or mean weighted by one of `weights`, columns of
    the same rows; "summary" where it is none of these), or shares that make a whole ("whole": `parts` add up to
    100; `total` is the last of them)."""

    kind: str
    parts: tuple[int, ...]
    total: int
    weights: tuple[tuple[int, ...], ...] = ()

    @property
    def relation(self) -> Relation:
        """The tie as a relation of its first and last part and its total, as `broken` reports it."""
        return Relation(self.kind, min(self.parts, default=self.total), max(self.parts, default=self.total), self.total)


def _figure_in(cell_start: int, cell_end: int, starts: list[int]) -> int | None:
    k = bisect.bisect_left(starts, cell_start)
    return k if k < len(starts) and starts[k] < cell_end else None


@functools.lru_cache(maxsize=1024)
def column_ties(text: str, reading: Reading = Reading()) -> tuple[Tie, ...]:  # noqa: B008
    """With `reading.table_units`, each column of a table under each of its total rows ("Total", "Network", "Whole
    scheme", "Average", ...): a "total" tie where the total is the sum, the mean or the mean weighted by another
    column of the figures of the rows above it that are no total, to their written rounding (a rewrite must keep
    it, whatever it moves); a "summary" tie where it is none of these (the total summarises rows a reader may weigh
    by what the table does not state: it may not move alone, though a row may)."""
    if not reading.table_units:
        return ()
    found = figures(text, reading)
    starts = [f.start for f in found]
    out = []
    for table in tables(text):
        totals = [row for row in table.rows if _TOTAL_ROW.search(row[0].label)]
        body = [row for row in table.rows if not _TOTAL_ROW.search(row[0].label)]
        if len(body) < 2:
            continue
        columns = {
            c: [_figure_in(row[c].start, row[c].end, starts) for row in body] for c in range(1, len(table.header))
        }
        for row in totals:
            for column, parts in columns.items():
                total = _figure_in(row[column].start, row[column].end, starts)
                if total is None:
                    continue
                if None in parts:
                    out.append(Tie("summary", (), total))
                    continue
                weights = tuple(tuple(w) for c, w in columns.items() if c != column and None not in w)
                tie = Tie("total", tuple(parts), total, weights)
                out.append(tie if _totals(tie, found) else Tie("summary", tuple(parts), total))
    return tuple(out)


def _totals(tie: Tie, found: Mapping[int, Figure] | tuple[Figure, ...], exact: bool = False) -> frozenset[int]:
    """Which of the ways a total row may total its column give the tie's total, each within the figures' rounding
    (`exact`: the parts as written give the total to its last digit): 0 their sum, 1 their mean, 2 + k their mean
    weighted by its k-th weights' column."""
    total = found[tie.total]
    values, tolerances = [found[i].value for i in tie.parts], [found[i].tolerance for i in tie.parts]
    candidates = {0: (sum(values), sum(tolerances))} if not total.percent else {}
    candidates[1] = (sum(values) / len(values), sum(tolerances) / len(values))
    for k, column in enumerate(tie.weights):
        weight = [found[i].value for i in column]
        if all(w > 0 for w in weight):
            whole = sum(weight)
            mean = sum(w * v for w, v in zip(weight, values, strict=True)) / whole
            candidates[2 + k] = (mean, sum(w * t for w, t in zip(weight, tolerances, strict=True)) / whole)
    error = 1e-9 * abs(total.value)
    if exact:
        return frozenset(
            k for k, (value, _) in candidates.items() if abs(value - total.value) <= total.rounding + error
        )
    return frozenset(
        k for k, (value, slack) in candidates.items() if abs(value - total.value) <= slack + total.tolerance + error
    )


def column_totals(text: str, reading: Reading = Reading()) -> tuple[Relation, ...]:  # noqa: B008
    """The `column_ties` of the text as relations ("total" or "summary")."""
    return tuple(tie.relation for tie in column_ties(text, reading))


#: the most shares of one whole read in a run
_MOST_SHARES = 8
#: a sentence's or a paragraph's end between two figures (a list's items and a table's rows are one sentence)
_NEW_SENTENCE = re.compile(r"[.!?][\"”’)]*[^\S\n]+[\"“(]?[A-Z]|\n\s*\n")


@functools.lru_cache(maxsize=1024)
def whole_ties(text: str, reading: Reading = Reading()) -> tuple[Tie, ...]:  # noqa: B008
    """With `reading.wholes`, the shares of one whole: each run of percentages one after another that adds up to 100
    within their rounding ("by direct debit: 68.7%; on receipt of a bill: 17.1%; by prepayment meter: 14.2%"), in a
    table's column (a table's percentages are read down each column) or, outside tables, in one sentence or list
    (other figures may stand between them)."""
    if not reading.wholes:
        return ()
    found = figures(text, reading)
    starts = [f.start for f in found]
    in_tables: set[int] = set()
    runs: list[list[int]] = []
    for table in tables(text):
        for column in range(1, len(table.header)):
            cells = [_figure_in(row[column].start, row[column].end, starts) for row in table.rows]
            in_tables |= {i for i in cells if i is not None}
            runs.append([i for i in cells if i is not None and found[i].percent and not found[i].signed])
    prose = [i for i, f in enumerate(found) if f.percent and not f.signed and i not in in_tables]
    runs.append(prose)
    out = []
    for run in runs:
        out += _wholes_in(text, found, run)
    return tuple(sorted(out, key=lambda tie: tie.total))


def _wholes_in(text: str, found: tuple[Figure, ...], percents: list[int]) -> list[Tie]:
    """The runs of `percents` (places in order) that make 100, none within another."""
    out = []
    start = 0
    while start < len(percents) - 1:
        total, rounding, end = 0.0, 0.0, None
        for k in range(start, min(len(percents), start + _MOST_SHARES)):
            i = percents[k]
            if k > start and _NEW_SENTENCE.search(text, found[percents[k - 1]].end, found[i].start):
                break  # shares of one whole stand in one sentence, list or table
            if i - percents[start] > NEAR:
                break
            total, rounding = total + found[i].value, rounding + found[i].tolerance
            if k > start and abs(total - 100) <= rounding + 1e-9:
                end = k
                break
            if total > 100 + rounding:
                break
        if end is None:
            start += 1
            continue
        out.append(Tie("whole", tuple(percents[start : end + 1]), percents[end]))
        start = end + 1
    return out


def wholes(text: str, reading: Reading = Reading()) -> tuple[Relation, ...]:  # noqa: B008
    """The `whole_ties` of the text as relations of their first and last share."""
    return tuple(tie.relation for tie in whole_ties(text, reading))


def _ties_broken(old: str, reading: Reading, before: tuple[Figure, ...], after: Mapping[int, Figure]) -> list[Relation]:
    """The ties of `old` that the new figures `after` (by their old places; a figure gone is missing) break: a
    total or a whole whose figures moved and no longer hold (a figure gone breaks it), a summary whose total moved
    alone."""
    out = []
    for tie in (*column_ties(old, reading), *whole_ties(old, reading)):
        places = {*tie.parts, tie.total, *(i for column in tie.weights for i in column)}
        moved = {i for i in places if i not in after or after[i].value != before[i].value}
        if not moved:
            continue
        if tie.kind == "summary":
            if tie.total in moved and not moved & set(tie.parts):
                out.append(tie.relation)
            continue
        if moved - set(after):
            out.append(tie.relation)
        elif tie.kind == "whole" and not _whole(tie, after):
            out.append(tie.relation)
        elif tie.kind == "total" and not _still_totals(tie, before, after):
            out.append(tie.relation)
    return out


def _still_totals(tie: Tie, before: tuple[Figure, ...], after: Mapping[int, Figure]) -> bool:
    """Whether the total still totals its column the way it did (a sum stays a sum, a mean weighted by journeys
    stays one; a plain mean that happens to meet it now is no reason to keep it), to its last digit where the rows
    gave it so."""
    exact = _totals(tie, before, exact=True)
    if exact:
        return bool(exact & _totals(tie, after, exact=True))
    return bool(_totals(tie, before) & _totals(tie, after))


def _whole(tie: Tie, found: Mapping[int, Figure]) -> bool:
    total, rounding = sum(found[i].value for i in tie.parts), sum(found[i].tolerance for i in tie.parts)
    return abs(total - 100) <= rounding + 1e-9


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
    return (*out, *_ties_broken(old, reading, before, paired))


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
