"""The groups the train/dev/test split is drawn by: no article and no question in two splits.

Two records are in one group when they share a passage (its sha256), an article (the TriviaQA evidence page,
else the title, read as `halves.group_key` reads it: casefolded, underscores as spaces; a record without a title
has only its passage), a question id of the same source (TriviaQA's question id is the part of `source_id`
before `--`: one question over several evidence pages), or a question's text (casefolded, whitespace
collapsed, trailing punctuation stripped: the same question read from two sources). The groups are the
connected components of these links (union-find); a group's key is the smallest sha256 of its records'
contexts, so a group of one passage keeps the key it had when the split was drawn per passage, and the keys
depend on neither the records' order nor the worker count nor PYTHONHASHSEED.

Measured (read stage, every record): SQuAD v1.1 dev gives 48 groups, one per title (the largest 810 of 10,570
records); the SQuAD train slice 44 (817 of 11,877); NQ-open 2,006 groups of 2,128 records (at most 5). No
normalised question text is shared by two articles of any of them: the text link chains nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

from fqa_build.halves import group_key
from fqa_build.hashing import sha256_text
from fqa_build.types import QARecord

#: the source whose `source_id` is `QUESTION_ID--EVIDENCE_PAGE` (fqa_build/read/trivia_qa.py)
TRIVIA_QA_SOURCE = "trivia_qa"

Node = tuple[str, ...]


def question_id(record: QARecord) -> str:
    """The id of a record's question in its source: TriviaQA's question id (before `--`), else `source_id`."""
    if record.source == TRIVIA_QA_SOURCE:
        return record.source_id.split("--", 1)[0]
    return record.source_id


def question_text_key(question: str) -> str:
    """A question's text as the split compares it: casefolded, whitespace collapsed, trailing punctuation and
    spaces stripped ("Who wrote  Hamlet? " -> "who wrote hamlet")."""
    text = " ".join(question.split()).casefold()
    end = len(text)
    while end and (text[end - 1].isspace() or unicodedata.category(text[end - 1]).startswith("P")):
        end -= 1
    return text[:end]


def record_links(record: QARecord, context_key: str) -> list[Node]:
    """The nodes a record joins: its passage, its article (or its passage again where it has no title), its
    question id within its source and its question's text (where the text is not empty)."""
    article = group_key(record.title, record.context, record.evidence_title)
    links: list[Node] = [
        ("passage", context_key),
        ("article", article),
        ("question", record.source, question_id(record)),
    ]
    text = question_text_key(record.question)
    if text:
        links.append(("text", text))
    return links


class _UnionFind:
    """Disjoint sets of nodes (path halving); which root a set has is no part of the result."""

    def __init__(self) -> None:
        self.parent: dict[Node, Node] = {}

    def find(self, node: Node) -> Node:
        parent = self.parent.setdefault(node, node)
        while parent != node:
            grand = self.parent[parent]
            self.parent[node] = grand
            node, parent = grand, self.parent[grand]
        return node

    def union(self, a: Node, b: Node) -> None:
        root_a, root_b = self.find(a), self.find(b)
        if root_a != root_b:
            self.parent[root_a] = root_b


def split_groups(records: Iterable[QARecord], context_key: Mapping[str, str] | None = None) -> dict[str, str]:
    """Record id -> the key of its split group: the smallest context sha256 of the records connected to it by a
    passage, an article, a question id or a question text. `context_key` (record id -> its context's sha256)
    saves hashing the contexts again; ids must be unique."""
    records = list(records)
    keys = {r.id: context_key[r.id] if context_key is not None else sha256_text(r.context) for r in records}
    sets = _UnionFind()
    for record in records:
        first, *others = record_links(record, keys[record.id])
        for node in others:
            sets.union(first, node)
    smallest: dict[Node, str] = {}
    for record in records:
        root, key = sets.find(("passage", keys[record.id])), keys[record.id]
        if root not in smallest or key < smallest[root]:
            smallest[root] = key
    return {record.id: smallest[sets.find(("passage", keys[record.id]))] for record in records}
