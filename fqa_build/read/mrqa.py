"""MRQA input: the MRQA shared-task JSONL layout (any subset: SQuAD, NewsQA, TriviaQA-web, SearchQA, HotpotQA,
NaturalQuestions) and the Hub's `mrqa-workshop/mrqa` rows through `datasets`; the JSONL reading and the record
checks that fqa_build/read/nq.py shares.

Passages are cleaned into plain text first (fqa_build/read/passages.py) and every answer span is mapped into it;
the clean passage is the record's context from then on, so offsets stay valid and rewrites whole-word.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from fqa_build.read.ids import read_id
from fqa_build.read.passages import CleanPassage, clean_passage, table_spans
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.read.squad import MAX_CONTEXT_CHARS, MAX_QUESTION_CHARS
from fqa_build.reasons import Reason
from fqa_build.types import Answer, QARecord

NQ_SOURCE = "nq"  # the source of Natural Questions rows, however read (fqa_build/read/nq.py)
#: a JSONL line longer than this holds no passage of these datasets (MRQA caps contexts at 800 tokens; with
#: their token lists a line stays far below it): it is skipped unread, so memory stays bounded
MAX_LINE_CHARS = 4_000_000
HUB_MRQA = "mrqa-workshop/mrqa"
#: the Hub MRQA subset that is Natural Questions
NQ_SUBSET = "NaturalQuestionsShort"


def mrqa_source(subset: str) -> str:
    """The `source` of an MRQA subset's rows: "mrqa_" and the subset's name in lower case ("mrqa_newsqa")."""
    name = re.sub(r"[^a-z0-9]+", "_", subset.lower()).strip("_")
    return f"mrqa_{name or 'unknown'}"


def _open(path: Path) -> IO[str]:
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    return opener(path, "rt", encoding="utf-8")  # type: ignore[return-value]


def jsonl_rows(path: Path, source: str, skips: SkipCounter) -> Iterator[tuple[int, Any]]:
    """(line number, parsed JSON) of a JSONL(.gz) file; an oversized line is skipped unread (counted against
    `source`), a malformed one stops the build with its line number."""
    try:
        with _open(path) as handle:
            number = 0
            while True:
                line = handle.readline(MAX_LINE_CHARS)
                if not line:
                    return
                number += 1
                if len(line) == MAX_LINE_CHARS and not line.endswith("\n"):
                    while (rest := handle.readline(MAX_LINE_CHARS)) and not rest.endswith("\n"):
                        pass
                    skips.seen(source)
                    skips.skip(source, Reason.OVERSIZED_RECORD, f"{path}: line {number}", "over 4,000,000 characters")
                    continue
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except json.JSONDecodeError as error:
                    raise SourceError(f"{path}: line {number} is not JSON ({error.msg})") from None
                except RecursionError:
                    raise SourceError(f"{path}: line {number} is JSON nested too deeply to be a record") from None
    except FileNotFoundError:
        raise SourceError(f"{path}: file not found") from None
    except (OSError, EOFError) as error:  # gzip.BadGzipFile is an OSError
        raise SourceError(f"{path}: cannot read ({error})") from None
    except UnicodeDecodeError as error:
        raise SourceError(f"{path}: not UTF-8 text ({error.reason})") from None


def _char_spans(detected: Any) -> list[tuple[int, int, str | None]]:
    """(start, end, text) of every detected answer span, end exclusive: MRQA's spans are inclusive. From the
    JSONL layout (`[{"text", "char_spans": [[s, e], ...]}]`) or the Hub's columnar one (`{"text": [...],
    "char_spans": [{"start": [...], "end": [...]}]}`)."""
    spans: list[tuple[int, int, str | None]] = []
    if isinstance(detected, Mapping):
        texts = as_list(detected.get("text"))
        for index, group in enumerate(as_list(detected.get("char_spans"))):
            if isinstance(group, Mapping):
                text = texts[index] if index < len(texts) and isinstance(texts[index], str) else None
                pairs = zip(as_list(group.get("start")), as_list(group.get("end")), strict=False)
                spans.extend((s, e + 1, text) for s, e in pairs if _is_int(s) and _is_int(e))
        return spans
    for answer in as_list(detected):
        if not isinstance(answer, Mapping):
            continue
        text = answer.get("text") if isinstance(answer.get("text"), str) else None
        for pair in as_list(answer.get("char_spans")):
            if isinstance(pair, list) and len(pair) == 2 and _is_int(pair[0]) and _is_int(pair[1]):
                spans.append((pair[0], pair[1] + 1, text))
    return spans


def as_list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _mapped_answers(
    raw: str, clean: CleanPassage, tables: list[tuple[int, int]], spans: Iterable[tuple[int, int, str | None]]
) -> tuple[list[Answer], int]:
    """The answers of raw spans, moved into the clean text, and how many spans lay inside a table. A span that
    does not hold its detected text (but for case and spacing: the Hub's rows strip their contexts, shifting
    offsets) is dropped, and so is one whose clean text is not its own text but for spacing (it crossed
    markup)."""
    answers: list[Answer] = []
    in_table = 0
    for start, end, detected in spans:
        if not 0 <= start < end <= len(raw):
            continue
        if detected is not None and _squeezed(detected).casefold() != _squeezed(raw[start:end]).casefold():
            continue
        if any(start < t_end and t_start < end for t_start, t_end in tables):
            in_table += 1
            continue
        new_start, new_end = clean.span(start, end)
        text = clean.text[new_start:new_end]
        if text and _squeezed(text) in _squeezed(raw[start:end]) and 2 * len(text) >= len(raw[start:end].strip()):
            if Answer(text, new_start) not in answers:
                answers.append(Answer(text, new_start))
    return answers, in_table


def make_record(
    source: str, qid: Any, title: str, question: Any, clean: CleanPassage, answers: list[Answer], in_table: int,
    where: str, skips: SkipCounter,
) -> QARecord | None:  # fmt: skip
    qid = read_id(qid)
    if isinstance(qid, Reason):
        skips.skip(source, qid, where)
        return None
    if not clean.text.strip():
        skips.skip(source, Reason.MISSING_CONTEXT, where)
        return None
    if not isinstance(question, str) or not question.strip():
        skips.skip(source, Reason.MISSING_QUESTION, where)
        return None
    if len(clean.text) > MAX_CONTEXT_CHARS or len(question) > MAX_QUESTION_CHARS:
        skips.skip(source, Reason.OVERSIZED_RECORD, where, f"context of {len(clean.text):,} characters")
        return None
    if not answers:
        reason = Reason.ANSWER_IN_TABLE if in_table else Reason.INVALID_ANSWER_START
        skips.skip(source, reason, where)
        return None
    return QARecord(source, qid, title, question.strip(), clean.text, tuple(answers))


def records_from_mrqa(
    rows: Iterable[tuple[int, Any]], name: str, skips: SkipCounter, source: str | None = None
) -> Iterator[QARecord]:
    """Records of MRQA lines (a `header` line names the subset; each line a `context` and its `qas`). `source`
    fixes the records' source (NQ read from MRQA files is "nq"); else it is the subset's (`mrqa_<subset>`)."""
    subset_source = source or mrqa_source("unknown")
    # the passage of the previous line, cleaned, and its tables: a passage's questions come together (the Hub's
    # rows are one question each)
    last: tuple[Any, CleanPassage | None, list[tuple[int, int]]] = (None, None, [])
    for number, row in rows:
        if isinstance(row, Mapping) and isinstance(row.get("header"), Mapping):
            subset = row["header"].get("dataset")
            subset_source = source or mrqa_source(subset if isinstance(subset, str) else "unknown")
            continue
        where = f"{name}: line {number}"
        qas = row.get("qas") if isinstance(row, Mapping) else None
        context = row.get("context") if isinstance(row, Mapping) else None
        if not isinstance(qas, list):
            skips.seen(subset_source)
            skips.skip(subset_source, Reason.MISSING_QUESTION, where, "no 'qas' list")
            continue
        if context != last[0]:
            readable = isinstance(context, str) and len(context) <= MAX_LINE_CHARS
            last = (context, clean_passage(context), table_spans(context)) if readable else (context, None, [])
        _, clean, tables = last
        for index, qa in enumerate(qas):
            skips.seen(subset_source)
            qa = qa if isinstance(qa, Mapping) else {}
            qid = qa.get("qid", qa.get("id"))
            here = f"{where}, qas[{index}] (qid {qid!r})"
            if clean is None:
                skips.skip(subset_source, Reason.MISSING_CONTEXT, here)
                continue
            answers, in_table = _mapped_answers(context, clean, tables, _char_spans(qa.get("detected_answers")))
            record = make_record(subset_source, qid, "", qa.get("question"), clean, answers, in_table, here, skips)
            if record is not None:
                yield record


def first_row(path: Path) -> Any:
    """The first JSON line of a JSONL(.gz) file (None when it is not JSON): what tells the layouts apart."""
    with _open(path) as handle:
        for line in iter(lambda: handle.readline(MAX_LINE_CHARS), ""):
            if line.strip():
                try:
                    return json.loads(line)
                except (json.JSONDecodeError, RecursionError):
                    return None
    return None


def read_mrqa_file(path: Path, skips: SkipCounter) -> list[QARecord]:
    """Any MRQA shared-task file (JSONL or JSONL.gz, a header line naming the subset)."""
    try:
        first = first_row(path)
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise SourceError(f"{path}: cannot read ({error})") from None
    if not (isinstance(first, Mapping) and ("header" in first or "qas" in first)):
        raise SourceError(f"{path}: not MRQA JSONL (expected a header line, then lines with 'context' and 'qas')")
    return list(records_from_mrqa(jsonl_rows(path, mrqa_source("unknown"), skips), str(path), skips))


def mrqa_hub_lines(rows: Iterable[Mapping[str, Any]], subset: str | None = None) -> Iterator[tuple[int, Any]]:
    """Rows of the Hub's `mrqa-workshop/mrqa` (one question each: subset, context, qid, question,
    detected_answers) as MRQA lines, each preceded by a header when the subset changes; `subset` keeps one."""
    current = None
    for index, row in enumerate(rows):
        name = row.get("subset")
        if subset is not None and name != subset:
            continue
        if name != current:
            current = name
            yield index, {"header": {"dataset": name}}
        qa = {"qid": row.get("qid"), "question": row.get("question"), "detected_answers": row.get("detected_answers")}
        yield index, {"context": row.get("context"), "qas": [qa]}


def load_mrqa_hub(skips: SkipCounter, split: str = "train", subset: str | None = None) -> list[QARecord]:
    """`mrqa-workshop/mrqa` from the Hugging Face Hub via `datasets` (needs network access); with `subset`
    ("NaturalQuestionsShort" for `--source nq`) only that subset, as source "nq"."""
    import datasets

    rows = datasets.load_dataset(HUB_MRQA, split=split)
    source = NQ_SOURCE if subset == NQ_SUBSET else None
    return list(records_from_mrqa(mrqa_hub_lines(rows, subset), f"{HUB_MRQA}[{split}]", skips, source))
