"""Invariants every build output must satisfy, checked by reading the written Parquet back."""

from __future__ import annotations

import glob
import os
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pyarrow.parquet as pq

from ..bank.shapes import has_digits, is_year
from ..release.splits import SPLITS
from ..swap.rewriting.rewrite import name_parts
from ..text import contains_whole_word


def read_rows(out: str, subdir: str = "data", split: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """(split, row) for every row of the written shards of a config folder."""
    for name in sorted(glob.glob(os.path.join(out, subdir, "*.parquet"))):
        row_split = os.path.basename(name).split("-", 1)[0]
        if split is not None and row_split != split:
            continue
        for row in pq.read_table(name).to_pylist():
            yield row_split, row


def row_problems(row: dict[str, Any], min_ratio: float = 0.3, max_ratio: float = 3.0) -> list[str]:
    """What is wrong with one `default` row (empty when nothing is)."""
    problems: list[str] = []
    context, new, old = row["context"], row["replacement_entity"], row["original_entity"]
    texts, starts = row["answers"]["text"], row["answers"]["answer_start"]
    if len(texts) != len(starts):
        problems.append(f"{len(texts)} answer texts but {len(starts)} answer_start values")
    spans = [(s["start"], s["end"]) for s in row["replaced_spans"]]
    for i, (text, start) in enumerate(zip(texts, starts, strict=False)):
        if context[start : start + len(text)] != text:
            problems.append(f"answer {text!r} not at answer_start {start}")
        if i == 0 and context[start : start + len(new)].casefold() != new.casefold():
            problems.append(f"replacement {new!r} not at answer_start {start}")
        if i > 0 and not any(start <= s and e <= start + len(text) for s, e in spans):
            # another form of the new answer (the full date of a year, the surname of a name): it holds a
            # rewritten mention
            problems.append(f"answer {text!r} at {start} holds no rewritten mention")
    if contains_whole_word(context, old):
        problems.append(f"original {old!r} left in the context")
    if row["entity_type"] == "PERSON":
        for part in name_parts(old).values():
            if contains_whole_word(context, part):
                problems.append(f"part {part!r} of the replaced name left in the context")
    for span in row["replaced_spans"]:
        start, end = span["start"], span["end"]
        before = context[start - 1] if start > 0 else " "
        after = context[end] if end < len(context) else " "
        # a decade's year keeps its plural "s" ("the 1960s" shifted to "the 1970s"): no glued word
        decade = context[start:end].isdigit() and len(context[start:end]) == 4 and context[end : end + 1] == "s"
        after_word = context[end + 1 : end + 2] if decade else after
        if before.isalnum() or before == "_" or after_word.isalnum() or after_word == "_":
            problems.append(f"replacement glued into a word at {start}: {context[max(0, start - 10) : end + 10]!r}")
    ratio = len(new) / len(old)
    if not min_ratio <= ratio <= max_ratio:
        problems.append(f"length ratio {ratio:.2f} of {old!r} -> {new!r}")
    if is_year(old) and not is_year(new):
        problems.append(f"year {old!r} replaced by {new!r}")
    if row["entity_type"] in ("DATE", "CARDINAL") and has_digits(old) and not has_digits(new):
        problems.append(f"{row['entity_type']} with digits {old!r} replaced by {new!r}")
    if old.casefold() == new.casefold():
        problems.append(f"replacement equals the original {old!r}")
    return problems


def verify_output(out: str) -> list[str]:
    """Every problem found in a build folder: per-row invariants, and contexts that sit in two splits."""
    problems: list[str] = []
    splits_of_context: dict[str, set[str]] = defaultdict(set)
    ids: set[str] = set()
    for split, row in read_rows(out):
        if split not in SPLITS:
            problems.append(f"{row['id']}: unknown split {split!r}")
        if row["id"] in ids:
            problems.append(f"{row['id']}: duplicate id")
        ids.add(row["id"])
        splits_of_context[row["original_context"]].add(split)
        problems.extend(f"{row['id']}: {p}" for p in row_problems(row))
    for context, splits in splits_of_context.items():
        if len(splits) > 1:
            problems.append(f"context in splits {sorted(splits)}: {context[:60]!r}")
    return problems
