"""`context_v8` ... `context_v17`, retired from the registry (issues 36, 37) and rebuilt here as unregistered test
policies.

They were kept byte for byte until the tags `policies-context_v8-v12`, `policies-context_v13`, `policies-context_v14`,
`policies-context_v15`, `policies-context_v16` and `policies-context_v17` (issue 37); a
release built with one is rebuilt there. Here
they are steps of the default's history under which the rules' hand-made records run (tests/steps.py): a record
reaches its rule under the first step that runs it, before a later step narrows or makes what it swaps. The tests
register them (not kept) in tests/conftest.py.
"""

from __future__ import annotations

from dataclasses import fields, replace

from fqa_build.facts.arithmetic import Reading
from fqa_build.facts.figures import READ_SINCE_V18
from fqa_build.swap.components import (
    ClosedClassNouns,
    ComposedNames,
    ComposedPersons,
    CountRelations,
    CountryMaps,
    EvidenceWindows,
    GoldForms,
    Kinds,
    MadeTowns,
    MadeWorks,
    OneRowPerQuestion,
    Quantities,
    ScaledAmounts,
    ShiftedTimelines,
    StatedArithmetic,
)
from fqa_build.swap.components.made_values import VALUE_TYPES
from fqa_build.swap.policies.policy import Policy
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.policies.rule_lists import (
    CONTEXT_V8_FILTERS,
    CONTEXT_V8_RULES,
    CONTEXT_V10_RULES,
    CONTEXT_V11_RULES,
    CONTEXT_V14_RULES,
    CONTEXT_V15_RULES,
    CONTEXT_V16_RULES,
    MADE_RULES,
)

#: context_v17, the default until context_v18 read rates written out and products of three figures (issue 37; kept
#: byte for byte until the tag `policies-context_v17`): the default with its `stated_arithmetic` component reading
#: neither
CONTEXT_V17 = replace(
    POLICIES["context_v18"],
    name="context_v17",
    description=(
        "retired: context_v16, and the arithmetic read further (table headers' units and total rows, means, "
        "currencies of letters, percentages as written, the figure a reader works out kept exact)"
    ),
    components=tuple(
        replace(c, **dict.fromkeys(READ_SINCE_V18, False)) if isinstance(c, StatedArithmetic) else c
        for c in POLICIES["context_v18"].components
    ),
)

#: context_v16, the default until context_v17 read the arithmetic further (issue 37; kept byte for byte until the tag
#: `policies-context_v16`): the default with its `stated_arithmetic` component reading as context_v16 read (no table
#: header's units or total rows, no means, no currency of letters, no percentage as written, no average kept exact)
#: and its `quantities` component reading no table's cells; a year swapped alone rewrote the seasons its string opens
CONTEXT_V16 = replace(
    CONTEXT_V17,
    name="context_v16",
    description=(
        "retired: context_v15, and no sum, product, share or change three figures of the passage state is broken by "
        "the swap"
    ),
    components=tuple(
        StatedArithmetic(**{field.name: False for field in fields(Reading)})
        if isinstance(c, StatedArithmetic)
        else replace(c, by_cell=False)
        if isinstance(c, Quantities)
        else replace(c, seasons_apart=False)
        if isinstance(c, ShiftedTimelines)
        else c
        for c in CONTEXT_V17.components
    ),
)

#: context_v15, the default until context_v16 kept the arithmetic a passage states (issue 37; kept byte for byte until
#: the tag `policies-context_v15`): context_v16 without the `stated_arithmetic` component and its rule
CONTEXT_V15 = replace(
    CONTEXT_V16,
    name="context_v15",
    description=(
        "retired: context_v14, and amounts scaled together (every amount of a swapped amount's dimension moved by one "
        "exact factor), no percentage two amounts give swapped, seasons written '2023/24' moved whole"
    ),
    rules=CONTEXT_V16.rules - set(CONTEXT_V16_RULES),
    components=tuple(c for c in CONTEXT_V16.components if not isinstance(c, StatedArithmetic)),
)

#: context_v14, the default until context_v15 scaled amounts together (issue 37; kept byte for byte until the tag
#: `policies-context_v14`): the default without the `scaled_amounts` component and its rule, its seasons read with a
#: dash only
CONTEXT_V14 = replace(
    CONTEXT_V15,
    name="context_v14",
    description=(
        "retired: context_v13, and numbers read as quantities (a number's other mentions rewritten only where they "
        "denote the same quantity, stated ranges and count-and-share pairs kept)"
    ),
    rules=CONTEXT_V15.rules - set(CONTEXT_V15_RULES),
    components=tuple(
        replace(c, slashed_seasons=False) if isinstance(c, ShiftedTimelines) else c
        for c in CONTEXT_V15.components
        if not isinstance(c, ScaledAmounts)
    ),
)

