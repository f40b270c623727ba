"""Cleaning the HTML-ish, space-tokenised passages of Natural Questions and MRQA into plain text, with a map of
every offset, so answer spans follow the text they pointed at.

NQ passages are Wikipedia HTML flattened into tokens: `<P> ... </P>`, `<Table> <Tr> <Td> ...`, `<Li>`, spaces
before punctuation ("Chadderton , Middleton"), split possessives ("Welch 's", "Rawls ' song"), and table sort
keys that repeat a name ("Diggins , Jessica Jessica Diggins"); MRQA adds `[TLE]`, `[DOC]`, `[PAR]`, `[SEP]`.
Left in, they give NER entities such as "Jessica Jessica Diggins", "Li> Green Party" or "Welch '", and rewrites
that are not whole words. Tables are cut out whole: a table's cells are no prose, and a swap inside one would
have to keep its rows and columns consistent, which nothing checks (a question answered inside a table is
skipped by the reader, counted as `answer_in_table`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: an opening or closing table tag; tables nest, so a table ends where its own closing tag is
_TABLE_TAG = re.compile(r"<(/?)Table\b[^>]*>", re.IGNORECASE)
#: tags that end a block: a line break in the clean text
_BLOCK = re.compile(
    r"\s*(?:</?(?:P|Li|Ul|Ol|Dl|Dd|Dt|H[1-6]|Br|Div|Blockquote)\b[^>]*>|\[(?:PAR|DOC|TLE|SEP)\])\s*", re.IGNORECASE
)
#: any other tag, and a tag cut in half at either end of a passage ("Li> Green Party")
_TAG = re.compile(r"\s*(?:</?[A-Za-z][A-Za-z0-9]*\b[^<>]{0,200}?>|^\s*/?[A-Za-z][A-Za-z0-9]*>|<\s*/?[A-Za-z]*$)\s*")
#: a table sort key before the name it sorts: "Diggins , Jessica Jessica Diggins" -> "Jessica Diggins"
_SORT_KEY = re.compile(r"\b([A-Z][\w'’.-]+) ?, ((?:[A-Z][\w'’.-]+ )+?)\2\1\b")
_SPACE_BEFORE_PUNCT = re.compile(r"(?<=\S) +(?=[,.;:!?%)\]}](?:\s|$))")
_SPACE_AFTER_OPEN = re.compile(r"(?<=[(\[{]) +")
#: split possessives and contractions: "Welch 's" -> "Welch's", "do n't" -> "don't", "Rawls ' song" -> "Rawls' song"
_SPLIT_CLITIC = re.compile(r"(?<=\w) +(?=['’](?:s|re|ve|ll|d|m)\b|n't\b)")
_SPLIT_PLURAL_POSSESSIVE = re.compile(r"(?<=\ws) +(?=['’] +[a-z])")
_SPACES = re.compile(r"[ \t\u00a0]{2,}")
_LINES = re.compile(r" *\n[ \n]*")


@dataclass(frozen=True)
class CleanPassage:
    """The clean text and, for each offset of the raw text (0 .. len(raw)), its offset in the clean text."""

    text: str
    offsets: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The clean span of a raw span, without the whitespace the cleaning left at its edges."""
        new_start, new_end = self.offsets[start], self.offsets[end]
        while new_start < new_end and self.text[new_start].isspace():
            new_start += 1
        while new_end > new_start and self.text[new_end - 1].isspace():
            new_end -= 1
        return new_start, new_end


def _substitute(text: str, pattern: Any, repl: Callable[[Any], str]) -> tuple[str, list[int]]:
    """`pattern.sub(repl, text)` and the map of every old offset to its new one (an offset inside a replaced
    match goes to the end of its replacement, the match's start to the replacement's start)."""
    pieces: list[str] = []
    offsets: list[int] = []
    done = 0  # old offset up to which text is copied
    length = 0  # new length so far
    for match in pattern.finditer(text):
        start, end = match.span()
        kept = text[done:start]
        offsets.extend(range(length, length + len(kept)))
        pieces.append(kept)
        length += len(kept)
        replacement = repl(match)
        offsets.append(length)
        offsets.extend([length + len(replacement)] * (end - start - 1))
        pieces.append(replacement)
        length += len(replacement)
        done = end
    kept = text[done:]
    offsets.extend(range(length, length + len(kept) + 1))
    pieces.append(kept)
    return "".join(pieces), offsets


def _block(match: object) -> str:
    return "\n"


@dataclass(frozen=True)
class _Span:
    start: int
    end: int

    def span(self) -> tuple[int, int]:
        return self.start, self.end


class _Tables:
    """Finds whole tables, nested ones inside their outer table, like a pattern's `finditer`."""

    def finditer(self, text: str) -> list[_Span]:
        return [_Span(start, end) for start, end in table_spans(text)]


TABLES = _Tables()


_PASSES: tuple[tuple[Any, Callable[[Any], str]], ...] = (
    (TABLES, _block),
    (_BLOCK, _block),
    (_TAG, lambda m: " "),
    (_SORT_KEY, lambda m: f"{m.group(2)}{m.group(1)}"),
    (_SPACE_BEFORE_PUNCT, lambda m: ""),
    (_SPACE_AFTER_OPEN, lambda m: ""),
    (_SPLIT_CLITIC, lambda m: ""),
    (_SPLIT_PLURAL_POSSESSIVE, lambda m: ""),
    (_SPACES, lambda m: " "),
    (_LINES, _block),
    (re.compile(r"^\s+|\s+$"), lambda m: ""),
)


def clean_passage(raw: str) -> CleanPassage:
    """Plain text of an NQ / MRQA passage (see the module's docstring) with the offset map. Clean text comes
    out unchanged but for runs of spaces and the spacing of tokenised punctuation."""
    text = raw
    offsets = list(range(len(raw) + 1))
    for pattern, repl in _PASSES:
        text, step = _substitute(text, pattern, repl)
        offsets = [step[i] for i in offsets]
    return CleanPassage(text, tuple(offsets))


def table_spans(raw: str) -> list[tuple[int, int]]:
    """The raw spans of the passage's outermost tables, each from its opening tag to its own closing tag (a
    nested table's closing tag does not end it), or to the end of a passage cut inside it."""
    spans: list[tuple[int, int]] = []
    depth = 0
    start = 0
    for tag in _TABLE_TAG.finditer(raw):
        if not tag.group(1):
            if depth == 0:
                start = tag.start()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                spans.append((start, tag.end()))
    if depth:
        spans.append((start, len(raw)))
    return spans
