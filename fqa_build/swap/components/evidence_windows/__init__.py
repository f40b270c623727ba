"""The `evidence_windows` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("evidence_windows")
@dataclass(frozen=True)
class EvidenceWindows(Component):
    """A swap the whole passage refuses for a tie elsewhere in it is tried on a window
    (windows.py)."""

    needs: ClassVar[frozenset[str]] = frozenset({"windows"})
