"""The card's statistics, recounted from the written Parquet and `build_stats.json` with Arrow compute.

Row groups are read one at a time (memory holds one group, not the release); of each group only per-row
measures are kept (labels, lengths, word counts) and, to count distinct contexts, the sha1 digests of the
group's distinct original contexts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

import faithfulness_qa as fqa

from ..read.kinds import source_name
from ..reasons import Reason
from .card_example import baseline_scores, reader_example, stored_example
from .card_measures import char_counts, quantiles, word_counts
from .parquet import MANIFEST_NAME, STATS_NAME

_LABELS = ("source", "entity_type", "entity_kind", "num_replacements")
_BANK_LABELS = ("entity_type", "entity_kind")


_DECLARED = frozenset(r.value for r in Reason)


class CardError(ValueError):
    """The build folder cannot be described: a file is missing or its numbers disagree."""


@dataclass
class _SplitMeasures:
    """What the card counts of one split, gathered row group by row group: no text is kept."""

    labels: list[pa.Table] = field(default_factory=list)  # the _LABELS columns
    context_chars: list[np.ndarray] = field(default_factory=list)
    context_words: list[np.ndarray] = field(default_factory=list)
    answer_chars: list[np.ndarray] = field(default_factory=list)
    answer_words: list[np.ndarray] = field(default_factory=list)

    def add(self, table: pa.Table, digests: set[bytes]) -> None:
        """Measure one row group of the default config; the digests of its original contexts join `digests`."""
        self.labels.append(table.select(list(_LABELS)))
        context = table.column("context")
        self.context_chars.append(char_counts(context))
        self.context_words.append(word_counts(context))
        texts = pc.struct_field(table.column("answers"), "text")
        first = pc.list_element(pc.filter(texts, pc.greater(pc.list_value_length(texts), 0)), 0)
        self.answer_chars.append(char_counts(first))
        self.answer_words.append(word_counts(first))
        distinct = pc.unique(table.column("original_context")).cast(pa.binary())
        digests.update(hashlib.sha1(text).digest() for text in distinct.to_pylist())


def _value_counts(values: pa.Array | pa.ChunkedArray) -> dict[Any, int]:
    """How often each value occurs (nulls included, as None), in order of first occurrence."""
    counted = pc.value_counts(values)
    return dict(zip(counted.field("values").to_pylist(), counted.field("counts").to_pylist(), strict=True))


def _pair_counts(first: pa.Array | pa.ChunkedArray, second: pa.Array | pa.ChunkedArray) -> dict[tuple, int]:
    """How often each (first, second) pair occurs."""
    grouped = pa.table({"a": first, "b": second}).group_by(["a", "b"]).aggregate([([], "count_all")])
    pairs = zip(grouped.column("a").to_pylist(), grouped.column("b").to_pylist(), strict=True)
    return dict(zip(pairs, grouped.column("count_all").to_pylist(), strict=True))


def _kind_or_dash(kinds: pa.Array | pa.ChunkedArray) -> pa.Array | pa.ChunkedArray:
    """The entity kinds with a missing one (null or empty) shown as "-"."""
    return pc.if_else(pc.fill_null(pc.equal(kinds, ""), True), "-", kinds)


def _read_config(out: Path, config: fqa.FaithfulnessQAConfig, visit: Callable[[str, pa.Table], None]) -> dict[str, Any]:
    """Sizes of each split of `config`, read row group by row group; `visit(split, table)` sees each group.
    The first row of the first non-empty split is kept."""
    schema = fqa.arrow_schema(config.features)
    splits: dict[str, dict[str, Any]] = {}
    first_row = None
    for split in config.splits:
        files = sorted(out.glob(fqa.shard_pattern(config, split)))
        if not files:
            raise CardError(f"{out}: no shards for split {split!r} of config {config.name!r}")
        rows = nbytes = 0
        for path in files:
            parquet = pq.ParquetFile(path)
            if parquet.schema_arrow.remove_metadata() != schema:
                raise CardError(f"{path}: schema differs from the features of config {config.name!r}")
            for group in range(parquet.num_row_groups):
                # the whole group: num_bytes is the Arrow size of every column
                table = parquet.read_row_group(group)
                rows += table.num_rows
                nbytes += table.nbytes
                if first_row is None and table.num_rows:
                    first_row = table.slice(0, 1).to_pylist()[0]
                visit(split, table)
        splits[split] = {
            "num_examples": rows,
            "num_bytes": nbytes,
            "download_size": sum(p.stat().st_size for p in files),
            "files": [p.relative_to(out).as_posix() for p in files],
        }
    return {"splits": splits, "first_row": first_row}


def _by_count(counts: dict) -> list[tuple]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _funnel(out: Path, build_stats: dict[str, Any], by_source: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    funnel = []
    for source, numbers in sorted(build_stats["sources"].items()):
        kept = sum(by_source[source].values())
        if kept != numbers["kept"]:
            raise CardError(
                f"{out}: {STATS_NAME} says {numbers['kept']} {source} samples were kept, the Parquet holds {kept}"
            )
        funnel.append(
            {
                "source": source,
                "name": source_name(source),
                "total": numbers["total"],
                "kept": kept,
                "kept_pct": 100.0 * kept / numbers["total"] if numbers["total"] else 0.0,
                "rejected": sorted(numbers["rejected"].items(), key=lambda item: (-item[1], item[0])),
            }
        )
    return funnel


def _decontamination(build_stats: dict[str, Any], reasons: dict[str, int]) -> list[dict[str, Any]]:
    """The held-out sets of the build, checked against the funnel: every removal is a `decontaminated` skip."""
    sets = build_stats.get("decontamination", [])
    removed = sum(entry["removed_by_question"] + entry["removed_by_context"] for entry in sets)
    if removed != sum(entry["removed"] for entry in sets) or removed != reasons.get(Reason.DECONTAMINATED, 0):
        raise CardError(
            f"{STATS_NAME}: the held-out sets removed {removed} questions, the funnel counts "
            f"{reasons.get(Reason.DECONTAMINATED, 0)} as `{Reason.DECONTAMINATED}`"
        )
    return sets


def _labels(config: fqa.FaithfulnessQAConfig, tables: list[pa.Table], names: tuple[str, ...]) -> pa.Table:
    """The `names` columns of `tables` as one table (an empty one, typed, when there are none)."""
    empty = fqa.arrow_schema(config.features).empty_table().select(list(names))
    return pa.concat_tables([empty, *tables])


def _by_split(labels: dict[str, pa.Table], name: str, keys: set) -> dict[Any, dict[str, int]]:
    """{value: {split: count}} of column `name`, for the values of `keys` and those in the column, sorted."""
    counts = {split: _value_counts(table.column(name)) for split, table in labels.items()}
    values = keys.union(*(split_counts.keys() for split_counts in counts.values()))
    return {value: {split: counts[split].get(value, 0) for split in labels} for value in sorted(values)}


def collect_statistics(out: Path) -> dict[str, Any]:
    """Everything the card states, recounted from the Parquet of `out` and its `build_stats.json`."""
    try:
        build_stats = json.loads((out / STATS_NAME).read_text(encoding="utf-8"))
        manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise CardError(f"{out}: not a build folder ({error.filename} missing)") from None
    config, bank_config = fqa.CONFIGS_BY_NAME["default"], fqa.CONFIGS_BY_NAME["entity_bank"]
    measures = {split: _SplitMeasures() for split in config.splits}
    digests: set[bytes] = set()
    default = _read_config(out, config, lambda split, table: measures[split].add(table, digests))
    bank_tables: list[pa.Table] = []
    bank = _read_config(out, bank_config, lambda split, table: bank_tables.append(table.select(list(_BANK_LABELS))))
    splits = list(default["splits"])
    labels = {split: _labels(config, measures[split].labels, _LABELS) for split in splits}
    everything = pa.concat_tables(labels.values())
    bank_labels = _labels(bank_config, bank_tables, _BANK_LABELS)

    def joined(name: str) -> np.ndarray:
        return np.concatenate([np.zeros(0, dtype=np.int64), *(v for s in splits for v in getattr(measures[s], name))])

    by_source = _by_split(labels, "source", set(build_stats["sources"]))
    by_type = _by_split(labels, "entity_type", set())
    funnel = _funnel(out, build_stats, by_source)
    reasons: dict[str, int] = {}
    for entry in funnel:
        for reason, count in entry["rejected"]:
            if reason not in _DECLARED:
                raise CardError(f"{STATS_NAME}: reason {reason!r} is not declared in build/reasons.py")
            reasons[reason] = reasons.get(reason, 0) + count
    decontamination = _decontamination(build_stats, reasons)
    kinds = _pair_counts(everything.column("entity_type"), _kind_or_dash(everything.column("entity_kind")))
    replacements = _value_counts(everything.column("num_replacements"))
    total = everything.num_rows
    context_words = joined("context_words")
    named = bank_labels.filter(pc.fill_null(pc.not_equal(bank_labels.column("entity_kind"), ""), False))
    derived = _derived_statistics(out)
    return {
        **derived,
        "total": total,
        "inputs_total": sum(entry["total"] for entry in funnel),
        "splits": default["splits"],
        "split_names": splits,
        "bank_splits": bank["splits"],
        "by_source": by_source,
        "mrqa_sources": [source for source in by_source if source.startswith("mrqa_")],
        "by_type": by_type,
        "type_totals": {t: sum(counts.values()) for t, counts in by_type.items()},
        "kinds": _by_count(kinds)[:15],
        "num_kinds": len(kinds),
        "funnel": funnel,
        "reasons": _by_count(reasons),
        "decontamination": decontamination,
        "context_chars": quantiles(joined("context_chars")),
        "context_words": quantiles(context_words),
        "context_word_lengths": context_words.tolist(),
        "answer_chars": quantiles(joined("answer_chars")),
        "answer_words": quantiles(joined("answer_words")),
        "unique_contexts": len(digests),
        "replacements": sorted(replacements.items()),
        "replacements_mean": sum(k * v for k, v in replacements.items()) / total if total else 0.0,
        "bank_total": bank_labels.num_rows,
        "bank_by_type": dict(sorted(_value_counts(bank_labels.column("entity_type")).items())),
        "bank_kinds": len(_pair_counts(named.column("entity_type"), named.column("entity_kind"))),
        "example": stored_example(default["first_row"]) if default["first_row"] is not None else None,
        "reader_example": reader_example(default["first_row"]) if default["first_row"] is not None else None,
        "baselines": baseline_scores(out, [split for split in splits if default["splits"][split]["num_examples"]]),
        "reason_descriptions": {reason: Reason(reason).description for reason in reasons},
        "manifest": manifest,
        "build_stats": build_stats,
    }


def _derived_statistics(out: Path) -> dict[str, Any]:
    """The statistics of the configs derived from `default`: `guardrail` rows per split, label and entity
    type; `spans` rows per split, those with spans, the spans and their lengths. A build made before these
    configs existed has none (empty statistics; the card leaves them out)."""
    if not (out / fqa.CONFIGS_BY_NAME["guardrail"].data_subdir).is_dir():
        return {"guardrail_splits": {}, "spans_splits": {}}
    guardrail_counts: dict[str, dict[tuple[str, str], int]] = {}

    def count_guardrail(split: str, table: pa.Table) -> None:
        counts = guardrail_counts.setdefault(split, {})
        types = pc.struct_field(table.column("meta"), "entity_type")
        for key, n in _pair_counts(table.column("label"), types).items():
            counts[key] = counts.get(key, 0) + n

    spans_counts: dict[str, dict[str, int]] = {}
    span_lengths: list[int] = []

    def count_spans(split: str, table: pa.Table) -> None:
        counts = spans_counts.setdefault(split, {"rows": 0, "with_spans": 0, "spans": 0})
        for labels in table.column("hallucination_labels").to_pylist():
            counts["rows"] += 1
            counts["with_spans"] += bool(labels)
            counts["spans"] += len(labels)
            span_lengths.extend(label["end"] - label["start"] for label in labels)

    guardrail = _read_config(out, fqa.CONFIGS_BY_NAME["guardrail"], count_guardrail)
    spans = _read_config(out, fqa.CONFIGS_BY_NAME["spans"], count_spans)
    by_label = {
        split: {
            label: sum(n for (lab, _), n in guardrail_counts.get(split, {}).items() if lab == label)
            for label in ("PASS", "FAIL")
        }
        for split in guardrail["splits"]
    }
    by_type = {
        split: {
            t: [guardrail_counts[split].get(("PASS", t), 0), guardrail_counts[split].get(("FAIL", t), 0)]
            for t in sorted({t for _, t in guardrail_counts.get(split, {})})
        }
        for split in guardrail["splits"]
    }
    return {
        "guardrail_splits": guardrail["splits"],
        "guardrail_by_label": by_label,
        "guardrail_by_type": by_type,
        "spans_splits": spans["splits"],
        "spans_counts": {
            split: spans_counts.get(split, {"rows": 0, "with_spans": 0, "spans": 0}) for split in spans["splits"]
        },
        "span_chars": quantiles(np.asarray(span_lengths, dtype=np.int64)),
    }
