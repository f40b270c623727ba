"""`python -m fqa_build validate`: a good build is valid; one planted defect of each kind, in a copy
of the sample build, is found and named; `push` refuses an invalid folder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

import faithfulness_qa as fqa
from fqa_build.checks.validate import INVARIANTS, report, validate
from fqa_build.cli import main
from fqa_build.publish.push import PushError, push_release

SCHEMA = fqa.arrow_schema(fqa.DEFAULT_FEATURES)


@pytest.fixture
def copy(sample_build, tmp_path) -> Path:
    out = tmp_path / "release"
    shutil.copytree(sample_build.out, out)
    return out


def _rows(out: Path, split: str) -> list[dict]:
    return pq.read_table(out / "data" / f"{split}-00000-of-00001.parquet").to_pylist()


def _write(out: Path, split: str, rows: list[dict], schema: pa.Schema = SCHEMA) -> None:
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), out / "data" / f"{split}-00000-of-00001.parquet")


def _broken(out: Path) -> set[str]:
    return {rule for rule, items in validate(out).items() if items}


def test_the_sample_build_is_valid(sample_build, capsys):
    assert _broken(sample_build.out) == set()
    assert main(["validate", str(sample_build.out)]) == 0
    assert capsys.readouterr().out.strip() == f"{sample_build.out}: valid"


def _edit_first(out: Path, change) -> None:
    rows = _rows(out, "train")
    change(rows[0])
    _write(out, "train", rows)


def test_answer_offsets(copy):
    _edit_first(copy, lambda row: row["answers"]["answer_start"].__setitem__(0, row["answers"]["answer_start"][0] + 1))
    assert {"answer_offsets", "checksum"} <= _broken(copy)


def test_an_answer_start_missing(copy):
    _edit_first(copy, lambda row: row["answers"]["answer_start"].append(0))
    assert "answer_offsets" in _broken(copy)


def test_replacement_at_answer(copy):
    _edit_first(copy, lambda row: row.__setitem__("replacement_entity", "Zyxwv"))
    assert "replacement_at_answer" in _broken(copy)


def test_replacement_glued(copy):
    def glue(row):
        end = row["replaced_spans"][0]["end"]
        row["context"] = row["context"][:end] + "q" + row["context"][end + 1 :]

    _edit_first(copy, glue)
    assert "replacement_glued" in _broken(copy)


def test_shape_kept(copy):
    _edit_first(copy, lambda row: row.__setitem__("original_entity", row["replacement_entity"].upper()))
    assert "shape_kept" in _broken(copy)


def test_replacement_at_spans(copy):
    def shift(row):
        row["replaced_spans"][0] = {"start": 0, "end": 3}
        row["original_spans"][0] = {"start": 0, "end": 3}

    _edit_first(copy, shift)
    assert "replacement_at_spans" in _broken(copy)


def test_original_outside_spans(copy):
    _edit_first(copy, lambda row: row.__setitem__("original_context", row["original_context"][:-1] + "~"))
    assert "original_outside_spans" in _broken(copy)


def test_original_left(copy):
    _edit_first(copy, lambda row: row.__setitem__("context", row["context"] + " " + row["original_entity"].upper()))
    assert "original_left" in _broken(copy)  # any case


def test_a_mention_kept_as_another_quantity_is_not_left():
    # context_v14 keeps Denmark's 1.1% when it swaps Austria's: outside the rewritten span, as the original has it
    from fqa_build.checks.row_invariants import ROW_INVARIANTS

    original = "Austria 1.1% | Belgium 0.9% | Denmark 1.1%."
    row = {
        "original_context": original,
        "context": "Austria 1.4% | Belgium 0.9% | Denmark 1.1%.",
        "original_entity": "1.1%",
        "replacement_entity": "1.4%",
        "entity_type": "PERCENT",
        "original_spans": [{"start": 8, "end": 12}],
    }
    assert not ROW_INVARIANTS["original_left"](row)
    assert ROW_INVARIANTS["original_left"]({**row, "context": row["context"] + " 1.1%"})  # one more than kept
    assert ROW_INVARIANTS["original_left"](
        {**row, "original_spans": [{"start": 8, "end": 12}, {"start": 38, "end": 42}]}
    )


def test_context_in_two_splits(copy):
    moved = dict(_rows(copy, "train")[0], id="squad-moved")
    _write(copy, "dev", [*_rows(copy, "dev"), moved])
    assert "context_in_two_splits" in _broken(copy)


def test_article_in_two_splits(copy):
    row = _rows(copy, "train")[0]
    moved = dict(row, id="squad-moved", original_context=row["original_context"] + " More.", question="A new one?")
    _write(copy, "dev", [*_rows(copy, "dev"), moved])
    broken = _broken(copy)
    assert "article_in_two_splits" in broken and "question_in_two_splits" not in broken


def test_question_in_two_splits(copy):
    row = _rows(copy, "train")[0]
    asked = dict(_rows(copy, "dev")[0], id="squad-asked", question=row["question"].upper() + "  ")
    _write(copy, "dev", [*_rows(copy, "dev"), asked])
    assert "question_in_two_splits" in _broken(copy)  # the same question, whatever its case and spacing


def test_duplicate_id(copy):
    rows = _rows(copy, "train")
    _write(copy, "train", [*rows, rows[0]])
    assert "duplicate_id" in _broken(copy)


def test_schema(copy):
    rows = [dict(row, extra="x") for row in _rows(copy, "train")]
    _write(copy, "train", rows, SCHEMA.append(pa.field("extra", pa.string())))
    assert _broken(copy) == {"schema"}


def test_card_recount(copy):
    card = copy / "README.md"
    text = card.read_text()
    card.write_text(text.replace("| **kept** |", "| **kept** | 9", 1))
    assert _broken(copy) == {"card_recount"}


def test_checksum(copy):
    manifest = json.loads((copy / "build_manifest.json").read_text())
    name = next(iter(manifest["checksums"]))
    manifest["checksums"][name] = "0" * 64
    (copy / "build_manifest.json").write_text(json.dumps(manifest))
    found = validate(copy)
    assert [rule for rule in INVARIANTS if found[rule]] == ["checksum"]
    assert found["checksum"] == [f"{name}: sha256 differs from the manifest"]


def test_the_report_and_the_command_name_each_rule(copy, capsys):
    _edit_first(copy, lambda row: row["answers"]["answer_start"].__setitem__(0, 0))
    text = report(validate(copy))
    assert text.splitlines()[0].startswith("answer_offsets: 1 (squad-")
    assert main(["validate", str(copy)]) == 1
    assert "invalid\nanswer_offsets: 1 (" in capsys.readouterr().err


def test_push_refuses_an_invalid_folder(copy):
    _edit_first(copy, lambda row: row.__setitem__("context", row["context"] + " " + row["original_entity"]))
    with pytest.raises(PushError, match="refusing to push a folder that breaks the release's invariants"):
        push_release(copy, "acme/faithfulness-qa", "v0.1.0", dry_run=True)


def test_loads_names_a_split_that_datasets_cannot_load(copy):
    # the shard of a tiny build: one row group of 0 rows, listed in the card's YAML
    empty = pa.Table.from_pylist([], schema=SCHEMA)
    pq.write_table(empty, copy / "data" / "dev-00000-of-00001.parquet", row_group_size=2000)
    found = validate(copy)
    assert found["loads"] and found["loads"][0].startswith("default: does not load (")
    assert {"loads", "card_recount", "checksum"} <= _broken(copy)


def test_loads_compares_the_rows_with_dataset_info(copy):
    rows = _rows(copy, "train")
    _write(copy, "train", [*rows, dict(rows[0], id="squad-extra")])
    assert validate(copy)["loads"] == [f"default/train: loads {len(rows) + 1} rows, dataset_info says {len(rows)}"]


def test_loads_needs_the_yaml_header(copy):
    card = copy / "README.md"
    card.write_text(card.read_text().split("\n---\n", 1)[1])
    assert validate(copy)["loads"] == ["README.md: no YAML header to load the configs from"]


def test_loads_needs_the_default_config_as_the_yaml_s_default(copy):
    # a card listing only the entity bank: load_dataset(OUT) would silently serve the bank
    card = copy / "README.md"
    header, body = card.read_text().split("\n---\n", 1)
    meta = yaml.safe_load(header.removeprefix("---\n"))
    meta["configs"] = [c for c in meta["configs"] if c["config_name"] == "entity_bank"]
    card.write_text("---\n" + yaml.safe_dump(meta, sort_keys=False) + "---\n" + body)
    assert validate(copy)["loads"][0] == "README.md: the YAML's default config is missing, not ['default']"


def test_a_span_that_only_changes_numbers_is_a_rewritten_span():
    from fqa_build.checks.row_invariants import _numbers_only_changed

    assert _numbers_only_changed("in the 1990s", "in the 2000s")  # a shifted decade
    assert _numbers_only_changed("400 m (1,300 ft)", "800 m (2,600 ft)")  # a converted restatement
    assert not _numbers_only_changed("1990", "1990") and not _numbers_only_changed("1990", "Paris")
    assert not _numbers_only_changed("in 1990", "by 1991")


def test_a_shifted_decade_keeps_its_plural_s_and_is_no_glued_word():
    from fqa_build.checks.row_invariants import ROW_INVARIANTS

    glued_word = ROW_INVARIANTS["replacement_glued"]
    context = "In the 1970s, a series began; by 1974 it was shown weekly."
    at = context.index("1974")
    row = {
        "context": context,
        "replacement_entity": "1974",
        "original_entity": "1972",
        "entity_type": "DATE",
        "answers": {"text": ["1974"], "answer_start": [at]},
        "replaced_spans": [{"start": 7, "end": 11}, {"start": at, "end": at + 4}],
    }
    assert context[7:11] == "1970"
    assert not glued_word(row)
    glued = dict(row, context=context.replace("1970s,", "1970sx"))  # "1970sx" is a word, not a decade
    assert glued_word(glued)


def test_a_rewritten_expansion_or_country_form_is_a_rewritten_span():
    from fqa_build.checks.row_invariants import ROW_INVARIANTS

    at_spans = ROW_INVARIANTS["replacement_at_spans"]

    def row(original: str, context: str, old: str, new: str, pieces: list[tuple[str, str]]) -> dict:
        spans, was = [], []
        for before, after in pieces:
            was.append({"start": original.index(before), "end": original.index(before) + len(before)})
            spans.append({"start": context.index(after), "end": context.index(after) + len(after)})
        return {
            "context": context,
            "original_context": original,
            "replacement_entity": new,
            "replaced_spans": spans,
            "original_spans": was,
            "original_entity": old,
        }

    original = "The International Olympic Committee (IOC) met."
    made = "The Central Olympic Committee (COC) met."
    pairs = [("International Olympic Committee", "Central Olympic Committee"), ("IOC", "COC")]
    assert not at_spans(row(original, made, "IOC", "COC", pairs))
    assert at_spans(
        row(
            original,
            made.replace("Central", "Grand"),
            "IOC",
            "COC",
            [("International Olympic Committee", "Grand Olympic Committee"), ("IOC", "COC")],
        )
    )
    original, made = "Finland won; the Finnish team", "Denmark won; the Danish team"
    assert not at_spans(row(original, made, "Finland", "Denmark", [("Finland", "Denmark"), ("Finnish", "Danish")]))
    swedish = "Denmark won; the Swedish team"
    assert at_spans(row(original, swedish, "Finland", "Denmark", [("Finland", "Denmark"), ("Finnish", "Swedish")]))


def test_a_scaled_number_may_gain_its_thousands_separator():
    from fqa_build.checks.row_invariants import _numbers_only_changed

    assert _numbers_only_changed("739", "1,478") and _numbers_only_changed("1,104 yards", "2,208 yards")
    assert not _numbers_only_changed("739 yards", "1,478 metres")
