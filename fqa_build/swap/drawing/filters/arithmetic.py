"""The candidate filter that keeps a count's orders with the other numbers of its sentence
(fqa_build/facts/relations.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.facts.relations import count_relations, keeps_order, within_capacities
from fqa_build.swap.components.count_relations.rules import own_spans
from fqa_build.swap.drawing.filters.base import EntryTest, candidate_filter
from fqa_build.text import value_of

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@candidate_filter("count_keeps_order", rank=24)
def count_keeps_order(swap: Swap) -> EntryTest | None:
    """A count stays on the same side of every other number of its sentence ("3,600 Frenchmen ... defeated a
    force of 18,000" keeps fewer than 18,000; "of the 43 members, 30" stays below 43); the totals it is a part of
    move with it and bind nothing."""
    if swap.label != "CARDINAL":
        return None
    old = value_of(swap.original)
    relations = count_relations(swap.context, swap.original, swap.record.question, own_spans(swap))
    if old is None or not (relations.bounds or relations.capacities):
        return None

    def keeps(entry) -> bool:
        new = value_of(entry.entity)
        return (
            new is not None and keeps_order(old, new, relations.bounds) and within_capacities(new, relations.capacities)
        )

    return keeps


def _trailing_zeros(value: float) -> int:
    number, zeros = int(value), 0
    while number and number % 10 == 0:
        number //= 10
        zeros += 1
    return zeros


@candidate_filter("count_stays_round", rank=25)
def count_stays_round(swap: Swap) -> EntryTest | None:
    """A round count in digits draws a count as round ("more than 53,000 examples" never "more than 25,033", ">500
    Da" never ">355 Da"): as many trailing zeros at least, the scale word counted."""
    if swap.label != "CARDINAL" or not any(ch.isdigit() for ch in swap.original):
        return None
    old = value_of(swap.original)
    if old is None or old != int(old) or _trailing_zeros(old) == 0:
        return None
    zeros = _trailing_zeros(old)

    def round_enough(entry) -> bool:
        new = value_of(entry.entity)
        return new is not None and new == int(new) and _trailing_zeros(new) >= zeros

    return round_enough
