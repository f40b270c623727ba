"""Made works of art, laws and buildings (swap/components/made_works/make.py, compose_names.py under context_v11): the
labels a policy adds to the matched ones, the forms kept, what is made and rewritten, what is refused."""

import random

from fqa_build.labels import DEFAULT_ENTITY_TYPES
from fqa_build.swap.components import MadeWorks
from fqa_build.swap.components.composed_names.patterns import NameForm
from fqa_build.swap.components.made_works.make import law_form, made_title, title_form
from fqa_build.swap.components.made_works.rules import _gold_runs_on
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.types import Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11 = POLICIES["context_v11"]


def test_context_v11_adds_its_labels_to_the_matched_ones():
    assert V11.matched_types(DEFAULT_ENTITY_TYPES) == (*DEFAULT_ENTITY_TYPES, "FAC", "WORK_OF_ART", "LAW")
    assert V11.matched_types(("PERSON", "LAW")) == ("PERSON", "LAW", "FAC", "WORK_OF_ART")


def test_older_policies_match_only_the_chosen_labels():
    for name in ("type_shape_v1", "context_v8", "context_v9", "context_v10"):
        assert POLICIES[name].matched_types(DEFAULT_ENTITY_TYPES) == DEFAULT_ENTITY_TYPES
        assert not POLICIES[name].uses(MadeWorks)


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


def _reason(case: Case) -> str | None:
    outcome = run(case, V11)
    return outcome.reason if isinstance(outcome, Rejection) else None


def test_a_title_running_on_after_the_mention_is_cut():
    case = Case(
        "Which poem was printed in 1820?",
        "The poem Ode to the West Wind was printed in 1820 in a small book with other verses by the author.",
        ("Ode",),
        (("Ode", "WORK_OF_ART"),),
    )
    assert _reason(case) == "title_cut"


def test_a_gold_answer_longer_than_the_mention_runs_on_but_an_owner_or_a_year_does_not():
    assert _gold_runs_on("Night of the Fire", "On the Night of the Fire (1939),")
    assert _gold_runs_on("Clouded Yellow", "The Clouded Yellow") is False
    assert _gold_runs_on("Virgin and Child", "Carlo Crivelli's Virgin and Child)") is False
    assert _gold_runs_on("Night of the Fire", "Night of the Fire (1939)") is False


def test_an_article_before_the_mention_is_no_run_on():
    sample = _sample(
        Case(
            "Which film was shot in the city?",
            "The film called The Clouded Yellow was shot in the city, and the crew stayed there for many weeks.",
            ("Clouded Yellow",),
            (("Clouded Yellow", "WORK_OF_ART"),),
        )
    )
    assert sample.context.startswith("The film called The ") and "Clouded" not in sample.context


def test_a_title_word_glossed_in_another_tongue_is_refused():
    case = Case(
        "Which song did the band play?",
        'The band played the song "Autumn" that night, or perhaps the waltz "Songe d\'Automne" as some believed.',
        ("Autumn",),
        (("Autumn", "WORK_OF_ART"),),
    )
    assert _reason(case) == "title_word_left"


def test_a_painting_dated_before_1800_gets_no_made_title():
    def case(year: int) -> Case:
        return Case(
            "Which painting did the museum show?",
            f"The museum showed the painting Silent Meadow, dated {year}, beside many drawings from the same estate.",
            ("Silent Meadow",),
            (("Silent Meadow", "WORK_OF_ART"),),
        )

    assert _reason(case(1758)) == "title_of_another_age"
    assert _sample(case(1958)).replacement_entity == "Lonely Twilight"


def test_a_listed_site_is_kept_where_the_passage_holds_the_question_verb():
    sample = _sample(
        Case(
            "Where was the final played?",
            "The final was played at Levi's Stadium in the north, Harbor Arena by the river was the other bid, and "
            "Grant Field in the south lost.",
            ("Levi's Stadium",),
            (("Levi's Stadium", "FAC"), ("Harbor Arena", "FAC"), ("Grant Field", "FAC")),
            bank=(("Roger Goodell", "PERSON"),),
        )
    )
    assert sample.replacement_entity == "Goodell Stadium"


def test_a_listed_site_is_kept_where_the_question_names_the_words_before_it():
    sample = _sample(
        Case(
            "Which site was offered by the Giants?",
            "The league narrowed the bids to three sites: Harbor Arena in the north, Grant Field by the river, and "
            "the Giants' Levi's Stadium.",
            ("Levi's Stadium",),
            (("Harbor Arena", "FAC"), ("Grant Field", "FAC"), ("Levi's Stadium", "FAC")),
            bank=(("Roger Goodell", "PERSON"),),
        )
    )
    assert sample.replacement_entity == "Goodell Stadium"


def test_a_hymn_gets_no_made_title():
    case = Case(
        "Which song did the choir sing in 1900?",
        "The choir sang the hymn Heedless Winds in 1900, and the song was printed in many books after that year.",
        ("Heedless Winds",),
        (("Heedless Winds", "WORK_OF_ART"),),
    )
    assert _reason(case) == "title_of_another_age"


def test_a_genre_word_inside_the_title_says_nothing_of_its_genre():
    sample = _sample(
        Case(
            "Which single did the band release in 2016?",
            'The band released the single "Hymn for the Weekend" in 2016, and it reached the chart in many lands.',
            ("Hymn for the Weekend",),
            (("Hymn for the Weekend", "WORK_OF_ART"),),
        )
    )
    assert "hymn" not in sample.context.casefold()


def test_a_question_asking_for_a_hymn_gets_no_made_title():
    case = Case(
        "Which hymn did the choir sing in 1900?",
        "The choir sang Heedless Winds in 1900. The song was printed in many books after that year.",
        ("Heedless Winds",),
        (("Heedless Winds", "WORK_OF_ART"),),
    )
    assert _reason(case) == "title_of_another_age"


def test_a_made_title_is_none_where_the_free_words_run_out():
    # two nouns for a title of three noun runs: the third finds none left
    assert made_title("Wind and Fire and Rain", ("Amber",), ("Harbor", "Raven"), random.Random(0)) is None
