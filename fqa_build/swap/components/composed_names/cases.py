"""Records of the `composed_names` component's rules, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    "name_not_famous": Case(
        "What lake did they cross?",
        "They crossed Lake Erie in a small boat in the summer and reached the far shore at night.",
        ("Lake Erie",),
        (("Lake Erie", "LOC"),),
        bank=(("Lake Erie", "LOC"), ("Lake Erie", "LOC"), ("Lake Erie", "LOC"), ("Lake Erie", "LOC")),
        without=Reason.NO_CANDIDATE,
    ),
    "team_in_a_sports_text": Case(
        "Who sold toys?",
        "The Chicago Bears sold toys to children in the town every winter for many years.",
        ("Chicago Bears",),
        (("Chicago Bears", "ORG"),),
        without="The West Town Bears sold toys to children in the town every winter for many years.",
        replacement="West Town Bears",
    ),
    "name_has_generic_form": Case(
        "What met in the hall?",
        "The Scottish Parliament met in the old hall in the spring and passed a new law on farming.",
        ("Scottish Parliament",),
        (("Scottish Parliament", "ORG"),),
        without=Reason.NO_CANDIDATE,
    ),
    "part_names_no_nation": Case(
        "Where did he study?",
        "He studied at the University of Ghana for four years and then taught in a small school.",
        ("University of Ghana",),
        (("University of Ghana", "ORG"),),
        without=Reason.NO_CANDIDATE,
    ),
    "part_names_no_region_or_direction": Case(
        "What glacier did they see?",
        "They saw the Patagonia Glacier in the morning and reached the old camp before noon.",
        ("Patagonia Glacier",),
        (("Patagonia Glacier", "LOC"),),
        without=Reason.NO_CANDIDATE,
    ),
    "part_not_a_common_word": Case(
        "What river did they cross?",
        "They crossed the Liberty River in the morning and reached the old market before noon.",
        ("Liberty River",),
        (("Liberty River", "LOC"),),
        common_words=("liberty",),
        without="They crossed the Mehlville River in the morning and reached the old market before noon.",
        replacement="Mehlville River",
    ),
    "part_holds_no_place": Case(
        "What river did they cross?",
        "They crossed the Fresno Harper River in the morning and reached the old market before noon.",
        ("Fresno Harper River",),
        (("Fresno Harper River", "LOC"),),
        without=Reason.NO_CANDIDATE,
    ),
    "part_not_named_alone": Case(
        "What grew?",
        "The University of Erfurt grew in the spring of that year. Erfurt grew too, with new streets.",
        ("University of Erfurt",),
        (("University of Erfurt", "ORG"),),
        without="The University of Saalfeld grew in the spring of that year. Erfurt grew too, with new streets.",
        replacement="University of Saalfeld",
    ),
    "question_free_of_part": Case(
        "Which university in Erfurt did he attend?",
        "He studied at the University of Erfurt for four years and then taught in a small school.",
        ("University of Erfurt",),
        (("University of Erfurt", "ORG"),),
        without="He studied at the University of Saalfeld for four years and then taught in a small school.",
        replacement="University of Saalfeld",
    ),
    "part_leaves_no_derived_word": Case(
        "What river is long?",
        "The Vistula River is long, and Vistulan towns line it from the mountains to the sea.",
        ("Vistula River",),
        (("Vistula River", "LOC"),),
        without=Reason.NO_CANDIDATE,
    ),
    "name_not_a_campus": Case(
        "Where did he teach?",
        "He taught at the University of Erfurt, Gotha for years and wrote many books on history.",
        ("University of Erfurt",),
        (("University of Erfurt", "ORG"),),
        without="He taught at the University of Schmalkalden, Gotha for years and wrote many books on history.",
        replacement="University of Schmalkalden",
    ),
    "part_names_a_place_or_person": Case(
        "Where did he study?",
        "He studied at Renmin University for four years and then taught in a small school.",
        ("Renmin University",),
        (("Renmin University", "ORG"),),
        without=Reason.NO_CANDIDATE,
    ),
}

REASON_OF: dict[str, Reason] = {
    "name_not_famous": Reason.LANDMARK_NAMED,
    "team_in_a_sports_text": Reason.KIND_NOT_SWAPPED,
    "name_has_generic_form": Reason.KIND_NOT_SWAPPED,
    "part_names_no_nation": Reason.KIND_NOT_SWAPPED,
    "part_names_no_region_or_direction": Reason.KIND_NOT_SWAPPED,
    "part_not_a_common_word": Reason.KIND_NOT_SWAPPED,
    "part_holds_no_place": Reason.KIND_NOT_SWAPPED,
    "part_not_named_alone": Reason.SHORT_FORM_LEFT,
    "question_free_of_part": Reason.ORIGINAL_IN_QUESTION,
    "part_leaves_no_derived_word": Reason.DERIVED_WORD_LEFT,
    "name_not_a_campus": Reason.INSIDE_LONGER_NAME,
    "part_names_a_place_or_person": Reason.KIND_NOT_SWAPPED,
}
