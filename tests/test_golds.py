"""The gold answers of context_v10 (swap/components/gold_forms/golds.py): every form of the new answer the source's gold
answers had, no leading or trailing punctuation, no second answer left standing (`no_second_answer_left`), and one row
per (question, context) input (fqa_build/swap/orchestration/substitute.py)."""

from __future__ import annotations

import json

import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.checks.validate import report, validate
from fqa_build.config import DEFAULT_POLICY
from fqa_build.reasons import Reason
from fqa_build.swap.components import GoldForms, OneRowPerQuestion
from fqa_build.swap.components.gold_forms.golds import (
    gold_answers,
    label_family,
    names_entity,
    question_support,
    second_answers_left,
    trimmed_end,
    trimmed_start,
)
from fqa_build.swap.components.one_row_per_question.repeats import question_key, repeated_inputs
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rewriting.rewrite import rewrite_context
from fqa_build.types import Answer, QARecord, Rejection, Sample

from .conftest import ROOT, SAMPLE_COUNTS
from .rule_case import Case
from .rule_cases_golds import CASES
from .test_rules import run, without

V9, V10 = POLICIES["context_v9"], POLICIES["context_v10"]
_PERSONS = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Grace Marx", "PERSON"))


def _at(context: str, text: str, n: int = 0) -> Answer:
    start = -1
    for _ in range(n + 1):
        start = context.index(text, start + 1)
    return Answer(text, start)


# --- every form of the new answer -------------------------------------------------------------------------------

DATE_CONTEXT = "On June 4, 2014, the bridge opened, and by 2015 it carried trains."


def _date_golds(answers: list[Answer], every_form: bool = True, trimmed: bool = True) -> list[tuple[str, int]]:
    rewrite = rewrite_context(DATE_CONTEXT, "2014", "2013")
    first = rewrite.new_span_of(DATE_CONTEXT.index("2014"))
    return [(g.text, g.start) for g in gold_answers(rewrite, answers, first, every_form, trimmed)]


def test_each_source_answer_holding_the_mention_is_a_gold_form():
    answers = [_at(DATE_CONTEXT, "June 4, 2014"), _at(DATE_CONTEXT, "2014"), _at(DATE_CONTEXT, "On June 4, 2014")]
    assert _date_golds(answers) == [("2013", 11), ("On June 4, 2013", 0), ("June 4, 2013", 3)]


def test_without_the_switch_the_row_keeps_one_answer():
    assert _date_golds([_at(DATE_CONTEXT, "June 4, 2014")], every_form=False, trimmed=False) == [("2013", 11)]


def test_trimmed_forms_that_meet_are_one_answer():
    # "June 4, 2014," and "June 4, 2014" are one answer once the comma is gone; "2014" is the first
    answers = [_at(DATE_CONTEXT, "June 4, 2014,"), _at(DATE_CONTEXT, "June 4, 2014"), _at(DATE_CONTEXT, "2014")]
    assert _date_golds(answers) == [("2013", 11), ("June 4, 2013", 3)]


def test_an_answer_without_the_mention_or_cutting_into_it_is_no_form():
    # "2015" holds no rewritten mention; "June 4, 20" cuts into it
    answers = [_at(DATE_CONTEXT, "2015"), Answer("June 4, 20", 3)]
    assert _date_golds(answers) == [("2013", 11)]


def test_the_name_and_the_surname_both():
    context = "The camera team was led by Thomas Addison. Addison also found the tapes."
    rewrite = rewrite_context(context, "Thomas Addison", "Tom Hanks", [("Addison", "Hanks"), ("Thomas", "Tom")])
    first = rewrite.new_span_of(context.index("Thomas"))
    answers = [_at(context, "Thomas Addison."), _at(context, "Addison", 1), _at(context, "Addison")]
    golds = gold_answers(rewrite, answers, first, True, True)
    # the surname inside the full name cuts into a rewritten mention: no form of its own
    assert [(g.text, g.start) for g in golds] == [("Tom Hanks", 27), ("Hanks", 38)]


def test_a_sample_of_context_v10_has_every_form_and_v9_one():
    case = Case(
        "Who led the camera team?",
        "The camera team at the plant was led for many years by Stan Lebar. Lebar also found the missing tapes in "
        "the archive.",
        ("Stan Lebar.", ("Lebar", 1), "Stan Lebar"),
        (("Stan Lebar", "PERSON"),),
        bank=_PERSONS,
    )
    v9, v10 = run(case, V9), run(case, V10)
    assert isinstance(v9, Sample) and isinstance(v10, Sample)
    assert v9.answers == {"text": ["Tom Marx."], "answer_start": [55]}
    assert v10.answers == {"text": ["Tom Marx", "Marx"], "answer_start": [55, 65]}
    assert v10.context == v9.context


