"""The `relabelled_names` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fqa_build.swap.components.base import Component, component


@component("relabelled_names")
@dataclass(frozen=True)
class RelabelledNames(Component):
    """A mislabelled mention is swapped under the label its text shows (rules.py)."""
