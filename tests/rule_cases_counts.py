"""What the later policies make of the records of the rules on counts (the records themselves sit beside the
rules, swap/components/count_relations/cases.py), gathered by tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

CASES: dict[str, Case] = {
    # the question asks what the club started, not how many: the count is only part of the answer
    "question_asks_a_number": Case(
        "What did the club start in the town?",
        "The club started 40 teams in the town near the river after the war.",
        ("40",),
        (("40", "CARDINAL"),),
        bank=(("60", "CARDINAL"),),
        without="The club started 60 teams in the town near the river after the war.",
        replacement="60",
    ),
}

REASON_OF: dict[str, Reason] = {
    "question_asks_a_number": Reason.QUESTION_KIND_MISMATCH,
}

#: Under context_v11 a count keeps the order of a range's ends and of a part and its whole: the records of
#: `number_context_free` ("between 12 and 15", 27 the only candidate) and `part_of_a_whole_in_words` find no
#: candidate that keeps it; a count beside another number ("five teams and 300 members") is kept
UNREACHED: dict[tuple[str, str], Reason | None] = {
    ("context_v11", "number_context_free"): Reason.NO_CANDIDATE,
    ("context_v11", "part_of_a_whole_in_words"): Reason.NO_CANDIDATE,
    ("context_v11", "count_stands_alone"): None,
}

#: (policy, rule) pairs an earlier policy's UNREACHED holds that context_v11 reaches: `count_not_enumerated` no
#: longer drops "two tumens each of 10,000 men" for a list elsewhere, so `not_a_stated_factor` does
REACHED: tuple[tuple[str, str], ...] = (("context_v11", "not_a_stated_factor"),)
