"""The `made_works` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("made_works")
@dataclass(frozen=True)
class MadeWorks(Component):
    """Works of art and laws get made titles and names, and buildings are named after persons only where the part
    names no place (make.py); their labels are matched beyond `--entity-types`."""

    requires: ClassVar[tuple[str, ...]] = ("kinds",)  # a title without a generic head is a kind

    added_types: ClassVar[frozenset[str]] = frozenset({"FAC", "WORK_OF_ART", "LAW"})

    offers: ClassVar[frozenset[str]] = frozenset({"buildings_by_part"})  # a building composed as a work's name
