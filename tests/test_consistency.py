"""Consistency rules: acronyms, short forms, pronouns, City-State pairs, aliases, numbers, chronology."""

from fqa_build.swap.rewriting.aliases import (
    acronym_pairs,
    acronyms,
    answers_left_behind,
    derived_words_left,
    is_alias,
    name_short_forms,
    pronoun_gender,
    refers_to_same,
)
from fqa_build.swap.rewriting.rewrite import rewrite_context
from fqa_build.swap.rules.numbers import keeps_chronology, number_context_problem, number_magnitude
from fqa_build.swap.rules.places import gpe_pair
from fqa_build.types import Answer


def test_acronyms_and_their_swap():
    assert acronyms("Department of Justice") == ("DOJ", "DJ")
    assert acronyms("Denver") == ()
    text = "The Department of Justice (DOJ) said so. The DOJ agreed."
    assert acronym_pairs(text, "Department of Justice", "Federal Bureau of Investigation", {"FBI"}) == [("DOJ", "FBI")]
    assert acronym_pairs(text, "Department of Justice", "Federal Bureau of Investigation") == [("DOJ", "FBI")]
    assert acronym_pairs(text, "Department of Justice", "Interpol") is None  # no acronym to put in its place
    assert acronym_pairs("No acronym here.", "Department of Justice", "Interpol") == []


def test_short_forms_of_names():
    text = "The Denver Broncos won. The Broncos are good."
    assert name_short_forms(text, "Denver Broncos", "Green Bay Packers", "ORG") == [("Broncos", "Packers")]
    assert name_short_forms(
        "The Mississippi River floods; the Mississippi is long.", "Mississippi River", "Amazon River", "LOC"
    ) == [("Mississippi", "Amazon")]
    assert name_short_forms("The Denver Broncos won.", "Denver Broncos", "Green Bay Packers", "ORG") == []
    assert name_short_forms(text, "Denver Broncos", "Arsenal", "ORG") is None


def test_pronoun_gender():
    assert pronoun_gender("Marie Curie moved. She studied.", 0, 11, []) == "female"
    assert pronoun_gender("Pierre Curie moved. His lab grew.", 0, 12, []) == "male"
    # a pronoun after another person's mention refers to them
    assert pronoun_gender("Marie Curie met Pierre there. He studied.", 0, 11, [(16, 22)]) is None
    # none within two sentences
    assert pronoun_gender("Marie Curie moved. Paris grew. Later she left.", 0, 11, []) is None
    # a full stop and the blank lines after it are one boundary, not three
    assert pronoun_gender("Smith won the prize. \n\nHe left the city.", 0, 5, []) == "male"
    assert pronoun_gender("Smith was born here.\nHe moved.", 0, 5, []) == "male"


def test_city_state_pairs():
    text = "played at Santa Clara, California in 2016"
    role, region = gpe_pair(text, 10, 21)
    assert (role, region.kind, region.admin1) == ("city", "state", "CA")
    assert gpe_pair(text, 23, 33)[0] == "region"
    assert gpe_pair("born in Chicago in 1950", 8, 15) == ("", None)


def test_aliases():
    assert is_alias("United Nations", "UN")
    assert is_alias("Department of Justice", "DOJ")
    assert is_alias("US", "USA") and is_alias("U.S.", "America")
    assert is_alias("the Red Army", "Red Army")
    assert not is_alias("Red Army", "Red Cross") and not is_alias("France", "Spain")


def test_other_gold_answers():
    assert refers_to_same("the Panthers", "Carolina Panthers", []) and refers_to_same("2", "two", [])
    assert not refers_to_same("Coldplay", "Bruno Mars", [])
    context = "They won two games; 2 in all. Coldplay and Bruno Mars sang."
    rewrite = rewrite_context(context, "two", "five")
    left = answers_left_behind(rewrite, [Answer("two", 9), Answer("2", 20)], Answer("two", 9), "two", [])
    assert left == [Answer("2", 20)]
    rewrite = rewrite_context(context, "Bruno Mars", "Tom Jones")
    assert (
        answers_left_behind(
            rewrite, [Answer("Bruno Mars", 43), Answer("Coldplay", 30)], Answer("Bruno Mars", 43), "Bruno Mars", []
        )
        == []
    )


def test_numbers_in_ranges_names_and_conversions():
    text = "yards (315 to 194) and 11:28. Discharge 2,290 m3/s (81,000 cu ft/s), below 0 °C (32 °F) on BBC One."
    at = text.index
    assert number_context_problem(text, [(at("315"), at("315") + 3)]) == "number_in_range"
    assert number_context_problem(text, [(at("194"), at("194") + 3)]) == "number_in_range"
    assert number_context_problem(text, [(at("2,290"), at("2,290") + 5)]) == "unit_conversion"
    assert number_context_problem(text, [(at("32 °F"), at("32 °F") + 5)]) == "unit_conversion"
    assert number_context_problem(text, [(at("One"), at("One") + 3)]) == "number_in_name"
    assert number_context_problem("They scored 24 points.", [(12, 14)]) is None


def test_number_word_magnitude():
    assert (number_magnitude("three"), number_magnitude("thirty thousand"), number_magnitude("twenty-five")) == (
        1,
        5,
        2,
    )
    assert number_magnitude("24") is None


def test_chronology():
    # "reaching England in 1349" after "November 1347": the new year must still come after 1347
    assert not keeps_chronology("1349", "1343", [1347])
    assert keeps_chronology("1349", "1352", [1347])
    assert keeps_chronology("spring of 1349", "1352", [1347, 1400])
    assert not keeps_chronology("1349", "1400", [1347, 1400])


def test_derived_words():
    text = "Islamist madrassas and Islamists; the European coast of Europe."
    assert derived_words_left(text, "Islamists", [(23, 32)]) == ["Islamist"]
    assert derived_words_left(text, "Europe", [(56, 62)]) == ["European"]
    assert derived_words_left(text, "Paris", [(0, 5)]) == []


def test_geography_left_behind():
    from fqa_build.swap.rules.places import geography_left

    text = "One of them stayed on the coast of Denmark and sits at the port of Copenhagen."
    at = text.index("Denmark")
    assert geography_left(text, "Denmark", "country", [(at, at + 7)])
    text = "One of them stayed on the coast of Denmark for many years."
    assert not geography_left(text, "Denmark", "country", [(at, at + 7)])
    text = "Germanic tribes from Scandinavia spread through Europe; later Italy and France."
    at = text.index("Europe")
    assert geography_left(text, "Europe", "continent", [(at, at + 6)])


def test_places_in_text():
    from fqa_build.gazetteers.places import places_in

    found = [
        (text, p.kind)
        for text, p in ((t[s:e], p) for t in ["Paris and Santa Clara, California."] for s, e, p in places_in(t))
    ]
    assert found == [("Paris", "city"), ("Santa Clara", "city"), ("California", "state")]


def test_relative_dates_and_lists_before_the_number():
    from fqa_build.swap.rules.numbers import relative_time_near

    text = "Bowman was director in 1914. Three years later in 1917, he was appointed. Other text."
    at = text.index("1917")
    assert relative_time_near(text, [(at, at + 4)])
    assert not relative_time_near("He was born in 1917. The city grew.", [(15, 19)])
    text = "Its counties of Los Angeles, Orange, San Diego, San Bernardino, and Riverside are the five most populous."
    at = text.index("five")
    assert number_context_problem(text, [(at, at + 4)]) == "number_counts_a_list"
