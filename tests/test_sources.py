import bz2
import gzip
import json
from pathlib import Path

import datasets
import pytest

from fqa_build.read.cutting import cut_window
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.read.sources import SourceSpec, load_sources
from fqa_build.read.squad import read_squad_file, records_from_squad_rows
from fqa_build.read.trivia_qa import read_trivia_qa_dir, records_from_trivia_qa_rows
from fqa_build.types import Answer

CONTEXT = "Marie Curie was born in Warsaw in 1867 and moved to Paris."


def squad_file(tmp_path: Path, qas: list, context=CONTEXT) -> Path:
    path = tmp_path / "squad.json"
    doc = {"version": "1.1", "data": [{"title": "Curie", "paragraphs": [{"context": context, "qas": qas}]}]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def qa(qid: str, text: str = "Warsaw", start: int = 24) -> dict:
    return {"id": qid, "question": "Where was she born?", "answers": [{"text": text, "answer_start": start}]}


def test_squad_valid_record(tmp_path):
    skips = SkipCounter()
    (record,) = read_squad_file(squad_file(tmp_path, [qa("a")]), skips)
    assert (record.id, record.title, record.answers) == ("squad-a", "Curie", (Answer("Warsaw", 24),))
    assert skips.totals["squad"] == 1 and not skips.counts


def test_squad_context_is_not_stripped(tmp_path):
    (record,) = read_squad_file(squad_file(tmp_path, [qa("a", start=26)], context="  " + CONTEXT), SkipCounter())
    assert record.context.startswith("  ") and record.answers[0].start == 26


def test_squad_bad_answers_are_skipped_and_counted(tmp_path, caplog):
    qas = [
        qa("ok"),
        qa("bad_start", start=3),
        {"id": "none", "question": "Q?", "answers": []},
        {"id": "noq", "question": " ", "answers": [{"text": "Warsaw", "answer_start": 24}]},
        {"question": "Q?", "answers": [{"text": "Warsaw", "answer_start": 24}]},
        {
            "id": "mixed",
            "question": "Q?",
            "answers": [{"text": "Warsaw", "answer_start": 2}, {"text": "Paris", "answer_start": 52}],
        },
    ]
    skips = SkipCounter()
    records = read_squad_file(squad_file(tmp_path, qas), skips)
    assert [r.source_id for r in records] == ["ok", "mixed"]
    assert records[1].answers == (Answer("Paris", 52),)
    assert dict(skips.counts["squad"]) == {
        "invalid_answer_start": 1,
        "no_answers": 1,
        "missing_question": 1,
        "missing_id": 1,
    }
    assert "squad.json: data[0].paragraphs[0].qas[1] (id 'bad_start')" in caplog.text


def test_squad_missing_context(tmp_path):
    skips = SkipCounter()
    assert read_squad_file(squad_file(tmp_path, [qa("a")], context=""), skips) == []
    assert dict(skips.counts["squad"]) == {"missing_context": 1}


def test_squad_missing_file_and_malformed_json(tmp_path):
    with pytest.raises(SourceError, match=r"nope\.json: file not found"):
        read_squad_file(tmp_path / "nope.json", SkipCounter())
    bad = tmp_path / "bad.json"
    bad.write_text('{"data": [', encoding="utf-8")
    with pytest.raises(SourceError, match=r"bad\.json: malformed JSON at line 1, column 11"):
        read_squad_file(bad, SkipCounter())
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"Data": []}', encoding="utf-8")
    with pytest.raises(SourceError, match=r"wrong\.json: not SQuAD v1\.1 JSON"):
        read_squad_file(wrong, SkipCounter())


