"""From one QA record to one counterfactual `Sample`, or the `Rejection` naming why it was dropped.

A swap runs in steps, each followed by the policy's rules of that stage (fqa_build/swap/rules/): the matched
mention; the draw (swap/drawing/candidates.py, over candidates the policy's filters keep); the other names of the
original the rewrite takes over; the rewrite (fqa_build/swap/rewriting/rewrite.py); the new answer's place; the finished
sample. The first rule that fails names the reason.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from ...bank.entity_bank import EntityBank
from ...bank.entity_kinds import kind_shape
from ...bank.shapes import entity_shape
from ...config import SubstitutionConfig
from ...reasons import Reason
from ...text import has_article_before
from ...types import BankEntry, Match, QARecord, Rejection, Sample
from ..drawing.candidates import DRAWS, candidate_pool
from ..drawing.filters import entry_filter, year_window
from ..drawing.vectors import BankVectors
from ..hooks import extra_matches, label_from_text, made_replacement
from ..policies.components import (
    CountRelations,
    EvidenceWindows,
    GoldForms,
    Kinds,
    ShiftedTimelines,
)
from ..policies.registry import Policy, get_policy, stage_rules
from ..rewriting.rewrite import Rewrite, person_short_forms, rewrite_context
from ..rules import Rule, Stage
from ..rules.arithmetic import count_dependents, own_spans
from ..rules.timelines import HELD_BY_SHIFT, TIMELINE_RULES
from ..timelines.shift import shift_offset, shifted, shifted_mention, shifted_question
from ..timelines.timeline import answer_pieces, swap_timeline
from .evidence_windows import in_window, passage_policy
from .golds import gold_answers, trimmed_span
from .match import lexicon_mentions, ranked_matches
from .state import ContextInfo, Swap


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
    when none succeeds. Under `shift_timelines` a date match first shifts the passage's timeline, then, where
    that fails, swaps the date alone; the reason of a match that fails both is the rule that refused the shift
    where one did (fqa_build/swap/rules/timelines.py), else the single-date swap's. Under `retry_on_windows` a
    refusal for a tie elsewhere in the passage (`WINDOWED_REASONS`) is tried once more on the evidence window
    (fqa_build/swap/orchestration/evidence_windows.py); where that fails too, the passage's refusal stands.
    """
    policy = policy or get_policy(config.policy)
    if policy.uses(EvidenceWindows):
        plain = passage_policy(policy)
        return in_window(record, info, bank, lambda r, i: make_sample(r, i, bank, config, lexicon, vectors, plain))
    matches = extra_matches(policy, record, record_matches(record, info, lexicon))
    if not matches:
        return Rejection(Reason.NO_ENTITY_MATCH)
    question_grams = bank.keys_in(record.question)
    first: Rejection | None = None
    for match in matches:
        refused: Rejection | None = None
        if policy.uses(ShiftedTimelines) and match.mention.label == "DATE":
            shifting = Swap(record, match, info, bank, config, policy, question_grams, vectors)
            shifting.shifting = True
            if answer_pieces(shifting):
                outcome = run_swap(shifting)
                if isinstance(outcome, Sample):
                    return outcome
                if outcome.rule in TIMELINE_RULES:
                    refused = outcome  # what fixed the timeline, reported where the single-date swap fails too
        swap = Swap(record, match, info, bank, config, policy, question_grams, vectors)
        label_from_text(swap)  # "CBS" a broadcaster, "Peyton Manning" tagged ORG a person: what its text says
        outcome = run_swap(swap)
        if isinstance(outcome, Sample):
            return outcome
        first = first or refused or outcome
    return first


@functools.cache
def shift_stage_rules(policy: Policy) -> dict[Stage, tuple[Rule, ...]]:
    """What a swap that shifts the timeline runs: the policy's rules but those the shift keeps true
    (fqa_build/swap/rules/timelines.py `HELD_BY_SHIFT`)."""
    return {
        stage: tuple(r for r in rules if r.name not in HELD_BY_SHIFT) for stage, rules in stage_rules(policy).items()
    }


def run_swap(swap: Swap) -> Sample | Rejection:
    """Each step of the swap, then the policy's rules of the stage it reached; the first failure, with the
    rule that failed (None where a step failed: the draw, the answer's place). A swap that shifts the timeline
    runs the rules the shift does not keep true by itself."""
    rules = shift_stage_rules(swap.policy) if swap.shifting else stage_rules(swap.policy)
    steps = (
        (None, Stage.LABEL),
        (None, Stage.MENTION),
        (None, Stage.MADE),
        (_draw, Stage.FORMS),
        (_rewrite, Stage.REWRITE),
        (_place_answer, Stage.ANSWER),
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
    return _sample(swap)


def _draw(swap: Swap) -> Reason | None:
    policy = swap.policy
    with_article = has_article_before(swap.context, swap.mention.start)
    if policy.uses(Kinds):
        swap.shape = kind_shape(swap.original, swap.label, with_article, swap.kind)
    else:
        swap.shape = entity_shape(swap.original, swap.label, with_article)
    if swap.shifting:
        return _shift(swap)
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
    reason = DRAWS[policy.draw](swap, pool)
    if reason is None and swap.label == "PERSON":
        swap.short_forms = person_short_forms(swap.original, swap.replacement)
    return reason


def _shift(swap: Swap) -> Reason | None:
    """The timeline's offset, and the shifted mention as the replacement (a made entry, no bank draw)."""
    swap.offset = shift_offset(swap)
    if swap.offset is None:
        return Reason.TIMELINE_NO_OFFSET
    swap.entry = BankEntry(shifted_mention(swap, swap.offset), swap.label, swap.shape, 0, 0, (), ())
    return None


def _rewrite(swap: Swap) -> None:
    if swap.shifting:
        swap.rewrite = shifted(swap.context, swap_timeline(swap).pieces, swap.offset)
        return
    dependents = count_dependents(swap) if swap.policy.uses(CountRelations) else ()
    only = own_spans(swap)
    swap.rewrite = rewrite_context(swap.context, swap.original, swap.replacement, swap.short_forms, dependents, only)


def _shifted_answer_span(swap: Swap) -> tuple[int, int] | None:
    """Where the shifted answer sits: the gold answer's region where it begins with the mention and says more,
    else the mention's."""
    answer, mention = swap.match.answer, swap.mention
    if answer.start == mention.start and answer.start + len(answer.text) >= mention.end:
        return swap.rewrite.map_region(answer.start, answer.start + len(answer.text))
    return swap.rewrite.map_region(mention.start, mention.end)


def _place_answer(swap: Swap) -> Reason | None:
    span = _shifted_answer_span(swap) if swap.shifting else new_answer_span(swap.rewrite, swap.match)
    if span is not None and swap.policy.uses(GoldForms):
        span = trimmed_span(swap.rewrite, *span)
    swap.answer_span = span
    return Reason.ANSWER_NOT_REWRITTEN if span is None else None


def _sample(swap: Swap) -> Sample:
    record, rewrite, answer_start = swap.record, swap.rewrite, swap.answer_span[0]
    policy = swap.policy
    if policy.uses(GoldForms):
        golds = gold_answers(rewrite, record.answers, swap.answer_span, True, True)
        answers = {"text": [g.text for g in golds], "answer_start": [g.start for g in golds]}
    else:
        answers = {"text": [swap.answer_text], "answer_start": [answer_start]}
    gendered = "same_gender" in swap.policy.filters and swap.label == "PERSON"
    return Sample(
        id=record.id,
        source=record.source,
        source_id=record.source_id,
        title=record.title,
        question=shifted_question(swap, swap.offset) if swap.shifting else record.question,
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