# --- no punctuation around an answer -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, trimmed",
    [
        ("Thomas Addison.", "Thomas Addison"),
        ("1994.", "1994"),
        ("February 8, 1974,", "February 8, 1974"),
        ("Robert Reshevsky;", "Robert Reshevsky"),
        ("the station: ", "the station"),
        ("Kennedy,)", "Kennedy"),
        ('Hey"', "Hey"),
        ("Jones'", "Jones"),
        ("the Beatles’", "the Beatles"),
        ("Lyndon Shea's", "Lyndon Shea"),
        ("Tom Marx’s,", "Tom Marx"),
        # what belongs to the answer stays: an abbreviation's period, a quote or bracket opened inside it
        ("U.S.", "U.S."),
        ("John J.", "John J."),
        ("Acme Inc.", "Acme Inc."),
        ("Kenyan athletes (particularly Kalenjin)", "Kenyan athletes (particularly Kalenjin)"),
        ('"Hey"', '"Hey"'),
        ("1-0", "1-0"),
        (".", "."),  # never empty
    ],
)
def test_trailing_punctuation(text, trimmed):
    assert text[: trimmed_end(text, 0, len(text))] == trimmed


@pytest.mark.parametrize(
    "text, trimmed",
    [
        (", John F. Kennedy", "John F. Kennedy"),
        ('"Hey', "Hey"),
        ("(a", "a"),
        ("(a)", "(a)"),
        ("'90s", "'90s"),
        (".45 caliber", ".45 caliber"),
    ],
)
def test_leading_punctuation(text, trimmed):
    assert text[trimmed_start(text, 0, len(text)) :] == trimmed


def test_trimming_keeps_a_rewritten_span_whole():
    # the replacement's own period (its span ends at 12) is no punctuation to cut
    assert trimmed_end("Mount St. X. and", 0, 12, floor=12) == 12
    assert trimmed_end("Mount St. X. and", 0, 12) == 12  # "X." is an initial
    assert trimmed_end("Tom Marx. He", 0, 9, floor=8) == 8
    assert trimmed_start(", Tom", 0, 5, ceiling=0) == 0
    assert trimmed_end("McDonald's opened", 0, 10, floor=10) == 10  # the replacement's own possessive stays


# --- a second answer left standing ------------------------------------------------------------------------------


def test_question_support_counts_question_words_near_the_span():
    text = "Stan Lebar, who led the camera team, also worked with Nafzger to find the missing tapes. Tapes were lost."
    question = "Who worked to find the missing tapes?"
    lebar, nafzger = text.index("Stan Lebar"), text.index("Nafzger")
    assert question_support(text, lebar, lebar + 10, question) == 0
    # "worked", "find", "missing", "tapes" (the next sentence's "Tapes" is out of reach)
    assert question_support(text, nafzger, nafzger + 7, question) == 4
    assert question_support(text, nafzger, nafzger + 7, question, width=2) == 2


def test_label_families():
    assert label_family("PERSON") == label_family("ORG")
    assert "DATE" in label_family("DATE") and "CARDINAL" not in label_family("DATE")
    assert "CARDINAL" in label_family("CARDINAL") and "DATE" not in label_family("CARDINAL")
    assert label_family("WEIRD") == frozenset({"WEIRD"})


def test_names_entity_needs_every_word_inside_an_entity_of_the_family():
    context = "It began in week 7 after their second year with Nafzger."
    entities = ((12, 18, "DATE"), (48, 55, "ORG"))
    names = label_family("PERSON")
    assert names_entity(_at(context, "Nafzger"), entities, names, context)
    assert not names_entity(_at(context, "Nafzger"), entities, label_family("DATE"), context)
    assert names_entity(_at(context, "week 7"), entities, label_family("DATE"), context)
    assert not names_entity(_at(context, "after their second year"), entities, label_family("DATE"), context)


LEFT_CONTEXT = "Stan Lebar met Nafzger in Denver. Stan Lebar and the team of Stan Lebar found the tapes."


@pytest.mark.parametrize(
    "other, left",
    [
        (_at(LEFT_CONTEXT, "Nafzger"), True),  # another name, standing
        (_at(LEFT_CONTEXT, "Stan Lebar", 1), False),  # another occurrence: rewritten with the swap
        (_at(LEFT_CONTEXT, "Lebar met"), False),  # cut by a rewritten span: it changed
        (_at(LEFT_CONTEXT, "met Nafzger"), False),  # overlaps the matched answer ("Stan Lebar met")
        (_at(LEFT_CONTEXT, "the team"), True),  # a phrase: left to `rival` (the rule asks for a name)
        (_at(LEFT_CONTEXT, "Lebar"), False),  # inside the matched answer
    ],
)
def test_second_answers_left(other, left):
    rewrite = rewrite_context(LEFT_CONTEXT, "Stan Lebar", "Tom Marx")
    matched = _at(LEFT_CONTEXT, "Stan Lebar met")
    first = rewrite.new_span_of(0)
    golds = gold_answers(rewrite, [matched, other], first, True, True)
    assert second_answers_left(rewrite, [matched, other], matched, golds, ["Stan Lebar"]) == ([other] if left else [])


