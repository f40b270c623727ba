"""Each swap component is a folder of its own (fqa_build/swap/components/<name>/): its parameters, its hooks, its
rules and their records sit there, nothing outside the folder reads its parameters, and what others must know of it
it declares (`made_types`, `needs`, `capabilities`, ...)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fqa_build.swap.components import COMPONENTS, ORDER, ComposedNames, ComposedPersons, CountRelations, Kinds
from fqa_build.swap.components.composed_names import MADE_TYPES
from fqa_build.swap.components.made_values import VALUE_TYPES
from fqa_build.swap.hooks import HOOKS, Hook, hooks_of
from fqa_build.swap.policies.policy import Policy
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rules import RULES

from .rule_case import extension_modules

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fqa_build"
COMPONENTS_DIR = PACKAGE / "swap" / "components"
DEFAULT = POLICIES["context_v18"]
BASELINE = POLICIES["type_shape_v1"]


def _folder_of(module: str) -> str | None:
    found = re.match(r"fqa_build\.swap\.components\.(\w+)\.", module)
    return found.group(1) if found else None


def test_every_component_is_a_folder_of_its_name_registered_in_order():
    folders = sorted(p.name for p in COMPONENTS_DIR.iterdir() if (p / "__init__.py").exists())
    assert folders == sorted(ORDER) == sorted(COMPONENTS)
    assert tuple(COMPONENTS) == ORDER
    for name, kind in COMPONENTS.items():
        assert kind.__module__ == f"fqa_build.swap.components.{name}"


def test_every_hook_is_defined_in_its_components_folder():
    hooks_of(DEFAULT, Hook.MAKE)  # loads every component's modules
    for point, registered in HOOKS.items():
        for kind, fn in registered.items():
            assert _folder_of(fn.__module__) == kind.name, (point, kind.name, fn.__module__)


def test_the_default_joins_the_swap_at_these_points():
    assert {point.value: [name for name, _ in hooks_of(DEFAULT, point)] for point in Hook} == {
        "warm": ["made_towns", "composed_names"],
        "inputs": ["one_row_per_question"],
        "record": [],
        "match": [],
        "try": ["shifted_timelines"],
        "kind": ["kinds", "composed_persons", "composed_names"],
        "gender": ["composed_persons"],
        "label": ["organisation_classes", "relabelled_names"],
        "shape": ["kinds"],
        "make": [
            "composed_persons",
            "country_maps",
            "made_towns",
            "composed_names",
            "scaled_amounts",
            "made_values",
        ],
        "rewrite": ["scaled_amounts", "shifted_timelines", "quantities"],
        "answer": ["gold_forms"],
        "golds": ["gold_forms"],
    }
    assert all(not hooks_of(BASELINE, point) for point in Hook)
    # context_v11 (a retired step, registered for the tests) had the four mechanisms context_v12 left out
    v11 = POLICIES["context_v11"]
    assert [name for name, _ in hooks_of(v11, Hook.KIND)][-2:] == ["made_works", "closed_class_nouns"]
    assert [name for name, _ in hooks_of(v11, Hook.RECORD)] == ["evidence_windows"]
    # (shifted_timelines joins every rewrite; its seasons_apart, off before context_v17, decides whether it acts)
    assert [name for name, _ in hooks_of(v11, Hook.REWRITE)] == ["shifted_timelines", "count_relations"]
    assert [name for name, _ in hooks_of(v11, Hook.MATCH)] == ["closed_class_nouns"]


def test_a_components_rules_and_their_records_sit_in_its_folder():
    records = {rule: module.__name__ for module in extension_modules() for rule in getattr(module, "CASES", {})}
    in_folders = {name: r for name, r in RULES.items() if _folder_of(r.check.__module__)}
    assert len(in_folders) > 80  # a new component rule adds one: no count is pinned here
    for name, r in in_folders.items():
        folder = _folder_of(r.check.__module__)
        assert records[name].startswith(f"fqa_build.swap.components.{folder}."), name


def _parameter_reads(path: Path) -> list[tuple[str, str]]:
    """(component class, parameter or "") of every `.uses(Class ...)` / `.get(Class)` call in the file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("uses", "get")
            and node.args
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id in {kind.__name__ for kind in COMPONENTS.values()}
        ):
            parameter = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else ""
            found.append((node.args[0].id, parameter))
    return found


def test_no_module_outside_a_component_reads_its_parameters():
    by_class = {kind.__name__: name for name, kind in COMPONENTS.items()}
    outside = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        folder = relative.split("/")[2] if relative.startswith("swap/components/") else None
        for cls, parameter in _parameter_reads(path):
            if by_class[cls] != folder:
                outside.append(f"{relative}: {cls} {parameter}".rstrip())
    assert outside == []


def test_the_parameter_scan_finds_a_read():
    # the scan above can fail: a read of a parameter as the code writes one is found
    probe = COMPONENTS_DIR.parent / "probe_for_test.py"
    probe.write_text('def f(swap):\n    return swap.policy.uses(CountRelations, "scaled_decimals")\n', encoding="utf-8")
    try:
        assert _parameter_reads(probe) == [("CountRelations", "scaled_decimals")]
    finally:
        probe.unlink()


def test_the_policy_unites_what_its_components_declare():
    assert DEFAULT.made_types == MADE_TYPES | VALUE_TYPES | {"PERSON"}
    assert DEFAULT.value_types == VALUE_TYPES and DEFAULT.own_labels == frozenset()
    assert POLICIES["context_v11"].own_labels == {"THING"} and POLICIES["context_v11"].needs("windows")
    assert [w for w in ("kinds", "common_words", "windows") if DEFAULT.needs(w)] == ["kinds", "common_words"]
    assert BASELINE.made_types == frozenset() and not BASELINE.needs("kinds")
    assert DEFAULT.drawn_types == DEFAULT.swap_types - MADE_TYPES - VALUE_TYPES
    assert BASELINE.drawn_types == BASELINE.swap_types


def test_capabilities_follow_the_parameters():
    v11 = POLICIES["context_v11"]
    assert v11.offers("counts_keep_relations") and v11.offers("scaled_decimals")
    assert not DEFAULT.offers("counts_keep_relations") and not BASELINE.offers("counts_keep_relations")
    assert DEFAULT.offers("surnames_alone") and not BASELINE.offers("surnames_alone")
    fewer = v11.with_components(CountRelations(scaled_decimals=False), ComposedPersons(surnames_alone=False))
    assert fewer.offers("counts_keep_relations") and not fewer.offers("scaled_decimals")
    assert not fewer.offers("surnames_alone") and fewer.offers("names_by_nationality")


def test_an_unknown_capability_is_refused():
    with pytest.raises(ValueError, match="no component offers 'count_relation'"):
        DEFAULT.offers("count_relation")


def test_a_component_that_refines_kinds_needs_kinds():
    with pytest.raises(ValueError, match="policy p_v1: component composed_names needs kinds listed too"):
        Policy("p_v1", "d", rules=frozenset(), components=(ComposedNames(),))
    assert Policy("p_v1", "d", rules=frozenset(), components=(Kinds(), ComposedNames())).uses(ComposedNames)
