"""Every rule a policy may use, in the order they run: each registered where it is defined (`@rule`), the order
derived from its stage, its `after=` and its place (registry.py `running_order`); no list here orders them.

A policy (`fqa_build/swap/policies/registry.py`) names the rules it uses; a swap runs them in this order, so the
reason a rejected swap is counted under does not depend on how a policy lists them. A new rule is its function, its
reasons and the records it rejects (`CASES`) in its module; `register_rule` puts one defined outside the package in
at run time (tests/toy_rule.py).
"""

from __future__ import annotations

import importlib
import pkgutil

from .registry import REGISTERED, Rule, Stage, register, rule, running_order

# every module of this package registers its rules where they are defined: a new rule module is found here, not
# listed (sorted by name, so the registry fills in the same order everywhere)
for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")

#: every rule in the order a swap runs them (`running_order`: by stage, `after=`, place); a list only so that
#: `register_rule` can put a rule in its place for everyone holding the table
TABLE: list[Rule] = running_order(REGISTERED.values())
RULES: dict[str, Rule] = {r.name: r for r in TABLE}
#: The reference work's six checks and ours, which every policy runs on the finished sample.
CHECKS: tuple[str, ...] = tuple(
    r.name for r in TABLE if r.stage is Stage.CHECK and r.check.__module__ == f"{__name__}.checks"
)


def register_rule(new: Rule) -> Rule:
    """Register a rule defined outside this package (a test's toy rule, defined with `Rule` rather than `@rule`)
    and run it in its place: the table is ordered anew (ValueError where its name is taken or its `after=` cannot
    hold)."""
    order = running_order([*TABLE, new])  # checks `after=` before anything changes
    register(new)
    TABLE[:] = order
    RULES[new.name] = new
    return new


def unregister_rule(name: str) -> None:
    """Take a rule out of the registry and the table (tests that register a toy rule restore the table with it)."""
    TABLE.remove(RULES.pop(name))
    del REGISTERED[name]


__all__ = ["CHECKS", "RULES", "TABLE", "Rule", "Stage", "register_rule", "rule", "unregister_rule"]
