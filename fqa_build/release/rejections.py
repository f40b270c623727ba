"""`rejections.parquet` (with `--write-rejections`): every rejected record with its reason, for inspection. It
sits beside the release files in the build folder and is not part of the release (the push leaves it out)."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from fqa_build.types import QARecord, Rejection

REJECTIONS_NAME = "rejections.parquet"
SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("source", pa.string()),
        ("reason", pa.string()),
        ("entity", pa.string()),
        ("entity_type", pa.string()),
        ("rule", pa.string()),  # the swap rule that rejected it; null for a read skip, a failed match or draw
    ]
)


class RejectionWriter:
    """Collects rejections as they stream out and writes them as one Parquet file, in record order."""

    def __init__(self) -> None:
        self._columns: dict[str, list] = {name: [] for name in SCHEMA.names}

    def add(self, record: QARecord, rejection: Rejection) -> None:
        values = (
            record.id,
            record.source,
            str(rejection.reason),
            rejection.entity,
            rejection.entity_type,
            rejection.rule,
        )
        for name, value in zip(SCHEMA.names, values, strict=True):
            self._columns[name].append(value)

    def write(self, folder: Path) -> str:
        """Write `folder/rejections.parquet`; returns its name."""
        table = pa.Table.from_pydict(self._columns, schema=SCHEMA)
        pq.write_table(table, folder / REJECTIONS_NAME, compression="snappy")
        return REJECTIONS_NAME
