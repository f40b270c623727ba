"""Rules of the `quantities` component: what a passage states right beside a number holds after the swap. A new number
lies inside a range stated right after the mention it replaces, where the original did (`ranges_hold`); a number that
takes part in a share the passage states (a percentage of two of its numbers, one of those numbers, a count-and-share
pair "634 [47.9%]") is not swapped, since the share would no longer hold (`shares_hold`). The text is read by
fqa_build/facts/quantities.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.facts.quantities import QUANTITY_LABELS, paired_share, stated_range, stated_tie
from fqa_build.labels import NUMERIC_LABELS
from fqa_build.reasons import Reason
from fqa_build.swap.components import Quantities
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import find_whole_word, value_of

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@rule(Stage.REWRITE, Reason.VALUE_OUTSIDE_RANGE)
def value_within_stated_range(swap: Swap) -> Reason | None:
    """A rewritten number lies inside the range the passage states right after it ("a mean of 9.5 days (range, 8 to
    11 days)", "OR 1.42 (95% CI, 1.10 to 1.83)", ", ranging from 8 to 11") wherever the original did."""
    if swap.label not in NUMERIC_LABELS or swap.shifting or not swap.policy.uses(Quantities, "ranges_hold"):
        return None  # a shifted timeline moves the range with the date
    if swap.scale_partners:
        return None  # the range's ends are amounts of its dimension, scaled with it
    old, new = value_of(swap.original), value_of(swap.replacement)
    if old is None or new is None:
        return None
    rewritten = set(swap.rewrite.mention_old_spans)
    for start, end in find_whole_word(swap.context, swap.original):
        span = stated_range(swap.context, end) if (start, end) in rewritten else None
        if span is not None and span[0] <= old <= span[1] and not span[0] <= new <= span[1]:
            return Reason.VALUE_OUTSIDE_RANGE
    return None


@rule(Stage.MENTION, Reason.SHARE_TIED)
def share_agrees_with_its_numbers(swap: Swap) -> Reason | None:
    """A number is not swapped where it takes part in a share the passage states: a percentage equal, to its written
    precision, to one of two numbers of its sentences over the other ("9,842 of 18,500 households ..., a response
    rate of 53.2%"), a number that is such a part or whole of a stated percentage, or half of a count-and-share
    pair ("634 [47.9%]"). A new value would break the share, and a share cannot be rewritten with it, unless the swap
    scales every amount of its dimension (`scale_partners`): a share of two of them, or a product with a count, still
    holds."""
    if swap.label not in QUANTITY_LABELS or not swap.policy.uses(Quantities, "shares_hold") or swap.scale_partners:
        return None
    for start, end in find_whole_word(swap.context, swap.original):
        if paired_share(swap.context, start, end) or stated_tie(swap.context, start, end):
            return Reason.SHARE_TIED
    return None
