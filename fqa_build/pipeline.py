"""The offline build, stage by stage: read -> NER -> bank -> swap -> release (Parquet, stats, manifest, card),
published atomically. Each stage is a value of its package with one interface (fqa_build/stage.py), made here once
from the config and the policy (`prepare_stages`: the only place the policy is looked up) and run in order on the
executor `config.engine` names."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fqa_build.bank.stage import BankOptions, BankStage
from fqa_build.config import BuildConfig
from fqa_build.engines.executors import Executor, open_executor
from fqa_build.ner.stage import NerStage
from fqa_build.read.stage import ReadStage
from fqa_build.release.parquet import check_output_dir
from fqa_build.release.stage import ReleaseOptions, ReleaseResult, ReleaseStage
from fqa_build.stage import BuildStage
from fqa_build.swap.answerability.reader import reader_identity
from fqa_build.swap.policies.registry import get_policy
from fqa_build.swap.stage import SwapStage

__all__ = ["BuildResult", "Stages", "prepare_stages", "run_build", "run_stages"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BuildResult:
    out: Path
    stats: dict[str, Any]
    manifest: dict[str, Any]
    #: wall seconds of each stage's `run` (the swap's outcomes are produced as the release writes them: its
    #: work is in the release's time)
    stage_seconds: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Stages:
    """The build's stages, in the order they run (each one `BuildStage`: fqa_build/stage.py)."""

    read: ReadStage
    ner: NerStage
    bank: BankStage
    swap: SwapStage
    release: ReleaseStage

    def in_order(self) -> tuple[BuildStage, ...]:
        """The stages as they run."""
        return (self.read, self.ner, self.bank, self.swap, self.release)

    def warm_up(self) -> None:
        """What the stages load up front, done in the parent's idle time while the NER workers run."""
        for stage in self.in_order():
            stage.warm_up()


def prepare_stages(config: BuildConfig) -> Stages:
    """The stages of a build of `config`: the policy is looked up once and each stage gets what it means for
    it. The labels the policy adds to --entity-types are matched, banked and recorded as the build's own."""
    policy = get_policy(config.substitution.policy)
    config = replace(config, entity_types=policy.matched_types(config.entity_types))
    bank = BankOptions(
        classify_kinds=policy.needs("kinds"),
        read_common_words=policy.needs("common_words"),
        value_types=policy.value_types,
    )
    release = ReleaseOptions(
        policy=policy.to_dict(),
        retry_on_windows=policy.needs("windows"),
        reader=reader_identity() if policy.reads_answers else None,
    )
    return Stages(
        ReadStage(config),
        NerStage(config),
        BankStage(config, bank),
        SwapStage(config, policy),
        ReleaseStage(config, release, baseline_scores),
    )


def baseline_scores(out: Path, splits: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """The card's reference-predictor scores (fqa_build/checks/evaluate.py), imported when the card is rendered: the
    evaluator reads through `datasets`, slow for `python -m fqa_build --help`."""
    from fqa_build.checks.evaluate import baseline_scores as scores

    return scores(out, splits)


def run_build(config: BuildConfig) -> BuildResult:
    """Build the dataset into `config.out`. Input errors raise before anything is written; the folder appears
    complete or not at all."""
    check_output_dir(config.out)  # before any work: the release checks again when it writes
    stages = prepare_stages(config)
    with open_executor(config, while_idle=stages.warm_up) as executor:
        return run_stages(stages, executor)


def run_stages(stages: Stages, executor: Executor) -> BuildResult:
    """The stages in order on `executor`, each on the results of those before it (by stage name). Each stage is
    warmed up before it runs: a no-op where the executor did it in its idle time, the whole load where it had none
    (every NER text cached), so the forked swap workers share what the parent loaded either way."""
    started = time.perf_counter()
    done: dict[str, Any] = {}
    seconds: dict[str, float] = {}
    for stage in stages.in_order():
        began = time.perf_counter()
        stage.warm_up()
        done[stage.name] = stage.run(done, executor)
        seconds[stage.name] = round(time.perf_counter() - began, 3)
        log.debug("stage %s: %.1fs", stage.name, seconds[stage.name])
    release: ReleaseResult = done["release"]
    stats, out = release.stats, stages.release.config.out
    log.info(
        "kept %d of %d questions (%s) in %.1fs; wrote %s",
        stats["kept"],
        stats["total"],
        stats["splits"],
        time.perf_counter() - started,
        out,
    )
    for split in (name for name, rows in stats["splits"].items() if not rows):
        log.warning("split %s is empty: left out of the card's configs (too few contexts for it)", split)
    return BuildResult(out, stats, release.manifest, seconds)
