"""Records of the rules on organisations classed by their text and made anew (rules.py), gathered by tests/test_rules.py
(tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # the acronym spelled out in full beside it: the made acronym would leave the name it stands for
    "org_expansion_not_spelled": Case(
        "Which network aired the show?",
        "The show was aired by CBS on television in 1990. The Columbia Broadcasting System later dropped it.",
        ("CBS",),
        (("CBS", "ORG"),),
        without="The show was aired by ZBS on television in 1990. The Columbia Broadcasting System later dropped it.",
        replacement="ZBS",
    ),
    # the team's state named alone as a place ("fans in Arizona"): rewritten to the town it would be wrong
    "team_place_stands_for_team": Case(
        "Who did the Panthers beat in the game?",
        "The Panthers beat the Arizona Cardinals in the last game of the season. Fans in Arizona were sad for days.",
        ("Arizona Cardinals",),
        (("Arizona Cardinals", "ORG"),),
        without=(
            "The Panthers beat the Surprise Cardinals in the last game of the season. Fans in Surprise were sad for "
            "days."
        ),
        replacement="Surprise Cardinals",
    ),
    # the acronym inside a call sign ("WABC" of "ABC"): the rewrite would leave it there
    "org_acronym_not_inside_word": Case(
        "Which network bought the radio station?",
        "In 1953 the television network ABC bought the radio station WABC in New York from its owner.",
        ("ABC",),
        (("ABC", "ORG"),),
        without="In 1953 the television network VBC bought the radio station WABC in New York from its owner.",
        replacement="VBC",
    ),
}

REASON_OF: dict[str, Reason] = {
    "org_expansion_not_spelled": Reason.ACRONYM_LEFT,
    "team_place_stands_for_team": Reason.SHORT_FORM_LEFT,
    "org_acronym_not_inside_word": Reason.ORIGINAL_WORD_LEFT,
}
