"""The rule table: every rule a policy may use, in the order they run (by stage, then as listed).

A policy (`build/swap/policies.py`) names the rules it uses; a swap runs them in this table's order, so the
reason a rejected swap is counted under does not depend on how a policy lists them.
"""

from __future__ import annotations

from . import checks, compose_names, countries, counts, dates, labels, names, numbers, persons, places, questions, towns
from .registry import Rule, Stage, rule

TABLE: tuple[Rule, ...] = (
    # the matched mention
    labels.type_is_swapped,
    labels.kind_known,
    labels.person_written_as_person,
    numbers.cardinal_not_one,
    labels.label_is_majority,
    labels.group_is_nationality,
    labels.person_named_in_full,
    labels.person_name_credible,
    persons.person_not_a_ruler,
    persons.person_surname_not_a_word,
    persons.person_not_in_couple,
    persons.person_without_nationality,
    dates.weekday_not_beside_date,
    dates.year_not_under_a_weekday,
    counts.number_is_a_count,
    names.question_free_of_original,
    questions.question_asks_for_one,
    questions.answer_is_the_entity,
    questions.question_fits_label,
    questions.question_not_plural,
    questions.question_noun_fits_number,
    places.gpe_not_second_of_pair,
    places.place_not_part_of_name,
    # a made replacement (a country map, a town, a composed name): what the text must leave free, in the order
    # the made functions checked it (the reason of a swap that fails several is the first's)
    countries.country_form_known,
    countries.country_form_fits_label,
    countries.question_not_about_language,
    countries.who_asks_for_a_people,
    countries.question_free_of_country,
    countries.country_name_without_article,
    countries.adjective_not_a_language,
    countries.country_not_in_larger_group,
    countries.no_other_nation_named,
    countries.no_war_named,
    countries.no_empire_or_border,
    countries.no_unplaced_geography,
    countries.no_person_of_the_nation,
    countries.question_names_no_person,
    countries.no_acronym_of_country,
    countries.no_place_of_country_left,
    towns.gpe_is_country_or_city,
    towns.city_not_a_region,
    towns.city_known,
    towns.city_not_famous,
    towns.city_used_as_place,
    towns.city_without_role_word,
    towns.city_pair_known,
    towns.city_not_a_byname,
    towns.city_has_no_unique_role,
    towns.city_without_landmark,
    towns.question_gives_city_no_role,
    compose_names.name_not_famous,
    compose_names.team_in_a_sports_text,
    compose_names.name_has_generic_form,
    compose_names.part_names_no_nation,
    compose_names.part_names_no_region_or_direction,
    compose_names.part_not_a_common_word,
    compose_names.part_holds_no_place,
    compose_names.part_not_named_alone,
    compose_names.question_free_of_part,
    compose_names.part_leaves_no_derived_word,
    compose_names.name_not_a_campus,
    compose_names.part_names_a_place_or_person,
    # the drawn replacement: other names the rewrite must take over
    names.acronyms_rewritable,
    names.short_forms_rewritable,
    # the rewritten context
    names.not_inside_other_person,
    names.not_inside_longer_name,
    places.gpe_pairs_coherent,
    numbers.number_context_free,
    numbers.no_relative_date,
    dates.no_close_tie,
    dates.no_day_count_tie,
    dates.no_counted_tie,
    counts.count_not_listed,
    counts.article_fits_number,
    counts.count_not_enumerated,
    dates.no_loose_tie,
    numbers.weekday_still_fits,
    numbers.not_a_stated_factor,
    numbers.count_stands_alone,
    numbers.no_duration_beside_year,
    places.no_geography_left,
    places.place_fits_its_container,
    names.no_derived_word_left,
    names.no_variant_left,
    persons.no_surname_word_left,
    # the new answer
    names.no_other_answer_left,
    # the finished sample
    checks.new_entity_present,
    checks.context_changed,
    checks.context_long_enough,
    checks.replacement_not_in_original,
    checks.few_occurrences,
    checks.replacement_long_enough,
    checks.original_absent,
    checks.answer_offsets_valid,
    checks.original_not_in_question,
)
RULES: dict[str, Rule] = {r.name: r for r in TABLE}
#: The reference work's six checks and ours, which every policy runs on the finished sample.
CHECKS: tuple[str, ...] = tuple(r.name for r in TABLE if r.stage is Stage.CHECK)

__all__ = ["CHECKS", "RULES", "TABLE", "Rule", "Stage", "rule"]
