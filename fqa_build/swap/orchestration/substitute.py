"""The swap stage over all records: each record's `Sample` or `Rejection`, in record order, chunks of records
mapped by the build's executor (forked workers that share the bank and the entities, or Ray actors). Under a
policy with `one_row_per_question` a (question, context) input asked under several ids is swapped once, under its
smallest id; the others are counted as `duplicate_question`."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tqdm import tqdm

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.config import SubstitutionConfig
from fqa_build.reasons import Reason
from fqa_build.swap.drawing.vectors import BankVectors
from fqa_build.swap.hooks import skipped_inputs
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.swap.orchestration.state import ContextInfo
from fqa_build.swap.policies.registry import Policy
from fqa_build.types import Entity, Mention, QARecord, Rejection, Sample

if TYPE_CHECKING:
    from fqa_build.stage import StageExecutor


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
        """The ids of `records` the policy's components make no row of (`one_row_per_question`: those that repeat
        another's input)."""
        self.repeats = skipped_inputs(self.policy, records)

    def info(self, record: QARecord) -> ContextInfo:
        key = self.key_of[record.id]
        found = self.infos.get(key)
        if found is None:
            found = self.infos[key] = ContextInfo(
                tuple(self.entities[key]), tuple(self.mentions[key]), self.bank.keys_in(record.context)
            )
        return found


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


def inputs_as_state(inputs: SwapInputs) -> SwapInputs:
    """A swap worker's state: the inputs every swap reads (inherited by a forked worker, one object on Ray)."""
    return inputs


def swap_chunks(records: Sequence[QARecord], workers: int) -> list[Sequence[QARecord]]:
    """Contiguous chunks of records: about eight a worker (four left one worker idle for ~0.3 s at the end of a
    SQuAD dev build, measured), one for a few records; the outcomes do not depend on them."""
    if workers <= 1 or len(records) < 200:
        size = 500
    else:
        size = max(100, min(2000, len(records) // (8 * workers)))
    return [records[i : i + size] for i in range(0, len(records), size)]


def substitute_all(
    records: Sequence[QARecord], inputs: SwapInputs, executor: StageExecutor, progress: bool
) -> Iterator[Sample | Rejection]:
    """Yield each record's outcome in record order, chunks of records mapped by `executor`; the output does not
    depend on the executor or its workers."""
    inputs.note_repeats(records)
    bar = tqdm(total=len(records), desc="substitute", unit="q", disable=not progress)
    try:
        chunks = swap_chunks(records, executor.workers)
        for part in executor.map(functools.partial(inputs_as_state, inputs), substitute_chunk, chunks):
            bar.update(len(part))
            yield from part
    finally:
        bar.close()
