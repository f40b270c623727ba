"""A country or a nationality swapped as one map (`gazetteers/countries.py`): the country, its other names, its
adjective and its people are all rewritten together to those of another country of the same UN subregion
("France", "French", "the French" -> "Belgium", "Belgian", "the Belgians"... never a bare "Belgian" left
beside "France").

A map is swapped only where nothing else in the text or the question ties the text to either country: no
place the gazetteer puts in the original country or in the new one (a city, a state: "Paris" would contradict
"Belgium"), no form of the new country, no adjective used as a language ("written in French": a language is
no nationality), no adjective inside a longer group ("North American", "Anglo-French").
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.gazetteers.countries import Country, countries, country_of_form, neighbours, same_form
from fqa_build.gazetteers.places import places_in
from fqa_build.hashing import rng_for
from fqa_build.reasons import Reason
from fqa_build.swap.components import CountryMaps
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.replacement import made_entry
from fqa_build.text import find_whole_word
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

MAPPED_SOURCE = "country_map"
#: names read with "the" ("the Netherlands"): a map swaps them only for a name read with "the" too, and no
#: country of the list has such a peer in its subregion, so a text that uses one is not swapped
THE_NAMES = frozenset({"United States", "United States of America", "United Kingdom", "Netherlands", "Philippines"})
THE_NAMES |= frozenset({"Czech Republic", "U.S.", "U.S.A.", "US", "USA", "UK", "U.K."})
#: what follows an adjective that names a people ("the French were", "the Dutch,")
_PEOPLE_NEXT = re.compile(
    r"^(?:[,.;:)]|\s+(?:were|was|had|have|are|is|and|or|who|in|to|at|of|under|from|with|by|did|would|could|"
    r"also|then|themselves|not|took|made|began|lost|won|fought|captured|controlled|ruled|claimed)\b)"
)


def country_forms_in(text: str, country: Country) -> list[tuple[int, int, str]]:
    """(start, end, form) of every whole-word, case-sensitive use of a form of the country, longest first at
    a place."""
    found: list[tuple[int, int, str]] = []
    for form in country.forms():
        for start, end in find_whole_word(text, form, ignore_case=False):
            if not any(s <= start < e for s, e, _ in found):
                found.append((start, end, form))
    return sorted(found)


@functools.cache
def _by_subregion() -> dict[str, tuple[Country, ...]]:
    grouped: dict[str, list[Country]] = {}
    for country in sorted(countries().values(), key=lambda c: c.iso):
        if country.subregion and country.name not in THE_NAMES:
            grouped.setdefault(country.subregion, []).append(country)
    return {region: tuple(members) for region, members in grouped.items()}


@hook(Hook.MAKE, CountryMaps)
def make_country(swap: Swap) -> BankEntry | Reason | None:
    """A nationality's map, or a country's; no other replacement of a nationality."""
    if swap.label == "NORP":
        return map_country(swap) if maps_country(swap) else Reason.NO_CANDIDATE
    return map_country(swap) if maps_country(swap) else None


def maps_country(swap: Swap) -> bool:
    """The policy maps this swap as a country: a country (GPE) or a nationality (NORP) under `map_countries`."""
    if not swap.policy.uses(CountryMaps):
        return False
    return (swap.label == "GPE" and swap.kind == "country") or (swap.label == "NORP" and swap.kind == "nationality")


def map_country(swap: Swap) -> BankEntry | Reason:
    """The new country (or nationality) for the original, with the (old, new) pairs of every other form the
    text uses in `swap.short_forms`; or `Reason.NO_CANDIDATE` where no country of its subregion fits. What the
    text must leave free for a map is checked before, by the rules of rules.py."""
    found = country_of_form(swap.original)
    if found is None:
        return Reason.NO_CANDIDATE
    old, form = found
    context, question = swap.context, swap.record.question
    used = country_forms_in(context, old)
    adjective_uses = [(s, e) for s, e, text in used if text == old.adjective]
    places = places_in(context) + places_in(question)
    named = {p.country for _, _, p in places}
    # a neighbour the text names must stay a neighbour ("Portugal's railway into Spain")
    bordering = {iso for iso in named if iso in neighbours().get(old.iso, ())}
    # "the French" (the people by their adjective) needs a peer whose people go by the adjective too
    people_by_adjective = not old.people and any(
        context[max(0, s - 4) : s].casefold() == "the " and _PEOPLE_NEXT.match(context[e : e + 20])
        for s, e in adjective_uses
    )
    peers = [
        c
        for c in _by_subregion().get(old.subregion, ())
        if c.iso != old.iso
        and c.iso not in named
        and (not people_by_adjective or not c.people)
        and bordering <= neighbours().get(c.iso, frozenset())
        and not country_forms_in(context, c)
        and not country_forms_in(question, c)
    ]
    if not peers:
        return Reason.NO_CANDIDATE
    new = peers[rng_for(swap.config.seed, swap.record.id, "country").randrange(len(peers))]
    swap.short_forms = [
        (text, same_form(new, country_of_form(text)[1]))
        for text in dict.fromkeys(t for *_, t in used)
        if text != swap.original
    ]
    swap.old_forms += [a for a, _ in swap.short_forms]
    entity = same_form(new, form)
    return made_entry(entity, swap.label, swap.kind, MAPPED_SOURCE)
