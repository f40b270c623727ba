"""Mentions NER labels wrongly, swapped under the label their text shows (fqa_build/swap/rules/persons.py `relabel`)."""

from __future__ import annotations

from fqa_build.swap.components.relabelled_names.rules import full_name_in_text
from fqa_build.types import Rejection, Sample

from .retired_policies import CONTEXT_V10, CONTEXT_V11
from .rule_case import Case
from .test_rules import run

_BANK = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))


def _case(question: str, context: str, answer: str, label: str, **extra) -> Case:
    return Case(question, context, (answer,), ((answer, label),), bank=_BANK, **extra)


def test_a_person_tagged_org_is_swapped_as_a_person():
    case = _case(
        "Who designed the engine?",
        "The engine was designed by engineer Mark Dwyer in 1901, and it ran for forty years.",
        "Mark Dwyer",
        "ORG",
    )
    sample = run(case, CONTEXT_V11)
    assert isinstance(sample, Sample)
    assert (sample.entity_type, sample.entity_kind, sample.replacement_entity) == ("PERSON", "full_name", "Tom Marx")
    assert sample.context == "The engine was designed by engineer Tom Marx in 1901, and it ran for forty years."


def test_the_switch_is_off_before_context_v11():
    case = _case(
        "Who designed the engine?",
        "The engine was designed by engineer Mark Dwyer in 1901, and it ran for forty years.",
        "Mark Dwyer",
        "ORG",
    )
    rejected = run(case, CONTEXT_V10)
    assert isinstance(rejected, Rejection)
    assert (rejected.entity_type, rejected.rule) == ("ORG", "kind_known")


def test_a_surname_tagged_org_is_a_person_named_by_surname_where_the_passage_names_him_in_full():
    case = Case(
        "Who built the first coil?",
        "The inventor Otto Brenner moved to the city in 1884. Brenner built the first coil there a year later.",
        (("Brenner", 1),),
        (("Otto Brenner", "ORG"), ("Brenner", "ORG", 1)),
        bank=_BANK,
    )
    # a person now (a surname is drawn from the corpus's persons of other articles: this bank has none)
    rejected = run(case, CONTEXT_V11)
    assert isinstance(rejected, Rejection)
    assert (rejected.entity_type, rejected.reason, rejected.rule) == ("PERSON", "no_candidate", None)
    assert run(case, CONTEXT_V10).rule == "kind_known"


def test_a_name_without_person_evidence_keeps_its_label():
    case = _case(
        "What company built the engine?",
        "The engine was built by Mark Dwyer in 1901, and it ran for forty years.",
        "Mark Dwyer",
        "ORG",
    )
    rejected = run(case, CONTEXT_V11)
    assert isinstance(rejected, Rejection) and rejected.entity_type == "ORG"


def test_a_company_named_after_its_founder_is_refused():
    case = _case(
        "Who designed the engine?",
        "The engine was designed by engineer Mark Dwyer in 1901. Later, Mark Dwyer Motors built it in large numbers.",
        "Mark Dwyer",
        "ORG",
    )
    rejected = run(case, CONTEXT_V11)
    assert isinstance(rejected, Rejection)
    assert (rejected.entity_type, rejected.rule) == ("PERSON", "relabelled_one_referent")


def test_a_person_of_an_unknown_given_name_is_kept_a_person_by_a_role_word():
    case = _case(
        "Who caught the most passes?",
        "Veteran receiver Demarko Miller caught the most passes of the season for the team.",
        "Demarko Miller",
        "PERSON",
    )
    sample = run(case, CONTEXT_V11)
    assert isinstance(sample, Sample), sample
    assert sample.context == "Veteran receiver Karl Hanks caught the most passes of the season for the team."
    rejected = run(case, CONTEXT_V10)
    assert isinstance(rejected, Rejection) and rejected.rule == "label_is_majority"


def test_a_name_of_a_place_word_is_no_person():
    case = _case(
        "Who wrote the guide?",
        "The guide was written by the scholar Santa Maria Florence in 1910 for the city's visitors.",
        "Santa Maria Florence",
        "ORG",
    )
    rejected = run(case, CONTEXT_V11)
    assert isinstance(rejected, Rejection)
    assert (rejected.entity_type, rejected.rule) == ("ORG", "kind_known")


def test_a_known_city_tagged_person_is_a_place():
    case = _case(
        "Where did the riots begin?",
        "The riots began in Zwickau in 1521 and spread to the towns around it within a month.",
        "Zwickau",
        "PERSON",
    )
    outcome = run(case, CONTEXT_V11)
    assert outcome.entity_type == "GPE"


def test_full_name_in_text():
    assert full_name_in_text("In 1884 Nikola Tesla arrived; Tesla worked.", "Tesla") == "Nikola Tesla"
    assert full_name_in_text("In 1884 J. P. Tesla arrived.", "Tesla") == "J. P. Tesla"
    assert full_name_in_text("The Tesla coil; Model Tesla.", "Tesla") is None
