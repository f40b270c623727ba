"""Counts that keep their relations (facts/relations.py; rules in swap/components/count_relations/rules.py and
count_asks.py; the filters in fqa_build/swap/drawing/filters/arithmetic.py): what is read, what is rewritten, what is
refused."""

from __future__ import annotations

from fqa_build.facts.count_lists import passage_tie
from fqa_build.facts.numbers import number_words, numbers_in, written_like
from fqa_build.facts.relations import count_relations, keeps_order, total_edits, within_capacities
from fqa_build.reasons import Reason
from fqa_build.swap.components import CountRelations
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.types import Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11 = POLICIES["context_v11"]
V10 = POLICIES["context_v10"]

ENROLLED = (
    "In the fall quarter, the university enrolled 5,792 students in the College, 3,468 students in its graduate "
    "divisions, 5,984 students in its professional schools, and 15,244 students overall."
)


def test_numbers_are_read_in_digits_and_words_with_their_scale():
    text = "About 12 to 15 million people, twenty-one towns, 3.7% of them, Super Bowl 50 in 1990 at 11:28."
    read = [(text[n.start : n.end], n.value, n.percent) for n in numbers_in(text)]
    assert read == [("12", 12e6, False), ("15 million", 15e6, False), ("twenty-one", 21.0, False), ("3.7", 3.7, True)]


def test_numbers_are_written_in_words_as_prose_writes_them():
    assert [number_words(n) for n in (7, 21, 305, 12_000, 45_678)] == [
        "seven",
        "twenty-one",
        "three hundred and five",
        "twelve thousand",
        "forty-five thousand six hundred and seventy-eight",
    ]
    assert number_words(1_000_000) is None


def test_a_value_is_written_as_the_old_number_was():
    assert written_like("15,244", 16_462) == "16,462"
    assert written_like("6000", 6500) == "6500"
    assert written_like("Twelve", 14) == "Fourteen"
    assert written_like("twelve", 14.5) is None
    assert written_like("2.5", 3.0) == "3.0"


def test_a_part_rewrites_its_total():
    relations = count_relations(ENROLLED, "3,468")
    assert relations.problem is None
    assert [ENROLLED[t.start : t.end] for t in relations.totals] == ["15,244"]
    assert relations.bounds == (5792.0, 5984.0)
    assert total_edits(ENROLLED, relations, 3468, 4686) == ((ENROLLED.index("15,244"), ENROLLED.index("15,244") + 6,
                                                             "16,462"),)  # fmt: skip


def test_a_total_of_given_parts_is_refused():
    assert count_relations(ENROLLED, "15,244").problem == "total"


def test_a_total_the_question_names_is_refused():
    assert count_relations(ENROLLED, "3,468", "Of the 15,244 students, how many were graduates?").problem == (
        "total asked"
    )


def test_a_small_or_round_sum_no_word_marks_is_refused():
    text = "The team won three games, lost two games and played five games at home."
    assert count_relations(text, "three").problem == "unmarked sum"
    text = "The airport handles five million passengers, expecting 10 million by 2016 and 15 million by 2030."
    assert count_relations(text, "five million").problem == "unmarked sum"


def test_shares_products_proportions_and_multiples_are_refused():
    share = "The town has 28,000 pupils, 2,800 of them or 10% in private schools."
    product = "The 40 boxes held 25 bottles each, 1,000 bottles in all."
    proportion = "Speeds are 3600 RPM with 60 Hertz power and 3000 RPM with 50 Hertz power."
    multiple = "The north had 300 schools, twice the 150 of the south."
    assert count_relations(share, "28,000").problem == "share"
    assert count_relations(product, "1,000").problem == "product"
    assert count_relations(proportion, "3600").problem == "proportion"
    assert count_relations(multiple, "300").problem == "multiple"


def test_a_count_of_the_names_its_sentence_lists_is_refused():
    text = (
        "Newcastle has three cathedrals, the Anglican St. Nicholas, with its tower of 1474, the Roman Catholic "
        "St. Mary's and the Coptic Cathedral. All three cathedrals began as churches."
    )
    assert count_relations(text, "three").problem == "list"


def test_a_count_over_a_span_of_as_many_years_is_refused():
    assert count_relations("They won it five times from 1956 to 1960.", "five").problem == "span"
    text = "Eight seasons followed, airing from September 25, 1993, to May 19, 2001, on the network."
    assert count_relations(text, "Eight").problem == "span"
    assert count_relations("They won it five times between 1956 and 1990.", "five").problem is None


