"""What every stage of the build is: one interface, as datatrove's pipeline steps share one `run`.

A stage has a `name` (its result is filed under it), loads what it reads up front in `warm_up` (the executor runs
the stages' warm-up in the parent's idle time, while the NER workers are busy), and `run`s on what the stages
before it produced (`done`, by stage name) with the build's executor, returning its own result. The pipeline
runs the stages in order and knows nothing else of them; a stage reads the results it needs by name."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

#: the results of the stages that ran, by stage name
Done = Mapping[str, Any]
S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")


class StageExecutor(Protocol):
    """What a stage asks of the executor it runs on (fqa_build/engines/executors.py): a map over the stage's chunks
    of work, in chunk order, on `workers` workers. The executor knows no stage."""

    @property
    def workers(self) -> int: ...

    def map(self, setup: Callable[[], S], run: Callable[[S, T], R], chunks: Sequence[T]) -> Iterator[R]:
        """`run(state, chunk)` for each chunk, results in chunk order; `state` is `setup()`, made once per worker
        (in the parent before the fork, locally: the workers share it; in each actor on Ray: `setup` is pickled,
        so it is a module-level function or a `functools.partial` of one)."""
        ...


class BuildStage(Protocol):
    """One stage of the build (not the rules' `Stage`, which is where in one swap a rule runs)."""

    name: ClassVar[str]

    def warm_up(self) -> None:
        """Load what the stage reads (idempotent), before its inputs are ready."""

    def run(self, done: Done, executor: Any) -> Any:
        """The stage's result, from the results of the stages before it (`done`) on `executor`."""
