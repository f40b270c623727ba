"""The build's configuration: frozen dataclasses filled by the CLI or by a caller (no algorithm is imported
here)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from fqa_build.labels import ALL_ENTITY_TYPES, DEFAULT_ENTITY_TYPES

BANK_CORPORA = ("paragraphs", "all")
#: the name `paragraphs` had before issue 36 (it never meant SQuAD alone)
OLD_BANK_CORPUS_NAMES = {"squad": "paragraphs"}
NER_SCOPES = ("auto", "context")
#: The policy `--policy` defaults to (a name of `fqa_build.swap.policies.registry.POLICIES`).
DEFAULT_POLICY = "context_v18"
#: Characters of the TriviaQA evidence window around the answer.
DEFAULT_WINDOW_CHARS = 1600


@dataclass(frozen=True)
class SubstitutionConfig:
    """What governs drawing and checking a replacement: the draw seed, the versioned policy (a name or a file) and
    the reference work's bounds."""

    seed: int = 42
    min_length_ratio: float = 0.3
    max_length_ratio: float = 3.0
    max_occurrences: int = 10
    min_context_chars: int = 50
    policy: str = DEFAULT_POLICY


@dataclass(frozen=True)
class ShardLayout:
    """How rows become files: rows per shard, and rows per row group (small, for the Hub viewer)."""

    max_rows_per_shard: int = 100_000
    row_group_size: int = 2_000


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "faithfulness-qa"


def parse_entity_types(value: str) -> tuple[str, ...]:
    """`default`, `all`, or a comma-separated list of OntoNotes labels."""
    if value == "default":
        return DEFAULT_ENTITY_TYPES
    if value == "all":
        return ALL_ENTITY_TYPES
    labels = tuple(dict.fromkeys(v.strip().upper() for v in value.split(",") if v.strip()))
    unknown = [label for label in labels if label not in ALL_ENTITY_TYPES]
    if unknown or not labels:
        raise ValueError(f"unknown entity type(s) {unknown or value!r}; choose from {', '.join(ALL_ENTITY_TYPES)}")
    return labels


ENGINES = ("local", "ray")


@dataclass(frozen=True)
class EngineConfig:
    """The engine the stages run on; nothing here changes the output."""

    name: str = "local"
    #: an existing Ray cluster ("ray://head:10001", "auto"); None starts a local Ray instance for the build
    ray_address: str | None = None
    #: CPUs of the local Ray instance (None: the build's `workers`)
    ray_num_cpus: int | None = None
    #: the NER cache every Ray worker reads and writes: a path or a pyarrow filesystem URI the cluster shares
    #: ("s3://bucket/prefix"); None: `<cache-dir>/ner-shared`, or no cache under --no-cache (which refuses a URI)
    cache_uri: str | None = None
    #: Ray Data's own progress bars (off: the build logs its progress)
    ray_progress: bool = False

    def __post_init__(self) -> None:
        if self.name not in ENGINES:
            raise ValueError(f"engine {self.name!r}: choose from {', '.join(ENGINES)}")
        ray_only = {
            "--ray-address": self.ray_address,
            "--ray-num-cpus": self.ray_num_cpus,
            "--ner-cache-uri": self.cache_uri,
            "--ray-progress": self.ray_progress or None,
        }
        given = [flag for flag, value in ray_only.items() if value is not None]
        if self.name != "ray" and given:
            raise ValueError(f"{', '.join(given)}: only with --engine ray")


#: a Hub repo id: a namespace and a name of letters, digits, "-", "_" and "." (huggingface_hub's rule, in short)
_REPO_ID = re.compile(r"[A-Za-z0-9][\w.-]{0,95}/[A-Za-z0-9][\w.-]{0,95}")


