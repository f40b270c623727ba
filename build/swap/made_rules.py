"""Lists of rule names the policies name: the rules of stage `MADE` that context_v9 runs (its made replacements'
checks), which the later policies inherit, and the rules context_v11 adds, by mechanism."""

from __future__ import annotations

#: What the made replacements of context_v9 check before one is made (build/swap/rules/countries.py, towns.py,
#: compose_names.py): named rules since context_v10, run by context_v9 as it always ran them
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

#: What context_v11 adds to context_v10's rules, by mechanism (build/swap/policies.py)
CONTEXT_V11_RULES = (
    # organisations without a generic head, classed by their text and made anew
    "org_expansion_not_spelled",
    "team_place_stands_for_team",
    "org_acronym_not_inside_word",
    # made works of art and laws (build/swap/compose_works.py), buildings composed as places are
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
    # a date swap moves the passage's whole timeline (build/swap/shift.py)
    "timeline_without_weekday",
    "timeline_without_era",
    "timeline_not_from_present",
    "timeline_without_named_year",
    "timeline_years_read",
    "timeline_has_offset",
    "timeline_without_numbered_series",
    "timeline_without_undated_event",
    "timeline_without_known_lifetime",
    # counts that keep their relations (build/swap/relations.py)
    "counts_keep_relations",
    "question_asks_a_number",
    # made values: the class the sentence names, a gloss, what the question asks
    "value_not_on_a_named_scale",
    "value_not_glossed",
    "value_is_what_is_asked",
    # a count read with the whole passage (build/swap/relations.py)
    "count_free_in_passage",
    # made works of art and laws, second round (build/swap/rules/works.py)
    "title_not_cut",
    "title_of_modern_kind",
    "site_answers_the_question",
    # persons named in part: the question asks for one, no other spelling left (build/swap/rules/persons.py)
    "person_asked_alone",
    "no_person_spelling_left",
    # organisations classed by the question or trade words: no founder's or nationality's fact left
    "company_not_named_for_person",
    "company_nationality_not_stated",
    "company_trade_in_text",
    # an acronym and its expansion made anew together (build/swap/organisations.py)
    "acronym_pair_rewritable",
    "org_not_paired_by_order",
    # evidence windows: a country's adjective labelling words of its language (build/swap/rules/countries.py)
    "adjective_not_a_gloss",
    # mentions NER labels wrongly, swapped under the label their text shows (build/swap/rules/persons.py `relabel`)
    "relabelled_one_referent",
    "relabelled_name_keeps_culture",
)
