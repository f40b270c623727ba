"""Rules on an organisation classed by its text and made anew (build/swap/organisations.py): nothing the text
says of it may still name the original, in a form the rewrite does not take over. They run at stage `MADE`,
before the replacement is made."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reasons import Reason
from ..org_classes import ACRONYM, classed, expansion_spelled, tail_split
from ..organisations import team_place_alone
from .registry import Stage, rule

if TYPE_CHECKING:
    from ..state import Swap

#: what makes a place named alone a place, not the team: a longer name or a pair around it, a preposition of place
_PLACE_BEFORE = re.compile(
    r"(?:(?:\b(?:in|of|at|from|near|across|throughout|to|into|state|State)|[A-Z][\w.]*|,)\s+|[/–-]\s*)$"
)
_PLACE_AFTER = re.compile(r"(?:\s+[A-Z]|,\s+[A-Z][a-z]+\b(?!\s+[a-z])|\s*[/–-]\s*[A-Z])")


@rule(Stage.MADE, Reason.ACRONYM_LEFT)
def org_expansion_not_spelled(swap: Swap) -> Reason | None:
    """A classed organisation named by an acronym is not spelled out in the text or the question ("Columbia
    Broadcasting System" beside "CBS"): the made acronym would leave the name it stands for behind."""
    acronym = _acronym_of(swap)
    if acronym is None:
        return None
    if expansion_spelled(swap.context, acronym) or expansion_spelled(swap.record.question, acronym):
        return Reason.ACRONYM_LEFT
    return None


def _acronym_of(swap: Swap) -> str | None:
    """The acronym a classed organisation is named by, alone or before its tail ("ABC" of "ABC Radio")."""
    if not classed(swap):
        return None
    tail = tail_split(swap.original)
    acronym = tail[0] if tail is not None else swap.original
    return acronym if ACRONYM.match(acronym) else None


@rule(Stage.MADE, Reason.SHORT_FORM_LEFT)
def team_place_stands_for_team(swap: Swap) -> Reason | None:
    """Where a team named after a state or region ("Carolina Panthers") is made a town's, the place named alone
    stands for the team ("Carolina's defense"), never for the place or another team ("in Arizona", "North
    Carolina", "Phoenix, Arizona", "New York/San Francisco Giants"): it is rewritten to the town with the team."""
    if not classed(swap) or swap.kind != "region_team":
        return None
    for start, end in team_place_alone(swap):
        if _PLACE_BEFORE.search(swap.context[max(0, start - 40) : start]) or _PLACE_AFTER.match(swap.context, end):
            return Reason.SHORT_FORM_LEFT
    return None


@rule(Stage.MADE, Reason.ORIGINAL_WORD_LEFT)
def org_acronym_not_inside_word(swap: Swap) -> Reason | None:
    """The acronym of a classed organisation (or the acronym its name starts with, "ABC Radio") is not written
    inside a longer word of the text ("WABC-TV", "KABC" of "ABC"): the rewrite would leave it there."""
    acronym = _acronym_of(swap)
    if acronym is None:
        return None
    inside = re.compile(rf"[^\W\d_]{acronym}|{acronym}[^\W\d_]")
    return Reason.ORIGINAL_WORD_LEFT if inside.search(swap.context) else None
