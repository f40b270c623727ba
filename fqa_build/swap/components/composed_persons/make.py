"""Composed person names: a given name of one person of the article and the surname of another ("Thomas
Tolbert" from "Thomas Davis" and "Mike Tolbert"), of the gender the text needs, that names nobody the corpus
knows.

Why: a blind judge knows the famous and the not so famous. A real person put in another's place is almost
always someone the judge can place in another role, country or century ("Saddam Hussein, president of Egypt",
"Oliver Heaviside measuring gravity in 1798"), and that fails the audit however well the person fits the kind.
A name composed from the article's own names keeps the culture and era of the passage's names and carries no
biography to contradict.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.bank.entity_kinds import entity_kind
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import place
from fqa_build.hashing import rng_for
from fqa_build.reasons import Reason
from fqa_build.swap.components import ComposedPersons
from fqa_build.swap.components.composed_persons.reading import nationalities
from fqa_build.swap.hooks import Hook, hook
from fqa_build.swap.replacement import made_entry
from fqa_build.swap.rewriting.aliases import is_alias
from fqa_build.swap.rewriting.rewrite import name_parts, person_short_forms
from fqa_build.swap.rewriting.roles import common_surname, given_name_used_in, name_countries, surname_fits
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap

#: a given name or a surname usable on its own: a capitalised word of letters (an inner hyphen or apostrophe
#: allowed: "Jean-Baptiste", "O'Brien"), not an initial
_NAME_WORD = re.compile(r"^[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?$")
#: words in the text or the question (a composed name must use none of them)
_TEXT_WORD = re.compile(r"\b[A-Z][\w'’-]{2,}")
COMPOSED_SOURCE = "composed"


@functools.cache
def _article_persons(bank: EntityBank, title: str) -> tuple[tuple[str, str, str, str], ...]:
    """(name, given name or "", its gender, surname or "") of each person the bank names in full in this
    article, in the bank's order. A given name is kept where gender-guesser knows it (and it is not a sacred
    name), a surname where it is no given name and no word the corpus writes in lower case."""
    return _name_parts_of(bank, tuple(_persons_by_title(bank).get(title, ())))


@functools.cache
def _corpus_persons(bank: EntityBank) -> tuple[tuple[str, str, str, str], ...]:
    """As `_article_persons`, for every person of the bank with a known gender."""
    return _name_parts_of(bank, tuple(e for e in bank.entries if e.entity_type == "PERSON" and e.gender in _GENDERS))


_GENDERS = ("male", "female")


def _name_parts_of(bank: EntityBank, entries: tuple[BankEntry, ...]) -> tuple[tuple[str, str, str, str], ...]:
    persons = []
    for entry in entries:
        parts = name_parts(entry.entity)
        first, last = parts.get("first", ""), parts.get("last", "")
        first = first if _NAME_WORD.match(first) and first not in _SACRED else ""
        last = last if _NAME_WORD.match(last) and name_gender(last) == "unknown" and last not in _SACRED else ""
        if last.casefold() in bank.common_words or _prominence(bank).get(last, 0) > PROMINENT_CONTEXTS:
            last = ""  # "Live" of "Jimmy Kimmel Live" is a word; "Einstein" calls one man to mind
        if first or last:
            persons.append((entry.entity, first, entry.gender, last))
    return tuple(persons)


@functools.cache
def _persons_by_title(bank: EntityBank) -> dict[str, list[BankEntry]]:
    """The bank's persons with a known gender, by the article titles they appear under (in the bank's order)."""
    by_title: dict[str, list[BankEntry]] = {}
    for entry in bank.entries:
        if entry.entity_type == "PERSON" and entry.gender in ("male", "female"):
            for title in entry.titles:
                by_title.setdefault(title, []).append(entry)
    return by_title


_SACRED = frozenset({"Jesus", "Christ", "God", "Allah", "Buddha", "Mary"})
#: names are composed from the persons of the article nearest the original (their names sound alike: the
#: same language and era), where the policy's draw has embeddings
NEAREST_PERSONS = 6
#: where the article has too few persons: the parts of this many persons of the whole corpus nearest the original
NEAREST_CORPUS_PERSONS = 12
#: ... and only in a corpus of this many persons or more: in a small one every name is seen once, so the
#: prominence that keeps out famous surnames tells nothing ("Charles Shakespeare", "Edwin Eiffel")
MIN_CORPUS_PERSONS = 1_000


#: a surname the corpus's persons carry in more paragraphs than this is a famous one ("Einstein", "Luther"): a
#: composed "Thomas Einstein" would call the famous man to mind
PROMINENT_CONTEXTS = 2


@functools.cache
def _prominence(bank: EntityBank) -> dict[str, int]:
    """Surname (the last word of a PERSON entry) -> the paragraphs the corpus names persons of it in."""
    counts: dict[str, int] = {}
    for entry in bank.entries:
        if entry.entity_type == "PERSON":
            last = entry.entity.split()[-1]
            counts[last] = counts.get(last, 0) + entry.num_contexts
    return counts


@functools.cache
def _known_persons(bank: EntityBank) -> frozenset[str]:
    return frozenset(e.entity.casefold() for e in bank.entries if e.entity_type == "PERSON")


@hook(Hook.MAKE, ComposedPersons)
def make_person(swap: Swap) -> BankEntry | Reason | None:
    """A person's composed name (a surname alone for a person named by surname under `surnames_alone`), and the
    short forms its mentions take."""
    if swap.label != "PERSON":
        return None
    surname = swap.policy.uses(ComposedPersons, "surnames_alone") and swap.kind == "surname"
    swap.entry = compose_surname(swap) if surname else compose_person(swap)
    if swap.entry is None:
        return Reason.NO_CANDIDATE
    swap.short_forms = person_short_forms(swap.original, swap.replacement)
    return swap.entry


def compose_person(swap: Swap) -> BankEntry | None:
    """A composed name to replace the original person (see the module docstring), or None when the article has
    no given name of the needed gender and surname that the text, the question and the original do not use."""
    known = _known_persons(swap.bank)
    used = frozenset(_TEXT_WORD.findall(swap.context)) | frozenset(_TEXT_WORD.findall(swap.record.question))
    used |= frozenset(swap.original.split())
    gender = swap.needed_gender or name_gender(swap.original)
    persons = [p for p in _article_persons(swap.bank, swap.record.title) if p[1] not in used or p[3] not in used]
    countries = origin_countries(swap)
    if countries:
        persons = [p for p in persons if given_name_used_in(p[0], countries)]
    plain = swap.policy.uses(ComposedPersons, "plain_parts")
    firsts, lasts = _names_of(persons, used, gender, plain)
    if swap.vectors is not None and persons:
        ranked = swap.vectors.rank(swap.original, [p[0] for p in persons])
        near_firsts, near_lasts = _names_of([persons[i] for i in ranked[:NEAREST_PERSONS]], used, gender, plain)
        if near_firsts and near_lasts:
            firsts, lasts = near_firsts, near_lasts
    beyond = swap.policy.uses(ComposedPersons, "beyond_article") and swap.vectors is not None
    if (not firsts or not lasts) and beyond and len(_corpus_persons(swap.bank)) >= MIN_CORPUS_PERSONS:
        # a short passage (NQ's are about 100 words) names too few persons: the corpus's persons nearest the
        # original in embedding space give the parts (the same language and era, as the article's would)
        corpus = [p for p in _corpus_persons(swap.bank) if p[0] not in used]
        if countries:
            corpus = [p for p in corpus if given_name_used_in(p[0], countries)]
        ranked = swap.vectors.rank(swap.original, [p[0] for p in corpus])
        firsts, lasts = _names_of([corpus[i] for i in ranked[:NEAREST_CORPUS_PERSONS]], used, gender, plain)
    if swap.policy.uses(ComposedPersons, "common_surnames") and countries:
        lasts = {last for last in lasts if surname_fits(last, countries)}
    if not firsts or not lasts:
        return None
    rng = rng_for(swap.config.seed, swap.record.id, "person")
    # a few tries: a pair the bank knows as a real person ("Thomas Edison") is skipped, and so is one with the
    # original's initials (an alias by `is_alias`: "JT" for "Justin Tucker") or one that reads as a place
    firsts, lasts = sorted(firsts), sorted(lasts)
    for _ in range(8):
        name = f"{firsts[rng.randrange(len(firsts))]} {lasts[rng.randrange(len(lasts))]}"
        fits = name.casefold() not in known and not is_alias(swap.original, name)
        if fits and entity_kind(name, "PERSON") == "full_name":
            return made_entry(name, "PERSON", "full_name", COMPOSED_SOURCE, name_gender(name))
    return None


def compose_surname(swap: Swap) -> BankEntry | None:
    """A surname to replace a person the text names by surname alone ("Tetzel" -> "Kessler"); every whole-word
    mention is rewritten, inside a full name too ("Johann Tetzel" -> "Johann Kessler"), so the given names the
    passage uses stay with their person. A bare surname calls to mind whoever carries it, so it is taken from
    the persons of the corpus nearest the original (the same language and era) that are named in no paragraph
    of this article (the article's own figures: "Smeaton" for "Watt"), carried with a known given name by a name
    of two words, in at most `PROMINENT_CONTEXTS` paragraphs, no word of the corpus or place, and no variant of
    the original ("Luder" for "Luther"). None where the corpus has none."""
    if swap.vectors is None:
        return None
    used = frozenset(_TEXT_WORD.findall(swap.context)) | frozenset(_TEXT_WORD.findall(swap.record.question))
    pool = [
        entry
        for entry in _surname_carriers(swap.bank)
        if swap.record.title not in entry.titles and entry.entity.split()[-1] not in used
    ]
    countries = origin_countries(swap)
    if countries:
        pool = [entry for entry in pool if given_name_used_in(entry.entity, countries)]
    if swap.policy.uses(ComposedPersons, "common_surnames"):
        last = swap.original.split()[-1]
        pool = [
            entry
            for entry in pool
            if common_surname(entry.entity.split()[-1], last) and surname_fits(entry.entity.split()[-1], countries)
        ]
    stem = swap.original[:3].casefold()
    # the name in full, where the passage gives it, places the person better than the surname alone ("Basu")
    query = next(iter(swap.full_names_in_passage), swap.original)
    ranked = swap.vectors.rank(query, [e.entity for e in pool])
    lasts = {pool[i].entity.split()[-1] for i in ranked[:NEAREST_CORPUS_PERSONS]}
    lasts = sorted(last for last in lasts if not last.casefold().startswith(stem))
    if not lasts:
        return None
    rng = rng_for(swap.config.seed, swap.record.id, "surname")
    return made_entry(lasts[rng.randrange(len(lasts))], "PERSON", "surname", COMPOSED_SOURCE)


#: the end of a word that names a group or a doctrine, no surname ("Marxists", "Calvinism")
_GROUP_END = re.compile(r"(?:ists?|isms?|ians|ites)$")


@functools.cache
def _surname_carriers(bank: EntityBank) -> tuple[BankEntry, ...]:
    """The bank's persons of two words, a given name of known gender and a surname usable alone (see
    `compose_surname`), in the bank's order."""
    carriers = []
    for entry in bank.entries:
        words = entry.entity.split()
        if entry.entity_type != "PERSON" or entry.gender not in _GENDERS or len(words) != 2:
            continue
        first, last = words
        if not (_NAME_WORD.match(first) and _NAME_WORD.match(last)) or name_gender(last) != "unknown":
            continue
        if last in _SACRED or last.casefold() in bank.common_words or _GROUP_END.search(last):
            continue
        if _prominence(bank).get(last, 0) > 1 or place(last) is not None:
            continue
        carriers.append(entry)
    return tuple(carriers)


