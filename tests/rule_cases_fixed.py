"""The records of context_v10's checks on what the text fixes another way and what the question asks for
(fqa_build/swap/rules/asks.py, fixed.py, tallies.py): a record each rule rejects, gathered by tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

_PERSONS = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))

CASES: dict[str, Case] = {
    # "what was the first plan" asks for a plan, not a time
    "question_asks_for_a_time": Case(
        "What was the first plan that the board launched?",
        "The board launched its first plan in 2013, and the members received it well at the meeting.",
        ("2013",),
        (("2013", "DATE"),),
        bank=(("2011", "DATE"),),
        without="The board launched its first plan in 2011, and the members received it well at the meeting.",
        replacement="2011",
    ),
    # "month and year" is not answered by a year
    "question_grain_fits": Case(
        "In what month and year did the mission land on the moon?",
        "The mission landed on the moon in 1969 after a long flight, and the crew returned home safely.",
        ("1969",),
        (("1969", "DATE"),),
        bank=(("1966", "DATE"),),
        without="The mission landed on the moon in 1966 after a long flight, and the crew returned home safely.",
        replacement="1966",
    ),
    # "who is the mother" asks for the character, and the text names the actress who plays her
    "performer_is_asked": Case(
        "Who is the mother of Nathan on the show?",
        "Nathan's mother, Claudette, was played by Donna Mills in the first season of the long show.",
        ("Donna Mills",),
        (("Donna Mills", "PERSON"),),
        bank=_PERSONS,
        without="Nathan's mother, Claudette, was played by Ada Marx in the first season of the long show.",
        replacement="Ada Marx",
    ),
    # the Centennial of the nation fixes the year of the exposition
    "year_not_an_anniversary": Case(
        "When did the city hold the exposition?",
        "The city held the Centennial Exposition in 1876 in a large park by the river, and many came.",
        ("1876",),
        (("1876", "DATE"),),
        bank=(("1871", "DATE"),),
        without="The city held the Centennial Exposition in 1871 in a large park by the river, and many came.",
        replacement="1871",
    ),
    # the 46th Super Bowl stands at its place in a run of yearly games
    "year_not_a_numbered_instance": Case(
        "When did the team win the championship game?",
        "The team won the 46th Super Bowl in 2012 after a long season, and the city held a parade for it.",
        ("2012",),
        (("2012", "DATE"),),
        bank=(("2009", "DATE"),),
        without="The team won the 46th Super Bowl in 2009 after a long season, and the city held a parade for it.",
        replacement="2009",
    ),
    # the three films are listed, with their years in brackets, a sentence later
    "count_fits_its_list": Case(
        "How many films are in the series?",
        "The series is made of three fantasy films by a single director. The films are called The Ring (2001), "
        "The Towers (2002) and The King (2003).",
        ("three",),
        (("three", "CARDINAL"),),
        bank=(("five", "CARDINAL"),),
        without="The series is made of five fantasy films by a single director. The films are called The Ring "
        "(2001), The Towers (2002) and The King (2003).",
        replacement="five",
    ),
    # "fourteen points out of fifteen": seventeen would exceed the whole
    "part_of_a_whole_in_words": Case(
        "On how many points did the members agree?",
        "The members agreed on fourteen points out of fifteen at the long meeting in the old town hall.",
        ("fourteen",),
        (("fourteen", "CARDINAL"),),
        bank=(("seventeen", "CARDINAL"),),
        without="The members agreed on seventeen points out of fifteen at the long meeting in the old town hall.",
        replacement="seventeen",
    ),
    # eight years and four years make the twelve the sentence states
    "stretch_not_in_a_sum": Case(
        "How many years do the children spend in primary school?",
        "Schooling lasts 12 years, comprising eight years in primary school and four years in high school.",
        ("eight years",),
        (("eight years", "DATE"),),
        bank=(("seven years", "DATE"),),
        without="Schooling lasts 12 years, comprising seven years in primary school and four years in high school.",
        replacement="seven years",
    ),
}

REASON_OF: dict[str, Reason] = {
    "question_asks_for_a_time": Reason.QUESTION_ASKS_NO_TIME,
    "question_grain_fits": Reason.QUESTION_GRAIN,
    "performer_is_asked": Reason.PERFORMER_NOT_ASKED,
    "year_not_an_anniversary": Reason.DATE_FIXED_BY_NAME,
    "year_not_a_numbered_instance": Reason.DATE_FIXED_BY_NAME,
    "count_fits_its_list": Reason.NUMBER_COUNTS_A_LIST,
    "part_of_a_whole_in_words": Reason.NUMBER_IN_RANGE,
    "stretch_not_in_a_sum": Reason.NUMBER_IN_ARITHMETIC,
}
