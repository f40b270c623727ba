"""Decontamination (`--exclude`): normalised question matches and shared 13-grams, each held-out layout, the
counts in build_stats.json and the card, and the real measurements on SQuAD dev."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.checks.evaluate import baseline_scores
from fqa_build.read.decontaminate import load_held_out, ngram_hashes, normalize_question
from fqa_build.read.inputs import load_inputs
from fqa_build.read.skips import SourceError
from fqa_build.release.card_stats import CardError, collect_statistics

from .conftest import SHARED_DATA, SQUAD_DEV

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "squad_sample.json"
WORDS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen".split()


def _jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def _squad_file(path: Path, paragraphs: list[tuple[str, list[tuple[str, str]]]]) -> Path:
    """A SQuAD v1.1 file: paragraphs of (context, [(id, question)]), each answer the context's first word."""
    data = [
        {
            "title": f"t{i}",
            "paragraphs": [
                {
                    "context": context,
                    "qas": [
                        {"id": qid, "question": q, "answers": [{"text": context.split()[0], "answer_start": 0}]}
                        for qid, q in qas
                    ],
                }
            ],
        }
        for i, (context, qas) in enumerate(paragraphs)
    ]
    path.write_text(json.dumps({"data": data, "version": "1.1"}), encoding="utf-8")
    return path


def _kept_ids(tmp_path: Path, sources: Path, *exclude: str) -> tuple[list[str], list[dict]]:
    config = BuildConfig(sources=(f"squad:{sources}",), out=tmp_path / "unused", exclude=exclude, progress=False)
    inputs = load_inputs(config)
    return [r.source_id for r in inputs.records], inputs.decontamination


# --- normalisation and n-grams ---


def test_normalize_question_lowercases_drops_punctuation_and_articles():
    assert normalize_question("Who wrote  'The Hobbit'?") == "who wrote hobbit"
    assert normalize_question("An apple a day, THE end.") == "apple day end"
    assert normalize_question("Theatre and another anthem") == "theatre and another anthem"


def test_ngram_hashes_one_per_13_word_window():
    assert len(ngram_hashes(" ".join(WORDS))) == 2
    assert ngram_hashes(" ".join(WORDS[:12])) == set()
    # case and punctuation do not matter, words do
    assert ngram_hashes("One, TWO; " + " ".join(WORDS[2:13])) == ngram_hashes(" ".join(WORDS[:13]))
    assert ngram_hashes(" ".join(WORDS[:13])) != ngram_hashes(" ".join(WORDS[1:14]))


# --- exclusion, with exact removals ---


def test_exclusion_by_normalised_question(tmp_path):
    source = _squad_file(
        tmp_path / "s.json",
        [("Paris is a city of France.", [("q1", "What is the capital of France?"), ("q2", "Is Paris big?")])],
    )
    held = _jsonl(tmp_path / "held.jsonl", [{"question": "what is capital of france"}, {"question": "Is Rome big?"}])
    kept, report = _kept_ids(tmp_path, source, str(held))
    assert kept == ["q2"]
    assert report == [
        {
            "name": "held.jsonl",
            "sha256": report[0]["sha256"],
            "questions": 2,
            "passages": 0,
            "removed_by_question": 1,
            "removed_by_context": 0,
            "removed": 1,
        }
    ]


def test_exclusion_by_a_shared_13_gram_and_not_by_12(tmp_path):
    thirteen = " ".join(WORDS[:13])
    source = _squad_file(
        tmp_path / "s.json",
        [
            (f"Alpha said: {thirteen}, and left.", [("a1", "Q one?"), ("a2", "Q two?")]),
            (f"Beta said {' '.join(WORDS[:12])} only.", [("b1", "Q three?")]),
        ],
    )
    held = _jsonl(tmp_path / "held.jsonl", [{"ctxs": [{"text": f"Elsewhere: {thirteen.upper()}!"}]}])
    kept, report = _kept_ids(tmp_path, source, str(held))
    assert kept == ["b1"]
    assert (report[0]["removed_by_question"], report[0]["removed_by_context"], report[0]["passages"]) == (0, 2, 1)


def test_a_marked_up_held_out_passage_is_cleaned_like_a_context(tmp_path):
    """NQ-Swap and MRQA passages carry markup and tokenised clitics; the sample's contexts are clean prose."""
    prose = "He didn't go to the old mill by the river on the morning of the great storm that year."
    source = _squad_file(tmp_path / "s.json", [(prose, [("q1", "Where?")])])
    raw = "<P> He did n't go to the old mill by the river </P> <Li> on the morning of the great storm that year . </Li>"
    held = _jsonl(tmp_path / "held.jsonl", [{"org_context": raw}])
    kept, report = _kept_ids(tmp_path, source, str(held))
    assert (kept, report[0]["removed_by_context"]) == ([], 1)


