"""The one sentence splitter: where sentences end, the sentences of a text, and the sentence around a span."""

from __future__ import annotations

import bisect
import functools
import re

#: A sentence ends at . ! or ? (and the closing quotes or brackets after it) before white space; a line break
#: ends one too.
SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*(?=\s)|\n")
_SPACE = re.compile(r"\s*")
_LONE_CAPITAL = re.compile(r"(?<!\w)[A-Z]")


def after_initial(text: str, end: re.Match[str]) -> bool:
    """True when a sentence end follows a lone capital, as the full stop of an initial does ("H. H. Asquith"):
    a place not to cut a text at, though the rules (measured with it) count it as an end."""
    return end.group() != "\n" and end.start() >= 1 and _LONE_CAPITAL.match(text, end.start() - 1) is not None


@functools.lru_cache(maxsize=4096)
def sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence; together they cover `text` exactly (the white space after a sentence
    stays with it). Cached: the rules split the same context once per swap and span."""
    spans, start = [], 0
    for match in SENTENCE_END.finditer(text):
        end = _SPACE.match(text, match.end()).end()
        if end > start:
            spans.append((start, end))
            start = end
    if start < len(text) or not spans:
        spans.append((start, len(text)))
    return tuple(spans)


def sentences_around(text: str, start: int, end: int, after: int = 0) -> tuple[int, int]:
    """Bounds of the sentence(s) holding text[start:end], and `after` more sentences after them (white space
    after the last one excluded)."""
    spans = sentence_spans(text)
    starts = [s for s, _ in spans]
    first = bisect.bisect_right(starts, start) - 1
    last = min(len(spans) - 1, bisect.bisect_right(starts, max(start, end - 1)) - 1 + after)
    hi = spans[last][1]
    while hi > spans[first][0] and text[hi - 1].isspace():
        hi -= 1
    return spans[first][0], hi
