"""Shared fixtures: the repository root on sys.path, where the real data lives, and the markers' rules.

Markers (registered in pyproject.toml, `--strict-markers`): `slow` (deselect with `-m "not slow"` for the fast
subset) and `real_data` (reads ../shared/data; skipped where that folder is absent; always also `slow`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHARED_DATA = ROOT.parent / "shared" / "data"
SQUAD_DEV = SHARED_DATA / "squad_v1.1" / "dev-v1.1.json"
TRIVIA_RC = SHARED_DATA / "triviaqa" / "rc_sample"


def require_shared(path: Path) -> Path:
    """Skip (with the reason) where the shared real data is not beside the checkout."""
    if not path.exists():
        pytest.skip(f"real data not found at {path} (../shared/data is absent on this machine)")
    return path


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("real_data") and not item.get_closest_marker("slow"):
            raise pytest.UsageError(f"{item.nodeid} is marked real_data but not slow")


def pytest_runtest_setup(item):
    if item.get_closest_marker("real_data"):
        require_shared(SHARED_DATA)


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory):
    """One build of the bundled sample (real NER), shared by the tests that only read it."""
    from build import BuildConfig, run_build

    base = tmp_path_factory.mktemp("sample")
    return run_build(BuildConfig(out=base / "out", cache_dir=base / "cache", progress=False))
