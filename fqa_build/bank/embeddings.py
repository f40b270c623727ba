"""Semantic neighbours: static `wordllama` embeddings (256-dimensional, weights shipped in the wheel, no
network), so a replacement can be drawn among the entities nearest the original (an army for an army)."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence

import numpy as np


@functools.lru_cache(maxsize=1)
def _model():
    import wordllama
    from wordllama import WordLlama

    # the package folder holds the weights and tokenizer config; pointing the cache there and disabling
    # downloads keeps it offline (its default lookup tries to fetch the tokenizer)
    return WordLlama.load(cache_dir=os.path.dirname(wordllama.__file__), disable_download=True)


def model_version() -> str:
    from importlib import metadata

    return f"wordllama=={metadata.version('wordllama')} (l2_supercat_256)"


def embed(texts: Sequence[str]) -> np.ndarray:
    """Unit-length embeddings, one row per text (float32)."""
    if not texts:
        return np.zeros((0, 256), dtype=np.float32)
    vectors = np.asarray(_model().embed(list(texts), norm=True), dtype=np.float32)
    return vectors


def rank_by_similarity(query: np.ndarray, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Candidate indices from most to least similar to the query, and the cosine similarities (the order is
    stable: ties keep the candidates' order)."""
    sims = candidates @ query
    order = np.argsort(-sims, kind="stable")
    return order, sims
