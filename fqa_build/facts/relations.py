"""The relations a sentence states between a swapped number and the other numbers beside it, and what keeps them
true when the number changes.

A number of a sentence is read with the others: a part of a total ("5,792 students in the College, 3,468 in its
graduate divisions, ... and 15,244 overall"), one side of an order ("3,600 Frenchmen defeated a force of
18,000", "from 599 m to 396 m"), a share ("28,000 students or 3.7% of ..."), a product or a ratio. Each is a
condition on the values written, never on what the sentence is about:

- an order holds where the new value stays on the same side of every other number of the sentence
  (`keeps_order`, the candidate filter `count_keeps_order`);
- a sum holds where the swapped number is one of its parts and the total is rewritten with it
  (`count_relations`: the total moves by the change of the part, written as it was, in digits or in words);
- a sum whose total is the swapped number, a share, a product or a multiple cannot be kept by rewriting one
  number (which part, which factor?): the swap is dropped (the rule `counts_keep_relations`).

Beyond its sentence, a count is read with its whole passage: `count_lists.passage_tie`.

Written for any numeric type: `numbers_read.numbers_in` reads every number, digits or words, with its scale word;
`count_lists` reads what a passage says of a count another way (a list, a span of years).
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

from fqa_build.facts.count_lists import (
    SAYS_AGAIN,
    converted_in_brackets,
    counted_word,
    named_members,
    names_as_many,
    spans_years,
)
from fqa_build.facts.numbers import Number, conversion_after, numbers_in, rounded_to, significant_digits, written_like
from fqa_build.sentences import sentences_around
from fqa_build.text import number_value, value_of, whole_word_pattern

#: words that say a number is the total of others ("in all", "overall", "of which")
_TOTAL_CUE = re.compile(
    r"\b(?:total(?:ly|led|ing)?|overall|in all|altogether|combined|sum|of which|of them|of these|out of|of the|"
    r"including|comprising|consisting of|made up of)\b",
    re.IGNORECASE,
)
#: words that make one number a multiple of another ("twice", "three times as many")
_MULTIPLIER = re.compile(
    r"\b(?:(?P<word>twice|double|doubled|triple|tripled|half|quadruple)|"
    r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten)[^\S\n]*(?:times|-fold|fold)\b)",
    re.IGNORECASE,
)
_MULTIPLE = {"twice": 2.0, "double": 2.0, "doubled": 2.0, "triple": 3.0, "tripled": 3.0, "half": 0.5, "quadruple": 4.0}
#: a share in words: "one-third", "a quarter", "half", "two-thirds"
_FRACTIONS = {
    "half": 0.5,
    "one half": 0.5,
    "one third": 1 / 3,
    "two thirds": 2 / 3,
    "one quarter": 0.25,
    "three quarters": 0.75,
    "one fifth": 0.2,
    "one tenth": 0.1,
}
_FRACTION = re.compile(
    r"\b(?:half|(?:one|a)[-\s]half|(?:one|a)[-\s]third|two[-\s]thirds|(?:one|a)[-\s]quarter|three[-\s]quarters|"
    r"(?:one|a)[-\s]fifth|(?:one|a)[-\s]tenth)\b",
    re.IGNORECASE,
)
#: the most numbers of a sentence whose sums are searched (sums of up to four parts)
MAX_TERMS = 12
#: below this total a sum is read only where a word says it is one (small counts add up by chance)
SMALL_TOTAL = 10
#: how close a share, product or ratio must come to be read as one (the text rounds)
RATIO_TOLERANCE = 0.005
PERCENT_TOLERANCE = 0.6


@dataclass(frozen=True)
class Relations:
    """What a swapped number's sentences state about it: the other numbers its new value must stay on the same
    side of (`bounds`), the totals to rewrite with it (`totals`: each a `Number` that is its parts' sum), the
    conversions to rewrite with it (`conversions`: "400 m (1,300 ft)"), and, where a relation cannot be kept by a
    rewrite, what it is (`problem`)."""

    bounds: tuple[float, ...] = ()
    totals: tuple[Number, ...] = ()
    problem: str | None = None
    conversions: tuple[Number, ...] = ()  # the same amount in another unit, in brackets after a mention
    #: (whole, rest): a larger number of the sentence and the sum of the others below it, which the count and the
    #: rest stay within ("60,000 objects, including 10,000 textiles and 6000 paintings")
    capacities: tuple[tuple[float, float], ...] = ()


def _sentence_numbers(context: str, start: int, end: int) -> tuple[Number, ...]:
    lo, hi = sentences_around(context, start, end)
    return tuple(n for n in numbers_in(context) if lo <= n.start and n.end <= hi and not start <= n.start < end)


@functools.lru_cache(maxsize=20_000)
def count_relations(
    context: str, original: str, question: str = "", own: tuple[tuple[int, int], ...] | None = None
) -> Relations:
    """The relations of every whole-word mention of `original` (a count) with the numbers of its sentence: the
    bounds its new value must respect, the totals it is a part of and the conversions after it (rewritten with
    it), or the problem no rewrite solves: it is the total of parts the text gives ("total"), a share of a
    number by a percentage or a fraction the text gives ("share"), a product or ratio of two of them
    ("product"), a proportion of three ("proportion"), a multiple ("multiple"), a part of two different totals
    ("totals"), of a small or round sum no word marks as one ("unmarked sum"), or of a total the question names
    ("total asked"); it counts the names its sentence then lists ("list") or the years it spans ("span"); it is
    a conversion in brackets or has one it cannot scale ("conversion"); a range's other end or its whole is no
    number read here ("range"); its sentence says it again as a word ("triple", "respectively": "tuple"); or
    its mentions count different things ("two teams' ... two different teams": "other counts"), so a rewrite
    of every mention changes facts it does not ask about. With `own` (`rules.arithmetic.own_mentions`), only those
    mentions are read: the swap rewrites them and leaves the others, which count other things, as written."""
    value = value_of(original)
    if value is None or value <= 0:
        return Relations()
    pattern = whole_word_pattern(original)
    spans = list(own) if own else [(m.start(), m.end()) for m in pattern.finditer(context)]
    if not own and len({counted_word(context, end) for _, end in spans}) > 1:
        return Relations(problem="other counts")
    bounds: set[float] = set()
    totals: dict[int, Number] = {}
    conversions: dict[int, Number] = {}
    capacities: set[tuple[float, float]] = set()
    for start, end in spans:
        if _partner_unread(context, start, end):
            return Relations(problem="range")
        conversion = conversion_after(context, end)
        if isinstance(conversion, str):
            return Relations(problem=conversion)
        if conversion is not None:
            conversions[conversion.start] = conversion
        others = [
            n
            for n in _sentence_numbers(context, start, end)
            if not any(s <= n.start < e for s, e in spans) and n.start not in conversions
        ]
        lo, hi = sentences_around(context, start, end)
        sentence = context[lo:hi]
        problem = (
            ("tuple" if SAYS_AGAIN.search(sentence) else None)
            or _unrewritable(value, others, sentence)
            or names_as_many(value, context, end)
            or spans_years(value, sentence)
            or converted_in_brackets(context, start)
        )
        if problem is not None:
            return Relations(problem=problem)
        terms = [n for n in others if not n.percent and not n.dashed and n.value != value][:MAX_TERMS]
        for total in _totals_of_part(value, terms):
            if not _TOTAL_CUE.search(sentence) and (total.value < SMALL_TOTAL or _all_round(value, terms)):
                return Relations(problem="unmarked sum")
            totals[total.start] = total
        bounds.update(n.value for n in others if not n.percent and n.start not in totals)
        least = named_members(context, start, end)
        if least and least <= value:
            bounds.add(least - 0.5)  # as many as the passage names, at least
        parts = [n.value for n in others if not n.percent and n.start not in totals]
        for whole in parts:
            rest = sum(p for p in parts if p < whole)
            if whole > value and value + rest <= whole:
                capacities.add((whole, rest))
    if len({t.value for t in totals.values()}) > 1:
        return Relations(problem="totals")
    for total in totals.values():
        if question and whole_word_pattern(context[total.start : total.end]).search(question):
            return Relations(problem="total asked")
    moving = {t.value for t in totals.values()}
    return Relations(
        tuple(sorted(bounds - moving)),
        tuple(sorted(totals.values(), key=lambda n: n.start)),
        conversions=tuple(sorted(conversions.values(), key=lambda n: n.start)),
        capacities=tuple(sorted(c for c in capacities if c[0] not in moving)),
    )


_PARTNER_BEFORE = re.compile(r"(\d[\d,.]*)[^\S\n]*(?:–|-|—|to|and|or|of|out of)[^\S\n]*(?:the[^\S\n]+|all[^\S\n]+)?$")
_PARTNER_AFTER = re.compile(
    r"[^\S\n]*(?:–|-|—|to|and|or|of|out of)[^\S\n]*(?:the[^\S\n]+|all[^\S\n]+)?(?:as \w+ as[^\S\n]+)?(?=\d)"
)


def _partner_unread(context: str, start: int, end: int) -> bool:
    """True where a number joined to this one as a range's other end or its whole ("315 to 194", "24 of the 32")
    is none this module reads (a year, a time, a name): its order with the new value could not be kept."""
    starts = {n.start for n in numbers_in(context)}
    before = _PARTNER_BEFORE.search(context, max(0, start - 24), start)
    if before is not None and before.start(1) not in starts:
        return True
    after = _PARTNER_AFTER.match(context, end)
    return after is not None and after.end() not in starts


def _unrewritable(value: float, others: list[Number], sentence: str) -> str | None:
    """The relation of `value` with `others` that no rewrite of one number keeps, if one holds."""
    terms = [n.value for n in others if not n.percent and not n.dashed and n.value != value][:MAX_TERMS]
    for size in (2, 3, 4):
        for parts in itertools.combinations(terms, size):
            if abs(sum(parts) - value) < 1e-6 and (value >= SMALL_TOTAL or _TOTAL_CUE.search(sentence)):
                return "total"
    plain = [n.value for n in others if not n.percent]
    for n in others:
        if not n.percent:
            continue
        for other in plain:
            if other and (
                abs(other / value * 100 - n.value) <= PERCENT_TOLERANCE
                or abs(value / other * 100 - n.value) <= PERCENT_TOLERANCE
            ):
                return "share"
    for match in _FRACTION.finditer(sentence):
        share = _FRACTIONS[match.group().casefold().replace("-", " ").replace("a ", "one ", 1)]
        if any(other and 0.75 * share <= min(value, other) / max(value, other) <= 1.34 * share for other in plain):
            return "share"  # "7,000 out of 20,000 ..., more than one-third of the population"
    factors = [v for v in plain if v >= 2]
    for a, b in itertools.permutations(factors, 2):
        if _close(a * b, value) or _close(a / b, value):
            return "product"
    if value >= 2:
        for a, b, c in itertools.permutations(factors, 3):
            if _close(value / a, b / c):
                return "proportion"  # "3600 RPM with 60 Hertz, 3000 RPM with 50 Hertz"
    for match in _MULTIPLIER.finditer(sentence):
        factor = _MULTIPLE.get((match.group("word") or "").casefold()) or number_value(match.group("n") or "")
        if factor and any(_close(factor * v, value) or _close(factor * value, v) for v in plain):
            return "multiple"
    return None


def _all_round(value: float, terms: list[Number]) -> bool:
    """True where the count and the numbers beside it are all round ("5 million", "10 million", "15 million"):
    their sums add up by chance as often as by design, so no word marking a total leaves the sum unread."""
    return all(v == int(v) and int(v) % 10 == 0 for v in (value, *(n.value for n in terms)))


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= RATIO_TOLERANCE * max(abs(a), abs(b))


def _totals_of_part(value: float, terms: list[Number]) -> list[Number]:
    """The numbers of `terms` that are the sum of `value` and one to three others of them."""
    found = []
    for total in terms:
        rest = [n.value for n in terms if n is not total and n.value < total.value]
        need = total.value - value
        if need <= 0:
            continue
        if any(abs(sum(parts) - need) < 1e-6 for size in (1, 2, 3) for parts in itertools.combinations(rest, size)):
            found.append(total)
    return found


def keeps_order(old: float, new: float, bounds: tuple[float, ...]) -> bool:
    """True when `new` stands on the same side of every bound as `old` did (a bound equal to `old` binds
    nothing: it is read as the same number written again)."""
    for bound in bounds:
        if old == bound:
            continue
        if (old < bound) != (new < bound) or new == bound:
            return False
    return True


def total_edits(context: str, relations: Relations, old: float, new: float) -> tuple[tuple[int, int, str], ...] | None:
    """The rewrites of the numbers that move with a count: each total it is a part of moved by its change (new -
    old), each conversion after it scaled by new / old and rounded to as many significant digits as it had, each
    written as it was written (its scale word kept); None where one cannot be written so."""
    edits = []
    moved = [(t, t.value + new - old) for t in relations.totals]
    for conversion in relations.conversions:
        written = context[conversion.start : conversion.end].split()[0]
        if conversion.words:
            return None
        moved.append((conversion, rounded_to(conversion.value * new / old, significant_digits(written)) if old else 0))
    for number, value in moved:
        written = context[number.start : number.end]
        digits = written.split()[0] if number.scale != 1 else written
        text = written_like(digits, value / number.scale)
        if text is None:
            return None
        edits.append((number.start, number.start + len(digits), text))
    return tuple(edits)


def within_capacities(new: float, capacities: tuple[tuple[float, float], ...]) -> bool:
    """True when the new count and the others below each larger number still fit within it."""
    return all(new + rest <= whole for whole, rest in capacities)
