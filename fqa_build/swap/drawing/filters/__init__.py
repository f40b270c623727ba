"""Candidate filters: what a bank entry must be to replace this mention, beyond its type and shape. Each filter
looks at the swap once and returns a test of a bank entry, or None where it does not apply. The filters live by
topic in this package, each registered where it is defined (`@candidate_filter(name, rank)`); this module
gathers them (`FILTERS`, in running order) and runs a policy's as one test (`entry_filter`)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from fqa_build.swap.drawing.filters import arithmetic, dates, likeness, persons, places  # noqa: F401 (each registers its filters)
from fqa_build.swap.drawing.filters.base import REGISTRY, EntryTest
from fqa_build.swap.drawing.filters.dates import ERA_YEARS, NEAR_YEARS, same_era
from fqa_build.swap.drawing.filters.likeness import same_article
from fqa_build.swap.drawing.filters.places import country_continent, historical_state, same_continent
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.rules.numbers import years_in
from fqa_build.types import BankEntry

#: name -> filter, in running order: every filter registered where it is defined (`@candidate_filter`)
FILTERS: dict[str, Callable[[Swap], EntryTest | None]] = {
    name: function for name, (_, function) in sorted(REGISTRY.items(), key=lambda item: item[1][0])
}


_RANK = {name: rank for name, (rank, _) in REGISTRY.items()}


@functools.cache
def _in_running_order(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(names, key=_RANK.__getitem__))


def entry_filter(swap: Swap) -> EntryTest | None:
    """The policy's filters that apply to this swap, as one test (None when the policy has no filters)."""
    if not swap.policy.filters:
        return None
    tests = [t for t in (FILTERS[name](swap) for name in _in_running_order(swap.policy.filters)) if t is not None]
    if len(tests) == 1:
        return tests[0]

    def every(entry: BankEntry) -> bool:
        for test in tests:
            if not test(entry):
                return False
        return True

    return every


__all__ = [
    "ERA_YEARS",
    "FILTERS",
    "EntryTest",
    "country_continent",
    "entry_filter",
    "historical_state",
    "same_article",
    "same_continent",
    "same_era",
]


def year_window(swap: Swap) -> tuple[int, int] | None:
    """The years (first, last) a replacement's first year must lie in under the policy's `near_year` or
    `same_era` filter, or None: the candidate pool then tests only the bank entries of those years."""
    old = years_in(swap.original)
    if not old:
        return None
    if "near_year" in swap.policy.filters:
        return old[0] - NEAR_YEARS, old[0] + NEAR_YEARS
    if "same_era" in swap.policy.filters:
        return old[0] - ERA_YEARS, old[0] + ERA_YEARS
    return None
