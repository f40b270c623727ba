"""The `kinds` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("kinds")
@dataclass(frozen=True)
class Kinds(Component):
    """Each entity is classed by its kind under its label (a city, a country, a given name ...), and the shape a
    replacement must keep includes the kind; the acronyms of the original its context uses count as its other names."""

    needs: ClassVar[frozenset[str]] = frozenset({"kinds"})
