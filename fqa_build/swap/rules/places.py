"""Rules on places: a swapped place must fit the places around it ("City, State" pairs stay coherent, no place
inside the swapped one is left standing)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fqa_build.facts.pairs import gpe_pair, longest_place
from fqa_build.gazetteers.places import Place, city_in, continent_code, continent_of, place, places_in
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def geography_left(context: str, original: str, kind: str | None, spans: Sequence[tuple[int, int]]) -> bool:
    """True when the context still names a place inside the swapped one: a city or state of a swapped
    country, a city of a swapped state, a country of a swapped continent."""
    outer = place(original)
    continent = continent_code(original) if kind == "continent" else None
    if continent is None and (outer is None or outer.kind not in ("country", "state") or not outer.country):
        return False
    for start, end, inner in places_in(context):
        if any(s <= start < e for s, e in spans) or context[start:end].casefold() == original.casefold():
            continue
        if continent is not None:
            if inner.kind == "country" and continent_of(inner) == continent:
                return True
        elif (
            outer.kind == "country"
            and inner.kind in ("city", "state")
            and inner.country == outer.country
            and inner.large
        ):
            return True
        elif (
            outer.kind == "state"
            and inner.kind == "city"
            and inner.large
            and (inner.country, inner.admin1) == (outer.country, outer.admin1)
        ):
            return True
    return False


def _pairs_coherent(context: str, spans: Sequence[tuple[int, int]], replacement: str) -> bool:
    """Every rewritten place that heads a "City, State" pair names a city of that state; none is the state."""
    for start, end in spans:
        role, region = gpe_pair(context, start, end)
        if role == "region" or (role == "city" and region is not None and not city_in(replacement, region)):
            return False
    return True


@rule(Stage.MENTION, Reason.GPE_PAIR)
def gpe_not_second_of_pair(swap: Swap) -> Reason | None:
    """A place that is the second element of a "City, State" pair is not swapped ("Amritsar, Illinois": the
    city would no longer lie in the new state)."""
    if swap.label == "GPE" and swap.pair[0] == "region":
        return Reason.GPE_PAIR
    return None


@rule(Stage.REWRITE, Reason.GPE_PAIR)
def gpe_pairs_coherent(swap: Swap) -> Reason | None:
    """Every rewritten place that heads a "City, State" pair names a city of that state; none is the state."""
    if swap.label == "GPE" and not _pairs_coherent(swap.context, swap.rewrite.mention_old_spans, swap.replacement):
        return Reason.GPE_PAIR
    return None


@rule(Stage.REWRITE, Reason.GEOGRAPHY_LEFT)
def no_geography_left(swap: Swap) -> Reason | None:
    """No place inside the swapped one is left standing ("Denmark" swapped, "Copenhagen" left; "Europe"
    swapped, "Sicily" left)."""
    if swap.label in ("GPE", "LOC") and geography_left(swap.context, swap.original, swap.kind, swap.rewrite.old_spans):
        return Reason.GEOGRAPHY_LEFT
    return None


#: "the Caspian Sea in the Netherlands", "Lake Constance of Switzerland", "Oahu, Hawaii": a place the text puts
#: inside another (a country, state or continent)
_CONTAINER_AFTER = re.compile(r"(?:,|\s+(?:in|of|on))\s+(?:the\s+)?([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)")


def _container(words: str) -> Place | None:
    found = longest_place(words)
    if found is not None and found.kind in ("country", "state"):
        return found
    return None


def _lies_in(replacement: str, container: Place) -> bool:
    found = place(replacement)
    if found is not None and found.kind == "state":
        return found.country == container.country and container.kind == "country"
    return city_in(replacement, container)


@rule(Stage.REWRITE, Reason.PLACE_IN_PLACE)
def place_fits_its_container(swap: Swap) -> Reason | None:
    """Where the text puts the swapped place inside a country or state ("the Caspian Sea in the Netherlands"),
    the replacement is a city or state the gazetteer places there; a sea, river or island cannot be checked and
    is not swapped there."""
    if swap.label not in ("GPE", "LOC", "FAC"):
        return None
    for _, end in swap.rewrite.mention_old_spans:
        after = _CONTAINER_AFTER.match(swap.context, end)
        container = _container(after.group(1)) if after else None
        if container is not None and not _lies_in(swap.replacement, container):
            return Reason.PLACE_IN_PLACE
    return None


#: a place name right before a capitalised word is part of a longer name ("New York City", "Victoria Falls")
_CAPITAL_AFTER = re.compile(r"[^\S\n]+[A-Z][a-z]")


@rule(Stage.MENTION, Reason.INSIDE_LONGER_NAME)
def place_not_part_of_name(swap: Swap) -> Reason | None:
    """A place is not swapped where a mention of it runs on into a capitalised word: NER cut a longer name
    ("New York" of "New York City" would make "Missouri City")."""
    if swap.label not in ("GPE", "LOC"):
        return None
    for _, end in find_whole_word(swap.context, swap.original, ignore_case=False):
        if _CAPITAL_AFTER.match(swap.context, end):
            return Reason.INSIDE_LONGER_NAME
    return None
