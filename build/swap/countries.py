"""A country or a nationality swapped as one map (`build/bank/countries.py`): the country, its other names, its
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

from ..bank.countries import Country, countries, country_of_form, neighbours, same_form
from ..bank.places import places_in
from ..hashing import rng_for
from ..reasons import Reason
from ..sentences import sentences_around
from ..text import find_whole_word
from ..types import BankEntry
from .made import made_entry

if TYPE_CHECKING:
    from .state import Swap

MAPPED_SOURCE = "country_map"
#: names read with "the" ("the Netherlands"): a map swaps them only for a name read with "the" too, and no
#: country of the list has such a peer in its subregion, so a text that uses one is not swapped
_THE_NAMES = frozenset({"United States", "United States of America", "United Kingdom", "Netherlands", "Philippines"})
_THE_NAMES |= frozenset({"Czech Republic", "U.S.", "U.S.A.", "US", "USA", "UK", "U.K."})
#: words before or after an adjective that make it a language ("in French", "French-speaking")
_LANGUAGE_BEFORE = re.compile(
    r"(?:\b(?:in|into|from|speak|speaks|spoke|spoken|speaking|speakers? of|learn|learned|taught|teach|teaching|"
    r"teaches|study|studied|studying|lessons|translated|"
    r"write|wrote|written|language|dialect|word|words|term|called|named|known as)\s+(?:the\s+)?)$",
    re.IGNORECASE,
)
_LANGUAGE_AFTER = re.compile(
    r"^(?:[- ](?:language|languages|spoken|speaking|speakers?|speaker|dialects?|words?|names?|translations?|text|"
    r"version|term|spelling|pronunciation|literature|grammar|alphabet|script|lyrics|poems?|poetry|texts?|songs|"
    r"-?language))\b",
    re.IGNORECASE,
)
#: what follows an adjective that names a people ("the French were", "the Dutch,")
_PEOPLE_NEXT = re.compile(
    r"^(?:[,.;:)]|\s+(?:were|was|had|have|are|is|and|or|who|in|to|at|of|under|from|with|by|did|would|could|"
    r"also|then|themselves|not|took|made|began|lost|won|fought|captured|controlled|ruled|claimed)\b)"
)
#: a war, a treaty, an empire: what a nation did, which another nation did not
_HISTORY = re.compile(r"\b(?:War|Wars|Battle|Revolution|Crisis|Invasion|Uprising|Treaty|Conquest|Crusade)\b")
_HISTORY_WORD = re.compile(r"\b(?:[Dd]ynasty|Empire|colonial|colonies|colonists)\b")
#: an office a person holds for a nation ("Egypt's premier Nasser")
_OFFICE = re.compile(
    r"\b(?:president|premier|prime minister|minister|king|queen|emperor|chancellor|leader|ruler|general|ambassador|"
    r"governor|dictator|monarch|head of state|government|citizen|born|native)\b",
    re.IGNORECASE,
)
_BORDER = re.compile(r"\b(?:border|borders|bordered|bordering|frontier)\b", re.IGNORECASE)
_ACRONYM = re.compile(r"\b[A-Z]{3,}\b")
_LANGUAGE_QUESTION = re.compile(r"\b(?:language|languages|tongue|dialect|spoken|speak)\b", re.IGNORECASE)
#: what a question answered by a nationality or a people asks for
_GROUP_QUESTION = re.compile(
    r"\b(?:nationality|nationalities|ethnic|ethnicity|people|peoples|group|groups|troops|forces|army|armies|"
    r"soldiers|country|countries|origin|descent|background|citizens?|nation|nations|immigrants|settlers|"
    r"government|navy)\b",
    re.IGNORECASE,
)
#: a question naming a person by a capitalised given name and surname
_NAMED_IN_QUESTION = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z.]*)*? [A-Z][a-z]+(?:'s)?\b(?! (?:of|in))")
_WHO = re.compile(r"\bwho(?:m|se)?\b", re.IGNORECASE)
#: words that join an adjective into a larger group ("North American", "Latin American", "Anglo-French")
_GROUP_BEFORE = re.compile(
    r"(?:\b(?:North|South|Latin|Central|East|West|Anglo|Afro|Indo|Franco|Sino)[\s-]|-|\bv\.?\s|[A-Z][a-z]+ of\s)$"
)  # ... and "Gods of Egypt", "Kingdom of France": a title or a state's name
_GROUP_AFTER = re.compile(r"^-")
#: "French and Indian War", "Spanish and French Renaissance objects": an adjective paired with another group
_ADJECTIVE_PAIR = re.compile(r"(?:\b(?:and|or)\s+$)|(?:^\s+(?:and|or)\s+[A-Z])")


def country_forms_in(text: str, country: Country) -> list[tuple[int, int, str]]:
    """(start, end, form) of every whole-word, case-sensitive use of a form of the country, longest first at
    a place."""
    found: list[tuple[int, int, str]] = []
    for form in country.forms():
        for start, end in find_whole_word(text, form, ignore_case=False):
            if not any(s <= start < e for s, e, _ in found):
                found.append((start, end, form))
    return sorted(found)


def _language_use(text: str, start: int, end: int) -> bool:
    return bool(_LANGUAGE_BEFORE.search(text[max(0, start - 30) : start]) or _LANGUAGE_AFTER.match(text[end:]))


def _in_larger_group(text: str, start: int, end: int, adjective: bool) -> bool:
    if _GROUP_BEFORE.search(text[max(0, start - 16) : start]) or _GROUP_AFTER.match(text[end : end + 8]):
        return True
    return adjective and bool(
        _ADJECTIVE_PAIR.search(text[max(0, start - 5) : start]) or _ADJECTIVE_PAIR.match(text[end : end + 8])
    )


@functools.cache
def _by_subregion() -> dict[str, tuple[Country, ...]]:
    grouped: dict[str, list[Country]] = {}
    for country in sorted(countries().values(), key=lambda c: c.iso):
        if country.subregion and country.name not in _THE_NAMES:
            grouped.setdefault(country.subregion, []).append(country)
    return {region: tuple(members) for region, members in grouped.items()}


def map_country(swap: Swap) -> BankEntry | Reason:
    """The new country (or nationality) for the original, with the (old, new) pairs of every other form the
    text uses in `swap.short_forms`; or the reason the map cannot be swapped here."""
    found = country_of_form(swap.original)
    if found is None:
        return Reason.KIND_NOT_SWAPPED
    old, form = found
    if (swap.label == "GPE") != (form == "name") or swap.original.isupper():
        return Reason.KIND_NOT_SWAPPED  # "French" tagged GPE, "Germany" tagged NORP; "US" beside "us"
    context, question = swap.context, swap.record.question
    if _LANGUAGE_QUESTION.search(question):
        return Reason.LANGUAGE_NAMED  # "What language were the lyrics?": the answer is a language
    if swap.label == "NORP" and _WHO.search(question) and not _GROUP_QUESTION.search(question):
        return Reason.QUESTION_KIND_MISMATCH  # "who did the Cubs beat" answered by "Indians"
    used = country_forms_in(context, old)
    if country_forms_in(question, old):
        return Reason.ORIGINAL_IN_QUESTION
    if any(text in _THE_NAMES for _, _, text in used):
        return Reason.NO_CANDIDATE
    adjective_uses = [(s, e) for s, e, text in used if text == old.adjective]
    if any(_language_use(context, s, e) for s, e in adjective_uses):
        return Reason.LANGUAGE_NAMED
    if any(_in_larger_group(context, s, e, text != old.name and text not in old.names) for s, e, text in used):
        return Reason.INSIDE_LONGER_NAME
    form_spans = {(s, e) for s, e, _ in used}
    for s, e, label in swap.info.entities:
        inside_form = any(fs <= s and e <= fe for fs, fe in form_spans)
        if label == "NORP" and not inside_form and country_of_form(context[s:e]) is None:
            return Reason.NATIONALITY_NAMED  # "Canadian scouts and Indians", "Han Chinese", "Jurchen women"
        if label == "EVENT" and _HISTORY.search(context[s:e]):
            return Reason.LANDMARK_NAMED  # "the Six-Day War": nations are their history
    if _HISTORY_WORD.search(context) or _BORDER.search(context):
        return Reason.LANDMARK_NAMED
    if any(label == "LOC" for _, _, label in swap.info.entities):
        return Reason.GEOGRAPHY_LEFT  # "the Moselle": a river, a range or a region no gazetteer places
    persons = [(s, e) for s, e, label in swap.info.entities if label == "PERSON"]
    for start, end in form_spans:
        s_start, s_end = sentences_around(context, start, end)
        near = any(s_start <= s < s_end for s, _ in persons)
        if near and (swap.label == "NORP" or _OFFICE.search(context[s_start:s_end])):
            return Reason.NATIONALITY_NAMED  # "Nasser", "the Spanish inventor Jerónimo de Ayanz": names carry nations
    if swap.label == "NORP" and _NAMED_IN_QUESTION.search(question):
        return Reason.NATIONALITY_NAMED  # "What nationality was Konstantin Mereschkowski?"
    initial = old.name[0]
    if any(initial in word for word in _ACRONYM.findall(context) + _ACRONYM.findall(question)):
        return Reason.ACRONYM_LEFT  # "ICTR" beside "Rwandan": an acronym may spell the country
    places = places_in(context) + places_in(question)
    if any(p.country == old.iso and (s, e) not in form_spans for s, e, p in places):
        return Reason.GEOGRAPHY_LEFT
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
