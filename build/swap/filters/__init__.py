"""Candidate filters: what a bank entry must be to replace this mention, beyond its type and shape. Each filter
looks at the swap once and returns a test of a bank entry, or None where it does not apply. The filters live by
topic in this package; this module names them (`FILTERS`) and runs a policy's as one test (`entry_filter`)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ...types import BankEntry
from ..policies import FILTER_NAMES
from ..rules.numbers import years_in
from ..state import Swap
from .base import EntryTest
from .dates import (
    ERA_YEARS,
    NEAR_YEARS,
    anchored_chronology,
    asked_part_changes,
    chronology_kept,
    close_value,
    dates_keep_order,
    future_stays_future,
    near_day,
    near_year,
    same_era,
    same_era_broad,
    same_season,
    stays_past,
    unit_agrees,
    year_stays_year,
)
from .kinds import same_article, same_kind, same_magnitude
from .persons import same_gender
from .places import (
    city_in_region,
    country_continent,
    historical_state,
    nationality_same_continent,
    same_continent,
    same_country,
    same_statehood,
)

FILTERS: dict[str, Callable[[Swap], EntryTest | None]] = {
    "same_kind": same_kind,
    "same_magnitude": same_magnitude,
    "same_country": same_country,
    "year_stays_year": year_stays_year,
    "keeps_chronology": chronology_kept,
    "same_era": same_era,
    "same_article": same_article,
    "same_continent": same_continent,
    "same_gender": same_gender,
    "city_in_region": city_in_region,
    "asked_part_changes": asked_part_changes,
    "future_stays_future": future_stays_future,
    "same_statehood": same_statehood,
    "nationality_same_continent": nationality_same_continent,
    "same_era_broad": same_era_broad,
    "close_value": close_value,
    "stays_past": stays_past,
    "dates_keep_order": dates_keep_order,
    "near_year": near_year,
    "unit_agrees": unit_agrees,
    "anchored_chronology": anchored_chronology,
    "near_day": near_day,
    "same_season": same_season,
}


@functools.cache
def _in_running_order(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(names, key=FILTER_NAMES.index))


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
