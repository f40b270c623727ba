"""Tables written as text: rows of cells between bars, one row after another, ended by a semicolon or a line's end
("Line | Journeys (million) | Reliability ; Green Line | 13.6 | 98.9% ; Red Line | 8.9 | 98.9%"). The first row of a
run is its header. A cell is read by its row's label (its first cell) and its column (fqa_build/facts/quantities.py:
two cells of one string in other rows or columns are other quantities; fqa_build/facts/arithmetic.py: a cell takes
the unit its column's header states, and a total row ties its column)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

#: a row of a table written as text: cells between bars, rows ended by a semicolon or a line's end
_ROW = re.compile(r"(?:^|(?<=[;\n]))[^;\n]*\|[^;\n]*")
_ROW_GAP = re.compile(r"[^\S\n]*[;\n][^\S\n]*")
_CELL = re.compile(r"[^|]+")


@dataclass(frozen=True)
class Cell:
    """A cell of a table: [start, end) of its text (stripped), its row's label, its column and the table's place
    in the passage's list of tables."""

    start: int
    end: int
    label: str
    column: int
    table: int

    @property
    def key(self) -> tuple[int, str, int]:
        """What the cell is of: its table, its row's label and its column."""
        return self.table, self.label, self.column


@dataclass(frozen=True)
class Table:
    """A table: its header's cells, then its rows of cells, each as wide as the header."""

    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]


def _cells(text: str, row: re.Match[str], table: int) -> tuple[Cell, ...]:
    out = []
    for column, m in enumerate(_CELL.finditer(row.group())):
        stripped = m.group().strip()
        start = row.start() + m.start() + len(m.group()) - len(m.group().lstrip())
        out.append((start, start + len(stripped), column))
    label = text[out[0][0] : out[0][1]] if out else ""
    return tuple(Cell(s, e, label, c, table) for s, e, c in out)


@functools.lru_cache(maxsize=1024)
def tables(text: str) -> tuple[Table, ...]:
    """The tables of a text, in order: runs of rows of as many cells as their first, each after the last."""
    found: list[tuple[tuple[Cell, ...], list]] = []
    previous = None
    if "|" not in text:
        return ()
    for row in _ROW.finditer(text):
        follows = previous is not None and _ROW_GAP.fullmatch(text, previous.end(), row.start()) is not None
        previous = row
        cells = _cells(text, row, len(found) - 1)
        if not cells:  # a line of bars alone
            previous = None
            continue
        if follows and found and len(cells) == len(found[-1][0]):
            found[-1][1].append(cells)
        else:
            found.append((_cells(text, row, len(found)), []))
    return tuple(Table(h, tuple(r)) for h, r in found if r)


def cell_at(text: str, start: int) -> Cell | None:
    """The body cell of a table in which a figure starting at `start` stands ("£1,200" of "| £1,200 |"; None where
    it stands in none)."""
    for table in tables(text):
        for row in table.rows:
            for cell in row:
                if cell.start <= start < cell.end:
                    return cell
    return None
