"""Made values (swap/components/made_values/make.py, fqa_build/swap/rewriting/conversions.py): what is read from a
number with a unit, what it may become, what is rewritten beside it, and that the policy matches these types without
`--entity-types`."""

from __future__ import annotations

from fqa_build.release.card import swap_methods
from fqa_build.swap.components import MadeValues
from fqa_build.swap.components.made_values import VALUE_TYPES
from fqa_build.swap.components.made_values.make import candidates, numbers_in, parse_value
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rewriting.conversions import convert, written_like
from fqa_build.types import Sample

from .rule_case import Case
from .test_rules import run

V11 = POLICIES["context_v11"]


def test_a_value_keeps_its_currency_scale_and_unit():
    value = parse_value("$2.5 million", "MONEY")
    assert (value.before, value.number, value.after, value.style) == ("$", "2.5", " million", "digits")
    assert value.amount == 2.5e6 and value.unit == "$|"
    assert value.written("3.1") == "$3.1 million"
    assert parse_value("about 5,000 feet", "QUANTITY").unit == "|length"  # hedges left out, feet a length
    assert parse_value("20 percent", "PERCENT").unit == parse_value("20%", "PERCENT").unit == "|percent"


def test_what_is_no_single_number_is_not_read():
    assert parse_value("5 to 10 km", "QUANTITY") is None
    assert parse_value("$5 per hour", "MONEY") is None
    assert parse_value("half a million", "QUANTITY") is None
    assert parse_value("evening", "TIME") is None
    assert parse_value("third", "CARDINAL") is None  # an ordinal word only as an ORDINAL
    assert parse_value("up to £32,583", "MONEY").number == "32,583"  # "up to" is a hedge, no range


def test_digits_keep_their_format_and_magnitude():
    made = candidates(parse_value("1,200 km", "QUANTITY"))
    assert made[:3] == ["1,050", "1,100", "1,150"] and made[-1] == "1,900"  # hundreds and half-hundreds
    assert all("," in m and len(m) == 5 for m in made)
    made = candidates(parse_value("$2.5 million", "MONEY"))
    assert made[0] == "1.6" and made[-1] == "3.9" and "2.5" not in made and "3.0" not in made


def test_words_ordinals_and_times_stay_what_they_are():
    assert candidates(parse_value("twenty percent", "PERCENT")) == ["thirty"]
    assert candidates(parse_value("Twelve percent", "PERCENT"))[0] == "Eight"
    assert candidates(parse_value("third", "ORDINAL")) == ["second"]  # a rank moves up the field
    assert candidates(parse_value("9th", "ORDINAL")) == ["6th", "7th", "8th"]
    assert candidates(parse_value("first", "ORDINAL")) == ["second", "third"]
    assert candidates(parse_value("4:30 p.m.", "TIME")) == ["1:30", "2:30", "3:30", "5:30", "6:30", "7:30"]
    assert candidates(parse_value("11 a.m.", "TIME")) == ["8", "9", "10"]  # the morning stays the morning
    assert max(int(c) for c in candidates(parse_value("10 o'clock", "TIME"))) == 12


def test_a_clock_candidate_counts_minutes_in_the_value_s_half_of_the_day():
    afternoon = parse_value("2:30 p.m.", "TIME")
    assert (afternoon.amount, afternoon.amount_of("4:30"), afternoon.amount_of("12:30")) == (870, 990, 750)
    morning = parse_value("11:30 am", "TIME")
    assert (morning.amount, morning.amount_of("9:30"), morning.amount_of("12:30")) == (690, 570, 30)
    assert parse_value("14:30", "TIME").amount_of("16:30") == 990  # a 24-hour clock reads as written


def test_shares_stay_shares_and_units_agree_in_number():
    assert max(float(c) for c in candidates(parse_value("90%", "PERCENT"))) < 100
    assert candidates(parse_value("1 metre", "QUANTITY")) == []
    assert "1" not in candidates(parse_value("2 metres", "QUANTITY"))


def test_numbers_in_reads_digits_words_and_ordinals():
    assert numbers_in("twenty-five of 3,000 came 3rd") == [(0, 11, 25.0), (15, 20, 3000.0), (26, 29, 3.0)]


def test_restatements_are_converted_with_their_precision():
    assert round(convert(8, "miles", "km"), 2) == 12.87
    assert written_like(12.87, "9.7") == "12.9"
    assert written_like(426.7, "400") == "430"  # two significant digits at least
    assert written_like(72_400, "51,300") == "72,400"
    assert convert(100, "°C", "°F") == 212
    assert convert(3, "km", "kg") is None


