"""Records of the rules on ages (fqa_build/swap/rules/ages.py), gathered by tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

CASES: dict[str, Case] = {
    # an age the text compares with another ("the oldest ... at age 39"): a new age breaks the record
    "age_stands_alone": Case(
        "How old was Elway when he won the final?",
        "Manning became the oldest quarterback to play in the final at age 39. The past record was held by Elway, "
        "who won it at age 38 with the team.",
        ("age 38",),
        (("age 39", "DATE"), ("age 38", "DATE")),
        bank=(("age 41", "DATE"),),
        without="Manning became the oldest quarterback to play in the final at age 39. The past record was held by "
        "Elway, who won it at age 41 with the team.",
        replacement="age 41",
    ),
}

REASON_OF: dict[str, Reason] = {"age_stands_alone": Reason.AGE_COMPARED}
