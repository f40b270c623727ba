"""The "City, State" pairs of a text: whether a place name heads one or closes one, and the place it is paired
with. Apart from the rules (`rules/places.py`) so that the swap's state reads a pair without importing them."""

from __future__ import annotations

import re

from fqa_build.gazetteers.places import Place, place

_PAIR_AFTER = re.compile(r",\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*)")


_PAIR_BEFORE = re.compile(r"([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*),\s+$")


def gpe_pair(context: str, start: int, end: int) -> tuple[str, Place | None]:
    """Whether a place name is the first ("city") or second ("region") element of a "City, State" pair, with
    the region it is paired with; ("", None) when it stands alone."""
    after = _PAIR_AFTER.match(context, end)
    if after:
        region = longest_place(after.group(1))
        if region is not None and region.kind in ("state", "country"):
            return "city", region
    before = _PAIR_BEFORE.search(context[max(0, start - 60) : start])
    if before:
        first = place(before.group(1))
        if first is not None and first.kind == "city" or before.group(1).istitle():
            return "region", place(context[start:end])
    return "", None


def longest_place(words: str) -> Place | None:
    """The place named by the longest leading run of the words ("California. As" -> California)."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        found = place(" ".join(parts[:n]).rstrip(".,;:"))
        if found is not None:
            return found
    return None
