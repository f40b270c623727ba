"""Deterministic train/dev/test assignment, grouped so no context appears in two splits."""

from __future__ import annotations

from ..hashing import stable_int

SPLITS = ("train", "dev", "test")
DEFAULT_FRACTIONS = (0.8, 0.1, 0.1)


def assign_split(group_key: str, seed: int = 42, fractions: tuple[float, float, float] = DEFAULT_FRACTIONS) -> str:
    """The split of every sample whose group (its original context's sha256) is `group_key`."""
    bucket = stable_int("split", seed, group_key) % 10_000 / 10_000
    if bucket < fractions[0]:
        return SPLITS[0]
    if bucket < fractions[0] + fractions[1]:
        return SPLITS[1]
    return SPLITS[2]
