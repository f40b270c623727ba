"""TriviaQA rc input: the official layout (qa/*.json + evidence/), or `mandarjoshi/trivia_qa` rc rows.

A TriviaQA question comes with whole Wikipedia articles. We take the first article (in the record's order)
that contains the answer value or one of its aliases as a whole word, and cut a window of about
`window_chars` characters around the first occurrence, at sentence boundaries where possible and at word
boundaries otherwise. Every alias found inside the window is a gold answer; the one the window was cut around
comes first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..config import DEFAULT_WINDOW_CHARS
from ..reasons import Reason
from ..sentences import SENTENCE_END, after_initial
from ..text import find_whole_word
from ..types import Answer, QARecord
from .skips import SkipCounter, SourceError
from .squad import read_json_file

SOURCE = "trivia_qa"


_SPACE = re.compile(r"\s")


def answer_candidates(value: str, aliases: Sequence[str]) -> list[str]:
    """The answer value, then its aliases, without duplicates or empty strings."""
    out: list[str] = []
    for text in [value, *aliases]:
        if isinstance(text, str) and text.strip() and text not in out:
            out.append(text)
    return out


def first_occurrence(text: str, candidates: Sequence[str]) -> tuple[str, int, int] | None:
    """The first candidate (in order) that occurs in `text` as a whole word, and where it first occurs."""
    for candidate in candidates:
        for start, end in find_whole_word(text, candidate):
            return candidate, start, end
    return None


def cut_window(text: str, start: int, end: int, size: int) -> tuple[int, int]:
    """Bounds of a window of about `size` characters around text[start:end].

    Each edge moves to the nearest sentence boundary within a quarter of the window of the ideal cut (never
    past the answer), else to the nearest word boundary; the window never begins or ends with whitespace.
    """
    n = len(text)
    if n <= size:
        lo, hi = 0, n
    else:
        half = max(0, (size - (end - start)) // 2)
        lo, hi = max(0, start - half), min(n, end + half)
        if lo == 0:
            hi = min(n, max(hi, size))
        if hi == n:
            lo = max(0, min(lo, n - size))
        slack = size // 4
        if lo > 0:
            lo = _snap(text, lo, max(0, lo - slack), min(start, lo + slack), sentence_start=True)
        if hi < n:
            hi = _snap(text, hi, max(end, hi - slack), min(n, hi + slack), sentence_start=False)
    while lo < start and text[lo].isspace():
        lo += 1
    while hi > end and text[hi - 1].isspace():
        hi -= 1
    return lo, hi


def _snap(text: str, ideal: int, floor: int, ceiling: int, sentence_start: bool) -> int:
    """The sentence boundary in [floor, ceiling] nearest to `ideal`, else the nearest word boundary."""
    cuts = []
    for match in SENTENCE_END.finditer(text, floor, ceiling):
        if after_initial(text, match):
            continue
        if sentence_start:
            cuts.append(match.end())
        else:
            cuts.append(match.start() if match.group() == "\n" else match.end())
    cuts = [c for c in cuts if floor <= c <= ceiling]
    if not cuts:
        cuts = [m.start() for m in _SPACE.finditer(text, floor, ceiling)]
        if sentence_start:
            cuts = [c + 1 for c in cuts]
    if not cuts:
        return ideal
    return min(cuts, key=lambda c: (abs(c - ideal), c))


def window_record(
    question_id: str,
    question: str,
    candidates: Sequence[str],
    pages: Iterable[tuple[str, str, str | None]],
    where: str,
    skips: SkipCounter,
    window_chars: int,
) -> QARecord | None:
    """The record for one TriviaQA question, given its Wikipedia pages as (title, filename, text or None)."""
    if not question or not question.strip():
        skips.skip(SOURCE, Reason.MISSING_QUESTION, where)
        return None
    if not candidates:
        skips.skip(SOURCE, Reason.NO_ANSWERS, where)
        return None
    any_page = False
    for title, filename, text in pages:
        any_page = True
        if text is None:
            skips.skip(SOURCE, Reason.MISSING_EVIDENCE, where, f"evidence file {filename!r} not found")
            return None
        hit = first_occurrence(text, candidates)
        if hit is None:
            continue
        _, start, end = hit
        lo, hi = cut_window(text, start, end, window_chars)
        context = text[lo:hi]
        answers = [Answer(context[start - lo : end - lo], start - lo)]
        for other in candidates:
            for s, e in find_whole_word(context, other):
                answer = Answer(context[s:e], s)
                if answer not in answers:
                    answers.append(answer)
                break
        source_id = f"{question_id}--{Path(filename).stem}"
        return QARecord(SOURCE, source_id, title, question, context, tuple(answers))
    skips.skip(SOURCE, Reason.ANSWER_NOT_IN_EVIDENCE if any_page else Reason.NO_WIKIPEDIA_EVIDENCE, where)
    return None


def _read_evidence(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path}: evidence is not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def read_trivia_qa_dir(root: Path, skips: SkipCounter, window_chars: int = DEFAULT_WINDOW_CHARS) -> list[QARecord]:
    """Records from the official TriviaQA rc layout; a question listed in several qa files is used once."""
    qa_dir = root / "qa"
    if not qa_dir.is_dir():
        raise SourceError(f"{root}: not a TriviaQA rc folder (no qa/ subfolder)")
    files = sorted(qa_dir.glob("*.json"))
    if not files:
        raise SourceError(f"{qa_dir}: no *.json question files")
    records: list[QARecord] = []
    seen: set[str] = set()
    for path in files:
        doc = read_json_file(path)
        if not isinstance(doc, Mapping) or not isinstance(doc.get("Data"), list):
            raise SourceError(f"{path}: not TriviaQA JSON (expected an object with a 'Data' list)")
        for index, item in enumerate(doc["Data"]):
            skips.seen(SOURCE)
            qid = item.get("QuestionId") if isinstance(item, Mapping) else None
            where = f"{path}: Data[{index}] (QuestionId {qid!r})"
            if not isinstance(qid, str) or not qid:
                skips.skip(SOURCE, Reason.MISSING_ID, where)
                continue
            if qid in seen:
                skips.skip(SOURCE, Reason.DUPLICATE_ID, where, "already read from an earlier qa file")
                continue
            seen.add(qid)
            answer = item.get("Answer") if isinstance(item.get("Answer"), Mapping) else {}
            candidates = answer_candidates(answer.get("Value", ""), answer.get("Aliases") or [])
            pages = [
                (str(p.get("Title", "")), str(p.get("Filename", "")), None)
                for p in item.get("EntityPages") or []
                if isinstance(p, Mapping) and p.get("Filename")
            ]
            lazy_pages = (
                (title, filename, _read_evidence(root / "evidence" / "wikipedia" / filename))
                for title, filename, _ in pages
            )
            record = window_record(
                qid, str(item.get("Question") or ""), candidates, lazy_pages, where, skips, window_chars
            )
            if record is not None:
                records.append(record)
    return records


def records_from_trivia_qa_rows(
    rows: Iterable[Mapping[str, Any]], name: str, skips: SkipCounter, window_chars: int = DEFAULT_WINDOW_CHARS
) -> Iterator[QARecord]:
    """Records from rows in the Hub layout of `mandarjoshi/trivia_qa` config `rc` (evidence text inline)."""
    seen: set[str] = set()
    for index, row in enumerate(rows):
        skips.seen(SOURCE)
        qid = row.get("question_id")
        where = f"{name}: row {index} (question_id {qid!r})"
        if not isinstance(qid, str) or not qid:
            skips.skip(SOURCE, Reason.MISSING_ID, where)
            continue
        if qid in seen:
            skips.skip(SOURCE, Reason.DUPLICATE_ID, where)
            continue
        seen.add(qid)
        answer = row.get("answer") or {}
        candidates = answer_candidates(answer.get("value", ""), answer.get("aliases") or [])
        pages_raw = row.get("entity_pages") or {}
        pages = zip(
            pages_raw.get("title") or [],
            pages_raw.get("filename") or [],
            pages_raw.get("wiki_context") or [],
            strict=False,
        )
        record = window_record(qid, str(row.get("question") or ""), candidates, pages, where, skips, window_chars)
        if record is not None:
            yield record


def load_trivia_qa_hub(
    skips: SkipCounter, window_chars: int = DEFAULT_WINDOW_CHARS, split: str = "train"
) -> list[QARecord]:
    """`mandarjoshi/trivia_qa` (rc) from the Hugging Face Hub via `datasets` (needs network access)."""
    import datasets

    rows = datasets.load_dataset("mandarjoshi/trivia_qa", "rc", split=split)
    return list(records_from_trivia_qa_rows(rows, f"mandarjoshi/trivia_qa[rc/{split}]", skips, window_chars))
