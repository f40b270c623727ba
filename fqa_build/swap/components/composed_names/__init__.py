"""The `composed_names` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component

#: The types a policy with `composed_names` makes rather than draws (its `MAKE` hook, make.py); works of art, laws
#: and products only under `made_works` (swap/components/made_works/make.py)
MADE_TYPES = frozenset({"GPE", "NORP", "ORG", "LOC", "EVENT", "FAC", "WORK_OF_ART", "LAW", "PRODUCT"})


@component("composed_names")
@dataclass(frozen=True)
class ComposedNames(Component):
    """Organisations, places and events get composed names (make.py)."""

    made_types: ClassVar[frozenset[str]] = MADE_TYPES
    draws_none: ClassVar[frozenset[str]] = MADE_TYPES
    requires: ClassVar[tuple[str, ...]] = ("kinds",)  # a team is a kind

    plain_parts: bool = True  # no function word or particle as a name part
    team_towns_host_sized: bool = True  # a made team's town is one a major league could play in (100,000 people)
    call_signs_keep_region: bool = True  # a made call sign keeps its W or K and changes its last letter

    offers: ClassVar[frozenset[str]] = frozenset({"composed_names", "team_towns_host_sized"})

    def capabilities(self) -> frozenset[str]:
        """Names are composed (their short forms rewritten with them); a made team's town is host-sized."""
        return frozenset({"composed_names"} | ({"team_towns_host_sized"} if self.team_towns_host_sized else set()))
