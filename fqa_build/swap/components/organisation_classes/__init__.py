"""The `organisation_classes` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("organisation_classes")
@dataclass(frozen=True)
class OrganisationClasses(Component):
    """An organisation without a generic head is classed by its text and made anew (make.py)."""

    by_question: bool = True  # "what company" in the question, or trade words, class a bare name
    acronym_expansions: bool = True  # "Global Panel on X (GPX)" for "Intergovernmental Panel on X (IPX)"

    offers: ClassVar[frozenset[str]] = frozenset({"classes_by_question"})

    def capabilities(self) -> frozenset[str]:
        """The question or trade words class a bare organisation name (a composed name keeps that class)."""
        return frozenset({"classes_by_question"} if self.by_question else set())
