from dataclasses import replace

import pytest

from build.swap.checks import CHECKS, CheckInput, first_failure

GOOD = CheckInput(
    original_context="Barack Obama visited Paris in 2009 and spoke about trade with the French president.",
    context="Tom Hanks visited Paris in 2009 and spoke about trade with the French president.",
    question="Who visited Paris in 2009?",
    original="Barack Obama",
    original_parts=("Obama", "Barack"),
    replacement="Tom Hanks",
    num_replacements=1,
    answer_text="Tom Hanks",
    answer_start=0,
    min_context_chars=50,
    max_occurrences=10,
)


def test_good_sample_passes_every_check():
    assert first_failure(GOOD) is None


def test_reason_names_are_stable():
    assert [name for name, _ in CHECKS] == [
        "new_entity_absent",
        "context_unchanged",
        "context_too_short",
        "replacement_in_original",
        "too_many_occurrences",
        "replacement_too_short",
        "original_entity_remains",
        "invalid_answer_offsets",
        "original_in_question",
    ]


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"context": GOOD.original_context.replace("Barack Obama", "Someone else")}, "new_entity_absent"),
        ({"context": GOOD.original_context, "replacement": "Paris"}, "context_unchanged"),
        ({"context": "Tom Hanks visited Paris.", "answer_start": 0}, "context_too_short"),
        ({"original_context": GOOD.original_context + " Tom Hanks was there."}, "replacement_in_original"),
        ({"num_replacements": 11}, "too_many_occurrences"),
        (
            {
                "replacement": "T",
                "answer_text": "T",
                "context": "T visited Paris in 2009 and spoke about trade with the French president.",
            },
            "replacement_too_short",
        ),
        ({"context": GOOD.context + " Obama left."}, "original_entity_remains"),
        ({"context": GOOD.context + " obama left."}, "original_entity_remains"),
        ({"answer_start": 3}, "invalid_answer_offsets"),
        ({"answer_text": "Paris", "answer_start": 18}, "invalid_answer_offsets"),
        ({"question": "Where did Obama go in 2009?"}, "original_in_question"),
    ],
)
def test_each_check_names_its_failure(change, reason):
    assert first_failure(replace(GOOD, **change)) == reason


def test_ten_occurrences_are_allowed():
    assert first_failure(replace(GOOD, num_replacements=10)) is None


def test_original_inside_longer_word_does_not_count_as_remaining():
    sample = replace(GOOD, context=GOOD.context + " Obamacare passed.")
    assert first_failure(sample) is None
