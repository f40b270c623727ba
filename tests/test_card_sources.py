"""The card is true to its build: it names, licenses and cites the sources whose rows the release holds,
describes the policy it was built with, and shows an example and the evaluator's baselines."""

from __future__ import annotations

import pytest

from fqa_build.checks.evaluate import baseline_scores
from fqa_build.read.credits import METHOD_BIB, describe, release_licence
from fqa_build.read.formats import credits_for
from fqa_build.release.card import swap_methods
from fqa_build.release.card_example import reader_example
from fqa_build.swap.policies.registry import POLICIES

ALL8 = ["PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"]


def test_a_squad_build_credits_squad_only():
    credits = credits_for(["squad"])
    assert [c.name for c in credits] == ["SQuAD v1.1"]
    assert release_licence(credits) == "cc-by-sa-4.0"


def test_squad_and_trivia_qa_are_both_cc_by_sa():
    credits = credits_for(["squad", "trivia_qa"])
    assert [c.authors for c in credits] == ["Rajpurkar et al., 2016", "Joshi et al., 2017"]
    assert release_licence(credits) == "cc-by-sa-4.0"


def test_an_mrqa_newsqa_build_is_not_called_cc_by_sa():
    credits = credits_for(["mrqa_newsqa"])
    assert [c.name for c in credits] == ["NewsQA", "MRQA 2019 shared task"]
    assert release_licence(credits) == "other"


def test_mrqa_squad_credits_squad_and_mrqa_once_each():
    credits = credits_for(["mrqa_squad", "squad"])
    assert [c.name for c in credits] == ["SQuAD v1.1", "MRQA 2019 shared task"]
    assert release_licence(credits) == "cc-by-sa-4.0"


def test_an_unknown_source_makes_the_licence_other():
    credits = credits_for(["mrqa_bioasq"])
    assert credits[0].licence == "licence not known to this version" and release_licence(credits) == "other"


@pytest.mark.parametrize(
    "names, listed",
    [
        (["SQuAD v1.1"], "(SQuAD v1.1)"),
        (["SQuAD v1.1", "Natural Questions (gold passages)"], "(SQuAD v1.1 and Natural Questions (gold passages))"),
        (["A", "B", "C"], "(A, B and C)"),
    ],
)
def test_the_summary_names_the_sources_built(names, listed):
    assert describe(names).startswith(f"Faithfulness-QA: extractive QA questions {listed} whose answer was swapped")


def test_swap_methods_of_the_kept_policies():
    assert swap_methods(POLICIES["context_v9"], ALL8) == {
        "swapped": ALL8,
        "drawn": ["DATE", "CARDINAL"],
        "made": ["PERSON", "GPE", "ORG", "NORP", "LOC", "EVENT"],
    }
    assert swap_methods(POLICIES["context_v8"], ALL8) == {
        "swapped": ["PERSON", "DATE", "CARDINAL"],
        "drawn": ["DATE", "CARDINAL"],
        "made": ["PERSON"],
    }
    assert swap_methods(POLICIES["type_shape_v1"], ["PERSON", "DATE"]) == {
        "swapped": ["PERSON", "DATE"],
        "drawn": ["PERSON", "DATE"],
        "made": [],
    }
    assert swap_methods(None, ALL8) == {}


def test_the_reader_example_shows_the_answer_sentence_before_and_after():
    row = {
        "id": "squad-1",
        "entity_type": "DATE",
        "question": "When did she move?",
        "matched_answer": "1891",
        "original_context": "She was born in 1867. She moved in 1891 to study. She died later.",
        "context": "She was born in 1867. She moved in 1896 to study. She died later.",
        "original_answers": {"text": ["1891"], "answer_start": [35]},
        "answers": {"text": ["1896"], "answer_start": [35]},
    }
    assert reader_example(row) == {
        "id": "squad-1",
        "entity_type": "DATE",
        "question": "When did she move?",
        "original_answer": "1891",
        "new_answer": "1896",
        "original_sentence": "She moved in 1891 to study.",
        "new_sentence": "She moved in 1896 to study.",
    }


