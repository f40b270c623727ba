"""Writing Parquet shards laid out as the Hub dataset repo, and publishing a folder atomically."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from fqa_build.config import ShardLayout
from fqa_build.release.card_stamp import card_edited

MANIFEST_NAME = "build_manifest.json"
STATS_NAME = "build_stats.json"


def write_split(
    root: Path, subdir: str, split: str, rows: Sequence[dict[str, Any]], schema: pa.Schema, layout: ShardLayout
) -> list[str]:
    """Write `rows` as `subdir/{split}-XXXXX-of-YYYYY.parquet` shards; returns their paths relative to root."""
    num_shards = max(1, -(-len(rows) // layout.max_rows_per_shard))
    written: list[str] = []
    for index in range(num_shards):
        chunk = rows[index * layout.max_rows_per_shard : (index + 1) * layout.max_rows_per_shard]
        relative = f"{subdir}/{split}-{index:05d}-of-{num_shards:05d}.parquet"
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        table = pa.Table.from_pylist(list(chunk), schema=schema)
        pq.write_table(
            table,
            path,
            row_group_size=layout.row_group_size,
            compression="snappy",
            write_page_index=True,
            write_statistics=True,
        )
        written.append(relative)
    return written


class ShardedWriter:
    """Writes one split's rows as they come: row groups of `layout.row_group_size`, a new shard every
    `layout.max_rows_per_shard` rows, so memory holds one row group, not the split. Shards get their final
    `-XXXXX-of-YYYYY` names on `close`, when their number is known; the bytes equal `write_split`'s."""

    def __init__(self, root: Path, subdir: str, split: str, schema: pa.Schema, layout: ShardLayout) -> None:
        self.root, self.subdir, self.split, self.schema, self.layout = root, subdir, split, schema, layout
        self.rows = 0
        self._buffer: list[dict[str, Any]] = []
        self._writer: pq.ParquetWriter | None = None
        self._in_shard = 0
        self._paths: list[Path] = []
        (root / subdir).mkdir(parents=True, exist_ok=True)

    def add(self, row: dict[str, Any]) -> None:
        self._buffer.append(row)
        self.rows += 1
        full = self._writer is None or self._in_shard >= self.layout.max_rows_per_shard
        room = self.layout.max_rows_per_shard - (0 if full else self._in_shard)
        if len(self._buffer) >= min(self.layout.row_group_size, room):
            self._flush()

    def _open(self) -> None:
        if self._writer is not None:
            self._writer.close()
        path = self.root / self.subdir / f".{self.split}-{len(self._paths):05d}.partial"
        self._paths.append(path)
        self._writer = pq.ParquetWriter(
            path, self.schema, compression="snappy", write_page_index=True, write_statistics=True
        )
        self._in_shard = 0

    def _flush(self) -> None:
        if not self._buffer:
            return
        if self._writer is None or self._in_shard >= self.layout.max_rows_per_shard:
            self._open()
        table = pa.Table.from_pylist(self._buffer, schema=self.schema)
        self._writer.write_table(table, row_group_size=self.layout.row_group_size)
        self._in_shard += len(self._buffer)
        self._buffer = []

    def close(self) -> list[str]:
        """Finish the last shard and name every shard; returns their paths relative to root."""
        self._flush()
        if self._writer is None:
            self._open()  # an empty split is one empty shard, so every split has a file
            self._writer.write_table(pa.Table.from_pylist([], schema=self.schema))
        self._writer.close()
        names = []
        for index, path in enumerate(self._paths):
            relative = f"{self.subdir}/{self.split}-{index:05d}-of-{len(self._paths):05d}.parquet"
            os.replace(path, self.root / relative)
            names.append(relative)
        return names


def write_json(path: Path, payload: Any) -> None:
    """JSON with sorted keys and a final newline, so the same content gives the same bytes."""
    path.write_text(json.dumps(payload, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def check_output_dir(out: Path) -> None:
    """A FileExistsError unless `out` may receive a build: absent, empty, or a previous build (it holds a build
    manifest), so a typo cannot wipe an unrelated folder."""
    out = out.resolve()
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out}: exists and is not a folder")
    # found before NER and the bank, not after them: the build writes a folder beside `out`, then renames it
    parent = next(p for p in out.parents if p.exists())
    try:
        with tempfile.TemporaryFile(dir=parent, prefix=".fqa-probe-"):
            pass
    except OSError as error:
        raise FileExistsError(f"{out}: cannot be written in {parent} ({error.strerror}); nothing was done") from None
    if out.is_dir() and any(out.iterdir()) and not (out / MANIFEST_NAME).exists():
        raise FileExistsError(
            f"{out}: folder is not empty and holds no previous build ({MANIFEST_NAME}); refusing to replace it"
        )
    if (out / MANIFEST_NAME).exists() and card_edited(out / "README.md"):
        raise FileExistsError(
            f"{out}: its README.md was edited after the build rendered it; a rebuild replaces the card, so copy "
            "it out first, or replace it with `python -m fqa_build card OUT --force` (nothing was changed)"
        )
    foreign = foreign_files(out) if out.is_dir() and (out / MANIFEST_NAME).exists() else []
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        raise FileExistsError(
            f"{out}: holds files the build did not write ({shown}); a rebuild replaces the folder, so move them "
            "out first (nothing was changed)"
        )


#: files every build writes beside its shards (the shards are listed in its manifest's checksums)
_BUILD_FILES = ("README.md", MANIFEST_NAME, "build_stats.json", "rejections.parquet")


def foreign_files(out: Path) -> list[str]:
    """Files under a previous build's folder that the build did not write (a user's notes, an audit sheet), as
    paths relative to it: what a rebuild would delete."""
    try:
        manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
        own = set(manifest.get("checksums", {}))
    except (OSError, ValueError, AttributeError):
        own = set()
    own |= set(_BUILD_FILES)
    found = []
    for path in sorted(out.rglob("*")):
        name = path.relative_to(out).as_posix()
        if path.is_file() and name not in own and not (name.startswith("images/") and name.endswith(".png")):
            found.append(name)
    return found


def current_umask() -> int:
    """The process's umask (read by setting it and setting it back: the only way the OS offers)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def with_umask(path: Path, directory: bool = False) -> None:
    """Give a temporary file or folder (created 600 or 700 by `tempfile`) the mode any other tool's output gets
    under the user's umask (644 and 755 with the usual 022)."""
    os.chmod(path, (0o777 if directory else 0o666) & ~current_umask())


def write_atomic(path: Path, data: bytes) -> None:
    """Write `path` through a temporary file beside it and one rename: a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        with_umask(Path(tmp))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def atomic_output_dir(out: Path) -> Iterator[Path]:
    """Yield a fresh temporary folder beside `out`; on success it replaces `out` in one rename, on failure it
    is removed and `out` is left as it was.

    An existing `out` is replaced only if `check_output_dir` allows it.
    """
    out = out.resolve()
    check_output_dir(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    with_umask(tmp, directory=True)
    try:
        yield tmp
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            os.replace(out, old / out.name)
            os.replace(tmp, out)
            shutil.rmtree(old)
        else:
            os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
