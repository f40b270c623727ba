"""The `stated_arithmetic` component's parameters. Its rule is in rules.py, registered where it is defined
(fqa_build/swap/rule.py); the text is read by fqa_build/facts/arithmetic.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("stated_arithmetic")
@dataclass(frozen=True)
class StatedArithmetic(Component):
    """The arithmetic a passage states among its figures holds after the swap: every sum, product, share and change
    that holds between three of its figures to the precision they are written with ("9,250 ... 5,390 entrants ...
    £49.9m"; "2,184 movements ... 31,150 t ... 14.3 t") holds among the new figures too, whatever rule or mechanism
    moved them, or the row is dropped (rules.py). Amounts scaled together are scaled by a factor that keeps it where
    one does (`offers`: scaled_amounts asks)."""

    offers: ClassVar[frozenset[str]] = frozenset({"stated_arithmetic_kept"})
