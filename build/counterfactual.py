"""From one QA record to one counterfactual sample, or the named reason it was dropped."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from nameparser.config import CONSTANTS as NAME_CONSTANTS

from .checks import CheckInput, first_failure
from .entity_bank import BankEntry, EntityBank
from .hashing import rng_for
from .matching import Match, Mention, lexicon_mentions, ranked_matches
from .ner_cache import Entity
from .records import QARecord
from .rewrite import Rewrite, name_parts, person_short_forms, rewrite_context
from .shapes import entity_shape
from .text import contains_key, contains_whole_word, has_article_before, ngram_keys, normalize_entity, word_key



@dataclass(frozen=True)
class SubstitutionConfig:
    """What governs drawing and checking a replacement."""

    seed: int = 42
    min_length_ratio: float = 0.3
    max_length_ratio: float = 3.0
    max_occurrences: int = 10
    min_context_chars: int = 50


@dataclass(frozen=True)
class ContextInfo:
    """Per unique context: its NER entities, usable mentions and word n-grams (computed once, shared by
    every question on that context)."""

    entities: tuple[Entity, ...]
    mentions: tuple[Mention, ...]
    ngrams: frozenset[tuple[str, ...]]


def record_matches(record: QARecord, info: ContextInfo, lexicon: Mapping[str, str]) -> list[Match]:
    """The record's answer-entity matches, best first (see `ranked_matches`)."""
    hits = lexicon_mentions(record.context, record.answers, info.entities, lexicon)
    return ranked_matches(info.mentions, record.answers, hits)


def candidate_pool(
    bank: EntityBank,
    entity_type: str,
    shape: str,
    original: str,
    forbidden: Sequence[frozenset[tuple[str, ...]]],
    old_parts: Sequence[str],
    config: SubstitutionConfig,
) -> list[BankEntry]:
    """Every bank entry that may replace `original`: same type and shape, length ratio within bounds, a
    different entity, absent from the context and question (`forbidden` n-gram sets), and not containing the
    original or a part of its name. Sorted, so a seeded draw from it is deterministic."""
    n = len(original)
    entries = bank.with_length(entity_type, shape, config.min_length_ratio * n, config.max_length_ratio * n)
    own_keys = [word_key(original), *(word_key(p) for p in old_parts)]
    return [
        entry
        for entry in entries
        if entry.key != own_keys[0]
        and not any(entry.key in grams for grams in forbidden)
        and not any(contains_key(entry.key, key) for key in own_keys)
    ]


def _only_titles(words: str) -> bool:
    return all(w.strip(".").casefold() in NAME_CONSTANTS.titles or w.casefold() == "the" for w in words.split())


def inside_other_person(
    context: str, spans: Sequence[tuple[int, int]], entities: Sequence[Entity], matched: Mention
) -> bool:
    """True when a span to rewrite lies inside a longer PERSON entity ("Bush" inside "Laura Bush", "Paris"
    inside "Paris Hilton"): rewriting it would turn another person into a namesake of the new entity. A title
    in front ("President Obama") or a possessive after it does not make another person, and neither does the
    full name around a one-word person's name ("Peyton Manning" around "Manning": the same person)."""
    one_word_person = matched.label == "PERSON" and len(matched.surface.split()) == 1
    for start, end in spans:
        for e_start, e_end, label in entities:
            if label != "PERSON" or e_start > start or e_end < end or (e_start, e_end) == (start, end):
                continue
            if (e_start, e_end) == (matched.raw_start, matched.raw_end):
                continue
            surface = normalize_entity(context[e_start:e_end], label) or ""
            if surface.casefold() == context[start:end].casefold():
                continue
            if e_end == end and (one_word_person or _only_titles(context[e_start:start])):
                continue
            return True
    return False


def new_answer_span(rewrite: Rewrite, match: Match) -> tuple[int, int] | None:
    """Where the new gold answer sits in the rewritten context.

    When the gold answer begins with a rewritten mention and says more ("Stanford Stadium" for "Stanford"),
    the new answer is the rewritten gold answer ("Boston Stadium"); otherwise it is the replacement at the
    matched mention. Either way the replacement sits at the answer start.
    """
    start, end = match.answer.start, match.answer.start + len(match.answer.text)
    if any(o_start == start and o_end <= end for o_start, o_end in rewrite.old_spans):
        region = rewrite.map_region(start, end)
        if region is not None:
            return region
    return rewrite.new_span_of(match.mention.start)


def make_sample(
    record: QARecord, info: ContextInfo, bank: EntityBank, config: SubstitutionConfig, lexicon: Mapping[str, str]
) -> dict[str, Any] | str:
    """The counterfactual sample for `record` as an output row, or the reason it is dropped.

    Matches are tried best first; a record is dropped for the reason its best match failed when none succeeds.
    """
    matches = record_matches(record, info, lexicon)
    if not matches:
        return "no_entity_match"
    first_reason = ""
    for match in matches:
        outcome = _sample_for_match(record, match, info, bank, config)
        if not isinstance(outcome, str):
            return outcome
        first_reason = first_reason or outcome
    return first_reason


def _sample_for_match(
    record: QARecord, match: Match, info: ContextInfo, bank: EntityBank, config: SubstitutionConfig
) -> dict[str, Any] | str:
    context, mention = record.context, match.mention
    original, label = mention.surface, mention.label
    old_parts = tuple(name_parts(original).values()) if label == "PERSON" else ()
    if any(contains_whole_word(record.question, text) for text in (original, *old_parts)):
        return "original_in_question"
    shape = entity_shape(original, label, has_article_before(context, mention.start))
    question_grams = ngram_keys(record.question, bank.max_words)
    pool = candidate_pool(bank, label, shape, original, (info.ngrams, question_grams), old_parts, config)
    if not pool:
        return "no_candidate"
    replacement = pool[rng_for(config.seed, record.id).randrange(len(pool))].entity
    short_forms = person_short_forms(original, replacement) if label == "PERSON" else []
    rewrite = rewrite_context(context, original, replacement, short_forms)
    if inside_other_person(context, rewrite.old_spans, info.entities, mention):
        return "inside_other_person"
    answer_span = new_answer_span(rewrite, match)
    if answer_span is None:
        return "answer_not_rewritten"
    answer_text = rewrite.text[answer_span[0] : answer_span[1]]
    failure = first_failure(
        CheckInput(
            original_context=context,
            context=rewrite.text,
            question=record.question,
            original=original,
            original_parts=old_parts,
            replacement=replacement,
            num_replacements=len(rewrite.new_spans),
            answer_text=answer_text,
            answer_start=answer_span[0],
            min_context_chars=config.min_context_chars,
            max_occurrences=config.max_occurrences,
        )
    )
    if failure is not None:
        return failure
    return {
        "id": record.id,
        "source": record.source,
        "source_id": record.source_id,
        "title": record.title,
        "question": record.question,
        "context": rewrite.text,
        "answers": {"text": [answer_text], "answer_start": [answer_span[0]]},
        "original_context": context,
        "original_answers": {
            "text": [a.text for a in record.answers],
            "answer_start": [a.start for a in record.answers],
        },
        "original_entity": original,
        "replacement_entity": replacement,
        "entity_type": label,
        "entity_shape": shape,
        "match_strategy": match.strategy,
        "matched_answer": match.answer.text,
        "num_replacements": len(rewrite.new_spans),
        "replaced_spans": [{"start": s, "end": e} for s, e in rewrite.new_spans],
    }

