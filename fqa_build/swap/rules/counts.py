"""Rules on swapped numbers that the text reads again: a count of items the text lists ("three meals:
breakfast, lunch and supper"), a count against a range of numbered types ("Type I – IV"), and an article that
must change with the number ("a 1875 vote" -> "an 1876 vote")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.facts.count_lists import lists_as_many
from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import value_of

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a list of three or more short items: "breakfast, lunch and supper", "Sackler, Busch-Reisinger, and Fogg"
_LIST = re.compile(r"(?:[\w'’-]+(?:\s+[\w'’-]+){0,3}\s*,\s*){1,}(?:and\s+|or\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,3}")
#: two items joined by "and"/"or" ("the outer and inner membranes")
_PAIR = re.compile(r"\b[\w'’-]+\s+(?:and|or)\s+[\w'’-]+\b")
_ROMAN_RANGE = re.compile(r"\b[IVX]+\s*(?:–|-|—|to)\s*[IVX]+\b")
#: the counts a list can be checked against
MAX_LISTED = 12


def _items(match: str) -> int:
    return (
        match.count(",")
        + (1 if re.search(r"\b(?:and|or)\s+[\w'’-]+(?:\s+[\w'’-]+){0,3}$", match) else 0)
        + 1
        - (1 if re.search(r",\s*(?:and|or)\s", match) else 0)
    )


@rule(Stage.REWRITE, Reason.NUMBER_COUNTS_A_LIST)
def count_not_listed(swap: Swap) -> Reason | None:
    """A small count is not swapped where its sentence or the next one lists as many items ("three meals ...
    breakfast, lunch and supper"; two: "the outer and inner membranes") or a range of numbered types ("five
    classes (Type I – IV)"). Under a policy whose counts keep their relations, a count of two is held only by the
    two counted things told apart (`relations.lists_as_many`), not by any "X and Y"."""
    if swap.label != "CARDINAL":
        return None
    count = value_of(swap.original)
    if count is None or count != int(count) or not 2 <= count <= MAX_LISTED:
        return None
    for start, end in swap.rewrite.mention_old_spans:
        lo, hi = sentences_around(swap.context, start, end, after=1)
        window = swap.context[lo:hi]
        if _ROMAN_RANGE.search(window):
            return Reason.NUMBER_COUNTS_A_LIST
        if swap.policy.offers("counts_keep_relations") and lists_as_many(count, swap.context, start, end):
            return Reason.NUMBER_COUNTS_A_LIST
        if swap.policy.offers("counts_keep_relations") and count == 2:
            continue  # any "X and Y" is no list of two: only the counted things told apart are (above)
        if count == 2 and _PAIR.search(window):
            return Reason.NUMBER_COUNTS_A_LIST
        if any(_items(m.group()) == count for m in _LIST.finditer(window)):
            return Reason.NUMBER_COUNTS_A_LIST
    return None


#: "a" before a number said with a vowel sound: 8, 11, 18, 80-89, 800-899, 8000-..., 1100s, 1800s
_A_BEFORE_VOWEL_NUMBER = re.compile(r"\b[aA]\s+(?=(?:8|11|18)\d*\b)")


@rule(Stage.REWRITE, Reason.ARTICLE_MISMATCH)
def article_fits_number(swap: Swap) -> Reason | None:
    """No "a" is left before a new number said with a vowel sound ("a 1876 vote", "a 8-year term")."""
    if swap.label not in ("DATE", "CARDINAL"):
        return None
    text = swap.rewrite.text
    for start, _ in swap.rewrite.new_spans:
        if _A_BEFORE_VOWEL_NUMBER.search(text, max(0, start - 3), start + 2):
            return Reason.ARTICLE_MISMATCH
    return None


_ENUMERATORS = re.compile(r"\b(?:First|Second|Third|Fourth|Fifth|Sixth|Lastly|Finally)(?:ly)?\b,?")


@rule(Stage.REWRITE, Reason.NUMBER_COUNTS_A_LIST)
def count_not_enumerated(swap: Swap) -> Reason | None:
    """A small count is not swapped where the text, anywhere, lists as many items ("eight cathedrals" and three
    named ones later on) or enumerates as many points ("First, ... Second, ... Lastly"); under a policy whose
    counts keep their relations, only the enumerated points (the count's own list is `count_not_listed`'s)."""
    if swap.label != "CARDINAL":
        return None
    count = value_of(swap.original)
    if count is None or count != int(count) or not 2 <= count <= MAX_LISTED:
        return None
    if len(_ENUMERATORS.findall(swap.context)) == count:
        return Reason.NUMBER_COUNTS_A_LIST
    if swap.policy.offers("counts_keep_relations"):
        return None  # a list elsewhere counts other things; `count_not_listed` reads the count's own list
    if any(_items(m.group()) == count for m in _LIST.finditer(swap.context)):
        return Reason.NUMBER_COUNTS_A_LIST
    return None


#: a number used as a name: a citation ("268 U.S. 652"), a catalogue or route number ("BWV 80", "No. 5")
_IDENTIFIER_AFTER = re.compile(r"[^\S\n]+(?:[A-Z]\.){1,3}[^\S\n]*\d|[^\S\n]+[A-Z]\.\d")
_IDENTIFIER_BEFORE = re.compile(
    r"\b(?:No\.|Nos\.|number|Number|Patent|patent|Volume|Vol\.|vol\.|Route|Highway|Interstate|BWV|Op\.)[^\S\n]*$"
)


#: a decimal before its scale word counts whole things ("4.5 million objects", "2.666 million residents")
_SCALED_DECIMAL = re.compile(r"\d{1,3}\.\d{1,3}[^\S\n]+(?:thousand|million|billion|trillion)", re.IGNORECASE)


@rule(Stage.MENTION, Reason.NUMBER_NOT_A_COUNT)
def number_is_a_count(swap: Swap) -> Reason | None:
    """A CARDINAL is swapped only where it counts: not a decimal measure read against others ("3.07 people per
    household" beside "3.62 per family") and not a number used as a name ("268 U.S. 652", "Patent 1,655,114");
    under `count_scaled_decimals` a decimal before its scale word ("4.5 million objects") counts."""
    if swap.label != "CARDINAL":
        return None
    if re.search(r"\d\.\d", swap.original) and not (
        swap.policy.offers("scaled_decimals") and _SCALED_DECIMAL.fullmatch(swap.original)
    ):
        return Reason.NUMBER_NOT_A_COUNT
    for start, end in ((swap.mention.start, swap.mention.end),):
        if _IDENTIFIER_AFTER.match(swap.context, end) or _IDENTIFIER_BEFORE.search(
            swap.context[max(0, start - 16) : start]
        ):
            return Reason.NUMBER_NOT_A_COUNT
    return None
