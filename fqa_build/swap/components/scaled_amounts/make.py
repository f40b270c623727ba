"""Scaled amounts: an amount of money or a measured quantity is swapped by moving every amount of its dimension in
the passage by one exact factor (fqa_build/facts/dimensions.py reads them). The factor is drawn from those of the
component's modest factors that keep every amount's written decimals, by a stable hash of the seed and the record
(its whole fallback factor where none does); the
replacement is the mention with its number scaled, and the other amounts are rewritten with it (`REWRITE`): the
mentions of the original's string that are amounts of its dimension, and every partner amount's digits."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from fqa_build.facts.arithmetic import Reading, broken_by, exact_places, figures, is_rate, relations
from fqa_build.facts.dimensions import CURRENCY_WORDS, Amount, amounts, read_unit
from fqa_build.facts.figures import COUNT
from fqa_build.facts.partners import restatements
from fqa_build.facts.scaling import converted, exact_factor, groups_thousands, rounds_closely, scaled
from fqa_build.hashing import rng_for
from fqa_build.reasons import Reason
from fqa_build.swap.components import ScaledAmounts
from fqa_build.swap.components.stated_arithmetic.rules import reading_of
from fqa_build.swap.hooks import Hook, Rewritten, hook, narrowed
from fqa_build.swap.replacement import made_entry
from fqa_build.text import find_whole_word
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def _factor(swap: Swap) -> Scale | None:
    """The factor the swap moves its amounts by, and whether each moved number is rounded to its last written digit
    (the same for every call on one swap); None where it moves alone or its mention writes its number in a way it
    cannot scale."""
    if "scaled_amounts" in swap.memo:
        return swap.memo["scaled_amounts"]
    scale = None
    own = _own(swap)
    params = swap.policy.get(ScaledAmounts)
    if swap.scale_partners and own is not None and params is not None:
        written = [own.written, *(a.written for a in swap.scale_partners)]
        modest = [Fraction(str(f)) for f in params.factors]  # 1.2 is 6/5, not its float
        exact = exact_factor(written, modest)
        rng = rng_for(swap.config.seed, swap.record.id, "scale")
        drawn = rng.randrange(len(exact)) if exact else 0
        scale = Scale(exact[drawn] if exact else Fraction(str(params.fallback)), False)
        if swap.policy.offers("stated_arithmetic_kept"):
            tried = (
                *(Scale(f, False) for f in (*exact[drawn:], *exact[:drawn], Fraction(str(params.fallback)))),
                *(Scale(f, True) for f in sorted(modest) if rounds_closely(written, f)),
            )
            scale = next((s for s in tried if _keeps_arithmetic(swap, own, s)), scale)
    swap.memo["scaled_amounts"] = scale
    return scale


@dataclass(frozen=True)
class Scale:
    """How a swap's amounts move: times `factor`, and `rounded` to their last written digit where it is not exact
    for all of them."""

    factor: Fraction
    rounded: bool

    def of(self, written: str, grouped: bool) -> str:
        """`written` moved."""
        return scaled(written, self.factor, grouped, self.rounded)


def _keeps_arithmetic(swap: Swap, own: Amount, scale: Scale) -> bool:
    """Whether every relation the passage states among its figures still holds, to their written digits, once the
    moved amounts are scaled (a factor under 1 shrinks what rounding hid; one over 1 may stretch it past the last
    written digit, and rounding moves a figure by up to half of it)."""
    written = _moved_written(swap, own, scale, False)
    reading = reading_of(swap)
    moved = {f.start: written[f.start] for f in figures(swap.context, reading) if f.start in written}
    return not broken_by(swap.context, moved, reading)


def _value(amount: Amount, written: str) -> float:
    """The amount's value (in base units) once its number is written so."""
    return amount.value * float(written.replace(",", "")) / float(amount.written.replace(",", ""))


