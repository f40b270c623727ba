"""What a passage says of a count another way: a list of as many named things (`lists_as_many`,
`names_as_many`), a span of as many years (`spans_years`), a conversion it stands in (`converted_in_brackets`),
the members it names (`named_members`), a word that says it again ("triple": `SAYS_AGAIN`) and the word it
counts (`counted_word`)."""

from __future__ import annotations

import re

#: words that say a count again another way: "triple and quadruple expansion engines respectively", "twin"
SAYS_AGAIN = re.compile(
    r"\b(?:single|double|triple|quadruple|quintuple|sextuple|twin|triplets?|quadruplets?|respectively)\b",
    re.IGNORECASE,
)


def counted_word(context: str, end: int) -> str:
    """The word a number counts, as its first word after it reads ("two teams'" and "two-man" differ)."""
    match = re.match(r"[^\S\n]*-?[^\S\n]*([A-Za-z]+)", context[end : end + 30])
    return match.group(1).casefold().removesuffix("s") if match else ""


#: a span of years: "from 1956 to 1960", "between 1993 and 2001", "1993–2001"
_YEAR_SPAN = re.compile(
    r"(?<!\d)(1\d{3}|20\d{2})(?:[^\S\n]*(?:–|—|-|to|until|till|and|through)[^\S\n]*|,?[^\S\n]*(?:to|until|till|and|through)"
    r"[^\S\n]+\w+[^\S\n]+\d{1,2},[^\S\n]*)(1\d{3}|20\d{2})(?!\d)"
)


def spans_years(value: float, sentence: str) -> str | None:
    """ "span" where the sentence spans as many years as the count counts, or one more ("five times from 1956 to
    1960", "Eight seasons ... from September 25, 1993, to May 19, 2001"): the years would not fit a new count."""
    for match in _YEAR_SPAN.finditer(sentence):
        years = int(match.group(2)) - int(match.group(1))
        if years in (value, value - 1):
            return "span"
    return None


#: a number with its unit before a bracket: "2,500 quadrillion liters (", "400 m ("
_MEASURE_OPENS = re.compile(r"\d[\d,.]*(?:[^\S\n]+[^\W\d][\w/°³²]*){1,3}[^\S\n]*\($")


def converted_in_brackets(context: str, start: int) -> str | None:
    """ "conversion" where the count stands in brackets after a number and its unit: it is the same amount in
    another unit ("2,500 quadrillion liters (550 quadrillion Imperial gallons, 660 quadrillion US gallons)")."""
    opening = context.rfind("(", max(0, start - 120), start)
    if opening < 0 or ")" in context[opening:start]:
        return None
    return "conversion" if _MEASURE_OPENS.search(context[max(0, opening - 60) : opening + 1]) else None


#: a capitalised name after a count ("six Pro Bowl selections"): the passage may name members by it
_NAME_AFTER = re.compile(r"[^\S\n]+((?:[A-Z][\w'’-]+[^\S\n]+){0,2}[A-Z][\w'’-]+)")


def named_members(context: str, start: int, end: int) -> int:
    """How many times the rest of the passage names the capitalised name that follows a count ("boasting six
    Pro Bowl selections ... Pro Bowl quarterback ..., Pro Bowl running back ..."): the count is at least that
    many; 0 where no name follows or the passage names it fewer than twice."""
    match = _NAME_AFTER.match(context, end)
    if match is None:
        return 0
    name = match.group(1)
    found = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", context)]
    others = len([f for f in found if not start <= f <= match.end()])
    return others if others >= 2 else 0


