"""A config derived from the `default` samples is one `DerivedConfig`, registered once: its features (the
`faithfulness_qa` config it registers), how its rows are derived, what the card counts and says of it, and how
predictions on it are checked and scored. The build writes, the card describes, `validate` checks and
`evaluate` scores every registered one (tests/toy_config.py adds one in a single file)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import faithfulness_qa as fqa
from fqa_build.release.baselines import Baseline
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.types import Sample

#: split -> samples of `default` (train, dev, test)
SamplesBySplit = Mapping[str, list[Sample]]


@dataclass(frozen=True)
class DerivedConfig:
    """One config derived from `default`."""

    config: fqa.FaithfulnessQAConfig  # name, features, splits, data_subdir: what the Hub and `datasets` see
    #: split -> rows, for every split, from the samples and the bank's entities of each passage
    derive: Callable[[SamplesBySplit, PassageEntities], dict[str, list[dict[str, Any]]]]
    statistics: Callable[[Path], dict[str, Any]]  # what the card counts of it, read back from the written folder
    card_section: str  # Jinja2 source of its card section, rendered with `d` (its statistics) and `repo_id`
    score: Callable[[Sequence[Mapping[str, Any]], Mapping[str, Any]], dict[str, Any]]  # rows, id -> prediction
    prediction_key: str  # the key of a prediction in a predictions file line
    prediction_problem: Callable[[Any], str | None]  # what is wrong with one prediction value (None: nothing)
    #: splits whose rows repeat another split's (nested training slices): left out of the id uniqueness check
    repeated_split: Callable[[str], bool] = field(default=lambda split: False)
    #: the entity type of a row (per-type scores)
    type_of: Callable[[Mapping[str, Any]], str] = field(default=lambda row: row["meta"]["entity_type"])
    #: what each field means (the card's table), for a config `faithfulness_qa` does not define itself
    fields: Mapping[str, str] = field(default_factory=dict)
    #: what is wrong with one of its rows (None: nothing): `validate` reports each such row under `derived_row`
    row_problem: Callable[[Mapping[str, Any]], str | None] = field(default=lambda row: None)
    #: its reference predictors, by name (fqa_build/release/baselines.py): the card scores each on every split
    baselines: Mapping[str, Baseline] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.config.name


DERIVED: dict[str, DerivedConfig] = {}


def share(part: float, whole: float, empty: float | None = None) -> float | None:
    """part / whole to 6 places (`empty` where whole is 0): every rate the scorers report."""
    return round(part / whole, 6) if whole else empty


def f1_of(precision: float | None, recall: float | None) -> float | None:
    """The harmonic mean of two rates (None where either is unknown, 0.0 where both are 0)."""
    if precision is None or recall is None:
        return None
    return round(2 * precision * recall / (precision + recall), 6) if precision + recall else 0.0


def not_a_string(value: Any) -> str | None:
    """What is wrong with a prediction that should be a string (None: nothing)."""
    return None if isinstance(value, str) else "prediction is not a string"


def spans_misplaced(text: str, answers: Mapping[str, Sequence[Any]]) -> str | None:
    """What is wrong with SQuAD-style `answers` over `text` (None: each text is at its offset)."""
    if len(answers["text"]) != len(answers["answer_start"]):
        return "answers has a different number of texts and offsets"
    for answer, start in zip(answers["text"], answers["answer_start"], strict=True):
        if text[start : start + len(answer)] != answer:
            return f"answer {answer!r} is not at offset {start}"
    return None


def register_derived(derived: DerivedConfig) -> DerivedConfig:
    """Register a derived config (and its `faithfulness_qa` config, where that does not hold it yet)."""
    if derived.name in DERIVED:
        raise ValueError(f"derived config {derived.name} is already registered")
    if derived.name not in fqa.CONFIGS_BY_NAME:
        fqa.register_config(derived.config, dict(derived.fields))
    DERIVED[derived.name] = derived
    return derived


def unregister_derived(name: str) -> None:
    """Remove a derived config and its `faithfulness_qa` config (tests that add a toy one restore the registry)."""
    del DERIVED[name]
    fqa.unregister_config(name)
