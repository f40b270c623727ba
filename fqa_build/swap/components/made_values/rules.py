"""Rules on made values (numbers with units, make.py): the mention writes one number the swap can
remake, no name holds it, the question does not state it, and nothing the passage states about it needs a
relation no new value keeps (a sum, a factor, a share of a whole, a restatement in another form)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.components.made_values.make import made_values, numbers_in, parse_value
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import YEAR, find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def made_value(swap: Swap) -> bool:
    """The swap makes a value (a number with a unit under `make_values`): what the value rules look at."""
    return swap.label in swap.policy.value_types


@rule(Stage.MENTION, Reason.VALUE_UNREADABLE)
def value_is_one_number(swap: Swap) -> Reason | None:
    """A value is made only from a mention that writes one number, in digits or words (or an ordinal, or a time
    of day), with nothing but its currency, scale and unit around it: no range ("5 to 10 km"), ratio ("$5 per
    hour"), second number or number no format rule can remake ("a million", "half")."""
    if made_value(swap) and parse_value(swap.original, swap.label) is None:
        return Reason.VALUE_UNREADABLE
    return None


#: a capitalised word right after a value ("Fifth Avenue", "2nd Battalion", "Third Reich"), or a word of a date the
#: ordinal counts from ("20th anniversary")
_NAME_AFTER = re.compile(r"[^\S\n]+(?:[A-Z][a-z]|(?:anniversary|birthday|centenary|jubilee)\b)")
#: a quotation mark right before a value: the ordinal is a term's ("the "second use of the law"")
_QUOTED = re.compile(r"[\"“‘'][^\S\n]*$")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n][\"'’”)]*[^\S\n]*)$")


@rule(Stage.MENTION, Reason.NUMBER_IN_NAME)
def value_not_in_a_name(swap: Swap) -> Reason | None:
    """An ordinal is not swapped where it is part of a name or a term: written with a capital inside a sentence
    ("the Second World War"), followed by a capitalised word ("2nd Battalion", "Fifth Avenue"), opening a quoted
    term ("the "second use of the law""), or counting from a date the text fixes ("20th anniversary")."""
    if not made_value(swap) or swap.label != "ORDINAL":
        return None
    start, end = swap.mention.start, swap.mention.end
    if swap.original[:1].isupper() and not _SENTENCE_START.search(swap.context[max(0, start - 4) : start]):
        return Reason.NUMBER_IN_NAME
    if _NAME_AFTER.match(swap.context, end) or _QUOTED.search(swap.context[max(0, start - 2) : start]):
        return Reason.NUMBER_IN_NAME
    return None


@rule(Stage.MENTION, Reason.ORIGINAL_IN_QUESTION)
def question_free_of_value(swap: Swap) -> Reason | None:
    """The question does not state the value's number in any form ("20" for "twenty percent", "3rd" for
    "third"): the new passage would no longer state what the question takes as given."""
    if not made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None or value.style == "clock":
        return None
    if any(number == value.value for _, _, number in numbers_in(swap.record.question)):
        return Reason.ORIGINAL_IN_QUESTION
    return None


@rule(Stage.MADE, Reason.UNIT_CONVERSION, Reason.VALUE_BOUND)
def value_keeps_its_place(swap: Swap) -> Reason | None:
    """A restatement of the value in another unit beside it ("6 miles (9.7 km)") is one the swap converts (a known
    unit, agreeing with the original), and some made value keeps the original's place among the values of its
    kind the passage names, and the range it bounds ("from $5 million to $8 million"): it stands where the
    original stood, on the same side of each. A swap that scales every amount of its dimension (`scale_partners`)
    keeps every place and converts every restatement of its dimension by itself."""
    if not made_value(swap) or swap.scale_partners:
        return None
    made = made_values(swap)
    if made is None:
        return Reason.UNIT_CONVERSION
    return None if made else Reason.VALUE_BOUND


#: words that state one value as a multiple or fraction of another
_FACTOR = re.compile(
    r"\b(?:twice|double[sd]?|doubling|triple[sd]?|tripling|quadrupled|half|halved|thrice|(?:\w+-)?fold|times)\b",
    re.IGNORECASE,
)
#: a percentage that is a change ("rose by 20%", "an increase of 20%", "20% growth"), which the values it changes
#: between, where the sentence gives them, fix
_CHANGE_WORD = (
    r"(?:increase[sd]?|decrease[sd]?|rise|rose|risen|fell|fall|fallen|drop(?:ped)?|grew|grown|growth|"
    r"decline[sd]?|gain(?:ed)?|loss|lost|jump(?:ed)?|cut)"
)
_CHANGE_BEFORE = re.compile(
    rf"\b{_CHANGE_WORD}[^\S\n]+(?:by|of)[^\S\n]+(?:(?:about|some|nearly)[^\S\n]+)?$", re.IGNORECASE
)
_CHANGE_AFTER = re.compile(rf"[^\S\n]+{_CHANGE_WORD}\b", re.IGNORECASE)
#: words that state a sum
_TOTAL = re.compile(r"\b(?:total(?:s|l?ing|l?ed)?|in all|altogether|combined|sum|overall)\b", re.IGNORECASE)


def _is_change(context: str, start: int, end: int) -> bool:
    """True when the value at [start, end) is a change ("rose by 20%", "a 3 cent increase", "20% growth")."""
    return bool(_CHANGE_BEFORE.search(context[max(0, start - 30) : start]) or _CHANGE_AFTER.match(context, end))


