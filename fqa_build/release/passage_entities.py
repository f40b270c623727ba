"""The entities of a passage that the entity bank knows, by type: where the derived configs find wrong answers
that are grounded in the passage (another entity of the answer's type in the same context), and where the
`first-bank-entity` reference predictor finds its answer."""

from __future__ import annotations

import collections
import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fqa_build.hashing import stable_int
from fqa_build.labels import NUMERIC_LABELS
from fqa_build.lexicons import word_set
from fqa_build.text import find_whole_word, normalize_answer

_WORD_RUN = re.compile(r"\w+")


@functools.cache
def _calendar_words() -> frozenset[str]:
    words = word_set("months") | word_set("weekdays") | word_set("ordinal_words")
    return frozenset(w.casefold() for w in words) | frozenset({"spring", "summer", "autumn", "fall", "winter"})


class PassageEntities:
    """An index of the bank's entities by (type, first run of word characters): an entity occurs as a whole word
    only where its first run is a whole run of the text's (the boundaries are the same \\w test), so a passage
    checks only the entities indexed under its runs, in time linear in the passage."""

    def __init__(self, bank: Iterable[Mapping[str, Any]]) -> None:
        self._by_run: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
        self._by_kind: dict[tuple[str, str | None], list[str]] = collections.defaultdict(list)
        for entry in bank:
            first = _WORD_RUN.search(entry["entity"])
            self._by_run[(entry["entity_type"], first.group() if first else "")].append(entry["entity"])
            self._by_kind[(entry["entity_type"], entry.get("entity_kind"))].append(entry["entity"])
            self._by_kind[(entry["entity_type"], "*")].append(entry["entity"])

    def of_kind(self, entity_type: str, kind: str | None, at_least: int = 10) -> Sequence[str]:
        """The bank's entities of `entity_type` and `kind` (in the bank's order), or of the type alone where the
        kind has fewer than `at_least`."""
        same = self._by_kind.get((entity_type, kind), [])
        return same if len(same) >= at_least else self._by_kind.get((entity_type, "*"), [])

    def mentions(self, text: str, entity_type: str) -> list[tuple[int, int, str]]:
        """Every whole-word, case-sensitive occurrence in `text` of a bank entity of `entity_type`: (start, end,
        entity), by position (the longest first at one position)."""
        found = []
        for run in sorted({"", *_WORD_RUN.findall(text)}):
            for entity in self._by_run.get((entity_type, run), ()):
                found += [(start, end, entity) for start, end in find_whole_word(text, entity, ignore_case=False)]
        return sorted(set(found), key=lambda m: (m[0], -(m[1] - m[0]), m[2]))


def _digit_layout(text: str) -> tuple[int, ...]:
    return tuple(len(re.sub(r"\D", "", run)) for run in _DIGITS.findall(text))


def _is_a_value_like(entity: str, answer: str, entity_type: str) -> bool:
    """A rival of a numeric answer is a value laid out as the answer is: digit runs of the same lengths ("1999"
    for "2008", "December 2000" for "2005"; not "60" for "2008"), or, for an answer in words, words of the
    calendar or of counting (not "War", which NER once labelled DATE)."""
    if entity_type not in NUMERIC_LABELS:
        return True
    layout = _digit_layout(answer)
    if layout:
        return _digit_layout(entity) == layout
    return not _digit_layout(entity) and bool(set(normalize_answer(entity).split()) & _calendar_words())


def _forms(texts: Iterable[str]) -> set[str]:
    return {n for n in map(normalize_answer, texts) if n}


def _names_a_form(candidate: str, forms: set[str]) -> bool:
    """True where a candidate and a gold form share their words, or one's words lie inside the other's ("Broncos"
    of "Denver Broncos", "1901" of "March 1901")."""
    words = f" {normalize_answer(candidate)} "
    return any(f" {form} " in words or words.strip() and words in f" {form} " for form in forms)


_DIGITS = re.compile(r"\d[\d,.]*\d|\d")


def same_shape(text: str, answer: str) -> list[tuple[int, int, str]]:
    """The places of `text` that say `answer` with other digits ("12 miles" for "5 miles", "$3.2 million" for
    "$40 million"): a value of the answer's kind the bank cannot hold. None where the answer has no digit."""
    pieces = _DIGITS.split(answer)
    if len(pieces) < 2:
        return []
    pattern = r"(?:\d[\d,.]*\d|\d)".join(re.escape(piece) for piece in pieces)
    return [(m.start(), m.end(), m.group()) for m in re.finditer(rf"(?<![\w.,]){pattern}(?![\w]|[.,]\d)", text)]


def grounded_rivals(
    sample: Any, entities: PassageEntities, also_not: Sequence[str] = (), limit: int | None = None
) -> list[str]:
    """Other entities of `sample`'s answer type that its counterfactual `context` names, away from every
    rewritten region, and that name no form of the new or the original gold (nor any of `also_not`): wrong
    answers a reader of the passage could give. Distinct, in order of first mention; at most `limit`."""
    forms = _forms(
        [
            *sample.answers["text"],
            sample.replacement_entity,
            *sample.original_answers["text"],
            sample.original_entity,
            sample.matched_answer,
            *also_not,
        ]
    )
    rewritten = [(s["start"], s["end"]) for s in sample.replaced_spans]
    rewritten += [(a, a + len(t)) for a, t in zip(sample.answers["answer_start"], sample.answers["text"], strict=True)]
    found: list[str] = []
    seen: set[str] = set()
    taken: list[tuple[int, int]] = []
    mentions = entities.mentions(sample.context, sample.entity_type)
    mentions += same_shape(sample.context, sample.answers["text"][0])
    for start, end, entity in sorted(mentions, key=lambda m: (m[0], -(m[1] - m[0]), m[2])):
        key = normalize_answer(entity)
        inside = any(start < hi and lo < end for lo, hi in taken)  # a part of a longer mention ("John" of "John Dalli")
        taken.append((start, end))
        if inside or key in seen or any(start < hi and lo < end for lo, hi in rewritten):
            continue
        if _names_a_form(entity, forms) or not _is_a_value_like(entity, sample.answers["text"][0], sample.entity_type):
            continue
        seen.add(key)
        found.append(entity)
        if limit is not None and len(found) == limit:
            break
    return found


def names_a_form(candidate: str, forms: Iterable[str]) -> bool:
    """True where `candidate` and one of `forms` share their words, or one's words lie inside the other's."""
    return _names_a_form(candidate, _forms(forms))


def pick(salt: str, sample_id: str, options: Sequence[str]) -> str | None:
    """One of `options` by a stable hash of (salt, sample id); None where there is none."""
    return options[stable_int(salt, sample_id) % len(options)] if options else None