@dataclass(frozen=True)
class BuildConfig:
    """Everything that determines a build's output (and a few things, like workers, that must not)."""

    out: Path
    sources: tuple[str, ...] = ()
    bank_sources: tuple[str, ...] = ()  # read only to enlarge the entity bank (no samples are made from them)
    split_seed: int = 42
    workers: int = 1
    spacy_model: str | None = None
    batch_size: int = 64
    entity_types: tuple[str, ...] = DEFAULT_ENTITY_TYPES
    window_chars: int = DEFAULT_WINDOW_CHARS
    cache_dir: Path | None = field(default_factory=default_cache_dir)
    min_bank_frequency: int = 1
    substitution: SubstitutionConfig = SubstitutionConfig()
    layout: ShardLayout = ShardLayout()
    progress: bool = True
    #: which contexts feed the entity bank (and get whole-context NER): "paragraphs" (the Wikipedia-paragraph
    #: sources, fqa_build/read/formats.py `paragraph_sources`, and every --bank-source) or "all"
    bank_corpus: str = "paragraphs"
    #: "auto": contexts outside the bank corpus get NER on the sentences around their answers only
    #: (fqa_build/ner/snippets.py); "context": whole contexts everywhere
    ner_scope: str = "auto"
    #: also write `rejections.parquet` (id, reason, entity, type of every rejected record) beside the build
    write_rejections: bool = False
    #: held-out sets to decontaminate against (fqa_build/read/decontaminate.py): files of questions and passages
    exclude: tuple[str, ...] = ()
    #: where the stages run (fqa_build/engines/): "local" (forked processes) or "ray" (Ray Data); the output is the
    #: same byte for byte
    engine: EngineConfig = EngineConfig()
    #: the Hub dataset repo (ORG/NAME) the card's "How to load" names; None: the placeholder
    #: `faithfulness_qa.HUB_REPO_ID`, which the card names as one
    repo_id: str | None = None

    def __post_init__(self) -> None:
        if self.repo_id is not None and not _REPO_ID.fullmatch(self.repo_id):
            raise ValueError(f"repo id {self.repo_id!r} is not a Hub dataset repo id like ORG/NAME")
        if self.bank_corpus in OLD_BANK_CORPUS_NAMES:
            raise ValueError(
                f"bank corpus {self.bank_corpus!r} is now called {OLD_BANK_CORPUS_NAMES[self.bank_corpus]!r} "
                "(it covers every paragraph source, not SQuAD alone)"
            )
        if self.bank_corpus not in BANK_CORPORA:
            raise ValueError(f"bank corpus {self.bank_corpus!r}: choose from {', '.join(BANK_CORPORA)}")
        if self.ner_scope not in NER_SCOPES:
            raise ValueError(f"NER scope {self.ner_scope!r}: choose from {', '.join(NER_SCOPES)}")
        if self.cache_dir is None and self.engine.cache_uri is not None:
            raise ValueError("--no-cache and --ner-cache-uri: choose one (no cache, or the shared one)")
        for specs in (self.sources, self.bank_sources):
            seen: dict[str, str] = {}
            for spec in specs:
                kind, _, path = spec.partition(":")
                key = f"{kind}:{Path(path).expanduser().resolve()}" if path else kind
                if key in seen:
                    # every question read again is a duplicate_id skip: the kept share would halve silently
                    raise ValueError(f"source {spec!r} is given twice (as {seen[key]!r}); give each input once")
                seen[key] = spec

    def options(self) -> dict[str, object]:
        """The options that shape the output, as recorded in the manifest."""
        sub = self.substitution
        return {
            "seed": sub.seed,
            "policy": sub.policy,
            "split_seed": self.split_seed,
            "entity_types": list(self.entity_types),
            "window_chars": self.window_chars,
            "min_bank_frequency": self.min_bank_frequency,
            "bank_sources": [
                s.split(":", 1)[0] + (":" + s.split(":", 1)[1].rsplit("/", 1)[-1] if ":" in s else "")
                for s in self.bank_sources
            ],
            "min_length_ratio": sub.min_length_ratio,
            "max_length_ratio": sub.max_length_ratio,
            "max_occurrences": sub.max_occurrences,
            "min_context_chars": sub.min_context_chars,
            "bank_corpus": self.bank_corpus,
            "ner_scope": self.ner_scope,
            **({"exclude": [Path(p).name for p in self.exclude]} if self.exclude else {}),
            "max_rows_per_shard": self.layout.max_rows_per_shard,
            "row_group_size": self.layout.row_group_size,
            **({"repo_id": self.repo_id} if self.repo_id else {}),
        }
