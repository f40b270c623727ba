"""Rules and evidence of `relabel_by_evidence`: a name NER labels wrongly is swapped under the label its text
shows (a person tagged ORG, a city tagged PERSON) only where every mention is that one referent
(`relabelled_one_referent`) and a composed surname keeps the original's culture (`relabelled_name_keeps_culture`);
the swap itself is `rules/persons.py` `relabel`."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import entity_kind
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import place
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.rewriting.roles import common_surname_locales, surname_cultures
from fqa_build.swap.rule import Stage, rule
from fqa_build.swap.rules.labels import NAME_AFTER, NAME_PARTICLES
from fqa_build.text import find_whole_word, has_article_before

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


_INITIAL = re.compile(r"^(?:[A-Z]\.)+$")


def name_word(word: str) -> bool:
    """A word of a person's name: capitalised, or a particle ("van", "de")."""
    bare = word.strip(".,'’")
    return bool(bare) and (bare[0].isupper() or bare.casefold() in NAME_PARTICLES)


def known_first(word: str) -> bool:
    """An initial or a given name gender-guesser knows, no function word ("The" is one of its names)."""
    if word.casefold() in _stopwords():
        return False
    return bool(_INITIAL.match(word)) or name_gender(word.strip(".")) != "unknown"


@functools.cache
def _stopwords() -> frozenset[str]:
    return word_set("stopwords")


def full_name_in_text(context: str, surname: str) -> str | None:
    """The first full name the passage writes with this surname last and a known given name or initial first
    ("Nikola Tesla" for "Tesla"), whatever NER tagged it; None where it writes none."""
    for found in re.finditer(r"\b((?:[A-Z][\w'’-]+|[A-Z]\.)(?:\s+[A-Z]\.)*)\s+" + re.escape(surname) + r"\b", context):
        if known_first(found.group(1).split()[0]):
            return found.group(0)
    return None


NAME_BRACKET = re.compile(r"[()\[\]{}\"“”]")


def place_word(words: list[str]) -> bool:
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


def surname_known(swap: Swap, word: str) -> bool:
    """A surname the corpus gives persons of known given names, or one a country's name lists count as common
    (fqa_build/lexicons/common_surnames.tsv): a composed name of the article's names then fits its culture."""
    return word in swap.bank.surnames or word in common_surname_locales()


def tagged_person_elsewhere(swap: Swap) -> bool:
    """Another NER mention in the passage is PERSON and is the name or a full name ending with it."""
    raw = (swap.mention.raw_start, swap.mention.raw_end)
    for start, end, label in swap.info.entities:
        if label != "PERSON" or (start, end) == raw:
            continue
        words = swap.context[start:end].removesuffix("'s").removesuffix("’s").split()
        size = len(swap.original.split())
        if words[-size:] == swap.original.split() and (len(words) == size or known_first(words[0])):
            return True
    return False


def place_not_person(swap: Swap) -> bool:
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


#: a possessive or word-joining character right before a mention ("Ford's", "-Ford")
_JOINED_BEFORE = re.compile(r"[-–/&]\s*$")


@rule(Stage.LABEL, Reason.RELABEL_REFERENT_MIXED)
def relabelled_one_referent(swap: Swap) -> Reason | None:
    """A relabelled mention's name is the same referent wherever the passage writes it: never in another case
    ("tesla" the unit), after "the" ("the Tesla"), joined to another name ("Anheuser-Busch") or followed by a
    capitalised word ("Tesla Electric"), nor inside a longer NER name of another label than PERSON but the person's
    full name (a company named after its founder)."""
    if swap.relabelled_from is None:
        return None
    context, original = swap.context, swap.original
    for start, end in find_whole_word(context, original):
        if context[start:end] != original:
            return Reason.RELABEL_REFERENT_MIXED
        if has_article_before(context, start) or _JOINED_BEFORE.search(context, max(0, start - 3), start):
            return Reason.RELABEL_REFERENT_MIXED
        if NAME_AFTER.match(context, end) or context[end : end + 1] in ("-", "&"):
            return Reason.RELABEL_REFERENT_MIXED
        for e_start, e_end, label in swap.info.entities:
            inside = e_start <= start and end <= e_end
            name = _bare(context[e_start:e_end])
            if inside and label != "PERSON" and len(name) > end - start and name != full_name_in_text(name, original):
                return Reason.RELABEL_REFERENT_MIXED
    return None


def _bare(span: str) -> str:
    return span.removesuffix("'s").removesuffix("’s")


@rule(Stage.FORMS, Reason.PERSON_CULTURE_CHANGED)
def relabelled_name_keeps_culture(swap: Swap) -> Reason | None:
    """A person kept or made a person by the text's evidence whose surname the name lists count common in other
    cultures than the English-speaking stock only ("Rajan", "Musyoka") is replaced by a surname of one of those
    cultures: the composed name is drawn from the article's persons, which need not share it."""
    if swap.label_evidence is None or swap.label != "PERSON" or swap.entry is None:
        return None
    cultures = surname_cultures(swap.original.split()[-1])
    if not cultures or "en" in cultures:
        return None
    return None if cultures & surname_cultures(swap.replacement.split()[-1]) else Reason.PERSON_CULTURE_CHANGED
