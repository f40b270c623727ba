"""Vectorised text measures for the card: Python's `len(s)` and `len(s.split())` over Arrow string arrays,
and nearest-rank quantiles, each giving exactly what the per-row Python expressions give.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

QUANTILES = (0, 5, 25, 50, 75, 95, 100)

#: The characters for which `str.isspace()` is true, which `str.split()` with no argument splits on
#: (tests check this against every code point of the running Python).
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000"
)
_WIDE_SPACES = tuple(np.frombuffer(c.encode("utf-8"), dtype=np.uint8) for c in WHITESPACE if ord(c) >= 0x80)
_WIDE_LEADS = np.zeros(256, dtype=bool)
_WIDE_LEADS[[int(encoded[0]) for encoded in _WIDE_SPACES]] = True
_EMPTY = np.zeros(0, dtype=np.int64)


def char_counts(strings: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """`len(s)` (code points) of each string, as int64."""
    if strings.null_count:
        raise ValueError("char_counts: the strings hold nulls")
    return pc.utf8_length(strings).to_numpy().astype(np.int64)


def word_counts(strings: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """`len(s.split())` of each string, as int64: counted on the UTF-8 bytes, a word starting at each
    character that is not whitespace and follows whitespace or the start of its string."""
    if isinstance(strings, pa.ChunkedArray):
        return np.concatenate([_EMPTY, *(word_counts(chunk) for chunk in strings.chunks)])
    if strings.null_count:
        raise ValueError("word_counts: the strings hold nulls")
    if pa.types.is_string(strings.type):
        offset_type = np.int32
    elif pa.types.is_large_string(strings.type):
        offset_type = np.int64
    else:
        raise TypeError(f"word_counts: strings expected, not {strings.type}")
    if len(strings) == 0:
        return _EMPTY
    _, offsets_buffer, data_buffer = strings.buffers()
    bounds = np.frombuffer(offsets_buffer, dtype=offset_type)[strings.offset : strings.offset + len(strings) + 1]
    begin, end = int(bounds[0]), int(bounds[-1])
    data = np.frombuffer(data_buffer, dtype=np.uint8)[begin:end] if end > begin else np.zeros(0, dtype=np.uint8)
    offsets = bounds.astype(np.int64) - begin
    space = _space_bytes(data)
    # a continuation byte (10xxxxxx) never starts a character, so it never starts a word
    start = ~space & ((data & 0xC0) != 0x80)
    start[1:] &= space[:-1]
    nonempty = offsets[:-1] < offsets[1:]
    firsts = offsets[:-1][nonempty]
    start[firsts] = ~space[firsts]
    counts = np.zeros(len(strings), dtype=np.int64)
    if firsts.size:
        # each sum runs from a non-empty string's first byte to the next one's: empty strings hold no bytes
        counts[nonempty] = np.add.reduceat(start.view(np.uint8), firsts, dtype=np.int64)
    return counts


def _space_bytes(data: np.ndarray) -> np.ndarray:
    """Which bytes of UTF-8 `data` belong to a whitespace character (every byte of a multi-byte one)."""
    # ASCII whitespace is 9-13 (\t to \r) and 28-32 (\x1c to space); uint8 subtraction wraps below 0
    space = ((data - np.uint8(9)) < 5) | ((data - np.uint8(28)) < 5)
    leads = np.flatnonzero(data >= 0xC2)
    leads = leads[_WIDE_LEADS[data[leads]]]
    if leads.size:
        padded = np.concatenate([data, np.zeros(2, dtype=np.uint8)])  # wide spaces are at most 3 bytes
        for encoded in _WIDE_SPACES:
            hits = leads
            for index, byte in enumerate(encoded):
                hits = hits[padded[hits + index] == byte]
            for index in range(len(encoded)):
                space[hits + index] = True
    return space


def quantiles(values: Sequence[int] | np.ndarray) -> dict[str, int]:
    """Nearest-rank quantiles (an observed value each, so exact integers): p0 is the minimum, p100 the maximum."""
    values = np.asarray(values, dtype=np.int64)
    if not values.size:
        return {f"p{q}": 0 for q in QUANTILES}
    points = np.percentile(values, QUANTILES, method="inverted_cdf")
    return {f"p{q}": int(v) for q, v in zip(QUANTILES, points, strict=True)}
