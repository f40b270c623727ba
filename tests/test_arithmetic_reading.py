"""What the arithmetic reader reads since context_v17 (issue 37; fqa_build/facts/figures.py, arithmetic.py, ties.py,
tables.py, `Reading`): a table's cells in the units of their column's header, by their row and column, and its total
row; the mean of two figures a sentence names as an average; money in a currency written with letters; a percentage
the written figures give to its last digit; an average, a share or a total a reader works out kept so, and an average
worked out again when its total moves. Each is off in `READ_BY_V16`, as context_v16 read. Since context_v18: a
quantity or a price per a unit written out or named in its label, a product of three figures, a share written with its
count, a list's items in its head's unit, a figure per a day, week or month a year's total gives (off in
`READ_BY_V17`). Passages written for these tests."""

from __future__ import annotations

from dataclasses import fields

from fqa_build.facts.arithmetic import (
    READ_BY_V16,
    READ_BY_V17,
    Reading,
    Relation,
    Tie,
    broken,
    column_totals,
    figures,
    relations,
    wholes,
)
from fqa_build.facts.dimensions import amounts
from fqa_build.facts.partners import scale_partners
from fqa_build.facts.quantities import same_quantity_spans
from fqa_build.facts.tables import cell_at, tables
from fqa_build.facts.ties import grown_share_ties, period_ties, product_ties, sum_ties
from fqa_build.reasons import Reason
from fqa_build.swap.components import StatedArithmetic
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rule import Case
from fqa_build.types import Rejection, Sample

from .test_rules import run


def _read(text: str, reading: Reading = Reading()) -> list[tuple]:  # noqa: B008
    name = {("count",): "count", ("percent",): "percent"}
    return [
        (f.written, f.value, f.tolerance, name.get(f.dimension) or f.dimension[0][0]) for f in figures(text, reading)
    ]


def _partners(text: str, part: str) -> list[str]:
    start = text.index(part)
    return [a.written for a in scale_partners(text, start, start + len(part))]


def _relations(text: str, reading: Reading = Reading()) -> list[tuple]:  # noqa: B008
    found = figures(text, reading)
    return [(r.kind, *(found[i].written for i in r.figures)) for r in relations(text, reading)]


TABLE = (
    "Dispensing by group, 2023: Group | Items (millions) | Ingredient cost (€ millions) | Cost per item ; "
    "Cardiac | 5.4 | 162.0 | €30.00 ; Respiratory | 1.5 | 120.0 | €80.00. Figures exclude hospital schemes."
)


def test_a_table_cell_takes_the_unit_its_column_header_states():
    assert _read(TABLE) == [
        ("5.4", 5_400_000.0, 50_000.0, "count"),
        ("162.0", 162_000_000.0, 50_000.0, "money"),
        ("30.00", 30.0, 0.005, "money"),
        ("1.5", 1_500_000.0, 50_000.0, "count"),
        ("120.0", 120_000_000.0, 50_000.0, "money"),
        ("80.00", 80.0, 0.005, "money"),
    ]
    # each row's cost is its items at its cost per item
    assert _relations(TABLE) == [("product", "5.4", "30.00", "162.0"), ("product", "1.5", "80.00", "120.0")]
    assert _relations(TABLE, READ_BY_V16) == []  # the bare 120.0 was a count, and a count times money no count
    # a cost per item moved alone breaks its row; under context_v16 nothing was read there to break
    assert broken(TABLE, TABLE.replace("€80.00", "€120.00")) == (Relation("product", 3, 5, 4),)
    assert broken(TABLE, TABLE.replace("€80.00", "€120.00"), READ_BY_V16) == ()


def test_header_units_percent_lengths_and_thousands():
    text = (
        "Route | Length (km) | On time (%) | Fares (£'000) ; Northline | 42.5 | 91.2 | 1,250 ; Coast | 18 | 88.0 | 640"
    )
    assert _read(text) == [
        ("42.5", 42_500.0, 50.0, "[length]"),
        ("91.2", 91.2, 0.05, "percent"),
        ("1,250", 1_250_000.0, 0.0, "money"),
        ("18", 18_000.0, 0.0, "[length]"),
        ("88.0", 88.0, 0.05, "percent"),
        ("640", 640_000.0, 0.0, "money"),
    ]


def test_a_header_of_no_unit_or_a_row_of_other_width_gives_none():
    # "(n=3,468)" is a group's size, no unit; the second row has a cell more than its header
    text = "Outcome | Vaccine (n=3,468) | Placebo (n=1,734) ; Illness | 52 | 61 ; Severe | 12 | 27 | 5"
    assert [(w, v, d) for w, v, _, d in _read(text)] == [
        ("3,468", 3468.0, "count"),
        ("1,734", 1734.0, "count"),
        ("52", 52.0, "count"),
        ("61", 61.0, "count"),
        ("12", 12.0, "count"),
        ("27", 27.0, "count"),
        ("5", 5.0, "count"),
    ]


