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

from fqa_build.swap.components import load_modules
from fqa_build.swap.rule import REGISTERED, Rule, Stage, register, rule, running_order

#: every rule in the order a swap runs them (`running_order`: by stage, `after=`, place); a list only so that
#: `register_rule` can put a rule in its place for everyone holding the table
TABLE: list[Rule]
RULES: dict[str, Rule]
#: The reference work's six checks and ours, which every policy runs on the finished sample.
CHECKS: tuple[str, ...]


_filling = False


def _fill() -> None:
    """Import every rule module (this package's, then each component's, fqa_build/swap/components/) and order the
    table. Done at the first use of `TABLE`, `RULES` or `CHECKS`, not at import: a component's rule module may use
    a reader of this package's modules, and the table must not be taken while that module is half imported."""
    global TABLE, RULES, CHECKS, _filling
    if _filling:
        raise ImportError(
            "the rule table was asked for while the rule modules load: a rule or component module imports, at "
            "import time, a module that reads the table (the policy registry, orchestration/sample.py)"
        )
    _filling = True
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        importlib.import_module(f"{__name__}.{module}")
    load_modules()
    TABLE = running_order(REGISTERED.values())
    RULES = {r.name: r for r in TABLE}
    CHECKS = tuple(r.name for r in TABLE if r.stage is Stage.CHECK and r.check.__module__ == f"{__name__}.checks")


def __getattr__(name: str):
    if name in ("TABLE", "RULES", "CHECKS"):
        _fill()
        return globals()[name]
    raise AttributeError(f"module {__name__} has no attribute {name}")


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
