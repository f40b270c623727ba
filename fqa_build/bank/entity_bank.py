"""The typed entity bank: every clean entity surface form of the corpus, with one type, shape and counts."""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from fqa_build.bank.entity_kinds import entity_kind, kind_shape, repaired_label
from fqa_build.bank.shapes import entity_shape
from fqa_build.gazetteers.persons import name_gender
from fqa_build.text import YEAR, has_article_before, text_words, word_key
from fqa_build.types import BankEntry, Mention

#: A surface form must be tagged this often in the corpus before an untagged answer is matched to it (the
#: lexicon the swap's matching falls back on).
LEXICON_MIN_FREQUENCY = 1


@dataclass
class _Tally:
    spellings: Counter[str] = field(default_factory=Counter)
    labels: Counter[str] = field(default_factory=Counter)
    article: int = 0
    contexts: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)
    titles: set[str] = field(default_factory=set)


class EntityBankBuilder:
    """Collects mentions context by context; `build` resolves each surface form to its majority type."""

    def __init__(self, classify_kinds: bool = True) -> None:
        self._tallies: dict[str, _Tally] = defaultdict(_Tally)
        #: kind policies: a surface form takes the label its kind evidence shows where NER's majority label
        #: contradicts it, and names with a generic head are grouped by head rather than by token shape
        self.classify_kinds = classify_kinds

    def add_context(
        self, context: str, context_key: str, source: str, mentions: Iterable[Mention], titles: Iterable[str] = ()
    ) -> None:
        titles = tuple(titles)
        for mention in mentions:
            tally = self._tallies[mention.surface.casefold()]
            tally.spellings[mention.surface] += 1
            tally.labels[mention.label] += 1
            tally.article += has_article_before(context, mention.start)
            tally.contexts.add(context_key)
            tally.sources.add(source)
            tally.titles.update(titles)

    def build(self, min_frequency: int = 1) -> EntityBank:
        entries: list[BankEntry] = []
        for tally in self._tallies.values():
            # spellings that differ only in case are one entity; the commonest wins ("early 1990s" over the
            # sentence-initial "Early 1990s"), ties going to the lower-case one
            surface = max(tally.spellings, key=lambda sp: (tally.spellings[sp], sp))
            frequency = sum(tally.labels.values())
            if frequency < min_frequency:
                continue
            # majority label; ties go to the alphabetically first label so the result is order-free
            label = min(tally.labels, key=lambda lab: (-tally.labels[lab], lab))
            if self.classify_kinds:
                label = repaired_label(surface, label)
            with_article = 2 * tally.article > frequency
            entries.append(
                BankEntry(
                    entity=surface,
                    entity_type=label,
                    shape=entity_shape(surface, label, with_article),
                    frequency=frequency,
                    num_contexts=len(tally.contexts),
                    sources=tuple(sorted(tally.sources)),
                    key=word_key(surface),
                    titles=frozenset(tally.titles),
                    label_share=round(
                        tally.labels[min(tally.labels, key=lambda lab: (-tally.labels[lab], lab))] / frequency, 4
                    ),
                )
            )
        # surnames of persons named in full whose given name is a known one ("Nikola Tesla" gives "Tesla"; a
        # "Nervión Rhein" tagged PERSON gives nothing)
        surnames = (
            frozenset(
                e.entity.split()[-1]
                for e in entries
                if e.entity_type == "PERSON"
                and len(e.entity.split()) >= 2
                and name_gender(e.entity.split()[0]) != "unknown"
            )
            if self.classify_kinds
            else frozenset()
        )
        typed = []
        for entry in entries:
            # policies without kinds neither use nor record them (entity_kind is null in their output)
            kind = entity_kind(entry.entity, entry.entity_type, surnames) if self.classify_kinds else None
            shape = entry.shape
            if self.classify_kinds:
                shape = kind_shape(entry.entity, entry.entity_type, entry.shape.endswith("|the"), kind)
            gender = name_gender(entry.entity) if entry.entity_type == "PERSON" else ""
            typed.append(replace(entry, kind=kind, gender=gender, shape=shape))
        return EntityBank(typed, surnames)