def test_the_mean_of_two_figures_a_sentence_names_as_an_average():
    text = (
        "Measured as the average of the Reform side's 9.3-point rise and the Union side's 12.1-point fall, the "
        "swing was 10.7 percentage points. Turnout was 61.2%, against 58.4% and 64.0% in the two wards."
    )
    # 61.2 is the mean of 58.4 and 64.0 too, but its sentence names no average: a mean of two percentages meets a
    # third by chance too often to count without one
    assert _relations(text) == [("mean", "9.3", "12.1", "10.7")]
    assert _relations(text, READ_BY_V16) == []
    assert broken(text, text.replace("10.7", "11.4")) == (Relation("mean", 0, 1, 2),)


def test_money_in_a_currency_written_with_letters():
    text = (
        "Contributions were R4.56 billion, an average of R2,083 per beneficiary a month. Claims were R4.10 billion, "
        "a claims ratio of 89.9%. Shares rose from KSh 1,250 to KSh 1,400, or 12.0%."
    )
    assert _read(text) == [
        ("4.56", 4_560_000_000.0, 5_000_000.0, "money"),
        ("2,083", 2083.0, 0.5, "money"),  # an average: it rounds to the rand
        ("4.10", 4_100_000_000.0, 5_000_000.0, "money"),
        ("89.9", 89.9, 0.05, "percent"),
        ("1,250", 1250.0, 0.0, "money"),
        ("1,400", 1400.0, 0.0, "money"),
        ("12.0", 12.0, 0.05, "percent"),
    ]
    # 4.10 of 4.56 is 89.91%: a window of 89.70 to 90.12 as the figures round, but 89.9 to its last digit as written
    assert _relations(text) == [("share", "4.10", "4.56", "89.9"), ("rise", "1,400", "1,250", "12.0")]


def test_labels_before_numbers_are_no_currency():
    # quarters, aircraft, gases, codes before bare numbers or percentages: no money, however often they come
    text = "£2.1m in Q1, £2.3m in Q2 and £4.4m in Q3; the A380 and A350; CO2 fell; GDP rose 2.5%; US 1,250 troops"
    assert [(w, d) for w, _, _, d in _read(text)] == [
        ("2.1", "money"), ("2.3", "money"), ("4.4", "money"), ("2.5", "percent"), ("1,250", "count"),
    ]  # fmt: skip
    assert _relations(text) == [("sum", "2.1", "2.3", "4.4")]


def test_letters_before_one_number_or_a_bare_number_are_no_currency():
    # a road and a paper size are written once each; "In 2,400" and "No 12" are words before numbers
    assert _read("The M25 and the A4 route carried R2 of the 40 buses. In 2,400 cases") == [
        ("40", 40.0, 0.0, "count"),
        ("2,400", 2400.0, 0.0, "count"),
    ]


def test_a_percentage_as_written_counts_only_where_written_to_a_tenth_or_finer():
    # 0.74 of 1.93 is 38.3%: a whole "38%" stands for 37.5 to 38.5 and would meet some share by chance
    assert _relations("£0.74m of the £1.93m, or 38%") == []
    assert _relations("£0.74m of the £1.93m, or 38.3%") == [("share", "0.74", "1.93", "38.3")]
    assert _relations("£0.74m of the £1.93m, or 38.3%", READ_BY_V16) == []


def test_an_average_worked_out_to_its_last_digit_stays_so():
    old = "Claims paid: 207, totalling £96,318; average payment per successful claim: £465."
    new = "Claims paid: 207, totalling £192,636; average payment per successful claim: £930."
    # an average written whole rounds to its unit: £96,318 / 207 is £465.30
    assert [(f.written, f.tolerance, f.averaged) for f in figures(old)] == [
        ("207", 0.0, False),
        ("96,318", 0.0, False),
        ("465", 0.5, True),
    ]
    # £192,636 / 207 is £930.61, no "£930", though £192,636 at £930 a claim is 207 claims to the nearest one
    assert broken(old, new) == (Relation("product", 0, 2, 1),)
    assert broken(old, new, READ_BY_V16) == ()
    assert broken(old, new.replace("£930.", "£931.")) == ()


def test_each_reading_is_a_parameter_of_the_component():
    # a reading the component does not offer could be on in no policy's data (and off in none)
    assert [f.name for f in fields(Reading)] == [f.name for f in fields(StatedArithmetic)]
    assert POLICIES["context_v18"].get(StatedArithmetic).reading() == Reading()
    assert POLICIES["context_v17"].get(StatedArithmetic).reading() == READ_BY_V17
    assert StatedArithmetic(means=False).reading() == Reading(means=False)


def test_the_default_drops_a_claims_ratio_its_amounts_contradict():
    case = Case(
        "What was the scheme's claims ratio?",
        "The scheme's contribution income was R4.56 billion. Healthcare claims were R4.10 billion, giving a claims "
        "ratio of 89.9%.",
        ("89.9%",),
        (("R4.56 billion", "MONEY"), ("R4.10 billion", "MONEY"), ("89.9%", "PERCENT")),
    )
    v16, v17 = (run(case, POLICIES[name]) for name in ("context_v16", "context_v17"))
    assert isinstance(v16, Sample) and "89.9%" not in v16.context
    assert isinstance(v17, Rejection) and v17.reason is Reason.STATED_ARITHMETIC_BROKEN


