"""Role tables: a passage made of lines of one pattern (a cast list "X as Role", a personnel list "X -- role", a
table's rows "cell | cell", a list "- X (1999)") gives each line's name the role its line states. An answer in
such a line is the one answer only where the question names something of its line that no parallel line has;
otherwise every line's name answers the question as well."""

from __future__ import annotations

import re
from collections.abc import Sequence

from fqa_build.swap.answerability.words import TOKEN, stem_of, stopwords

#: what separates a line's fields: punctuation, dashes, bars and the connecting words of role lines
_SEPARATOR = re.compile(r"\s(?:as|by|for|in|from|with|and|&)\s|--|[|,;:()\[\]–—•*]|\s-\s|^\s*-\s", re.MULTILINE)


def line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-empty line of `text`."""
    spans, start = [], 0
    for line in text.split("\n"):
        if line.strip():
            spans.append((start, start + len(line)))
        start += len(line) + 1
    return spans


def line_frame(text: str, start: int, end: int) -> tuple[str, ...]:
    """The separators of a line, in order: the pattern its fields are laid out in."""
    return tuple(m.group().strip().casefold() for m in _SEPARATOR.finditer(text, start, end))


def _line_of(lines: Sequence[tuple[int, int]], position: int) -> int | None:
    for index, (start, end) in enumerate(lines):
        if start <= position < end:
            return index
    return None


def _stems(text: str, start: int, end: int, skip: Sequence[tuple[int, int]]) -> set[str]:
    stop = stopwords()
    found = set()
    for token in TOKEN.finditer(text, start, end):
        if any(s <= token.start() < e for s, e in skip):
            continue
        word = token.group().casefold()
        if word not in stop:
            found.add(stem_of(word))
    return found


def unnamed_row(
    text: str, question: str, gold_spans: Sequence[tuple[int, int]], rival_spans: Sequence[tuple[int, int]]
) -> bool:
    """True when the gold stands in a line of a role table whose parallel lines (the same separators, each with a
    rival of the gold's type) the question does not tell apart from the gold's: no word of the question is in the
    gold's line and in none of them."""
    lines = line_spans(text)
    if len(lines) < 2:
        return False
    gold_lines = {i for s, _ in gold_spans if (i := _line_of(lines, s)) is not None}
    if len(gold_lines) != 1:
        return False
    gold_line = next(iter(gold_lines))
    frame = line_frame(text, *lines[gold_line])
    if not frame:
        return False
    parallel = {
        i
        for s, _ in rival_spans
        if (i := _line_of(lines, s)) is not None and i != gold_line and line_frame(text, *lines[i]) == frame
    }
    if not parallel:
        return False
    asked = {stem_of(w.casefold()) for w in TOKEN.findall(question)} - {stem_of(w) for w in stopwords()}
    own = _stems(text, *lines[gold_line], gold_spans) & asked
    others = set().union(*(_stems(text, *lines[i], rival_spans) for i in parallel))
    return not (own - others)
