"""The `made_values` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component

#: The numbers with units a policy with `made_values` matches whatever `--entity-types` says, and makes (make.py)
#: rather than draws: the bank holds none of them
VALUE_TYPES = frozenset({"MONEY", "PERCENT", "QUANTITY", "ORDINAL", "TIME"})


@component("made_values")
@dataclass(frozen=True)
class MadeValues(Component):
    """Numbers with units (`VALUE_TYPES`) are matched whatever `--entity-types` says, and made rather than drawn
    (make.py)."""

    made_types: ClassVar[frozenset[str]] = VALUE_TYPES
    draws_none: ClassVar[frozenset[str]] = VALUE_TYPES
    value_types: ClassVar[frozenset[str]] = VALUE_TYPES
