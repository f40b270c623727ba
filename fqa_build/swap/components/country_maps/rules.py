"""Rules on a country map (make.py): a country or nationality is swapped with all its forms only
where nothing in the text or the question ties it to the original country (its language, its wars, its places,
its people) or to a larger group. They run at stage `MADE`, before the map is drawn, in the order the map's
checks always ran."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.gazetteers.countries import country_of_form
from fqa_build.gazetteers.places import places_in
from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.components.country_maps.make import THE_NAMES, country_forms_in, maps_country
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


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


def _language_use(text: str, start: int, end: int) -> bool:
    return bool(_LANGUAGE_BEFORE.search(text[max(0, start - 30) : start]) or _LANGUAGE_AFTER.match(text[end:]))


def _in_larger_group(text: str, start: int, end: int, adjective: bool) -> bool:
    if _GROUP_BEFORE.search(text[max(0, start - 16) : start]) or _GROUP_AFTER.match(text[end : end + 8]):
        return True
    return adjective and bool(
        _ADJECTIVE_PAIR.search(text[max(0, start - 5) : start]) or _ADJECTIVE_PAIR.match(text[end : end + 8])
    )


def _mapped(swap: Swap):
    """(country, form) of a swap the policy maps as a country, None otherwise (or where no country has the form)."""
    return country_of_form(swap.original) if maps_country(swap) else None


def _form_spans(swap: Swap, country) -> set[tuple[int, int]]:
    return {(s, e) for s, e, _ in country_forms_in(swap.context, country)}


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def country_form_known(swap: Swap) -> Reason | None:
    """A country or nationality is mapped only where the name is a form of a country the list knows (a name,
    an adjective or a people)."""
    return Reason.KIND_NOT_SWAPPED if maps_country(swap) and country_of_form(swap.original) is None else None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def country_form_fits_label(swap: Swap) -> Reason | None:
    """The form fits the label (a country's name tagged GPE, an adjective or people tagged NORP: "French"
    tagged GPE and "Germany" tagged NORP are not mapped) and is not written in capitals ("US" beside "us")."""
    found = _mapped(swap)
    if found is not None and ((swap.label == "GPE") != (found[1] == "name") or swap.original.isupper()):
        return Reason.KIND_NOT_SWAPPED
    return None


@rule(Stage.MADE, Reason.LANGUAGE_NAMED)
def question_not_about_language(swap: Swap) -> Reason | None:
    """The question does not ask for a language ("What language were the lyrics?": the answer is one)."""
    if _mapped(swap) is not None and _LANGUAGE_QUESTION.search(swap.record.question):
        return Reason.LANGUAGE_NAMED
    return None


@rule(Stage.MADE, Reason.QUESTION_KIND_MISMATCH)
def who_asks_for_a_people(swap: Swap) -> Reason | None:
    """A "who" question answered by a nationality asks for a people, a group or a country ("who did the Cubs
    beat" answered by "Indians" asks for a team)."""
    if _mapped(swap) is not None and swap.label == "NORP":
        question = swap.record.question
        if _WHO.search(question) and not _GROUP_QUESTION.search(question):
            return Reason.QUESTION_KIND_MISMATCH
    return None


@rule(Stage.MADE, Reason.ORIGINAL_IN_QUESTION)
def question_free_of_country(swap: Swap) -> Reason | None:
    """The question uses no form of the mapped country ("Which Kenya runners" for the answer "Kenyan")."""
    found = _mapped(swap)
    if found is not None and country_forms_in(swap.record.question, found[0]):
        return Reason.ORIGINAL_IN_QUESTION
    return None


@rule(Stage.MADE, Reason.NO_CANDIDATE)
def country_name_without_article(swap: Swap) -> Reason | None:
    """The text names the country by no name read with "the" ("the Netherlands", "the U.S."): no country of
    its subregion is read with "the", so no map fits."""
    found = _mapped(swap)
    if found is not None and any(text in THE_NAMES for *_, text in country_forms_in(swap.context, found[0])):
        return Reason.NO_CANDIDATE
    return None


@rule(Stage.MADE, Reason.LANGUAGE_NAMED)
def adjective_not_a_language(swap: Swap) -> Reason | None:
    """No use of the country's adjective names a language ("written in French", "French-speaking")."""
    found = _mapped(swap)
    if found is None:
        return None
    old = found[0]
    for s, e, text in country_forms_in(swap.context, old):
        if text == old.adjective and _language_use(swap.context, s, e):
            return Reason.LANGUAGE_NAMED
    return None


@rule(Stage.MADE, Reason.INSIDE_LONGER_NAME)
def country_not_in_larger_group(swap: Swap) -> Reason | None:
    """No form of the country is part of a larger group or a title ("North American", "Anglo-French", "French
    and Indian forces", "Jorgic v. Germany", "Kingdom of France")."""
    found = _mapped(swap)
    if found is None:
        return None
    old = found[0]
    for s, e, text in country_forms_in(swap.context, old):
        if _in_larger_group(swap.context, s, e, text != old.name and text not in old.names):
            return Reason.INSIDE_LONGER_NAME
    return None


@rule(Stage.MADE, Reason.NATIONALITY_NAMED)
def no_other_nation_named(swap: Swap) -> Reason | None:
    """The text tags no other group as a nationality that is no country's form ("Canadian scouts and Indians",
    "Han Chinese", "Jurchen women"): the map would leave it beside the new country."""
    found = _mapped(swap)
    if found is None:
        return None
    spans = _form_spans(swap, found[0])
    for s, e, label in swap.info.entities:
        if label == "EVENT" and _HISTORY.search(swap.context[s:e]):
            return None  # a war named first: `no_war_named` names it
        inside = any(fs <= s and e <= fe for fs, fe in spans)
        if label == "NORP" and not inside and country_of_form(swap.context[s:e]) is None:
            return Reason.NATIONALITY_NAMED
    return None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def no_war_named(swap: Swap) -> Reason | None:
    """The text names no war, battle, revolution or treaty ("the Six-Day War"): nations are their history."""
    if _mapped(swap) is not None:
        if any(label == "EVENT" and _HISTORY.search(swap.context[s:e]) for s, e, label in swap.info.entities):
            return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def no_empire_or_border(swap: Swap) -> Reason | None:
    """The text speaks of no dynasty, empire or colonies and of no border: what a nation did or where it lies
    another does not share."""
    if _mapped(swap) is not None and (_HISTORY_WORD.search(swap.context) or _BORDER.search(swap.context)):
        return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.GEOGRAPHY_LEFT)
