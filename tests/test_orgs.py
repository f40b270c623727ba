"""Organisations without a generic head, classed by their text and made anew under context_v11
(swap/components/organisation_classes/make.py, swap/components/composed_names/organisations.py): what each class is
made into, what the rewrite takes over with it, what is not classed, and that context_v10 still drops them all."""

from __future__ import annotations

import pytest

from fqa_build.swap.components import ComposedNames
from fqa_build.swap.components.organisation_classes.make import expansion_spelled, tail_split
from fqa_build.swap.policies.registry import get_policy
from fqa_build.types import Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11, V10 = get_policy("context_v11"), get_policy("context_v10")
#: persons of the corpus whose surnames name made companies
PERSONS = (("Jane Tolbert", "PERSON"), ("John Hale", "PERSON"), ("Mary Quince", "PERSON"))


def _kept(case: Case) -> Sample:
    sample = run(case, V11)
    assert isinstance(sample, Sample), sample
    return sample


def test_a_broadcaster_acronym_gets_another_first_letter_and_its_possessive_follows():
    sample = _kept(
        Case(
            "Which network aired the game?",
            "CBS aired the game on television in 2016. The network paid a lot, and CBS's ratings rose.",
            ("CBS",),
            (("CBS", "ORG"),),
        )
    )
    assert sample.context == "ZBS aired the game on television in 2016. The network paid a lot, and ZBS's ratings rose."
    assert (sample.replacement_entity, sample.entity_kind, sample.answers["text"]) == ("ZBS", "broadcaster", ["ZBS"])


def test_a_division_named_after_the_acronym_is_renamed_with_it():
    sample = _kept(
        Case(
            "Which network aired the game?",
            "The game was aired by CBS on television in 2016. Its coverage was made by CBS Sports staff.",
            ("CBS",),
            (("CBS", "ORG"), ("CBS Sports", "ORG")),
        )
    )
    assert (
        sample.context == "The game was aired by ZBS on television in 2016. Its coverage was made by ZBS Sports staff."
    )


def test_a_call_sign_keeps_its_first_letter_and_changes_its_last():
    sample = _kept(
        Case(
            "Which radio station did the network buy?",
            "In 1960 the network bought the Chicago radio station WLS from its owners for a large sum.",
            ("WLS",),
            (("WLS", "ORG"),),
        )
    )
    assert sample.replacement_entity == "WLG"


def test_an_acronym_before_a_noun_of_a_technical_kind_is_not_classed():
    case = Case(
        "Which band did the stations use?",
        "The stations were told to broadcast on VHF channel 7 by the network in that year.",
        ("VHF",),
        (("VHF", "ORG"),),
    )
    assert run(case, V11).rule == "kind_known"


def test_a_company_with_a_business_word_keeps_it_and_its_short_form_follows():
    sample = _kept(
        Case(
            "Which studio made the film?",
            "The film was made by Paramount Pictures in 1950. Later Paramount sold the rights to a network.",
            ("Paramount Pictures",),
            (("Paramount Pictures", "ORG"),),
            bank=PERSONS,
        )
    )
    assert (
        sample.context == "The film was made by Tolbert Pictures in 1950. Later Tolbert sold the rights to a network."
    )
    assert sample.entity_kind == "company"


def test_a_plain_company_name_gets_surnames_of_its_form_each_word_alone_rewritten():
    sample = _kept(
        Case(
            "Which bank employed him?",
            "He was the chairman of Goldman Sachs, the investment firm, until 2006, when Sachs shares fell.",
            ("Goldman Sachs",),
            (("Goldman Sachs", "ORG"),),
            bank=PERSONS,
        )
    )
    assert sample.context == (
        "He was the chairman of Tolbert Quince, the investment firm, until 2006, when Quince shares fell."
    )


def test_a_team_of_a_region_becomes_a_town_of_its_state_and_the_region_alone_follows():
    sample = _kept(
        Case(
            "Who did the Broncos beat?",
            "The Broncos beat the Carolina Panthers in the final game of the season. Carolina's defense was strong.",
            ("Carolina Panthers",),
            (("Carolina Panthers", "ORG"),),
        )
    )
    assert sample.context == (
        "The Broncos beat the Winston-Salem Panthers in the final game of the season. "
        "Winston-Salem's defense was strong."
    )
    assert sample.entity_kind == "region_team"