LINES = (
    "Performance by line, 2023. Line | Journeys (million) | Reliability | Punctuality ; Green Line | 13.6 | 98.9% | "
    "91.4% ; Red Line | 8.9 | 98.9% | 90.3% ; Orange Line | 4.5 | 97.6% | 88.1% ; Network | 27.0 | 98.7% | 90.5%"
)


def test_a_tables_cells_are_read_by_row_and_column():
    (table,) = tables(LINES)
    assert [LINES[c.start : c.end] for c in table.header] == [
        "Performance by line, 2023. Line", "Journeys (million)", "Reliability", "Punctuality",
    ]  # fmt: skip
    assert [row[0].label for row in table.rows] == ["Green Line", "Red Line", "Orange Line", "Network"]
    red = cell_at(LINES, LINES.index("98.9%", LINES.index("Red Line")))
    assert (red.label, red.column) == ("Red Line", 2)
    assert cell_at(LINES, LINES.index("Red Line")).column == 0  # a row's label opens its first cell
    assert tables("Line | Journeys") == ()  # a header alone is no table


def test_a_value_of_two_rows_is_two_quantities():
    red = LINES.index("98.9%", LINES.index("Red Line"))
    assert same_quantity_spans(LINES, "98.9%", red) is None  # as context_v16 read it: one string, one quantity
    assert same_quantity_spans(LINES, "98.9%", red, by_cell=True) == ((red, red + 5),)


def test_a_total_row_ties_its_column():
    found = figures(LINES)
    totals = [
        (r.kind, found[r.result].written)
        for r in __import__("fqa_build.facts.arithmetic").facts.arithmetic.column_totals(LINES)
    ]
    assert totals == [("total", "27.0"), ("total", "98.7"), ("total", "90.5")]
    red = LINES.index("98.9%", LINES.index("Red Line"))
    one_cell = LINES[:red] + "99.2%" + LINES[red + 5 :]
    assert [r.kind for r in broken(LINES, one_cell)] == ["total"]  # the network's 98.7% no longer averages its lines
    assert broken(LINES, one_cell, READ_BY_V16) == ()
    network = LINES.replace("| 90.5%", "| 90.7%")
    assert [r.kind for r in broken(LINES, network)] == ["total"]  # nor a total moved alone
    # a total row that is no sum, mean or weighted mean of the rows above it ties nothing: 6.7% of all households is
    # what the survey found, not what its rows give (5.1% and 7.8% of 1,200 and 800 are 6.2%)
    survey = "Tenure | Households | In arrears ; Owners | 1,200 | 5.1% ; Renters | 800 | 7.8% ; "
    survey += "All households | 2,000 | 6.7%"
    assert [found_total.kind for found_total in column_totals(survey)] == ["total", "summary"]
    assert broken(survey, survey.replace("7.8%", "8.3%")) == ()  # a row may move under a summary
    # but the summary may not move alone: a reader weighs the rows by what the table does not state
    assert [r.kind for r in broken(survey, survey.replace("6.7%", "7.5%"))] == ["summary"]


def test_a_price_of_another_year_in_brackets_is_per_the_same_unit():
    text = "Members were paid 48.6 cent per kg (2022: 56.3 cent). Revenue was €1.462bn (2022: €1.587bn)."
    assert [(a.written, a.per) for a in amounts(text)] == [
        ("48.6", (("[mass]", 1),)),
        ("56.3", (("[mass]", 1),)),
        ("1.462", ()),
        ("1.587", ()),
    ]
    assert [(f.written, f.value) for f in figures(text)][:2] == [("48.6", 0.486), ("56.3", 0.563)]  # € a kilogram


def test_a_share_or_changes_result_stays_what_the_others_give():
    old = "Premiums: C$6.84 billion (2022: C$6.37 billion), up 7.4%."
    new = "Premiums: C$5.13 billion (2022: C$4.78 billion), up 7.4%."
    # 5.13 / 4.78 is up 7.3%, though 7.4% on C$4.78bn is C$5.13bn to its last digit
    assert broken(old, new) == (Relation("rise", 0, 1, 2),)
    assert broken(old, new, READ_BY_V16) == ()


def test_an_average_is_worked_out_again_when_its_total_moves():
    case = Case(
        "How much compensation was paid for late parcels?",
        "Compensation for late parcels totalled £7.9 million on 318,000 complaints, an average of £24.84 per "
        "complaint.",
        ("£7.9 million",),
        (("£7.9 million", "MONEY"), ("318,000", "CARDINAL"), ("£24.84", "MONEY")),
    )
    v16, v17 = (run(case, POLICIES[name]) for name in ("context_v16", "context_v17"))
    # doubled: £15.8 million on 318,000 complaints is £49.69 a complaint (49.686), not the £49.68 doubling gives
    assert isinstance(v16, Sample) and "an average of £49.68 per" in v16.context
    assert isinstance(v17, Sample)
    assert v17.context == (
        "Compensation for late parcels totalled £15.8 million on 318,000 complaints, an average of £49.69 per "
        "complaint."
    )


