"""The development half and the held-out half of every source (`../shared/QUALITY.md`, steps 5-6).

Checks are written only from what is seen in development sheets; the blind audit that counts is drawn from the
held-out half. A record's half is a stable hash of its group: the article (SQuAD's title, an NQ passage's
Wikipedia title, a TriviaQA evidence page; underscores read as spaces) or, where a record has none, its
passage. Every question of an article, and every article's paragraphs, fall in one half, so a check written
from one paragraph never sees its neighbours in the held-out sheet. The hash is salted with a fixed name of
its own, so the halves are independent of the train/dev/test split (`release/splits.py`) and of every seed.
"""

from __future__ import annotations

from enum import StrEnum

from fqa_build.hashing import sha256_text, stable_int

#: a fixed salt: changing it would move every article to a fresh half (and void every development sheet)
HALVES_SALT = "faithfulness-qa halves v1"


class Half(StrEnum):
    """The two halves of every source."""

    DEVELOPMENT = "development"
    HELD_OUT = "held-out"


def group_key(title: str | None, context: str, evidence_title: str | None = None) -> str:
    """What a record's half is drawn by: its evidence page or article title, else its passage's sha256."""
    for name in (evidence_title, title):
        if name and name.strip():
            return "title:" + " ".join(name.replace("_", " ").split()).casefold()
    return "passage:" + sha256_text(context)


def half_of(title: str | None, context: str, evidence_title: str | None = None) -> Half:
    """The half of a record (or an output row) with that title, context and evidence page."""
    key = group_key(title, context, evidence_title)
    return Half.DEVELOPMENT if stable_int(HALVES_SALT, key) % 2 == 0 else Half.HELD_OUT


def row_half(row: dict) -> Half:
    """The half of an output row of the `default` config (its group is the original passage's)."""
    return half_of(row.get("title"), row["original_context"], row.get("evidence_title"))
