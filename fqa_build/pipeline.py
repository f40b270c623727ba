"""The offline build, stage by stage: read -> NER -> bank -> swap -> release (Parquet, stats, manifest, card),
published atomically. Each stage is a value of its package, prepared here once from the config and the policy
(`prepare_stages`: the only place the policy is looked up) and run on the executor `config.engine` names."""

from __future__ import annotations

import gc
import logging
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .bank.stage import BankOptions, BankStage
from .config import BuildConfig
from .engines.executors import Executor, open_executor
from .ner.stage import NerStage
from .read.stage import ReadStage
from .release.parquet import check_output_dir
from .release.stage import ReleaseOptions, ReleaseStage
from .swap.answerability.reader import reader_identity
from .swap.policies.registry import get_policy
from .swap.stage import SwapStage

__all__ = ["BuildResult", "Stages", "prepare_stages", "run_build", "run_stages"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BuildResult:
    out: Path
    stats: dict[str, Any]
    manifest: dict[str, Any]


@dataclass(frozen=True)
class Stages:
    """The build's stages, in the order they run."""

    read: ReadStage
    ner: NerStage
    bank: BankStage
    swap: SwapStage
    release: ReleaseStage

    def warm_up(self) -> None:
        """What the stages after NER load up front, done while the NER workers run (the parent's idle time)."""
        self.bank.warm_up()
        self.swap.warm_up()
        self.release.warm_up()


def prepare_stages(config: BuildConfig) -> Stages:
    """The stages of a build of `config`: the policy is looked up once and each stage gets what it means for
    it. The labels the policy adds to --entity-types are matched, banked and recorded as the build's own."""
    policy = get_policy(config.substitution.policy)
    config = replace(config, entity_types=policy.matched_types(config.entity_types))
    bank = BankOptions(
        classify_kinds=policy.classify_kinds, read_common_words=policy.compose_persons, value_types=policy.value_types
    )
    release = ReleaseOptions(
        policy_description=policy.description,
        retry_on_windows=policy.retry_on_windows,
        reader=reader_identity() if policy.reads_answers else None,
    )
    return Stages(
        ReadStage.prepare(config),
        NerStage.prepare(config),
        BankStage.prepare(config, bank),
        SwapStage.prepare(config, policy),
        ReleaseStage.prepare(config, release, baseline_scores),
    )


def baseline_scores(out: Path, splits: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """The card's reference-predictor scores (fqa_build/checks/evaluate.py), imported when the card is rendered: the
    evaluator reads through `datasets`, slow for `python -m fqa_build --help`."""
    from .checks.evaluate import baseline_scores as scores

    return scores(out, splits)


def run_build(config: BuildConfig) -> BuildResult:
    """Build the dataset into `config.out`. Input errors raise before anything is written; the folder appears
    complete or not at all."""
    check_output_dir(config.out)  # before any work: the release checks again when it writes
    stages = prepare_stages(config)
    with open_executor(config) as executor:
        return run_stages(stages, executor)


def run_stages(stages: Stages, executor: Executor) -> BuildResult:
    """The stages in order on `executor`, each on the results of those before it. The cyclic collector, off
    from NER's end, is back as it was when this returns."""
    was_enabled = gc.isenabled()
    try:
        # the stages' results are freed when `_run_in_order` returns, before the collector is back: turned on
        # with millions of objects alive, it would scan them all at the next allocation
        return _run_in_order(stages, executor)
    finally:
        if was_enabled:
            gc.enable()


def _run_in_order(stages: Stages, executor: Executor) -> BuildResult:
    started = time.perf_counter()
    inputs = stages.read.run()
    ner = stages.ner.run(inputs, executor, stages.warm_up)
    ner_done = time.perf_counter()
    # After NER (where spaCy objects may form cycles) the build allocates millions of small, acyclic objects;
    # the cyclic collector would scan them again and again for nothing (measured: 0.8 s of a 4 s warm SQuAD
    # dev build). Reference counting still frees them; run_stages turns the collector back on.
    gc.collect()
    gc.disable()
    bank = stages.bank.run(inputs, ner)
    swap = stages.swap.run(inputs, ner, bank, executor)
    release = stages.release.run(inputs, ner, bank, swap, executor.manifest())
    stats, out = release.stats, stages.release.config.out
    log.info(
        "kept %d of %d questions (%s) in %.1fs (NER %.1fs); wrote %s",
        stats["kept"],
        stats["total"],
        stats["splits"],
        time.perf_counter() - started,
        ner_done - started,
        out,
    )
    for split in (name for name, rows in stats["splits"].items() if not rows):
        log.warning("split %s is empty: left out of the card's configs (too few contexts for it)", split)
    return BuildResult(out, stats, release.manifest)
