"""The arithmetic a passage states (issue 37, the `stated_arithmetic` component of context_v16; the reader is
fqa_build/facts/arithmetic.py): the figures read, the relations that count and those that do not, what a rewrite
breaks, and the factor scaled amounts take to keep it. Passages written for these tests."""

from __future__ import annotations

from fractions import Fraction

from fqa_build.facts.arithmetic import Relation, broken, broken_by, figures, holds, relations
from fqa_build.facts.scaling import rounds_closely, scaled
from fqa_build.reasons import Reason
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rule import Case
from fqa_build.types import Rejection, Sample

from .test_rules import run


def _read(text: str) -> list[tuple]:
    name = {("count",): "count", ("percent",): "percent"}
    return [
        (f.written, f.value, f.tolerance, name.get(f.dimension) or f.dimension[0][0], f.hedged) for f in figures(text)
    ]


def _relations(text: str) -> list[tuple]:
    found = figures(text)
    return [(r.kind, *(found[i].written for i in r.figures)) for r in relations(text)]


def test_figures_are_amounts_counts_and_percentages_with_their_rounding():
    text = (
        "On 26 May 2023 the 5,390 entrants paid £9,250 each, £49.9m in all; 14.3 t a trip, about 210 tonnes in "
        "1998, and 17.1% more."
    )
    assert _read(text) == [
        ("5,390", 5390.0, 0.0, "count", False),  # a whole number is exact; "26 May" is a day, 2023 and 1998 years
        ("9,250", 9250.0, 0.0, "money", False),
        ("49.9", 49_900_000.0, 50_000.0, "money", False),  # a scale word: rounded to its last digit
        ("14.3", 14_300.0, 50.0, "[mass]", False),  # in pint's base units (kg)
        ("210", 210_000.0, 0.0, "[mass]", True),
        ("17.1", 17.1, 0.05, "percent", False),
    ]


def test_a_whole_percentage_stands_for_its_rounding():
    assert _read("a share of 24%") == [("24", 24.0, 0.5, "percent", False)]


def test_the_relations_a_passage_states():
    text = (
        "The 5,390 entrants paid £9,250 each, £49.9m in all. 2,184 movements carried 31,150 tonnes, an average "
        "of 14.3 tonnes. Of 1,257 members, 634 voted, a turnout of 50.4%. Staff fell from 412 to 388, down 5.8%; "
        "visits rose from 1,250 to 1,490, up 19.2%. The 230 staff and 145 volunteers made a team of 375."
    )
    assert _relations(text) == [
        ("product", "5,390", "9,250", "49.9"),
        ("product", "2,184", "14.3", "31,150"),
        ("sum", "230", "145", "375"),
        ("share", "634", "1,257", "50.4"),
        ("fall", "388", "412", "5.8"),
        ("rise", "1,490", "1,250", "19.2"),
    ]


def test_loose_small_or_unmatched_figures_state_no_relation():
    # small whole numbers add and multiply by chance
    assert _relations("2 vans, 3 crews and 6 shifts; 4 and 5 make 9") == []
    # a whole percentage is half a point either side: 0.74 of 1.93 is 38% by chance as often as not
    assert _relations("£0.74m of the £1.93m, or 38%") == []
    # a part no larger than the rounding of the total: £5.4m and £3,000 "make" £5.4m
    assert _relations("Income was £5.4m, the shop made £3,000, and the total was £5.4m.") == []
    # money and distances do not add up, whatever their numbers
    assert _relations("£120, 80 km and 200 visits") == []
    assert _relations("120 staff, 80 volunteers and 200 people") == [("sum", "120", "80", "200")]
    # a result written more loosely than 1.2%: 1,041 x 5,150 is £5.36m, "£5m" is 4.5 to 5.5 (where "£5.4m", 0.9%
    # either side, counts, and so does the chance it meets some product of two others)
    assert _relations("a cost of £1,041 an incident over 5,150 shifts, and £5m") == []
    assert _relations("a cost of £1,041 an incident over 5,150 shifts, and £5.4m") == [
        ("product", "1,041", "5,150", "5.4")
    ]


def test_a_relation_holds_to_the_written_digits_and_a_hedged_figure_within_one_percent():
    found = figures("2,184 movements carried 62,300 tonnes, an average of 28.6 tonnes")
    average = Relation("product", 0, 2, 1)
    assert not holds(average, found)  # 2,184 x 28.55 is 62,353: no 28.6 gives 62,300
    found = figures("2,184 movements carried 62,300 tonnes, an average of about 28.6 tonnes")
    assert holds(average, found) and not holds(average, found, slack=False)