def origin_countries(swap: Swap) -> tuple[str, ...]:
    """Under `name_persons_by_nationality`: the name-data countries of the nationalities the text gives the person
    (fqa_build/swap/rewriting/roles.py), whose given names every part of a composed name must come with ("the Italian
    physicist": names of persons whose given names are Italian ones); () where it gives none."""
    if not swap.policy.uses(ComposedPersons, "by_nationality"):
        return ()
    return name_countries(nationalities(swap)) or ()


def _names_of(persons, used: frozenset[str], gender: str, plain: bool = False) -> tuple[set[str], set[str]]:
    """The given names (of the needed gender) and surnames of these persons that the text does not use (with
    `plain`, none that is a function word: see `function_word`)."""
    firsts = {f for _, f, g, _ in persons if f and f not in used and (gender not in ("male", "female") or g == gender)}
    lasts = {last for _, _, _, last in persons if last and last not in used}
    if plain:
        firsts = {f for f in firsts if not function_word(f)}
        lasts = {last for last in lasts if not function_word(last)}
    return firsts, lasts


#: articles and name particles of the languages of the corpus's names: a name part only inside a longer name
_PARTICLES = frozenset(
    "il la le lo li el los las les de del della dei degli di da dal du des van von der den ten ter al el ibn bin "
    "ben bint y e et und and of the".split()
)


@functools.cache
def function_word(part: str) -> bool:
    """True for a word that is no name on its own: an English function word ("Meanwhile", "However", spaCy's
    stop words) or an article or particle of a name ("Il", "De", "Van"). NER tags such words into persons
    ("Meanwhile Phil"), and a name composed of one reads as a word, not a person ("Phil Meanwhile")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return part.casefold() in STOP_WORDS or part.casefold() in _PARTICLES
