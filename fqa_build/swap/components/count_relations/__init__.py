"""The `count_relations` component's parameters. What it makes, labels, matches and checks is in the folder's
other modules, each registered where it is defined (fqa_build/swap/hooks.py, fqa_build/swap/rule.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fqa_build.swap.components.base import Component, component


@component("count_relations")
@dataclass(frozen=True)
class CountRelations(Component):
    """A count keeps its sentence's sums and orders (fqa_build/facts/relations.py, rules.py)."""

    whole_passage: bool = True  # a count tied to numbers or lists of its passage is dropped
    parts_name_their_noun: bool = True  # "Four of the sororities" is a part of a count of sororities only
    rewrite_own_mentions: bool = True  # a count's mentions that count other nouns elsewhere stay as written
    scaled_decimals: bool = True  # "4.5 million objects" is a count (a decimal before its scale word)
    clause_lists: bool = True  # "three types of movement: they flick ...; they wriggle ...; ..." tie
    units_by_two_words: bool = True  # "12 research institutes" and "113 research centers" count apart
    questions_past_typos: bool = True  # "How man volumes ...", "About many students ...?" ask for a count
    numbers_keep_label: bool = True  # "118 tackles" is a count whatever "118" is tagged elsewhere

    offers: ClassVar[frozenset[str]] = frozenset(
        {"counts_keep_relations", "scaled_decimals", "numbers_keep_label", "questions_past_typos"}
    )

    def capabilities(self) -> frozenset[str]:
        """Counts keep their relations (the shared rules on counts read them one by one), and where its parameters
        say so a decimal before its scale word is a count and a number counting a plural noun keeps its label."""
        return frozenset(
            {"counts_keep_relations"}
            | ({"scaled_decimals"} if self.scaled_decimals else set())
            | ({"numbers_keep_label"} if self.numbers_keep_label else set())
            | ({"questions_past_typos"} if self.questions_past_typos else set())
        )
