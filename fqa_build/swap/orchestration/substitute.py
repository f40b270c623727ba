"""The swap stage over all records: each record's `Sample` or `Rejection`, in record order, in forked workers
that share the bank and the entities. Under a policy with `one_row_per_question` a (question, context) input
asked under several ids is swapped once, under its smallest id; the others are counted as `duplicate_question`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from tqdm import tqdm

from ...bank.entity_bank import EntityBank
from ...config import SubstitutionConfig
from ...forking import can_fork, forked_map
from ...reasons import Reason
from ...types import Entity, Mention, QARecord, Rejection, Sample
from ..drawing.vectors import BankVectors
from ..policies.components import OneRowPerQuestion
from ..policies.registry import Policy
from .sample import make_sample
from .state import ContextInfo


@dataclass
class SwapInputs:
    """What every swap reads: each record's context key, each context's entities and typed mentions, the bank
    (and its lexicon and vectors), the substitution config and its policy (looked up once, by the caller).
    `infos` caches each context's `ContextInfo`."""

    key_of: Mapping[str, str]
    entities: Mapping[str, Sequence[Entity]]
    mentions: Mapping[str, Sequence[Mention]]
    bank: EntityBank
    substitution: SubstitutionConfig
    lexicon: Mapping[str, str]
    vectors: BankVectors | None
    policy: Policy
    infos: dict[str, ContextInfo] = field(default_factory=dict)
    repeats: frozenset[str] = frozenset()  # ids of records another record of a smaller id repeats

    def note_repeats(self, records: Sequence[QARecord]) -> None:
        """Under a policy with `one_row_per_question`, the ids of `records` that repeat another's input."""
        self.repeats = repeated_inputs(records) if self.policy.uses(OneRowPerQuestion) else frozenset()

    def info(self, record: QARecord) -> ContextInfo:
        key = self.key_of[record.id]
        found = self.infos.get(key)
        if found is None:
            found = self.infos[key] = ContextInfo(
                tuple(self.entities[key]), tuple(self.mentions[key]), self.bank.keys_in(record.context)
            )
        return found


def question_key(question: str) -> str:
    """The question as inputs repeat it: white space collapsed, case folded."""
    return " ".join(question.split()).casefold()


def repeated_inputs(records: Sequence[QARecord]) -> frozenset[str]:
    """Ids of the records whose (question, context) a record of a smaller id also has (whatever their order)."""
    smallest: dict[tuple[str, str], str] = {}
    repeats: set[str] = set()
    for record in records:
        key = (question_key(record.question), record.context)
        kept = smallest.setdefault(key, record.id)
        if kept != record.id:
            repeats.add(max(kept, record.id))
            smallest[key] = min(kept, record.id)
    return frozenset(repeats)


def substitute_chunk(inputs: SwapInputs, records: Sequence[QARecord]) -> list[Sample | Rejection]:
    """The outcome of each record of a chunk, in order."""
    return [
        Rejection(Reason.DUPLICATE_QUESTION)
        if record.id in inputs.repeats
        else make_sample(
            record, inputs.info(record), inputs.bank, inputs.substitution, inputs.lexicon, inputs.vectors, inputs.policy
        )
        for record in records
    ]


def substitute_all(
    records: Sequence[QARecord], inputs: SwapInputs, workers: int, progress: bool
) -> Iterator[Sample | Rejection]:
    """Yield each record's outcome in record order. With `workers` > 1 contiguous chunks of records go to
    forked processes; the output does not depend on the number of workers."""
    inputs.note_repeats(records)
    bar = tqdm(total=len(records), desc="substitute", unit="q", disable=not progress)
    try:
        if workers <= 1 or len(records) < 200 or not can_fork():
            for i in range(0, len(records), 500):
                part = substitute_chunk(inputs, records[i : i + 500])
                bar.update(len(part))
                yield from part
            return
        # eight chunks a worker: the last chunks finish close together (four a worker left one worker idle for
        # ~0.3 s at the end of a SQuAD dev build, measured)
        size = max(100, min(2000, len(records) // (8 * workers)))
        chunks = [records[i : i + size] for i in range(0, len(records), size)]
        for part in forked_map(substitute_chunk, inputs, chunks, workers):
            bar.update(len(part))
            yield from part
    finally:
        bar.close()
