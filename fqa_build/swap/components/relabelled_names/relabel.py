"""The `relabelled_names` component's `LABEL` hook: a mention NER labels wrongly ("Peyton Manning" tagged ORG) is
swapped under the label its text shows, where the evidence decides it (`relabel`); the rules of rules.py check
that the relabelled name has one referent and keeps its culture."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import head_word, person_kind
from fqa_build.swap.components import RelabelledNames
from fqa_build.swap.components.relabelled_names.rules import (
    NAME_BRACKET,
    full_name_in_text,
    known_first,
    name_word,
    place_not_person,
    place_word,
    surname_known,
    tagged_person_elsewhere,
)
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.rewriting.rewrite import name_parts
from fqa_build.swap.rewriting.roles import common_surname_locales
from fqa_build.swap.rules.labels import (
    MIN_LABEL_SHARE,
    NAME_PARTICLES,
    WORD_BEFORE,
    credible_person,
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


#: what a relabelled swap records as its evidence (`Swap.label_evidence`)
EVIDENCE_TEXT, EVIDENCE_GAZETTEER = "text", "gazetteer"
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
    swap.kind = swap.kind_from_text()
    if swap.one_word_person and swap.policy.offers("surnames_alone") and full_name_in_text(swap.context, swap.original):
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
