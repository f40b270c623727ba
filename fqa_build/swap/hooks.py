"""Where a component joins the swap: `@hook(Hook.X, Component)` registers, beside the code that does it, what a
component does at one point of the build, so the swap (fqa_build/swap/orchestration/), the swap stage and the
rules ask no component's flag or parameter there. The points, in the order a build meets them:

- `WARM`: load what the component's swaps read, once, before the swap workers fork (`(policy) -> None`);
- `INPUTS`: the record ids the component makes no row of, over all the build's records (`(records) -> ids`,
  united);
- `RECORD`: the component takes a whole record and tries it its own way, given the plain attempt
  (`(record, info, bank, attempt, policy) -> Sample | Rejection`): the first that answers decides;
- `MATCH`: more matches of a record's gold answers, after the entity matches (`(record, matches) -> matches`);
- `TRY`: the component tries a match its own way before the plain swap (`(match, new_swap, run) -> Sample |
  Rejection | None`): a sample ends the record, a rejection is the refusal reported where the plain swap fails too;
- `KIND`: the kind of a swap's original, each component in turn refining the kind before it (`(swap, kind) ->
  kind`);
- `GENDER`: the gender the text gives the original person (`(swap) -> gender | None`; the first that answers; the
  pronoun's where none does);
- `LABEL`: a swap's kind or label, read from its text before its rules run (`(swap) -> None`);
- `SHAPE`: the shape a replacement must keep (`(swap, with_article) -> shape | None`; the first that answers; the
  label's shape where none does);
- `MAKE`: the replacement the component makes (`(swap) -> entry | Reason | None`): the first component that
  answers makes it (`Reason.NO_CANDIDATE` where it takes the swap but can make nothing); None: not its swap, and
  the swap draws from the bank where no component answers;
- `REWRITE`: what the rewrite changes besides the mentions and which mentions it changes, each component in turn
  (`(swap, (dependents, only)) -> (dependents, only)`: the spans it rewrites with the mention, and the mentions it
  rewrites, None for all; `narrowed` intersects);
- `ANSWER`: the new answer's span, each component in turn (`(swap, span) -> span`);
- `GOLDS`: the sample's gold answers (`(swap) -> {"text": [...], "answer_start": [...]} | None`; the first that
  answers; the new answer alone where none does).

A build runs the hooks of the components its policy lists, in the order the components are registered
(swap/components/, `ORDER`), never in the order a policy lists them. What the text must leave free for a made
replacement the rules of stage `MADE` checked before.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from fqa_build.reasons import Reason
from fqa_build.swap.components import COMPONENTS, Component
from fqa_build.timings import Timings
from fqa_build.types import BankEntry, Match, QARecord

if TYPE_CHECKING:
    from fqa_build.swap.policies.policy import Policy


class Swap(Protocol):
    """What the hooks read of a swap (fqa_build/swap/orchestration/state.py `Swap`, which imports modules that
    define hooks): its policy."""

    policy: Policy


class Hook(enum.Enum):
    """A point of the swap where components join in."""

    WARM = "warm"
    INPUTS = "inputs"
    RECORD = "record"
    MATCH = "match"
    TRY = "try"
    KIND = "kind"
    GENDER = "gender"
    LABEL = "label"
    SHAPE = "shape"
    MAKE = "make"
    REWRITE = "rewrite"
    ANSWER = "answer"
    GOLDS = "golds"


#: each point's functions, by component class
HOOKS: dict[Hook, dict[type[Component], Callable[..., Any]]] = {point: {} for point in Hook}


def hook(point: Hook, kind: type[Component]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a function as what component `kind` does at `point` (one function a component and point)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        if kind in HOOKS[point]:
            held = HOOKS[point][kind].__qualname__
            raise ValueError(f"component {kind.name} has a {point.value} hook already ({held})")
        HOOKS[point][kind] = fn
        hooks_of.cache_clear()  # a hook registered late (a test's toy) runs from the next swap on
        return fn

    return register


@functools.cache
def _loaded() -> None:
    importlib.import_module("fqa_build.swap.rules").TABLE  # noqa: B018 (every rule module and component module)


@functools.cache
def hooks_of(policy: Policy, point: Hook) -> tuple[tuple[str, Callable[..., Any]], ...]:
    """(component name, function) of the policy's components at `point`, in the components' registration order."""
    _loaded()
    return tuple(
        (kind.name, HOOKS[point][kind]) for kind in COMPONENTS.values() if kind in HOOKS[point] and policy.uses(kind)
    )


#: seconds each component's hooks took in this process while `timed_hooks` is on (off in every build)
HOOK_TIMES = Timings()


def timed_hooks() -> contextlib.AbstractContextManager[dict[str, float]]:
    """Sum the time each component's hooks take in this process while inside (component name -> seconds);
    `bench` profiles a one-process build with it. Hooks run in forked workers are not seen."""
    return HOOK_TIMES.on()


def timed(component: str, fn: Callable[..., Any], *args: Any) -> Any:
    """`fn(*args)`, its time added to the component's while `timed_hooks` is on."""
    return HOOK_TIMES.call(component, fn, *args)


