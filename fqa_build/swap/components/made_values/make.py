"""Made values: a number with a unit (an amount of money, a percentage, a quantity, an ordinal, a time) replaced by
a value made from it rather than drawn from the bank. Everything around the number is kept (the currency, the
scale word, the unit: "$2.5 million" -> "$3.1 million"), the number keeps its format (digits with thousands
separators, decimals of the same precision, words: "twenty percent" -> "thirty percent"; ordinals stay ordinals,
"third" -> "fifth", "3rd" -> "5th"; a time of day stays one, "4:30 p.m." -> "6:30 p.m."), its magnitude stays
within a modest factor, never equal (the rewrite makes the article before it fit: "an 8%" -> "a 5%"). How a
value is written and read is formats.py.

What the passage states about the value is kept by the choice of the value: the new value stands on the same
side of every other value of its kind (same unit and scale) the passage names, and of a range's other end
("from $5 million to $8 million", "between 3 and 5 km", "more than the 40% of"), so ranges, rises and
comparisons stay true; what no choice can keep (a sum, a factor, a restatement) the rules of
rules.py refuse."""

from __future__ import annotations

import functools
import math
import re
from typing import TYPE_CHECKING

from fqa_build.hashing import rng_for
from fqa_build.reasons import Reason
from fqa_build.swap.components import MadeValues
from fqa_build.swap.components.made_values import VALUE_TYPES
from fqa_build.swap.components.made_values.formats import (
    DIGITS,
    MAX_WORDS,
    Value,
    number_words,
    numbers_in,
    numeric,
    parse_value,
    unit_text,
)
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.replacement import made_entry
from fqa_build.swap.rewriting.conversions import Restatement, convert, restatements, written_like
from fqa_build.text import find_whole_word
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

__all__ = ["candidates", "made_values", "make_value", "numbers_in", "parse_value"]


def _factor_window(value: float, decimals: int) -> tuple[float, float]:
    """The magnitudes a value may move to: within a factor of about 1.6, of 2 or 3 for the smallest whole
    numbers."""
    if value < 10 and not decimals:
        return max(1.0, value / 2), value * 2 if value > 2 else 3.0
    return value / 1.6, value * 1.6


def _digits_written(number: int, decimals: int, grouped: bool) -> str:
    """`number` (the value times 10**decimals) written with `decimals` decimals, thousands grouped or not."""
    whole, part = divmod(number, 10**decimals) if decimals else (number, 0)
    text = f"{whole:,}" if grouped else str(whole)
    return f"{text}.{part:0{decimals}d}" if decimals else text


