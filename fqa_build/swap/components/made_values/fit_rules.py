"""Rules on what a made value (make.py) stands beside: the class or category its sentence names
("a strong Category 2", "boiling"), a gloss restating it ("10 o'clock tea (chai ya saa nne)"), and what the
question asks of it (a count of receptions is no number of yards)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.components.made_values.formats import unit_text
from fqa_build.swap.components.made_values.make import numbers_in, parse_value
from fqa_build.swap.components.made_values.rules import made_value
from fqa_build.swap.rewriting.conversions import BRACKET_BEFORE, unit_of
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


#: a class or category a value is read on, named in its sentence ("a strong Category 2", "an F3 tornado", "on the
#: Richter scale"): the value fixes the class, and a made value may leave it
_NAMED_SCALE = re.compile(
    r"\b(?:category|cat\.|class|grade|level|stage|force|tier)[^\S\n]+(?:\d+|[IVX]+|one|two|three|four|five)\b"
    r"|\bE?F-?\d\b|\b(?:Saffir|Beaufort|Fujita|Richter|Mercalli|Mohs)\b|\bmoment magnitude\b",
    re.IGNORECASE,
)
#: words of a threshold on a dimension's scale, for the dimensions whose values they class
_THRESHOLDS = {
    "speed": re.compile(
        r"\b(?:hurricanes?|typhoons?|(?:tropical|severe)[^\S\n]+(?:storm|depression|cyclone)s?|cyclones?|gales?|"
        r"supersonic|subsonic|speed of sound|mach)\b",
        re.IGNORECASE,
    ),
    "temperature": re.compile(
        r"\b(?:boil\w*|freez\w*|froze\w*|melt\w*|thaw\w*|absolute zero|(?:above|below)[^\S\n]+zero|"
        r"room temperature|body temperature)\b",
        re.IGNORECASE,
    ),
}


def _dimension(value_unit: str) -> str:
    """The dimension of a unit as written ("mph": "speed", "°F": "temperature"), "" where unknown."""
    known = unit_of(value_unit)
    if isinstance(known, tuple):
        return known[0]
    return "temperature" if known else ""


@rule(Stage.MENTION, Reason.VALUE_ON_NAMED_SCALE)
def value_not_on_a_named_scale(swap: Swap) -> Reason | None:
    """A value is not swapped where its sentence names the class or category it falls in: a numbered category or
    class ("a strong Category 2", "an F3 tornado", "a magnitude on the Richter scale"), or, for a speed or a
    temperature, a threshold word that classes it ("hurricane-force", "tropical storm"; "boiling", "below
    freezing"): a made value can leave the class the sentence still names."""
    if not made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None:
        return None
    threshold = _THRESHOLDS.get(_dimension(unit_text(value)))
    for start, end in swap.mention_spans:
        lo, hi = sentences_around(swap.context, start, end)
        if (
            _NAMED_SCALE.search(swap.context, lo, hi)
            or threshold is not None
            and threshold.search(swap.context, lo, hi)
        ):
            return Reason.VALUE_ON_NAMED_SCALE
    return None


#: a bracket of words right after a value or its noun ("the 10 o'clock tea (chai ya saa nne)"): a gloss that
#: restates the value in other words or another language, which the swap cannot rewrite; a bracket holding one
#: abbreviation ("(USD)") restates nothing
_GLOSS_AFTER = re.compile(r"(?:[^\S\n]+[^\W\d][\w'’-]*)?[^\S\n]*\((?P<inside>[^\W\d][^()\d\n]*)\)")
#: a value alone in a bracket right after words: "one bushel (" ... ")"
_BRACKET_OPEN = re.compile(r"[^\W\d][^\S\n]*\([^\S\n]*$")
_BRACKET_CLOSE = re.compile(r"[^\S\n]*\)")
#: the most words a gloss holds (a longer bracket is an aside: "(split evenly between residential and ...)")
_GLOSS_WORDS = 5


@rule(Stage.MENTION, Reason.VALUE_GLOSSED)
def value_not_glossed(swap: Swap) -> Reason | None:
    """A value is not swapped where a bracket of words follows it or its noun ("10 o'clock tea (chai ya saa
    nne)", "twenty percent (a fifth)"): a gloss restating it in other words or another language would be left
    stating the original; nor where the value alone fills a bracket after words ("one bushel (94 pounds)", "a
    quarter square kilometer (62 acres)"): it restates what they name."""
    if not made_value(swap):
        return None
    for start, end in swap.mention_spans:
        window = swap.context[max(0, start - 40) : start]
        if (
            _BRACKET_OPEN.search(window)
            and _BRACKET_CLOSE.match(swap.context, end)
            and not BRACKET_BEFORE.search(window)
        ):
            return Reason.VALUE_GLOSSED  # alone in a bracket, and not the conversion of a value before it
        found = _GLOSS_AFTER.match(swap.context, end)
        if found is None or re.fullmatch(r"[^\S\n]*[A-Z]{2,5}[^\S\n]*", found.group("inside")):
            continue
        if len(found.group("inside").split()) <= _GLOSS_WORDS:
            return Reason.VALUE_GLOSSED
    return None


#: "how many" and the noun it asks a count of ("how many receptions", "how many total yards")
_HOW_MANY = re.compile(r"\bhow[^\S\n]+many[^\S\n]+(?P<noun>[a-z]+(?:[^\S\n]+[a-z]+){0,2})", re.IGNORECASE)
#: words that may follow "how many" without naming what it counts ("how many will ...", "how many of ...")
_NOT_NOUNS = frozenset(
    "will were are is was of did do does have has had can could would in the a an on at to for by".split()
)


#: the symbol a value may write the unit a question asks a count of in ("how many dollars": "$5 million")
_UNIT_SYMBOLS = {"dollar": "$", "pound": "£", "euro": "€", "yen": "¥", "degree": "°", "percent": "%"}


def _stem(word: str) -> str:
    word = word.casefold()
    for suffix in ("ies", "es", "s"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


@rule(Stage.MENTION, Reason.VALUE_NOT_ASKED)
def value_is_what_is_asked(swap: Swap) -> Reason | None:
    """A value is swapped only where it is what the question asks: the gold answer writes the value's own number
    (not a number inside it: an answer "39" matched inside "739 yards"), and a question asking "how many" of a
    noun that is no unit the conversions know ("how many receptions") finds that noun among the value's words
    (not "518 yards")."""
    if not made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None:
        return None
    if value.style != "clock" and not any(n == value.value for _, _, n in numbers_in(swap.match.answer.text)):
        return Reason.VALUE_NOT_ASKED
    asked = _HOW_MANY.search(swap.record.question)
    if asked is None or swap.label == "ORDINAL" or value.unit.endswith("|percent"):
        return None  # a share answers "how many" of a count
    nouns = []
    for word in asked.group("noun").split():
        if word.casefold() in _NOT_NOUNS:
            break
        nouns.append(word)
    if not nouns:
        return None
    words = {_stem(w) for w in re.findall(r"[^\W\d]+", value.after)}
    for noun in map(_stem, nouns):
        if unit_of(noun) is not None or any(
            w.startswith(noun) or noun.startswith(w) for w in words if min(len(w), len(noun)) > 1
        ):
            return None
        symbol = _UNIT_SYMBOLS.get(noun)
        if symbol is not None and symbol in value.before + value.after:
            return None
    return Reason.VALUE_NOT_ASKED
