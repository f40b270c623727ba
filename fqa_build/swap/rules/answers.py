"""Rules on the source's other gold answers: none that names something else than the new answer may stand in the
new context, where it would still answer the question (swap/components/gold_forms/golds.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.components.gold_forms.golds import (
    gold_answers,
    label_family,
    names_entity,
    question_support,
    second_answers_left,
)
from fqa_build.swap.rule import Stage, rule
from fqa_build.types import Answer

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@rule(Stage.ANSWER, Reason.SECOND_ANSWER_LEFT)
def no_second_answer_left(swap: Swap) -> Reason | None:
    """No gold answer of the source that a reader would still give is left standing: one that holds no rewritten
    mention, names another entity of the swapped one's family (a name, a date, a number: "Nafzger" beside the
    swapped "Stan Lebar", where annotators disagreed), and stands closer to the question's words than the new
    answer does (more of them within a few words of it, in its sentence). A shorter or longer span of the new
    answer, another occurrence of it, a form of the original the rewrite changed, or a name the text ties less
    to the question is none."""
    rewrite, question = swap.rewrite, swap.record.question
    golds = gold_answers(rewrite, swap.record.answers, swap.answer_span, True, False)
    forms = [swap.original, *swap.old_forms, *(old for old, _ in swap.short_forms)]
    labels = label_family(swap.label)
    support = question_support(rewrite.text, *swap.answer_span, question)

    def rival(answer: Answer) -> bool:
        if not names_entity(answer, swap.info.entities, labels, swap.context):
            return False
        region = rewrite.map_region(answer.start, answer.start + len(answer.text))
        return region is not None and question_support(rewrite.text, *region, question) > support

    if second_answers_left(rewrite, swap.record.answers, swap.match.answer, golds, forms, rival):
        return Reason.SECOND_ANSWER_LEFT
    return None
