"""From one QA record to one counterfactual `Sample`, or the `Rejection` naming why it was dropped.

A swap runs in steps, each followed by the policy's rules of that stage (fqa_build/swap/rules/): the matched
mention; the draw (swap/drawing/candidates.py, over candidates the policy's filters keep); the other names of the
original the rewrite takes over; the rewrite (fqa_build/swap/rewriting/rewrite.py); the new answer's place; the finished
sample. The first rule that fails names the reason.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.config import SubstitutionConfig
from fqa_build.reasons import Reason
from fqa_build.swap.drawing.candidates import DRAWS, candidate_pool
from fqa_build.swap.drawing.filters import entry_filter, year_window
from fqa_build.swap.drawing.vectors import BankVectors
from fqa_build.swap.hooks import (
    Hook,
    extra_matches,
    first_answer,
    hooks_of,
    label_from_text,
    made_replacement,
    record_taken,
    refined,
    timed,
)
from fqa_build.swap.orchestration.match import lexicon_mentions, ranked_matches
from fqa_build.swap.orchestration.state import ContextInfo, Swap
from fqa_build.swap.orchestration.way import Way, set_shape
from fqa_build.swap.policies.registry import Policy, get_policy, stage_rules
from fqa_build.swap.rewriting.rewrite import Rewrite, person_short_forms, rewrite_context
from fqa_build.swap.rules import Rule, Stage
from fqa_build.types import Match, QARecord, Rejection, Sample


def record_matches(record: QARecord, info: ContextInfo, lexicon: Mapping[str, str]) -> list[Match]:
    """The record's answer-entity matches, best first (see `ranked_matches`)."""
    hits = lexicon_mentions(record.context, record.answers, info.entities, lexicon)
    return ranked_matches(info.mentions, record.answers, hits)


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
    policy: Policy | None = None,
) -> Sample | Rejection:
    """The counterfactual sample for `record`, or the reason it is dropped. `policy` is the policy
    `config.policy` names (looked up in the registry when not given: callers over many records pass it once).

    Matches are tried best first; a record is dropped for the reason (and the rule) its best match failed for
    when none succeeds. A component may take the whole record its own way first (`RECORD`: evidence windows retry
    a refusal on a window), and a match its own way before the plain swap (`TRY`: a shifted timeline); the refusal
    a `TRY` hook reports stands where the plain swap fails too (fqa_build/swap/hooks.py).
    """
    policy = policy or get_policy(config.policy)
    taken = record_taken(
        policy, record, info, bank, lambda r, i, p: make_sample(r, i, bank, config, lexicon, vectors, p)
    )
    if taken is not None:
        return taken
    matches = extra_matches(policy, record, record_matches(record, info, lexicon))
    if not matches:
        return Rejection(Reason.NO_ENTITY_MATCH)
    question_grams = bank.keys_in(record.question)
    first: Rejection | None = None
    for match in matches:
        refused: Rejection | None = None
        new_swap = functools.partial(Swap, record, match, info, bank, config, policy, question_grams, vectors)
        for component, attempt in hooks_of(policy, Hook.TRY):
            outcome = timed(component, attempt, match, new_swap, run_swap)
            if isinstance(outcome, Sample):
                return outcome
            refused = refused or outcome  # reported where the plain swap fails too
        swap = Swap(record, match, info, bank, config, policy, question_grams, vectors)
        label_from_text(swap)  # "CBS" a broadcaster, "Peyton Manning" tagged ORG a person: what its text says
        outcome = run_swap(swap)
        if isinstance(outcome, Sample):
            return outcome
        first = first or refused or outcome
    return first


@functools.cache
def way_rules(policy: Policy, held: frozenset[str]) -> dict[Stage, tuple[Rule, ...]]:
    """The policy's rules of each stage but those `held` (a way keeps them true by itself)."""
    if not held:
        return stage_rules(policy)
    return {stage: tuple(r for r in rules if r.name not in held) for stage, rules in stage_rules(policy).items()}


