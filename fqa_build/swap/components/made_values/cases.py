"""Records of the rules on made values (rules.py, fit_rules.py), gathered by tests/test_rules.py
(tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

CASES: dict[str, Case] = {
    # a range written as one mention: no single number to remake; without the rule no value is made either
    "value_is_one_number": Case(
        "How much of the import bill does petroleum account for?",
        "Petroleum accounts for 20% to 25% of the national import bill of the country, the ministry said.",
        ("20% to 25%",),
        (("20% to 25%", "PERCENT"),),
        without=Reason.VALUE_BOUND,
    ),
    # an ordinal that names something ("Fifth Avenue"): without the rule the name is rewritten
    "value_not_in_a_name": Case(
        "On which avenue did the store open?",
        "The company opened its flagship store on Fifth Avenue in the spring, after a long search for a site.",
        ("Fifth",),
        (("Fifth", "ORDINAL"),),
        without="The company opened its flagship store on Second Avenue in the spring, after a long search for a site.",
        replacement="Second",
    ),
    # the question states the number ("20") the answer writes in words: the new passage would not state it
    "question_free_of_value": Case(
        "What share of the vote, about 20 in each hundred, did the party win?",
        "In the election of that year the party won twenty percent of the vote across the whole country.",
        ("twenty percent",),
        (("twenty percent", "PERCENT"),),
        without="In the election of that year the party won thirty percent of the vote across the whole country.",
        replacement="thirty percent",
    ),
    # a restatement in a unit the swap cannot convert ("(12 furlongs)"): refused before any value is made, and
    # without the rule none is made
    "value_keeps_its_place": Case(
        "How long is the race course of 12 furlongs?",
        "The race course at the old town is 2.4 km (12 furlongs) long and runs around the lake in the park.",
        ("2.4 km",),
        (("2.4 km", "QUANTITY"),),
        without=Reason.NO_CANDIDATE,
    ),
    # a part of a stated sum: "$5 million and $3 million, $8 million in all"
    "value_not_in_arithmetic": Case(
        "How much did the city give towards the $8 million bridge?",
        "The city gave $5 million and the state gave $3 million, for a total of $8 million for the new bridge.",
        ("$5 million",),
        (("$5 million", "MONEY"), ("$3 million", "MONEY"), ("$8 million", "MONEY")),
        without="The city gave $4 million and the state gave $3 million, for a total of $8 million for the new bridge.",
        replacement="$4 million",
    ),
    # an ordinal the passage writes twice, of different things: the rewrite would change both
    "value_not_restated": Case(
        "In what place did the team finish?",
        "The team finished third in the league that year. In its third season the club moved to a new stadium.",
        ("third",),
        (("third", "ORDINAL"), ("third", "ORDINAL", 1)),
        without="The team finished second in the league that year. In its second season the club moved to a new "
        "stadium.",
        replacement="second",
    ),
}

REASON_OF: dict[str, Reason] = {
    "value_is_one_number": Reason.VALUE_UNREADABLE,
    "value_not_in_a_name": Reason.NUMBER_IN_NAME,
    "question_free_of_value": Reason.ORIGINAL_IN_QUESTION,
    "value_keeps_its_place": Reason.UNIT_CONVERSION,
    "value_not_in_arithmetic": Reason.VALUE_IN_ARITHMETIC,
    "value_not_restated": Reason.VALUE_RESTATED,
}

# the named classes, glosses and asked counts of made values
CASES |= {
    # a wind speed beside the category it makes: without the rule the speed leaves "Category 2" standing
    "value_not_on_a_named_scale": Case(
        "What speed did the winds reach when the storm crossed the coast?",
        "The storm reached the coast with winds of 110 mph, making it a strong Category 2 storm on the scale.",
        ("110 mph",),
        (("110 mph", "QUANTITY"),),
        without="The storm reached the coast with winds of 105 mph, making it a strong Category 2 storm on the scale.",
        replacement="105 mph",
    ),
    # a gloss in another language restating the hour: without the rule it is left stating the original
    "value_not_glossed": Case(
        "What time do they have the morning tea?",
        "Between meals the people of the town have the 10 o'clock tea (chai ya saa nne) with bread and fruit.",
        ("10 o'clock",),
        (("10 o'clock", "TIME"),),
        without="Between meals the people of the town have the 11 o'clock tea (chai ya saa nne) with bread and fruit.",
        replacement="11 o'clock",
    ),
    # the question asks a count of receptions; the value counts yards: without the rule "518 yards" answers it
    "value_is_what_is_asked": Case(
        "How many receptions did the receiver have that season?",
        "The receiver caught 44 passes for 739 yards and ten touchdowns, the best season of his long career.",
        ("739 yards",),
        (("739 yards", "QUANTITY"),),
        without="The receiver caught 44 passes for 484 yards and ten touchdowns, the best season of his long career.",
        replacement="484 yards",
    ),
}
REASON_OF |= {
    "value_not_on_a_named_scale": Reason.VALUE_ON_NAMED_SCALE,
    "value_not_glossed": Reason.VALUE_GLOSSED,
    "value_is_what_is_asked": Reason.VALUE_NOT_ASKED,
}
