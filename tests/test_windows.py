"""TriviaQA windows chosen by relevance: the question's words, candidates across several evidence
pages, deterministic ties, the window grown over whole sentences within the answer's paragraph, the skip
reason, the TriviaQA-only bank, and SQuAD as TriviaQA where the truth is known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fqa_build.read.skips import SkipCounter
from fqa_build.read.trivia_qa import read_trivia_qa_dir
from fqa_build.read.windows import MIN_COVERAGE, choose_window, question_weights
from fqa_build.types import Answer

ROOT = Path(__file__).resolve().parents[1]


def test_question_weights_leave_out_function_words_and_weigh_names_double():
    assert question_weights("Where in England was Dame Judi Dench born?") == {
        "england": 2.0,
        "dame": 2.0,
        "judi": 2.0,
        "dench": 2.0,
        "born": 1.0,
    }
    # stems: "launched" and "launch" are one word; the opening capital is no name
    assert question_weights("When was Sky Digital launched?") == {"sky": 2.0, "digit": 2.0, "launch": 1.0}
    assert question_weights("Which countries lie along the river?") == {
        "countri": 1.0,
        "lie": 1.0,
        "along": 1.0,
        "river": 1.0,
    }


PAGE_A = "York is a city. It has walls.\n\nThe Romans founded York long ago. The walls are old."
PAGE_B = "Judi Dench was born in York in 1934.\n\nShe studied in London. Dench acted in many plays."


def test_the_window_is_chosen_across_pages_by_relevance():
    window = choose_window("Where was Judi Dench born?", ["York"], [PAGE_A, PAGE_B], 60)
    assert (window.page, PAGE_B[window.start : window.end]) == (1, "Judi Dench was born in York in 1934.")
    assert window.answer == (23, 27) and window.candidate == "York" and window.coverage == 1.0
    # by position, the first page would have won: its first sentence names York
    assert choose_window("Where is the city?", ["York"], [PAGE_A, PAGE_B], 60).page == 0


def test_ties_go_to_the_earlier_page_then_the_earlier_occurrence():
    page = "York is old. Nothing here.\n\nYork is old. Nothing here."
    first = choose_window("What is old?", ["York"], [page, page], 20)
    assert (first.page, first.answer) == (0, (0, 4))


def test_the_window_stays_in_the_answer_s_paragraph_when_it_is_long_enough():
    page = "A first line about nothing at all here.\nThe city of York has old walls. York is in England.\nOther news."
    window = choose_window("Which city has old walls?", ["York"], [page], 90)
    assert page[window.start : window.end] == "The city of York has old walls. York is in England."


def test_a_sentence_longer_than_the_window_is_cut_at_word_boundaries():
    page = "word " * 100 + "York " + "word " * 100
    window = choose_window("Where?", ["York"], [page], 60)
    # about 60 characters: each edge snaps to a word boundary within a quarter of the window (fqa_build/read/cutting.py)
    assert 30 <= window.end - window.start <= 90 and "York" in page[window.start : window.end]


def test_no_page_holds_the_answer():
    assert choose_window("Where?", ["Paris"], [PAGE_A, PAGE_B], 60) is None


def _trivia_dir(tmp_path: Path, question: str, pages: dict[str, str]) -> Path:
    root = tmp_path / "tqa"
    (root / "qa").mkdir(parents=True)
    (root / "evidence" / "wikipedia").mkdir(parents=True)
    for name, text in pages.items():
        (root / "evidence" / "wikipedia" / name).write_text(text, encoding="utf-8")
    item = {
        "QuestionId": "q1",
        "Question": question,
        "Answer": {"Value": "York", "Aliases": []},
        "EntityPages": [{"Filename": name, "Title": name[:-4]} for name in pages],
    }
    (root / "qa" / "wikipedia-dev.json").write_text(json.dumps({"Data": [item]}), encoding="utf-8")
    return root


def test_the_record_records_its_page_and_score(tmp_path):
    root = _trivia_dir(tmp_path, "Where was Judi Dench born?", {"England.txt": PAGE_A, "Judi_Dench.txt": PAGE_B})
    (record,) = read_trivia_qa_dir(root, SkipCounter(), window_chars=60)
    assert (record.source_id, record.title, record.evidence_title) == ("q1--Judi_Dench", "Judi_Dench", "Judi_Dench")
    assert record.context == "Judi Dench was born in York in 1934." and record.answers == (Answer("York", 23),)
    assert record.window_score == choose_window("Where was Judi Dench born?", ["York"], [PAGE_A, PAGE_B], 60).score


def test_a_window_without_the_question_s_words_is_skipped(tmp_path):
    root = _trivia_dir(tmp_path, "Which composer wrote the opera?", {"York.txt": PAGE_A})
    skips = SkipCounter()
    assert read_trivia_qa_dir(root, skips, window_chars=60) == []
    assert dict(skips.counts["trivia_qa"]) == {"no_relevant_window": 1}
    assert MIN_COVERAGE == 0.1


def test_a_trivia_qa_only_build_draws_from_its_own_windows(tmp_path, sample_build):
    from fqa_build import BuildConfig, run_build
    from fqa_build.config import SubstitutionConfig

    result = run_build(
        BuildConfig(
            out=tmp_path / "out",
            sources=(f"trivia_qa:{ROOT / 'data' / 'trivia_qa_sample'}",),
            cache_dir=sample_build.out.parent / "cache",
            progress=False,
            substitution=SubstitutionConfig(policy="type_shape_v1"),
        )
    )
    # the bank is the TriviaQA windows (no SQuAD source, no bank source): not empty, and swaps are made
    assert result.stats["entity_bank"]["size"] > 0 and result.stats["entity_bank"]["contexts"] == 22
    assert result.stats["kept"] > 0


def test_squad_as_trivia_qa(tmp_path):
    from fqa_build.checks.squad_as_trivia import evidence_filename, write_squad_as_trivia

    paragraphs = write_squad_as_trivia(ROOT / "data" / "squad_sample.json", tmp_path / "sat", limit_articles=2)
    first = json.loads((ROOT / "data" / "squad_sample.json").read_text())["data"][0]
    document = (tmp_path / "sat" / "evidence" / "wikipedia" / evidence_filename(first["title"])).read_text()
    assert document == "\n\n".join(p["context"] for p in first["paragraphs"])
    qid = first["paragraphs"][0]["qas"][0]["id"]
    filename, lo, hi = paragraphs[qid]
    assert document[lo:hi] == first["paragraphs"][0]["context"]
    records = read_trivia_qa_dir(tmp_path / "sat", SkipCounter())
    assert len(records) == sum(len(p["qas"]) for a in [first] for p in a["paragraphs"]) + len(
        [
            q
            for p in json.loads((ROOT / "data" / "squad_sample.json").read_text())["data"][1]["paragraphs"]
            for q in p["qas"]
        ]
    )
    assert evidence_filename("Super Bowl 50: the (game)") == "Super_Bowl_50_the_game.txt"


@pytest.mark.parametrize("seed", [1, 2])
def test_windows_do_not_depend_on_the_order_pages_are_read_in_only_on_their_order(seed):
    # the same pages in the same order give the same window every time (no set or dict order leaks in)
    windows = {
        choose_window("Where was Judi Dench born?", ["York", "City of York"], [PAGE_A, PAGE_B], 60) for _ in range(3)
    }
    assert len(windows) == 1