def _body(sample_build) -> str:
    return (sample_build.out / "README.md").read_text(encoding="utf-8").split("\n---\n", 1)[1]


def test_the_sample_card_credits_the_sample_not_squad(sample_build):
    # found following the README: the sample is the project's own text in the SQuAD and TriviaQA
    # layouts, and its card cited SQuAD, TriviaQA and Wikipedia
    text = (sample_build.out / "README.md").read_text(encoding="utf-8")
    body = _body(sample_build)
    licence = body[body.index("## Licence and attribution") : body.index("## Changelog")]
    assert "- **the Faithfulness-QA sample (`data/`)** (written for this project" in licence
    assert "Rajpurkar" not in licence and "Joshi" not in licence and "(CC BY-SA)" not in licence
    assert METHOD_BIB in licence
    assert "source_datasets:\n- original\n" in text and "license: cc-by-sa-4.0\n" in text
    assert body.startswith(
        "\n# Faithfulness-QA\n\n- **What it is:** 74 reading-comprehension questions (the Faithfulness-QA sample"
    )


def test_a_squad_and_trivia_qa_card_cites_both(sample_build, tmp_path):
    import json
    import shutil

    from fqa_build.release.card import CardOptions, collect_statistics, render_text

    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    manifest = json.loads((copy / "build_manifest.json").read_text())
    for entry, name in zip(manifest["inputs"], ("train-v1.1.json", "triviaqa-rc"), strict=True):
        entry["name"] = name
    (copy / "build_manifest.json").write_text(json.dumps(manifest))
    text = render_text(collect_statistics(copy, baseline_scores), CardOptions())
    licence = text[text.index("## Licence and attribution") : text.index("## Changelog")]
    assert "**SQuAD v1.1** (Rajpurkar et al., 2016): CC BY-SA 4.0" in licence
    assert "**TriviaQA (rc, Wikipedia evidence)** (Joshi et al., 2017): questions Apache 2.0" in licence
    assert "Natural Questions" not in licence and "MRQA" not in licence and "NewsQA" not in licence
    assert "@inproceedings{rajpurkar-etal-2016-squad," in licence and "kwiatkowski" not in licence
    assert "source_datasets:\n- extended|squad\n- extended|trivia_qa\n" in text
    assert "extractive QA questions (SQuAD v1.1 and TriviaQA (rc, Wikipedia evidence))" in text


def test_the_sample_card_describes_its_policy_and_its_fields(sample_build):
    body = _body(sample_build)
    drawn = body[body.index("### How swaps are drawn") : body.index("### Blind audit")]
    assert "**Drawn from the bank** (DATE, CARDINAL)" in drawn
    made = "PERSON, GPE, ORG, NORP, LOC, EVENT, MONEY, ORDINAL, PERCENT, QUANTITY, TIME"  # context_v12 makes values
    assert f"**Composed or made, not drawn** ({made})" in drawn
    assert "neighbours_v1" not in body and "kind_v1" not in body
    assert "| `hallucination_labels` |" in body and "| `failure_mode` |" in body
    assert body.count("- **v0.1.0**") == 1 and "configs `default`,\n  `entity_bank`, `guardrail` and `spans`" in body


def test_the_sample_card_shows_an_example_and_the_baselines(sample_build):
    body = _body(sample_build)
    assert "> **Question:** " in body and "> **Before:** " in body and "> **After:** " in body
    # the original answer is never the new one; it is always the memorised one (every train row: 59)
    # (its F1 is not 0: a full date the year of which was swapped shares its day and month with the gold's)
    assert "| `original` | train | 59 | 0.0 | 15.5 | 100.0 | 100.0 |" in body
    # first-bank-entity copies a bank entry of the context: 2 of the 7 test rows, never the original answer
    assert "| `first-bank-entity` | test | 7 | 28.6 | 28.6 | 0.0 | 0.0 |" in body
    # the reader reads the question: 4 of the 7 (it can give a composed or made answer; the bank cannot)
    assert "| `reader` | test | 7 | 57.1 | 85.2 | 0.0 | 0.0 |" in body
