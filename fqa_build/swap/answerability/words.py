"""The words the reader compares: a passage's tokens (stems, function words, sentences or lines) and a question's
words weighed by how rare the passage makes them; word embeddings that match a word to its forms and near
synonyms ("sings" and "sung")."""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from fqa_build.asked import asked_noun
from fqa_build.sentences import sentence_spans
from fqa_build.text import stem_of, stopwords

TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


@dataclass(frozen=True)
class Passage:
    """A passage's tokens (offsets, stems, content flags) and units (sentences or lines)."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    words: tuple[str, ...]
    stems: tuple[str, ...]
    content: tuple[bool, ...]
    unit_of: tuple[int, ...]  # token -> unit index
    units: tuple[tuple[int, int], ...]  # unit -> (first token, end token)
    unit_spans: tuple[tuple[int, int], ...]


def read_passage(text: str) -> Passage:
    """Tokens and units of `text`."""
    starts, ends, words, stems, content, unit_of = [], [], [], [], [], []
    units, spans = [], []
    stop = stopwords()
    for index, (u_start, u_end) in enumerate(sentence_spans(text)):
        first = len(starts)
        for token in TOKEN.finditer(text, u_start, u_end):
            word = token.group().casefold()
            starts.append(token.start())
            ends.append(token.end())
            words.append(word)
            stems.append(stem_of(word))
            content.append(word not in stop)
            unit_of.append(index)
        units.append((first, len(starts)))
        spans.append((u_start, u_end))
    return Passage(
        text,
        tuple(starts),
        tuple(ends),
        tuple(words),
        tuple(stems),
        tuple(content),
        tuple(unit_of),
        tuple(units),
        tuple(spans),
    )


@dataclass(frozen=True)
class Question:
    """A question's content stems with their weights in a passage, its word pairs and its kind noun."""

    stems: dict[str, float]
    bigrams: frozenset[tuple[str, str]]
    words: frozenset[str]
    kind: str | None


def read_question(question: str, passage: Passage) -> Question:
    """The question's words as the passage weighs them: a word the passage says often weighs less."""
    stop = stopwords()
    words = [w.casefold() for w in TOKEN.findall(question)]
    counts = Counter(passage.stems)
    stems: dict[str, float] = {}
    for word in words:
        stem = stem_of(word)
        if word in stop or stem not in counts:
            continue
        stems[stem] = 1.0 / (1.0 + math.log(counts[stem]))
    pairs = frozenset(zip((stem_of(w) for w in words), (stem_of(w) for w in words[1:]), strict=False))
    kind = asked_noun(question)
    return Question(stems, pairs, frozenset(words), stem_of(kind) if kind else None)


SOFT_FLOOR = 0.3


def soft_matches(question: str, passage: Passage) -> tuple[np.ndarray, np.ndarray]:
    """For each content word of the question (rows) and each token of the passage (columns): how well the token
    matches it (the cosine of their word embeddings above `SOFT_FLOOR`, rescaled to [0, 1]; 0 for function
    words); and each question word's weight (the passage's rarity weight of a word it says, 1 otherwise)."""
    stop = stopwords()
    asked = list(dict.fromkeys(w.casefold() for w in TOKEN.findall(question) if w.casefold() not in stop))
    vocabulary = sorted({w for w, c in zip(passage.words, passage.content, strict=True) if c})
    if not asked or not vocabulary:
        return np.zeros((0, len(passage.words))), np.zeros(0)
    vectors = embedded(asked + vocabulary)
    cosine = vectors[: len(asked)] @ vectors[len(asked) :].T
    scores = np.clip((cosine - SOFT_FLOOR) / (1 - SOFT_FLOOR), 0.0, 1.0)
    column = {w: i for i, w in enumerate(vocabulary)}
    matrix = np.zeros((len(asked), len(passage.words)))
    for token, word in enumerate(passage.words):
        if word in column:
            matrix[:, token] = scores[:, column[word]]
    counts = Counter(passage.stems)
    weights = np.array([1.0 / (1.0 + math.log(counts[stem_of(w)])) if counts[stem_of(w)] else 1.0 for w in asked])
    return matrix, weights


def soft_cover(matrix: np.ndarray, weights: np.ndarray, lo: int, hi: int, first: int, last: int) -> float:
    """The weighted share of the question's words that tokens [lo, hi) outside the mention [first, last) match."""
    columns = [t for t in range(lo, hi) if not first <= t < last]
    if not columns or not len(weights):
        return 0.0
    return float(weights @ matrix[:, columns].max(axis=1) / weights.sum())


def unit_similarities(question: str, passage: Passage) -> np.ndarray:
    """Each unit's embedding against the question's, less the best unit's (0 for a text with no words: its
    embedding is not a number)."""
    texts = [passage.text[s:e] for s, e in passage.unit_spans]
    vectors = embedded([question, *texts])
    sims = np.nan_to_num(vectors[1:] @ vectors[0])
    return sims - sims.max() if len(sims) else sims


@functools.lru_cache(maxsize=65536)
def word_vector(word: str) -> np.ndarray:
    """A word's (or any text's) unit embedding (read-only: the cache hands the same array to every caller). The
    model embeds a text the same alone as in any batch (tests/test_answerability.py), so a text met again, a word
    of another passage or a sentence the counterfactual passage shares with the original, is embedded once."""
    from fqa_build.bank.embeddings import embed

    vector = embed([word])[0]
    vector.setflags(write=False)
    return vector


def embedded(texts: list[str]) -> np.ndarray:
    """The unit embeddings of `texts`, one row each, as `embed` gives them, each text embedded once a process."""
    return np.stack([word_vector(text) for text in texts])
