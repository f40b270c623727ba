"""Records of the rules on where a made place lies (build/swap/rules/nearby.py), gathered by tests/test_rules.py."""

from __future__ import annotations

from build.reasons import Reason

from .rule_case import Case

CASES: dict[str, Case] = {
    # a forest the text puts at a city's border: its composed namesake town must lie within 25 km of that city
    "made_place_near_its_neighbours": Case(
        "Which forest do walkers visit every weekend?",
        "The Kabaty Forest lies at the southern border of Warsaw, and walkers visit it every weekend in spring.",
        ("Kabaty Forest",),
        (("Kabaty Forest", "LOC"), ("Warsaw", "GPE")),
        without=(
            "The Sierpc Forest lies at the southern border of Warsaw, and walkers visit it every weekend in spring."
        ),
        replacement="Sierpc Forest",
    ),
}

REASON_OF: dict[str, Reason] = {"made_place_near_its_neighbours": Reason.MADE_PLACE_ASTRAY}
