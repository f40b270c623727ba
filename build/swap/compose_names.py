"""Composed names of organisations, places and events: the generic head and the form the text needs are kept
("X University", "University of X", "Battle of X", "X River", "Lake X") and only the distinctive part is
replaced, by a part that names nothing the corpus or the gazetteer knows under that head.

- The distinctive part of a place or event, and of an organisation named after a place ("University of
  Chicago"), becomes a small town of the same region or country (build/swap/towns.py): "Battle of Hastings"
  -> "Battle of Crawley", "Vistula River" -> "Radom River".
- The distinctive part of an organisation named after a person or a word ("Stanford University") becomes a
  surname of the article's other persons that the text does not use (build/swap/compose.py's pool):
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

from ..bank.countries import country_of_form
from ..bank.entity_bank import EntityBank
from ..bank.kinds import CONTINENTS, REGIONS, head_word, norp_kind
from ..bank.persons import name_gender
from ..bank.places import place
from ..hashing import rng_for
from ..lexicons import word_set
from ..reasons import Reason
from ..text import contains_whole_word, find_whole_word, word_key
from ..types import BankEntry
from .compose import _article_persons, function_word
from .forms import derived_words_left
from .made import made_entry
from .name_forms import NameForm, name_form, team_form
from .towns import resolve_city, text_region, town_for, town_population

if TYPE_CHECKING:
    from .state import Swap

COMPOSED_NAME_SOURCE = "composed_name"
#: labels whose names are composed
COMPOSED_LABELS = frozenset({"ORG", "LOC", "EVENT", "FAC"})
#: labels whose distinctive part is a place name (an organisation's only where it is a place)
_PLACE_NAMED = frozenset({"LOC", "EVENT", "FAC"})
#: a name the corpus uses in more paragraphs than this is one a reader knows (its size, its place, its story)
FAMOUS_CONTEXTS = 3
#: "University of California, Irvine": a campus of a system
_CAMPUS = re.compile(r",\s+[A-Z][a-z]+")
#: words that say where or which, not who: a composed name keeps none of them in the distinctive part
_DIRECTIONS = frozenset(
    "north south east west northern southern eastern western central upper lower greater new old great grand "
    "saint st royal national international united general first second third imperial holy".split()
)


@functools.cache
def _stopwords() -> frozenset[str]:
    return word_set("stopwords")


def distinctive_reason(form: NameForm, bank: EntityBank) -> Reason | None:
    """Why the distinctive part cannot be replaced on its own: it names a nation, a continent or region, a
    direction or a number, or is a word the corpus writes in lower case (None when it can)."""
    text = form.distinctive
    words = [w.casefold() for w in text.split()]
    if country_of_form(text) is not None or any(country_of_form(w) for w in text.split()):
        return Reason.KIND_NOT_SWAPPED
    if text.casefold() in CONTINENTS or text.casefold() in REGIONS or any(w in _DIRECTIONS for w in words):
        return Reason.KIND_NOT_SWAPPED
    if any(w in bank.common_words or w in _stopwords() or head_word(w) or norp_kind(w) for w in words):
        return Reason.KIND_NOT_SWAPPED
    found = place(text)
    if found is not None and found.kind == "country":
        return Reason.KIND_NOT_SWAPPED  # "Vietnam War": a country's war is its history
    if len(words) > 1 and any(place(w) or bank.label_of(w, "LOC") in ("LOC", "GPE") for w in text.split()):
        return Reason.KIND_NOT_SWAPPED  # "Emmerich Rhine Bridge": a place inside the part would be renamed too
    return None


def _place_part(swap: Swap, form: NameForm) -> str | None:
    found = place(form.distinctive)
    region = text_region(swap.context + "\n" + swap.record.title.replace("_", " "))
    if found is not None and found.kind == "city":
        city = resolve_city(form.distinctive)
        if city is None or (region is not None and region[0] != city.country):
            return None  # "Glastonbury Festival" in an English text: not the Glastonbury of Connecticut
        return town_for(swap, city.country, city.admin1, "composed", head=_head_of(form))
    if found is not None:
        return None  # "Pennsylvania Station", "University of California": named after a state, found anywhere
    return town_for(swap, *region, "composed", head=_head_of(form)) if region else None


def _head_of(form: NameForm) -> str:
    """The kept words' generic head, folded ("park" of " Park", "university" of "University of ")."""
    return head_word((form.before + form.after).replace(" of ", " ").strip()) or ""


