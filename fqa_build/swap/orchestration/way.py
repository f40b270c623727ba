"""How a swap takes its steps (`Way`): the plain way is sample.py's; a component may swap a match its own way (its
`TRY` hook, fqa_build/swap/hooks.py), as a shifted timeline does (swap/components/shifted_timelines/way.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fqa_build.bank.shapes import entity_shape
from fqa_build.reasons import Reason
from fqa_build.swap.hooks import Hook, first_answer
from fqa_build.swap.orchestration.state import Swap
from fqa_build.text import has_article_before


@dataclass(frozen=True)
class Way:
    """How a swap draws its replacement, rewrites the passage, places the new answer and asks the question, and the
    rules it keeps true by itself (not run). `PLAIN` is the bank draw or a component's made replacement; a
    component may swap a match its own way (its `TRY` hook, fqa_build/swap/hooks.py: a shifted timeline)."""

    draw: Callable[[Swap], Reason | None]
    rewrite: Callable[[Swap], None]
    answer_span: Callable[[Swap], tuple[int, int] | None]
    question: Callable[[Swap], str]
    held: frozenset[str] = frozenset()


def set_shape(swap: Swap) -> None:
    """The shape the replacement must keep: a component's (`SHAPE`: the kind's), else the label's."""
    with_article = has_article_before(swap.context, swap.mention.start)
    swap.shape = first_answer(swap.policy, Hook.SHAPE, swap, with_article) or entity_shape(
        swap.original, swap.label, with_article
    )
