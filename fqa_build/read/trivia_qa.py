"""TriviaQA rc input: the official layout (qa/*.json + evidence/), or `mandarjoshi/trivia_qa` rc rows.

A TriviaQA question comes with whole Wikipedia articles. Every whole-word occurrence of the answer value or an
alias in any of them is a candidate; the window of about `window_chars` characters most relevant to the
question is taken (fqa_build/read/windows.py), or the record is skipped as `no_relevant_window`. Every alias
found inside the window is a gold answer; the one the window was cut around comes first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from fqa_build.config import DEFAULT_WINDOW_CHARS
from fqa_build.read.ids import read_id
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.read.squad import read_json_file
from fqa_build.read.windows import MIN_COVERAGE, choose_window
from fqa_build.reasons import Reason
from fqa_build.text import find_whole_word
from fqa_build.types import Answer, QARecord

SOURCE = "trivia_qa"


def answer_candidates(value: str, aliases: Sequence[str]) -> list[str]:
    """The answer value, then its aliases, without duplicates or empty strings."""
    out: list[str] = []
    for text in [value, *aliases]:
        if isinstance(text, str) and text.strip() and text not in out:
            out.append(text)
    return out


def window_record(
    question_id: str,
    question: str,
    candidates: Sequence[str],
    pages: Iterable[tuple[str, str, str | None]],
    where: str,
    skips: SkipCounter,
    window_chars: int,
) -> QARecord | None:
    """The record for one TriviaQA question, given its Wikipedia pages as (title, filename, text or None): the
    window most relevant to the question around an occurrence of the answer in any page
    (fqa_build/read/windows.py)."""
    if not question or not question.strip():
        skips.skip(SOURCE, Reason.MISSING_QUESTION, where)
        return None
    if not candidates:
        skips.skip(SOURCE, Reason.NO_ANSWERS, where)
        return None
    pages = list(pages)
    for _, filename, text in pages:
        if text is None:
            skips.skip(SOURCE, Reason.MISSING_EVIDENCE, where, f"evidence file {filename!r} not found")
            return None
    window = choose_window(question, candidates, [text for _, _, text in pages], window_chars)
    if window is None:
        skips.skip(SOURCE, Reason.ANSWER_NOT_IN_EVIDENCE if pages else Reason.NO_WIKIPEDIA_EVIDENCE, where)
        return None
    if window.coverage < MIN_COVERAGE:
        skips.skip(SOURCE, Reason.NO_RELEVANT_WINDOW, where, f"best window holds {window.coverage:.0%} of the question")
        return None
    title, filename, text = pages[window.page]
    lo, hi = window.start, window.end
    context = text[lo:hi]
    start, end = window.answer
    answers = [Answer(context[start - lo : end - lo], start - lo)]
    # other aliases are gold answers too where they stand in the answer's paragraph (in another paragraph
    # of the window they may be another thing of that name, and the swap would take them instead)
    para_lo, para_hi = _paragraph(context, start - lo, end - lo)
    for other in candidates:
        for s, e in find_whole_word(context[:para_hi], other):
            if s < para_lo:
                continue
            answer = Answer(context[s:e], s)
            if answer not in answers:
                answers.append(answer)
            break
    source_id = f"{question_id}--{Path(filename).stem}"
    return QARecord(SOURCE, source_id, title, question, context, tuple(answers), title, window.score)


def _paragraph(text: str, start: int, end: int) -> tuple[int, int]:
    """Bounds of the paragraph (between line breaks) holding text[start:end]."""
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    return lo, len(text) if hi < 0 else hi


def _read_evidence(path: Path) -> str | None:
    """The text of an evidence file; None where there is none to read (missing, a folder, a NUL byte in the
    name). Callers pass the file name alone, so a record's "../x" stays inside the evidence folder."""
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError, ValueError):
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
            qid = read_id(qid)
            if isinstance(qid, Reason):
                skips.skip(SOURCE, qid, where)
                continue
            if qid in seen:
                skips.skip(SOURCE, Reason.DUPLICATE_ID, where, "already read from an earlier qa file")
                continue
            seen.add(qid)
            answer = item.get("Answer") if isinstance(item.get("Answer"), Mapping) else {}
            candidates = answer_candidates(answer.get("Value", ""), answer.get("Aliases") or [])
            entity_pages = item.get("EntityPages")
            pages = [
                (str(p.get("Title", "")), str(p.get("Filename", "")), None)
                for p in (entity_pages if isinstance(entity_pages, list) else [])
                if isinstance(p, Mapping) and p.get("Filename")
            ]
            lazy_pages = (
                (title, filename, _read_evidence(root / "evidence" / "wikipedia" / Path(filename).name))
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
        qid = read_id(qid)
        if isinstance(qid, Reason):
            skips.skip(SOURCE, qid, where)
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
