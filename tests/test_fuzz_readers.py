"""The source readers on malformed and hostile records: every case ends in a counted skip or a
`SourceError` naming the file and record; never another exception, never a hang."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.read.squad import read_squad_file
from fqa_build.read.trivia_qa import read_trivia_qa_dir

GOOD_CONTEXT = "Paris is the capital of France."
GOOD_QA = {"id": "q1", "question": "What is the capital?", "answers": [{"text": "Paris", "answer_start": 0}]}
HOSTILE_TEXT = [
    "",
    " ",
    "\u200b\u200c\u200d",  # zero-width characters
    "e\u0301\u0301\u0301",  # combining marks
    "\u202eRTL override \u05e9\u05dc\u05d5\u05dd",  # right-to-left text
    "🙂👩‍👩‍👧 emoji",
    "NUL \x00 byte",
    "x" * 2_000_000,  # a huge field
]
BAD_VALUES = [None, 0, 1.5, True, [], {}, ["Paris"], {"text": "Paris"}]


def _short_id(value: object) -> str:
    """A test id that stays readable for a 2 MB string."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}...({len(text)} chars)"


def _squad(path: Path, paragraphs: list) -> Path:
    path.write_text(
        json.dumps({"data": [{"title": "T", "paragraphs": paragraphs}], "version": "1.1"}), encoding="utf-8"
    )
    return path


def _read(path: Path) -> tuple[list, SkipCounter]:
    skips = SkipCounter()
    try:
        return read_squad_file(path, skips), skips
    except SourceError as error:
        assert str(path) in str(error)  # a clear error names the file
        return [], skips


CASES = []
for value in BAD_VALUES + HOSTILE_TEXT:
    CASES += [
        ("context", [{"context": value, "qas": [GOOD_QA]}]),
        ("question", [{"context": GOOD_CONTEXT, "qas": [dict(GOOD_QA, question=value)]}]),
        ("id", [{"context": GOOD_CONTEXT, "qas": [dict(GOOD_QA, id=value)]}]),
        ("answers", [{"context": GOOD_CONTEXT, "qas": [dict(GOOD_QA, answers=value)]}]),
        (
            "answer text",
            [{"context": GOOD_CONTEXT, "qas": [dict(GOOD_QA, answers=[{"text": value, "answer_start": 0}])]}],
        ),
        (
            "answer start",
            [{"context": GOOD_CONTEXT, "qas": [dict(GOOD_QA, answers=[{"text": "Paris", "answer_start": value}])]}],
        ),
        ("qas", [{"context": GOOD_CONTEXT, "qas": value}]),
        ("paragraph", [value]),
    ]