def _kept(case: Case) -> Sample:
    sample = run(case, V11)
    assert isinstance(sample, Sample), sample
    return sample


def test_a_conversion_in_brackets_is_rewritten():
    sample = _kept(
        Case(
            "How far is the airport from the city centre?",
            "The airport is located approximately 6 miles (9.7 km) from the city centre on the northern outskirts.",
            ("6 miles",),
            (("6 miles", "QUANTITY"), ("9.7 km", "QUANTITY")),
        )
    )
    assert sample.replacement_entity == "3 miles"
    assert sample.context.startswith("The airport is located approximately 3 miles (4.8 km) from the city")
    assert sample.answers["text"] == ["3 miles"]


def test_a_value_keeps_its_place_in_a_rise():
    sample = _kept(
        Case(
            "What was the budget in 2001?",
            "The budget rose from $5 million in 2001 to $6 million in 2005, the council said in its report.",
            ("$5 million",),
            (("$5 million", "MONEY"), ("$6 million", "MONEY")),
        )
    )
    assert sample.replacement_entity in ("$3 million", "$4 million")  # below the $6 million it rose to


def test_the_policy_matches_and_makes_value_types_without_entity_types():
    assert V11.uses(MadeValues) and V11.value_types == VALUE_TYPES <= V11.swap_types
    assert not VALUE_TYPES & V11.drawn_types  # made, never drawn: the bank holds none of them
    assert all(not POLICIES[name].value_types for name in ("context_v10", "context_v9", "context_v8", "type_shape_v1"))
    methods = swap_methods(V11, ["PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"])
    assert methods["swapped"][-6:] == ["MONEY", "ORDINAL", "PERCENT", "QUANTITY", "TIME", "THING"]
    assert set(methods["made"]) >= VALUE_TYPES


def _outcome(question: str, context: str, value: str, label: str) -> str:
    """The reason a record with one made value is refused for under context_v11, or its new context."""
    made = run(Case(question, context, (value,), ((value, label),)), V11)
    return made.context if isinstance(made, Sample) else made.reason.value


def test_a_value_beside_the_class_it_falls_in_is_refused():
    question = "What temperature does the water reach in the kettle?"
    assert _outcome(question, "The water in the kettle reaches 90 °C, just short of boiling, before it is poured.",
                    "90 °C", "QUANTITY") == "value_on_named_scale"  # fmt: skip
    question = "What speed did the winds reach when the storm crossed the coast?"
    assert _outcome(question, "The winds reached 70 mph as the tropical storm crossed the coast near the old port.",
                    "70 mph", "QUANTITY") == "value_on_named_scale"  # fmt: skip
    # a storm word classes a speed, not a sum of money beside it
    question = "How much damage did the storm do to the town that autumn?"
    made = _outcome(question, "The hurricane did $40 million of damage to the town that autumn, the worst in years.",
                    "$40 million", "MONEY")  # fmt: skip
    assert made != "value_on_named_scale"


def test_a_bracket_of_words_after_a_value_is_a_gloss():
    question = "How much of the vote did the party win in the election?"
    context = "The party won twenty percent (a fifth) of the vote in the election, its best result in many years."
    assert _outcome(question, context, "twenty percent", "PERCENT") == "value_glossed"
    # a value alone in a bracket restates the words before it
    context = "Duty is the work delivered by burning one bushel (94 pounds) of coal in the engine of the mill."
    assert _outcome("How much does a bushel of coal weigh?", context, "94 pounds", "QUANTITY") == "value_glossed"
    # a conversion in brackets is converted, not refused
    context = "The road from the town runs 6 miles (9.7 km) to the coast, along the river and past the old mill."
    assert _outcome("How long is the road in kilometres?", context, "9.7 km", "QUANTITY") != "value_glossed"
    # one abbreviation in brackets restates nothing
    context = "The company paid $40 million (USD) for the site in the spring, its largest purchase in many years."
    assert _outcome("How much did the company pay for the site?", context, "$40 million", "MONEY") != "value_glossed"


def test_the_answer_is_the_value_the_question_asks():
    context = "The receiver caught 44 passes for 739 yards and ten touchdowns, the best season of his long career."
    assert _outcome("How many yards did the receiver gain?", context, "739 yards", "QUANTITY") != "value_not_asked"
    made = run(Case("How many passes did he catch?", context, ("39",), (("739 yards", "QUANTITY"),)), V11)
    assert made.reason.value == "value_not_asked"  # the answer "39" inside "739 yards"
    context = "The company paid $40 million for the site in the spring, its largest purchase in many years."
    assert _outcome("How many dollars did the company pay?", context, "$40 million", "MONEY") != "value_not_asked"
