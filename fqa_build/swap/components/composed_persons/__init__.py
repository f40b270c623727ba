"""The `composed_persons` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("composed_persons")
@dataclass(frozen=True)
class ComposedPersons(Component):
    """A person is replaced by a composed name (make.py)."""

    made_types: ClassVar[frozenset[str]] = frozenset({"PERSON"})
    needs: ClassVar[frozenset[str]] = frozenset({"common_words"})  # no common word as a name part
    requires: ClassVar[tuple[str, ...]] = ("kinds",)  # a person named by surname alone is a kind

    beyond_article: bool = True  # name parts from the corpus's nearest persons where the article has few
    plain_parts: bool = True  # no function word or particle as a name part ("Il", "Meanwhile")
    roles_fix_gender: bool = True  # a role word bound to the person ("actress", "his wife") fixes the gender
    surnames_alone: bool = True  # a person named by surname alone gets a composed surname
    by_nationality: bool = True  # a person given a nationality gets a name of names used there (rewriting/roles.py)
    common_surnames: bool = True  # a surname is a common one of a country fitting the person

    offers: ClassVar[frozenset[str]] = frozenset({"surnames_alone", "names_by_nationality"})

    def capabilities(self) -> frozenset[str]:
        """A person named by surname alone gets a composed surname; a person given a nationality a name of names
        used there."""
        return frozenset(
            ({"surnames_alone"} if self.surnames_alone else set())
            | ({"names_by_nationality"} if self.by_nationality else set())
        )
