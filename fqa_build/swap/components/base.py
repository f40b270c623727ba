"""The swap's components: the features a policy lists, each with its parameters as a frozen dataclass.

A policy uses a feature by listing its component (`Policy.components`) and tunes it through the component's fields;
a policy that does not list it does not use it. Each component registers under a name of its own (`COMPONENTS`), the
name a policy file writes (`Policy.to_dict`, docs/policies.md). A field's default is what the default policy uses;
the retired steps in tests/retired_policies.py turn some off. A new component is a folder of
fqa_build/swap/components/ holding its dataclass with `@component`; it reads its parameters in its own modules and
joins the swap by its hooks (fqa_build/swap/hooks.py); what the rest of the build must know of it, it declares here
as class facts (`made_types`, `needs`, ...), which a policy unites over its components.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

#: every component by its registered name, in registration order
COMPONENTS: dict[str, type[Component]] = {}


@dataclass(frozen=True)
class Component:
    """A feature of the swap a policy lists; its fields are the feature's parameters."""

    name: ClassVar[str] = ""
    #: the labels the component matches and banks beyond the build's `--entity-types`
    added_types: ClassVar[frozenset[str]] = frozenset()
    #: the labels whose replacements it makes (composes) rather than draws (the card's "made" types, the audit's)
    made_types: ClassVar[frozenset[str]] = frozenset()
    #: the labels it makes every replacement of, so the bank draws none of them (`Policy.drawn_types`)
    draws_none: ClassVar[frozenset[str]] = frozenset()
    #: the labels it reads as values: matched whatever `--entity-types` says, typed so whatever the bank says
    value_types: ClassVar[frozenset[str]] = frozenset()
    #: labels of its own that are no NER label (the card lists them after the build's types)
    own_labels: ClassVar[frozenset[str]] = frozenset()
    #: what the build must give it: "kinds" (the bank classes each entry's kind), "common_words" (the bank knows
    #: the corpus's lower-case words), "windows" (a record may be retried on its evidence window, and the release
    #: says so)
    needs: ClassVar[frozenset[str]] = frozenset()
    #: the components whose work it refines: a policy that lists it lists them too
    requires: ClassVar[tuple[str, ...]] = ()
    #: what it may offer the swap's shared rules and the other components (`capabilities`, `Policy.offers`)
    offers: ClassVar[frozenset[str]] = frozenset()

    def capabilities(self) -> frozenset[str]:
        """What the shared rules and the other components may assume where a policy lists it, with these
        parameters: all it `offers` unless it says otherwise. A shared rule asks `policy.offers(name)`, never the
        component's parameters."""
        return self.offers


@functools.cache
def offered() -> frozenset[str]:
    """Every capability some registered component offers (`Policy.offers` refuses another name)."""
    return frozenset().union(*(kind.offers for kind in COMPONENTS.values()))


C = TypeVar("C", bound=type[Component])


def component(name: str) -> Callable[[C], C]:
    """Register a component class under `name` (a name is never reused)."""

    def register(cls: C) -> C:
        if name in COMPONENTS:
            raise ValueError(f"component {name} is already registered")
        cls.name = name
        COMPONENTS[name] = cls
        offered.cache_clear()
        return cls

    return register
