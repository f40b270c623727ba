"""Rules on made values (numbers with units, build/swap/values.py): the mention writes one number the swap can
remake, no name holds it, the question does not state it, and nothing the passage states about it needs a
relation no new value keeps (a sum, a factor, a share of a whole, a restatement in another form)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reasons import Reason
from ...sentences import sentences_around
from ...text import YEAR
from ..conversions import BRACKET_BEFORE, unit_of
from ..value_forms import unit_text
from ..values import made_values, numbers_in, parse_value
from .registry import Stage, rule

if TYPE_CHECKING:
    from ..state import Swap


def _made_value(swap: Swap) -> bool:
    return swap.label in swap.policy.value_types


@rule(Stage.MENTION, Reason.VALUE_UNREADABLE)
def value_is_one_number(swap: Swap) -> Reason | None:
    """A value is made only from a mention that writes one number, in digits or words (or an ordinal, or a time
    of day), with nothing but its currency, scale and unit around it: no range ("5 to 10 km"), ratio ("$5 per
    hour"), second number or number no format rule can remake ("a million", "half")."""
    if _made_value(swap) and parse_value(swap.original, swap.label) is None:
        return Reason.VALUE_UNREADABLE
    return None


#: a capitalised word right after a value ("Fifth Avenue", "2nd Battalion", "Third Reich"), or a word of a date the
#: ordinal counts from ("20th anniversary")
_NAME_AFTER = re.compile(r"[^\S\n]+(?:[A-Z][a-z]|(?:anniversary|birthday|centenary|jubilee)\b)")
#: a quotation mark right before a value: the ordinal is a term's ("the "second use of the law"")
_QUOTED = re.compile(r"[\"“‘'][^\S\n]*$")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n][\"'’”)]*[^\S\n]*)$")


@rule(Stage.MENTION, Reason.NUMBER_IN_NAME)
def value_not_in_a_name(swap: Swap) -> Reason | None:
    """An ordinal is not swapped where it is part of a name or a term: written with a capital inside a sentence
    ("the Second World War"), followed by a capitalised word ("2nd Battalion", "Fifth Avenue"), opening a quoted
    term ("the "second use of the law""), or counting from a date the text fixes ("20th anniversary")."""
    if not _made_value(swap) or swap.label != "ORDINAL":
        return None
    start, end = swap.mention.start, swap.mention.end
    if swap.original[:1].isupper() and not _SENTENCE_START.search(swap.context[max(0, start - 4) : start]):
        return Reason.NUMBER_IN_NAME
    if _NAME_AFTER.match(swap.context, end) or _QUOTED.search(swap.context[max(0, start - 2) : start]):
        return Reason.NUMBER_IN_NAME
    return None


@rule(Stage.MENTION, Reason.ORIGINAL_IN_QUESTION)
def question_free_of_value(swap: Swap) -> Reason | None:
    """The question does not state the value's number in any form ("20" for "twenty percent", "3rd" for
    "third"): the new passage would no longer state what the question takes as given."""
    if not _made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None or value.style == "clock":
        return None
    if any(number == value.value for _, _, number in numbers_in(swap.record.question)):
        return Reason.ORIGINAL_IN_QUESTION
    return None


@rule(Stage.MADE, Reason.UNIT_CONVERSION, Reason.VALUE_BOUND)
def value_keeps_its_place(swap: Swap) -> Reason | None:
    """A restatement of the value in another unit beside it ("6 miles (9.7 km)") is one the swap converts (a known
    unit, agreeing with the original), and some made value keeps the original's place among the values of its
    kind the passage names, and the range it bounds ("from $5 million to $8 million"): it stands where the
    original stood, on the same side of each."""
    if not _made_value(swap):
        return None
    made = made_values(swap)
    if made is None:
        return Reason.UNIT_CONVERSION
    return None if made else Reason.VALUE_BOUND


#: words that state one value as a multiple or fraction of another
_FACTOR = re.compile(
    r"\b(?:twice|double[sd]?|doubling|triple[sd]?|tripling|quadrupled|half|halved|thrice|(?:\w+-)?fold|times)\b",
    re.IGNORECASE,
)
#: a percentage that is a change ("rose by 20%", "an increase of 20%", "20% growth"), which the values it changes
#: between, where the sentence gives them, fix
_CHANGE_WORD = (
    r"(?:increase[sd]?|decrease[sd]?|rise|rose|risen|fell|fall|fallen|drop(?:ped)?|grew|grown|growth|"
    r"decline[sd]?|gain(?:ed)?|loss|lost|jump(?:ed)?|cut)"
)
_CHANGE_BEFORE = re.compile(
    rf"\b{_CHANGE_WORD}[^\S\n]+(?:by|of)[^\S\n]+(?:(?:about|some|nearly)[^\S\n]+)?$", re.IGNORECASE
)
_CHANGE_AFTER = re.compile(rf"[^\S\n]+{_CHANGE_WORD}\b", re.IGNORECASE)
#: words that state a sum
_TOTAL = re.compile(r"\b(?:total(?:s|l?ing|l?ed)?|in all|altogether|combined|sum|overall)\b", re.IGNORECASE)


