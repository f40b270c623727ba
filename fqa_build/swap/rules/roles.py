"""Rules on a person's role words: a gendered role bound to a mention ("actress", "Mrs", "his wife") must agree
with the new name's gender (fqa_build/swap/rewriting/roles.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.gazetteers.persons import name_gender
from fqa_build.reasons import Reason
from fqa_build.swap.rewriting.roles import role_conflicts
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@rule(Stage.REWRITE, Reason.ROLE_GENDER_MISMATCH)
def role_fits_gender(swap: Swap) -> Reason | None:
    """A gendered role word bound to a rewritten mention of a person ("actress John Frasure", "Mrs Smith", "Tom
    Marx, her husband") gives the new name's gender; a name of the other gender, or one whose gender is unknown,
    contradicts it."""
    if swap.label != "PERSON":
        return None
    gender = name_gender(swap.replacement)
    if role_conflicts(swap.context, swap.rewrite.mention_old_spans, gender):
        return Reason.ROLE_GENDER_MISMATCH
    return None
