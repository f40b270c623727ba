"""Stable hashing: every random choice and split derives from these, never from `hash()` or global state."""

from __future__ import annotations

import hashlib
import random


def stable_int(*parts: object) -> int:
    """A 64-bit integer from the parts' text, the same on every machine and under every PYTHONHASHSEED."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


def rng_for(*parts: object) -> random.Random:
    """A private RNG seeded by a stable hash of the parts (e.g. seed and sample id)."""
    return random.Random(stable_int(*parts))


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sha256_file(path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
