"""A replacement the swap makes rather than draws from the bank (a composed person, a country map, a town, a
composed name), as the `BankEntry` the rest of the swap reads: no frequency, no contexts, its source named."""

from __future__ import annotations

from fqa_build.bank.shapes import entity_shape
from fqa_build.text import word_key
from fqa_build.types import BankEntry

#: the kind a work of art with no generic head gets where the policy makes works (a title: "Hamlet", "The Simpsons")
TITLE_KIND = "title"


def made_entry(entity: str, entity_type: str, kind: str | None, source: str, gender: str = "") -> BankEntry:
    """The entry of a made replacement (`source` says how it was made: "composed", "country_map", ...)."""
    return BankEntry(
        entity=entity,
        entity_type=entity_type,
        shape=entity_shape(entity, entity_type, False),
        frequency=0,
        num_contexts=0,
        sources=(source,),
        key=word_key(entity),
        kind=kind,
        gender=gender,
    )