def test_context_v10_still_drops_an_organisation_without_a_head():
    case = Case(
        "Which network aired the game?",
        "CBS aired the game on television in 2016. The network paid a lot, and CBS's ratings rose.",
        ("CBS",),
        (("CBS", "ORG"),),
    )
    rejected = run(case, V10)
    assert isinstance(rejected, Rejection) and rejected.rule == "kind_known"


@pytest.mark.parametrize(
    ("text", "acronym", "spelled"),
    [
        ("The Columbia Broadcasting System aired it.", "CBS", True),
        ("The Department of Justice said so.", "DOJ", True),
        ("The network aired it in Boston.", "CBS", False),
    ],
)
def test_expansion_spelled(text, acronym, spelled):
    assert expansion_spelled(text, acronym) is spelled


@pytest.mark.parametrize(
    ("name", "split"),
    [
        ("Paramount Pictures", ("Paramount", "Pictures")),
        ("DuMont Television Network", ("DuMont", "Television Network")),
        ("ABC Radio", ("ABC", "Radio")),
        ("Time Warner Cable", ("Time Warner", "Cable")),
        ("University of Chicago", None),
        ("Pictures", None),
    ],
)
def test_tail_split(name, split):
    assert tail_split(name) == split


def test_an_acronym_whose_paragraph_speaks_of_government_is_an_agency():
    sample = _kept(
        Case(
            "Which agency ran the program?",
            "The program was run by NASA with a large federal budget for many years. Later NASA reduced it.",
            ("NASA",),
            (("NASA", "ORG"),),
        )
    )
    assert (sample.context, sample.entity_kind) == (
        "The program was run by PASA with a large federal budget for many years. Later PASA reduced it.",
        "agency",
    )


def test_a_team_place_joined_to_another_place_is_refused():
    case = Case(
        "Who did the Giants beat?",
        "The Giants beat the Arizona Cardinals in the last game of the season. The Arizona/Phoenix fans were sad.",
        ("Arizona Cardinals",),
        (("Arizona Cardinals", "ORG"),),
    )
    assert run(case, V11).rule == "team_place_stands_for_team"


def test_a_region_team_town_is_one_a_major_league_could_play_in():
    from fqa_build.swap.components.made_towns.make import HOST_POPULATION

    assert HOST_POPULATION == (100_000, 500_000)
    assert get_policy("context_v11").uses(ComposedNames, "team_towns_host_sized") and not V10.uses(
        ComposedNames, "team_towns_host_sized"
    )


def test_a_team_of_a_city_that_shares_a_states_name_is_no_region_team():
    from fqa_build.swap.components.organisation_classes.make import region_team

    assert region_team("New York Yankees") is None
    assert region_team("Washington Nationals") is None
    assert region_team("Arizona Cardinals") == (("US", "AZ"), "Arizona", "Cardinals")


def test_a_network_acronym_becomes_no_call_sign_and_no_known_broadcaster():
    sample = _kept(
        Case(
            "Which network aired the game?",
            "MBS aired the game on television in 2016. The network paid a lot, and MBS's ratings rose.",
            ("MBS",),
            (("MBS", "ORG"),),
        )
    )
    made = sample.replacement_entity
    assert made[1:] == "BS" and made[0] not in "WKM"
    assert made not in {"CBS", "PBS", "TBS", "SBS", "KBS"}


def test_a_region_named_inside_a_slash_pair_of_team_histories_is_refused():
    case = Case(
        "Who did the Broncos beat?",
        "The Broncos beat the Carolina Panthers in the final game. The Carolina/Charlotte Hornets won the other game.",
        ("Carolina Panthers",),
        (("Carolina Panthers", "ORG"),),
    )
    assert run(case, V11).rule == "team_place_stands_for_team"


def test_a_network_acronym_before_a_business_word_takes_no_call_sign_letter():
    sample = _kept(
        Case(
            "Which company made the film?",
            "The film was made by ABC Pictures, a film company. ABC Pictures closed later.",
            ("ABC Pictures",),
            (("ABC Pictures", "ORG"),),
        )
    )
    assert sample.replacement_entity.endswith("BC Pictures") and sample.replacement_entity[0] not in "AWK"