def test_a_rewrite_breaks_what_it_moves_out_of_step():
    old = "The 5,390 entrants paid £9,250 each, £49.9m in all."
    doubled = "The 5,390 entrants paid £18,500 each, £99.8m in all."
    rounded = "The 5,390 entrants paid £6,938 each, £37.4m in all."
    assert broken(old, doubled) == (Relation("product", 0, 1, 2),)  # 5,390 x £18,500 is £99.7m
    assert broken(old, rounded) == ()  # 5,390 x £6,938 is £37.40m
    assert broken(old, "The 5,390 entrants paid £9,250 each, all told.") == (Relation("product", 0, 1, 2),)
    assert broken("The 5,390 entrants paid £9,250 each, £49.9m in all.", old) == ()  # nothing moved


def test_broken_by_reads_the_moved_values_of_figures_in_place():
    text = "The 5,390 entrants paid £9,250 each, £49.9m in all."
    at = {f.written: f.start for f in figures(text)}
    assert broken_by(text, {at["9,250"]: "18,500", at["49.9"]: "99.8"}) == (Relation("product", 0, 1, 2),)
    assert broken_by(text, {at["9,250"]: "6,938", at["49.9"]: "37.4"}) == ()
    # a price per tonne moves in its own unit: $675 a tonne of 48 tonnes is $32,400
    priced = "48 tonnes of feed at £900 per tonne, £43,200 in all"
    at = {f.written: f.start for f in figures(priced)}
    assert broken_by(priced, {at["900"]: "675", at["43,200"]: "32,400"}) == ()
    assert broken_by(priced, {at["900"]: "675"}) == (Relation("product", 0, 1, 2),)
    assert broken_by(text, {}) == ()


def test_a_number_scaled_and_rounded_to_its_last_digit():
    assert scaled("9,250", Fraction(3, 4), True, rounded=True) == "6,938"  # 6,937.5, half up
    assert scaled("49.9", Fraction(3, 4), False, rounded=True) == "37.4"
    assert scaled("41", Fraction(3, 2), False, rounded=True) == "62"
    assert rounds_closely(["9,250", "49.9"], Fraction(3, 4))  # 6,937.5 and 37.425: 0.01% and 0.07% off
    assert not rounds_closely(["9,250", "41"], Fraction(3, 4))  # 30.75 written 31 is 0.8% off
    assert not rounds_closely(["9,250", "1"], Fraction(1, 4))  # 0.25 rounds to nothing


def _outcomes(case: Case) -> tuple[Sample | Rejection, Sample | Rejection]:
    return tuple(run(case, POLICIES[name]) for name in ("context_v15", "context_v16"))


def test_doubling_past_a_rounded_total_takes_a_factor_that_keeps_it():
    case = Case(
        "What fee did each entrant pay?",
        "The county's 5,390 entrants each paid a fee of £9,250, a total of £49.9m.",
        ("£9,250",),
        (("£9,250", "MONEY"), ("£49.9m", "MONEY")),
    )
    v15, v16 = _outcomes(case)
    # no modest factor keeps 9,250's and 49.9's digits exact, so context_v15 doubled them: 5,390 x £18,500 is £99.7m
    assert isinstance(v15, Sample)
    assert v15.context == "The county's 5,390 entrants each paid a fee of £18,500, a total of £99.8m."
    assert isinstance(v16, Sample)
    assert v16.context == "The county's 5,390 entrants each paid a fee of £6,938, a total of £37.4m."
    assert v16.answers == {"text": ["£6,938"], "answer_start": [47]}


def test_a_stated_average_keeps_its_digits_when_its_amounts_move_by_three_quarters():
    case = Case(
        "How much freight did the port handle?",
        "The port handled 31,150 tonnes of freight in 2,184 movements, an average load of 14.3 tonnes.",
        ("31,150 tonnes",),
        (("31,150 tonnes", "QUANTITY"), ("14.3 tonnes", "QUANTITY")),
    )
    v15, v16 = _outcomes(case)
    assert isinstance(v15, Sample) and "62,300 tonnes" in v15.context and "28.6 tonnes" in v15.context
    assert isinstance(v16, Sample)
    assert v16.context == (
        "The port handled 23,363 tonnes of freight in 2,184 movements, an average load of 10.7 tonnes."
    )  # 23,363 / 2,184 is 10.70


