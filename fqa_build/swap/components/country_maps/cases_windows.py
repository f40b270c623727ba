"""Records of the rule context_v11's evidence windows brought in (rules.py), gathered by tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # the country's adjective labels words of its language: they would stay Hungarian under the new label
    "adjective_not_a_gloss": Case(
        "Whose flag is red, white and green?",
        "The flag of Hungary (Hungarian: Magyarország zászlaja) is a horizontal tricolour of red, white and green.",
        ("Hungary",),
        (("Hungary", "GPE"), ("Hungarian", "NORP")),
        without="The flag of Slovakia (Slovak: Magyarország zászlaja) is a horizontal tricolour of red, white and "
        "green.",
        replacement="Slovakia",
    ),
}

REASON_OF: dict[str, Reason] = {
    "adjective_not_a_gloss": Reason.LANGUAGE_NAMED,
}
