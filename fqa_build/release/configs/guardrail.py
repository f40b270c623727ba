"""`guardrail`: context-adherence judgements derived from each sample (a PASS response states the context's
answer, a FAIL response the original one), with nested training slices; its card section, statistics and the
scores of PASS/FAIL predictions (balanced accuracy, recall on FAIL, specificity on PASS)."""

from __future__ import annotations

import collections
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

import faithfulness_qa as fqa
from fqa_build.release.baselines import BAG_OF_WORDS_SHARE, by_ids, context_of, names, reader_answers, word_share
from fqa_build.release.configs.base import DerivedConfig, SamplesBySplit, register_derived, share
from fqa_build.release.derived import by_hash, guardrail_rows, nested_slices
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.read_back import pair_counts, read_config


def derive(samples_by_split: SamplesBySplit, entities: PassageEntities) -> dict[str, list[dict[str, Any]]]:
    """Split -> rows: four rows a sample, ordered by a stable hash; `train_<n>` the nested training slices."""
    rows = {
        s: by_hash("guardrail", (r for x in xs for r in guardrail_rows(x, entities)))
        for s, xs in samples_by_split.items()
    }
    for size, sliced in nested_slices(rows["train"], fqa.GUARDRAIL_SLICES).items():
        rows[f"train_{size}"] = sliced
    return rows


def statistics(out: Path) -> dict[str, Any]:
    """Rows per split, PASS and FAIL per split, and PASS and FAIL per entity type of each split."""
    counts: dict[str, dict[tuple[str, str], int]] = {}

    def count(split: str, table: pa.Table) -> None:
        found = counts.setdefault(split, {})
        types = pc.struct_field(table.column("meta"), "entity_type")
        for key, n in pair_counts(table.column("label"), types).items():
            found[key] = found.get(key, 0) + n

    splits = read_config(out, fqa.CONFIGS_BY_NAME["guardrail"], count)["splits"]
    by_label = {
        split: {label: sum(n for (lab, _), n in counts.get(split, {}).items() if lab == label) for label in LABELS}
        for split in splits
    }
    by_type = {
        split: {
            t: [counts[split].get(("PASS", t), 0), counts[split].get(("FAIL", t), 0)]
            for t in sorted({t for _, t in counts.get(split, {})})
        }
        for split in splits
    }
    return {"splits": splits, "by_label": by_label, "by_type": by_type}


LABELS = ("PASS", "FAIL")


def score(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    """Balanced accuracy of PASS/FAIL labels, recall on FAIL, specificity on PASS."""
    counts = collections.Counter((row["label"], predictions[row["id"]]) for row in rows)
    recall_fail = share(counts[("FAIL", "FAIL")], counts[("FAIL", "FAIL")] + counts[("FAIL", "PASS")])
    specificity_pass = share(counts[("PASS", "PASS")], counts[("PASS", "PASS")] + counts[("PASS", "FAIL")])
    known = [v for v in (recall_fail, specificity_pass) if v is not None]
    return {
        "balanced_accuracy": round(sum(known) / len(known), 6) if known else None,
        "recall_fail": recall_fail,
        "specificity_pass": specificity_pass,
        "n": len(rows),
    }


CARD_SECTION = """\
**`guardrail`**: context-adherence judgements. From each sample, a `PASS` response that states the context's answer and a `FAIL` response that states the original answer (right in the world, wrong for this context: `failure_mode` `parametric_answer`), both phrased as the same short sentence ("The answer is ..."); where the passage names another entity of the answer's type, also a short `PASS` (the answer in one of its gold forms) and a short `FAIL` naming that entity (`grounded_rival`: its words are the passage's, its claim is wrong). So every label has as many responses that are words of the passage as the other, and a test of whether the response is in the passage (`substring` below) scores exactly 50% balanced accuracy: a detector has to read the question. Exactly half of every split and entity type is `PASS`. `train_250`, `train_1000` and `train_4000` are nested training slices (each inside the next, stratified by entity type and label) for data-efficiency curves; a slice not smaller than `train` is left out (it would be `train` again).

{{ fields_table }}

| split | rows | PASS | FAIL |
|---|---:|---:|---:|
{% for split, info in d.splits.items() %}
| {{ split }} | {{ info.num_examples|int }} | {{ d.by_label[split].PASS|int }} | {{ d.by_label[split].FAIL|int }} |
{% endfor %}

| entity type | train PASS | train FAIL |
|---|---:|---:|
{% for type, counts in d.by_type.train.items() %}
| {{ type }} | {{ counts[0]|int }} | {{ counts[1]|int }} |
{% endfor %}
"""  # noqa: E501 (a card paragraph is one line)


def _verdicts(supported: list[bool]) -> list[str]:
    return ["PASS" if ok else "FAIL" for ok in supported]


BASELINES = {
    "substring": lambda rows, inputs: by_ids(rows, _verdicts([names(r["context"], r["response"]) for r in rows])),
    "bag-of-words": lambda rows, inputs: by_ids(
        rows, _verdicts([word_share(r["response"], r["context"]) >= BAG_OF_WORDS_SHARE for r in rows])
    ),
    "reader": lambda rows, inputs: by_ids(
        rows,
        _verdicts(
            [names(r["response"], answer) for r, answer in zip(rows, reader_answers(rows, context_of), strict=True)]
        ),
    ),
}


def row_problem(row: Mapping[str, Any]) -> str | None:
    """A PASS has no failure mode, a FAIL a known one; a response is never empty."""
    modes = {"PASS": {None}, "FAIL": {"parametric_answer", "grounded_rival"}}
    if row["failure_mode"] not in modes.get(row["label"], set()):
        return f"label {row['label']} with failure mode {row['failure_mode']}"
    return None if row["response"].strip() else "empty response"


GUARDRAIL = register_derived(
    DerivedConfig(
        config=fqa.CONFIGS_BY_NAME["guardrail"],
        derive=derive,
        statistics=statistics,
        card_section=CARD_SECTION,
        score=score,
        prediction_key="label",
        prediction_problem=lambda value: None if value in LABELS else "label is not PASS or FAIL",
        repeated_split=lambda split: split.startswith("train_"),
        baselines=BASELINES,
        row_problem=row_problem,
    )
)
