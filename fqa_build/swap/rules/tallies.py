"""Rules on counts the text tallies another way: a count of a noun whose members the passage lists ("three
films ... A (2001), B (2002) and C (2003)"), a count of times beside the years it counts ("six-time champion
(1990, 1991, ...)"), and a part of a whole written in words ("fourteen points out of fifteen")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentence_spans, sentences_around
from fqa_build.swap.rule import Stage, rule
from fqa_build.swap.rules.counts import MAX_LISTED
from fqa_build.text import YEAR, number_value, value_of

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a bracketed aside ("(2001)", "(kiamsha kinywa)"), which no list item needs to be counted
_ASIDE = re.compile(r"[^\S\n]*\([^()\n]*\)")
#: the most words an item of a list may have before it ends (a longer part is the lead-in holding the first)
ITEM_WORDS = 7
_CLOSING = re.compile(r"(?:^|\s)(?:and|or)\s+\S")
#: words that make a list a sample of the members, not all of them
_PARTIAL = re.compile(r"\b(?:including|includes|include|such\s+as|among\s+others|among\s+them|e\.g\.|for\s+example|"
                      r"like|notably|etc)\b", re.IGNORECASE)  # fmt: skip
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
_STOP = frozenset(
    "of in on at for from to by with that which who and or are were is was have has had the a an its their his her "
    "other more than about some all each".split()
)


def list_lengths(sentence: str) -> list[int]:
    """The number of items of each closed list of a sentence, brackets left out ("A (2001), B (2002) and C" 3;
    "breakfast in the morning, lunch and supper" 3): comma-separated parts of at most ITEM_WORDS words, the
    last holding "and" or "or", the first part's end the first item. Lists of two and open lists are not
    counted, nor lists that say they are a sample ("including", "such as")."""
    if _PARTIAL.search(sentence):
        return []
    parts = [p.strip() for p in re.split(r"[,;]", _ASIDE.sub("", sentence))]
    lengths = []
    for i, part in enumerate(parts):
        if i == 0 or not _CLOSING.search(part):
            continue
        items = 1 if re.match(r"(?:and|or)\s", part) else 2
        j = i - 1
        while j >= 0:
            items += 1
            if j == 0 or len(parts[j].split()) > ITEM_WORDS or _CLOSING.search(parts[j]):
                break
            j -= 1
        lengths.append(items)
    return lengths


#: members named by their rank ("primary, secondary and tertiary education", "the first, second and third")
_RANKS = re.compile(
    r"\b(?:primary|secondary|tertiary|quaternary|quinary|first|second|third|fourth|fifth|sixth|seventh|eighth|"
    r"ninth|tenth)\b",
    re.IGNORECASE,
)


def _after_lead_in(rest: str) -> str:
    """What may list the members in the rest of the count's sentence: what follows a colon or a dash ("three
    meals – breakfast, lunch and supper"), else what follows the first comma ("three cathedrals, the A, the B
    and the C"), so the counted noun itself is never an item."""
    colon = re.search(r":|[^\S\n][–—][^\S\n]|—", rest)
    if colon is not None:
        return rest[colon.end() :]
    comma = rest.find(",")
    return rest[comma + 1 :] if comma >= 0 else ""


def _noun_stems(context: str, end: int) -> set[str]:
    """The stems of the words that follow a count, up to the first function word ("three high fantasy films
    directed" -> high, fantasy, film, directed)."""
    stems = set()
    for word in _WORD.findall(context[end : end + 60])[:4]:
        if word.casefold() in _STOP:
            break
        stems.add(word.casefold().rstrip("s"))
    return {s for s in stems if len(s) >= 3}


def _names(sentence: str, stems: set[str]) -> bool:
    return any(word.casefold().rstrip("s") in stems for word in _WORD.findall(sentence))


@rule(Stage.REWRITE, Reason.NUMBER_COUNTS_A_LIST)
def count_fits_its_list(swap: Swap) -> Reason | None:
    """A small count of a noun is not swapped where the passage, at it or after it, lists as many members: in the
    count's sentence, or in a later sentence that names the noun again ("three high fantasy adventure films ...
    The films are subtitled A (2001), B (2002) and C (2003)"), brackets left out, or names as many ranks after
    it ("the three-tier model ... primary ..., secondary ... and tertiary"); or where a count of times
    ("six-time", "6×") stands beside as many years."""
    if swap.label != "CARDINAL":
        return None
    count = value_of(swap.original)
    if count is None or count != int(count) or not 3 <= count <= MAX_LISTED:
        return None
    for start, end in swap.rewrite.mention_old_spans:
        lo, hi = sentences_around(swap.context, start, end)
        if count in list_lengths(_after_lead_in(swap.context[end:hi])):
            return Reason.NUMBER_COUNTS_A_LIST
        if count >= 3 and len({m.casefold() for m in _RANKS.findall(swap.context, end, hi)}) == count:
            return Reason.NUMBER_COUNTS_A_LIST  # "the three-tier model: primary, ... secondary ... and tertiary"
        stems = _noun_stems(swap.context, end)
        for s_lo, s_hi in sentence_spans(swap.context):
            sentence = swap.context[s_lo:s_hi]
            if s_lo >= hi and _names(sentence, stems) and count in list_lengths(sentence):
                return Reason.NUMBER_COUNTS_A_LIST
        if re.match(r"[^\S\n]*(?:-[^\S\n]*times?\b|×|x\b)", swap.context[end : end + 8], re.IGNORECASE):
            if len(YEAR.findall(swap.context, lo, sentences_around(swap.context, start, end, after=1)[1])) == count:
                return Reason.NUMBER_COUNTS_A_LIST
    return None


