"""Writing a build's Parquet: each sample into the shard of its split (a stable hash of its record's split
group, which holds every record of its articles and questions), the entity bank, and with `--write-rejections`
the rejected records, counting as rows stream out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import faithfulness_qa as fqa
from fqa_build.bank.build import bank_rows
from fqa_build.bank.entity_bank import EntityBank
from fqa_build.config import BuildConfig
from fqa_build.release.configs import DERIVED
from fqa_build.release.parquet import ShardedWriter, write_split
from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.rejections import RejectionWriter
from fqa_build.release.splits import SPLITS, assign_split
from fqa_build.release.stats import Tallies
from fqa_build.types import QARecord, Rejection, Sample


def write_release(
    folder: Path,
    config: BuildConfig,
    records: Sequence[QARecord],
    outcomes: Iterable[Sample | Rejection],
    split_group_of: Mapping[str, str],
    bank: EntityBank,
    outputs: dict[str, Any],
    windowed: bool,
) -> Tallies:
    """Write every split of `default`, of the configs derived from it (`guardrail`, `spans`), the
    `entity_bank` and (if asked) `rejections.parquet` into `folder`; record the files in `outputs` and return
    the tallies the stats need. A sample's split is drawn by its record's group in `split_group_of` (record id
    -> group key, `read/split_groups.py`). With `windowed` (a policy with evidence windows) rows carry their
    window."""
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
        split = assign_split(split_group_of[record.id], config.split_seed)
        writers[split].add(outcome.row(windowed))
        kept[split].append(outcome)
        tallies.kept(outcome, split)
    for split in SPLITS:
        outputs[f"default/{split}"] = writers[split].close()
    entities = PassageEntities(bank_rows(bank))
    for name, derived in DERIVED.items():
        splits = derived.derive(kept, entities)
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
