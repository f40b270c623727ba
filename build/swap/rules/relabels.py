"""Rules on mentions swapped under the label their text shows rather than NER's (build/swap/relabel.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reasons import Reason
from ...text import find_whole_word, has_article_before
from ..relabel import full_name_in_text
from ..roles import surname_cultures
from .registry import Stage, rule

if TYPE_CHECKING:
    from ..state import Swap

#: a capitalised word right after a mention, in its sentence: the mention is part of a longer name ("Tesla Motors")
_NAME_AFTER = re.compile(r"[^\S\n]+[A-Z][a-z]")
#: a possessive or word-joining character right before a mention ("Ford's", "-Ford")
_JOINED_BEFORE = re.compile(r"[-–/&]\s*$")


@rule(Stage.MENTION, Reason.RELABEL_REFERENT_MIXED)
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
        if _NAME_AFTER.match(context, end) or context[end : end + 1] in ("-", "&"):
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
