"""TriviaQA windows chosen by relevance to the question, not by position.

Every occurrence of the answer value or an alias, in every Wikipedia evidence page of the question, is a
candidate. Around each, a window of whole sentences is grown up to `window_chars`, adding next the neighbouring
sentence that carries more of the question's words (so the window centres on the sentences that speak of the
question, not only on the answer). Each window is scored by Okapi BM25 over the question's content words,
the question's names counting double, with IDF from the sentences of all the question's pages; the best window
wins (ties: the earlier page, then the earlier occurrence). A window that holds less than `MIN_COVERAGE` of the
question's (IDF-weighted) words is no evidence for it: the record is skipped as `no_relevant_window`.

Own BM25 rather than `rank_bm25`: the documents here are overlapping windows scored against sentence-level IDF,
which that library's fixed-corpus API does not express; the formula is the standard one (k1 1.5, b 0.75).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from fqa_build.read.cutting import cut_window
from fqa_build.sentences import SENTENCE_END, after_initial, sentence_spans
from fqa_build.text import find_whole_word, stem_of, stopwords

_TOKEN = re.compile(r"\w+")
#: names in the question (capitalised words not opening it) count this many times
NAME_WEIGHT = 2.0
K1, B = 1.5, 0.75
#: the least share of the question's weighted words a window must hold (measured on SQuAD as TriviaQA: see
#: docs/sources.md, "TriviaQA windows")
MIN_COVERAGE = 0.1
#: extra weight of the question's words in the answer's own sentence (reach 0) and the sentences next to it
#: (reach 1): a window is about the question where its words stand near the answer
PROXIMITY = (2.0, 1.0, 0.5)
#: occurrences looked at per page, in page order (a page naming the answer hundreds of times gains nothing more)
MAX_OCCURRENCES = 60


@dataclass(frozen=True)
class Window:
    """A chosen window: the page (its index among the question's pages), bounds in the page's text, the answer
    occurrence it holds, its BM25 score and the share of the question's words it holds."""

    page: int
    start: int
    end: int
    answer: tuple[int, int]
    candidate: str
    score: float
    coverage: float


def _tokens(text: str) -> list[str]:
    return [stem_of(w.casefold()) for w in _TOKEN.findall(text)]


def question_weights(question: str) -> dict[str, float]:
    """The question's content words (no stopwords), each weighted 1, or NAME_WEIGHT when the question writes it
    capitalised after its first word ("Where in England was Dame Judi Dench born?": judi, dench, dame, england
    count double)."""
    words = _TOKEN.findall(question)
    weights: dict[str, float] = {}
    for i, word in enumerate(words):
        folded = word.casefold()
        if folded in stopwords() or (len(folded) < 2 and not folded.isdigit()):
            continue
        weight = NAME_WEIGHT if i > 0 and word[:1].isupper() else 1.0
        stem = stem_of(folded)
        weights[stem] = max(weights.get(stem, 0.0), weight)
    return weights


def _sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans for cutting windows: the splitter's, without cuts after an initial ("H. H. Asquith")."""
    merged: list[tuple[int, int]] = []
    for start, end in sentence_spans(text):
        if merged and _ends_after_initial(text, merged[-1][1]):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _ends_after_initial(text: str, end: int) -> bool:
    stripped = end
    while stripped > 0 and text[stripped - 1].isspace():
        stripped -= 1
    match = SENTENCE_END.match(text, stripped - 1) if stripped > 0 else None
    return match is not None and after_initial(text, match)


def choose_window(question: str, candidates: Sequence[str], pages: Sequence[str], window_chars: int) -> Window | None:
    """The most relevant window of the pages around an occurrence of a candidate, or None when no page holds
    a candidate. (Its `coverage` decides whether it is relevant enough: `MIN_COVERAGE`.)"""
    weights = question_weights(question)
    split = [_sentences(text) for text in pages]
    counts, lengths = [], []
    for text, spans in zip(pages, split, strict=True):
        counts.append([Counter(t for t in _tokens(text[s:e]) if t in weights) for s, e in spans])
        lengths.append([len(_TOKEN.findall(text[s:e])) for s, e in spans])
    # after sentence i a paragraph ends (its trailing white space holds a line break)
    breaks = [
        [("\n" in text[s:e][len(text[s:e].rstrip()) :]) for s, e in spans]
        for text, spans in zip(pages, split, strict=True)
    ]
    n_sentences = sum(len(spans) for spans in split)
    df = Counter(t for page in counts for sentence in page for t in sentence)
    idf = {t: math.log(1 + (n_sentences - df[t] + 0.5) / (df[t] + 0.5)) for t in weights}
    total = sum(weights[t] * idf[t] for t in weights) or 1.0
    avg_len = max(1.0, window_chars / 6)  # tokens in a full window (about six characters a token)

    def bm25(terms: Counter, length: int) -> float:
        return sum(
            weights[t] * idf[t] * terms[t] * (K1 + 1) / (terms[t] + K1 * (1 - B + B * length / avg_len)) for t in terms
        )

    best: Window | None = None
    best_key = None
    for p, text in enumerate(pages):
        spans = split[p]
        starts = [s for s, _ in spans]
        for candidate, start, end in _occurrences(text, candidates):
            first = last = _index(starts, start)
            while last + 1 < len(spans) and spans[last][1] < end:
                last += 1
            if spans[last][1] - spans[first][0] > window_chars:
                # sentences longer than a window (a list, a table): cut at word boundaries around the answer
                lo, hi = cut_window(text, start, end, window_chars)
                terms = Counter(t for t in _tokens(text[lo:hi]) if t in weights)
                score = bm25(terms, len(_TOKEN.findall(text[lo:hi])))
                score *= 1 + sum(PROXIMITY)  # the answer's own "sentence" is the whole cut
            else:
                answer_first, answer_last = first, last
                first, last = _grow(spans, counts[p], weights, breaks[p], first, last, window_chars)
                lo, hi = spans[first][0], spans[last][1]
                terms = _sum(counts[p], first, last)
                score = bm25(terms, sum(lengths[p][first : last + 1]))
                for reach, factor in enumerate(PROXIMITY):
                    near_first, near_last = max(first, answer_first - reach), min(last, answer_last + reach)
                    near = _sum(counts[p], near_first, near_last)
                    score += factor * bm25(near, sum(lengths[p][near_first : near_last + 1]))
            coverage = sum(weights[t] * idf[t] for t in terms) / total
            key = (-round(score, 9), p, start)
            if best_key is None or key < best_key:
                lo, hi = _trim(text, lo, hi, start, end)
                best, best_key = Window(p, lo, hi, (start, end), candidate, round(score, 4), round(coverage, 4)), key
    return best


def _occurrences(text: str, candidates: Sequence[str]) -> list[tuple[str, int, int]]:
    """(candidate, start, end) of the first MAX_OCCURRENCES whole-word occurrences of any candidate, in text
    order (a longer candidate first where two start at one place)."""
    found: dict[int, tuple[str, int, int]] = {}
    for candidate in candidates:
        for start, end in find_whole_word(text, candidate):
            if start not in found or end > found[start][2]:
                found[start] = (candidate, start, end)
    return [found[s] for s in sorted(found)][:MAX_OCCURRENCES]


def _index(starts: list[int], position: int) -> int:
    lo, hi = 0, len(starts)
    while lo + 1 < hi:
        mid = (lo + hi) // 2
        if starts[mid] <= position:
            lo = mid
        else:
            hi = mid
    return lo


def _grow(spans, counts, weights, breaks, first: int, last: int, window_chars: int) -> tuple[int, int]:
    """Add neighbouring sentences while the window stays within `window_chars`: next the side whose sentence
    carries more question weight (ties: the shorter sentence, then the following one). A paragraph break (a
    line break) is crossed only while the window is shorter than a third of `window_chars`: a window is the
    answer's paragraph where that paragraph is long enough."""

    def weight(i: int) -> float:
        return sum(weights[t] for t in counts[i])

    size = spans[last][1] - spans[first][0]
    while True:
        options = []
        short = size < window_chars // 3
        if first > 0 and (short or not breaks[first - 1]):
            options.append((weight(first - 1), -(spans[first - 1][1] - spans[first - 1][0]), 0, first - 1))
        if last + 1 < len(spans) and (short or not breaks[last]):
            options.append((weight(last + 1), -(spans[last + 1][1] - spans[last + 1][0]), 1, last + 1))
        options = [o for o in options if size - o[1] <= window_chars]
        if not options:
            return first, last
        _, minus_len, side, index = max(options)
        size -= minus_len
        if side == 0:
            first = index
        else:
            last = index


def _trim(text: str, lo: int, hi: int, start: int, end: int) -> tuple[int, int]:
    """The window without white space at its edges (never past the answer)."""
    while lo < start and text[lo].isspace():
        lo += 1
    while hi > end and text[hi - 1].isspace():
        hi -= 1
    return lo, hi


def _sum(counts: list[Counter], first: int, last: int) -> Counter:
    total: Counter = Counter()
    for i in range(first, last + 1):
        total.update(counts[i])
    return total
