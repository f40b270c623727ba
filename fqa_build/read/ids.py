"""A source record's id as real files write it: a string, or a whole number (several public SQuAD-format sets number
their questions, `"id": 1380`), read as its decimal digits. No id, or an empty one, is `missing_id`; a value no id is
written as (a decimal, true/false, a list) is `unreadable_id`. docs/sources.md says it."""

from __future__ import annotations

from typing import Any

from fqa_build.reasons import Reason


def read_id(value: Any) -> str | Reason:
    """The record's id as text, or the reason it has none: `"56be4db0acb8001400a502ec"` and `1380` are ids
    (`"1380"`); None, `""` and `"  "` are `Reason.MISSING_ID`; `13.5`, `True` or `[1]` are `Reason.UNREADABLE_ID`."""
    if value is None or isinstance(value, str) and not value.strip():
        return Reason.MISSING_ID
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return Reason.UNREADABLE_ID
