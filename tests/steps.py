"""The steps by which `context_v8` was built up, rebuilt as unregistered test policies.

`kind_v1`, `neighbours_v1` and `context_v1` to `context_v7` were retired from the registry. Their
rules all run under `context_v8`, and their candidate filters are `context_v8`'s, so a rule's hand-made record
(tests/test_rules.py) and the kind behaviour (tests/test_policies.py) are tested under the first step that runs
them, before the later steps narrow what they swap. No step is registered, so no step can be built.
"""

from __future__ import annotations

from build.swap.policies.registry import POLICIES, Policy

TYPE_SHAPE_V1_RULES = frozenset(
    {
        "question_free_of_original",
        "not_inside_other_person",
        "new_entity_present",
        "context_changed",
        "context_long_enough",
        "replacement_not_in_original",
        "few_occurrences",
        "replacement_long_enough",
        "original_absent",
        "answer_offsets_valid",
        "original_not_in_question",
    }
)
KIND_V1_RULES = TYPE_SHAPE_V1_RULES | {
    "kind_known",
    "person_written_as_person",
    "cardinal_not_one",
    "label_is_majority",
    "gpe_not_second_of_pair",
    "acronyms_rewritable",
    "short_forms_rewritable",
    "not_inside_longer_name",
    "gpe_pairs_coherent",
    "number_context_free",
    "no_relative_date",
    "no_geography_left",
    "no_derived_word_left",
    "no_other_answer_left",
}
CONTEXT_V1_RULES = KIND_V1_RULES | {
    "question_asks_for_one",
    "weekday_still_fits",
    "not_a_stated_factor",
    "place_fits_its_container",
    "no_variant_left",
}
CONTEXT_V2_RULES = CONTEXT_V1_RULES | {"answer_is_the_entity"}
CONTEXT_V3_RULES = CONTEXT_V2_RULES | {"count_stands_alone", "no_duration_beside_year"}
CONTEXT_V4_RULES = CONTEXT_V3_RULES | {
    "question_fits_label",
    "group_is_nationality",
    "person_named_in_full",
    "no_close_tie",
}
CONTEXT_V5_RULES = CONTEXT_V4_RULES | {"person_name_credible", "place_not_part_of_name"}
CONTEXT_V6_RULES = CONTEXT_V5_RULES | {
    "type_is_swapped",
    "person_not_a_ruler",
    "person_surname_not_a_word",
    "person_not_in_couple",
    "no_surname_word_left",
    "weekday_not_beside_date",
    "no_day_count_tie",
}
CONTEXT_V7_RULES = CONTEXT_V6_RULES | {
    "count_not_listed",
    "article_fits_number",
    "person_without_nationality",
    "question_not_plural",
    "question_noun_fits_number",
    "no_counted_tie",
}
CONTEXT_V8_RULES = CONTEXT_V7_RULES | {
    "count_not_enumerated",
    "number_is_a_count",
    "no_loose_tie",
    "year_not_under_a_weekday",
}
#: The checks of context_v9's made replacements, named rules (build/swap/rules/countries.py, towns.py, compose_names.py)
MADE_RULES = frozenset(
    {
        "country_form_known",
        "country_form_fits_label",
        "question_not_about_language",
        "who_asks_for_a_people",
        "question_free_of_country",
        "country_name_without_article",
        "adjective_not_a_language",
        "country_not_in_larger_group",
        "no_other_nation_named",
        "no_war_named",
        "no_empire_or_border",
        "no_unplaced_geography",
        "no_person_of_the_nation",
        "question_names_no_person",
        "no_acronym_of_country",
        "no_place_of_country_left",
        "gpe_is_country_or_city",
        "city_not_a_region",
        "city_known",
        "city_not_famous",
        "city_used_as_place",
        "city_without_role_word",
        "city_pair_known",
        "city_not_a_byname",
        "city_has_no_unique_role",
        "city_without_landmark",
        "question_gives_city_no_role",
        "name_not_famous",
        "team_in_a_sports_text",
        "name_has_generic_form",
        "part_names_no_nation",
        "part_names_no_region_or_direction",
        "part_not_a_common_word",
        "part_holds_no_place",
        "part_not_named_alone",
        "question_free_of_part",
        "part_leaves_no_derived_word",
        "name_not_a_campus",
        "part_names_a_place_or_person",
    }
)
#: What context_v10 adds to context_v9's rules
CONTEXT_V10_RULES: frozenset[str] = frozenset(
    {
        "made_place_near_its_neighbours",
        "made_place_in_named_region",
        "no_second_answer_left",
        "question_asks_for_a_time",
        "question_grain_fits",
        "performer_is_asked",
        "year_not_an_anniversary",
        "year_not_a_numbered_instance",
        "count_fits_its_list",
        "part_of_a_whole_in_words",
        "stretch_not_in_a_sum",
        "age_stands_alone",
        "answer_not_coordinated",
        "no_other_name_beside",
        "name_not_cut",
        "no_name_derivative_left",
        "no_name_word_left",
        "role_fits_gender",
    }
)
#: What context_v11 adds to context_v10's rules
CONTEXT_V11_RULES: frozenset[str] = frozenset(
    {
        # organisations without a generic head (build/swap/rules/organisations.py)
        "org_expansion_not_spelled",
        "team_place_stands_for_team",
        "org_acronym_not_inside_word",
        # made works of art and laws (build/swap/rules/works.py)
        "work_has_made_form",
        "work_called_a_work",
        "work_not_famous",
        "work_not_numbered",
        "title_words_not_reused",
        "question_names_no_title_word",
        "work_not_tied_to_famous_person",
        # made values: numbers with units (build/swap/rules/values.py)
        "value_is_one_number",
        "value_not_in_a_name",
        "question_free_of_value",
        "value_keeps_its_place",
        "value_not_in_arithmetic",
        "value_not_restated",
        # closed-class noun answers
        "thing_class_asked",
        "thing_written_as_common_noun",
        "thing_not_in_compound",
        "question_free_of_thing",
        "thing_named_no_other_way",
        "no_thing_derivative_left",
        "thing_alone_in_its_class",
        # a date swap moves the passage's whole timeline (build/swap/rules/timelines.py)
        "timeline_without_weekday",
        "timeline_without_era",
        "timeline_not_from_present",
        "timeline_without_named_year",
        "timeline_years_read",
        "timeline_has_offset",
        "timeline_without_numbered_series",
        "timeline_without_undated_event",
        "timeline_without_known_lifetime",
        # counts that keep their relations (build/swap/rules/arithmetic.py, count_asks.py)
        "counts_keep_relations",
        "question_asks_a_number",
        # made values: the class the sentence names, a gloss, what the question asks (build/swap/rules/value_fits.py)
        "value_not_on_a_named_scale",
        "value_not_glossed",
        "value_is_what_is_asked",
        "count_free_in_passage",
        # made works of art and laws, second round (build/swap/rules/works.py)
        "title_not_cut",
        "title_of_modern_kind",
        "site_answers_the_question",
        # persons named in part: the question asks for one, no other spelling left (build/swap/rules/persons.py)
        "person_asked_alone",
        "no_person_spelling_left",
        # organisations classed by the question or trade words (build/swap/rules/organisations.py)
        "company_not_named_for_person",
        "company_nationality_not_stated",
        "company_trade_in_text",
        "acronym_pair_rewritable",
        "org_not_paired_by_order",
        # evidence windows: a country's adjective labelling words of its language (build/swap/rules/countries.py)
        "adjective_not_a_gloss",
        # mentions NER labels wrongly, swapped under the label their text shows (build/swap/rules/labels.py, persons.py)
        "relabelled_one_referent",
        "relabelled_name_keeps_culture",
    }
)
#: What each registered policy runs (pinned here, not read from the registry, so an edit there fails below).
POLICY_RULES = {
    "type_shape_v1": TYPE_SHAPE_V1_RULES,
    "context_v8": CONTEXT_V8_RULES,
    "context_v9": CONTEXT_V8_RULES | MADE_RULES,  # v9 makes replacements, and checks the text for them
    "context_v10": CONTEXT_V8_RULES | MADE_RULES | CONTEXT_V10_RULES,
    "context_v11": CONTEXT_V8_RULES | MADE_RULES | CONTEXT_V10_RULES | CONTEXT_V11_RULES,
    # context_v12 runs context_v11's rules with the switches of its failed mechanisms off
    "context_v12": CONTEXT_V8_RULES | MADE_RULES | CONTEXT_V10_RULES | CONTEXT_V11_RULES,
}

