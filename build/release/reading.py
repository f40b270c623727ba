"""The reference predictor that reads: the answerability stage's candidate reader (build/swap/answerability),
given no gold. spaCy's pipeline (the reader's parser, with its NER) finds every mention in the passage of the
answer's type; the reader ranks them for the question. It can give a composed or made answer, which no bank
holds, and it gives no answer where the passage names nothing of the type."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ..swap.answerability.candidates import passage_candidates
from ..swap.answerability.features import candidate_features
from ..swap.answerability.parse import Parse, parse_of
from ..swap.answerability.reader import PARSER_MODEL, reader_weights
from ..swap.answerability.words import read_passage

#: (question, passage, entity type): what the reader is asked
Query = tuple[str, str, str]


@functools.cache
def _pipeline():
    import spacy

    return spacy.load(PARSER_MODEL)


def _ranked(question: Query, parses: tuple[Parse, Parse], entities: list[tuple[int, int, str]]) -> list[str]:
    text_question, text, label = question
    candidates = passage_candidates(text, entities, label, (), (), text_question)[1:]
    if not candidates:
        return []
    scores = candidate_features(text_question, read_passage(text), candidates, parses) @ reader_weights()
    order = sorted(range(len(candidates)), key=lambda i: (-scores[i], candidates[i].spans[0]))
    return [text[slice(*candidates[i].spans[0])] for i in order]


def read(queries: Iterable[Query]) -> dict[Query, list[str]]:
    """Each query's candidates, best first (each as its first mention in the passage); none where the passage
    names nothing of the type. Every distinct passage and question is parsed once."""
    queries = list(dict.fromkeys(queries))
    if not queries:
        return {}
    texts = list(dict.fromkeys([q[1] for q in queries] + [q[0] for q in queries]))
    docs = dict(zip(texts, _pipeline().pipe(texts, batch_size=32), strict=True))
    parses = {text: parse_of(doc) for text, doc in docs.items()}
    ranked = {}
    for query in queries:
        doc = docs[query[1]]
        entities = [(e.start_char, e.end_char, e.label_) for e in doc.ents]
        ranked[query] = _ranked(query, (parses[query[0]], parses[query[1]]), entities)
    return ranked


def best(queries: Sequence[Query]) -> list[str]:
    """The reader's answer to each query ("" where the passage names nothing of the type)."""
    ranked = read(queries)
    return [next(iter(ranked[q]), "") for q in queries]
