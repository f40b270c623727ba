"""What a rule is: a small named check over one swap, run at one stage of the swap, that rejects it with one of
its declared reasons or lets it pass; and what a record it rejects is (`Case`), which a rule's module may hold
beside it as `CASES` (tests/test_rules.py runs each)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from ...reasons import Reason

if TYPE_CHECKING:
    from ..orchestration.state import Swap


class Stage(IntEnum):
    """Where in a swap a rule runs, in order."""

    MENTION = 1  # the matched mention, before a replacement is drawn
    MADE = 2  # a replacement the swap makes (a country map, a town, a composed name): what the text must leave free
    FORMS = 3  # the drawn replacement: other names of the original the rewrite must take over
    REWRITE = 4  # the rewritten context
    ANSWER = 5  # the new answer's place
    CHECK = 6  # the finished sample (the reference work's checks and ours)


@dataclass(frozen=True)
class Rule:
    """A named check: `check(swap)` returns the reason it rejects the swap for (one of `reasons`), or None;
    what it checks is the docstring of `check`."""

    name: str
    stage: Stage
    reasons: tuple[Reason, ...]
    check: Callable[[Swap], Reason | None]

    def __call__(self, swap: Swap) -> Reason | None:
        if _SECONDS is None:
            return self.check(swap)
        began = time.perf_counter()
        try:
            return self.check(swap)
        finally:
            _SECONDS[self.name] = _SECONDS.get(self.name, 0.0) + time.perf_counter() - began


#: seconds each rule took in this process, summed while `timed_rules` is on (None: off, as in every build)
_SECONDS: dict[str, float] | None = None


@contextlib.contextmanager
def timed_rules() -> Iterator[dict[str, float]]:
    """Sum the time each rule takes in this process while inside (the rule name -> seconds it yields fills as
    rules run); `bench` profiles a one-process build with it. Rules run in forked workers are not seen."""
    global _SECONDS
    seconds: dict[str, float] = {}
    _SECONDS = seconds
    try:
        yield seconds
    finally:
        _SECONDS = None


def rule(stage: Stage, *reasons: Reason) -> Callable[[Callable[[Swap], Reason | None]], Rule]:
    """Declare a function as a rule named after it, run at `stage`, rejecting only with `reasons`."""

    def wrap(check: Callable[[Swap], Reason | None]) -> Rule:
        return Rule(check.__name__, stage, tuple(reasons), check)

    return wrap


@dataclass(frozen=True)
class Case:
    """A hand-made record a rule rejects, what NER found in it, and a small bank.

    `answers` and `entities` name their text; a trailing number picks the n-th occurrence in the context (0:
    the first). Each `bank` item is seen twice, in contexts of its own ("the X" where listed in `article`);
    `votes` add (text, label, n) mentions, to give a name a second label. `without` is the outcome under the
    policy without the rule: the new context of the kept sample, or the reason a later rule rejects it for.
    `needs`: the rules a policy must also run for this record to reach the rule end to end.
    """

    question: str
    context: str
    answers: tuple
    entities: tuple
    bank: tuple = ()
    without: str | Reason | None = None
    replacement: str | None = None
    votes: tuple = ()
    article: tuple = ()
    config: tuple = ()  # SubstitutionConfig fields other than the policy, as (name, value) pairs
    common_words: tuple = ()  # the corpus's lower-case words (fqa_build/bank/build.py sets them for composing policies)
    needs: frozenset[str] = frozenset()

    def answers_text(self) -> list[str]:
        """The answers' texts, without the occurrence numbers."""
        return [a[0] if isinstance(a, tuple) else a for a in self.answers]
