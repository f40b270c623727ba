"""The relations a sentence states between a swapped number and the other numbers beside it, and what keeps them
true when the number changes.

A number of a sentence is read with the others: a part of a total ("5,792 students in the College, 3,468 in its
graduate divisions, ... and 15,244 overall"), one side of an order ("3,600 Frenchmen defeated a force of
18,000", "from 599 m to 396 m"), a share ("28,000 students or 3.7% of ..."), a product or a ratio. Each is a
condition on the values written, never on what the sentence is about:

- an order holds where the new value stays on the same side of every other number of the sentence
  (`keeps_order`, the candidate filter `count_keeps_order`);
- a sum holds where the swapped number is one of its parts and the total is rewritten with it
  (`count_relations`: the total moves by the change of the part, written as it was, in digits or in words);
- a sum whose total is the swapped number, a share, a product or a multiple cannot be kept by rewriting one
  number (which part, which factor?): the swap is dropped (the rule `counts_keep_relations`).

Written for any numeric type: `numbers_in` reads every number, digits or words, with its scale word.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

from ..sentences import sentences_around
from ..text import number_value, value_of, whole_word_pattern

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
#: words that say a number is the total of others ("in all", "overall", "of which")
_TOTAL_CUE = re.compile(
    r"\b(?:total(?:ly|led|ing)?|overall|in all|altogether|combined|sum|of which|of them|of these|out of|of the|"
    r"including|comprising|consisting of|made up of)\b",
    re.IGNORECASE,
)
#: words that make one number a multiple of another ("twice", "three times as many")
_MULTIPLIER = re.compile(
    r"\b(?:(?P<word>twice|double|doubled|triple|tripled|half|quadruple)|"
    r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten)[^\S\n]*(?:times|-fold|fold)\b)",
    re.IGNORECASE,
)
_MULTIPLE = {"twice": 2.0, "double": 2.0, "doubled": 2.0, "triple": 3.0, "tripled": 3.0, "half": 0.5, "quadruple": 4.0}
#: a share in words: "one-third", "a quarter", "half", "two-thirds"
_FRACTIONS = {
    "half": 0.5,
    "one half": 0.5,
    "one third": 1 / 3,
    "two thirds": 2 / 3,
    "one quarter": 0.25,
    "three quarters": 0.75,
    "one fifth": 0.2,
    "one tenth": 0.1,
}
_FRACTION = re.compile(
    r"\b(?:half|(?:one|a)[-\s]half|(?:one|a)[-\s]third|two[-\s]thirds|(?:one|a)[-\s]quarter|three[-\s]quarters|"
    r"(?:one|a)[-\s]fifth|(?:one|a)[-\s]tenth)\b",
    re.IGNORECASE,
)
#: the most numbers of a sentence whose sums are searched (sums of up to four parts)
MAX_TERMS = 12
#: below this total a sum is read only where a word says it is one (small counts add up by chance)
SMALL_TOTAL = 10
#: how close a share, product or ratio must come to be read as one (the text rounds)
RATIO_TOLERANCE = 0.005
PERCENT_TOLERANCE = 0.6


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


@dataclass(frozen=True)
class Relations:
    """What a swapped number's sentences state about it: the other numbers its new value must stay on the same
    side of (`bounds`), the totals to rewrite with it (`totals`: each a `Number` that is its parts' sum), the
    conversions to rewrite with it (`conversions`: "400 m (1,300 ft)"), and, where a relation cannot be kept by a
    rewrite, what it is (`problem`)."""

    bounds: tuple[float, ...] = ()
    totals: tuple[Number, ...] = ()
    problem: str | None = None
    conversions: tuple[Number, ...] = ()  # the same amount in another unit, in brackets after a mention
    #: (whole, rest): a larger number of the sentence and the sum of the others below it, which the count and the
    #: rest stay within ("60,000 objects, including 10,000 textiles and 6000 paintings")
    capacities: tuple[tuple[float, float], ...] = ()


def _sentence_numbers(context: str, start: int, end: int) -> tuple[Number, ...]:
    lo, hi = sentences_around(context, start, end)
    return tuple(n for n in numbers_in(context) if lo <= n.start and n.end <= hi and not start <= n.start < end)


@functools.lru_cache(maxsize=20_000)
def count_relations(context: str, original: str, question: str = "") -> Relations:
    """The relations of every whole-word mention of `original` (a count) with the numbers of its sentence: the
    bounds its new value must respect, the totals it is a part of and the conversions after it (rewritten with
    it), or the problem no rewrite solves: it is the total of parts the text gives ("total"), a share of a
    number by a percentage or a fraction the text gives ("share"), a product or ratio of two of them
    ("product"), a proportion of three ("proportion"), a multiple ("multiple"), a part of two different totals
    ("totals"), of a small or round sum no word marks as one ("unmarked sum"), or of a total the question names
    ("total asked"); it counts the names its sentence then lists ("list") or the years it spans ("span"); it is
    a conversion in brackets or has one it cannot scale ("conversion"); a range's other end or its whole is no
    number read here ("range"); its sentence says it again as a word ("triple", "respectively": "tuple"); or
    its mentions count different things ("two teams' ... two different teams": "other counts"), so a rewrite
    of every mention changes facts it does not ask about."""
    value = value_of(original)
    if value is None or value <= 0:
        return Relations()
    pattern = whole_word_pattern(original)
    spans = [(m.start(), m.end()) for m in pattern.finditer(context)]
    if len({_counted_word(context, end) for _, end in spans}) > 1:
        return Relations(problem="other counts")
    bounds: set[float] = set()
    totals: dict[int, Number] = {}
    conversions: dict[int, Number] = {}
    capacities: set[tuple[float, float]] = set()
    for start, end in spans:
        if _partner_unread(context, start, end):
            return Relations(problem="range")
        conversion = _conversion_after(context, end)
        if isinstance(conversion, str):
            return Relations(problem=conversion)
        if conversion is not None:
            conversions[conversion.start] = conversion
        others = [
            n
            for n in _sentence_numbers(context, start, end)
            if not any(s <= n.start < e for s, e in spans) and n.start not in conversions
        ]
        lo, hi = sentences_around(context, start, end)
        sentence = context[lo:hi]
        problem = (
            ("tuple" if _TUPLE.search(sentence) else None)
            or _unrewritable(value, others, sentence)
            or _names_as_many(value, context, end)
            or _spans_years(value, sentence)
            or _converted_in_brackets(context, start)
        )
        if problem is not None:
            return Relations(problem=problem)
        terms = [n for n in others if not n.percent and not n.dashed and n.value != value][:MAX_TERMS]
        for total in _totals_of_part(value, terms):
            if not _TOTAL_CUE.search(sentence) and (total.value < SMALL_TOTAL or _all_round(value, terms)):
                return Relations(problem="unmarked sum")
            totals[total.start] = total
        bounds.update(n.value for n in others if not n.percent and n.start not in totals)
        least = _named_members(context, start, end)
        if least and least <= value:
            bounds.add(least - 0.5)  # as many as the passage names, at least
        parts = [n.value for n in others if not n.percent and n.start not in totals]
        for whole in parts:
            rest = sum(p for p in parts if p < whole)
            if whole > value and value + rest <= whole:
                capacities.add((whole, rest))
    if len({t.value for t in totals.values()}) > 1:
        return Relations(problem="totals")
    for total in totals.values():
        if question and whole_word_pattern(context[total.start : total.end]).search(question):
            return Relations(problem="total asked")
    moving = {t.value for t in totals.values()}
    return Relations(
        tuple(sorted(bounds - moving)),
        tuple(sorted(totals.values(), key=lambda n: n.start)),
        conversions=tuple(sorted(conversions.values(), key=lambda n: n.start)),
        capacities=tuple(sorted(c for c in capacities if c[0] not in moving)),
    )


#: a number in brackets after a unit: "400 m (1,300 ft)", "2,290 m3/s (81,000 cu ft/s)"
_CONVERSION = re.compile(
    r"[^\S\n]*(?P<unit>[^\s\d()][^\s()]{0,13}(?:[^\S\n]+[^\s\d()][^\s()]{0,13}){0,2})[^\S\n]*\([^\S\n]*"
    r"(?:~|≈|c\.|about|approx\.|approximately)?[^\S\n]*(?=\d)"
)
#: units whose conversions are no proportion (°F to °C adds an offset)
_AFFINE_UNIT = re.compile(r"°|\bdegrees?\b", re.IGNORECASE)


def _conversion_after(context: str, end: int) -> Number | str | None:
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


_PARTNER_BEFORE = re.compile(r"(\d[\d,.]*)[^\S\n]*(?:–|-|—|to|and|or|of|out of)[^\S\n]*(?:the[^\S\n]+|all[^\S\n]+)?$")
_PARTNER_AFTER = re.compile(
    r"[^\S\n]*(?:–|-|—|to|and|or|of|out of)[^\S\n]*(?:the[^\S\n]+|all[^\S\n]+)?(?:as \w+ as[^\S\n]+)?(?=\d)"
)


def _partner_unread(context: str, start: int, end: int) -> bool:
    """True where a number joined to this one as a range's other end or its whole ("315 to 194", "24 of the 32")
    is none this module reads (a year, a time, a name): its order with the new value could not be kept."""
    starts = {n.start for n in numbers_in(context)}
    before = _PARTNER_BEFORE.search(context, max(0, start - 24), start)
    if before is not None and before.start(1) not in starts:
        return True
    after = _PARTNER_AFTER.match(context, end)
    return after is not None and after.end() not in starts


def _unrewritable(value: float, others: list[Number], sentence: str) -> str | None:
    """The relation of `value` with `others` that no rewrite of one number keeps, if one holds."""
    terms = [n.value for n in others if not n.percent and not n.dashed and n.value != value][:MAX_TERMS]
    for size in (2, 3, 4):
        for parts in itertools.combinations(terms, size):
            if abs(sum(parts) - value) < 1e-6 and (value >= SMALL_TOTAL or _TOTAL_CUE.search(sentence)):
                return "total"
    plain = [n.value for n in others if not n.percent]
    for n in others:
        if not n.percent:
            continue
        for other in plain:
            if other and (
                abs(other / value * 100 - n.value) <= PERCENT_TOLERANCE
                or abs(value / other * 100 - n.value) <= PERCENT_TOLERANCE
            ):
                return "share"
    for match in _FRACTION.finditer(sentence):
        share = _FRACTIONS[match.group().casefold().replace("-", " ").replace("a ", "one ", 1)]
        if any(other and 0.75 * share <= min(value, other) / max(value, other) <= 1.34 * share for other in plain):
            return "share"  # "7,000 out of 20,000 ..., more than one-third of the population"
    factors = [v for v in plain if v >= 2]
    for a, b in itertools.permutations(factors, 2):
        if _close(a * b, value) or _close(a / b, value):
            return "product"
    if value >= 2:
        for a, b, c in itertools.permutations(factors, 3):
            if _close(value / a, b / c):
                return "proportion"  # "3600 RPM with 60 Hertz, 3000 RPM with 50 Hertz"
    for match in _MULTIPLIER.finditer(sentence):
        factor = _MULTIPLE.get((match.group("word") or "").casefold()) or number_value(match.group("n") or "")
        if factor and any(_close(factor * v, value) or _close(factor * value, v) for v in plain):
            return "multiple"
    return None


#: words that say a count again another way: "triple and quadruple expansion engines respectively", "twin"
_TUPLE = re.compile(
    r"\b(?:single|double|triple|quadruple|quintuple|sextuple|twin|triplets?|quadruplets?|respectively)\b",
    re.IGNORECASE,
)


def _counted_word(context: str, end: int) -> str:
    """The word a number counts, as its first word after it reads ("two teams'" and "two-man" differ)."""
    match = re.match(r"[^\S\n]*-?[^\S\n]*([A-Za-z]+)", context[end : end + 30])
    return match.group(1).casefold().removesuffix("s") if match else ""


def _all_round(value: float, terms: list[Number]) -> bool:
    """True where the count and the numbers beside it are all round ("5 million", "10 million", "15 million"):
    their sums add up by chance as often as by design, so no word marking a total leaves the sum unread."""
    return all(v == int(v) and int(v) % 10 == 0 for v in (value, *(n.value for n in terms)))


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= RATIO_TOLERANCE * max(abs(a), abs(b))


def _totals_of_part(value: float, terms: list[Number]) -> list[Number]:
    """The numbers of `terms` that are the sum of `value` and one to three others of them."""
    found = []
    for total in terms:
        rest = [n.value for n in terms if n is not total and n.value < total.value]
        need = total.value - value
        if need <= 0:
            continue
        if any(abs(sum(parts) - need) < 1e-6 for size in (1, 2, 3) for parts in itertools.combinations(rest, size)):
            found.append(total)
    return found


#: a span of years: "from 1956 to 1960", "between 1993 and 2001", "1993–2001"
_YEAR_SPAN = re.compile(
    r"(?<!\d)(1\d{3}|20\d{2})(?:[^\S\n]*(?:–|—|-|to|until|till|and|through)[^\S\n]*|,?[^\S\n]*(?:to|until|till|and|through)"
    r"[^\S\n]+\w+[^\S\n]+\d{1,2},[^\S\n]*)(1\d{3}|20\d{2})(?!\d)"
)


def _spans_years(value: float, sentence: str) -> str | None:
    """ "span" where the sentence spans as many years as the count counts, or one more ("five times from 1956 to
    1960", "Eight seasons ... from September 25, 1993, to May 19, 2001"): the years would not fit a new count."""
    for match in _YEAR_SPAN.finditer(sentence):
        years = int(match.group(2)) - int(match.group(1))
        if years in (value, value - 1):
            return "span"
    return None


#: a number with its unit before a bracket: "2,500 quadrillion liters (", "400 m ("
_MEASURE_OPENS = re.compile(r"\d[\d,.]*(?:[^\S\n]+[^\W\d][\w/°³²]*){1,3}[^\S\n]*\($")


def _converted_in_brackets(context: str, start: int) -> str | None:
    """ "conversion" where the count stands in brackets after a number and its unit: it is the same amount in
    another unit ("2,500 quadrillion liters (550 quadrillion Imperial gallons, 660 quadrillion US gallons)")."""
    opening = context.rfind("(", max(0, start - 120), start)
    if opening < 0 or ")" in context[opening:start]:
        return None
    return "conversion" if _MEASURE_OPENS.search(context[max(0, opening - 60) : opening + 1]) else None


#: a capitalised name after a count ("six Pro Bowl selections"): the passage may name members by it
_NAME_AFTER = re.compile(r"[^\S\n]+((?:[A-Z][\w'’-]+[^\S\n]+){0,2}[A-Z][\w'’-]+)")


def _named_members(context: str, start: int, end: int) -> int:
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


def keeps_order(old: float, new: float, bounds: tuple[float, ...]) -> bool:
    """True when `new` stands on the same side of every bound as `old` did (a bound equal to `old` binds
    nothing: it is read as the same number written again)."""
    for bound in bounds:
        if old == bound:
            continue
        if (old < bound) != (new < bound) or new == bound:
            return False
    return True


def _significant(written: str) -> int:
    """The significant digits a number in digits is written with ("81,000" 2, "1,300" 2, "390" 2, "2.5" 2)."""
    digits = written.replace(",", "")
    if "." in digits:
        return len(digits.replace(".", "").lstrip("0")) or 1
    return len(digits.lstrip("0").rstrip("0")) or 1


def _rounded(value: float, significant: int) -> float:
    if value <= 0:
        return value
    exponent = len(str(int(value))) - significant if value >= 1 else 0
    return round(value / 10**exponent) * 10**exponent if exponent > 0 else round(value, max(0, -exponent))


def total_edits(context: str, relations: Relations, old: float, new: float) -> tuple[tuple[int, int, str], ...] | None:
    """The rewrites of the numbers that move with a count: each total it is a part of moved by its change (new -
    old), each conversion after it scaled by new / old and rounded to as many significant digits as it had, each
    written as it was written (its scale word kept); None where one cannot be written so."""
    edits = []
    moved = [(t, t.value + new - old) for t in relations.totals]
    for conversion in relations.conversions:
        written = context[conversion.start : conversion.end].split()[0]
        if conversion.words:
            return None
        moved.append((conversion, _rounded(conversion.value * new / old, _significant(written)) if old else 0))
    for number, value in moved:
        written = context[number.start : number.end]
        digits = written.split()[0] if number.scale != 1 else written
        text = written_like(digits, value / number.scale)
        if text is None:
            return None
        edits.append((number.start, number.start + len(digits), text))
    return tuple(edits)


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
    lead-in (`_names_as_many`), a run of capitalised names joined by commas and "and" right after the counted
    noun ("the three Khitan Generals A (...), B (...) and C"), or two told apart ("two Vice Presidents, one for
    ... and the other for ...")."""
    if _names_as_many(value, context, end):
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


def _names_as_many(value: float, context: str, end: int) -> str | None:
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


def within_capacities(new: float, capacities: tuple[tuple[float, float], ...]) -> bool:
    """True when the new count and the others below each larger number still fit within it."""
    return all(new + rest <= whole for whole, rest in capacities)
