"""The rule that a swapped count answers a question that asks for a number: "how many", "the number of", "what
is the height of", not "what is the name of the fund" (a number in a name: "the 50 fund") nor "what did he do"
(the count is only part of the answer)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a question that asks for an amount: "how many", "how much", "how long", "the number of", "a population"
_ASKS_AMOUNT = re.compile(
    r"\bhow[^\S\n]+(?:many|much|large|big|long|far|old|tall|wide|deep|high|heavy|fast|often|small|low|hot|cold)\b|"
    r"\b(?:number|amount|count|total|population|quantity|percentage|figure|estimate|size|than[^\S\n]+what)\b",
    re.IGNORECASE,
)
#: "what is the height of ...", "what was Tesla's monthly salary": a measure the answer states
_ASKS_MEASURE = re.compile(
    r"\b(?:what|which)[^\S\n]+(?:is|was|are|were)[^\S\n]+(?:the[^\S\n]+|an?[^\S\n]+|[\w'’-]+['’]s[^\S\n]+)?"
    r"(?:[\w-]+[^\S\n]+){0,3}?(?:height|length|width|depth|area|temperature|speed|rate|duty|salary|wage|cost|price|"
    r"value|score|weight|mass|biomass|density|pressure|enrollment|enrolment|capacity|distance|age|frequency|"
    r"ratio|limit|threshold|budget|revenue|income|attendance|record|margin|lead|yield|output|volume|diameter|"
    r"radius|altitude|elevation|voltage|power|energy|dose|concentration|share|reach)s?\b",
    re.IGNORECASE,
)


#: "how many" misspelt ("How man volumes ...", "About many students ...", "Approximately how books ...")
MISSPELT_HOW_MANY = re.compile(
    r"\bhow[^\S\n]+man\b|^\W*about[^\S\n]+many\b|"
    r"\b(?:approximately|about|roughly|around|nearly)[^\S\n]+how[^\S\n]+[a-z]+s\b",
    re.IGNORECASE,
)


def asks_misspelt_count(swap: Swap) -> bool:
    """True where a count is asked by a misspelt "how many" and the policy reads it as one
    (`count_questions_past_typos`)."""
    return (
        MISSPELT_HOW_MANY.search(swap.record.question) is not None
        and swap.label == "CARDINAL"
        and swap.policy.offers("questions_past_typos")
    )


@rule(Stage.MENTION, Reason.QUESTION_KIND_MISMATCH, after="answer_is_the_entity")
def question_asks_a_number(swap: Swap) -> Reason | None:
    """A count is swapped only where the question asks for a number: an amount ("how many", "the number of",
    "more than what", or misspelt: `asks_misspelt_count`) or a measure ("what is the height of"); a question
    that asks for a name, a season or what someone did is answered by more than the count."""
    if swap.label != "CARDINAL":
        return None
    question = swap.record.question
    if _ASKS_AMOUNT.search(question) or _ASKS_MEASURE.search(question) or asks_misspelt_count(swap):
        return None
    return Reason.QUESTION_KIND_MISMATCH
