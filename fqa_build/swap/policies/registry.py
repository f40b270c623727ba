"""Versioned swap policies (`policy.Policy`): registry entries naming rules, candidate filters and draw, selected with
`--policy` and recorded in the manifest and card. A new version extends an earlier one (`Policy.extend`) and leaves it
as it was, so old builds stay byte-identical (tests/test_golden_sample.py). Kept: the default and the plain baseline
`type_shape_v1`; the others are `RETIRED` (README, "Rebuilding an old release")."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from fqa_build.swap.components import (
    ComposedNames,
    ComposedPersons,
    CountryMaps,
    GoldForms,
    Kinds,
    MadeTowns,
    MadeValues,
    OneRowPerQuestion,
    OrganisationClasses,
    PersonsByPronoun,
    Quantities,
    RelabelledNames,
    ScaledAmounts,
    ShiftedTimelines,
    StatedArithmetic,
)
from fqa_build.swap.components.made_values import VALUE_TYPES
from fqa_build.swap.drawing.filters import FILTERS
from fqa_build.swap.policies.policy import DRAW_NAMES, Policy
from fqa_build.swap.policies.rule_lists import (
    CONTEXT_V8_FILTERS,
    CONTEXT_V8_RULES,
    CONTEXT_V10_RULES,
    CONTEXT_V11_RULES,
    CONTEXT_V13_RULES,
    CONTEXT_V14_RULES,
    CONTEXT_V15_RULES,
    CONTEXT_V16_RULES,
    MADE_RULES,
)
from fqa_build.swap.rules import CHECKS, RULES, TABLE, Rule, Stage


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
#: The default: context_v17 (below), and two more readings of the arithmetic (issue 37; `Reading.rates_in_prose`,
#: `Reading.products_of_three`): a quantity per a unit written out ("174.4 cubic metres per hectare") is a rate, so
#: that it times the units it is per gives its total, and a figure three others of its sentence or the one before
#: multiply to as written ("15 placements at £12,700 a week ... over 52 weeks, £9,906,000") still is their product.
#: context_v17 was context_v16 (below) and the arithmetic read further (issue 37; fqa_build/facts/arithmetic.py,
#: `Reading`): a table's cells in the units of their column's header, the mean of two figures a sentence names as an
#: average, money in a currency written with letters, a percentage the written figures give to its last digit, and a
#: figure a reader works out (an average, a rate, a total, a share) kept what the others give to its last digit.
#: context_v16 was context_v15 and the arithmetic a passage states kept (fqa_build/swap/components/stated_arithmetic/):
#: no sum, product, share or change that holds among three figures of the passage, to the precision they are written
#: with, is broken by the swap, and amounts scaled together take a factor that keeps it where one does (issue 37).
#: context_v15 was context_v14 and amounts scaled together (fqa_build/swap/components/scaled_amounts/): an amount of
#: money or a measured quantity whose passage states other amounts of its unit is swapped by moving all of them (and the
#: passage's money, but for the prices per its unit) by one exact factor, so that every sum, share, change, mean, rate
#: and price between them holds, whether or not a rule reads it; no percentage two amounts of the passage give is
#: swapped; a season written "2023/24" moves whole (issue 37). context_v14 was context_v13 with numbers read as
#: quantities (fqa_build/swap/components/quantities/: a number's other mentions rewritten only where they denote the
#: same quantity, a new number inside a range stated right after it, no count or share of a count-and-share pair swapped
#: alone). context_v13 was the swap of context_v12 (context_v8's persons, dates and counts; context_v9's made countries,
#: towns and composed names; context_v10's checks on any text and gold forms; context_v11's shifted timelines, made
#: values, organisation classes, persons named in part and relabelled names), and a row only where its passage names one
#: answer to its question, the gold, before and after the swap (fqa_build/swap/answerability/, rules/answerability.py).
#: Its forebears are retired (tags `policies-context_v8-v12`, `policies-context_v13`, `policies-context_v14`,
#: `policies-context_v15`, `policies-context_v16`, `policies-context_v17`); their definitions live on as the
#: unregistered test steps of tests/steps.py and tests/retired_policies.py, under which the rules' hand-made records
#: run.
CONTEXT_V18 = register(
    Policy(
        "context_v18",
        "context_v12, and a row only where its passage names one answer to its question: no other mention of the "
        "answer's type that a candidate reader (trained on SQuAD and NQ) clearly prefers to the gold, in the original "
        "passage or in the counterfactual one; no answer in a line of a role table the question does not single out; "
        "no yes-or-no question, no two questions in one, no question any member of a class answers; no number of a "
        "passage with a table of numbers; a number means its quantity, not its string: its other mentions are "
        "rewritten only where they denote the same quantity, a new number stays inside a range stated right after "
        "it, and no count or share of a count-and-share pair is swapped; an amount of money or a measured quantity "
        "is swapped by moving every amount of its unit in the passage (a quantity's money too, but for the prices per "
        "its unit) by one exact factor, and no percentage two amounts of the passage give is swapped; a season or "
        "financial year written '2023/24' moves whole; no sum, product, mean, share or change three figures of the "
        "passage state is broken by the swap, nor a table's total row or shares that make a whole; a table's cell is "
        "its row's and column's, in the units of its column's header; the figure a reader works out (an average, a "
        "rate, a total, a share) stays what the others give to its last digit, worked out again where its total "
        "moves; a quantity per a unit written out is a rate, and a figure three others multiply to stays their "
        "product",
        rules=CONTEXT_V8_RULES
        | frozenset(
            (
                *MADE_RULES,
                *CONTEXT_V10_RULES,
                *CONTEXT_V11_RULES,
                *CONTEXT_V13_RULES,
                *CONTEXT_V14_RULES,
                *CONTEXT_V15_RULES,
                *CONTEXT_V16_RULES,
            )
        ),
        filters=(*CONTEXT_V8_FILTERS, "decade_moves_one"),
        draw="neighbours",
        swap_types=frozenset({"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT", *VALUE_TYPES}),
        components=(
            Kinds(),
            ComposedPersons(),
            CountryMaps(),
            MadeTowns(),
            ComposedNames(),
            GoldForms(),
            OneRowPerQuestion(),
            PersonsByPronoun(),
            OrganisationClasses(),
            ScaledAmounts(),
            MadeValues(),
            ShiftedTimelines(),
            RelabelledNames(),
            Quantities(),
            StatedArithmetic(),
        ),
    ),
    kept=True,
)

#: policies no longer registered: a release built with one is rebuilt from the commit its manifest records
#: (context_v8 ... context_v12 also at the tag `policies-context_v8-v12`, context_v13 at `policies-context_v13`,
#: context_v14 at `policies-context_v14`, context_v15 at `policies-context_v15`, context_v16 at `policies-context_v16`,
#: context_v17 at `policies-context_v17`: the last commits that pinned them)
RETIRED = ("kind_v1", "neighbours_v1", *(f"context_v{n}" for n in range(1, 18)))


def get_policy(name: str) -> Policy:
    """The registered policy of that name, or the policy a JSON file of that path holds (`load_policy`); ValueError
    naming the choices, or saying the name is retired, otherwise."""
    try:
        return POLICIES[name]
    except KeyError:
        if name in RETIRED:
            raise ValueError(
                f"policy {name!r} is retired; to rebuild a release made with it, check out the commit its "
                f"build_manifest.json records (code.commit) and build there (README, 'Rebuilding an old release'); "
                f"kept policies: {', '.join(POLICIES)}"
            ) from None
        if name.endswith(".json") or Path(name).is_file():
            path = Path(name)
            if not path.is_file():
                raise ValueError(f"policy file {name} does not exist") from None
            stat = path.stat()
            return _load_policy(str(path.resolve()), stat.st_mtime_ns, stat.st_size)
        raise ValueError(f"unknown policy {name!r}; choose from {', '.join(POLICIES)} or give a policy file") from None


def recorded_policy(recorded: dict[str, Any]) -> Policy | None:
    """The policy a build manifest records (its `policy`): read as data where it is written whole
    (`Policy.to_dict`), else the registered policy of its name; None for a policy this version cannot read."""
    if "components" in recorded:
        try:
            return Policy.from_dict({k: v for k, v in recorded.items() if k != "reader"}, "the manifest's policy")
        except ValueError:
            return None
    return POLICIES.get(recorded.get("name", ""))


def load_policy(path: Path) -> Policy:
    """The policy a JSON file holds (as `Policy.to_dict` writes it; `python -m fqa_build policy NAME` prints one).
    Its rules, filters and draw must exist, and its name must be new or name a registered policy it equals: a name
    is never reused for another policy, nor a retired one's. ValueError naming the file otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"policy file {path}: cannot read it as JSON ({error})") from None
    policy = Policy.from_dict(data, f"policy file {path}")
    if policy.name in RETIRED:
        raise ValueError(f"policy file {path}: {policy.name!r} is a retired policy's name; give yours a new name")
    known = POLICIES.get(policy.name)
    if known is not None and known != policy:
        raise ValueError(
            f"policy file {path}: {policy.name!r} names a registered policy but differs from it; a policy's name is "
            f"never reused: give yours a new versioned name"
        )
    try:
        return known or check(policy)
    except ValueError as error:
        raise ValueError(f"policy file {path}: {error}") from None


@functools.lru_cache(maxsize=16)
def _load_policy(path: str, mtime_ns: int, size: int) -> Policy:
    """`load_policy`, read once per version of the file (every sample asks for its policy)."""
    return load_policy(Path(path))
