"""Gendered role words bound to a person's mention ("actress Jane Doe", "Mrs Smith", "Jane Doe, his wife"): the
role fixes the person's gender, so a composed name must have it (context_v10 composes with it) and a name of the
other gender contradicts the text (`role_fits_gender`). And the nationality words beside a person, with the
countries whose given names fit them (context_v11's `name_persons_by_nationality`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from fqa_build.gazetteers.persons import first_name
from fqa_build.gazetteers.places import DEMONYMS, fold
from fqa_build.lexicons import word_map, word_set
from fqa_build.text import find_whole_word

#: how far before a mention a role word may stand (it must be the word right before it)
_WINDOW = 40
_WORD_BEFORE = re.compile(r"\b([A-Za-z]+)(\.?)(,?)\s+$")
#: an actor in brackets after the role and the character's name ("a woman (Jane Doe)", "her mum Gwen (Jane Doe)")
_BRACKET_BEFORE = re.compile(r"\b([A-Za-z]+)\s+(?:[A-Z][\w'’-]*\s+){0,3}\(\s*$")
#: the role words written with a full stop ("Mrs. Smith")
_ABBREVIATIONS = frozenset({"mr", "mrs", "ms"})
_DETERMINERS = r"(?:a|an|the|his|her|their|its|our|my)"
#: ", one of the twelve nuns": a plural role after "one of" and up to three words
_ONE_OF = re.compile(r",\s+(?:one|another)\s+of\s+(?:[\w-]+\s+){0,3}?([a-z]+)(?=[\s,.;:)]|$)")
#: ", " and a determiner, then the next four words (the role must be one of them, no function word before it)
_APPOSITION = re.compile(rf",\s+(?:{_DETERMINERS}\s+)?((?:[A-Za-z-]+(?:\s+|(?=[,.;:)]|$))){{1,4}})")


@functools.cache
def _roles() -> dict[str, str]:
    return word_map("gendered_roles")


@functools.cache
def _plural_roles() -> dict[str, str]:
    """The plural of each role word ("actresses", "wives", "women") -> its gender."""
    plurals = {}
    for word, gender in _roles().items():
        if word.endswith("man"):
            plurals[word[:-3] + "men"] = gender
        elif word.endswith("fe"):
            plurals[word[:-2] + "ves"] = gender
        elif word.endswith(("s", "x", "ch")):
            plurals[word + "es"] = gender
        else:
            plurals[word + "s"] = gender
    return plurals


@functools.cache
def _function_words() -> frozenset[str]:
    return word_set("stopwords")


def role_word_before(context: str, start: int, end: int) -> str | None:
    """The gender ("male" or "female") a role word right before the mention [start, end) gives it ("actress
    Jane Doe", "Mrs. Smith", "her son John"; an actor in brackets after a role and a character's name: "a woman
    (Jane Doe)", "her mum Gwen (Jane Doe)"), or None. A role word followed by a comma ("his wife, Mary Smith")
    counts only where a comma or a bracket closes the name after it (apposition: "After the death of his wife,
    John moved" names no wife)."""
    before = _WORD_BEFORE.search(context, max(0, start - _WINDOW), start)
    if before is None:
        bracketed = _BRACKET_BEFORE.search(context, max(0, start - _WINDOW), start)
        return None if bracketed is None else _roles().get(bracketed.group(1).casefold())
    word = before.group(1).casefold()
    gender = _roles().get(word)
    if gender is None or (before.group(2) and word not in _ABBREVIATIONS):
        return None  # "... My Fair Lady. MacFarlane": a full stop ends the sentence after any other word
    if before.group(3) and not re.match(r"\s*[,)]", context[end : end + 2]):
        return None
    return gender


def role_word_after(context: str, end: int) -> str | None:
    """The gender a role word in apposition right after the mention gives it ("Jane Doe, an American actress,",
    "John Smith, her husband", "Jane Doe, one of 12 nuns"), or None. Up to three words may stand between the
    determiner and the role, none of them a function word ("Jane Doe, whose husband" names no wife)."""
    one_of = _ONE_OF.match(context, end)
    if one_of is not None:
        return _plural_roles().get(one_of.group(1).casefold())
    after = _APPOSITION.match(context, end)
    if after is None:
        return None
    for word in after.group(1).split():
        gender = _roles().get(word.casefold())
        if gender is not None:
            return gender
        if word.casefold() in _function_words():
            return None
    return None


def role_gender(context: str, spans: Iterable[tuple[int, int]]) -> str | None:
    """The gender role words bound to the mentions at `spans` give the person: "male" or "female", or None when
    none does or they disagree."""
    found = set()
    for start, end in spans:
        for gender in (role_word_before(context, start, end), role_word_after(context, end)):
            if gender is not None:
                found.add(gender)
    return found.pop() if len(found) == 1 else None


def role_conflicts(context: str, spans: Iterable[tuple[int, int]], gender: str) -> bool:
    """True when a role word bound to a mention at `spans` gives the other gender than `gender` ("male" or
    "female"), or `gender` is unknown where a role word gives one."""
    for start, end in spans:
        for role in (role_word_before(context, start, end), role_word_after(context, end)):
            if role is not None and role != gender:
                return True
    return False


# --- nationality words beside a person (context_v11's name_persons_by_nationality) ---------------------------------
# Where a person comes from by the text: the nationality words written beside a person's mentions or in the
# question ("the Italian physicist Galileo Ferraris", "which American singer"), and the countries of
# gender-guesser's name data whose given names fit them (fqa_build/lexicons/nationality_name_countries.tsv), so a
# composed name can be made of names used there.

#: how far before a mention a nationality may stand ("the Italian physicist Galileo Ferraris")
NATIONALITY_WINDOW = 40
#: the end of a sentence: a nationality past it is another person's
_SENTENCE_END = re.compile(r"[.!?]\s")
#: the given names or initials written before a surname ("Debbie ", "C. J. ")
_NAMES_BEFORE = re.compile(r"(?:[A-Z][\w.'’-]*\s+)*$")
_SPLIT = re.compile(r"[\s-]+")


@functools.cache
def _nationalities() -> frozenset[str]:
    adjectives = {fold(a) for a in DEMONYMS.values()} | word_set("nationalities") | word_set("ethnic_groups")
    return frozenset(adjectives)


def nationalities_named(context: str, question: str, original: str, surname: bool) -> tuple[str, ...]:
    """The nationality words (folded) of the question and of the context right before each mention of the original
    person, in order of finding. A person named by surname alone (`surname`: context_v11's `compose_surname_persons`)
    keeps the given names written before the surname and takes the composed surname alone, so the window starts
    before those names, and a nationality later in the sentence counts too ("Jyotirindra Basu ... was an Indian
    politician")."""
    found = [w for w in (fold(w) for w in _SPLIT.split(question)) if w in _nationalities()]
    for start, end in find_whole_word(context, original, ignore_case=False):
        if surname:
            start -= len(_NAMES_BEFORE.search(context, max(0, start - NATIONALITY_WINDOW), start).group(0))
        before = context[max(0, start - NATIONALITY_WINDOW) : start]
        after = _SENTENCE_END.split(context[end : end + NATIONALITY_WINDOW * 2])[0] if surname else ""
        found += [w for w in (fold(w) for w in _SPLIT.split(before + " " + after)) if w in _nationalities()]
    return tuple(dict.fromkeys(found))


@functools.cache
def _name_countries() -> dict[str, tuple[str, ...]]:
    return {word: tuple(countries.split(",")) for word, countries in word_map("nationality_name_countries").items()}


def name_countries(nationalities: tuple[str, ...]) -> tuple[str, ...] | None:
    """The name-data countries whose given names fit every one of these nationalities (sorted), or None where one
    has none (a people, a nationality the data has no country for)."""
    countries: set[str] = set()
    for word in nationalities:
        if word not in _name_countries():
            return None
        countries.update(_name_countries()[word])
    return tuple(sorted(countries))


@functools.lru_cache(maxsize=100_000)
def given_name_used_in(name: str, countries: tuple[str, ...]) -> bool:
    """The given name of `name` is one `gender-guesser` counts among the names of each of these countries
    ("Giuseppe" in italy, not in usa: there the data gives it no gender of its own)."""
    from fqa_build.gazetteers.persons import _gender_detector

    given = first_name(name).strip(".")
    if len(given) < 2:
        return False
    known = _gender_detector().get_gender(given)
    return known not in ("unknown", "andy") and all(
        _gender_detector().get_gender(given, country) == known for country in countries
    )


# --- common surnames for composed persons (context_v11's use_common_surnames) ------------------------------------
# A surname a country's name lists count among its common ones (fqa_build/lexicons/common_surnames.tsv, from Faker)
# calls no famous carrier to mind, and its locales tell its culture; one English derives a word from
# (fqa_build/lexicons/eponym_surnames.txt) is a famous man's.

#: gender-guesser's name-data countries (swap/rewriting/roles.py) -> the Faker locales whose common surnames are
#: that country's (fqa_build/lexicons/common_surnames.tsv); a country not here (the United States: its persons
#: carry surnames of every origin) takes a common surname of any locale
_SURNAME_LOCALES = {
    "great_britain": frozenset({"en_GB", "en_IE", "ga_IE", "en_NZ"}),
    "ireland": frozenset({"en_IE", "ga_IE", "en_GB"}),
}


#: a surname in fewer Faker locales' lists than this is one country's rarer name, often one famous carrier's
#: ("Dickens", "Capone"); in two or more it is common stock ("Gallagher", "Berger")
MIN_SURNAME_LOCALES = 2
#: the locales whose surnames are of the English-speaking stock (one culture for `_culture`)
_ENGLISH_LOCALES = frozenset({"en", "en_US", "en_GB", "en_IE", "en_NZ", "ga_IE"})


@functools.cache
def _common_surnames() -> dict[str, frozenset[str]]:
    return {name: frozenset(locales.split(",")) for name, locales in word_map("common_surnames").items()}


def common_surname_locales() -> dict[str, frozenset[str]]:
    """Each surname a country's name lists count as common, with the Faker locales that list it."""
    return _common_surnames()


def surname_cultures(surname: str) -> frozenset[str]:
    """The naming cultures (`_culture`) of the locales whose lists count the surname as common; none where none
    does."""
    return frozenset(_culture(x) for x in _common_surnames().get(surname, ()))


@functools.cache
def _eponyms() -> frozenset[str]:
    return word_set("eponym_surnames")


def _culture(locale: str) -> str:
    """The naming culture of a Faker locale: English-speaking stock, another English locale's country (en_KE,
    en_IN: Kenyan, Indian names), else the language ("de_AT" and "de_DE": German)."""
    if locale in _ENGLISH_LOCALES:
        return "en"
    return locale if locale.startswith("en_") else locale.split("_")[0]


def common_surname(surname: str, original: str) -> bool:
    """Under `common_surnames`: the surname is common stock (in the lists of `MIN_SURNAME_LOCALES` locales or
    more, so no famous carrier comes to mind: "Warhol", "Lebesgue", "Dickens" are not), no surname English derives
    a word from ("Marx": fqa_build/lexicons/eponym_surnames.txt) and, where the original
    surname is in the lists too, of a naming culture it shares ("Hancock" for "Manning", not "Nair")."""
    locales = _common_surnames().get(surname, frozenset())
    if len(locales) < MIN_SURNAME_LOCALES or surname in _eponyms():
        return False
    known = _common_surnames().get(original)
    return known is None or bool({_culture(x) for x in known} & {_culture(x) for x in locales})


def surname_fits(surname: str, countries: tuple[str, ...]) -> bool:
    """Under `common_surnames`: the surname is in the lists of each of these name-data countries that has its own
    (British, Irish: no "Lagat" for a Scottish geologist); True where none has."""
    own = [_SURNAME_LOCALES[c] for c in countries if c in _SURNAME_LOCALES]
    locales = _common_surnames().get(surname, frozenset())
    return all(locales & mine for mine in own)
