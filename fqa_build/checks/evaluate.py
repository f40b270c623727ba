"""Scoring predictions on the three configs with the protocols people report.

- `default`: SQuAD exact match and F1 against the new answer, the share of predictions that give the original
  answer (`parametric_rate`) and the memorization ratio of Longpre et al. 2021: parametric / (faithful +
  parametric). A prediction is faithful when it matches any form of the new gold (`answers`), parametric when
  it matches none of those and any form of the original gold (`original_answers`, the gold answer that matched,
  the swapped entity), each after SQuAD's normalisation.
- `guardrail`: balanced accuracy of PASS/FAIL labels, recall on FAIL, specificity on PASS.
- `spans`: the RAGTruth protocol: example-level precision, recall and F1 (an example is positive when it has any
  span) and character-overlap span precision, recall and F1 over all examples.

Predictions are JSONL, one object per line: `{id, prediction}`, `{id, label}` or `{id, hallucination_labels}`.
A bad file (not JSONL, unknown, missing or duplicate ids, wrong types) is refused with one error listing every
kind of problem (counts and the first few); nothing is scored then.
"""

from __future__ import annotations

import collections
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import faithfulness_qa as fqa
from fqa_build.checks.predictions import EvaluationError, read_predictions
from fqa_build.release.baselines import DEFAULT_BASELINES, Baseline, BaselineInputs
from fqa_build.release.configs import DERIVED, GUARDRAIL, SPANS
from fqa_build.release.configs.base import share as _share
from fqa_build.release.read_back import read_rows
from fqa_build.text import exact_match, f1, normalize_answer

__all__ = [
    "exact_match",
    "f1",
    "normalize_answer",
    "EvaluationError",
    "baseline_names",
    "baselines_of",
    "dataset_folder",
    "evaluate",
    "per_type_table",
    "scorers",
]

# --- answers --------------------------------------------------------------------------------------------------


# --- metrics per config ---------------------------------------------------------------------------------------


def original_answers(row: Mapping[str, Any]) -> list[str]:
    """Every form of the original gold: the source's gold answers, the gold answer (or alias) that matched, and
    the swapped entity itself, each once."""
    golds = (row.get("original_answers") or {}).get("text") or []
    forms = [*golds, row["matched_answer"], row["original_entity"]]
    return list(dict.fromkeys(forms))


def score_default(rows: Sequence[Mapping[str, Any]], predictions: Mapping[str, Any]) -> dict[str, Any]:
    em = f1_sum = faithful = parametric = 0.0
    for row in rows:
        prediction = predictions[row["id"]]
        golds = row["answers"]["text"]
        is_faithful = any(exact_match(prediction, g) for g in golds)
        em += is_faithful
        f1_sum += max((f1(prediction, g) for g in golds), default=0.0)
        faithful += is_faithful
        parametric += (not is_faithful) and any(exact_match(prediction, g) for g in original_answers(row))
    n = len(rows)
    return {
        "exact_match": _share(em, n),
        "f1": _share(f1_sum, n),
        "parametric_rate": _share(parametric, n),
        "memorization_ratio": _share(parametric, faithful + parametric),
        "n": n,
    }


def scorers() -> dict[str, Any]:
    """config -> its scoring function: `default` here, every derived config its own (fqa_build/release/configs)."""
    return {"default": score_default, **{name: derived.score for name, derived in DERIVED.items()}}


def baselines_of(config: str) -> dict[str, Baseline]:
    """The reference predictors of a config, by name."""
    return dict(DEFAULT_BASELINES) if config == "default" else dict(DERIVED[config].baselines)


def baseline_names() -> list[str]:
    """Every reference predictor's name, of any config (the command's choices)."""
    return sorted({name for config in scorers() for name in baselines_of(config)})


#: the scorers of the derived configs, under the names tests and users know them by
score_guardrail = GUARDRAIL.score
score_spans = SPANS.score


# --- the command ----------------------------------------------------------------------------------------------


def _type_of(config: str, row: Mapping[str, Any]) -> str:
    return row["entity_type"] if config == "default" else DERIVED[config].type_of(row)


