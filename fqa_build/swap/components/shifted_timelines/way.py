"""A date swap that moves the passage's whole timeline: the component's own way of swapping a date match (its `TRY`
hook), before the plain single-date swap. The offset is drawn (shift.py), every date of the timeline (timeline.py)
and the question's dates move by it, and the rules the shift keeps true by itself are not run (`HELD_BY_SHIFT`)."""

from __future__ import annotations

from collections.abc import Callable

from fqa_build.reasons import Reason
from fqa_build.swap.components import ShiftedTimelines
from fqa_build.swap.components.shifted_timelines.rules import HELD_BY_SHIFT, TIMELINE_RULES
from fqa_build.swap.components.shifted_timelines.shift import shift_offset, shifted, shifted_mention, shifted_question
from fqa_build.swap.components.shifted_timelines.timeline import answer_pieces, swap_timeline
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.orchestration.way import Way, set_shape
from fqa_build.types import BankEntry, Match, Rejection, Sample


def _draw(swap: Swap) -> Reason | None:
    """The timeline's offset, and the shifted mention as the replacement (a made entry, no bank draw)."""
    set_shape(swap)
    swap.offset = shift_offset(swap)
    if swap.offset is None:
        return Reason.TIMELINE_NO_OFFSET
    swap.entry = BankEntry(shifted_mention(swap, swap.offset), swap.label, swap.shape, 0, 0, (), ())
    return None


def _rewrite(swap: Swap) -> None:
    swap.rewrite = shifted(swap.context, swap_timeline(swap).pieces, swap.offset)


def _answer_span(swap: Swap) -> tuple[int, int] | None:
    """Where the shifted answer sits: the gold answer's region where it begins with the mention and says more,
    else the mention's."""
    answer, mention = swap.match.answer, swap.mention
    if answer.start == mention.start and answer.start + len(answer.text) >= mention.end:
        return swap.rewrite.map_region(answer.start, answer.start + len(answer.text))
    return swap.rewrite.map_region(mention.start, mention.end)


SHIFT = Way(_draw, _rewrite, _answer_span, lambda swap: shifted_question(swap, swap.offset), HELD_BY_SHIFT)


@hook(Hook.TRY, ShiftedTimelines)
def shift_timeline(
    match: Match, new_swap: Callable[[], Swap], run: Callable[[Swap, Way], Sample | Rejection]
) -> Sample | Rejection | None:
    """A date match shifts the passage's timeline: the sample, or the rule that fixed the timeline (reported where
    the single-date swap fails too); None where it is no date, the timeline has no pieces or another rule refused."""
    if match.mention.label != "DATE":
        return None
    swap = new_swap()
    swap.shifting = True
    if not answer_pieces(swap):
        return None
    outcome = run(swap, SHIFT)
    if isinstance(outcome, Sample) or outcome.rule in TIMELINE_RULES:
        return outcome
    return None
