"""A kept policy is one registration (tests/toy_policy.py): the golden tool builds it and the golden test
parametrises over it with no other edit; until the snapshot is regenerated, the golden test fails saying so."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fqa_build.swap.policies import registry as policies

from .conftest import ROOT
from .toy_policy import TOY_POLICY, register_toy

sys.path.insert(0, str(ROOT / "tools"))

import golden_sample  # noqa: E402

GOLDEN_TEST = "tests/test_golden_sample.py"


@pytest.fixture
def toy_policy(monkeypatch):
    monkeypatch.setattr(policies, "POLICIES", dict(policies.POLICIES))  # restored after the test
    monkeypatch.setattr(policies, "KEPT", list(policies.KEPT))
    return register_toy()


def test_a_kept_policy_joins_the_golden_tool(toy_policy):
    before = [name for name in golden_sample.kept_policies() if name != TOY_POLICY.name]
    assert golden_sample.kept_policies() == (*before, "toy_kept_v1")
    assert policies.get_policy("toy_kept_v1") is toy_policy


def test_the_registry_is_as_it_was_after_the_toy():
    # after the test above: its fixture put the registry back
    assert "toy_kept_v1" not in golden_sample.kept_policies() and "toy_kept_v1" not in policies.POLICIES


def _pytest(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pytest", "-p", "tests.toy_policy", "-p", "no:cacheprovider", *args, GOLDEN_TEST]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_a_kept_policy_joins_the_golden_tests():
    collected = _pytest("--collect-only", "-q")
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    for test in ("test_a_kept_policy_builds_the_sample_it_built", "test_a_kept_policy_counts_what_it_counted"):
        assert f"{GOLDEN_TEST}::{test}[toy_kept_v1]" in collected.stdout.splitlines()
    pinned = _pytest("-q", "-k", "pins_every_kept_policy or toy_kept_v1 and counts_what")
    assert pinned.returncode == 1
    assert "the kept policies changed: run `python tools/golden_sample.py`" in pinned.stdout
    assert "toy_kept_v1 is kept but not in the snapshot" in pinned.stdout
