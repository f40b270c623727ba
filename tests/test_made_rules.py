"""Every rejection names the rule that fired (build/types.py `Rejection.rule`), counted per source and reason in
`build_stats.json` (`rejected_by_rule`), written to `rejections.parquet` (`rule`) and shown in the card's funnel;
and the checks of context_v9's made replacements are named rules of stage `MADE` (build/swap/rules/countries.py,
towns.py, compose_names.py)."""

from __future__ import annotations

import json
from collections import Counter

from build.config import SubstitutionConfig
from build.reasons import Reason
from build.release.stats import Tallies, build_stats
from build.swap.rules import TABLE, Stage
from build.swap.sample import make_sample
from build.types import Rejection

from .conftest import context_info, make_bank, qa_record

V9 = SubstitutionConfig(policy="context_v9")
BANK = make_bank(("Ghana", "GPE"), ("Togo", "GPE"), copies=2, kinds=True)

#: what the bundled sample's build under context_v9 rejects, per source, reason and rule
SAMPLE_RULES = {
    "squad": {
        "geography_left": {"no_unplaced_geography": 2},
        "inside_longer_name": {"country_not_in_larger_group": 1},
        "kind_not_swapped": {
            "city_known": 2,
            "country_form_known": 1,
            "name_has_generic_form": 8,
            "part_names_no_nation": 2,
            "person_named_in_full": 2,
            "person_not_a_ruler": 1,
        },
        "label_contradicted": {"city_used_as_place": 1, "kind_known": 14, "label_is_majority": 3},
        "landmark_named": {"city_not_famous": 4, "city_without_landmark": 1},
        "nationality_named": {"no_person_of_the_nation": 1, "person_without_nationality": 2},
        "no_candidate": {"country_name_without_article": 2},
        "number_beside_numbers": {"count_stands_alone": 9},
        "number_in_name": {"number_context_free": 1},
        "question_asks_for_several": {"question_asks_for_one": 2},
        "question_kind_mismatch": {"question_fits_label": 1, "who_asks_for_a_people": 3},
        "relative_date": {"no_relative_date": 1},
        "year_beside_duration": {"no_duration_beside_year": 1},
    },
    "trivia_qa": {
        "kind_not_swapped": {"city_known": 1, "person_not_a_ruler": 1},
        "label_contradicted": {"kind_known": 4, "label_is_majority": 1},
        "landmark_named": {"city_not_famous": 1, "no_empire_or_border": 1},
        "number_beside_numbers": {"count_stands_alone": 1},
    },
}


def _reject(context: str, entities, question: str, answer: str) -> Rejection:
    found = make_sample(qa_record(context, answer, question), context_info(context, entities), BANK, V9, {})
    assert isinstance(found, Rejection)
    return found


def test_a_rejection_names_its_rule():
    context = "They moved to Chicago in 1950 and opened a small shop."
    found = _reject(context, [(14, 21, "GPE")], "Where did they move?", "Chicago")
    assert found == Rejection(Reason.LANDMARK_NAMED, "GPE", "Chicago", "city_not_famous")


def test_a_failed_match_or_draw_names_no_rule():
    context = "They moved to the coast in 1950 and opened a small shop."
    assert _reject(context, [], "Where did they move?", "the coast") == Rejection(Reason.NO_ENTITY_MATCH)
    # Portugal borders Spain only: no peer of Spain borders Portugal, so the map draws nothing
    context = "The railway runs from Portugal into Spain."
    found = _reject(context, [(22, 30, "GPE"), (36, 41, "GPE")], "Into which country does the railway run?", "Spain")
    assert found == Rejection(Reason.NO_CANDIDATE, "GPE", "Spain", None)


def test_a_made_check_of_no_candidate_is_a_named_rule():
    context = "The United States built the bridge over the river."
    found = _reject(context, [(4, 17, "GPE")], "Which country built the bridge?", "United States")
    assert found == Rejection(Reason.NO_CANDIDATE, "GPE", "United States", "country_name_without_article")


