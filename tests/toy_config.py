"""A toy derived config in one file: `answer_types`, one row a sample asking for the entity type of
its answer. Registered by tests/test_extensions.py for one test and removed after; nothing else in the project
names it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import datasets

import faithfulness_qa as fqa
from fqa_build.release.configs import DerivedConfig
from fqa_build.release.derived import by_hash
from fqa_build.release.read_back import read_config

FEATURES = datasets.Features(
    {"id": datasets.Value("string"), "question": datasets.Value("string"), "entity_type": datasets.Value("string")}
)
CONFIG = fqa.FaithfulnessQAConfig(
    name="answer_types",
    version=datasets.Version(fqa.VERSION),
    description="The entity type of each sample's answer.",
    features=FEATURES,
    splits=("train", "dev", "test"),
    data_subdir="answer_types",
)


def derive(samples_by_split, entities) -> dict[str, list[dict[str, Any]]]:
    return {
        split: by_hash(
            "answer_types",
            ({"id": f"{s.id}-type", "question": s.question, "entity_type": s.entity_type} for s in samples),
        )
        for split, samples in samples_by_split.items()
    }


def statistics(out: Path) -> dict[str, Any]:
    return {"splits": read_config(out, CONFIG, lambda split, table: None)["splits"]}


def score(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    right = sum(predictions[row["id"]] == row["entity_type"] for row in rows)
    return {"accuracy": round(right / len(rows), 6) if rows else None, "n": len(rows)}


ANSWER_TYPES = DerivedConfig(
    config=CONFIG,
    derive=derive,
    statistics=statistics,
    card_section=(
        "**`answer_types`**: the entity type of each sample's answer.\n\n{{ fields_table }}\n\n"
        "{% for split, info in d.splits.items() %}{{ split }}: {{ info.num_examples }} rows. {% endfor %}"
    ),
    score=score,
    prediction_key="entity_type",
    prediction_problem=lambda value: None if isinstance(value, str) else "entity_type is not a string",
    type_of=lambda row: row["entity_type"],
    fields={"id": "`<default id>-type`", "question": "the question", "entity_type": "the answer's entity type"},
)
