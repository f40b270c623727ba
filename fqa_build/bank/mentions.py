"""A context's mentions: NER entities normalised and located, typed by the bank's majority label, and with the
year inside a DATE phrase offered on its own."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from fqa_build.text import YEAR, normalize_entity
from fqa_build.types import Entity, Mention


def mentions_of(context: str, entities: Iterable[Entity], labels: frozenset[str]) -> list[Mention]:
    """The usable mentions of the chosen labels: normalised, and located inside their NER span."""
    out: list[Mention] = []
    for start, end, label in entities:
        if label not in labels:
            continue
        if label != "PERSON" and _POSSESSIVE_INSIDE_NAME.match(context, end - 2):
            continue  # "World's" of "World's Fair": the name goes on past what NER tagged
        surface = normalize_entity(context[start:end], label)
        if surface is None:
            continue
        offset = context.find(surface, start, end)
        if offset < 0:
            continue
        out.append(Mention(offset, offset + len(surface), label, surface, start, end))
    return out


def relabel(
    mentions: Iterable[Mention], label_of: Callable[[str, str], str | None], keep: frozenset[str]
) -> list[Mention]:
    """Mentions carrying the bank's type of their surface form (one type per surface form across the corpus),
    restricted to the types in `keep`."""
    out = []
    for mention in mentions:
        label = label_of(mention.surface, mention.label) or mention.label
        if label in keep:
            out.append(mention if label == mention.label else replace(mention, label=label))
    return out


_POSSESSIVE_INSIDE_NAME = re.compile(r"['’]s\s+[A-Z]")


def _next_to_punctuation(text: str, start: int, end: int) -> bool:
    return text[start - 1 : start] in (",", ".") or text[end : end + 1] in (",", ".")


def with_year_cores(mentions: Iterable[Mention]) -> list[Mention]:
    """The mentions plus, for each DATE phrase holding a year ("the end of the 1993 season"), the year
    alone as a DATE mention: when no phrase of that shape can replace the whole, a year can replace the year."""
    out = list(mentions)
    for mention in list(out):
        if mention.label != "DATE" or mention.surface.isdigit():
            continue
        for found in YEAR.finditer(mention.surface):
            if _next_to_punctuation(mention.surface, found.start(), found.end()):
                continue  # "1989," of "9 November 1989,": the date goes on, the year is not a phrase's core
            start = mention.start + found.start()
            core = Mention(start, start + 4, "DATE", found.group(), start, start + 4)
            if core not in out:
                out.append(core)
    return out