class EntityBank:
    """Bank entries sorted by (type, entity), indexed by (type, shape) and by length for ratio filtering."""

    def __init__(self, entries: Sequence[BankEntry], surnames: frozenset[str] = frozenset()) -> None:
        self.entries: list[BankEntry] = sorted(entries, key=lambda e: (e.entity_type, e.entity))
        #: last words of the persons the bank names in full: a one-word PERSON among them is a real surname
        self.surnames = surnames
        #: words the corpus writes in lower case ("way", "live"): no surname for a composed name (set by
        #: fqa_build/bank/build.py for policies that compose names)
        self.common_words: frozenset[str] = frozenset()
        #: all-capital entities, so a swapped acronym takes the form the corpus knows ("FBI")
        self.acronyms = frozenset(e.entity for e in self.entries if e.entity.isupper() and len(e.entity) >= 2)
        groups: dict[tuple[str, str], list[BankEntry]] = defaultdict(list)
        for entry in self.entries:
            groups[(entry.entity_type, entry.shape)].append(entry)
        self._groups = {k: sorted(v, key=lambda e: (len(e.entity), e.entity)) for k, v in groups.items()}
        self._by_surface = {e.entity.casefold(): e for e in self.entries}
        self._indexed: dict[tuple[str, str], ShapeGroup] = {}
        self._keys = frozenset(e.key for e in self.entries if e.key)
        self._prefixes = frozenset(key[:n] for key in self._keys for n in range(1, len(key)))

    def __len__(self) -> int:
        return len(self.entries)

    def keys_in(self, text: str) -> frozenset[tuple[str, ...]]:
        """The word keys of bank entries that occur in `text` as whole words (case-insensitively): the same
        as `ngram_keys(text, n)` (n: the most words of any key) restricted to the bank, found by extending each
        word only while the run is a prefix of some bank key."""
        words = text_words(text)
        found = set()
        keys, prefixes = self._keys, self._prefixes
        for i in range(len(words)):
            for j in range(i + 1, len(words) + 1):
                run = tuple(words[i:j])
                if run in keys:
                    found.add(run)
                if run not in prefixes:
                    break
        return frozenset(found)

    def group(self, entity_type: str, shape: str) -> ShapeGroup:
        """The entries of a type and shape, shortest first, with word indexes for fast exclusion."""
        key = (entity_type, shape)
        found = self._indexed.get(key)
        if found is None:
            found = self._indexed[key] = ShapeGroup(self._groups.get(key, []))
        return found

    def entry_of(self, surface: str) -> BankEntry | None:
        """The bank's entry of a surface form (case-insensitive), or None."""
        return self._by_surface.get(surface.casefold())

    def label_of(self, surface: str, label: str) -> str | None:
        """The bank's (majority) type of a mention's surface form, or None when it is not in the bank."""
        entry = self._by_surface.get(surface.casefold())
        return entry.entity_type if entry else None

    def label_share_of(self, surface: str) -> float:
        """How consistently NER labels a surface form (1.0 when it is not in the bank)."""
        entry = self._by_surface.get(surface.casefold())
        return entry.label_share if entry else 1.0

    def restricted(self, entity_types: Iterable[str]) -> EntityBank:
        """The entries of the given types only."""
        wanted = frozenset(entity_types)
        return EntityBank([e for e in self.entries if e.entity_type in wanted], self.surnames)

    def lexicon(self, min_frequency: int) -> dict[str, str]:
        """Case-folded surface form -> type, for entries tagged at least `min_frequency` times."""
        return {e.entity.casefold(): e.entity_type for e in self.entries if e.frequency >= min_frequency}

    def counts_by_type(self) -> dict[str, int]:
        return dict(sorted(Counter(e.entity_type for e in self.entries).items()))


class ShapeGroup:
    """The entries of one (type, shape), shortest first, indexed by word key and by word, so the entries a
    context or an original name excludes are found with set operations instead of a scan of the group."""

    def __init__(self, entries: Sequence[BankEntry]) -> None:
        self.entries = list(entries)
        self.lengths = [len(e.entity) for e in self.entries]
        self.by_key: dict[tuple[str, ...], list[int]] = defaultdict(list)
        self.by_word: dict[str, list[int]] = defaultdict(list)
        for i, entry in enumerate(self.entries):
            self.by_key[entry.key].append(i)
            for word in set(entry.key):
                self.by_word[word].append(i)
        self.keys = frozenset(self.by_key)
        self._by_year: dict[int, list[int]] | None = None

    def indexes_with_year(self, first: int, last: int) -> list[int]:
        """Indexes (ascending) of the entries whose first 4-digit year lies in [first, last]."""
        if self._by_year is None:
            self._by_year = defaultdict(list)
            for i, entry in enumerate(self.entries):
                found = YEAR.search(entry.entity)
                if found is not None:
                    self._by_year[int(found.group())].append(i)
        return sorted(i for year in range(first, last + 1) for i in self._by_year.get(year, ()))

    def length_range(self, min_len: float, max_len: float) -> tuple[int, int]:
        """The index range [lo, hi) of entries whose length lies in [min_len, max_len]."""
        return bisect.bisect_left(self.lengths, min_len), bisect.bisect_right(self.lengths, max_len)