def test_a_form_of_the_original_the_rewrite_changed_is_none():
    rewrite = rewrite_context(LEFT_CONTEXT, "Stan Lebar", "Tom Marx")
    matched, other = _at(LEFT_CONTEXT, "Stan Lebar"), Answer("Lebar", 200)
    golds = gold_answers(rewrite, [matched], rewrite.new_span_of(0), True, True)
    assert second_answers_left(rewrite, [matched, other], matched, golds, ["Stan Lebar", "Lebar"]) == []


def test_the_rival_must_name_something_the_question_points_at_closer():
    case = CASES["no_second_answer_left"]
    assert run(case, V10) == Rejection(Reason.SECOND_ANSWER_LEFT, "PERSON", "Stan Lebar", "no_second_answer_left")
    assert isinstance(run(case, without(V10, "no_second_answer_left")), Sample)


@pytest.mark.parametrize(
    "context",
    [
        # the same sentence, the rival no nearer the question's words ("recovered" is one word from each)
        "Tolbert lost a fumble to safety Darian Stewart, which Danny Trevathan recovered at the forty.",
        # the rival in another sentence the question ties less to
        "Danny Trevathan recovered the fumble Tolbert lost at the forty. Darian Stewart was the safety.",
    ],
)
def test_a_rival_no_closer_to_the_question_is_kept(context):
    case = Case(
        "Who recovered Tolbert's fumble?",
        context,
        ("Danny Trevathan", "Darian Stewart"),
        (("Danny Trevathan", "PERSON"), ("Darian Stewart", "PERSON")),
        bank=_PERSONS,
    )
    sample = run(case, V10)
    assert isinstance(sample, Sample) and sample.answers["text"] == [sample.replacement_entity]


def test_a_rival_of_another_family_is_no_second_answer():
    # a date beside a swapped person: the question asks for a person
    case = Case(
        "Who worked to find the missing tapes?",
        "Stan Lebar, who led the camera team at the plant, also worked in 1969 to find the missing tapes in the "
        "archive of the station.",
        ("Stan Lebar", "1969"),
        (("Stan Lebar", "PERSON"), ("1969", "DATE")),
        bank=_PERSONS,
    )
    assert isinstance(run(case, V10), Sample)


# --- one row per (question, context) ----------------------------------------------------------------------------


def _record(rid: str, question: str, context: str = "The bridge opened in 2014 over the river.") -> QARecord:
    return QARecord("squad", rid, "t", question, context, (Answer("2014", 21),))


def test_question_key_folds_white_space_and_case():
    assert question_key("  When did the\n bridge OPEN? ") == "when did the bridge open?"


def test_repeats_keep_the_smallest_id_whatever_the_order():
    records = [
        _record("b", "When did the bridge open?"),
        _record("a", "when did the  bridge open?"),
        _record("c", "When did the bridge open?"),
        _record("d", "When did the bridge open?", "Another bridge opened in 2014 over the river."),
        _record("e", "When did the bridge open ?"),  # punctuation apart: another question
    ]
    assert repeated_inputs(records) == frozenset({"squad-b", "squad-c"})
    assert repeated_inputs(records[::-1]) == frozenset({"squad-b", "squad-c"})
    assert repeated_inputs(records[3:]) == frozenset()


def test_only_context_v10_makes_one_row_per_question():
    assert V10.uses(OneRowPerQuestion) and not V9.uses(OneRowPerQuestion)
    assert V10.uses(GoldForms)
    assert not V9.uses(GoldForms)


def test_a_repeated_input_is_counted_in_the_stats_and_the_card(sample_build, tmp_path):
    """The bundled SQuAD sample with its first paragraph's questions asked again under larger ids (and in other
    case): each repeat is a `duplicate_question`, the rest of the build is the snapshot's, and the folder holds."""
    data = json.loads((ROOT / "data" / "squad_sample.json").read_text(encoding="utf-8"))
    qas = data["data"][0]["paragraphs"][0]["qas"]
    qas += [{**qa, "id": qa["id"] + "-again", "question": qa["question"].upper()} for qa in list(qas)]
    source = tmp_path / "squad.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    cache = sample_build.out.parent / "cache"
    run_build(
        BuildConfig(
            out=out,
            cache_dir=cache,
            sources=(f"squad:{source}",),
            progress=False,
        )
    )
    squad = json.loads((out / "build_stats.json").read_text())["sources"]["squad"]
    pinned = SAMPLE_COUNTS[DEFAULT_POLICY]["sources"]["squad"]
    repeats = len(qas) // 2
    assert squad["rejected"] == {**pinned["rejected"], "duplicate_question": repeats}
    assert (squad["total"], squad["kept"]) == (pinned["total"] + repeats, pinned["kept"])
    assert "| `duplicate_question` |" in (out / "README.md").read_text(encoding="utf-8")
    assert not report(validate(out))
