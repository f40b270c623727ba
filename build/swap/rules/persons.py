"""Rules on persons whose name a composed name cannot take over: rulers known by a regnal name ("Louis XIV",
"Elector Frederick William"), names whose derived words stay in the text ("Lutheran" after "Luther"), names
that are words ("Stanley Steamer" is a car) and one of a couple that shares the surname ("William and Judith
Bollinger")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...bank.persons import firm_gender, name_gender
from ...reasons import Reason
from ...text import find_whole_word
from ..roles import name_countries
from .labels import said_to_be_a_person
from .registry import Stage, rule

if TYPE_CHECKING:
    from ..state import Swap

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
    if len(surname) < 3:
        return None
    pattern = re.compile(rf"\b{re.escape(surname)}(?:{_DERIVED_SUFFIX})\b")
    return Reason.DERIVED_WORD_LEFT if pattern.search(swap.rewrite.text) else None


@rule(Stage.MENTION, Reason.LABEL_CONTRADICTED)
def person_surname_not_a_word(swap: Swap) -> Reason | None:
    """A PERSON whose last word the corpus writes in lower case is too often no person ("Stanley Steamer", a
    car; "Jimmy Kimmel Live", a show), unless, under `persons_by_pronoun`, it starts with a given name of a known
    gender and the text says it is a person (`said_to_be_a_person`). Needs the corpus's lower-case words
    (policies that compose names)."""
    if swap.label != "PERSON" or not swap.bank.common_words:
        return None
    if swap.original.split()[-1].casefold() not in swap.bank.common_words:
        return None
    if swap.policy.persons_by_pronoun and _gendered_full_name(swap) and said_to_be_a_person(swap):
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
    wrong language contradicts it. Under `persons_of_nationality` one is, where the nationalities have
    countries in the name data (build/swap/roles.py): the composed name is then made of names used there."""
    if swap.label != "PERSON":
        return None
    named = swap.nationalities
    if not named:
        return None
    if swap.policy.persons_of_nationality and name_countries(named) is not None:
        return None
    return Reason.NATIONALITY_NAMED
