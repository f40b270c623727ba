"""`--source` specs: which inputs to read, and what the manifest records about each."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fqa_build.hashing import sha256_file
from fqa_build.read.formats import SOURCE_FORMATS, SourceFormat
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.reasons import Reason
from fqa_build.types import QARecord

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SAMPLE_DIR = PROJECT_ROOT / "data"
#: What the build reads when no --source is given: the small sample the project ships.
SAMPLE_SOURCES = (f"squad:{SAMPLE_DIR / 'squad_sample.json'}", f"trivia_qa:{SAMPLE_DIR / 'trivia_qa_sample'}")

__all__ = ["SAMPLE_SOURCES", "LoadedSources", "SourceSpec", "load_sources"]


@dataclass(frozen=True)
class SourceSpec:
    """A parsed `--source`: its format, and a local path (None: the Hub dataset via `datasets`)."""

    format: str
    path: Path | None

    @classmethod
    def parse(cls, spec: str) -> SourceSpec:
        name, sep, path = spec.partition(":")
        if name not in SOURCE_FORMATS:
            if Path(spec).exists() or "/" in name or "\\" in name or name.endswith((".json", ".jsonl", ".gz")):
                raise SourceError(
                    f"--source {spec!r}: a path needs its format before it: squad:{spec} (or "
                    f"{', '.join(f + ':' for f in SOURCE_FORMATS if f != 'squad')})"
                )
            raise SourceError(
                f"--source {spec!r}: unknown source format {name!r} (expected one of "
                f"{', '.join(SOURCE_FORMATS)}, optionally ':PATH')"
            )
        if sep and not path:
            raise SourceError(f"--source {spec!r}: empty path after ':'")
        return cls(name, Path(path) if path else None)

    def __str__(self) -> str:
        return self.format if self.path is None else f"{self.format}:{self.path}"


@dataclass
class LoadedSources:
    records: list[QARecord] = field(default_factory=list)
    skips: SkipCounter = field(default_factory=SkipCounter)
    inputs: list[dict[str, Any]] = field(default_factory=list)


def _describe_local(spec: SourceSpec) -> dict[str, Any]:
    assert spec.path is not None
    if spec.path.is_file():
        return {"spec": str(spec), "kind": spec.format, "name": spec.path.name, "sha256": sha256_file(spec.path)}
    files = sorted(p for p in spec.path.rglob("*") if p.is_file())
    return {
        "spec": str(spec),
        "kind": spec.format,  # the manifest's key for the source format (its schema predates the name)
        "name": spec.path.name,
        "files": {p.relative_to(spec.path).as_posix(): sha256_file(p) for p in files},
    }


def load_sources(specs: list[str] | tuple[str, ...], window_chars: int) -> LoadedSources:
    """Read every source (the bundled sample when `specs` is empty). Raises SourceError, before anything is
    written, on input that cannot be read; skips and counts bad records. A record id seen twice is used once."""
    loaded = LoadedSources()
    seen: set[str] = set()
    for raw in specs or SAMPLE_SOURCES:
        spec = SourceSpec.parse(raw)
        if spec.path is not None and not spec.path.exists():
            raise SourceError(f"--source {raw!r}: {spec.path} does not exist")
        skipped = loaded.skips.total()
        records = _read(spec, raw, loaded, window_chars)
        if not records and spec.path is not None:
            bad = loaded.skips.total() - skipped
            why = f"its {bad} records were all skipped as bad" if bad else "it holds no question"
            raise SourceError(f"--source {raw!r}: {spec.path}: {why}; nothing to build from")
        for record in records:
            if record.id in seen:
                loaded.skips.skip(
                    record.source, Reason.DUPLICATE_ID, f"{raw}: {record.source_id}", "also in an earlier source"
                )
                continue
            seen.add(record.id)
            loaded.records.append(record)
        if spec.path is not None:
            loaded.inputs.append(_describe_local(spec))
        else:
            hub = SOURCE_FORMATS[spec.format].hub_dataset
            loaded.inputs.append({"spec": str(spec), "kind": spec.format, "hub_dataset": hub, "split": "train"})
    return loaded


def _read(spec: SourceSpec, raw: str, loaded: LoadedSources, window_chars: int) -> list[QARecord]:
    """The records of one source, from its local path or (no path) from the Hub."""
    fmt = SOURCE_FORMATS[spec.format]
    if spec.path is None:
        if fmt.read_hub is None:
            raise SourceError(f"--source {raw!r}: {fmt.name} reads local files only (give {fmt.name}:PATH)")
        return _read_hub(fmt, raw, loaded, window_chars)
    if fmt.path_is_folder and not spec.path.is_dir():
        raise SourceError(f"--source {raw!r}: {spec.path} is not a folder (expected the {fmt.name} layout)")
    if not fmt.path_is_folder and spec.path.is_dir():
        raise SourceError(f"--source {raw!r}: {spec.path} is a folder (expected a file)")
    return fmt.read_path(spec.path, loaded.skips, window_chars)


#: seconds to wait for the Hub to answer before a source read from it is given up
HUB_PROBE_SECONDS = 5.0


def hub_unreachable(endpoint: str, timeout: float = HUB_PROBE_SECONDS) -> str | None:
    """Why the Hub at `endpoint` cannot be reached (None: it answers a TCP connection)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(endpoint)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname or "", port), timeout=timeout):
            return None
    except OSError as error:
        return error.strerror or type(error).__name__


def _read_hub(fmt: SourceFormat, raw: str, loaded: LoadedSources, window_chars: int) -> list[QARecord]:
    """A source read from the Hub through `datasets`: a Hub that cannot be reached is a read failure said at
    once (not after `datasets`' retries), unless offline mode asks for the local `datasets` cache."""
    offline = any(os.environ.get(name, "").lower() in ("1", "true", "yes") for name in _OFFLINE)
    endpoint = os.environ.get("HF_ENDPOINT") or "https://huggingface.co"
    how = f"download it and give {fmt.name}:PATH, or set HF_DATASETS_OFFLINE=1 to read a copy in the datasets cache"
    if not offline and (why := hub_unreachable(endpoint)) is not None:
        raise SourceError(f"--source {raw!r}: cannot read {fmt.hub_dataset} from the Hub ({endpoint}: {why}); {how}")
    try:
        return fmt.read_hub(loaded.skips, window_chars)
    except (OSError, ValueError) as error:  # `datasets`' connection and cache errors
        first = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
        raise SourceError(
            f"--source {raw!r}: cannot read {fmt.hub_dataset} ({type(error).__name__}: {first}); {how}"
        ) from None


_OFFLINE = ("HF_DATASETS_OFFLINE", "HF_HUB_OFFLINE")
