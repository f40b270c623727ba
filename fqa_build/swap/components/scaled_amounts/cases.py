"""Records of the `scaled_amounts` component's rule, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # the new share would no longer be the £11.6m of the £48.3m two sentences before it
    "percent_not_of_amounts": Case(
        "What share of passenger revenue came from season tickets?",
        "Passenger revenue was £48.3m in the year, and season tickets brought in £11.6m of it. Season tickets made up "
        "24% of the revenue.",
        ("24%",),
        (("£48.3m", "MONEY"), ("£11.6m", "MONEY"), ("24%", "PERCENT")),
        without="Passenger revenue was £48.3m in the year, and season tickets brought in £11.6m of it. Season tickets "
        "made up 15% of the revenue.",
        replacement="15%",
    ),
}

REASON_OF: dict[str, Reason] = {"percent_not_of_amounts": Reason.PERCENT_OF_AMOUNTS}
