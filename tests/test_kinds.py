"""Kinds: exact expected kinds for a table of names of every type, and label repair."""

import pytest

from fqa_build.bank.entity_kinds import entity_kind, head_word, repaired_label
from fqa_build.gazetteers.persons import name_gender
from fqa_build.gazetteers.places import city_in, place

SURNAMES = frozenset({"Tesla", "Luther"})

KINDS = [
    # ORG
    ("University of Miami", "ORG", "university"),
    ("Stanford University", "ORG", "university"),
    ("Red Army", "ORG", "army"),
    ("Royal Navy", "ORG", "navy"),
    ("Labour Party", "ORG", "party"),
    ("Catholic Church", "ORG", "church"),
    ("Apple Inc.", "ORG", "company"),
    ("Ford Motor Company", "ORG", "company"),
    ("Department of Justice", "ORG", "department"),
    ("European Commission", "ORG", "commission"),
    ("Scottish Parliament", "ORG", "parliament"),
    ("British Museum", "ORG", "museum"),
    ("Denver Broncos", "ORG", None),
    ("Paramount Pictures", "ORG", None),
    ("Peanuts", "ORG", None),
    ("NFL", "ORG", None),
    # LOC
    ("Mississippi River", "LOC", "river"),
    ("Mount Everest", "LOC", "mountain"),
    ("Lake Michigan", "LOC", "lake"),
    ("Black Sea", "LOC", "sea"),
    ("Pacific Ocean", "LOC", "ocean"),
    ("Galápagos Islands", "LOC", "island"),
    ("Sahara Desert", "LOC", "desert"),
    ("Europe", "LOC", "continent"),
    ("Middle East", "LOC", "region"),
    ("Narnia", "LOC", None),
    # EVENT, LAW, FAC, WORK_OF_ART
    ("Battle of Hastings", "EVENT", "battle"),
    ("World War II", "EVENT", "war"),
    ("Seven Years' War", "EVENT", "war"),
    ("World Cup", "EVENT", "cup"),
    ("Super Bowl 50", "EVENT", "bowl"),
    ("French Revolution", "EVENT", "revolution"),
    ("Woodstock", "EVENT", None),
    ("Treaty of Paris", "LAW", "treaty"),
    ("Civil Rights Act", "LAW", "act"),
    ("Golden Gate Bridge", "FAC", "bridge"),
    ("Wembley Stadium", "FAC", "stadium"),
    ("Psalm 23", "WORK_OF_ART", "psalm"),
    # GPE
    ("France", "GPE", "country"),
    ("Russia", "GPE", "country"),
    ("United States", "GPE", "country"),
    ("Kingdom of Prussia", "GPE", "country"),
    ("California", "GPE", "state"),
    ("Queensland", "GPE", "state"),
    ("Chicago", "GPE", "city"),
    ("Vienna", "GPE", "city"),
    ("Santa Clara", "GPE", "city"),
    ("Chester, South Carolina", "GPE", "city_with_region"),
    ("Ethiopian Empire", "GPE", "country"),
    ("Duval County", "GPE", None),
    ("City of Malindi", "GPE", None),
    ("Qaitbay", "GPE", None),
    ("Psalm 130", "GPE", None),
    # NORP
    ("Americans", "NORP", "nationality"),
    ("French", "NORP", "nationality"),
    ("Saracens", "NORP", "ethnic"),
    ("European", "NORP", "continental"),
    ("Muslims", "NORP", "religion"),
    ("Roman Catholic", "NORP", "religion"),
    ("Republicans", "NORP", "political"),
    ("Kenyan English", "NORP", None),
    ("Coldplay", "NORP", None),
    # PERSON
    ("Barack Obama", "PERSON", "full_name"),
    ("Marie Curie", "PERSON", "full_name"),
    ("Napoleon", "PERSON", "given_name"),
    ("King", "PERSON", None),
    ("Tesla", "PERSON", "surname"),
    ("Sherpa", "PERSON", None),
    ("Nervión River", "PERSON", None),
    ("Ada Lovelace", "PERSON", "full_name"),
    # numbers and dates
    ("1904", "DATE", "year"),
    ("February 7, 2016", "DATE", "full_date"),
    ("March 2007", "DATE", "month_year"),
    ("February 7", "DATE", "month_day"),
    ("the 1990s", "DATE", "decade"),
    ("19th century", "DATE", "century"),
    ("two years", "DATE", "duration"),
    ("24", "CARDINAL", "number"),
    ("three", "CARDINAL", "number_word"),
    ("45%", "PERCENT", "number"),
]


@pytest.mark.parametrize("surface, label, expected", KINDS)
def test_entity_kind(surface, label, expected):
    assert entity_kind(surface, label, SURNAMES) == expected


def test_head_words():
    assert head_word("University of Miami") == "university"
    assert head_word("Mount Everest") == "mountain"
    assert head_word("Galápagos Islands") == "island"
    assert head_word("Denver Broncos") is None


@pytest.mark.parametrize(
    "surface, label, expected",
    [
        ("Kraków", "PERSON", "GPE"),  # a large city tagged PERSON
        ("France", "NORP", "GPE"),
        ("Masovian Primeval Forest", "ORG", "LOC"),
        ("Nervión River", "PERSON", "LOC"),
        ("Leopold Kronenberg Palace", "PERSON", "FAC"),
        ("Barack Obama", "PERSON", "PERSON"),
        ("Rivera", "PERSON", "PERSON"),  # a state of Uruguay, but not a large city or a country
        ("Ann", "PERSON", "PERSON"),  # a given name first
        ("Red Army", "ORG", "ORG"),
    ],
)
def test_repaired_label(surface, label, expected):
    assert repaired_label(surface, label) == expected


def test_places_and_cities_in_regions():
    assert place("Göd").kind == "city" and place("God") is None  # diacritics are kept
    assert place("Dublin").kind == "city"
    california = place("California")
    assert city_in("San Jose", california) and city_in("Santa Clara", california)
    assert not city_in("Chicago", california) and not city_in("Amritsar", place("Illinois"))
    assert city_in("Lyon", place("France"))


def test_name_gender():
    assert (name_gender("Marie Curie"), name_gender("Tom Hanks"), name_gender("Kiichiro Toyoda")) == (
        "female",
        "male",
        "unknown",
    )
