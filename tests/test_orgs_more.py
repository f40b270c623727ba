"""Organisations classed by their question or trade words, divisions and groups of an ambiguous head, and
acronyms made anew with their expansions under context_v11 (swap/components/organisation_classes/make.py,
swap/components/composed_names/organisations.py): what is made, what is rewritten with it, what is refused."""

from __future__ import annotations

from fqa_build.swap.components import OrganisationClasses
from fqa_build.swap.components.composed_names.patterns import acronym_expansions
from fqa_build.swap.components.organisation_classes.cases_orgs_more import PERSONS
from fqa_build.swap.components.organisation_classes.make import tail_split
from fqa_build.swap.policies.registry import get_policy
from fqa_build.types import Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11 = get_policy("context_v11")
#: context_v11 without this task's two switches
BEFORE = V11.with_components(OrganisationClasses(by_question=False, acronym_expansions=False))


def _kept(case: Case) -> Sample:
    sample = run(case, V11)
    assert isinstance(sample, Sample), sample
    return sample


def test_a_plain_name_the_question_asks_for_as_a_company_is_made_a_surname():
    case = Case(
        "What company confirmed the news?",
        "On January 7, Pepsi confirmed to the press that the singer would appear in the show.",
        ("Pepsi",),
        (("Pepsi", "ORG"),),
        bank=PERSONS,
    )
    sample = _kept(case)
    assert sample.context == "On January 7, Tolbert confirmed to the press that the singer would appear in the show."
    assert (sample.replacement_entity, sample.entity_kind) == ("Tolbert", "company")
    assert run(case, BEFORE).rule == "kind_known"


def test_a_question_naming_a_trade_the_text_gives_keeps_the_row():
    sample = _kept(
        Case(
            "What petroleum company sponsored the game?",
            "The game was paid for by sponsors such as Chevron and others. Chevron is a petroleum giant.",
            ("Chevron",),
            (("Chevron", "ORG"),),
            bank=PERSONS,
        )
    )
    assert sample.context == (
        "The game was paid for by sponsors such as Tolbert and others. Tolbert is a petroleum giant."
    )


def test_a_trade_word_of_its_sentence_classes_a_plain_name():
    case = Case(
        "Who was chosen to build the lander?",
        "NASA announced the selection of Grumman as the contractor for the lander in November 1962.",
        ("Grumman",),
        (("Grumman", "ORG"),),
        bank=PERSONS,
    )
    assert _kept(case).context == (
        "NASA announced the selection of Tolbert as the contractor for the lander in November 1962."
    )
    assert run(case, BEFORE).rule == "kind_known"


def test_an_acronym_after_a_sentence_ending_in_a_capital_word_starts_no_longer_name():
    case = Case(
        "What company did the network merge with?",
        "The network announced a merger with ITT. ITT management promised autonomy to the company.",
        ("ITT",),
        (("ITT", "ORG"),),
    )
    sample = _kept(case)
    assert sample.context == "The network announced a merger with GTT. GTT management promised autonomy to the company."
    assert run(case, BEFORE).rule == "kind_known"


def test_a_broadcaster_whose_tail_is_an_ambiguous_head_keeps_the_tail():
    case = Case(
        "Which company distributed the show?",
        "The show was later distributed by Hearst Television, which owns many stations.",
        ("Hearst Television",),
        (("Hearst Television", "ORG"),),
        bank=PERSONS,
    )
    sample = _kept(case)
    assert (sample.replacement_entity, sample.entity_kind) == ("Tolbert Television", "broadcaster")
    assert run(case, BEFORE).rule == "kind_known"


def test_tail_split_wide_takes_a_groups_and_a_divisions_tail():
    assert tail_split("Sinclair Broadcast Group") is None
    assert tail_split("Sinclair Broadcast Group", wide=True) == ("Sinclair", "Broadcast Group")
    assert tail_split("ABC News", wide=True) == ("ABC", "News")


def test_acronym_expansions_finds_the_shortest_run_whose_capitals_spell_the_acronym():
    text = "The report of the Intergovernmental Panel on Climate Change (IPCC) and of the Big Ten (BT) came out."
    assert acronym_expansions(text) == (("IPCC", "Intergovernmental Panel on Climate Change"),)


def test_an_acronym_spelled_out_is_made_with_its_expansion():
    sample = _kept(
        Case(
            "Who assesses climate change?",
            "The Intergovernmental Panel on Climate Change (IPCC) is a scientific body. The IPCC was set up in 1988.",
            (("IPCC", 1),),
            (("Intergovernmental Panel on Climate Change", "ORG"), ("IPCC", "ORG"), ("IPCC", "ORG", 1)),
        )
    )
    assert sample.context == (
        "The Central Panel on Climate Change (CPCC) is a scientific body. The CPCC was set up in 1988."
    )
    assert (sample.replacement_entity, sample.entity_kind) == ("CPCC", "acronym_pair")


def test_an_expansion_is_made_with_its_acronym():
    sample = _kept(
        Case(
            "Who must teachers register with?",
            "Teachers must register with the General Teaching Council for Scotland (GTCS). The GTCS gives a status.",
            ("General Teaching Council for Scotland",),
            (("General Teaching Council for Scotland", "ORG"), ("GTCS", "ORG"), ("GTCS", "ORG", 1)),
        )
    )
    assert sample.context == (
        "Teachers must register with the Joint Teaching Council for Scotland (JTCS). The JTCS gives a status."
    )


def test_an_expansion_whose_first_word_is_neither_scope_nor_surname_is_not_classed():
    case = Case(
        "Who owned the network?",
        "The network was owned by the Radio Corporation of America (RCA) in 1930.",
        ("Radio Corporation of America",),
        (("Radio Corporation of America", "ORG"), ("RCA", "ORG")),
    )
    outcome = run(case, V11)
    assert isinstance(outcome, Rejection) or outcome.entity_kind != "acronym_pair"


def test_context_v10_has_neither_switch():
    v10 = get_policy("context_v10")
    assert not (v10.uses(OrganisationClasses, "by_question") or v10.uses(OrganisationClasses, "acronym_expansions"))
    assert V11.uses(OrganisationClasses, "by_question") and V11.uses(OrganisationClasses, "acronym_expansions")


def test_a_name_before_a_preposition_ending_in_ing_modifies_no_noun():
    case = Case(
        "The collection was a gift from which company?",
        "The collection came in 1913 as a gift from Harrods following its display at the nearby department store.",
        ("Harrods",),
        (("Harrods", "ORG"),),
        bank=PERSONS,
    )
    assert _kept(case).context == (
        "The collection came in 1913 as a gift from Tolbert following its display at the nearby department store."
    )
    assert run(case, BEFORE).rule == "kind_known"
