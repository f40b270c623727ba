"""`spans`: RAGTruth-style span labels derived from each sample (the original answer's sentence, every mention
of the original entity marked as contradicted by the counterfactual context, and its clean twin); its card
section, statistics and the RAGTruth scores of span predictions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

import faithfulness_qa as fqa
from fqa_build.release.baselines import by_ids, context_of, diff_spans, names, reader_answers, unknown_word_spans
from fqa_build.release.card_measures import quantiles
from fqa_build.release.configs.base import DerivedConfig, SamplesBySplit, f1_of, register_derived, share
from fqa_build.release.derived import by_hash, spans_rows
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.read_back import read_config


def derive(samples_by_split: SamplesBySplit, entities: PassageEntities) -> dict[str, list[dict[str, Any]]]:
    """Split -> rows: two rows a sample, ordered by a stable hash."""
    return {s: by_hash("spans", (r for x in xs for r in spans_rows(x, entities))) for s, xs in samples_by_split.items()}


def statistics(out: Path) -> dict[str, Any]:
    """Rows, rows with spans and spans per split; span lengths in characters."""
    counts: dict[str, dict[str, int]] = {}
    lengths: list[int] = []

    def count(split: str, table: pa.Table) -> None:
        found = counts.setdefault(split, {"rows": 0, "with_spans": 0, "spans": 0})
        for labels in table.column("hallucination_labels").to_pylist():
            found["rows"] += 1
            found["with_spans"] += bool(labels)
            found["spans"] += len(labels)
            lengths.extend(label["end"] - label["start"] for label in labels)

    splits = read_config(out, fqa.CONFIGS_BY_NAME["spans"], count)["splits"]
    return {
        "splits": splits,
        "counts": {split: counts.get(split, {"rows": 0, "with_spans": 0, "spans": 0}) for split in splits},
        "span_chars": quantiles(np.asarray(lengths, dtype=np.int64)),
    }


def _chars(labels: Iterable[Mapping[str, Any]]) -> set[int]:
    return {i for label in labels for i in range(int(label["start"]), int(label["end"]))}


def score(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    """RAGTruth's protocol: example level (any span) and character overlap, summed over all examples."""
    tp = fp = fn = 0
    overlap = predicted_chars = gold_chars = 0
    for row in rows:
        gold, predicted = _chars(row["hallucination_labels"]), _chars(predictions[row["id"]])
        tp += bool(gold) and bool(predicted)
        fp += not gold and bool(predicted)
        fn += bool(gold) and not predicted
        overlap += len(gold & predicted)
        predicted_chars += len(predicted)
        gold_chars += len(gold)
    # nothing predicted (or nothing to find) scores 0, as detectors are usually scored (zero_division=0)
    example_precision, example_recall = share(tp, tp + fp, 0.0), share(tp, tp + fn, 0.0)
    span_precision, span_recall = share(overlap, predicted_chars, 0.0), share(overlap, gold_chars, 0.0)
    return {
        "example_precision": example_precision,
        "example_recall": example_recall,
        "example_f1": f1_of(example_precision, example_recall),
        "span_precision": span_precision,
        "span_recall": span_recall,
        "span_f1": f1_of(span_precision, span_recall),
        "n": len(rows),
    }


def prediction_problem(value: Any) -> str | None:
    """What is wrong with a predicted list of spans (None: nothing)."""
    if not isinstance(value, list):
        return "hallucination_labels is not a list"
    for label in value:
        if not isinstance(label, Mapping) or not all(
            isinstance(label.get(k), int) and not isinstance(label.get(k), bool) for k in ("start", "end")
        ):
            return "a hallucination label lacks integer start and end"
        if label["start"] < 0 or label["end"] < label["start"]:
            return "a hallucination label has start < 0 or end < start"
    return None


CARD_SECTION = """\
**`spans`**: RAGTruth-style span labels. `output` answers the question in a short sentence ("The answer is ..."); the hallucinated row states a wrong answer, labelled as a span (`label_type` `Evident Conflict`, character offsets into `output`): the original answer, or (by a stable hash, where the passage names one) another entity of the answer's type that the passage names; its clean twin states the context's answer and has no span. A word diff against the passage (`diff` below) finds the original answer but not an entity the passage names, and flags the sentence's own words in every row: it cannot tell the rows apart.

{{ fields_table }}

| split | rows | with spans | spans |
|---|---:|---:|---:|
{% for split, counts in d.counts.items() %}
| {{ split }} | {{ counts.rows|int }} | {{ counts.with_spans|int }} | {{ counts.spans|int }} |
{% endfor %}

Span length in characters: median {{ d.span_chars.p50 }}, 95th percentile {{ d.span_chars.p95 }}, maximum {{ d.span_chars.p100 }}.
"""  # noqa: E501 (a card paragraph is one line)


def _whole_output_unless_it_names(rows, answers) -> list[list[dict[str, int]]]:
    return [
        [] if names(r["output"], a) else [{"start": 0, "end": len(r["output"])}]
        for r, a in zip(rows, answers, strict=True)
    ]


BASELINES = {
    "diff": lambda rows, inputs: by_ids(rows, [diff_spans(r["output"], r["context"]) for r in rows]),
    "bag-of-words": lambda rows, inputs: by_ids(rows, [unknown_word_spans(r["output"], r["context"]) for r in rows]),
    "reader": lambda rows, inputs: by_ids(
        rows, _whole_output_unless_it_names(rows, reader_answers(rows, context_of, question="query"))
    ),
}


def row_problem(row: Mapping[str, Any]) -> str | None:
    """Each span's text is the output at its offsets; a hallucinated row has a span, its clean twin none."""
    labels = row["hallucination_labels"]
    if any(row["output"][label["start"] : label["end"]] != label["text"] for label in labels):
        return "a span's text is not the output at its offsets"
    if bool(labels) != row["id"].endswith("-hallucinated"):
        return "a hallucinated row without a span, or a clean one with one"
    return None


SPANS = register_derived(
    DerivedConfig(
        config=fqa.CONFIGS_BY_NAME["spans"],
        derive=derive,
        statistics=statistics,
        card_section=CARD_SECTION,
        score=score,
        prediction_key="hallucination_labels",
        prediction_problem=prediction_problem,
        baselines=BASELINES,
        row_problem=row_problem,
    )
)
