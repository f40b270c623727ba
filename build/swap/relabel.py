"""Mentions NER labels wrongly, swapped under the label the evidence shows (`Policy.relabel_by_evidence`).

spaCy tags many persons ORG ("Peyton Manning", "Tesla", "Napoleon") and some places PERSON ("Zwickau"); the
rule `kind_known` drops them, since they have no kind under their label. Where the passage itself shows what the
name is, the swap takes that label, and with it every mechanism the label has (composed persons, surname-only
persons, towns):

- a person: the name has a person's form (a full name, or a surname or given name the corpus knows) and the text
  says it is one: a he/she or a gendered role word refers to it, an occupation stands right before a mention
  ("linebacker Von Miller"), the passage tags the same name or a full name ending with it PERSON elsewhere, or
  (a full name beginning with a known given name) the question asks "who";
- a place: a PERSON-tagged word the gazetteer knows as a country or city, with no known given name and no he/she
  referring to it.

A PERSON-tagged full name whose given name no list knows ("Kony Ealy") is kept as a person on the same evidence
(`label_evidence`), where `label_is_majority` would drop it. Whether every mention of the name is the same
referent is checked by the rule `relabelled_one_referent` (build/swap/rules/relabels.py).
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ..bank.kinds import entity_kind, head_word, person_kind
from ..bank.persons import name_gender
from ..bank.places import place
from ..lexicons import word_set
from ..text import find_whole_word
from .rewrite import name_parts
from .roles import common_surname_locales
from .rules.labels import MIN_LABEL_SHARE, credible_person, said_to_be_a_person

if TYPE_CHECKING:
    from .state import Swap

#: what a relabelled swap records as its evidence (`Swap.label_evidence`)
EVIDENCE_TEXT = "text"
EVIDENCE_GAZETTEER = "gazetteer"

#: a question that asks for a person
_WHO = re.compile(r"^\s*(?:who|whom|whose)\b|\bwho\b", re.IGNORECASE)
_INITIAL = re.compile(r"^(?:[A-Z]\.)+$")


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
        if _place_not_person(swap):
            _set_label(swap, "GPE", EVIDENCE_GAZETTEER)
        return
    credible = credible_person(swap.original, "PERSON") and swap.bank.label_share_of(swap.original) >= MIN_LABEL_SHARE
    if swap.kind == "full_name" and not credible and _person_by_surname(swap):
        swap.label_evidence = EVIDENCE_TEXT  # "linebacker Von Miller": a person whatever the given name


def _person_by_surname(swap: Swap) -> bool:
    """A PERSON-tagged full name of a given name no list knows is a person where its last word is a known surname
    (`_surname_known`; "Guo Shoujing" has none), its first word no word the corpus writes in lower case but a
    particle ("Summer Breeze"; "Von Miller" is one), no word of it a place ("Newcastle Mela"), and the text says
    it is a person or (where the corpus labels it so in most of its mentions) the question asks "who"."""
    words = swap.original.split()
    if not _surname_known(swap, words[-1]) or _BRACKET.search(swap.original) or not all(map(_name_word, words)):
        return False
    first = words[0].strip(".,").casefold()
    if (first in swap.bank.common_words and first not in _PARTICLES) or _place_word(words):
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
    if swap.one_word_person and swap.policy.surname_persons and full_name_in_text(swap.context, swap.original):
        swap.kind = "surname"  # "Tesla" where the passage writes "Nikola Tesla": a person named by surname


def _person_form(swap: Swap) -> bool:
    """The name has a person's form: no digit, bracket, generic head or place; one word the corpus knows as the
    surname of a person named in full ("Tesla"), or a full name starting with a known given name, an initial or a
    title, or ending with a known surname (`_surname_known`), none of whose other words but particles is a word the
    corpus writes in lower case ("Vince Lombardi Trophy", "Sky Q Silver" are none)."""
    surface = swap.original
    words = surface.split()
    if head_word(surface) is not None or _BRACKET.search(surface) or not all(_name_word(w) for w in words):
        return False
    if _place_word(words):
        return False
    if len(words) == 1:
        in_full = full_name_in_text(swap.context, surface) is not None
        return in_full or person_kind(surface, swap.bank.surnames) == "surname"
    if person_kind(surface, swap.bank.surnames) is None:
        return False
    last_known = _surname_known(swap, words[-1])
    rest = words if not last_known else words[:-1]
    if any(w.casefold() in swap.bank.common_words and w.casefold() not in _PARTICLES for w in rest):
        return False
    return _known_first(words[0]) or last_known


_BRACKET = re.compile(r"[()\[\]{}\"“”]")


def _surname_known(swap: Swap, word: str) -> bool:
    """A surname the corpus gives persons of known given names, or one a country's name lists count as common
    (build/lexicons/common_surnames.tsv): a composed name of the article's names then fits its culture."""
    return word in swap.bank.surnames or word in common_surname_locales()


