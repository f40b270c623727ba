"""The `gold_forms` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fqa_build.swap.components.base import Component, component


@component("gold_forms")
@dataclass(frozen=True)
class GoldForms(Component):
    """Every source gold answer holding a rewritten mention is a gold answer, and no gold answer ends with
    punctuation that is no part of it (golds.py)."""
