"""Rules on persons whose name a composed name cannot take over: rulers known by a regnal name ("Louis XIV",
"Elector Frederick William"), names whose derived words stay in the text ("Lutheran" after "Luther"), names
that are words ("Stanley Steamer" is a car) and one of a couple that shares the surname ("William and Judith
Bollinger"); and (`relabel`) persons NER tags otherwise, by their text's evidence."""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from ...bank.entity_kinds import head_word, person_kind
from ...gazetteers.persons import firm_gender, name_gender
from ...reasons import Reason
from ...text import find_whole_word
from ..hooks import Hook, hook
from ..policies.components import ComposedPersons, PersonsByPronoun, RelabelledNames
from ..rewriting.rewrite import name_parts
from ..rewriting.roles import common_surname_locales, name_countries
from .labels import MIN_LABEL_SHARE, NAME_PARTICLES, WORD_BEFORE, credible_person, person_roles, said_to_be_a_person
from .registry import Stage, rule
from .relabels import (
    NAME_BRACKET,
    full_name_in_text,
    known_first,
    name_word,
    place_not_person,
    place_word,
    surname_known,
    tagged_person_elsewhere,
)

if TYPE_CHECKING:
    from ..orchestration.state import Swap

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
    if swap.policy.uses(PersonsByPronoun) and _gendered_full_name(swap) and said_to_be_a_person(swap):
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
    named = swap.nationalities
    if not named:
        return None
    if swap.policy.uses(ComposedPersons, "by_nationality") and name_countries(named) is not None:
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

#: what a relabelled swap records as its evidence (`Swap.label_evidence`)
EVIDENCE_TEXT, EVIDENCE_GAZETTEER = "text", "gazetteer"
#: a question that asks for a person
_WHO = re.compile(r"^\s*(?:who|whom|whose)\b|\bwho\b", re.IGNORECASE)


@hook(Hook.LABEL, RelabelledNames)
def relabel(swap: Swap) -> None:
    """Under `relabel_by_evidence`: give the swap the label the evidence shows where NER's has no kind (a person
    tagged ORG, a place tagged PERSON), or confirm a PERSON `label_is_majority` would drop (a given name no list
    knows, a name NER labels otherwise elsewhere); leave it otherwise."""
    if swap.label == "ORG" and swap.kind is None:
        if _person_form(swap) and _person_in_text(swap, ask_counts=len(swap.original.split()) >= 2):
            _set_label(swap, "PERSON", EVIDENCE_TEXT)
        return
    if swap.label != "PERSON":
        return
    if swap.kind is None:
        if place_not_person(swap):
            _set_label(swap, "GPE", EVIDENCE_GAZETTEER)
        return
    credible = credible_person(swap.original, "PERSON") and swap.bank.label_share_of(swap.original) >= MIN_LABEL_SHARE
    if swap.kind == "full_name" and not credible and _person_by_surname(swap):
        swap.label_evidence = EVIDENCE_TEXT  # "linebacker Von Miller": a person whatever the given name


def _person_by_surname(swap: Swap) -> bool:
    """A PERSON-tagged full name of a given name no list knows is a person where its last word is a known surname
    (`surname_known`; "Guo Shoujing" has none), its first word no word the corpus writes in lower case but a
    particle ("Summer Breeze"; "Von Miller" is one), no word of it a place ("Newcastle Mela"), and the text says
    it is a person or (where the corpus labels it so in most of its mentions) the question asks "who"."""
    words = swap.original.split()
    if not surname_known(swap, words[-1]) or NAME_BRACKET.search(swap.original) or not all(map(name_word, words)):
        return False
    first = words[0].strip(".,").casefold()
    if (first in swap.bank.common_words and first not in NAME_PARTICLES) or place_word(words):
        return False
    if _person_in_text(swap, ask_counts=False):
        return True
    # a "who" alone does not outweigh a corpus that labels the name otherwise ("Harley Davidson" the company)
    return swap.bank.label_share_of(swap.original) >= MIN_LABEL_SHARE and _WHO.search(swap.record.question) is not None


def _set_label(swap: Swap, label: str, evidence: str) -> None:
    """The swap's mention under `label`: its kind and its other names as that label gives them."""
    swap.relabelled_from = swap.label
    swap.label_evidence = evidence
    swap.label = label
    swap.old_forms = [f for f in swap.old_forms if f not in name_parts(swap.original).values()]
    if label == "PERSON":
        swap.old_forms = list(name_parts(swap.original).values()) + swap.old_forms
    swap.kind = swap._kind()
    if (
        swap.one_word_person
        and swap.policy.uses(ComposedPersons, "surnames_alone")
        and full_name_in_text(swap.context, swap.original)
    ):
        swap.kind = "surname"  # "Tesla" where the passage writes "Nikola Tesla": a person named by surname


def _person_form(swap: Swap) -> bool:
    """The name has a person's form: no digit, bracket, generic head or place; one word the corpus knows as the
    surname of a person named in full ("Tesla"), or a full name starting with a known given name, an initial or a
    title, or ending with a known surname (`surname_known`), none of whose other words but particles is a word the
    corpus writes in lower case ("Vince Lombardi Trophy", "Sky Q Silver" are none)."""
    surface = swap.original
    words = surface.split()
    if head_word(surface) is not None or NAME_BRACKET.search(surface) or not all(map(name_word, words)):
        return False
    if place_word(words):
        return False
    if len(words) == 1:
        in_full = full_name_in_text(swap.context, surface) is not None
        return in_full or person_kind(surface, swap.bank.surnames) == "surname"
    if person_kind(surface, swap.bank.surnames) is None:
        return False
    last_known = surname_known(swap, words[-1])
    rest = words if not last_known else words[:-1]
    if any(w.casefold() in swap.bank.common_words and w.casefold() not in NAME_PARTICLES for w in rest):
        return False
    return known_first(words[0]) or last_known


def _person_in_text(swap: Swap, ask_counts: bool) -> bool:
    """The text says the name is a person: a pronoun, role word or occupation refers to it (`said_to_be_a_person`)
    or to its full name in the passage, the passage tags it or a full name ending with it PERSON, or (where
    `ask_counts`, a name of a known given name or a common surname) the question asks "who"."""
    label = swap.label
    swap.label = "PERSON"  # the role words are read for persons only
    try:
        said = said_to_be_a_person(swap)
    finally:
        swap.label = label
        swap.__dict__.pop("role_gender", None)
    if said or tagged_person_elsewhere(swap) or _role_before_full_name(swap):
        return True
    words = swap.original.split()
    name_shaped = known_first(words[0]) or words[-1] in common_surname_locales()
    return ask_counts and name_shaped and _WHO.search(swap.record.question) is not None


def _role_before_full_name(swap: Swap) -> bool:
    """An occupation stands right before the full name the passage writes for a one-word name ("the inventor Otto
    Brenner" for "Brenner")."""
    full = full_name_in_text(swap.context, swap.original)
    if full is None or len(swap.original.split()) != 1:
        return False
    for start, _ in find_whole_word(swap.context, full, ignore_case=False):
        before = WORD_BEFORE.search(swap.context, max(0, start - 30), start)
        if before is not None and before.group(1) in person_roles():
            return True
    return False
