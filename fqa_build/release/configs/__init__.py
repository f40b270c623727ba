"""The configs derived from `default`, each one `DerivedConfig` registered in its own module (`guardrail`,
`spans`, `unanswerable`, `inconsistent`, `multiple_choice`); see `base`."""

from __future__ import annotations

from .base import DERIVED, DerivedConfig, register_derived, unregister_derived
from .guardrail import GUARDRAIL
from .inconsistent import INCONSISTENT
from .multiple_choice import MULTIPLE_CHOICE
from .spans import SPANS
from .unanswerable import UNANSWERABLE

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
