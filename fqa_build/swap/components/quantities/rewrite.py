"""The `quantities` component's `REWRITE` hook: a number's other mentions are rewritten only where they denote the
quantity the question asks about (fqa_build/facts/quantities.py `same_quantity_spans`); a mention that stands for
another subject's quantity stays as written (`Rewrite.kept`, which the check `original_absent` allows)."""

from __future__ import annotations

from fqa_build.facts.quantities import QUANTITY_LABELS, name_spans, same_quantity_spans
from fqa_build.swap.components import Quantities
from fqa_build.swap.hooks import Hook, Rewritten, hook, narrowed
from fqa_build.swap.orchestration.state import Swap


@hook(Hook.REWRITE, Quantities)
def same_quantity_only(swap: Swap, rewritten: Rewritten) -> Rewritten:
    """A number's mentions that denote another quantity are left out of the rewrite (`by_subject`), unless the swap
    scales every amount of its dimension (`scale_partners`): the other subjects' amounts move with it."""
    if swap.label not in QUANTITY_LABELS or not swap.policy.uses(Quantities, "by_subject") or swap.scale_partners:
        return rewritten
    names = name_spans(swap.info.entities)
    by_cell = swap.policy.uses(Quantities, "by_cell")
    at = _answered_at(swap) if by_cell else swap.mention.start
    same = same_quantity_spans(swap.context, swap.original, at, names, swap.record.question, by_cell)
    dependents, only = rewritten
    return dependents, narrowed(only, same)


def _answered_at(swap: Swap) -> int:
    """Where the gold answer writes the number (a table's "Network | ... | 90.3%" where the question asks for the
    network, though the mention matched is the first "90.3%", the Red Line's); the mention where it writes none."""
    answer = swap.match.answer
    inside = answer.text.find(swap.original)
    return answer.start + inside if inside >= 0 else swap.mention.start
