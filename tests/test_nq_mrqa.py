"""Natural Questions and MRQA sources: the passage cleaner and its offset map, the NQ-open and MRQA readers on
hand-written records of each layout, the Hub rows, the debris the bank must never take, and a real NQ build."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.read.mrqa import mrqa_hub_lines, mrqa_source, read_mrqa_file, records_from_mrqa
from fqa_build.read.nq import read_nq_file
from fqa_build.read.passages import clean_passage, table_spans
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.read.sources import load_sources
from fqa_build.text import normalize_entity

from .conftest import SHARED_DATA

NQ_ORACLE = SHARED_DATA / "nq_open" / "lost_in_the_middle" / "nq-open-oracle.jsonl.gz"

RAW = (
    "<P> Jessica Diggins ( born August 26 , 1991 ) is an American skier . </P> "
    "<Table> <Tr> <Td> Diggins , Jessica Jessica Diggins </Td> <Td> 00 </Td> </Tr> </Table> "
    "<P> Welch 's song and Rawls ' song were hits in 2012 . </P>"
)
CLEAN = "Jessica Diggins (born August 26, 1991) is an American skier.\nWelch's song and Rawls' song were hits in 2012."


def _jsonl(path: Path, rows: list) -> Path:
    text = "".join(json.dumps(row) + "\n" for row in rows)
    if path.name.endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            handle.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _span(raw: str, text: str, nth: int = 0) -> list[int]:
    """The inclusive MRQA char span of the nth occurrence of `text` in `raw`."""
    start = -1
    for _ in range(nth + 1):
        start = raw.index(text, start + 1)
    return [start, start + len(text) - 1]


# --- the cleaner ---


def test_clean_passage_text():
    assert clean_passage(RAW).text == CLEAN


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Li> Green Party won . </Li", "Green Party won."),
        ("[TLE] Paris [SEP] Paris is big . [PAR] He did n't go .", "Paris\nParis is big.\nHe didn't go."),
        ("The name 'Sahara' is old; names end in .HTM here.", "The name 'Sahara' is old; names end in .HTM here."),
        ("Cut inside <Table> <Tr> <Td> 12", "Cut inside"),
        (  # a nested table ends with its own closing tag, not the inner one's
            "Winners: <Table> <Tr> <Td> <Table> <Tr> <Td> flag </Td> </Tr> </Table> Bob Smith </Td> </Tr> "
            "<Tr> <Td> Ann Lee </Td> </Tr> </Table> <P> Later text . </P>",
            "Winners:\nLater text.",
        ),
        ("Plain text, nothing to do.", "Plain text, nothing to do."),
        ("Chadderton , Middleton and Blackley", "Chadderton, Middleton and Blackley"),
    ],
)
def test_clean_passage_cases(raw, clean):
    assert clean_passage(raw).text == clean


def test_table_spans_nest():
    raw = "a <Table> <Table> x </Table> y </Table> b <table> z"
    assert table_spans(raw) == [(2, 39), (42, len(raw))]
    assert table_spans("x </Table> y") == []  # a closing tag of a table cut at the passage's start: no table


def test_offsets_follow_the_text():
    cleaned = clean_passage(RAW)
    assert len(cleaned.offsets) == len(RAW) + 1
    assert list(cleaned.offsets) == sorted(cleaned.offsets)
    for word, expected in [("Jessica Diggins", "Jessica Diggins"), ("1991", "1991"), ("Welch 's", "Welch's")]:
        start = RAW.index(word)
        new_start, new_end = cleaned.span(start, start + len(word))
        assert cleaned.text[new_start:new_end] == expected


# --- MRQA layout ---


def _mrqa_file(path: Path, subset: str = "NaturalQuestionsShort") -> Path:
    return _jsonl(
        path,
        [
            {"header": {"dataset": subset, "split": "dev"}},
            {
                "context": RAW,
                "qas": [
                    {"qid": "q-born", "question": "When was Jessica Diggins born?", "detected_answers": [
                        {"text": "august 26, 1991", "char_spans": [_span(RAW, "August 26 , 1991")]}]},
                    {"qid": "q-cell", "question": "What is in the cell?", "detected_answers": [
                        {"text": "00", "char_spans": [_span(RAW, "00")]}]},
                    {"qid": "q-year", "question": "When were the songs hits?", "detected_answers": [
                        {"text": "2012", "char_spans": [_span(RAW, "2012")]}]},
                    {"qid": "q-bad", "question": "Bad span?", "detected_answers": [
                        {"text": "x", "char_spans": [[5000, 5003]]}]},
                    {"qid": "", "question": "No id?", "detected_answers": []},
                ],
            },
            {"context": "No questions here."},
        ],
    )  # fmt: skip


def test_mrqa_reader_maps_answers_into_the_clean_passage(tmp_path):
    skips = SkipCounter()
    records = read_mrqa_file(_mrqa_file(tmp_path / "nq.jsonl"), skips)
    assert [(r.source, r.source_id, r.context, [(a.text, a.start) for a in r.answers]) for r in records] == [
        ("mrqa_naturalquestionsshort", "q-born", CLEAN, [("August 26, 1991", 22)]),
        ("mrqa_naturalquestionsshort", "q-year", CLEAN, [("2012", CLEAN.index("2012"))]),
    ]
    assert dict(skips.counts["mrqa_naturalquestionsshort"]) == {
        "answer_in_table": 1,
        "invalid_answer_start": 1,
        "missing_id": 1,
        "missing_question": 1,
    }
    assert skips.totals["mrqa_naturalquestionsshort"] == 6


def test_the_same_file_as_nq_is_source_nq(tmp_path):
    records = read_nq_file(_mrqa_file(tmp_path / "nq.jsonl.gz"), SkipCounter())
    assert [r.id for r in records] == ["nq-q-born", "nq-q-year"]


@pytest.mark.parametrize(
    ("subset", "source"),
    [("SQuAD", "mrqa_squad"), ("NewsQA", "mrqa_newsqa"), ("TriviaQA-web", "mrqa_triviaqa_web"),
     ("SearchQA", "mrqa_searchqa"), ("HotpotQA", "mrqa_hotpotqa"), ("", "mrqa_unknown")],
)  # fmt: skip
def test_mrqa_subset_names_the_source(subset, source):
    assert mrqa_source(subset) == source


def test_mrqa_hub_rows_through_datasets():
    context = "Paris is the capital of France ."
    rows = datasets.Dataset.from_list(
        [
            {
                "subset": "SQuAD",
                "context": context,
                "qid": "h1",
                "question": "What is the capital?",
                "detected_answers": {"text": ["Paris"], "char_spans": [{"start": [0], "end": [4]}]},
            },
            {
                "subset": "NaturalQuestionsShort",
                "context": context,
                "qid": "h2",
                "question": "capital of france",
                "detected_answers": {"text": ["Paris"], "char_spans": [{"start": [0], "end": [4]}]},
            },
        ]
    )
    skips = SkipCounter()
    records = list(records_from_mrqa(mrqa_hub_lines(rows), "hub", skips))
    assert [(r.id, r.context, r.answers[0].text) for r in records] == [
        ("mrqa_squad-h1", "Paris is the capital of France.", "Paris"),
        ("mrqa_naturalquestionsshort-h2", "Paris is the capital of France.", "Paris"),
    ]
    only_nq = list(records_from_mrqa(mrqa_hub_lines(rows, "NaturalQuestionsShort"), "hub", SkipCounter(), "nq"))
    assert [r.id for r in only_nq] == ["nq-h2"]


def test_a_passage_of_several_hub_rows_is_cleaned_once(monkeypatch):
    from fqa_build.read import mrqa

    cleaned = []
    monkeypatch.setattr(mrqa, "clean_passage", lambda text: cleaned.append(text) or clean_passage(text))
    rows = [
        {"subset": "SQuAD", "context": context, "qid": qid, "question": "Which city?", "detected_answers": answers}
        for context, qid in [("Paris is big .", "a"), ("Paris is big .", "b"), ("Rome is old .", "c")]
        for answers in [
            {"text": ["Paris"], "char_spans": [{"start": [0], "end": [4]}]}  # MRQA's ends are inclusive
            if qid != "c"
            else {"text": ["Rome"], "char_spans": [{"start": [0], "end": [3]}]}
        ]
    ]
    records = list(records_from_mrqa(mrqa_hub_lines(rows), "hub", SkipCounter()))
    assert [(r.source_id, r.context) for r in records] == [
        ("a", "Paris is big."),
        ("b", "Paris is big."),
        ("c", "Rome is old."),
    ]
    assert cleaned == ["Paris is big .", "Rome is old ."]


# --- NQ-open layout ---


def test_nq_open_reader_finds_answers_in_the_gold_passage(tmp_path):
    gold = "The first Nobel Prize in Physics was awarded in 1901 to Wilhelm Conrad Röntgen , of Germany ."
    path = _jsonl(
        tmp_path / "nq-open.jsonl.gz",
        [
            {"question": "who got the first nobel prize in physics", "answers": ["Wilhelm Conrad Röntgen"],
             "ctxs": [{"title": "Other", "text": "Röntgen rays.", "isgold": False},
                      {"title": "List of Nobel laureates in Physics", "text": gold, "isgold": True}]},
            {"question": "when was it first awarded", "answers": ["1901", "nineteen-oh-one"],
             "ctxs": [{"title": "List", "text": gold, "hasanswer": True}]},
            {"question": "not there", "answers": ["1905"], "ctxs": [{"title": "List", "text": gold, "isgold": True}]},
            {"question": "no gold", "answers": ["1901"], "ctxs": [{"title": "List", "text": gold}]},
            {"question": "", "answers": ["1901"], "ctxs": [{"title": "List", "text": gold, "isgold": True}]},
            {"question": "who and when", "answers": ["1901", "Röntgen"],
             "ctxs": [{"title": "List", "text": gold, "isgold": True}]},
            {"question": "when, said twice", "answers": ["1901", "in 1901", "1905"],
             "ctxs": [{"title": "List", "text": gold, "isgold": True}]},
        ],
    )  # fmt: skip
    skips = SkipCounter()
    records = read_nq_file(path, skips)
    clean = gold.replace(" ,", ",").replace(" .", ".")
    assert [(r.title, r.context, [(a.text, a.start) for a in r.answers]) for r in records] == [
        ("List of Nobel laureates in Physics", clean, [("Wilhelm Conrad Röntgen", 56)]),
        ("List", clean, [("1901", 48)]),
        ("List", clean, [("1901", 48), ("in 1901", 45)]),
    ]
    assert records[0].source_id == "c6e6747373d81b71"  # a hash of the question: NQ-open has no ids
    assert dict(skips.counts["nq"]) == {
        "answer_not_in_evidence": 1,
        "answers_disagree": 1,
        "missing_context": 1,
        "missing_question": 1,
    }


def test_distinct_answers():
    from fqa_build.read.nq import distinct_answers

    assert distinct_answers(["in 1876", "1876"]) == {"1876"}
    assert distinct_answers(["1980", "1979"]) == {"1980", "1979"}
    assert distinct_answers(["The Beatles", "Beatles", ""]) == {"beatles"}
    assert distinct_answers(["Steve Hale", "rich kid Nelson"]) == {"steve hale", "rich kid nelson"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"question": "q", "answers": ["a"], "ctxs": []}\n{oops\n', "line 2 is not JSON"),
        ('{"something": "else"}\n', "not Natural Questions JSONL"),
    ],
)
def test_bad_nq_files_are_clear_errors(tmp_path, text, message):
    path = tmp_path / "nq.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=message):
        read_nq_file(path, SkipCounter())


def test_bad_mrqa_files_are_clear_errors(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text('{"question": "q"}\n', encoding="utf-8")
    with pytest.raises(SourceError, match=r"m\.jsonl: not MRQA JSONL"):
        read_mrqa_file(path, SkipCounter())
    gz = tmp_path / "m.jsonl.gz"
    gz.write_bytes(b"not gzip at all")
    with pytest.raises(SourceError, match=r"m\.jsonl\.gz: cannot read"):
        read_mrqa_file(gz, SkipCounter())


def test_source_specs_nq_and_mrqa(tmp_path):
    path = _mrqa_file(tmp_path / "news.jsonl", subset="NewsQA")
    loaded = load_sources([f"nq:{path}", f"mrqa:{path}"], 1600)
    assert [r.id for r in loaded.records] == ["nq-q-born", "nq-q-year", "mrqa_newsqa-q-born", "mrqa_newsqa-q-year"]
    assert [(i["kind"], i["name"]) for i in loaded.inputs] == [("nq", "news.jsonl"), ("mrqa", "news.jsonl")]
    with pytest.raises(SourceError, match="is a folder"):
        load_sources([f"nq:{tmp_path}"], 1600)


# --- debris the bank never takes ---


@pytest.mark.parametrize(
    ("surface", "label", "expected"),
    [
        ("Jessica Jessica Diggins", "PERSON", None),
        ("Yo Yo Ma", "PERSON", "Yo Yo Ma"),
        ("Boutros Boutros-Ghali", "PERSON", "Boutros Boutros-Ghali"),
        ("Li> Green Party", "ORG", None),
        ("00", "CARDINAL", None),
        ("007", "CARDINAL", None),
        ("0.5", "CARDINAL", "0.5"),
        ("Welch '", "PERSON", None),
        ("Diggins , Jessica", "PERSON", None),
        ("( 1991", "DATE", "1991"),
        ("August 26 , 1991", "DATE", None),
        ("Guns N' Roses", "ORG", "Guns N' Roses"),
    ],
)
def test_debris_is_no_entity(surface, label, expected):
    assert normalize_entity(surface, label) == expected


def test_a_build_on_mrqa_debris_takes_none_into_the_bank(tmp_path):
    path = _mrqa_file(tmp_path / "nq.jsonl")
    # beside the bundled SQuAD sample: the debris keeps no row, and a build that keeps none writes nothing
    squad = Path(__file__).resolve().parents[1] / "data" / "squad_sample.json"
    sources = (f"nq:{path}", f"squad:{squad}")
    result = run_build(BuildConfig(sources=sources, out=tmp_path / "out", cache_dir=None, progress=False))
    bank = pq.read_table(tmp_path / "out" / "entity_bank").column("entity").to_pylist()
    assert bank and not [e for e in bank if "<" in e or ">" in e or " ," in e or "Jessica Jessica" in e or e == "00"]
    assert result.stats["sources"]["nq"]["total"] == 6


# --- real data ---


@pytest.mark.slow
@pytest.mark.real_data
def test_real_nq_open_oracle_reads_every_question():
    skips = SkipCounter()
    records = read_nq_file(NQ_ORACLE, skips)
    assert (len(records), skips.totals["nq"]) == (2128, 2655)
    assert dict(skips.counts["nq"]) == {"answer_not_in_evidence": 1, "answers_disagree": 526}
    for record in records:
        for answer in record.answers:
            assert record.context[answer.start : answer.start + len(answer.text)] == answer.text


@pytest.mark.slow
@pytest.mark.real_data
def test_real_nq_build_holds_every_invariant(tmp_path):
    from fqa_build.checks.validate import validate

    result = run_build(
        BuildConfig(sources=(f"nq:{NQ_ORACLE}",), out=tmp_path / "out", cache_dir=tmp_path / "cache", progress=False)
    )
    assert {rule: ids for rule, ids in validate(result.out).items() if ids} == {}
    stats = result.stats
    assert (stats["sources"]["nq"]["total"], stats["kept"]) == (2655, 671)
    # context_v15 kept context_v14's rows (context_v13's: context_v12's 715 less the rows whose passage does not
    # name one answer, docs/answerability.md) and 6 amounts scaled with their passages' others; context_v17 (the
    # default) drops one of them, a sum the swap left a digit off ("$2.76 billion ... $515.4 million ... $3.27 billion")
    assert stats["entity_types"] == {
        "CARDINAL": 18,
        "DATE": 324,
        "GPE": 11,
        "LOC": 1,
        "MONEY": 7,
        "ORDINAL": 3,
        "ORG": 9,
        "PERCENT": 6,
        "PERSON": 286,
        "QUANTITY": 4,
        "TIME": 2,
    }
    assert stats["sources"]["nq"]["rejected"]["answers_disagree"] == 526
    bank = pq.read_table(result.out / "entity_bank").select(["entity", "entity_type"]).to_pylist()
    # every bank entry is its own normal form: no markup, sort key, split possessive or zero count got in
    assert [e for e in bank if normalize_entity(e["entity"], e["entity_type"]) != e["entity"]] == []
    rows = pq.read_table(result.out / "data").to_pylist()
    for row in rows:
        assert not any(mark in row["context"] for mark in ("<P>", "<Table>", " ,", " 's"))
    # byte for byte the same with one worker and a cold cache
    again = run_build(
        BuildConfig(sources=(f"nq:{NQ_ORACLE}",), out=tmp_path / "again", cache_dir=None, workers=1, progress=False)
    )
    files = sorted(p.relative_to(result.out) for p in result.out.rglob("*.parquet"))
    assert files and files == sorted(p.relative_to(again.out) for p in again.out.rglob("*.parquet"))
    for name in [*files, Path("build_stats.json"), Path("README.md")]:
        assert (result.out / name).read_bytes() == (again.out / name).read_bytes(), name


def test_a_span_that_does_not_hold_its_detected_text_is_dropped():
    # the Hub's rows strip their contexts: a context that began with spaces has every offset shifted
    line = {"context": "Paris is big.", "qas": [{"qid": "s", "question": "What?", "detected_answers": [
        {"text": "Paris", "char_spans": [[1, 5]]}, {"text": "big", "char_spans": [[9, 11]]}]}]}  # fmt: skip
    records = list(records_from_mrqa([(1, line)], "x", SkipCounter()))
    assert [(a.text, a.start) for a in records[0].answers] == [("big", 9)]


def test_load_mrqa_hub_asks_datasets_for_the_mrqa_repo(monkeypatch):
    from fqa_build.read import mrqa

    asked = []
    row = {
        "context": "Paris is the capital of France.",
        "question": "capital of france",
        "detected_answers": {"text": ["Paris"], "char_spans": [{"start": [0], "end": [4]}]},
    }
    rows = datasets.Dataset.from_list(
        [dict(row, subset="SQuAD", qid="a"), dict(row, subset="NaturalQuestionsShort", qid="b")]
    )

    def fake_load_dataset(path, split=None, **kwargs):
        asked.append((path, split))
        return rows

    monkeypatch.setattr(datasets, "load_dataset", fake_load_dataset)
    monkeypatch.setattr("fqa_build.read.sources.hub_unreachable", lambda endpoint: None)  # as if online
    skips = SkipCounter()
    assert [r.id for r in mrqa.load_mrqa_hub(skips, subset="NaturalQuestionsShort")] == ["nq-b"]
    assert [r.id for r in mrqa.load_mrqa_hub(skips)] == ["mrqa_squad-a", "mrqa_naturalquestionsshort-b"]
    assert asked == [("mrqa-workshop/mrqa", "train")] * 2
    loaded = load_sources(["nq"], 1600)
    assert [r.id for r in loaded.records] == ["nq-b"]
    assert loaded.inputs == [
        {"spec": "nq", "kind": "nq", "hub_dataset": "mrqa-workshop/mrqa (NaturalQuestionsShort)", "split": "train"}
    ]
