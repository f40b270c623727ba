"""The release stage as a value: what the policy means for the release (`ReleaseOptions`, derived once by the
pipeline) and its run: split, write the shards, stats, manifest (with checksums) and card into a folder that
appears complete or not at all."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from fqa_build.bank.stage import BankResult
from fqa_build.config import BuildConfig
from fqa_build.ner.stage import NerResult
from fqa_build.read.inputs import Inputs
from fqa_build.release.manifest import record_checksums, stage_manifest
from fqa_build.release.parquet import MANIFEST_NAME, STATS_NAME, atomic_output_dir, write_json
from fqa_build.release.stats import build_stats
from fqa_build.stage import Done
from fqa_build.swap.stage import SwapResult

if TYPE_CHECKING:
    from fqa_build.release.card_stats import BaselineScores

log = logging.getLogger(__name__)


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


class DescribedExecutor(Protocol):
    """What the release stage asks of an executor: its description, for the manifest."""

    def manifest(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class ReleaseOptions:
    """The policy's part in the release: the policy as data (`Policy.to_dict`, in the manifest), whether rows carry
    their evidence window, and what the candidate reader the policy's answerability rules read was (its weights'
    sha256 and parser, in the manifest; None for a policy without them)."""

    policy: dict[str, Any] = field(default_factory=dict)
    retry_on_windows: bool = False
    reader: dict[str, str] | None = None


@dataclass(frozen=True)
class ReleaseResult:
    """What the release wrote: the build's stats and manifest."""

    stats: dict[str, Any]
    manifest: dict[str, Any]


@dataclass(frozen=True)
class ReleaseStage:
    """Split the outcomes and publish the release into `config.out`; the card shows the reference predictors'
    scores `baselines` gives."""

    name: ClassVar[str] = "release"
    config: BuildConfig
    options: ReleaseOptions
    baselines: BaselineScores

    def warm_up(self) -> None:
        """Load what writing the output needs (`datasets` through faithfulness_qa, matplotlib for the card), and
        keep the card's reading predictor's analyses in the build's cache folder."""
        import faithfulness_qa  # noqa: F401
        from fqa_build.release import card
        from fqa_build.swap.answerability.parse_cache import use_parse_cache

        card.import_plotting()
        use_parse_cache(self.config.cache_dir)

    def run(self, done: Done, executor: DescribedExecutor) -> ReleaseResult:
        """Write the release; a build that kept nothing raises NothingKeptError and leaves `config.out` as it
        was. The manifest records the executor as it describes itself."""
        inputs: Inputs = done["read"]
        ner: NerResult = done["ner"]
        bank: BankResult = done["bank"]
        swap: SwapResult = done["swap"]
        engine = executor.manifest()
        # imported here: writing needs `datasets` (through faithfulness_qa), slow for `python -m fqa_build --help`
        from fqa_build.release.card import CardOptions, render_card
        from fqa_build.release.write import write_release

        config, model = self.config, ner.model()
        manifest = stage_manifest(config, inputs, model, self.options.policy, swap.embeddings, engine)
        if self.options.reader is not None:
            manifest["policy"]["reader"] = self.options.reader
        with atomic_output_dir(config.out) as tmp:
            tallies = write_release(
                tmp,
                config,
                inputs.records,
                swap.outcomes,
                inputs.split_group_of,
                bank.bank,
                manifest["outputs"],
                self.options.retry_on_windows,
            )
            record_checksums(manifest, tmp)
            stats = build_stats(
                inputs.loaded.skips,
                tallies,
                bank.bank,
                model,
                len({inputs.key_of[r.id] for r in inputs.records}),
                len(ner.plan.bank_contexts),
                inputs.decontamination,
            )
            if not stats["kept"]:
                raise NothingKeptError(nothing_kept_message(stats, config.out))
            write_json(tmp / STATS_NAME, stats)
            write_json(tmp / MANIFEST_NAME, manifest)
            render_card(tmp, CardOptions(), baselines=self.baselines)
        return ReleaseResult(stats, manifest)
