"""What a rule is: a small named check over one swap, run at one stage of the swap, that rejects it with one of
its declared reasons or lets it pass; where rules are registered (where they are defined, by `@rule`) and the order
they run in; and what a record a rule rejects is (`Case`), which a rule's module may hold beside it as `CASES`
(tests/test_rules.py runs each).

The order is derived, never listed: by stage, then after the rules a rule names in `after=` (the reason of a swap
that fails several rules is the first's, so `after=` says which reason wins where two rules can both reject), then
by module and by place in the module."""

from __future__ import annotations

import contextlib
import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from fqa_build.reasons import Reason
from fqa_build.timings import Timings

if TYPE_CHECKING:
    from fqa_build.swap.orchestration.state import Swap


class Stage(IntEnum):
    """Where in a swap a rule runs, in order."""

    LABEL = 1  # the matched mention is an entity of a type, kind and label the policy swaps
    MENTION = 2  # the question and the mention's text allow a swap, before a replacement is drawn
    MADE = 3  # a replacement the swap makes (a country map, a town, a composed name): what the text must leave free
    FORMS = 4  # the drawn replacement: other names of the original the rewrite must take over
    REWRITE = 5  # the rewritten context
    ANSWER = 6  # the new answer's place
    CHECK = 7  # the finished sample (the reference work's checks and ours)
    ANSWERABLE = 8  # the finished sample's passage names one answer, the gold (the candidate reader: the costliest)


@dataclass(frozen=True)
class Rule:
    """A named check: `check(swap)` returns the reason it rejects the swap for (one of `reasons`), or None;
    what it checks is the docstring of `check`."""

    name: str
    stage: Stage
    reasons: tuple[Reason, ...]
    check: Callable[[Swap], Reason | None]
    #: rules of the same stage (or an earlier one) this one runs after
    after: tuple[str, ...] = ()

    def __call__(self, swap: Swap) -> Reason | None:
        if RULE_TIMES.seconds is None:  # every build: the rule alone
            return self.check(swap)
        return RULE_TIMES.call(self.name, self.check, swap)

    @property
    def place(self) -> tuple[bool, str, int]:
        """Where the rule is defined: the swap's own rules (fqa_build/swap/rules/) before the components' (their
        folders, fqa_build/swap/components/), then by module and line; the order among rules no `after=` orders."""
        module = self.check.__module__
        return (".components." in module, module, self.check.__code__.co_firstlineno)


#: seconds each rule took in this process while `timed_rules` is on (off, as in every build)
RULE_TIMES = Timings()


def timed_rules() -> contextlib.AbstractContextManager[dict[str, float]]:
    """Sum the time each rule takes in this process while inside (the rule name -> seconds it yields fills as
    rules run); `bench` profiles a one-process build with it. Rules run in forked workers are not seen."""
    return RULE_TIMES.on()


#: every rule, by name, registered where it is defined
REGISTERED: dict[str, Rule] = {}


def rule(
    stage: Stage, *reasons: Reason, after: str | tuple[str, ...] = ()
) -> Callable[[Callable[[Swap], Reason | None]], Rule]:
    """Declare a function as a rule named after it, run at `stage` after the rules named in `after`, rejecting only
    with `reasons`; it is registered here (ValueError where its name is taken)."""

    def wrap(check: Callable[[Swap], Reason | None]) -> Rule:
        return register(
            Rule(check.__name__, stage, tuple(reasons), check, (after,) if isinstance(after, str) else after)
        )

    return wrap


def register(new: Rule) -> Rule:
    """Add a rule to the registry (ValueError where its name is taken)."""
    if new.name in REGISTERED:
        raise ValueError(f"rule {new.name} is already registered")
    REGISTERED[new.name] = new
    return new


def running_order(rules: Iterable[Rule]) -> list[Rule]:
    """The rules in the order a swap runs them: by stage; within a stage each after the rules its `after=` names,
    then by where it is defined. ValueError where `after=` names no rule, a rule of a later stage, or a cycle."""
    rules = list(rules)
    by_name = {r.name: r for r in rules}
    for r in rules:
        for name in r.after:
            if name not in by_name:
                raise ValueError(f"rule {r.name}: no rule {name} to run after")
            if by_name[name].stage > r.stage:
                raise ValueError(
                    f"rule {r.name}: a rule of stage {r.stage.name} cannot run after {name} "
                    f"(stage {by_name[name].stage.name})"
                )
    waiting = {r.name: {n for n in r.after if by_name[n].stage == r.stage} for r in rules}
    followers: dict[str, list[str]] = {r.name: [] for r in rules}
    for name, before in waiting.items():
        for first in before:
            followers[first].append(name)
    ready = [(r.stage, r.place, r.name) for r in rules if not waiting[r.name]]
    heapq.heapify(ready)
    order: list[Rule] = []
    while ready:
        *_, name = heapq.heappop(ready)
        order.append(by_name[name])
        for follower in followers[name]:
            waiting[follower].discard(name)
            if not waiting[follower]:
                f = by_name[follower]
                heapq.heappush(ready, (f.stage, f.place, f.name))
    if len(order) < len(rules):
        raise ValueError(f"rules ordered in a cycle by after=: {sorted(n for n, w in waiting.items() if w)}")
    return order


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