def candidates(value: Value) -> list[str]:
    """The numbers a value may become, as written: the same format, a plausible magnitude, never equal, the
    article before it unchanged (ordered, so a seeded choice is deterministic)."""
    style, old = value.style, value.value
    out: list[str] = []
    if style == "clock":
        hour, minute = divmod(int(old), 60)
        has_half = re.search(r"[aApP]\.?[^\S\n]?[mM]", value.after) is not None
        for step in (-3, -2, -1, 1, 2, 3):
            new = hour + step
            if has_half and (new // 12 != hour // 12 or not 0 <= new < 24) or not 0 <= new < 24:
                continue
            shown = (new % 12 or 12) if has_half else new
            width = 2 if value.number.startswith("0") else 1
            text = f"{shown:0{width}d}" + (f":{minute:02d}" if ":" in value.number else "")
            out.append(text)
        return out
    if style.startswith("ordinal"):
        # a rank moves up the field, never past its end (a third of three networks is no sixth); a first or a
        # second moves down one or two places
        low, high = (int(old) + 1, int(old) + 2) if old <= 2 else (max(2, int(old) - 3), int(old) - 1)
        for new in range(low, high + 1):
            if new == old:
                continue
            if style == "ordinal_words":
                if new > MAX_WORDS:
                    continue
                out.append(_cased(number_words(new, True), value.number))
            else:
                out.append(f"{new}{_suffix(new)}")
        return out
    low, high = _factor_window(old, value.decimals)
    if re.match(r"[^\S\n]+[^\W\d]", value.after) and value.scale == 1:
        if old == 1:
            return []  # "1 metre": no other number agrees with the singular unit
        low = max(low, 1.5)  # nor does the plural unit with 1
    if value.unit.endswith("|percent") and old <= 100:
        high = min(high, 99.9)  # a share stays a share
    hours = re.match(r"[^\S\n]*o['’]clock", value.after) is not None
    if hours:
        low, high = max(low, 1), min(high, 12)
    if style == "words":
        pool = range(max(1, math.ceil(low)), min(MAX_WORDS, math.floor(high)) + 1)
        round_tens = old >= 20 and old % 10 == 0
        texts = [_cased(number_words(n), value.number) for n in pool if n != old and (n % 10 == 0) == round_tens]
        return texts
    decimals = value.decimals
    scaled = round(old * 10**decimals)
    digits = len(str(int(old)))
    zeros = 0 if decimals else len(str(scaled)) - len(str(scaled).rstrip("0"))
    zeros = 0 if hours else min(zeros, digits - 1)  # "10 o'clock" is an hour, not a round ten
    grouped = grouped_like = "," in value.number or digits >= 5 and "," in value.number
    written = _run(scaled, decimals, digits, 10**zeros, low, high)
    if zeros:  # and the half-tens ("10%" -> "15%", "$200 million" -> "$250 million"), as round as the original
        written = sorted(set(written) | set(_run(scaled, decimals, digits, 5 * 10 ** (zeros - 1), low, high)))
    return [_digits_written(new, decimals, grouped or grouped_like) for new in written]


def _run(scaled: int, decimals: int, digits: int, step: int, low: float, high: float) -> list[int]:
    """The multiples of `step` in the window (`low`, `high`, as values) that are not the original `scaled` (the value
    times 10**decimals), not rounder than it, of its digits before the point, and no decimal ending in 0 where
    its own does not."""
    first, last = math.ceil(low * 10**decimals / step), math.floor(high * 10**decimals / step)
    stride = (last - first) // 400 + 1 if last - first > 400 else 1  # a long run: every how-many-th
    rounder = step * 10 if step > 1 else 0
    out = []
    for m in range(first, last + 1, stride):
        new = m * step
        if new == scaled or new <= 0 or rounder and new % rounder == 0 and scaled % rounder:
            continue
        if decimals and scaled % 10 and new % 10 == 0:
            continue  # "2.5" does not become "3.0"
        if len(str(new // 10**decimals)) != digits:
            continue
        out.append(new)
    return out


def _cased(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


@hook(Hook.MAKE, MadeValues)
def make_made_value(swap: Swap) -> BankEntry | Reason | None:
    """A number with a unit's made value."""
    return make_value(swap) if swap.label in VALUE_TYPES else None


def make_value(swap: Swap) -> BankEntry | Reason:
    """The made value for the swap's mention, or `Reason.NO_CANDIDATE` where none can be made (the rules
    `value_is_one_number` and `value_keeps_its_place` name why before the draw). The restatements in brackets
    it converts become the swap's short forms, rewritten with it."""
    fits = made_values(swap) or ()
    if not fits:
        return Reason.NO_CANDIDATE
    rng = rng_for(swap.config.seed, swap.record.id, "value")
    new, rewrites = fits[rng.randrange(len(fits))]
    swap.short_forms = list(rewrites)
    return made_entry(parse_value(swap.original, swap.label).written(new), swap.label, swap.kind, "made_value")


def made_values(swap: Swap) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...] | None:
    """Each number the swap's value may become, with the rewrites of its restatements in brackets: candidates
    (see `candidates`) that keep its place among the values of its kind the passage names (`bounds`) and whose
    restatements can state them; None where a restatement cannot be converted at all (`conversions`), () where
    the mention writes no single number or no candidate fits. Computed once per (passage, value)."""
    return _made_values(swap.context, swap.original, swap.label, swap.info.entities)


@functools.lru_cache(maxsize=4096)
def _made_values(context: str, original: str, label: str, entities: tuple) -> tuple | None:
    value = parse_value(original, label)
    if value is None:
        return ()
    spans = tuple(find_whole_word(context, original))
    restated = _restatements(context, spans, value)
    if restated is None:
        return None
    lowest, highest = bounds(context, spans, label, entities, value)
    fits = []
    for text in candidates(value):
        if lowest < value.amount_of(text) < highest:
            rewrites = conversions(context, restated, value, text)
            if rewrites is not None:
                fits.append((text, tuple(rewrites)))
    return tuple(fits)


#: any bracket beside a value holding a number: a restatement, converted or refused
_ANY_BRACKET_AFTER = re.compile(r"[^\S\n]*\([^()\n]*\d")
_ANY_BRACKET_BEFORE = re.compile(r"\d[^()\n]*\([^()\d\n]*$")


def _restatements(context: str, spans: tuple[tuple[int, int], ...], value: Value) -> list[Restatement] | None:
    """The bracketed restatements of the value in another unit beside its mentions ("6 miles (9.7 km)"), each in
    a unit the conversions know and agreeing with the original within 10%; None where a bracket beside it
    restates it in a form no conversion gives ("96.26% (or 300,794,157 Americans)", "(12 furlongs)")."""
    found_all: list[Restatement] = []
    unit = unit_text(value)
    for start, end in spans:
        found = restatements(context, start, end)
        if value.style not in ("digits", "words") and found:
            return None
        if _ANY_BRACKET_AFTER.match(context, end) and not any(r.start >= end for r in found):
            return None
        if _ANY_BRACKET_BEFORE.search(context[max(0, start - 30) : start]) and not any(r.end <= start for r in found):
            return None
        for restatement in found:
            stated = float(restatement.number.replace(",", ""))
            old = convert(value.value * value.scale, unit, restatement.unit)
            if old is None or not stated or abs(old - stated) > 0.1 * stated:
                return None
        found_all += found
    return found_all


def conversions(context: str, restated: list[Restatement], value: Value, new: str) -> list[tuple[str, str]] | None:
    """The (old, new) rewrites of the value's restatements (`_restatements`) for the new number `new`, each
    written with its own precision; None where a restatement's precision cannot state the new amount (within
    5%)."""
    pairs: list[tuple[str, str]] = []
    unit = unit_text(value)
    amount = numeric(new, value.style) * value.scale
    for found in restated:
        converted = convert(amount, unit, found.unit)
        text = written_like(converted, found.number) if converted is not None else None
        back = convert(float(text.replace(",", "")), found.unit, unit) if text is not None else None
        if back is None or abs(back - amount) > 0.05 * amount:
            return None
        whole = context[found.start : found.end]
        renewed = text + whole[len(found.number) :]
        if renewed != whole and (whole, renewed) not in pairs:
            pairs.append((whole, renewed))
    return pairs


#: a range's other end beside a value: "3 to", "between 3 and", "from 5% to", "– 12"
_RANGE_END_BEFORE = re.compile(
    rf"(?P<n>{DIGITS})[^\S\n]*(?:%|percent|per cent)?[^\S\n]*(?:–|-|—|to|and|or)[^\S\n]*[$£€¥]?[^\S\n]*$"
)
_RANGE_END_AFTER = re.compile(rf"[^\S\n]*(?:–|-|—|to|and|or)[^\S\n]+(?:as \w+ as[^\S\n]+)?[$£€¥]?(?P<n>{DIGITS})")


def bounds(
    context: str, spans: tuple[tuple[int, int], ...], label: str, entities: tuple, value: Value
) -> tuple[float, float]:
    """(lowest, highest): the open interval the new amount must fall in to stand where the original stood among
    the other values of its kind the passage names (NER mentions of its label with its unit), and the other end
    of a range it bounds ("3 to 5 km": the bare "3" read with the value's unit and scale)."""
    mine = value.amount
    lowest, highest = -math.inf, math.inf
    restated = [(r.start, r.end) for s, e in spans for r in restatements(context, s, e)]
    others: list[float] = []
    for start, end, other_label in entities:
        if other_label != label or any(start < e and s < end for s, e in (*spans, *restated)):
            continue  # the value itself, and its restatements in brackets (converted with it)
        other = parse_value(context[start:end], label)
        if other is None or other.unit != value.unit:
            continue
        others.append(other.amount)
    for start, end in spans:
        before = _RANGE_END_BEFORE.search(context[max(0, start - 24) : start])
        after = _RANGE_END_AFTER.match(context, end)
        for found in (before, after):
            if found is not None and value.style in ("digits", "words"):
                others.append(float(found.group("n").replace(",", "")) * value.amount / value.value)
    for other in others:
        if other < mine:
            lowest = max(lowest, other)
        elif other > mine:
            highest = min(highest, other)
        else:
            return mine, mine  # another value of its kind equals it: no new value keeps both
    return lowest, highest
