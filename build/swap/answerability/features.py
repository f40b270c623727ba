"""What the reader sees of a candidate: how much of the question the text around its mentions says, how close,
in how many words in a row, and how alike the sentence and the question are; whether the question names the
candidate, whether other candidates crowd its sentence. Every feature is a condition on any text: the unit is a
sentence or a line (a list item, a table row, a cast line), never a format's own pattern."""

from __future__ import annotations

import bisect
import functools
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...asked import asked_for
from ...lexicons import word_set
from ...sentences import sentence_spans
from .candidates import Candidate
from .parse import Parse, predicate, role, tree_distance, wh_role

#: the features, in the order of the weight vector (reader_weights.json names them; a change retrains it)
FEATURES = (
    "unit_cover",  # the question's words (rarer ones weigh more) in the candidate's sentence or line
    "window_cover",  # ... within WINDOW words of a mention
    "proximity",  # ... weighted by closeness to a mention
    "nearest",  # the closest of the question's words, by its weight and distance
    "rarest_in_unit",  # the question's rarest word (in this passage) in the sentence
    "segment_cover",  # the question's words in the candidate's segment (between commas, brackets, dashes, bars)
    "soft_segment",  # ... as word embeddings match them ("sings" and "sung", "won" and "winning")
    "soft_window",  # ... within WINDOW words of a mention
    "tree_proximity",  # the question's words by their distance from the mention in the dependency tree
    "predicate",  # the verb governing the mention is the question's (by lemma or word embedding)
    "role",  # ... and the mention fills the role the wh-phrase has in the question (subject, object, "in:")
    "bigrams",  # the question's word pairs found in the sentence
    "best_unit",  # the sentence covering most of the question
    "similarity",  # the sentence's embedding against the question's, less the passage's best
    "kind_beside",  # the question's kind noun ("which river") right beside a mention
    "named_in_question",  # the candidate's words in the question
    "crowd",  # other candidates' mentions in the sentence (log)
    "first_in_unit",  # the first mention of the answer's type in its sentence
    "in_brackets",  # a mention inside brackets
    "mentions",  # how often the passage names the candidate (log)
    "list_line",  # a short line of a passage made of lines
)
WINDOW = 8
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_SHORT_LINE = 12
#: what cuts a sentence into the segments a list item, a table cell or a role stands in
_SEGMENT_BREAK = re.compile(r"[,;:|()\[\]\n]|\s[-–—]+\s|--")


@functools.cache
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@functools.cache
def _stopwords() -> frozenset[str]:
    return word_set("stopwords")


@functools.lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return _stemmer().stemWord(word)


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
    stop = _stopwords()
    for index, (u_start, u_end) in enumerate(sentence_spans(text)):
        first = len(starts)
        for token in _TOKEN.finditer(text, u_start, u_end):
            word = token.group().casefold()
            starts.append(token.start())
            ends.append(token.end())
            words.append(word)
            stems.append(_stem(word))
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
    stop = _stopwords()
    words = [w.casefold() for w in _TOKEN.findall(question)]
    counts = Counter(passage.stems)
    stems: dict[str, float] = {}
    for word in words:
        stem = _stem(word)
        if word in stop or stem not in counts:
            continue
        stems[stem] = 1.0 / (1.0 + math.log(counts[stem]))
    pairs = frozenset(zip((_stem(w) for w in words), (_stem(w) for w in words[1:]), strict=False))
    kind = asked_for(question).kind
    return Question(stems, pairs, frozenset(words), _stem(kind) if kind else None)


def _token_range(passage: Passage, start: int, end: int) -> tuple[int, int]:
    """The tokens [first, last) of the span [start, end) (first = len(tokens) when none is)."""
    first = bisect.bisect_left(passage.ends, start + 1)
    return first, max(first + 1, bisect.bisect_left(passage.starts, end))


def _segment(passage: Passage, start: int, end: int, u_first: int, u_end: int) -> tuple[int, int]:
    """The tokens of the segment holding the span: its sentence cut at list commas, brackets, dashes and bars."""
    text = passage.text
    lo_char = passage.starts[u_first] if u_first < u_end else start
    hi_char = passage.ends[u_end - 1] if u_first < u_end else end
    before = [m.end() for m in _SEGMENT_BREAK.finditer(text, lo_char, start)]
    after = _SEGMENT_BREAK.search(text, end, hi_char)
    seg_start = before[-1] if before else lo_char
    seg_end = after.start() if after else hi_char
    return bisect.bisect_left(passage.ends, seg_start + 1), bisect.bisect_left(passage.starts, seg_end)


