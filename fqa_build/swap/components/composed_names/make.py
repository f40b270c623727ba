"""Composed names of organisations, places and events: the generic head and the form the text needs are kept
("X University", "University of X", "Battle of X", "X River", "Lake X") and only the distinctive part is
replaced, by a part that names nothing the corpus or the gazetteer knows under that head.

- The distinctive part of a place or event, and of an organisation named after a place ("University of
  Chicago"), becomes a small town of the same region or country (swap/components/made_towns/make.py): "Battle of
  Hastings"
  -> "Battle of Crawley", "Vistula River" -> "Radom River".
- The distinctive part of an organisation named after a person or a word ("Stanford University") becomes a
  surname of the article's other persons that the text does not use (swap/components/composed_persons/make.py's pool):
  "Tolbert University".

Why: as with persons, a real organisation or battle put in another's place carries facts a judge knows; a
composed one of the same kind and form carries none. A distinctive part that ties the name to a nation, a
number or a common word ("Scottish Parliament", "World War II", "General Electric") is not composed: the
name would change what it says, not only what it is called.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.bank.entity_kinds import head_word
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import place
from fqa_build.hashing import rng_for
from fqa_build.reasons import Reason
from fqa_build.swap.components import ComposedNames
from fqa_build.swap.components.composed_names.organisations import make_org
from fqa_build.swap.components.composed_names.patterns import (
    BUILDING_HEADS,
    COMPOSED_HEADS,
    NameForm,
    name_form,
    team_form,
)
from fqa_build.swap.components.composed_persons.make import _article_persons, function_word
from fqa_build.swap.components.made_towns.make import resolve_city, team_town, text_region, town_for, town_population
from fqa_build.swap.components.made_towns.regions import city_near, fits, named_near, region_near
from fqa_build.swap.components.organisation_classes.make import classed
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.replacement import made_entry
from fqa_build.text import find_whole_word, word_key
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap
    from fqa_build.swap.policies.policy import Policy

COMPOSED_NAME_SOURCE = "composed_name"
#: labels whose names are composed
COMPOSED_LABELS = frozenset({"ORG", "LOC", "EVENT", "FAC"})
#: labels whose distinctive part is a place name (an organisation's only where it is a place)
_PLACE_NAMED = frozenset({"LOC", "EVENT", "FAC"})


def part_region(swap: Swap, form: NameForm, near: bool) -> tuple[str, str] | None:
    """(country, first-level region or "") of the town that replaces a distinctive part named after a place:
    the city's where it is one (the city the text's places mean, swap/components/made_towns/regions.py, where
    `near`), else the region the text's places give (narrowed by the places named near where `near`); None where
    none."""
    found = place(form.distinctive)
    region = text_region(swap.context + "\n" + swap.record.title.replace("_", " "))
    if found is not None and found.kind == "city":
        city = resolve_city(form.distinctive)
        if near and (city is None or not fits(city.country, city.admin1, named_near(swap, placed=False))):
            # "Mount Wilson" in a sentence of Hollywood: named after no city of Wilson there; their region is its
            repaired = region_near(swap, region)
            if repaired is not None:
                return repaired
            city = city_near(swap, form.distinctive)
        if city is None or (region is not None and region[0] != city.country):
            return None  # "Glastonbury Festival" in an English text: not the Glastonbury of Connecticut
        return city.country, city.admin1
    if found is not None:
        return None  # "Pennsylvania Station", "University of California": named after a state, found anywhere
    return region_near(swap, region) if near else region


def _place_part(swap: Swap, form: NameForm) -> str | None:
    region = part_region(swap, form, swap.policy.offers("regions_from_text"))
    return town_for(swap, *region, "composed", head=_head_of(form)) if region else None


def _head_of(form: NameForm) -> str:
    """The kept words' generic head, folded ("park" of " Park", "university" of "University of ")."""
    return head_word((form.before + form.after).replace(" of ", " ").strip()) or ""


def _person_part(swap: Swap, used: frozenset[str]) -> str | None:
    persons = _article_persons(swap.bank, swap.record.title)
    lasts = sorted({last for _, _, _, last in persons if last and last not in used})
    if swap.policy.uses(ComposedNames, "plain_parts"):
        lasts = [last for last in lasts if not function_word(last)]
    if not lasts:
        return None
    return lasts[rng_for(swap.config.seed, swap.record.id, "composed").randrange(len(lasts))]


def surname_part(swap: Swap) -> str | None:
    """A surname of a person of the article named with a known given name, that the text and the question do not
    use, that is no generic head and no word the corpus writes in lower case ("Infirmary" of "Royal Infirmary",
    "Brewery" of a mis-tagged "Anchor Brewery" are none): the namesake of a made building or law."""
    used = frozenset(re.findall(r"\b[A-Z][\w'’-]{2,}", swap.context + " " + swap.record.question))
    lasts = sorted(
        {
            last
            for _, first, _, last in _article_persons(swap.bank, swap.record.title)
            if first and last and last not in used and head_word(last) is None and not function_word(last)
        }
    )
    lasts = [last for last in lasts if last.casefold() not in swap.bank.common_words]
    return lasts[rng_for(swap.config.seed, swap.record.id, "namesake").randrange(len(lasts))] if lasts else None