#: context_v13, the default until context_v14 read numbers as quantities (issue 37; kept byte for byte until the tag
#: `policies-context_v13`): context_v14 without the `quantities` component and its rules
CONTEXT_V13 = replace(
    CONTEXT_V14,
    name="context_v13",
    description=(
        "retired: context_v12, and a row only where its passage names one answer to its question (the candidate "
        "reader, role tables, yes-or-no and two-part questions, tables of numbers)"
    ),
    rules=CONTEXT_V14.rules - set(CONTEXT_V14_RULES),
).without(Quantities)

#: the components context_v8 ... context_v10 had before the default's later parameters of each (all off)
_PERSONS_V8 = ComposedPersons(
    beyond_article=False,
    plain_parts=False,
    roles_fix_gender=False,
    surnames_alone=False,
    by_nationality=False,
    common_surnames=False,
)
_TOWNS_V9 = MadeTowns(regions_from_text=False, near_named_cities=False, no_city_districts=False)
_NAMES_V9 = ComposedNames(plain_parts=False, team_towns_host_sized=False, call_signs_keep_region=False)

CONTEXT_V8 = Policy(
    "context_v8",
    "retired: persons, dates and counts drawn among the nearest neighbours of their kind",
    rules=CONTEXT_V8_RULES,
    filters=CONTEXT_V8_FILTERS,
    draw="neighbours",
    swap_types=frozenset({"PERSON", "DATE", "CARDINAL"}),
    components=(Kinds(), _PERSONS_V8),
)
CONTEXT_V9 = CONTEXT_V8.extend(
    "context_v9",
    "retired: context_v8, and made countries, towns and composed names",
    rules=MADE_RULES,
    swap_types=frozenset({"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"}),
    components=(replace(_PERSONS_V8, beyond_article=True), CountryMaps(), _TOWNS_V9, _NAMES_V9),
)
CONTEXT_V10 = CONTEXT_V9.extend(
    "context_v10",
    "retired: context_v9, and checks stated as conditions on any text, gold forms, one row per question",
    rules=CONTEXT_V10_RULES,
    filters=(*CONTEXT_V8_FILTERS, "decade_moves_one"),
    components=(
        replace(_PERSONS_V8, beyond_article=True, plain_parts=True, roles_fix_gender=True),
        MadeTowns(),
        replace(_NAMES_V9, plain_parts=True),
        GoldForms(),
        OneRowPerQuestion(),
    ),
)
#: context_v11's mechanisms that context_v12 left out (its held-out blind audit failed them)
_LEFT_OUT = (MadeWorks, ClosedClassNouns, EvidenceWindows, CountRelations)
CONTEXT_V11 = CONTEXT_V10.extend(
    "context_v11",
    "retired: context_v10, and the swap rewrites what it would make false instead of dropping the row",
    rules=CONTEXT_V11_RULES,
    filters=(*CONTEXT_V10.filters, "count_keeps_order", "count_stays_round"),
    swap_types=CONTEXT_V10.swap_types | MadeWorks.added_types | VALUE_TYPES | {"THING"},
    # the default's components with their parameters (organisation classes, persons named in part, made values,
    # shifted timelines, relabelled names, ...), read from the default rather than listed again
    components=(*CONTEXT_V13.components, *(kind() for kind in _LEFT_OUT)),
)
CONTEXT_V12 = CONTEXT_V11.extend(
    "context_v12",
    "retired: context_v11 without its common nouns, works, evidence windows and count relations",
    filters=CONTEXT_V10.filters,
    swap_types=CONTEXT_V10.swap_types | VALUE_TYPES,
).without(*_LEFT_OUT)
RETIRED_STEPS: dict[str, Policy] = {
    p.name: p
    for p in (
        CONTEXT_V8,
        CONTEXT_V9,
        CONTEXT_V10,
        CONTEXT_V11,
        CONTEXT_V12,
        CONTEXT_V13,
        CONTEXT_V14,
        CONTEXT_V15,
        CONTEXT_V16,
        CONTEXT_V17,
    )
}
