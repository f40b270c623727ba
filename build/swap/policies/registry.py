"""Versioned swap policies (`policy.Policy`): registry entries naming rules, candidate filters and draw, selected with
`--policy` and recorded in the manifest and card. A new version extends an earlier one (`Policy.extend`) and leaves it
as it was, so old builds stay byte-identical (tests/test_golden_sample.py). Kept: the default, the earlier ones back to
`context_v8` and the plain baseline `type_shape_v1`; the others are `RETIRED` (README, "Rebuilding an old release")."""

from __future__ import annotations

import functools

from ..drawing.filters import FILTERS
from ..rules import CHECKS, RULES, TABLE, Rule, Stage
from .policy import DRAW_NAMES, VALUE_TYPES, Policy
from .rule_lists import CONTEXT_V8_FILTERS, CONTEXT_V8_RULES, CONTEXT_V11_RULES, MADE_RULES


def check(policy: Policy) -> Policy:
    """`policy`, after checking that its rules, filters and draw exist (ValueError naming those that do not)."""
    unknown = sorted(set(policy.rules) - set(RULES))
    unknown += [f for f in policy.filters if f not in FILTERS]
    unknown += [] if policy.draw in DRAW_NAMES else [policy.draw]
    if unknown:
        raise ValueError(f"policy {policy.name}: unknown rule, filter or draw {unknown}")
    return policy


@functools.cache
def stage_rules(policy: Policy) -> dict[Stage, tuple[Rule, ...]]:
    """The policy's rules of each stage, in the table's order (what a swap runs)."""
    return {stage: tuple(r for r in TABLE if r.stage is stage and r.name in policy.rules) for stage in Stage}


POLICIES: dict[str, Policy] = {}
#: the kept policies' names, in registration order: their sample outputs are pinned byte for byte
#: (tools/golden_sample.py, tests/test_golden_sample.py)
KEPT: list[str] = []


def register(policy: Policy, kept: bool = False) -> Policy:
    """Add a policy to the registry under its (versioned, never reused) name; `kept`: its outputs are pinned."""
    if policy.name in POLICIES:
        raise ValueError(f"policy {policy.name} is already registered")
    POLICIES[policy.name] = check(policy)
    if kept:
        KEPT.append(policy.name)
    return policy


TYPE_SHAPE_V1 = register(
    Policy(
        "type_shape_v1",
        "same NER label and shape, uniform draw",
        rules=frozenset(("question_free_of_original", "not_inside_other_person", *CHECKS)),
    ),
    kept=True,
)
#: context_v8 as context_v1 ... context_v7 built it up (its rules and filters named in rule_lists.py)
CONTEXT_V8 = register(
    Policy(
        "context_v8",
        "the same NER label, kind and shape, drawn among the 8 nearest neighbours (wordllama embeddings); persons, "
        "dates and counts only, a person replaced by a name composed from the article's persons; and the context "
        "and the question decide what may change: a year moves at most a decade, stays in the text's past and "
        "keeps its place among the text's dates and events, a month within its season, a count only where it "
        "counts and nothing lists or multiplies it; no weekday, relative or loose tie, ruler, couple or "
        "nationality the swap would contradict",
        rules=CONTEXT_V8_RULES,
        filters=CONTEXT_V8_FILTERS,
        draw="neighbours",
        classify_kinds=True,
        acronyms_as_aliases=True,
        compose_persons=True,
        swap_types=frozenset({"PERSON", "DATE", "CARDINAL"}),
    ),
    kept=True,
)


CONTEXT_V9 = register(
    CONTEXT_V8.extend(
        "context_v9",
        "context_v8, and the other five types where nothing can contradict the swap: a country or nationality "
        "as one map (name, adjective, people) to a country of its UN subregion, no place of either country "
        "named; a city to a small town of its region; an organisation, place or event keeps its head and form "
        "with a composed distinctive part (a town of its region, or a surname of the article); a person of an "
        "article with too few persons gets a name composed from the corpus's nearest persons",
        rules=MADE_RULES,
        swap_types=frozenset({"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"}),
        map_countries=True,
        make_towns=True,
        compose_names=True,
        compose_persons_beyond_article=True,
    ),
    kept=True,
)

#: context_v9 with checks stated as conditions on any text, written from development-half sheets only
#: (build/halves.py), and every form of the new answer the source's gold answers had
CONTEXT_V10 = register(
    CONTEXT_V9.extend(
        "context_v10",
        "context_v9, and checks stated as conditions on any text: the answer alone (no coordination with a "
        "name of its kind), nothing of the original left in any form, dates and counts the text fixes another "
        "way left alone, a person's role words agreeing with the new name, the question's grain the swapped "
        "span's, a made town in the country and region of the places named beside it; every form of the new answer "
        "the source's gold answers had, without trailing punctuation, and no other gold answer left to answer the "
        "question; one row per (question, context)",
        rules=(
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
        ),
        use_plain_name_parts=True,
        map_gold_forms=True,
        trim_answers=True,
        one_row_per_question=True,
        read_regions_from_text=True,
        towns_near_named_cities=True,
        no_city_districts=True,
        roles_fix_gender=True,
        filters=(*CONTEXT_V9.filters, "decade_moves_one"),
    ),
    kept=True,
)

