"""Where components join the swap (fqa_build/swap/hooks.py): each hook registered beside its code, run for the
components a policy lists, in the components' registration order."""

from __future__ import annotations

import pytest

from fqa_build.swap.components import COMPONENTS, ComposedPersons, Kinds
from fqa_build.swap.hooks import HOOKS, Hook, hook, hooks_of
from fqa_build.swap.policies.registry import POLICIES

from .retired_policies import RETIRED_STEPS


def _names(policy, point):
    return [fn.__name__ for _, fn in hooks_of(policy, point)]


def test_the_default_makes_persons_countries_towns_names_and_values_in_that_order():
    default = POLICIES["context_v18"]
    assert _names(default, Hook.MAKE) == [
        "make_person",
        "make_country",
        "make_town",
        "make_name",
        "make_scaled",
        "make_made_value",
    ]
    assert _names(default, Hook.LABEL) == ["class_organisation", "relabel"]
    assert _names(default, Hook.MATCH) == []


def test_the_baseline_runs_no_hook():
    assert all(hooks_of(POLICIES["type_shape_v1"], point) == () for point in Hook)


def test_the_retired_components_join_where_a_step_lists_them():
    v11 = RETIRED_STEPS["context_v11"]
    assert _names(v11, Hook.MAKE)[-2:] == ["make_work", "make_thing"]
    assert _names(v11, Hook.MATCH) == ["record_thing_matches"]
    assert _names(RETIRED_STEPS["context_v8"], Hook.MAKE) == ["make_person"]


def test_hooks_run_in_the_components_registration_order_not_the_policys():
    default = POLICIES["context_v18"]
    reordered = POLICIES["context_v18"].__class__(**{**vars(default), "components": default.components[::-1]})
    assert reordered == default and hooks_of(reordered, Hook.MAKE) == hooks_of(default, Hook.MAKE)


def test_hooks_are_timed_by_component_while_asked():
    from fqa_build.swap.hooks import timed, timed_hooks

    with timed_hooks() as seconds:
        assert timed("made_towns", lambda x: x + 1, 1) == 2
        timed("made_towns", lambda: None)
    assert set(seconds) == {"made_towns"} and seconds["made_towns"] >= 0.0
    assert timed("made_towns", lambda: 3) == 3 and set(seconds) == {"made_towns"}  # off again: not counted


def test_every_hook_is_of_a_registered_component():
    hooks_of(POLICIES["context_v18"], Hook.MAKE)  # loads the modules that define hooks
    for point, registered in HOOKS.items():
        assert set(registered) <= set(COMPONENTS.values()), point


def test_a_component_has_one_hook_a_point():
    hooks_of(POLICIES["context_v18"], Hook.MAKE)
    with pytest.raises(ValueError, match=r"component composed_persons has a make hook already \(make_person\)"):
        hook(Hook.MAKE, ComposedPersons)(lambda swap: None)
    assert Kinds not in HOOKS[Hook.MAKE]
