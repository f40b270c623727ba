"""Natural Questions (`--source nq:FILE`): NQ-open with gold passages (`question`, `answers`, `ctxs` with
`isgold`/`hasanswer`), or NQ in the MRQA layout (fqa_build/read/mrqa.py); the first line says which."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from fqa_build.hashing import sha256_text
from fqa_build.read.mrqa import NQ_SOURCE, as_list, first_row, jsonl_rows, make_record, records_from_mrqa
from fqa_build.read.passages import clean_passage
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.reasons import Reason
from fqa_build.text import find_whole_word, normalize_answer
from fqa_build.types import Answer, QARecord


def distinct_answers(answers: Iterable[str]) -> set[str]:
    """The different values among answer strings: normalised as SQuAD's evaluation does (lower case, no
    punctuation, no articles), with an answer that holds another as whole words ("in 1876", "1876") counted
    as that one."""
    values = {normalize_answer(a) for a in answers} - {""}
    return {v for v in values if not any(w != v and re.search(rf"\b{re.escape(w)}\b", v) for w in values)}


def records_from_nq_open(rows: Iterable[tuple[int, Any]], name: str, skips: SkipCounter) -> Iterator[QARecord]:
    """Records of NQ-open with gold passages: the passage marked `isgold` (else the first with `hasanswer`),
    each answer string found as a whole word in it (case-sensitive first). A question whose answers found in
    the passage name different values (it asks for several things, or its annotators disagree: "1980" /
    "1979") is skipped, `answers_disagree`: a swap of one of them leaves the others answering it. NQ-open has
    no ids: a record's id is a hash of its question."""
    for number, row in rows:
        skips.seen(NQ_SOURCE)
        where = f"{name}: line {number}"
        row = row if isinstance(row, Mapping) else {}
        question = row.get("question")
        ctxs = [c for c in as_list(row.get("ctxs")) if isinstance(c, Mapping) and isinstance(c.get("text"), str)]
        gold = next((c for c in ctxs if c.get("isgold")), None) or next((c for c in ctxs if c.get("hasanswer")), None)
        if gold is None:
            skips.skip(NQ_SOURCE, Reason.MISSING_CONTEXT, where, "no passage marked isgold or hasanswer")
            continue
        if not isinstance(question, str) or not question.strip():
            skips.skip(NQ_SOURCE, Reason.MISSING_QUESTION, where)
            continue
        clean = clean_passage(gold["text"])
        answers: list[Answer] = []
        for value in as_list(row.get("answers")):
            if not isinstance(value, str) or not value.strip():
                continue
            found = list(find_whole_word(clean.text, value.strip(), ignore_case=False)) or list(
                find_whole_word(clean.text, value.strip())
            )
            for start, end in found:
                if Answer(clean.text[start:end], start) not in answers:
                    answers.append(Answer(clean.text[start:end], start))
        if not answers:
            skips.skip(NQ_SOURCE, Reason.ANSWER_NOT_IN_EVIDENCE, where, f"answers {row.get('answers')!r}")
            continue
        values = distinct_answers(a.text for a in answers)
        if len(values) > 1:
            skips.skip(NQ_SOURCE, Reason.ANSWERS_DISAGREE, where, f"answers {sorted(values)!r} in the passage")
            continue
        title = gold.get("title") if isinstance(gold.get("title"), str) else ""
        qid = sha256_text(question.strip())[:16]
        record = make_record(NQ_SOURCE, qid, title, question, clean, answers, 0, f"{where} (id {qid})", skips)
        if record is not None:
            yield record


def read_nq_file(path: Path, skips: SkipCounter) -> list[QARecord]:
    """Natural Questions from a local JSONL(.gz) file: the NQ-open gold-passage layout or the MRQA layout
    (which of them, the first line says)."""
    try:
        first = first_row(path)
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise SourceError(f"{path}: cannot read ({error})") from None
    rows = jsonl_rows(path, NQ_SOURCE, skips)
    if isinstance(first, Mapping) and ("ctxs" in first or "answers" in first and "qas" not in first):
        return list(records_from_nq_open(rows, str(path), skips))
    if isinstance(first, Mapping) and ("header" in first or "qas" in first):
        return list(records_from_mrqa(rows, str(path), skips, NQ_SOURCE))
    raise SourceError(
        f"{path}: not Natural Questions JSONL (expected NQ-open lines with 'question', 'answers', 'ctxs', or MRQA "
        "lines with 'context' and 'qas')"
    )
