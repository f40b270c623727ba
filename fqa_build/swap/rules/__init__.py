"""The rule table: every rule a policy may use, in the order they run (by stage, then as listed).

A policy (`fqa_build/swap/policies/registry.py`) names the rules it uses; a swap runs them in this table's order, so the
reason a rejected swap is counted under does not depend on how a policy lists them. A new rule is its module (the
function, its reasons and the records it rejects, `CASES`) and its line here; `register_rule` puts one in at run
time (tests/toy_rule.py).
"""

from __future__ import annotations

from . import (
    ages,
    answerability,
    answers,
    arithmetic,
    asks,
    checks,
    coordination,
    count_asks,
    countries,
    counts,
    dates,
    fixed,
    labels,
    leftovers,
    made_names,
    names,
    nearby,
    numbers,
    organisations,
    persons,
    places,
    questions,
    regions,
    relabels,
    roles,
    tables,
    tallies,
    things,
    timelines,
    towns,
    value_fits,
    values,
    works,
)
from .registry import Rule, Stage, rule

#: a list only so that `register_rule` can put a rule in its place for everyone holding the table
TABLE: list[Rule] = [
    # the matched mention
    labels.type_is_swapped,
    labels.kind_known,
    labels.person_written_as_person,
    numbers.cardinal_not_one,
    labels.label_is_majority,
    labels.group_is_nationality,
    labels.person_named_in_full,
    labels.person_name_credible,
    relabels.relabelled_one_referent,
    persons.person_not_a_ruler,
    persons.person_surname_not_a_word,
    persons.person_not_in_couple,
    persons.person_without_nationality,
    persons.person_asked_alone,
    dates.weekday_not_beside_date,
    dates.year_not_under_a_weekday,
    counts.number_is_a_count,
    names.question_free_of_original,
    questions.question_asks_for_one,
    answerability.question_not_yes_no,
    answerability.question_asks_one_question,
    answerability.question_asks_for_the_one,
    tables.value_not_beside_a_table,
    questions.answer_is_the_entity,
    questions.question_fits_label,
    questions.question_not_plural,
    questions.question_noun_fits_number,
    asks.question_asks_for_a_time,
    asks.question_grain_fits,
    asks.performer_is_asked,
    coordination.answer_not_coordinated,
    ages.age_stands_alone,
    places.gpe_not_second_of_pair,
    places.place_not_part_of_name,
    values.value_is_one_number,
    values.value_not_in_a_name,
    value_fits.value_not_on_a_named_scale,
    value_fits.value_not_glossed,
    value_fits.value_is_what_is_asked,
    values.question_free_of_value,
    things.thing_class_asked,
    things.thing_written_as_common_noun,
    things.thing_not_in_compound,
    things.question_free_of_thing,
    things.thing_named_no_other_way,
    things.thing_alone_in_its_class,
    count_asks.question_asks_a_number,
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
    made_names.name_not_famous,
    made_names.team_in_a_sports_text,
    made_names.name_has_generic_form,
    made_names.part_names_no_nation,
    made_names.part_names_no_region_or_direction,
    made_names.part_not_a_common_word,
    made_names.part_holds_no_place,
    made_names.part_not_named_alone,
    made_names.question_free_of_part,
    made_names.part_leaves_no_derived_word,
    made_names.name_not_a_campus,
    made_names.part_names_a_place_or_person,
    regions.made_place_in_named_region,
    organisations.org_expansion_not_spelled,
    organisations.team_place_stands_for_team,
    organisations.org_acronym_not_inside_word,
    works.work_has_made_form,
    works.work_called_a_work,
    works.work_not_famous,
    works.work_not_numbered,
    works.title_words_not_reused,
    works.question_names_no_title_word,
    works.work_not_tied_to_famous_person,
    values.value_keeps_its_place,
    timelines.timeline_without_weekday,
    timelines.timeline_without_era,
    timelines.timeline_not_from_present,
    timelines.timeline_without_named_year,
    timelines.timeline_years_read,
    timelines.timeline_has_offset,
    timelines.timeline_without_numbered_series,
    works.title_not_cut,
    works.title_of_modern_kind,
    coordination.site_answers_the_question,
    timelines.timeline_without_undated_event,
    timelines.timeline_without_known_lifetime,
    organisations.company_not_named_for_person,
    organisations.company_nationality_not_stated,
    organisations.company_trade_in_text,
    organisations.acronym_pair_rewritable,
    organisations.org_not_paired_by_order,
    # a country's adjective labelling words of its language (what an evidence window may bring in, context_v11)
    countries.adjective_not_a_gloss,
    # the drawn replacement: other names the rewrite must take over
    names.acronyms_rewritable,
    names.short_forms_rewritable,
    relabels.relabelled_name_keeps_culture,
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
    fixed.year_not_an_anniversary,
    fixed.year_not_a_numbered_instance,
    tallies.count_fits_its_list,
    tallies.part_of_a_whole_in_words,
    tallies.stretch_not_in_a_sum,
    places.no_geography_left,
    places.place_fits_its_container,
    nearby.made_place_near_its_neighbours,
    names.no_derived_word_left,
    names.no_variant_left,
    persons.no_surname_word_left,
    persons.no_person_spelling_left,
    leftovers.no_other_name_beside,
    leftovers.name_not_cut,
    leftovers.no_name_derivative_left,
    leftovers.no_name_word_left,
    roles.role_fits_gender,
    values.value_not_in_arithmetic,
    values.value_not_restated,
    things.no_thing_derivative_left,
    arithmetic.counts_keep_relations,
    arithmetic.count_free_in_passage,
    # the new answer
    names.no_other_answer_left,
    answers.no_second_answer_left,
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
    # answerability: one answer in the passage, before and after the swap
    answerability.answer_row_named,
    answerability.reader_picks_gold,
]
RULES: dict[str, Rule] = {r.name: r for r in TABLE}
#: The reference work's six checks and ours, which every policy runs on the finished sample.
CHECKS: tuple[str, ...] = tuple(
    r.name for r in TABLE if r.stage is Stage.CHECK and r.check.__module__ == checks.__name__
)


def register_rule(new: Rule, after: str) -> Rule:
    """Put `new` in the table right after the rule named `after` (ValueError where its name is taken, `after` is
    not in the table, or the place would break the table's order of stages)."""
    if new.name in RULES:
        raise ValueError(f"rule {new.name} is already in the table")
    if after not in RULES:
        raise ValueError(f"rule {new.name}: no rule {after} in the table to follow")
    at = TABLE.index(RULES[after]) + 1
    if TABLE[at - 1].stage > new.stage or (at < len(TABLE) and TABLE[at].stage < new.stage):
        raise ValueError(f"rule {new.name}: a rule of stage {new.stage.name} cannot follow {after}")
    TABLE.insert(at, new)
    RULES[new.name] = new
    return new


def unregister_rule(name: str) -> None:
    """Take a rule out of the table (tests that register a toy rule restore the table with it)."""
    TABLE.remove(RULES.pop(name))


__all__ = ["CHECKS", "RULES", "TABLE", "Rule", "Stage", "register_rule", "rule", "unregister_rule"]
