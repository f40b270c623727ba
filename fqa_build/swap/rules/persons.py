"""Rules on persons whose name a composed name cannot take over: rulers known by a regnal name ("Louis XIV",
"Elector Frederick William"), names whose derived words stay in the text ("Lutheran" after "Luther"), names
that are words ("Stanley Steamer" is a car) and one of a couple that shares the surname ("William and Judith
Bollinger"); and (`relabel`) persons NER tags otherwise, by their text's evidence."""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from fqa_build.gazetteers.persons import firm_gender, name_gender
from fqa_build.reasons import Reason
from fqa_build.swap.components.composed_persons.reading import nationalities
from fqa_build.swap.rewriting.roles import name_countries
from fqa_build.swap.rule import Stage, rule
from fqa_build.swap.rules.labels import (
    person_roles,
    said_to_be_a_person,
)
from fqa_build.text import find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: titles of rulers and nobles: a person named with one is known by a regnal name no composed name can be
_RULER = re.compile(
    r"\b(?:King|Queen|Emperor|Empress|Elector|Pope|Duke|Duchess|Prince|Princess|Tsar|Czar|Sultan|Caliph|Khan|"
    r"Shah|Pharaoh|Margrave|Count|Countess|Earl|Archduke|Landgrave|Kaiser|Emir|Saint|St\.)\b"
)
_REGNAL = re.compile(r"\s(?:[IVX]+|the\s+[A-Z][a-z]+)$")
#: how far from a mention a ruler's title may stand ("Frederick William, Elector of Brandenburg")
_TITLE_WINDOW = 40


@rule(Stage.MENTION, Reason.KIND_NOT_SWAPPED)
def person_not_a_ruler(swap: Swap) -> Reason | None:
    """A ruler or noble is not swapped: a regnal numeral ("Louis XIV", "Charles the Bald") or a ruler's title
    next to a mention ("King", "Elector of Brandenburg") binds the name to a dynasty and a throne."""
    if swap.label != "PERSON":
        return None
    if _REGNAL.search(swap.original):
        return Reason.KIND_NOT_SWAPPED
    for start, end in find_whole_word(swap.context, swap.original, ignore_case=False):
        if _RULER.search(swap.context, max(0, start - _TITLE_WINDOW), min(len(swap.context), end + _TITLE_WINDOW)):
            return Reason.KIND_NOT_SWAPPED
    return None


_DERIVED_SUFFIX = "an|ans|ian|ians|ism|ist|ists|ite|ites|ean|eans|esque"


@rule(Stage.REWRITE, Reason.DERIVED_WORD_LEFT)
def no_surname_word_left(swap: Swap) -> Reason | None:
    """No word derived from the person's surname stays in the new text ("Lutheran" after "Luther",
    "Darwinian" after "Darwin")."""
    if swap.label != "PERSON":
        return None
    surname = swap.original.split()[-1]
    if len(surname) < 3 or surname not in swap.rewrite.text:
        return None
    pattern = re.compile(rf"\b{re.escape(surname)}(?:{_DERIVED_SUFFIX})\b")
    return Reason.DERIVED_WORD_LEFT if pattern.search(swap.rewrite.text) else None


@rule(Stage.MENTION, Reason.LABEL_CONTRADICTED)
def person_surname_not_a_word(swap: Swap) -> Reason | None:
    """A PERSON whose last word the corpus writes in lower case is too often no person ("Stanley Steamer", a
    car; "Jimmy Kimmel Live", a show), unless, under `find_persons_by_pronoun`, it starts with a given name of a known
    gender and the text says it is a person (`said_to_be_a_person`). Needs the corpus's lower-case words
    (policies that compose names)."""
    if swap.label != "PERSON" or not swap.bank.common_words:
        return None
    if swap.original.split()[-1].casefold() not in swap.bank.common_words:
        return None
    if swap.policy.offers("persons_by_pronoun") and _gendered_full_name(swap) and said_to_be_a_person(swap):
        return None  # "Joseph Black", "Hugh Downs" where a he/she or an occupation refers to them
    return Reason.LABEL_CONTRADICTED


def _gendered_full_name(swap: Swap) -> bool:
    """A name of a given name and a capitalised last word ("Margarethe von der" is cut short) whose gender the
    text or the given name fixes ("Cam" is either), so the composed name has the person's."""
    words = swap.original.split()
    if len(words) < 2 or not words[-1][:1].isupper() or name_gender(words[0]) == "unknown":
        return False
    return swap.needed_gender in ("male", "female") or firm_gender(swap.original) != "unknown"


