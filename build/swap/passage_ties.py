"""What ties a count to numbers and lists of the whole passage, beyond the relations of its own sentence that
build/swap/relations.py keeps: a judge reads a count with every number of the passage, so a count is swapped
only where none of them could be read with it. Each tie is a condition on the text, never on its topic:

- "same unit": another number of the passage (beyond the parts and total of a sum the count's sentence states,
  which the rewrite keeps) counts the same noun or has the same unit ("1,776 steps ... 2,579
  steps", "10 touchdowns ... nine touchdowns", "565 °C ... 30 °C"), or the same currency ("$18 ... $60"): the
  two are read together (a difference, a rate, a sum, which of them the question asks);
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
- "bare part": a smaller number in words stands elsewhere without a noun ("only eleven exist. Seven were
  introduced ..."): a part of the count told in a breakdown.
"""

from __future__ import annotations

import functools
import itertools
import re

from ..sentences import sentences_around
from ..text import value_of, whole_word_pattern
from .count_lists import counted_word
from .numbers_read import numbers_in
from .relations import count_relations

#: words after a number that name no unit: it is read with a verb or a preposition
_NO_UNIT = frozenset("and or of in to the a an was were are is for with from by at on as that which who".split())
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
    return "" if word in _NO_UNIT else word


@functools.lru_cache(maxsize=20_000)
def passage_tie(context: str, original: str) -> str | None:
    """What ties the count `original` to the rest of its passage (see the module's docstring), or None."""
    value = value_of(original)
    spans = [(m.start(), m.end()) for m in whole_word_pattern(original).finditer(context)]
    if value is None or value <= 0 or not spans:
        return None
    others = [n for n in numbers_in(context) if not any(s <= n.start < e for s, e in spans)]
    units = {unit_after(context, end) for _, end in spans} - {""}
    summed = _summed_sentences(context, original, spans)
    if any(unit_after(context, n.end) in units for n in others if not any(lo <= n.start < hi for lo, hi in summed)):
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
        if len(noun) > 2 and noun not in _NO_UNIT:
            numbered = rf"\b{_ORDINAL}\b(?:[^\S\n]+(?:and|or|[\w-]+,?)){{0,3}}[^\S\n]+{re.escape(noun)}"
            if re.search(numbered, outside, re.IGNORECASE):
                return "ordinals"
        if value == int(value) and 2 <= value <= 20 and _names_as_many(context, value, (lo, hi), noun):
            return "names"
        if value == 2 and _DUAL.search(context, max(0, start - DUAL_REACH), end + DUAL_REACH):
            return "dual"
    for n in others:
        after = re.match(r"[^\S\n]+(\w+)", context[n.end : n.end + 20])
        if n.words and n.value < value and after and after.group(1).casefold() in _BARE:
            return "bare part"
    return None


def _names_as_many(context: str, value: float, sentence: tuple[int, int], noun: str) -> bool:
    """True where the count's sentence, or another sentence that names the counted noun again ("seven
    professional schools. ... its professional schools, which include the Pritzker School of Medicine, ..."),
    runs as many capitalised names, one fewer (the subject is the last: "They joined A, B and C as one of four")
    or one more (a name holds an "and")."""
    spans = [sentence]
    if len(noun) > 2 and noun not in _NO_UNIT:
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


def _summed_sentences(context: str, original: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentences of the count whose sum `counts_keep_relations` rewrites ("500 students ..., 300 students ...
    and 800 students overall"): their numbers of the same noun are the parts and the total, kept by the rewrite."""
    if not count_relations(context, original).totals:
        return []
    return [sentences_around(context, start, end) for start, end in spans]


def _cut(context: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The text cut at the count's mentions: the mentions and the stretches between them, in order."""
    pieces, at = [], 0
    for start, end in sorted(spans):
        pieces.extend([(at, start), (start, end)])
        at = end
    pieces.append((at, len(context)))
    return pieces
