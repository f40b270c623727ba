"""Input errors that stop the build, and the bookkeeping of skipped records."""

from __future__ import annotations

import logging
from collections import Counter, defaultdict

from fqa_build.reasons import Reason

log = logging.getLogger(__name__)


class SourceError(ValueError):
    """Input that cannot be read at all (missing file, malformed JSON, wrong layout): the build stops."""


class SkipCounter:
    """Counts records skipped for a named reason, per source, and logs the first few of each."""

    LOG_FIRST = 5

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = defaultdict(Counter)
        self.totals: Counter[str] = Counter()

    def total(self) -> int:
        """Records skipped so far, of every source and reason."""
        return sum(sum(counts.values()) for counts in self.counts.values())

    def seen(self, source: str, n: int = 1) -> None:
        self.totals[source] += n

    def skip(self, source: str, reason: Reason, where: str, detail: str = "") -> None:
        """Count a skipped record under a declared reason; `where` names the file and record (e.g.
        "dev.json: question 5733be28")."""
        reason = Reason(reason)
        self.counts[source][reason] += 1
        if self.counts[source][reason] <= self.LOG_FIRST:
            log.warning("skipped (%s) %s%s", reason, where, f": {detail}" if detail else "")
        elif self.counts[source][reason] == self.LOG_FIRST + 1:
            log.warning("further '%s' skips in %s are counted but not logged", reason, source)
