"""Every rejection names the rule that fired (fqa_build/types.py `Rejection.rule`), counted per source and reason in
`build_stats.json` (`rejected_by_rule`), written to `rejections.parquet` (`rule`) and shown in the card's funnel;
and the checks of context_v9's made replacements are named rules of stage `MADE` (swap/components/country_maps/rules.py,
towns.py, made_names.py)."""

from __future__ import annotations

import json
from collections import Counter

from fqa_build.config import SubstitutionConfig
from fqa_build.reasons import Reason
from fqa_build.release.stats import Tallies, build_stats
from fqa_build.swap.components.made_towns.regions import fits
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.swap.policies.rule_lists import MADE_RULES
from fqa_build.swap.rules import RULES, TABLE, Stage
from fqa_build.types import Rejection

from .conftest import context_info, make_bank, qa_record

V9 = SubstitutionConfig(policy="context_v9")
V10 = SubstitutionConfig(policy="context_v10")
BANK = make_bank(("Ghana", "GPE"), ("Togo", "GPE"), copies=2, classify_kinds=True)

#: what the bundled sample's build under the default (context_v10) rejects, per source, reason and rule
SAMPLE_RULES = {
    "squad": {
        "answer_coordinated": {"answer_not_coordinated": 1},
        "geography_left": {"no_unplaced_geography": 1},
        "inside_longer_name": {"country_not_in_larger_group": 1},
        "kind_not_swapped": {
            "city_known": 2,
            "country_form_known": 1,
            "name_has_generic_form": 8,
            "part_names_no_nation": 2,
            "person_named_in_full": 2,
            "person_not_a_ruler": 2,
        },
        "label_contradicted": {"city_used_as_place": 1, "kind_known": 11, "label_is_majority": 2},
        "landmark_named": {"city_not_famous": 4, "city_without_landmark": 1},
        "nationality_named": {"no_person_of_the_nation": 1, "person_without_nationality": 1},
        "no_candidate": {"country_name_without_article": 2},
        "number_beside_numbers": {"count_stands_alone": 9},
        "number_in_name": {"number_context_free": 1},
        "question_asks_for_several": {"question_asks_for_one": 2},
        "question_kind_mismatch": {"question_fits_label": 1, "who_asks_for_a_people": 3},
        "timeline_fixed": {"timeline_without_named_year": 1},
        "timeline_lifetime": {"timeline_without_known_lifetime": 5},
        "timeline_no_offset": {"timeline_has_offset": 2},
        "timeline_undated_event": {"timeline_without_undated_event": 2},
    },
    "trivia_qa": {
        "kind_not_swapped": {"city_known": 1, "person_not_a_ruler": 1},
        "label_contradicted": {"kind_known": 4, "label_is_majority": 1},
        "landmark_named": {"city_not_famous": 1, "no_empire_or_border": 1},
        "number_beside_numbers": {"count_stands_alone": 1},
        "timeline_lifetime": {"timeline_without_known_lifetime": 4},
        "timeline_undated_event": {"timeline_without_undated_event": 7},
    },
}


def _reject(context: str, entities, question: str, answer: str) -> Rejection:
    found = make_sample(qa_record(context, answer, question), context_info(context, entities), BANK, V9, {})
    assert isinstance(found, Rejection)
    return found


def _swap(context: str, entities: list[tuple[str, str]], question: str, answer: str, config=V10):
    """(replacement, new context) under `config`, or the rejection's (reason, rule)."""
    spans = [(context.index(text), context.index(text) + len(text), label) for text, label in entities]
    found = make_sample(qa_record(context, answer, question), context_info(context, spans), BANK, config, {})
    return (found.reason, found.rule) if isinstance(found, Rejection) else (found.replacement_entity, found.context)


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
    made = [rule.name for rule in TABLE if rule.stage is Stage.MADE]
    assert Stage.MENTION < Stage.MADE < Stage.FORMS
    # context_v9's made checks run in the order its made functions checked them (a country map's, a town's, a
    # composed name's: each module's in the order they are defined)
    for module in ("country_maps.rules", "made_towns.rules", "composed_names.rules"):
        own = [name for name in made if RULES[name].check.__module__.endswith(f".{module}")]
        assert [name for name in MADE_RULES if name in own] == [name for name in own if name in MADE_RULES]
        assert len(set(own) & set(MADE_RULES)) > 3


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
    from fqa_build.read.skips import SkipCounter

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
    assert "`kind_known` (15), `label_is_majority` (3), `city_used_as_place` (1) | 19 |" in body
    assert "`count_stands_alone` (10) | 10 |" in body


# --- made places stay where the text puts them (context_v10) -----------------------------------------------


def test_a_place_fits_the_regions_named_near():
    near = (("US", "CA"), ("US", ""))
    assert fits("US", "CA", near) and fits("US", "", near)
    assert not fits("US", "NV", near) and not fits("MX", "", near)
    assert fits("FR", "", ())  # nothing named near: any region fits


