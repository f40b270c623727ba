"""Candidate filters on persons: gender, names the text does not use, surnames, roles and minor figures."""

from __future__ import annotations

import re

from ...bank.persons import name_gender
from ...bank.roles import roles_asked, roles_at
from ...text import find_whole_word
from ..state import Swap
from .base import EntryTest


def same_gender(swap: Swap) -> EntryTest | None:
    """A person a he/she refers to is replaced by a person of that gender."""
    gender = swap.pronoun_gender if swap.label == "PERSON" else None
    if gender is None:
        return None
    return lambda entry: entry.gender == gender


def name_words_absent(swap: Swap) -> EntryTest | None:
    """A person is replaced by a person none of whose names the context or the question already uses (no
    "Martin Luther" where the question names "Luther", no "Thomas Edison" in a passage that names Edison)."""
    if swap.label != "PERSON":
        return None
    used = frozenset(_NAME_WORD.findall(swap.context)) | frozenset(_NAME_WORD.findall(swap.record.question))
    return lambda entry: not any(word in used for word in _NAME_WORD.findall(entry.entity))


_NAME_WORD = re.compile(r"\b[A-Z][\w'’-]{2,}")


def surname_not_given_name(swap: Swap) -> EntryTest | None:
    """A person named by surname ("Luther") is replaced by a surname, never by a given name ("William")."""
    if swap.label != "PERSON" or swap.kind != "surname":
        return None
    return lambda entry: name_gender(entry.entity) == "unknown"


def same_role(swap: Swap) -> EntryTest | None:
    """A person the text or the question gives a role ("quarterback Cam Newton", "What journalist ...") is
    replaced by a person the corpus gives that role too (build/bank/roles.py)."""
    if swap.label != "PERSON":
        return None
    spans = [(s, e) for s, e in find_whole_word(swap.context, swap.original, ignore_case=False)]
    roles = roles_at(swap.context, spans) | roles_asked(swap.record.question)
    if not roles:
        return None
    return lambda entry: not roles.isdisjoint(entry.roles)


#: a person the corpus mentions in more paragraphs than this is too well known to take another's place: a judge
#: knows what Kissinger or Priestley did and when
MINOR_FIGURE_CONTEXTS = 1


def minor_figure(swap: Swap) -> EntryTest | None:
    """A person is replaced by a minor figure of the article: one the corpus mentions in a single paragraph, so
    what the reader knows of the replacement does not contradict the role the text gives it."""
    if swap.label != "PERSON":
        return None
    return lambda entry: entry.num_contexts <= MINOR_FIGURE_CONTEXTS
