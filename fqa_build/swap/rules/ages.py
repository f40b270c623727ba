"""Rules on ages: a person's age is compared with other ages and records in the text, so a swapped age breaks
what the comparison said."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: an age: "age 38", "aged 38", "at the age of 38", "38 years old", "a 38-year-old"
_AGE = re.compile(
    r"\b(?:age|aged)\s+(?:of\s+)?\d+\b|\b\d+(?:\s+|-)years?(?:\s+|-)old\b|\bthe\s+age\s+of\s+\w+",
    re.IGNORECASE,
)
#: what compares ages ("the oldest quarterback", "the youngest winner", "a record")
_AGE_COMPARED = re.compile(r"\b(?:oldest|youngest|older|younger|record)\b", re.IGNORECASE)


def is_age(context: str, start: int, end: int) -> bool:
    """True when text[start:end] is an age or the number of one ("age 38"; "38" of "38 years old")."""
    return any(a.start() <= start < a.end() or start <= a.start() < end for a in _AGE.finditer(context))


@rule(Stage.MENTION, Reason.AGE_COMPARED)
def age_stands_alone(swap: Swap) -> Reason | None:
    """An age is left alone where the text gives another age, or its sentence compares ages ("the oldest
    quarterback ever ... at age 39. The past record was held by John Elway ... at age 38"): a new age breaks
    the comparison."""
    context, mention = swap.context, swap.mention
    if swap.label not in ("DATE", "CARDINAL") or not is_age(context, mention.start, mention.end):
        return None
    others = [a for a in _AGE.finditer(context) if a.end() <= mention.start or a.start() >= mention.end]
    start, end = sentences_around(context, mention.start, mention.end)
    return Reason.AGE_COMPARED if others or _AGE_COMPARED.search(context, start, end) else None
