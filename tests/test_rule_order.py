"""The order rules run in, derived and never listed (fqa_build/swap/rule.py `running_order`): by stage,
then after the rules a rule's `after=` names, then by module and place in the module; every rule registered where
it is defined."""

from __future__ import annotations

import inspect

import pytest

import fqa_build.swap.rules as rules_package
from fqa_build.reasons import Reason
from fqa_build.swap.rule import Rule, Stage, running_order
from fqa_build.swap.rules import REGISTERED, RULES, TABLE


def _rule(name: str, stage: Stage, line: int, after: tuple[str, ...] = (), module: str = "m") -> Rule:
    def check(swap):
        return None

    check.__module__ = module
    check.__code__ = check.__code__.replace(co_firstlineno=line)
    return Rule(name, stage, (Reason.CONTEXT_UNCHANGED,), check, after)


def test_stage_first_then_place():
    a, b, c = _rule("a", Stage.CHECK, 1), _rule("b", Stage.MENTION, 9), _rule("c", Stage.MENTION, 2)
    assert [r.name for r in running_order([a, b, c])] == ["c", "b", "a"]
    # another module sorts by its name: "m" before "n"
    d = _rule("d", Stage.MENTION, 1, module="n")
    assert [r.name for r in running_order([d, b, c])] == ["c", "b", "d"]


def test_after_moves_a_rule_behind_the_ones_it_names():
    first, second, third = (
        _rule("x", Stage.REWRITE, 1, ("z",)),
        _rule("y", Stage.REWRITE, 2),
        _rule("z", Stage.REWRITE, 3),
    )
    assert [r.name for r in running_order([first, second, third])] == ["y", "z", "x"]
    # a rule of an earlier stage runs before anyway
    early = _rule("w", Stage.LABEL, 5)
    assert [r.name for r in running_order([_rule("v", Stage.CHECK, 1, ("w",)), early])] == ["w", "v"]


def test_after_that_cannot_hold_is_refused():
    with pytest.raises(ValueError, match="^rule x: no rule nowhere to run after$"):
        running_order([_rule("x", Stage.CHECK, 1, ("nowhere",))])
    with pytest.raises(ValueError, match="^rule x: a rule of stage LABEL cannot run after y"):
        running_order([_rule("x", Stage.LABEL, 1, ("y",)), _rule("y", Stage.CHECK, 2)])
    with pytest.raises(ValueError, match=r"^rules ordered in a cycle by after=: \['x', 'y'\]$"):
        running_order([_rule("x", Stage.CHECK, 1, ("y",)), _rule("y", Stage.CHECK, 2, ("x",))])


def test_the_table_is_the_registry_in_running_order():
    assert TABLE == running_order(REGISTERED.values()) and set(RULES) == set(REGISTERED)
    stages = [r.stage for r in TABLE]
    assert stages == sorted(stages)
    # the gates: what a swap of the label is comes first, the candidate reader (the costliest) last
    assert TABLE[0].name == "type_is_swapped" and TABLE[-1].name == "reader_picks_gold"
    for r in TABLE:
        assert all(TABLE.index(RULES[name]) < TABLE.index(r) for name in r.after), r.name


def test_no_list_orders_the_rules():
    # the package imports its modules by finding them and holds no list of rules: a new rule touches its module
    source = inspect.getsource(rules_package)
    assert "TABLE = running_order(REGISTERED.values())" in source
    assert not [name for name in RULES if f".{name}," in source or f".{name}\n" in source]
