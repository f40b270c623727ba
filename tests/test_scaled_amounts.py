"""Amounts scaled together (issue 37, the `scaled_amounts` component of context_v15; the text reader in
fqa_build/facts/dimensions.py): which numbers of a passage are amounts and of what unit, which of them move with a
swapped amount, the exact factors and how a scaled number is written, and what context_v15 makes of passages
(written for these tests) where context_v14 dropped the row or left a relation broken."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from fqa_build.facts.dimensions import amounts, percent_of_amounts, read_unit
from fqa_build.facts.partners import scale_partners
from fqa_build.facts.scaling import exact_factor, groups_thousands, scaled
from fqa_build.swap.components import ScaledAmounts
from fqa_build.swap.policies.policy import Policy
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rule import Case
from fqa_build.types import Rejection, Sample

from .test_rules import run


def _read(text: str) -> list[tuple[str, str]]:
    return [(a.written, a.unit) for a in amounts(text)]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("a bill of £468, up £41", [("468", "money"), ("41", "money")]),
        ("£1.66m of a $2.85bn plan and $186 million", [("1.66", "money"), ("2.85", "money"), ("186", "money")]),
        ("paid 500 euros and 40 pence", [("500", "money"), ("40", "money")]),
        ("a jump of 33.7 m and one of 27.9m", [("33.7", "meter"), ("27.9", "meter")]),
        ("196 km at 37.7 km/h", [("196", "kilometer"), ("37.7", "kilometer / hour")]),
        ("412.6 million litres and 15,000 tonnes", [("412.6", "liter"), ("15,000", "metric_ton")]),
    ],
)
def test_amounts_and_their_units(text, read):
    assert _read(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "In 2023 the farm kept 54,380 head of cattle.",  # a year; "head" is no unit
        "They won 3 in a row and 4 at home.",  # words pint reads as units ("in": inches, "at": atmospheres)
        "It reached 31°C on 4 days.",  # a temperature (no factor keeps its zero), a time
        "The cost per 1,000 km and the fuel per 100 km.",  # a rate's base
        "It returned £6.17 for every £1 of budget.",  # money that is a ratio of money, and the rate's base
    ],
)
def test_numbers_that_are_no_amount(text):
    assert _read(text) == []


def test_pounds_are_money_beside_sterling_and_a_mass_elsewhere():
    assert _read("It cost £5 and 200 pounds more.") == [("5", "money"), ("200", "money")]
    assert _read("The calf weighed 200 pounds.") == [("200", "pound")]


def test_read_unit():
    assert read_unit("kilometres") == read_unit("km") == ("kilometer", (("[length]", 1),))
    assert read_unit("MWh") == ("megawatt_hour", (("[length]", 2), ("[mass]", 1), ("[time]", -2)))
    assert read_unit("cows") is None and read_unit("percent") is None and read_unit("in") is None


def _partners(text: str, part: str, question: str = "") -> list[str]:
    start = text.index(part)
    return [a.written for a in scale_partners(text, start, start + len(part), question)]


BILL = "The bill is £468, up £41 or 9.6%; metered homes pay £431 and others £534, with a £2.40 levy per bill."
TOUR = "Stage 3: 246 km at 43.0 km/h; stage 4: 196 km at 37.7 km/h, with 2,960 metres of climbing and 1.5 mm of rain."
MASS = "The 240 homes sent 243.3 t to landfill, 1,013.8 kg per home; 0.207 kg/kWh over 4,415 MWh is 914 t of CO2."


def test_money_moves_with_every_amount_of_money():
    assert _partners(BILL, "468") == ["41", "431", "534", "2.40"]


def test_a_distance_moves_with_every_length_and_the_speeds_of_it_not_with_a_time():
    # metres and millimetres are lengths too ("1,013.8 kg per home" moves with "243.3 t" the same way); the stage
    # times stay, so each speed moves with its distance
    assert _partners(TOUR, "196") == ["246", "43.0", "37.7", "2,960", "1.5"]
    assert _partners(TOUR, "37.7") == ["246", "43.0", "196", "2,960", "1.5"]
    assert _partners("It fell 4 h later and 6 days on.", "4") == []


def test_a_restatement_in_another_unit_moves_too():
    text = "The trail runs 6 miles (9.7 km) from the town, and 22 miles in all."
    assert _partners(text, "22") == ["6", "9.7"]


def test_a_mass_moves_with_every_mass_and_the_rates_of_mass():
    assert _partners(MASS, "243.3") == ["1,013.8", "0.207", "914"]  # the MWh stay


def test_an_exchange_rate_is_no_amount():
    assert _read("It cost $6.8m, £5.36m at $1.27 to the pound, against £11.6m of the £48.3m budget.") == [
        ("6.8", "money"),
        ("5.36", "money"),
        ("11.6", "money"),
        ("48.3", "money"),
    ]


def test_a_rate_by_the_hour_moves_with_its_unit():
    text = "The course of 58 nautical miles took 5 h 48 min at 10.0 knots; the 100.8 MW farm made 287,400 MWh."
    assert _partners(text, "58") == ["10.0"]
    assert _partners(text, "287,400") == ["100.8"]


def test_amounts_in_base_units():
    (first, second) = amounts("a climb of 677 m over 9.4 km")
    assert (first.value, first.tolerance, first.significant) == (677.0, 0.5, 3)
    assert (second.value, second.tolerance, second.significant) == (9400.0, 50.0, 2)
    (money,) = amounts("a grant of £1.66m")
    assert (money.value, money.tolerance) == (1660000.0, 5000.0)


def test_no_partner_where_the_question_writes_one():
    assert _partners(BILL, "468", "How much more than the £41 rise is the bill?") == []


@pytest.mark.parametrize(
    ("text", "part", "given"),
    [
        ("Season tickets brought £11.6m of the £48.3m passenger revenue. They made up 24% of it.", "24%", True),
        ("The foundations had a £38m budget and a £61m forecast, a 60.5% overrun.", "60.5%", True),
        ("The trust raised £6.84m, up £520,000, or 8.2%, on the year before.", "8.2%", True),
        ("The road climbs 677 m over 9.4 km, an average gradient of 7.2%.", "7.2%", True),
        ("Leakage fell from 11.2 m3 to 6.8 m3 a day, a 39.3% improvement.", "39.3%", True),  # a fall: of the larger
        ("Turnout was 64% and the hall seats 1,200 people at £15 a ticket.", "64%", False),
        ("Sales of £412m rose 3.1%, while costs were £218m and £96m.", "3.1%", False),
        ("The £38m budget and the £61m forecast differ by about 60%.", "60%", False),  # two digits: 60.5, not 60
        # a whole percentage three sentences after two amounts; of counts, in its sentence and the one before only
        (
            "Tickets brought £11.6m of £48.3m. Fares rose. Trains ran late. Season tickets were 24% of sales.",
            "24%",
            True,
        ),
        ("Of 5,920 visits, 846 were late. Fares rose. Trains ran well. Premium seats were 14% of sales.", "14%", False),
        ("Of 5,920 visits, 846 were late, 14% of the total.", "14%", True),
        ("Of 31 sites, 1 failed. The median intensity was 3.2% at the top dose.", "3.2%", False),  # no count under 3
    ],
)
def test_a_percentage_two_amounts_give(text, part, given):
    start = text.index(part)
    assert percent_of_amounts(text, start, start + len(part)) is given


def test_exact_factors_keep_the_written_decimals():
    halves, whole = Fraction(3, 2), Fraction(2)
    assert exact_factor(["468", "9.60"], [halves, whole]) == (halves, whole)
    assert exact_factor(["468", "41"], [halves, whole]) == (whole,)
    assert scaled("9.60", halves, False) == "14.40"
    assert scaled("534", whole, False) == "1068"
    assert scaled("534", whole, True) == "1,068"
    assert scaled("1,358", whole, False) == "2,716"
    assert scaled("6,000", halves, False) == "9,000"
    assert scaled("5,000", whole, False) == "10,000"
    assert scaled("8,000", whole, False) == "16,000"
    assert scaled("8000", Fraction(5, 4), False) == "10,000"  # five digits are grouped
    assert scaled("512.9", whole, False) == "1,025.8"  # and four before a decimal point
    assert groups_thousands("a total of 1,358 km") and not groups_thousands("in 2,5 or 1358")


def test_the_fallback_factor_is_whole():
    with pytest.raises(ValueError, match="whole"):
        ScaledAmounts(fallback=1.5)
    with pytest.raises(ValueError, match="positive and not 1"):
        ScaledAmounts(factors=(1.0,))


def test_a_policy_file_writes_the_factors_as_a_list():
    policy = POLICIES["context_v15"]
    data = json.loads(json.dumps(policy.to_dict()))  # as a policy file or the build manifest holds it
    (entry,) = [c for c in data["components"] if c["name"] == "scaled_amounts"]
    assert entry["parameters"] == {"factors": [1.25, 1.5, 0.75], "fallback": 2.0}
    assert Policy.from_dict(data, "the file") == policy
    entry["parameters"]["fallback"] = 1.5
    with pytest.raises(ValueError, match=r"the file: component 9 \(scaled_amounts\): scaled_amounts: the fallback"):
        Policy.from_dict(data, "the file")


def _outcomes(case: Case) -> tuple[Sample | Rejection, Sample | Rejection]:
    return tuple(run(case, POLICIES[name]) for name in ("context_v14", "context_v15"))


def test_a_bill_its_rise_and_its_weighted_parts_move_together():
    case = Case(
        "What is the average household bill for 2024-25?",
        "The average household bill for 2024-25 is £468, an increase of £41, or 9.6%, on 2023-24. Metered customers, "
        "who make up 64% of households, pay an average of £431, while unmetered households pay £534.",
        ("£468",),
        (("£468", "MONEY"), ("£41", "MONEY"), ("9.6%", "PERCENT"), ("64%", "PERCENT"), ("£431", "MONEY"),
         ("£534", "MONEY")),
    )  # fmt: skip
    v14, v15 = _outcomes(case)
    assert isinstance(v14, Rejection) and v14.rule == "value_not_in_arithmetic"
    assert isinstance(v15, Sample)
    assert v15.context == (
        "The average household bill for 2024-25 is £936, an increase of £82, or 9.6%, on 2023-24. Metered customers, "
        "who make up 64% of households, pay an average of £862, while unmetered households pay £1068."
    )  # 82 / (936 - 82) is 9.6%; 64% of 862 and 36% of 1068 average 936, as 431 and 534 averaged 468
    assert v15.answers == {"text": ["£936"], "answer_start": [42]}


def test_a_stage_distance_moves_with_the_speeds_over_the_same_times():
    case = Case(
        "How long was stage 4?",
        "Stage results (stage | distance | time | average speed): 3 | 246 km | 5:43:15 | 43.0 km/h; 4 | 196 km | "
        "5:11:56 | 37.7 km/h.",
        ("196 km",),
        (("246 km", "QUANTITY"), ("196 km", "QUANTITY"), ("43.0 km/h", "QUANTITY"), ("37.7 km/h", "QUANTITY")),
    )
    v14, v15 = _outcomes(case)
    assert isinstance(v14, Sample) and "125 km | 5:11:56 | 37.7 km/h" in v14.context  # 125 km in 5:12 is no 37.7 km/h
    assert isinstance(v15, Sample)
    assert v15.context == (
        "Stage results (stage | distance | time | average speed): 3 | 492 km | 5:43:15 | 86.0 km/h; 4 | 392 km | "
        "5:11:56 | 75.4 km/h."
    )
    assert v15.answers == {"text": ["392 km"], "answer_start": [95]}


def test_a_lone_amount_is_made_as_before():
    case = Case(
        "How much is the average household bill?",
        "The average household bill for the year is £468, the water company said in its report.",
        ("£468",),
        (("£468", "MONEY"),),
    )
    v14, v15 = _outcomes(case)
    assert isinstance(v15, Sample) and v15.context == v14.context


def test_a_question_that_states_another_amount_keeps_the_old_rules():
    case = Case(
        "How much more than the £41 rise is the average bill?",
        "The average household bill is £468, an increase of £41 on last year.",
        ("£468",),
        (("£468", "MONEY"), ("£41", "MONEY")),
    )
    v14, v15 = _outcomes(case)
    assert isinstance(v15, Rejection) and v15.rule == v14.rule == "value_not_in_arithmetic"


def test_a_count_of_the_same_digits_stays_and_is_caught_as_a_restatement():
    case = Case(
        "How much did the scheme cost a home?",
        "The scheme cost £468 a year per home and reached 468 households in its first winter, at a total of £219,024.",
        ("£468",),
        (("£468", "MONEY"), ("468", "CARDINAL"), ("£219,024", "MONEY")),
    )
    v14, v15 = _outcomes(case)
    assert isinstance(v14, Rejection) and v14.rule == "share_agrees_with_its_numbers"
    assert isinstance(v15, Rejection) and v15.rule == "value_not_restated"


def test_a_quantity_moves_its_money_but_not_the_price_per_its_unit():
    text = "Sales were 46,900 t at $8,950 per tonne, worth $419.8m; fuel cost £880/t and staff £2.40m."
    assert _partners(text, "46,900") == ["419.8", "2.40"]  # the prices per tonne stay
    assert _partners(text, "419.8") == ["8,950", "880", "2.40"]  # money moves without the tonnes


def test_a_tonnage_its_revenue_and_the_price_that_ties_them():
    case = Case(
        "How much copper did the mine sell?",
        "The Harrow Hill mine sold 46,900 t of copper in the year at an average of $8,950 per tonne, for revenue of "
        "$419.8m.",
        ("46,900 t",),
        (("46,900 t", "QUANTITY"), ("$8,950", "MONEY"), ("$419.8m", "MONEY")),
    )
    v14, v15 = _outcomes(case)
    assert isinstance(v15, Sample)
    assert v15.context == (
        "The Harrow Hill mine sold 70,350 t of copper in the year at an average of $8,950 per tonne, for revenue of "
        "$629.7m."
    )  # 70,350 t at $8,950 is $629.6m: the revenue was rounded before it was scaled, and is scaled as written
    assert v15.answers == {"text": ["70,350 t"], "answer_start": [26]}
    assert not isinstance(v14, Sample) or "$419.8m" in v14.context


@pytest.mark.parametrize(
    ("text", "part", "given"),
    [
        ("Of the 12 joints tested, 4 failed, a failure rate of 33.3%.", "33.3%", True),
        ("The trust met 60 of the 84 checks (71.4%) in 2023.", "71.4%", True),
        ("Of the 12 joints tested, 4 failed, about 33% of them.", "33%", False),  # whole, small counts: chance
        ("In 2021 and 2024 the plant ran 3 lines at 87.5% load.", "87.5%", False),  # years are no counts
    ],
)
def test_a_percentage_of_two_counts(text, part, given):
    start = text.index(part)
    assert percent_of_amounts(text, start, start + len(part)) is given


def test_a_restatement_of_a_number_in_words_stays_with_it():
    text = "A two-mile (3 km) trail and five miles (8 km) of paths join the 22 miles (35 km) of the whole route."
    assert _partners(text, "22") == ["35"]


def test_short_words_pint_reads_as_units_are_none():
    # "am" and "pm" are attometres and picometres to pint, "th" a thou, "c" the speed of light, "1st" a stone
    assert [read_unit(w) for w in ("am", "pm", "th", "c", "st", "nm", "k")] == [None] * 7
    assert _read("Open 6am to 10pm; the 1st and 2nd stages of 12 km; 3 c later.") == [("12", "kilometer")]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("The canal starts at 0 m and climbs 12 km.", [("12", "kilometer")]),  # nothing moves a zero
        ("It carried 12 500 t of grain.", []),  # thousands grouped with a space: not read
        ("It started at 3 p.m. and cost £20.", [("20", "money")]),  # a time, not pence
        ("The 10-km loop has a 6.0 km climb.", [("10", "kilometer"), ("6.0", "kilometer")]),
        ("Walks of 10 to 12 km and 9-10 km.", [("10", "kilometer"), ("12", "kilometer"), ("9", "kilometer"),
                                               ("10", "kilometer")]),
        ("He scored 25 pts in 2 hr.", []),  # points, hours
    ],
)  # fmt: skip
def test_amounts_of_odd_shapes(text, read):
    assert _read(text) == read


def test_the_same_figure_twice_is_no_share_and_a_whole_percentage_needs_three_digits():
    text = "The east tank holds £5m and the west tank £5m; half the budget, 50%, went on pumps."
    assert percent_of_amounts(text, text.index("50%"), text.index("50%") + 3) is False
    text = "A £38m budget and a £61m forecast: a 62% overrun on paper."
    assert percent_of_amounts(text, text.index("62%"), text.index("62%") + 3) is False


def test_the_question_writes_a_partner_with_or_without_its_separator():
    assert _partners("It ran 1,358 km and 42 km more.", "42", "How much past the 1358 km?") == []


def test_modest_factors_are_read_as_written():
    # 1.2 as a float is no 6/5; read from its text it is, and exact for 10 and 300
    assert exact_factor(["10", "300"], [Fraction("1.2"), Fraction("1.5")]) == (Fraction(6, 5), Fraction(3, 2))


def test_a_scale_written_onto_the_digits_is_rewritten_with_them():
    case = Case(
        "How much did the grant fund?",
        "The new £3.6m ring was funded 40% by a grant of £1.44 million and the rest by the market's £2.16m.",
        ("£1.44 million",),
        (("£3.6m", "MONEY"), ("40%", "PERCENT"), ("£1.44 million", "MONEY"), ("£2.16m", "MONEY")),
    )
    sample = run(case, POLICIES["context_v15"])
    assert isinstance(sample, Sample)
    assert sample.context == (
        "The new £5.4m ring was funded 40% by a grant of £2.16 million and the rest by the market's £3.24m."
    )  # x 1.5: 40% of 5.4 is 2.16, and 2.16 + 3.24 is 5.4
    # each rewritten span is a whole word: "5.4m", not "5.4" glued to the "m" after it
    assert [sample.context[s["start"] : s["end"]] for s in sample.replaced_spans] == ["5.4m", "£2.16 million", "3.24m"]


def test_a_number_in_words_restated_is_one_of_its_own_dimension():
    # "the previous five years (19,018 km2": years are no area, so 19,018 km2 moves with the other areas, and its
    # restatement in square miles with it
    text = (
        "Clearing was 22,392 km2 (8,646 sq mi) a year, 18% more than in the previous five years (19,018 km2 or 7,343 "
        "sq mi)."
    )
    assert _partners(text, "8,646") == ["22,392", "19,018", "7,343"]


def test_prices_in_a_small_unit_stay_with_the_price_per_its_quantity():
    text = (
        "It took in 1.38 billion kg of milk, paying 44.5 cents per kg, 1.0 cent lower than in February. Revenue was "
        "€1.04 billion; it paid 48.3 cents in 2023."
    )
    assert _partners(text, "1.38") == ["1.04"]


def test_a_units_definition_stays():
    text = (
        "Carcasses averaged 262 kg, 906,500 tonnes in all; steers made R$ 232 per arroba of 15 kg (one bushel equals "
        "27.2 kg)."
    )
    # the kilograms of an arroba and of a bushel stay; the passage's money (a price per an arroba, no unit pint
    # knows) moves with its quantity
    assert _partners(text, "262") == ["906,500", "232"]


def test_review_cases_of_what_moves_with_a_scaled_amount():
    # money in words restated in brackets stays with its words; a price per share is no unit's definition; money
    # "for each pound donated", far from it across a comma and scaled, is no ratio
    assert _partners("It cost five pounds ($6.50) then £8 ($10.40).", "8") == ["10.40"]
    assert _partners(
        "Profit rose to £120 million, giving earnings per share of 45p and a dividend of £30 million.", "120"
    ) == [
        "45",
        "30",
    ]
    text = "For each pound donated to the charity, most goes on grants, which totalled £3.2 million, and £0.4 million."
    assert _partners(text, "0.4") == ["3.2"]


def test_a_range_of_money_written_with_its_currency_once_moves_whole():
    text = "Capital expenditure: US$2.4-2.6 billion, of which sustaining US$1.1 billion; cost US$1.75-1.95 per pound."
    assert [(a.written, a.value) for a in amounts(text)][:2] == [("2.4", 2.4e9), ("2.6", 2.6e9)]
    assert _partners(text, "1.1") == ["2.4", "2.6", "1.75", "1.95"]
