"""Rules on years a name in the text fixes: an anniversary ("the Centennial Exposition", "its 50th anniversary")
counts years from another date, and a numbered instance of a series ("Super Bowl XLVI", "the 34th Annual
Awards", "season 6") stands at its place in a run of years."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentence_spans, sentences_around
from fqa_build.swap.components.shifted_timelines.anchors import ordinal_value, roman_value
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import YEAR

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: words that name an anniversary, and the years each counts (0: an "Nth anniversary" says its own count)
_ANNIVERSARY_YEARS = {
    "centennial": 100,
    "centenary": 100,
    "bicentennial": 200,
    "bicentenary": 200,
    "tercentenary": 300,
    "tricentennial": 300,
    "sesquicentennial": 150,
    "semicentennial": 50,
    "quincentenary": 500,
    "quincentennial": 500,
    "jubilee": 0,
    "anniversary": 0,
}
_ANNIVERSARY = re.compile(
    r"\b(?:(?P<n>\d{1,3})(?:st|nd|rd|th)[\s-]+|(?P<w>[a-z]+(?:-[a-z]+)?)[\s-]+)?"
    r"(?P<kind>centennial|centenary|bicentennial|bicentenary|tercentenary|tricentennial|sesquicentennial|"
    r"semicentennial|quincentenary|quincentennial|jubilee|anniversary)\b",
    re.IGNORECASE,
)
_JUBILEES = {"silver": 25, "golden": 50, "ruby": 40, "diamond": 60, "sapphire": 65, "platinum": 70}


def _year_moves(swap: Swap) -> bool:
    """True when the swap changes a year ("20 November 1989" -> "8 December 1985"; not "April 9, 2018" ->
    "April 10, 2018")."""
    old = YEAR.findall(swap.original)
    return bool(old) and YEAR.findall(swap.replacement)[:1] != old[:1]


def _anniversary_counts(text: str) -> list[int]:
    """The years each anniversary the text names counts ("centennial" 100, "50th anniversary" 50, "diamond
    jubilee" 60; 0 where it does not say)."""
    counts = []
    for match in _ANNIVERSARY.finditer(text):
        count = _ANNIVERSARY_YEARS[match.group("kind").casefold()]
        if match.group("n"):
            count = int(match.group("n"))
        elif match.group("w"):
            word = match.group("w").casefold()
            count = _JUBILEES.get(word) or ordinal_value(word) or count
        counts.append(count)
    return counts


@rule(Stage.REWRITE, Reason.DATE_FIXED_BY_NAME)
def year_not_an_anniversary(swap: Swap) -> Reason | None:
    """A year is not swapped where an anniversary fixes it: its sentence names one ("held in 1876 for the
    Centennial"), or the text names one whose count of years is the gap between this year and another it writes
    ("founded in 1850 ... its centenary ... 1950")."""
    if swap.label != "DATE" or not _year_moves(swap):
        return None
    years = [int(y) for y in YEAR.findall(swap.original)]
    counts = _anniversary_counts(swap.context)
    if not counts:
        return None
    for start, end in swap.rewrite.mention_old_spans:
        if _ANNIVERSARY.search(swap.context, *sentences_around(swap.context, start, end)):
            return Reason.DATE_FIXED_BY_NAME
    others = {int(y) for y in YEAR.findall(swap.context)}
    if any(count and (years[0] + count in others or years[0] - count in others) for count in counts):
        return Reason.DATE_FIXED_BY_NAME
    return None


_ROMAN = r"(?:[IVXLC]{2,}|[IVX])"
_ORDINAL_WORD = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"
    r"fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|\w+-(?:first|second|third|fourth|fifth|"
    r"sixth|seventh|eighth|ninth)|thirtieth|fortieth|fiftieth|sixtieth|seventieth|eightieth|ninetieth|hundredth)"
)
#: the head words of series whose instances are numbered and held at regular times
_SERIES_HEAD = (
    r"(?:Bowl|Games|Olympiad|Olympics|Awards?|Congress|Festival|Championships?|Cup|Exposition|Expo|Convention|"
    r"Conference|Summit|Session|Assembly|Edition|Parliament|Dáil|Knesset|Plenum|Synod|Biennale|Jamboree|"
    r"Tournament|Derby|Rally|Marathon|Contest|Ceremony|Season|Series|[Ss]eason|[Ss]eries)"
)
#: words after "second Super Bowl" that make the ordinal count something else ("their second Super Bowl
#: appearance", "his third Cup title")
_NOT_AN_INSTANCE = (
    r"(?:appearances?|titles?|wins?|victor(?:y|ies)|berths?|trips?|loss(?:es)?|rings?|starts?|games?|goals?)\b"
)
#: a numbered instance of a series: "Super Bowl XLVI", "Super Bowl 50", "the 50th Super Bowl", "the 34th Annual
#: Grammy Awards", "season 6", "the sixth season", "XXIII Olympic Games"
_NUMBERED_INSTANCE = re.compile(
    rf"(?<![\w-])(?P<head1>(?:[A-Z][\w'’.-]*[^\S\n]+){{0,3}}{_SERIES_HEAD})[^\S\n]+(?P<num1>{_ROMAN}|\d{{1,3}})(?![\w-])|"
    rf"(?<![\w-])(?P<num2>\d{{1,3}}(?:st|nd|rd|th)|{_ORDINAL_WORD}|{_ROMAN})[^\S\n]+(?:[Aa]nnual[^\S\n]+)?"
    rf"(?P<head2>(?:[A-Z][\w'’.-]*[^\S\n]+){{0,3}}{_SERIES_HEAD})(?![\w-])(?![^\S\n]+{_NOT_AN_INSTANCE})",
    re.IGNORECASE,
)