#: a word embedding's cosine under this is no match
_SOFT_FLOOR = 0.3


def _soft_matches(question: str, passage: Passage) -> tuple[np.ndarray, np.ndarray]:
    """For each content word of the question (rows) and each token of the passage (columns): how well the token
    matches it (the cosine of their word embeddings above `_SOFT_FLOOR`, rescaled to [0, 1]; 0 for function
    words); and each question word's weight (the passage's rarity weight of a word it says, 1 otherwise)."""
    from ...bank.embeddings import embed

    stop = _stopwords()
    asked = list(dict.fromkeys(w.casefold() for w in _TOKEN.findall(question) if w.casefold() not in stop))
    vocabulary = sorted({w for w, c in zip(passage.words, passage.content, strict=True) if c})
    if not asked or not vocabulary:
        return np.zeros((0, len(passage.words))), np.zeros(0)
    vectors = embed(asked + vocabulary)
    cosine = vectors[: len(asked)] @ vectors[len(asked) :].T
    scores = np.clip((cosine - _SOFT_FLOOR) / (1 - _SOFT_FLOOR), 0.0, 1.0)
    column = {w: i for i, w in enumerate(vocabulary)}
    matrix = np.zeros((len(asked), len(passage.words)))
    for token, word in enumerate(passage.words):
        if word in column:
            matrix[:, token] = scores[:, column[word]]
    counts = Counter(passage.stems)
    weights = np.array([1.0 / (1.0 + math.log(counts[_stem(w)])) if counts[_stem(w)] else 1.0 for w in asked])
    return matrix, weights


def _soft_cover(matrix: np.ndarray, weights: np.ndarray, lo: int, hi: int, first: int, last: int) -> float:
    """The weighted share of the question's words that tokens [lo, hi) outside the mention [first, last) match."""
    columns = [t for t in range(lo, hi) if not first <= t < last]
    if not columns or not len(weights):
        return 0.0
    return float(weights @ matrix[:, columns].max(axis=1) / weights.sum())


def _unit_similarities(question: str, passage: Passage) -> np.ndarray:
    from ...bank.embeddings import embed

    texts = [passage.text[s:e] for s, e in passage.unit_spans]
    vectors = embed([question, *texts])
    sims = vectors[1:] @ vectors[0]
    return sims - sims.max() if len(sims) else sims


@functools.lru_cache(maxsize=65536)
def word_vector(word: str) -> np.ndarray:
    from ...bank.embeddings import embed

    return embed([word])[0]


class _Roles:
    """The parse-based features of a mention: the question's words by tree distance, its predicate, its role."""

    def __init__(self, q: Question, question_parse: Parse, parse: Parse) -> None:
        self.q, self.parse = q, parse
        self.total = sum(q.stems.values()) or 1.0
        self.token_stems = [{_stem(w), _stem(lemma)} for w, lemma in zip(parse.words, parse.lemmas, strict=True)]
        self.asked_lemmas = {
            _stem(lemma)
            for lemma, pos in zip(question_parse.lemmas, question_parse.pos, strict=True)
            if pos in ("VERB", "NOUN", "ADJ", "AUX") and lemma not in _stopwords()
        }
        self.asked_verbs = [
            lemma
            for lemma, pos in zip(question_parse.lemmas, question_parse.pos, strict=True)
            if pos == "VERB" and lemma not in _stopwords()
        ]
        self.wh = wh_role(question_parse)

    def features(self, start: int, end: int) -> tuple[float, float, float]:
        parse = self.parse
        head = parse.token_at(start, end)
        if head is None:
            return 0.0, 0.0, 0.0
        nearest: dict[str, int] = {}
        for i, stems in enumerate(self.token_stems):
            if start <= parse.starts[i] < end:
                continue
            for stem in stems & self.q.stems.keys():
                distance = tree_distance(parse, head, i)
                if distance is not None and distance < nearest.get(stem, 99):
                    nearest[stem] = distance
        proximity = sum(self.q.stems[s] * math.exp(-d / 2) for s, d in nearest.items()) / self.total
        verb = predicate(parse, head)
        lemma = parse.lemmas[verb]
        if _stem(lemma) in self.asked_lemmas:
            match = 1.0
        elif self.asked_verbs:
            match = max(float(word_vector(lemma) @ word_vector(v)) for v in self.asked_verbs)
            match = min(1.0, max(0.0, (match - _SOFT_FLOOR) / (1 - _SOFT_FLOOR)))
        else:
            match = 0.0
        same_role = float(self.wh is not None and role(parse, head)[0] == self.wh[0])
        return proximity, match, match * same_role


