"""The bank stage as a value: what the policy means for the bank (`BankOptions`, derived once by the pipeline)
and its run (the entity bank and each context's typed mentions)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, ClassVar

from fqa_build.bank.build import build_bank, typed_mentions
from fqa_build.bank.entity_bank import EntityBank
from fqa_build.config import BuildConfig
from fqa_build.ner.stage import NerResult
from fqa_build.read.inputs import Inputs
from fqa_build.stage import Done
from fqa_build.types import Mention

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BankOptions:
    """The policy's switches the bank reads: entries with their kind (`classify_kinds`), the corpus's lower-case words
    on the bank (`read_common_words`), and the labels typed as values even where the bank says otherwise."""

    classify_kinds: bool = False
    read_common_words: bool = False
    value_types: frozenset[str] = frozenset()


@dataclass(frozen=True)
class BankResult:
    """The bank of every label (majority types), the bank of the chosen types (what is drawn), and each
    context's mentions typed by it."""

    full_bank: EntityBank
    bank: EntityBank
    mentions: dict[str, list[Mention]]


@dataclass(frozen=True)
class BankStage:
    """Build the entity bank from the bank corpus's entities and type every context's mentions by it."""

    name: ClassVar[str] = "bank"
    config: BuildConfig
    options: BankOptions

    def warm_up(self) -> None:
        """Load what the bank reads (idempotent): the first-name gender lexicon, and with `classify_kinds` the place
        gazetteer."""
        from fqa_build.gazetteers import persons, places

        persons.name_gender("Ada Lovelace")
        if self.options.classify_kinds:
            places.place("Paris")

    def run(self, done: Done, executor: Any) -> BankResult:
        """The banks and the typed mentions of every context (of the read stage's `Inputs`, with NER's entities)."""
        inputs: Inputs = done["read"]
        ner: NerResult = done["ner"]
        full_bank, bank, raw = build_bank(
            self.config,
            inputs,
            ner.plan.bank_contexts,
            ner.entities,
            classify_kinds=self.options.classify_kinds,
            read_common_words=self.options.read_common_words,
        )
        value_types = self.options.value_types
        mentions = {key: typed_mentions(self.config, full_bank, found, value_types) for key, found in raw.items()}
        log.info("entity bank: %d entities %s", len(bank), bank.counts_by_type())
        return BankResult(full_bank, bank, mentions)
