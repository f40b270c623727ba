"""The read stage's result: every source read, records sorted by id, and each unique context once (by sha256)."""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from tqdm import tqdm

from ..config import BuildConfig
from ..hashing import sha256_text
from ..reasons import Reason
from ..types import QARecord
from .decontaminate import contamination, load_held_out, ngram_hashes
from .skips import SkipCounter, SourceError
from .sources import load_sources

log = logging.getLogger(__name__)


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
        records, decontamination = _decontaminated(records, config.exclude, loaded.skips, config.progress)
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


def _decontaminated(
    records: list[QARecord], specs: tuple[str, ...], skips: SkipCounter, progress: bool = False
) -> tuple[list[QARecord], list[dict[str, Any]]]:
    """The records no held-out set matches; each removed record is counted (skip reason `decontaminated`, and
    per set by question or by context). A record is counted against the first set, in --exclude order, that it
    matches; a question match counts before a context match."""
    held = [load_held_out(spec) for spec in specs]
    names = [h.name for h in held]
    if len(set(names)) != len(names):
        raise SourceError(f"--exclude: two held-out sets share a file name ({', '.join(names)}); rename one")
    removed = {h.name: {"question": 0, "context": 0} for h in held}
    # per context, which sets share an n-gram with it (not its n-grams: they would take ~15 bytes a character)
    context_hits: dict[str, tuple[bool, ...]] = {}
    kept = []
    for record in tqdm(records, desc="decontaminate", unit="question", disable=not progress):
        if record.context not in context_hits:
            grams = ngram_hashes(record.context)
            context_hits[record.context] = tuple(not grams.isdisjoint(h.grams) for h in held)
        for h, context_hit in zip(held, context_hits[record.context], strict=True):
            how = contamination(record.question, context_hit, h)
            if how is not None:
                removed[h.name][how] += 1
                skips.skip(record.source, Reason.DECONTAMINATED, record.id, f"its {how} is in {h.name}")
                break
        else:
            kept.append(record)
    report = [
        {
            "name": h.name,
            "sha256": h.sha256,
            "questions": len(h.questions),
            "passages": h.passages,
            "removed_by_question": removed[h.name]["question"],
            "removed_by_context": removed[h.name]["context"],
            "removed": removed[h.name]["question"] + removed[h.name]["context"],
        }
        for h in held
    ]
    for entry in report:
        log.info(
            "decontaminated against %s: removed %d (question %d, context %d)",
            entry["name"],
            entry["removed"],
            entry["removed_by_question"],
            entry["removed_by_context"],
        )
    return kept, report
