"""Writing a build's Parquet: each sample into the shard of its split (a stable hash of its original
context), the entity bank, and with `--write-rejections` the rejected records, counting as rows stream out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import faithfulness_qa as fqa

from ..bank.build import bank_rows
from ..bank.entity_bank import EntityBank
from ..config import BuildConfig
from ..types import QARecord, Rejection, Sample
from .configs import DERIVED
from .parquet import ShardedWriter, write_split
from .rejections import RejectionWriter
from .splits import SPLITS, assign_split
from .stats import Tallies


def write_release(
    folder: Path,
    config: BuildConfig,
    records: Sequence[QARecord],
    outcomes: Iterable[Sample | Rejection],
    key_of: Mapping[str, str],
    bank: EntityBank,
    outputs: dict[str, Any],
) -> Tallies:
    """Write every split of `default`, of the configs derived from it (`guardrail`, `spans`), the
    `entity_bank` and (if asked) `rejections.parquet` into `folder`; record the files in `outputs` and return
    the tallies the stats need."""
    from ..swap.policies.registry import get_policy

    windowed = get_policy(config.substitution.policy).evidence_windows
    default_cfg, bank_cfg = fqa.CONFIGS_BY_NAME["default"], fqa.CONFIGS_BY_NAME["entity_bank"]
    if windowed:
        default_cfg = fqa.windowed(default_cfg)
    schema = fqa.arrow_schema(default_cfg.features)
    writers = {split: ShardedWriter(folder, default_cfg.data_subdir, split, schema, config.layout) for split in SPLITS}
    rejected = RejectionWriter() if config.write_rejections else None
    tallies = Tallies()
    kept: dict[str, list[Sample]] = {split: [] for split in SPLITS}
    for record, outcome in zip(records, outcomes, strict=True):
        if isinstance(outcome, Rejection):
            tallies.rejection(record.source, outcome)
            if rejected is not None:
                rejected.add(record, outcome)
            continue
        split = assign_split(key_of[record.id], config.split_seed)
        writers[split].add(outcome.row(windowed))
        kept[split].append(outcome)
        tallies.kept(outcome, split)
    for split in SPLITS:
        outputs[f"default/{split}"] = writers[split].close()
    for name, derived in DERIVED.items():
        splits = derived.derive(kept)
        schema = fqa.arrow_schema(derived.config.features)
        for split in derived.config.splits:
            outputs[f"{name}/{split}"] = write_split(
                folder, derived.config.data_subdir, split, splits[split], schema, config.layout
            )
    outputs["entity_bank/train"] = write_split(
        folder, bank_cfg.data_subdir, "train", bank_rows(bank), fqa.arrow_schema(bank_cfg.features), config.layout
    )
    if rejected is not None:
        outputs["rejections"] = rejected.write(folder)
    return tallies
