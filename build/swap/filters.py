"""Candidate filters: what a bank entry must be to replace this mention, beyond its type and shape. Each filter
looks at the swap once and returns a test of a bank entry, or None where it does not apply."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..asked import asked_for
from ..bank.persons import name_gender
from ..bank.places import DEMONYMS, city_in, continent_of, fold, place
from ..bank.roles import roles_asked, roles_at
from ..labels import NAME_LABELS, NUMERIC_LABELS
from ..lexicons import word_set
from ..sentences import sentences_around
from ..text import find_whole_word, whole_word_pattern
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


def name_words_absent(swap: Swap) -> EntryTest | None:
    """A person is replaced by a person none of whose names the context or the question already uses (no
    "Martin Luther" where the question names "Luther", no "Thomas Edison" in a passage that names Edison)."""
    if swap.label != "PERSON":
        return None
    used = frozenset(_NAME_WORD.findall(swap.context)) | frozenset(_NAME_WORD.findall(swap.record.question))
    return lambda entry: not any(word in used for word in _NAME_WORD.findall(entry.entity))


_NAME_WORD = re.compile(r"\b[A-Z][\w'’-]{2,}")


def asked_part_changes(swap: Swap) -> EntryTest | None:
    """Where the question asks for the year ("In what year ..."), the replacement's year differs from the
    original's ("September 1969" -> "November 1969" would leave the answer as it was)."""
    old = years_in(swap.original)
    if not old or asked_for(swap.record.question).date_part != "year":
        return None
    return lambda entry: years_in(entry.entity)[:1] != old[:1]


#: words that put a date in the future of the text ("an estimated completion date of 2020")
_FUTURE = re.compile(
    r"\b(?:will|expected|estimated|projected|planned|scheduled|proposed|slated|anticipated|forecast|due\s+to)\b",
    re.IGNORECASE,
)


def future_stays_future(swap: Swap) -> EntryTest | None:
    """A year the text looks forward to (its sentence says "will", "expected", "estimated", "planned") moves
    only later, so a completion date never falls before the time of writing."""
    old = years_in(swap.original)
    if not old:
        return None
    start, end = swap.mention.start, swap.mention.end
    if not _FUTURE.search(swap.context, *sentences_around(swap.context, start, end)):
        return None
    return lambda entry: bool(years_in(entry.entity)) and years_in(entry.entity)[0] > old[0]


def historical_state(name: str) -> bool:
    """A state that no longer exists: in build/lexicons/historical_states.txt, or named "Kingdom of X", "X
    Empire", "X Caliphate"."""
    return fold(name) in _historical_states() or bool(_HISTORICAL_FORM.search(name))


@functools.cache
def _historical_states() -> frozenset[str]:
    return word_set("historical_states")


_HISTORICAL_FORM = re.compile(
    r"^(?:Kingdom|Sultanate|Emirate|Caliphate|Duchy|Principality) of |\s(?:Empire|Caliphate)$"
)


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


def nationality_same_continent(swap: Swap) -> EntryTest | None:
    """A nationality is replaced by a nationality of the same continent, a historical one by a historical one
    ("German" -> "Austrian", never "Ottoman"; "Chinese" -> "Japanese", never "Indian" for "French")."""
    if swap.label != "NORP":
        return None
    home = _demonym_continents().get(swap.original)
    if home is None:
        return lambda entry: False  # a nationality the list does not know ("Laotian") has no checked peers
    return lambda entry: _demonym_continents().get(entry.entity) == home


def surname_not_given_name(swap: Swap) -> EntryTest | None:
    """A person named by surname ("Luther") is replaced by a surname, never by a given name ("William")."""
    if swap.label != "PERSON" or swap.kind != "surname":
        return None
    return lambda entry: name_gender(entry.entity) == "unknown"


def same_role(swap: Swap) -> EntryTest | None:
    """A person the text or the question gives a role ("quarterback Cam Newton", "What journalist ...") is
    replaced by a person the corpus gives that role too (build/bank/roles.py)."""
    if swap.label != "PERSON":
        return None
    spans = [(s, e) for s, e in find_whole_word(swap.context, swap.original, ignore_case=False)]
    roles = roles_at(swap.context, spans) | roles_asked(swap.record.question)
    if not roles:
        return None
    return lambda entry: not roles.isdisjoint(entry.roles)


#: a person the corpus mentions in more paragraphs than this is too well known to take another's place: a judge
#: knows what Kissinger or Priestley did and when
MINOR_FIGURE_CONTEXTS = 1


def minor_figure(swap: Swap) -> EntryTest | None:
    """A person is replaced by a minor figure of the article: one the corpus mentions in a single paragraph, so
    what the reader knows of the replacement does not contradict the role the text gives it."""
    if swap.label != "PERSON":
        return None
    return lambda entry: entry.num_contexts <= MINOR_FIGURE_CONTEXTS


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
    "name_words_absent": name_words_absent,
    "asked_part_changes": asked_part_changes,
    "future_stays_future": future_stays_future,
    "same_statehood": same_statehood,
    "nationality_same_continent": nationality_same_continent,
    "surname_not_given_name": surname_not_given_name,
    "same_role": same_role,
    "minor_figure": minor_figure,
}


#: the order the tests run in, the most selective first (they are pure and ANDed: the order changes only the time)
_SELECTIVE_FIRST = (
    "same_article",
    "minor_figure",
    "same_role",
    "future_stays_future",
    "asked_part_changes",
    "same_statehood",
    "nationality_same_continent",
    "same_era",
    "same_continent",
    "city_in_region",
    "same_gender",
    "keeps_chronology",
    "same_country",
    "year_stays_year",
    "same_magnitude",
    "same_kind",
    "name_words_absent",
    "surname_not_given_name",
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
