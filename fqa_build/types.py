"""The types the stages hand each other, in pipeline order: a source's `QARecord` (with its `Answer`s), NER's
`Entity` tuples, a context's `Mention`s, an answer's `Match`, the bank's `BankEntry`, and a swap's outcome: a
`Sample` (one output row of the `default` config) or a `Rejection` (a declared reason)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from fqa_build.reasons import Reason

Entity = tuple[int, int, str]  # (start_char, end_char, label) of one NER mention


@dataclass(frozen=True)
class Answer:
    """A gold answer: its text and character offset in the context (SQuAD layout)."""

    text: str
    start: int


@dataclass(frozen=True)
class QARecord:
    """One extractive QA question with its context, from any source.

    The context is never stripped or otherwise edited: answer offsets point into it as given.
    """

    source: str
    source_id: str
    title: str
    question: str
    context: str
    answers: tuple[Answer, ...]
    evidence_title: str | None = None  # TriviaQA: the evidence page the window was cut from
    window_score: float | None = None  # TriviaQA: the window's relevance to the question (fqa_build/read/windows.py)

    @property
    def id(self) -> str:
        return f"{self.source}-{self.source_id}"


@dataclass(frozen=True)
class Mention:
    """An entity mention: the normalised surface form and where it sits in the context."""

    start: int
    end: int
    label: str
    surface: str
    raw_start: int  # the NER span, before normalisation dropped "the" or a possessive
    raw_end: int


@dataclass(frozen=True)
class Match:
    """A gold answer matched to a mention, and the strategy that matched them (`swap.match.STRATEGIES`)."""

    mention: Mention
    answer: Answer
    strategy: str


@dataclass(frozen=True)
class BankEntry:
    """One surface form of the entity bank, with its majority type, shape and counts."""

    entity: str
    entity_type: str
    shape: str
    frequency: int
    num_contexts: int
    sources: tuple[str, ...]
    key: tuple[str, ...] = field(compare=False, repr=False)
    kind: str | None = None  # None: the kind evidence contradicts the label (never drawn under kind policies)
    label_share: float = 1.0  # share of its mentions NER gave the majority label (low: an ambiguous name)
    gender: str = ""  # PERSON: male, female or unknown (from the given name)
    titles: frozenset[str] = field(default=frozenset(), compare=False, repr=False)  # articles it appears in


@dataclass(frozen=True, slots=True)
class Sample:
    """One row of the `default` config; its fields are the config's features, in order (a test checks them
    against `faithfulness_qa.DEFAULT_FEATURES`)."""

    id: str
    source: str
    source_id: str
    title: str
    question: str
    context: str
    answers: dict[str, list[Any]]
    original_context: str
    original_answers: dict[str, list[Any]]
    original_entity: str
    replacement_entity: str
    entity_type: str
    entity_kind: str | None
    entity_shape: str
    match_strategy: str
    matched_answer: str
    num_replacements: int
    replaced_spans: list[dict[str, int]]
    original_spans: list[dict[str, int]]
    required_gender: str | None
    policy: str
    similarity: float | None
    aliases_excluded: int
    evidence_title: str | None
    window_score: float | None
    #: where `context` starts in the source passage where it is an evidence window (None for the whole passage):
    #: a column only of builds whose policy cuts evidence windows (`faithfulness_qa.WINDOW_FEATURES`)
    context_start: int | None = None

    def row(self, windowed: bool = False) -> dict[str, Any]:
        """The Parquet row: field name -> value, in feature order (with `windowed`, `context_start` last)."""
        return {name: getattr(self, name) for name in (WINDOWED_SAMPLE_FIELDS if windowed else SAMPLE_FIELDS)}


#: the fields of every build's `default` rows, and of a build whose policy cuts evidence windows
WINDOWED_SAMPLE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Sample))
SAMPLE_FIELDS: tuple[str, ...] = WINDOWED_SAMPLE_FIELDS[:-1]


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why a record made no sample: a declared reason, the type and surface of its best-matching entity ("-"
    and None when no entity matched), and the swap rule that rejected it (None where no rule did: a failed
    match or draw), so rejections are counted per type and per rule and can be inspected."""

    reason: Reason
    entity_type: str = "-"
    entity: str | None = None
    rule: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", Reason(self.reason))  # an undeclared reason cannot be made