def _is_change(context: str, start: int, end: int) -> bool:
    """True when the value at [start, end) is a change ("rose by 20%", "a 3 cent increase", "20% growth")."""
    return bool(_CHANGE_BEFORE.search(context[max(0, start - 30) : start]) or _CHANGE_AFTER.match(context, end))


#: the relative tolerance of a stated sum ("$1.2 million and $0.8 million, $2 million in all")
_TOLERANCE = 0.005


def _adds_up(mine: float, others: list[float]) -> bool:
    """True when the value and two or three of the others make a stated sum (the value a part or the whole)."""

    def same(a: float, b: float) -> bool:
        return abs(a - b) <= _TOLERANCE * max(abs(a), abs(b))

    n = len(others)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if same(mine + others[i], others[j]):
                return True
            if j > i and same(others[i] + others[j], mine):
                return True
            for k in range(n):
                if k not in (i, j) and j > i and same(mine + others[i] + others[j], others[k]):
                    return True
                if j > i and k > j and same(others[i] + others[j] + others[k], mine):
                    return True
    return False


@rule(Stage.REWRITE, Reason.VALUE_IN_ARITHMETIC)
def value_not_in_arithmetic(swap: Swap) -> Reason | None:
    """A value is not swapped where the passage does arithmetic with it that no new value keeps: it is a part
    or the sum of other values of its unit the sentences around it give ("$5 million and $3 million, $8
    million in all"; a sentence that says "total" beside another), a step another of them states ("a 3 cent
    increase, to 49 cents"), a percentage of a sentence whose percentages make up a whole (about 100), a multiple or
    fraction of another number of its sentence, years left out ("twice", "half", "three times"), or a percentage
    change ("rose by 20%", "a 20% increase") where its sentence gives two other numbers, years left out."""
    if not _made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None or value.style not in ("digits", "words"):
        return None
    spans = [(s, e) for s, e in swap.rewrite.mention_old_spans if s in {a for a, _ in swap.mention_spans}]
    restated = [(s, e) for s, e in swap.rewrite.mention_old_spans if (s, e) not in spans]
    percent = value.unit.endswith("|percent")
    for start, end in spans:
        lo, hi = sentences_around(swap.context, start, end)
        lo, hi = sentences_around(swap.context, max(0, lo - 2), end, after=1)  # the sentences before and after too
        others = []
        for o_start, o_end, label in swap.info.entities:
            if label != swap.label or not lo <= o_start < hi:
                continue
            if any(o_start < e and s < o_end for s, e in spans + restated):
                continue
            other = parse_value(swap.context[o_start:o_end], label)
            if other is not None and other.unit == value.unit:
                others.append(other.amount)
                if _is_change(swap.context, o_start, o_end):
                    return Reason.VALUE_IN_ARITHMETIC  # "a 3 cent increase ... to 49 cents": a stated step
        if _adds_up(value.amount, others):
            return Reason.VALUE_IN_ARITHMETIC
        lo, hi = sentences_around(swap.context, start, end)
        if others and _TOTAL.search(swap.context, lo, hi):
            return Reason.VALUE_IN_ARITHMETIC  # "... plus 20 minutes ..., totalling 228 minutes"
        numbers = [
            (s, e, v)
            for s, e, v in numbers_in(swap.context[lo:hi])
            if not any(a <= lo + s < b for a, b in spans + restated)
            and not YEAR.fullmatch(swap.context[lo + s : lo + e])
        ]
        if numbers and _FACTOR.search(swap.context, lo, hi):
            return Reason.VALUE_IN_ARITHMETIC
        if percent:
            shares = [
                v for s, e, v in numbers if re.match(r"[^\S\n]*(?:%|percent|per cent)", swap.context[lo + e : hi])
            ]
            if shares and abs(sum(shares) + value.value - 100) <= 1:
                return Reason.VALUE_IN_ARITHMETIC
            if _is_change(swap.context, start, end) and len(numbers) >= 2:
                return Reason.VALUE_IN_ARITHMETIC
    return None


#: the smallest number another mention of which is taken for a restatement of the value
_RESTATED_FROM = 13


@rule(Stage.REWRITE, Reason.VALUE_RESTATED)
def value_not_restated(swap: Swap) -> Reason | None:
    """The value's number is not left standing elsewhere in another form ("2,500,000" beside "$2.5 million" is
    caught by the order of values; here the bare number: "20" or "twenty" beside "20 percent" once it reaches
    13 or has decimals), and an ordinal or a number in words is swapped only where the passage writes it once
    (the rewrite would change every "third" of the passage, whatever each ranks)."""
    if not _made_value(swap):
        return None
    value = parse_value(swap.original, swap.label)
    if value is None:
        return None
    spans = swap.rewrite.mention_old_spans
    if value.style in ("ordinal_words", "ordinal_digits", "words") and len(spans) > 1:
        return Reason.VALUE_RESTATED
    if value.style == "clock" or value.value < _RESTATED_FROM and not value.decimals:
        return None
    for start, _, number in numbers_in(swap.context):
        if number == value.value and not any(s <= start < e for s, e in spans):
            return Reason.VALUE_RESTATED
    return None


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
    if not _made_value(swap):
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
    if not _made_value(swap):
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
    if not _made_value(swap):
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
