"""A toy kept policy in one file: `toy_kept_v1`, `type_shape_v1` under a new name, registered `kept=True`. Registered
by tests/test_kept_policy_extension.py for one test and removed after, or by pytest loading this module as a plugin
(`-p tests.toy_policy`, in a subprocess); nothing else in the project names it."""

from __future__ import annotations

from fqa_build.swap.policies.policy import Policy
from fqa_build.swap.policies.registry import TYPE_SHAPE_V1, register

TOY_POLICY = TYPE_SHAPE_V1.extend("toy_kept_v1", "type_shape_v1 under a new name (the tests' own)")


def register_toy() -> Policy:
    """Register the toy policy as a kept one."""
    return register(TOY_POLICY, kept=True)


def pytest_configure(config) -> None:
    register_toy()
