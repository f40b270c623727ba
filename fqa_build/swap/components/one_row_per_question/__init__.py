"""The `one_row_per_question` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fqa_build.swap.components.base import Component, component


@component("one_row_per_question")
@dataclass(frozen=True)
class OneRowPerQuestion(Component):
    """A (question, context) input repeated under several ids makes one row (swap/orchestration/substitute.py)."""
