"""Person names: the given name of a name and the gender it suggests (`nameparser`, `gender-guesser`)."""

from __future__ import annotations

import functools

from nameparser import HumanName


@functools.lru_cache(maxsize=1)
def _gender_detector():
    import gender_guesser.detector as gender

    return gender.Detector(case_sensitive=False)


_GENDER = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}


@functools.lru_cache(maxsize=200_000)
def first_name(name: str) -> str:
    """The given name of a person ("" if none): nameparser's first name, or a single name itself."""
    parsed = HumanName(name)
    if len(name.split()) == 1:
        return name
    return parsed.first


@functools.lru_cache(maxsize=200_000)
def name_gender(name: str) -> str:
    """male, female or unknown, from the given name (`gender-guesser`)."""
    given = first_name(name).strip(".")
    if len(given) < 2:
        return "unknown"
    return _GENDER.get(_gender_detector().get_gender(given), "unknown")
