"""The swap's components: the features a policy lists, one folder each.

A component's folder owns its parameters (the frozen dataclass in its `__init__.py`, registered by name with
`@component`), what it makes, labels and matches (its hooks, fqa_build/swap/hooks.py), its rules (`@rule`, with the
records they reject as `CASES`) and the code they share. A policy uses a feature by listing its component
(`Policy.components`); nothing outside the folder reads its parameters: the swap, the pipeline, the card and the
checks ask the policy's components through their hooks and declared facts (`Component`, base.py).

`ORDER` is the order components join a swap (the first MAKE hook that answers makes the replacement), so a
listing of the folders is not enough; a new component adds its folder and its name here.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from fqa_build.swap.components.base import COMPONENTS, Component, component

#: the order components register, and so join a swap, by folder name
ORDER = (
    "kinds",
    "composed_persons",
    "persons_by_pronoun",
    "country_maps",
    "made_towns",
    "composed_names",
    "gold_forms",
    "one_row_per_question",
    "organisation_classes",
    "scaled_amounts",
    "made_values",
    "shifted_timelines",
    "relabelled_names",
    "made_works",
    "closed_class_nouns",
    "count_relations",
    "evidence_windows",
    "quantities",
    "stated_arithmetic",
)
for _name in ORDER:
    importlib.import_module(f"{__name__}.{_name}")

from fqa_build.swap.components.closed_class_nouns import ClosedClassNouns  # noqa: E402
from fqa_build.swap.components.composed_names import ComposedNames  # noqa: E402
from fqa_build.swap.components.composed_persons import ComposedPersons  # noqa: E402
from fqa_build.swap.components.count_relations import CountRelations  # noqa: E402
from fqa_build.swap.components.country_maps import CountryMaps  # noqa: E402
from fqa_build.swap.components.evidence_windows import EvidenceWindows  # noqa: E402
from fqa_build.swap.components.gold_forms import GoldForms  # noqa: E402
from fqa_build.swap.components.kinds import Kinds  # noqa: E402
from fqa_build.swap.components.made_towns import MadeTowns  # noqa: E402
from fqa_build.swap.components.made_values import MadeValues  # noqa: E402
from fqa_build.swap.components.made_works import MadeWorks  # noqa: E402
from fqa_build.swap.components.one_row_per_question import OneRowPerQuestion  # noqa: E402
from fqa_build.swap.components.organisation_classes import OrganisationClasses  # noqa: E402
from fqa_build.swap.components.persons_by_pronoun import PersonsByPronoun  # noqa: E402
from fqa_build.swap.components.quantities import Quantities  # noqa: E402
from fqa_build.swap.components.relabelled_names import RelabelledNames  # noqa: E402
from fqa_build.swap.components.scaled_amounts import ScaledAmounts  # noqa: E402
from fqa_build.swap.components.shifted_timelines import ShiftedTimelines  # noqa: E402
from fqa_build.swap.components.stated_arithmetic import StatedArithmetic  # noqa: E402


@functools.cache
def load_modules() -> None:
    """Import every module of every component's folder once (in folder order, then by name), so their hooks and
    rules are registered; not the records their rules reject (`cases*.py`, which the tests gather)."""
    for name in ORDER:
        package = importlib.import_module(f"{__name__}.{name}")
        for module in sorted(m.name for m in pkgutil.iter_modules(package.__path__)):
            if not module.startswith("cases"):
                importlib.import_module(f"{package.__name__}.{module}")


def case_modules() -> list[str]:
    """The modules of the records each component's rules reject (`<folder>/cases*.py`: `CASES`, `REASON_OF`, ...;
    tests/test_rules.py runs each), by folder order and name."""
    found = []
    for name in ORDER:
        package = importlib.import_module(f"{__name__}.{name}")
        found += [
            f"{package.__name__}.{m.name}"
            for m in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name)
            if m.name.startswith("cases")
        ]
    return found


__all__ = [
    "COMPONENTS",
    "ORDER",
    "ClosedClassNouns",
    "Component",
    "ComposedNames",
    "ComposedPersons",
    "CountRelations",
    "CountryMaps",
    "EvidenceWindows",
    "GoldForms",
    "Kinds",
    "MadeTowns",
    "MadeValues",
    "MadeWorks",
    "OneRowPerQuestion",
    "OrganisationClasses",
    "PersonsByPronoun",
    "Quantities",
    "RelabelledNames",
    "ScaledAmounts",
    "ShiftedTimelines",
    "StatedArithmetic",
    "case_modules",
    "component",
    "load_modules",
]
