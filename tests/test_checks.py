"""The checks on the finished sample (rules of stage CHECK), each on a hand-made swap."""

from types import SimpleNamespace

import pytest

from fqa_build.config import SubstitutionConfig
from fqa_build.reasons import Reason
from fqa_build.swap.rules import CHECKS, RULES

ORIGINAL_CONTEXT = "Barack Obama visited Paris in 2009 and spoke about trade with the French president."
NEW_CONTEXT = "Tom Hanks visited Paris in 2009 and spoke about trade with the French president."


def swap(**change):
    """A finished swap of "Barack Obama" for "Tom Hanks" as the CHECK rules see it, with `change` applied."""
    fields = dict(
        context=ORIGINAL_CONTEXT,
        new_context=NEW_CONTEXT,
        question="Who visited Paris in 2009?",
        original="Barack Obama",
        old_forms=["Obama", "Barack"],
        replacement="Tom Hanks",
        mentions=1,
        answer_text="Tom Hanks",
        answer_start=0,
        config=SubstitutionConfig(),
    )
    fields.update(change)
    return SimpleNamespace(
        context=fields["context"],
        rewrite=SimpleNamespace(text=fields["new_context"], mentions=fields["mentions"], kept=0),
        record=SimpleNamespace(question=fields["question"]),
        original=fields["original"],
        old_forms=fields["old_forms"],
        replacement=fields["replacement"],
        answer_span=(fields["answer_start"], fields["answer_start"] + len(fields["answer_text"])),
        answer_text=fields["answer_text"],
        config=fields["config"],
    )


def first_failure(s):
    return next((reason for name in CHECKS if (reason := RULES[name](s))), None)


def test_good_sample_passes_every_check():
    assert first_failure(swap()) is None


def test_checks_run_in_the_reference_order_then_ours():
    assert [RULES[name].reasons[0] for name in CHECKS] == [
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
        ({"new_context": ORIGINAL_CONTEXT.replace("Barack Obama", "Someone else")}, Reason.NEW_ENTITY_ABSENT),
        ({"new_context": ORIGINAL_CONTEXT, "replacement": "Paris"}, Reason.CONTEXT_UNCHANGED),
        ({"new_context": "Tom Hanks visited Paris.", "answer_start": 0}, Reason.CONTEXT_TOO_SHORT),
        ({"context": ORIGINAL_CONTEXT + " Tom Hanks was there."}, Reason.REPLACEMENT_IN_ORIGINAL),
        ({"mentions": 11}, Reason.TOO_MANY_OCCURRENCES),
        (
            {"replacement": "T", "answer_text": "T", "new_context": NEW_CONTEXT.replace("Tom Hanks", "T")},
            Reason.REPLACEMENT_TOO_SHORT,
        ),
        ({"new_context": NEW_CONTEXT + " Obama left."}, Reason.ORIGINAL_ENTITY_REMAINS),
        ({"new_context": NEW_CONTEXT + " obama left."}, Reason.ORIGINAL_ENTITY_REMAINS),
        ({"answer_start": 3}, Reason.INVALID_ANSWER_OFFSETS),
        ({"answer_text": "Paris", "answer_start": 18}, Reason.INVALID_ANSWER_OFFSETS),
        ({"question": "Where did Obama go in 2009?"}, Reason.ORIGINAL_IN_QUESTION),
    ],
)
def test_each_check_names_its_failure(change, reason):
    assert first_failure(swap(**change)) == reason


def test_ten_occurrences_are_allowed():
    assert first_failure(swap(mentions=10)) is None


def test_original_inside_longer_word_does_not_count_as_remaining():
    assert first_failure(swap(new_context=NEW_CONTEXT + " Obamacare passed.")) is None
