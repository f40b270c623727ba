"""Evidence windows (context_v11): a swap the whole passage refuses for a tie elsewhere in it, tried once more on
a window of whole sentences that holds the answer and the question's evidence; the window's column in builds
whose policy cuts windows, and in no other."""

from __future__ import annotations

import dataclasses

import pyarrow.parquet as pq

import faithfulness_qa as fqa
from fqa_build.reasons import Reason
from fqa_build.swap.components import EvidenceWindows
from fqa_build.swap.components.evidence_windows.windows import evidence_window, window_info
from fqa_build.swap.orchestration.state import ContextInfo
from fqa_build.types import SAMPLE_FIELDS, Mention, Rejection, Sample

from .conftest import qa_record
from .retired_policies import CONTEXT_V10, CONTEXT_V11
from .rule_case import Case
from .test_rules import run

#: the tie (an undated period of the passage) lies two sentences after the answer's
TIED = (
    "Rain fell all week in the town. The society was founded in 1906 and closed in 1921. Its hall stood on the "
    "main square. The interwar years were hard for its members."
)
ASKED = "When was the society with a hall on the main square founded?"


def _case(context: str, question: str = ASKED) -> Case:
    return Case(question, context, ("1906",), (("1906", "DATE"), ("1921", "DATE")))


def test_window_holds_the_answer_and_the_sentences_the_question_points_to():
    window = evidence_window(qa_record(TIED, "1906", ASKED))
    assert (window.start, window.end) == (32, 118)
    assert window.record.context == (
        "The society was founded in 1906 and closed in 1921. Its hall stood on the main square."
    )
    assert [(a.text, a.start) for a in window.record.answers] == [("1906", 27)]
    assert window.record.question == ASKED and window.record.id == "squad-q"


def test_window_takes_one_neighbour_at_least_the_earlier_on_a_tie():
    context = "Rain fell all week. The society was founded in 1906. Its hall stood on the square. It closed later."
    window = evidence_window(qa_record(context, "1906", "When was the society founded?"))
    assert window.record.context == "Rain fell all week. The society was founded in 1906."


def test_window_takes_the_sentence_a_pronoun_leans_on():
    context = "The club met weekly. It was founded in 1906 by printers. Its hall stood on the square. The war came."
    window = evidence_window(qa_record(context, "1906", "When was the club founded?"))
    assert (window.start, window.end) == (0, 56)
    assert window.record.context == "The club met weekly. It was founded in 1906 by printers."


def test_no_window_cuts_a_passage_of_two_sentences_or_one_whose_evidence_lies_far():
    assert evidence_window(qa_record("The society was founded in 1906. It closed.", "1906", "When?")) is None
    far = (
        "The society was founded in 1906. Rain fell. Rain fell again. Rain fell more. Rain fell on. "
        "Rain stopped. The hall of the printers stood on the square."
    )
    assert evidence_window(qa_record(far, "1906", "When was the society of printers with a hall founded?")) is None


def test_no_window_opens_on_an_abbreviation_cut():
    context = "Ann lived on St. Mark's Place. The shop was opened in 1906. It sold bread. The war came."
    window = evidence_window(qa_record(context, "1906", "When was the shop opened?"))
    assert window.record.context == "Ann lived on St. Mark's Place. The shop was opened in 1906."


def test_no_window_opens_on_a_word_leaning_back_at_the_passage_start():
    context = "He lived on the square. The shop was opened in 1906. It sold bread. The war came."
    assert evidence_window(qa_record(context, "1906", "When was the shop opened?")) is None


def test_window_info_slices_the_passage_ner_to_the_window():
    info = ContextInfo(
        ((10, 14, "DATE"), (40, 44, "DATE"), (60, 70, "GPE")),
        (Mention(10, 14, "DATE", "1906", 10, 14), Mention(40, 44, "DATE", "1921", 40, 44)),
        frozenset(),
    )
    window = dataclasses.replace(evidence_window(qa_record(TIED, "1906", ASKED)), start=30, end=75)
    cut = window_info(info, window, frozenset({("x",)}))
    assert cut.entities == ((10, 14, "DATE"), (30, 40, "GPE"))
    assert cut.mentions == (Mention(10, 14, "DATE", "1921", 10, 14),)
    assert cut.ngrams == frozenset({("x",)})


def test_a_tie_outside_the_window_is_cut_away():
    sample = run(_case(TIED), CONTEXT_V11)
    assert isinstance(sample, Sample)
    assert sample.context_start == 32
    assert sample.context == "The society was founded in 1909 and closed in 1924. Its hall stood on the main square."
    assert sample.original_context == (
        "The society was founded in 1906 and closed in 1921. Its hall stood on the main square."
    )
    assert sample.answers == {"text": ["1909"], "answer_start": [27]}
    assert sample.original_answers == {"text": ["1906"], "answer_start": [27]}
    assert sample.replaced_spans == [{"start": 27, "end": 31}, {"start": 46, "end": 50}]


