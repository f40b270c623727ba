"""What the card shows of a release beyond counts: one row as a reader meets it, and as stored. (The
evaluator's reference predictors' scores are handed to the card: fqa_build/checks/evaluate.py `baseline_scores`.)"""

from __future__ import annotations

from typing import Any

from fqa_build.sentences import sentences_around

#: the longest string the stored example shows whole
EXAMPLE_MAX_CHARS = 240
#: the longest sentence the reader's example shows whole
SENTENCE_MAX_CHARS = 480


def reader_example(row: dict[str, Any]) -> dict[str, Any]:
    """A row as a reader sees it: the question, the original and the new answer, and the answer's sentence
    before and after the swap (the sentences around the first gold answer of each context)."""

    def sentence(text: str, answers: dict[str, list] | None) -> str:
        if not answers or not answers["text"]:
            return ""
        start = answers["answer_start"][0]
        begin, end = sentences_around(text, start, start + len(answers["text"][0]))
        return _cut(text[begin:end].strip())

    return {
        "id": row["id"],
        "entity_type": row["entity_type"],
        "question": row["question"],
        "original_answer": row["matched_answer"],
        "new_answer": row["answers"]["text"][0],
        "original_sentence": sentence(row["original_context"], row["original_answers"]),
        "new_sentence": sentence(row["context"], row["answers"]),
    }


def _cut(text: str) -> str:
    return text if len(text) <= SENTENCE_MAX_CHARS else text[:SENTENCE_MAX_CHARS] + " …"


def stored_example(row: dict[str, Any]) -> dict[str, Any]:
    """A row as stored, its strings over EXAMPLE_MAX_CHARS characters cut with "…"."""

    def cut(value):
        if isinstance(value, str) and len(value) > EXAMPLE_MAX_CHARS:
            return value[:EXAMPLE_MAX_CHARS] + " …"
        if isinstance(value, list):
            return [cut(v) for v in value]
        if isinstance(value, dict):
            return {k: cut(v) for k, v in value.items()}
        return value

    return {key: cut(value) for key, value in row.items()}
