"""The versioning promise, tested: every data file of the bundled sample's build under each kept policy
has the sha256 stored in `tests/snapshots/sample_golden.json`. Shared code, a lexicon line or the sample changing
the bytes of a kept policy fails here, on any machine (no `../shared` needed); a deliberate change regenerates
the snapshot with `python tools/golden_sample.py` and says so. The kept policies are the registry's (`kept=True`);
the bytes depend on package versions too, pinned in `constraints.txt` with the snapshot's: installed versions that
differ fail here (docs/versions.md)."""

from __future__ import annotations

import json
import re
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from golden_sample import (  # noqa: E402
    CONSTRAINTS,
    PINNED_PACKAGES,
    REFRESH,
    SNAPSHOT,
    counts,
    data_digests,
    kept_policies,
    lock_pins,
    normalised,
)

GOLDEN = json.loads(SNAPSHOT.read_text(encoding="utf-8"))


def _same_packages() -> None:
    installed = {name: metadata.version(name) for name in GOLDEN["packages"]}
    differ = {n: (GOLDEN["packages"][n], v) for n, v in installed.items() if v != GOLDEN["packages"][n]}
    assert not differ, (
        f"the golden bytes were made with other package versions (golden, installed): {differ}; install the lock "
        f"(pip install -c constraints.txt -r requirements-dev.txt -r requirements-ray.txt) or, for a deliberate "
        f"upgrade, refresh the lock and the golden values together: `{REFRESH}` (docs/versions.md)"
    )


def _in_the_snapshot(policy: str) -> None:
    assert policy in GOLDEN["policies"], (
        f"{policy} is kept but not in the snapshot: run `python tools/golden_sample.py`"
    )


def test_the_snapshot_pins_every_kept_policy():
    assert sorted(GOLDEN["policies"]) == sorted(kept_policies()), (
        "the kept policies changed: run `python tools/golden_sample.py`"
    )
    # every kept policy pins the same files: each config's shards (the digests name them)
    assert len({tuple(sorted(files)) for files in GOLDEN["policies"].values()}) == 1


def _requirement_names(path: Path) -> set[str]:
    """The normalised package names a requirements file asks for (its `-r` files followed; `-e .` is the project)."""
    names: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r"):
            names |= _requirement_names(path.parent / line[2:].strip())
        elif line and not line.startswith("-"):
            names.add(normalised(re.split(r"[\[<>=!~;\s]", line, maxsplit=1)[0]))
    return names


def test_the_lock_pins_every_requirement():
    # a requirement added without refreshing the lock would install unpinned in CI, its bytes unchecked
    asked = _requirement_names(ROOT / "requirements-dev.txt") | _requirement_names(ROOT / "requirements-ray.txt")
    assert asked - set(lock_pins()) == set(), f"not in {CONSTRAINTS.name}: run `{REFRESH}`"


def test_the_snapshot_was_made_with_the_locked_versions():
    pins = lock_pins()
    assert sorted(GOLDEN["packages"]) == sorted(PINNED_PACKAGES)
    differ = {n: (v, pins.get(normalised(n))) for n, v in GOLDEN["packages"].items() if pins.get(normalised(n)) != v}
    assert not differ, f"{CONSTRAINTS.name} and the snapshot disagree (golden, locked): {differ}; run `{REFRESH}`"


@pytest.fixture(scope="module")
def builds(sample_build, sample_build_v1):
    """The sample's build under a kept policy, by name, each made once when first asked for; the default's and
    `type_shape_v1`'s are the shared session builds."""
    from fqa_build import BuildConfig, run_build
    from fqa_build.config import SubstitutionConfig

    built = {sample_build.manifest["policy"]["name"]: sample_build.out, "type_shape_v1": sample_build_v1.out}

    def build(policy: str) -> Path:
        if policy not in built:
            out = sample_build.out.parent / f"out-{policy.replace('_', '-')}"
            config = BuildConfig(
                out=out,
                cache_dir=sample_build.out.parent / "cache",
                progress=False,
                substitution=SubstitutionConfig(policy=policy),
            )
            built[policy] = run_build(config).out
        return built[policy]

    return build


@pytest.mark.parametrize("policy", kept_policies())
def test_a_kept_policy_builds_the_sample_it_built(builds, policy):
    _in_the_snapshot(policy)
    _same_packages()
    assert data_digests(builds(policy)) == GOLDEN["policies"][policy]


@pytest.mark.parametrize("policy", kept_policies())
def test_a_kept_policy_counts_what_it_counted(builds, policy):
    # the one place the sample's count pins live (regenerated with the hashes): kept, rejected per reason, splits
    _in_the_snapshot(policy)
    assert counts(builds(policy)) == GOLDEN["counts"][policy]


def test_the_manifest_records_the_commit_and_the_lexicons(sample_build):
    from fqa_build.release.manifest import lexicons_digest

    code = json.loads((sample_build.out / "build_manifest.json").read_text())["code"]
    assert code["lexicons_sha256"] == lexicons_digest() and len(code["lexicons_sha256"]) == 64
    assert code["commit"] is None or len(code["commit"]) == 40


def test_a_changed_lexicon_line_changes_the_digest(tmp_path, monkeypatch):
    import shutil

    from fqa_build.release import manifest

    copy = tmp_path / "lexicons"
    shutil.copytree(manifest.LEXICON_DIR, copy)
    monkeypatch.setattr(manifest, "LEXICON_DIR", copy)
    before = manifest.lexicons_digest()
    months = copy / "months.txt"
    months.write_text(months.read_text(encoding="utf-8").replace("\n", "\nSmarch\n", 1), encoding="utf-8")
    assert manifest.lexicons_digest() != before
