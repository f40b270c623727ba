"""Candidate filters: what a bank entry must be to replace this mention, beyond its type and shape. Each filter
looks at the swap once and returns a test of a bank entry, or None where it does not apply."""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..bank.places import city_in, continent_of, place
from ..labels import NAME_LABELS, NUMERIC_LABELS
from ..text import whole_word_pattern
from ..types import BankEntry
from .draw import plausible_replacement
from .rules.numbers import decades_in, keeps_chronology, number_magnitude, years_in
from .state import Swap

EntryTest = Callable[[BankEntry], bool]


def country_continent(name: str) -> str | None:
    """The continent code of a country the gazetteer knows, else None."""
    found = place(name)
    return continent_of(found) if found is not None and found.kind == "country" else None


def same_kind(swap: Swap) -> EntryTest | None:
    """The same kind under the label, and credible as a replacement (see `plausible_replacement`)."""
    kind = swap.kind
    return lambda entry: entry.kind == kind and plausible_replacement(entry)


def same_magnitude(swap: Swap) -> EntryTest | None:
    """A number written in words keeps its number of digits ("three" -> "five", never "thirty")."""
    magnitude = number_magnitude(swap.original) if swap.label in NUMERIC_LABELS else None
    if magnitude is None:
        return None
    return lambda entry: number_magnitude(entry.entity) == magnitude


def same_country(swap: Swap) -> EntryTest | None:
    """A city or state stays in its country ("Melbourne, Australia's second-largest city" needs an Australian
    city); where the text pairs it with its state, that decides the country ("Santa Clara, California")."""
    if swap.label != "GPE" or swap.kind not in ("city", "state"):
        return None
    home = swap.pair[1] or place(swap.original)
    if home is None or not home.country:
        return None
    return lambda entry: place(entry.entity) is not None and place(entry.entity).country == home.country


def year_stays_year(swap: Swap) -> EntryTest | None:
    """A year stays a year of 1000-2099 ("5386" is no year)."""
    if not years_in(swap.original):
        return None
    return lambda entry: bool(years_in(entry.entity))


def chronology_kept(swap: Swap) -> EntryTest | None:
    """A year stays before, after or inside every other year and decade the context writes (outside the
    original's own mentions: "the 1973 oil crisis" beside "October 1973")."""
    if swap.label != "DATE":
        return None
    outside = whole_word_pattern(swap.original).sub(" ", swap.context)
    other_years, other_decades = years_in(outside), decades_in(outside)
    if not (other_years or other_decades):
        return None
    return lambda entry: keeps_chronology(swap.original, entry.entity, other_years, other_decades)


#: the most a year may move under `same_era`: a generation, so "1960" in a NASA passage does not become "1906"
ERA_YEARS = 25


def same_era(swap: Swap) -> EntryTest | None:
    """A year stays within a generation of the original (at most ERA_YEARS away): the passage's era, and a
    future or present year ("an estimated completion date of 2020") stays one."""
    old = years_in(swap.original)
    if not old:
        return None
    return lambda entry: bool(years_in(entry.entity)) and abs(years_in(entry.entity)[0] - old[0]) <= ERA_YEARS


def same_article(swap: Swap) -> EntryTest | None:
    """A name is replaced by a name of the same kind from the same article (a Super Bowl player by a Super Bowl
    player, not by a talk-show host): it fits the roles the text gives it."""
    if swap.label not in NAME_LABELS:
        return None
    title = swap.record.title
    return lambda entry: title in entry.titles


def same_continent(swap: Swap) -> EntryTest | None:
    """A country is replaced by a country of the same continent (its history and neighbours fit better)."""
    if swap.label != "GPE" or swap.kind != "country":
        return None
    home = country_continent(swap.original)
    if home is None:
        return None
    return lambda entry: country_continent(entry.entity) == home


def same_gender(swap: Swap) -> EntryTest | None:
    """A person a he/she refers to is replaced by a person of that gender."""
    gender = swap.pronoun_gender if swap.label == "PERSON" else None
    if gender is None:
        return None
    return lambda entry: entry.gender == gender


def city_in_region(swap: Swap) -> EntryTest | None:
    """The first place of a "City, State" pair is replaced by a city of that state."""
    region = swap.pair[1] if swap.label == "GPE" else None
    if region is None:
        return None
    return lambda entry: city_in(entry.entity, region)


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
}


#: the order the tests run in, the most selective first (they are pure and ANDed: the order changes only the time)
_SELECTIVE_FIRST = (
    "same_article",
    "same_era",
    "same_continent",
    "city_in_region",
    "same_gender",
    "keeps_chronology",
    "same_country",
    "year_stays_year",
    "same_magnitude",
    "same_kind",
)


@functools.cache
def _in_running_order(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(names, key=_SELECTIVE_FIRST.index))


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
