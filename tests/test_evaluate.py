"""The evaluator: every metric on small hand-made cases with exact numbers, gold predictions, the
baselines, bad prediction files, the command, and the span metric on real RAGTruth labels."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fqa_build.checks.evaluate import (
    EvaluationError,
    evaluate,
    exact_match,
    f1,
    normalize_answer,
    score_default,
    score_guardrail,
    score_spans,
)
from fqa_build.checks.predictions import read_predictions
from fqa_build.cli import main
from fqa_build.release.read_back import read_rows

from .conftest import require_shared

RAGTRUTH = Path(__file__).resolve().parents[2] / "shared" / "data" / "ragtruth"


def test_squad_answer_normalisation_and_token_f1():
    assert normalize_answer("The  Denver Broncos!") == "denver broncos"
    assert exact_match("the Broncos", "Broncos") and not exact_match("Broncos", "Denver Broncos")
    assert f1("Denver Broncos", "the Broncos") == pytest.approx(2 / 3)
    assert f1("", "") == 1.0 and f1("x", "") == 0.0


def _default_row(i, new, original, original_golds=None):
    return {
        "id": f"d{i}",
        "answers": {"text": [new]},
        "original_answers": {"text": original_golds or [original]},
        "matched_answer": original,
        "original_entity": original,
    }


def test_default_metrics():
    rows = [
        _default_row(0, "Lyon", "Paris"),
        _default_row(1, "1901", "1899"),
        _default_row(2, "Ada Byron", "Marie Curie"),
    ]
    predictions = {"d0": "Lyon", "d1": "1899", "d2": "Ada Lovelace"}  # faithful, parametric, neither
    assert score_default(rows, predictions) == {
        "exact_match": 0.333333,
        "f1": 0.5,  # 1 + 0 + 0.5 (one token of two in common) over 3
        "parametric_rate": 0.333333,
        "memorization_ratio": 0.5,  # 1 parametric / (1 faithful + 1 parametric)
        "n": 3,
    }
    gold = {row["id"]: row["answers"]["text"][0] for row in rows}
    assert score_default(rows, gold) == {
        "exact_match": 1.0,
        "f1": 1.0,
        "parametric_rate": 0.0,
        "memorization_ratio": 0.0,
        "n": 3,
    }
    original = {row["id"]: row["matched_answer"] for row in rows}
    assert score_default(rows, original)["memorization_ratio"] == 1.0


def test_every_form_of_the_original_gold_counts_as_parametric():
    rows = [
        _default_row(0, "more than 80,000", "70,000", ["more than 70,000", "70,000"]),
        _default_row(1, "fifth place", "third", ["third place"]),
        _default_row(2, "Lyon", "Paris"),
        _default_row(3, "1901", "1899"),
    ]
    # two faithful, two parametric in forms neither `matched_answer` nor `original_entity` is
    predictions = {"d0": "More than 70,000.", "d1": "the third place", "d2": "Lyon", "d3": "1901"}
    scores = score_default(rows, predictions)
    assert (scores["memorization_ratio"], scores["parametric_rate"], scores["exact_match"]) == (0.5, 0.5, 0.5)


def test_memorization_is_one_half_on_mixed_predictions_per_type_too(sample_build, tmp_path):
    """In each entity type, rows answered in turn with the new gold and with the last form of the original gold
    (the odd one out of a type answers neither): exactly 0.5 overall and per type, through the command's call."""
    import faithfulness_qa as fqa

    rows = [row for _, row in read_rows(str(sample_build.out), fqa.CONFIGS_BY_NAME["default"].data_subdir, "train")]
    by_type: dict[str, list] = {}
    for row in sorted(rows, key=lambda r: r["id"]):
        by_type.setdefault(row["entity_type"], []).append(row)
    lines = []
    for group in by_type.values():
        for turn, row in enumerate(group):
            if turn == len(group) - 1 and len(group) % 2:
                answer = "no such answer"
            else:
                answer = row["answers"]["text"][0] if turn % 2 == 0 else row["original_answers"]["text"][-1]
            lines.append(json.dumps({"id": row["id"], "prediction": answer}))
    result = evaluate(sample_build.out, "default", "train", _write(tmp_path, lines), per_type=True)
    assert result["memorization_ratio"] == 0.5
    assert {t: s["memorization_ratio"] for t, s in result["per_type"].items()} == {
        t: 0.5 if len(group) > 1 else None for t, group in by_type.items()
    }