_COUPLE_BEFORE = re.compile(r"\b([A-Z][a-z]+)\s+(?:and|&)\s+$")


@rule(Stage.MENTION, Reason.INSIDE_OTHER_PERSON)
def person_not_in_couple(swap: Swap) -> Reason | None:
    """A person written after another given name and "and" ("William and Judith Bollinger") shares the surname
    with that person: the two are one answer, and a new name would part them."""
    if swap.label != "PERSON":
        return None
    for start, _ in find_whole_word(swap.context, swap.original, ignore_case=False):
        before = _COUPLE_BEFORE.search(swap.context, max(0, start - 30), start)
        if before is not None and name_gender(before.group(1)) != "unknown":
            return Reason.INSIDE_OTHER_PERSON
    return None


@rule(Stage.MENTION, Reason.NATIONALITY_NAMED)
def person_without_nationality(swap: Swap) -> Reason | None:
    """A person the text or the question gives a nationality ("the Italian physicist Galileo Ferraris", "Which
    Russian-born British designer") is not swapped: a composed name carries no nationality, and a name of the
    wrong language contradicts it. Under `name_persons_by_nationality` one is, where the nationalities have
    countries in the name data (swap/rewriting/roles.py): the composed name is then made of names used there."""
    if swap.label != "PERSON":
        return None
    named = nationalities(swap)
    if not named:
        return None
    if swap.policy.offers("names_by_nationality") and name_countries(named) is not None:
        return None
    return Reason.NATIONALITY_NAMED


#: the plural nouns that ask for persons beside the plurals of the role words (fqa_build/lexicons/person_roles.txt)
_PERSONS_PLURAL = frozenset("people persons men women figures individuals leaders members players".split())
#: how many words after the wh-word may hold the plural noun ("what future Revolutionary key figures")
_WH_WINDOW = 5
_WORD = re.compile(r"[\w'-]+")
#: a gold answer that names the original and another person ("Washington and Thomas Gage"); a comma alone may
#: bring a title ("John Pell, Lord of Pelham Manor")
_JOINED = re.compile(r"(?:\band|&)\s+[A-Z]")


@rule(Stage.MENTION, Reason.PERSONS_ASKED)
def person_asked_alone(swap: Swap) -> Reason | None:
    """The question asks for one person. A plural person noun within five words after
    its wh-word ("what future key figures", "which players") or a gold answer that joins the original to another
    name ("Washington and Thomas Gage") says it asks for several, of which the new name would be one."""
    if swap.label != "PERSON":
        return None
    words = _WORD.findall(swap.record.question)
    folded = [w.casefold() for w in words]
    for i, word in enumerate(folded):
        if word not in ("who", "which", "what", "whom"):
            continue
        for later in folded[i + 1 : i + 1 + _WH_WINDOW]:
            singular = later[:-1] if later.endswith("s") else None
            if later in _PERSONS_PLURAL or (singular and singular in person_roles()):
                return Reason.PERSONS_ASKED
    for answer in swap.record.answers:
        if swap.original in answer.text and _JOINED.search(answer.text.replace(swap.original, "", 1)):
            return Reason.PERSONS_ASKED
    return None


#: how alike two words must be to be one name spelled two ways ("Keenan" of "Keanan"; difflib's ratio)
SPELLING_RATIO = 0.8
_CAPITALISED = re.compile(r"\b[A-Z][a-z]{3,}\b")


@rule(Stage.REWRITE, Reason.PERSON_SPELLING_LEFT)
def no_person_spelling_left(swap: Swap) -> Reason | None:
    """No other spelling of a swapped word of the person's name is left in the new text
    ("She has also been credited as Stacy Keenan" after "Staci Keanan" became "Staci Rourke"): a capitalised word
    of the same first letter and nearly the same letters (difflib's ratio at least `SPELLING_RATIO`)."""
    if swap.label != "PERSON":
        return None
    new_words = set(swap.replacement.split())
    swapped = [w for w in swap.original.split() if len(w) >= 4 and w not in new_words and w[0].isupper()]
    for word in set(_CAPITALISED.findall(swap.rewrite.text)) - new_words - set(swapped):
        for old in swapped:
            if word[0] == old[0] and difflib.SequenceMatcher(None, word, old).ratio() >= SPELLING_RATIO:
                return Reason.PERSON_SPELLING_LEFT
    return None


# --- persons by the text's evidence (`relabel_by_evidence`): a person NER tags ORG, a city it tags PERSON ---

#: a question that asks for a person