def test_a_conversion_in_brackets_is_refused_and_one_after_is_rewritten():
    inside = "The basin holds 2,500 quadrillion liters (550 quadrillion Imperial gallons, 660 quadrillion US gallons)."
    assert count_relations(inside, "660").problem == "conversion"
    after = "The river has an average width of 400 m (1,300 ft) at the border."
    relations = count_relations(after, "400")
    start = after.index("1,300")
    assert total_edits(after, relations, 400, 450) == ((start, start + 5, "1,500"),)


def test_a_range_end_keeps_its_order_and_scale():
    text = "The trade took 12 to 15 million Africans across the sea."
    relations = count_relations(text, "15 million")
    assert relations.bounds == (12e6,)
    assert keeps_order(15e6, 13e6, relations.bounds) and not keeps_order(15e6, 11e6, relations.bounds)
    assert count_relations("The war lasted from 1756 to 1763 and killed 400 people.", "1763").problem == "range"


def test_a_count_stays_at_least_as_many_as_the_passage_names():
    text = (
        "The offense boasted six Pro Bowl selections. Pro Bowl quarterback A led it. Pro Bowl back B ran, "
        "Pro Bowl fullback C caught."
    )
    assert count_relations(text, "six").bounds == (2.5,)


def test_parts_stay_within_their_whole():
    text = "The collection holds nearly 60,000 objects, including about 10,000 textiles and 6000 paintings."
    relations = count_relations(text, "10,000")
    assert relations.capacities == ((60_000.0, 6000.0),)
    assert within_capacities(50_000, relations.capacities) and not within_capacities(55_000, relations.capacities)


def _case(question, context, answer, others, bank):
    entities = ((answer, "CARDINAL"), *((o, "CARDINAL") for o in others))
    return Case(question, context, (answer,), entities, bank=tuple((b, "CARDINAL") for b in bank))


def test_a_swapped_part_rewrites_the_total_end_to_end():
    case = _case(
        "How many students were in the graduate school?",
        "The school enrolled 500 students in the college, 300 students in the graduate school and 800 students "
        "overall.",
        "300",
        ("500", "800"),
        ("400",),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample)
    assert sample.context == (
        "The school enrolled 500 students in the college, 400 students in the graduate school and 900 students overall."
    )
    assert sample.answers["text"] == ["400"] and sample.num_replacements == 1
    assert isinstance(run(case, V10), Rejection)  # context_v10 drops every count beside another number


def test_a_total_in_words_is_rewritten_in_words():
    case = _case(
        "How many sororities are there?",
        "There are twelve fraternities and seven sororities, nineteen houses in all, at the university.",
        "seven",
        ("twelve", "nineteen"),
        ("eight",),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample)
    assert (
        sample.context == "There are twelve fraternities and eight sororities, twenty houses in all, at the university."
    )


def test_a_draw_that_breaks_an_order_is_not_made():
    case = _case(
        "How many Frenchmen fought?",
        "In the battle 3,600 Frenchmen defeated a force of 18,000 soldiers near the fort.",
        "3,600",
        ("18,000",),
        ("2,000", "9,000", "20,000", "4,000"),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample) and sample.replacement_entity in ("2,000", "4,000", "9,000")


def test_a_round_count_draws_a_round_count():
    case = _case(
        "How many items does the collection hold?",
        "The collection holds more than 53,000 items from every continent.",
        "53,000",
        (),
        ("25,033", "40,000"),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample) and sample.replacement_entity == "40,000"


def test_a_question_that_asks_no_number_is_refused():
    case = _case("What is the name of the fund?", "The committee created the 50 fund for the young.", "50", (), ("40",))
    result = run(case, V11)
    assert isinstance(result, Rejection) and result.reason is Reason.QUESTION_KIND_MISMATCH


def test_a_temperature_conversion_is_refused():
    text = "The highest temperature recorded was 104 °F (40 °C) in the summer of that year."
    assert count_relations(text, "104").problem == "conversion"
    assert count_relations("He made five solo tackles (2 assisted) in the game.", "five").problem is None


