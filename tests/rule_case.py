"""Where the records rules reject (`Case`, fqa_build/swap/rule.py) are found: the modules of the table's
rules that hold `CASES` beside the rule, and the test modules that hold the records of rules of their own
(tests/rule_cases_*.py); `extension_modules` gathers both."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

from fqa_build.swap.components import case_modules
from fqa_build.swap.rule import Case
from fqa_build.swap.rules import TABLE

__all__ = ["Case", "extension_modules"]


def extension_modules() -> list[ModuleType]:
    """Every tests/rule_cases_*.py module, by name, each component's records (`<folder>/cases*.py`,
    swap/components/), then every module of a rule now in the table that holds
    `CASES`, in table order: each holds `CASES` of the rules it tests, and may hold `REASON_OF` (a rule's reason
    where it declares several), `DIRECT` (stand-ins of rules no record reaches) and `UNREACHED` ((policy, rule)
    -> reason)."""
    names = sorted(
        m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("rule_cases_")
    )
    found = [importlib.import_module(f"{__package__}.{name}") for name in names]
    found += [importlib.import_module(name) for name in case_modules()]  # each component's, beside its rules
    for rule in TABLE:
        module = sys.modules[rule.check.__module__]
        if hasattr(module, "CASES") and module not in found:
            found.append(module)
    return found
