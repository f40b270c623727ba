"""An NER cache every node of a cluster can use (`--engine ray`): Parquet files in a folder of any pyarrow
filesystem, a local path in tests and on one machine, object storage (`s3://bucket/prefix`, `gs://...`) on a
cluster. Keyed as the SQLite cache is: model key and the sha256 of the text.

Each NER batch is one file, written under a temporary name and then moved into place (on object stores a put is
atomic), so a worker killed mid-batch leaves nothing half written, and whatever batches finished are found by
the next build. A file that cannot be read is reported and skipped, never used.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from collections.abc import Iterable, Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.fs as pafs
import pyarrow.parquet as pq

from fqa_build.config import BuildConfig
from fqa_build.types import Entity

log = logging.getLogger(__name__)


def shared_cache_uri(config: BuildConfig) -> str | None:
    """Where the Ray workers' NER cache lives: `--ner-cache-uri`, else `<cache-dir>/ner-shared`, else none."""
    if config.engine.cache_uri:
        return config.engine.cache_uri
    return str(config.cache_dir / "ner-shared") if config.cache_dir is not None else None


def filesystem(uri: str) -> tuple[pafs.FileSystem, str]:
    """The pyarrow filesystem and root path of a URI or a local path (made absolute)."""
    if "://" not in uri:
        return pafs.LocalFileSystem(), str(Path(uri).expanduser().resolve())
    return pafs.FileSystem.from_uri(uri)


class SharedNerCache:
    """Entity lists by (model key, text sha256) in Parquet files under `uri`."""

    def __init__(self, uri: str) -> None:
        self.uri = uri
        self.fs, self.root = filesystem(uri)

    def _folder(self, model: str) -> str:
        # the model key holds characters no object store likes ("|", "=="): the folder is its digest
        return f"{self.root}/{hashlib.sha256(model.encode()).hexdigest()[:32]}"

    def get_many(self, model: str, keys: Sequence[str]) -> dict[str, list[Entity]]:
        """The cached entities of every key found (missing keys are absent from the result)."""
        wanted = set(keys)
        found: dict[str, list[Entity]] = {}
        selector = pafs.FileSelector(self._folder(model), allow_not_found=True)
        for info in sorted(self.fs.get_file_info(selector), key=lambda i: i.path):
            if info.type != pafs.FileType.File or not info.path.endswith(".parquet"):
                continue
            try:
                table = pq.read_table(info.path, filesystem=self.fs)
                rows = zip(table.column("key").to_pylist(), table.column("entities").to_pylist(), strict=True)
                # the whole file or nothing of it: a damaged row makes every row of its file suspect
                batch = {
                    key: [(int(s), int(e), str(label)) for s, e, label in json.loads(payload)]
                    for key, payload in rows
                    if key in wanted
                }
            except (pa.ArrowException, OSError, KeyError, ValueError, TypeError) as error:
                log.warning("shared NER cache: %s cannot be read (%s); its texts run again", info.path, error)
                continue
            found.update(batch)
        return found

    def check_writable(self) -> None:
        """Create the cache's folder and write and delete a small file there: a location the build cannot use is
        found before any NER runs, not by the first worker that finishes a batch. Raises OSError or ArrowException."""
        self.fs.create_dir(self.root, recursive=True)
        probe = f"{self.root}/.probe-{uuid.uuid4().hex}"
        with self.fs.open_output_stream(probe) as handle:
            handle.write(b"ok")
        self.fs.delete_file(probe)

    def put_many(self, model: str, items: Iterable[tuple[str, Sequence[Entity]]]) -> None:
        """Store one batch of entity lists as one file, atomically."""
        items = sorted(items)
        if not items:
            return
        folder = self._folder(model)
        self.fs.create_dir(folder, recursive=True)
        name = hashlib.sha256("\n".join(key for key, _ in items).encode()).hexdigest()[:32]
        table = pa.table(
            {
                "key": [key for key, _ in items],
                "entities": [json.dumps([list(e) for e in ents], separators=(",", ":")) for _, ents in items],
            }
        )
        temporary = f"{folder}/.{name}.{uuid.uuid4().hex}.tmp"
        pq.write_table(table, temporary, filesystem=self.fs)
        self.fs.move(temporary, f"{folder}/{name}.parquet")
