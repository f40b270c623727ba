"""Lists of rule names the policies name: the rules of stage `MADE` that context_v9 runs (its made replacements'
checks), which the later policies inherit, and the rules context_v11 adds, by mechanism."""

from __future__ import annotations

#: What the made replacements of context_v9 check before one is made (swap/components/country_maps/rules.py,
#: made_towns/rules.py, composed_names/rules.py): named rules since context_v10, run by context_v9 as it always ran them
MADE_RULES = (
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
)

#: What context_v11 adds to context_v10's rules, by mechanism (fqa_build/swap/policies/registry.py)
CONTEXT_V11_RULES = (
    # organisations without a generic head, classed by their text and made anew
    "org_expansion_not_spelled",
    "team_place_stands_for_team",
    "org_acronym_not_inside_word",
    # made works of art and laws (swap/components/made_works/make.py), buildings composed as places are
    "work_has_made_form",
    "work_called_a_work",
    "work_not_famous",
    "work_not_numbered",
    "title_words_not_reused",
    "question_names_no_title_word",
    "work_not_tied_to_famous_person",
    # made values: numbers with units
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
    # a date swap moves the passage's whole timeline (swap/components/shifted_timelines/shift.py)
    "timeline_without_weekday",
    "timeline_without_era",
    "timeline_not_from_present",
    "timeline_without_named_year",
    "timeline_years_read",
    "timeline_has_offset",
    "timeline_without_numbered_series",
    "timeline_without_undated_event",
    "timeline_without_known_lifetime",
    # counts that keep their relations (fqa_build/facts/relations.py)
    "counts_keep_relations",
    "question_asks_a_number",
    # made values: the class the sentence names, a gloss, what the question asks
    "value_not_on_a_named_scale",
    "value_not_glossed",
    "value_is_what_is_asked",
    # a count read with the whole passage (fqa_build/facts/relations.py)
    "count_free_in_passage",
    # made works of art and laws, second round (swap/components/made_works/rules.py)
    "title_not_cut",
    "title_of_modern_kind",
    "site_answers_the_question",
    # persons named in part: the question asks for one, no other spelling left (fqa_build/swap/rules/persons.py)
    "person_asked_alone",
    "no_person_spelling_left",
    # organisations classed by the question or trade words: no founder's or nationality's fact left
    "company_not_named_for_person",
    "company_nationality_not_stated",
    "company_trade_in_text",
    # an acronym and its expansion made anew together (swap/components/composed_names/organisations.py)
    "acronym_pair_rewritable",
    "org_not_paired_by_order",
    # evidence windows: a country's adjective labelling words of its language (swap/components/country_maps/rules.py)
    "adjective_not_a_gloss",
    # mentions NER labels wrongly, swapped under the label their text shows
    # (swap/components/relabelled_names/relabel.py)
    "relabelled_one_referent",
    "relabelled_name_keeps_culture",
)

#: the rules context_v8 runs, as context_v1 ... context_v7 built them up (each named here: those policies are retired)
CONTEXT_V8_RULES = frozenset(
    (
        "type_is_swapped",
        "kind_known",
        "person_written_as_person",
        "cardinal_not_one",
        "label_is_majority",
        "group_is_nationality",
        "person_named_in_full",
        "person_name_credible",
        "person_not_a_ruler",
        "person_surname_not_a_word",
        "person_not_in_couple",
        "person_without_nationality",
        "weekday_not_beside_date",
        "year_not_under_a_weekday",
        "number_is_a_count",
        "question_free_of_original",
        "question_asks_for_one",
        "answer_is_the_entity",
        "question_fits_label",
        "question_not_plural",
        "question_noun_fits_number",
        "gpe_not_second_of_pair",
        "place_not_part_of_name",
        "acronyms_rewritable",
        "short_forms_rewritable",
        "not_inside_other_person",
        "not_inside_longer_name",
        "gpe_pairs_coherent",
        "number_context_free",
        "no_relative_date",
        "no_close_tie",
        "no_day_count_tie",
        "no_counted_tie",
        "count_not_listed",
        "article_fits_number",
        "count_not_enumerated",
        "no_loose_tie",
        "weekday_still_fits",
        "not_a_stated_factor",
        "count_stands_alone",
        "no_duration_beside_year",
        "no_geography_left",
        "place_fits_its_container",
        "no_derived_word_left",
        "no_variant_left",
        "no_surname_word_left",
        "no_other_answer_left",
        "new_entity_present",
        "context_changed",
        "context_long_enough",
        "replacement_not_in_original",
        "few_occurrences",
        "replacement_long_enough",
        "original_absent",
        "answer_offsets_valid",
        "original_not_in_question",
    )
)
#: the candidate filters of context_v8, in the order they are tried
CONTEXT_V8_FILTERS = (
    "same_kind",
    "same_magnitude",
    "same_country",
    "year_stays_year",
    "keeps_chronology",
    "same_gender",
    "city_in_region",
    "same_era",
    "same_article",
    "same_continent",
    "asked_part_changes",
    "future_stays_future",
    "same_statehood",
    "nationality_same_continent",
    "same_era_broad",
    "close_value",
    "stays_past",
    "dates_keep_order",
    "near_year",
    "unit_agrees",
    "anchored_chronology",
    "near_day",
    "same_season",
)

#: What context_v10 adds to context_v9's rules, by what they check
CONTEXT_V10_RULES = (
    # the answer alone, nothing of the original left, gender
    "answer_not_coordinated",
    "no_other_name_beside",
    "name_not_cut",
    "no_name_derivative_left",
    "no_name_word_left",
    "role_fits_gender",
    # dates, counts and the question's grain
    "question_asks_for_a_time",
    "question_grain_fits",
    "performer_is_asked",
    "year_not_an_anniversary",
    "year_not_a_numbered_instance",
    "count_fits_its_list",
    "part_of_a_whole_in_words",
    "stretch_not_in_a_sum",
    "age_stands_alone",
    # the made replacements' checks
    "made_place_near_its_neighbours",
    "made_place_in_named_region",
    # the gold answers
    "no_second_answer_left",
)

#: What context_v13 adds to context_v12's rules: answerability (fqa_build/swap/answerability/, rules/answerability.py)
CONTEXT_V13_RULES = (
    "question_not_yes_no",
    "question_asks_one_question",
    "question_asks_for_the_one",
    "value_not_beside_a_table",
    "answer_row_named",
    "reader_picks_gold",
)

#: What context_v14 adds to context_v13's rules: numbers read as quantities (swap/components/quantities/rules.py)
CONTEXT_V14_RULES = (
    "share_agrees_with_its_numbers",
    "value_within_stated_range",
)

#: What context_v15 adds to context_v14's rules: a percentage two amounts of its passage give stays
#: (swap/components/scaled_amounts/rules.py)
CONTEXT_V15_RULES = ("percent_not_of_amounts",)

#: What context_v16 adds to context_v15's rules: the arithmetic the passage states holds after the swap
#: (swap/components/stated_arithmetic/rules.py)
CONTEXT_V16_RULES = ("stated_arithmetic_kept",)
