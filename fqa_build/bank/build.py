"""The bank stage: the entity bank from the bank corpus's NER mentions, each context's mentions typed by it,
and the bank's output rows (config `entity_bank`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from fqa_build.bank.entity_bank import EntityBank, EntityBankBuilder
from fqa_build.bank.mentions import mentions_of, relabel, with_year_cores
from fqa_build.config import BuildConfig
from fqa_build.labels import ALL_ENTITY_TYPES
from fqa_build.read.inputs import Inputs
from fqa_build.types import Mention


def build_bank(
    config: BuildConfig,
    inputs: Inputs,
    bank_contexts: frozenset[str],
    entities: dict[str, list],
    *,
    classify_kinds: bool,
    read_common_words: bool = False,
) -> tuple[EntityBank, EntityBank, dict[str, list[Mention]]]:
    """The entity bank of every label (for majority types), the bank of the chosen types (what is drawn),
    and each context's mentions of every label. The bank first sees every label, so each surface form gets
    its majority type across the corpus; answer mentions then carry that type (`typed_mentions`). With `classify_kinds`
    (policies that use them) each entry gets its kind; with `read_common_words` the bank knows the corpus's lower-case
    words (composed names check their parts against them)."""
    all_labels = frozenset(ALL_ENTITY_TYPES) | frozenset(config.entity_types)
    builder = EntityBankBuilder(classify_kinds=classify_kinds)
    raw_mentions = {}
    for key in sorted(inputs.contexts):
        raw_mentions[key] = mentions_of(inputs.contexts[key], entities[key], all_labels)
        if key in bank_contexts:
            for source in sorted(inputs.context_sources[key]):
                builder.add_context(inputs.contexts[key], key, source, raw_mentions[key], inputs.context_titles[key])
    full_bank = builder.build(config.min_bank_frequency)
    bank = full_bank.restricted(frozenset(config.entity_types))
    if read_common_words:
        bank.common_words = lower_case_words(inputs.contexts[key] for key in sorted(bank_contexts))
    return full_bank, bank, raw_mentions


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z][a-z'’-]*")


def lower_case_words(texts: Iterable[str]) -> frozenset[str]:
    """Every word the texts write in lower case."""
    words: set[str] = set()
    for text in texts:
        words.update(_LOWER_WORD.findall(text))
    return frozenset(words)


def typed_mentions(
    config: BuildConfig, full_bank: EntityBank, raw: list[Mention], also: frozenset[str] = frozenset()
) -> list[Mention]:
    """A context's mentions with the bank's (majority) type, of the chosen types (and the types `also` names: a
    policy's made values) only, plus year cores."""
    return with_year_cores(relabel(raw, full_bank.label_of, frozenset(config.entity_types) | also))


def bank_rows(bank: EntityBank) -> list[dict[str, Any]]:
    """The rows of the `entity_bank` config, in the bank's order."""
    return [
        {
            "entity": e.entity,
            "entity_type": e.entity_type,
            "entity_kind": e.kind,
            "entity_shape": e.shape,
            "person_gender": e.gender or None,
            "frequency": e.frequency,
            "num_contexts": e.num_contexts,
            "sources": list(e.sources),
        }
        for e in bank.entries
    ]
