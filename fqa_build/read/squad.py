"""SQuAD v1.1 input: the official JSON file, or `rajpurkar/squad` rows from `datasets`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from fqa_build.read.ids import read_id
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.reasons import Reason
from fqa_build.types import Answer, QARecord

SOURCE = "squad"


#: a SQuAD paragraph is a few thousand characters; a record far beyond these is no paragraph and would only
#: cost NER time and memory (it is skipped and counted as `oversized_record`)
MAX_CONTEXT_CHARS = 100_000
MAX_QUESTION_CHARS = 2_000


#: the first bytes of compressed files, and what they are
_COMPRESSED = ((b"\x1f\x8b", "gzip"), (b"PK\x03\x04", "zip"), (b"BZh", "bzip2"), (b"\xfd7zXZ\x00", "xz"))


def compressed_message(path: Path) -> str | None:
    """The error for a compressed file given where plain JSON is read (None when it is not compressed): which
    compression it is, and which source formats read compressed files."""
    with open(path, "rb") as handle:
        head = handle.read(8)
    for magic, name in _COMPRESSED:
        if head.startswith(magic):
            return (
                f"{path}: a {name} file; squad: and trivia_qa: read plain JSON (decompress it first), nq: and mrqa: "
                "also read gzip (.jsonl.gz)"
            )
    return None


def read_json_file(path: Path) -> Any:
    """Parse a JSON file, turning a missing file or malformed JSON into a SourceError naming the file."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        raise SourceError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise SourceError(f"{path}: is a directory, expected a JSON file") from None
    except UnicodeDecodeError as exc:
        raise SourceError(
            compressed_message(path) or f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    except json.JSONDecodeError as exc:
        if not exc.doc.strip():
            raise SourceError(f"{path}: the file is empty (expected JSON)") from None
        raise SourceError(f"{path}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise SourceError(f"{path}: JSON nested too deeply to be a dataset") from None


def _answers(raw: Any, context: str, where: str, skips: SkipCounter) -> tuple[Answer, ...] | None:
    """Valid answers of a question; None (after counting the skip) when none is usable."""
    if not isinstance(raw, list) or not raw:
        skips.skip(SOURCE, Reason.NO_ANSWERS, where)
        return None
    valid: list[Answer] = []
    for ans in raw:
        text = ans.get("text") if isinstance(ans, Mapping) else None
        start = ans.get("answer_start") if isinstance(ans, Mapping) else None
        if not isinstance(text, str) or not text or not isinstance(start, int) or isinstance(start, bool):
            continue
        if context[start : start + len(text)] != text:
            continue
        if Answer(text, start) not in valid:
            valid.append(Answer(text, start))
    if not valid:
        skips.skip(
            SOURCE, Reason.INVALID_ANSWER_START, where, f"no answer_start of {len(raw)} answer(s) points at its text"
        )
        return None
    return tuple(valid)


def records_from_squad_json(data: Any, path: str, skips: SkipCounter) -> Iterator[QARecord]:
    """Records of a parsed SQuAD v1.1 document; bad questions are skipped and counted."""
    if not isinstance(data, Mapping) or not isinstance(data.get("data"), list):
        raise SourceError(f"{path}: not SQuAD v1.1 JSON (expected an object with a 'data' list)")
    for a_index, article in enumerate(data["data"]):
        if not isinstance(article, Mapping) or not isinstance(article.get("paragraphs"), list):
            raise SourceError(f"{path}: data[{a_index}] has no 'paragraphs' list")
        title = str(article.get("title") or "")
        for p_index, paragraph in enumerate(article["paragraphs"]):
            qas = paragraph.get("qas") if isinstance(paragraph, Mapping) else None
            if not isinstance(qas, list):
                raise SourceError(f"{path}: data[{a_index}].paragraphs[{p_index}] has no 'qas' list")
            context = paragraph.get("context")
            for q_index, qa in enumerate(qas):
                skips.seen(SOURCE)
                qid = qa.get("id") if isinstance(qa, Mapping) else None
                where = f"{path}: data[{a_index}].paragraphs[{p_index}].qas[{q_index}] (id {qid!r})"
                record = _record(qa, qid, title, context, where, skips)
                if record is not None:
                    yield record


def _record(qa: Any, raw_id: Any, title: str, context: Any, where: str, skips: SkipCounter) -> QARecord | None:
    qid = read_id(raw_id)
    if isinstance(qid, Reason):
        skips.skip(SOURCE, qid, where)
        return None
    if not isinstance(context, str) or not context.strip():
        skips.skip(SOURCE, Reason.MISSING_CONTEXT, where)
        return None
    question = qa.get("question")
    if not isinstance(question, str) or not question.strip():
        skips.skip(SOURCE, Reason.MISSING_QUESTION, where)
        return None
    if len(context) > MAX_CONTEXT_CHARS or len(question) > MAX_QUESTION_CHARS:
        skips.skip(SOURCE, Reason.OVERSIZED_RECORD, where, f"context of {len(context):,} characters")
        return None
    answers = _answers(qa.get("answers"), context, where, skips)
    if answers is None:
        return None
    return QARecord(SOURCE, qid, title, question, context, answers)


def read_squad_file(path: Path, skips: SkipCounter) -> list[QARecord]:
    """All usable records of an official SQuAD v1.1 JSON file."""
    return list(records_from_squad_json(read_json_file(path), str(path), skips))


def records_from_squad_rows(rows: Iterable[Mapping[str, Any]], name: str, skips: SkipCounter) -> Iterator[QARecord]:
    """Records from rows in the Hub layout of `rajpurkar/squad` (id, title, context, question, answers)."""
    for index, row in enumerate(rows):
        skips.seen(SOURCE)
        qid = row.get("id")
        where = f"{name}: row {index} (id {qid!r})"
        raw = row.get("answers") or {}
        texts, starts = raw.get("text") or [], raw.get("answer_start") or []
        qa = {
            "question": row.get("question"),
            "answers": [{"text": t, "answer_start": s} for t, s in zip(texts, starts, strict=False)],
        }
        record = _record(qa, qid, str(row.get("title") or ""), row.get("context"), where, skips)
        if record is not None:
            yield record


def load_squad_hub(skips: SkipCounter, split: str = "train") -> list[QARecord]:
    """`rajpurkar/squad` from the Hugging Face Hub via `datasets` (needs network access)."""
    import datasets

    rows = datasets.load_dataset("rajpurkar/squad", split=split)
    return list(records_from_squad_rows(rows, f"rajpurkar/squad[{split}]", skips))
