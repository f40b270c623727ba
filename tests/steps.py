"""The steps by which `context_v8` was built up, rebuilt as unregistered test policies.

`kind_v1`, `neighbours_v1` and `context_v1` to `context_v7` were retired from the registry. Their
rules all run under `context_v8`, and their candidate filters are `context_v8`'s, so a rule's hand-made record
(tests/test_rules.py) and the kind behaviour (tests/test_policies.py) are tested under the first step that runs
them, before the later steps narrow what they swap. No step is registered, so no step can be built.
"""

from __future__ import annotations

from fqa_build.swap.components import ComposedPersons, Kinds
from fqa_build.swap.policies.registry import POLICIES, Policy

#: the plain baseline's rules, read from the registry: every step below starts from them
TYPE_SHAPE_V1_RULES = POLICIES["type_shape_v1"].rules
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

#: The filters the first kind policy drew with (kept: every one is a filter of context_v8).
KIND_FILTERS = ("same_kind", "same_magnitude", "same_country", "year_stays_year", "keeps_chronology", "same_gender",
                "city_in_region")  # fmt: skip


def _step(name: str, base: Policy, rules: frozenset[str], **changes) -> Policy:
    return base.extend(name, f"test step {name}", rules=tuple(sorted(rules - base.rules)), **changes)


#: The steps by which context_v8 was built up (the retired kind_v1 ... context_v7, rebuilt here as unregistered
#: test policies, with the filters they had that context_v8 kept): a rule's record is run under the first step
#: that runs the rule, where the record reaches it before the later steps narrow what they swap.
_TYPE_SHAPE = POLICIES["type_shape_v1"]
KIND_STEP = _step("kind", _TYPE_SHAPE, KIND_V1_RULES, filters=KIND_FILTERS, components=(Kinds(),))
NEIGHBOURS_STEP = _step("neighbours", KIND_STEP, KIND_V1_RULES, draw="neighbours")
_C1 = _step("c1", NEIGHBOURS_STEP, CONTEXT_V1_RULES, filters=(*KIND_FILTERS, "same_era"))
_C2 = _step("c2", _C1, CONTEXT_V2_RULES, filters=(*_C1.filters, "same_article"))
_C3 = _step("c3", _C2, CONTEXT_V3_RULES, filters=(*_C2.filters, "same_continent"))
_C4 = _step("c4", _C3, CONTEXT_V4_RULES)
_C5 = _step(
    "c5",
    _C3,
    CONTEXT_V5_RULES,
    filters=POLICIES["context_v8"].filters[:-9],
    components=(POLICIES["context_v8"].get(ComposedPersons),),
)
_C6 = _step("c6", _C5, CONTEXT_V6_RULES, filters=POLICIES["context_v8"].filters[:-3],
            swap_types=frozenset({"PERSON", "DATE", "CARDINAL"}))  # fmt: skip
_C7 = _step("c7", _C6, CONTEXT_V7_RULES, filters=POLICIES["context_v8"].filters[:-1])
STEPS: tuple[Policy, ...] = (
    _TYPE_SHAPE, KIND_STEP, NEIGHBOURS_STEP, _C1, _C2, _C3, _C4, _C5, _C6, _C7,
    POLICIES["context_v8"], POLICIES["context_v9"], POLICIES["context_v10"], POLICIES["context_v11"],
)  # fmt: skip
