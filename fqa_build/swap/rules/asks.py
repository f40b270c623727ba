"""Rules on what the question asks against what the swapped span gives: a time at all, the grain of a date (a
month, a day, two ends), and the character rather than the performer who plays it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import YEAR

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a wh-word: a question with one says what it asks for (NQ's keyword queries do not)
_WH = re.compile(r"\b(?:what|which|who|whom|whose|where|why|how)\b", re.IGNORECASE)
#: words by which a question asks for a time, a date or a stretch of time
_TIME_CUE = re.compile(
    r"\b(?:when\w*|years?|yr|dates?|dated|months?|weeks?|days?|decades?|century|centuries|era|eras|period|times?|"
    r"age|aged|seasons?|long|old|often|many|much|earliest|latest|since|until|till|ends?|ended|ending|begin\w*|"
    r"began|start\w*|last\w*|duration|term|length|frequency|frequently|anniversary|birthday|deadline|annual\w*|"
    r"hours?|minutes?|night|morning|evening|spring|summer|autumn|fall|winter|holiday|weekday|sunday|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|generation|reign|lifespan|span|interval)\b",
    re.IGNORECASE,
)


@rule(Stage.MENTION, Reason.QUESTION_ASKS_NO_TIME, after="question_noun_fits_number")
def question_asks_for_a_time(swap: Swap) -> Reason | None:
    """A date answers only a question that asks for a time: a question with a wh-word and no word of time ("what
    was their first plan", "what did the act ban") is not answered by a year."""
    if swap.label != "DATE":
        return None
    question = swap.record.question
    if not _WH.search(question) or _TIME_CUE.search(question):
        return None
    return Reason.QUESTION_ASKS_NO_TIME


_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|" \
    r"Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?"  # fmt: skip
_MONTH_WORD = re.compile(rf"\b{_MONTH}(?!\w)")
#: a question that asks for the month: "in what month", "month and year", "(month and year)"
_ASKS_MONTH = re.compile(r"\b(?:what|which)\s+month\b|\bmonth\s+and\s+(?:the\s+)?year\b|\(\s*month\b", re.IGNORECASE)
#: a question that asks for a day: "on what date", "what day", "which date"
_ASKS_DAY = re.compile(r"\b(?:what|which|exact)\s+(?:day|date)\b", re.IGNORECASE)
#: a month (and day) written just before a year: "October 16, 2012", "21 February 1804", "July"
_DATE_BEFORE = re.compile(rf"{_MONTH}[^\S\n]+(?:\d{{1,2}}(?:st|nd|rd|th)?,?[^\S\n]+)?$|"
                          rf"\d{{1,2}}(?:st|nd|rd|th)?[^\S\n]+{_MONTH},?[^\S\n]+$")  # fmt: skip
#: a question that asks for two ends of a stretch: "begin and end", "from what year to what year", "what years"
_ASKS_TWO_ENDS = re.compile(
    r"\b(?:begin|began|start|started|open|opened|built|born)\w*\s+and\s+(?:when\s+)?(?:did\s+\w+\s+)?"
    r"(?:end|ended|finish|finished|close|closed|stop|stopped|die|died|complet\w+)\b|"
    r"\bfrom\s+(?:what|which|when)\b.*\b(?:to|until|till)\s+(?:what|which|when)\b|"
    r"\bbetween\s+(?:what|which)\s+(?:years|dates)\b|\b(?:what|which)\s+years\b",
    re.IGNORECASE,
)


@rule(Stage.MENTION, Reason.QUESTION_GRAIN)
def question_grain_fits(swap: Swap) -> Reason | None:
    """A date answers at the grain the question asks: a question for the month ("in what month and year") is not
    answered by a bare year; one for the day ("on what date") not by the year of a date the text writes in full
    ("October 16, 2012"); one for two ends ("when did the war begin and end", "what years") not by one year, and
    one for a single time ("when was the first title") not by a list of years ("1948, 1949")."""
    if swap.label != "DATE":
        return None
    question, span = swap.record.question, swap.original
    if _ASKS_MONTH.search(question) and not _MONTH_WORD.search(span):
        return Reason.QUESTION_GRAIN
    if _ASKS_DAY.search(question) and not _MONTH_WORD.search(span):
        if any(_DATE_BEFORE.search(swap.context[max(0, start - 24) : start]) for start, _ in swap.mention_spans):
            return Reason.QUESTION_GRAIN
    years = len(YEAR.findall(span))
    if _ASKS_TWO_ENDS.search(question):
        return Reason.QUESTION_GRAIN if years < 2 and not re.search(r"\d0s\b", span) else None
    return Reason.QUESTION_GRAIN if years >= 2 and not re.search(r"\d\s*(?:–|-|—|to)\s*\d", span) else None


#: a performer named beside the character they play: "played by X", "X as Jane", "Jane (X)"
_PERFORMER_BEFORE = re.compile(
    r"\b(?:played|portrayed|voiced|depicted)\s+by[^\S\n]+$|\b(?:actor|actress|starring)[^\S\n]+$",
    re.IGNORECASE,
)
_CHARACTER_BEFORE_BRACKET = re.compile(r"[A-Z][\w'’.-]*[^\S\n]*\([^\S\n]*$")
#: words by which a question asks for a performer ("who plays", "who voiced", "which actress")
_ASKS_PERFORMER = re.compile(
    r"\b(?:play\w*|portray\w*|voice\w*|act|acts|acted|acting|actor|actress|actors|star\w*|cast\w*|sing\w*|sang|"
    r"sung|perform\w*|dub\w*|narrat\w*|host\w*|appear\w*|model\w*)\b",
    re.IGNORECASE,
)


def _performer_mention(context: str, start: int, end: int) -> bool:
    """True when the name at [start, end) is named as the performer of a character ("played by X", "X as
    Jane", "Jane (X)")."""
    before = context[max(0, start - 30) : start]
    if _PERFORMER_BEFORE.search(before):
        return True
    if re.match(r"[^\S\n]+as[^\S\n]+(?:the[^\S\n]+)?[A-Z]", context[end : end + 12]):
        return True
    return bool(_CHARACTER_BEFORE_BRACKET.search(before) and re.match(r"[^\S\n]*\)", context[end : end + 3]))


#: a relative or a tie of a character the question may ask for ("who is her mom", "who was his boss")
_ASKS_RELATIVE = re.compile(
    r"\b(?:mom|mum|mother|dad|father|parents?|wife|husband|spouse|son|daughter|sons|daughters|brother|sister|"
    r"siblings?|child|children|kids?|baby|aunt|uncle|niece|nephew|cousin|grand\w+|girlfriend|boyfriend|fianc[ée]+|"
    r"lover|partner|friend|boss|killer|murderer|father-in-law|mother-in-law|stepmother|stepfather|twin)\b",
    re.IGNORECASE,
)


@rule(Stage.MENTION, Reason.PERFORMER_NOT_ASKED)
def performer_is_asked(swap: Swap) -> Reason | None:
    """A person the text names as the performer of a character ("Jane (played by X)", "X as Jane", "Jane (X)")
    does not answer a question for a character's relative that asks for no performer ("who is her mom" asks for
    the character, not the actress; "who plays her mom" asks for the actress)."""
    question = swap.record.question
    if swap.label != "PERSON" or _ASKS_PERFORMER.search(question) or not _ASKS_RELATIVE.search(question):
        return None
    if any(_performer_mention(swap.context, start, end) for start, end in swap.mention_spans):
        return Reason.PERFORMER_NOT_ASKED
    return None
