"""Figures tied as a group, as a careful reader checks them: a table's total row and the column above it
(`column_ties`), shares one after another that make 100% (`whole_ties`), a figure three others multiply to
(`product_ties`), and which of them a rewrite breaks (`ties_broken`). fqa_build/facts/arithmetic.py reads the
relations of three figures and reports both."""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass

from fqa_build.facts.figures import COUNT, HEDGED, Figure, Reading, figures, times
from fqa_build.facts.tables import tables

#: how loose a relation's result may be written and still count (its half interval over its value)
TIGHT = 0.012
#: how many figures apart the figures of a relation or a run of shares may stand at most (a table's row or a
#: paragraph's, not a page's)
NEAR = 40
#: a count's sums and products under this are left out: small whole numbers add up by chance ("2, 4 and 6")
SMALLEST_EXACT = 20
#: a sentence's end: a stop, a semicolon or a line's end before the next
SENTENCE_END = re.compile(r"(?<=[.!?;])[^\S\n]+(?=\S)|\n+")


#: a table's row that totals or averages the rows above it
_TOTAL_ROW = re.compile(
    r"\b(?:total|all|overall|network|whole|combined|average|mean|system|full[^\S\n-]*year|annual|year[^\S\n]+to[^\S\n]+date)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Tie:
    """Figures tied as a group, by their places in the passage's list: a table's total row and the `parts` of its
    column above it ("total" where the total is their sum, mean or mean weighted by one of `weights`, columns of
    the same rows; "summary" where it is none of these), shares that make a whole ("whole": `parts` add up to
    100; `total` is the last of them), three figures that multiply to a fourth ("product_of_three": `total`), or a
    figure per a day, week or month that a year's total gives ("period": `total` is `parts[0]` over `factor`), a run
    of figures that add up to another ("sum_of_parts"), or a share now that its earlier figure and the growth of its
    part and of its whole give ("grown_share": `parts` are the earlier share, the part's and the whole's growth)."""

    kind: str
    parts: tuple[int, ...]
    total: int
    weights: tuple[tuple[int, ...], ...] = ()
    factor: int = 0  # a "period" tie's: how many of its periods a year holds (365, 366, 52, 12)


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


#: the words before a figure of another time it is compared with ("up from 59.8%", "compared with 13.6%")
_COMPARING = r"(?:up|down|rising|falling|rose|fell)[^\S\n]+from|compared[^\S\n]+(?:with|to)|against|versus|vs\.?"
_COMPARATOR = re.compile(rf"\b(?:{_COMPARING})[^\S\n]+(?:an?[^\S\n]+)?$", re.IGNORECASE)
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
    prose = [
        i
        for i, f in enumerate(found)
        if f.percent
        and not f.signed
        and i not in in_tables
        and not _COMPARATOR.search(text, max(0, f.start - 30), f.start)
    ]  # "Active: 61.4%, up from 59.8% in 2023; fairly active: 14.5%": the comparator is no share of this whole
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


#: the most figures a stretch of two sentences may hold for its products of three to be read (a table is no sentence)
_MOST_IN_PRODUCT = 12


@functools.lru_cache(maxsize=1024)
def product_ties(text: str, reading: Reading = Reading()) -> tuple[Tie, ...]:  # noqa: B008
    """With `reading.products_of_three`, each figure that three others of two sentences side by side multiply to,
    as written, to its last digit ("15 placements at £12,700 a week ... over 52 weeks, £9,906,000"): a "product" tie
    of the three `parts` and their `total`. Their units multiply to its unit; no factor is a change or 1, at most one
    is a percentage (a share of the other two's product: "80% of 24,000 tonnes of fuel x 3.16 tonnes of CO2 a
    tonne"), and no two of them alone give it (that is a relation of three figures); a count's product is 20 or
    more."""
    if not reading.products_of_three:
        return ()
    found = figures(text, reading)
    starts = [f.start for f in found]
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
    out: dict[tuple[tuple[int, ...], int], Tie] = {}
    for first, last in zip(bounds, bounds[2:] or bounds[1:], strict=False):
        inside = range(bisect.bisect_left(starts, first), bisect.bisect_left(starts, last))
        if len(inside) > _MOST_IN_PRODUCT:
            continue
        factors = [i for i in inside if not found[i].signed and found[i].value != 1]
        for parts in itertools.combinations(factors, 3):
            x, y, z = (found[i] for i in parts)
            if sum(f.percent for f in (x, y, z)) > 1:
                continue  # a share of a product ("80% of 24,000 tonnes x 3.16") is one percentage at most
            units = times(times(_plain(x), _plain(y)), _plain(z))
            value = _fraction(x) * _fraction(y) * _fraction(z)
            for k in inside:
                r = found[k]
                if k in parts or r.percent or r.units != units or r.tolerance > TIGHT * r.value:
                    continue
                if abs(value - r.value) > _round(r) + 1e-9 * abs(r.value):
                    continue
                if r.dimension == COUNT and r.value < SMALLEST_EXACT:
                    continue
                if any(abs(a.value * b.value - r.value) <= r.rounding for a, b in itertools.combinations((x, y, z), 2)):
                    continue
                out.setdefault((parts, k), Tie("product_of_three", parts, k))
    return tuple(out[key] for key in sorted(out, key=lambda key: (key[1], key[0])))


def _round(figure: Figure) -> float:
    """Half the last digit a figure is rounded to, its trailing zeros counted where it is hedged ("about 60,700
    tonnes" is to the hundred)."""
    digits = figure.written.replace(",", "")
    if not figure.hedged or figure.tolerance or not digits.isdigit() or not digits.strip("0"):
        return figure.rounding
    zeros = len(digits) - len(digits.rstrip("0"))
    return figure.rounding * 10**zeros


def _plain(figure: Figure) -> tuple:
    """A factor's units, a percentage's none (it is a fraction of what it multiplies)."""
    return () if figure.percent else figure.units


def _fraction(figure: Figure) -> float:
    return figure.value / 100 if figure.percent else figure.value


def _product(tie: Tie, found: Mapping[int, Figure]) -> bool:
    """Whether the tie's parts still multiply to its total, to its last digit (a hedged total within 1%)."""
    total = found[tie.total]
    value = functools.reduce(lambda a, b: a * b, (_fraction(found[i]) for i in tie.parts))
    allowed = max(total.rounding, HEDGED * total.value) if total.hedged else total.rounding
    return abs(value - total.value) <= allowed + 1e-9 * abs(total.value)


#: a figure per a day, a week or a month: "per" or "a" and the period after it within two words ("2,523 calls a day"),
#: or in its label before it ("Average calls per day: 2,523", "a daily average of 2,523")
_PERIOD_AFTER = re.compile(
    r"[^\S\n]*(?:(?!(?:for|in|within|over|during|after|before|by)\b)[A-Za-z-]+[^\S\n]+){0,2}?(?:per|a|each)[^\S\n]+"
    r"(?P<period>day|week|month)\b",
    re.IGNORECASE,
)
_PERIOD_BEFORE = re.compile(
    r"(?:\b(?:per|a|each)[^\S\n]+(?P<period>day|week|month)\b|\b(?P<adjective>daily|weekly|monthly)\b)[^.;\n\d]{0,30}$",
    re.IGNORECASE,
)
#: how many of each period a year holds
_IN_A_YEAR = {"day": (365, 366), "week": (52,), "month": (12,)}
#: the smallest figure per a period read: a small one meets a total over a period by chance
_SMALLEST_PER_PERIOD = 10


def _period(text: str, figure: Figure) -> str | None:
    after = _PERIOD_AFTER.match(text, figure.end)
    if after is not None:
        return after.group("period").casefold()
    before = _PERIOD_BEFORE.search(text, max(0, figure.start - 60), figure.start)
    if before is None:
        return None
    adjective = (before.group("adjective") or "").casefold()
    return (
        before.group("period").casefold()
        if before.group("period")
        else adjective.removesuffix("ly").replace("dai", "day")
    )


@functools.lru_cache(maxsize=1024)
def period_ties(text: str, reading: Reading = Reading()) -> tuple[Tie, ...]:  # noqa: B008
    """With `reading.periods`, each figure per a day, a week or a month that a figure of its unit near it, a year's
    total, gives to its last digit ("Emergency calls received: 921,000. Average calls per day: 2,523": 921,000 over
    365 days): a "period" tie of the total (`parts`) and the figure (`total`), with the year's number of periods."""
    if not reading.periods:
        return ()
    found = figures(text, reading)
    out = []
    for k, rate in enumerate(found):
        period = None if rate.percent or rate.value < _SMALLEST_PER_PERIOD else _period(text, rate)
        if period is None:
            continue
        for i in range(max(0, k - NEAR), min(len(found), k + NEAR + 1)):
            whole = found[i]
            if i == k or whole.percent or whole.units != rate.units or whole.value <= rate.value:
                continue
            factor = next((n for n in _IN_A_YEAR[period] if abs(whole.value / n - rate.value) <= rate.rounding), 0)
            if factor:
                out.append(Tie("period", (i,), k, factor=factor))
    return tuple(out)


def _per_period(tie: Tie, found: Mapping[int, Figure]) -> bool:
    """Whether the tie's figure is still its total over the year's periods, to its last digit (1% where hedged)."""
    rate, whole = found[tie.total], found[tie.parts[0]]
    allowed = max(rate.rounding, HEDGED * rate.value) if rate.hedged else rate.rounding
    return abs(whole.value / tie.factor - rate.value) <= allowed + 1e-9 * abs(rate.value)


#: the fewest parts a sum of parts is read with (two parts are a relation of three figures, arithmetic.py)
_FEWEST_PARTS = 3


@functools.lru_cache(maxsize=1024)
def sum_ties(text: str, reading: Reading = Reading()) -> tuple[Tie, ...]:  # noqa: B008
    """With `reading.sums_of_parts`, each figure that a run of three or more figures of its unit one after another
    near it add up to as written, to its last digit ("totalled £73.6 million ... UKRI: £31.2 million; Wellcome:
    £12.8 million; ... Charities: £4.4 million"): a "sum_of_parts" tie of the run (`parts`) and its `total`. The total
    is written to 1.2% or finer and a run of counts adds up to 20 or more; no part is a percentage or a change."""
    if not reading.sums_of_parts:
        return ()
    found = figures(text, reading)
    out = []
    for k, total in enumerate(found):
        if total.percent or total.signed or total.dimension == COUNT and total.value < SMALLEST_EXACT:
            continue
        if total.rounding > TIGHT * total.value:
            continue  # "₹ 2 crore", "about 24 hours": a total so round that parts meet it by chance
        allowed = total.rounding + 1e-9 * total.value
        for first in range(max(0, k - NEAR), min(len(found), k + NEAR)):
            run, value = [], 0.0
            for i in range(first, min(len(found), k + NEAR + 1)):
                part = found[i]
                if i == k or part.units != total.units or part.percent or part.signed or value > total.value + allowed:
                    break
                run.append(i)
                value += part.value
                if len(run) >= _FEWEST_PARTS and abs(value - total.value) <= allowed:
                    out.append(Tie("sum_of_parts", tuple(run), k))
                    break
    return tuple(dict.fromkeys(out))


def _sums(tie: Tie, found: Mapping[int, Figure]) -> bool:
    """Whether the tie's parts still add up to its total, to its last digit (1% where it is hedged)."""
    total = found[tie.total]
    allowed = max(total.rounding, HEDGED * total.value) if total.hedged else total.rounding
    return abs(sum(found[i].value for i in tie.parts) - total.value) <= allowed + 1e-9 * abs(total.value)


#: what stands between a share and its figure of an earlier time in one sentence ("now account for 14.2% of group
#: sales, compared with 13.6%", "14.2%, up from 13.6%")
_COMPARED_SHARE = re.compile(rf"[^.;\n]{{0,60}}?\b(?:{_COMPARING}|from)[^\S\n]+(?:an?[^\S\n]+)?$", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def grown_share_ties(text: str, reading: Reading = Reading()) -> tuple[Tie, ...]:  # noqa: B008
    """With `reading.grown_shares`, each share compared with its earlier figure in one sentence that the growth of its
    part and of its whole, two percentages of its sentence or the two before, give to its last digit ("Sales rose
    5.1% ... Online sales grew 9.4% and now account for 14.2% of group sales, compared with 13.6%": 13.6% x 1.094 /
    1.051 is 14.16%): a "grown_share" tie of the earlier share, the part's and the whole's growth (`parts`) and the
    share now (`total`)."""
    if not reading.grown_shares:
        return ()
    found = figures(text, reading)
    starts = [f.start for f in found]
    bounds = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
    out = []
    for k in range(len(found) - 1):
        now, then = found[k], found[k + 1]
        if not (now.percent and then.percent) or not _COMPARED_SHARE.search(text, now.end, then.start):
            continue
        sentence = bisect.bisect_right(bounds, now.start) - 1
        begin = bounds[max(0, sentence - 2)]
        near = [i for i in range(bisect.bisect_left(starts, begin), k + 2) if found[i].percent and i not in (k, k + 1)]
        growth = {i: _growth(text, found[i]) for i in near}
        for part, whole in itertools.permutations(near, 2):
            a, g = growth[part], growth[whole]
            if a == g:
                continue
            if abs(then.value * (1 + a / 100) / (1 + g / 100) - now.value) <= now.tolerance + 1e-9:
                out.append(Tie("grown_share", (k + 1, part, whole), k))
    return tuple(out)


#: a fall named before a percentage in its clause ("Group sales fell 5.1%", "down 2.0%")
_FALL_BEFORE = re.compile(
    r"\b(?:fell|fall(?:en|ing)?|down|declined?|declining|decreased?|dropped|lower)\b[^.;,\d]{0,20}$", re.IGNORECASE
)


def _growth(text: str, figure: Figure) -> float:
    """A percentage as a growth: below none where its clause names a fall or it is written with a minus."""
    fall = (
        _FALL_BEFORE.search(text, max(0, figure.start - 30), figure.start)
        or figure.signed
        and (text[max(0, figure.start - 1) : figure.start] in ("-", "−"))
    )
    return -figure.value if fall else figure.value


def _grown(tie: Tie, before: tuple[Figure, ...], after: Mapping[int, Figure], old: str) -> bool:
    """Whether the tie's share is still what its earlier figure and the growths give (each growth's sign as the
    original text writes it)."""
    then, part, whole = (after[i].value for i in tie.parts)
    signs = [1 if _growth(old, before[i]) > 0 else -1 for i in tie.parts[1:]]
    now = after[tie.total]
    a, g = signs[0] * part, signs[1] * whole
    return abs(then * (1 + a / 100) / (1 + g / 100) - now.value) <= now.tolerance + 1e-9


def ties_broken(old: str, reading: Reading, before: tuple[Figure, ...], after: Mapping[int, Figure]) -> list[Tie]:
    """The ties of `old` that the new figures `after` (by their old places; a figure gone is missing) break: a
    total or a whole whose figures moved and no longer hold (a figure gone breaks it), a summary whose total moved
    alone."""
    out = []
    ties = (*column_ties(old, reading), *whole_ties(old, reading), *product_ties(old, reading))
    grouped = (*sum_ties(old, reading), *grown_share_ties(old, reading))
    for tie in (*ties, *period_ties(old, reading), *grouped):
        places = {*tie.parts, tie.total, *(i for column in tie.weights for i in column)}
        moved = {i for i in places if i not in after or after[i].value != before[i].value}
        if not moved:
            continue
        if tie.kind == "summary":
            if tie.total in moved and not moved & set(tie.parts):
                out.append(tie)
            continue
        if moved - set(after):
            out.append(tie)
        elif tie.kind == "whole" and not _whole(tie, after):
            out.append(tie)
        elif tie.kind == "product_of_three" and not _product(tie, after):
            out.append(tie)
        elif tie.kind == "period" and not _per_period(tie, after):
            out.append(tie)
        elif tie.kind == "sum_of_parts" and not _sums(tie, after):
            out.append(tie)
        elif tie.kind == "grown_share" and not _grown(tie, before, after, old):
            out.append(tie)
        elif tie.kind == "total" and not _still_totals(tie, before, after):
            out.append(tie)
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
