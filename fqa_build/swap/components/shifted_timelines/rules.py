"""Rules of a timeline's shift (policies with `shift_timelines`, timeline.py): what fixes a date
the shift cannot move. Each applies only to a swap that shifts the timeline; where one refuses, the single-date swap of
the same mention runs as before. Under a shift the rules on a date's ties to other dates hold by construction
(`HELD_BY_SHIFT`), so a shifting swap does not run them."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.components.shifted_timelines.anchors import named_event_pattern
from fqa_build.swap.components.shifted_timelines.shift import (
    WEEKDAY_YEARS,
    named_events,
    names_weekday_of_a_day,
    shift_offset,
)
from fqa_build.swap.components.shifted_timelines.timeline import DECADE, swap_question_pieces, swap_timeline
from fqa_build.swap.rule import Stage, rule
from fqa_build.swap.rules.fixed import numbered_instances

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

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
    values = [p.value for p in swap_timeline(swap).pieces + swap_question_pieces(swap)]
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
    new (see `fqa_build.swap.timeline.offsets`)."""
    if not swap.shifting:
        return None
    if not swap_question_pieces(swap) and not swap_timeline(swap).pieces:
        return Reason.TIMELINE_NO_OFFSET
    return Reason.TIMELINE_NO_OFFSET if shift_offset(swap) is None else None


#: words naming an event or an era of the world whose real years a shift could cross: wars, revolutions, their
#: ends and the years between them, accords, spaceflight, named programmes and the technologies of recent years
#: and crises, disasters, battles and councils ("interwar years", "an armistice", "the first astronaut", "the Apollo
#: program", "streamed weekly", "the 1973 oil crisis", "the Edict of Worms"), and a law named with its year
#: ("the Schools Act of 1996")
_EVENT_WORDS = re.compile(
    r"\b(?:wars?|warfare|wartime|(?:pre|post|inter)-?war|revolutions?|revolutionary|armistices?|treat(?:y|ies)|"
    r"ceasefires?|truces?|uprisings?|rebellions?|invasions?|occupation|independence|coups?|accords?|pacts?|"
    r"astronauts?|cosmonauts?|spaceflights?|space\s+(?:race|program(?:me)?s?|missions?)|"
    r"stream(?:ed|ing)|internet|online|smartphones?|social\s+media|"
    r"cris[ie]s|earthquakes?|famines?|massacres?|riots?|pandemics?|epidemics?|battles?|sieges?|edicts?|synods?|"
    r"congress\s+of|council\s+of)\b|"
    r"\b(?-i:[A-Z][a-z]+\s+(?:Acts?|Treaty|Convention|Charter|Declaration|Constitution|Exhibition)\s+of\s+\d{4})\b|"
    r"\b(?-i:(?!(?:The|A|An|This|That|Its|His|Her|Their|Our)\b)[A-Z][a-z]+\s+[Pp]rogram(?:me)?s?)\b",
    re.IGNORECASE,
)
#: NER labels of names a shift by a decade or more could cross (a person's lifetime, a firm's, a technology's,
#: a work's or an event's years)
_ERA_NAME_LABELS = frozenset({"EVENT", "PRODUCT", "WORK_OF_ART", "LAW", "FAC", "ORG", "PERSON"})
#: an offset this long moves a passage out of its era of the world
LONG_OFFSET = 10


@functools.lru_cache(maxsize=4096)
def _without_dated_events(text: str) -> str:
    """`text` with the events the lexicon dates blanked out: the shift keeps every date's place against them."""
    return named_event_pattern().sub(lambda m: " " * len(m.group(0)), text)


@rule(Stage.MADE, Reason.TIMELINE_UNDATED_EVENT)
def timeline_without_undated_event(swap: Swap) -> Reason | None:
    """A timeline is not shifted where the passage or the question names a war, a revolution, a treaty, an
    armistice, independence, spaceflight, a crisis or a battle, or an NER event or law, that the event lexicon does
    not date: the shift could move a date across it. Nor by a decade or more where the passage names a person, an
    organisation, a product, a work, a law, a building or an event: their real years could be crossed."""
    if not swap.shifting:
        return None
    for text in (swap.context, swap.record.question):
        if _EVENT_WORDS.search(_without_dated_events(text)):
            return Reason.TIMELINE_UNDATED_EVENT
    for start, end, label in swap.info.entities:
        if label in ("EVENT", "LAW") and not named_events(swap.context[start:end]):
            return Reason.TIMELINE_UNDATED_EVENT
    offset = shift_offset(swap)
    if offset is not None and abs(offset) >= LONG_OFFSET:
        if any(label in _ERA_NAME_LABELS for _, _, label in swap.info.entities):
            return Reason.TIMELINE_UNDATED_EVENT
    return None


#: words of a person's lifetime or term of office, whose real years a shift would move: a birth or a death, a
#: ruler's or an officer's title ("born", "died", "President", "Emperor")
_LIFETIME_WORDS = re.compile(
    r"\b(?:born|died|dies|death|President|Emperor|Empress|King|Queen|Pope|Prime\s+Minister|Chancellor|Sultan|"
    r"Tsar|Czar|Shah|Khan|Caliph|Pharaoh|Governor|Senator|Mayor)\b"
)


@rule(Stage.MADE, Reason.TIMELINE_LIFETIME)
def timeline_without_known_lifetime(swap: Swap) -> Reason | None:
    """A timeline is not shifted where the passage names a person and writes a birth, a death or a title of
    office ("born", "died", "President", "Emperor"): the shift would move a life or a term a reader knows."""
    if not swap.shifting or not any(label == "PERSON" for _, _, label in swap.info.entities):
        return None
    for text in (swap.context, swap.record.question):
        if _LIFETIME_WORDS.search(text):
            return Reason.TIMELINE_LIFETIME
    return None


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
        timeline_without_undated_event,
        timeline_without_known_lifetime,
    )
)