def test_a_relation_no_factor_keeps_drops_the_row():
    case = Case(
        "On how many acres were seedlings planted?",
        "Landowners planted 31.6 million seedlings on 71,800 acres in 2023, an average of about 440 trees per acre.",
        ("71,800 acres",),
        (("31.6 million", "CARDINAL"), ("71,800 acres", "QUANTITY"), ("about 440", "CARDINAL")),
    )
    v15, v16 = _outcomes(case)
    # no other area to move with it: a made area, and 440 trees an acre no longer make the 31.6 million
    assert isinstance(v15, Sample) and "31.6 million seedlings on 71,800 acres" not in v15.context
    assert isinstance(v16, Rejection) and v16.reason is Reason.STATED_ARITHMETIC_BROKEN


def test_a_distance_moves_the_money_and_its_price_per_area_together():
    case = Case(
        "How far did the library vans travel during the year?",
        "The two library vans covered 18,900 km during the year. The new branch has a floor area of 1,850 square "
        "metres and cost £4.6m to build, or £2,486 per square metre.",
        ("18,900 km",),
        (("18,900 km", "QUANTITY"), ("1,850 square metres", "QUANTITY"), ("£4.6m", "MONEY"), ("£2,486", "MONEY")),
    )
    v15, v16 = _outcomes(case)
    # a quantity moves the passage's money but the prices per its own unit; a price per square metre is no price per
    # kilometre, so it moves with the cost it gives: 1,850 x £3,729 is £6.9m
    assert isinstance(v15, Sample) and isinstance(v16, Sample) and v16.context == v15.context
    assert "£6.9m to build, or £3,729 per square metre" in v16.context


def test_a_made_count_that_breaks_a_stated_sum_is_dropped():
    case = Case(
        "How many volunteers joined the team?",
        "The festival's 230 staff and 145 volunteers made a team of 375.",
        ("145",),
        (("230", "CARDINAL"), ("145", "CARDINAL"), ("375", "CARDINAL")),
    )
    v16 = run(case, POLICIES["context_v16"])
    assert isinstance(v16, Rejection)


def test_figures_that_agree_as_written_state_a_relation_however_loosely_an_operand_is_rounded():
    # 24 x 3.55 to 24 x 3.65 is 85.2 to 87.6 m2, wider than 1.2% of 86.4, but 24 x 3.6 is 86.4 to its last digit
    assert _relations("a plot 24 m by 3.6 m, 86.4 m² in all") == [("product", "24", "3.6", "86.4")]
    assert _relations("a plot 24 m by 3.6 m, 86.9 m² in all") == []


def test_a_price_per_unit_in_pence_a_count_per_area_and_a_rate_multiply_as_their_units_do():
    assert _relations("Lambs averaged 20.4 kg at 712p/kg, or £145.25 a head.") == [("product", "20.4", "712", "145.25")]
    assert _relations("48 tonnes at $8,950 per tonne, $429,600 in all") == [("product", "48", "8,950", "429,600")]
    assert _relations("31.6 million seedlings on 71,800 acres, about 440 trees per acre") == [
        ("product", "71,800", "440", "31.6 million")
    ]
    assert _relations("612 GL went on 74,500 ha, an average of about 8.2 ML/ha.") == [
        ("product", "74,500", "8.2", "612")
    ]


def test_what_figures_are_rounded_to_is_no_amount():
    found = figures("values rounded to the nearest £50, from £1,200 to £3,450")
    assert [f.written for f in found] == ["1,200", "3,450"]


def test_a_stretch_of_time_is_one_figure_and_a_speed_is_a_distance_over_it():
    text = (
        "The tour covered 742.6 km; his overall time of 18h 02m 37s was an average of 41.2 km/h. In the 100 m he "
        "ran 10.08 seconds, 9.92 m/s."
    )
    assert _read(text) == [
        ("742.6", 742_600.0, 50.0, "[length]", False),
        ("18h 02m 37s", 64_957.0, 0.5, "[time]", False),  # "02m" is minutes here, not metres
        ("41.2", 11.444444444444446, 0.01388888888888889, "[length]", False),  # in metres per second
        ("100", 100.0, 0.0, "[length]", False),
        ("10.08 seconds", 10.08, 0.005, "[time]", False),
        ("9.92", 9.92, 0.005, "[length]", False),  # metres per second
    ]
    assert _relations(text) == [
        ("product", "18h 02m 37s", "41.2", "742.6"),
        ("product", "10.08 seconds", "9.92", "100"),
    ]


