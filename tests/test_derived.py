"""The configs derived from `default`: `guardrail` and `spans`, on a hand-made sample and on the
bundled sample's build."""

from __future__ import annotations

from collections import Counter

import datasets
import pytest

import faithfulness_qa as fqa
from build.release.derived import answer_regions, guardrail_rows, nested_slices, spans_rows
from build.release.read_back import read_rows
from build.types import Sample

ORIGINAL = "Stanford won in 1891. Later, Stanford Stadium opened. It was large."
NEW = "Harvard won in 1891. Later, Harvard Stadium opened. It was large."


def sample(**changes) -> Sample:
    fields = dict(
        id="squad-q1",
        source="squad",
        source_id="q1",
        title="T",
        question="Which stadium opened later?",
        context=NEW,
        answers={"text": ["Harvard Stadium"], "answer_start": [28]},
        original_context=ORIGINAL,
        original_answers={"text": ["Stanford Stadium"], "answer_start": [29]},
        original_entity="Stanford",
        replacement_entity="Harvard",
        entity_type="ORG",
        entity_kind="university",
        entity_shape="ORG|Cap",
        match_strategy="exact",
        matched_answer="Stanford Stadium",
        num_replacements=2,
        replaced_spans=[{"start": 0, "end": 7}, {"start": 28, "end": 35}],
        original_spans=[{"start": 0, "end": 8}, {"start": 29, "end": 37}],
        required_gender=None,
        policy="context_v8",
        similarity=None,
        aliases_excluded=0,
        evidence_title=None,
        window_score=None,
    )
    return Sample(**(fields | changes))


def test_answer_regions_extend_to_the_whole_gold_answer():
    assert answer_regions(sample()) == ((28, 43), (29, 45))
    assert NEW[28:43] == "Harvard Stadium" and ORIGINAL[29:45] == "Stanford Stadium"


def test_guardrail_rows():
    rows = guardrail_rows(sample())
    assert [(r["id"], r["label"], r["failure_mode"], r["response"]) for r in rows] == [
        ("squad-q1-pass-short", "PASS", None, "Harvard Stadium"),
        ("squad-q1-fail-short", "FAIL", "parametric_answer", "Stanford Stadium"),
        ("squad-q1-pass-sentence", "PASS", None, "Later, Harvard Stadium opened."),
        ("squad-q1-fail-sentence", "FAIL", "parametric_answer", "Later, Stanford Stadium opened."),
    ]
    assert all(r["context"] == NEW and r["task_type"] == "QA" and r["question"] == sample().question for r in rows)
    assert rows[0]["meta"] == {
        "source": "squad",
        "source_id": "q1",
        "entity_type": "ORG",
        "entity_kind": "university",
        "default_id": "squad-q1",
    }


def test_spans_rows():
    hallucinated, clean = spans_rows(sample())
    assert hallucinated["id"] == "squad-q1-hallucinated" and clean["id"] == "squad-q1-clean"
    assert hallucinated["output"] == "Later, Stanford Stadium opened."
    assert hallucinated["hallucination_labels"] == [
        {"start": 7, "end": 15, "text": "Stanford", "label_type": "Evident Conflict"}
    ]
    for label in hallucinated["hallucination_labels"]:
        assert hallucinated["output"][label["start"] : label["end"]] == label["text"]
    assert (clean["output"], clean["hallucination_labels"]) == ("Later, Harvard Stadium opened.", [])
    assert hallucinated["context"] == clean["context"] == NEW and hallucinated["query"] == sample().question


def _rows(default_id: str, entity_type: str) -> list[dict]:
    return [
        {
            "id": f"{default_id}-{label}-{form}",
            "label": label.upper(),
            "meta": {"default_id": default_id, "entity_type": entity_type},
        }
        for label in ("pass", "fail")
        for form in ("short", "sentence")
    ]


def test_nested_slices_are_nested_balanced_and_stratified():
    train = [row for i in range(30) for row in _rows(f"d{i}", "DATE" if i < 20 else "PERSON")]
    slices = nested_slices(train, (10, 40, 1000))
    assert [len(slices[n]) for n in (10, 40, 1000)] == [10, 40, 120]
    assert slices[10] == slices[40][:10] and slices[40] == slices[1000][:40]
    for rows in slices.values():
        assert Counter(r["label"] for r in rows)["PASS"] == len(rows) // 2
    types = Counter(r["meta"]["entity_type"] for r in slices[40])
    assert types == {"DATE": 28, "PERSON": 12} or abs(types["DATE"] / 40 - 2 / 3) < 0.1


def test_the_sample_build_s_derived_configs(sample_build):
    out = str(sample_build.out)
    default = {split: {row["id"] for s, row in read_rows(out) if s == split} for split in ("train", "dev", "test")}
    guardrail = list(read_rows(out, "guardrail"))
    spans = list(read_rows(out, "spans"))
    for split in ("train", "dev", "test"):
        rows = [row for s, row in guardrail if s == split]
        assert {row["meta"]["default_id"] for row in rows} == default[split]  # nothing crosses splits
        assert len(rows) == 4 * len(default[split])
        by_type = Counter((row["meta"]["entity_type"], row["label"]) for row in rows)
        assert all(by_type[(t, "PASS")] == by_type[(t, "FAIL")] for t, _ in by_type)
        twins = [row for s, row in spans if s == split]
        assert {row["meta"]["default_id"] for row in twins} == default[split] and len(twins) == 2 * len(default[split])
    slices = [[row["id"] for s, row in guardrail if s == f"train_{n}"] for n in fqa.GUARDRAIL_SLICES]
    train_ids = {row["id"] for s, row in guardrail if s == "train"}
    assert set(slices[0]) <= set(slices[1]) <= set(slices[2]) <= train_ids
    for _, row in spans:
        for label in row["hallucination_labels"]:
            assert (
                row["output"][label["start"] : label["end"]] == label["text"]
                and label["label_type"] == "Evident Conflict"
            )
        assert bool(row["hallucination_labels"]) == row["id"].endswith("-hallucinated")


@pytest.mark.parametrize("name, features", [("guardrail", fqa.GUARDRAIL_FEATURES), ("spans", fqa.SPANS_FEATURES)])
def test_derived_configs_load_typed_with_datasets(sample_build, tmp_path, name, features):
    loaded = datasets.load_dataset(str(sample_build.out), name, cache_dir=str(tmp_path / "cache"))
    assert sorted(loaded) == sorted(fqa.CONFIGS_BY_NAME[name].splits)
    assert all(loaded[split].features == features for split in loaded)
