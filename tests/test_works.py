"""Made works of art, laws and buildings (build/swap/compose_works.py, compose_names.py under context_v11): the
labels a policy adds to the matched ones, the forms kept, what is made and rewritten, what is refused."""

import random

from build.labels import DEFAULT_ENTITY_TYPES
from build.swap.compose_works import law_form, made_title, title_form
from build.swap.name_forms import NameForm
from build.swap.policies import POLICIES
from build.types import Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11 = POLICIES["context_v11"]


def test_context_v11_adds_its_labels_to_the_matched_ones():
    assert V11.matched_types(DEFAULT_ENTITY_TYPES) == (*DEFAULT_ENTITY_TYPES, "FAC", "WORK_OF_ART", "LAW")
    assert V11.matched_types(("PERSON", "LAW")) == ("PERSON", "LAW", "FAC", "WORK_OF_ART")


def test_older_policies_match_only_the_chosen_labels():
    for name in ("type_shape_v1", "context_v8", "context_v9", "context_v10"):
        assert POLICIES[name].matched_types(DEFAULT_ENTITY_TYPES) == DEFAULT_ENTITY_TYPES
        assert not POLICIES[name].composed_works and not POLICIES[name].buildings_after_persons


def test_law_forms():
    assert law_form("Clean Air Act of 1970") == NameForm("", "Clean Air", " Act of 1970")
    assert law_form("Treaty of Paris") == NameForm("Treaty of ", "Paris", "")
    assert law_form("Lisbon Treaty") == NameForm("", "Lisbon", " Treaty")
    assert law_form("Housing Act 1980") == NameForm("", "Housing", " Act 1980")
    assert law_form("Bill of Rights") is None  # "of" a thing, not a place
    assert law_form("First Amendment") is None  # numbered
    assert law_form("Magna Carta") is None  # no head
    assert law_form("Act") is None


def test_title_forms():
    assert title_form("'Moonlight Sonata'") == NameForm("'", "Moonlight", " Sonata'")
    assert title_form("Gone with the Wind") == NameForm("", "Gone with the Wind", "")
    assert title_form("Schindler's List") is None  # a possessive
    assert title_form("Apollo 13") is None  # a number
    assert title_form("We Love TV") is None  # a sentence, an acronym
    assert title_form("Start Here") is None
    assert title_form("The") is None  # nothing to make
    assert title_form("One Two Three Four Five Six Seven") is None  # too long


def test_a_made_title_keeps_function_words_and_casing():
    title = made_title("Gone with the Wind", ("Amber", "Bitter"), ("Harbor", "Raven"), random.Random(0))
    words = title.split()
    assert words[1:3] == ["with", "the"] and all(w[0].isupper() for w in (words[0], words[3]))
    assert len(set(words)) == 4
    title = made_title("the edge of night", ("Amber",), ("Harbor", "Raven"), random.Random(0))
    assert title.split()[0::2] == ["the", "of"] and title == title.lower()
    # a run of two words: an adjective, then a noun
    assert made_title("Purple Rain", ("Amber",), ("Harbor",), random.Random(0)) == "Amber Harbor"


def _sample(case: Case) -> Sample:
    outcome = run(case, V11)
    assert isinstance(outcome, Sample), outcome
    return outcome


def test_a_law_keeps_its_head_and_year_and_every_mention_is_rewritten():
    sample = _sample(
        Case(
            "Which law did Congress pass in 1970?",
            "Congress passed the Clean Air Act of 1970 after a long debate. The Clean Air Act of 1970 set limits on "
            "smoke from factories, said Edmund Tolbert.",
            ("Clean Air Act of 1970",),
            (("Clean Air Act of 1970", "LAW"), ("Edmund Tolbert", "PERSON")),
            bank=(("Edmund Muskie", "PERSON"),),
        )
    )
    assert sample.replacement_entity == "Muskie Act of 1970"
    assert sample.context == (
        "Congress passed the Muskie Act of 1970 after a long debate. The Muskie Act of 1970 set limits on smoke "
        "from factories, said Edmund Tolbert."
    )
    assert sample.answers["text"] == ["Muskie Act of 1970"]


def test_a_quoted_title_keeps_its_quotes():
    sample = _sample(
        Case(
            "Which song was a hit in 1984?",
            'The song "Purple Rain" was a hit in 1984 and stayed on the chart for many weeks after its release.',
            ("Purple Rain",),
            (("Purple Rain", "WORK_OF_ART"),),
        )
    )
    assert sample.context == (
        'The song "Lonely Twilight" was a hit in 1984 and stayed on the chart for many weeks after its release.'
    )


def test_a_building_named_after_no_place_gets_a_surname_of_the_article():
    sample = _sample(
        Case(
            "Where was the final played?",
            "The final was played at Levi's Stadium in front of a crowd of seventy thousand people that evening.",
            ("Levi's Stadium",),
            (("Levi's Stadium", "FAC"),),
            bank=(("Roger Goodell", "PERSON"),),
        )
    )
    assert sample.replacement_entity == "Goodell Stadium"


def test_a_law_with_no_namesake_in_the_article_is_not_made():
    outcome = run(
        Case(
            "Which law did Congress pass in 1970?",
            "Congress passed the Clean Air Act of 1970 after a long debate about the smoke from many factories.",
            ("Clean Air Act of 1970",),
            (("Clean Air Act of 1970", "LAW"),),
        ),
        V11,
    )
    assert isinstance(outcome, Rejection) and outcome.reason == "no_candidate"
