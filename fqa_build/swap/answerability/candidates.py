"""The candidates a question's answer competes with in its passage: every mention of the answer's type (its
NER label, or a label of the same group: places with places, the numeric labels each alone), grouped by their
words, the gold entity's mentions (any form of it: a surname, a short form, an acronym, a gold answer's span)
gathered into one candidate."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from fqa_build.lexicons import word_set
from fqa_build.text import text_words
from fqa_build.types import Entity

#: labels that answer the same kind of question (a river may be tagged LOC or GPE; a fort FAC)
_GROUPS = (
    frozenset({"GPE", "LOC", "FAC"}),
    frozenset({"PERSON"}),
    frozenset({"ORG"}),
    frozenset({"NORP"}),
    frozenset({"EVENT"}),
    frozenset({"WORK_OF_ART"}),
    frozenset({"LAW"}),
    frozenset({"PRODUCT"}),
    frozenset({"LANGUAGE"}),
    frozenset({"DATE"}),
    frozenset({"TIME"}),
    frozenset({"CARDINAL"}),
    frozenset({"MONEY"}),
    frozenset({"PERCENT"}),
    frozenset({"QUANTITY"}),
    frozenset({"ORDINAL"}),
)


#: words that make a DATE mention a point or stretch of time (with a digit, any mention is one)
_SEASONS = frozenset({"spring", "summer", "autumn", "fall", "winter", "christmas", "easter"})


@functools.cache
def _calendar() -> frozenset[str]:
    return word_set("months") | word_set("weekdays") | _SEASONS


def _names_time(words: tuple[str, ...]) -> bool:
    """A date mention that names a time ("1970", "March 2016", "winter"), not a thing NER labels DATE because it
    counts ("the eighth season", "decades")."""
    return any(any(ch.isdigit() for ch in w) or w in _calendar() for w in words)


def _acronym(words: tuple[str, ...], of: Sequence[tuple[str, ...]]) -> bool:
    """A one-word mention that is the initials of a gold form ("prepa" of "Puerto Rico Electric Power Authority")."""
    if len(words) != 1 or len(words[0]) < 2:
        return False
    initials = ("".join(w[0] for w in form if w not in ("of", "the", "and")) for form in of if len(form) >= 2)
    return words[0] in initials


def same_group(label: str) -> frozenset[str]:
    """The labels a mention may carry to compete with an answer labelled `label`."""
    for group in _GROUPS:
        if label in group:
            return group
    return frozenset({label})


@dataclass(frozen=True)
class Candidate:
    """One entity of the passage: its surface (normalised words) and the spans of its mentions, in order."""

    key: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    gold: bool


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.casefold() for w in text_words(text))


def _bare(words: tuple[str, ...]) -> tuple[str, ...]:
    return words[1:] if words[:1] == ("the",) else words


def _same_entity(words: tuple[str, ...], gold_forms: Sequence[tuple[str, ...]], person: bool) -> bool:
    """True when a mention's words name the gold entity: the same words (less a leading "the"), or for a person
    a run of the name's words inside the other ("Ealy" of "Kony Ealy", "John Lennon" of "John Winston Lennon");
    "George Harrison" is not "George Martin", nor "South America" "America"."""
    words = _bare(words)
    for form in map(_bare, gold_forms):
        if not form or not words:
            continue
        if words == form:
            return True
        if person:
            short, long = (words, form) if len(words) <= len(form) else (form, words)
            if any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1)):
                return True
    return False


def _merged(spans: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The spans with overlapping ones joined: one mention counted once, however many gold answers cover it."""
    joined: list[list[int]] = []
    for start, end in sorted(spans):
        if joined and start < joined[-1][1]:
            joined[-1][1] = max(joined[-1][1], end)
        else:
            joined.append([start, end])
    return tuple((start, end) for start, end in joined)


def passage_candidates(
    text: str,
    entities: Sequence[Entity],
    label: str,
    gold_spans: Sequence[tuple[int, int]],
    gold_forms: Sequence[str],
    question: str = "",
) -> list[Candidate]:
    """The candidates of `text` for an answer labelled `label`: mentions of its group, grouped by their words;
    a mention overlapping a gold span or naming a gold form is the gold candidate (the first one, always
    present: the gold spans are its mentions even where NER missed them; an acronym of it is it). A mention whose
    every word the question says is no candidate: the question names it, so it is not what the question asks
    for; nor a DATE mention that names no time ("the eighth season")."""
    group = same_group(label)
    asked = set(_words(question))
    forms = [_words(f) for f in gold_forms]
    person = label == "PERSON"
    gold: list[tuple[int, int]] = list(gold_spans)
    others: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    for start, end, ent_label in entities:
        if ent_label not in group:
            continue
        words = _words(text[start:end])
        if not words:
            continue
        if (
            any(start < g_end and g_start < end for g_start, g_end in gold_spans)
            or _same_entity(words, forms, person)
            or _acronym(words, forms)
        ):
            gold.append((start, end))
            continue
        if ent_label == "DATE" and not _names_time(words):
            continue
        if not set(words) <= asked:
            others.setdefault(words, []).append((start, end))
    result = [Candidate(forms[0] if forms else (), _merged(gold), True)]
    result += [Candidate(key, _merged(spans), False) for key, spans in others.items()]
    return result