def test_a_share_in_words_is_refused():
    text = "About 7,000 out of 20,000 inhabitants died of plague, more than one-third of the population."
    assert count_relations(text, "7,000").problem == "share"


def test_a_list_that_runs_into_the_main_clause_is_counted():
    text = (
        "Between bearing three children, Hans – 1526; Elizabeth – 1527, who died young; and Martin – 1531; "
        "Katharina farmed the land."
    )
    assert count_relations(text, "three").problem == "list"


def test_a_count_said_again_as_a_word_or_counting_other_things_is_refused():
    text = "Such engines use either three or four expansion stages and are known as triple and quadruple engines."
    assert count_relations(text, "four").problem == "tuple"
    text = "The two teams' combined percentage was low. He won with two different teams."
    assert count_relations(text, "two").problem == "other counts"
    text = "Newcastle has three cathedrals. All three cathedrals began as parish churches."
    assert count_relations(text, "three").problem is None


def test_a_range_end_is_no_total():
    text = "There are eleven LEA-funded 11 to 18 schools and seven independent schools in the city."
    assert count_relations(text, "seven").totals == ()


def test_a_count_beside_another_of_the_same_noun_in_the_passage_is_tied():
    text = "A stair reaches the deck after 1,776 steps. It reaches the top, 100 m higher, after 2,579 steps."
    assert passage_tie(text, "2,579") == "same unit"
    heat = "Entry temperatures are typically 565 °C. Condenser temperatures are around 30 °C."
    assert passage_tie(heat, "565") == "same unit"
    price = "A passport costs 950 pesos (about $18) at home or $60 abroad."
    assert passage_tie(price, "60") == "same unit"


def test_a_count_with_a_percentage_in_its_sentence_is_a_share():
    text = "Approximately one million Protestants in modern France represent some 2% of its population."
    assert passage_tie(text, "one million") == "share"


def test_a_count_about_the_sum_of_its_sentence_parts_is_a_total():
    text = "There were about 667,000 firms (200,000 general, 38,000 heavy, and 432,000 specialty)."
    assert passage_tie(text, "667,000") == "about a total"


def test_counted_things_numbered_or_named_elsewhere_tie_the_count():
    stages = "The three-stage rocket was tall. The first stage burned kerosene, the second and third stages hydrogen."
    assert passage_tie(stages, "three") == "ordinals"
    teams = "They joined the Patriots, Dallas Cowboys, and Pittsburgh Steelers as one of four teams with eight titles."
    assert passage_tie(teams, "four") == "names"
    schools = (
        "The university has seven professional schools. Its professional schools include the School of Medicine, "
        "the Booth School, the Law School, the School of Social Service, the Harris School, the Graham School and "
        "the Divinity School."
    )
    assert passage_tie(schools, "seven") == "names"


def test_a_count_of_two_beside_a_word_that_says_two_is_tied():
    text = "Co-teaching is defined as two or more teachers working together in one classroom."
    assert passage_tie(text, "two") == "dual"


def test_a_smaller_bare_number_is_a_part_of_the_count():
    text = "Instead of 18 types, only eleven exist in the game. Seven were introduced in the first set."
    assert passage_tie(text, "eleven") == "bare part"


def test_a_count_alone_in_its_passage_is_free():
    text = "The library, founded in 1816, is home to over one million items. Its garden opened on 12 June 2002."
    assert passage_tie(text, "one million") is None
    assert passage_tie(ENROLLED.replace("15,244 students overall", "a fine campus"), "5,792") == "same unit"


def test_the_passage_rule_runs_only_under_context_v11():
    case = Case(
        "How many steps lead to the top?",
        "The stair reaches the deck after 1,776 steps. The stair reaches the top after 2,579 steps.",
        ("2,579",),
        (("1,776", "CARDINAL"), ("2,579", "CARDINAL")),
        bank=(("3,412", "CARDINAL"),),
    )
    rejected = run(case, V11)
    assert isinstance(rejected, Rejection) and rejected.reason is Reason.COUNT_TIED_IN_PASSAGE
    assert not V10.uses(CountRelations, "whole_passage")


def test_a_count_of_persons_listed_by_semicolons_is_tied():
    text = "Between bearing six children, Hans – 1526; Elizabeth – 1527; Magdalene – 1529; Martin – 1531; Paul – 1533; "
    text += "and Margaret – 1534, she ran the house."
    assert passage_tie(text, "six") == "names"
