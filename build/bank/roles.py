"""Roles: what the text calls a person ("quarterback Cam Newton", "J. F. D. Shrewsbury, a Danish
bacteriologist"), so a person is replaced by one the corpus gives the same role (no novelist replaced by a
media executive, no quarterback by a fullback).

A role is a word of build/lexicons/person_roles.txt right before a mention ("quarterback", "Associate
Administrator"), or the head of an appositive right after it (", a papal nuncio,").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ..lexicons import word_set

_BEFORE = re.compile(r"(?:^|[^\w-])([A-Za-z]{3,})[^\S\n]+$")
_APPOSITIVE = re.compile(r",[^\S\n]+(?:a|an|the)[^\S\n]+(?:[\w-]+[^\S\n]+){0,3}?([a-z]{3,})[^\S\n]*[,.;)]")
#: how far before a mention the role word may start
_LOOKBACK = 40


@functools.cache
def _roles() -> frozenset[str]:
    return word_set("person_roles")


def is_role(word: str) -> bool:
    """A word that names what a person is (build/lexicons/person_roles.txt), in any case."""
    return word.casefold() in _roles()


def roles_at(text: str, spans: Iterable[tuple[int, int]]) -> frozenset[str]:
    """The roles the text gives the person mentioned at `spans`."""
    roles: set[str] = set()
    for start, end in spans:
        before = _BEFORE.search(text, max(0, start - _LOOKBACK), start)
        if before is not None and is_role(before.group(1)):
            roles.add(before.group(1).casefold())
        after = _APPOSITIVE.match(text, end)
        if after is not None and is_role(after.group(1)):
            roles.add(after.group(1))
    return frozenset(roles)


_WORD = re.compile(r"[\w'-]+")
_ASKING = frozenset({"what", "which", "whose", "who"})
_LINKS = frozenset({"is", "was", "became", "the", "a", "an"})


def roles_asked(question: str) -> frozenset[str]:
    """The role a question names for the person it asks about ("What journalist ...", "Which German architect",
    "Who is the quarterback ..."): a role word among the three words after its wh-word (past "is the")."""
    words = [w.casefold() for w in _WORD.findall(question)]
    found: set[str] = set()
    for i, word in enumerate(words):
        if word not in _ASKING or (word == "who" and words[i + 1 : i + 2] not in (["is"], ["was"], ["became"])):
            continue
        j = i + 1
        while j < len(words) and words[j] in _LINKS:
            j += 1
        found.update(w for w in words[j : j + 3] if is_role(w))
    return frozenset(found)
