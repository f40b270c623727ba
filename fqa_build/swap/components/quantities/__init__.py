"""The `quantities` component's parameters. What it rewrites and checks is in the folder's other modules, each
registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fqa_build.swap.components.base import Component, component


@component("quantities")
@dataclass(frozen=True)
class Quantities(Component):
    """A number means its quantity, not its string: its other mentions are rewritten only where they denote the same
    quantity (no other name right before them, no other "of" after them: rewrite.py; numbers, not dates), a new
    number stays inside a range stated right after it, and a count or share of a count-and-share pair is not
    swapped (rules.py; fqa_build/facts/quantities.py reads the text)."""

    by_subject: bool = True  # "Austria 1.1% | Denmark 1.1%": Denmark's 1.1% stays when Austria's is swapped
    ranges_hold: bool = True  # "9.5 days (range, 8 to 11 days)": the new mean lies between 8 and 11
    shares_hold: bool = True  # "634 [47.9%]": neither is swapped alone
    by_cell: bool = True  # "Green Line | 98.9% ; Red Line | 98.9%": a table's cell is its row's and its column's
