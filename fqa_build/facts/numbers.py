"""Numbers as a text writes them: every number of a text, in digits or words, with its scale word
(`numbers_in`); a value written the way another number was (`written_like`, `number_words`); and a unit
conversion in brackets after a number ("400 m (1,300 ft)": `conversion_after`). Shared by the relations of
counts (fqa_build/facts/relations.py) and any numeric type."""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

from fqa_build.text import number_value

_UNITS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen".split()
)
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_WORD_NUMBER = (
    rf"(?:(?:{'|'.join(_TENS)})(?:-(?:{'|'.join(_UNITS[:9])}))?|{'|'.join(reversed(_UNITS))})"
    r"(?:[^\S\n]+hundred(?:[^\S\n]+(?:and[^\S\n]+)?(?:" + "|".join(_TENS + list(reversed(_UNITS))) + r"))?)?"
)
#: a number in digits ("15,244", "3.7") or words ("twenty-one"), with a scale word after it ("15 million")
_NUMBER = re.compile(
    rf"(?<![\w$£€¥#@/])(?<![\w][.,])(?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|{_WORD_NUMBER})"
    r"(?:[^\S\n]+(?P<scale>thousand|million|billion|trillion))?(?![\w])(?![.,]\d)",
    re.IGNORECASE,
)
_PERCENT_AFTER = re.compile(r"[^\S\n]*(?:%|percent\b|per[^\S\n]+cent\b)", re.IGNORECASE)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
#: a number used as a name: "Super Bowl 50", "Channel 4" (a capitalised word before it, not a sentence start)
_NAME_BEFORE = re.compile(r"\b[A-Z][\w&.-]*[^\S\n]+$")
#: a range or a score with another number: "49–15", "2012-2013", "12 to 15", "11 to 18 schools" (read in no sum)
_DASH_NEXT = re.compile(r"[^\S\n]*(?:[–—-]|to\b)[^\S\n]*\d")
_DASH_BEFORE = re.compile(r"\d[^\S\n]*(?:[–—-]|\bto)[^\S\n]*$")


@dataclass(frozen=True)
class Number:
    """A number written in a text: where its digits or words stand, its value (scale word included) and the scale
    (1 where none) its written value is multiplied by."""

    start: int
    end: int
    value: float
    scale: float
    words: bool
    percent: bool = False
    dashed: bool = False  # one end of a range or a score ("49–15", "11 to 18")

    @property
    def integral(self) -> bool:
        return self.value == int(self.value)


def _names_something(text: str, start: int) -> bool:
    """True where a capitalised word that opens no sentence stands before the number ("Super Bowl 50")."""
    name = _NAME_BEFORE.search(text, max(0, start - 30), start)
    if name is None:
        return False
    before = text[: name.start()].rstrip()
    return bool(before) and before[-1] not in '.!?:;"“(\n'


def _is_year(text: str, scale: str | None) -> bool:
    return scale is None and len(text) == 4 and text.isdigit() and 1000 <= int(text) <= 2099


@functools.lru_cache(maxsize=20_000)
def numbers_in(text: str) -> tuple[Number, ...]:
    """Every number of a text but years, times ("11:28") and numbers used as names ("Super Bowl 50"): digits
    or words, with the scale word after it; a percentage is marked, so is an end of a range or a score. "one"
    and "a" are no numbers here (they are mostly articles and pronouns)."""
    found = []
    for match in _NUMBER.finditer(text):
        digits, scale = match.group("num"), match.group("scale")
        words = not digits[0].isdigit()
        if _is_year(digits, scale) or (words and digits.casefold() == "one"):
            continue
        if re.search(r"\d:$", text[max(0, match.start() - 2) : match.start()]) or text.startswith(":", match.end()):
            continue
        if not words and _names_something(text, match.start()):
            continue
        value = number_value(digits)
        if value is None:
            continue
        factor = _SCALE[scale.casefold()] if scale else 1.0
        end = match.end() if scale else match.end("num")
        percent = bool(_PERCENT_AFTER.match(text, end))
        dashed = bool(
            _DASH_NEXT.match(text, end) or _DASH_BEFORE.search(text[max(0, match.start() - 6) : match.start()])
        )
        found.append(Number(match.start(), end, value * factor, factor, words, percent, dashed))
    return tuple(_shared_scales(text, found))


#: what joins the ends of a range ("12 to 15 million", "2–3 million", "between 2 and 3 billion")
_RANGE_JOIN = re.compile(r"[^\S\n]*(?:–|—|-|to|and|or)[^\S\n]*")


