"""Rules on closed-class noun answers (label `THING`, things.py): the word is used in its class sense,
as a common noun, and nothing the rewrite leaves names the original another way."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.components.closed_class_nouns.things import (
    CLASSES_ASKED,
    THING_LABEL,
    asked_classes,
    class_members,
    members_of,
    thing_member,
)
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: the end of the text before a capitalised word that starts a sentence: an end mark (a closing quote after it)
#: and space, or a line break; an opening quote or bracket may come between
_SENTENCE_END = re.compile(r"(?:[.!?:;]['\")\]]?\s+|\n\s*)['\"(\[]?$")
#: a capitalised word right after: the mention opens a name ("Gold Coast", "Copper Canyon")
_NAME_AFTER = re.compile(r"[^\S\n]+[A-Z]")
#: a word's letters run on past a hyphen or a slash ("blue-collar", "copper-based", "and/or")
_JOINED_BEFORE = re.compile(r"\w[-/–]$")
_JOINED_AFTER = re.compile(r"[-/–]\w")
#: the classes whose members the text may also name by a symbol or an atomic number
_ELEMENT_CLASSES = frozenset({"metal", "element"})
_ELEMENT_FACTS = re.compile(r"\batomic (?:number|weight|mass)\b|\bchemical symbol\b|\bsymbol [A-Z][a-z]?\b")
#: classes whose members the text may tie to each other (linen is woven from flax, sandstone is made of sand): a
#: member is swapped only where the text names no other
KIN_CLASSES = frozenset({"material"})
#: a word of this many letters or more that begins with the original is a form of it ("golden", "coppery")
MIN_STEM = 4


def _forms(swap: Swap) -> tuple[str, ...]:
    found = thing_member(swap.original, swap.kind)
    return found[0].forms if found else (swap.original,)


def _mentions(swap: Swap) -> list[tuple[int, int]]:
    return sorted(span for form in _forms(swap) for span in find_whole_word(swap.context, form))


@rule(Stage.MENTION, Reason.THING_CLASS_UNASKED)
def thing_class_asked(swap: Swap) -> Reason | None:
    """A word of several classes ("gold": a colour and a metal) is swapped only where the question names one of
    them, and a word of a class whose words are as often something else (a colour, a team position) only where
    the question names that class ("What color ...", "What position ...")."""
    if swap.label != THING_LABEL:
        return None
    classes = {noun.cls for noun, _ in members_of(swap.original)}
    asked = asked_classes(swap.record.question)
    if len(classes) > 1 and not classes & asked:
        return Reason.THING_CLASS_UNASKED
    if swap.kind in CLASSES_ASKED and swap.kind not in asked:
        return Reason.THING_CLASS_UNASKED
    return None


@rule(Stage.MENTION, Reason.THING_IN_NAME)
def thing_written_as_common_noun(swap: Swap) -> Reason | None:
    """Every mention of the word, in either number, is written as a common noun: in lower case, or capitalised
    only at a sentence's start and not before another capitalised word; never in capitals ("the Black Death",
    "Gold Coast", "the Lions", "BLUE")."""
    if swap.label != THING_LABEL:
        return None
    context = swap.context
    for start, end in _mentions(swap):
        word = context[start:end]
        if word.islower():
            continue
        if word.isupper() or not word[1:].islower():
            return Reason.THING_IN_NAME
        opens = not context[:start].strip(" '\"([") or _SENTENCE_END.search(context[max(0, start - 6) : start])
        if not opens or _NAME_AFTER.match(context, end):
            return Reason.THING_IN_NAME
    return None


@rule(Stage.MENTION, Reason.THING_IN_COMPOUND)
def thing_not_in_compound(swap: Swap) -> Reason | None:
    """No mention of the word is joined to another by a hyphen or a slash ("blue-collar", "copper-plated"): the
    compound means something its parts do not, and the new word in it would not."""
    if swap.label != THING_LABEL:
        return None
    context = swap.context
    for start, end in _mentions(swap):
        if _JOINED_BEFORE.search(context[max(0, start - 2) : start]) or _JOINED_AFTER.match(context, end):
            return Reason.THING_IN_COMPOUND
    return None


@rule(Stage.MENTION, Reason.ORIGINAL_IN_QUESTION)
def question_free_of_thing(swap: Swap) -> Reason | None:
    """The question names no form of the word (the other number included: "Which wolf ..." for "wolves")."""
    if swap.label != THING_LABEL:
        return None
    question = swap.record.question
    return Reason.ORIGINAL_IN_QUESTION if any(next(find_whole_word(question, f), None) for f in _forms(swap)) else None


@rule(Stage.MENTION, Reason.THING_FORM_LEFT)
def thing_named_no_other_way(swap: Swap) -> Reason | None:
    """The text names the original no other way the rewrite leaves: no synonym or symbol of its sense ("gator",
    "Cu"; a one- or two-letter symbol where it is written in capitals, or runs into a digit as in "O2"), and, for
    an element or a metal, no atomic number or chemical symbol stated."""
    found = thing_member(swap.original, swap.kind) if swap.label == THING_LABEL else None
    if found is None:
        return None
    noun, _ = found
    context = swap.context
    for other in noun.others:
        if len(other) > 2 and next(find_whole_word(context, other), None):
            return Reason.THING_FORM_LEFT
        if len(other) <= 2 and re.search(rf"(?<![\w-]){re.escape(other)}(?:\d|(?![\w-]))", context):
            if other.isupper() or other[1:].islower():
                if other != "I" or re.search(r"(?<!\w)I\d", context):
                    return Reason.THING_FORM_LEFT
    if noun.cls in _ELEMENT_CLASSES and _ELEMENT_FACTS.search(context):
        return Reason.THING_FORM_LEFT
    return None


@rule(Stage.MENTION, Reason.THING_KIN_NAMED)
def thing_alone_in_its_class(swap: Swap) -> Reason | None:
    """A material is swapped only where the text names no other material: one is often made of the other ("flax
    cultivation and the linen industry"), which the new one would not be."""
    if swap.label != THING_LABEL or swap.kind not in KIN_CLASSES:
        return None
    own = set(_forms(swap))
    for noun in class_members(swap.kind):
        if own.isdisjoint(noun.forms) and any(next(find_whole_word(swap.context, f), None) for f in noun.forms):
            return Reason.THING_KIN_NAMED
    return None


@rule(Stage.REWRITE, Reason.THING_FORM_LEFT)
def no_thing_derivative_left(swap: Swap) -> Reason | None:
    """No word the rewrite left begins with the original word (of `MIN_STEM` letters or more): a derived word
    ("golden", "coppery", "violinist", "oxygenated") would still speak of the original."""
    if swap.label != THING_LABEL:
        return None
    found = thing_member(swap.original, swap.kind)
    stem = (found[0].lemma if found else swap.original).casefold()
    if len(stem) < MIN_STEM:
        return None
    pattern = re.compile(rf"(?<!\w){re.escape(stem)}\w*", re.IGNORECASE)
    return Reason.THING_FORM_LEFT if pattern.search(swap.rewrite.text) else None
