"""Ordered work in forked processes: the workers inherit the parent's memory (a loaded model, the entity
bank), so nothing large is pickled on the way in; only results come back."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")
S = TypeVar("S")

#: (function, state) of this worker process, set by the pool's initializer; never set in the parent
_WORK: tuple[Callable[[Any, Any], Any], Any] | None = None


def can_fork() -> bool:
    """True where processes can be forked (not on Windows; macOS allows it)."""
    return "fork" in multiprocessing.get_all_start_methods()


def _init_worker(fn: Callable[[S, T], R], state: S) -> None:
    global _WORK
    _WORK = (fn, state)
    # Ctrl-C reaches the whole process group: the parent alone handles it (it ends the pool), so the workers
    # print no traceback each (SIGINT is blocked from before the fork until it is ignored here)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _call(item: Any) -> Any:
    fn, state = _WORK
    return fn(state, item)


def forked_map(
    fn: Callable[[S, T], R], state: S, items: Iterable[T], workers: int, started: Callable[[], None] | None = None
) -> Iterator[R]:
    """`fn(state, item)` for each of `items` in `workers` forked processes, results in input order. `state`
    reaches the workers through the pool's initializer, inherited by the fork (not pickled). `started` runs in
    the parent once the workers are busy."""
    context = multiprocessing.get_context("fork")
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = context.Pool(workers, initializer=_init_worker, initargs=(fn, state))
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        raise
    with pool:  # ends the workers however the parent leaves
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)  # a Ctrl-C held meanwhile is raised here
        results = pool.imap(_call, items)
        if started:
            started()
        yield from results


def map_chunks(
    setup: Callable[[], S],
    run: Callable[[S, T], R],
    chunks: Sequence[T],
    workers: int,
    started: Callable[[], None] | None = None,
) -> Iterator[R]:
    """`run(state, chunk)` for each chunk, results in chunk order, `state = setup()` made once in this process:
    in `workers` forked processes that inherit it, or here with one worker, one chunk, or no fork (`started`
    runs once the workers are busy, or before the first chunk here)."""
    state = setup()
    if workers <= 1 or len(chunks) <= 1 or not can_fork():
        if started:
            started()
        for chunk in chunks:
            yield run(state, chunk)
        return
    yield from forked_map(run, state, chunks, workers, started)


@dataclass(frozen=True)
class ForkedExecutor:
    """The plain local map (`map_chunks` on `workers`), for library calls given no build executor."""

    workers: int

    def map(self, setup: Callable[[], S], run: Callable[[S, T], R], chunks: Sequence[T]) -> Iterator[R]:
        """Each chunk's `run(state, chunk)`, in chunk order (`map_chunks`)."""
        return map_chunks(setup, run, chunks, self.workers)
