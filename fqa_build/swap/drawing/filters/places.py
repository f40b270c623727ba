"""Candidate filters on places and groups: country, continent, region, statehood, nationality."""

from __future__ import annotations

import functools
import re

from fqa_build.gazetteers.places import DEMONYMS, city_in, continent_of, fold, place
from fqa_build.lexicons import word_set
from fqa_build.swap.drawing.filters.base import EntryTest, candidate_filter
from fqa_build.swap.orchestration.state import Swap


def country_continent(name: str) -> str | None:
    """The continent code of a country the gazetteer knows, else None."""
    found = place(name)
    return continent_of(found) if found is not None and found.kind == "country" else None


@candidate_filter("same_country", rank=19)
def same_country(swap: Swap) -> EntryTest | None:
    """A city or state stays in its country ("Melbourne, Australia's second-largest city" needs an Australian
    city); where the text pairs it with its state, that decides the country ("Santa Clara, California")."""
    if swap.label != "GPE" or swap.kind not in ("city", "state"):
        return None
    home = swap.pair[1] or place(swap.original)
    if home is None or not home.country:
        return None
    return lambda entry: place(entry.entity) is not None and place(entry.entity).country == home.country


@candidate_filter("same_continent", rank=15)
def same_continent(swap: Swap) -> EntryTest | None:
    """A country is replaced by a country of the same continent (its history and neighbours fit better)."""
    if swap.label != "GPE" or swap.kind != "country":
        return None
    home = country_continent(swap.original)
    if home is None:
        return None
    return lambda entry: country_continent(entry.entity) == home


@candidate_filter("city_in_region", rank=16)
def city_in_region(swap: Swap) -> EntryTest | None:
    """The first place of a "City, State" pair is replaced by a city of that state."""
    region = swap.pair[1] if swap.label == "GPE" else None
    if region is None:
        return None
    return lambda entry: city_in(entry.entity, region)


def historical_state(name: str) -> bool:
    """A state that no longer exists: in fqa_build/lexicons/historical_states.txt, or named "Kingdom of X", "X
    Empire", "X Caliphate"."""
    return fold(name) in _historical_states() or bool(_HISTORICAL_FORM.search(name))


@functools.cache
def _historical_states() -> frozenset[str]:
    return word_set("historical_states")


_HISTORICAL_FORM = re.compile(
    r"^(?:Kingdom|Sultanate|Emirate|Caliphate|Duchy|Principality) of |\s(?:Empire|Caliphate)$"
)


@candidate_filter("same_statehood", rank=3)
def same_statehood(swap: Swap) -> EntryTest | None:
    """A country is replaced by a country that exists, a historical state by a historical state (no "USSR"
    among the members of the EEC, no "Prussia" in today's Commonwealth)."""
    if swap.label != "GPE" or swap.kind != "country":
        return None
    historical = historical_state(swap.original)
    return lambda entry: historical_state(entry.entity) == historical


@functools.cache
def _demonym_continents() -> dict[str, str]:
    """A nationality adjective -> the continent of its country ("French" -> "EU"); "historical" for the
    adjectives of states the gazetteer does not know as countries ("Ottoman", "Prussian", "Roman")."""
    found: dict[str, set[str]] = {}
    for country, adjective in DEMONYMS.items():
        found.setdefault(adjective, set()).add(country_continent(country) or _UK_NATIONS.get(country, "historical"))
    return {adjective: min(codes - {"historical"} or codes) for adjective, codes in found.items()}


_UK_NATIONS = {"england": "EU", "scotland": "EU", "wales": "EU", "northern ireland": "EU"}


@candidate_filter("nationality_same_continent", rank=4)
def nationality_same_continent(swap: Swap) -> EntryTest | None:
    """A nationality is replaced by a nationality of the same continent, a historical one by a historical one
    ("German" -> "Austrian", never "Ottoman"; "Chinese" -> "Japanese", never "Indian" for "French")."""
    if swap.label != "NORP":
        return None
    home = _demonym_continents().get(swap.original)
    if home is None:
        return lambda entry: False  # a nationality the list does not know ("Laotian") has no checked peers
    return lambda entry: _demonym_continents().get(entry.entity) == home
