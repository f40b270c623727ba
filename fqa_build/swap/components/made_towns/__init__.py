"""The `made_towns` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("made_towns")
@dataclass(frozen=True)
class MadeTowns(Component):
    """A city is replaced by a small town of its region (make.py); a composed name's town part
    follows the same parameters."""

    regions_from_text: bool = True  # a made town lies in the regions of the places named near (regions.py)
    near_named_cities: bool = True  # a made town lies near the cities its text names (locality.py)
    no_city_districts: bool = True  # no made town is a district of a large city ("Ochota" of Warsaw)

    offers: ClassVar[frozenset[str]] = frozenset({"regions_from_text"})

    def capabilities(self) -> frozenset[str]:
        """A made place lies in the regions of the places its text names (composed names' town parts too)."""
        return frozenset({"regions_from_text"} if self.regions_from_text else set())