def test_shares_that_make_a_whole_keep_making_it():
    text = (
        "Paying by direct debit: 68.7%; on receipt of a bill: 17.1%; by prepayment meter: 14.2% (average bill €2,031); "
        "in arrears: 9.4%; reduced heating: 41.3%."
    )
    found = figures(text)
    assert [(r.kind, found[r.left].written, found[r.right].written) for r in wholes(text)] == [
        ("whole", "68.7", "14.2")
    ]  # 9.4% and 41.3% are no shares of that whole: the run stops where it makes 100
    assert [r.kind for r in broken(text, text.replace("68.7%", "49.8%"))] == ["whole"]
    assert broken(text, text.replace("9.4%", "12.0%")) == ()
    assert wholes(text, READ_BY_V16) == ()
    assert wholes("Turnout was 61.2%, against 58.4% in 2019.") == ()


def test_a_rate_is_what_a_reader_works_out_of_its_product():
    old = "The 31.4 km time trial took 38 minutes 52 seconds, at 48.5 km/h."
    new = "The 62.8 km time trial took 38 minutes 52 seconds, at 97.0 km/h."
    # 62.8 km in 38:52 is 96.9 km/h, though 38:52 at 97.0 km/h is 62.8 km to its last digit
    assert [r.kind for r in broken(old, new)] == ["product"]
    assert broken(old, new, READ_BY_V16) == ()
    assert broken(old, new.replace("97.0", "96.9")) == ()


def test_a_year_swapped_alone_leaves_the_financial_years_its_string_opens():
    from fqa_build.swap.components.shifted_timelines.seasons import outside_seasons

    text = "The budget is up 6.5% on the 2023/24 budget and the 2023-24 plan, set in July 2023 (2023-2025 strategy)."
    own = (text.index("July 2023") + 5, text.index("July 2023") + 9)
    # "2023/24" and "2023-24" open financial years; "2023-2025" names the year 2023 whole
    assert outside_seasons(text, "2023", own) == (own, (text.index("2023-2025"), text.index("2023-2025") + 4))
    assert outside_seasons("in 2023 and again in 2023", "2023", (3, 7)) is None
    assert outside_seasons(text, "July 2023", own) is None  # only a year opens a season


def test_percentages_of_other_sentences_are_no_shares_of_one_whole():
    # 17% + 24% + 60% is 101, within three whole percentages' rounding, but each is of another whole
    text = (
        "Production rose by 17% to $8.7 billion. This represented 24% of the national total. Farms cover more than "
        "60% of the state."
    )
    assert wholes(text) == ()


def test_a_figure_per_one_of_something_is_what_a_reader_works_out():
    text = (
        "Visits and spending, 2023. Type | Visits (m) | Spend (£m) | Spend per visit ; Day visits | 14.8 | 612 | "
        "£41.35 ; Overnight trips | 2.31 | 884 | £382.68. Stay-over nights: 2.38 million, at US$246 per night; total "
        "stay-over spending US$586.6 million. The tower is 41.3 m tall. Building | Height (m) | Floors ; Tower | "
        "41.3 | 12"
    )
    read = {f.written: f for f in figures(text)}
    assert read["14.8"].value == 14_800_000.0  # "Visits (m)": millions, not metres
    assert read["41.35"].averaged and read["382.68"].averaged  # a column per one visit
    assert (read["246"].averaged, read["246"].tolerance) == (True, 0.5)  # "per night": $246 rounds $246.47
    assert not read["586.6"].averaged
    assert [f.dimension for f in figures(text) if f.written == "41.3"] == [(("[length]", 1),)] * 2  # "Height (m)"
    doubled = text.replace("£41.35", "£82.70").replace("£382.68", "£765.36")
    assert [r.kind for r in broken(text, doubled)] == ["product", "product"]  # 612 / 14.8 is still £41.35


def test_a_long_passage_reads_the_relations_of_its_end():
    # relations are read between figures at most 40 apart wherever they stand, not only near the passage's start
    filler = " ".join(f"Site {n} recorded {100 + n} visits." for n in range(45))
    text = filler + " Revenue was £412.6m, costs £388.1m, leaving a profit of £24.5m."
    assert _relations(text)[-1:] == [("sum", "388.1", "24.5", "412.6")]


def test_a_line_of_bars_alone_is_no_table():
    assert tables("|\n|") == () and broken("Scores:\n||\n||\n", "Scores:\n||\n||\n") == ()


def test_each_percentage_column_of_a_table_is_its_own_whole():
    text = "Party | 2019 (%) | 2023 (%) ; Alliance | 50.0 | 45.0 ; Bloc | 30.0 | 35.0 ; Centre | 20.0 | 20.0"
    found = figures(text)
    assert [[found[i].written for i in range(r.left, r.right + 1, 2)] for r in wholes(text)] == [
        ["50.0", "30.0", "20.0"],
        ["45.0", "35.0", "20.0"],
    ]
    assert [r.kind for r in broken(text, text.replace("50.0", "60.0"))] == ["whole"]


