"""Records of context_v11's rules on mentions swapped under the label their text shows (`relabel` in relabel.py; the
rules in fqa_build/swap/rules/labels.py), gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

_BANK = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))

CASES: dict[str, Case] = {
    # an engineer tagged ORG is a person by the role word before him, but his name also heads a company's
    "relabelled_one_referent": Case(
        "Who designed the engine?",
        "The engine was designed by engineer Mark Dwyer in 1901. Later, Mark Dwyer Motors built it in large numbers.",
        ("Mark Dwyer",),
        (("Mark Dwyer", "ORG"),),
        bank=_BANK,
        without="The engine was designed by engineer Tom Marx in 1901. Later, Tom Marx Motors built it in large "
        "numbers.",
        replacement="Tom Marx",
    ),
    # a Nigerian surname of a person NER tags PERSON with a given name no list knows: the composed name's surname is
    # of none of its cultures
    "relabelled_name_keeps_culture": Case(
        "Who led the bank in 2001?",
        "The economist Chidi Okafor led the bank in 2001 and wrote two books on trade.",
        ("Chidi Okafor",),
        (("Chidi Okafor", "PERSON"),),
        bank=_BANK,
        without="The economist Karl Hanks led the bank in 2001 and wrote two books on trade.",
        replacement="Karl Hanks",
    ),
}

REASON_OF: dict[str, Reason] = {
    "relabelled_one_referent": Reason.RELABEL_REFERENT_MIXED,
    "relabelled_name_keeps_culture": Reason.PERSON_CULTURE_CHANGED,
}
