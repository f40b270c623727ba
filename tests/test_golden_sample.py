"""The versioning promise, tested: every data file of the bundled sample's build under each kept policy
has the sha256 stored in `tests/snapshots/sample_golden.json`. Shared code, a lexicon line or the sample changing
the bytes of a kept policy fails here, on any machine (no `../shared` needed); a deliberate change regenerates
the snapshot with `python tools/golden_sample.py` and says so."""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from golden_sample import KEPT, SNAPSHOT, counts, data_digests  # noqa: E402

GOLDEN = json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def _same_packages() -> None:
    installed = {name: metadata.version(name) for name in GOLDEN["packages"]}
    if installed != GOLDEN["packages"]:
        differ = {n: (GOLDEN["packages"][n], v) for n, v in installed.items() if v != GOLDEN["packages"][n]}
        pytest.skip(f"the golden bytes were made with other package versions {differ}: regenerate to compare")


def test_the_snapshot_pins_every_kept_policy():
    assert sorted(GOLDEN["policies"]) == sorted(KEPT)
    assert all(len(files) == 13 for files in GOLDEN["policies"].values())  # 3 + 1 + 6 + 3 shards


@pytest.fixture(scope="module")
def builds(sample_build, sample_build_v1):
    from build import BuildConfig, run_build
    from build.config import SubstitutionConfig

    def build(policy: str):
        out = sample_build.out.parent / f"out-{policy.replace('_', '-')}"
        config = SubstitutionConfig(policy=policy)
        return run_build(
            BuildConfig(out=out, cache_dir=sample_build.out.parent / "cache", progress=False, substitution=config)
        ).out

    built = {sample_build.manifest["policy"]["name"]: sample_build.out}  # the default's build, shared
    built |= {policy: build(policy) for policy in KEPT if policy not in built and policy != "type_shape_v1"}
    return {**built, "type_shape_v1": sample_build_v1.out}


@pytest.mark.parametrize("policy", KEPT)
def test_a_kept_policy_builds_the_sample_it_built(builds, policy):
    _same_packages()
    assert data_digests(builds[policy]) == GOLDEN["policies"][policy]


@pytest.mark.parametrize("policy", KEPT)
def test_a_kept_policy_counts_what_it_counted(builds, policy):
    # the one place the sample's count pins live (regenerated with the hashes): kept, rejected per reason, splits
    assert counts(builds[policy]) == GOLDEN["counts"][policy]


def test_the_manifest_records_the_commit_and_the_lexicons(sample_build):
    from build.release.manifest import lexicons_digest

    code = json.loads((sample_build.out / "build_manifest.json").read_text())["code"]
    assert code["lexicons_sha256"] == lexicons_digest() and len(code["lexicons_sha256"]) == 64
    assert code["commit"] is None or len(code["commit"]) == 40


def test_a_changed_lexicon_line_changes_the_digest(tmp_path, monkeypatch):
    import shutil

    from build.release import manifest

    copy = tmp_path / "lexicons"
    shutil.copytree(manifest.LEXICON_DIR, copy)
    monkeypatch.setattr(manifest, "LEXICON_DIR", copy)
    before = manifest.lexicons_digest()
    months = copy / "months.txt"
    months.write_text(months.read_text(encoding="utf-8").replace("\n", "\nSmarch\n", 1), encoding="utf-8")
    assert manifest.lexicons_digest() != before