def test_a_total_moved_with_a_row_must_still_be_what_the_rows_give():
    moved = LINES.replace("13.6", "20.0").replace("27.0", "30.0")  # 20.0 + 8.9 + 4.5 is 33.4
    assert "total" in [r.kind for r in broken(LINES, moved)]
    both = LINES.replace("13.6", "20.0").replace("27.0", "33.4")
    found = figures(LINES)
    # the journeys' sum holds, and so does the reliability weighted by them (98.72%); the punctuality weighted by
    # them is now 90.66%, no 90.5%
    assert [found[r.result].written for r in broken(LINES, both)] == ["90.5"]


def test_a_date_is_no_season():
    from fqa_build.swap.components.shifted_timelines.seasons import outside_seasons

    text = "Released on 2023-05-12, the plan began in 2023 and runs to 2023/24."
    own = (text.index("in 2023") + 3, text.index("in 2023") + 7)
    assert outside_seasons(text, "2023", own) == ((text.index("2023-05"), text.index("2023-05") + 4), own)


def test_a_flow_per_a_time_or_a_price_each_is_no_average():
    read = {f.written: f for f in figures("Dosing costs £1,302 a day; vouchers worth £49 each; US$246 per night.")}
    assert (read["1,302"].averaged, read["49"].averaged, read["246"].averaged) == (False, False, True)


def test_a_total_keeps_the_way_it_totalled_its_rows():
    table = (
        "Line | Journeys (million) | Reliability ; Green | 13.6 | 98.9% ; Blue | 11.2 | 98.2% ; Red | 8.9 | 98.9% ; "
        "Orange | 4.5 | 97.6% ; Network | 38.2 | 98.5%"
    )
    red = table.index("98.9%", table.index("Red"))
    moved = table[:red] + "99.2%" + table[red + 5 :]
    # weighted by journeys the network is now 98.61%, no 98.5%; the plain mean of the lines (98.475%) happens to
    # meet it, but the network was never their plain mean
    assert [r.kind for r in broken(table, moved)] == ["total"]


def test_a_full_year_row_totals_its_quarters():
    table = (
        "Quarter | Output (GWh) | Capacity factor ; Q1 | 148.2 | 43.0% ; Q2 | 82.6 | 23.7% ; Q3 | 71.9 | 20.4% ; "
        "Q4 | 168.6 | 47.8% ; Full year | 471.3 | 33.7%"
    )
    assert [r.kind for r in column_totals(table)] == ["total", "total"]  # the sum of the output, the factors' mean
    assert [r.kind for r in broken(table, table.replace("20.4%", "22.5%"))] == ["total"]


def test_a_bare_number_of_another_year_in_brackets_takes_its_amounts_unit():
    text = "Household waste collected: 212,400 tonnes (2022/23: 218,900), down 3.0%. Opened 2019 (2018: 2017)."
    assert [(a.written, a.unit) for a in amounts(text)] == [("212,400", "metric_ton"), ("218,900", "metric_ton")]
    assert _relations(text) == [("fall", "212,400", "218,900", "3.0")]


def test_a_header_with_a_scale_and_a_unit():
    text = "Group | Area (ha) | Growing stock (million m³) ; Spruce | 1,024,600 | 212.4 ; Pine | 853,800 | 148.9"
    assert [(f.written, f.value, f.dimension) for f in figures(text)][1] == ("212.4", 212_400_000.0, (("[length]", 3),))


IRRIGATION = (
    "The scheme irrigated 2,400 hectares with 418,560 cubic metres of water, or 174.4 cubic metres per hectare, "
    "against 4.2 million tonnes per year of grain and 12 litres per 100 km of diesel."
)


def test_a_quantity_per_a_unit_written_out_is_a_rate():
    rate = figures(IRRIGATION)[2]
    assert (rate.written, rate.units, round(rate.value, 6)) == ("174.4", (("[length]", 1),), 0.01744)
    # per a time (compared with tonnes a reader takes as yearly too) and per a number are read as before
    assert [(f.written, f.units) for f in figures(IRRIGATION)[3:]] == [
        ("4.2", (("[mass]", 1),)),
        ("12", (("[length]", 3),)),
        ("100", ()),
    ]
    assert _relations(IRRIGATION) == [("product", "2,400", "174.4", "418,560")]
    assert relations(IRRIGATION, READ_BY_V17) == ()


def test_a_rate_written_out_breaks_when_what_it_is_per_moves_alone():
    moved = IRRIGATION.replace("2,400 hectares", "3,100 hectares")
    assert broken(IRRIGATION, moved) == (Relation("product", 0, 2, 1),)
    assert broken(IRRIGATION, moved, READ_BY_V17) == ()
    scaled = IRRIGATION.replace("418,560", "627,840").replace("174.4", "261.6")  # water and its rate x 1.5
    assert broken(IRRIGATION, scaled) == ()


PLACEMENTS = (
    "In 2023 the council funded 15 placements at £12,700 a week each. Over 52 weeks it paid £9,906,000 in all, "
    "against a budget of £10.2m."
)


