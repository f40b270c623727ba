"""Rules on an organisation classed by its text and made anew (swap/components/composed_names/organisations.py):
nothing the text
says of it may still name the original, in a form the rewrite does not take over. They run at stage `MADE`,
before the replacement is made."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import fold, place
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.components import OrganisationClasses
from fqa_build.swap.components.composed_names.organisations import team_place_alone
from fqa_build.swap.components.composed_names.patterns import SCOPE_WORDS
from fqa_build.swap.components.organisation_classes.make import (
    ACRONYM,
    ASKS_BUSINESS,
    acronym_pair,
    bare_parts,
    classed,
    expansion_spelled,
    stopwords,
    tail_split,
)
from fqa_build.swap.rule import Stage, rule
from fqa_build.text import contains_whole_word, find_whole_word

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: what makes a place named alone a place, not the team: a longer name or a pair around it, a preposition of place
_PLACE_BEFORE = re.compile(
    r"(?:(?:\b(?:in|of|at|from|near|across|throughout|to|into|state|State)|[A-Z][\w.]*|,)\s+|[/–-]\s*)$"
)
_PLACE_AFTER = re.compile(r"(?:\s+[A-Z]|,\s+[A-Z][a-z]+\b(?!\s+[a-z])|\s*[/–-]\s*[A-Z])")


@rule(Stage.MADE, Reason.ACRONYM_LEFT)
def org_expansion_not_spelled(swap: Swap) -> Reason | None:
    """A classed organisation named by an acronym is not spelled out in the text or the question ("Columbia
    Broadcasting System" beside "CBS"): the made acronym would leave the name it stands for behind."""
    acronym = _acronym_of(swap)
    if acronym is None:
        return None
    if expansion_spelled(swap.context, acronym) or expansion_spelled(swap.record.question, acronym):
        return Reason.ACRONYM_LEFT
    return None


def _acronym_of(swap: Swap) -> str | None:
    """The acronym a classed organisation is named by, alone or before its tail ("ABC" of "ABC Radio")."""
    if not classed(swap) or swap.kind == "acronym_pair":
        return None
    tail = tail_split(swap.original, swap.policy.uses(OrganisationClasses, "by_question"))
    acronym = tail[0] if tail is not None else swap.original
    return acronym if ACRONYM.match(acronym) else None


@rule(Stage.MADE, Reason.SHORT_FORM_LEFT)
def team_place_stands_for_team(swap: Swap) -> Reason | None:
    """Where a team named after a state or region ("Carolina Panthers") is made a town's, the place named alone
    stands for the team ("Carolina's defense"), never for the place or another team ("in Arizona", "North
    Carolina", "Phoenix, Arizona", "New York/San Francisco Giants"): it is rewritten to the town with the team."""
    if not classed(swap) or swap.kind != "region_team":
        return None
    for start, end in team_place_alone(swap):
        if _PLACE_BEFORE.search(swap.context[max(0, start - 40) : start]) or _PLACE_AFTER.match(swap.context, end):
            return Reason.SHORT_FORM_LEFT
    return None


@rule(Stage.MADE, Reason.ORIGINAL_WORD_LEFT)
def org_acronym_not_inside_word(swap: Swap) -> Reason | None:
    """The acronym of a classed organisation (or the acronym its name starts with, "ABC Radio") is not written
    inside a longer word of the text ("WABC-TV", "KABC" of "ABC"): the rewrite would leave it there."""
    acronym = _acronym_of(swap)
    if acronym is None:
        return None
    inside = re.compile(rf"[^\W\d_]{acronym}|{acronym}[^\W\d_]")
    return Reason.ORIGINAL_WORD_LEFT if inside.search(swap.context) else None


def _surname_parts(swap: Swap) -> list[str]:
    """The words of a classed company a made name replaces with surnames ("Goldman", "Sachs"; "Paramount" of
    "Paramount Pictures"); none for an acronym."""
    if not classed(swap) or swap.kind != "company":
        return []
    tail = tail_split(swap.original, swap.policy.uses(OrganisationClasses, "by_question"))
    if tail is not None:
        return [] if ACRONYM.match(tail[0]) else tail[0].split()
    parts = bare_parts(swap.original)
    return [] if parts is None else parts[0]


@rule(Stage.MADE, Reason.ORG_NAMED_FOR_PERSON)
def company_not_named_for_person(swap: Swap) -> Reason | None:
    """No word of a classed company's name is the surname of a person the text or the question names ("Henry
    Ford ... Ford", "founded by William Boeing"): the company is named for its founder, and a made name would
    leave the founder's name behind."""
    parts = _surname_parts(swap)
    if not parts:
        return None
    persons = [m.surface for m in swap.info.mentions if m.label == "PERSON" and " " in m.surface.strip()]
    for part in parts:
        if any(p.split()[-1] == part for p in persons):
            return Reason.ORG_NAMED_FOR_PERSON
        given = re.compile(rf"\b([A-Z][a-z]+)\s+(?:[A-Z]\.\s+)*{re.escape(part)}\b")
        for text in (swap.context, swap.record.question):
            if any(name_gender(g.group(1)) != "unknown" for g in given.finditer(text)):
                return Reason.ORG_NAMED_FOR_PERSON
    return None


#: the words before a mention in its sentence where a nationality or a country would describe it
_BEFORE_WORDS = re.compile(r"[^.!?;\n]{0,60}$")


@rule(Stage.MADE, Reason.ORG_NATIONALITY_STATED)
def company_nationality_not_stated(swap: Swap) -> Reason | None:
    """A classed company made with surnames is not described by a nationality or a country just before a
    mention ("the South Korean car manufacturer Daewoo", "Japan's Toshiba"): a made surname would not fit it."""
    if not _surname_parts(swap):
        return None
    for start, _ in swap.mention_spans:
        before = _BEFORE_WORDS.search(swap.context[max(0, start - 60) : start])
        words = re.findall(r"[A-Z][a-z]+(?:'s|’s)?", before.group(0) if before else "")
        for word in words:
            key = fold(re.sub(r"(?:'s|’s)$", "", word))
            found = place(key)
            if key in nationalities() or (found is not None and found.kind == "country"):
                return Reason.ORG_NATIONALITY_STATED
    return None


@functools.cache
def nationalities() -> frozenset[str]:
    """Nationality adjectives, lower case (fqa_build/lexicons/nationalities.txt)."""
    return word_set("nationalities")


@rule(Stage.MADE, Reason.ORG_TRADE_NOT_STATED)
def company_trade_in_text(swap: Swap) -> Reason | None:
    """Where the question asks for a classed organisation by its trade ("What petroleum company", "which video
    gaming company"), every word of the trade is in the text (by its first five letters: "gaming", "game"
    differ): else only a reader who knows the real organisation answers, and a made one answers nothing."""
    if not classed(swap):
        return None
    asked = ASKS_BUSINESS.search(swap.record.question)
    if asked is None:
        return None
    trade = re.findall(r"[A-Za-z]+", asked.group(0))[1:-1]
    stems = {w.casefold()[:5] for w in re.findall(r"[A-Za-z]+", swap.context)}
    fillers = _QUESTION_FILLERS | stopwords()
    if any(w.casefold()[:5] not in stems for w in trade if w.casefold() not in fillers):
        return Reason.ORG_TRADE_NOT_STATED
    return None


#: words between "what" and the class noun that name no trade ("what other firm", "what is the name brand")
_QUESTION_FILLERS = frozenset(
    "a an the other major large largest big biggest new same one two of name kind type".split()
)


@rule(Stage.MADE, Reason.ACRONYM_LEFT)
def acronym_pair_rewritable(swap: Swap) -> Reason | None:
    """An organisation named by an acronym and its expansion is made anew in both only where the acronym is
    written nowhere inside a longer word ("WIPCC", "IPCCs"), no shorter acronym of it is written ("IB" of "IBO",
    in the text or, in any case, the question), the expansion's first word (a surname) is used nowhere else
    ("Marshall" of "Marshall Space Flight Center"), and the question names neither form: else a form of the
    original is left."""
    if not classed(swap) or swap.kind != "acronym_pair":
        return None
    found = acronym_pair(swap)
    if found is None:
        return None
    acronym, expansion = found
    if re.search(rf"[^\W\d_]{acronym}|{acronym}[^\W\d_]", swap.context):
        return Reason.ACRONYM_LEFT
    if any(contains_whole_word(swap.record.question, form) for form in (acronym, expansion)):
        return Reason.ACRONYM_LEFT
    # a shorter acronym of the same name ("IB" of "International Baccalaureate Organization (IBO)") stays as written
    for short in (acronym[:k] for k in range(2, len(acronym))):
        if find_all(swap.context, short) or (
            short.casefold() not in stopwords() and contains_whole_word(swap.record.question, short)
        ):
            return Reason.ACRONYM_LEFT
    first = expansion.split()[0]
    if first not in SCOPE_WORDS and len(find_all(swap.context, first)) > len(find_all(swap.context, expansion)):
        return Reason.ACRONYM_LEFT
    return None


def find_all(text: str, word: str) -> list[tuple[int, int]]:
    """The case-sensitive whole-word spans of `word` in `text`."""
    return list(find_whole_word(text, word, ignore_case=False))


@rule(Stage.MADE, Reason.ORG_PAIRED_BY_ORDER)
def org_not_paired_by_order(swap: Swap) -> Reason | None:
    """A classed organisation is not named in a sentence that pairs two lists by their order ("Honda, Toyota and
    Nissan ... (Acura, Lexus and Infiniti, respectively)"): which one the question asks for is read off the
    order, and a gold answer of the wrong pair would be made an answer."""
    if not classed(swap):
        return None
    for start, end in swap.mention_spans:
        left = max(swap.context.rfind(".", 0, start), swap.context.rfind("\n", 0, start))
        right = swap.context.find(". ", end)
        if re.search(r"\brespectively\b", swap.context[left + 1 : right if right >= 0 else None]):
            return Reason.ORG_PAIRED_BY_ORDER
    return None
