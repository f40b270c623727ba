"""Records of the rules on where a made place lies (nearby_rules.py), gathered by tests/test_rules.py
(tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # a town that replaced a city the text ties to a river: no gazetteer says the town lies on it ("Rhine" is a
    # location by the corpus's majority label, the bank item below)
    "made_place_near_its_neighbours": Case(
        "Where was the bridge that was the focus of the battle?",
        "The Rhine bridge at Arnhem was the focus of the battle in September of that year, and it was lost.",
        ("Arnhem",),
        (("Arnhem", "GPE"), ("Rhine", "LOC")),
        bank=(("Rhine", "LOC"),),
        without="The Rhine bridge at Tiel was the focus of the battle in September of that year, and it was lost.",
        replacement="Tiel",
    ),
}

REASON_OF: dict[str, Reason] = {"made_place_near_its_neighbours": Reason.MADE_PLACE_ASTRAY}