def test_a_figure_three_others_multiply_to_is_their_product():
    assert product_ties(PLACEMENTS) == (Tie("product_of_three", (0, 1, 2), 3),)
    assert product_ties(PLACEMENTS, READ_BY_V17) == ()
    # two of them alone give no figure here: 15 x £12,700 is £190,500 a week, 15 x 52 is 780 placement-weeks
    assert relations(PLACEMENTS) == ()


def test_a_product_of_three_breaks_when_a_factor_moves_alone():
    moved = PLACEMENTS.replace("15 placements", "18 placements")
    assert broken(PLACEMENTS, moved) == (Relation("product_of_three", 0, 2, 3),)
    assert broken(PLACEMENTS, moved, READ_BY_V17) == ()
    # the weekly cost and the sum paid moved by one factor (x 1.5) still multiply out, to the pound
    scaled = PLACEMENTS.replace("£12,700", "£19,050").replace("£9,906,000", "£14,859,000").replace("£10.2m", "£15.3m")
    assert broken(PLACEMENTS, scaled) == ()


def test_no_product_of_three_by_chance_among_rounded_or_small_figures():
    # a product of counts is read from 20 up (small whole numbers multiply to others by chance), and a figure is a
    # product only where its factors give it to its last digit (2.5 GWh x 4 x 2 is 20 GWh, no 20.4 GWh)
    assert product_ties("The 3 leagues have 4 divisions of 2 teams, 24 teams in all.") == (
        Tie("product_of_three", (0, 1, 2), 3),
    )
    assert product_ties("The 2 leagues have 3 divisions of 3 teams, 18 teams in all.") == ()  # a count under 20
    assert product_ties("Output was 2.5 GWh in 4 units over 2 sites; 20.4 GWh came from the grid.") == ()


WARDS = "Capacity: 240 virtual beds. Average occupancy: 85 per cent (204 patients on a typical day). Staff: 96."


def test_a_share_written_with_its_count_is_of_its_whole_however_round():
    # 204 of 240 is 85.0%: a whole percentage is too loose to count alone, but written as a pair with its count it is
    # no coincidence
    assert _relations(WARDS) == [("share", "204", "240", "85")]
    assert _relations(WARDS, READ_BY_V17) == []
    assert broken(WARDS, WARDS.replace("240 virtual", "310 virtual")) == (Relation("share", 2, 0, 1),)


PROGRAMME = (
    "The board approved a building programme of £64.0 million. Spending by scheme (£ million):\n\n"
    "New theatre block: 30.4; Science wing: 18.8; Roof repairs: 9.6; Other schemes: 5.2. Total: 64.0.\n\n"
    "The theatre block accounts for 47.5 per cent of the programme."
)


def test_a_lists_items_take_the_unit_its_head_states():
    assert [(f.written, f.units, f.value) for f in figures(PROGRAMME)][1:3] == [
        ("30.4", (("money", 1),), 30_400_000.0),
        ("18.8", (("money", 1),), 18_800_000.0),
    ]
    assert [f.units for f in figures(PROGRAMME, READ_BY_V17)][1] == ()
    # the programme in prose moved alone: the theatre's 30.4 of it is no longer 47.5%
    moved = PROGRAMME.replace("£64.0 million", "£96.0 million")
    assert Relation("share", 1, 0, 6) in broken(PROGRAMME, moved)
    assert broken(PROGRAMME, moved, READ_BY_V17) == ()


CALLS = "Calls answered: 438,000. Average calls per day: 1,200. Call handlers: 310. Training places: 40 a year."


def test_a_figure_per_a_day_is_what_the_years_total_gives():
    assert period_ties(CALLS) == (Tie("period", (0,), 1, factor=365),)
    assert period_ties(CALLS, READ_BY_V17) == ()
    assert broken(CALLS, CALLS.replace("1,200", "1,450")) == (Relation("period", 0, 0, 1),)
    assert broken(CALLS, CALLS.replace("1,200", "1,450").replace("438,000", "529,250")) == ()
    # "2,523 calls a day" after its figure, "a daily average of" before it, and weeks of a year
    assert period_ties("It took 2,523 calls a day, 920,895 in 2023.")[0].factor == 365
    assert period_ties("A daily average of 2,523 calls; 923,418 in 2024, a leap year.")[0].factor == 366
    assert period_ties("Sales were £41,500 a week, £2,158,000 over the year.")[0].factor == 52


def test_a_price_per_a_unit_in_a_currency_of_letters_or_named_in_its_label():
    exports = "It exported 445,000 tonnes in 2023, earning USD 1.86 billion, about USD 4,180 per tonne."
    assert _relations(exports) == [("product", "445,000", "4,180", "1.86")]
    assert _relations(exports, READ_BY_V17) == []
    salmon = "It harvested 62,400 tonnes. Operating profit per kg was NOK 24.10, a total of about NOK 1.50 billion."
    assert _relations(salmon) == [("product", "62,400", "24.10", "1.50")]
    potatoes = "Growers planted 83,500 acres. The yield was 305 hundredweight (cwt) per acre, about 25.47 million cwt."
    assert _relations(potatoes) == [("product", "83,500", "305", "25.47")]


