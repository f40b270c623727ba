"""Numbers read as quantities (issue 37, the `quantities` component of context_v14; the text readers in
fqa_build/facts/quantities.py): which mentions of a number's string denote the same quantity, the range and the
count-and-share pair a passage states beside a number, and what context_v14 makes of passages of these shapes
(written for these tests) where context_v13 rewrote a fact the question is not about."""

from __future__ import annotations

import pytest

from fqa_build.facts.quantities import (
    measure_after,
    paired_share,
    question_names,
    same_quantity_spans,
    stated_range,
    stated_tie,
    subject_before,
)
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rule import Case
from fqa_build.types import Rejection, Sample

from .test_rules import run

TABLE = "Unemployment in 2020: Austria 1.1% | Belgium 0.9% | Denmark 1.1%."


def _at(text: str, part: str, n: int = 0) -> int:
    start = -1
    for _ in range(n + 1):
        start = text.index(part, start + 1)
    return start


@pytest.mark.parametrize(
    ("text", "part", "n", "subject"),
    [
        (TABLE, "1.1%", 0, "Austria"),
        (TABLE, "1.1%", 1, "Denmark"),
        ("Smith scored 12 points and Jones scored 12 points.", "12", 1, "Jones"),
        ("The rate was 1.1% in 2001.", "1.1%", 0, None),
        ("In 2005 it was still 1.1%.", "1.1%", 0, None),
        ("Site A: 12.4 mg/L; Site B: 12.4 mg/L", "12.4", 1, "Site B"),
    ],
)
def test_subject_before(text, part, n, subject):
    assert subject_before(text, _at(text, part, n)) == subject


def test_a_named_entity_is_a_subject_where_the_words_are_lower_case():
    text = "in the survey, bpi group 3.2 and delta team 3.2"
    assert subject_before(text, _at(text, "3.2", 1), [(text.index("delta team"), text.index("delta team") + 10)]) == (
        "delta team"
    )


def test_measure_after():
    text = "Spending was 1.1% of GDP, and savings 1.1% of income; inflation stood at 1.1%."
    assert [measure_after(text, _at(text, "1.1%", n) + 4) for n in range(3)] == ["gdp", "income", None]


@pytest.mark.parametrize(
    ("text", "original", "n", "spans"),
    [
        (TABLE, "1.1%", 0, ((30, 34),)),
        (TABLE, "1.1%", 1, ((60, 64),)),
        ("The rate was 1.1% in 2001. By 2005 it was still 1.1%.", "1.1%", 0, None),
        ("Spending was 1.1% of GDP and savings were 1.1% of income.", "1.1%", 0, ((13, 17),)),
        ("Austria 1.1% in 2019, and Austria 1.1% again in 2020.", "1.1%", 0, None),
        ("Only one mention: Austria 1.1%.", "1.1%", 0, None),
    ],
)
def test_same_quantity_spans(text, original, n, spans):
    assert same_quantity_spans(text, original, _at(text, original, n)) == spans


@pytest.mark.parametrize(
    ("text", "after", "expected"),
    [
        ("a mean of 9.5 days (range, 8 to 11 days) in all", "9.5 days", (8.0, 11.0)),
        ("OR 1.42 (95% CI, 1.10 to 1.83)", "1.42", (1.1, 1.83)),
        ("a median of 6 (IQR 3-9) visits", "6", (3.0, 9.0)),
        ("stays of 9.5 days, ranging from 8 to 11 days", "9.5 days", (8.0, 11.0)),
        ("the dose was 9.5 mg (95 mg in all)", "9.5 mg", None),
        ("from 8 to 11 days", "8", None),
    ],
)
def test_stated_range(text, after, expected):
    assert stated_range(text, text.index(after) + len(after)) == expected


