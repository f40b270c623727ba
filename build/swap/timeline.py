"""Shifting a passage's whole timeline (policies with `shifted_timelines`): a date answer is swapped by moving every
year, season range ("1995–96"), decade ("the 1990s") and the question's dates by one offset, so the ages,
intervals, orders and "N years later" the text states stay true. The new answer is the shifted date in the
answer's own format.

What may fix a date against the shift (a weekday beside a day, an era marker, a count from the present, a year in
a name, a number that may be a year or a count) is checked by the rules of build/swap/rules/timelines.py, which
read the pieces found here (`timeline_of`); where they refuse, the single-date draw applies as before. The offset
(`shift_offset`) is drawn by a stable hash of the seed and the sample id among the offsets that leave no date in
the future of the passage, no decade or century ill-formed and no impossible day."""

from __future__ import annotations

import calendar as _calendar
import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..hashing import rng_for
from ..text import YEAR, contains_whole_word
from .anchors import anchors, relation
from .calendar import parse_dates
from .rewrite import Rewrite

if TYPE_CHECKING:
    from ..types import Entity
    from .state import Swap

#: a decade written in digits ("the 1990s"); one of a round hundred ("the 1800s") may name a century
DECADE = re.compile(r"(?<![\w'’])(1\d{2}0|20\d0)s(?!\w)")
#: the short end of a season or a range right after a year ("1995–96", "2009-10")
_TAIL = re.compile(r"[–-](\d{2})(?![\w])")
#: the latest year a shift may move a date to where the passage's own dates are earlier: the sources were
#: written after it, so a date at most this late stays in the passage's past
LATEST_PRESENT = 2010
#: the offsets drawn from: a few years either way (a decade either way where the text names a decade)
_YEAR_STEPS = (tuple(k for k in range(-9, 10) if k),)
#: a decade either way first, two where one does not fit
_DECADE_STEPS = ((-10, 10), (-20, 20))
#: the Gregorian calendar repeats its weekdays every 28 years from 1901 to 2099: a text that names a weekday of a
#: dated day moves by 28 years inside those years (`WEEKDAY_YEARS`), so every day keeps its weekday
_WEEKDAY_STEPS = ((-28, 28),)
WEEKDAY_YEARS = (1901, 2099)
_WEEKDAY = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")
#: NER labels under which a year-like number is a count, not a date
_COUNT_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"})
#: words before a number that make it a year ("in 1995", "since 1990", "c. 1200")
_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|by|until|till|to|between|and|during|after|before|around|circa|c\.|ca\.|of|early|late|"
    r"mid|through|year|years|spring|summer|autumn|fall|winter|January|February|March|April|May|June|July|August|"
    r"September|October|November|December)[\s,-]*$|"
    r"(?:[(\[]|\b(?:pre|post|mid)-|\d{4}\s*[–—-]\s*)$|"
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}"
    r"(?:st|nd|rd|th)?,?\s*$",
    re.IGNORECASE,
)
#: "the 1979 energy crisis", "the 2009–10 season": a year before a lower-case word, after "the", dates it
_THE_YEAR_OF = re.compile(r"\b[Tt]he\s+$")
_LOWER_AFTER = re.compile(r"(?:[–-]\d{2})?\s+[a-z]")
#: a lower-case plural noun after a number makes it a count ("1500 soldiers")
_COUNTED_AFTER = re.compile(
    r"\s+(?:more\s+|other\s+)?(?!(?:its|has|was|this|his|does|goes|thus|less|across|plus|unless|whereas)\b)"
    r"[a-z]{2,}s\b"
)
#: a unit of time after a number makes it a count of time, whatever NER says ("over 2000 years")
_TIME_UNIT_AFTER = re.compile(
    r"[\s-]+(?:(?:more|other|odd|plus)\s+)?(?:years?|months?|weeks?|days?|decades?|centuries|hours?|minutes?)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Piece:
    """One date the shift moves: a year, the two-digit end of a range after a year, or a decade; `value` is the
    full year (1996 for the "96" of "1995–96", 1990 for "1990s"); a decade's span holds its digits only."""

    start: int
    end: int
    kind: str  # "year" | "tail" | "decade"
    value: int

    def written(self, offset: int) -> str:
        """The piece moved by `offset`, in its own format."""
        new = self.value + offset
        if self.kind == "tail":
            return f"{new % 100:02d}"
        return str(new)


@dataclass(frozen=True)
class Timeline:
    """The dates of a text the shift moves (`pieces`, in order) and the year-like numbers it leaves, by why:
    `counts` (a count, left as written), `named` (a year inside a name: a named event, work or law), `unread`
    (neither a date nor a count by any sign)."""

    pieces: tuple[Piece, ...]
    counts: tuple[tuple[int, int], ...] = ()
    named: tuple[tuple[int, int], ...] = ()
    unread: tuple[tuple[int, int], ...] = ()


#: NER labels that name a thing: a year inside one is part of its name ("the 1812 Overture", "2008 Summer Olympics")
_NAME_LABELS = frozenset({"EVENT", "WORK_OF_ART", "LAW", "ORG", "FAC", "PRODUCT", "NORP", "GPE", "LOC", "PERSON"})


def _label_at(entities: tuple[Entity, ...], start: int, end: int) -> str | None:
    for e_start, e_end, label in entities:
        if e_start <= start and end <= e_end:
            return label
    return None


def _pieces(text: str) -> list[Piece]:
    found = [Piece(m.start(1), m.end(1), "decade", int(m.group(1))) for m in DECADE.finditer(text)]
    for m in YEAR.finditer(text):
        year = int(m.group(1))
        found.append(Piece(m.start(1), m.end(1), "year", year))
        tail = _TAIL.match(text, m.end(1))
        if tail:
            end = int(tail.group(1))
            full = year - year % 100 + end
            if full <= year:
                full += 100
            if full - year <= 10:  # "1995–96"; "1914-18": a short range, its end written short
                found.append(Piece(tail.start(1), tail.end(1), "tail", full))
    return sorted(found, key=lambda p: p.start)


@functools.lru_cache(maxsize=4096)
def timeline_of(text: str, entities: tuple[Entity, ...]) -> Timeline:
    """The dates of `text` a shift moves, and the year-like numbers it leaves (see `Timeline`). A year is a date
    inside an NER DATE span or after a word that makes it one ("in 1995", "since 1990"); inside a span of a
    name type it is part of the name, as after "Class of" or between "the" and a capitalised word ("the 1973
    Oil Crisis"); a count under a count type, before a plural noun or a unit of time ("1500 soldiers", "over 2000
    years"), or a house number ("1501 Broadway")."""
    pieces: list[Piece] = []
    counts: list[tuple[int, int]] = []
    named: list[tuple[int, int]] = []
    unread: list[tuple[int, int]] = []
    for piece in _pieces(text):
        if piece.kind == "tail":
            pieces.append(piece)
            continue
        span = (piece.start, piece.end)
        label = _label_at(entities, piece.start, piece.end)
        before = text[max(0, piece.start - 24) : piece.start]
        after = text[piece.end : piece.end + 30]
        if piece.kind == "year" and (_TIME_UNIT_AFTER.match(after) or _STREET_AFTER.match(after)):
            counts.append(span)
        elif _named_by_words(before, after):
            named.append(span)
        elif label in _NAME_LABELS:
            named.append(span)
        elif _COUNTED_AFTER.match(after) and label != "DATE" and not _THE_YEAR_OF.search(before):
            counts.append(span)
        elif piece.kind == "decade" or _dated_by_words(before, after):
            pieces.append(piece)
        elif _COUNTED_AFTER.match(after):
            unread.append(span)
        elif label == "DATE":
            pieces.append(piece)
        else:
            unread.append(span)
    return Timeline(tuple(pieces), tuple(counts), tuple(named), tuple(unread))


_CLASS_OF = re.compile(r"\b(?:[Cc]lass|[Vv]intage|[Mm]odel)\s+of\s+$")
_THE_BEFORE = re.compile(r"\b[Tt]he\s+$")
_MONTH_NAMES = frozenset(_calendar.month_name[1:])
_PROPER_AFTER = re.compile(r"s?\s+([A-Z][a-z]+)")


def _dated_by_words(before: str, after: str) -> bool:
    """A year its words make a date: after a date word ("in 1995", "since", "(", "1858–") or between "the" and a
    lower-case word ("the 1979 energy crisis")."""
    return bool(_YEAR_BEFORE.search(before) or (_THE_YEAR_OF.search(before) and _LOWER_AFTER.match(after)))


#: a street address: "1501 Broadway", "1600 Pennsylvania Avenue"
_STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][a-z]+\s+){0,2}(?:Broadway|Street|St\.|Avenue|Ave\.|Road|Rd\.|Boulevard|Blvd\.|Lane|Drive|Way|"
    r"Place|Square|Plaza|Parkway|Highway|Route)\b"
)