def test_a_unit_after_a_number_of_one_is_plural_once_the_number_moves():
    case = Case(
        "What base price will the co-operative pay for March?",
        "The co-operative will pay a base price of 38.5 cents per kg for March, 1.0 cent lower than in February. Its "
        "revenue was €820 million.",
        ("38.5 cents",),
        (("38.5 cents", "MONEY"), ("1.0 cent", "MONEY"), ("€820 million", "MONEY")),
    )
    sample = run(case, POLICIES["context_v18"])
    assert isinstance(sample, Sample)
    assert sample.context == (
        "The co-operative will pay a base price of 77.0 cents per kg for March, 2.0 cents lower than in February. Its "
        "revenue was €1640 million."
    )


GRANTS = (
    "Grants totalled £58.4 million, up from £50.9 million. By funder:\n- Research council: £24.6 million\n"
    "- Charities: £15.3 million\n- Industry: £11.2 million\n- Government: £7.3 million"
)


def test_parts_one_after_another_keep_adding_up_to_their_total():
    assert sum_ties(GRANTS) == (Tie("sum_of_parts", (2, 3, 4, 5), 0),)
    assert sum_ties(GRANTS, READ_BY_V17) == ()
    # one part moved alone: the four make £61.2 million, no £58.4 million; all doubled, they still make the total
    assert broken(GRANTS, GRANTS.replace("£11.2 million", "£14.0 million")) == (Relation("sum_of_parts", 2, 5, 0),)
    assert broken(GRANTS, GRANTS.replace("£58.4", "£116.8").replace("£50.9", "£101.8").replace("£24.6", "£49.2")
                  .replace("£15.3", "£30.6").replace("£11.2", "£22.4").replace("£7.3", "£14.6")) == ()  # fmt: skip


def test_no_sum_of_parts_for_a_round_total():
    # "about 24 hours" and "2 crore" are too round for parts to add up to them by design
    assert sum_ties("It turns in about 24 hours: 23 hours, 56 minutes and 4 seconds to the stars.") == ()
    assert sum_ties("Takings were ₹ 39.97 lakh, ₹ 39.50 lakh, ₹ 49 lakh and ₹ 39 lakh: ₹ 2 crore in all.") == ()


ONLINE = (
    "Group sales rose 4.0% to £3.12bn. Online sales grew 12.5% and now account for 18.0% of group sales, compared "
    "with 16.64% a year ago. Stores: 412."
)


def test_a_share_grown_with_its_part_and_its_whole():
    # 16.64% x 1.125 / 1.040 is 18.0%
    assert grown_share_ties(ONLINE) == (Tie("grown_share", (4, 2, 0), 3),)
    assert grown_share_ties(ONLINE, READ_BY_V17) == ()
    assert broken(ONLINE, ONLINE.replace("18.0%", "21.5%")) == (Relation("grown_share", 0, 4, 3),)


def test_money_per_a_dollar_named_before_it_is_a_ratio():
    text = (
        "The festival generated A$31.6m of impact. It received A$1.8m of public funding: every dollar of public money "
        "was associated with about A$17.56 of impact."
    )
    assert [(a.written, a.per) for a in amounts(text)][2] == ("17.56", (("money", 1),))
    assert _relations(text) == [("product", "1.8", "17.56", "31.6")]
    assert _partners(text, "31.6") == ["1.8"]  # the ratio stays where the money moves


def test_a_plain_price_in_a_currency_of_letters_and_a_rate_per_season():
    text = "Ticket revenue was USD 61.9 million from 312,500 admissions, about USD 198 per admission."
    assert _relations(text) == [("product", "312,500", "198", "61.9")]
    deal = "The five-year deal was worth USD 185 million, an average of USD 37 million per season."
    assert _relations(deal) == [("product", "five", "37", "185")]


def test_shares_of_a_whole_are_read_past_their_comparators():
    text = "Active: 61.4%, up from 59.8% in 2023; fairly active: 14.5%; inactive: 24.1%, down from 25.6%."
    assert [r.kind for r in wholes(text)] == ["whole"]
    assert broken(text, text.replace("24.1%", "23.6%")) == (Relation("whole", 0, 3, 3),)


def test_a_figure_does_not_move_past_one_its_sentence_compares_it_with_or_a_part_of_it():
    text = "Attendance reached 312,500 over three days. Race-day attendance alone was 134,800. Staff: 2,400."
    assert broken(text, text.replace("134,800", "354,400")) == (Relation("order", 1, 0, 1),)
    assert broken(text, text.replace("134,800", "201,300")) == ()
    assert broken(text, text.replace("2,400", "402,400")) == ()  # no word ties the staff to the attendance
    falls = "Inactive adults: 24.1%, down from 25.6%."
    assert broken(falls, falls.replace("24.1%", "26.3%")) == (Relation("order", 0, 1, 0),)


