"""Ages compared in their text (fqa_build/swap/rules/ages.py) and decades that move one step at most (the filter
`decade_moves_one`, fqa_build/swap/drawing/filters/dates.py): one test per condition."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from fqa_build.reasons import Reason
from fqa_build.swap.drawing.filters.dates import decade_moves_one
from fqa_build.swap.rules.ages import age_stands_alone, is_age
from fqa_build.types import Mention

TEXT = "He won the title at age 38, and he was 38 years old; his son, a 12-year-old, was born in 1938."


@pytest.mark.parametrize(
    "piece, age",
    [("age 38", True), ("38 years old", True), ("12", True), ("1938", False)],
)
def test_is_age(piece, age):
    start = TEXT.index(piece)
    assert is_age(TEXT, start, start + len(piece)) is age


def _swap(context: str, original: str, label: str = "DATE") -> SimpleNamespace:
    start = context.index(original)
    mention = Mention(start, start + len(original), label, original, start, start + len(original))
    return SimpleNamespace(context=context, mention=mention, label=label, original=original)


@pytest.mark.parametrize(
    "context, original, reason",
    [
        ("Elway won at age 38, and Manning played at age 39.", "age 38", Reason.AGE_COMPARED),
        ("Elway won at age 38; the oldest winner ever.", "age 38", Reason.AGE_COMPARED),
        ("Elway won the final at age 38 in Miami.", "age 38", None),  # an age alone: the swap is free
        ("Elway won the final at age 38. He signed a record deal.", "age 38", None),  # a record elsewhere
        ("In 1998 and in 1999 he won at age 38.", "1998", None),  # no age
    ],
)
def test_an_age_compared_is_left_alone(context, original, reason):
    assert age_stands_alone(_swap(context, original)) == reason


@pytest.mark.parametrize(
    "original, candidate, kept",
    [
        ("the early 1970s", "the early 1980s", True),
        ("the early 1970s", "the early 1960s", True),
        ("the early 1970s", "the early 1990s", False),
        ("the 1970s", "1975", False),  # a year is no decade
    ],
)
def test_a_decade_moves_one_decade_at_most(original, candidate, kept):
    test = decade_moves_one(SimpleNamespace(original=original, label="DATE"))
    assert test(SimpleNamespace(entity=candidate)) is kept


def test_decade_moves_one_leaves_other_dates_alone():
    assert decade_moves_one(SimpleNamespace(original="1974", label="DATE")) is None
    assert decade_moves_one(SimpleNamespace(original="the 14th century", label="DATE")) is None
