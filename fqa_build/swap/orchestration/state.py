"""What a swap works on: per context (`ContextInfo`, shared by its questions) and per attempt (`Swap`, one matched
mention of one record, filled in step by step as the swap goes: kind, draw, other names, rewrite, answer)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...bank.entity_bank import EntityBank
from ...bank.entity_kinds import entity_kind, head_word
from ...config import SubstitutionConfig
from ...gazetteers.persons import name_gender
from ...text import find_whole_word
from ...types import BankEntry, Entity, Match, Mention, QARecord
from ..policies.components import ComposedNames, ComposedPersons, Kinds, MadeWorks

if TYPE_CHECKING:
    from ..drawing.vectors import BankVectors
    from ..policies.policy import Policy
from ...facts.pairs import gpe_pair
from ..made.name_patterns import team_form
from ..made.replacement import TITLE_KIND
from ..made.things import THING_LABEL, thing_class
from ..rewriting.aliases import acronyms, pronoun_gender
from ..rewriting.rewrite import Rewrite, name_parts
from ..rewriting.roles import nationalities_named, role_gender


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
        if policy.uses(Kinds):
            self.old_forms += [
                a for a in acronyms(self.original) if next(find_whole_word(self.context, a, ignore_case=False), None)
            ]
        self.kind: str | None = self._kind() if policy.uses(Kinds) else None
        self.shape = ""
        self.entry: BankEntry | None = None
        self.similarity: float | None = None
        self.aliases_excluded = 0
        self.short_forms: list[tuple[str, str]] = []
        self.rewrite: Rewrite | None = None
        self.answer_span: tuple[int, int] | None = None
        self.shifting = False  # the swap moves the passage's whole timeline (fqa_build/swap/timelines/timeline.py)
        self.offset: int | None = None  # the years the timeline moves by, once drawn
        self.relabelled_from: str | None = None  # NER's label, where the evidence gave another (`relabel`)
        self.label_evidence: str | None = None  # what showed the swapped label, where the evidence decided it
        # the offsets that fit, once worked out (swap/timelines/shift.py)
        self.shift_offsets: tuple[int, ...] | None = None

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
        """The gender the replacement person must have by the text: a role word's where the policy reads role
        words (`roles_fix_gender`), else the pronoun's."""
        if self.policy.uses(ComposedPersons, "roles_fix_gender") and self.role_gender is not None:
            return self.role_gender
        return self.pronoun_gender

    @functools.cached_property
    def pair(self):
        """("city" | "region" | "", the paired region): the original's role in a "City, State" pair."""
        return gpe_pair(self.context, self.mention.start, self.mention.end)

    def _kind(self) -> str | None:
        if self.label == THING_LABEL:
            return thing_class(self.original, self.record.question)
        kind = entity_kind(self.original, self.label, self.bank.surnames)
        if self.policy.uses(ComposedNames) and self.label == "ORG" and kind is None and team_form(self.original):
            return "team"  # "Chicago Bears": a city's team, no generic head
        if (
            self.policy.uses(MadeWorks)
            and self.label == "WORK_OF_ART"
            and kind is None
            and head_word(self.original) is None
        ):
            return TITLE_KIND  # a title with no generic head ("Hamlet"): its kind is its shape (compose_works.py)
        if (
            self.policy.uses(ComposedPersons, "surnames_alone")
            and self.one_word_person
            and kind in (None, "given_name")
        ):
            if self.full_name_in_passage:
                return "surname"  # "Ealy" where the passage names "Kony Ealy": the person named by surname
        if kind is None and self.one_word_person and self.pronoun_gender is not None:
            # a one-word name no list knows ("Bohemond") is still a person where a he/she refers to it
            return "given_name"
        return kind

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

    @functools.cached_property
    def nationalities(self) -> tuple[str, ...]:
        """The nationality words the question and the text beside the original person's mentions give it
        (`roles.nationalities_named`; a surname swapped alone under `compose_surname_persons` looks past its given
        names)."""
        surname = self.policy.uses(ComposedPersons, "surnames_alone") and self.kind == "surname"
        return nationalities_named(self.context, self.record.question, self.original, surname)
