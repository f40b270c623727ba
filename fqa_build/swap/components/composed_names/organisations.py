"""The made replacement of an organisation classed by its text (swap/components/organisation_classes/make.py), of the
same class
and form, every mention and short form rewritten with it (policies with `classify_orgs`).

- A **broadcaster**, **company** or **league** named by an acronym ("CBS", "BP", "NBA"): the same acronym with
  another first letter that the corpus and the text never use ("CBS" -> "KBS"; "CBS Sports" and "CBS's"
  follow; a call sign keeps its W or K). Its spelled-out expansion left in the text would contradict it (rule
  `org_expansion_not_spelled`), and so would the acronym inside a longer word ("WABC" of "ABC", rule
  `org_acronym_not_inside_word`).
- A **company** named "<X> <business word>" ("Paramount Pictures", "Time Warner Cable") keeps the word under as
  many surnames of the corpus as X has words ("Tolbert Pictures", "Tolbert Hale Cable", so "TWC" becomes
  "THC"); one named by one or two plain words ("Tesco", "Goldman Sachs", "Anheuser-Busch") gets surnames of the
  same form ("Hale", "Tolbert Hale", "Tolbert-Hale"). A part of the name the text uses alone ("Paramount",
  "Sachs") is rewritten with it.
- A **team** named after a state or a region rather than a city ("Carolina Panthers", "New England Patriots"):
  a town of that state, named by no word the corpus writes in lower case, under the same nickname ("Hickory
  Panthers"); the place named alone ("Carolina's defense") is rewritten to the town, where it stands for the
  team (rule `team_place_stands_for_team`).

- An organisation named by an **acronym and its expansion** the text spells out ("the Intergovernmental Panel
  on Climate Change (IPCC)", under `acronym_expansions_mapped`): the expansion's first word, a word of scope or
  a surname, becomes another of its kind with another initial, and the acronym takes that initial ("Global
  Panel on Climate Change (GPCC)"); whichever form names the answer, the other is rewritten with it.

Why made and not drawn: a real broadcaster or company in another's place carries facts a judge knows; a made
one carries none, and one consistent map leaves nothing in the passage to contradict it.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.gazetteers.places import place
from fqa_build.hashing import rng_for
from fqa_build.lexicons import word_set
from fqa_build.reasons import Reason
from fqa_build.swap.components import ComposedNames
from fqa_build.swap.components.composed_names.patterns import SCOPE_WORDS
from fqa_build.swap.components.composed_persons.make import _corpus_persons
from fqa_build.swap.components.made_towns.cities import TOWN_POPULATION
from fqa_build.swap.components.made_towns.make import team_town
from fqa_build.swap.components.organisation_classes.make import (
    ACRONYM,
    acronym_pair,
    bare_parts,
    region_team,
    stopwords,
    tail_split,
)
from fqa_build.swap.replacement import made_entry
from fqa_build.text import contains_whole_word, find_whole_word
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

MADE_ORG_SOURCE = "made_org"
#: consonants a made acronym may begin with (a vowel would read as a word: "ABS" -> "EBS")
_LETTERS = "BCDFGHJKLMNPRSTVWZ"
_PLAIN_WORD = re.compile(r"^[A-Z][a-z]{2,}$")


def make_org(swap: Swap) -> BankEntry | Reason:
    """The made replacement of a classed organisation, with the short forms the rewrite takes over; or
    `Reason.NO_CANDIDATE` where none can be made."""
    name = swap.original
    if swap.kind == "region_team":
        return _make_team(swap)
    if swap.kind == "acronym_pair":
        made = _made_pair(swap)
        return Reason.NO_CANDIDATE if made is None else made_entry(made, swap.label, swap.kind, MADE_ORG_SOURCE)
    if ACRONYM.match(name):
        made = _made_acronym(swap, name)
    else:
        made = _made_company(swap)
    return Reason.NO_CANDIDATE if made is None else made_entry(made, swap.label, swap.kind, MADE_ORG_SOURCE)


def _free(swap: Swap, word: str) -> bool:
    """The text, the question and the corpus do not use the word."""
    return not (
        contains_whole_word(swap.context, word)
        or contains_whole_word(swap.record.question, word)
        or swap.bank.entry_of(word) is not None
        or word in swap.bank.acronyms
        or word.casefold() in swap.bank.common_words
        or word.casefold() in stopwords()
        or (swap.policy.uses(ComposedNames, "call_signs_keep_region") and word in known_acronyms())
    )


@functools.cache
def known_acronyms() -> frozenset[str]:
    """Acronyms of well-known broadcasters and organisations (fqa_build/lexicons/known_acronyms.txt)."""
    return word_set("known_acronyms")


def _made_acronym(swap: Swap, acronym: str) -> str | None:
    """The acronym with another first letter that nothing uses; a call sign ("WBT", "KABC") keeps its W or K."""
    first = acronym[0]
    if swap.policy.uses(ComposedNames, "call_signs_keep_region") and swap.kind == "broadcaster":
        return _made_call_sign(swap, acronym)
    letters = [c for c in ("WK" if first in "WK" else _LETTERS) if c != first]
    if swap.policy.uses(ComposedNames, "call_signs_keep_region") and first not in "WK":
        letters = [c for c in letters if c not in "WK"]  # "ABC Pictures" -> "WBC Pictures" reads as a station's
    rng_for(swap.config.seed, swap.record.id, "made_org").shuffle(letters)
    return next((made for c in letters if _free(swap, made := c + acronym[1:])), None)


def _made_call_sign(swap: Swap, acronym: str) -> str | None:
    """A broadcaster's made acronym: a call sign keeps its first letter, which says which side of the
    Mississippi it broadcasts from (W east, K west), and changes its last ("WBT" -> "WBN"); any other takes
    another first letter but W or K, which would make a network read as one station ("CBS" -> "NBS", never
    "WBS")."""
    rng = rng_for(swap.config.seed, swap.record.id, "made_org")
    if acronym[0] in "WK":
        letters = [c for c in _LETTERS if c != acronym[-1]]
        rng.shuffle(letters)
        return next((made for c in letters if _free(swap, made := acronym[:-1] + c)), None)
    letters = [c for c in _LETTERS if c not in ("W", "K", acronym[0])]
    rng.shuffle(letters)
    return next((made for c in letters if _free(swap, made := c + acronym[1:])), None)


def _surnames(swap: Swap, count: int) -> list[str] | None:
    """`count` distinct surnames of the corpus's persons that the text, the question and the bank's other names
    do not use, drawn with the sample's seed."""
    pool = [s for s in _surname_pool(swap.bank) if _free_text(swap, s)]
    if len(pool) < count:
        return None
    return rng_for(swap.config.seed, swap.record.id, "made_org").sample(pool, count)


