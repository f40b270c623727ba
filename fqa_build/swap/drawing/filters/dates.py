"""Candidate filters on dates: a year stays a year, keeps the chronology and its era, changes where the question asks
for it, and stays in the future where the text looks forward."""

from __future__ import annotations

import re

from fqa_build.asked import asked_for
from fqa_build.sentences import sentences_around
from fqa_build.swap.components.shifted_timelines.anchors import ERA_DECADES, anchors, era_of, interval_of, relation
from fqa_build.swap.components.shifted_timelines.calendar import one_date, order, parse_dates, weekday
from fqa_build.swap.drawing.filters.base import EntryTest, candidate_filter
from fqa_build.swap.orchestration.state import Swap
from fqa_build.swap.rules.numbers import decades_in, keeps_chronology, years_in
from fqa_build.text import value_of, whole_word_pattern


@candidate_filter("year_stays_year", rank=20)
def year_stays_year(swap: Swap) -> EntryTest | None:
    """A year stays a year of 1000-2099 ("5386" is no year)."""
    if not years_in(swap.original):
        return None
    return lambda entry: bool(years_in(entry.entity))


@candidate_filter("keeps_chronology", rank=18)
def chronology_kept(swap: Swap) -> EntryTest | None:
    """A year stays before, after or inside every other year and decade the context writes (outside the
    original's own mentions: "the 1973 oil crisis" beside "October 1973")."""
    if swap.label != "DATE":
        return None
    outside = whole_word_pattern(swap.original).sub(" ", swap.context)
    other_years, other_decades = years_in(outside), decades_in(outside)
    if not (other_years or other_decades):
        return None
    return lambda entry: keeps_chronology(swap.original, entry.entity, other_years, other_decades)


#: the most a year may move under `same_era`: a generation, so "1960" in a NASA passage does not become "1906"
ERA_YEARS = 25


@candidate_filter("same_era", rank=5)
def same_era(swap: Swap) -> EntryTest | None:
    """A year stays within a generation of the original (at most ERA_YEARS away): the passage's era, and a
    future or present year ("an estimated completion date of 2020") stays one."""
    old = years_in(swap.original)
    if not old:
        return None
    return lambda entry: bool(years_in(entry.entity)) and abs(years_in(entry.entity)[0] - old[0]) <= ERA_YEARS


@candidate_filter("asked_part_changes", rank=2)
def asked_part_changes(swap: Swap) -> EntryTest | None:
    """Where the question asks for the year ("In what year ..."), the replacement's year differs from the
    original's ("September 1969" -> "November 1969" would leave the answer as it was)."""
    old = years_in(swap.original)
    if not old or asked_for(swap.record.question).date_part != "year":
        return None
    return lambda entry: years_in(entry.entity)[:1] != old[:1]


#: words that put a date in the future of the text ("an estimated completion date of 2020")
_FUTURE = re.compile(
    r"\b(?:will|expected|estimated|projected|planned|scheduled|proposed|slated|anticipated|forecast|due\s+to)\b",
    re.IGNORECASE,
)


@candidate_filter("future_stays_future", rank=1)
def future_stays_future(swap: Swap) -> EntryTest | None:
    """A year the text looks forward to (its sentence says "will", "expected", "estimated", "planned") moves
    only later, so a completion date never falls before the time of writing."""
    old = years_in(swap.original)
    if not old:
        return None
    start, end = swap.mention.start, swap.mention.end
    if not _FUTURE.search(swap.context, *sentences_around(swap.context, start, end)):
        return None
    return lambda entry: bool(years_in(entry.entity)) and years_in(entry.entity)[0] > old[0]


@candidate_filter("same_era_broad", rank=6)
def same_era_broad(swap: Swap) -> EntryTest | None:
    """A decade moves by at most two decades, a century to a neighbouring one (never across BC/AD): "the late
    1340s" in a Yuan passage does not become "the late 1980s", nor the "1st century" the "9th"."""
    old = era_of(swap.original) if swap.label == "DATE" else None
    if old is None:
        return None
    start, span = old

    def near(entry) -> bool:
        new = era_of(entry.entity)
        return new is not None and new[1] == span and abs(new[0] - start) <= span and (new[0] < 0) == (start < 0)

    return near


#: how far a count or a duration may move: within a factor of 3 ("10 years" never "130 years")
VALUE_FACTOR = 3.0


#: how far a decade moves under `decade_moves_one`
DECADE_STEP = 10


@candidate_filter("decade_moves_one", rank=23)
def decade_moves_one(swap: Swap) -> EntryTest | None:
    """A decade moves by at most one decade ("the early 1970s" never "the early 1990s": what the text says of
    the time, its technology and its people, holds a decade on, rarely two)."""
    old = era_of(swap.original) if swap.label == "DATE" else None
    if old is None or old[1] != ERA_DECADES:
        return None

    def near(entry) -> bool:
        new = era_of(entry.entity)
        return new is not None and new[1] == ERA_DECADES and abs(new[0] - old[0]) <= DECADE_STEP

    return near


@candidate_filter("close_value", rank=7)
def close_value(swap: Swap) -> EntryTest | None:
    """A count or a duration stays within a factor of VALUE_FACTOR ("1 million" visitors never "2 billion", "10
    years" of work never "130 years"). Years, decades and centuries move by their own filters."""
    if swap.label not in ("CARDINAL", "DATE", "QUANTITY", "MONEY") or years_in(swap.original):
        return None
    if era_of(swap.original) is not None:
        return None
    old = value_of(swap.original)
    if not old:
        return None

    def close(entry) -> bool:
        new = value_of(entry.entity)
        return new is not None and new > 0 and 1 / VALUE_FACTOR <= new / old <= VALUE_FACTOR

    return close


