"""context_v10's general checks, edge by edge: coordination (fqa_build/swap/rules/coordination.py), the original
surviving in another form (swap/rules/leftovers.py) and gendered role words (fqa_build/swap/rewriting/roles.py)."""

from __future__ import annotations

import pytest

from fqa_build.swap.rewriting.roles import role_conflicts, role_gender, role_word_after, role_word_before
from fqa_build.swap.rules.coordination import coordinated_with, singled_out
from fqa_build.swap.rules.leftovers import (
    bracket_names,
    derived_left,
    distinctive_words,
    name_before_bracket,
    runs_on,
    words_left,
)


def _entities(text: str, *names: tuple[str, str]) -> list[tuple[int, int, str]]:
    out = []
    for name, label in names:
        start = text.index(name)
        out.append((start, start + len(name), label))
    return out


def _others(text: str, answer: str, label: str, *names: tuple[str, str]) -> list[str]:
    start = text.index(answer)
    return coordinated_with(text, _entities(text, (answer, label), *names), start, start + len(answer), label)


# --- coordination -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, answer, label, names, expected",
    [
        ("found by James Watson and Francis Crick.", "Francis Crick", "PERSON", [("James Watson", "PERSON")],
         ["James Watson"]),
        ("Martin, Allegre, and Goodell reported.", "Goodell", "PERSON", [("Martin", "PERSON"), ("Allegre", "PERSON")],
         ["Allegre", "Martin"]),
        ("filmed in Austin and Grapevine.", "Austin", "GPE", [("Grapevine", "GPE")], ["Grapevine"]),
        ("Inigo Jones, Sir John Vanbrugh and Ed Lee.", "Inigo Jones", "PERSON",
         [("John Vanbrugh", "PERSON"), ("Ed Lee", "PERSON")], ["John Vanbrugh", "Ed Lee"]),
        ("a river in Europe as well as the Rhine Valley", "Europe", "LOC", [("the Rhine Valley", "LOC")],
         ["the Rhine Valley"]),
        # a place beside a place of another label is of its kind
        ("between Brakel and the Alps", "Brakel", "GPE", [("the Alps", "LOC")], ["the Alps"]),
        # commas alone make no list: a "City, State" pair or an apposition
        ("born in Paris, France in 1900", "Paris", "GPE", [("France", "GPE")], []),
        # another label, or a word between that is no separator
        ("by James Watson and IBM", "James Watson", "PERSON", [("IBM", "ORG")], []),
        ("by James Watson with Francis Crick", "James Watson", "PERSON", [("Francis Crick", "PERSON")], []),
        # a surname NER took for a place beside a person: a person where the text names them in full
        ("Washington and William Gist led, as George Washington said.", "William Gist", "PERSON",
         [("Washington", "GPE"), ("George Washington", "PERSON")], ["Washington"]),
        ("The city left. Washington and William Gist led.", "William Gist", "PERSON", [("Washington", "GPE")], []),
        # a capitalised word before the next name that is no title
        ("Tom Lee and Captain Ed Ray", "Tom Lee", "PERSON", [("Ed Ray", "PERSON")], ["Ed Ray"]),
        ("Tom Lee and Broncos Ed Ray", "Tom Lee", "PERSON", [("Ed Ray", "PERSON")], []),
        # dates and numbers coordinate only bare: "in 1975, and in 1977 the department" joins two clauses
        ("won in 1990 and 1994.", "1990", "DATE", [("1994", "DATE")], ["1994"]),
        ("began in 1975, and in 1977 the department", "1977", "DATE", [("1975", "DATE")], []),
    ],
)  # fmt: skip
def test_coordinated_with(text, answer, label, names, expected):
    assert sorted(_others(text, answer, label, *names)) == sorted(expected)


