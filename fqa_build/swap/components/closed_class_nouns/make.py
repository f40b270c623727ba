"""Where closed-class nouns (the `closed_class_nouns` component, things.py) join the swap: their matches after the
entity matches, and another member of the class as the replacement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.components import ClosedClassNouns
from fqa_build.swap.components.closed_class_nouns.things import THING_LABEL, draw_thing, thing_class, thing_matches
from fqa_build.swap.hooks import Hook, hook
from fqa_build.types import BankEntry, Match, QARecord

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


@hook(Hook.MATCH, ClosedClassNouns)
def record_thing_matches(record: QARecord, taken: Sequence[Match]) -> list[Match]:
    """A record's closed-class noun matches, after its entity matches."""
    return thing_matches(record.context, record.answers, taken)


@hook(Hook.MAKE, ClosedClassNouns)
def make_thing(swap: Swap) -> BankEntry | Reason | None:
    """Another member of a closed-class noun's group, and the rewrite of the mentions in its other number."""
    if swap.label != THING_LABEL:
        return None
    record = swap.record
    drawn = draw_thing(swap.original, swap.kind, swap.context, record.question, swap.config.seed, record.id)
    if drawn is None:
        return Reason.NO_CANDIDATE
    entry, swap.short_forms = drawn
    return entry


@hook(Hook.KIND, ClosedClassNouns)
def thing_kind(swap: Swap, kind: str | None) -> str | None:
    """A closed-class noun's kind is its class, the one the question names ("which metal")."""
    if swap.label == THING_LABEL:
        return thing_class(swap.original, swap.record.question)
    return kind
