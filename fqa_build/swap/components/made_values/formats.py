"""How a number with a unit is written (make.py makes new ones): one number in digits, in words or as
an ordinal, or a time of day, with the text before it (a currency, a hedge) and after it (a scale word, a unit)
kept as written; what kind of value it is (its unit, as a key values of one kind share) and its amount."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from fqa_build.swap.rewriting.conversions import unit_of

_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
_ONES += "seventeen eighteen nineteen"
ONES = tuple(_ONES.split())
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINAL_ONES = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth"
).split()
_ORDINAL_TENS = ("", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth",
                 "ninetieth")  # fmt: skip
#: the largest number written in words a made value reads or writes
MAX_WORDS = 99


def number_words(n: int, ordinal: bool = False) -> str:
    """A number of 1 to 99 in words ("twenty-five"; as an ordinal, "twenty-fifth")."""
    if n < 20:
        return (_ORDINAL_ONES if ordinal else ONES)[n]
    tens, ones = divmod(n, 10)
    if not ones:
        return (_ORDINAL_TENS if ordinal else TENS)[tens]
    return f"{TENS[tens]}-{(_ORDINAL_ONES if ordinal else ONES)[ones]}"


_WORD_VALUES = {number_words(n): n for n in range(1, MAX_WORDS + 1)}
_ORDINAL_WORD_VALUES = {number_words(n, True): n for n in range(1, MAX_WORDS + 1)}


def _alternation(words: Iterable[str]) -> str:
    return "|".join(sorted(words, key=lambda w: (-len(w), w)))


#: a number in digits, thousands grouped or not, decimals or not
DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]\d)|\d+(?:\.\d+)?(?![\d,]\d)"
_TOKEN = re.compile(
    rf"(?<![\w.,])(?:(?P<ordinal_digits>\d+)(?P<suffix>st|nd|rd|th)\b|(?P<digits>{DIGITS})(?![\d])"
    rf"|(?<!-)(?P<ordinal_words>{_alternation(_ORDINAL_WORD_VALUES)})\b|(?<!-)(?P<words>{_alternation(_WORD_VALUES)})\b)",
    re.IGNORECASE,
)
#: a time of day: "4:30 p.m.", "9 am", "10:15"
_CLOCK = re.compile(
    r"(?<![\w.:])(?P<hour>\d{1,2})(?::(?P<minute>[0-5]\d))?(?![\d:])(?:[^\S\n]?(?P<half>[aApP]\.?[^\S\n]?[mM]\.?))?"
)
#: the half of the day written after a clock: "p.m.", "am"
_HALF = re.compile(r"^[^\S\n]?[aApP]\.?[^\S\n]?[mM]\b")
#: scale words and their factors
SCALES = {"hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "m": 1e6, "bn": 1e9}
_HEDGE = re.compile(
    r"^(?:(?:about|around|approximately|roughly|nearly|almost|over|under|more than|less than|fewer than|up to|"
    r"at least|at most|some|only|just|an estimated|the|a|an|some)\s+)+",
    re.IGNORECASE,
)
#: what a value may not hold besides its one number: a second number, a range or a ratio
_SECOND = re.compile(
    r"\d|(?<!up )(?<!close )(?<!next )\bto\b|\bbetween\b|\bper\b|/|\bor\b|\band\b|\bhalf\b|\bquarter\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Value:
    """A number with a unit as written: the text before its number, the number, the text after it."""

    before: str
    number: str
    after: str
    style: str  # "digits", "words", "ordinal_digits", "ordinal_words" or "clock"
    value: float  # the number (a clock: minutes after midnight, or after 0:00 where no half is written)

    @property
    def decimals(self) -> int:
        """Digits after the decimal point."""
        return len(self.number.partition(".")[2]) if self.style == "digits" else 0

    @property
    def scale(self) -> float:
        """The factor of the scale word that follows the number ("million": 1e6), 1 where none."""
        first = re.match(r"[^\S\n]*-?([A-Za-z]+)", self.after)
        return SCALES.get(first.group(1).casefold(), 1.0) if first else 1.0

    @property
    def unit(self) -> str:
        """What the number counts, as a key values of one kind share: the currency and the unit, without hedges
        and scale words, case-folded and singular ("$" + "", "", "percent", "km", "ordinal")."""
        if self.style.startswith("ordinal"):
            return "ordinal"
        if self.style == "clock":
            return "clock"
        known = unit_of(unit_text(self))
        if isinstance(known, tuple):  # a unit the conversions know: "km" and "miles" are read together
            return f"{_HEDGE.sub('', self.before.lstrip()).strip().casefold()}|{known[0]}"
        return unit_key(self.before, self.after)

    @property
    def factor(self) -> float:
        """The factor of the value's unit to its dimension's base unit (1 for a unit the conversions do not
        know)."""
        known = unit_of(unit_text(self))
        return known[1] if isinstance(known, tuple) else 1.0

    @property
    def amount(self) -> float:
        """The value with its scale, in its dimension's base unit where the unit is known (a number of its own
        otherwise: an ordinal's rank, a clock's minutes)."""
        if self.style not in ("digits", "words"):
            return self.value
        return self.value * self.scale * self.factor

    def amount_of(self, new: str) -> float:
        """The amount this value would state with `new` for its number (a clock with a half keeps its half, so its
        minutes count from midnight as the value's own do: "4:30" for "2:30 p.m." is 990)."""
        if self.style == "clock":
            minutes = numeric(new, "clock")
            if _HALF.search(self.after):
                minutes = minutes % 720 + (720 if self.value >= 720 else 0)
            return minutes
        return numeric(new, self.style) * (self.amount / self.value)

    def written(self, new: str) -> str:
        """This value with `new` for its number."""
        return f"{self.before}{new}{self.after}"


def unit_key(before: str, after: str) -> str:
    """The key of a value's unit from the text around its number (see `Value.unit`)."""
    before = _HEDGE.sub("", before.lstrip()).strip().casefold()
    words = re.findall(r"[^\W\d]+|[$£€¥%°]", after.casefold())
    if words and words[0] in SCALES:
        words = words[1:]
    words = [w.removesuffix("s") if len(w) > 3 else w for w in words[:2]]
    key = " ".join(words).replace("per cent", "percent").replace("%", "percent")
    return f"{before.replace(' ', '')}|{key}"


@functools.lru_cache(maxsize=50_000)
def parse_value(surface: str, label: str) -> Value | None:
    """The value a mention writes: exactly one number (digits or words, or an ordinal, or a time of day), or None
    where it holds none, more than one, a range or a ratio."""
    if label == "TIME":
        clock = _clock(surface)
        if clock is not None:
            return clock
    tokens = list(_TOKEN.finditer(surface))
    if len(tokens) != 1:
        return None
    token = tokens[0]
    before, after = surface[: token.start()], surface[token.end() :]
    if _SECOND.search(before) or _SECOND.search(after):
        return None
    style = token.lastgroup if token.lastgroup != "suffix" else "ordinal_digits"
    if token.group("ordinal_digits"):
        style = "ordinal_digits"
    text = token.group()
    if style == "ordinal_digits":
        value = float(token.group("ordinal_digits"))
    elif style == "digits":
        value = float(text.replace(",", ""))
    elif style == "ordinal_words":
        value = float(_ORDINAL_WORD_VALUES[text.casefold()])
    else:
        value = float(_WORD_VALUES[text.casefold()])
    if (label == "ORDINAL") != style.startswith("ordinal") or value <= 0:
        return None
    return Value(before, text, after, style, value)


def _clock(surface: str) -> Value | None:
    found = [m for m in _CLOCK.finditer(surface) if m.group("minute") or m.group("half")]
    if len(found) != 1 or len(_TOKEN.findall(surface)) > 1 + bool(found[0].group("minute")):
        return None
    clock = found[0]
    hour, minute = int(clock.group("hour")), int(clock.group("minute") or 0)
    half = (clock.group("half") or "").casefold()
    if half and not 1 <= hour <= 12 or not half and hour > 23:
        return None
    if half.startswith("p") and hour != 12:
        hour += 12
    elif half.startswith("a") and hour == 12:
        hour = 0
    number = surface[clock.start() : clock.end("minute") if clock.group("minute") else clock.end("hour")]
    return Value(surface[: clock.start()], number, surface[clock.start() + len(number) :], "clock", hour * 60 + minute)


def numeric(text: str, style: str) -> float:
    """The value of a candidate number as written in `style`."""
    if style == "clock":
        hour, _, minute = text.partition(":")
        return int(hour) * 60 + int(minute or 0)
    if style == "ordinal_digits":
        return float(re.match(r"\d+", text).group())
    if style == "ordinal_words":
        return float(_ORDINAL_WORD_VALUES[text.casefold()])
    if style == "words":
        return float(_WORD_VALUES[text.casefold()])
    return float(text.replace(",", ""))


def numbers_in(text: str) -> list[tuple[int, int, float]]:
    """(start, end, value) of every number a text writes, in digits or words, ordinals included."""
    found = []
    for token in _TOKEN.finditer(text):
        style = "ordinal_digits" if token.group("ordinal_digits") else token.lastgroup
        found.append((token.start(), token.end(), numeric(token.group(), style)))
    return found


def unit_text(value: Value) -> str:
    """The unit a value is written in, without its scale word ("$2.5 million" "", "6 miles" "miles")."""
    after = value.after.strip()
    first = re.match(r"-?([A-Za-z]+)\b", after)
    if first and first.group(1).casefold() in SCALES:
        after = after[first.end() :].strip()
    return after.strip(" .,;:)")
