"""On-disk cache of what spaCy's pipeline finds in a text for the reader: its parse (the answerability rules) or
its parse and mentions (the card's reading predictor), keyed by the pipeline (name, version, spaCy's version, with
or without NER) and the text's sha256, in `parses.sqlite` beside the NER cache. A rebuild parses no text an
earlier build parsed, the way the NER cache spares it NER.

A text's analysis does not depend on the texts around it (each is parsed alone), so a cached one is the one a
parse would give: the cache changes no byte of the output. Each process opens its own connection (the forked
swap workers too, after the parent chose the folder); SQLite serialises their writes. A damaged row is parsed
again, never used; a damaged file is moved aside, as the NER cache's is.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger(__name__)

FILE_NAME = "parses.sqlite"
T = TypeVar("T")

#: what a cached analysis is: raise it when `Parse` or the analyses change what they hold, so older rows are
#: never read as newer ones
ANALYSIS_FORMAT = 1

_folder: Path | None = None
_connection: tuple[int, sqlite3.Connection] | None = None  # (pid, connection): a forked child opens its own
_checked: Path | None = None  # the folder whose file this process (or the parent it was forked from) checked
_unusable: Path | None = None  # a folder whose cache failed here (a full disk, a locked file): parsed without it


def _damage(path: Path) -> str | None:
    """What is wrong with the file (not a database, failing its integrity check), or None for a sound one, none at
    all, or one that cannot be read now (a disk or lock error says nothing of the file: it is left as it is)."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        with sqlite3.connect(str(path), timeout=60) as conn:
            result = conn.execute("PRAGMA quick_check").fetchone()
        conn.close()
    except sqlite3.OperationalError:
        return None
    except sqlite3.DatabaseError as error:
        return str(error)
    return None if result and result[0] == "ok" else f"integrity check: {result[0] if result else 'no answer'}"


def _give_up(error: Exception) -> None:
    """The cache cannot be used in this process: said once, and every text is parsed without it (the output is the
    same; only a later build parses again)."""
    global _unusable, _connection
    if _unusable != _folder:
        log.warning("parse cache %s cannot be used (%s): parsing without it", _folder, error)
    _unusable, _connection = _folder, None


def _close_before_fork() -> None:
    """No connection crosses a fork: the parent closes its own (and opens it again when it next needs it)."""
    global _connection
    if _connection is not None and _connection[0] == os.getpid():
        _connection[1].close()
    _connection = None


os.register_at_fork(before=_close_before_fork)


def use_parse_cache(folder: Path | None) -> None:
    """Keep this process's (and its later forked children's) analyses in `folder` (None: keep none)."""
    global _folder, _connection
    if folder != _folder:
        _folder, _connection = folder, None


def _open() -> sqlite3.Connection | None:
    global _connection, _checked
    if _folder is None or _unusable == _folder:
        return None
    if _connection is not None and _connection[0] == os.getpid():
        return _connection[1]
    path = _folder / FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    if _checked != _folder:  # once, in the process that chose the folder: never by workers beside each other
        _checked = _folder
        problem = _damage(path)
        if problem is not None:
            aside = path.with_name(f"{path.name}.corrupt")
            log.warning("parse cache %s is damaged (%s): moved to %s, starting a new one", path, problem, aside)
            os.replace(path, aside)
    conn = sqlite3.connect(str(path), timeout=60, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")  # a lost last write costs a parse, never a wrong one
    conn.execute(
        "CREATE TABLE IF NOT EXISTS analyses ("
        " pipeline TEXT NOT NULL, text_sha256 TEXT NOT NULL, analysis TEXT NOT NULL,"
        " PRIMARY KEY (pipeline, text_sha256))"
    )
    _connection = (os.getpid(), conn)
    return conn


@functools.cache
def pipeline_key(model: str, with_ner: bool) -> str | None:
    """The cache key of a pipeline: the model package's name and version, spaCy's version, with or without NER, and
    the analyses' format; None where the model's version is unknown (nothing is cached then)."""
    from importlib.metadata import PackageNotFoundError, version

    import spacy

    try:
        installed = version(model.replace("_", "-"))
    except PackageNotFoundError:
        return None
    ner = "with" if with_ner else "without"
    return f"{model}=={installed}|spacy=={spacy.__version__}|{ner}-ner|format={ANALYSIS_FORMAT}"


def cached(
    pipeline: str | None,
    text: str,
    analyse: Callable[[str], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
) -> T:
    """The analysis of `text` by `pipeline` (a `pipeline_key`): from the cache, else `analyse(text)`, stored (not
    where the pipeline has no key)."""
    if pipeline is None:
        return analyse(text)
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    row = None
    try:
        conn = _open()
        if conn is not None:
            row = conn.execute(
                "SELECT analysis FROM analyses WHERE pipeline = ? AND text_sha256 = ?", [pipeline, key]
            ).fetchone()
    except (sqlite3.Error, OSError) as error:
        _give_up(error)
        conn = None
    if conn is None:
        return analyse(text)
    if row is not None:
        try:
            return decode(json.loads(row[0]))
        except (ValueError, TypeError, IndexError, KeyError):
            log.warning("parse cache %s: the row of text %s is damaged; parsing it again", _folder, key)
    found = analyse(text)
    payload = json.dumps(encode(found), separators=(",", ":"), ensure_ascii=False)
    try:
        conn.execute(
            "INSERT OR REPLACE INTO analyses (pipeline, text_sha256, analysis) VALUES (?, ?, ?)",
            [pipeline, key, payload],
        )
    except (sqlite3.Error, OSError) as error:
        _give_up(error)
    return found