#: every numbered instance holds a series head as a whole word: a text without one names none (a cheaper scan)
_ANY_SERIES_HEAD = re.compile(rf"{_SERIES_HEAD}(?![\w-])", re.IGNORECASE)


def _instance_number(text: str) -> int | None:
    if text.isdigit():
        return int(text)
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", text, re.IGNORECASE):
        return int(text[:-2])
    if re.fullmatch(r"[IVXLC]+", text):
        return roman_value(text)
    return ordinal_value(text.casefold())


#: lower-case heads: a numbered season or edition fixes its year only against another the text numbers
_COMMON_HEADS = frozenset({"season", "series", "edition", "session"})


def numbered_instances(text: str) -> list[tuple[str, int, bool]]:
    """The numbered instances of series the text names, as (head word, number, named): "Super Bowl XLVI" ->
    ("bowl", 46, True), "the sixth season" -> ("season", 6, False). A named series (a capitalised head other
    than a season, series, edition or session) is held at known times."""
    return list(_numbered_instances(text))


@functools.lru_cache(maxsize=4096)
def _numbered_instances(text: str) -> tuple[tuple[str, int, bool], ...]:
    # cached: the rules ask it of the same passage for each of its questions and draws
    if not _ANY_SERIES_HEAD.search(text):
        return ()
    found = []
    for match in _NUMBERED_INSTANCE.finditer(text):
        head, number = match.group("head1") or match.group("head2"), match.group("num1") or match.group("num2")
        last = head.split()[-1]
        if re.fullmatch(r"[ivxlc]+", number) or (len(number) == 1 and number.isalpha() and last.islower()):
            continue  # "season i", "series I ..." read a pronoun or a word, not a numeral
        value = _instance_number(number)
        if value is not None and value > 1:
            found.append((last.casefold(), value, last[:1].isupper() and last.casefold() not in _COMMON_HEADS))
    return tuple(found)


#: a year that dates the instance beside it: "Super Bowl XLVI in 2012", "Super Bowl XIX (1985)", "the 34th
#: Awards on March 3, 2012"
_DATES_INSTANCE_AFTER = re.compile(
    r"^[^\S\n]*[,(]?[^\S\n]*(?:(?:was|were|is)[^\S\n]+)?(?:(?:[a-z]+ed|held|won|began|ran)[^\S\n]+)?"
    r"(?:(?:in|of|on|during)[^\S\n]+)?"
    r"(?:[A-Z][a-z]+\.?[^\S\n]+\d{1,2},?[^\S\n]+|\d{1,2}[^\S\n]+[A-Z][a-z]+,?[^\S\n]+|[A-Z][a-z]+[^\S\n]+)?$"
)
#: "the 2012 Super Bowl XLVI", "2012's 50th Super Bowl"
_DATES_INSTANCE_BEFORE = re.compile(r"^(?:'s)?[^\S\n]*(?:the[^\S\n]+)?$")


def _dated_instances(sentence: str, year_start: int, year_end: int) -> list[tuple[str, int, bool]]:
    """The numbered instances of the sentence that the year at [year_start, year_end) dates: written right
    before or after it ("Super Bowl XLVI in 2012", "the 2012 Super Bowl")."""
    found = []
    for match in _NUMBERED_INSTANCE.finditer(sentence):
        if match.end() <= year_start:
            between = sentence[match.end() : year_start]
            near = len(between) <= 32 and _DATES_INSTANCE_AFTER.match(between)
        elif match.start() >= year_end:
            near = _DATES_INSTANCE_BEFORE.match(sentence[year_end : match.start()])
        else:
            near = False
        if near:
            found += numbered_instances(match.group())
    return found


def _dated_elsewhere(context: str, lo: int, hi: int) -> set[tuple[str, int]]:
    """The (head, number) of the numbered instances named in a sentence outside [lo, hi) that writes a year
    too: the text shows where in the run of years the series stands ("a fifth season, which premiered in 2017")."""
    found = set()
    for s_lo, s_hi in sentence_spans(context):
        if (s_lo, s_hi) != (lo, hi) and not lo <= s_lo < hi and YEAR.search(context, s_lo, s_hi):
            found |= {(head, number) for head, number, _ in numbered_instances(context[s_lo:s_hi])}
    return found


@rule(Stage.REWRITE, Reason.DATE_FIXED_BY_NAME)
def year_not_a_numbered_instance(swap: Swap) -> Reason | None:
    """A year is not swapped where a numbered instance of a series held at regular times fixes it: a named
    series written right beside it ("Super Bowl XLVI in 2012", "the 2012 Super Bowl XLVI"), or any instance its
    sentence names whose series the text dates under another number in another sentence ("a sixth season ...
    will premiere in 2018" after "a fifth season, which premiered in 2017"): the number fixes its year among
    the series' others. The first of a series fixes nothing before it."""
    if swap.label != "DATE" or not _year_moves(swap) or not numbered_instances(swap.context):
        return None
    for start, end in swap.rewrite.mention_old_spans:
        year = YEAR.search(swap.context, start, end)
        if year is None:
            continue
        lo, hi = sentences_around(swap.context, start, end)
        sentence = swap.context[lo:hi]
        if any(named for _, _, named in _dated_instances(sentence, year.start() - lo, year.end() - lo)):
            return Reason.DATE_FIXED_BY_NAME
        elsewhere = _dated_elsewhere(swap.context, lo, hi)
        for head, number, _ in numbered_instances(sentence):
            if any(h == head and n != number for h, n in elsewhere):
                return Reason.DATE_FIXED_BY_NAME
    return None