def test_singled_out_by_the_question_the_role_or_respectively():
    assert singled_out("Who, with Jim Nantz, called the game?", ["Jim Nantz"])
    assert not singled_out("Who called the game?", ["Jim Nantz"])
    text = "Mayor Michael Bloomberg, and President Gerald Ford are scouts."
    start = text.index("Gerald Ford")
    assert singled_out("which president was a scout", ["Michael Bloomberg"], text, start, start + 11)
    text = "and renowned political scientists John Mearsheimer and Robert Pape."
    start = text.index("John Mearsheimer")
    assert not singled_out("What political scientists are there?", ["Robert Pape"], text, start, start + 16)
    text = "The cast stars Irene Bedard and Mel Gibson as Pocahontas and Smith, respectively, with others."
    start = text.index("Mel Gibson")
    assert singled_out("who plays smith", ["Irene Bedard"], text, start, start + 10)
    text = "Irene Bedard and Mel Gibson star. Others, respectively, sing."
    start = text.index("Mel Gibson")
    assert not singled_out("who stars", ["Irene Bedard"], text, start, start + 10)


# --- the original in another form -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "after, original, expected",
    [
        (" (John Calvin), a", "Jean Cauvin", "John Calvin"),
        (" (German: Johannes Calvin)", "Jean Cauvin", "German: Johannes Calvin"),
        (" (born Jean Cauvin; 1509)", "John Calvin", "born Jean Cauvin; 1509"),
        (" (/vɪˈseɪliəs/; 1514–1564)", "Andreas Vesalius", "/vɪˈseɪliəs/; 1514–1564"),
        (" (German: [ˈfeːlɪks]; born 1969)", "Felix Baumgartner", "German: [ˈfeːlɪks]; born 1969"),
        (" (pronounced like the river)", "Andreas Vesalius", "pronounced like the river"),
        (" (北京)", "Beijing", "北京"),
        # a bracket inside the bracket
        (
            " (Persian: [xæjˈjɑːm]; عمر (Persian); 1048 – 1131) was",
            "Omar Khayyam",
            "Persian: [xæjˈjɑːm]; عمر (Persian); 1048 – 1131",
        ),
        # not another name: an actor beside a role, a description, dates, a one-word note, the new name itself
        (" (Chyler Leigh) dies", "Lexie Grey", None),
        (" (MVP of Super Bowls I and II)", "Bart Starr", None),
        (" (who had won four titles)", "John Fox", None),
        (" (12 May 1820 – 1900)", "Florence Nightingale", None),
        (" (Republican)", "John Fox", None),
        (" (Tom Marx)", "John Fox", None),
        (" (Vol. 1, Vol. 2)", "1795", None),
        (" (top speed 30 km/h or 19 mi/h)", "Tom Marx", None),  # slashes of units are no pronunciation
        (", not a bracket (John Calvin)", "Jean Cauvin", None),
    ],
)
def test_bracket_names(after, original, expected):
    assert bracket_names("Tom Marx" + after, 8, "Tom Marx", original) == expected


@pytest.mark.parametrize(
    "text, original, expected",
    [
        ("Geneva. Jean Cauvin (Tom Marx), another student", "John Calvin", "Jean Cauvin"),
        ("Jack Kramer (Tom Marx) who has announced", "Bill Pullman", None),
        ("a film by Tom Marx (Tom Marx) in", "Bill Pullman", None),
        ("Jean Cauvin (Tom Marx is here)", "John Calvin", None),
    ],
)
def test_name_before_bracket(text, original, expected):
    start = text.index("(Tom Marx") + 1
    assert name_before_bracket(text, start, start + 8, "Tom Marx", original) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("designed by Tom Marx y Beaumont, who", True),
        ("the village of Tom Marx en Loos lies", True),
        ("Pedro de Tom Marx wrote", True),
        ("by Tom Marx van der Berg", True),
        ("by Tom Marx and the Berg", False),
        ("by Tom Marx and Beaumont", False),
        ("Tom Marx de la", False),
        ("at Tom Marx in Spain", False),
    ],
)
def test_runs_on(text, expected):
    start = text.index("Tom Marx")
    assert runs_on(text, start, start + 8) is expected


