"""Rules on labels: the NER label of the matched mention must be credible before anything is drawn for it."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from nameparser.config import CONSTANTS as NAME_CONSTANTS

from fqa_build.gazetteers.persons import name_gender
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import find_whole_word, has_article_before

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: A name NER labels one way in fewer than this share of its mentions is ambiguous, never swapped or drawn.
MIN_LABEL_SHARE = 0.75


def credible_person(surface: str, label: str) -> bool:
    """A multi-word PERSON must start with a given name `gender-guesser` knows, an initial or a title."""
    if label != "PERSON" or len(surface.split()) < 2:
        return True
    first = surface.split()[0].strip(".")
    if len(first) == 1 and first.isupper():
        return True  # "J. P. Morgan", "G. H. Hardy": initials
    return name_gender(first) != "unknown" or first.casefold() in NAME_CONSTANTS.titles


def _not_a_person_here(context: str, name: str) -> bool:
    """A one-word name written after "the" or right after a number is no person ("the Aare", "34 Mya")."""
    for start, _ in find_whole_word(context, name, ignore_case=False):
        if has_article_before(context, start) or re.search(r"\d\s*$", context[max(0, start - 3) : start]):
            return True
    return False


@rule(Stage.LABEL, Reason.KIND_NOT_SWAPPED)
def type_is_swapped(swap: Swap) -> Reason | None:
    """The entity's type is one the policy swaps (`Policy.swap_types`; all where None): a policy may leave out
    the types blind judges found unusable too often."""
    types = swap.policy.swap_types
    return None if types is None or swap.label in types else Reason.KIND_NOT_SWAPPED


@rule(Stage.LABEL, Reason.LABEL_CONTRADICTED)
def kind_known(swap: Swap) -> Reason | None:
    """The mention has a kind under its label (a river tagged PERSON, a word no gazetteer knows tagged GPE have
    none)."""
    return Reason.LABEL_CONTRADICTED if swap.kind is None else None


@rule(Stage.LABEL, Reason.LABEL_CONTRADICTED)
def person_written_as_person(swap: Swap) -> Reason | None:
    """A one-word PERSON is never written after "the" or right after a number ("the Aare", "66–34 Mya")."""
    if swap.one_word_person and _not_a_person_here(swap.context, swap.original):
        return Reason.LABEL_CONTRADICTED
    return None


@rule(Stage.LABEL, Reason.LABEL_CONTRADICTED)
def label_is_majority(swap: Swap) -> Reason | None:
    """NER gives the name this label in at least 75% of its corpus mentions ("Newton" tagged GPE here and
    PERSON elsewhere is not swapped; a count of the plural noun after it is read here: `counts_a_plural_noun`), and
    a multi-word PERSON starts with a known given name, an initial or a title ("Virgin Media" is no person). Under
    `relabel_by_evidence` the text's evidence for the label (swap/components/relabelled_names/relabel.py) stands
    for both."""
    if swap.label_evidence is not None:
        return None
    if swap.bank.label_share_of(swap.original) < MIN_LABEL_SHARE and not counts_a_plural_noun(swap):
        return Reason.LABEL_CONTRADICTED
    if not credible_person(swap.original, swap.label) and not _person_by_pronoun(swap):
        return Reason.LABEL_CONTRADICTED
    return None


#: a count and the plural noun it counts: "118 tackles", "36 cameras", "500,000 Huguenots"
_COUNTS_PLURAL = re.compile(r"[^\S\n]+(?!(?:is|was|has|its|this|thus|as|us|yes|whereas|always|perhaps)\b)[A-Za-z]+s\b")
_CURRENCY_BEFORE = re.compile(r"[$£€¥][^\S\n]*$")
_YEAR_LIKE = re.compile(r"1\d{3}|20\d{2}")


def counts_a_plural_noun(swap: Swap) -> bool:
    """Under `counted_numbers_keep_label`: the CARDINAL mention counts the plural noun right after it ("118
    tackles"), with no currency before it and no year-like four digits: what the same number is tagged elsewhere
    (an age, a year, a score) says nothing of it here."""
    if swap.label != "CARDINAL" or not swap.policy.offers("numbers_keep_label"):
        return False
    start, end = swap.mention.start, swap.mention.end
    if _YEAR_LIKE.fullmatch(swap.original) or _CURRENCY_BEFORE.search(swap.context, max(0, start - 2), start):
        return False
    return _COUNTS_PLURAL.match(swap.context, end) is not None


def _person_by_pronoun(swap: Swap) -> bool:
    """Under `find_persons_by_pronoun`: a he/she or a gendered role word that refers to the name says it is a person of
    that gender whatever its given name, where its surname is one the corpus gives persons of known given names
    ("Von Miller ... forced four fumbles"): a composed name of the corpus's given names then fits its culture."""
    if not swap.policy.offers("persons_by_pronoun") or swap.needed_gender is None:
        return False
    return swap.original.split()[-1] in swap.bank.surnames


def said_to_be_a_person(swap: Swap) -> bool:
    """A he/she or a gendered role word refers to the original, or an occupation is written right before one of
    its mentions ("linebacker Von Miller", "physicist Joseph Black"; fqa_build/lexicons/person_roles.txt)."""
    if swap.needed_gender is not None:
        return True
    for start, _ in find_whole_word(swap.context, swap.original, ignore_case=False):
        before = WORD_BEFORE.search(swap.context, max(0, start - 30), start)
        if before is not None and before.group(1) in person_roles():
            return True
    return False


WORD_BEFORE = re.compile(r"\b([a-z]+)\s+$")


@functools.cache
def person_roles() -> frozenset[str]:
    return word_set("person_roles")


#: a group name right before a capitalised word is part of a name ("French Renaissance", "Empire State")
NAME_AFTER = re.compile(r"[^\S\n]+[A-Z][a-z]")


@rule(Stage.LABEL, Reason.KIND_NOT_SWAPPED)
def group_is_nationality(swap: Swap) -> Reason | None:
    """A NORP is swapped only when it is a nationality used on its own: a religion or a political group is
    bound to the churches, doctrines and parties around it ("Christian" beside "Anglican", "Jew doctrine"), and a
    nationality right before a capitalised word is part of a name ("French Renaissance")."""
    if swap.label != "NORP":
        return None
    if swap.kind != "nationality":
        return Reason.KIND_NOT_SWAPPED
    for _, end in find_whole_word(swap.context, swap.original, ignore_case=False):
        if NAME_AFTER.match(swap.context, end):
            return Reason.KIND_NOT_SWAPPED
    return None


@rule(Stage.LABEL, Reason.KIND_NOT_SWAPPED)
def person_named_in_full(swap: Swap) -> Reason | None:
    """A person is swapped only where the text names them in full: a one-word name is too often a title, a
    deity or a people ("God", "Khagan", "Yam"), and its replacements too often the same person by another name."""
    if swap.label == "PERSON" and swap.kind != "full_name":
        if swap.kind == "surname" and swap.policy.offers("surnames_alone") and _surname_is_a_person(swap):
            return None  # a composed surname replaces every mention (`compose.compose_surname`)
        return Reason.KIND_NOT_SWAPPED
    return None


#: a question that asks for a person ("who", "whose", "the last name of the player")
_WHO = re.compile(r"\b(?:who|whom|whose|last name|surname)\b", re.IGNORECASE)


def _surname_is_a_person(swap: Swap) -> bool:
    """Under `compose_surname_persons`: a one-word name is a person's surname where a he/she or role word refers to it
    or the question asks for a person, and it is no given name ("Albert") unless the passage names the person in full
    with it last ("William Rainey Harper"): a surname alone is otherwise too often a river, a work or a people ("Rhein",
    "Rijn")."""
    if name_gender(swap.original) != "unknown" and not swap.full_name_in_passage:
        return False
    return said_to_be_a_person(swap) or _WHO.search(swap.record.question) is not None


@rule(Stage.LABEL, Reason.LABEL_CONTRADICTED)
def person_name_credible(swap: Swap) -> Reason | None:
    """A three-word PERSON has an initial, a known given name or a particle in the middle ("George Gilbert
    Scott", "John D. Rockefeller", "Ludwig van Beethoven"), not a word that makes it a title ("Jimmy Kimmel Live")."""
    words = swap.original.split()
    if swap.label != "PERSON" or len(words) != 3:
        return None
    middle = words[1].strip(".")
    if len(middle) == 1 or middle.casefold() in NAME_PARTICLES or name_gender(middle) != "unknown":
        return None
    return Reason.LABEL_CONTRADICTED


NAME_PARTICLES = frozenset({"van", "von", "de", "da", "di", "del", "der", "la", "le", "al", "bin", "ibn", "du", "dos"})


# --- mentions swapped under the label their text shows (`relabel_by_evidence`, rules/persons.py `relabel`) ---
