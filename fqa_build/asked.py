"""What a question asks for: the NER labels its answer may have, the kind noun it names ("which NFL team" ->
"team") and, for dates, the part it asks about ("in what year" -> "year").

The wh-word constrains the label ("how many" asks for a count, "when" for a date, "who" for a person or a
group); the head noun of a "what/which" phrase names the kind (fqa_build/lexicons/question_kinds.tsv). Nothing is
claimed where the question does not say ("What did Tesla build?").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from fqa_build.lexicons import word_map

_WORD = re.compile(r"[\w'-]+")

NUMBER_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"})
TIME_LABELS = frozenset({"DATE", "TIME", "EVENT"})
WHO_LABELS = frozenset({"PERSON", "ORG", "NORP", "GPE"})
WHERE_LABELS = frozenset({"GPE", "LOC", "FAC", "ORG"})

#: the date parts a question asks about, by the noun it asks with ("what year", "which century")
DATE_PARTS = {
    "year": "year",
    "years": "year",
    "month": "month",
    "day": "day",
    "date": "date",
    "decade": "decade",
    "century": "century",
}
_TIME_UNITS = frozenset("year years month months week weeks day days decade decades century centuries".split())
_WH = frozenset({"what", "which"})
#: words between the wh-word and its head noun ("what NFL team", "which European country")
_SKIP_MAX = 3
#: "what is the population of", "what was the total number of": the answer is a count
_COUNT_NOUN = re.compile(r"(?:(?:is|was|are|were) )?(?:the )?(?:total |estimated |current )?(?:population|number of)\b")
_STOP = frozenset("is was were are did does do has have had can could would will should may might of".split())


@dataclass(frozen=True)
class Asked:
    """What a question asks for. `labels` is None when the question does not constrain the label."""

    labels: frozenset[str] | None = None
    kind: str | None = None  # the kind noun of the wh-phrase, normalised ("cities" -> "city")
    date_part: str | None = None  # year | month | day | date | decade | century


@functools.cache
def _kind_labels() -> dict[str, tuple[str, frozenset[str]]]:
    """noun -> (kind, labels) from question_kinds.tsv (noun<TAB>KIND:LABEL[,LABEL])."""
    table: dict[str, tuple[str, frozenset[str]]] = {}
    for noun, value in word_map("question_kinds").items():
        kind, _, labels = value.partition(":")
        table[noun] = (kind, frozenset(labels.split(",")))
    return table


def _noun_after(words: list[str], folded: list[str], i: int) -> tuple[str, str, frozenset[str]] | None:
    """The first kind noun among the few words after position i (skipping modifiers: "which NFL team")."""
    table = _kind_labels()
    for j in range(i + 1, min(i + 1 + _SKIP_MAX, len(folded))):
        if folded[j] in _STOP:
            return None
        if folded[j] in table:
            kind, labels = table[folded[j]]
            return folded[j], kind, labels
    return None


def asked_for(question: str) -> Asked:
    """What `question` asks for (see the module docstring); `Asked()` when it does not say."""
    words = _WORD.findall(question)
    folded = [w.casefold() for w in words]
    for i, word in enumerate(folded):
        nxt = folded[i + 1] if i + 1 < len(folded) else ""
        if word == "how":
            if nxt in ("many", "much"):
                unit = folded[i + 2] if i + 2 < len(folded) else ""
                if unit in _TIME_UNITS:
                    return Asked(NUMBER_LABELS | TIME_LABELS)
                return Asked(NUMBER_LABELS)
            if nxt in ("long", "old"):
                return Asked(NUMBER_LABELS | TIME_LABELS)
            continue
        if word == "when":
            return Asked(TIME_LABELS, date_part=None)
        if word in ("who", "whom", "whose"):
            return Asked(WHO_LABELS)  # "whose army" asks for the army's owner, not for an army
        if word == "where":
            return Asked(WHERE_LABELS)
        if word in _WH:
            if _COUNT_NOUN.match(" ".join(folded[i + 1 : i + 6])):
                return Asked(NUMBER_LABELS)  # "what is the population of ...": a count, never its year
            if nxt in DATE_PARTS:
                return Asked(TIME_LABELS, kind=None, date_part=DATE_PARTS[nxt])
            found = _noun_after(words, folded, i)
            if found is not None:
                noun, kind, labels = found
                return Asked(labels, kind=kind, date_part=DATE_PARTS.get(noun))
            return Asked()
    return Asked()


def asked_noun(question: str) -> str | None:
    """The kind noun of the question's wh-phrase as the question writes it, casefolded ("rivers" of "Which rivers
    flow ..."), or None."""
    words = _WORD.findall(question)
    folded = [w.casefold() for w in words]
    for i, word in enumerate(folded):
        if word in _WH:
            found = _noun_after(words, folded, i)
            return found[0] if found else None
    return None
