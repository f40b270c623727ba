"""The tasks derived from the same rows: `unanswerable` (the evidence removed), `inconsistent` (both passages,
both orders) and `multiple_choice`; the wrong answers the passage grounds; the reference predictors' tests; each
on hand-made samples with exact values, and on the bundled sample's build (validated, loaded, scored)."""

from __future__ import annotations

import json

import pytest

import faithfulness_qa as fqa
from fqa_build.checks.evaluate import evaluate
from fqa_build.release.baselines import diff_spans, names, unknown_word_spans, word_share
from fqa_build.release.configs.inconsistent import inconsistent_rows
from fqa_build.release.configs.inconsistent import score as score_inconsistent
from fqa_build.release.configs.multiple_choice import distractors, multiple_choice_rows
from fqa_build.release.configs.multiple_choice import score as score_choice
from fqa_build.release.configs.unanswerable import abstains, unanswerable_rows, whole_sentences, without_evidence
from fqa_build.release.configs.unanswerable import score as score_unanswerable
from fqa_build.release.passage_entities import PassageEntities, grounded_rivals, same_shape
from fqa_build.release.read_back import read_rows

from .test_derived import BANK, RIVAL_NEW, rival_sample, sample

# --- the wrong answers a passage grounds ----------------------------------------------------------------------


def test_grounded_rivals_are_other_entities_of_the_type_away_from_the_rewritten_regions():
    assert grounded_rivals(rival_sample(), BANK) == ["Yale"]  # "Harvard" is the replacement itself
    assert grounded_rivals(sample(), BANK) == []


def one_swap(text: str, old: str, new: str, entity_type: str, at: int):
    """A sample whose counterfactual `text` names `new` at `at` where the original named `old`."""
    return sample(
        context=text,
        original_context=text[:at] + old + text[at + len(new) :],
        answers={"text": [new], "answer_start": [at]},
        original_answers={"text": [old], "answer_start": [at]},
        original_entity=old,
        replacement_entity=new,
        matched_answer=old,
        entity_type=entity_type,
        replaced_spans=[{"start": at, "end": at + len(new)}],
        original_spans=[{"start": at, "end": at + len(old)}],
    )


def test_a_part_of_a_longer_mention_and_a_form_of_the_gold_are_no_rivals():
    bank = PassageEntities(
        [{"entity": e, "entity_type": "PERSON"} for e in ("John Dalli", "John", "Dalli", "Ann Smith")]
    )
    s = one_swap("Ann Smith met John Dalli. Smith left.", "Eva Smith", "Ann Smith", "PERSON", 0)
    assert s.original_context == "Eva Smith met John Dalli. Smith left."
    assert grounded_rivals(s, bank) == ["John Dalli"]


def test_a_numeric_rival_has_the_answer_s_layout():
    assert same_shape("It ran 12 miles, then 3.5 miles and 7 km.", "5 miles") == [
        (7, 15, "12 miles"),
        (22, 31, "3.5 miles"),
    ]
    assert same_shape("No digits here.", "five miles") == []
    bank = PassageEntities([{"entity": e, "entity_type": "DATE"} for e in ("1999", "60", "War", "March 1990")])
    text = "In 2008 it won; in 1999 it lost; Article 60 says so; the War ended in March 1990."
    s = one_swap(text, "2006", "2008", "DATE", 3)
    # "60" is laid out otherwise, "War" names no time; "March 1990" holds a year as the answer does
    assert grounded_rivals(s, bank) == ["1999", "March 1990"]


# --- the reference predictors' tests --------------------------------------------------------------------------


def test_the_substring_and_bag_of_words_tests():
    assert names("Later, Harvard Stadium opened.", "harvard stadium!") and not names("Harvardian", "Harvard")
    assert not names("anything", "")
    assert word_share("The answer is Harvard Stadium.", RIVAL_NEW) == pytest.approx(2 / 3)
    assert word_share("It is the", RIVAL_NEW) == 1.0


def test_the_diff_and_the_unknown_words_of_an_output():
    assert diff_spans("Harvard won in 1902 against Yale.", RIVAL_NEW) == [{"start": 15, "end": 19}]
    assert unknown_word_spans("The answer is Stanford Stadium.", RIVAL_NEW) == [
        {"start": 4, "end": 10},
        {"start": 14, "end": 22},
    ]


# --- unanswerable ---------------------------------------------------------------------------------------------


