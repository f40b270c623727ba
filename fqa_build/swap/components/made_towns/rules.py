"""Rules on a city made a town (make.py): a city becomes a small town of its region only where the
text uses it as a plain place, gives it no role a town cannot take (a borough, a capital, a host) and ties it
to nothing a reader knows of it (a landmark, its fame). They run at stage `MADE`, before the town is drawn."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import CONTINENTS, REGIONS
from fqa_build.gazetteers.places import fold
from fqa_build.reasons import Reason
from fqa_build.sentences import sentences_around
from fqa_build.swap.components import MadeTowns
from fqa_build.swap.components.country_maps.make import maps_country
from fqa_build.swap.components.made_towns.make import makes_town, original_city
from fqa_build.swap.rule import Stage, rule

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: role words that make a name something other than a city ("the borough of Manhattan", "Hollywood district")
_ROLE_BEFORE = re.compile(
    r"\b(?:district|borough|neighbou?rhood|suburb|ward|quarter|county|province|region|state|area|island|"
    r"prefecture|canton|department|diocese|archdiocese|parish|colony|kingdom|duchy|principality|republic)\s+of\s+$",
    re.IGNORECASE,
)
_ROLE_AFTER = re.compile(
    r"^\s+(?:district|borough|neighbou?rhood|suburb|County|county|Province|province|Township|township|"
    r"region|Region|area|Valley|valley|Bay|bay|Island|island|State|state|metropolitan|metro|Metro)\b"
)
#: what only one city of a region can be, or the size the text gives it
_UNIQUE_ROLE = re.compile(
    r"\b(?:capital|largest|biggest|smallest|most populous|second[- ]largest|third[- ]largest|populations?|"
    r"inhabitants|residents|metropolis|megacity|seat|major|hosts?|hosted|hosting)\b",
    re.IGNORECASE,
)


#: a city of a million people or more is known to every reader (its landmarks, teams and history)
FAMOUS_CITY = 1_000_000
#: a word before a name that uses it as a place ("in Fresno", "from Tours")
_PLACE_CUE = re.compile(
    r"\b(?:in|at|from|near|to|outside|into|across|between|around|towards?|via|through|of|and)\s+$", re.IGNORECASE
)
_PLACE_QUESTION = re.compile(r"\b(?:where|city|town|place|located)\b", re.IGNORECASE)
#: a city followed by a capitalised name, as a "City, Region" pair is ("Ramsgate, Kent")
_UNKNOWN_PAIR = re.compile(r",\s+[A-Z][a-z]+\b(?!\s+(?:and|or)\b)")
#: "William of Montreuil": a person named after a place
_PERSON_OF = re.compile(r"\b[A-Z][a-z]+ of\s+$")
_ROLE_WORD = re.compile(r"\b(?:district|borough|neighbou?rhood|suburb|county|province|state|island)\b", re.I)


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def gpe_is_country_or_city(swap: Swap) -> Reason | None:
    """Under a policy that makes towns, a GPE is swapped only as a country map or a town: a state, a region or
    a county is not."""
    policy = swap.policy
    if policy.uses(MadeTowns) and swap.label == "GPE" and swap.kind != "city" and not maps_country(swap):
        return Reason.KIND_NOT_SWAPPED
    return None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def city_not_a_region(swap: Swap) -> Reason | None:
    """A city named as a continent or a world region is not one ("Asia" is a town of the Philippines too)."""
    if makes_town(swap) and (fold(swap.original) in CONTINENTS or fold(swap.original) in REGIONS):
        return Reason.KIND_NOT_SWAPPED
    return None


@rule(Stage.MADE, Reason.KIND_NOT_SWAPPED)
def city_known(swap: Swap) -> Reason | None:
    """The gazetteer knows the city the name means (the only one of that name, one ten times larger than any
    other, or the one of the region the text pairs it with): an ambiguous name has no region to keep."""
    return Reason.KIND_NOT_SWAPPED if makes_town(swap) and original_city(swap) is None else None


def _city(swap: Swap):
    return original_city(swap) if makes_town(swap) else None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def city_not_famous(swap: Swap) -> Reason | None:
    """A city of a million people or more is swapped only where the text pairs it with its region ("Chicago,
    Illinois"): alone, a reader knows its teams, landmarks and history."""
    city = _city(swap)
    if city is not None and city.population >= FAMOUS_CITY and swap.pair[1] is None:
        return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.LABEL_CONTRADICTED)
