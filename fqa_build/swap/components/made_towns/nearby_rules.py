"""Rules on where a made place lies: a made town, or the town a composed name is named after, must lie near
the cities the text puts it beside (locality.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentence_spans
from fqa_build.swap.components.made_towns.locality import COMPOSED_NEAR_KM, TOWN_NEAR_KM, far_from, placed_by
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: how a made replacement was made (`BankEntry.sources`), as make.py and swap/components/composed_names/make.py name it
_TOWN, _COMPOSED_NAME = "town", "composed_name"


def made_town(swap: Swap) -> str | None:
    """The town a made replacement names: the town itself, or the words a composed name put in place of the
    original's distinctive part ("Grodzisk Mazowiecki" of "Grodzisk Mazowiecki Forest"); None for anything
    else (a drawn or composed person, a country map, a team, which plays away as often as at home)."""
    sources = swap.entry.sources if swap.entry is not None else ()
    if _TOWN in sources:
        return swap.replacement
    if _COMPOSED_NAME in sources and swap.kind != "team":
        kept = set(swap.original.split())
        part = " ".join(w for w in swap.replacement.split() if w not in kept)
        return part or None
    return None


def far_neighbour(swap: Swap) -> str | None:
    """The first city the made town must lie near (`locality.placed_by`, read in the rewritten text) that lies
    farther from it than the text allows, or None."""
    town = made_town(swap)
    if town is None or swap.rewrite is None:
        return None
    is_town = _TOWN in swap.entry.sources
    cities = placed_by(swap.rewrite.text, swap.rewrite.new_spans, is_town)
    return far_from(town, cities, TOWN_NEAR_KM if is_town else COMPOSED_NEAR_KM)


def feature_beside(swap: Swap) -> bool:
    """True when a sentence of a rewritten mention of a made town or composed name also names a natural
    feature (a location by the corpus's majority label: a river, a coast, a range, "the Rhine bridge at
    Arnhem"): no gazetteer says
    the made town lies on it."""
    if made_town(swap) is None:
        return False
    context = swap.context
    own = {(s, e) for s, e in swap.rewrite.old_spans} if swap.rewrite is not None else set()
    for s_start, s_end in sentence_spans(context):
        if not any(s_start <= start < s_end for start, _ in own):
            continue
        for m in swap.info.mentions:  # labelled as the corpus mostly labels them ("Rhine" tagged PERSON once)
            if m.label == "LOC" and s_start <= m.start < s_end and not any(m.start < e and s < m.end for s, e in own):
                return True
    return False


@rule(Stage.REWRITE, Reason.MADE_PLACE_ASTRAY)
def made_place_near_its_neighbours(swap: Swap) -> Reason | None:
    """A made town, or the namesake town of a composed name, lies near every city the sentences of its
    mentions name: within 25 km for a composed name ("a river between the Bronx and Manhattan" is no "Mastic
    River"), within 60 km for a town the sentence places by another ("near", "outside", "miles north of"),
    and in the compass direction its sentence gives ("the southern city border");
    and no sentence of its mentions ties it to a natural feature it may not lie on ("the Rhine bridge at X")."""
    return Reason.MADE_PLACE_ASTRAY if far_neighbour(swap) is not None or feature_beside(swap) else None