def _shared_scales(text: str, found: list[Number]) -> list[Number]:
    """The numbers, a range's first end given the scale word of its second ("12 to 15 million": 12 million)."""
    shared = list(found)
    for i, (first, second) in enumerate(itertools.pairwise(found)):
        if first.scale == 1 and second.scale != 1 and not first.words:
            join = _RANGE_JOIN.fullmatch(text, first.end, second.start)
            if join is not None:
                shared[i] = Number(
                    first.start, first.end, first.value * second.scale, second.scale, first.words, first.percent,
                    first.dashed
                )  # fmt: skip
    return shared


_ONES = ["", *_UNITS]


def number_words(value: int) -> str | None:
    """A whole number from 1 to 999,999 in words, as English prose writes it ("twenty-one", "three hundred and
    five", "twelve thousand"); None outside that range."""
    if not 1 <= value <= 999_999:
        return None
    thousands, rest = divmod(value, 1000)
    parts = []
    if thousands:
        parts.append(f"{_below_thousand(thousands)} thousand")
    if rest:
        parts.append(("and " if thousands and rest < 100 else "") + _below_thousand(rest))
    return " ".join(parts)


def _below_thousand(value: int) -> str:
    hundreds, rest = divmod(value, 100)
    words = []
    if hundreds:
        words.append(f"{_ONES[hundreds]} hundred")
    if rest:
        if rest < 20:
            tail = _ONES[rest]
        else:
            tens, ones = divmod(rest, 10)
            tail = _TENS[tens - 2] + (f"-{_ONES[ones]}" if ones else "")
        words.append(("and " if hundreds else "") + tail)
    return " ".join(words)


def written_like(old: str, value: float) -> str | None:
    """`value` written as `old` writes its number: in words where it is in words (capitalised as it is), with
    thousands separators where it has them, with as many decimals; None where that cannot be done (a value
    below one, or too large for words)."""
    if value <= 0:
        return None
    if not old[:1].isdigit():
        if value != int(value):
            return None
        words = number_words(int(value))
        if words is None:
            return None
        return words[:1].upper() + words[1:] if old[:1].isupper() else words
    decimals = len(old.split(".")[1]) if "." in old else 0
    if decimals == 0 and value != int(value):
        decimals = 1
    grouped = "," in old or (len(old) <= 3 and value >= 1000)
    return f"{value:,.{decimals}f}" if grouped else f"{value:.{decimals}f}"


#: a number in brackets after a unit: "400 m (1,300 ft)", "2,290 m3/s (81,000 cu ft/s)"
_CONVERSION = re.compile(
    r"[^\S\n]*(?P<unit>[^\s\d()][^\s()]{0,13}(?:[^\S\n]+[^\s\d()][^\s()]{0,13}){0,2})[^\S\n]*\([^\S\n]*"
    r"(?:~|≈|c\.|about|approx\.|approximately)?[^\S\n]*(?=\d)"
)
#: units whose conversions are no proportion (°F to °C adds an offset)
_AFFINE_UNIT = re.compile(r"°|\bdegrees?\b", re.IGNORECASE)


def conversion_after(context: str, end: int) -> Number | str | None:
    """The number of the conversion in brackets after a number and its unit, if one follows; "conversion" where
    it cannot be scaled with the number (a temperature, or no number this module reads)."""
    match = _CONVERSION.match(context, end)
    if match is None:
        return None
    if not _is_unit(match.group("unit")):
        return None
    if _AFFINE_UNIT.search(match.group("unit")):
        return "conversion"
    found = next((n for n in numbers_in(context) if n.start == match.end()), None)
    if found is None or found.percent:
        return "conversion"
    after = re.match(r"[^\S\n]*([^\s\d()]+(?:[^\S\n]+[^\s\d()]+)?)", context[found.end : found.end + 30])
    return found if after and _is_unit(after.group(1)) else "conversion"


#: the words of units of measure a conversion is written in ("m3/s", "cu ft/s", "sq mi", "°C", "acres")
_UNIT_WORDS = frozenset(
    "m km cm mm mi ft in yd nmi sq cu ac acre acres ha hectare hectares kg g mg lb lbs oz t ton tons tonne tonnes l "
    "litre litres liter liters gal gallon gallons mph km/h kph kn knot knots °c °f k m2 km2 m3 m3/s ft/s cu/s "
    "square cubic mile miles metre metres meter meters foot feet inch inches yard yards pound pounds ounce ounces "
    "kilometre kilometres kilometer kilometers centimetre centimetres centimeter centimeters millimetre "
    "millimetres kilogram kilograms gram grams kw mw gw hp kwh w watts volts v hz mhz ghz psi kpa mpa bar atm "
    "°".split()
)