#: the labels context_v11 matches and makes beyond the build's `--entity-types` (build/swap/made/works.py)
_WORK_TYPES = frozenset({"FAC", "WORK_OF_ART", "LAW"})
#: context_v10, and the swap rewrites what it would make false instead of dropping the row: more kinds of answer
#: (numbers with units, organisations and works without a generic head, common nouns of closed classes) and
#: timelines and counts kept consistent
CONTEXT_V11 = register(
    CONTEXT_V10.extend(
        "context_v11",
        "context_v10, and the swap rewrites what it would make false instead of dropping the row; a date swap "
        "moves the passage's whole timeline (every year, range, decade and the question's dates) by one offset",
        rules=CONTEXT_V11_RULES,
        filters=(*CONTEXT_V10.filters, "count_keeps_order", "count_stays_round"),
        classify_orgs=True,
        added_types=_WORK_TYPES,
        swap_types=CONTEXT_V10.swap_types | _WORK_TYPES | VALUE_TYPES | {"THING"},
        compose_works=True,
        name_buildings_after_persons=True,
        compose_surname_persons=True,
        find_persons_by_pronoun=True,
        name_persons_by_nationality=True,
        make_values=True,
        swap_closed_class_nouns=True,
        shift_timelines=True,
        counts_keep_relations=True,
        counts_read_whole_passage=True,
        team_towns_host_sized=True,
        call_signs_keep_region=True,
        use_common_surnames=True,
        count_parts_name_their_noun=True,
        counts_rewrite_own_mentions=True,
        count_scaled_decimals=True,
        counts_read_clause_lists=True,
        count_units_by_two_words=True,
        count_questions_past_typos=True,
        counted_numbers_keep_label=True,
        orgs_classed_by_question=True,
        acronym_expansions_mapped=True,
        retry_on_windows=True,
        relabel_by_evidence=True,
    ),
    kept=True,
)


_COUNT_SWITCHES = (
    "counts_keep_relations counts_read_whole_passage count_parts_name_their_noun counts_rewrite_own_mentions "
    "count_scaled_decimals counts_read_clause_lists count_units_by_two_words count_questions_past_typos "
    "counted_numbers_keep_label"
).split()
#: context_v11 without what its held-out blind audit failed (under 85% usable on its own rows;
#: build/swap/policies/audits.py)
CONTEXT_V12 = register(
    CONTEXT_V11.extend(
        "context_v12",
        "context_v11 without its common nouns, works, evidence windows and count relations (the mechanisms its "
        "held-out blind audit failed): shifted timelines, made values, organisation classes, persons named in part "
        "and names whose NER label the text corrects",
        filters=CONTEXT_V10.filters,
        added_types=frozenset(),
        swap_types=CONTEXT_V10.swap_types | VALUE_TYPES,
        compose_works=False,
        name_buildings_after_persons=False,
        swap_closed_class_nouns=False,
        retry_on_windows=False,
        **dict.fromkeys(_COUNT_SWITCHES, False),
    ),
    kept=True,
)

#: context_v12 with answerability: a row is kept only where its passage names one answer to its question, the gold,
#: before and after the swap (build/swap/answerability/, build/swap/rules/answerability.py)
CONTEXT_V13 = register(
    CONTEXT_V12.extend(
        "context_v13",
        "context_v12, and a row only where its passage names one answer to its question: no other mention of the "
        "answer's type that a candidate reader (trained on SQuAD and NQ) clearly prefers to the gold, in the original "
        "passage or in the counterfactual one; no answer in a line of a role table the question does not single out; "
        "no yes-or-no question, no two questions in one, no question any member of a class answers; no number of a "
        "passage with a table of numbers",
        rules=(
            "question_not_yes_no",
            "question_asks_one_question",
            "question_asks_for_the_one",
            "value_not_beside_a_table",
            "answer_row_named",
            "reader_picks_gold",
        ),
    ),
    kept=True,
)


#: policies no longer registered: a release built with one is rebuilt from the commit its manifest records
RETIRED = ("kind_v1", "neighbours_v1", *(f"context_v{n}" for n in range(1, 8)))


def get_policy(name: str) -> Policy:
    """The registered policy of that name (ValueError naming the choices, or saying it is retired, otherwise)."""
    try:
        return POLICIES[name]
    except KeyError:
        if name in RETIRED:
            raise ValueError(
                f"policy {name!r} is retired; to rebuild a release made with it, check out the commit its "
                f"build_manifest.json records (code.commit) and build there (README, 'Rebuilding an old release'); "
                f"kept policies: {', '.join(POLICIES)}"
            ) from None
        raise ValueError(f"unknown policy {name!r}; choose from {', '.join(POLICIES)}") from None
