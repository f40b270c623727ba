"""The read stage's result: every source read, records sorted by id, and each unique context once (by sha256)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..config import BuildConfig
from ..hashing import sha256_text
from ..types import QARecord
from .decontaminate import decontaminate
from .sources import load_sources


@dataclass(frozen=True)
class Inputs:
    """The loaded sources: the records samples are made from (sorted by id), the bank-only records, every
    unique context (by sha256) with the sources it came from, and each record's context key."""

    loaded: Any
    bank_only: Any
    records: list[QARecord]
    contexts: dict[str, str]
    context_sources: dict[str, set[str]]
    key_of: dict[str, str]  # id of a record of `records` -> its context key
    bank_only_keys: frozenset[str]  # context keys of the bank-only records
    context_titles: dict[str, set[str]]  # context key -> the article titles it appears under
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
        loaded,
        bank_only,
        records,
        contexts,
        context_sources,
        key_of,
        frozenset(bank_only_keys),
        context_titles,
        decontamination,
    )
