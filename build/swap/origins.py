"""Where a person comes from by the text: the nationality words written beside a person's mentions or in the
question ("the Italian physicist Galileo Ferraris", "which American singer"), and the countries of
`gender-guesser`'s name data whose given names fit them (build/lexicons/nationality_name_countries.tsv), so a
composed name can be made of names used there (context_v11's `persons_of_nationality`)."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ..bank.persons import first_name
from ..bank.places import DEMONYMS, fold
from ..lexicons import word_map, word_set
from ..text import find_whole_word

if TYPE_CHECKING:
    from .state import Swap

#: how far before a mention a nationality may stand ("the Italian physicist Galileo Ferraris")
NATIONALITY_WINDOW = 40
#: the end of a sentence: a nationality past it is another person's
_SENTENCE_END = re.compile(r"[.!?]\s")
#: the given names or initials written before a surname ("Debbie ", "C. J. ")
_NAMES_BEFORE = re.compile(r"(?:[A-Z][\w.'’-]*\s+)*$")
_SPLIT = re.compile(r"[\s-]+")


@functools.cache
def _nationalities() -> frozenset[str]:
    adjectives = {fold(a) for a in DEMONYMS.values()} | word_set("nationalities") | word_set("ethnic_groups")
    return frozenset(adjectives)


def nationalities_named(swap: Swap) -> tuple[str, ...]:
    """The nationality words (folded) of the question and of the text right before each mention of the original
    person, in order of finding. A person named by surname alone under `surname_persons` keeps the given names
    written before the surname and takes the composed surname alone, so the window starts before those names,
    and a nationality later in the sentence counts too ("Jyotirindra Basu ... was an Indian politician")."""
    found = [w for w in (fold(w) for w in _SPLIT.split(swap.record.question)) if w in _nationalities()]
    surname = swap.policy.surname_persons and swap.kind == "surname"
    for start, end in find_whole_word(swap.context, swap.original, ignore_case=False):
        if surname:
            start -= len(_NAMES_BEFORE.search(swap.context, max(0, start - NATIONALITY_WINDOW), start).group(0))
        before = swap.context[max(0, start - NATIONALITY_WINDOW) : start]
        after = _SENTENCE_END.split(swap.context[end : end + NATIONALITY_WINDOW * 2])[0] if surname else ""
        found += [w for w in (fold(w) for w in _SPLIT.split(before + " " + after)) if w in _nationalities()]
    return tuple(dict.fromkeys(found))


@functools.cache
def _name_countries() -> dict[str, tuple[str, ...]]:
    return {word: tuple(countries.split(",")) for word, countries in word_map("nationality_name_countries").items()}


def name_countries(nationalities: tuple[str, ...]) -> tuple[str, ...] | None:
    """The name-data countries whose given names fit every one of these nationalities (sorted), or None where one
    has none (a people, a nationality the data has no country for)."""
    countries: set[str] = set()
    for word in nationalities:
        if word not in _name_countries():
            return None
        countries.update(_name_countries()[word])
    return tuple(sorted(countries))


@functools.lru_cache(maxsize=100_000)
def given_name_used_in(name: str, countries: tuple[str, ...]) -> bool:
    """The given name of `name` is one `gender-guesser` counts among the names of each of these countries
    ("Giuseppe" in italy, not in usa: there the data gives it no gender of its own)."""
    from ..bank.persons import _gender_detector

    given = first_name(name).strip(".")
    if len(given) < 2:
        return False
    known = _gender_detector().get_gender(given)
    return known not in ("unknown", "andy") and all(
        _gender_detector().get_gender(given, country) == known for country in countries
    )