@pytest.mark.parametrize(
    ("text", "part", "paired"),
    [
        ("Of 1,257 participants, 634 [47.9%] were women.", "634", True),
        ("Of 1,257 participants, 634 [47.9%] were women.", "47.9", True),
        ("Overall 47.9% (634 of 1,257) reported pain.", "47.9", True),
        ("Overall 47.9% (n = 634) reported pain.", "634", True),
        ("Overall 47.9% of 1,257 reported pain.", "47.9", False),
        ("The 634 members (of 1,257) met.", "634", False),
    ],
)
def test_paired_share(text, part, paired):
    start = text.index(part)
    end = start + len(part) + (1 if text[start + len(part)] == "%" else 0)
    assert paired_share(text, start, end) is paired


RESPONSE = (
    "Of 18,500 addresses sampled, 9,842 households completed the interview, a response rate of 53.2%. The median "
)
RESPONSE += "consumption was 3,100 kWh."
LINES = (
    "By line: Line 1 — 96.8%; Line 2 — 98.1%; Line 3 — 95.2%; Line 4 — 95.9%; Line 5 — 97.4%. The average was 96.7%."
)
SPENDING = "Average annual spending on energy rose to €2,315, up from €1,480 in 2020, a rise of 56.4%."


@pytest.mark.parametrize(
    ("text", "part", "relation"),
    [
        (RESPONSE, "53.2%", "share"),
        (RESPONSE, "9,842", "share"),
        (RESPONSE, "18,500", "share"),
        (RESPONSE, "3,100", None),
        (LINES, "98.1%", "mean"),
        (LINES, "96.7%", "mean"),
        (SPENDING, "2,315", "change"),
        (SPENDING, "56.4%", "change"),
        ("The rate rose to 4.3% in 2021, and 47,000 more people were out of work.", "4.3%", None),
        ("MIG joints averaged 187 MPa, an efficiency of 60%.", "60%", None),
    ],
)
def test_stated_tie(text, part, relation):
    start = text.index(part)
    assert stated_tie(text, start, start + len(part)) == relation


def test_question_names():
    assert question_names("What was the estimate for New South Wales in 2020?") == {
        "new south wales",
        "new",
        "south",
        "wales",
    }
    assert question_names("What share fell?") == frozenset()


def _outcomes(case: Case) -> tuple:
    return tuple(run(case, POLICIES[name]) for name in ("context_v13", "context_v14"))


def test_a_table_row_keeps_another_subjects_value():
    case = Case(
        "What share of Austrians were unemployed?",
        TABLE,
        ("1.1%",),
        (("Austria", "GPE"), ("1.1%", "PERCENT"), ("Belgium", "GPE"), ("0.9%", "PERCENT"), ("Denmark", "GPE"),
         ("1.1%", 1)),
    )  # fmt: skip
    v13, v14 = _outcomes(case)
    assert v13.context == "Unemployment in 2020: Austria 1.2% | Belgium 0.9% | Denmark 1.2%."  # Denmark's changed
    assert (
        isinstance(v14, Sample) and v14.context == "Unemployment in 2020: Austria 1.2% | Belgium 0.9% | Denmark 1.1%."
    )
    assert v14.answers == {"text": ["1.2%"], "answer_start": [30]}


def test_a_mean_stays_inside_the_range_stated_after_it():
    case = Case(
        "What was the mean time from onset to ICU admission?",
        "The mean time from onset to ICU admission was 9.5 days (range, 8 to 11 days) in the cohort.",
        ("9.5 days",),
        (("9.5 days", "DATE"),),
        bank=(("6.5 days", "DATE"),),
    )
    v13, v14 = _outcomes(case)
    assert v13.context.startswith("The mean time from onset to ICU admission was 6.5 days (range, 8 to 11 days)")
    assert isinstance(v14, Rejection) and v14.rule == "value_within_stated_range"


def test_a_share_beside_its_count_is_not_swapped():
    case = Case(
        "What share of the participants were women?",
        "Among the participants of the survey, 634 [47.9%] were women and the others were men from the same towns.",
        ("47.9%",),
        (("634", "CARDINAL"), ("47.9%", "PERCENT")),
    )
    v13, v14 = _outcomes(case)
    assert isinstance(v13, Sample) and "634 [31.4%]" in v13.context
    assert isinstance(v14, Rejection) and v14.rule == "share_agrees_with_its_numbers"
