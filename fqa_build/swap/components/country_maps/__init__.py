"""The `country_maps` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fqa_build.swap.components.base import Component, component


@component("country_maps")
@dataclass(frozen=True)
class CountryMaps(Component):
    """A country or a nationality is swapped with all its forms (make.py)."""
