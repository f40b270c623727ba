"""The record a rule rejects (`Case`), shared by tests/test_rules.py and the modules that hold the records of
rules of their own (tests/rule_cases_*.py, gathered by `extension_modules`)."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from build.reasons import Reason


@dataclass(frozen=True)
class Case:
    """A record and what NER found in it, and a small bank.

    `answers` and `entities` name their text; a trailing number picks the n-th occurrence in the context (0:
    the first). Each `bank` item is seen twice, in contexts of its own ("the X" where listed in `article`);
    `votes` add (text, label, n) mentions, to give a name a second label. `without` is the outcome under the
    policy without the rule: the new context of the kept sample, or the reason a later rule rejects it for.
    `needs`: the rules a policy must also run for this record to reach the rule end to end.
    """

    question: str
    context: str
    answers: tuple
    entities: tuple
    bank: tuple = ()
    without: str | Reason | None = None
    replacement: str | None = None
    votes: tuple = ()
    article: tuple = ()
    config: tuple = ()  # SubstitutionConfig fields other than the policy, as (name, value) pairs
    common_words: tuple = ()  # the corpus's lower-case words (build/bank/build.py sets them for composing policies)
    needs: frozenset[str] = frozenset()

    def answers_text(self) -> list[str]:
        return [a[0] if isinstance(a, tuple) else a for a in self.answers]


def extension_modules() -> list[ModuleType]:
    """Every tests/rule_cases_*.py module, by name: each holds `CASES` and `REASON_OF` of the rules it tests, and
    may hold `DIRECT` (stand-ins of rules no record reaches) and `UNREACHED` ((policy, rule) -> reason)."""
    names = sorted(
        m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.name.startswith("rule_cases_")
    )
    return [importlib.import_module(f"{__package__}.{name}") for name in names]
