"""What the `kinds` component does in a swap: the original's kind under its label (a city, a country, a given
name ...; fqa_build/bank/entity_kinds.py), which the replacement's shape keeps, and the acronyms of the original its
context uses, which count as its other names."""

from __future__ import annotations

from fqa_build.bank.entity_kinds import entity_kind, kind_shape
from fqa_build.swap.components import Kinds
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.rewriting.aliases import acronyms
from fqa_build.text import find_whole_word


@hook(Hook.KIND, Kinds)
def kind_of(swap: Swap, kind: str | None) -> str | None:
    """The original's kind by the lists (`entity_kind`); a one-word name no list knows ("Bohemond") is a given name
    where a he/she refers to it. The acronyms of the original the context uses become its other names."""
    swap.old_forms += [
        a for a in acronyms(swap.original) if next(find_whole_word(swap.context, a, ignore_case=False), None)
    ]
    kind = entity_kind(swap.original, swap.label, swap.bank.surnames)
    if kind is None and swap.one_word_person and swap.pronoun_gender is not None:
        return "given_name"
    return kind


@hook(Hook.SHAPE, Kinds)
def shape_of(swap: Swap, with_article: bool) -> str:
    """The shape a replacement keeps includes the kind."""
    return kind_shape(swap.original, swap.label, with_article, swap.kind)
