"""Records of the `quantities` component's rules, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # the new mean time (6.5 days) would fall outside the range the sentence states right after it
    "value_within_stated_range": Case(
        "What was the mean time from onset to ICU admission?",
        "The mean time from onset to ICU admission was 9.5 days (range, 8 to 11 days) in the cohort.",
        ("9.5 days",),
        (("9.5 days", "DATE"),),
        bank=(("6.5 days", "DATE"),),
        without="The mean time from onset to ICU admission was 6.5 days (range, 8 to 11 days) in the cohort.",
        replacement="6.5 days",
    ),
    # a new share would no longer be the share of the 634 women its count states
    "share_agrees_with_its_numbers": Case(
        "What share of the participants were women?",
        "Among the participants of the survey, 634 [47.9%] were women and the others were men from the same towns.",
        ("47.9%",),
        (("634", "CARDINAL"), ("47.9%", "PERCENT")),
        without="Among the participants of the survey, 634 [31.4%] were women and the others were men from the same "
        "towns.",
        replacement="31.4%",
    ),
}

REASON_OF: dict[str, Reason] = {
    "value_within_stated_range": Reason.VALUE_OUTSIDE_RANGE,
    "share_agrees_with_its_numbers": Reason.SHARE_TIED,
}
