"""Rules on names: other names of the swapped entity (acronyms, short forms, derived words, other gold answers;
see fqa_build/swap/rewriting/aliases.py) that the rewrite must take over or that would contradict it, names the question
must not give away, and names the rewrite must not cut into."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from nameparser.config import CONSTANTS as NAME_CONSTANTS

from fqa_build.gazetteers.places import demonym
from fqa_build.labels import NAME_LABELS
from fqa_build.reasons import Reason
from fqa_build.swap.components.organisation_classes.make import classed
from fqa_build.swap.rewriting.aliases import acronym_pairs, answers_left_behind, derived_words_left, name_short_forms
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import contains_whole_word, normalize_entity
from fqa_build.types import Entity, Mention

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def _only_titles(words: str) -> bool:
    return all(w.strip(".").casefold() in NAME_CONSTANTS.titles or w.casefold() == "the" for w in words.split())


def inside_longer_entity(
    context: str,
    spans: Sequence[tuple[int, int]],
    entities: Sequence[Entity],
    matched: Mention,
    labels: frozenset[str],
    divisions: bool = False,
) -> bool:
    """True when a span to rewrite lies inside a longer entity of one of `labels`: inside a PERSON ("Bush" in
    "Laura Bush") rewriting would make another person a namesake of the new entity; inside any name ("Court of
    Justice" in "Court of Justice of the European Union") it would rename something else. A title in front
    ("President Obama") or a possessive after it does not make another entity, and neither does the full name
    around a one-word person's name ("Peyton Manning" around "Manning": the same person)."""
    one_word_person = matched.label == "PERSON" and len(matched.surface.split()) == 1
    for start, end in spans:
        for e_start, e_end, label in entities:
            if label not in labels or e_start > start or e_end < end or (e_start, e_end) == (start, end):
                continue
            if (e_start, e_end) == (matched.raw_start, matched.raw_end):
                continue
            surface = normalize_entity(context[e_start:e_end], label) or ""
            if surface.casefold() == context[start:end].casefold():
                continue
            if e_end == end and (one_word_person or _only_titles(context[e_start:start])):
                continue
            if divisions and e_start == start:
                continue  # "ABC News" of a made "ABC": the division is renamed with it
            return True
    return False


@rule(Stage.MENTION, Reason.ORIGINAL_IN_QUESTION)
def question_free_of_original(swap: Swap) -> Reason | None:
    """The question must not name the original (or a part of a person's name, or an acronym the context uses):
    it would give the old answer away."""
    if any(contains_whole_word(swap.record.question, text) for text in (swap.original, *swap.old_forms)):
        return Reason.ORIGINAL_IN_QUESTION
    return None


@rule(Stage.FORMS, Reason.ACRONYM_LEFT)
def acronyms_rewritable(swap: Swap) -> Reason | None:
    """An acronym of the original the context uses ("DOJ") is rewritten to the replacement's, which must exist."""
    pairs = acronym_pairs(swap.context, swap.original, swap.replacement, swap.bank.acronyms)
    if pairs is None:
        return Reason.ACRONYM_LEFT
    swap.short_forms += pairs
    return None


@rule(Stage.FORMS, Reason.SHORT_FORM_LEFT)
def short_forms_rewritable(swap: Swap) -> Reason | None:
    """A short form of the original the context uses ("the Broncos") is rewritten to the replacement's, which
    must exist."""
    pairs = name_short_forms(
        swap.context, swap.original, swap.replacement, swap.label, swap.policy.offers("composed_names")
    )
    if pairs is None:
        return Reason.SHORT_FORM_LEFT
    swap.short_forms += pairs
    swap.old_forms += [old for old, _ in pairs]
    return None


_PERSON = frozenset({"PERSON"})


def _rewrites_inside(swap: Swap, labels: frozenset[str]) -> bool:
    spans, divisions = swap.rewrite.mention_old_spans, classed(swap)
    return inside_longer_entity(swap.context, spans, swap.info.entities, swap.mention, labels, divisions)


@rule(Stage.REWRITE, Reason.INSIDE_OTHER_PERSON)
def not_inside_other_person(swap: Swap) -> Reason | None:
    """No mention to rewrite lies inside another person's name ("Bush" in "Laura Bush")."""
    return Reason.INSIDE_OTHER_PERSON if _rewrites_inside(swap, _PERSON) else None


@rule(Stage.REWRITE, Reason.INSIDE_LONGER_NAME)
def not_inside_longer_name(swap: Swap) -> Reason | None:
    """No mention to rewrite lies inside a longer name ("Court of Justice" in "Court of Justice of the European
    Union")."""
    return Reason.INSIDE_LONGER_NAME if _rewrites_inside(swap, NAME_LABELS) else None


@rule(Stage.REWRITE, Reason.DERIVED_WORD_LEFT)
def no_derived_word_left(swap: Swap) -> Reason | None:
    """No word derived from a swapped place or group is left standing ("France" swapped, "French" left;
    "Islamists" swapped, "Islamist" left)."""
    if swap.label not in ("GPE", "NORP", "LOC"):
        return None
    derived = derived_words_left(swap.context, swap.original, swap.rewrite.old_spans)
    old_demonym = demonym(swap.original) if swap.kind == "country" else None
    if old_demonym and old_demonym in {old for old, _ in swap.short_forms}:
        old_demonym = None  # a country map rewrites it (swap/components/country_maps/make.py)
    if old_demonym and old_demonym != demonym(swap.replacement):
        if contains_whole_word(swap.context, old_demonym, ignore_case=False):
            derived.append(old_demonym)
    return Reason.DERIVED_WORD_LEFT if derived else None


@rule(Stage.ANSWER, Reason.OTHER_ANSWER_LEFT)
def no_other_answer_left(swap: Swap) -> Reason | None:
    """No other gold answer that names the original ("the Panthers" beside "Carolina Panthers") is left
    unchanged."""
    match = swap.match
    if answers_left_behind(swap.rewrite, swap.record.answers, match.answer, swap.original, swap.old_forms):
        return Reason.OTHER_ANSWER_LEFT
    return None


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe", "å": "aa"})


@functools.lru_cache(maxsize=100_000)
def _spellings(word: str) -> frozenset[str]:
    """Keys under which two spellings of a name are the same: without diacritics, and with umlauts written out
    ("Röntgen" and "Roentgen" share "roentgen")."""

    def plain(text: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))

    folded = word.casefold()
    return frozenset({plain(folded), plain(folded.translate(_UMLAUTS))})


