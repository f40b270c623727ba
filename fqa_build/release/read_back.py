"""Reading a written config back, row group by row group, for what describes it (the card's statistics and each
derived config's): sizes per split, schema checked, and counts of label pairs; and row by row, for what reads
the rows themselves (validate, audit, evaluate)."""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

import faithfulness_qa as fqa


def read_rows(out: str, subdir: str = "data", split: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """(split, row) for every row of the written shards of a config folder (`subdir`), in file order."""
    for name in sorted(glob.glob(os.path.join(out, subdir, "*.parquet"))):
        row_split = os.path.basename(name).split("-", 1)[0]
        if split is not None and row_split != split:
            continue
        for row in pq.read_table(name).to_pylist():
            yield row_split, row


class CardError(ValueError):
    """The build folder cannot be described: a file is missing or its numbers disagree."""


def pair_counts(first: pa.Array | pa.ChunkedArray, second: pa.Array | pa.ChunkedArray) -> dict[tuple, int]:
    """How often each (first, second) pair occurs."""
    grouped = pa.table({"a": first, "b": second}).group_by(["a", "b"]).aggregate([([], "count_all")])
    pairs = zip(grouped.column("a").to_pylist(), grouped.column("b").to_pylist(), strict=True)
    return dict(zip(pairs, grouped.column("count_all").to_pylist(), strict=True))


def read_config(out: Path, config: fqa.FaithfulnessQAConfig, visit: Callable[[str, pa.Table], None]) -> dict[str, Any]:
    """Sizes of each split of `config`, read row group by row group; `visit(split, table)` sees each group.
    The first row of the first non-empty split is kept."""
    config = fqa.written_config(out, config)
    schema = fqa.arrow_schema(config.features)
    splits: dict[str, dict[str, Any]] = {}
    first_row = None
    for split in config.splits:
        files = sorted(out.glob(fqa.shard_pattern(config, split)))
        if not files:
            raise CardError(f"{out}: no shards for split {split!r} of config {config.name!r}")
        rows = nbytes = 0
        for path in files:
            parquet = pq.ParquetFile(path)
            if parquet.schema_arrow.remove_metadata() != schema:
                raise CardError(f"{path}: schema differs from the features of config {config.name!r}")
            for group in range(parquet.num_row_groups):
                # the whole group: num_bytes is the Arrow size of every column
                table = parquet.read_row_group(group)
                rows += table.num_rows
                nbytes += table.nbytes
                if first_row is None and table.num_rows:
                    first_row = table.slice(0, 1).to_pylist()[0]
                visit(split, table)
        splits[split] = {
            "num_examples": rows,
            "num_bytes": nbytes,
            "download_size": sum(p.stat().st_size for p in files),
            "files": [p.relative_to(out).as_posix() for p in files],
        }
    return {"splits": splits, "first_row": first_row}
