"""The rule table: every rule a policy may use, in the order they run (by stage, then as listed).

A policy (`build/swap/policies.py`) names the rules it uses; a swap runs them in this table's order, so the
reason a rejected swap is counted under does not depend on how a policy lists them.
"""

from __future__ import annotations

from . import checks, coordination, counts, dates, labels, leftovers, names, numbers, persons, places, questions, roles
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
    coordination.answer_not_coordinated,
    places.gpe_not_second_of_pair,
    places.place_not_part_of_name,
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
    leftovers.no_other_name_beside,
    leftovers.name_not_cut,
    leftovers.no_name_derivative_left,
    leftovers.no_name_word_left,
    roles.role_fits_gender,
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