#: an item of a list of names: "the Anglican St. Nicholas", "Newcastle", "a Roman Catholic church", a title in
#: quotes
_NAMED_ITEM = re.compile(r"(?:(?:the|a|an)[^\S\n]+)?[\"“‘']?[A-Z]")
#: two things told apart after a count of two: "one for Administration and the other for Student Life"
_ONE_AND_OTHER = re.compile(r"\bone\b[^.;]*?\b(?:the|a)[^\S\n]+(?:other|second|latter)\b", re.IGNORECASE)
#: a run of names joined by commas and "and": "Shimobeidier (...), Tabuyir (...) and Xiaozhacizhizizhongxi"
_NAME_RUN = re.compile(
    r"[A-Z][\w'’.-]*(?:[^\S\n]+[A-Z][\w'’.-]*)*(?:[^\S\n]*\([^()\n]*\))?"
    r"(?:[^\S\n]*,[^\S\n]*(?:and[^\S\n]+)?[A-Z][\w'’.-]*(?:[^\S\n]+[A-Z][\w'’.-]*)*(?:[^\S\n]*\([^()\n]*\))?)*"
    r"[^\S\n]+and[^\S\n]+[A-Z][\w'’.-]*(?:[^\S\n]+[A-Z][\w'’.-]*)*"
)


def lists_as_many(value: float, context: str, start: int, end: int) -> bool:
    """True where the count's sentence names as many things as it counts, read precisely: a list after its
    lead-in (`names_as_many`), a run of capitalised names joined by commas and "and" right after the counted
    noun ("the three Khitan Generals A (...), B (...) and C"), or two told apart ("two Vice Presidents, one for
    ... and the other for ...")."""
    if names_as_many(value, context, end):
        return True
    stop = _sentence_end(context, end)
    if value == 2 and _ONE_AND_OTHER.search(context, end, stop):
        return True
    run = _NAME_RUN.search(context, end, min(stop, end + 60))
    if run is not None and run.start() - end <= 40:
        names = len(re.split(r",[^\S\n]*(?:and[^\S\n]+)?|[^\S\n]+and[^\S\n]+", re.sub(r"\([^()]*\)", "", run.group())))
        return names == value
    return False


#: where the items of a list part: a comma, a semicolon, "and", "or"
_ITEM_BREAK = re.compile(r"[,;][^\S\n]*(?:(?:and|or)[^\S\n]+)?|[^\S\n]+(?:and|or)[^\S\n]+")


#: a full stop that ends no sentence: after a title or a short abbreviation ("St. Nicholas", "Dr. Smith")
_ABBREVIATIONS = frozenset("st dr mr mrs ms jr sr mt no co inc ltd gen col capt lt sgt rev prof ft vs".split())
_STOP_MARK = re.compile(r"[.!?](?=[^\S\n]+[A-Z\"'“‘(]|\s*$)|\n")


def _sentence_end(context: str, start: int) -> int:
    """Where the sentence holding `start` ends, a full stop after a title or an initial ("St. Mary's", "J. Smith")
    read as no end (the shared splitter ends a sentence there)."""
    for mark in _STOP_MARK.finditer(context, start):
        word = re.search(r"(\w+)$", context[max(0, mark.start() - 12) : mark.start()])
        if mark.group() == "." and word and (word.group(1).casefold() in _ABBREVIATIONS or len(word.group(1)) == 1):
            continue
        return mark.start()
    return len(context)


def names_as_many(value: float, context: str, end: int) -> str | None:
    """ "list" where the rest of a count's sentence, after its first comma or colon, names as many things as it
    counts, each part of the list opening with a capital (or "the", "a" and a capital): "three cathedrals, the
    Anglican St. Nicholas, with its tower, the Roman Catholic St. Mary's ... and the Coptic Cathedral"."""
    if value != int(value) or not 2 <= value <= 20:
        return None
    rest = context[end : _sentence_end(context, end)]
    lead = re.search(r"[,:]|[^\S\n][–—][^\S\n]", rest)
    if lead is None:
        return None
    parts = [p for p in _ITEM_BREAK.split(rest[lead.end() :].strip()) if p.strip()]
    named = [bool(_NAMED_ITEM.match(p.strip())) for p in parts]
    # the last named part may be the main clause the list ends in ("...; and Margaret – 1534; Katharina helped")
    return "list" if sum(named) == value or (sum(named) == value + 1 and named[-1]) else None
