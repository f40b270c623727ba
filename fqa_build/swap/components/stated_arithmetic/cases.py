"""Records of the `stated_arithmetic` component's rule, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # 20.4 kg at 712p/kg is £145.25: a new value a head, with the weight and the price per kilogram as they are,
    # would contradict them (a price in pence per kilogram is no amount the swap moves)
    "stated_arithmetic_kept": Case(
        "What was each lamb worth on average?",
        "The 1,240 lambs sold at Tarrow mart on Tuesday averaged 20.4 kg at 712p/kg, or £145.25 a head.",
        ("£145.25",),
        (("£145.25", "MONEY"), ("20.4 kg", "QUANTITY")),
        without="The 1,240 lambs sold at Tarrow mart on Tuesday averaged 20.4 kg at 712p/kg, or £104.11 a head.",
        replacement="£104.11",
    ),
}

REASON_OF: dict[str, Reason] = {"stated_arithmetic_kept": Reason.STATED_ARITHMETIC_BROKEN}
