"""The offline build, stage by stage: read -> NER -> bank -> swap -> split and release (Parquet, stats,
manifest, card), published atomically. Each stage lives in its package; this module only calls them in order."""

from __future__ import annotations

import gc
import logging
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .bank.build import build_bank, typed_mentions
from .config import BuildConfig
from .hashing import sha256_file
from .ner.plan import plan_ner, run_ner_plan
from .read.inputs import load_inputs
from .release.manifest import build_manifest
from .release.parquet import MANIFEST_NAME, STATS_NAME, atomic_output_dir, check_output_dir, write_json
from .release.stats import build_stats
from .swap.orchestration.match import LEXICON_MIN_FREQUENCY
from .swap.policies.registry import get_policy
from .warmup import Warmup

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BuildResult:
    out: Path
    stats: dict[str, Any]
    manifest: dict[str, Any]


class NothingKeptError(ValueError):
    """A build that kept no question: there is nothing to release (and an empty `default` config cannot be
    loaded), so nothing is written."""


def nothing_kept_message(stats: dict, out: Path) -> str:
    """What a build that kept nothing says: how many questions it read and why they went, largest first."""
    reasons: dict[str, int] = {}
    for source in stats["sources"].values():
        for reason, count in source["rejected"].items():
            reasons[reason] = reasons.get(reason, 0) + count
    why = ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items(), key=lambda r: (-r[1], r[0]))[:5])
    total = stats["total"]
    read = f"read {total} question{'s' * (total != 1)} and kept none ({why})" if total else "read no question"
    return f"the build {read}: nothing to release; {out} is as it was"


def run_build(config: BuildConfig, retain: list | None = None) -> BuildResult:
    """Build the dataset into `config.out`. Input errors raise before anything is written; the folder appears
    complete or not at all. With `retain` the build's working state (records, entities, bank, ...) is appended
    to it instead of being freed: a command that exits right after saves the 0.3 s freeing it costs."""
    was_enabled = gc.isenabled()
    try:
        result, state = _run_build(config)
        if retain is not None:
            retain.append(state)
            # and the collector, back on, must not scan the millions of objects kept (0.25 s, measured)
            gc.freeze()
        return result
    finally:
        if was_enabled:
            gc.enable()


def _run_build(config: BuildConfig) -> tuple[BuildResult, dict]:
    check_output_dir(config.out)  # before any work: atomic_output_dir checks again when it writes
    if config.engine.name == "ray":
        from .engines.ray_engine import ray_session

        with ray_session(config) as session:
            return _run_stages(config, session)
    return _run_stages(config, None)


def _run_stages(config: BuildConfig, session: Any) -> tuple[BuildResult, dict]:
    """The stages in order, on the local engine (`session` None) or on Ray (`session` a RaySession)."""
    started = time.perf_counter()
    policy = get_policy(config.substitution.policy)
    # the labels the policy adds to --entity-types are matched, banked and recorded as the build's own
    config = replace(config, entity_types=policy.matched_types(config.entity_types))

    # read
    inputs = load_inputs(config)
    records = inputs.records
    log.info("read %d usable questions from %d input(s)", len(records), len(inputs.loaded.inputs))
    sample_contexts = len({inputs.key_of[r.id] for r in records})

    # NER
    plan = plan_ner(config, inputs)
    log.info(
        "%d unique contexts for %d questions; %d feed the entity bank; %d texts to NER (%d characters)",
        sample_contexts,
        len(records),
        len(plan.bank_contexts),
        len(plan.texts),
        sum(len(t) for t in plan.texts.values()),
    )
    if session is None:
        found, info = run_ner_plan(config, plan, Warmup.for_policy(policy))
    else:
        from .engines.ray_engine import run_ner_plan_ray

        found, info = run_ner_plan_ray(config, plan, session)
        Warmup.for_policy(policy).run()
    ner_done = time.perf_counter()
    entities = {key: plan.entities(key, found) for key in inputs.contexts}
    # After NER (where spaCy objects may form cycles) the build allocates millions of small, acyclic objects;
    # the cyclic collector would scan them again and again for nothing (measured: 0.8 s of a 4 s warm SQuAD
    # dev build). Reference counting still frees them; run_build turns the collector back on.
    gc.collect()
    gc.disable()

    # bank
    full_bank, bank, raw_mentions = build_bank(
        config, inputs, plan.bank_contexts, entities, kinds=policy.classify_kinds, common_words=policy.composed_persons
    )
    mentions = {
        key: typed_mentions(config, full_bank, found_, policy.value_types) for key, found_ in raw_mentions.items()
    }
    log.info("entity bank: %d entities %s", len(bank), bank.counts_by_type())

    # swap
    from .swap.drawing.vectors import BankVectors
    from .swap.orchestration.substitute import SwapInputs, substitute_all

    vectors = BankVectors(bank, policy.drawn_types) if policy.draw == "neighbours" else None
    if vectors is not None:
        swapped = policy.drawn_types
        vectors.prime(
            sorted({m.surface for found_ in mentions.values() for m in found_ if swapped is None or m.label in swapped})
        )
    swap_inputs = SwapInputs(
        inputs.key_of, entities, mentions, bank, config.substitution, bank.lexicon(LEXICON_MIN_FREQUENCY), vectors
    )
    if session is None:
        outcomes = substitute_all(records, swap_inputs, config.workers, config.progress)
    else:
        from .engines.ray_engine import substitute_all_ray

        outcomes = substitute_all_ray(records, swap_inputs, session, config.progress)

    # split and release
    import faithfulness_qa as fqa

    from .bank.embeddings import model_version
    from .release.card import CardOptions, render_card
    from .release.write import write_release

    model = {
        "name": info.name,
        "version": info.version,
        "spacy_version": info.spacy_version,
        "components": list(info.components),
    }
    manifest = build_manifest(
        config,
        fqa.VERSION,
        inputs.loaded.inputs,
        inputs.bank_only.inputs if inputs.bank_only else [],
        model,
        policy.description,
        model_version() if vectors is not None else None,
    )
    # the local engine's worker count is not recorded: the manifest, like the output, must not depend on it
    manifest["engine"] = session.manifest() if session is not None else {"name": "local"}
    if inputs.decontamination:
        manifest["held_out"] = [{"name": d["name"], "sha256": d["sha256"]} for d in inputs.decontamination]
    with atomic_output_dir(config.out) as tmp:
        tallies = write_release(tmp, config, records, outcomes, inputs.key_of, bank, manifest["outputs"])
        # every shard's sha256, so anyone holding a copy can check it (`python -m build validate`)
        manifest["checksums"] = {
            name: sha256_file(tmp / name)
            for files in manifest["outputs"].values()
            if isinstance(files, list)
            for name in files
        }
        stats = build_stats(
            inputs.loaded.skips,
            tallies,
            bank,
            model,
            sample_contexts,
            len(plan.bank_contexts),
            inputs.decontamination,
        )
        if not stats["kept"]:
            raise NothingKeptError(nothing_kept_message(stats, config.out))
        write_json(tmp / STATS_NAME, stats)
        write_json(tmp / MANIFEST_NAME, manifest)
        render_card(tmp, CardOptions())
    log.info(
        "kept %d of %d questions (%s) in %.1fs (NER %.1fs); wrote %s",
        stats["kept"],
        stats["total"],
        stats["splits"],
        time.perf_counter() - started,
        ner_done - started,
        config.out,
    )
    for split in (name for name, rows in stats["splits"].items() if not rows):
        log.warning("split %s is empty: left out of the card's configs (too few contexts for it)", split)
    return BuildResult(config.out, stats, manifest), dict(locals())
