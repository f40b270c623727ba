"""The configs derived from `default`: `guardrail` and `spans`, on a hand-made sample and on the
bundled sample's build."""

from __future__ import annotations

from collections import Counter

import datasets
import pytest

import faithfulness_qa as fqa
from fqa_build.checks.evaluate import score_guardrail
from fqa_build.release.baselines import diff_spans, names
from fqa_build.release.derived import answer_regions, guardrail_rows, nested_slices, spans_rows
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.read_back import read_rows
from fqa_build.types import Sample

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


NO_BANK = PassageEntities([])
#: a bank that knows a rival of the answer: "Yale", an ORG the counterfactual context names
BANK = PassageEntities([{"entity": "Yale", "entity_type": "ORG"}, {"entity": "Harvard", "entity_type": "ORG"}])
RIVAL_NEW = "Harvard won in 1891 against Yale. Later, Harvard Stadium opened. It was large."
RIVAL_ORIGINAL = "Stanford won in 1891 against Yale. Later, Stanford Stadium opened. It was large."


def rival_sample() -> Sample:
    return sample(
        context=RIVAL_NEW,
        original_context=RIVAL_ORIGINAL,
        answers={"text": ["Harvard Stadium"], "answer_start": [41]},
        original_answers={"text": ["Stanford Stadium"], "answer_start": [42]},
        replaced_spans=[{"start": 0, "end": 7}, {"start": 41, "end": 48}],
        original_spans=[{"start": 0, "end": 8}, {"start": 42, "end": 50}],
    )


def test_guardrail_rows_without_a_rival_are_one_phrased_pair():
    rows = guardrail_rows(sample(), NO_BANK)
    assert [(r["id"], r["label"], r["failure_mode"], r["response"]) for r in rows] == [
        ("squad-q1-pass-sentence", "PASS", None, "The answer is Harvard Stadium."),
        ("squad-q1-fail-sentence", "FAIL", "parametric_answer", "The answer is Stanford Stadium."),
    ]
    assert all(r["context"] == NEW and r["task_type"] == "QA" and r["question"] == sample().question for r in rows)
    assert rows[0]["meta"] == {
        "source": "squad",
        "source_id": "q1",
        "entity_type": "ORG",
        "entity_kind": "university",
        "default_id": "squad-q1",
    }


def test_guardrail_rows_with_a_rival_add_a_short_pair_grounded_in_the_passage():
    rows = guardrail_rows(rival_sample(), BANK)
    assert RIVAL_NEW[41:56] == "Harvard Stadium"
    assert [(r["id"], r["label"], r["failure_mode"], r["response"]) for r in rows] == [
        ("squad-q1-pass-short", "PASS", None, "Harvard Stadium"),  # a gold form (the hash picks it of two)
        ("squad-q1-fail-short", "FAIL", "grounded_rival", "Yale"),
        ("squad-q1-pass-sentence", "PASS", None, "The answer is Harvard Stadium."),
        ("squad-q1-fail-sentence", "FAIL", "parametric_answer", "The answer is Stanford Stadium."),
    ]
    # the substring test is right on half of each label: exactly 0.5 balanced accuracy
    in_passage = [names(RIVAL_NEW, r["response"]) for r in rows]
    assert in_passage == [True, True, False, False]


def test_spans_rows_phrase_a_wrong_answer_and_its_clean_twin():
    hallucinated, clean = spans_rows(sample(), NO_BANK)
    assert hallucinated["id"] == "squad-q1-hallucinated" and clean["id"] == "squad-q1-clean"
    assert hallucinated["output"] == "According to the passage, it is Stanford Stadium."
    assert hallucinated["hallucination_labels"] == [
        {"start": 32, "end": 48, "text": "Stanford Stadium", "label_type": "Evident Conflict"}
    ]
    assert (clean["output"], clean["hallucination_labels"]) == ("According to the passage, it is Harvard Stadium.", [])
    assert hallucinated["context"] == clean["context"] == NEW and hallucinated["query"] == sample().question


def test_a_spans_row_may_name_a_rival_of_the_passage_which_a_diff_cannot_find():
    hallucinated, clean = spans_rows(rival_sample(), BANK)
    assert hallucinated["output"] == "According to the passage, it is Yale."
    assert hallucinated["hallucination_labels"] == [
        {"start": 32, "end": 36, "text": "Yale", "label_type": "Evident Conflict"}
    ]
    # a word diff against the passage aligns "Yale" with the passage's and flags the phrasing in both rows
    assert diff_spans(hallucinated["output"], RIVAL_NEW) == diff_spans(
        clean["output"].replace("Harvard Stadium", "Yale"), RIVAL_NEW
    )
    assert {"start": 32, "end": 36} not in diff_spans(hallucinated["output"], RIVAL_NEW)


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
    slices = nested_slices(train, (10, 40, 120, 1000))
    assert [len(slices[n]) for n in (10, 40, 120, 1000)] == [10, 40, 0, 0]  # a slice as large as train: left out
    assert slices[10] == slices[40][:10]
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
        assert 2 * len(default[split]) <= len(rows) <= 4 * len(default[split])
        by_type = Counter((row["meta"]["entity_type"], row["label"]) for row in rows)
        assert all(by_type[(t, "PASS")] == by_type[(t, "FAIL")] for t, _ in by_type)
        twins = [row for s, row in spans if s == split]
        assert {row["meta"]["default_id"] for row in twins} == default[split] and len(twins) == 2 * len(default[split])
    slices = [[row["id"] for s, row in guardrail if s == f"train_{n}"] for n in fqa.GUARDRAIL_SLICES]
    train_ids = {row["id"] for s, row in guardrail if s == "train"}
    assert set(slices[0]) <= set(slices[1]) <= set(slices[2]) <= train_ids
    # the sample's train has 168 rows: train_250 and the larger slices would be train again, so they are empty
    assert len(train_ids) == 168 and [len(s) for s in slices] == [0, 0, 0]
    for _, row in spans:
        for label in row["hallucination_labels"]:
            assert (
                row["output"][label["start"] : label["end"]] == label["text"]
                and label["label_type"] == "Evident Conflict"
            )
        assert bool(row["hallucination_labels"]) == row["id"].endswith("-hallucinated")
    # the test "is the response in the passage" scores exactly 0.5 balanced accuracy on every split
    for split in ("train", "dev", "test"):
        rows = [row for s, row in guardrail if s == split]
        verdicts = {r["id"]: "PASS" if names(r["context"], r["response"]) else "FAIL" for r in rows}
        assert score_guardrail(rows, verdicts)["balanced_accuracy"] == 0.5


@pytest.mark.parametrize(
    "name, features",
    [
        ("guardrail", fqa.GUARDRAIL_FEATURES),
        ("spans", fqa.SPANS_FEATURES),
        ("unanswerable", fqa.UNANSWERABLE_FEATURES),
        ("inconsistent", fqa.INCONSISTENT_FEATURES),
        ("multiple_choice", fqa.MULTIPLE_CHOICE_FEATURES),
    ],
)
def test_derived_configs_load_typed_with_datasets(sample_build, tmp_path, name, features):
    loaded = datasets.load_dataset(str(sample_build.out), name, cache_dir=str(tmp_path / "cache"))
    # every split but the nested slices, which the sample's train is too small for (left out as empty)
    assert sorted(loaded) == sorted(s for s in fqa.CONFIGS_BY_NAME[name].splits if not s.startswith("train_"))
    assert all(loaded[split].features == features for split in loaded)
