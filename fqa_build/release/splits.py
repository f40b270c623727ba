"""Deterministic train/dev/test assignment by split group (`read/split_groups.py`): no passage, article or
question appears in two splits."""

from __future__ import annotations

from fqa_build.hashing import stable_int

SPLITS = ("train", "dev", "test")
DEFAULT_FRACTIONS = (0.8, 0.1, 0.1)


def assign_split(group_key: str, seed: int = 42, fractions: tuple[float, float, float] = DEFAULT_FRACTIONS) -> str:
    """The split of every sample whose split group's key (the smallest original context sha256 of the records
    it shares a passage, an article or a question with) is `group_key`."""
    bucket = stable_int("split", seed, group_key) % 10_000 / 10_000
    if bucket < fractions[0]:
        return SPLITS[0]
    if bucket < fractions[0] + fractions[1]:
        return SPLITS[1]
    return SPLITS[2]