def test_the_evidence_is_every_sentence_that_names_the_answer():
    assert without_evidence(sample()) == ("It was large.", 2)
    rows = unanswerable_rows(sample())
    assert [(r["id"], r["context"], r["answers"], r["answerable"], r["removed_sentences"]) for r in rows] == [
        ("squad-q1-answerable", sample().context, sample().answers, True, 0),
        ("squad-q1-unanswerable", "It was large.", {"text": [], "answer_start": []}, False, 2),
    ]


def test_a_sentence_is_not_cut_at_an_abbreviation_or_an_initial():
    text = "Most lived on the St. Lawrence. J. R. Smith came. Then e.g. later. end."
    assert [text[a:b] for a, b in whole_sentences(text)] == [
        "Most lived on the St. Lawrence. ",
        "J. R. Smith came. ",
        "Then e.g. later. end.",
    ]


def test_a_passage_that_is_all_evidence_gives_no_rows():
    s = sample(
        context="Harvard Stadium opened.",
        answers={"text": ["Harvard Stadium"], "answer_start": [0]},
        replaced_spans=[{"start": 0, "end": 7}],
        original_spans=[{"start": 0, "end": 8}],
    )
    assert without_evidence(s) is None and unanswerable_rows(s) == []


def test_unanswerable_scores_as_squad_2():
    rows = [
        {"id": "a", "answerable": True, "answers": {"text": ["Harvard Stadium"]}},
        {"id": "b", "answerable": True, "answers": {"text": ["1901"]}},
        {"id": "c", "answerable": False, "answers": {"text": []}},
        {"id": "d", "answerable": False, "answers": {"text": []}},
    ]
    predictions = {"a": "the Harvard Stadium", "b": "No answer.", "c": "", "d": "Yale"}
    assert abstains("Unknown") and abstains("") and not abstains("Yale")
    assert score_unanswerable(rows, predictions) == {
        "exact_match": 0.5,
        "f1": 0.5,
        "answerable_exact_match": 0.5,
        "abstained_when_unanswerable": 0.5,
        "abstained_when_answerable": 0.5,
        "n": 4,
    }


# --- inconsistent ---------------------------------------------------------------------------------------------


def test_both_passages_in_both_orders():
    first, second = inconsistent_rows(sample())
    joined = sample().original_context + "\n\n" + sample().context
    assert (first["id"], first["context"], first["first_passage"]) == ("squad-q1-original-first", joined, "original")
    assert first["answers"] == {"text": ["Stanford Stadium", "Harvard Stadium"], "answer_start": [29, 97]}
    assert first["passage_starts"] == [0, 69]
    for row in (first, second):
        for text, start in zip(row["answers"]["text"], row["answers"]["answer_start"], strict=True):
            assert row["context"][start : start + len(text)] == text
    assert (
        second["answers"]["text"] == ["Harvard Stadium", "Stanford Stadium"]
        and second["first_passage"] == "counterfactual"
    )


def test_inconsistent_scores_naming_both_answers_or_the_conflict():
    rows = inconsistent_rows(sample())
    predictions = {rows[0]["id"]: "Stanford Stadium or Harvard Stadium", rows[1]["id"]: "Harvard Stadium"}
    assert score_inconsistent(rows, predictions) == {
        "conflict_recall": 0.5,
        "first_only": 0.5,
        "second_only": 0.0,
        "counterfactual_only": 0.5,
        "original_only": 0.0,
        "n": 2,
    }
    said = {rows[0]["id"]: "The passages contradict each other.", rows[1]["id"]: "Stanford Stadium"}
    assert (
        score_inconsistent(rows, said)["conflict_recall"] == 0.5
        and score_inconsistent(rows, said)["second_only"] == 0.5
    )


# --- multiple_choice ------------------------------------------------------------------------------------------


def test_choices_take_rivals_from_the_passage_first_then_the_bank():
    bank = PassageEntities(
        [
            {"entity": e, "entity_type": "ORG", "entity_kind": "university"}
            for e in ("Yale", "Princeton", "Harvard", "Stanford University")
        ]
    )
    assert distractors(rival_sample(), bank) == (["Yale", "Princeton"], 1)
    (row,) = multiple_choice_rows(rival_sample(), bank)
    assert sorted(row["choices"]) == ["Harvard Stadium", "Princeton", "Stanford Stadium", "Yale"]
    assert (
        row["choices"][row["label"]] == "Harvard Stadium"
        and row["choices"][row["original_choice"]] == "Stanford Stadium"
    )
    assert multiple_choice_rows(rival_sample(), PassageEntities([])) == []  # no two distractors: no row