def test_guardrail_metrics():
    rows = [{"id": str(i), "label": label} for i, label in enumerate(["FAIL", "FAIL", "FAIL", "PASS", "PASS"])]
    predictions = {"0": "FAIL", "1": "FAIL", "2": "PASS", "3": "PASS", "4": "FAIL"}
    assert score_guardrail(rows, predictions) == {
        "balanced_accuracy": 0.583333,  # (2/3 + 1/2) / 2
        "recall_fail": 0.666667,
        "specificity_pass": 0.5,
        "n": 5,
    }
    gold = {row["id"]: row["label"] for row in rows}
    assert score_guardrail(rows, gold) == {
        "balanced_accuracy": 1.0,
        "recall_fail": 1.0,
        "specificity_pass": 1.0,
        "n": 5,
    }


def _span(start, end):
    return {"start": start, "end": end}


def test_span_metrics():
    rows = [
        {"id": "a", "hallucination_labels": [_span(0, 10)]},
        {"id": "b", "hallucination_labels": [_span(5, 9)]},
        {"id": "c", "hallucination_labels": []},
    ]
    # a: 5 of 10 characters found; b: missed; c: a false span of 4 characters
    predictions = {"a": [_span(5, 15)], "b": [], "c": [_span(0, 4)]}
    assert score_spans(rows, predictions) == {
        "example_precision": 0.5,  # a (true) and c (false) are predicted positive
        "example_recall": 0.5,  # a found, b missed
        "example_f1": 0.5,
        "span_precision": 0.357143,  # 5 of 14 predicted characters
        "span_recall": 0.357143,  # 5 of 14 gold characters
        "span_f1": 0.357143,
        "n": 3,
    }
    gold = {row["id"]: row["hallucination_labels"] for row in rows}
    assert set(score_spans(rows, gold).values()) == {1.0, 3}


def _write(tmp_path, lines) -> Path:
    path = tmp_path / "predictions.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_bad_predictions_file_is_refused_with_every_problem(tmp_path):
    path = _write(
        tmp_path,
        [
            '{"id": "a", "label": "PASS"}',
            '{"id": "a", "label": "PASS"}',
            '{"id": "zzz", "label": "PASS"}',
            '{"id": "b", "label": "maybe"}',
            "not json",
            '{"label": "PASS"}',
        ],
    )
    with pytest.raises(EvaluationError) as error:
        read_predictions(path, "guardrail", ["a", "b", "c"])
    message = str(error.value)
    for part in (
        "duplicate id: 1 (line 2: 'a')",
        "unknown id: 1 (line 3: 'zzz')",
        "wrong type: 1 (line 4: label is not PASS or FAIL)",
        "not JSON: 1 (line 5:",
        "not an object with a string id and 'label': 1 (line 6)",
        "missing id: 1 ('c')",
    ):
        assert part in message, part
    spans = _write(tmp_path, ['{"id": "a", "hallucination_labels": [{"start": 3, "end": 1}]}'])
    with pytest.raises(EvaluationError, match="end < start"):
        read_predictions(spans, "spans", ["a"])


def _gold_file(tmp_path, rows, key) -> Path:
    return _write(tmp_path, [json.dumps({"id": row["id"], key: row[value]}) for row, value in rows])