def no_unplaced_geography(swap: Swap) -> Reason | None:
    """The text names no river, range or region (LOC): no gazetteer places it, so it may lie in the country."""
    if _mapped(swap) is not None and any(label == "LOC" for _, _, label in swap.info.entities):
        return Reason.GEOGRAPHY_LEFT
    return None


@rule(Stage.MADE, Reason.NATIONALITY_NAMED)
def no_person_of_the_nation(swap: Swap) -> Reason | None:
    """No person is named in a sentence that uses the nationality, or the country beside an office ("the
    Spanish inventor Jerónimo de Ayanz", "the premier of Egypt was Nasser"): names carry nations."""
    found = _mapped(swap)
    if found is None:
        return None
    context = swap.context
    persons = [s for s, _, label in swap.info.entities if label == "PERSON"]
    for start, end in sorted(_form_spans(swap, found[0])):
        s_start, s_end = sentences_around(context, start, end)
        near = any(s_start <= s < s_end for s in persons)
        if near and (swap.label == "NORP" or _OFFICE.search(context[s_start:s_end])):
            return Reason.NATIONALITY_NAMED
    return None


@rule(Stage.MADE, Reason.NATIONALITY_NAMED)
def question_names_no_person(swap: Swap) -> Reason | None:
    """A question answered by a nationality names no person ("What nationality was Konstantin Mereschkowski?")."""
    if _mapped(swap) is not None and swap.label == "NORP" and _NAMED_IN_QUESTION.search(swap.record.question):
        return Reason.NATIONALITY_NAMED
    return None


@rule(Stage.MADE, Reason.ACRONYM_LEFT)
def no_acronym_of_country(swap: Swap) -> Reason | None:
    """No acronym of the text or the question holds the country's initial ("ICTR" beside "Rwandan"): it may
    spell the country."""
    found = _mapped(swap)
    if found is None:
        return None
    initial = found[0].name[0]
    words = _ACRONYM.findall(swap.context) + _ACRONYM.findall(swap.record.question)
    return Reason.ACRONYM_LEFT if any(initial in word for word in words) else None


@rule(Stage.MADE, Reason.GEOGRAPHY_LEFT)
def no_place_of_country_left(swap: Swap) -> Reason | None:
    """The text and the question name no place the gazetteer puts in the country other than its own forms
    ("Nairobi" beside "Kenya")."""
    found = _mapped(swap)
    if found is None:
        return None
    spans = _form_spans(swap, found[0])
    places = places_in(swap.context) + places_in(swap.record.question)
    if any(p.country == found[0].iso and (s, e) not in spans for s, e, p in places):
        return Reason.GEOGRAPHY_LEFT
    return None


#: a language's name labelling words of that language: "(Hungarian: Magyarország)", "Hungarian: [ˈmɒɟɒr]"
_GLOSS_AFTER = re.compile(r"^\s*:")


@rule(Stage.MADE, Reason.LANGUAGE_NAMED)
def adjective_not_a_gloss(swap: Swap) -> Reason | None:
    """No use of the country's adjective labels words of its language ("The flag of Hungary (Hungarian:
    Magyarország zászlaja)"): the words would stay in the old country's language under the new label."""
    found = _mapped(swap)
    if found is None:
        return None
    old = found[0]
    for _, e, text in country_forms_in(swap.context, old):
        if text == old.adjective and _GLOSS_AFTER.match(swap.context[e : e + 3]):
            return Reason.LANGUAGE_NAMED
    return None