def _named_by_words(before: str, after: str) -> bool:
    """A year or decade written as part of a name: "Class of 2014", "the 1973 Oil Crisis", "the 2008 Summer
    Olympics", "the 1890s Klondike Gold Rush"."""
    if _CLASS_OF.search(before):
        return True
    proper = _PROPER_AFTER.match(after)
    return bool(_THE_BEFORE.search(before) and proper and proper.group(1) not in _MONTH_NAMES)


def question_pieces(question: str) -> tuple[Piece, ...]:
    """The question's years, ranges and decades, all moved with the passage's."""
    return tuple(_pieces(question))


def swap_timeline(swap: Swap) -> Timeline:
    """The timeline of the swap's context (cached per context)."""
    return timeline_of(swap.context, swap.info.entities)


def answer_pieces(swap: Swap) -> tuple[Piece, ...]:
    """The pieces of the timeline inside the swapped mention (none: the mention has no date the shift moves)."""
    start, end = swap.mention.start, swap.mention.end
    return tuple(p for p in swap_timeline(swap).pieces if start <= p.start and p.end <= end)


#: words that name a century or a millennium ("the 19th century", "the second millennium")
_CENTURY = re.compile(r"\b(?:centur(?:y|ies)|millenni(?:um|a))\b", re.IGNORECASE)


