"""The `persons_by_pronoun` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("persons_by_pronoun")
@dataclass(frozen=True)
class PersonsByPronoun(Component):
    """A name of an unknown given name is a person where a pronoun or role word that refers to it says so."""

    offers: ClassVar[frozenset[str]] = frozenset({"persons_by_pronoun"})
