"""On-disk cache of NER results, keyed by model (name, version, components) and context hash.

A rebuild with another seed or filter setting finds every context here and runs no NER.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from fqa_build.types import Entity

log = logging.getLogger(__name__)


def _damage(path: Path) -> str | None:
    """What is wrong with an SQLite file (not a database, truncated, failing its integrity check), or None for
    a sound one or none at all."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        with sqlite3.connect(str(path), timeout=60) as conn:
            result = conn.execute("PRAGMA quick_check").fetchone()
        conn.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    return None if result and result[0] == "ok" else f"integrity check: {result[0] if result else 'no answer'}"


class NerCache:
    """A small SQLite store: one row per (model key, context sha256) holding the entity list as JSON."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            problem = _damage(path)
            if problem is not None:
                aside = path.with_name(f"{path.name}.corrupt")
                log.warning("NER cache %s is damaged (%s): moved to %s, starting a new one", path, problem, aside)
                os.replace(path, aside)
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
                try:
                    found[key] = [(int(s), int(e), str(label)) for s, e, label in json.loads(payload)]
                except (ValueError, TypeError):  # a damaged row is run again, never used
                    log.warning(
                        "NER cache %s: the row of context %s is damaged; running NER on it again", self.path, key
                    )
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


#: texts stored per transaction: a build killed during NER keeps all but the last few (SQLite commits are
#: atomic, so a kill never leaves half a batch)
CACHE_BATCH = 64


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
            if len(batch) >= CACHE_BATCH:
                cache.put_many(model, batch)
                batch = []
        cache.put_many(model, batch)
    return result
