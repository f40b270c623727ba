"""Ordered work in forked processes: the workers inherit the parent's memory (a loaded model, the entity
bank), so nothing large is pickled on the way in; only results come back."""

from __future__ import annotations

import multiprocessing
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def can_fork() -> bool:
    """True where processes can be forked (not on Windows; macOS allows it)."""
    return "fork" in multiprocessing.get_all_start_methods()


def forked_map(
    fn: Callable[[T], R], items: Iterable[T], workers: int, started: Callable[[], None] | None = None
) -> Iterator[R]:
    """`fn` over `items` in `workers` forked processes, results in input order. State `fn` reads must be in
    place (module globals) before the call. `started` runs in the parent once the workers are busy."""
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        results = pool.imap(fn, items)
        if started:
            started()
        yield from results
