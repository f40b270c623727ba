"""From one QA record to one counterfactual sample, or the named reason it was dropped."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from nameparser.config import CONSTANTS as NAME_CONSTANTS

from .checks import CheckInput, first_failure
from .consistency import (
    acronym_pairs,
    acronyms,
    answers_left_behind,
    gpe_pair,
    is_alias,
    NUMERIC_LABELS,
    derived_words_left,
    decades_in,
    keeps_chronology,
    name_short_forms,
    number_context_problem,
    number_magnitude,
    pronoun_gender,
    relative_time_near,
    years_in,
)
from ..bank.entity_bank import BankEntry, EntityBank
from ..hashing import rng_for
from ..bank.kinds import HEAD_LABELS, entity_kind, kind_shape
from ..bank.persons import name_gender
from ..bank.places import city_in, continent_code, continent_of, demonym, place, places_in
from ..bank.embeddings import embed, rank_by_similarity
from .match import Match, Mention, lexicon_mentions, ranked_matches
from ..ner.cache import Entity
from ..read.records import QARecord
from .rewrite import Rewrite, name_parts, person_short_forms, rewrite_context
from .policies import DEFAULT_POLICY, POLICIES, Policy
from ..bank.shapes import entity_shape
from ..text import (
    contains_key,
    contains_whole_word,
    find_whole_word,
    has_article_before,
    normalize_entity,
    whole_word_pattern,
    word_key,
)



@dataclass(frozen=True)
class SubstitutionConfig:
    """What governs drawing and checking a replacement."""

    seed: int = 42
    min_length_ratio: float = 0.3
    max_length_ratio: float = 3.0
    max_occurrences: int = 10
    min_context_chars: int = 50
    policy: Policy = POLICIES[DEFAULT_POLICY]


@dataclass(frozen=True)
class ContextInfo:
    """Per unique context: its NER entities, usable mentions and word n-grams (computed once, shared by
    every question on that context)."""

    entities: tuple[Entity, ...]
    mentions: tuple[Mention, ...]
    ngrams: frozenset[tuple[str, ...]]  # word runs of the context (at least those that are bank keys)


class Rejection(str):
    """The reason a record was dropped (compares equal to the reason), with the type of its best-matching
    entity ("-" when nothing matched), so the build counts rejections per type without matching again."""

    entity_type: str

    def __new__(cls, reason: str, entity_type: str = "-") -> "Rejection":
        rejection = super().__new__(cls, reason)
        rejection.entity_type = entity_type
        return rejection


class BankVectors:
    """Embeddings of the bank's entities, to rank candidates by similarity to the original."""

    def __init__(self, bank: EntityBank) -> None:
        self._row = {entry.entity: i for i, entry in enumerate(bank.entries)}
        self._matrix = embed([entry.entity for entry in bank.entries])

    def nearest(
        self, original: str, pool: Sequence[BankEntry], alias_similarity: float, k: int
    ) -> tuple[list[tuple[BankEntry, float]], int]:
        """The k candidates most similar to the original that are not aliases of it (an acronym or known
        other name, or similarity >= `alias_similarity`), and how many aliases were passed over on the way."""
        if not pool:
            return [], 0
        query = embed([original])[0]
        rows = self._matrix[[self._row[entry.entity] for entry in pool]]
        order, sims = rank_by_similarity(query, rows)
        ranked: list[tuple[BankEntry, float]] = []
        skipped = 0
        for i in order:
            if sims[i] >= alias_similarity or is_alias(original, pool[i].entity):
                skipped += 1
                continue
            ranked.append((pool[i], float(sims[i])))
            if len(ranked) == k:
                break
        return ranked, skipped


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
    keep: Callable[[BankEntry], bool] | None = None,
) -> Sequence[BankEntry]:
    """Every bank entry that may replace `original`: same type and shape, length ratio within bounds, a
    different entity, absent from the context and question (`forbidden` n-gram sets), not containing the
    original or a part of its name, and passing `keep` (the policy's kind, gender and place filters). In the
    bank's order (shortest first), so a seeded draw from it is deterministic."""
    n = len(original)
    group = bank.group(entity_type, shape)
    lo, hi = group.length_range(config.min_length_ratio * n, config.max_length_ratio * n)
    own_keys = [word_key(original), *(word_key(p) for p in old_parts)]
    excluded: set[int] = set(group.by_key.get(own_keys[0], ()))
    for grams in forbidden:
        for key in group.keys.intersection(grams):
            excluded.update(group.by_key[key])
    for own in own_keys:
        for i in group.by_word.get(own[0], ()) if own else ():
            if contains_key(group.entries[i].key, own):
                excluded.add(i)
    if keep is None:
        return ExcludingSlice(group.entries, lo, hi, sorted(i for i in excluded if lo <= i < hi))
    return [group.entries[i] for i in range(lo, hi) if i not in excluded and keep(group.entries[i])]


