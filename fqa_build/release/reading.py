"""The reference predictor that reads: the answerability stage's candidate reader (fqa_build/swap/answerability),
given no gold. spaCy's pipeline (the reader's parser, with its NER) finds every mention in the passage of the
answer's type; the reader ranks them for the question. It can give a composed or made answer, which no bank
holds, and it gives no answer where the passage names nothing of the type."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Iterable, Sequence

from fqa_build.swap.answerability.candidates import passage_candidates
from fqa_build.swap.answerability.features import candidate_features
from fqa_build.swap.answerability.parse import Parse, parse_of
from fqa_build.swap.answerability.parse_cache import cached, pipeline_key
from fqa_build.swap.answerability.reader import PARSER_MODEL, reader_weights
from fqa_build.swap.answerability.words import read_passage

#: (question, passage, entity type): what the reader is asked
Query = tuple[str, str, str]
#: texts whose parse and mentions are kept (the configs of one build ask of the same passages and questions)
KEPT_TEXTS = 8192
_analysed: OrderedDict[str, tuple[Parse, list[tuple[int, int, str]]]] = OrderedDict()


@functools.cache
def _pipeline():
    import spacy

    return spacy.load(PARSER_MODEL)


def _analyse(texts: Iterable[str]) -> None:
    """Parse (and find the mentions of) each text not kept yet, each alone (from the parse cache where it holds it)."""
    missing = [t for t in dict.fromkeys(texts) if t not in _analysed]
    # one text at a time: what spaCy finds in a text must not depend on the texts batched with it (padding moves
    # the floats), or a card rendered again, with other texts kept, would differ; so it can be cached too
    pipeline = pipeline_key(PARSER_MODEL, with_ner=True)
    for text in missing:
        _analysed[text] = cached(pipeline, text, _analysis, _encode, _decode)
        while len(_analysed) > KEPT_TEXTS:
            _analysed.popitem(last=False)


def _analysis(text: str) -> tuple[Parse, list[tuple[int, int, str]]]:
    doc = _pipeline()(text)
    return parse_of(doc), [(e.start_char, e.end_char, e.label_) for e in doc.ents]


def _encode(analysis: tuple[Parse, list[tuple[int, int, str]]]) -> list:
    return [analysis[0].as_lists(), [list(e) for e in analysis[1]]]


def _decode(payload: list) -> tuple[Parse, list[tuple[int, int, str]]]:
    parse, entities = payload
    return Parse.from_lists(parse), [(int(s), int(e), str(label)) for s, e, label in entities]


def _ranked(query: Query) -> list[tuple[str, float]]:
    question, text, label = query
    (question_parse, _), (parse, entities) = _analysed[question], _analysed[text]
    candidates = passage_candidates(text, entities, label, (), (), question)[1:]
    if not candidates:
        return []
    scores = candidate_features(question, read_passage(text), candidates, (question_parse, parse)) @ reader_weights()
    order = sorted(range(len(candidates)), key=lambda i: (-scores[i], candidates[i].spans[0]))
    return [(text[slice(*candidates[i].spans[0])], float(scores[i])) for i in order]


def read(queries: Iterable[Query]) -> dict[Query, list[tuple[str, float]]]:
    """Each query's candidates with their scores, best first (each as its first mention in the passage); none
    where the passage names nothing of the type. A text is parsed once however many queries ask of it."""
    queries = list(dict.fromkeys(queries))
    ranked = {}
    step = KEPT_TEXTS // 4  # queries a pass: their texts stay kept until they are read, however many there are
    for start in range(0, len(queries), step):
        chunk = queries[start : start + step]
        _analyse(text for question, passage, _ in chunk for text in (passage, question))
        ranked.update((query, _ranked(query)) for query in chunk)
    return ranked


def best(queries: Sequence[Query]) -> list[str]:
    """The reader's answer to each query ("" where the passage names nothing of the type)."""
    ranked = read(queries)
    return [next(iter(ranked[q]), ("", 0.0))[0] for q in queries]


def best_of_passages(queries: Sequence[Sequence[Query]]) -> list[str]:
    """For each group of queries (one question over several passages), the answer the reader scores highest
    over all of them ("" where none names anything of the type)."""
    ranked = read(q for group in queries for q in group)
    found = []
    for group in queries:
        options = [option for q in group for option in ranked[q][:1]]
        found.append(max(options, key=lambda o: o[1])[0] if options else "")
    return found
