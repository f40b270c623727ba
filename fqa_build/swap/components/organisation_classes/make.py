"""What an organisation without a generic head is, read from its name and its text (policies with
`classify_orgs`): a broadcaster or a company named by an acronym ("CBS", "BP") where its paragraph speaks of
networks or business, a league named by one before "games" or "Finals" in a text of sport, a company named
"<X> <business word>" ("Paramount Pictures", "Citadel Broadcasting") or by one or two plain words its sentences
call a business ("Tesco", "Goldman Sachs"), and a team named after a state or a region ("Carolina Panthers").
Under `orgs_classed_by_question` a plain name or an acronym is also a company where the question asks for one
("What company", "which banking firm") or its sentence speaks of trade ("sponsors", "contractor"), and a name
ending in an ambiguous head keeps it as a tail ("Hearst Television", "Sinclair Broadcast Group"); under
`acronym_expansions_mapped` an acronym its text spells out in brackets, or that expansion, is an `acronym_pair`
(swap/components/composed_names/patterns.py). swap/components/composed_names/organisations.py makes the replacement of
each.

Why the text and not a list: the corpus's organisations are too many and too varied for a gazetteer, and the
words around a mention say what a reader takes it for; a name its text does not class is not swapped.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_kinds import AMBIGUOUS_HEADS, head_word
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import place
from fqa_build.lexicons import word_set
from fqa_build.sentences import sentence_spans
from fqa_build.swap.components import OrganisationClasses
from fqa_build.swap.components.composed_names.patterns import _BUSINESS_PLURALS, _NICKNAME, acronym_pair_of
from fqa_build.swap.components.made_towns.cities import resolve_city
from fqa_build.swap.hooks import Hook, hook

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: the kinds an organisation without a generic head may be given from its text
ORG_CLASSES = frozenset({"broadcaster", "company", "league", "region_team", "agency", "acronym_pair"})

ACRONYM = re.compile(r"^[A-Z]{2,5}$")
_PLAIN_WORD = re.compile(r"^[A-Z][a-z]{2,}$")
#: what the sentences of a broadcaster's mentions speak of
_BROADCAST = re.compile(
    r"\b(?:networks?|television|TV|broadcast(?:s|er|ers|ing)?|channels?|radio|stations?|aired|airs|affiliates?|"
    r"programming|telecasts?|viewers)\b"
)
#: what the sentences of a company's mentions speak of
_BUSINESS = re.compile(
    r"\b(?:company|companies|corporation|corporations|firm|firms|manufacturer|retailer|conglomerate|subsidiary|"
    r"subsidiaries|acquired|acquisition|merger|merged|shareholders|supermarkets?|carmaker|automaker|airline|"
    r"chief executive|CEO)\b"
)
#: an acronym written before a hyphen, a digit or a noun of a technical kind names no organisation ("TGF-β",
#: "VHF channel 7", "MHC class I")
_MODIFIER_AFTER = re.compile(
    r"(?:-(?![A-Z])|\s*\d|\s+(?:channels?|frequenc(?:y|ies)|bands?|class|molecules?|cells?|genes?|proteins?|"
    r"receptors?|domains?|files?|formats?|codes?|standards?|protocols?|signals?|units?)\b)"
)
#: what the paragraph of a public body's acronym speaks of ("NASA's budget", "the agency")
_AGENCY = re.compile(r"\b(?:agency|agencies|administration|government|federal|ministry|budget|headquarters)\b")
#: an acronym written before these in a text of sport names a league ("NBA Finals", "NFL games")
_LEAGUE_AFTER = re.compile(r"[^\S\n]+(?:games?|Finals|season|playoffs?|teams?|Draft|champions?|championship)\b")
#: last words that keep a company's or a broadcaster's form ("DuMont Television Network", "Citadel Broadcasting")
_BROADCAST_TAILS = frozenset("broadcasting television network radio cable".split())
_TAILS = _BUSINESS_PLURALS | _BROADCAST_TAILS | frozenset("media entertainment digital wireless".split())
#: last words of a group's or a division's name, under `orgs_classed_by_question` ("ABC News", "Sinclair
#: Broadcast Group")
_WIDE_TAILS = frozenset("group news sports broadcast publishing studio".split())
_NAME_WORD = re.compile(r"^(?:[A-Z][a-z]{2,}|[A-Z][a-z]+[A-Z][a-z]+|[A-Z]{2,5})$")
#: what makes a text one of sport
SPORT = re.compile(
    r"\b(?:NFL|NBA|MLB|NHL|(?i:team|teams|season|seasons|league|coach|quarterback|playoffs?|championship|"
    r"super bowl|touchdowns?|defeated|stadium|franchise|game|games|baseball|basketball|football|hockey|soccer|"
    r"world series))\b"
)
#: a question that asks for a business by its class ("What petroleum company", "which banking firm"): the answer
#: it asks for is one (policies with `orgs_classed_by_question`)
ASKS_BUSINESS = re.compile(
    r"\b(?i:what|which)\s+(?:[\w'-]+\s+){0,3}?(?:company|companies|firm|corporation|manufacturer|carmaker|"
    r"automaker|retailer|airline|bank|brand|chain|contractor|conglomerate|business)\b"
)
#: trade words of a company's sentences besides `_BUSINESS` ("sponsors including ... Chevron", "the LEM
#: contractor", "a gift from Harrods ... the nearby department store")
_TRADE = re.compile(
    r"\b(?:sponsors?|sponsored|contractors?|brands?|makers?|department stores?|retailers?|Inc\.|Corp\.|Ltd\b)"
)
#: regions teams are named after that no gazetteer holds as a state: the state whose towns stand in for them
_TEAM_REGIONS = {
    "carolina": ("US", "NC"),
    "new england": ("US", "MA"),
    "tampa bay": ("US", "FL"),
    "golden state": ("US", "CA"),
    "bay area": ("US", "CA"),
}


@hook(Hook.LABEL, OrganisationClasses)
def class_organisation(swap: Swap) -> None:
    """An organisation of no generic head takes the class its text gives it ("CBS", "Carolina Panthers")."""
    if swap.label == "ORG" and swap.kind is None:
        swap.kind = org_class(swap)


def org_class(swap: Swap) -> str | None:
    """The class of an organisation without a generic head, read from its name and the sentences of its
    mentions (see the module docstring); None where its text says nothing that classes it."""
    name = swap.original
    if swap.policy.uses(OrganisationClasses, "acronym_expansions") and acronym_pair(swap) is not None:
        return "acronym_pair"
    sentences = _mention_sentences(swap)
    if region_team(name) is not None and SPORT.search(swap.context):
        return "region_team"
    wide = swap.policy.uses(OrganisationClasses, "by_question")
    headed = head_word(name) is not None and not (
        wide and head_word(name) in AMBIGUOUS_HEADS and tail_split(name, wide)
    )
    if headed or _in_longer_run(swap):
        return None
    if ACRONYM.match(name):
        if any(_MODIFIER_AFTER.match(swap.context, e) for _, e in swap.mention_spans):
            return None
        # an acronym's paragraph, not only its sentence, says what it is ("CBS and NBC" after "networks")
        if SPORT.search(swap.context) and any(_LEAGUE_AFTER.match(swap.context, e) for _, e in swap.mention_spans):
            return "league"
        if _BROADCAST.search(swap.context):
            return "broadcaster"
        if _BUSINESS.search(swap.context) or _asks_business(swap):
            return "company"
        return "agency" if _AGENCY.search(swap.context) and not _modifies_a_noun(swap) else None
    tail = tail_split(name, wide)
    if tail is not None and wide and (tail_split(name) is None or head_word(name) is not None):
        if any(w.casefold() in swap.bank.common_words for w in tail[0].split()):
            return None  # "Troika Design Group", "InterContinental Hotels Group": made surnames would drop the trade
    if tail is not None:
        return "broadcaster" if tail[1].split()[0].casefold() in _BROADCAST_TAILS else "company"
    parts = bare_parts(name)
    if parts is None or any(w.casefold() in swap.bank.common_words for w in parts[0]) or _modifies_a_noun(swap):
        return None
    if _BUSINESS.search(sentences):
        return "company"
    trade = swap.policy.uses(OrganisationClasses, "by_question") and _TRADE.search(sentences) is not None
    return "company" if trade or _asks_business(swap) else None


def _asks_business(swap: Swap) -> bool:
    """Under `orgs_classed_by_question`: the question asks for a business by its class."""
    return (
        swap.policy.uses(OrganisationClasses, "by_question") and ASKS_BUSINESS.search(swap.record.question) is not None
    )


def _modifies_a_noun(swap: Swap) -> bool:
    """A mention is written before a lower-case word that is no function word and no verb in the past ("Peanuts
    television specials"): the name of a work or a brand, not of a company."""
    for _, end in swap.mention_spans:
        after = re.match(r"[^\S\n]+([a-z]+)\b", swap.context[end:])
        if after and not after.group(1).endswith("ed") and after.group(1) not in stopwords():
            if swap.policy.uses(OrganisationClasses, "by_question") and after.group(1) in _PREPOSITIONS_IN_ING:
                continue  # "a gift from Harrods following its display": a preposition, no noun
            return True
    return False


#: prepositions of a verb's form, which follow a name as they follow any noun phrase
_PREPOSITIONS_IN_ING = frozenset("following including according during regarding concerning".split())


def _in_longer_run(swap: Swap) -> bool:
    """A mention ends a longer capitalised name ("Chevrolet Aveo": a product of another maker), or a plain name
    runs on into one ("Anheuser-Busch InBev"): a part of another name, not the organisation itself."""
    for start, end in swap.mention_spans:
        before = swap.context[max(0, start - 30) : start]
        if swap.policy.uses(OrganisationClasses, "by_question") and _SENTENCE_END.search(before):
            pass  # the mention starts a sentence after one that ends in a capitalised word ("of ITT. ITT management")
        elif re.search(r"[A-Z][\w&.-]*[^\S\n]+$", before) and not re.search(r"(?:^|[.!?:;]\s+)[A-Z]\w*\s+$", before):
            return True
        if not ACRONYM.match(swap.original) and re.match(r"[^\S\n]+(?!I\b)[A-Z]", swap.context[end:]):
            return True  # an acronym's division ("CBS Sports") is rewritten with it
    return False


#: the end of a sentence: a word of two letters or more (no initial, no "U.S.", no "Mr." or "St.") and a full stop
_SENTENCE_END = re.compile(
    r"(?<![.\w])(?!(?:Mr|Mrs|Ms|Dr|St|Mt|Ft|Jr|Sr|Co|Inc|Corp|Ltd|Bros|No|Gen|Col|Rev)\.)\w{2,}[.!?][\"”’)]?[^\S\n]+$"
)


def tail_split(name: str, wide: bool = False) -> tuple[str, str] | None:
    """(distinctive part, kept tail) of a company or broadcaster named "<X> <tail>" ("Paramount Pictures",
    "DuMont Television Network", "ABC Radio"): X one or two name words or an acronym, the tail one or two words
    of business (with `wide`, also a group's or a division's: "Sinclair Broadcast Group", "ABC News"); None for
    any other name."""
    tails = _TAILS | _WIDE_TAILS if wide else _TAILS
    words = name.split()
    for n in (2, 1):
        if len(words) <= n or len(words) - n > 2:
            continue
        tail, part = words[-n:], words[:-n]
        if all(w.casefold() in tails for w in tail) and all(_NAME_WORD.match(w) for w in part):
            if len(part) == 2 and any(ACRONYM.match(w) for w in part):
                continue
            return " ".join(part), " ".join(tail)
    return None


def _mention_sentences(swap: Swap) -> str:
    starts = [m for m, _ in swap.mention_spans]  # the whole-word occurrences of the original
    found = [swap.context[s:e] for s, e in sentence_spans(swap.context) if any(s <= m < e for m in starts)]
    return "\n".join(found)


def region_team(name: str) -> tuple[tuple[str, str], str, str] | None:
    """((country, state), place, nickname) of a team named after a state or a team region ("Arizona Cardinals",
    "Carolina Panthers"), None for any other name."""
    words = name.split()
    if not 2 <= len(words) <= 4 or not _NICKNAME.match(words[-1]) or words[-1].casefold() in _BUSINESS_PLURALS:
        return None
    region = " ".join(words[:-1])
    if _names_a_city(region):
        return None  # "New York Yankees", "Washington Nationals": the team of a city that shares a state's name
    found = place(region)
    if region.casefold() in _TEAM_REGIONS:
        return _TEAM_REGIONS[region.casefold()], region, words[-1]
    if found is not None and found.kind == "state" and found.country and found.admin1:
        return (found.country, found.admin1), region, words[-1]
    return None


def _names_a_city(region: str) -> bool:
    """The region's name is also a city's of 100,000 people or more ("Washington", "New York" for "New York
    City")."""
    return any(
        (city := resolve_city(name)) is not None and city.population >= 100_000 for name in (region, f"{region} City")
    )


def bare_parts(name: str) -> tuple[list[str], str] | None:
    """The words of a company named by one or two plain words and the joiner between them ("Tesco", "Goldman
    Sachs", "Anheuser-Busch"), None where a word is a place, a given name or a common word."""
    joiner = "-" if "-" in name and " " not in name else " "
    words = name.split(joiner)
    if not 1 <= len(words) <= 2 or not all(_PLAIN_WORD.match(w) for w in words):
        return None
    if any(place(w) is not None or name_gender(w) != "unknown" or w.casefold() in stopwords() for w in words):
        return None
    return words, joiner


@functools.cache
def stopwords() -> frozenset[str]:
    return word_set("stopwords")


def classed(swap: Swap) -> bool:
    """The swap's organisation was classed from its text (`org_class`) and is made by this module."""
    return swap.policy.uses(OrganisationClasses) and swap.label == "ORG" and swap.kind in ORG_CLASSES


def expansion_spelled(context: str, acronym: str) -> bool:
    """The text spells the acronym out: a run of capitalised words (function words between them allowed) whose
    initials, with or without the function words', are the acronym ("Columbia Broadcasting System" for "CBS",
    "Department of Justice" for "DOJ")."""
    words = re.findall(r"[A-Za-z][\w'’&.-]*", context)
    for i, first in enumerate(words):
        if not first[0].isupper() or first.isupper():
            continue
        content = every = ""
        for word in words[i:]:
            if word[0].isupper():
                content += word[0]
            elif word not in _JOINERS:
                break
            every += word[0].upper()
            if acronym in (content, every):
                return True
            if len(content) >= len(acronym):
                break
    return False


_JOINERS = frozenset({"of", "and", "for", "the", "&"})


def acronym_pair(swap: Swap) -> tuple[str, str] | None:
    """(acronym, expansion) of the swap's organisation where it is named by an acronym its text spells out or by
    the expansion of one (swap/components/composed_names/patterns.py `acronym_pair_of`), None otherwise."""
    return acronym_pair_of(swap.original, swap.context, swap.bank.surnames, swap.bank.common_words)