def test_a_town_far_from_the_places_named_beside_it_is_dropped():
    context = "They moved to Fresno, not far from Reno in Nevada, and opened a shop."
    entities = [("Fresno", "GPE"), ("Reno", "GPE"), ("Nevada", "GPE")]
    assert _swap(context, entities, "Where did they move?", "Fresno", V9) == (
        "Whittier",
        "They moved to Whittier, not far from Reno in Nevada, and opened a shop.",
    )
    assert _swap(context, entities, "Where did they move?", "Fresno") == (
        Reason.PLACE_OUT_OF_REGION,
        "made_place_in_named_region",
    )


def test_a_town_in_the_state_named_beside_it_is_kept():
    context = "They moved to Fresno in California and opened a small shop for farmers."
    entities = [("Fresno", "GPE"), ("California", "GPE")]
    assert _swap(context, entities, "Where did they move?", "Fresno") == (
        "Thousand Oaks",
        "They moved to Thousand Oaks in California and opened a small shop for farmers.",
    )


def test_a_place_named_in_another_sentence_does_not_bind():
    context = "They moved to Fresno and opened a small shop for farmers. Later they visited Mexico."
    entities = [("Fresno", "GPE"), ("Mexico", "GPE")]
    assert _swap(context, entities, "Where did they move?", "Fresno")[0] == "Thousand Oaks"


def test_a_place_not_tagged_as_a_place_does_not_bind():
    # "Reno" and "Nevada" as NER gave them: no GPE, so the sentence names no place
    context = "They moved to Fresno, not far from Reno in Nevada, and opened a shop."
    assert _swap(context, [("Fresno", "GPE")], "Where did they move?", "Fresno")[0] == "Thousand Oaks"


def test_a_composed_part_takes_the_region_of_the_places_near():
    # "Wilson" is a city of North Carolina, the mountain stands above Hollywood: a town of California within 25 km
    # of Hollywood (swap/components/made_towns/locality.py), but every one is a district of Los Angeles: nothing to make
    context = "A transmitter was built on Mount Wilson, above Hollywood, in the spring of that year."
    entities = [("Mount Wilson", "LOC"), ("Hollywood", "GPE")]
    question = "Where was a transmitter built?"
    assert _swap(context, entities, question, "Mount Wilson", V9)[0] == "Mount Havelock"
    assert _swap(context, entities, question, "Mount Wilson") == (Reason.NO_CANDIDATE, None)


def test_a_composed_part_no_gazetteer_places_takes_the_region_named_near():
    context = "The Battle of Brandywine was fought just outside Philadelphia in the autumn of that year."
    entities = [("Battle of Brandywine", "EVENT"), ("Philadelphia", "GPE")]
    question = "What battle was fought in the autumn?"
    assert _swap(context, entities, question, "Battle of Brandywine", V9) == (Reason.NO_CANDIDATE, None)
    assert _swap(context, entities, question, "Battle of Brandywine") == (
        "Battle of Bensalem",
        "The Battle of Bensalem was fought just outside Philadelphia in the autumn of that year.",
    )


def test_a_longer_name_holding_a_place_does_not_bind():
    # "Westchester County" is no city of Westchester (Florida): the county's region is not known
    context = "They moved to Fresno, as far from Westchester County as they could, and opened a shop."
    entities = [("Fresno", "GPE"), ("Westchester County", "GPE")]
    assert _swap(context, entities, "Where did they move?", "Fresno")[0] == "Thousand Oaks"


def test_a_place_the_text_does_not_put_the_original_in_does_not_bind():
    # "from Fresno to Mexico": a journey between two places puts neither in the other's country
    context = "They travelled from Fresno to Mexico in the spring and opened a shop."
    entities = [("Fresno", "GPE"), ("Mexico", "GPE")]
    assert _swap(context, entities, "Where did they travel from?", "Fresno")[0] == "Thousand Oaks"


def test_a_part_takes_the_region_its_sentence_names_before_it():
    # no word of place ties the mountain to Hollywood, but its sentence names no other region: a repair only
    context = "They bought land in Hollywood and built a transmitter on Mount Wilson in the spring of that year."
    entities = [("Hollywood", "GPE"), ("Mount Wilson", "LOC")]
    question = "Where was the transmitter built?"
    assert _swap(context, entities, question, "Mount Wilson", V9)[0] == "Mount Havelock"
    # ... and the sentence names Hollywood: every town within 25 km of it is a district of Los Angeles
    assert _swap(context, entities, question, "Mount Wilson")[0] == Reason.NO_CANDIDATE


def test_a_town_keeps_its_region_where_its_sentence_names_another():
    # a journey from Moscow does not put Vladivostok in Moscow's region: nothing dropped, nothing moved
    context = "The railway runs from Moscow to Vladivostok and was finished in the year of the war."
    entities = [("Moscow", "GPE"), ("Vladivostok", "GPE")]
    question = "Where does the railway run to?"
    assert _swap(context, entities, question, "Vladivostok") == _swap(context, entities, question, "Vladivostok", V9)
    assert _swap(context, entities, question, "Vladivostok")[0] == "Nakhodka"
