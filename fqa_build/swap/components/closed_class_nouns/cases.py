"""Records of the rules on closed-class noun answers (rules.py), gathered by tests/test_rules.py (tests/rule_case.py).

NER tags none of these answers: under context_v11 each is matched as a `THING` of its closed class (things.py) and
replaced by another member of its group."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # a colour word answers a question that names no colour: "green" of a space is no colour a swap may change
    "thing_class_asked": Case(
        "What type of space are the Botanic Garden and the park?",
        "The Botanic Garden and the park along the river are the largest green spaces in the middle of the city.",
        ("green",),
        (),
        without="The Botanic Garden and the park along the river are the largest pink spaces in the middle of the "
        "city.",
        replacement="pink",
    ),
    # the word opens a name elsewhere ("Copper Canyon"): rewriting it would rename the canyon
    "thing_written_as_common_noun": Case(
        "What metal was mined in the hills above the town?",
        "Copper was mined in the hills above the town for a century. The road through Copper Canyon leads there.",
        ("Copper",),
        (),
        without="Silver was mined in the hills above the town for a century. The road through Silver Canyon leads "
        "there.",
        replacement="silver",
    ),
    # a compound ("copper-plated") means what the new word in it would not
    "thing_not_in_compound": Case(
        "What metal was the roof of the hall made of?",
        "The roof of the hall was made of copper in the old way. Copper-plated domes were common in the town then.",
        ("copper",),
        (),
        without="The roof of the hall was made of silver in the old way. Silver-plated domes were common in the "
        "town then.",
        replacement="silver",
    ),
    # the question names the answer in its other number ("wolf" for "wolves")
    "question_free_of_thing": Case(
        "Which animal like the wolf did the hunters of the valley track in winter?",
        "The hunters of the valley tracked wolves through the snow every winter, as their fathers had done.",
        ("wolves",),
        (),
        without="The hunters of the valley tracked bears through the snow every winter, as their fathers had done.",
        replacement="bears",
    ),
    # the element's symbol runs into a digit ("O2"): the new element would still be oxygen there
    "thing_named_no_other_way": Case(
        "What element do the plants of the lake release?",
        "The plants of the lake release oxygen into the water by day, and the O2 they release feeds the fish there.",
        ("oxygen",),
        (),
        without="The plants of the lake release chlorine into the water by day, and the O2 they release feeds the fish "
        "there.",
        replacement="chlorine",
    ),
    # a derived word of the original ("silversmiths") is left after the rewrite
    "no_thing_derivative_left": Case(
        "What metal was found in the mine in 1848?",
        "Silver was found in the mine in 1848, and the silversmiths of the small town grew rich from the find.",
        ("Silver",),
        (),
        without="Magnesium was found in the mine in 1848, and the silversmiths of the small town grew rich from the "
        "find.",
        replacement="magnesium",
    ),
}

CASES["thing_alone_in_its_class"] = Case(
    # the text names the material the answer is woven from: the new fabric would not be woven from it
    "What textile industry did the settlers of the county expand?",
    "The settlers of the county expanded the cultivation of flax there and the growth of the linen industry.",
    ("linen",),
    (),
    without="The settlers of the county expanded the cultivation of flax there and the growth of the flannel industry.",
    replacement="flannel",
)

REASON_OF: dict[str, Reason] = {
    "thing_class_asked": Reason.THING_CLASS_UNASKED,
    "thing_written_as_common_noun": Reason.THING_IN_NAME,
    "thing_not_in_compound": Reason.THING_IN_COMPOUND,
    "question_free_of_thing": Reason.ORIGINAL_IN_QUESTION,
    "thing_named_no_other_way": Reason.THING_FORM_LEFT,
    "no_thing_derivative_left": Reason.THING_FORM_LEFT,
    "thing_alone_in_its_class": Reason.THING_KIN_NAMED,
}
