"""Candidate filters on persons: gender."""

from __future__ import annotations

from fqa_build.swap.drawing.filters.base import EntryTest, candidate_filter
from fqa_build.swap.orchestration.state import Swap


@candidate_filter("same_gender", rank=17)
def same_gender(swap: Swap) -> EntryTest | None:
    """A person a he/she refers to is replaced by a person of that gender."""
    gender = swap.pronoun_gender if swap.label == "PERSON" else None
    if gender is None:
        return None
    return lambda entry: entry.gender == gender
