"""Rules of a timeline's shift (policies with `shifted_timelines`, build/swap/timeline.py): what fixes a date the
shift cannot move. Each applies only to a swap that shifts the timeline; where one refuses, the single-date swap
of the same mention runs as before. Under a shift the rules on a date's ties to other dates hold by construction
(`HELD_BY_SHIFT`), so a shifting swap does not run them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reasons import Reason
from ...sentences import sentences_around
from ..shift import WEEKDAY_YEARS, names_weekday_of_a_day, shift_offset
from ..timeline import DECADE, question_pieces, swap_timeline
from .fixed import numbered_instances
from .registry import Stage, rule

if TYPE_CHECKING:
    from ..state import Swap

#: the rules whose condition a shift keeps true: every date moves with the dates it is tied to, counted from or
#: ranged with, an age with the years it spans, and a weekday with its day (`timeline_without_weekday`)
HELD_BY_SHIFT = frozenset(
    {
        "no_relative_date",
        "no_close_tie",
        "no_day_count_tie",
        "no_counted_tie",
        "no_loose_tie",
        "no_duration_beside_year",
        "number_context_free",
        "age_stands_alone",
        "few_occurrences",
        "weekday_still_fits",
        "year_not_under_a_weekday",
    }
)


@rule(Stage.MADE, Reason.TIMELINE_FIXED)
def timeline_without_weekday(swap: Swap) -> Reason | None:
    """A timeline is not shifted where the passage names a weekday and a day of a month ("Sunday, February 7") and
    some date lies outside WEEKDAY_YEARS: only a shift by 28 years inside them keeps every weekday."""
    if not swap.shifting or not names_weekday_of_a_day(swap.context):
        return None
    first, last = WEEKDAY_YEARS
    values = [p.value for p in swap_timeline(swap).pieces + question_pieces(swap.record.question)]
    return None if all(first <= v <= last for v in values) else Reason.TIMELINE_FIXED


#: an era marker ("300 BC", "AD 1066"), a year written short ("'95", "the '60s") or a decade in words ("the
#: sixties"): dates the shift does not read, or counts from a fixed date
_ERA = re.compile(
    r"(?<![\w.-])(?:BC|BCE|AD|CE|B\.C\.?|A\.D\.?|B\.C\.E\.?|C\.E\.?)(?![\w-])|[‘'’]\d\d(?:s\b|\b)|"
    r"\b(?i:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|noughties)\b"
)


@rule(Stage.MADE, Reason.TIMELINE_FIXED)
def timeline_without_era(swap: Swap) -> Reason | None:
    """A timeline is not shifted where the passage or the question counts from a fixed era ("AD", "BC"), writes a
    year short ("'95") or a decade in words ("the sixties"), or writes a decade of a round hundred ("the 1800s",
    which may name a century)."""
    if not swap.shifting:
        return None
    for text in (swap.context, swap.record.question):
        if _ERA.search(text):
            return Reason.TIMELINE_FIXED
        if any(int(m.group(1)) % 100 == 0 for m in DECADE.finditer(text)):
            return Reason.TIMELINE_FIXED
    return None


#: words that count a date from the time of writing ("two years ago", "last year", "to date")
_PRESENT = re.compile(
    r"\b(?:ago|(?:last|this|next|coming)\s+(?:year|decade|century|month|season)|as\s+of\s+(?:now|today))\b",
    re.IGNORECASE,
)
#: words that put a date in the passage's future ("scheduled for 2020", "will open in 2019")
_FUTURE = re.compile(
    r"\b(?:will|expected|estimated|projected|planned|scheduled|proposed|slated|anticipated|forecast|due|upcoming)\b",
    re.IGNORECASE,
)
#: the first year a passage may look forward to: a future-tense sentence with a year of this century may speak of
#: the passage's own future, which the shift must not move into the past
RECENT = 2000


@rule(Stage.MADE, Reason.TIMELINE_FIXED)
def timeline_not_from_present(swap: Swap) -> Reason | None:
    """A timeline is not shifted where the passage counts a date from the time of writing ("two years ago", "last
    year") or a sentence looks forward to a recent year ("scheduled for 2020"): the present does not move."""
    if not swap.shifting:
        return None
    if _PRESENT.search(swap.context) or _PRESENT.search(swap.record.question):
        return Reason.TIMELINE_FIXED
    for piece in swap_timeline(swap).pieces:
        if piece.value < RECENT:
            continue
        if _FUTURE.search(swap.context, *sentences_around(swap.context, piece.start, piece.end)):
            return Reason.TIMELINE_FIXED
    return None


_NAMED_IN_QUESTION = re.compile(r"\b(?:[Tt]he\s+(?:1\d{3}|20\d{2})\s+[A-Z][a-z]+|[Cc]lass\s+of\s+(?:1\d{3}|20\d{2}))")


@rule(Stage.MADE, Reason.TIMELINE_FIXED)
def timeline_without_named_year(swap: Swap) -> Reason | None:
    """A timeline is not shifted where a year is part of a name ("the 1812 Overture", "the 2008 Summer Olympics",
    "Class of 2014") in the passage or the question: the name fixes it."""
    if not swap.shifting:
        return None
    if swap_timeline(swap).named or _NAMED_IN_QUESTION.search(swap.record.question):
        return Reason.TIMELINE_FIXED
    return None


#: a yearly numbered series however written ("Super Bowls XXI and XXV")
_SUPER_BOWL = re.compile(r"\bSuper\s+Bowls?\b")


@rule(Stage.MADE, Reason.TIMELINE_FIXED)
def timeline_without_numbered_series(swap: Swap) -> Reason | None:
    """A timeline is not shifted where the passage or the question names a numbered instance of a series held at
    known times ("Super Bowl XLVI", "the 71st British Academy Film Awards"): its number fixes its year, and a
    shift would move every date the text ties to it."""
    if not swap.shifting:
        return None
    for text in (swap.context, swap.record.question):
        if _SUPER_BOWL.search(text) or any(named for _, _, named in numbered_instances(text)):
            return Reason.TIMELINE_FIXED
    return None


@rule(Stage.MADE, Reason.TIMELINE_UNREAD)
def timeline_years_read(swap: Swap) -> Reason | None:
    """A timeline is not shifted where a number of year form is neither a date nor a count by any sign (not in a
    DATE span, after no date word, before no counted noun): moved or left, it may break the text."""
    if not swap.shifting:
        return None
    return Reason.TIMELINE_UNREAD if swap_timeline(swap).unread else None


@rule(Stage.MADE, Reason.TIMELINE_NO_OFFSET)
def timeline_has_offset(swap: Swap) -> Reason | None:
    """A timeline is shifted only by an offset that keeps every date past and well-formed and makes the new answer
    new (see `build.swap.timeline.offsets`)."""
    if not swap.shifting:
        return None
    if not question_pieces(swap.record.question) and not swap_timeline(swap).pieces:
        return Reason.TIMELINE_NO_OFFSET
    return Reason.TIMELINE_NO_OFFSET if shift_offset(swap) is None else None


#: the names of the rules above: a shift they refuse is the reason of a row whose single-date swap fails too
TIMELINE_RULES = frozenset(
    f.name
    for f in (
        timeline_without_weekday,
        timeline_without_era,
        timeline_not_from_present,
        timeline_without_named_year,
        timeline_years_read,
        timeline_has_offset,
        timeline_without_numbered_series,
    )
)