@pytest.mark.parametrize(
    "config, key, value",
    [
        ("default", "prediction", None),
        ("guardrail", "label", "label"),
        ("spans", "hallucination_labels", "hallucination_labels"),
    ],
)
def test_gold_predictions_score_1_on_the_sample_build(sample_build, tmp_path, config, key, value):
    import faithfulness_qa as fqa

    rows = [row for _, row in read_rows(str(sample_build.out), fqa.CONFIGS_BY_NAME[config].data_subdir, "train")]
    lines = [json.dumps({"id": r["id"], key: r["answers"]["text"][0] if value is None else r[value]}) for r in rows]
    result = evaluate(sample_build.out, config, "train", _write(tmp_path, lines), per_type=True)
    scores = {k: v for k, v in result.items() if k not in ("n", "per_type", "parametric_rate", "memorization_ratio")}
    assert set(scores.values()) == {1.0} and result["n"] == len(rows)
    if config == "default":
        assert (result["parametric_rate"], result["memorization_ratio"]) == (0.0, 0.0)
    assert sum(t["n"] for t in result["per_type"].values()) == len(rows)


def test_baselines_and_the_command(sample_build, capsys):
    assert main(["evaluate", str(sample_build.out), "--split", "train", "--baseline", "original"]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (line["memorization_ratio"], line["parametric_rate"], line["exact_match"]) == (1.0, 1.0, 0.0)
    assert (
        main(["evaluate", str(sample_build.out), "--split", "train", "--baseline", "first-bank-entity", "--per-type"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[0])["n"] == sample_build.stats["splits"]["train"]
    assert out[1].startswith("| entity type | exact_match | f1 |")
    assert main(["evaluate", str(sample_build.out), "--config", "spans", "--baseline", "original"]) == 2
    assert (
        "config 'spans' has no baseline 'original'; choose from diff, bag-of-words, reader" in capsys.readouterr().err
    )


def test_evaluate_a_hub_repo_at_its_tag(sample_build, tmp_path, monkeypatch):
    import huggingface_hub.constants

    from fqa_build.publish.push import push_release

    from .hub_server import HubServer

    monkeypatch.setenv("HF_HUB_DISABLE_XET", "1")
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_DISABLE_XET", True)
    with HubServer() as hub:
        monkeypatch.setenv("HF_ENDPOINT", hub.endpoint)
        monkeypatch.setenv("HF_TOKEN", hub.token)
        release = tmp_path / "release"  # a copy: the push renders the card for its repo, the shared build stays
        shutil.copytree(sample_build.out, release)
        push_release(release, "acme/fqa", "v0.1.0", endpoint=hub.endpoint, token=hub.token)
        code = main(
            [
                "evaluate",
                "acme/fqa",
                "--revision",
                "v0.1.0",
                "--split",
                "dev",
                "--baseline",
                "original",
                "--cache-dir",
                str(tmp_path / "hub-cache"),
            ]
        )
        assert hub.unhandled == []
    assert code == 0


@pytest.mark.slow
@pytest.mark.real_data
def test_span_metric_on_real_ragtruth_labels():
    require_shared(RAGTRUTH)
    rows = []
    for name in ("attest_fixture/response.jsonl", "redeep_llama2_7b_test/response.jsonl"):
        for line in (RAGTRUTH / name).read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            rows.append({"id": f"{name}:{item['id']}", "hallucination_labels": item["labels"]})
    gold = {row["id"]: row["hallucination_labels"] for row in rows}
    assert set(score_spans(rows, gold).values()) == {1.0, len(rows)}
    empty = score_spans(rows, {row["id"]: [] for row in rows})
    assert (empty["example_recall"], empty["span_recall"], empty["example_precision"]) == (0.0, 0.0, 0.0)
    assert (empty["span_precision"], empty["example_f1"], empty["span_f1"]) == (0.0, 0.0, 0.0)
    # a hand-computed partial case: the first labelled response, its first span cut to its first half
    first = next(row for row in rows if row["hallucination_labels"])
    span = first["hallucination_labels"][0]
    half = (span["end"] - span["start"]) // 2
    gold_chars = len({i for label in first["hallucination_labels"] for i in range(label["start"], label["end"])})
    partial = score_spans([first], {first["id"]: [{"start": span["start"], "end": span["start"] + half}]})
    assert partial["span_precision"] == 1.0 and partial["span_recall"] == round(half / gold_chars, 6)
    assert partial["example_f1"] == 1.0