def _is_unit(words: str) -> bool:
    """True where a short run of words names a unit of measure ("m3/s", "cu ft/s", "°F", "square miles")."""
    tokens = [t.strip(".,;").casefold() for t in words.split()]
    return bool(tokens) and any(t in _UNIT_WORDS or t.split("/")[0] in _UNIT_WORDS or t[:1] == "°" for t in tokens)


def written_decimals(written: str) -> int:
    """The decimals a number in digits is written with ("45.9" 1, "9.60" 2, "1,257" 0)."""
    digits = written.replace(",", "")
    return len(digits.split(".", 1)[1]) if "." in digits else 0


def significant_digits(written: str) -> int:
    """The significant digits a number in digits is written with ("81,000" 2, "1,300" 2, "390" 2, "2.5" 2)."""
    digits = written.replace(",", "")
    if "." in digits:
        return len(digits.replace(".", "").lstrip("0")) or 1
    return len(digits.lstrip("0").rstrip("0")) or 1


def rounded_to(value: float, significant: int) -> float:
    if value <= 0:
        return value
    exponent = len(str(int(value))) - significant if value >= 1 else 0
    return round(value / 10**exponent) * 10**exponent if exponent > 0 else round(value, max(0, -exponent))


#: words after a number that name no unit: it is read with a verb or a preposition
NO_UNIT = frozenset("and or of in to the a an was were are is for with from by at on as that which who".split())


#: the words after a count read as what it counts (its noun and the words before it: "Pro Bowl selections")
COUNTED_REACH = 3


def counted_nouns(context: str, end: int) -> frozenset[str]:
    """The content words of the first `COUNTED_REACH` words after a number ("six Pro Bowl selections": pro, bowl,
    selection), each without its plural "s"; empty where a verb, a preposition or a pronoun follows it."""
    words = _words_after(context, end)
    if not words or words[0].casefold() in NO_UNIT or words[0].casefold() in _PRONOUNS:
        return frozenset()
    return frozenset(w.casefold().removesuffix("s") for w in words if w.casefold() not in NO_UNIT and len(w) > 2)


#: the words right after a number, a space or a hyphen between each ("four-cylinder engines"); none past a mark
_WORD_AFTER = re.compile(r"[^\S\n]*-?[^\S\n]*([A-Za-z]+)(?![\w'’])")


def _words_after(context: str, end: int) -> list[str]:
    """Up to `COUNTED_REACH` words that follow `end` with only spaces or hyphens between them."""
    words: list[str] = []
    at = end
    while len(words) < COUNTED_REACH:
        match = _WORD_AFTER.match(context, at)
        if match is None:
            break
        words.append(match.group(1))
        at = match.end()
    return words


_PRONOUNS = frozenset("them these those they we us you it which whom who".split())


#: "of" and the words that open what a part is taken from ("four of the sororities", "two of its networks")
_PART_OF = re.compile(r"[^\S\n]+of[^\S\n]+(?:(?:the|its|their|his|her|our|all)[^\S\n]+)*", re.IGNORECASE)


def part_of(context: str, end: int, counted: frozenset[str]) -> bool:
    """True where the number that ends at `end` may be a part of a count of `counted` things: it stands bare
    before a verb ("Seven were introduced") or before "of them" / "of these", or it takes "of" the same noun
    ("Four of the sororities" of "seven sororities"); a part of another noun ("two of its competing networks"
    beside "108 television stations") is none."""
    opening = _PART_OF.match(context, end)
    if opening is None:
        return True
    words = _words_after(context, opening.end())
    if not words or words[0].casefold() in _PRONOUNS:
        return True
    nouns = {w.casefold().removesuffix("s") for w in words if w.casefold() not in NO_UNIT and len(w) > 2}
    return bool(nouns & counted) or not nouns


#: a shared word and a plural noun after a number, ending where a mark or a preposition follows ("research
#: institutes and", "research centers on")
_TWO_WORD_NOUN = re.compile(
    r"[^\S\n]+([a-z]+)[^\S\n]+([a-z]+s)(?=[^\S\n]*(?:[,.;:)]|(?:and|or|on|in|at|of|for|with|to|from)\b))"
)


def other_head(context: str, end: int, other_end: int) -> bool:
    """True where the two numbers ending at `end` and `other_end` each count two words, the first shared and the
    plural nouns after it different ("12 research institutes", "113 research centers")."""
    mine, other = _TWO_WORD_NOUN.match(context, end), _TWO_WORD_NOUN.match(context, other_end)
    if mine is None or other is None:
        return False
    return mine.group(1) == other.group(1) and mine.group(2).removesuffix("s") != other.group(2).removesuffix("s")
