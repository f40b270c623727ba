"""The rule of the `stated_arithmetic` component: the rewritten passage keeps the arithmetic the original states
among its figures (fqa_build/facts/arithmetic.py reads it). It checks the rewrite, not the mechanism, so it holds
for every swap that moves a figure: a made value, a scaled amount, a count, a percentage, a stretch of time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.facts.arithmetic import broken
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@rule(Stage.REWRITE, Reason.STATED_ARITHMETIC_BROKEN)
def stated_arithmetic_kept(swap: Swap) -> Reason | None:
    """No sum, product, share or change that holds among three figures of the original passage, to the precision
    they are written with, is broken in the rewritten one ("£18,500 x 5,390 entrants" is £99.7m, not the £99.8m a
    doubled £49.9m gives)."""
    return Reason.STATED_ARITHMETIC_BROKEN if broken(swap.context, swap.rewrite.text) else None
