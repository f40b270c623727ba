"""NER on the sentences around the answers instead of the whole context.

Matching needs the entity that covers the answer, and the checks need the entities around every span a
rewrite touches; neither needs the rest of a 1,600-character TriviaQA window. A snippet is a run of whole
sentences: each sentence holding a gold answer or another occurrence of an answer's text (what the rewrite
may change), widened by a margin of sentences on each side so an entity cut by a wrongly split sentence
("U.S. Army") and the pronouns after a person stay inside. Entities found in a snippet are shifted back to
context offsets. The agreement with whole-context NER is measured by `python -m fqa_build bench` (docs/speed.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from fqa_build.sentences import sentence_spans
from fqa_build.types import Answer

DEFAULT_MARGIN = 1


def answer_regions(context: str, answers: Sequence[Answer]) -> list[tuple[int, int]]:
    """Every gold answer span, and every other case-insensitive occurrence of an answer's text."""
    regions = {(a.start, a.start + len(a.text)) for a in answers}
    folded = context.casefold()
    if len(folded) == len(context):  # offsets of the folded text are those of the context
        for text in {a.text.strip().casefold() for a in answers if a.text.strip()}:
            at = folded.find(text)
            while at >= 0:
                regions.add((at, at + len(text)))
                at = folded.find(text, at + 1)
    return sorted(regions)


def snippet_spans(context: str, answers: Sequence[Answer], margin: int = DEFAULT_MARGIN) -> list[tuple[int, int]]:
    """The merged runs of sentences NER must see for these answers: each sentence overlapping an answer
    region, plus `margin` sentences before and after."""
    sentences = sentence_spans(context)
    needed: set[int] = set()
    for start, end in answer_regions(context, answers):
        for index, (s_start, s_end) in enumerate(sentences):
            if s_start < max(end, start + 1) and start < s_end:
                needed.update(range(max(0, index - margin), min(len(sentences), index + margin + 1)))
    spans: list[tuple[int, int]] = []
    for index in sorted(needed):
        start, end = sentences[index]
        if spans and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans
