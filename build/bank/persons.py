"""Person names: the given name of a name and the gender it suggests (`nameparser`, `gender-guesser`)."""

from __future__ import annotations

import functools
import re

from nameparser import HumanName


@functools.lru_cache(maxsize=1)
def _gender_detector():
    import gender_guesser.detector as gender

    return gender.Detector(case_sensitive=False)


_GENDER = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}


#: capitalised words only ("Nikola Tesla", "John Quincy Adams"): nameparser reads the first word as the given
#: name and the last as the surname unless a word is a title, prefix, conjunction or suffix it knows
_PLAIN_NAME = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)+$")


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


def plain_name(name: str) -> bool:
    """True for a name nameparser splits into first word = given name, last word = surname (checked against
    nameparser on every name of the SQuAD dev and train-slice banks): parsing it is skipped (it costs ~0.2 ms)."""
    return bool(_PLAIN_NAME.match(name)) and not any(w.lower() in _special_words() for w in name.split())


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
