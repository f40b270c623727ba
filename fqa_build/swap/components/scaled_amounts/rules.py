"""The rule of the `scaled_amounts` component: a percentage that two amounts of its passage give is not swapped.
Scaling moves every amount of a dimension by one factor, which keeps their ratios, so a percentage that is one of
those ratios must stay as written; no new percentage would agree with them (fqa_build/facts/dimensions.py reads
the text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.facts.dimensions import percent_of_amounts
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@rule(Stage.MENTION, Reason.PERCENT_OF_AMOUNTS)
def percent_not_of_amounts(swap: Swap) -> Reason | None:
    """A percentage is swapped only where no two amounts of one dimension in its passage give it, to the precision
    they are written with, as the share one is of the other or the change from one to the other ("£11.6m of the
    £48.3m ..., 24%"; "a £38m budget and a £61m forecast, a 60.5% overrun"), in any sentence."""
    if swap.label != "PERCENT":
        return None
    for start, end in swap.mention_spans:
        if percent_of_amounts(swap.context, start, end):
            return Reason.PERCENT_OF_AMOUNTS
    return None
