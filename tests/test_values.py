"""Made values (build/swap/values.py, build/swap/conversions.py): what is read from a number with a unit, what it may
become, what is rewritten beside it, and that the policy matches these types without `--entity-types`."""

from __future__ import annotations

from build.release.card import swap_methods
from build.swap.conversions import convert, written_like
from build.swap.policies import POLICIES
from build.swap.policy import VALUE_TYPES
from build.swap.values import candidates, numbers_in, parse_value
from build.types import Sample

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
    assert V11.made_values and V11.value_types == VALUE_TYPES <= V11.swap_types
    assert not VALUE_TYPES & V11.drawn_types  # made, never drawn: the bank holds none of them
    assert all(not POLICIES[name].value_types for name in ("context_v10", "context_v9", "context_v8", "type_shape_v1"))
    methods = swap_methods(V11, ["PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"])
    assert methods["swapped"][-5:] == ["MONEY", "ORDINAL", "PERCENT", "QUANTITY", "TIME"]
    assert set(methods["made"]) >= VALUE_TYPES
