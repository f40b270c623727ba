"""A passage's timeline (policies with `shift_timelines`): the years, season ranges ("1995–96") and decades ("the
1990s") a shift moves together (shift.py), told apart from numbers of year form that are counts
("over 2000 years", "1501 Broadway"), parts of a name ("the 1812 Overture") or neither by any sign.

What may fix a date against the shift is checked by the rules of rules.py, which read the
pieces found here (`timeline_of`); where they refuse, the single-date draw applies as before."""

from __future__ import annotations

import calendar as _calendar
import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fqa_build.swap.components import ShiftedTimelines
from fqa_build.text import YEAR

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap
    from fqa_build.types import Entity

#: a decade written in digits ("the 1990s"); one of a round hundred ("the 1800s") may name a century
DECADE = re.compile(r"(?<![\w'’])(1\d{2}0|20\d0)s(?!\w)")
#: the short end of a season or a range right after a year ("1995–96", "2009-10")
_TAIL = re.compile(r"[–-](\d{2})(?![\w])")
#: the same, or after a slash, and spaced as tokenised text writes them: a financial year or a season written
#: "2023/24", "1979 / 80", "1995 – 96" (`slashed_seasons`)
_TAIL_OR_SLASHED = re.compile(r"[^\S\n]?[–/-][^\S\n]?(\d{2})(?![\w/])")
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


def _pieces(text: str, slashed: bool = False) -> list[Piece]:
    found = [Piece(m.start(1), m.end(1), "decade", int(m.group(1))) for m in DECADE.finditer(text)]
    tails = _TAIL_OR_SLASHED if slashed else _TAIL
    for m in YEAR.finditer(text):
        year = int(m.group(1))
        found.append(Piece(m.start(1), m.end(1), "year", year))
        tail = tails.match(text, m.end(1))
        if tail:
            end = int(tail.group(1))
            full = year - year % 100 + end
            if full <= year:
                full += 100
            if full - year <= 10:  # "1995–96"; "1914-18": a short range, its end written short
                found.append(Piece(tail.start(1), tail.end(1), "tail", full))
    return sorted(found, key=lambda p: p.start)


@functools.lru_cache(maxsize=4096)
def timeline_of(text: str, entities: tuple[Entity, ...], slashed: bool = False) -> Timeline:
    """The dates of `text` a shift moves, and the year-like numbers it leaves (see `Timeline`). A year is a date
    inside an NER DATE span or after a word that makes it one ("in 1995", "since 1990"); inside a span of a
    name type it is part of the name, as after "Class of" or between "the" and a capitalised word ("the 1973
    Oil Crisis"); a count under a count type, before a plural noun or a unit of time ("1500 soldiers", "over 2000
    years"), or a house number ("1501 Broadway"). `slashed`: a season's short end may follow a slash ("2023/24")."""
    pieces: list[Piece] = []
    counts: list[tuple[int, int]] = []
    named: list[tuple[int, int]] = []
    unread: list[tuple[int, int]] = []
    for piece in _pieces(text, slashed):
        if piece.kind == "tail":
            # under `slashed`, a season's end moves only with its year ("Class of 2023/24" is a name)
            if not slashed or pieces and pieces[-1].kind == "year" and pieces[-1].end <= piece.start:
                if not slashed or text[pieces[-1].end : piece.start].strip() in ("/", "-", "–"):
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
    return bool(_THE_YEAR_OF.search(before) and proper and proper.group(1) not in _MONTH_NAMES)


def question_pieces(question: str, slashed: bool = False) -> tuple[Piece, ...]:
    """The question's years, ranges and decades, all moved with the passage's."""
    return tuple(_pieces(question, slashed))


def swap_question_pieces(swap: Swap) -> tuple[Piece, ...]:
    """The swap's question's years, ranges and decades, read as the policy reads the passage's."""
    return question_pieces(swap.record.question, swap.policy.uses(ShiftedTimelines, "slashed_seasons"))


def swap_timeline(swap: Swap) -> Timeline:
    """The timeline of the swap's context (cached per context)."""
    return timeline_of(swap.context, swap.info.entities, swap.policy.uses(ShiftedTimelines, "slashed_seasons"))


def answer_pieces(swap: Swap) -> tuple[Piece, ...]:
    """The pieces of the timeline inside the swapped mention (none: the mention has no date the shift moves)."""
    start, end = swap.mention.start, swap.mention.end
    return tuple(p for p in swap_timeline(swap).pieces if start <= p.start and p.end <= end)
