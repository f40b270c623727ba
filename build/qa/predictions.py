"""Predictions to score (build/qa/evaluate.py): a JSONL file checked against the gold split, or a reference
predictor's answers."""

from __future__ import annotations

import collections
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

#: the key a prediction of `default` carries (a derived config names its own: build/release/configs)
DEFAULT_KEY = "prediction"
_WORD_RUN = re.compile(r"\w+")
BASELINES = ("original", "copy-first-entity")
#: problems shown per kind in an error
SHOWN = 5


class EvaluationError(ValueError):
    """A predictions file or a request that cannot be scored; the message lists what is wrong."""


def _prediction_key(config: str) -> str:
    from ..release.configs import DERIVED

    return DEFAULT_KEY if config == "default" else DERIVED[config].prediction_key


def _type_problem(config: str, value: Any) -> str | None:
    if config == "default":
        return None if isinstance(value, str) else "prediction is not a string"
    from ..release.configs import DERIVED

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


def baseline_predictions(name: str, rows: Sequence[Mapping[str, Any]], bank: Iterable[Mapping[str, Any]]) -> dict:
    """Predictions of a reference predictor on `default`: `original` always answers the original answer;
    `copy-first-entity` the first bank entity of the answer's type in the context (the earliest whole-word
    occurrence; the longest there)."""
    if name == "original":
        return {row["id"]: row["matched_answer"] for row in rows}
    if name != "copy-first-entity":
        raise EvaluationError(f"unknown baseline {name!r}; choose from {', '.join(BASELINES)}")
    from ..text import find_whole_word

    # an entity occurs as a whole word only where its first run of word characters is a whole run of the
    # context's (the boundaries are the same \w test), so each row checks only the entities indexed under its
    # runs: the same predictions as checking the whole bank, in time linear in the context
    by_run: dict[tuple[str, str], list[str]] = collections.defaultdict(list)
    for entry in bank:
        first = _WORD_RUN.search(entry["entity"])
        by_run[(entry["entity_type"], first.group() if first else "")].append(entry["entity"])
    predictions = {}
    for row in rows:
        best = None
        runs = {"", *_WORD_RUN.findall(row["context"])}
        for run in sorted(runs):
            for entity in by_run.get((row["entity_type"], run), ()):
                hit = next(find_whole_word(row["context"], entity, ignore_case=False), None)
                if hit is not None and (best is None or (hit[0], -len(entity)) < (best[0], -len(best[1]))):
                    best = (hit[0], entity)
        predictions[row["id"]] = best[1] if best else ""
    return predictions
