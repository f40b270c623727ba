"""The bank's entities in embedding space, to rank candidates by similarity to the original (the neighbours
draw). Apart from `candidates.py` and `state.py`, which both name it, so neither imports the other for it."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from fqa_build.bank.embeddings import embed, rank_by_similarity
from fqa_build.bank.entity_bank import EntityBank
from fqa_build.swap.rewriting.aliases import is_alias
from fqa_build.types import BankEntry


class BankVectors:
    """Embeddings of the bank's entities, to rank candidates by similarity to the original."""

    def __init__(self, bank: EntityBank, types: frozenset[str] | None = None) -> None:
        # only the types a policy swaps are ever ranked (each text is embedded on its own: the same vectors)
        entries = [entry for entry in bank.entries if types is None or entry.entity_type in types]
        self._row = {entry.entity: i for i, entry in enumerate(entries)}
        self._matrix = embed([entry.entity for entry in entries])
        self._queries: dict[str, np.ndarray] = {}

    def prime(self, originals: Sequence[str]) -> None:
        """Embed the names that will be looked up, in one batch (the same vectors as one by one, measured:
        wordllama embeds each text on its own), so the workers do not embed them one call at a time."""
        for text, vector in zip(originals, embed(list(originals)), strict=True):
            self._queries[text] = vector

    def _query(self, original: str) -> np.ndarray:
        vector = self._queries.get(original)
        return vector if vector is not None else embed([original])[0]

    def rank(self, original: str, names: Sequence[str]) -> list[int]:
        """Indexes of `names` (bank entities) from the most to the least similar to the original."""
        rows = self._matrix[[self._row[name] for name in names]]
        order, _ = rank_by_similarity(self._query(original), rows)
        return [int(i) for i in order]

    def nearest(
        self, original: str, pool: Sequence[BankEntry], alias_similarity: float, k: int
    ) -> tuple[list[tuple[BankEntry, float]], int]:
        """The k candidates most similar to the original that are not aliases of it (an acronym or known
        other name, or similarity >= `alias_similarity`), and how many aliases were passed over on the way."""
        if not pool:
            return [], 0
        query = self._query(original)
        rows = self._matrix[[self._row[entry.entity] for entry in pool]]
        order, sims = rank_by_similarity(query, rows)
        ranked: list[tuple[BankEntry, float]] = []
        skipped = 0
        for i in order:
            if sims[i] >= alias_similarity or is_alias(original, pool[i].entity):
                skipped += 1
                continue
            ranked.append((pool[i], float(sims[i])))
            if len(ranked) == k:
                break
        return ranked, skipped
