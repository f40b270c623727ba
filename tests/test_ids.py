"""Ids as real files write them (issue 37): a string, or a whole number read as its digits; no id, or one of no
id's form, is a counted skip under a reason whose name says which (fqa_build/read/ids.py)."""

from __future__ import annotations

import json
from pathlib import Path

import datasets
import pytest

from fqa_build.read.ids import read_id
from fqa_build.read.mrqa import jsonl_rows, records_from_mrqa
from fqa_build.read.skips import SkipCounter
from fqa_build.read.squad import read_squad_file
from fqa_build.reasons import Reason

ROOT = Path(__file__).resolve().parent.parent
CONTEXT = "Marie Curie was born in Warsaw in 1867 and moved to Paris."


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("56be4db0acb8001400a502ec", "56be4db0acb8001400a502ec"),
        (1380, "1380"),
        (0, "0"),
        (None, Reason.MISSING_ID),
        ("", Reason.MISSING_ID),
        ("   ", Reason.MISSING_ID),
        (13.5, Reason.UNREADABLE_ID),
        (7.0, Reason.UNREADABLE_ID),
        (True, Reason.UNREADABLE_ID),
        ([1], Reason.UNREADABLE_ID),
        ({"id": 1}, Reason.UNREADABLE_ID),
    ],
)
def test_read_id(value, expected):
    assert read_id(value) == expected


def _squad(tmp_path: Path, ids: list) -> Path:
    qas = [
        {"id": qid, "question": "Where was she born?", "answers": [{"text": "Warsaw", "answer_start": 24}]}
        for qid in ids
    ]
    path = tmp_path / "squad.json"
    doc = {"version": "1.1", "data": [{"title": "Curie", "paragraphs": [{"context": CONTEXT, "qas": qas}]}]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_squad_file_of_integer_ids_is_read(tmp_path, caplog):
    skips = SkipCounter()
    records = read_squad_file(_squad(tmp_path, [1380, 7, "b", None, 2.5, False]), skips)
    assert [(r.id, r.source_id) for r in records] == [("squad-1380", "1380"), ("squad-7", "7"), ("squad-b", "b")]
    assert dict(skips.counts["squad"]) == {"missing_id": 1, "unreadable_id": 2}
    assert "squad.json: data[0].paragraphs[0].qas[4] (id 2.5)" in caplog.text


def test_an_mrqa_file_of_integer_ids_is_read(tmp_path):
    path = tmp_path / "subset.jsonl"
    header = {"header": {"dataset": "SQuAD", "split": "dev"}}
    qas = [
        {
            "qid": qid,
            "question": "Where was she born?",
            "detected_answers": [{"text": "Warsaw", "char_spans": [[24, 29]]}],
            "answers": ["Warsaw"],
        }
        for qid in (42, None)
    ]
    path.write_text(json.dumps(header) + "\n" + json.dumps({"context": CONTEXT, "qas": qas}) + "\n", encoding="utf-8")
    skips = SkipCounter()
    records = list(records_from_mrqa(jsonl_rows(path, "mrqa", skips), str(path), skips))
    assert [r.source_id for r in records] == ["42"]
    assert dict(skips.counts["mrqa_squad"]) == {"missing_id": 1}


def test_a_squad_file_of_integer_ids_builds(sample_build, tmp_path):
    # the bundled sample's SQuAD file with every id a number, as several public SQuAD-format sets write them
    from fqa_build import BuildConfig, run_build

    doc = json.loads((ROOT / "data" / "squad_sample.json").read_text(encoding="utf-8"))
    number = 0
    for article in doc["data"]:
        for paragraph in article["paragraphs"]:
            for qa in paragraph["qas"]:
                number += 1
                qa["id"] = number
    path = tmp_path / "numbered.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    cache = sample_build.out.parent / "cache"
    result = run_build(BuildConfig(out=tmp_path / "out", cache_dir=cache, progress=False, sources=(f"squad:{path}",)))
    stats = json.loads((result.out / "build_stats.json").read_text(encoding="utf-8"))
    squad = stats["sources"]["squad"]
    assert squad["total"] == number and "missing_id" not in squad["rejected"] and squad["kept"] > 0
    rows = datasets.load_dataset("parquet", data_dir=str(result.out / "data"), split="train")
    assert all(row["source_id"].isdigit() and row["id"] == f"squad-{row['source_id']}" for row in rows)
