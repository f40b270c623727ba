"""The configs derived from the `default` samples, labelled by construction: `guardrail` (a PASS
response states the context's answer, a FAIL response the original one) and `spans` (the original answer's
sentence, with every mention of the original entity marked as contradicted by the counterfactual context, and
its clean twin). Each row stays in its sample's split; rows are ordered by a stable hash of their id."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from ..hashing import stable_int
from ..sentences import sentences_around
from ..types import Sample

TASK_TYPE = "QA"
CONFLICT = "Evident Conflict"
FAILURE_MODE = "parametric_answer"


def _meta(sample: Sample) -> dict[str, Any]:
    return {
        "source": sample.source,
        "source_id": sample.source_id,
        "entity_type": sample.entity_type,
        "entity_kind": sample.entity_kind,
        "default_id": sample.id,
    }


def answer_regions(sample: Sample) -> tuple[tuple[int, int], tuple[int, int]]:
    """(the new answer's span in `context`, the original answer's span in `original_context`): the rewritten
    region at the answer's start and the original region it replaced, each extended by the words the gold
    answer says beyond the entity ("Stanford Stadium" for "Stanford")."""
    start = sample.answers["answer_start"][0]
    text = sample.answers["text"][0]
    pairs = list(zip(sample.replaced_spans, sample.original_spans, strict=True))
    new, old = next(((n, o) for n, o in pairs if n["start"] == start), pairs[0])
    extra = start + len(text) - new["end"]
    return (start, start + len(text)), (old["start"], old["end"] + max(0, extra))


def guardrail_rows(sample: Sample) -> list[dict[str, Any]]:
    """Four rows: PASS and FAIL, each as the short answer and as the answer's sentence (of the new context for
    PASS, of the original context for FAIL)."""
    (new_lo, new_hi), (old_lo, old_hi) = answer_regions(sample)
    new_sentence = sentences_around(sample.context, new_lo, new_hi)
    old_sentence = sentences_around(sample.original_context, old_lo, old_hi)
    responses = (
        ("pass", "short", sample.context[new_lo:new_hi]),
        ("fail", "short", sample.original_context[old_lo:old_hi]),
        ("pass", "sentence", sample.context[slice(*new_sentence)]),
        ("fail", "sentence", sample.original_context[slice(*old_sentence)]),
    )
    return [
        {
            "id": f"{sample.id}-{label}-{form}",
            "task_type": TASK_TYPE,
            "question": sample.question,
            "context": sample.context,
            "response": response,
            "label": label.upper(),
            "failure_mode": FAILURE_MODE if label == "fail" else None,
            "meta": _meta(sample),
        }
        for label, form, response in responses
    ]


def spans_rows(sample: Sample) -> list[dict[str, Any]]:
    """Two rows: the original answer's sentence, every mention of the original entity in it a span, and the
    same sentence of the counterfactual context, with none."""
    (new_lo, new_hi), (old_lo, old_hi) = answer_regions(sample)
    lo, hi = sentences_around(sample.original_context, old_lo, old_hi)
    output = sample.original_context[lo:hi]
    labels = [
        {"start": s["start"] - lo, "end": s["end"] - lo, "text": output[s["start"] - lo : s["end"] - lo]}
        for s in sample.original_spans
        if lo <= s["start"] and s["end"] <= hi
    ]
    clean = sample.context[slice(*sentences_around(sample.context, new_lo, new_hi))]
    base = {"query": sample.question, "context": sample.context, "task_type": TASK_TYPE, "meta": _meta(sample)}
    return [
        {
            "id": f"{sample.id}-hallucinated",
            **base,
            "output": output,
            "hallucination_labels": [{**label, "label_type": CONFLICT} for label in labels],
        },
        {"id": f"{sample.id}-clean", **base, "output": clean, "hallucination_labels": []},
    ]


def by_hash(config: str, rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows ordered by a stable hash of (config, id): no RNG, the same order on every machine."""
    return sorted(rows, key=lambda row: (stable_int(config, row["id"]), row["id"]))


def nested_slices(train: list[dict[str, Any]], sizes: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """Training slices of `guardrail`, each the first `size` rows of one order (so each smaller slice lies
    inside the larger ones), stratified by entity type and label: samples interleaved across types in
    proportion to their counts (a sample's rank in its type, over the type's size), each sample's rows as
    PASS/FAIL pairs. A slice larger than `train` is all of it."""
    by_sample: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in train:
        by_sample[row["meta"]["default_id"]].append(row)
    by_type: dict[str, list[str]] = defaultdict(list)
    for default_id, rows in by_sample.items():
        by_type[rows[0]["meta"]["entity_type"]].append(default_id)
    keyed = []
    for ids in by_type.values():
        ids.sort(key=lambda i: (stable_int("slice", i), i))
        keyed += [((rank + 0.5) / len(ids), stable_int("slice", i), i) for rank, i in enumerate(ids)]
    order = [row for *_, i in sorted(keyed) for row in _paired(by_sample[i])]
    return {size: order[:size] for size in sizes}


def _paired(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A sample's rows as PASS/FAIL pairs: short pass, short fail, sentence pass, sentence fail."""
    rank = {"pass-short": 0, "fail-short": 1, "pass-sentence": 2, "fail-sentence": 3}
    return sorted(rows, key=lambda row: rank[row["id"].rsplit("-", 2)[-2] + "-" + row["id"].rsplit("-", 1)[-1]])
