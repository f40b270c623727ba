"""Seconds summed by name while a profile asks for them (`bench`'s profile of the rules and of the components'
hooks): off in every build, where a timed call costs one `None` test."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any


class Timings:
    """One kind of timed work (the rules, the hooks): `seconds` is None while off, else the seconds by name."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] | None = None

    @contextlib.contextmanager
    def on(self) -> Iterator[dict[str, float]]:
        """Sum the time of each name's calls in this process while inside (name -> seconds; calls in forked
        workers are not seen)."""
        seconds: dict[str, float] = {}
        self.seconds = seconds
        try:
            yield seconds
        finally:
            self.seconds = None

    def call(self, name: str, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)`, its time added to `name`'s while on."""
        seconds = self.seconds
        if seconds is None:
            return fn(*args)
        began = time.perf_counter()
        try:
            return fn(*args)
        finally:
            seconds[name] = seconds.get(name, 0.0) + time.perf_counter() - began
