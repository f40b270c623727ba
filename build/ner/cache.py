"""On-disk cache of NER results, keyed by model (name, version, components) and context hash.

A rebuild with another seed or filter setting finds every context here and runs no NER.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from ..types import Entity

log = logging.getLogger(__name__)


class NerCache:
    """A small SQLite store: one row per (model key, context sha256) holding the entity list as JSON."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(str(path), timeout=60)
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS entities ("
                " model TEXT NOT NULL, context_sha256 TEXT NOT NULL, entities TEXT NOT NULL,"
                " PRIMARY KEY (model, context_sha256))"
            )
            self._conn.execute("CREATE TABLE IF NOT EXISTS models (package TEXT PRIMARY KEY, info TEXT NOT NULL)")
            self._conn.commit()

    def model_info(self, package: str) -> dict | None:
        """What loading the model `package` (name==installed version) gave last time, or None."""
        if self._conn is None:
            return None
        row = self._conn.execute("SELECT info FROM models WHERE package = ?", [package]).fetchone()
        return json.loads(row[0]) if row else None

    def put_model_info(self, package: str, info: dict) -> None:
        if self._conn is None:
            return
        self._conn.execute("INSERT OR REPLACE INTO models (package, info) VALUES (?, ?)", [package, json.dumps(info)])
        self._conn.commit()

    def get_many(self, model: str, keys: Sequence[str]) -> dict[str, list[Entity]]:
        """Return the cached entities of every key found (missing keys are absent from the result)."""
        if self._conn is None:
            return {}
        found: dict[str, list[Entity]] = {}
        for i in range(0, len(keys), 500):
            chunk = list(keys[i : i + 500])
            marks = ",".join("?" * len(chunk))
            rows = self._conn.execute(
                f"SELECT context_sha256, entities FROM entities WHERE model = ? AND context_sha256 IN ({marks})",
                [model, *chunk],
            )
            for key, payload in rows:
                found[key] = [(int(s), int(e), str(label)) for s, e, label in json.loads(payload)]
        return found

    def put_many(self, model: str, items: Iterable[tuple[str, Sequence[Entity]]]) -> None:
        """Store entity lists; existing rows are replaced."""
        if self._conn is None:
            return
        self._conn.executemany(
            "INSERT OR REPLACE INTO entities (model, context_sha256, entities) VALUES (?, ?, ?)",
            ((model, key, json.dumps([list(e) for e in ents], separators=(",", ":"))) for key, ents in items),
        )
        self._conn.commit()

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def cached_or_run(
    cache: NerCache, model: str, texts: Mapping[str, str], run: Callable[[list[str]], Iterable[list[Entity]]]
) -> dict[str, list[Entity]]:
    """Entities for every text in `texts` (key -> text): from the cache, or by `run` on the missing ones.

    Missing texts are processed in key order, so the batches NER sees do not depend on input order.
    """
    keys = sorted(texts)
    result = cache.get_many(model, keys)
    missing = [k for k in keys if k not in result]
    log.info("NER cache: %d of %d contexts cached, %d to process", len(result), len(keys), len(missing))
    if missing:
        batch: list[tuple[str, list[Entity]]] = []
        for key, ents in zip(missing, run([texts[k] for k in missing]), strict=True):
            result[key] = ents
            batch.append((key, ents))
            if len(batch) >= 1000:
                cache.put_many(model, batch)
                batch = []
        cache.put_many(model, batch)
    return result
