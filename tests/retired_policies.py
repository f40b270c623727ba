"""`context_v8` ... `context_v12`, retired from the registry (issue 36) and rebuilt here as unregistered test policies.

They were kept byte for byte until the tag `policies-context_v8-v12`; a release built with one is rebuilt there. Here
they are steps of the default's history under which the rules' hand-made records run (tests/steps.py): a record
reaches its rule under the first step that runs it, before a later step narrows or makes what it swaps. The tests
register them (not kept) in tests/conftest.py.
"""

from __future__ import annotations

import dataclasses

from fqa_build.swap.policies.policy import VALUE_TYPES, Policy
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.policies.rule_lists import (
    CONTEXT_V8_FILTERS,
    CONTEXT_V8_RULES,
    CONTEXT_V10_RULES,
    CONTEXT_V11_RULES,
    MADE_RULES,
)

CONTEXT_V8 = Policy(
    "context_v8",
    "retired: persons, dates and counts drawn among the nearest neighbours of their kind",
    rules=CONTEXT_V8_RULES,
    filters=CONTEXT_V8_FILTERS,
    draw="neighbours",
    classify_kinds=True,
    acronyms_as_aliases=True,
    compose_persons=True,
    swap_types=frozenset({"PERSON", "DATE", "CARDINAL"}),
)
CONTEXT_V9 = CONTEXT_V8.extend(
    "context_v9",
    "retired: context_v8, and made countries, towns and composed names",
    rules=MADE_RULES,
    swap_types=frozenset({"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"}),
    map_countries=True,
    make_towns=True,
    compose_names=True,
    compose_persons_beyond_article=True,
)
CONTEXT_V10 = CONTEXT_V9.extend(
    "context_v10",
    "retired: context_v9, and checks stated as conditions on any text, gold forms, one row per question",
    rules=CONTEXT_V10_RULES,
    use_plain_name_parts=True,
    map_gold_forms=True,
    trim_answers=True,
    one_row_per_question=True,
    read_regions_from_text=True,
    towns_near_named_cities=True,
    no_city_districts=True,
    roles_fix_gender=True,
    filters=(*CONTEXT_V8_FILTERS, "decade_moves_one"),
)
_WORK_TYPES = frozenset({"FAC", "WORK_OF_ART", "LAW"})


def _switches_on(policy: Policy) -> set[str]:
    """The boolean switches the policy turns on."""
    return {f.name for f in dataclasses.fields(policy) if getattr(policy, f.name) is True}


#: context_v11's mechanisms that context_v12 left out (its held-out blind audit failed them)
_LEFT_OUT = {
    "compose_works": True,
    "name_buildings_after_persons": True,
    "swap_closed_class_nouns": True,
    "retry_on_windows": True,
    **dict.fromkeys(
        "counts_keep_relations counts_read_whole_passage count_parts_name_their_noun counts_rewrite_own_mentions "
        "count_scaled_decimals counts_read_clause_lists count_units_by_two_words count_questions_past_typos "
        "counted_numbers_keep_label".split(),
        True,
    ),
}
CONTEXT_V11 = CONTEXT_V10.extend(
    "context_v11",
    "retired: context_v10, and the swap rewrites what it would make false instead of dropping the row",
    rules=CONTEXT_V11_RULES,
    filters=(*CONTEXT_V10.filters, "count_keeps_order", "count_stays_round"),
    added_types=_WORK_TYPES,
    swap_types=CONTEXT_V10.swap_types | _WORK_TYPES | VALUE_TYPES | {"THING"},
    # the switches the default turns on that context_v10 did not (organisation classes, persons named in part,
    # made values, shifted timelines, relabelled names, ...), read from the default rather than listed again
    **{name: True for name in _switches_on(POLICIES["context_v13"]) - _switches_on(CONTEXT_V10)},
    **_LEFT_OUT,
)
CONTEXT_V12 = CONTEXT_V11.extend(
    "context_v12",
    "retired: context_v11 without its common nouns, works, evidence windows and count relations",
    filters=CONTEXT_V10.filters,
    added_types=frozenset(),
    swap_types=CONTEXT_V10.swap_types | VALUE_TYPES,
    **dict.fromkeys(_LEFT_OUT, False),
)
RETIRED_STEPS: dict[str, Policy] = {p.name: p for p in (CONTEXT_V8, CONTEXT_V9, CONTEXT_V10, CONTEXT_V11, CONTEXT_V12)}
