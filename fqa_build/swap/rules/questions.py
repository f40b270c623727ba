"""Rules on the question: a swap makes one new gold answer, so the question must ask for one thing."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.asked import asked_for
from fqa_build.lexicons import grouped, word_set
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule
from fqa_build.swap.rules.count_asks import asks_misspelt_count

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

_COUNTS = frozenset("two three four five six seven eight nine ten both several".split())
_WORD = re.compile(r"[\w'-]+")
_WH = frozenset({"which", "what"})
_AUX = frozenset("is was were are did does do has have had can could would will should may might".split())


@functools.cache
def _kind_nouns() -> frozenset[str]:
    heads = {head for group in grouped("heads").values() for head in group}
    return frozenset(heads | word_set("question_nouns"))


def _singular(word: str) -> str | None:
    """The singular of a regular plural ("countries" -> "country", "churches" -> "church"), else None."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return None


def _is_count(word: str) -> bool:
    return word.casefold() in _COUNTS or (word.isdigit() and len(word) <= 2)  # "3 cities", not "2015 NFL team"


def asks_for_several(question: str) -> bool:
    """True when the question asks for more than one thing: a count after its wh-word or after "name" ("which
    two generals", "name three"), or the plural of a kind noun (fqa_build/lexicons/question_nouns.txt and the head
    words) among the three words after its wh-word ("which countries", "what other cities", "which Nobel
    prizes")."""
    words = _WORD.findall(question)
    folded = [w.casefold() for w in words]
    for i, word in enumerate(folded):
        if word in ("name", "list") and i + 1 < len(folded) and _is_count(words[i + 1]):
            return True
        if word not in _WH:
            continue
        for j in range(i + 1, min(i + 4, len(folded))):
            if folded[j] in _AUX or folded[j] == "of":
                break
            if _is_count(words[j]):
                return True
            if _singular(folded[j]) in _kind_nouns() and words[j].islower():
                return True
    return False


@rule(Stage.MENTION, Reason.QUESTION_ASKS_FOR_SEVERAL)
def question_asks_for_one(swap: Swap) -> Reason | None:
    """The question asks for one thing: where it asks for several, the new gold answer would be one of them."""
    return Reason.QUESTION_ASKS_FOR_SEVERAL if asks_for_several(swap.record.question) else None


#: "why", and "how" that asks for a manner ("how did", not "how many", "how long", "how old")
_REASON_OR_MANNER = re.compile(
    r"\b(?:why|how(?!\s+(?:many|much|long|old|far|big|large|tall|often|high|wide|deep|fast|early|late|soon)\b))\b",
    re.IGNORECASE,
)
#: the gold answer says this many words more than the matched entity: the entity is a fragment of it
FRAGMENT_WORDS = 3


@rule(Stage.MENTION, Reason.ANSWER_NOT_THE_ENTITY)
def answer_is_the_entity(swap: Swap) -> Reason | None:
    """The swapped entity is the answer: the question does not ask why or how (a reason or a manner, which no
    bare name answers; a misspelt "how many" asks for a count: `count_asks.asks_misspelt_count`), and the gold
    answer is not a longer phrase the entity is only part of ("too cold in northern Europe" for "Europe")."""
    if _REASON_OR_MANNER.search(swap.record.question) and not asks_misspelt_count(swap):
        return Reason.ANSWER_NOT_THE_ENTITY
    answer = swap.match.answer
    starts_with_entity = answer.start == swap.mention.start
    if not starts_with_entity and len(answer.text.split()) >= len(swap.original.split()) + FRAGMENT_WORDS:
        return Reason.ANSWER_NOT_THE_ENTITY
    return None


@rule(Stage.MENTION, Reason.QUESTION_KIND_MISMATCH)
def question_fits_label(swap: Swap) -> Reason | None:
    """The entity is the kind of thing the question asks for (fqa_build/asked.py): its label is one the
    wh-phrase allows ("how many gems" is not answered by a year, "when" not by a person) and, for places, its
    kind is the one the wh-phrase names ("what city" is not answered by a country)."""
    asked = asked_for(swap.record.question)
    if asked.labels is not None and swap.label not in asked.labels:
        return Reason.QUESTION_KIND_MISMATCH
    if swap.label == "GPE" and asked.kind in _PLACE_KINDS and swap.kind in _PLACE_KINDS and asked.kind != swap.kind:
        return Reason.QUESTION_KIND_MISMATCH
    return None


_PLACE_KINDS = frozenset({"city", "state", "country"})


#: "Who were ...", "What are ...": a plural verb right after the wh-word asks for several things
_PLURAL_ASK = re.compile(r"^\W*(?:who|what|which)\s+(?:were|are)\b", re.IGNORECASE)


@rule(Stage.MENTION, Reason.QUESTION_ASKS_FOR_SEVERAL)
def question_not_plural(swap: Swap) -> Reason | None:
    """The question does not open with a plural verb ("Who were special guests ...?"): its answer is several
    names, and the new gold answer would be one of them."""
    return Reason.QUESTION_ASKS_FOR_SEVERAL if _PLURAL_ASK.search(swap.record.question) else None


#: nouns a wh-phrase may name for a date or a number
_TIME_OR_NUMBER_NOUNS = frozenset(
    "year years date day days month months decade decades century centuries time period era age season seasons "
    "hour hours week weeks number amount percentage percent proportion share total size population score".split()
)
_FUNCTION = frozenset("is was were are did does do has have had can could would will the a an of in on".split())


@rule(Stage.MENTION, Reason.QUESTION_KIND_MISMATCH)
def question_noun_fits_number(swap: Swap) -> Reason | None:
    """A date or a count answers no "which building", "what type": the word after the question's which/what, where
    it is a lower-case noun, must be one that asks for a time or a number."""
    if swap.label not in ("DATE", "CARDINAL"):
        return None
    words = _WORD.findall(swap.record.question)
    for i, word in enumerate(words[:-1]):
        if word.casefold() in ("which", "what"):
            following = words[i + 1]
            if following.islower() and following not in _FUNCTION and following not in _TIME_OR_NUMBER_NOUNS:
                return Reason.QUESTION_KIND_MISMATCH
            return None
    return None
