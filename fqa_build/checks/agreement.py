"""Snippet NER against whole-context NER: whether running NER on the sentences around the answers finds the
same answer entity and makes the same sample as running it on whole contexts (the bench's agreement step)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fqa_build.config import BuildConfig


def snippet_agreement(config: BuildConfig) -> dict[str, Any]:
    """Whole-context NER vs snippet NER on every record of the input: the same best answer entity (span and
    label), and the same sample (row or rejection reason) with the same bank."""
    from fqa_build.bank.build import build_bank, typed_mentions
    from fqa_build.bank.entity_bank import LEXICON_MIN_FREQUENCY
    from fqa_build.bank.mentions import mentions_of
    from fqa_build.labels import ALL_ENTITY_TYPES
    from fqa_build.ner.plan import plan_ner, run_ner_plan
    from fqa_build.read.inputs import load_inputs
    from fqa_build.swap.orchestration.sample import make_sample, record_matches
    from fqa_build.swap.orchestration.state import ContextInfo
    from fqa_build.swap.policies.registry import get_policy
    from fqa_build.types import Rejection

    policy = get_policy(config.substitution.policy)
    config = replace(config, entity_types=policy.matched_types(config.entity_types))
    inputs = load_inputs(config)
    whole_plan = plan_ner(config, inputs)
    snippet_plan = plan_ner(config, inputs, snippets_everywhere=True)
    whole_found, _ = run_ner_plan(config, whole_plan)
    snippet_found, _ = run_ner_plan(config, snippet_plan)
    whole_entities = {key: whole_plan.entities(key, whole_found) for key in inputs.contexts}
    kinds = policy.needs("kinds")
    full_bank, bank, _ = build_bank(config, inputs, whole_plan.bank_contexts, whole_entities, classify_kinds=kinds)
    lexicon = bank.lexicon(LEXICON_MIN_FREQUENCY)
    labels = frozenset(ALL_ENTITY_TYPES) | frozenset(config.entity_types)

    def info(key: str, plan, found) -> ContextInfo:
        entities = plan.entities(key, found)
        raw = mentions_of(inputs.contexts[key], entities, labels)
        mentions = typed_mentions(config, full_bank, raw, policy.value_types)  # as the build types them
        return ContextInfo(tuple(entities), tuple(mentions), bank.keys_in(inputs.contexts[key]))

    same_entity = same_outcome = 0
    whole_infos: dict[str, ContextInfo] = {}
    snippet_infos: dict[str, ContextInfo] = {}
    for record in inputs.records:
        key = inputs.key_of[record.id]
        if key not in whole_infos:
            whole_infos[key] = info(key, whole_plan, whole_found)
            snippet_infos[key] = info(key, snippet_plan, snippet_found)
        a = record_matches(record, whole_infos[key], lexicon)
        b = record_matches(record, snippet_infos[key], lexicon)
        best_a = (a[0].mention.start, a[0].mention.end, a[0].mention.label) if a else None
        best_b = (b[0].mention.start, b[0].mention.end, b[0].mention.label) if b else None
        same_entity += best_a == best_b
        out_a = make_sample(record, whole_infos[key], bank, config.substitution, lexicon, None, policy)
        out_b = make_sample(record, snippet_infos[key], bank, config.substitution, lexicon, None, policy)
        if isinstance(out_a, Rejection):  # the same reason (the best-matching entity may differ)
            same_outcome += isinstance(out_b, Rejection) and out_a.reason == out_b.reason
        else:
            same_outcome += out_a == out_b
    n = len(inputs.records)
    context_chars = sum(len(c) for k, c in inputs.contexts.items() if k in snippet_plan.units)
    snippet_chars = sum(len(t) for t in snippet_plan.texts.values())
    return {
        "questions": n,
        "answer_entity_agreement": round(same_entity / n, 4) if n else None,
        "sample_agreement": round(same_outcome / n, 4) if n else None,
        "snippet_char_share": round(snippet_chars / context_chars, 4) if context_chars else None,
    }