def test_made_rules_run_between_the_mention_and_the_draw():
    stages = [rule.stage for rule in TABLE]
    made = [rule.name for rule in TABLE if rule.stage is Stage.MADE]
    assert Stage.MENTION < Stage.MADE < Stage.FORMS and stages.count(Stage.MADE) == len(made) == 39
    assert (made[0], made[16], made[27], made[-1]) == (
        "country_form_known",
        "gpe_is_country_or_city",
        "name_not_famous",
        "part_names_a_place_or_person",
    )


def test_tallies_count_rejections_per_rule():
    tallies = Tallies()
    for rejection in (
        Rejection(Reason.RELATIVE_DATE, "DATE", "1990", "no_relative_date"),
        Rejection(Reason.RELATIVE_DATE, "DATE", "1991", "no_close_tie"),
        Rejection(Reason.RELATIVE_DATE, "DATE", "1992", "no_close_tie"),
        Rejection(Reason.NO_CANDIDATE, "DATE", "1993"),
    ):
        tallies.rejection("squad", rejection)
    tallies.rejection("nq", Rejection(Reason.RELATIVE_DATE, "DATE", "1994", "no_loose_tie"))
    assert {source: dict(by) for source, by in tallies.rejected.items()} == {
        "squad": {Reason.RELATIVE_DATE: 3, Reason.NO_CANDIDATE: 1},
        "nq": {Reason.RELATIVE_DATE: 1},
    }
    assert {s: {r: dict(c) for r, c in by.items()} for s, by in tallies.rejected_by_rule.items()} == {
        "squad": {Reason.RELATIVE_DATE: {"no_relative_date": 1, "no_close_tie": 2}},
        "nq": {Reason.RELATIVE_DATE: {"no_loose_tie": 1}},
    }


def test_build_stats_hold_the_rule_counts_beside_the_reasons():
    from build.read.skips import SkipCounter

    tallies, skips = Tallies(), SkipCounter()
    skips.totals["squad"] = 3
    tallies.rejection("squad", Rejection(Reason.RELATIVE_DATE, "DATE", "1991", "no_close_tie"))
    tallies.rejection("squad", Rejection(Reason.NO_CANDIDATE, "DATE", "1993"))
    stats = build_stats(skips, tallies, make_bank(), {}, 1, 1)
    assert stats["sources"]["squad"]["rejected"] == {"no_candidate": 1, "relative_date": 1}
    assert stats["sources"]["squad"]["rejected_by_rule"] == {"relative_date": {"no_close_tie": 1}}


def test_the_sample_counts_its_rejections_per_rule(sample_build):
    stats = json.loads((sample_build.out / "build_stats.json").read_text(encoding="utf-8"))
    assert {s: n["rejected_by_rule"] for s, n in stats["sources"].items()} == SAMPLE_RULES
    for numbers in stats["sources"].values():  # every rule's count is part of its reason's
        for reason, rules in numbers["rejected_by_rule"].items():
            assert sum(rules.values()) <= numbers["rejected"][reason]
    # a rule names every rejection but the failed matches and draws
    rejected = Counter()
    for numbers in stats["sources"].values():
        rejected.update(numbers["rejected"])
    named = sum(n for by in SAMPLE_RULES.values() for rules in by.values() for n in rules.values())
    assert named == sum(rejected.values()) - rejected["no_entity_match"] - rejected["no_candidate"] + 2


def test_the_card_funnel_names_the_rules(sample_build):
    body = (sample_build.out / "README.md").read_text(encoding="utf-8")
    assert "| rules (questions) |" in body
    assert "| `label_contradicted` | " in body
    assert "`kind_known` (18), `label_is_majority` (4), `city_used_as_place` (1) | 23 |" in body
    assert "`count_stands_alone` (10) | 10 |" in body