def test_a_products_total_is_worked_out_again_from_its_moved_factor():
    case = Case(
        "How long is the circuit?",
        "The race was held over 71 laps of the circuit, which measures 4.309 kilometres, for a total distance of 305.9 "
        "kilometres.",
        ("4.309 kilometres",),
        (("71", "CARDINAL"), ("4.309 kilometres", "QUANTITY"), ("305.9 kilometres", "QUANTITY")),
    )
    sample = run(case, POLICIES["context_v18"])
    # 71 x 8.618 km is 611.878 km: 611.9, not the doubled 611.8 (which is 70.99 laps)
    assert isinstance(sample, Sample) and "measures 8.618 kilometres, for a total distance of 611.9" in sample.context


def test_a_plain_number_after_a_currency_code_is_money():
    text = "It paid NOK 50 to each affected customer; 2.3 million customers were affected, NOK 115 million in all."
    assert _relations(text) == [("product", "50", "2.3 million", "115")]
    assert broken(text, text.replace("NOK 115", "NOK 109")) == (Relation("product", 0, 1, 2),)
    # codes of no currency, and a conference, are none
    labels = "Certified to ISO 9001 in 2019 and ISO 14001 in 2021; COP 28 met after COP 27."
    assert [f.written for f in figures(labels) if f.units == (("money", 1),)] == []


def test_an_average_is_worked_out_of_its_total_not_the_total_of_it():
    case = Case(
        "What is the service's annual budget?",
        "Emergency calls received: 921,000. Annual budget: €318 million.\n\nThe budget works out at about €345 per "
        "call received.",
        ("€318 million",),
        (("921,000", "CARDINAL"), ("€318 million", "MONEY"), ("€345", "MONEY")),
    )
    sample = run(case, POLICIES["context_v18"])
    # doubled: €636 million over 921,000 calls is €690.55 a call, about €691; the budget is the doubled €636 million
    assert isinstance(sample, Sample)
    assert "Annual budget: €636 million." in sample.context and "about €691 per call" in sample.context


def test_a_swapped_average_works_its_total_out_again():
    case = Case(
        "What was the average season ticket price?",
        "Season-ticket holders numbered 28,400, with the average season ticket priced at £695, generating £19.7m of "
        "the matchday total of £48.2m.",
        ("£695",),
        (("28,400", "CARDINAL"), ("£695", "MONEY"), ("£19.7m", "MONEY"), ("£48.2m", "MONEY")),
    )
    sample = run(case, POLICIES["context_v18"])
    # doubled: 28,400 x £1,390 is £39.476m, £39.5m (not the doubled £39.4m)
    assert isinstance(sample, Sample) and "priced at £1,390, generating £39.5m" in sample.context


def test_review_cases_of_the_new_readings():
    # a part's whole is the figure right before its part word; a figure moved onto its comparator has passed it
    staff = "It has 300 staff, including 45 in Leeds and 120 in York."
    assert broken(staff, staff.replace("120 in", "40 in")) == ()
    assert broken(staff, staff.replace("45 in", "345 in")) == (Relation("order", 1, 0, 1),)
    falls = "Inactive: 24.1%, down from 25.6%."
    assert broken(falls, falls.replace("24.1", "25.6")) == (Relation("order", 0, 1, 0),)
    # "for a month" is no rate per a month; a fall is no growth; a count in words near an average does not crash
    assert period_ties("It hired 30 staff for a month. It had 360 staff in all.") == ()
    fell = "Group sales fell 5.1% to £3.12bn. Online sales grew 9.4% and now make 15.7% of sales, compared with 13.6%."
    assert [t.kind for t in grown_share_ties(fell)] == ["grown_share"]  # 13.6% x 1.094 / 0.949
    assert [f.written for f in figures("The average five-year fixed rate was 4.5%.")] == ["five", "4.5"]
    # a list ends where a sentence is no item of it; roads and wards are no money
    budget = "Budget (£ million): Schools: 42.5; Roads: 18.2. The council also runs 12 libraries. Staff: 40 posts."
    assert [f.units for f in figures(budget)][2:] == [(), ()]
    assert [f for f in figures("Take SR 20 east, then SR 40 north.") if f.units == (("money", 1),)] == []


def test_more_than_its_whole_a_rate_for_every_unit_and_dollars_of_other_countries():
    terminal = "Terminal 2 handled 11.4 million; it operates at 114% of its design capacity of 10 million passengers."
    assert _relations(terminal) == [("share", "11.4 million", "10 million", "114")]
    energy = "It supplied 114,192 megalitres, using 59.4 GWh of electricity, about 0.52 kWh for every cubic metre."
    assert _relations(energy) == [("product", "114,192", "0.52", "59.4")]
    order = "The order is worth about S$9.6 billion, or roughly S$320 million per aircraft, for 30 aircraft."
    assert _relations(order) == [("product", "320", "30", "9.6")]
    saf = "The fuel, 24,000 tonnes, cuts emissions by 80%, at 3.16 tonnes of CO2 for every tonne: about 60,700 tonnes."
    assert product_ties(saf) == (Tie("product_of_three", (0, 1, 2), 3),)
