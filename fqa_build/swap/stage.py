"""The swap stage as a value: the policy (looked up once, by the pipeline) and its run, every record's
`Sample` or `Rejection` in record order, the records handed to the executor (its only parallel part)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from fqa_build.bank.entity_bank import LEXICON_MIN_FREQUENCY
from fqa_build.bank.stage import BankResult
from fqa_build.config import BuildConfig
from fqa_build.ner.stage import NerResult
from fqa_build.read.inputs import Inputs
from fqa_build.stage import Done
from fqa_build.swap.policies.registry import Policy
from fqa_build.types import Rejection, Sample

if TYPE_CHECKING:
    from fqa_build.stage import StageExecutor


@dataclass(frozen=True)
class SwapResult:
    """Each record's outcome in record order (possibly produced as it is read), and whether the draw used the
    embedding model (the manifest names its version then)."""

    outcomes: Iterable[Sample | Rejection]
    embeddings: bool


@dataclass(frozen=True)
class SwapStage:
    """Swap the answer of every record under `policy`."""

    name: ClassVar[str] = "swap"
    config: BuildConfig
    policy: Policy

    @property
    def uses_embeddings(self) -> bool:
        """Whether the policy draws replacements among the bank's nearest neighbours (the embedding model)."""
        return self.policy.draw == "neighbours"

    def warm_up(self) -> None:
        """Load what the policy's swaps read (idempotent: each step loads what later calls reuse): the embedding
        model of the neighbours draw; what the policy's components read (their `WARM` hooks: for composed names
        the city list and the country maps, read once here and shared by the forked swap workers instead of read in
        each; for made towns placed against the text, the cities' points, the large cities and the cities by name);
        the candidate reader's weights and parser where the policy reads answers."""
        policy = self.policy
        if self.uses_embeddings:
            from fqa_build.bank.embeddings import embed

            embed(["Paris"])
        from fqa_build.swap.hooks import warm_up as warm_components

        warm_components(policy)  # each component's `WARM` hook
        if policy.reads_answers:
            from fqa_build.swap.answerability.parse_cache import use_parse_cache
            from fqa_build.swap.answerability.reader import warm_up

            use_parse_cache(self.config.cache_dir)
            warm_up()

    def run(self, done: Done, executor: StageExecutor) -> SwapResult:
        """Each record's outcome, in record order (the output does not depend on the executor or its workers)."""
        inputs: Inputs = done["read"]
        ner: NerResult = done["ner"]
        bank: BankResult = done["bank"]
        # imported here: the swap's code is large, and `python -m fqa_build --help` imports the pipeline
        from fqa_build.swap.drawing.vectors import BankVectors
        from fqa_build.swap.orchestration.substitute import SwapInputs, substitute_all

        vectors = BankVectors(bank.bank, self.policy.drawn_types) if self.uses_embeddings else None
        if vectors is not None:
            swapped = self.policy.drawn_types
            vectors.prime(
                sorted(
                    {
                        m.surface
                        for found in bank.mentions.values()
                        for m in found
                        if swapped is None or m.label in swapped
                    }
                )
            )
        swap_inputs = SwapInputs(
            inputs.key_of,
            ner.entities,
            bank.mentions,
            bank.bank,
            self.config.substitution,
            bank.bank.lexicon(LEXICON_MIN_FREQUENCY),
            vectors,
            self.policy,
        )
        outcomes = substitute_all(inputs.records, swap_inputs, executor, self.config.progress)
        return SwapResult(outcomes, vectors is not None)
