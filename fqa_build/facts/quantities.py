"""Which mentions of a number's string denote the same quantity, and what a passage states beside a number.

The same string in a passage is not always the same fact. For names it nearly always is; for numbers it often is
not: a table row "Austria 1.1% | Belgium 0.9% | Denmark 1.1%" gives two countries the same share, and "Smith scored
12 points and Jones scored 12 points" two players the same count. A number's mention stands for a quantity of its
**subject**, the name it stands right after ("Austria 1.1%", "Site B: 12.4 mg/L", "Jones scored 12"), and of its
**measure**, the "of X" after it ("1.1% of GDP"). Two mentions of one string denote the same quantity unless they
stand right after different names, or both are "of" different things; a sentence that calls two figures one ("both
ran at 97.8%", "identical occupancy") ties them (`same_quantity_spans`). Only numbers are read so
(`QUANTITY_LABELS`): a year two events of a passage share is most often one time frame.

Beside a number a passage may state a range it lies in ("a mean of 9.5 days (range, 8 to 11 days)", "OR 1.42 (95%
CI, 1.10 to 1.83)", "9.5 days, ranging from 8 to 11"; `stated_range`), the count and the share of one group
("634 [47.9%]", "47.9% (634 of 1,257)"; `paired_share`), and arithmetic with its other numbers: a share, a change, a
change in points, a product or quotient, the mean or total of a list, a difference (`stated_tie`), each read to the
written precision of its numbers."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from fqa_build.facts.numbers import NO_UNIT, written_decimals
from fqa_build.facts.tables import cell_at
from fqa_build.labels import NUMERIC_LABELS
from fqa_build.sentences import sentence_spans, sentences_around
from fqa_build.text import find_whole_word, value_of

#: what may stand between a subject and its number: a cell's or a label's mark, and at most two lower-case words
#: ("Austria 1.1%", "Site B: 12.4 mg/L", "Denmark (1.1%)", "Jones scored 12", "Austria had a 1.1%")
_LINK = re.compile(r"[^\S\n]*(?:[:=–—(-][^\S\n]*)?(?:(?:[a-z]+|[$€£¥])[^\S\n]*){0,2}$")
#: capitalised words that are no subject: a clause's opening function word, a month or a weekday
_NO_NAME = frozenset(
    "The A An In On At By For Of And Or But As It Its This That These Those Then There Their They He She We Our "
    "After Before During Since From To With Without Among Between Overall Total Mean Median Average Each All Both "
    "Only Also About Around Nearly Almost Over Under Above Below Up Down January February March April May June "
    "July August September October November December Monday Tuesday Wednesday Thursday Friday Saturday "
    "Sunday".split()
)
_CAPITALISED = re.compile(r"\b[A-Z][\w'’&.-]*(?:[^\S\n]+[A-Z0-9][\w'’&.-]*)*")
#: the labels whose equal strings may be different quantities: numbers with or without units, not dates or times
#: (a year shared by two events of a passage is most often one time frame, which the swap moves as one)
QUANTITY_LABELS = frozenset({"CARDINAL", "MONEY", "PERCENT", "QUANTITY"})
#: the measure after a number: "1.1% of GDP", "12 points of the 40"
_MEASURE_AFTER = re.compile(
    r"^[^\S\n]*(?:%|percent|per[^\S\n]+cent)?[^\S\n]+of[^\S\n]+(?:(?:the|all|its|their|total)[^\S\n]+)*"
    r"([A-Za-z][A-Za-z-]+)"
)
_NUMBER = r"[-−]?\d[\d,]*(?:\.\d+)?"
#: a range stated right after a number: in brackets ("(range, 8 to 11 days)", "(95% CI, 1.10 to 1.83)", "[IQR
#: 3-9]") or after a comma ("9.5 days, ranging from 8 to 11")
_RANGE_AFTER = re.compile(
    rf"^[^\S\n]*(?:[A-Za-z%°/]+[^\S\n]*){{0,2}}"  # the number's own unit ("days", "mg/L")
    rf"(?:[(\[][^\S\n]*(?:(?:\d+%[^\S\n]*)?(?:range|IQR|interquartile[^\S\n]+range|CI|confidence[^\S\n]+interval)"
    rf"[^\S\n]*[,:=]?[^\S\n]*)?|,[^\S\n]*(?:with[^\S\n]+a[^\S\n]+)?(?:range[ds]?|ranging)[^\S\n]+(?:from[^\S\n]+)?)"
    rf"(?P<low>{_NUMBER})[^\S\n]*(?:[A-Za-z%°/]+[^\S\n]*)?(?:to|–|—|-|and)[^\S\n]*(?P<high>{_NUMBER})"
)
#: a count and its share side by side: "634 [47.9%]", "634 (47.9%)", "47.9% (634)", "47.9% (n = 634)"
_SHARE_AFTER_COUNT = re.compile(rf"^[^\S\n]*[(\[][^\S\n]*{_NUMBER}[^\S\n]*%")
_COUNT_AFTER_SHARE = re.compile(rf"^[^\S\n]*[(\[][^\S\n]*(?:n[^\S\n]*=[^\S\n]*)?{_NUMBER}(?![\d.,]*[^\S\n]*%)")
_SHARE_BEFORE_COUNT = re.compile(rf"{_NUMBER}[^\S\n]*%[^\S\n]*[(\[][^\S\n]*(?:n[^\S\n]*=[^\S\n]*)?$")
_COUNT_BEFORE_SHARE = re.compile(rf"{_NUMBER}[^\S\n]*[(\[][^\S\n]*$")


def subject_before(context: str, start: int, names: Sequence[tuple[int, int]] = ()) -> str | None:
    """The name a number at `start` stands right after: one of `names` (spans of the passage's named entities) or
    a run of capitalised words (no month, weekday or clause-opening word) that ends at most a mark and two
    lower-case words before the number, on its line; None where none stands there."""
    line_start = context.rfind("\n", 0, start) + 1
    candidates = [(s, e) for s, e in names if line_start <= s and e <= start]
    candidates += [
        (m.start(), m.end()) for m in _CAPITALISED.finditer(context, line_start, start) if m.group() not in _NO_NAME
    ]
    for s, e in sorted(candidates, key=lambda span: -span[1]):
        if _LINK.fullmatch(context, e, start):
            words = [w for w in context[s:e].split() if w not in _NO_NAME]
            return " ".join(words) if words else None
    return None


def measure_after(context: str, end: int) -> str | None:
    """What a number at [.., end) is of ("1.1% of GDP": "gdp"), None where no "of" follows it."""
    found = _MEASURE_AFTER.match(context[end : end + 60])
    return found.group(1).casefold() if found else None


def same_quantity_spans(
    context: str,
    original: str,
    at: int,
    names: Sequence[tuple[int, int]] = (),
    question: str = "",
    by_cell: bool = False,
) -> tuple[tuple[int, int], ...] | None:
    """The whole-word mentions of `original` that denote the quantity of the one at `at` (its own among them), or
    None where every mention does. A mention denotes another quantity where it stands right after a name and the
    one at `at` stands right after another name; or, where the one at `at` stands after none, where the question
    names another ("... for Ireland?": "Finland fell from 4.8%" is Finland's, "unchanged, at 10.8% and 4.8%" may be
    Ireland's); or where both are "of" something and those differ. A mention after no name is the same quantity
    (a restatement: "the 4.8% rate"), and so is every mention in a sentence that says two figures are one ("both
    ran at 97.8%", "identical occupancy"). With `by_cell`, a cell of a table written as text (fqa_build/facts/
    tables.py) is its row's and its column's: "Green Line | 98.9% ; Red Line | 98.9%" are two quantities."""
    spans = list(find_whole_word(context, original))
    if len(spans) < 2:
        return None
    own = next(((s, e) for s, e in spans if s <= at < e), None) or min(spans, key=lambda span: abs(span[0] - at))
    subject, measure = subject_before(context, own[0], names), measure_after(context, own[1])
    asked = question_names(question)
    equal = {span for span in spans if _EQUAL_WORDS.search(context, *sentences_around(context, *span))}
    same = []
    own_cell = cell_at(context, own[0]) if by_cell else None
    for s, e in spans:
        other_cell = cell_at(context, s) if by_cell else None
        if own_cell is not None and other_cell is not None and own_cell.key != other_cell.key:
            continue  # another row's or column's cell
        if (s, e) != own and not ({(s, e), own} & equal):
            other = subject_before(context, s, names)
            if other is not None and _said_equal(context, other, subject, asked):
                pass  # "Granite Hills and Ferrow Valley had identical occupancy": one figure
            elif other is not None and subject is not None and other.casefold() != subject.casefold():
                continue
            elif other is not None and subject is None and asked and other.casefold() not in asked:
                continue
            other_measure = measure_after(context, e)
            if measure and other_measure and other_measure != measure:
                continue
        same.append((s, e))
    return None if len(same) == len(spans) else tuple(same)


_POSSESSIVE = re.compile(r"['’]s?$")


def _said_equal(context: str, other: str, subject: str | None, asked: frozenset[str]) -> bool:
    """A sentence of the passage says the figure of `other` and that of `subject` (or of a name the question gives)
    are one ("both", "identical", "the same"), naming both."""
    names = [subject.casefold()] if subject else list(asked)
    for lo, hi in sentence_spans(context):
        sentence = context[lo:hi]
        if _EQUAL_WORDS.search(sentence) and other.casefold() in sentence.casefold():
            if any(name in sentence.casefold() for name in names if name != other.casefold()):
                return True
    return False


def question_names(question: str) -> frozenset[str]:
    """The names a question gives (its capitalised words but the first and function words), case-folded, with
    their runs ("for Ireland", "in New South Wales": {"ireland", "new south wales", "new", "south", "wales"})."""
    found: set[str] = set()
    for match in _CAPITALISED.finditer(question, 1):
        words = [_POSSESSIVE.sub("", w.strip("?.,")) for w in match.group().split() if w not in _NO_NAME]
        if words:
            found.add(" ".join(words).casefold())
            found.update(w.casefold() for w in words)
    return frozenset(found)


def name_spans(entities: Sequence[tuple[int, int, str]]) -> tuple[tuple[int, int], ...]:
    """The spans of the entities that are names, not numbers or dates."""
    return tuple((s, e) for s, e, label in entities if label not in NUMERIC_LABELS)


def stated_range(context: str, end: int) -> tuple[float, float] | None:
    """The range a passage states right after a number ending at `end` ("(range, 8 to 11 days)"): (low, high),
    or None where it states none."""
    found = _RANGE_AFTER.match(context[end : end + 80])
    if not found:
        return None
    low, high = value_of(found.group("low").replace("−", "-")), value_of(found.group("high").replace("−", "-"))
    if low is None or high is None or low >= high:
        return None
    return low, high


def paired_share(context: str, start: int, end: int) -> bool:
    """The number at [start, end) stands in a count-and-share pair: a share in brackets after a count ("634
    [47.9%]"), a count in brackets after a share ("47.9% (634)"), or the inside of such brackets."""
    after, before = context[end : end + 30], context[max(0, start - 30) : start]
    is_share = context[end : end + 2].lstrip().startswith("%") or context[start:end].rstrip().endswith("%")
    if is_share:
        return bool(_COUNT_AFTER_SHARE.match(after.lstrip("%")) or _COUNT_BEFORE_SHARE.search(before))
    return bool(_SHARE_AFTER_COUNT.match(after) or _SHARE_BEFORE_COUNT.search(before))


def _tolerance(written: str) -> float:
    """Half the last written digit: what rounding to the written precision may hide ("45.9" 0.05; "98,600", rounded
    to hundreds, 50)."""
    digits = written.replace(",", "")
    if "." in digits:
        return 0.5 * 10 ** -written_decimals(written) + 1e-9
    zeros = len(digits) - len(digits.rstrip("0")) if digits.strip("0") else 0
    return 0.5 * 10**zeros + 1e-9


#: a number as a relation reads it: digits, an amount of money too ("€2,315"), a scale after it ("$137.8m", "4.2
#: million"), a share where "%" follows
_AMOUNT = re.compile(
    r"(?<![\w.,])[$€£¥]?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:[^\S\n]?(?P<scale>bn|m|k|thousand|million|billion)\b)?(?![\w])(?![.,]\d)"
)
_SCALES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "bn": 1e9, "billion": 1e9}
_PERCENT = re.compile(r"[^\S\n]*(?:%|percent\b|per[^\S\n]+cent\b)", re.IGNORECASE)
#: a label's number ("Line 1", "Site 3", "Table 2"): a small whole number right after a capitalised word
_LABEL_BEFORE = re.compile(r"\b([A-Z][a-z]*)[^\S\n]$")
#: the unit after a number: a word or a sign ("kg", "mg/L", "°C", "days"), not a joining word
_UNIT_AFTER = re.compile(r"[^\S\n]*([^\W\d_][\w/°]*|°[CF]|/\w+)")
#: words after a number that are no unit (besides `NO_UNIT`): a month, a joining word
_NOT_UNITS = frozenset(
    "on against until since from at by than per between vs versus january february march april may june july august "
    "september october november december".split()
)
#: words that say two figures are one ("both ran at", "identical", "the same", "each", "equal"): their mentions are
#: one quantity, whatever names stand before them
_EQUAL_WORDS = re.compile(r"\b(?:both|identical|same|equal(?:led|ly)?|each|alike|matched|tied)\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Amount:
    start: int
    end: int  # after the "%" of a share
    value: float
    percent: bool
    written: str
    scale: float = 1.0
    unit: str = ""  # the currency before it and the word or sign after it ("$|/t", "|mg/l", "|%"): its kind
    points: bool = False  # a change in percentage points ("3.5 points")

    @property
    def tolerance(self) -> float:
        """Half the last written digit, at the number's scale: what rounding to the written precision may hide."""
        return _tolerance(self.written) * self.scale

    @property
    def digits(self) -> int:
        """Its written digits but leading zeros ("920" 3, "250,000" 6, "5" 1): a share's or a change's operands
        need three, or their ratios match stated percentages by chance (13 / 19 = 68.4%)."""
        return len(self.written.replace(",", "").replace(".", "").lstrip("0"))

    @property
    def significant(self) -> int:
        """Its significant digits as written ("9,440" 3, "9.8" 2, "0.41" 2, "270,000" 2)."""
        digits = self.written.replace(",", "")
        if "." not in digits:
            digits = digits.rstrip("0") or "0"  # a whole number's trailing zeros are not significant ("270,000": 2)
        return len(digits.replace(".", "").lstrip("0"))


@functools.lru_cache(maxsize=1024)
def _amounts(text: str) -> tuple[_Amount, ...]:
    """The numbers of a text a relation may hold between: no year, no label's number ("Line 1", "Site 3"). Cached:
    every mention of every number swap of a passage reads the whole passage's numbers."""
    found = []
    for match in _AMOUNT.finditer(text):
        digits = match.group(1)
        if len(digits) == 4 and digits.isdigit() and 1000 <= int(digits) <= 2099 and not match.group("scale"):
            continue
        share = _PERCENT.match(text, match.end())
        bare = not share and not match.group("scale") and text[match.start()].isdigit()
        label = _LABEL_BEFORE.search(text, max(0, match.start() - 20), match.start())
        if bare and len(digits) <= 2 and label and label.group(1) not in _NO_NAME:
            continue
        scale = _SCALES[match.group("scale").casefold()] if match.group("scale") else 1.0
        value = float(digits.replace(",", "")) * scale
        end = share.end() if share else match.end()
        after = _UNIT_AFTER.match(text, end)
        word = after.group(1).casefold() if after else ""
        if word == "per":  # "$347.20 per tonne" is "$312/t"'s kind: a rate, its unit unread
            word = ""
        currency = text[match.start()] if not text[match.start()].isdigit() else ""
        unit = f"{currency}|{'%' if share else ('' if word in NO_UNIT or word in _NOT_UNITS else word)}"
        points = not share and bool(_POINTS_AFTER.match(text, end))
        found.append(_Amount(match.start(), end, value, bool(share), digits, scale, unit, points))
    return tuple(found)


#: a word that says a number is the mean of others ("averaged", "an average of", "the mean")
_MEAN_WORD = re.compile(r"\b(?:averag\w*|mean)\b", re.IGNORECASE)
#: a word that says a number is the sum of others ("a total of", "in all", "combined", "together")
_TOTAL_WORD = re.compile(r"\b(?:total\w*|in all|combined|altogether|together|sum\w*|overall)\b", re.IGNORECASE)
#: the fewest significant digits a number needs to be read as a product or quotient of two others: smaller numbers
#: are such a product by chance too often (2 x 3 = 6)
PRODUCT_DIGITS = 3


def stated_tie(context: str, start: int, end: int) -> str | None:
    """The relation the number at [start, end) takes part in with other numbers of its passage, to their written
    precision: "share" (a percentage is 100 times one number over another, each of three significant digits or
    more: "9,842 of 18,500 households ..., a response rate of 53.2%"; or the number is such a part or whole of a
    stated percentage), "change" (a percentage is the change between two numbers of one unit: "up from 1,480 to
    2,315, a rise of 56.4%"), "product" (a number is the product or the quotient of two others, credibly so:
    "58,420 admissions at £9, £525,780"; "$412.6m over 41,830 claims, $9,864 a claim"), "mean" or "total" (a run
    of consecutive numbers of its unit, a list or a table's row, averages or sums to a number stated in a sentence
    that says "average" or "total"), "difference" (a number of three significant digits or more is the difference
    of two consecutive numbers of its unit: a table's exports and imports and their deficit); None where none holds.
    A whole percentage ("24%") is read against the numbers of its own sentence only: rounded to a whole, it matches
    too many pairs of a passage by chance. A new value would break the relation."""
    found = _amounts(context)
    own = next((n for n in found if n.start <= start < n.end), None)
    if own is None or own.value <= 0:
        return None
    others = [n for n in found if n is not own and n.value > 0]

    def near(share: _Amount, numbers: list[_Amount]) -> list[_Amount]:
        if written_decimals(share.written):
            return numbers
        s_lo, s_hi = sentences_around(context, share.start, share.end)
        return [n for n in numbers if s_lo <= n.start < s_hi]

    amounts = [n for n in others if not n.percent]
    if own.percent:
        pool = near(own, amounts)
        for a in pool:
            for b in pool:
                if a is b:
                    continue
                if (
                    a.value < b.value
                    and min(a.digits, b.digits) >= PRODUCT_DIGITS
                    and abs(100 * a.value / b.value - own.value) <= own.tolerance
                ):
                    return "share"
                if (
                    a.unit == b.unit
                    and min(a.digits, b.digits) >= PRODUCT_DIGITS
                    and abs(100 * abs(a.value - b.value) / b.value - own.value) <= own.tolerance
                ):
                    return "change"
    else:
        for share in (n for n in others if n.percent):
            if own not in near(share, [own]):
                continue
            for other in near(share, amounts):
                part, whole = sorted((own.value, other.value))
                enough = min(own.digits, other.digits) >= PRODUCT_DIGITS
                if enough and part < whole and abs(100 * part / whole - share.value) <= share.tolerance:
                    return "share"
                for base in (own.value, other.value) if own.unit == other.unit and enough else ():
                    if abs(100 * abs(own.value - other.value) / base - share.value) <= share.tolerance:
                        return "change"
        if _product(own, amounts):
            return "product"
    if _points_apart(own, others):
        return "points"
    kind = [n for n in found if n.unit == own.unit and n.value > 0]
    run = _run_relation(context, own, kind)
    if run:
        return run
    if own.significant >= PRODUCT_DIGITS and not own.percent:
        for a, b in zip(amounts, amounts[1:], strict=False):
            if not a.unit == b.unit == own.unit:
                continue
            if abs(abs(a.value - b.value) - own.value) <= own.tolerance + a.tolerance + b.tolerance:
                return "difference"
    return None


#: a change in percentage points ("up 3.5 points", "a 0.3 percentage-point fall", "+1.2 pp")
_POINTS_AFTER = re.compile(r"[^\S\n]*(?:percentage[^\S\n-]*points?|points?|pp|ppt)\b", re.IGNORECASE)


def _points_apart(own: _Amount, others: list[_Amount]) -> bool:
    """Two percentages of the passage are apart by a change it states in points ("77.0%, 3.5 points above 2022's
    73.5%"), `own` one of the three."""
    shares = [n for n in others if n.percent]
    points = [n for n in others if n.points]
    if own.points:
        pairs = [(a, b) for a in shares for b in shares if a is not b]
        return any(
            abs(abs(a.value - b.value) - own.value) <= a.tolerance + b.tolerance + own.tolerance for a, b in pairs
        )
    if not own.percent:
        return False
    return any(
        abs(abs(own.value - share.value) - step.value) <= own.tolerance + share.tolerance + step.tolerance
        for share in shares
        for step in points
    )


def _run_relation(context: str, own: _Amount, kind: list[_Amount]) -> str | None:
    """`own` is the mean or the total of a run of consecutive numbers of its kind (a list, a table's row or column),
    or one of such a run: a mean stated in a sentence that says "average" or "mean", a total in one that says
    "total", "in all", "combined" ... (without such a word, runs of a list add up to its members by chance: 120 +
    180 = 300)."""
    for stated in kind:
        rest = [n for n in kind if n is not stated]
        lo, hi = sentences_around(context, stated.start, stated.end)
        is_mean = bool(_MEAN_WORD.search(context, lo, hi))
        is_total = bool(_TOTAL_WORD.search(context, lo, hi))
        if not (is_mean or is_total) or stated.significant < PRODUCT_DIGITS:
            continue  # a round mean or total ("100 metres", "40%") is met by some run of a list by chance
        for i in range(len(rest)):
            total = 0.0
            tolerance = stated.tolerance
            for j in range(i, len(rest)):
                total += rest[j].value
                tolerance += rest[j].tolerance
                length = j - i + 1
                run = rest[i : j + 1]
                if own is not stated and not any(n is own for n in run):
                    continue
                if is_mean and length >= 3 and abs(total / length - stated.value) <= stated.tolerance:
                    return "mean"
                if is_total and length >= 2 and abs(total - stated.value) <= tolerance:
                    return "total"
    return None


def _product(own: _Amount, amounts: list[_Amount]) -> bool:
    """`own` is the product or the quotient of two of `amounts`, or one of two whose product or quotient is a third
    (each read to the written precision of the result, which has at least `PRODUCT_DIGITS` significant digits)."""
    results = sorted((n for n in amounts if n.significant >= PRODUCT_DIGITS), key=lambda n: n.value)
    values = [n.value for n in results]

    def stated(value: float, *factors: _Amount) -> bool:
        i = bisect.bisect_left(values, value - max((n.tolerance for n in results), default=0.0))
        for result in results[i:]:
            if result.value - result.tolerance > value:
                return False
            if abs(result.value - value) <= result.tolerance and all(result is not n for n in factors):
                if _credible(result, *factors):
                    return True
        return False

    if own.significant >= PRODUCT_DIGITS:
        for a in amounts:
            for b in amounts:
                if (
                    a is not b
                    and _credible(own, a, b)
                    and (
                        abs(a.value * b.value - own.value) <= own.tolerance
                        or abs(a.value / b.value - own.value) <= own.tolerance
                    )
                ):
                    return True
    for other in amounts:
        if stated(own.value * other.value, own, other) or stated(own.value / other.value, own, other):
            return True
        if stated(other.value / own.value, own, other):
            return True
    return False


def _credible(result: _Amount, *factors: _Amount) -> bool:
    """A product or quotient read to `result`'s precision is no chance: the result has four significant digits or
    more, or it and its factors three or more each."""
    return result.significant >= 4 or all(n.significant >= PRODUCT_DIGITS for n in (result, *factors))