def candidate_features(
    question: str, passage: Passage, candidates: Sequence[Candidate], parses: tuple[Parse, Parse]
) -> np.ndarray:
    """One row of FEATURES per candidate; `parses`: the question's and the passage's."""
    q = read_question(question, passage)
    roles = _Roles(q, *parses)
    total = sum(q.stems.values()) or 1.0
    unit_stems = [set(passage.stems[a:b]) for a, b in passage.units]
    unit_cover = [sum(w for s, w in q.stems.items() if s in stems) / total for stems in unit_stems]
    best = max(unit_cover, default=0.0)
    top = max(q.stems.values(), default=1.0)
    rarest = max(q.stems, key=lambda s: (q.stems[s], s)) if q.stems else None
    sims = _unit_similarities(question, passage)
    soft, soft_weights = _soft_matches(question, passage)
    lines = [b - a for a, b in passage.units if b > a]
    line_passage = sum(1 for n in lines if n <= _SHORT_LINE) >= 3 and "\n" in passage.text
    all_spans = sorted(span for c in candidates for span in c.spans)
    rows = np.zeros((len(candidates), len(FEATURES)), dtype=np.float64)
    for row, candidate in enumerate(candidates):
        named = sum(1 for w in candidate.key if w in q.words) / len(candidate.key) if candidate.key else 0.0
        best_vals = np.full(len(FEATURES), -np.inf)
        for start, end in candidate.spans:
            first, last = _token_range(passage, start, end)
            if first >= len(passage.starts):
                continue
            unit = passage.unit_of[first]
            u_first, u_end = passage.units[unit]
            near: dict[str, int] = {}
            for i in range(u_first, u_end):
                if first <= i < last or passage.stems[i] not in q.stems:
                    continue
                distance = first - i if i < first else i - last + 1
                near[passage.stems[i]] = min(distance, near.get(passage.stems[i], distance))
            window = sum(q.stems[s] for s, d in near.items() if d <= WINDOW) / total
            proximity = sum(q.stems[s] * math.exp(-d / 4) for s, d in near.items()) / total
            seg_lo, seg_hi = _segment(passage, start, end, u_first, u_end)
            segment = (
                sum(
                    w
                    for s, w in q.stems.items()
                    if s in set(passage.stems[seg_lo:seg_hi]) - set(passage.stems[first:last])
                )
                / total
            )
            nearest = max((q.stems[s] / (1 + d) for s, d in near.items()), default=0.0) / top
            stems = passage.stems[u_first:u_end]
            pairs = set(zip(stems, stems[1:], strict=False))
            bigrams = len(q.bigrams & pairs) / max(1, len(q.bigrams))
            lo, hi = max(u_first, first - 3), min(u_end, last + 3)
            kind = float(q.kind is not None and q.kind in passage.stems[lo:hi])
            crowd = sum(1 for s, e in all_spans if passage.unit_spans[unit][0] <= s < passage.unit_spans[unit][1])
            crowd -= sum(
                1 for s, _ in candidate.spans if passage.unit_spans[unit][0] <= s < passage.unit_spans[unit][1]
            )
            in_unit = [s for s, _ in all_spans if passage.unit_spans[unit][0] <= s < passage.unit_spans[unit][1]]
            first_in_unit = float(bool(in_unit) and in_unit[0] == start)
            before = passage.text[passage.unit_spans[unit][0] : start]
            brackets = float(before.count("(") > before.count(")"))
            short_line = float(line_passage and (u_end - u_first) <= _SHORT_LINE)
            values = (
                unit_cover[unit],
                window,
                proximity,
                nearest,
                float(rarest is not None and rarest in unit_stems[unit]),
                segment,
                _soft_cover(soft, soft_weights, seg_lo, seg_hi, first, last),
                _soft_cover(soft, soft_weights, max(u_first, first - WINDOW), min(u_end, last + WINDOW), first, last),
                *roles.features(start, end),
                bigrams,
                float(unit_cover[unit] >= best and best > 0),
                float(sims[unit]) if len(sims) else 0.0,
                kind,
                -np.inf,  # named_in_question: set below
                -math.log1p(crowd),  # kept as the best (least crowded) mention
                first_in_unit,
                brackets,
                -np.inf,  # mentions: set below
                short_line,
            )
            best_vals = np.maximum(best_vals, np.array(values))
        best_vals[FEATURES.index("named_in_question")] = named
        best_vals[FEATURES.index("mentions")] = math.log(max(1, len(candidate.spans)))
        best_vals[~np.isfinite(best_vals)] = 0.0
        rows[row] = best_vals
    return rows
