"""One row per (question, context): an input repeated under several ids (SQuAD dev repeats some questions) makes
the row of its smallest id; the others are counted as `duplicate_question` (its `INPUTS` hook)."""

from __future__ import annotations

from collections.abc import Sequence

from fqa_build.swap.components import OneRowPerQuestion
from fqa_build.swap.hooks import Hook, hook
from fqa_build.types import QARecord


def question_key(question: str) -> str:
    """The question as inputs repeat it: white space collapsed, case folded."""
    return " ".join(question.split()).casefold()


def repeated_inputs(records: Sequence[QARecord]) -> frozenset[str]:
    """Ids of the records whose (question, context) a record of a smaller id also has (whatever their order)."""
    smallest: dict[tuple[str, str], str] = {}
    repeats: set[str] = set()
    for record in records:
        key = (question_key(record.question), record.context)
        kept = smallest.setdefault(key, record.id)
        if kept != record.id:
            repeats.add(max(kept, record.id))
            smallest[key] = min(kept, record.id)
    return frozenset(repeats)


@hook(Hook.INPUTS, OneRowPerQuestion)
def repeats(records: Sequence[QARecord]) -> frozenset[str]:
    """The records that repeat another's input (`repeated_inputs`) make no row."""
    return repeated_inputs(records)