def compose_team(swap: Swap, form: NameForm) -> BankEntry | Reason:
    """A team of a town of its city's region under the same nickname ("Chicago Bears" -> "Joliet Bears"); the
    city named alone is the town too (one consistent map: "Chicago led the league")."""
    city = (
        city_near(swap, form.distinctive) if swap.policy.offers("regions_from_text") else resolve_city(form.distinctive)
    )
    if city is None:
        return Reason.NO_CANDIDATE
    town = team_town(swap, city.country, city.admin1, "team", town_population(city.population))
    if town is None:
        return Reason.NO_CANDIDATE
    if any(not _inside_original(swap, s, e) for s, e in find_whole_word(swap.context, form.distinctive, False)):
        swap.short_forms.append((form.distinctive, town))
        swap.old_forms.append(form.distinctive)
    return _composed_entry(form.compose(town), swap)


def composes_name(swap: Swap) -> bool:
    """The policy composes a name for this swap: an organisation, place, event or building under
    `composed_names`."""
    return swap.policy.uses(ComposedNames) and swap.label in COMPOSED_LABELS


def team_of(swap: Swap) -> NameForm | None:
    """The team form of a composed organisation with no generic head ("Chicago Bears"), None otherwise."""
    if not composes_name(swap) or swap.label != "ORG" or name_form(swap.original, swap.label) is not None:
        return None
    return team_form(swap.original)


def form_of(swap: Swap) -> NameForm | None:
    """The generic form of a name the policy composes ("University of X", "X River"), None where it has none."""
    if not composes_name(swap):
        return None
    if swap.label == "FAC" and swap.policy.offers("buildings_by_part"):
        return name_form(swap.original, swap.label, COMPOSED_HEADS | BUILDING_HEADS)
    return name_form(swap.original, swap.label)


def place_named(swap: Swap, form: NameForm) -> bool:
    """The distinctive part is a place's name: always for a place, an event or a building; for an organisation
    where the gazetteer knows the part as a place and it is no given name ("Alexandra Palace": a princess's); so
    for a building under `name_buildings_after_persons` only where the gazetteer knows the part as a place ("Levi's
    Stadium", "Leopold Kronenberg Palace" get a surname: a town far from the text's places would not fit)."""
    given_name = name_gender(form.distinctive.split()[0]) != "unknown"
    known_place = place(form.distinctive) is not None
    if swap.label == "FAC" and swap.policy.offers("buildings_by_part"):
        return known_place
    return swap.label in _PLACE_NAMED or (known_place and not given_name)


@hook(Hook.MAKE, ComposedNames)
def make_name(swap: Swap) -> BankEntry | Reason | None:
    """An organisation's, place's, event's or building's composed name."""
    return compose_name(swap) if swap.label in COMPOSED_LABELS else None


def compose_name(swap: Swap) -> BankEntry | Reason:
    """A composed name for the original organisation, place or event (see the module docstring), or
    `Reason.NO_CANDIDATE` where no part fits. What the text must leave free for a composed name is checked
    before, by the rules of rules.py."""
    team = team_of(swap)
    if team is not None:
        return compose_team(swap, team)
    if classed(swap):
        return make_org(swap)
    form = form_of(swap)
    if form is None:
        return Reason.NO_CANDIDATE
    used = frozenset(re.findall(r"\b[A-Z][\w'’-]{2,}", swap.context + " " + swap.record.question))
    if place_named(swap, form):
        part = _place_part(swap, form)
    elif swap.label == "FAC" and swap.policy.offers("buildings_by_part"):
        part = surname_part(swap)
    else:
        part = _person_part(swap, used)
    if part is None:
        return Reason.NO_CANDIDATE
    name = form.compose(part)
    if any(entry.entity.casefold() == name.casefold() for entry in _entries_named(swap.bank, part)):
        return Reason.NO_CANDIDATE  # the corpus knows a thing of that name
    return _composed_entry(name, swap)


def _composed_entry(name: str, swap: Swap) -> BankEntry:
    return made_entry(name, swap.label, swap.kind, COMPOSED_NAME_SOURCE)


def _inside_original(swap: Swap, start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in swap.mention_spans)


@functools.cache
def _by_word(bank: EntityBank) -> dict[str, tuple[BankEntry, ...]]:
    found: dict[str, list[BankEntry]] = {}
    for entry in bank.entries:
        for word in set(word_key(entry.entity)):
            found.setdefault(word, []).append(entry)
    return {word: tuple(entries) for word, entries in found.items()}


def _entries_named(bank: EntityBank, part: str) -> tuple[BankEntry, ...]:
    key = word_key(part)
    return _by_word(bank).get(key[0], ()) if key else ()


@hook(Hook.WARM, ComposedNames)
def warm_up(policy: Policy) -> None:
    """The city list and the country maps, read once before the swap workers fork."""
    from fqa_build.gazetteers import countries
    from fqa_build.swap.components.made_towns.cities import resolve_city

    resolve_city("Paris")
    countries.countries()
    countries.neighbours()


@hook(Hook.KIND, ComposedNames)
def team_kind(swap: Swap, kind: str | None) -> str | None:
    """ "Chicago Bears": an organisation of a team's form and no generic head is a city's team."""
    if swap.label == "ORG" and kind is None and team_form(swap.original):
        return "team"
    return kind