class ExcludingSlice(Sequence):
    """entries[lo:hi] without the (sorted) excluded indexes, indexed without copying: the i-th item is found
    by stepping over the excluded indexes at or before it."""

    def __init__(self, entries: Sequence[BankEntry], lo: int, hi: int, excluded: Sequence[int]) -> None:
        self._entries, self._lo, self._hi, self._excluded = entries, lo, hi, excluded

    def __len__(self) -> int:
        return self._hi - self._lo - len(self._excluded)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        index = self._lo + i
        for skipped in self._excluded:
            if skipped > index:
                break
            index += 1
        return self._entries[index]

    def __iter__(self):
        excluded = set(self._excluded)
        return (self._entries[i] for i in range(self._lo, self._hi) if i not in excluded)


def _only_titles(words: str) -> bool:
    return all(w.strip(".").casefold() in NAME_CONSTANTS.titles or w.casefold() == "the" for w in words.split())


def inside_longer_entity(
    context: str, spans: Sequence[tuple[int, int]], entities: Sequence[Entity], matched: Mention,
    labels: frozenset[str],
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
            return True
    return False


def new_answer_span(rewrite: Rewrite, match: Match) -> tuple[int, int] | None:
    """Where the new gold answer sits in the rewritten context.

    When the gold answer begins with a rewritten mention and says more ("Stanford Stadium" for "Stanford"),
    the new answer is the rewritten gold answer ("Boston Stadium"); otherwise it is the replacement at the
    matched mention. Either way the replacement sits at the answer start.
    """
    start, end = match.answer.start, match.answer.start + len(match.answer.text)
    if any(o_start == start and o_end <= end for o_start, o_end in rewrite.mention_old_spans):
        region = rewrite.map_region(start, end)
        if region is not None:
            return region
    return rewrite.new_span_of(match.mention.start)


def make_sample(
    record: QARecord,
    info: ContextInfo,
    bank: EntityBank,
    config: SubstitutionConfig,
    lexicon: Mapping[str, str],
    vectors: BankVectors | None = None,
) -> dict[str, Any] | Rejection:
    """The counterfactual sample for `record` as an output row, or the reason it is dropped.

    Matches are tried best first; a record is dropped for the reason its best match failed when none succeeds.
    """
    matches = record_matches(record, info, lexicon)
    if not matches:
        return Rejection("no_entity_match")
    first_reason = ""
    question_grams = bank.keys_in(record.question)
    for match in matches:
        outcome = _sample_for_match(record, match, info, bank, config, vectors, question_grams)
        if not isinstance(outcome, str):
            return outcome
        first_reason = first_reason or outcome
    return Rejection(first_reason, matches[0].mention.label)


def _sample_for_match(
    record: QARecord,
    match: Match,
    info: ContextInfo,
    bank: EntityBank,
    config: SubstitutionConfig,
    vectors: BankVectors | None,
    question_grams: frozenset[tuple[str, ...]],
) -> dict[str, Any] | str:
    context, mention, policy = record.context, match.mention, config.policy
    original, label = mention.surface, mention.label
    kind = entity_kind(original, label, bank.surnames) if policy.kinds else None
    if policy.kinds and kind is None and label == "PERSON" and len(original.split()) == 1:
        # a one-word name no list knows ("Bohemond") is still a person where a he/she refers to it
        if pronoun_gender(context, mention.start, mention.end, _other_persons(info, mention)) is not None:
            kind = "given_name"
    if policy.kinds and kind is None:
        return "label_contradicted"
    if policy.kinds and label == "PERSON" and len(original.split()) == 1 and _not_a_person_here(context, original):
        return "label_contradicted"  # "the Aare", "66–34 Mya": no person is written so
    if policy.kinds and label == "CARDINAL" and original.casefold() in ("one", "a", "an"):
        return "number_in_name"  # "one" agrees with a singular noun; no other number can take its place
    if policy.kinds and (bank.label_share_of(original) < MIN_LABEL_SHARE or not _credible_person(original, label)):
        return "label_contradicted"  # "Newton" tagged GPE here and PERSON elsewhere; "Virgin Media" as a person
    old_forms = list(name_parts(original).values()) if label == "PERSON" else []
    if policy.consistency:
        old_forms += [a for a in acronyms(original) if next(find_whole_word(context, a, ignore_case=False), None)]
    if any(contains_whole_word(record.question, text) for text in (original, *old_forms)):
        return "original_in_question"
    keep, reason, required_gender = _policy_filter(context, mention, kind, info, policy)
    if reason:
        return reason
    with_article = has_article_before(context, mention.start)
    shape = (
        kind_shape(original, label, with_article, kind) if policy.kinds else entity_shape(original, label, with_article)
    )
    pool = candidate_pool(bank, label, shape, original, (info.ngrams, question_grams), old_forms, config, keep)
    if not pool:
        return "no_candidate"
    rng = rng_for(config.seed, record.id)
    similarity: float | None = None
    aliases_excluded = 0
    if policy.neighbours and vectors is not None:
        # close years and numbers embed close together without being aliases: the similarity cap is for names
        cap = 1.01 if label in NUMERIC_LABELS else policy.alias_similarity
        ranked, aliases_excluded = vectors.nearest(original, pool, cap, policy.neighbour_k)
        if not ranked:
            return "only_aliases"
        entry, similarity = ranked[rng.randrange(len(ranked))]
    else:
        entry = pool[rng.randrange(len(pool))]
    replacement = entry.entity
    short_forms = person_short_forms(original, replacement) if label == "PERSON" else []
    if policy.consistency:
        acronym_swaps = acronym_pairs(context, original, replacement, bank.acronyms)
        name_swaps = name_short_forms(context, original, replacement, label)
        if acronym_swaps is None:
            return "acronym_left"
        if name_swaps is None:
            return "short_form_left"
        short_forms += acronym_swaps + name_swaps
        old_forms += [old for old, _ in name_swaps]
    rewrite = rewrite_context(context, original, replacement, short_forms)
    if inside_longer_entity(context, rewrite.mention_old_spans, info.entities, mention, _PERSON):
        return "inside_other_person"
    if policy.consistency and inside_longer_entity(context, rewrite.mention_old_spans, info.entities, mention, _ANY_LABEL):
        return "inside_longer_name"  # "Court of Justice" inside "Court of Justice of the European Union"
    if policy.kinds and label == "GPE" and not _pairs_coherent(context, rewrite.mention_old_spans, replacement):
        return "gpe_pair"
    if policy.kinds and label in NUMERIC_LABELS:
        problem = number_context_problem(context, rewrite.mention_old_spans)
        if problem:
            return problem
        if label == "DATE" and years_in(original) and relative_time_near(context, rewrite.mention_old_spans):
            return "relative_date"  # "Three years later in 1917": the arithmetic would break
    if policy.consistency and label in ("GPE", "LOC") and geography_left(context, original, kind, rewrite.old_spans):
        return "geography_left"  # "Denmark" swapped, "Copenhagen" left; "Europe" swapped, "Sicily" left
    if policy.consistency and label in ("GPE", "NORP", "LOC"):
        # "France" swapped, "French" left standing; "Islamists" swapped, "Islamist" left standing
        derived = derived_words_left(context, original, rewrite.old_spans)
        if kind == "country" and demonym(original) and demonym(original) != demonym(replacement):
            if contains_whole_word(context, demonym(original), ignore_case=False):
                derived.append(demonym(original))
        if derived:
            return "derived_word_left"
    answer_span = new_answer_span(rewrite, match)
    if answer_span is None:
        return "answer_not_rewritten"
    if policy.consistency and answers_left_behind(rewrite, record.answers, match.answer, original, old_forms):
        return "other_answer_left"
    answer_text = rewrite.text[answer_span[0] : answer_span[1]]
    failure = first_failure(
        CheckInput(
            original_context=context,
            context=rewrite.text,
            question=record.question,
            original=original,
            original_parts=tuple(old_forms),
            replacement=replacement,
            num_replacements=rewrite.mentions,
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
        "entity_kind": kind if policy.kinds else None,
        "entity_shape": shape,
        "match_strategy": match.strategy,
        "matched_answer": match.answer.text,
        "num_replacements": rewrite.mentions,
        "replaced_spans": [{"start": s, "end": e} for s, e in rewrite.new_spans],
        "original_spans": [{"start": s, "end": e} for s, e in rewrite.old_spans],
        "required_gender": required_gender,
        "policy": policy.name,
        "similarity": None if similarity is None else round(similarity, 4),
        "aliases_excluded": aliases_excluded,
    }


_PERSON = frozenset({"PERSON"})
_ANY_LABEL = frozenset(
    {"PERSON", "NORP", "FAC", "ORG", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE"}
)

#: A name NER labels one way in fewer than this share of its mentions is ambiguous, never swapped or drawn.
MIN_LABEL_SHARE = 0.75


def _credible_person(surface: str, label: str) -> bool:
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


@functools.lru_cache(maxsize=None)
def plausible_replacement(entry: BankEntry) -> bool:
    """Stricter evidence for what is drawn than for what is replaced: a person's given name must be one
    `gender-guesser` knows (so no "Jacksonville Beaches" or "Morris Inn" tagged PERSON is drawn), and a
    two-word place or body named "<given name> <head>" ("Frank Ocean") is not drawn as a place."""
    if entry.label_share < MIN_LABEL_SHARE:
        return False
    if entry.entity_type == "PERSON":
        return entry.gender in ("male", "female") and not entry.shape.endswith("|the")
    if entry.entity.casefold() in ("one", "a", "an"):
        return False  # "forced him into one turnovers"
    if entry.entity_type in HEAD_LABELS and entry.frequency < 2:
        return False  # an organisation, place or event NER saw once ("Second University") is too often a fragment
    words = entry.entity.split()
    if entry.entity_type in ("LOC", "FAC", "ORG", "GPE") and len(words) == 2 and name_gender(words[0]) != "unknown":
        return False
    return True


def geography_left(context: str, original: str, kind: str | None, spans: Sequence[tuple[int, int]]) -> bool:
    """True when the context still names a place inside the swapped one: a city or state of a swapped
    country, a city of a swapped state, a country of a swapped continent."""
    outer = place(original)
    continent = continent_code(original) if kind == "continent" else None
    if continent is None and (outer is None or outer.kind not in ("country", "state") or not outer.country):
        return False
    for start, end, inner in places_in(context):
        if any(s <= start < e for s, e in spans) or context[start:end].casefold() == original.casefold():
            continue
        if continent is not None:
            if inner.kind == "country" and continent_of(inner) == continent:
                return True
        elif outer.kind == "country" and inner.kind in ("city", "state") and inner.country == outer.country and inner.large:
            return True
        elif outer.kind == "state" and inner.kind == "city" and inner.large and (inner.country, inner.admin1) == (outer.country, outer.admin1):
            return True
    return False


def _pairs_coherent(context: str, spans: Sequence[tuple[int, int]], replacement: str) -> bool:
    """Every rewritten place that heads a "City, State" pair names a city of that state; none is the state."""
    for start, end in spans:
        role, region = gpe_pair(context, start, end)
        if role == "region" or (role == "city" and region is not None and not city_in(replacement, region)):
            return False
    return True


def _other_persons(info: ContextInfo, mention: Mention) -> list[tuple[int, int]]:
    return [(s, e) for s, e, lab in info.entities if lab == "PERSON" and (s, e) != (mention.raw_start, mention.raw_end)]


def _policy_filter(
    context: str, mention: Mention, kind: str | None, info: ContextInfo, policy: Policy
) -> tuple[Callable[[BankEntry], bool] | None, str, str | None]:
    """The bank filter a policy adds for this mention (same kind; a person of the gender the pronouns give;
    a city in the same state), the reason no replacement can keep the context coherent (or ""), and the
    gender the pronouns require (or None)."""
    if not policy.kinds:
        return None, "", None
    label = mention.label
    gender = None
    region = None
    if label == "PERSON":
        gender = pronoun_gender(context, mention.start, mention.end, _other_persons(info, mention))
    if label == "GPE":
        role, region = gpe_pair(context, mention.start, mention.end)
        if role == "region":
            return None, "gpe_pair", None  # "Amritsar, Illinois": the city would no longer lie in the new state
    magnitude = number_magnitude(mention.surface) if label in NUMERIC_LABELS else None
    # a city or state stays in its country ("Melbourne, Australia's second-largest city" needs an Australian city)
    # (where the text pairs it with its state, that decides the country: "Santa Clara, California" is no Cuban city)
    home = (region or place(mention.surface)) if label == "GPE" and kind in ("city", "state") else None
    other_years: list[int] = []
    other_decades: list[int] = []
    if label == "DATE":
        # every year written outside the original's own mentions ("the 1973 oil crisis" beside "October 1973")
        outside = whole_word_pattern(mention.surface).sub(" ", context)
        other_years, other_decades = years_in(outside), decades_in(outside)
    wants_year = bool(years_in(mention.surface))

    def keep(entry: BankEntry) -> bool:
        if entry.kind != kind or not plausible_replacement(entry):
            return False
        if magnitude is not None and number_magnitude(entry.entity) != magnitude:
            return False
        if home is not None and home.country and (place(entry.entity) is None or place(entry.entity).country != home.country):
            return False
        if wants_year and not years_in(entry.entity):
            return False  # a year stays a year of 1000-2099 ("5386" is no year)
        if (other_years or other_decades) and not keeps_chronology(mention.surface, entry.entity, other_years, other_decades):
            return False
        if gender is not None and entry.gender != gender:
            return False
        if region is not None and not city_in(entry.entity, region):
            return False
        return True

    return keep, "", gender