def test_a_change_written_with_its_sign_is_of_the_unit_of_what_it_changes():
    table = "Activity | 2023 | 2021 | Change ; Running | 14.2% | 15.0% | -0.8 ; Swimming | 9.8% | 8.4% | +1.4"
    assert _relations(table) == [("sum", "14.2", "0.8", "15.0"), ("sum", "8.4", "1.4", "9.8")]
    # unsigned, percentages add up by chance as often as not
    assert _relations("shares of 3.1%, 3.2% and 6.4%") == []
    old = "Swimming | 9.8% | 8.4% | +1.4"
    assert broken(old, "Swimming | 9.6% | 8.4% | +1.4") == (Relation("sum", 1, 2, 0),)


def test_a_restatement_in_brackets_restates_its_figure_in_words_or_digits():
    text = "the Gold Cup over two miles (about 3,219 metres); a marathon of 42.195 km (26.2 miles)"
    assert _relations(text) == [("restates", "two", "two", "3,219"), ("restates", "42.195", "42.195", "26.2")]
    assert broken(text, text.replace("3,219", "6,438")) == (Relation("restates", 0, 0, 1),)
    assert _relations("a walk of 5 km (4 miles)") == []  # 4 miles is 6.4 km: no restatement


def test_a_relation_a_reader_finds_exact_stays_exact():
    old = "Total income: £58.4m\nTotal expenditure: £57.9m\nIn-year surplus: £0.5m\n"
    assert _relations(old) == [("sum", "57.9", "0.5", "58.4")]
    # each figure within its rounding (86.85 + 0.75 = 87.6), but 87.6 less 86.9 is 0.7, not the 0.8 written
    assert broken(old, old.replace("58.4", "87.6").replace("57.9", "86.9").replace("0.5", "0.8")) == (
        Relation("sum", 1, 2, 0),
    )
    assert broken(old, old.replace("58.4", "116.8").replace("57.9", "115.8").replace("0.5", "1.0")) == ()


def test_rupees_in_crore_and_lakh_a_capital_m_and_money_per_money_are_read():
    assert _relations("₹18.9 crore to 4,200 students, an average award of ₹45,000") == [
        ("product", "4,200", "45,000", "18.9")
    ]
    text = "a levy of $15.42 per $1,000 of taxable valuation on a base of about $3.64 billion raised $56.1M"
    assert _read(text) == [
        ("15.42", 0.01542, 0.000005, "count", False),
        ("3.64", 3_640_000_000.0, 5_000_000.0, "money", True),
        ("56.1", 56_100_000.0, 50_000.0, "money", False),
    ]
    assert _relations(text) == [("product", "15.42", "3.64", "56.1")]
    # $15.24 on "about" $3.64 billion is $55.5M: more than 1% off the $56.1M it raised
    assert broken(text, text.replace("15.42", "15.24")) == (Relation("product", 0, 1, 2),)


def test_a_restatement_in_another_unit_is_converted_from_what_it_restates():
    case = Case(
        "How long will the trail system be?",
        "When complete, the Lewis S. Eaton trail system will cover 22 miles (35 km) between Highway 99 and Friant "
        "Dam, and a 5 mile spur.",
        ("22 miles",),
        (("22 miles", "QUANTITY"), ("35 km", "QUANTITY"), ("5 mile", "QUANTITY")),
    )
    v15, v16 = _outcomes(case)
    # 44 miles is 70.8 km: context_v15 doubled the 35 km to 70, context_v16 converts it
    assert isinstance(v15, Sample) and "44 miles (70 km)" in v15.context
    assert isinstance(v16, Sample)
    assert v16.context == (
        "When complete, the Lewis S. Eaton trail system will cover 44 miles (71 km) between Highway 99 and Friant "
        "Dam, and a 10 mile spur."
    )


def test_a_length_in_feet_and_inches_is_one_figure_a_restatement_keeps():
    text = "Lines use the 1,435 mm (4 ft 8 1⁄2 in) standard gauge. Tesla was 6 feet 2 inches (1.88 m) tall."
    assert [(f.written, round(f.value, 4)) for f in figures(text)] == [
        ("1,435", 1.435),
        ("4 ft 8 1⁄2 in", 1.4351),
        ("6 feet 2 inches", 1.8796),
        ("1.88", 1.88),
    ]
    assert _relations(text) == [
        ("restates", "1,435", "1,435", "4 ft 8 1⁄2 in"),
        ("restates", "6 feet 2 inches", "6 feet 2 inches", "1.88"),
    ]
    # doubled, 2,870 mm is no 4 ft 8 1/2 in (nor 9 ft 8 1/2 in)
    assert broken(text, text.replace("1,435", "2,870")) == (Relation("restates", 0, 0, 1),)
