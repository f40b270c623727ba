"""Candidate filters on the kind of thing: the same kind, the same number of digits, the same article."""

from __future__ import annotations

from fqa_build.labels import NAME_LABELS, NUMERIC_LABELS
from fqa_build.swap.drawing.candidates import plausible_replacement
from fqa_build.swap.drawing.filters.base import EntryTest, candidate_filter
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.rules.numbers import number_magnitude


@candidate_filter("same_kind", rank=22)
def same_kind(swap: Swap) -> EntryTest | None:
    """The same kind under the label, and credible as a replacement (see `plausible_replacement`)."""
    kind = swap.kind
    return lambda entry: entry.kind == kind and plausible_replacement(entry)


@candidate_filter("same_magnitude", rank=21)
def same_magnitude(swap: Swap) -> EntryTest | None:
    """A number written in words keeps its number of digits ("three" -> "five", never "thirty")."""
    magnitude = number_magnitude(swap.original) if swap.label in NUMERIC_LABELS else None
    if magnitude is None:
        return None
    return lambda entry: number_magnitude(entry.entity) == magnitude


@candidate_filter("same_article", rank=0)
def same_article(swap: Swap) -> EntryTest | None:
    """A name is replaced by a name of the same kind from the same article (a Super Bowl player by a Super Bowl
    player, not by a talk-show host): it fits the roles the text gives it."""
    if swap.label not in NAME_LABELS:
        return None
    title = swap.record.title
    return lambda entry: title in entry.titles
