"""The `closed_class_nouns` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("closed_class_nouns")
@dataclass(frozen=True)
class ClosedClassNouns(Component):
    """A one-word answer of a closed class ("copper") is swapped (things.py)."""

    made_types: ClassVar[frozenset[str]] = frozenset({"THING"})
    own_labels: ClassVar[frozenset[str]] = frozenset({"THING"})
    requires: ClassVar[tuple[str, ...]] = ("kinds",)  # a thing's class is its kind