def city_used_as_place(swap: Swap) -> Reason | None:
    """The text uses the name as a place ("in Fresno", "from Tours"), pairs it with a region, or the question
    asks for a place: "Cobham's thesis" uses a town's name as a person's."""
    if _city(swap) is None:
        return None
    context = swap.context
    if any(_PLACE_CUE.search(context[max(0, s - 14) : s]) for s, _ in swap.mention_spans):
        return None
    return None if swap.pair[1] or _PLACE_QUESTION.search(swap.record.question) else Reason.LABEL_CONTRADICTED


@rule(Stage.MADE, Reason.ROLE_MISMATCH)
def city_without_role_word(swap: Swap) -> Reason | None:
    """No mention of the city is written with a role word that makes it something other than a city ("the
    borough of Manhattan", "Hollywood district", "Fresno County")."""
    if _city(swap) is None:
        return None
    context = swap.context
    for start, end in swap.mention_spans:
        if _ROLE_BEFORE.search(context[max(0, start - 40) : start]) or _ROLE_AFTER.match(context[end:]):
            return Reason.ROLE_MISMATCH
    return None


@rule(Stage.MADE, Reason.GPE_PAIR)
def city_pair_known(swap: Swap) -> Reason | None:
    """No mention of the city is followed by a region the gazetteer cannot check a town against ("Ramsgate,
    Kent")."""
    if _city(swap) is None or swap.pair[1] is not None:
        return None
    return Reason.GPE_PAIR if any(_UNKNOWN_PAIR.match(swap.context, e) for _, e in swap.mention_spans) else None


@rule(Stage.MADE, Reason.LABEL_CONTRADICTED)
def city_not_a_byname(swap: Swap) -> Reason | None:
    """No mention of the city names a person after it ("William of Montreuil")."""
    if _city(swap) is None:
        return None
    context = swap.context
    if any(_PERSON_OF.search(context[max(0, s - 30) : s]) for s, _ in swap.mention_spans):
        return Reason.LABEL_CONTRADICTED
    return None


@rule(Stage.MADE, Reason.ROLE_MISMATCH)
def city_has_no_unique_role(swap: Swap) -> Reason | None:
    """No sentence that names the city gives it a role only one city has or its size ("the capital", "the
    largest", "hosted the games", "a population of"): a small town cannot take them."""
    if _city(swap) is None:
        return None
    for start, end in swap.mention_spans:
        s_start, s_end = sentences_around(swap.context, start, end)
        if _UNIQUE_ROLE.search(swap.context[s_start:s_end]):
            return Reason.ROLE_MISMATCH
    return None


@rule(Stage.MADE, Reason.LANDMARK_NAMED)
def city_without_landmark(swap: Swap) -> Reason | None:
    """No sentence that names the city names a building or an organisation beside it ("Levi's Stadium in
    Santa Clara", "St Peter's Church in Rome"): a reader knows where a landmark stands."""
    if _city(swap) is None:
        return None
    landmarks = [(s, e) for s, e, label in swap.info.entities if label in ("FAC", "ORG")]
    for start, end in swap.mention_spans:
        s_start, s_end = sentences_around(swap.context, start, end)
        if any(s_start <= s and e <= s_end and not (s <= start and end <= e) for s, e in landmarks):
            return Reason.LANDMARK_NAMED
    return None


@rule(Stage.MADE, Reason.ROLE_MISMATCH)
def question_gives_city_no_role(swap: Swap) -> Reason | None:
    """The question asks for no role a town cannot take ("Which district", "the capital", "which county")."""
    if _city(swap) is None:
        return None
    question = swap.record.question
    if _UNIQUE_ROLE.search(question) or _ROLE_BEFORE.search(question) or _ROLE_WORD.search(question):
        return Reason.ROLE_MISMATCH
    return None
