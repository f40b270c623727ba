"""`multiple_choice`: four choices a sample, the context's answer, the original answer and two other entities of
the answer's type (from the passage where it names them, else from the bank), in an order drawn from a stable
hash; scored by accuracy and by how often the original answer is chosen."""

from __future__ import annotations

import collections
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa

import faithfulness_qa as fqa
from fqa_build.hashing import stable_int
from fqa_build.release.baselines import by_ids, names, reader_answers, word_share
from fqa_build.release.configs.base import DerivedConfig, SamplesBySplit, register_derived, share
from fqa_build.release.derived import by_hash, gold_forms, meta, original_answer
from fqa_build.release.passage_entities import PassageEntities, grounded_rivals, names_a_form
from fqa_build.release.read_back import read_config
from fqa_build.text import normalize_answer
from fqa_build.types import Sample

CHOICES = 4


def distractors(sample: Sample, entities: PassageEntities, wanted: int = CHOICES - 2) -> tuple[list[str], int]:
    """`wanted` wrong choices of the answer's type and how many came from the passage: the entities the passage
    names (`grounded_rivals`) in an order a stable hash draws, then the bank's entities of the answer's kind (of
    its type where the kind has few), walked from a place a stable hash draws. Fewer where the bank runs out."""
    forms = [*gold_forms(sample), original_answer(sample), sample.original_entity, *sample.original_answers["text"]]
    rivals = sorted(grounded_rivals(sample, entities), key=lambda r: (stable_int("choice", sample.id, r), r))
    chosen = rivals[:wanted]
    from_passage = len(chosen)
    pool = entities.of_kind(sample.entity_type, sample.entity_kind)
    start = stable_int("choice-bank", sample.id) % len(pool) if pool else 0
    for step in range(len(pool)):
        if len(chosen) == wanted:
            break
        entity = pool[(start + step) % len(pool)]
        if names_a_form(entity, [*forms, *chosen]):
            continue
        chosen.append(entity)
    return chosen, from_passage


def multiple_choice_rows(sample: Sample, entities: PassageEntities) -> list[dict[str, Any]]:
    """One row, or none where fewer than two distractors can be found."""
    wrong, from_passage = distractors(sample, entities)
    if len(wrong) < CHOICES - 2:
        return []
    right, original = gold_forms(sample)[0], original_answer(sample)
    if normalize_answer(right) == normalize_answer(original):
        return []
    choices = sorted([right, original, *wrong], key=lambda c: (stable_int("order", sample.id, c), c))
    return [
        {
            "id": f"{sample.id}-choice",
            "question": sample.question,
            "context": sample.context,
            "choices": choices,
            "label": choices.index(right),
            "original_choice": choices.index(original),
            "meta": meta(sample),
        }
    ]


def derive(samples_by_split: SamplesBySplit, entities: PassageEntities) -> dict[str, list[dict[str, Any]]]:
    """Split -> rows: one row a sample with two distractors, ordered by a stable hash."""
    return {
        s: by_hash("multiple_choice", (r for x in xs for r in multiple_choice_rows(x, entities)))
        for s, xs in samples_by_split.items()
    }


def score(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    """`accuracy`, and `original_rate`: predictions that choose the original answer."""
    right = sum(predictions[row["id"]] == row["label"] for row in rows)
    original = sum(predictions[row["id"]] == row["original_choice"] for row in rows)
    return {"accuracy": share(right, len(rows)), "original_rate": share(original, len(rows)), "n": len(rows)}


def statistics(out: Path) -> dict[str, Any]:
    """Rows per split, and where the context's answer sits among the choices."""
    positions: collections.Counter = collections.Counter()

    def count(split: str, table: pa.Table) -> None:
        positions.update(table.column("label").to_pylist())

    splits = read_config(out, fqa.CONFIGS_BY_NAME["multiple_choice"], count)["splits"]
    return {"splits": splits, "positions": [positions.get(i, 0) for i in range(CHOICES)]}


def _first_named(row: Mapping[str, Any]) -> int:
    return next((i for i, c in enumerate(row["choices"]) if names(row["context"], c)), 0)


def _most_words(row: Mapping[str, Any]) -> int:
    shares = [word_share(c, row["context"]) for c in row["choices"]]
    return shares.index(max(shares))


def _reader_choice(row: Mapping[str, Any], answer: str) -> int:
    return next((i for i, c in enumerate(row["choices"]) if names(answer, c) or names(c, answer)), _first_named(row))


def _prediction_problem(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < CHOICES:
        return None
    return f"label is not an index 0-{CHOICES - 1}"


BASELINES = {
    "substring": lambda rows, inputs: by_ids(rows, [_first_named(r) for r in rows]),
    "bag-of-words": lambda rows, inputs: by_ids(rows, [_most_words(r) for r in rows]),
    "original": lambda rows, inputs: by_ids(rows, [r["original_choice"] for r in rows]),
    "reader": lambda rows, inputs: by_ids(
        rows,
        [_reader_choice(r, a) for r, a in zip(rows, reader_answers(rows, lambda r: r["context"]), strict=True)],
    ),
}

CARD_SECTION = """\
**`multiple_choice`**: four choices a question: the context's answer, the original answer (right in the world, wrong for this context), and two other entities of the answer's type, taken from the passage where it names them and from the entity bank otherwise, in an order drawn from a stable hash of the id. `label` is the index of the context's answer, `original_choice` that of the original one; a prediction is an index, scored by `accuracy` and `original_rate` (how often the original answer was chosen). A sample with fewer than two such entities is left out.

{{ fields_table }}

| split | rows |
|---|---:|
{% for split, info in d.splits.items() %}
| {{ split }} | {{ info.num_examples|int }} |
{% endfor %}

The context's answer is choice 0, 1, 2, 3 in {{ d.positions|join(", ") }} rows.
"""  # noqa: E501 (a card paragraph is one line)


def row_problem(row: Mapping[str, Any]) -> str | None:
    """Four distinct choices; the context's answer and the original one at two different indices."""
    keys = {normalize_answer(c) for c in row["choices"]}
    if len(row["choices"]) != CHOICES or len(keys) != CHOICES:
        return f"not {CHOICES} distinct choices"
    if row["label"] == row["original_choice"] or not all(
        0 <= i < CHOICES for i in (row["label"], row["original_choice"])
    ):
        return "label and original_choice are not two indices of the choices"
    return None


MULTIPLE_CHOICE = register_derived(
    DerivedConfig(
        config=fqa.CONFIGS_BY_NAME["multiple_choice"],
        derive=derive,
        statistics=statistics,
        card_section=CARD_SECTION,
        score=score,
        prediction_key="label",
        prediction_problem=_prediction_problem,
        baselines=BASELINES,
        row_problem=row_problem,
    )
)
