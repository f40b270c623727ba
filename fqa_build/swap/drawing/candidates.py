"""Drawing a replacement: the candidate pool (same type and shape, filtered), and the draw strategies a policy
names ("uniform" over the pool, or "neighbours": among the nearest candidates in embedding space, aliases
excluded), seeded by a stable hash of (seed, sample id)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.bank.entity_kinds import HEAD_LABELS
from fqa_build.config import SubstitutionConfig
from fqa_build.gazetteers.persons import name_gender
from fqa_build.hashing import rng_for
from fqa_build.labels import NUMERIC_LABELS
from fqa_build.reasons import Reason
from fqa_build.swap.rules.labels import MIN_LABEL_SHARE
from fqa_build.text import contains_key, word_key
from fqa_build.types import BankEntry

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


def candidate_pool(
    bank: EntityBank,
    entity_type: str,
    shape: str,
    original: str,
    forbidden: Sequence[frozenset[tuple[str, ...]]],
    old_parts: Sequence[str],
    config: SubstitutionConfig,
    keep: Callable[[BankEntry], bool] | None = None,
    years: tuple[int, int] | None = None,
) -> Sequence[BankEntry]:
    """Every bank entry that may replace `original`: same type and shape, length ratio within bounds, a
    different entity, absent from the context and question (`forbidden` n-gram sets), not containing the
    original or a part of its name, and passing `keep` (the policy's kind, gender and place filters). In the
    bank's order (shortest first), so a seeded draw from it is deterministic. `years` (first, last): `keep`
    passes only entries whose first year lies there, so only those are tested."""
    n = len(original)
    group = bank.group(entity_type, shape)
    lo, hi = group.length_range(config.min_length_ratio * n, config.max_length_ratio * n)
    own_keys = [word_key(original), *(word_key(p) for p in old_parts)]
    excluded: set[int] = set(group.by_key.get(own_keys[0], ()))
    for grams in forbidden:
        for key in group.keys.intersection(grams):
            excluded.update(group.by_key[key])
    for own in own_keys:
        for i in group.by_word.get(own[0], ()) if own else ():
            if contains_key(group.entries[i].key, own):
                excluded.add(i)
    if keep is None:
        return ExcludingSlice(group.entries, lo, hi, sorted(i for i in excluded if lo <= i < hi))
    indexes = range(lo, hi) if years is None else [i for i in group.indexes_with_year(*years) if lo <= i < hi]
    return [group.entries[i] for i in indexes if i not in excluded and keep(group.entries[i])]


class ExcludingSlice(Sequence):
    """entries[lo:hi] without the (sorted) excluded indexes, indexed without copying: the i-th item is found
    by stepping over the excluded indexes at or before it."""

    def __init__(self, entries: Sequence[BankEntry], lo: int, hi: int, excluded: Sequence[int]) -> None:
        self._entries, self._lo, self._hi, self._excluded = entries, lo, hi, excluded

    def __len__(self) -> int:
        return self._hi - self._lo - len(self._excluded)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        index = self._lo + i
        for skipped in self._excluded:
            if skipped > index:
                break
            index += 1
        return self._entries[index]

    def __iter__(self):
        excluded = set(self._excluded)
        return (self._entries[i] for i in range(self._lo, self._hi) if i not in excluded)


@functools.cache
def plausible_replacement(entry: BankEntry) -> bool:
    """Stricter evidence for what is drawn than for what is replaced: a person's given name must be one
    `gender-guesser` knows (so no "Jacksonville Beaches" or "Morris Inn" tagged PERSON is drawn), and a
    two-word place or body named "<given name> <head>" ("Frank Ocean") is not drawn as a place."""
    if entry.label_share < MIN_LABEL_SHARE:
        return False
    if entry.entity_type == "PERSON":
        return entry.gender in ("male", "female") and not entry.shape.endswith("|the")
    if entry.entity.casefold() in ("one", "a", "an"):
        return False  # "forced him into one turnovers"
    if entry.entity_type in HEAD_LABELS and entry.frequency < 2:
        return False  # an organisation, place or event NER saw once ("Second University") is too often a fragment
    words = entry.entity.split()
    if entry.entity_type in ("LOC", "FAC", "ORG", "GPE") and len(words) == 2 and name_gender(words[0]) != "unknown":
        return False
    return True


def draw_uniform(swap: Swap, pool: Sequence[BankEntry]) -> Reason | None:
    """Any candidate of the pool, uniformly."""
    rng = rng_for(swap.config.seed, swap.record.id)
    swap.entry = pool[rng.randrange(len(pool))]
    return None


def draw_neighbours(swap: Swap, pool: Sequence[BankEntry]) -> Reason | None:
    """One of the policy's `neighbour_k` candidates nearest the original that are not aliases of it. Close
    years and numbers embed close together without being aliases: the similarity cap is for names only."""
    vectors = swap.vectors
    if vectors is None:  # no embeddings given (a caller without the bank's vectors): the uniform draw
        return draw_uniform(swap, pool)
    cap = 1.01 if swap.label in NUMERIC_LABELS else swap.policy.alias_similarity
    ranked, swap.aliases_excluded = vectors.nearest(swap.original, pool, cap, swap.policy.neighbour_k)
    if not ranked:
        return Reason.ONLY_ALIASES
    rng = rng_for(swap.config.seed, swap.record.id)
    swap.entry, swap.similarity = ranked[rng.randrange(len(ranked))]
    return None


DRAWS: dict[str, Callable[[Swap, Sequence[BankEntry]], Reason | None]] = {
    "uniform": draw_uniform,
    "neighbours": draw_neighbours,
}
