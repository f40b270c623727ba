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

from ..release.configs import DERIVED, GUARDRAIL, SPANS
from ..release.configs.base import share as _share
from ..release.read_back import read_rows
from ..text import normalize_answer
from .predictions import BASELINES, EvaluationError, baseline_predictions, read_predictions

__all__ = ["BASELINES", "EvaluationError", "dataset_folder", "evaluate", "per_type_table", "scorers"]

# --- answers --------------------------------------------------------------------------------------------------


def exact_match(prediction: str, gold: str) -> bool:
    return normalize_answer(prediction) == normalize_answer(gold)


def f1(prediction: str, gold: str) -> float:
    """SQuAD v1.1's token F1."""
    pred, ref = normalize_answer(prediction).split(), normalize_answer(gold).split()
    common = sum((collections.Counter(pred) & collections.Counter(ref)).values())
    if not pred or not ref:
        return float(pred == ref)
    if common == 0:
        return 0.0
    precision, recall = common / len(pred), common / len(ref)
    return 2 * precision * recall / (precision + recall)


# --- metrics per config ---------------------------------------------------------------------------------------


def original_answers(row: Mapping[str, Any]) -> list[str]:
    """Every form of the original gold: the source's gold answers, the gold answer (or alias) that matched, and
    the swapped entity itself, each once."""
    forms = [*row["original_answers"]["text"], row["matched_answer"], row["original_entity"]]
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
    """config -> its scoring function: `default` here, every derived config its own (build/release/configs)."""
    return {"default": score_default, **{name: derived.score for name, derived in DERIVED.items()}}


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
        if config != "default":
            raise EvaluationError("the baselines answer questions: they score the default config only")
        bank = (row for _, row in read_rows(str(folder), "entity_bank"))
        predictions = baseline_predictions(baseline, rows, bank)
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


def baseline_scores(out: Path, splits: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """The evaluator's reference predictors on every non-empty split of `default`: {baseline: {split: metrics}},
    as `evaluate --baseline` scores them; each split and the bank are read once. The card shows them
    (build/release/card_stats.py takes this function)."""
    bank = [row for _, row in read_rows(str(out), "entity_bank")]
    scores: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in BASELINES}
    for split in splits:
        rows = [row for _, row in read_rows(str(out), "data", split)]
        for name in BASELINES:
            scores[name][split] = score_default(rows, baseline_predictions(name, rows, bank))
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
