"""Where a component joins the swap: `@hook(Hook.X, Component)` registers, beside the code that does it, what a
component does at one point of every swap, so the swap (fqa_build/swap/orchestration/sample.py) asks no
component's flag there:

- `MATCH`: more matches of a record's gold answers, after the entity matches (`(record, matches) -> matches`);
- `LABEL`: a swap's kind or label, read from its text before its rules run (`(swap) -> None`);
- `MAKE`: the replacement the component makes (`(swap) -> entry | Reason | None`): the first component that
  answers makes it (`Reason.NO_CANDIDATE` where it takes the swap but can make nothing); None: not its swap, and
  the swap draws from the bank where no component answers.

A swap runs the hooks of the components its policy lists, in the order the components are registered
(fqa_build/swap/policies/components.py, `COMPONENTS`), never in the order a policy lists them. What the text must
leave free for a made replacement the rules of stage `MADE` checked before.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import importlib
import pkgutil
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..reasons import Reason
from ..types import BankEntry, Match, QARecord
from .policies.components import COMPONENTS, Component

if TYPE_CHECKING:
    from .policies.policy import Policy


class Swap(Protocol):
    """What the hooks read of a swap (fqa_build/swap/orchestration/state.py `Swap`, which imports modules that
    define hooks): its policy."""

    policy: Policy


class Hook(enum.Enum):
    """A point of the swap where components join in."""

    MATCH = "match"
    LABEL = "label"
    MAKE = "make"


#: each point's functions, by component class
HOOKS: dict[Hook, dict[type[Component], Callable[..., Any]]] = {point: {} for point in Hook}
#: the packages whose modules define hooks (found, not listed: every module of each is imported once)
_PACKAGES = ("made", "rules")


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
    for package in _PACKAGES:
        module = importlib.import_module(f"{__package__}.{package}")
        for name in sorted(m.name for m in pkgutil.iter_modules(module.__path__)):
            importlib.import_module(f"{module.__name__}.{name}")


@functools.cache
def hooks_of(policy: Policy, point: Hook) -> tuple[tuple[str, Callable[..., Any]], ...]:
    """(component name, function) of the policy's components at `point`, in the components' registration order."""
    _loaded()
    return tuple(
        (kind.name, HOOKS[point][kind]) for kind in COMPONENTS.values() if kind in HOOKS[point] and policy.uses(kind)
    )


#: seconds each component's hooks took in this process, summed while `timed_hooks` is on (None: off)
_SECONDS: dict[str, float] | None = None


@contextlib.contextmanager
def timed_hooks() -> Iterator[dict[str, float]]:
    """Sum the time each component's hooks take in this process while inside (component name -> seconds);
    `bench` profiles a one-process build with it. Hooks run in forked workers are not seen."""
    global _SECONDS
    seconds: dict[str, float] = {}
    _SECONDS = seconds
    try:
        yield seconds
    finally:
        _SECONDS = None


def _call(component: str, fn: Callable[..., Any], *args: Any) -> Any:
    if _SECONDS is None:
        return fn(*args)
    began = time.perf_counter()
    try:
        return fn(*args)
    finally:
        _SECONDS[component] = _SECONDS.get(component, 0.0) + time.perf_counter() - began


def extra_matches(policy: Policy, record: QARecord, matches: Sequence[Match]) -> list[Match]:
    """The entity matches, then those the policy's components add after them."""
    found = list(matches)
    for component, add in hooks_of(policy, Hook.MATCH):
        found += _call(component, add, record, found)
    return found


def label_from_text(swap: Swap) -> None:
    """The policy's components read the swap's kind or label from its text."""
    for component, read in hooks_of(swap.policy, Hook.LABEL):
        _call(component, read, swap)


def made_replacement(swap: Swap) -> BankEntry | Reason | None:
    """The replacement the policy's components make for this swap, `Reason.NO_CANDIDATE` where the component that
    takes it can make none; None where no component takes it (the bank draw applies)."""
    for component, make in hooks_of(swap.policy, Hook.MAKE):
        made = _call(component, make, swap)
        if made is not None:
            return made
    return None
