"""Rules on dates beyond the chronology of years: a date the text ties closely to another ("soon after",
"the following spring") cannot move on its own."""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentence_spans, sentences_around
from fqa_build.swap.components.shifted_timelines.calendar import parse_dates
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import YEAR

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: words that tie a date to another one close by (the "N years later" forms are `no_relative_date`'s)
_CLOSE_TIE = re.compile(
    r"\b(?:(?:soon|shortly|immediately|just|right)\s+(?:after|before|afterwards|thereafter)|thereafter|"
    r"(?:later|earlier)\s+(?:that|the\s+same|in\s+the\s+same)\s+(?:year|month|decade)|"
    r"(?:that|the\s+same|the\s+following|the\s+next|the\s+previous|the\s+preceding)\s+"
    r"(?:year|month|decade|spring|summer|autumn|fall|winter|season)|"
    r"within\s+(?:a|an|one|two|three|four|five|six|\w+)\s+(?:years?|months?|weeks?|days?))\b",
    re.IGNORECASE,
)


def _said_near(swap: Swap, pattern: re.Pattern) -> bool:
    """True when `pattern` occurs in the sentence of a rewritten mention or the next one."""
    for start, end in swap.rewrite.mention_old_spans:
        if pattern.search(swap.context, *sentences_around(swap.context, start, end, after=1)):
            return True
    return False


@rule(Stage.REWRITE, Reason.RELATIVE_DATE)
def no_close_tie(swap: Swap) -> Reason | None:
    """A date is not swapped where its sentence or the next one ties it closely to another date ("soon after",
    "the following year", "within two years"): a new date would break the tie."""
    return Reason.RELATIVE_DATE if swap.label == "DATE" and _said_near(swap, _CLOSE_TIE) else None


#: "two weeks later", "three days after": a date counted from another by days or weeks
_DAYS_TIE = re.compile(r"\b\w+\s+(?:weeks?|days?)\s+(?:later|earlier|after|before|afterwards)\b", re.IGNORECASE)


@rule(Stage.REWRITE, Reason.RELATIVE_DATE)
def no_day_count_tie(swap: Swap) -> Reason | None:
    """A date is not swapped where its sentence or the next one counts days or weeks from it ("made up two
    weeks later on 27 June")."""
    return Reason.RELATIVE_DATE if swap.label == "DATE" and _said_near(swap, _DAYS_TIE) else None


_WEEKDAYS = re.compile(r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")


@rule(Stage.MENTION, Reason.WEEKDAY_LEFT)
def weekday_not_beside_date(swap: Swap) -> Reason | None:
    """A weekday is not swapped in a text that dates the day ("on Saturday ... 23 November 1963"): the date
    fixes the weekday."""
    if swap.label != "DATE" or not _WEEKDAYS.fullmatch(swap.original):
        return None
    return Reason.WEEKDAY_LEFT if parse_dates(swap.context) else None


#: "the next 13 months", "over the following two years": a stretch counted from the date
_STRETCH = re.compile(
    r"\b(?:the\s+)?(?:next|following|previous|past|preceding)\s+\w+\s+(?:years?|months?|weeks?|days?|decades?)\b",
    re.IGNORECASE,
)


@rule(Stage.REWRITE, Reason.RELATIVE_DATE)
def no_counted_tie(swap: Swap) -> Reason | None:
    """A date is not swapped in a text that counts days or weeks between dates anywhere ("the banquet, two weeks
    later on 27 June", two sentences on) or a stretch from it in its sentences ("the next 13 months")."""
    if swap.label != "DATE":
        return None
    if _DAYS_TIE.search(swap.context) and len(parse_dates(swap.context)) > 1:
        return Reason.RELATIVE_DATE
    return Reason.RELATIVE_DATE if _said_near(swap, _STRETCH) else None


#: words that keep a date close to another one without saying how close ("within a short time", "soon")
_LOOSE_TIE = re.compile(
    r"\b(?:within\s+a\s+(?:short|few)|shortly|soon|not\s+long\s+(?:after|before)|a\s+(?:short|few)\s+"
    r"(?:time|years?|months?)\s+(?:later|after|before|earlier))\b",
    re.IGNORECASE,
)


@rule(Stage.REWRITE, Reason.RELATIVE_DATE)
def no_loose_tie(swap: Swap) -> Reason | None:
    """A date is not swapped where the sentence before it, its own or the next says another date came soon
    after or before ("research ... lost soon after in the March 1895 fire"; "within a short time")."""
    if swap.label != "DATE":
        return None
    spans = sentence_spans(swap.context)
    starts = [s for s, _ in spans]
    for start, end in swap.rewrite.mention_old_spans:
        i = max(0, bisect.bisect_right(starts, start) - 2)
        lo, hi = spans[i][0], sentences_around(swap.context, start, end, after=1)[1]
        if _LOOSE_TIE.search(swap.context, lo, hi):
            return Reason.RELATIVE_DATE
    return None


@rule(Stage.MENTION, Reason.WEEKDAY_LEFT)
def year_not_under_a_weekday(swap: Swap) -> Reason | None:
    """A year is not swapped in a text that names a weekday and a day of the month ("Invocavit Sunday, 9
    March"): the year fixes the weekday of that day."""
    if swap.label != "DATE" or not YEAR.fullmatch(swap.original.strip()):
        return None
    return Reason.WEEKDAY_LEFT if _WEEKDAYS.search(swap.context) and parse_dates(swap.context) else None
