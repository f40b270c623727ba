"""A toy source format in one file: a JSONL of {id, title, question, context, answer}. Registered by
tests/test_extensions.py for one test and removed after; nothing else in the project names it."""

from __future__ import annotations

import json
from pathlib import Path

from fqa_build.read.credits import Credit
from fqa_build.read.formats import SourceFormat
from fqa_build.read.skips import SkipCounter, SourceError
from fqa_build.reasons import Reason
from fqa_build.types import Answer, QARecord


def read_toy(path: Path, skips: SkipCounter, window_chars: int) -> list[QARecord]:
    """One record per line; a line whose answer is not in its context is skipped and counted."""
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        skips.seen("toy")
        try:
            row = json.loads(line)
        except json.JSONDecodeError as error:
            raise SourceError(f"{path}: line {number} is not JSON ({error.msg})") from None
        start = row["context"].find(row["answer"])
        if start < 0:
            skips.skip("toy", Reason.INVALID_ANSWER_START, f"{path}: line {number}", "answer not in context")
            continue
        answer = Answer(row["answer"], start)
        records.append(QARecord("toy", row["id"], row["title"], row["question"], row["context"], (answer,)))
    return records


TOY = SourceFormat(
    "toy",
    "toy:FILE (a JSONL of id, title, question, context, answer)",
    read_path=read_toy,
    read_hub=None,
    hub_dataset=None,
    row_sources=lambda source: source == "toy",
    display_name=lambda source: "Toy QA",
    credits=lambda source: (Credit("Toy QA", "the tests, 2026", "CC0 1.0", True, "@misc{toy, title = {Toy QA}}"),),
    source_dataset=lambda source: "original",
    paragraph_sources=frozenset({"toy"}),
    card_text="Toy QA contexts are the tests' own sentences.",
)
