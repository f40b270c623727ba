"""Shifting a passage's whole timeline (policies with `shift_timelines`): a date answer is swapped by moving every
date of the timeline (timeline.py) and the question's dates by one offset, so the ages, intervals,
orders and "N years later" the text states stay true. The new answer is the shifted date in the answer's own format. The
offset (`shift_offset`) is drawn by a stable hash of the seed and the sample id among the offsets that leave no date in
the future of the passage, no decade or century ill-formed, no weekday changed and no impossible day."""

from __future__ import annotations

import calendar as _calendar
import functools
import re
from typing import TYPE_CHECKING

from fqa_build.hashing import rng_for
from fqa_build.swap.components.shifted_timelines.anchors import anchors, relation
from fqa_build.swap.components.shifted_timelines.calendar import parse_dates
from fqa_build.swap.components.shifted_timelines.timeline import (
    DECADE,
    Piece,
    answer_pieces,
    swap_question_pieces,
    swap_timeline,
)
from fqa_build.swap.rewriting.rewrite import Rewrite
from fqa_build.text import YEAR, contains_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: the latest year a shift may move a date to where the passage's own dates are earlier: the sources were
#: written after it, so a date at most this late stays in the passage's past
LATEST_PRESENT = 2010
#: the offsets drawn from: one to three years either way, so the passage stays in its own era of the world (a
#: longer move crosses wars, programmes and technologies the passage names without a year)
_YEAR_STEPS = ((-3, -2, -1, 1, 2, 3),)
#: a decade either way (a text naming a decade)
_DECADE_STEPS = ((-10, 10),)
#: a text naming 29 February moves by one leap cycle
_LEAP_STEPS = ((-4, 4),)
#: the Gregorian calendar repeats its weekdays every 28 years from 1901 to 2099: a text that names a weekday of a
#: dated day moves by 28 years inside those years (`WEEKDAY_YEARS`), so every day keeps its weekday
_WEEKDAY_STEPS = ((-28, 28),)
WEEKDAY_YEARS = (1901, 2099)
_WEEKDAY = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")

#: words that name a century or a millennium ("the 19th century", "the second millennium")
_CENTURY = re.compile(r"\b(?:centur(?:y|ies)|millenni(?:um|a))\b", re.IGNORECASE)


def named_events(text: str) -> list[tuple[int, int]]:
    """The years (first, last) of the named events the text writes ("World War I", "Super Bowl XIX"): the shift
    does not move them, so every date must keep its place before, inside or after each."""
    return list(_named_events(text))


@functools.lru_cache(maxsize=4096)
def _named_events(text: str) -> tuple[tuple[int, int], ...]:
    # cached: each question of a passage and each rule that shifts asks it of the same passage
    return tuple(anchors(DECADE.sub(" ", YEAR.sub(" ", text))))


