"""Cutting a window of about a given size out of a long text around a span, at sentence boundaries where
possible and at word boundaries otherwise."""

from __future__ import annotations

import re

from fqa_build.sentences import SENTENCE_END, after_initial

_SPACE = re.compile(r"\s")


def cut_window(text: str, start: int, end: int, size: int) -> tuple[int, int]:
    """Bounds of a window of about `size` characters around text[start:end].

    Each edge moves to the nearest sentence boundary within a quarter of the window of the ideal cut (never
    past the answer), else to the nearest word boundary; the window never begins or ends with whitespace.
    """
    n = len(text)
    if n <= size:
        lo, hi = 0, n
    else:
        half = max(0, (size - (end - start)) // 2)
        lo, hi = max(0, start - half), min(n, end + half)
        if lo == 0:
            hi = min(n, max(hi, size))
        if hi == n:
            lo = max(0, min(lo, n - size))
        slack = size // 4
        if lo > 0:
            lo = _snap(text, lo, max(0, lo - slack), min(start, lo + slack), sentence_start=True)
        if hi < n:
            hi = _snap(text, hi, max(end, hi - slack), min(n, hi + slack), sentence_start=False)
    while lo < start and text[lo].isspace():
        lo += 1
    while hi > end and text[hi - 1].isspace():
        hi -= 1
    return lo, hi


def _snap(text: str, ideal: int, floor: int, ceiling: int, sentence_start: bool) -> int:
    """The sentence boundary in [floor, ceiling] nearest to `ideal`, else the nearest word boundary."""
    cuts = []
    for match in SENTENCE_END.finditer(text, floor, ceiling):
        if after_initial(text, match):
            continue
        if sentence_start:
            cuts.append(match.end())
        else:
            cuts.append(match.start() if match.group() == "\n" else match.end())
    cuts = [c for c in cuts if floor <= c <= ceiling]
    if not cuts:
        cuts = [m.start() for m in _SPACE.finditer(text, floor, ceiling)]
        if sentence_start:
            cuts = [c + 1 for c in cuts]
    if not cuts:
        return ideal
    return min(cuts, key=lambda c: (abs(c - ideal), c))
