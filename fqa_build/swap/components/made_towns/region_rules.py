"""Rules on where a made place lies (regions.py): a made town, or the town part of a composed name,
lies in the original's country and first-level region and in those of every place the text names beside it.
Where a town of such a region can be made the made function makes it (policies with `read_regions_from_text`);
this rule drops the swap where none can."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.components.composed_names.make import form_of, part_region, place_named, team_of
from fqa_build.swap.components.made_towns.cities import resolve_city
from fqa_build.swap.components.made_towns.make import makes_town, original_city
from fqa_build.swap.components.made_towns.regions import city_near
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def _out_of_region(swap: Swap) -> bool:
    """A region the made place would take without the places named near, and none with them."""
    if makes_town(swap):
        return original_city(swap) is not None and city_near(swap, swap.original, swap.pair[1]) is None
    team = team_of(swap)
    if team is not None:
        return resolve_city(team.distinctive) is not None and city_near(swap, team.distinctive) is None
    form = form_of(swap)
    if form is None or not place_named(swap, form):
        return False
    return part_region(swap, form, False) is not None and part_region(swap, form, True) is None


@rule(Stage.MADE, Reason.PLACE_OUT_OF_REGION)
def made_place_in_named_region(swap: Swap) -> Reason | None:
    """A made town, or the town part of a composed name, can lie in the original's country and first-level
    region and in the country (and region, where of the same country) of every place the text names in the
    original's sentences ("just outside Philadelphia", "near Bright, Victoria"); where no city of the
    original's name and no region does, the swap is dropped."""
    return Reason.PLACE_OUT_OF_REGION if _out_of_region(swap) else None
