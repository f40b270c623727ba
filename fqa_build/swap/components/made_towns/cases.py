"""Records of the `made_towns` component's rules, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    "gpe_is_country_or_city": Case(
        "Where did they move?",
        "They moved to California in 1950 and opened a small shop near the coast for tourists.",
        ("California",),
        (("California", "GPE"),),
        without=Reason.NO_CANDIDATE,
    ),
    "city_not_a_region": Case(
        "Where did they move?",
        "They moved to Asia in 1950 and opened a small shop near the coast for tourists.",
        ("Asia",),
        (("Asia", "GPE"),),
        without="They moved to Ualog in 1950 and opened a small shop near the coast for tourists.",
        replacement="Ualog",
    ),
    "city_known": Case(
        "Where did they move?",
        "They moved to Springfield in 1950 and opened a small shop near the river for farmers.",
        ("Springfield",),
        (("Springfield", "GPE"),),
        without=Reason.NO_CANDIDATE,
    ),
    "city_not_famous": Case(
        "Where did they move?",
        "They moved to Chicago in 1950 and opened a small shop near the river for farmers.",
        ("Chicago",),
        (("Chicago", "GPE"),),
        without="They moved to West Town in 1950 and opened a small shop near the river for farmers.",
        replacement="West Town",
    ),
    "city_used_as_place": Case(
        "Whose theorem was proved?",
        "Fresno's theorem was proved by a student in the spring after many years of work on it.",
        ("Fresno",),
        (("Fresno", "GPE"),),
        without="San Leandro's theorem was proved by a student in the spring after many years of work on it.",
        replacement="San Leandro",
    ),
    "city_without_role_word": Case(
        "Where did they live?",
        "They lived in the borough of Fresno for years and kept a small farm with many goats.",
        ("Fresno",),
        (("Fresno", "GPE"),),
        without="They lived in the borough of San Leandro for years and kept a small farm with many goats.",
        replacement="San Leandro",
    ),
    "city_pair_known": Case(
        "Where did they move?",
        "They moved to Fresno, Kings, in 1950 and opened a small shop for the farmers there.",
        ("Fresno",),
        (("Fresno", "GPE"),),
        without="They moved to San Leandro, Kings, in 1950 and opened a small shop for the farmers there.",
        replacement="San Leandro",
    ),
    "city_not_a_byname": Case(
        "Who led the army?",
        "William of Fresno led the army across the river in the spring and took the old fort.",
        ("Fresno",),
        (("Fresno", "GPE"),),
        without="William of San Leandro led the army across the river in the spring and took the old fort.",
        replacement="San Leandro",
    ),
    "city_has_no_unique_role": Case(
        "Where did they move?",
        "They moved to Fresno, the capital of the valley, and opened a small shop for the farmers.",
        ("Fresno",),
        (("Fresno", "GPE"),),
        without="They moved to San Leandro, the capital of the valley, and opened a small shop for the farmers.",
        replacement="San Leandro",
    ),
    "city_without_landmark": Case(
        "Where did they play?",
        "They played at the Selland Arena in Fresno every winter for many years before it closed.",
        ("Fresno",),
        (("Fresno", "GPE"), ("Selland Arena", "FAC")),
        without="They played at the Selland Arena in San Leandro every winter for many years before it closed.",
        replacement="San Leandro",
    ),
    "question_gives_city_no_role": Case(
        "Which district did they move to?",
        "They moved to Fresno in 1950 and opened a small shop near the river for the farmers.",
        ("Fresno",),
        (("Fresno", "GPE"),),
        without="They moved to San Leandro in 1950 and opened a small shop near the river for the farmers.",
        replacement="San Leandro",
    ),
    # context_v10: Fresno lies in California, the sentence puts it near Nevada's Reno: no Fresno of Nevada, no town
    # of both; without the rule the made function finds no city of the regions and makes nothing
    "made_place_in_named_region": Case(
        "Where did they move?",
        "They moved to Fresno, not far from Reno in Nevada, and opened a small shop for the farmers.",
        ("Fresno",),
        (("Fresno", "GPE"), ("Reno", "GPE"), ("Nevada", "GPE")),
        without=Reason.NO_CANDIDATE,
    ),
}

REASON_OF: dict[str, Reason] = {
    "gpe_is_country_or_city": Reason.KIND_NOT_SWAPPED,
    "city_not_a_region": Reason.KIND_NOT_SWAPPED,
    "city_known": Reason.KIND_NOT_SWAPPED,
    "city_not_famous": Reason.LANDMARK_NAMED,
    "city_used_as_place": Reason.LABEL_CONTRADICTED,
    "city_without_role_word": Reason.ROLE_MISMATCH,
    "city_pair_known": Reason.GPE_PAIR,
    "city_not_a_byname": Reason.LABEL_CONTRADICTED,
    "city_has_no_unique_role": Reason.ROLE_MISMATCH,
    "city_without_landmark": Reason.LANDMARK_NAMED,
    "question_gives_city_no_role": Reason.ROLE_MISMATCH,
    "made_place_in_named_region": Reason.PLACE_OUT_OF_REGION,
}
