"""The reference predictors every config is scored with (its card reports them; `evaluate --baseline` runs
one): the tests a detector must beat (is the response in the passage: `substring`; are its words:
`bag-of-words`), the reader (`reader`, fqa_build/release/reading.py), and for the question-answering configs the
parametric answer (`original`) and a copy of the first bank entity of the answer's type in the passage
(`first-bank-entity`, which can only give answers the bank holds). Each is a function of a split's rows and
of what the build folder holds (`BaselineInputs`); a config lists its own (fqa_build/release/configs)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fqa_build.release.passage_entities import PassageEntities
from fqa_build.release.read_back import read_rows
from fqa_build.text import normalize_answer, stopwords

Rows = Sequence[Mapping[str, Any]]
_WORD = re.compile(r"\w+")


@dataclass
class BaselineInputs:
    """What a reference predictor may read besides the rows: the build folder's entity bank (read on first use)."""

    folder: Path
    _bank: list[dict[str, Any]] | None = field(default=None, repr=False)
    _entities: PassageEntities | None = field(default=None, repr=False)

    @property
    def bank(self) -> list[dict[str, Any]]:
        if self._bank is None:
            self._bank = [row for _, row in read_rows(str(self.folder), "entity_bank")]
        return self._bank

    @property
    def entities(self) -> PassageEntities:
        if self._entities is None:
            self._entities = PassageEntities(self.bank)
        return self._entities


#: a reference predictor: a split's rows, the folder's inputs -> id -> prediction
Baseline = Callable[[Rows, BaselineInputs], dict[str, Any]]


def names(text: str, answer: str) -> bool:
    """True where `text` says `answer`: its SQuAD-normalised words, as whole words (an empty answer: never)."""
    needle = normalize_answer(answer)
    return bool(needle) and f" {needle} " in f" {normalize_answer(text)} "


def word_share(response: str, context: str) -> float:
    """The share of the response's words (SQuAD-normalised, function words aside) that are words of the context
    (1.0 for a response of function words only)."""
    stop = stopwords()
    words = [w for w in normalize_answer(response).split() if w not in stop]
    if not words:
        return 1.0
    known = set(normalize_answer(context).split())
    return sum(w in known for w in words) / len(words)


#: `bag-of-words` judges a response supported when at least this share of its words are the context's
BAG_OF_WORDS_SHARE = 0.5


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(text)]


def diff_spans(output: str, context: str) -> list[dict[str, int]]:
    """The output's words a word-for-word diff against the context cannot align (difflib, in order): its runs of
    unaligned words as spans."""
    out, ctx = _tokens(output), _tokens(context)
    matcher = difflib.SequenceMatcher(None, [t[2] for t in ctx], [t[2] for t in out], autojunk=False)
    aligned = [False] * len(out)
    for block in matcher.get_matching_blocks():
        for i in range(block.b, block.b + block.size):
            aligned[i] = True
    return _contiguous(out, [not a for a in aligned])


def unknown_word_spans(output: str, context: str) -> list[dict[str, int]]:
    """The output's words (function words aside) that are not words of the context: its runs of them as spans."""
    out, known, stop = _tokens(output), {t[2] for t in _tokens(context)}, stopwords()
    return _contiguous(out, [t[2] not in known and t[2] not in stop for t in out])


def _contiguous(tokens: Sequence[tuple[int, int, str]], flagged: Sequence[bool]) -> list[dict[str, int]]:
    """Runs of flagged tokens joined across the white space and punctuation between them."""
    spans: list[dict[str, int]] = []
    previous = False
    for (start, end, _), hit in zip(tokens, flagged, strict=True):
        if hit and previous and spans:
            spans[-1]["end"] = end
        elif hit:
            spans.append({"start": start, "end": end})
        previous = hit
    return spans


def first_bank_entity(rows: Rows, inputs: BaselineInputs, text_of: Callable[[Mapping[str, Any]], str]) -> list[str]:
    """The first entity of the bank of each row's answer type that its passage names (the earliest; the longest
    there), "" where none."""
    found = []
    for row in rows:
        mentions = inputs.entities.mentions(text_of(row), _type(row))
        found.append(mentions[0][2] if mentions else "")
    return found


def _type(row: Mapping[str, Any]) -> str:
    return row["entity_type"] if "entity_type" in row else row["meta"]["entity_type"]


def reader_answers(rows: Rows, text_of: Callable[[Mapping[str, Any]], str], question: str = "question") -> list[str]:
    """The reader's answer to each row's question over `text_of(row)` ("" where it finds no candidate)."""
    from fqa_build.release.reading import best

    return best([(row[question] or "", text_of(row) or "", _type(row)) for row in rows])


def reader_answers_over(rows: Rows, passages_of: Callable[[Mapping[str, Any]], Sequence[str]]) -> list[str]:
    """The reader's one answer to each row's question over several passages: the candidate it scores highest in
    any of them."""
    from fqa_build.release.reading import best_of_passages

    return best_of_passages([[(row["question"] or "", p, _type(row)) for p in passages_of(row)] for row in rows])


def by_ids(rows: Rows, values: Sequence[Any]) -> dict[str, Any]:
    """id -> value, in row order."""
    return {row["id"]: value for row, value in zip(rows, values, strict=True)}


def context_of(row: Mapping[str, Any]) -> str:
    return row["context"]


def original(rows: Rows, inputs: BaselineInputs) -> dict[str, Any]:
    """`default`: the original answer, always (a model that answers from memory)."""
    return {row["id"]: row["matched_answer"] for row in rows}


#: `default`'s reference predictors
DEFAULT_BASELINES: dict[str, Baseline] = {
    "original": original,
    "first-bank-entity": lambda rows, inputs: by_ids(rows, first_bank_entity(rows, inputs, context_of)),
    "reader": lambda rows, inputs: by_ids(rows, reader_answers(rows, context_of)),
}
