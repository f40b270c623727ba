"""What a swap works on: per context (`ContextInfo`, shared by its questions) and per attempt (`Swap`, one matched
mention of one record, filled in step by step as the swap goes: kind, draw, other names, rewrite, answer)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fqa_build.bank.entity_bank import EntityBank
from fqa_build.config import SubstitutionConfig
from fqa_build.facts.dimensions import SCALED_LABELS, Amount
from fqa_build.facts.partners import scale_partners
from fqa_build.gazetteers.persons import name_gender
from fqa_build.text import find_whole_word
from fqa_build.types import BankEntry, Entity, Match, Mention, QARecord

if TYPE_CHECKING:
    from fqa_build.swap.drawing.vectors import BankVectors
    from fqa_build.swap.policies.policy import Policy
from fqa_build.facts.pairs import gpe_pair
from fqa_build.swap.hooks import Hook, first_answer, refined
from fqa_build.swap.rewriting.aliases import pronoun_gender
from fqa_build.swap.rewriting.rewrite import Rewrite, name_parts
from fqa_build.swap.rewriting.roles import role_gender


def _given_or_initial(word: str) -> bool:
    """A given name gender-guesser knows, or an initial ("C.", "J.R.")."""
    return bool(_INITIALS.match(word)) or name_gender(word) != "unknown"


_INITIALS = re.compile(r"^(?:[A-Z]\.)+$")
#: a possessive ending an NER span ("Kony Ealy's")
_POSSESSIVE = re.compile(r"['’]s?$")


@dataclass(frozen=True)
class ContextInfo:
    """Per unique context: its NER entities, usable mentions and word n-grams (computed once, shared by
    every question on that context)."""

    entities: tuple[Entity, ...]
    mentions: tuple[Mention, ...]
    ngrams: frozenset[tuple[str, ...]]  # word runs of the context (at least those that are bank keys)


class Swap:
    """One attempt at a counterfactual: a record, the mention its answer matched, and what the steps found.

    `old_forms` are the other names of the original whose presence is forbidden afterwards (a person's surname
    and first name; under policies with `acronyms_as_aliases`, the acronyms the context uses; short forms the
    rewrite takes over); `short_forms` are the (old, new) pairs the rewrite applies besides the original.
    """

    def __init__(
        self,
        record: QARecord,
        match: Match,
        info: ContextInfo,
        bank: EntityBank,
        config: SubstitutionConfig,
        policy: Policy,
        question_grams: frozenset[tuple[str, ...]],
        vectors: BankVectors | None = None,
    ) -> None:
        self.record, self.match, self.info, self.bank = record, match, info, bank
        self.config, self.policy, self.question_grams, self.vectors = config, policy, question_grams, vectors
        self.context = record.context
        self.mention = match.mention
        self.original = match.mention.surface
        self.label = match.mention.label
        self.old_forms: list[str] = list(name_parts(self.original).values()) if self.label == "PERSON" else []
        self.kind: str | None = None
        self.shape = ""
        self.entry: BankEntry | None = None
        self.similarity: float | None = None
        self.aliases_excluded = 0
        self.short_forms: list[tuple[str, str]] = []
        self.rewrite: Rewrite | None = None
        self.answer_span: tuple[int, int] | None = None
        self.shifting = False  # the swap moves the passage's whole timeline
        # (swap/components/shifted_timelines/timeline.py)
        self.offset: int | None = None  # the years the timeline moves by, once drawn
        self.relabelled_from: str | None = None  # NER's label, where the evidence gave another (`relabel`)
        self.label_evidence: str | None = None  # what showed the swapped label, where the evidence decided it
        # the offsets that fit, once worked out (swap/components/shifted_timelines/shift.py)
        self.shift_offsets: tuple[int, ...] | None = None
        self.memo: dict[str, Any] = {}  # what a component works out once per swap, by its own key
        self.kind = self.kind_from_text()

    @property
    def replacement(self) -> str:
        assert self.entry is not None, "no replacement drawn yet"
        return self.entry.entity

    @property
    def answer_text(self) -> str:
        assert self.rewrite is not None and self.answer_span is not None
        return self.rewrite.text[self.answer_span[0] : self.answer_span[1]]

    @property
    def one_word_person(self) -> bool:
        return self.label == "PERSON" and len(self.original.split()) == 1

    @functools.cached_property
    def mention_spans(self) -> list[tuple[int, int]]:
        """Spans of every whole-word occurrence of the original in the context (what the rewrite replaces)."""
        return list(find_whole_word(self.context, self.original))

    @functools.cached_property
    def scale_partners(self) -> tuple[Amount, ...]:
        """Where the policy's components offer `amounts_scale_together` and the swap is an amount of money or a
        measured quantity (`SCALED_LABELS`), the other amounts of its dimension the swap moves with it by one factor
        (fqa_build/facts/dimensions.py, swap/components/scaled_amounts/); () where it moves alone."""
        if self.label not in SCALED_LABELS or not self.policy.offers("amounts_scale_together"):
            return ()
        return scale_partners(self.context, self.mention.start, self.mention.end, self.record.question)

    @functools.cached_property
    def other_persons(self) -> list[tuple[int, int]]:
        """Spans of the context's other PERSON mentions."""
        raw = (self.mention.raw_start, self.mention.raw_end)
        return [(s, e) for s, e, label in self.info.entities if label == "PERSON" and (s, e) != raw]

    @functools.cached_property
    def pronoun_gender(self) -> str | None:
        """The gender of the he/she-type pronoun that refers to the original person, if one does."""
        return pronoun_gender(self.context, self.mention.start, self.mention.end, self.other_persons)

    @functools.cached_property
    def role_gender(self) -> str | None:
        """The gender a role word bound to a mention of the original person gives it ("actress Jane Doe", "Mrs
        Smith", "Jane Doe, his wife"), if one does (fqa_build/swap/rewriting/roles.py)."""
        if self.label != "PERSON":
            return None
        spans = list(self.mention_spans)
        for part in set(name_parts(self.original).values()):
            spans += find_whole_word(self.context, part, ignore_case=False)
        return role_gender(self.context, spans)

    @property
    def needed_gender(self) -> str | None:
        """The gender the replacement person must have by the text: a component's where one gives it (`GENDER`:
        a role word's under `composed_persons`), else the pronoun's."""
        return first_answer(self.policy, Hook.GENDER, self) or self.pronoun_gender

    @functools.cached_property
    def pair(self):
        """("city" | "region" | "", the paired region): the original's role in a "City, State" pair."""
        return gpe_pair(self.context, self.mention.start, self.mention.end)

    def kind_from_text(self) -> str | None:
        """The original's kind: None unless the policy's components class kinds (`KIND`, each refining the one
        before: the lists' kind, a team, a title, a person named by surname alone, a closed class)."""
        return refined(self.policy, Hook.KIND, None, self)

    @functools.cached_property
    def full_names_in_passage(self) -> tuple[str, ...]:
        """The persons the passage names in full, with a given name or initial, whose last word and no other is the
        one-word original ("Kony Ealy" or "C. J. Anderson" for "Ealy", "Anderson"), in the passage's order."""
        fulls = [_POSSESSIVE.sub("", self.context[s:e]) for s, e, label in self.info.entities if label == "PERSON"]
        fulls = [f.split() for f in fulls if len(f.split()) >= 2]
        if any(self.original in words[:-1] for words in fulls):
            return ()
        found = [" ".join(w) for w in fulls if w[-1] == self.original and _given_or_initial(w[0])]
        return tuple(dict.fromkeys(found))

    @property
    def full_name_in_passage(self) -> bool:
        """The passage names the one-word original in full (`full_names_in_passage`)."""
        return bool(self.full_names_in_passage)