def _moved_written(swap: Swap, own: Amount, scale: Scale, grouped: bool) -> dict[int, str]:
    """Each moved amount's new number, by its start: scaled, but where the passage's arithmetic is kept, a restatement
    in another unit of a moved amount converted from what it restates ("22 miles (35 km)" doubled: "44 miles (71
    km)", not "(70 km)")."""
    moved = (own, *swap.scale_partners)
    out = {a.start: scale.of(a.written, grouped) for a in moved}
    if not swap.policy.offers("stated_arithmetic_kept"):
        return out
    restating = restatements(swap.context, moved)
    for start, restated in restating.items():
        a = next(m for m in moved if m.start == start)
        if a is own:
            continue
        written = converted(_value(restated, out[restated.start]), a, grouped)
        if written is not None:
            out[start] = written
    reading = reading_of(swap)
    if reading.exact_figures:
        out.update(_worked_out(swap.context, moved, out, grouped, reading, own.start))
    return out


def _worked_out(
    text: str, moved: tuple[Amount, ...], out: dict[int, str], grouped: bool, reading: Reading, own: int = -1
) -> dict[int, str]:
    """The averages and rates the passage works out from a moved total and a count or time that stays, worked out again
    from them at their written decimals, rather than scaled ("£7.9m ... 318,000 complaints, an average of £24.84"
    doubled: £15.8m is £49.69 a complaint, not the £49.68 doubling gives), the one the question asks about among
    them."""
    found = figures(text, reading)
    by_start = {a.start: a for a in moved}
    worked = {}
    for relation in relations(text, reading):
        if relation.kind != "product":
            continue
        places = exact_places(relation, found, slack=False, whole=reading.whole_counts)
        total = (
            _total_worked_out(found, relation, by_start, out, grouped, own)
            if reading.whole_counts and places[2]
            else {}
        )
        worked.update(total)
        for k in () if total else (0, 1):
            average, other, total = found[relation.figures[k]], found[relation.figures[1 - k]], found[relation.result]
            if not ((average.averaged or is_rate(average)) and places[k] and average.start in by_start):
                continue
            if other.start in out or total.start not in out:
                continue  # the count moved too, or the total stays: scaling keeps it
            new_total = total.value * float(out[total.start].replace(",", "")) / float(total.written.replace(",", ""))
            amount = by_start[average.start]
            written = converted(amount.value * (new_total / other.value) / average.value, amount, grouped)
            if written is not None:
                worked[average.start] = written
    return worked


def _total_worked_out(
    found: tuple, relation, by_start: dict[int, Amount], out: dict[int, str], grouped: bool, own: int = -1
) -> dict[int, str]:
    """A product's total the passage works out from its two factors ("71 laps of 4.309 km, a total distance of 305.9
    km"), worked out again from the factor that moved and the one that stays ("8.618 km ... 611.9 km", not the
    doubled "611.8"), where the total moved with its factor and, scaled, neither it nor the moved factor is what the
    other two give to its last digit (a count that stays is of whole things: "70.99 laps" is none). An average or a
    rate among the factors is worked out of the total instead, but where it is the swapped amount (`own`)."""
    factors = [found[i] for i in relation.figures[:2]]
    total = found[relation.result]
    moved = [f for f in factors if f.start in out]
    if total.start not in out or total.start not in by_start or len(moved) != 1:
        return {}
    if any((f.averaged or is_rate(f)) and f.start != own for f in factors):
        return {}  # an average or a rate is what a reader works out of the total, unless the swap set it
    factor, other = moved[0], next(f for f in factors if f is not moved[0])
    new = factor.value * float(out[factor.start].replace(",", "")) / float(factor.written.replace(",", ""))
    scaled = total.value * float(out[total.start].replace(",", "")) / float(total.written.replace(",", ""))
    if (
        abs(scaled / other.value - new) <= factor.rounding
        or other.dimension != COUNT
        and abs(scaled / new - other.value) <= other.rounding
        or abs(new * other.value - scaled) <= total.rounding
    ):
        return {}  # the scaled figures still agree as written: scaling keeps it
    written = converted(new * other.value, by_start[total.start], grouped)
    return {total.start: written} if written is not None else {}