@functools.cache
def _surname_pool(bank: EntityBank) -> tuple[str, ...]:
    """The corpus's surnames a made company may be named by: plain words that name no place and are no word of
    another organisation, place or work of the corpus, nor a word it writes in lower case."""
    lasts = sorted({last for _, _, _, last in _corpus_persons(bank) if last and " " not in last})
    return tuple(s for s in lasts if _PLAIN_WORD.match(s) and place(s) is None and not _known_word(bank, s))


def _free_text(swap: Swap, word: str) -> bool:
    return not (contains_whole_word(swap.context, word) or contains_whole_word(swap.record.question, word))


@functools.cache
def _org_words(bank: EntityBank) -> frozenset[str]:
    """Every word of the bank's organisations, places and works: a made company named by one would call it to
    mind."""
    return frozenset(
        w.casefold()
        for e in bank.entries
        if e.entity_type not in ("PERSON", "DATE", "CARDINAL")
        for w in e.entity.split()
    )


def _known_word(bank: EntityBank, word: str) -> bool:
    return word.casefold() in _org_words(bank) or word.casefold() in bank.common_words


def _made_company(swap: Swap) -> str | None:
    tail = tail_split(swap.original, swap.policy.offers("classes_by_question"))
    if tail is not None:
        part, kept = tail
        # as many words as the part, so an acronym of the whole name keeps its letters ("TWC" of "Time Warner Cable")
        new = [_made_acronym(swap, part)] if ACRONYM.match(part) else _surnames(swap, len(part.split()))
        if new is None or None in new:
            return None
        _rewrite_alone(swap, part, " ".join(new))
        return f"{' '.join(new)} {kept}"
    parts = bare_parts(swap.original)
    if parts is None:
        return None
    old, joiner = parts
    new = _surnames(swap, len(old))
    if new is None:
        return None
    if len(old) > 1:
        for o, n in zip(old, new, strict=True):
            _rewrite_alone(swap, o, n)
    return joiner.join(new)