def test_a_json_file_of_json_lines_is_read_as_lines(tmp_path):
    held = tmp_path / "exported.json"  # datasets' Dataset.to_json writes JSON lines under a .json name
    held.write_text('{"question": "First one?"}\n{"question": "Second one?"}\n', encoding="utf-8")
    assert sorted(load_held_out(held).questions) == ["first one", "second one"]


def test_a_held_out_file_of_an_unknown_layout_is_refused(tmp_path):
    held = _jsonl(tmp_path / "held.jsonl", [{"Question": "q", "SearchResults": []}])
    with pytest.raises(SourceError, match=r"held.jsonl holds no question and no passage .*ragtruth:PATH"):
        load_held_out(held)


def test_a_record_is_counted_once_against_the_first_set_it_matches(tmp_path):
    source = _squad_file(tmp_path / "s.json", [("Paris is a city of France.", [("q1", "Why?"), ("q2", "How?")])])
    first = _jsonl(tmp_path / "first.jsonl", [{"question": "why"}])
    second = _jsonl(tmp_path / "second.jsonl", [{"question": "Why?"}, {"question": "How?"}])
    kept, report = _kept_ids(tmp_path, source, str(first), str(second))
    assert kept == []
    assert [(r["name"], r["removed"]) for r in report] == [("first.jsonl", 1), ("second.jsonl", 1)]


def test_the_sample_against_itself_loses_every_question(tmp_path):
    kept, report = _kept_ids(tmp_path, SAMPLE, str(SAMPLE))
    assert kept == []
    assert (report[0]["questions"], report[0]["passages"], report[0]["removed_by_question"]) == (160, 42, 160)


def test_the_sample_against_its_passages_alone_loses_every_question(tmp_path):
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    passages = [{"context": p["context"]} for a in data["data"] for p in a["paragraphs"]]
    held = _jsonl(tmp_path / "passages.jsonl", passages)
    kept, report = _kept_ids(tmp_path, SAMPLE, str(held))
    assert kept == []
    assert (report[0]["removed_by_question"], report[0]["removed_by_context"]) == (0, 160)


# --- held-out layouts ---


def test_layouts_squad_mrqa_nq_open_nq_swap_parquet_and_gzip(tmp_path):
    passage = " ".join(WORDS)
    squad = _squad_file(tmp_path / "squad.json", [(passage, [("x", "Squad question?"), ("y", "Other?")])])
    mrqa = _jsonl(
        tmp_path / "mrqa.jsonl",
        [{"header": {"dataset": "NewsQA"}}, {"context": passage, "qas": [{"question": "Mrqa question?"}]}],
    )
    nq_open = tmp_path / "nq.jsonl.gz"
    with gzip.open(nq_open, "wt", encoding="utf-8") as handle:
        handle.write(json.dumps({"question": "nq question", "answers": ["x"], "ctxs": [{"text": passage}]}) + "\n")
    nq_swap = tmp_path / "nq_swap.parquet"
    pq.write_table(pa.table({"question": ["Swap q?"], "org_context": [passage], "sub_context": [passage]}), nq_swap)
    found = {p.name: load_held_out(p) for p in (squad, mrqa, nq_open, nq_swap)}
    assert {name: sorted(h.questions) for name, h in found.items()} == {
        "squad.json": ["other", "squad question"],
        "mrqa.jsonl": ["mrqa question"],
        "nq.jsonl.gz": ["nq question"],
        "nq_swap.parquet": ["swap q"],
    }
    assert {name: h.passages for name, h in found.items()} == {
        "squad.json": 1,
        "mrqa.jsonl": 1,
        "nq.jsonl.gz": 1,
        "nq_swap.parquet": 2,
    }
    assert all(h.grams == ngram_hashes(passage) for h in found.values())


def test_ragtruth_builtin_reads_qa_summary_and_data_to_text_sources(tmp_path):
    folder = tmp_path / "ragtruth"
    folder.mkdir()
    rows = [
        {"source_id": "1", "task_type": "QA", "source_info": {"question": "How tall?", "passages": "passage one"}},
        {"source_id": "2", "task_type": "Summary", "source_info": "an article"},
        {
            "source_id": "3",
            "task_type": "Data2txt",
            "source_info": {"name": "x", "review_info": [{"review_text": "ok"}]},
        },
    ]
    _jsonl(folder / "source_info.jsonl", rows)
    held = load_held_out(f"ragtruth:{folder}")
    assert (held.name, sorted(held.questions), held.passages) == ("ragtruth:source_info.jsonl", ["how tall"], 3)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "does not exist"),
        ('{"question": "x"}\nnot json\n', "line 2 is not JSON"),
        (b"\xff\xfe", "cannot read the held-out set"),
    ],
)
def test_unreadable_held_out_sets_name_the_file(tmp_path, content, message):
    path = tmp_path / "held.jsonl"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    with pytest.raises(SourceError, match=message) as error:
        load_held_out(path)
    assert "held.jsonl" in str(error.value)


