"""The rule of the `stated_arithmetic` component: the rewritten passage keeps the arithmetic the original states
among its figures (fqa_build/facts/arithmetic.py reads it). It checks the rewrite, not the mechanism, so it holds
for every swap that moves a figure: a made value, a scaled amount, a count, a percentage, a stretch of time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.facts.arithmetic import Reading, broken
from fqa_build.reasons import Reason
from fqa_build.swap.components.stated_arithmetic import StatedArithmetic
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def reading_of(swap: Swap) -> Reading:
    """What the arithmetic reader reads under the swap's policy: its `stated_arithmetic` component's parameters
    (every reading where it lists none: scaled amounts keep what they can)."""
    params = swap.policy.get(StatedArithmetic)
    return params.reading() if params is not None else Reading()


@rule(Stage.REWRITE, Reason.STATED_ARITHMETIC_BROKEN)
def stated_arithmetic_kept(swap: Swap) -> Reason | None:
    """No sum, product, share or change that holds among three figures of the original passage, to the precision
    they are written with, is broken in the rewritten one ("£18,500 x 5,390 entrants" is £99.7m, not the £99.8m a
    doubled £49.9m gives)."""
    broke = broken(swap.context, swap.rewrite.text, reading_of(swap))
    return Reason.STATED_ARITHMETIC_BROKEN if broke else None
