"""Rules on numbers beside a table: a passage that lays numbers out in columns (a financial statement, a table of
results) ties each of them to others by sums, differences and shares, and often restates a cell in its text ("$96.0
million" for 96,037 thousand). A number of such a passage is not swapped: no rewrite of one cell keeps the table's
arithmetic, nor the text that restates it; nor does a date's shift keep the years its columns run by."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case, Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: the labels of numbers a table's arithmetic binds, and of the dates its columns run by (a fiscal year's column
#: beside the years before it: no shift keeps a table's column years, its "2015/16" and its text in step)
VALUE_LABELS = frozenset({"MONEY", "PERCENT", "QUANTITY", "CARDINAL", "DATE"})
#: a cell boundary: a bar or a tab between two fields
_CELL = re.compile(r"\S\s*[|\t]\s*\S")
_DIGIT = re.compile(r"\d")
#: lines of numbers in columns that make a table
TABLE_LINES = 2


def tabulates_numbers(text: str) -> bool:
    """True when at least TABLE_LINES lines of `text` hold cells (fields split by a bar or a tab) and a digit."""
    rows = sum(1 for line in text.split("\n") if _CELL.search(line) and _DIGIT.search(line))
    return rows >= TABLE_LINES


@rule(Stage.MENTION, Reason.VALUE_BESIDE_TABLE)
def value_not_beside_a_table(swap: Swap) -> Reason | None:
    """A number (money, a percentage, a quantity, a count) or a date is swapped only in a passage with no table of
    numbers."""
    if swap.label in VALUE_LABELS and tabulates_numbers(swap.context):
        return Reason.VALUE_BESIDE_TABLE
    return None


_TABLE = (
    "Revenue by region (in thousands):\nRegion | 2019 | 2018\nEurope | 4,120 | 3,870\nAmerica | 2,210 | 1,940\n"
    "Total | 6,330 | 5,810\nThe company sold its plant in Ohio for $12 million in the spring."
)
#: the record the rule rejects under context_v13, and what context_v13 without it makes of it
CASES: dict[str, Case] = {
    # a sum in the text of a statement whose table may restate it
    "value_not_beside_a_table": Case(
        "How much did the company sell its plant in Ohio for?",
        _TABLE,
        ("$12 million",),
        (("$12 million", "MONEY"),),
        bank=(("$15 million", "MONEY"), ("$40 million", "MONEY")),
        without=_TABLE.replace("$12 million", "$10 million"),
        replacement="$10 million",
    ),
}
