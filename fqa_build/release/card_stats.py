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

import faithfulness_qa as fqa
from fqa_build.read.formats import source_name
from fqa_build.reasons import Reason
from fqa_build.release.card_example import reader_example, stored_example
from fqa_build.release.card_measures import char_counts, quantiles, word_counts
from fqa_build.release.parquet import MANIFEST_NAME, STATS_NAME
from fqa_build.release.read_back import CardError, pair_counts, read_config

_LABELS = ("source", "entity_type", "entity_kind", "num_replacements", "replacement_entity")
_BANK_LABELS = ("entity_type", "entity_kind", "entity")


_DECLARED = frozenset(r.value for r in Reason)


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


def _kind_or_dash(kinds: pa.Array | pa.ChunkedArray) -> pa.Array | pa.ChunkedArray:
    """The entity kinds with a missing one (null or empty) shown as "-"."""
    return pc.if_else(pc.fill_null(pc.equal(kinds, ""), True), "-", kinds)


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


def _reason_rules(build_stats: dict[str, Any], reasons: dict[str, int]) -> dict[str, list[tuple[str, int]]]:
    """{reason: [(rule, questions), ...]}: the swap rules that rejected questions for each reason, most first,
    over every source (a reason no rule gave, a failed match or draw, has none)."""
    counts: dict[str, dict[str, int]] = {}
    for numbers in build_stats["sources"].values():
        for reason, rules in numbers.get("rejected_by_rule", {}).items():
            for name, count in rules.items():
                counts.setdefault(reason, {})[name] = counts.get(reason, {}).get(name, 0) + count
    for reason, rules in counts.items():
        if sum(rules.values()) > reasons.get(reason, 0):
            raise CardError(f"{STATS_NAME}: the rules of `{reason}` reject more questions than the funnel counts")
    return {reason: _by_count(rules) for reason, rules in sorted(counts.items())}


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


def _drawn_by_type(rows: pa.Table, bank: pa.Table) -> dict[str, tuple[int, int]]:
    """{entity type: (rows whose replacement is an entity of the bank of that type, rows)}: the rest were
    composed or made (a composed name, a shifted date, a made value), not drawn."""
    banked = set(zip(bank.column("entity_type").to_pylist(), bank.column("entity").to_pylist(), strict=True))
    counts: dict[str, list[int]] = {}
    pairs = zip(rows.column("entity_type").to_pylist(), rows.column("replacement_entity").to_pylist(), strict=True)
    for entity_type, replacement in pairs:
        count = counts.setdefault(entity_type, [0, 0])
        count[0] += (entity_type, replacement) in banked
        count[1] += 1
    return {t: (c[0], c[1]) for t, c in sorted(counts.items(), key=lambda item: (-item[1][1], item[0]))}


def _by_split(labels: dict[str, pa.Table], name: str, keys: set) -> dict[Any, dict[str, int]]:
    """{value: {split: count}} of column `name`, for the values of `keys` and those in the column, sorted."""
    counts = {split: _value_counts(table.column(name)) for split, table in labels.items()}
    values = keys.union(*(split_counts.keys() for split_counts in counts.values()))
    return {value: {split: counts[split].get(value, 0) for split in labels} for value in sorted(values)}


#: the reference predictors' scores the card shows: (folder, non-empty splits) -> {baseline: {split: metrics}}
#: (fqa_build/checks/evaluate.py `baseline_scores`, handed in: the evaluator comes after the release)
BaselineScores = Callable[[Path, list[str]], dict[str, dict[str, dict[str, Any]]]]


def collect_statistics(out: Path, baselines: BaselineScores) -> dict[str, Any]:
    """Everything the card states, recounted from the Parquet of `out` and its `build_stats.json`, and the
    reference predictors scored by `baselines` on every non-empty split."""
    try:
        build_stats = json.loads((out / STATS_NAME).read_text(encoding="utf-8"))
        manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise CardError(f"{out}: not a build folder ({error.filename} missing)") from None
    config, bank_config = fqa.CONFIGS_BY_NAME["default"], fqa.CONFIGS_BY_NAME["entity_bank"]
    measures = {split: _SplitMeasures() for split in config.splits}
    digests: set[bytes] = set()
    windows = [0]

    def visit(split: str, table: pa.Table) -> None:
        measures[split].add(table, digests)
        if "context_start" in table.column_names:
            windows[0] += table.num_rows - table.column("context_start").null_count

    default = read_config(out, config, visit)
    bank_tables: list[pa.Table] = []
    bank = read_config(out, bank_config, lambda split, table: bank_tables.append(table.select(list(_BANK_LABELS))))
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
                raise CardError(f"{STATS_NAME}: reason {reason!r} is not declared in fqa_build/reasons.py")
            reasons[reason] = reasons.get(reason, 0) + count
    reason_rules = _reason_rules(build_stats, reasons)
    decontamination = _decontamination(build_stats, reasons)
    kinds = pair_counts(everything.column("entity_type"), _kind_or_dash(everything.column("entity_kind")))
    replacements = _value_counts(everything.column("num_replacements"))
    total = everything.num_rows
    context_words = joined("context_words")
    named = bank_labels.filter(pc.fill_null(pc.not_equal(bank_labels.column("entity_kind"), ""), False))
    derived = _derived_statistics(out)
    return {
        **derived,
        "total": total,
        "windowed": fqa.written_config(out, config) is not config,
        "windows": windows[0],
        "inputs_total": sum(entry["total"] for entry in funnel),
        "splits": default["splits"],
        "split_names": splits,
        "bank_splits": bank["splits"],
        "by_source": by_source,
        "by_type": by_type,
        "type_totals": {t: sum(counts.values()) for t, counts in by_type.items()},
        "kinds": _by_count(kinds)[:15],
        "num_kinds": len(kinds),
        "funnel": funnel,
        "reasons": _by_count(reasons),
        "reason_rules": reason_rules,
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
        "bank_kinds": len(pair_counts(named.column("entity_type"), named.column("entity_kind"))),
        "bank_with_kind": named.num_rows,
        "drawn_by_type": _drawn_by_type(everything, bank_labels),
        "example": stored_example(default["first_row"]) if default["first_row"] is not None else None,
        "reader_example": reader_example(default["first_row"]) if default["first_row"] is not None else None,
        "baselines": baselines(out, [split for split in splits if default["splits"][split]["num_examples"]]),
        "reason_descriptions": {reason: Reason(reason).description for reason in reasons},
        "manifest": manifest,
        "build_stats": build_stats,
    }


def _derived_statistics(out: Path) -> dict[str, Any]:
    """{"derived": name -> statistics} of every registered config derived from `default` that the folder holds
    (a build made before a config existed has none of it; the card leaves it out)."""
    from fqa_build.release.configs import DERIVED

    return {
        "derived": {
            name: derived.statistics(out)
            for name, derived in DERIVED.items()
            if (out / derived.config.data_subdir).is_dir()
        }
    }
