"""Where a made place lies: the points of a town name in the gazetteer, the cities a sentence names, and the
distance between them, so a made town (or the town a composed name is named after) can be held to the places
the text puts it beside ("a river between the Bronx and Manhattan", "a forest at Warsaw's southern border").

Why: a town of the right state is not enough where the text locates the thing by a city: "Mastic River" between
two boroughs of New York, "Cortlandt Manor Hill on Staten Island" name real towns far from where the text puts
them, and a judge who knows either place fails the row (development-half sheets).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence

from fqa_build.gazetteers.places import fold, geonames_cities
from fqa_build.lexicons import word_set
from fqa_build.sentences import sentence_spans

#: a composed name ("X River", "Battle of X", "University of X") in a sentence that names a city lies within
#: this distance of it: the thing is where the text says, so its namesake town must be there too
COMPOSED_NEAR_KM = 25.0
#: a town that replaced a city, in a sentence that places it by another city ("near", "outside", "miles
#: north of"), lies within this distance of it
TOWN_NEAR_KM = 60.0

_STOPWORDS = word_set("stopwords")
#: a word before a capitalised run that belongs to a borough's name ("the Bronx", "The Hague")
_THE = "The "
_CAPITALISED_RUN = re.compile(r"[A-Z][\w'’.-]*(?:\s+(?:of\s+|de\s+|upon\s+|on\s+)?[A-Z][\w'’.-]*)*")
#: words by which a sentence places one place by another
PROXIMITY = re.compile(
    r"\b(?:near|nearby|outside|suburbs?|suburban|miles?|km|kilometres?|kilometers?|between|borders?|bordering|"
    r"adjacent|neighbou?ring|next to|close to|across from|(?:north|south|east|west)(?:-?(?:east|west))?(?:ern)?\s+"
    r"(?:of|part of|edge of|border of)|outskirts|environs|within)\b",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1)
def _points() -> dict[str, tuple[tuple[float, float], ...]]:
    points: dict[str, list[tuple[float, float]]] = {}
    for city in geonames_cities().values():
        points.setdefault(fold(city["name"]), []).append((float(city["latitude"]), float(city["longitude"])))
    return {name: tuple(sorted(found)) for name, found in points.items()}


def points_of(name: str) -> tuple[tuple[float, float], ...]:
    """(latitude, longitude) of every gazetteer city of that name (several where the name is shared)."""
    return _points().get(fold(name), ())


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in kilometres."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(min(1.0, h)))


def nearest_km(name: str, other: str) -> float | None:
    """The least distance between any city of one name and any of the other (None where either is unknown)."""
    here, there = points_of(name), points_of(other)
    if not here or not there:
        return None
    return min(km_between(a, b) for a in here for b in there)


def cities_named(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """(start, end, name) of every city or borough the gazetteer knows that a whole capitalised run of
    text[start:end] names ("the Bronx" read as "The Bronx", a possessive dropped); a city's name inside a longer
    name ("Forest" of "Kabaty Forest", "Victoria" of "Lake Victoria") is not one."""
    found: list[tuple[int, int, str]] = []
    for run in _CAPITALISED_RUN.finditer(text, start, end):
        at, name = run.start(), run.group()
        while " " in name and name.split(" ", 1)[0].casefold() in _STOPWORDS:  # "In Warsaw", "Near Fresno"
            first, name = name.split(" ", 1)
            at += len(first) + 1
        name = name.rstrip(".,;:'’").removesuffix("'s").removesuffix("’s")
        hit = next((n for n in (name, _THE + name) if points_of(n)), None)
        if hit is not None:
            found.append((at, at + len(name), hit))
    return found


#: a sentence that speaks of "the city" or "the town" without naming it speaks of the text's city
_UNNAMED_CITY = re.compile(r"\b(?:city|town)\b")


#: a compass word a sentence places a thing by ("the southern city border", "north of", "north-east"), in lower
#: case: a capitalised one names a place ("North Carolina", "West Bank")
_COMPASS = re.compile(r"\b(north|south)?-?(east|west)?(?:ern|erly|wards?)?\b")
_BEARINGS = {"north": 0.0, "east": 90.0, "south": 180.0, "west": 270.0}
#: how far from the direction a sentence gives a made town may lie, seen from the city it names
BEARING_SLACK = 67.5


def _bearing_of(ns: str | None, ew: str | None) -> float:
    if ns and ew:
        return (
            (_BEARINGS[ns] + (45.0 if ew == "east" else -45.0)) % 360
            if ns == "north"
            else 180.0 + (-45.0 if ew == "east" else 45.0)
        )
    return _BEARINGS[ns or ew]


def direction_in(text: str, start: int, end: int) -> float | None:
    """The one compass bearing (degrees from north) the lower-case direction words of text[start:end] give
    ("southern" 180, "north-east" 45), or None where they give none or several."""
    found = {
        _bearing_of(m.group(1), m.group(2)) for m in _COMPASS.finditer(text, start, end) if m.group(1) or m.group(2)
    }
    return next(iter(found)) if len(found) == 1 else None


#: a direction stated of the city that follows ("north of Warsaw", "on the southern edge of Warsaw") or that
#: precedes ("Warsaw's southern border")
_DIRECTION_OF = re.compile(
    r"\b(north|south)?-?(east|west)?(?:ern)?\s+(?:(?:part|edge|border|outskirts|side|end|suburbs?)\s+)?of\s+"
    r"(?:the\s+(?:city|town)\s+of\s+)?$"
)
_DIRECTION_AFTER = re.compile(r"^(?:'s|’s)\s+(north|south)?-?(east|west)?(?:ern)?\b")


def direction_of(text: str, sentence_start: int, start: int, end: int) -> float | None:
    """The compass bearing the text states of the city at text[start:end] ("lies north of Warsaw", "Warsaw's
    southern border"), or None: a direction elsewhere in the sentence may be of another place."""
    before = _DIRECTION_OF.search(text[max(sentence_start, start - 60) : start])
    after = _DIRECTION_AFTER.match(text[end : end + 30])
    for found in (before, after):
        if found is not None and (found.group(1) or found.group(2)):
            return _bearing_of(found.group(1), found.group(2))
    return None


def bearing(origin: tuple[float, float], to: tuple[float, float]) -> float:
    """The initial compass bearing (degrees from north) from one point to another."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*origin, *to))
    x = math.sin(lon2 - lon1) * math.cos(lat2)
    y = math.cos(lat1) * math.sin(lat2) - math.sin(lat1) * math.cos(lat2) * math.cos(lon2 - lon1)
    return math.degrees(math.atan2(x, y)) % 360


def lies_towards(town: str, city: str, direction: float) -> bool | None:
    """True when some city named `town` lies within BEARING_SLACK of `direction` seen from some city named
    `city`; None where either is unknown."""
    here, there = points_of(town), points_of(city)
    if not here or not there:
        return None
    return any(abs((bearing(b, a) - direction + 180) % 360 - 180) <= BEARING_SLACK for a in here for b in there)


def placed_by(text: str, spans: Sequence[tuple[int, int]], town: bool) -> list[tuple[str, float | None]]:
    """The cities a made place whose mentions sit at `spans` of `text` must lie near, each with the compass
    bearing the text states of it (`direction_of`), if any: those named (outside the spans) in a sentence of a
    mention; in a sentence that says "the city" without naming one, those of the whole text, in the direction
    its words give. For a `town` (that replaced a city) only sentences that place it by another count ("near",
    "outside", "miles north of"); a composed name is placed by every city of its sentence."""

    def outside(start: int, end: int) -> list[tuple[int, int, str]]:
        return [c for c in cities_named(text, start, end) if not any(c[0] < e and s < c[1] for s, e in spans)]

    held: list[tuple[str, float | None]] = []
    for s_start, s_end in sentence_spans(text):
        if not any(s_start <= start < s_end for start, _ in spans):
            continue
        if town and not PROXIMITY.search(text, s_start, s_end):
            continue
        named = outside(s_start, s_end)
        found = [(name, direction_of(text, s_start, start, end)) for start, end, name in named]
        if not named and _UNNAMED_CITY.search(text, s_start, s_end):
            # "the southern city border": the text's cities, in the direction the sentence gives
            direction = direction_in(text, s_start, s_end)
            found = [(name, direction) for _, _, name in outside(0, len(text))]
        held += [place for place in found if place not in held]
    return held


def far_from(town: str, cities: Sequence[tuple[str, float | None]], limit: float) -> str | None:
    """The first of `cities` (each with the bearing its sentence gives, or None) that lies farther than `limit`
    km from every city named `town`, or from which the town does not lie in that direction; None where the
    town lies near each as its sentence says."""
    for city, direction in cities:
        km = nearest_km(town, city)
        if km is not None and km > limit:
            return city
        if direction is not None and lies_towards(town, city, direction) is False:
            return city
    return None


#: a city this large has districts the gazetteer lists as towns ("Ochota" of Warsaw, "Petrogradka" of Saint
#: Petersburg, "Strawberry Mansion" of Philadelphia)
LARGE_CITY = 300_000
#: a town within this many km of a large city's centre, times the square root of its size in LARGE_CITYs, is one
#: of its districts
DISTRICT_KM = 10.0


@functools.lru_cache(maxsize=1)
def _large_cities() -> dict[tuple[int, int], tuple[tuple[str, float, float, float], ...]]:
    """(folded name, latitude, longitude, district radius in km) of every large city, by its 1-degree cell."""
    cells: dict[tuple[int, int], list[tuple[str, float, float, float]]] = {}
    for c in geonames_cities().values():
        if c["population"] >= LARGE_CITY:
            lat, lon = float(c["latitude"]), float(c["longitude"])
            radius = DISTRICT_KM * math.sqrt(c["population"] / LARGE_CITY)
            cells.setdefault((math.floor(lat), math.floor(lon)), []).append((fold(c["name"]), lat, lon, radius))
    return {cell: tuple(sorted(found)) for cell, found in cells.items()}


#: cells around a point searched for a large city: a district radius stays under 2 degrees of longitude
_NEAR_CELLS = tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-2, -1, 0, 1, 2))


@functools.lru_cache(maxsize=100_000)
def district_of(town: str) -> str | None:
    """The large city (folded name) every place named `town` lies inside (within DISTRICT_KM x
    sqrt(population / LARGE_CITY) of its centre), or None: a district is no town a reader can place apart from
    its city."""
    points = points_of(town)
    if not points:
        return None
    cells, folded, found = _large_cities(), fold(town), None
    for lat, lon in points:
        near = (city for dy, dx in _NEAR_CELLS for city in cells.get((math.floor(lat) + dy, math.floor(lon) + dx), ()))
        inside = next(
            (
                name
                for name, c_lat, c_lon, radius in near
                if name != folded and km_between((lat, lon), (c_lat, c_lon)) <= radius
            ),
            None,
        )
        if inside is None:
            return None
        found = found or inside
    return found
