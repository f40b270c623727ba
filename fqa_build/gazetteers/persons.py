"""Person names: the given name of a name and the gender it suggests (`nameparser`, `gender-guesser`)."""

from __future__ import annotations

import functools

from nameparser import HumanName


@functools.lru_cache(maxsize=1)
def _gender_detector():
    import gender_guesser.detector as gender

    return gender.Detector(case_sensitive=False)


_GENDER = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}


@functools.cache
def _special_words() -> frozenset[str]:
    from nameparser.config import CONSTANTS

    return frozenset(
        set(CONSTANTS.titles)
        | set(CONSTANTS.prefixes)
        | set(CONSTANTS.conjunctions)
        | set(CONSTANTS.suffix_acronyms)
        | set(CONSTANTS.suffix_not_acronyms)
    )


def _plain_word(word: str) -> bool:
    if len(word) == 2 and word[0].isupper() and word[0].isalpha() and word[1] == ".":
        return True  # an initial
    return all(len(p) >= 2 and p[0].isupper() and p[1:].isalpha() and p[1:].islower() for p in word.split("-"))


def plain_name(name: str) -> bool:
    """True for a name nameparser splits into first word = given name, last word = surname: capitalised words
    ("Nikola Tesla", "Dorothea Prühl", "Hans-Peter Grosshans") and initials ("J. A. Hobson"), none of them a
    title, prefix, conjunction or suffix nameparser knows, the last no initial. Parsing it is skipped (it costs
    ~0.2 ms); checked against nameparser on every name of the SQuAD dev and train-slice banks (5,877 names)."""
    words = name.split(" ")
    if len(words) < 2 or words[-1].endswith(".") or not all(_plain_word(w) for w in words):
        return False
    special = _special_words()
    return not any(w.lower() in special or w.lower().rstrip(".") in special for w in words)


@functools.lru_cache(maxsize=200_000)
def first_name(name: str) -> str:
    """The given name of a person ("" if none): nameparser's first name, or a single name itself."""
    if len(name.split()) == 1:
        return name
    if plain_name(name):
        return name.split(" ", 1)[0]
    return HumanName(name).first


@functools.lru_cache(maxsize=200_000)
def name_gender(name: str) -> str:
    """male, female or unknown, from the given name (`gender-guesser`)."""
    given = first_name(name).strip(".")
    if len(given) < 2:
        return "unknown"
    return _GENDER.get(_gender_detector().get_gender(given), "unknown")


@functools.lru_cache(maxsize=200_000)
def firm_gender(name: str) -> str:
    """male or female where `gender-guesser` gives the given name that gender without a "mostly" ("Hugh", not
    "Cam"), else unknown."""
    given = first_name(name).strip(".")
    if len(given) < 2:
        return "unknown"
    found = _gender_detector().get_gender(given)
    return found if found in ("male", "female") else "unknown"
