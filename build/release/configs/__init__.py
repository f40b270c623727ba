"""The configs derived from `default`, each one `DerivedConfig` registered in its own module (`guardrail`,
`spans`); see `base`."""

from __future__ import annotations

from .base import DERIVED, DerivedConfig, register_derived, unregister_derived
from .guardrail import GUARDRAIL
from .spans import SPANS

__all__ = ["DERIVED", "GUARDRAIL", "SPANS", "DerivedConfig", "register_derived", "unregister_derived"]