_NUMBER_WORDS = (
    r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
    r"eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)(?:-\w+)?"
)
#: "out of fifteen", "of the twelve", "of all nine": the whole a part is counted against, in words
_WHOLE_AFTER = re.compile(
    rf"[^\S\n]+(?:[\w-]+[^\S\n]+)?(?:out[^\S\n]+of|of)[^\S\n]+(?:the[^\S\n]+|all[^\S\n]+|its[^\S\n]+)?{_NUMBER_WORDS}\b",
    re.IGNORECASE,
)
_PART_BEFORE = re.compile(
    rf"\b{_NUMBER_WORDS}[^\S\n]+(?:[\w-]+[^\S\n]+)?(?:of|out[^\S\n]+of)[^\S\n]+(?:the[^\S\n]+|all[^\S\n]+)?$",
    re.IGNORECASE,
)


@rule(Stage.REWRITE, Reason.NUMBER_IN_RANGE)
def part_of_a_whole_in_words(swap: Swap) -> Reason | None:
    """A count is not swapped where it is a part of a whole the text writes in words, or the whole of such a part
    ("fourteen points out of fifteen", "nine of the twelve"): the new part could exceed the whole."""
    if swap.label != "CARDINAL" or number_value(swap.original) is None and value_of(swap.original) is None:
        return None
    for start, end in swap.rewrite.mention_old_spans:
        if _WHOLE_AFTER.match(swap.context, end) or _PART_BEFORE.search(swap.context[max(0, start - 40) : start]):
            return Reason.NUMBER_IN_RANGE
    return None


#: a stretch of time: "eight years", "12 years", "twenty-one months"
_STRETCH = re.compile(
    r"(?<![\w.,])(?P<n>\d[\d,]*|[a-z]+(?:-[a-z]+)?)[^\S\n]*[-\s](?P<unit>years?|months?|weeks?|days?|decades?|"
    r"centuries|century|hours?|minutes?|seasons?)\b",
    re.IGNORECASE,
)


def _stretches(text: str) -> list[tuple[int, int, float, str]]:
    """(start, end, value, unit) of each stretch of time a text writes, the unit singular."""
    found = []
    for match in _STRETCH.finditer(text):
        value = number_value(match.group("n"))
        if value is not None:
            unit = match.group("unit").casefold().removesuffix("s").replace("centurie", "century")
            found.append((match.start(), match.end(), value, unit))
    return found


#: a year that bounds a stretch: "since 2004", "until 1311 AD", "from 1754"
_BOUND_YEAR = re.compile(r"\b(?:since|until|till|from|through|to)[^\S\n]+(?:[\w,]+[^\S\n]+){0,3}?(?:1\d{3}|20\d{2})\b",
                         re.IGNORECASE)  # fmt: skip


@rule(Stage.REWRITE, Reason.NUMBER_IN_ARITHMETIC)
def stretch_not_in_a_sum(swap: Swap) -> Reason | None:
    """A stretch of time ("eight years") is not swapped where its sentence counts it another way: between years
    it writes ("in six years, from 1754 to 1760") or from or to a year ("lagged for eight years ... first since
    2004"; a year that only dates the stretch, "in 2008 for ten days", counts nothing), or as a part
    or the whole of a stated sum of stretches ("12 years comprising eight years in primary school and four
    years in high school")."""
    if swap.label != "DATE" or YEAR.search(swap.original) or value_of(swap.original) is None:
        return None
    own = _stretches(swap.original)
    if not own:
        return None
    unit = own[0][3]
    for start, end in swap.rewrite.mention_old_spans:
        lo, hi = sentences_around(swap.context, start, end)
        if len(YEAR.findall(swap.context, lo, hi)) >= 2 or _BOUND_YEAR.search(swap.context, lo, hi):
            return Reason.NUMBER_IN_ARITHMETIC
        values = [v for s, e, v, u in _stretches(swap.context[lo:hi]) if u == unit and not start <= lo + s < end]
        mine = own[0][2]
        for i, a in enumerate(values):
            for b in values[i + 1 :]:
                if mine + a == b or mine + b == a or a + b == mine:
                    return Reason.NUMBER_IN_ARITHMETIC
    return None