@pytest.mark.parametrize(
    "name, data, kind",
    [
        ("dev.json.gz", gzip.compress(b'{"data": []}'), "gzip"),
        ("dev.zip", b"PK\x03\x04" + bytes(range(200, 256)), "zip"),
        ("dev.json.bz2", bz2.compress(b'{"data": []}'), "bzip2"),
    ],
)
def test_a_compressed_file_is_named_for_what_it_is(tmp_path, name, data, kind):
    # a gzipped SQuAD file said "not UTF-8 text (invalid start byte at byte 1)"
    path = tmp_path / name
    path.write_bytes(data)
    message = (
        f"{path}: a {kind} file; squad: and trivia_qa: read plain JSON (decompress it first), nq: and mrqa: also "
        "read gzip (.jsonl.gz)"
    )
    with pytest.raises(SourceError) as raised:
        read_squad_file(path, SkipCounter())
    assert str(raised.value) == message


def test_plain_binary_is_still_not_utf8(tmp_path):
    path = tmp_path / "dev.json"
    path.write_bytes(b'{"data": "\xff"}')
    with pytest.raises(SourceError, match=r"dev\.json: not UTF-8 text \(invalid start byte at byte 10\)"):
        read_squad_file(path, SkipCounter())


def test_squad_hub_rows_through_datasets():
    rows = datasets.Dataset.from_list(
        [
            {
                "id": "x1",
                "title": "Curie",
                "context": CONTEXT,
                "question": "Where?",
                "answers": {"text": ["Warsaw"], "answer_start": [24]},
            },
            {
                "id": "x2",
                "title": "Curie",
                "context": CONTEXT,
                "question": "Where?",
                "answers": {"text": ["Warsaw"], "answer_start": [0]},
            },
        ]
    )
    skips = SkipCounter()
    records = list(records_from_squad_rows(rows, "rajpurkar/squad[train]", skips))
    assert [r.id for r in records] == ["squad-x1"]
    assert dict(skips.counts["squad"]) == {"invalid_answer_start": 1}


def test_source_spec_parsing():
    assert SourceSpec.parse("squad") == SourceSpec("squad", None)
    assert SourceSpec.parse("trivia_qa:/x/y") == SourceSpec("trivia_qa", Path("/x/y"))
    assert SourceSpec.parse("nq:/x") == SourceSpec("nq", Path("/x"))
    assert SourceSpec.parse("mrqa") == SourceSpec("mrqa", None)
    with pytest.raises(SourceError, match="unknown source format 'natural_questions'"):
        SourceSpec.parse("natural_questions:/x")
    with pytest.raises(SourceError, match="empty path"):
        SourceSpec.parse("squad:")


