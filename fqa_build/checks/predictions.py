"""Predictions to score (fqa_build/checks/evaluate.py): a JSONL file checked against the gold split (the reference
predictors are fqa_build/release/baselines.py and each derived config's own)."""

from __future__ import annotations

import collections
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: the key a prediction of `default` carries (a derived config names its own: fqa_build/release/configs)
DEFAULT_KEY = "prediction"
#: problems shown per kind in an error
SHOWN = 5


class EvaluationError(ValueError):
    """A predictions file or a request that cannot be scored; the message lists what is wrong."""


def _prediction_key(config: str) -> str:
    from fqa_build.release.configs import DERIVED

    return DEFAULT_KEY if config == "default" else DERIVED[config].prediction_key


def _type_problem(config: str, value: Any) -> str | None:
    if config == "default":
        return None if isinstance(value, str) else "prediction is not a string"
    from fqa_build.release.configs import DERIVED

    return DERIVED[config].prediction_problem(value)


def read_predictions(path: str | Path, config: str, ids: Sequence[str]) -> dict[str, Any]:
    """id -> prediction from a JSONL file, checked against the ids of the gold split; EvaluationError listing
    every problem (by kind: count and the first few) where any."""
    key = _prediction_key(config)
    problems: dict[str, list[str]] = collections.defaultdict(list)
    found: dict[str, Any] = {}
    mentioned: set[str] = set()
    known = set(ids)
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise EvaluationError(f"{path}: cannot read the predictions ({error})") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            problems["not JSON"].append(f"line {number}: {error.msg}")
            continue
        if not isinstance(item, Mapping) or not isinstance(item.get("id"), str) or key not in item:
            problems[f"not an object with a string id and {key!r}"].append(f"line {number}")
            continue
        row_id = item["id"]
        mentioned.add(row_id)
        if row_id not in known:
            problems["unknown id"].append(f"line {number}: {row_id!r}")
        elif row_id in found:
            problems["duplicate id"].append(f"line {number}: {row_id!r}")
        elif (problem := _type_problem(config, item[key])) is not None:
            problems["wrong type"].append(f"line {number}: {problem}")
        else:
            found[row_id] = item[key]
    missing = [repr(i) for i in ids if i not in mentioned]
    if missing:
        problems["missing id"] = missing
    if problems:
        listed = "; ".join(
            f"{kind}: {len(items)} ({', '.join(items[:SHOWN])}{', ...' if len(items) > SHOWN else ''})"
            for kind, items in problems.items()
        )
        raise EvaluationError(f"{path}: predictions not scored: {listed}")
    return found
