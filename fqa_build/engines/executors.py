"""The two executors of the same stages, chosen once from `config.engine`: local (forked worker processes on
this machine) and Ray (`ray_engine.py`). An executor knows no stage: it maps a function over a stage's chunks of
work, `run(state, chunk)`, with a state each worker makes once (`setup()`), and gives back each chunk's result in
chunk order. A stage decides its chunks and what a worker holds; the pipeline never asks which executor it has.
An executor is opened with a task for the parent's idle time (`while_idle`: the pipeline's stages' warm-up), which
it runs once, while the workers of its first map are busy (locally) or after that map (on Ray)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from fqa_build.config import BuildConfig
from fqa_build.forking import map_chunks
from fqa_build.stage import StageExecutor

if TYPE_CHECKING:
    from fqa_build.engines.ray_engine import RaySession

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")


class Executor(StageExecutor, Protocol):
    """A build's executor: the stages' map (fqa_build/stage.py `StageExecutor`), and how the manifest names it."""

    def manifest(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class _Idle:
    """The parent's idle-time task, run once."""

    task: Callable[[], None] | None
    done: list[bool] = field(default_factory=list)

    def __call__(self) -> None:
        if self.task is not None and not self.done:
            self.done.append(True)
            self.task()


@dataclass(frozen=True)
class LocalExecutor:
    """Chunks in `workers` forked processes (in the parent with one worker, or where fork is unavailable). The
    output does not depend on the number of workers: the stages make it so."""

    workers: int
    while_idle: Callable[[], None] | None = None
    _idle: _Idle = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_idle", _Idle(self.while_idle))

    def map(self, setup: Callable[[], S], run: Callable[[S, T], R], chunks: Sequence[T]) -> Iterator[R]:
        """Each chunk's `run(state, chunk)`, in chunk order, in forked workers sharing the parent's `setup()`; the
        idle-time task runs once, while the first map's workers are busy."""
        return map_chunks(setup, run, chunks, self.workers, self._idle)

    def manifest(self) -> dict[str, Any]:
        """The engine as the manifest records it (without the worker count, which the output does not show)."""
        return {"name": "local"}


@dataclass(frozen=True)
class RayExecutor:
    """Chunks on a pool of Ray actors, in the session the executor was opened with."""

    session: RaySession
    while_idle: Callable[[], None] | None = None
    _idle: _Idle = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_idle", _Idle(self.while_idle))

    @property
    def workers(self) -> int:
        """The session's worker processes (a map's actors)."""
        return self.session.workers

    def map(self, setup: Callable[[], S], run: Callable[[S, T], R], chunks: Sequence[T]) -> Iterator[R]:
        """Each chunk's `run(state, chunk)`, in chunk order, on a pool of actors each making its state with
        `setup()`; the idle-time task runs once, after the first map."""
        from fqa_build.engines.ray_engine import ray_map

        yield from ray_map(setup, run, chunks, self.session)
        self._idle()

    def manifest(self) -> dict[str, Any]:
        """The engine as the manifest records it: Ray's version, address and worker count."""
        return self.session.manifest()


@contextlib.contextmanager
def open_executor(config: BuildConfig, while_idle: Callable[[], None] | None = None) -> Iterator[Executor]:
    """The executor `config.engine` names, open for the build, with `while_idle` for the parent's idle time: for
    Ray a session on the cluster (a local Ray instance is stopped after the build)."""
    if config.engine.name == "ray":
        from fqa_build.engines.ray_engine import ray_session

        with ray_session(config) as session:
            yield RayExecutor(session, while_idle)
    else:
        yield LocalExecutor(config.workers, while_idle)