def test_load_sources_errors_and_duplicates(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        load_sources([f"squad:{tmp_path / 'missing.json'}"], 1600)
    path = squad_file(tmp_path, [qa("a")])
    loaded = load_sources([f"squad:{path}", f"squad:{path}"], 1600)
    assert [r.id for r in loaded.records] == ["squad-a"]
    assert dict(loaded.skips.counts["squad"]) == {"duplicate_id": 1}
    assert loaded.inputs[0]["name"] == "squad.json" and len(loaded.inputs[0]["sha256"]) == 64


# --- TriviaQA ---

ARTICLE = (
    "Intro sentence one. Intro sentence two is longer. Chicago is a city. It lies on Lake Michigan. "
    "The Chicago Bears play there. More text follows here. And the end."
)


def trivia_dir(tmp_path: Path, records: list, evidence: dict) -> Path:
    root = tmp_path / "tqa"
    (root / "qa").mkdir(parents=True)
    (root / "evidence" / "wikipedia").mkdir(parents=True)
    (root / "qa" / "wikipedia-train.json").write_text(
        json.dumps({"Data": records, "Domain": "Wikipedia"}), encoding="utf-8"
    )
    for name, text in evidence.items():
        (root / "evidence" / "wikipedia" / name).write_text(text, encoding="utf-8")
    return root


def trivia_record(qid: str, value: str, aliases: list, files: list) -> dict:
    return {
        "QuestionId": qid,
        "Question": "Which city?",
        "Answer": {"Value": value, "Aliases": aliases},
        "EntityPages": [{"Filename": f, "Title": f[:-4]} for f in files],
    }


def test_trivia_window_aliases_and_skips(tmp_path):
    records = [
        trivia_record("t1", "Windy City", ["Chicago", "Chicago, Illinois"], ["Other.txt", "Chicago.txt"]),
        trivia_record("t2", "Nowhere", [], ["Chicago.txt"]),
        trivia_record("t3", "Chicago", [], []),
        trivia_record("t4", "Chicago", [], ["Missing.txt"]),
        trivia_record("t1", "Chicago", [], ["Chicago.txt"]),
    ]
    root = trivia_dir(tmp_path, records, {"Chicago.txt": ARTICLE, "Other.txt": "Nothing relevant here."})
    skips = SkipCounter()
    (record,) = read_trivia_qa_dir(root, skips, window_chars=60)
    assert record.source_id == "t1--Chicago"
    assert record.title == "Chicago"
    # the window is the answer's sentence and the shorter of its neighbours (no question word in either)
    assert record.context == "Chicago is a city. It lies on Lake Michigan."
    assert record.answers == (Answer("Chicago", 0),)
    assert (record.evidence_title, record.window_score) == ("Chicago", record.window_score)
    assert record.window_score > 0
    assert dict(skips.counts["trivia_qa"]) == {
        "answer_not_in_evidence": 1,
        "no_wikipedia_evidence": 1,
        "missing_evidence": 1,
        "duplicate_id": 1,
    }


def test_trivia_every_alias_in_the_window_is_an_answer(tmp_path):
    root = trivia_dir(
        tmp_path,
        [trivia_record("t1", "Chicago", ["Chicago Bears", "Bears"], ["Chicago.txt"])],
        {"Chicago.txt": ARTICLE},
    )
    (record,) = read_trivia_qa_dir(root, SkipCounter(), window_chars=1600)
    assert record.context == ARTICLE
    assert record.answers == (Answer("Chicago", 50), Answer("Chicago Bears", 99), Answer("Bears", 107))


def test_trivia_bad_layout(tmp_path):
    with pytest.raises(SourceError, match="no qa/ subfolder"):
        read_trivia_qa_dir(tmp_path, SkipCounter())
    (tmp_path / "qa").mkdir()
    (tmp_path / "qa" / "x.json").write_text("[1, 2", encoding="utf-8")
    with pytest.raises(SourceError, match=r"x\.json: malformed JSON"):
        read_trivia_qa_dir(tmp_path, SkipCounter())


def test_cut_window_sentence_and_word_boundaries():
    text = "Alpha beta gamma. Delta epsilon zeta eta theta. Iota kappa lambda mu nu xi omicron pi rho."
    start = text.index("theta")
    lo, hi = cut_window(text, start, start + 5, 40)
    # starts at the sentence start nearest the ideal cut; no sentence end near the other edge: a word boundary
    assert text[lo:hi] == "Delta epsilon zeta eta theta. Iota kappa lambda"
    no_stops = "word " * 40
    lo, hi = cut_window(no_stops, 100, 104, 30)
    assert no_stops[lo:hi] == "word word word word word word word"
    assert cut_window("short text", 0, 5, 40) == (0, 10)


def test_trivia_hub_rows():
    rows = [
        {
            "question_id": "h1",
            "question": "Which city?",
            "answer": {"value": "Chicago", "aliases": ["Windy City"]},
            "entity_pages": {"title": ["Chicago"], "filename": ["Chicago.txt"], "wiki_context": [ARTICLE]},
        }
    ]
    (record,) = list(records_from_trivia_qa_rows(rows, "mandarjoshi/trivia_qa", SkipCounter(), 1600))
    assert (record.id, record.answers[0]) == ("trivia_qa-h1--Chicago", Answer("Chicago", 50))