@pytest.mark.parametrize("field, paragraphs", CASES, ids=[f"{f}-{i}" for i, (f, _) in enumerate(CASES)])
def test_squad_reader_survives_bad_records(tmp_path, field, paragraphs):
    records, skips = _read(_squad(tmp_path / "bad.json", paragraphs))
    for record in records:  # whatever is kept is sound
        for answer in record.answers:
            assert record.context[answer.start : answer.start + len(answer.text)] == answer.text


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2",
        json.dumps([1, 2, 3]),
        json.dumps({"data": "x"}),
        json.dumps({"data": [1, None, "x"]}),
        "[" * 100_000 + "]" * 100_000,  # deeply nested
        "\x00\x01\x02",
    ],
)
def test_squad_reader_refuses_a_bad_file_with_a_clear_error(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    records, _ = _read(path)
    assert records == []


def test_squad_reader_refuses_bytes_that_are_not_utf8(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"data": [\xff\xfe]}')
    with pytest.raises(SourceError, match="bad.json"):
        read_squad_file(path, SkipCounter())


@pytest.mark.parametrize("value", BAD_VALUES + HOSTILE_TEXT[:7], ids=_short_id)
def test_trivia_reader_survives_bad_records(tmp_path, value):
    root = tmp_path / "tqa"
    (root / "qa").mkdir(parents=True)
    (root / "evidence" / "wikipedia").mkdir(parents=True)
    (root / "evidence" / "wikipedia" / "P.txt").write_text("Paris is the capital of France.", encoding="utf-8")
    items = [
        {
            "QuestionId": value,
            "Question": "Capital?",
            "Answer": {"Value": "Paris"},
            "EntityPages": [{"Filename": "P.txt"}],
        },
        {"QuestionId": "q2", "Question": value, "Answer": {"Value": "Paris"}, "EntityPages": [{"Filename": "P.txt"}]},
        {"QuestionId": "q3", "Question": "Capital?", "Answer": value, "EntityPages": [{"Filename": "P.txt"}]},
        {"QuestionId": "q4", "Question": "Capital?", "Answer": {"Value": value}, "EntityPages": value},
        {
            "QuestionId": "q5",
            "Question": "Capital?",
            "Answer": {"Value": "Paris"},
            "EntityPages": [{"Filename": value}],
        },
        value,
    ]
    (root / "qa" / "wikipedia-dev.json").write_text(json.dumps({"Data": items}), encoding="utf-8")
    skips = SkipCounter()
    try:
        records = read_trivia_qa_dir(root, skips)
    except SourceError as error:
        assert "tqa" in str(error)
        return
    assert all(r.context and r.answers for r in records)


@pytest.mark.slow
def test_a_200_mb_line_is_skipped_with_bounded_memory(tmp_path):
    # one JSON line holding a 200 MB context, and a good record after it, read in a fresh interpreter
    import subprocess
    import sys

    path = tmp_path / "huge.json"
    good = {"context": GOOD_CONTEXT, "qas": [GOOD_QA]}
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"version": "1.1", "data": [{"title": "T", "paragraphs": [{"context": "')
        chunk = "word " * 200_000
        for _ in range(200):  # 200 MB
            out.write(chunk)
        out.write('", "qas": [' + json.dumps(dict(GOOD_QA, id="big")) + "]}, " + json.dumps(good) + "]}]}")
    root, target = str(Path(__file__).resolve().parents[1]), str(path)
    code = (
        f"import resource, sys; sys.path.insert(0, {root!r})\n"
        "from pathlib import Path\n"
        "from fqa_build.read.skips import SkipCounter\n"
        "from fqa_build.read.squad import read_squad_file\n"
        f"skips = SkipCounter(); records = read_squad_file(Path({target!r}), skips)\n"
        "print(len(records), dict(skips.counts['squad']), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    kept, counts, peak_mb = (
        done.stdout.split(" ", 1)[0],
        done.stdout.split(" ", 1)[1].rsplit(" ", 1)[0],
        int(done.stdout.split()[-1]),
    )
    assert kept == "1" and "'oversized_record'>: 1" in counts
    assert peak_mb < 1_500  # the file is 200 MB: memory stays within a small multiple of it


@pytest.mark.parametrize("value", BAD_VALUES + HOSTILE_TEXT, ids=_short_id)
def test_mrqa_and_nq_readers_survive_bad_records(tmp_path, value):
    from fqa_build.read.mrqa import read_mrqa_file
    from fqa_build.read.nq import read_nq_file

    good_qa = {"qid": "g", "question": "Capital?", "detected_answers": [{"text": "Paris", "char_spans": [[0, 4]]}]}
    mrqa_lines = [
        {"header": {"dataset": value}},
        {"context": value, "qas": [good_qa]},
        {"context": GOOD_CONTEXT, "qas": value},
        {"context": GOOD_CONTEXT, "qas": [value, dict(good_qa, qid=value), dict(good_qa, question=value)]},
        {"context": GOOD_CONTEXT, "qas": [dict(good_qa, detected_answers=value)]},
        {"context": GOOD_CONTEXT, "qas": [dict(good_qa, detected_answers=[{"char_spans": value}])]},
        {"context": GOOD_CONTEXT, "qas": [dict(good_qa, detected_answers=[{"char_spans": [value]}])]},
        value,
    ]
    nq_lines = [
        {"question": "q", "answers": ["Paris"], "ctxs": [{"text": GOOD_CONTEXT, "isgold": True}]},
        {"question": value, "answers": ["Paris"], "ctxs": [{"text": GOOD_CONTEXT, "isgold": True}]},
        {"question": "q", "answers": value, "ctxs": [{"text": GOOD_CONTEXT, "isgold": True}]},
        {"question": "q", "answers": [value], "ctxs": [{"text": GOOD_CONTEXT, "isgold": True}]},
        {"question": "q", "answers": ["Paris"], "ctxs": value},
        {"question": "q", "answers": ["Paris"], "ctxs": [{"text": value, "isgold": True, "title": value}]},
        value,
    ]
    for name, lines, read in (("m.jsonl", mrqa_lines, read_mrqa_file), ("n.jsonl", nq_lines, read_nq_file)):
        path = tmp_path / name
        path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        skips = SkipCounter()
        try:
            records = read(path, skips)
        except SourceError as error:
            assert name in str(error)
            continue
        for record in records:
            assert record.context and record.answers
            for answer in record.answers:
                assert record.context[answer.start : answer.start + len(answer.text)] == answer.text