def evaluate(
    folder: str | Path,
    config: str,
    split: str,
    predictions_file: str | Path | None = None,
    baseline: str | None = None,
    per_type: bool = False,
) -> dict[str, Any]:
    """The metrics of `config`/`split` of a built folder for a predictions file or a baseline (and, with
    `per_type`, the same per entity type under "per_type")."""
    score = scorers()
    if config not in score:
        raise EvaluationError(f"unknown config {config!r}; choose from {', '.join(score)}")
    spec = fqa.CONFIGS_BY_NAME[config]
    if split not in spec.splits:
        raise EvaluationError(f"config {config!r} has no split {split!r}; choose from {', '.join(spec.splits)}")
    rows = [row for _, row in read_rows(str(folder), spec.data_subdir, split)]
    if not rows:
        held = "no rows" if any(Path(folder).glob(fqa.shard_pattern(spec, split))) else "no shards"
        raise EvaluationError(f"{folder}: {config}/{split} has {held}: nothing to score")
    if (predictions_file is None) == (baseline is None):
        raise EvaluationError("give either --predictions or --baseline")
    if baseline is not None:
        known = baselines_of(config)
        if baseline not in known:
            raise EvaluationError(f"config {config!r} has no baseline {baseline!r}; choose from {', '.join(known)}")
        predictions = known[baseline](rows, BaselineInputs(Path(folder)))
    else:
        predictions = read_predictions(predictions_file, config, [row["id"] for row in rows])
    result = score[config](rows, predictions)
    if per_type:
        groups: dict[str, list] = collections.defaultdict(list)
        for row in rows:
            groups[_type_of(config, row)].append(row)
        result["per_type"] = {t: score[config](group, predictions) for t, group in sorted(groups.items())}
    return result


def dataset_folder(dataset: str, config: str, split: str, revision: str | None, cache_dir: str | None) -> Path:
    """A local build folder as given, or the shards of `config`/`split` (and the entity bank) of a Hub
    dataset repo downloaded at `revision`."""
    if Path(dataset).is_dir():
        return Path(dataset)
    import os

    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import HFValidationError

    spec = fqa.CONFIGS_BY_NAME.get(config)
    patterns = [fqa.shard_pattern(spec, split), "entity_bank/*.parquet"] if spec else None
    what = "not a folder" if Path(dataset).exists() else "no such folder"
    try:
        return Path(
            snapshot_download(
                dataset,
                repo_type="dataset",
                revision=revision,
                allow_patterns=patterns,
                cache_dir=cache_dir,
                endpoint=os.environ.get("HF_ENDPOINT"),  # read now, not at import (the default would be fixed then)
            )
        )
    except HFValidationError:
        raise EvaluationError(f"{dataset}: {what}, and not a Hub repo id either (ORG/NAME)") from None
    except (OSError, ValueError) as error:  # the Hub's HTTP errors and "not in the local cache" are OSErrors
        first = (str(error).strip().splitlines() or [type(error).__name__])[0][:160]
        at = f" at revision {revision}" if revision else ""
        raise EvaluationError(
            f"{dataset}: {what}, and the Hub could not serve it as a dataset repo{at} ({type(error).__name__}: {first})"
        ) from None


#: the reference predictor the card scores on the `test` split only (it parses every passage: seconds a hundred)
SLOW_BASELINES = frozenset({"reader"})


def baseline_scores(out: Path, splits: list[str]) -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
    """The reference predictors of every config the folder holds, on each of its non-empty `splits` (the reader
    on `test` alone): {config: {baseline: {split: metrics}}}, as `evaluate --baseline` scores them; each split
    is read once. The card shows them (fqa_build/release/card_stats.py takes this function)."""
    inputs = BaselineInputs(Path(out))
    scores: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
    score = scorers()
    for config in score:
        spec = fqa.CONFIGS_BY_NAME[config]
        if not (Path(out) / spec.data_subdir).is_dir():
            continue
        scores[config] = {name: {} for name in baselines_of(config)}
        for split in (s for s in spec.splits if s in splits):
            rows = [row for _, row in read_rows(str(out), spec.data_subdir, split)]
            if not rows:
                continue
            for name, predict in baselines_of(config).items():
                if name in SLOW_BASELINES and split != "test":
                    continue
                scores[config][name][split] = score[config](rows, predict(rows, inputs))
    return scores


def per_type_table(result: Mapping[str, Any]) -> str:
    """The per-type metrics as a Markdown table."""
    types = result.get("per_type", {})
    if not types:
        return ""
    names = [k for k in next(iter(types.values()))]
    lines = ["| entity type | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for t, metrics in types.items():
        lines.append(f"| {t} | " + " | ".join("" if metrics[k] is None else f"{metrics[k]:.4g}" for k in names) + " |")
    return "\n".join(lines)