def _person_part(swap: Swap, used: frozenset[str]) -> str | None:
    persons = _article_persons(swap.bank, swap.record.title)
    lasts = sorted({last for _, _, _, last in persons if last and last not in used})
    if swap.policy.plain_name_parts:
        lasts = [last for last in lasts if not function_word(last)]
    if not lasts:
        return None
    return lasts[rng_for(swap.config.seed, swap.record.id, "composed").randrange(len(lasts))]


#: what makes a "<City> <Plural>" name a sports team in its text (else "Paramount Pictures" would be one)
_SPORT = re.compile(
    r"\b(?:team|teams|season|seasons|league|NFL|NBA|MLB|NHL|coach|quarterback|playoffs?|championship|"
    r"Super Bowl|touchdowns?|defeated|stadium|franchise)\b"
)


def compose_team(swap: Swap, form: NameForm) -> BankEntry | Reason:
    """A team of a town of its city's region under the same nickname ("Chicago Bears" -> "Joliet Bears"); the
    city named alone is the town too (one consistent map: "Chicago led the league")."""
    if not _SPORT.search(swap.context):
        return Reason.KIND_NOT_SWAPPED
    city = resolve_city(form.distinctive)
    town = town_for(swap, city.country, city.admin1, "team", town_population(city.population))
    if town is None:
        return Reason.NO_CANDIDATE
    if any(not _inside_original(swap, s, e) for s, e in find_whole_word(swap.context, form.distinctive, False)):
        swap.short_forms.append((form.distinctive, town))
        swap.old_forms.append(form.distinctive)
    return _composed_entry(form.compose(town), swap)


def compose_name(swap: Swap) -> BankEntry | Reason:
    """A composed name for the original organisation, place or event (see the module docstring), or the
    reason it cannot be composed here."""
    known = swap.bank.entry_of(swap.original)
    if known is not None and known.num_contexts > FAMOUS_CONTEXTS:
        return Reason.LANDMARK_NAMED  # "Mount Everest", "Hudson River", "Eiffel Tower": a reader knows them
    form = name_form(swap.original, swap.label)
    team = team_form(swap.original) if form is None and swap.label == "ORG" else None
    if team is not None:
        return compose_team(swap, team)
    if form is None:
        return Reason.KIND_NOT_SWAPPED
    reason = distinctive_reason(form, swap.bank)
    if reason is not None:
        return reason
    given_name = name_gender(form.distinctive.split()[0]) != "unknown"  # "Alexandra Palace": a princess's
    place_named = swap.label in _PLACE_NAMED or (place(form.distinctive) is not None and not given_name)
    if (form.after == "" or place_named) and any(
        not _inside_original(swap, s, e) for s, e in find_whole_word(swap.context, form.distinctive, ignore_case=False)
    ):
        return Reason.SHORT_FORM_LEFT  # "University of Chicago" or "Ohio Company" in a text that names the place
    if contains_whole_word(swap.record.question, form.distinctive, ignore_case=False):
        return Reason.ORIGINAL_IN_QUESTION
    if derived_words_left(swap.context, form.distinctive, swap.mention_spans):
        return Reason.DERIVED_WORD_LEFT  # "the Pamiris" beside the "Pamir Mountains"
    if any(_CAMPUS.match(swap.context, e) for _, e in swap.mention_spans):
        return Reason.INSIDE_LONGER_NAME  # "University of California, Irvine": one campus of a system
    if not place_named and form.distinctive.split()[-1] not in swap.bank.surnames:
        return Reason.KIND_NOT_SWAPPED  # "Renmin University": named neither after a place nor after a person
    used = frozenset(re.findall(r"\b[A-Z][\w'’-]{2,}", swap.context + " " + swap.record.question))
    part = _place_part(swap, form) if place_named else _person_part(swap, used)
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