def _place_word(words: list[str]) -> bool:
    """A word of the name is a place the gazetteer knows, but a known given name before the last word or a common
    surname last ("Santa Chiara Florence" has one; "Brandon McManus", "DeMarcus Ware" none)."""
    for i, word in enumerate(w.strip(".,") for w in words):
        if not word[:1].isupper() or place(word) is None:
            continue
        if i == len(words) - 1 and word in common_surname_locales():
            continue
        if i < len(words) - 1 and name_gender(word) != "unknown":
            continue
        return True
    return False


def full_name_in_text(context: str, surname: str) -> str | None:
    """The first full name the passage writes with this surname last and a known given name or initial first
    ("Nikola Tesla" for "Tesla"), whatever NER tagged it; None where it writes none."""
    for found in re.finditer(r"\b((?:[A-Z][\w'’-]+|[A-Z]\.)(?:\s+[A-Z]\.)*)\s+" + re.escape(surname) + r"\b", context):
        if _known_first(found.group(1).split()[0]):
            return found.group(0)
    return None


def _person_in_text(swap: Swap, ask_counts: bool) -> bool:
    """The text says the name is a person: a pronoun, role word or occupation refers to it
    (`said_to_be_a_person`, read as a person) or to the full name the passage writes for it, the passage tags it or
    a full name ending with it PERSON, or (where
    `ask_counts`, a full name of a known given name) the question asks "who"."""
    label = swap.label
    swap.label = "PERSON"  # the role words are read for persons only
    try:
        said = said_to_be_a_person(swap)
    finally:
        swap.label = label
        swap.__dict__.pop("role_gender", None)
    if said:
        return True
    if _tagged_person_elsewhere(swap) or _role_before_full_name(swap):
        return True
    words = swap.original.split()
    name_shaped = _known_first(words[0]) or words[-1] in common_surname_locales()
    return ask_counts and name_shaped and _WHO.search(swap.record.question) is not None


def _tagged_person_elsewhere(swap: Swap) -> bool:
    """Another NER mention in the passage is PERSON and is the name or a full name ending with it."""
    raw = (swap.mention.raw_start, swap.mention.raw_end)
    for start, end, label in swap.info.entities:
        if label != "PERSON" or (start, end) == raw:
            continue
        words = swap.context[start:end].removesuffix("'s").removesuffix("’s").split()
        size = len(swap.original.split())
        if words[-size:] == swap.original.split() and (len(words) == size or _known_first(words[0])):
            return True
    return False


def _place_not_person(swap: Swap) -> bool:
    """A PERSON-tagged one-word name the gazetteer knows as a country or city, no known given name, written as a
    place ("in Zwickau") with no he/she or role word referring to it."""
    surface = swap.original
    if len(surface.split()) != 1 or name_gender(surface) != "unknown" or swap.needed_gender is not None:
        return False
    found = place(surface)
    if found is None or found.kind not in ("country", "city"):
        return False
    if entity_kind(surface, "GPE") is None:
        return False
    return all(_PLACE_BEFORE.search(swap.context, max(0, s - 6), s) for s, _ in find_whole_word(swap.context, surface))


#: a preposition of place right before a mention ("in Zwickau", "at Zwickau")
_PLACE_BEFORE = re.compile(r"\b(?:in|at|from|to|near|of)\s+$")


def _name_word(word: str) -> bool:
    """A word of a person's name: capitalised, or a particle ("van", "de")."""
    bare = word.strip(".,'’")
    return bool(bare) and (bare[0].isupper() or bare.casefold() in _PARTICLES)


_PARTICLES = frozenset({"van", "von", "de", "da", "di", "del", "der", "la", "le", "al", "bin", "ibn", "du", "dos"})


def _known_first(word: str) -> bool:
    """An initial or a given name gender-guesser knows, no function word ("The" is one of its names)."""
    if word.casefold() in _stopwords():
        return False
    return bool(_INITIAL.match(word)) or name_gender(word.strip(".")) != "unknown"


@functools.cache
def _stopwords() -> frozenset[str]:
    return word_set("stopwords")


@functools.cache
def _person_roles() -> frozenset[str]:
    return word_set("person_roles")


#: the lower-case word right before a mention ("inventor Otto Brenner")
_WORD_BEFORE = re.compile(r"\b([a-z]+)\s+$")


def _role_before_full_name(swap: Swap) -> bool:
    """An occupation stands right before the full name the passage writes for a one-word name ("the inventor Otto
    Brenner" for "Brenner")."""
    full = full_name_in_text(swap.context, swap.original)
    if full is None or len(swap.original.split()) != 1:
        return False
    for start, _ in find_whole_word(swap.context, full, ignore_case=False):
        before = _WORD_BEFORE.search(swap.context, max(0, start - 30), start)
        if before is not None and before.group(1) in _person_roles():
            return True
    return False