def test_a_folder_or_a_bad_parquet_is_a_clear_error(tmp_path):
    with pytest.raises(SourceError, match="is a folder"):
        load_held_out(tmp_path)
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"not parquet")
    with pytest.raises(SourceError, match="cannot read the held-out Parquet"):
        load_held_out(bad)


def test_two_sets_with_one_file_name_are_refused(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one = _jsonl(tmp_path / "a" / "held.jsonl", [{"question": "x"}])
    two = _jsonl(tmp_path / "b" / "held.jsonl", [{"question": "y"}])
    with pytest.raises(SourceError, match="share a file name"):
        _kept_ids(tmp_path, SAMPLE, str(one), str(two))


# --- the build: stats, manifest and card ---


@pytest.fixture(scope="module")
def decontaminated_build(tmp_path_factory, sample_build):
    """The bundled sample built against a held-out set of two of its questions and one 13-gram of the Danube
    paragraph (4 questions, one of them also matched by question)."""
    base = tmp_path_factory.mktemp("decontaminated")
    held = _jsonl(
        base / "held_out.jsonl",
        [
            {"question": "Where does the Danube rise?"},
            {"question": "in which city was marie curie born"},
            {"text": "It rises in the Black Forest of Germany and flows for about 2,850 kilometres to"},
        ],
    )
    cache = sample_build.out.parent / "cache"
    return run_build(BuildConfig(out=base / "out", cache_dir=cache, progress=False, exclude=(str(held),)))


def test_build_counts_the_removals_per_set_and_as_a_skip(decontaminated_build, sample_build):
    stats = decontaminated_build.stats
    (entry,) = stats["decontamination"]
    assert {k: v for k, v in entry.items() if k != "sha256"} == {
        "name": "held_out.jsonl",
        "questions": 2,
        "passages": 1,
        "removed_by_question": 2,
        "removed_by_context": 3,
        "removed": 5,
    }
    assert stats["sources"]["squad"]["rejected"]["decontaminated"] == 5
    assert stats["sources"]["squad"]["total"] == sample_build.stats["sources"]["squad"]["total"] == 160
    assert decontaminated_build.manifest["held_out"] == [{"name": "held_out.jsonl", "sha256": entry["sha256"]}]
    assert decontaminated_build.manifest["options"]["exclude"] == ["held_out.jsonl"]
    assert "held_out" not in sample_build.manifest and "decontamination" not in sample_build.stats


def test_card_reports_the_decontamination_recounted(decontaminated_build):
    card = (decontaminated_build.out / "README.md").read_text(encoding="utf-8")
    sha = decontaminated_build.stats["decontamination"][0]["sha256"]
    assert "Decontaminated against: `held_out.jsonl` removed 5 (counted as `decontaminated` above)." in card
    assert f"| `held_out.jsonl` | `{sha[:16]}…` | 2 | 1 | 2 | 3 | 5 |" in card
    described = "the question or the context matches a held-out evaluation set (--exclude)"
    assert f"| `decontaminated` | {described} |  | 5 |" in card  # no rule: a read skip


def test_card_refuses_decontamination_numbers_the_funnel_does_not_hold(decontaminated_build, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(decontaminated_build.out, copy)
    stats = json.loads((copy / "build_stats.json").read_text(encoding="utf-8"))
    stats["decontamination"][0]["removed_by_context"] = 4
    stats["decontamination"][0]["removed"] = 6
    (copy / "build_stats.json").write_text(json.dumps(stats), encoding="utf-8")
    with pytest.raises(CardError, match="removed 6 questions, the funnel counts 5"):
        collect_statistics(copy, baseline_scores)


# --- real data: SQuAD dev against the NQ passages and against itself ---

NQ_ORACLE = SHARED_DATA / "nq_open" / "lost_in_the_middle" / "nq-open-oracle.jsonl.gz"


@pytest.mark.slow
@pytest.mark.real_data
def test_squad_dev_against_itself_and_the_nq_passages(tmp_path):
    kept, report = _kept_ids(tmp_path, SQUAD_DEV, str(SQUAD_DEV), f"{NQ_ORACLE}")
    assert kept == []
    assert [(r["name"], r["removed_by_question"], r["removed"]) for r in report] == [
        ("dev-v1.1.json", 10_570, 10_570),
        ("nq-open-oracle.jsonl.gz", 0, 0),
    ]
    kept, report = _kept_ids(tmp_path, SQUAD_DEV, str(NQ_ORACLE))
    assert len(kept) == 10_540
    assert [(r["questions"], r["passages"], r["removed_by_question"], r["removed_by_context"]) for r in report] == [
        (2655, 2655, 1, 29)
    ]
