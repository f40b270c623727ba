"""What a candidate filter is: a function of a swap returning a test of a bank entry (or None where it does
not apply), registered under its name where it is defined (`@candidate_filter`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fqa_build.types import BankEntry

EntryTest = Callable[[BankEntry], bool]
#: name -> (rank in the running order, filter): the most selective run first (filters are pure and ANDed, so the
#: order changes only the time)
REGISTRY: dict[str, tuple[int, Callable[[Any], EntryTest | None]]] = {}


def candidate_filter(name: str, rank: int) -> Callable[[Callable], Callable]:
    """Register the decorated filter under `name`, at `rank` in the running order."""

    def register(function: Callable) -> Callable:
        if name in REGISTRY:
            raise ValueError(f"candidate filter {name} is already registered")
        REGISTRY[name] = (rank, function)
        return function

    return register