def test_distinctive_words_leave_out_common_words_heads_and_short_words():
    common = frozenset({"new"})
    assert distinctive_words(["La Rochelle", "University of Erfurt", "New York", "Ulm"], common) == [
        "Erfurt",
        "Rochelle",
        "York",
    ]


@pytest.mark.parametrize(
    "text, words, expected",
    [
        ("the Napoleonic Wars began", ["Napoleon"], ["Napoleonic"]),
        ("the Calvinistic churches", ["Calvin"], ["Calvinistic"]),
        ("the Vesalian method", ["Vesalius"], ["Vesalian"]),
        ("a Platonic love", ["Plato"], ["Platonic"]),
        ("the Victorian age", ["Victoria"], ["Victorian"]),
        ("the conversion to Christianity", ["Christ"], ["Christianity"]),
        # no ending of a derived word, the word itself, or a stem too short
        ("Johnson and Calvinia", ["John", "Calvin"], []),
        ("Napoleon returned", ["Napoleon"], []),
        ("the Roman road", ["Rome"], []),
    ],
)
def test_derived_left(text, words, expected):
    assert derived_left(text, words, []) == expected


def test_places_named_after_a_word_only_for_place_words():
    text = "the town of Jacksonville near Georgetown"
    assert derived_left(text, ["Jackson", "George"], [], ["Jackson"]) == ["Jacksonville"]
    assert derived_left(text, ["Jackson"], []) == []


def test_derived_and_words_left_skip_the_rewritten_spans():
    text = "New Rochelle and Rochelle"
    assert words_left(text, ["Rochelle"], [(17, 25)]) == ["Rochelle"]
    assert words_left(text, ["Rochelle"], [(0, 12), (17, 25)]) == []
    assert derived_left("the Calvinist", ["Calvin"], [(4, 13)]) == []


# --- gendered role words --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, name, expected",
    [
        ("starring actress Jane Doe in", "Jane Doe", "female"),
        ("as Mrs. Smith said", "Smith", "female"),
        ("with her son John Smith and", "John Smith", "male"),
        ("his wife, Mary Smith, was", "Mary Smith", "female"),
        # a comma after the role word and none after the name: no apposition
        ("After the death of his wife, John Smith moved", "John Smith", None),
        # a full stop after any word but Mr, Mrs, Ms ends the sentence
        ("the film My Fair Lady. Smith uses", "Smith", None),
        ("the mother of John Smith", "John Smith", None),
        ("the actor John Smith", "John Smith", None),
        # an actor in brackets after the role (and the character's name)
        ("interrogated by a woman (Jo Lee) who", "Jo Lee", "female"),
        ("with her mum Gwen (Jo Lee), and", "Jo Lee", "female"),
        ("Walter (Jo Lee) is Josh's father", "Jo Lee", None),
    ],
)
def test_role_word_before(text, name, expected):
    start = text.index(name)
    assert role_word_before(text, start, start + len(name)) == expected


@pytest.mark.parametrize(
    "after, expected",
    [
        (", an American actress, said", "female"),
        (", her husband, said", "male"),
        (", wife of the mayor", "female"),
        (", one of 12 nuns he had freed", "female"),
        (", one of the best actors", None),
        (", whose husband was there", None),
        (", and his wife", None),
        (" and his wife", None),
        (", the son of a farmer", "male"),
    ],
)
def test_role_word_after(after, expected):
    assert role_word_after("Jo Lee" + after, 6) == expected


def test_role_gender_and_conflicts():
    text = "The prize went to actress Jordan Miller. Miller, the son of a farmer, thanked the crew."
    first, second = text.index("Jordan Miller"), text.index("Miller,")
    spans = [(first, first + 13), (second, second + 6)]
    assert role_gender(text, spans[:1]) == "female"
    assert role_gender(text, spans) is None  # the two disagree
    assert role_conflicts(text, spans, "female") and role_conflicts(text, spans, "male")
    assert not role_conflicts(text, spans[:1], "female")
    assert role_conflicts(text, spans[:1], "unknown")
