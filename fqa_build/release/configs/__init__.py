"""The configs derived from `default`, each one `DerivedConfig` registered in its own module (`guardrail`,
`spans`, `unanswerable`, `inconsistent`, `multiple_choice`); see `base`."""

from __future__ import annotations

from fqa_build.release.configs.base import DERIVED, DerivedConfig, register_derived, unregister_derived
from fqa_build.release.configs.guardrail import GUARDRAIL
from fqa_build.release.configs.inconsistent import INCONSISTENT
from fqa_build.release.configs.multiple_choice import MULTIPLE_CHOICE
from fqa_build.release.configs.spans import SPANS
from fqa_build.release.configs.unanswerable import UNANSWERABLE

__all__ = [
    "DERIVED",
    "GUARDRAIL",
    "INCONSISTENT",
    "MULTIPLE_CHOICE",
    "SPANS",
    "UNANSWERABLE",
    "DerivedConfig",
    "register_derived",
    "unregister_derived",
]
