"""The read stage's result: every source read, records sorted by id, each unique context once (by sha256), and
each record's split group (`split_groups.py`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from fqa_build.config import BuildConfig
from fqa_build.hashing import sha256_text
from fqa_build.read.decontaminate import decontaminate
from fqa_build.read.sources import load_sources
from fqa_build.read.split_groups import split_groups
from fqa_build.types import QARecord


@dataclass(frozen=True)
class Inputs:
    """The loaded sources: the records samples are made from (sorted by id), the bank-only records, every
    unique context (by sha256) with the sources it came from, each record's context key and its split group."""

    loaded: Any
    bank_only: Any
    records: list[QARecord]
    contexts: dict[str, str]
    context_sources: dict[str, set[str]]
    key_of: dict[str, str]  # id of a record of `records` -> its context key
    bank_only_keys: frozenset[str]  # context keys of the bank-only records
    context_titles: dict[str, set[str]]  # context key -> the article titles it appears under
    #: id of a record of `records` -> the key its train/dev/test split is drawn by: the smallest context key of
    #: the records it shares a passage, an article or a question with (`split_groups.py`)
    split_group_of: dict[str, str]
    #: per held-out set (`--exclude`, in its order): its name, sha256 and size, and the records it removed by
    #: question and by context
    decontamination: list[dict[str, Any]] = field(default_factory=list)


def load_inputs(config: BuildConfig) -> Inputs:
    """Read every source; input errors raise here, before anything is written."""
    loaded = load_sources(config.sources, config.window_chars)
    records = sorted(loaded.records, key=lambda r: r.id)
    decontamination: list[dict[str, Any]] = []
    if config.exclude:
        records, decontamination = decontaminate(records, config.exclude, loaded.skips, config.progress)
    bank_only = load_sources(config.bank_sources, config.window_chars) if config.bank_sources else None
    contexts: dict[str, str] = {}
    context_sources: dict[str, set[str]] = defaultdict(set)
    context_titles: dict[str, set[str]] = defaultdict(set)
    key_of: dict[str, str] = {}
    bank_only_keys: set[str] = set()
    for index, record in enumerate(records + (bank_only.records if bank_only else [])):
        key = sha256_text(record.context)
        if index < len(records):
            key_of[record.id] = key
        else:  # kept apart: a bank-only record may reuse an id of a record
            bank_only_keys.add(key)
        contexts[key] = record.context
        context_sources[key].add(record.source)
        context_titles[key].add(record.title)
    return Inputs(
        loaded=loaded,
        bank_only=bank_only,
        records=records,
        contexts=contexts,
        context_sources=context_sources,
        key_of=key_of,
        bank_only_keys=frozenset(bank_only_keys),
        context_titles=context_titles,
        split_group_of=split_groups(records, key_of),
        decontamination=decontamination,
    )