def test_a_tie_inside_the_window_still_refuses():
    context = (
        "The interwar years were hard for its members. The society was founded in 1906 and closed in 1921. It met."
    )
    outcome = run(_case(context, "When was the society founded?"), CONTEXT_V11)
    assert outcome == Rejection(Reason.TIMELINE_UNDATED_EVENT, "DATE", "1906", "timeline_without_undated_event")


def test_without_the_switch_the_passage_refuses():
    assert CONTEXT_V11.uses(EvidenceWindows) and not CONTEXT_V10.uses(EvidenceWindows)
    outcome = run(_case(TIED), CONTEXT_V11.without(EvidenceWindows))
    assert outcome == Rejection(Reason.TIMELINE_UNDATED_EVENT, "DATE", "1906", "timeline_without_undated_event")


def test_a_whole_passage_sample_has_no_window():
    whole = "The society was founded in 1906 and closed in 1921. Its hall stood on the main square."
    sample = run(_case(whole), CONTEXT_V11)
    assert isinstance(sample, Sample) and sample.context_start is None


def test_the_window_column_is_only_in_windowed_rows():
    sample = Sample(**{name: None for name in SAMPLE_FIELDS}, context_start=32)
    assert list(sample.row()) == list(fqa.DEFAULT_FEATURES)
    assert list(sample.row(True)) == [*fqa.DEFAULT_FEATURES, "context_start"]
    assert sample.row(True)["context_start"] == 32
    assert list(fqa.WINDOWED_DEFAULT_FEATURES) == [*fqa.DEFAULT_FEATURES, "context_start"]
    assert fqa.WINDOWED_DEFAULT_FEATURES["context_start"] == fqa.datasets.Value("int32")
    assert fqa.windowed(fqa.CONFIGS_BY_NAME["entity_bank"]) is fqa.CONFIGS_BY_NAME["entity_bank"]


def test_an_uncut_build_has_no_window_column(sample_build):
    for path in sorted((sample_build.out / "data").glob("*.parquet")):
        assert "context_start" not in pq.ParquetFile(path).schema_arrow.names
    config = fqa.CONFIGS_BY_NAME["default"]
    assert fqa.written_config(sample_build.out, config) is config


def test_a_gloss_in_the_country_language_refuses_the_map():
    context = (
        "The flag of Hungary (Hungarian: Magyarország zászlaja) is a horizontal tricolour of red, white and green. "
        "It has been the official flag since 1957."
    )
    case = Case("Whose flag is red, white and green?", context, ("Hungary",), (("Hungary", "GPE"),))
    assert run(case, CONTEXT_V11) == Rejection(Reason.LANGUAGE_NAMED, "GPE", "Hungary", "adjective_not_a_gloss")
    plain = context.replace("Hungarian: ", "Hungarian name: ")
    assert run(Case(case.question, plain, case.answers, case.entities), CONTEXT_V11) == Rejection(
        Reason.LANGUAGE_NAMED, "GPE", "Hungary", "adjective_not_a_language"
    )


def test_a_windowed_build_writes_validates_and_loads_the_column(sample_build, tmp_path):
    from fqa_build import BuildConfig, run_build
    from fqa_build.checks.validate import validate
    from fqa_build.config import SubstitutionConfig

    cache = sample_build.out.parent / "cache"
    out = tmp_path / "v11"
    run_build(
        BuildConfig(out=out, cache_dir=cache, progress=False, substitution=SubstitutionConfig(policy="context_v11"))
    )
    table = pq.read_table(out / "data")
    assert table.schema.names == [*fqa.DEFAULT_FEATURES, "context_start"]
    windows = table.num_rows - table.column("context_start").null_count
    assert windows == 11
    for row in table.to_pylist():
        if row["context_start"] is not None:  # every offset is relative to the window
            for key, text in (("answers", row["context"]), ("original_answers", row["original_context"])):
                for answer, start in zip(row[key]["text"], row[key]["answer_start"], strict=True):
                    assert text[start : start + len(answer)] == answer
    found = validate(out)
    assert not found.get("schema") and not found.get("loads") and not found.get("card_recount")
    card = (out / "README.md").read_text(encoding="utf-8")
    assert f"{windows:,} of the {table.num_rows:,} rows are such windows" in card
    assert "name: context_start" in card and "| `context_start` |" in card
    builder = fqa.FaithfulnessQA(config_name="default", data_dir=str(out), cache_dir=str(tmp_path / "hf"))
    builder.download_and_prepare()
    loaded = builder.as_dataset()
    assert loaded["train"].features == fqa.WINDOWED_DEFAULT_FEATURES
    assert sum(len(loaded[s]) - loaded[s]["context_start"].count(None) for s in loaded) == windows
    plain = fqa.FaithfulnessQA(config_name="default", data_dir=str(sample_build.out), cache_dir=str(tmp_path / "hf0"))
    assert plain.info.features == fqa.DEFAULT_FEATURES