#: the relative tolerance of a stated sum ("$1.2 million and $0.8 million, $2 million in all")
_TOLERANCE = 0.005


def _adds_up(mine: float, others: list[float]) -> bool:
    """True when the value and two or three of the others make a stated sum (the value a part or the whole)."""

    def same(a: float, b: float) -> bool:
        return abs(a - b) <= _TOLERANCE * max(abs(a), abs(b))

    n = len(others)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if same(mine + others[i], others[j]):
                return True
            if j > i and same(others[i] + others[j], mine):
                return True
            for k in range(n):
                if k not in (i, j) and j > i and same(mine + others[i] + others[j], others[k]):
                    return True
                if j > i and k > j and same(others[i] + others[j] + others[k], mine):
                    return True
    return False


@rule(Stage.REWRITE, Reason.VALUE_IN_ARITHMETIC)
def value_not_in_arithmetic(swap: Swap) -> Reason | None:
    """A value is not swapped where the passage does arithmetic with it that no new value keeps: it is a part
    or the sum of other values of its unit the sentences around it give ("$5 million and $3 million, $8
    million in all"; a sentence that says "total" beside another), a step another of them states ("a 3 cent
    increase, to 49 cents"), a percentage of a sentence whose percentages make up a whole (about 100), a multiple or
    fraction of another number of its sentence, years left out ("twice", "half", "three times"), or a percentage
    change ("rose by 20%", "a 20% increase") where its sentence gives two other numbers, years left out. A swap that
    scales every amount of its dimension (`scale_partners`) keeps all of these."""
    if not made_value(swap) or swap.scale_partners:
        return None
    value = parse_value(swap.original, swap.label)
    if value is None or value.style not in ("digits", "words"):
        return None
    spans = [(s, e) for s, e in swap.rewrite.mention_old_spans if s in {a for a, _ in swap.mention_spans}]
    restated = [(s, e) for s, e in swap.rewrite.mention_old_spans if (s, e) not in spans]
    percent = value.unit.endswith("|percent")
    for start, end in spans:
        lo, hi = sentences_around(swap.context, start, end)
        lo, hi = sentences_around(swap.context, max(0, lo - 2), end, after=1)  # the sentences before and after too
        others = []
        for o_start, o_end, label in swap.info.entities:
            if label != swap.label or not lo <= o_start < hi:
                continue
            if any(o_start < e and s < o_end for s, e in spans + restated):
                continue
            other = parse_value(swap.context[o_start:o_end], label)
            if other is not None and other.unit == value.unit:
                others.append(other.amount)
                if _is_change(swap.context, o_start, o_end):
                    return Reason.VALUE_IN_ARITHMETIC  # "a 3 cent increase ... to 49 cents": a stated step
        if _adds_up(value.amount, others):
            return Reason.VALUE_IN_ARITHMETIC
        lo, hi = sentences_around(swap.context, start, end)
        if others and _TOTAL.search(swap.context, lo, hi):
            return Reason.VALUE_IN_ARITHMETIC  # "... plus 20 minutes ..., totalling 228 minutes"
        numbers = [
            (s, e, v)
            for s, e, v in numbers_in(swap.context[lo:hi])
            if not any(a <= lo + s < b for a, b in spans + restated)
            and not YEAR.fullmatch(swap.context[lo + s : lo + e])
        ]
        if numbers and _FACTOR.search(swap.context, lo, hi):
            return Reason.VALUE_IN_ARITHMETIC
        if percent:
            shares = [
                v for s, e, v in numbers if re.match(r"[^\S\n]*(?:%|percent|per cent)", swap.context[lo + e : hi])
            ]
            if shares and abs(sum(shares) + value.value - 100) <= 1:
                return Reason.VALUE_IN_ARITHMETIC
            if _is_change(swap.context, start, end) and len(numbers) >= 2:
                return Reason.VALUE_IN_ARITHMETIC
    return None


#: the smallest number another mention of which is taken for a restatement of the value
_RESTATED_FROM = 13


@rule(Stage.REWRITE, Reason.VALUE_RESTATED)
def value_not_restated(swap: Swap) -> Reason | None:
    """The value's number is not left standing elsewhere in another form ("2,500,000" beside "$2.5 million" is
    caught by the order of values; here the bare number: "20" or "twenty" beside "20 percent" once it reaches
    13 or has decimals), and an ordinal or a number in words is swapped only where the passage writes it once
    (the rewrite would change every "third" of the passage, whatever each ranks)."""
    if not made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None:
        return None
    spans = swap.rewrite.mention_old_spans
    if value.style in ("ordinal_words", "ordinal_digits", "words") and len(spans) > 1:
        return Reason.VALUE_RESTATED
    if value.style == "clock" or value.value < _RESTATED_FROM and not value.decimals:
        return None
    # a mention of the original the rewrite keeps as another quantity's ("Denmark 1.1%" beside the swapped "Austria
    # 1.1%", `Rewrite.kept`) is that quantity, no restatement of this one
    kept = (
        [span for span in find_whole_word(swap.context, swap.original) if span not in spans]
        if swap.rewrite.kept
        else []
    )
    for start, _, number in numbers_in(swap.context):
        if number == value.value and not any(s <= start < e for s, e in (*spans, *kept)):
            return Reason.VALUE_RESTATED
    return None