def named_events(text: str) -> list[tuple[int, int]]:
    """The years (first, last) of the named events the text writes ("World War I", "Super Bowl XIX"): the shift
    does not move them, so every date must keep its place before, inside or after each."""
    return anchors(DECADE.sub(" ", YEAR.sub(" ", text)))


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
    a text naming a decade moves by whole decades, one naming the weekday of a dated day by 28 years inside
    WEEKDAY_YEARS; one naming a century or millennium keeps every date in its
    century; a 29 February stays in a leap year; every date keeps its place before, inside or after each named
    event of the text ("World War I"); the new answer is written nowhere in the passage and the
    original nowhere in the new one."""
    pieces = swap_timeline(swap).pieces + question_pieces(swap.record.question)
    if not pieces:
        return []
    decades = any(p.kind == "decade" for p in pieces)
    centuries = bool(_CENTURY.search(swap.context) or _CENTURY.search(swap.record.question))
    leap_years = tuple(y for _, _, y, month, day in parse_dates(swap.context) if y and (month, day) == (2, 29))
    events = named_events(swap.context) + named_events(swap.record.question)
    weekdays = names_weekday_of_a_day(swap.context)
    rng = rng_for(swap.config.seed, swap.record.id, "timeline")
    steps = []
    for group in _WEEKDAY_STEPS if weekdays else _DECADE_STEPS if decades else _YEAR_STEPS:
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
    found = offsets(swap)
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
    return shifted(swap.record.question, question_pieces(swap.record.question), offset).text