#: The filters the first kind policy drew with (kept: every one is a filter of context_v8).
KIND_FILTERS = ("same_kind", "same_magnitude", "same_country", "year_stays_year", "keeps_chronology", "same_gender",
                "city_in_region")  # fmt: skip


def _step(name: str, base: Policy, rules: frozenset[str], **changes) -> Policy:
    return base.extend(name, f"test step {name}", rules=tuple(sorted(rules - base.rules)), **changes)


#: The steps by which context_v8 was built up (the retired kind_v1 ... context_v7, rebuilt here as unregistered
#: test policies, with the filters they had that context_v8 kept): a rule's record is run under the first step
#: that runs the rule, where the record reaches it before the later steps narrow what they swap.
_TYPE_SHAPE = POLICIES["type_shape_v1"]
KIND_STEP = _step("kind", _TYPE_SHAPE, KIND_V1_RULES, filters=KIND_FILTERS, classify_kinds=True, acronym_forms=True)
NEIGHBOURS_STEP = _step("neighbours", KIND_STEP, KIND_V1_RULES, draw="neighbours")
_C1 = _step("c1", NEIGHBOURS_STEP, CONTEXT_V1_RULES, filters=(*KIND_FILTERS, "same_era"))
_C2 = _step("c2", _C1, CONTEXT_V2_RULES, filters=(*_C1.filters, "same_article"))
_C3 = _step("c3", _C2, CONTEXT_V3_RULES, filters=(*_C2.filters, "same_continent"))
_C4 = _step("c4", _C3, CONTEXT_V4_RULES)
_C5 = _step("c5", _C3, CONTEXT_V5_RULES, filters=POLICIES["context_v8"].filters[:-9], composed_persons=True)
_C6 = _step("c6", _C5, CONTEXT_V6_RULES, filters=POLICIES["context_v8"].filters[:-3],
            swap_types=frozenset({"PERSON", "DATE", "CARDINAL"}))  # fmt: skip
_C7 = _step("c7", _C6, CONTEXT_V7_RULES, filters=POLICIES["context_v8"].filters[:-1])
STEPS: tuple[Policy, ...] = (
    _TYPE_SHAPE, KIND_STEP, NEIGHBOURS_STEP, _C1, _C2, _C3, _C4, _C5, _C6, _C7,
    POLICIES["context_v8"], POLICIES["context_v9"], POLICIES["context_v10"], POLICIES["context_v11"],
)  # fmt: skip
