"""The `shifted_timelines` component's `REWRITE` hook for a date swapped alone (no timeline shift): a year's other
mentions that open a season or a financial year ("2023/24", "2023-24") are another time than the year, and stay as
written ("approved in July 2023" moved to 2019 leaves "the 2023/24 budget", not "the 2019/24 budget")."""

from __future__ import annotations

import re

from fqa_build.swap.components import ShiftedTimelines
from fqa_build.swap.hooks import Hook, Rewritten, hook, narrowed
from fqa_build.swap.orchestration.state import Swap
from fqa_build.text import find_whole_word

#: a year's short end after it: "2023/24", "2023-24", "2023–24" (not "2023-2024", which names both years whole,
#: nor "2023-05-12", a date)
_SEASON_END = re.compile(r"[/–-](\d{2})(?![\d/–-])")
_YEAR = re.compile(r"\d{4}")


def outside_seasons(context: str, year: str, own: tuple[int, int]) -> tuple[tuple[int, int], ...] | None:
    """The whole-word mentions of `year` in `context` but those that open a season or a financial year, `own` (the
    swapped mention) among them; None where none opens one."""
    if not _YEAR.fullmatch(year):
        return None
    spans = tuple(find_whole_word(context, year))
    kept = tuple(s for s in spans if s == own or not _opens_season(context, s[1], int(year)))
    return None if len(kept) == len(spans) else kept


def _opens_season(context: str, end: int, year: int) -> bool:
    """Whether the year ending at `end` opens a season: its short end is the next year's ("2023/24")."""
    match = _SEASON_END.match(context, end)
    return match is not None and int(match.group(1)) == (year + 1) % 100


@hook(Hook.REWRITE, ShiftedTimelines)
def seasons_apart(swap: Swap, rewritten: Rewritten) -> Rewritten:
    """A year swapped alone leaves the seasons its string opens (`seasons_apart`); its own mention changes."""
    if swap.label != "DATE" or swap.shifting or not swap.policy.uses(ShiftedTimelines, "seasons_apart"):
        return rewritten
    kept = outside_seasons(swap.context, swap.original, (swap.mention.start, swap.mention.end))
    if kept is None:
        return rewritten
    dependents, only = rewritten
    return dependents, narrowed(only, kept)