_NAME_WORD = r"[A-Z][\w'’-]*"


def variants_left(text: str, forms: Sequence[str]) -> list[str]:
    """Names in `text` that are another spelling of one of `forms`, word for word ("Röntgen" of "Roentgen",
    "Zürich Opera" of "Zuerich Opera"), or an all-capital form with a suffix ("DECnet" of "DEC")."""
    left = []
    for form in forms:
        n = len(form.split())
        if len(form) < 4 or n == 0:
            continue
        keys = _spellings(form)
        more = (r"\s+" + _NAME_WORD) * (n - 1)
        run = re.compile(r"(?=(\b" + _NAME_WORD + more + r"\b))")
        for match in run.finditer(text):
            found = match.group(1)
            # the same letters in another case are the original itself (`original_absent` finds those)
            if found.casefold() != form.casefold() and _spellings(found) & keys:
                left.append(found)
    for form in forms:
        if form.isupper() and len(form) >= 2:
            left += re.findall(rf"\b{re.escape(form)}[a-z]\w*", text)
    return left


@rule(Stage.REWRITE, Reason.VARIANT_LEFT)
def no_variant_left(swap: Swap) -> Reason | None:
    """No other spelling of the original is left in the new context ("Röntgen" after "Roentgen" was swapped,
    "DECnet" after "DEC")."""
    return Reason.VARIANT_LEFT if variants_left(swap.rewrite.text, [swap.original, *swap.old_forms]) else None