def _rewrite_alone(swap: Swap, old: str, new: str) -> None:
    """Where the text uses `old` outside the mentions of the original, the rewrite takes it over as `new`."""
    if any(not _inside_original(swap, s, e) for s, e in find_whole_word(swap.context, old, ignore_case=False)):
        swap.short_forms.append((old, new))
        swap.old_forms.append(old)


def _inside_original(swap: Swap, start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in swap.mention_spans)


def _make_team(swap: Swap) -> BankEntry | Reason:
    found = region_team(swap.original)
    if found is None:
        return Reason.NO_CANDIDATE
    (country, state), region, nickname = found
    # a town named by a word ("Surprise", "Apex") would not read as a team's place: the next draw is taken
    towns = (team_town(swap, country, state, f"team{n}" if n else "team", TOWN_POPULATION) for n in range(4))
    town = next((t for t in towns if t is not None and not _word_named(swap.bank, t)), None)
    if town is None:
        return Reason.NO_CANDIDATE
    _rewrite_alone(swap, region, town)
    return made_entry(f"{town} {nickname}", swap.label, swap.kind, MADE_ORG_SOURCE)


def _word_named(bank: EntityBank, town: str) -> bool:
    return any(w.casefold() in bank.common_words or w.casefold() in stopwords() for w in town.split())


def team_place_alone(swap: Swap) -> list[tuple[int, int]]:
    """Spans where a region team's place is named alone, outside the team's mentions."""
    found = region_team(swap.original)
    if found is None:
        return []
    return [
        (s, e)
        for s, e in find_whole_word(swap.context, found[1], ignore_case=False)
        if not _inside_original(swap, s, e)
    ]


def _made_pair(swap: Swap) -> str | None:
    """An organisation named by an acronym the text spells out: the expansion with another first word (a word
    of scope for one, another surname for a surname) and the acronym with its initial, both rewritten together
    ("Intergovernmental Panel on Climate Change (IPCC)" -> "Global Panel on Climate Change (GPCC)"). The made
    acronym is one nothing uses; the made expansion one the corpus does not know."""
    found = acronym_pair(swap)
    if found is None:
        return None
    acronym, expansion = found
    first, rest = expansion.split(" ", 1)
    if first in SCOPE_WORDS:
        words = [w for w in SCOPE_WORDS if w[0] != first[0]]
    else:
        words = [w for w in _surname_pool(swap.bank) if w[0] != first[0] and _free_text(swap, w)]
    rng_for(swap.config.seed, swap.record.id, "made_org").shuffle(words)
    for word in words:
        made_acronym, made_expansion = word[0] + acronym[1:], f"{word} {rest}"
        if _free(swap, made_acronym) and swap.bank.entry_of(made_expansion) is None:
            break
    else:
        return None
    if swap.original == acronym:
        swap.short_forms.append((expansion, made_expansion))
        swap.old_forms.append(expansion)
        return made_acronym
    swap.short_forms.append((acronym, made_acronym))
    swap.old_forms.append(acronym)
    return swap.original.replace(expansion, made_expansion)