def test_multiple_choice_scores_accuracy_and_the_original_rate():
    rows = [{"id": "a", "label": 2, "original_choice": 0}, {"id": "b", "label": 1, "original_choice": 3}]
    assert score_choice(rows, {"a": 2, "b": 3}) == {"accuracy": 0.5, "original_rate": 0.5, "n": 2}


# --- on the bundled sample's build ----------------------------------------------------------------------------


@pytest.mark.parametrize("config", ["unanswerable", "inconsistent", "multiple_choice"])
def test_gold_predictions_score_1_and_every_baseline_runs(sample_build, tmp_path, config):
    spec = fqa.CONFIGS_BY_NAME[config]
    rows = [row for _, row in read_rows(str(sample_build.out), spec.data_subdir, "test")]
    assert rows
    if config == "unanswerable":
        gold = {r["id"]: (r["answers"]["text"][0] if r["answerable"] else "") for r in rows}
    elif config == "inconsistent":
        gold = {r["id"]: " or ".join(r["answers"]["text"]) for r in rows}
    else:
        gold = {r["id"]: r["label"] for r in rows}
    key = "label" if config == "multiple_choice" else "prediction"
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps({"id": i, key: v}) + "\n" for i, v in gold.items()), encoding="utf-8")
    result = evaluate(sample_build.out, config, "test", path)
    best = {"unanswerable": "exact_match", "inconsistent": "conflict_recall", "multiple_choice": "accuracy"}[config]
    assert result[best] == 1.0 and result["n"] == len(rows)
    for baseline in ("reader",):
        assert evaluate(sample_build.out, config, "test", baseline=baseline)["n"] == len(rows)


def test_rows_of_the_new_tasks_stay_in_their_sample_s_split(sample_build):
    out = str(sample_build.out)
    default = {row["id"]: split for split, row in read_rows(out)}
    for config in ("unanswerable", "inconsistent", "multiple_choice"):
        for split, row in read_rows(out, fqa.CONFIGS_BY_NAME[config].data_subdir):
            assert default[row["meta"]["default_id"]] == split


@pytest.mark.parametrize(
    "config, row, problem",
    [
        (
            "multiple_choice",
            {"choices": ["a", "b", "c", "A"], "label": 0, "original_choice": 1},
            "not 4 distinct choices",
        ),
        (
            "multiple_choice",
            {"choices": ["a", "b", "c", "d"], "label": 1, "original_choice": 1},
            "label and original_choice are not two indices of the choices",
        ),
        (
            "unanswerable",
            {"answerable": False, "answers": {"text": [], "answer_start": []}, "removed_sentences": 0},
            "an unanswerable row with an answer, or with no sentence removed",
        ),
        (
            "unanswerable",
            {"answerable": True, "context": "Yale won.", "answers": {"text": ["Yale"], "answer_start": [1]}},
            "answer 'Yale' is not at offset 1",
        ),
        (
            "inconsistent",
            {
                "context": "A won.\n\nB won.",
                "passage_starts": [0, 8],
                "answers": {"text": ["A", "B"], "answer_start": [0, 9]},
            },
            "answer 'B' is not at offset 9",
        ),
        (
            "unanswerable",
            {"answerable": True, "context": "Yale won.", "answers": {"text": ["Yale"], "answer_start": [0, 5]}},
            "answers has a different number of texts and offsets",
        ),
        (
            "guardrail",
            {"label": "PASS", "failure_mode": "grounded_rival", "response": "Yale"},
            "label PASS with failure mode grounded_rival",
        ),
        (
            "spans",
            {
                "id": "x-clean",
                "output": "It is Yale.",
                "hallucination_labels": [{"start": 6, "end": 10, "text": "Yale"}],
            },
            "a hallucinated row without a span, or a clean one with one",
        ),
    ],
)
def test_validate_names_what_is_wrong_with_a_derived_row(config, row, problem):
    from fqa_build.release.configs import DERIVED

    assert DERIVED[config].row_problem(row) == problem


def test_validate_reports_a_broken_derived_row(sample_build, tmp_path):
    import shutil

    import pyarrow.parquet as pq

    from fqa_build.checks.validate import validate

    out = tmp_path / "out"
    shutil.copytree(sample_build.out, out)
    path = sorted((out / "multiple_choice").glob("train-*.parquet"))[0]
    table = pq.read_table(path)
    rows = table.to_pylist()
    rows[0]["original_choice"] = rows[0]["label"]
    pq.write_table(type(table).from_pylist(rows, schema=table.schema), path)
    found = validate(out)
    assert found["derived_row"] == [f"{rows[0]['id']} (label and original_choice are not two indices of the choices)"]
