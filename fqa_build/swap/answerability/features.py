"""What the reader sees of a candidate: how much of the question the text around its mentions says, how close,
in how many words in a row, and how alike the sentence and the question are; whether the question names the
candidate, whether other candidates crowd its sentence. Every feature is a condition on any text: the unit is a
sentence or a line (a list item, a table row, a cast line), never a format's own pattern."""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Sequence

import numpy as np

from fqa_build.swap.answerability.candidates import Candidate
from fqa_build.swap.answerability.parse import Parse, predicate, role, tree_distance, wh_role
from fqa_build.swap.answerability.words import (
    SOFT_FLOOR,
    Passage,
    Question,
    read_question,
    soft_cover,
    soft_matches,
    stem_of,
    stopwords,
    unit_similarities,
    word_vector,
)

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
)
WINDOW = 8
#: what cuts a sentence into the segments a list item, a table cell or a role stands in
_SEGMENT_BREAK = re.compile(r"[,;:|()\[\]\n]|\s[-–—]+\s|--")


def _token_range(passage: Passage, start: int, end: int) -> tuple[int, int]:
    """The tokens [first, last) of the span [start, end): from the first token ending inside or after it, at least
    one (first = len(tokens) when no token ends after `start`)."""
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


class _Roles:
    """The parse-based features of a mention: the question's words by tree distance, its predicate, its role."""

    def __init__(self, q: Question, question_parse: Parse, parse: Parse) -> None:
        self.q, self.parse = q, parse
        self.total = sum(q.stems.values()) or 1.0
        self.token_stems = [{stem_of(w), stem_of(lemma)} for w, lemma in zip(parse.words, parse.lemmas, strict=True)]
        self.asked_lemmas = {
            stem_of(lemma)
            for lemma, pos in zip(question_parse.lemmas, question_parse.pos, strict=True)
            if pos in ("VERB", "NOUN", "ADJ", "AUX") and lemma not in stopwords()
        }
        self.asked_verbs = [
            lemma
            for lemma, pos in zip(question_parse.lemmas, question_parse.pos, strict=True)
            if pos == "VERB" and lemma not in stopwords()
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
            for stem in sorted(stems & self.q.stems.keys()):  # in order: the sum below must not depend on the hash
                distance = tree_distance(parse, head, i)
                if distance is not None and distance < nearest.get(stem, 99):
                    nearest[stem] = distance
        proximity = sum(self.q.stems[s] * math.exp(-d / 2) for s, d in nearest.items()) / self.total
        verb = predicate(parse, head)
        lemma = parse.lemmas[verb]
        if stem_of(lemma) in self.asked_lemmas:
            match = 1.0
        elif self.asked_verbs:
            match = max(float(word_vector(lemma) @ word_vector(v)) for v in self.asked_verbs)
            match = min(1.0, max(0.0, (match - SOFT_FLOOR) / (1 - SOFT_FLOOR)))
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
    sims = unit_similarities(question, passage)
    soft, soft_weights = soft_matches(question, passage)
    stop = stopwords()
    all_spans = sorted(span for c in candidates for span in c.spans)
    rows = np.zeros((len(candidates), len(FEATURES)), dtype=np.float64)
    for row, candidate in enumerate(candidates):
        own = [w for w in candidate.key if w not in stop]
        named = sum(1 for w in own if w in q.words) / len(own) if own else 0.0
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
            values = (
                unit_cover[unit],
                window,
                proximity,
                nearest,
                float(rarest is not None and rarest in unit_stems[unit]),
                segment,
                soft_cover(soft, soft_weights, seg_lo, seg_hi, first, last),
                soft_cover(soft, soft_weights, max(u_first, first - WINDOW), min(u_end, last + WINDOW), first, last),
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
            )
            best_vals = np.maximum(best_vals, np.array(values))
        best_vals[FEATURES.index("named_in_question")] = named
        best_vals[FEATURES.index("mentions")] = math.log(max(1, len(candidate.spans)))
        best_vals[~np.isfinite(best_vals)] = 0.0
        rows[row] = best_vals
    return rows
