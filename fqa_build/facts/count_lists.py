"""What a passage says of a count another way: a list of as many named things (`lists_as_many`,
`names_as_many`), a span of as many years (`spans_years`), a conversion it stands in (`converted_in_brackets`),
the members it names (`named_members`), a word that says it again ("triple": `SAYS_AGAIN`), the word it
counts (`counted_word`), and what ties it to the numbers and lists of its whole passage (`passage_tie`)."""

from __future__ import annotations

import functools
import itertools
import re

from fqa_build.facts.numbers import NO_UNIT, counted_nouns, numbers_in, other_head, part_of
from fqa_build.sentences import sentences_around
from fqa_build.text import value_of, whole_word_pattern

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


#: a noun-less number's next word: a verb or "of" ("Seven were introduced", "eleven exist")
_BARE = frozenset("were was are is have had of remain remained exist existed survive survived".split())
_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)"
_CAPITALISED = r"(?:the[^\S\n]+)?[A-Z][\w'’.-]*(?:[^\S\n]+(?:(?:of|for|de|the)[^\S\n]+)*[A-Z][\w'’.-]*)*"
#: a run of capitalised names joined by commas and "and": "the Patriots, Dallas Cowboys, and Pittsburgh Steelers"
_NAMES = re.compile(
    rf"{_CAPITALISED}(?:[^\S\n]*,[^\S\n]*(?:and[^\S\n]+)?{_CAPITALISED})*(?:,?[^\S\n]+and[^\S\n]+{_CAPITALISED})"
)
_NAME_BREAK = re.compile(r",[^\S\n]*(?:and[^\S\n]+)?|[^\S\n]+and[^\S\n]+")
#: how close a sum of parts must come to the count to be read as its breakdown ("about 667,000": 670,000)
SUM_TOLERANCE = 0.01
#: a word that says two ("bilateral", "co-teaching", "both", "a pair"): a count of two is read with it
_DUAL = re.compile(
    r"\b(?:bi(?:lateral|partisan|nary|cameral|ennial|annual|plane|cycle)\w*|both|pair\w*|dual\w*|twin\w*|"
    r"couples?|either|neither|co-\w+|duo|duet|double\w*)\b",
    re.IGNORECASE,
)
#: how far from a count of two a word that says two is read with it (characters)
DUAL_REACH = 200
_CURRENCY_BEFORE = re.compile(r"[$£€¥][^\S\n]*$")


def unit_after(context: str, end: int) -> str:
    """The noun or unit a number counts, as the word after it reads ("steps" and "step" agree, "°C"); "" where
    a verb or a preposition follows."""
    match = re.match(r"[^\S\n]*-?[^\S\n]*([^\s\d,.;:()]+)", context[end : end + 30])
    word = match.group(1).casefold().removesuffix("s") if match else ""
    return "" if word in NO_UNIT else word


