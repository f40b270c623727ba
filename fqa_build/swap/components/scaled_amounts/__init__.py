"""The `scaled_amounts` component's parameters. What it makes and rewrites is in make.py, registered where it is
defined (fqa_build/swap/hooks.py); the text is read by fqa_build/facts/dimensions.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("scaled_amounts")
@dataclass(frozen=True)
class ScaledAmounts(Component):
    """An amount of money or a measured quantity whose passage states other amounts of its dimension is swapped by
    moving all of them by one exact factor ("£468 ... up £41 ... £431 ... £534" doubled), so that every sum, share,
    change, mean, rate and ratio the passage states between them still holds, read or not (make.py). Where the
    passage states no other amount of its dimension, the swap is `made_values`'."""

    #: the modest factors a swap draws from (as a made value moves within about 1.6), those where every amount times
    #: the factor keeps its written decimals ("£9.60" x 1.5 = "£14.40"; "£41" x 1.5 is no whole pound)
    factors: tuple[float, ...] = (1.25, 1.5, 0.75)
    #: the factor where none of those is exact: a whole number, always exact
    fallback: float = 2.0

    offers: ClassVar[frozenset[str]] = frozenset({"amounts_scale_together"})

    def __post_init__(self) -> None:
        if any(f <= 0 or f == 1 for f in (*self.factors, self.fallback)):
            raise ValueError(f"scaled_amounts: factors must be positive and not 1, got {self.factors!r}")
        if not float(self.fallback).is_integer():
            raise ValueError(f"scaled_amounts: the fallback factor must be whole (always exact), got {self.fallback}")