def _own(swap: Swap):
    """The amount the mention writes, where its digits lie inside the mention."""
    start, end = swap.mention.start, swap.mention.end
    return next((a for a in amounts(swap.context) if start <= a.start and a.end <= end), None)


#: a scale or unit written onto the digits ("£3.6m", "33.7m", "40p"): rewritten with them, as one word
_GLUED = re.compile(r"[A-Za-zµ°²³]*")


#: a unit word after a number of one ("1.0 cent lower", "1 tonne"), singular as its number was
_SINGULAR_AFTER = re.compile(r"[^\S\n](?P<word>[a-z]+)\b")
#: plurals no "s" makes, and words that are their own plural
_IRREGULAR = {"penny": "pence", "foot": "feet", "inch": "inches", "krona": "kronor", "krone": "kroner"}
_OWN_PLURAL = frozenset({"yen", "yuan", "rand", "renminbi", "p", "pence", "sterling", "baht", "won"})
#: an article before the number: the unit is a noun's attribute ("a 1 tonne truck", "the 1 krona coin"), no plural
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the)[^\S\n]+(?:[$€£¥₹][^\S\n]?)?$", re.IGNORECASE)


def _unit_after(text: str, amount: Amount, written: str) -> tuple[int, str]:
    """Where the rewrite of an amount ends and what it writes after the new digits: a scale or unit glued to them
    ("£3.6m"), and the unit word after them made plural where the number was one and no longer is ("1.0 cent lower"
    doubled: "2.0 cents lower")."""
    glued = _GLUED.match(text, amount.end).end()
    word = _SINGULAR_AFTER.match(text, glued)
    if word is None or float(amount.written.replace(",", "")) != 1 or float(written.replace(",", "")) == 1:
        return glued, text[amount.end : glued]
    singular = word.group("word")
    unit = singular in CURRENCY_WORDS or read_unit(singular) is not None
    if (
        singular not in _IRREGULAR
        and (singular.endswith("s") or not unit or len(singular) <= 3 or singular in _OWN_PLURAL)
        or _ARTICLE_BEFORE.search(text, max(0, amount.start - 12), amount.start)
    ):  # "2 kg", "2 yen", "a 2 tonne truck": no plural
        return glued, text[amount.end : glued]
    return word.end(), text[amount.end : word.start("word")] + _IRREGULAR.get(singular, singular + "s")


def _grouped(swap: Swap) -> bool:
    return groups_thousands(swap.context)


@hook(Hook.MAKE, ScaledAmounts)
def make_scaled(swap: Swap) -> BankEntry | Reason | None:
    """The mention with its number times the swap's factor ("£468" -> "£936"); None where the swap moves alone."""
    scale = _factor(swap)
    own = _own(swap)
    if scale is None or own is None:
        return None
    at, to = own.start - swap.mention.start, own.end - swap.mention.start
    new = swap.original[:at] + _moved_written(swap, own, scale, _grouped(swap))[own.start] + swap.original[to:]
    return made_entry(new, swap.label, swap.kind, "scaled_amount")


@hook(Hook.REWRITE, ScaledAmounts)
def rewrite_partners(swap: Swap, rewritten: Rewritten) -> Rewritten:
    """The partner amounts are rewritten with the mention, and of the original's other mentions only those that are
    amounts of its dimension ("468 households" stays where "£468" doubles)."""
    scale = _factor(swap)
    if scale is None:
        return rewritten
    moved = (*swap.scale_partners, _own(swap))
    mentions = tuple(find_whole_word(swap.context, swap.original))
    own_mentions = tuple(m for m in mentions if any(m[0] <= a.start and a.end <= m[1] for a in moved))
    grouped = _grouped(swap)
    written = _moved_written(swap, _own(swap), scale, grouped)
    partners = tuple(
        (a.start, end, written[a.start] + after)
        for a in swap.scale_partners
        if not any(m[0] < a.end and a.start < m[1] for m in mentions)
        for end, after in [_unit_after(swap.context, a, written[a.start])]
    )
    dependents, only = rewritten
    return (*dependents, *partners), narrowed(only, own_mentions)