def run_swap(swap: Swap, way: Way | None = None) -> Sample | Rejection:
    """Each step of the swap, then the policy's rules of the stage it reached; the first failure, with the
    rule that failed (None where a step failed: the draw, the answer's place). A swap taken another `way` runs the
    rules that way does not keep true by itself."""
    way = way or PLAIN
    rules = way_rules(swap.policy, way.held)
    steps = (
        (None, Stage.LABEL),
        (None, Stage.MENTION),
        (None, Stage.MADE),
        (way.draw, Stage.FORMS),
        (way.rewrite, Stage.REWRITE),
        (functools.partial(_place_answer, way), Stage.ANSWER),
        (None, Stage.CHECK),
        (None, Stage.ANSWERABLE),
    )
    for step, stage in steps:
        reason = step(swap) if step else None
        if reason:
            return Rejection(reason, swap.label, swap.original)
        for rule in rules[stage]:
            reason = rule(swap)
            if reason:
                return Rejection(reason, swap.label, swap.original, rule.name)
    return _sample(swap, way.question(swap))


def _draw(swap: Swap) -> Reason | None:
    set_shape(swap)
    made = made_replacement(swap)
    if made is not None:
        if isinstance(made, Reason):
            return made
        swap.entry = made
        return None
    pool = candidate_pool(
        swap.bank,
        swap.label,
        swap.shape,
        swap.original,
        (swap.info.ngrams, swap.question_grams),
        swap.old_forms,
        swap.config,
        entry_filter(swap),
        year_window(swap),
    )
    if not pool:
        return Reason.NO_CANDIDATE
    reason = DRAWS[swap.policy.draw](swap, pool)
    if reason is None and swap.label == "PERSON":
        swap.short_forms = person_short_forms(swap.original, swap.replacement)
    return reason


def _rewrite(swap: Swap) -> None:
    dependents, only = refined(swap.policy, Hook.REWRITE, ((), None), swap)
    swap.rewrite = rewrite_context(swap.context, swap.original, swap.replacement, swap.short_forms, dependents, only)


def _place_answer(way: Way, swap: Swap) -> Reason | None:
    span = way.answer_span(swap)
    if span is not None:
        span = refined(swap.policy, Hook.ANSWER, span, swap)
    swap.answer_span = span
    return Reason.ANSWER_NOT_REWRITTEN if span is None else None


PLAIN = Way(_draw, _rewrite, lambda swap: new_answer_span(swap.rewrite, swap.match), lambda swap: swap.record.question)


def _sample(swap: Swap, question: str) -> Sample:
    record, rewrite, answer_start = swap.record, swap.rewrite, swap.answer_span[0]
    policy = swap.policy
    answers = first_answer(policy, Hook.GOLDS, swap) or {"text": [swap.answer_text], "answer_start": [answer_start]}
    gendered = "same_gender" in swap.policy.filters and swap.label == "PERSON"
    return Sample(
        id=record.id,
        source=record.source,
        source_id=record.source_id,
        title=record.title,
        question=question,
        context=rewrite.text,
        answers=answers,
        original_context=record.context,
        original_answers={"text": [a.text for a in record.answers], "answer_start": [a.start for a in record.answers]},
        original_entity=swap.original,
        replacement_entity=swap.replacement,
        entity_type=swap.label,
        entity_kind=swap.kind,
        entity_shape=swap.shape,
        match_strategy=swap.match.strategy,
        matched_answer=swap.match.answer.text,
        num_replacements=rewrite.mentions,
        replaced_spans=[{"start": s, "end": e} for s, e in rewrite.new_spans],
        original_spans=[{"start": s, "end": e} for s, e in rewrite.old_spans],
        required_gender=swap.needed_gender if gendered else None,
        policy=swap.policy.name,
        similarity=None if swap.similarity is None else round(swap.similarity, 4),
        aliases_excluded=swap.aliases_excluded,
        evidence_title=record.evidence_title,
        window_score=record.window_score,
    )
