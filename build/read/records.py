"""The build's input record and the bookkeeping of skipped records."""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Answer:
    """A gold answer: its text and character offset in the context (SQuAD layout)."""

    text: str
    start: int


@dataclass(frozen=True)
class QARecord:
    """One extractive QA question with its context, from any source.

    The context is never stripped or otherwise edited: answer offsets point into it as given.
    """

    source: str
    source_id: str
    title: str
    question: str
    context: str
    answers: tuple[Answer, ...]

    @property
    def id(self) -> str:
        return f"{self.source}-{self.source_id}"


class SourceError(ValueError):
    """Input that cannot be read at all (missing file, malformed JSON, wrong layout): the build stops."""


class SkipCounter:
    """Counts records skipped for a named reason, per source, and logs the first few of each."""

    LOG_FIRST = 5

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = defaultdict(Counter)
        self.totals: Counter[str] = Counter()

    def seen(self, source: str, n: int = 1) -> None:
        self.totals[source] += n

    def skip(self, source: str, reason: str, where: str, detail: str = "") -> None:
        """Count a skipped record; `where` names the file and record (e.g. "dev.json: question 5733be28")."""
        self.counts[source][reason] += 1
        if self.counts[source][reason] <= self.LOG_FIRST:
            log.warning("skipped (%s) %s%s", reason, where, f": {detail}" if detail else "")
        elif self.counts[source][reason] == self.LOG_FIRST + 1:
            log.warning("further '%s' skips in %s are counted but not logged", reason, source)