def extra_matches(policy: Policy, record: QARecord, matches: Sequence[Match]) -> list[Match]:
    """The entity matches, then those the policy's components add after them."""
    found = list(matches)
    for component, add in hooks_of(policy, Hook.MATCH):
        found += timed(component, add, record, found)
    return found


def label_from_text(swap: Swap) -> None:
    """The policy's components read the swap's kind or label from its text."""
    for component, read in hooks_of(swap.policy, Hook.LABEL):
        timed(component, read, swap)


def made_replacement(swap: Swap) -> BankEntry | Reason | None:
    """The replacement the policy's components make for this swap, `Reason.NO_CANDIDATE` where the component that
    takes it can make none; None where no component takes it (the bank draw applies)."""
    for component, make in hooks_of(swap.policy, Hook.MAKE):
        made = timed(component, make, swap)
        if made is not None:
            return made
    return None


def first_answer(policy: Policy, point: Hook, *args: Any) -> Any:
    """The first answer (not None) of the policy's components' hooks at `point`, None where none answers."""
    for component, fn in hooks_of(policy, point):
        found = timed(component, fn, *args)
        if found is not None:
            return found
    return None


def refined(policy: Policy, point: Hook, value: Any, *args: Any) -> Any:
    """`value` as each of the policy's components' hooks at `point` in turn gives it back (`(*args, value) ->
    value`)."""
    for component, fn in hooks_of(policy, point):
        value = timed(component, fn, *args, value)
    return value


def warm_up(policy: Policy) -> None:
    """Load what the policy's components read (their `WARM` hooks)."""
    for component, fn in hooks_of(policy, Hook.WARM):
        timed(component, fn, policy)


def skipped_inputs(policy: Policy, records: Sequence[QARecord]) -> frozenset[str]:
    """The record ids the policy's components make no row of (their `INPUTS` hooks, united)."""
    skipped: frozenset[str] = frozenset()
    for component, fn in hooks_of(policy, Hook.INPUTS):
        skipped |= timed(component, fn, records)
    return skipped


def record_taken(policy: Policy, *args: Any) -> Any:
    """What the first component with a `RECORD` hook makes of the record, None where none has one. Not timed: the
    hook runs the whole plain attempt, which the other components' hooks time."""
    for _component, fn in hooks_of(policy, Hook.RECORD):
        return fn(*args, policy)
    return None


#: what a rewrite changes besides the mention's string, and which of its mentions (None: all): the `REWRITE` fold
Rewritten = tuple[tuple[tuple[int, int, str], ...], tuple[tuple[int, int], ...] | None]


def narrowed(
    only: tuple[tuple[int, int], ...] | None, spans: tuple[tuple[int, int], ...] | None
) -> tuple[tuple[int, int], ...] | None:
    """The mentions both choices rewrite (None: all)."""
    if only is None:
        return spans
    if spans is None:
        return only
    return tuple(span for span in only if span in spans)
