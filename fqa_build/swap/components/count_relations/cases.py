"""Records of the `count_relations` component's rules, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # the count is the total of the parts its sentence gives: no one part can follow it
    "counts_keep_relations": Case(
        "How many students did the school enrol in all?",
        "The school enrolled 500 students in the college, 300 students in the graduate school and 800 students "
        "overall.",
        ("800",),
        (("500", "CARDINAL"), ("300", "CARDINAL"), ("800", "CARDINAL")),
        bank=(("900", "CARDINAL"),),
        without=Reason.COUNT_TIED_IN_PASSAGE,  # its parts count students too
        replacement="900",
    ),
    # another number of the passage counts the same thing: the two are read together (a difference, a rate)
    "count_free_in_passage": Case(
        "How many steps lead to the top of the tower?",
        "A metal stair reaches the deck of the tower after 1,776 steps. The same stair reaches the top of the tower "
        "after 2,579 steps.",
        ("2,579",),
        (("1,776", "CARDINAL"), ("2,579", "CARDINAL")),
        bank=(("3,412", "CARDINAL"),),
        without="A metal stair reaches the deck of the tower after 1,776 steps. The same stair reaches the top of "
        "the tower after 3,412 steps.",
        replacement="3,412",
    ),
}

REASON_OF: dict[str, Reason] = {
    "counts_keep_relations": Reason.COUNT_RELATION_BROKEN,
    "count_free_in_passage": Reason.COUNT_TIED_IN_PASSAGE,
}