@functools.lru_cache(maxsize=20_000)
def passage_tie(
    context: str,
    original: str,
    summed: bool = False,
    own: tuple[tuple[int, int], ...] | None = None,
    parts_by_noun: bool = False,
    clause_lists: bool = False,
    two_word_units: bool = False,
) -> str | None:
    """What ties the count `original` to the rest of its passage, or None; `summed` where the count is a part of a
    sum its sentence states that `counts_keep_relations` rewrites (its parts and total then tie nothing):

    - "same unit": another number of the passage (beyond the parts and total of a sum the count's sentence states,
      which the rewrite keeps) counts the same noun or has the same unit ("1,776 steps ... 2,579
      steps", "10 touchdowns ... nine touchdowns", "565 °C ... 30 °C"), or the same currency ("$18 ... $60"): the
      two are read together (a difference, a rate, a sum, which of them the question asks); where `two_word_units`,
      two plural nouns after one shared word count different things ("12 research institutes and 113 research
      centers");
    - "share": a percentage stands in the count's sentence ("one million Protestants ... some 2% of its
      population"): the count is a share of a whole the reader knows;
    - "about a total": the count is within 1% of a sum of two to four numbers of its sentence ("about 667,000 firms
      ... (200,000 ..., 38,000 ... and 432,000 ...)");
    - "ordinals": the passage numbers the counted things elsewhere ("three-stage" and "first stage", "second and
      third stages");
    - "names": the count's sentence, or one that names the counted noun again, runs about as many capitalised names
      ("They joined the Patriots, Dallas Cowboys, and Pittsburgh Steelers as one of four teams");
    - "dual": a count of two beside a word that says two ("bilateral contracts (agreed to by two parties)",
      "Co-teaching is defined as two or more teachers");
    - "clauses" (where `clause_lists`): a colon after the count opens as many clauses parted by semicolons ("three
      types of movement ...: they may flick out ...; they can wriggle ...; and they coil round prey");
    - "bare part": a smaller number in words stands elsewhere without a noun ("only eleven exist. Seven were
      introduced ..."): a part of the count told in a breakdown.
    """
    value = value_of(original)
    spans = list(own) if own else [(m.start(), m.end()) for m in whole_word_pattern(original).finditer(context)]
    if value is None or value <= 0 or not spans:
        return None
    others = [n for n in numbers_in(context) if not any(s <= n.start < e for s, e in spans)]
    units = {unit_after(context, end) for _, end in spans} - {""}
    summed_in = [sentences_around(context, start, end) for start, end in spans] if summed else []
    for n in others:
        if unit_after(context, n.end) not in units or any(lo <= n.start < hi for lo, hi in summed_in):
            continue
        if two_word_units and all(other_head(context, end, n.end) for _, end in spans):
            continue
        return "same unit"
    outside = "".join(" " * (e - s) if (s, e) in spans else context[s:e] for s, e in _cut(context, spans))
    for start, end in spans:
        currency = _CURRENCY_BEFORE.search(context, max(0, start - 2), start)
        if currency and re.search(re.escape(currency.group().strip()) + r"[^\S\n]*\d", outside):
            return "same unit"
        lo, hi = sentences_around(context, start, end)
        if any(lo <= n.start < hi and n.percent for n in others):
            return "share"
        terms = [n.value for n in others if lo <= n.start < hi and not n.percent and not n.dashed and n.value < value]
        if value >= 10 and any(
            abs(sum(parts) - value) <= SUM_TOLERANCE * value
            for size in (2, 3, 4)
            for parts in itertools.combinations(terms[:12], size)
        ):
            return "about a total"
        noun = counted_word(context, end)
        if len(noun) > 2 and noun not in NO_UNIT:
            numbered = rf"\b{_ORDINAL}\b(?:[^\S\n]+(?:and|or|[\w-]+,?)){{0,3}}[^\S\n]+{re.escape(noun)}"
            if re.search(numbered, outside, re.IGNORECASE):
                return "ordinals"
        if value == int(value) and 2 <= value <= 20 and _names_as_many(context, value, (lo, hi), noun):
            return "names"
        if value == 2 and _DUAL.search(context, max(0, start - DUAL_REACH), end + DUAL_REACH):
            return "dual"
        if clause_lists and clauses_as_many(value, context, end):
            return "clauses"
    counted = frozenset().union(*(counted_nouns(context, end) for _, end in spans)) if parts_by_noun else None
    for n in others:
        after = re.match(r"[^\S\n]+(\w+)", context[n.end : n.end + 20])
        if n.words and n.value < value and after and after.group(1).casefold() in _BARE:
            if not counted or part_of(context, n.end, counted):
                return "bare part"
    return None


def clauses_as_many(value: float, context: str, end: int) -> bool:
    """True where the count's sentence goes on, after a colon, to as many clauses parted by semicolons as it
    counts, or one more or fewer (a last clause may hold two)."""
    if value != int(value) or not 2 <= value <= 20:
        return False
    stop = _sentence_end(context, end)
    colon = context.find(":", end, stop)
    if colon < 0:
        return False
    clauses = [c for c in context[colon + 1 : stop].split(";") if c.strip()]
    return len(clauses) >= 2 and abs(len(clauses) - value) <= 1


def _names_as_many(context: str, value: float, sentence: tuple[int, int], noun: str) -> bool:
    """True where the count's sentence, or another sentence that names the counted noun again ("seven
    professional schools. ... its professional schools, which include the Pritzker School of Medicine, ..."),
    runs as many capitalised names, one fewer (the subject is the last: "They joined A, B and C as one of four")
    or one more (a name holds an "and")."""
    spans = [sentence]
    if len(noun) > 2 and noun not in NO_UNIT:
        for match in re.finditer(rf"\b{re.escape(noun)}", context, re.IGNORECASE):
            spans.append(sentences_around(context, match.start(), match.end()))
    for lo, hi in sorted(set(spans)):
        items = [p.strip() for p in context[lo:hi].split(";")]
        named = sum(bool(re.match(r"(?:and[^\S\n]+)?[A-Z]", item)) for item in items)
        if len(items) >= 3 and named in (value - 1, value, value + 1):
            return True  # "Hans – June 1526; Elizabeth – 1527; ...; and Margaret – 1534"
        for run in _NAMES.finditer(context, lo, hi):
            names = len(_NAME_BREAK.split(re.sub(r"\([^()]*\)", "", run.group())))
            if names in (value - 1, value, value + 1):
                return True
    return False


def _cut(context: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The text cut at the count's mentions: the mentions and the stretches between them, in order."""
    pieces, at = [], 0
    for start, end in sorted(spans):
        pieces.extend([(at, start), (start, end)])
        at = end
    pieces.append((at, len(context)))
    return pieces
