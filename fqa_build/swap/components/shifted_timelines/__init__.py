"""The `shifted_timelines` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fqa_build.swap.components.base import Component, component


@component("shifted_timelines")
@dataclass(frozen=True)
class ShiftedTimelines(Component):
    """A date swap moves every date of the passage by one offset (way.py, timeline.py, shift.py); a year swapped alone
    leaves the seasons its string opens (seasons.py)."""

    #: "2023/24" is a financial year or a season, as is a spaced "1979 / 80": its "24" moves with its "2023"
    slashed_seasons: bool = True
    #: a year swapped alone leaves "2023/24" as written: a season or a financial year is another time (seasons.py)
    seasons_apart: bool = True