@candidate_filter("stays_past", rank=8)
def stays_past(swap: Swap) -> EntryTest | None:
    """A year moves no later than the latest year the text writes (unless the text looks forward: see
    `future_stays_future`): events the text tells as past stay in its past ("channels removed on 1 March 2030")."""
    old = years_in(swap.original)
    if not old or _FUTURE.search(swap.context, *sentences_around(swap.context, swap.mention.start, swap.mention.end)):
        return None
    latest = max(years_in(swap.context))
    return lambda entry: bool(years_in(entry.entity)) and years_in(entry.entity)[0] <= latest


@candidate_filter("dates_keep_order", rank=9)
def dates_keep_order(swap: Swap) -> EntryTest | None:
    """A calendar date stays before, on or after every other calendar date of the text ("restored on May 2",
    after "April 30" and "May 1", never "April 4"), and where the text names a weekday anywhere, a dated day
    keeps its weekday ("moved to the Monday evening ... February 1, 2016")."""
    old = one_date(swap.original) if swap.label == "DATE" else None
    if old is None:
        return None
    own = whole_word_pattern(swap.original)
    others = [d[2:] for d in parse_dates(own.sub(" ", swap.context))]
    day_of_week = weekday(old) if _WEEKDAY_NAMED.search(swap.context) else None
    if not others and day_of_week is None:
        return None
    wanted = [order(old, other) for other in others]

    def keeps(entry) -> bool:
        new = one_date(entry.entity)
        if new is None or [order(new, other) for other in others] != wanted:
            return False
        return day_of_week is None or weekday(new) == day_of_week

    return keeps


_WEEKDAY_NAMED = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")


#: the most a year may move under `near_year`: a decade, so the year stays in the passage's era
NEAR_YEARS = 10


@candidate_filter("near_year", rank=10)
def near_year(swap: Swap) -> EntryTest | None:
    """A year moves by at most NEAR_YEARS: within a generation (`same_era`) a year still lands before the thing
    the text dates existed ("NASA ... in July 1946" for 1960)."""
    old = years_in(swap.original)
    if not old:
        return None
    return lambda entry: bool(years_in(entry.entity)) and abs(years_in(entry.entity)[0] - old[0]) <= NEAR_YEARS


_SINGULAR_UNIT = re.compile(r"\b(?:year|month|week|day|decade|century|hour|minute|season)\b", re.IGNORECASE)


@candidate_filter("unit_agrees", rank=11)
def unit_agrees(swap: Swap) -> EntryTest | None:
    """A count or duration with a unit keeps its grammatical number: a value other than one takes a plural unit
    ("three year at a time" is not drawn for "one year")."""
    if swap.label not in ("DATE", "CARDINAL") or value_of(swap.original) is None:
        return None

    def agrees(entry) -> bool:
        value = value_of(entry.entity)
        return value is None or value == 1 or not _SINGULAR_UNIT.search(entry.entity)

    return agrees


@candidate_filter("anchored_chronology", rank=14)
def anchored_chronology(swap: Swap) -> EntryTest | None:
    """A year, decade or century keeps its place before, inside or after every other year, decade and named
    event of the text (swap/components/shifted_timelines/anchors.py: "World War I", "Super Bowl XIX" = 1985): a gift
    "in 1914 ... for
    its support in World War I" does not move to 1912, prices that "peaked in 1979" do not fall "during the
    1960s"."""
    old = interval_of(swap.original) if swap.label == "DATE" else None
    if old is None:
        return None
    points = anchors(whole_word_pattern(swap.original).sub(" ", swap.context))
    if not points:
        return None
    wanted = [relation(old, point) for point in points]

    def keeps(entry) -> bool:
        new = interval_of(entry.entity)
        return new is not None and [relation(new, point) for point in points] == wanted

    return keeps


#: the most a calendar date may move within the year under `near_day` (a month): a Super Bowl week stays in
#: late January or early February
NEAR_DAYS = 31


@candidate_filter("near_day", rank=12)
def near_day(swap: Swap) -> EntryTest | None:
    """A calendar date ("January 30", "1 February 2016") moves by at most NEAR_DAYS within the year: the season
    of the text stays."""
    old = one_date(swap.original) if swap.label == "DATE" else None
    if old is None:
        return None
    old_day = _day_of_year(old)

    def near(entry) -> bool:
        new = one_date(entry.entity)
        if new is None:
            return False
        gap = abs(_day_of_year(new) - old_day)
        return min(gap, 365 - gap) <= NEAR_DAYS

    return near


_MONTH_STARTS = (0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def _day_of_year(date: tuple[int | None, int, int]) -> int:
    return _MONTH_STARTS[date[1] - 1] + date[2]


_SEASON_OF_MONTH = {m: (m % 12) // 3 for m in range(1, 13)}  # Dec-Feb 0, Mar-May 1, Jun-Aug 2, Sep-Nov 3
_MONTH_NAMES = {
    name: number
    for number, name in enumerate(
        "january february march april may june july august september october november december".split(), start=1
    )
}


def _month_of(text: str) -> int | None:
    for word in re.findall(r"[A-Za-z]+", text):
        if word.casefold() in _MONTH_NAMES:
            return _MONTH_NAMES[word.casefold()]
    return None


@candidate_filter("same_season", rank=13)
def same_season(swap: Swap) -> EntryTest | None:
    """A month named without a day ("in May", "May 1968") moves only within its season: "over the Spring bank
    holiday ... in July" breaks. Calendar dates with a day move by `near_day`."""
    if swap.label != "DATE" or one_date(swap.original) is not None:
        return None
    month = _month_of(swap.original)
    if month is None:
        return None
    season = _SEASON_OF_MONTH[month]
    return lambda entry: _month_of(entry.entity) is not None and _SEASON_OF_MONTH[_month_of(entry.entity)] == season
