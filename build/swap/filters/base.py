"""What a candidate filter returns: a test of a bank entry."""

from __future__ import annotations

from collections.abc import Callable

from ...types import BankEntry

EntryTest = Callable[[BankEntry], bool]