def _offset_fits(
    offset: int,
    pieces: tuple[Piece, ...],
    centuries: bool,
    leap_years: tuple[int, ...],
    events: list[tuple[int, int]],
) -> bool:
    values = [p.value for p in pieces]
    moved = [v + offset for v in values]
    if min(moved) < 1000 or max(moved) > 2099:
        return False
    if offset > 0 and max(moved) > max(max(values), LATEST_PRESENT):
        return False
    if centuries and any((v - 1) // 100 != (v + offset - 1) // 100 or v // 100 != (v + offset) // 100 for v in values):
        return False
    if not all(_calendar.isleap(y + offset) for y in leap_years):
        return False
    for piece in pieces:
        span = 9 if piece.kind == "decade" else 0
        old, new = (piece.value, piece.value + span), (piece.value + offset, piece.value + offset + span)
        if any(_place(old, event) != _place(new, event) for event in events):
            return False
    return True


def _place(interval: tuple[int, int], event: tuple[int, int]) -> tuple[int, bool, bool]:
    """Where a date stands against a named event: before, inside or after it, and whether it is the event's first
    or last year (the outbreak of a war stays its outbreak)."""
    return relation(interval, event), interval[0] == event[0], interval[1] == event[1]


def offsets(swap: Swap) -> list[int]:
    """The offsets the shift may use, in the sample's own order (a stable hash of the seed and the sample id):
    every date stays in 1000-2099 and, moved later, no later than the passage's latest date or LATEST_PRESENT;
    a text moves by one to three years, one naming 29 February by four, one naming a decade by a decade, one
    naming the weekday of a dated day by 28 years inside WEEKDAY_YEARS; one naming a century or millennium keeps
    every date in its century; a 29 February stays in a leap year; every date keeps its place before, inside or
    after each named event of the text ("World War I"); the new answer is written nowhere in the passage and the
    original nowhere in the new one."""
    pieces = swap_timeline(swap).pieces + swap_question_pieces(swap)
    if not pieces:
        return []
    decades = any(p.kind == "decade" for p in pieces)
    centuries = bool(_CENTURY.search(swap.context) or _CENTURY.search(swap.record.question))
    leap_years = tuple(y for _, _, y, month, day in parse_dates(swap.context) if y and (month, day) == (2, 29))
    events = named_events(swap.context) + named_events(swap.record.question)
    weekdays = names_weekday_of_a_day(swap.context)
    if weekdays and decades:
        return []  # a weekday moves by 28 years, a decade by whole decades: no offset keeps both
    rng = rng_for(swap.config.seed, swap.record.id, "timeline")
    steps = []
    for group in (
        _WEEKDAY_STEPS if weekdays else _DECADE_STEPS if decades else _LEAP_STEPS if leap_years else _YEAR_STEPS
    ):
        group = list(group)
        rng.shuffle(group)
        steps += group
    kept = []
    for offset in steps:
        if not _offset_fits(offset, pieces, centuries, leap_years, events):
            continue
        if weekdays and not all(
            WEEKDAY_YEARS[0] <= v + k <= WEEKDAY_YEARS[1] for v in (p.value for p in pieces) for k in (0, offset)
        ):
            continue
        rewrite = shifted(swap.context, swap_timeline(swap).pieces, offset)
        new = shifted_mention(swap, offset)
        if contains_whole_word(swap.context, new) or contains_whole_word(rewrite.text, swap.original):
            continue
        kept.append(offset)
    return kept


def names_weekday_of_a_day(text: str) -> bool:
    """True where the text names a weekday and a day of a month: the year then fixes the weekday."""
    return bool(_WEEKDAY.search(text) and parse_dates(text))


def shift_offset(swap: Swap) -> int | None:
    """The offset the swap's timeline moves by (the first of `offsets`), None where none fits."""
    # worked out once per Swap (two rules and the shift ask); a bare record of a swap's fields has no slot for them
    found = getattr(swap, "shift_offsets", None)
    if found is None:
        found = tuple(offsets(swap))
        if hasattr(swap, "shift_offsets"):
            swap.shift_offsets = found
    return found[0] if found else None


def shifted(text: str, pieces: tuple[Piece, ...], offset: int) -> Rewrite:
    """`text` with every piece moved by `offset`; each moved piece is one rewritten mention."""
    out: list[str] = []
    old_spans: list[tuple[int, int]] = []
    new_spans: list[tuple[int, int]] = []
    cursor = length = 0
    for piece in pieces:
        out.append(text[cursor : piece.start])
        length += piece.start - cursor
        new = piece.written(offset)
        old_spans.append((piece.start, piece.end))
        new_spans.append((length, length + len(new)))
        out.append(new)
        length += len(new)
        cursor = piece.end
    out.append(text[cursor:])
    return Rewrite("".join(out), tuple(old_spans), tuple(new_spans), len(pieces))


def shifted_mention(swap: Swap, offset: int) -> str:
    """The swapped mention with its dates moved by `offset` (the new answer, in the answer's own format)."""
    start, end = swap.mention.start, swap.mention.end
    inner = tuple(Piece(p.start - start, p.end - start, p.kind, p.value) for p in answer_pieces(swap))
    return shifted(swap.context[start:end], inner, offset).text


def shifted_question(swap: Swap, offset: int) -> str:
    """The question with its dates moved by `offset`."""
    return shifted(swap.record.question, swap_question_pieces(swap), offset).text
