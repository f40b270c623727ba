"""Edge cases of context_v10's checks on what the text fixes another way and what the question asks for
(fqa_build/swap/rules/asks.py, fixed.py, tallies.py), each with exact expected values, on stand-in swaps."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from fqa_build.reasons import Reason
from fqa_build.swap.rules.asks import performer_is_asked, question_asks_for_a_time, question_grain_fits
from fqa_build.swap.rules.fixed import numbered_instances, year_not_a_numbered_instance, year_not_an_anniversary
from fqa_build.swap.rules.tallies import (
    count_fits_its_list,
    list_lengths,
    part_of_a_whole_in_words,
    stretch_not_in_a_sum,
)


def swap(question: str, context: str, original: str, label: str, n: int = 0, replacement: str = "1") -> SimpleNamespace:
    """A stand-in swap of the n-th occurrence of `original` for `replacement` (every occurrence rewritten)."""
    spans, at = [], -1
    while (at := context.find(original, at + 1)) >= 0:
        spans.append((at, at + len(original)))
    start, end = spans[n]
    return SimpleNamespace(
        label=label,
        original=original,
        replacement=replacement,
        context=context,
        record=SimpleNamespace(question=question),
        mention=SimpleNamespace(start=start, end=end),
        mention_spans=spans,
        rewrite=SimpleNamespace(mention_old_spans=spans),
    )


# --- a date answers only a question for a time -------------------------------------------------------------


@pytest.mark.parametrize(
    "question, expected",
    [
        ("What was their first plan that was launched?", Reason.QUESTION_ASKS_NO_TIME),
        ("What did the act ban?", Reason.QUESTION_ASKS_NO_TIME),
        ("When was the plan launched?", None),
        ("In what year was the plan launched?", None),
        ("How long did the plan run?", None),
        ("What is the earliest the plan ran?", None),
        ("first plan launched", None),  # a keyword query says nothing of what it asks
    ],
)
def test_question_asks_for_a_time(question, expected):
    assert question_asks_for_a_time(swap(question, "The first plan was launched in 2013.", "2013", "DATE")) == expected


def test_question_asks_for_a_time_only_checks_dates():
    assert question_asks_for_a_time(swap("What did they build?", "They built 12 ships.", "12", "CARDINAL")) is None


# --- the grain of a date -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, context, original, expected",
    [
        ("In what month and year did it land?", "It landed in July 1969.", "1969", Reason.QUESTION_GRAIN),
        ("In what month and year did it land?", "It landed in July 1969.", "July 1969", None),
        ("What month was it launched?", "It was launched in 1970.", "1970", Reason.QUESTION_GRAIN),
        # a day asked: the year of a date the text writes in full is no answer, a bare year is
        ("On what date was it awarded?", "On May 21, 2013, it was awarded.", "2013", Reason.QUESTION_GRAIN),
        ("On what date was it awarded?", "It was awarded in 2013.", "2013", None),
        # the answer's own mention a bare year, another mention of it a full date
        (
            "On what date did it run?",
            "It ran on 21 February 1804. He came later in 1804.",
            "1804",
            Reason.QUESTION_GRAIN,
        ),
        ("When did the war begin and end?", "The war lasted from 1756 to 1763.", "1756", Reason.QUESTION_GRAIN),
        ("What years did he serve?", "He served in 1990.", "1990", Reason.QUESTION_GRAIN),
        ("What years did he serve?", "He served in the 1990s.", "the 1990s", None),
        ("In what year did it land?", "It landed in July 1969.", "1969", None),
        ("When was their first title?", "They won in 1948, 1949 and 1960.", "1948, 1949", Reason.QUESTION_GRAIN),
        ("What years did they win?", "They won in 1948, 1949 and 1960.", "1948, 1949", None),
        ("When did the war last?", "The war lasted 1756–1763.", "1756–1763", None),
    ],
)
def test_question_grain_fits(question, context, original, expected):
    assert question_grain_fits(swap(question, context, original, "DATE")) == expected


# --- a performer is no character ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, context, expected",
    [
        ("who is nathan's mother", "His mother Claudette (played by Donna Mills) returns.", Reason.PERFORMER_NOT_ASKED),
        ("who is nathan's mother", "Donna Mills as Claudette, his mother.", Reason.PERFORMER_NOT_ASKED),
        ("who is nathan's mother", "His mother, Claudette (Donna Mills), returns.", Reason.PERFORMER_NOT_ASKED),
        ("who plays nathan's mother", "His mother Claudette (played by Donna Mills) returns.", None),
        ("who is the girl in the video", "Gloria (Donna Mills) takes refuge.", None),  # no relative asked
        ("who wrote the song for her mother", "The song was written and performed by Donna Mills.", None),
        ("who is nathan's mother", "His mother is Donna Mills, a nurse.", None),
    ],
)
def test_performer_is_asked(question, context, expected):
    assert performer_is_asked(swap(question, context, "Donna Mills", "PERSON")) == expected


# --- anniversaries -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "context, original, expected",
    [
        ("It was shown at the Centennial Exposition in 1876.", "1876", Reason.DATE_FIXED_BY_NAME),
        # the anniversary's count is the gap between two years the text writes, sentences apart
        ("It was founded in 1850. In 1950, the town held its centenary.", "1850", Reason.DATE_FIXED_BY_NAME),
        ("It opened on 20 November 1989. That was its 30th anniversary. It began in 1959.", "1959",
         Reason.DATE_FIXED_BY_NAME),
        # an anniversary elsewhere that fixes another year
        ("The plates are of 1888. A ball was held in 1897 for the diamond jubilee.", "1888", None),
        ("It was founded in 1850 and grew fast.", "1850", None),
    ],
)  # fmt: skip
def test_year_not_an_anniversary(context, original, expected):
    assert year_not_an_anniversary(swap("When?", context, original, "DATE")) == expected


# --- numbered instances of a series ------------------------------------------------------------------------


def test_numbered_instances_read_roman_ordinal_and_seasons():
    text = "Super Bowl XLVI, the 50th Super Bowl, the sixth season, season 5, Louis XIV, 66th Street, World War II"
    assert numbered_instances(text) == [
        ("bowl", 46, True),
        ("bowl", 50, True),
        ("season", 6, False),
        ("season", 5, False),
    ]
    assert numbered_instances("their second Super Bowl appearance") == []
    assert numbered_instances("the first Super Bowl") == []  # the first of a series fixes nothing before it
    assert numbered_instances("Super Bowl XC and Super Bowl XCIX") == [("bowl", 90, True), ("bowl", 99, True)]


@pytest.mark.parametrize(
    "context, original, expected",
    [
        ("They won Super Bowl XLII in 2008 and Super Bowl XLVI in 2012.", "2012", Reason.DATE_FIXED_BY_NAME),
        ("The 2012 Super Bowl XLVI was held indoors.", "2012", Reason.DATE_FIXED_BY_NAME),
        ("A fifth season premiered in 2017. A sixth season of 26 episodes will premiere in 2018.", "2018",
         Reason.DATE_FIXED_BY_NAME),
        # a season the text numbers once fixes nothing, nor one whose other number the text does not date
        ("Season 6 premiered in 2018.", "2018", None),
        ("Season 6 premiered in 2018. Season 5 had aired a year before.", "2018", None),
        # a named series beside a year that dates something else
        ("Martin, co-MVP of Super Bowl XII, who died in 1992, was honoured.", "1992", None),
        ("They reached their second Super Bowl appearance since 1995.", "1995", None),
    ],
)  # fmt: skip
def test_year_not_a_numbered_instance(context, original, expected):
    assert year_not_a_numbered_instance(swap("When?", context, original, "DATE")) == expected


def test_a_day_that_keeps_its_year_is_not_fixed_by_a_name():
    context = "The 46th Super Bowl was played on February 5, 2012."
    moved = swap("When?", context, "February 5, 2012", "DATE", replacement="February 6, 2010")
    kept = swap("When?", context, "February 5, 2012", "DATE", replacement="February 6, 2012")
    assert (year_not_a_numbered_instance(moved), year_not_a_numbered_instance(kept)) == (
        Reason.DATE_FIXED_BY_NAME,
        None,
    )
    centennial = "The Centennial Exposition opened on May 10, 1876."
    moved = swap("When?", centennial, "May 10, 1876", "DATE", replacement="May 12, 1870")
    kept = swap("When?", centennial, "May 10, 1876", "DATE", replacement="May 12, 1876")
    assert (year_not_an_anniversary(moved), year_not_an_anniversary(kept)) == (Reason.DATE_FIXED_BY_NAME, None)


# --- counts against the lists of their members ------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, expected",
    [
        ("The films are A (2001), B (2002) and C (2003).", [3]),
        ("They eat breakfast in the morning (kiamsha), lunch in the afternoon and supper at night.", [3]),
        ("The units are the metre, the kilogram, the second, and the candela.", [4]),
        ("The units include the metre, the kilogram and the second.", []),  # a sample, not all
        ("It has restaurants on the first and second levels.", []),  # two joined by "and" are no list
    ],
)
def test_list_lengths(sentence, expected):
    assert list_lengths(sentence) == expected


@pytest.mark.parametrize(
    "context, original, expected",
    [
        ("The series has three films. The films are A (2001), B (2002) and C (2003).", "three",
         Reason.NUMBER_COUNTS_A_LIST),
        ("Kenyans have three meals in a day – breakfast (chai), lunch (chakula) and supper.", "three",
         Reason.NUMBER_COUNTS_A_LIST),
        ("He is a 3-time champion, winning in 1990, 1991 and 1995.", "3", Reason.NUMBER_COUNTS_A_LIST),
        ("It follows the three-tier model of primary education (schools), followed by secondary education and "
         "tertiary education.", "three", Reason.NUMBER_COUNTS_A_LIST),
        # a later list that does not name the counted noun, and the noun itself no item
        ("The series has three films. The cast came from A, B and C.", "three", None),
        ("The tower has three levels for visitors, with restaurants on the first and second levels.", "three", None),
        ("The series has four films. The films are A (2001), B (2002) and C (2003).", "four", None),
    ],
)  # fmt: skip
def test_count_fits_its_list(context, original, expected):
    assert count_fits_its_list(swap("How many?", context, original, "CARDINAL")) == expected


@pytest.mark.parametrize(
    "context, original, expected",
    [
        ("They agreed on fourteen points out of fifteen.", "fourteen", Reason.NUMBER_IN_RANGE),
        ("They agreed on fourteen points out of fifteen.", "fifteen", Reason.NUMBER_IN_RANGE),
        ("Nine of the twelve members came.", "Nine", Reason.NUMBER_IN_RANGE),
        ("They agreed on fourteen points at the meeting.", "fourteen", None),
    ],
)
def test_part_of_a_whole_in_words(context, original, expected):
    assert part_of_a_whole_in_words(swap("How many?", context, original, "CARDINAL")) == expected


@pytest.mark.parametrize(
    "context, original, expected",
    [
        ("It lasts 12 years, comprising eight years in school and four years in college.", "eight years",
         Reason.NUMBER_IN_ARITHMETIC),
        ("It lasts 12 years, comprising eight years in school and four years in college.", "12 years",
         Reason.NUMBER_IN_ARITHMETIC),
        ("NBC, which had lagged for eight years, came first for the first time since 2004.", "eight years",
         Reason.NUMBER_IN_ARITHMETIC),
        ("The war ended in six years, from the battle in 1754 to the fall of the city in 1760.", "six years",
         Reason.NUMBER_IN_ARITHMETIC),
        # a year that only dates the stretch
        ("The river had the bridge in 2008 for ten days.", "ten days", None),
        # stretches compared, not added; another unit; a year is no stretch
        ("It lasts three years, but some last as long as ten years.", "ten years", None),
        ("It lasts 12 months, comprising eight years in school and four years in college.", "12 months", None),
        ("It opened in 1990 after eight years and four years.", "1990", None),
    ],
)  # fmt: skip
def test_stretch_not_in_a_sum(context, original, expected):
    assert stretch_not_in_a_sum(swap("How long?", context, original, "DATE")) == expected
