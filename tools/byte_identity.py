"""Byte-identity of builds before and after a change: build the same inputs with the working tree and with a
base commit (checked out in a temporary git worktree), for each policy, and compare every output file.

    python tools/byte_identity.py --base c8645f8 [--squad-dev ../shared/data/squad_v1.1/dev-v1.1.json]

By default every kept policy of the working tree is compared (registered `kept=True`). Prints one line per
(input, policy): `identical` or the files that differ; exits 1 if any differ. Every file is compared byte for
byte except the manifest, whose input paths name the two checkouts (it is compared with them cut to file names).
Both trees share one NER cache, so NER runs once per input.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MANIFEST = "build_manifest.json"


def build(tree: Path, out: Path, policy: str, sources: list[str], cache: Path) -> None:
    args = [
        sys.executable,
        "-m",
        "fqa_build" if (tree / "fqa_build").is_dir() else "build",  # the package's name before issue 36
        "--out",
        str(out),
        "--policy",
        policy,
        "--cache-dir",
        str(cache),
        "--no-progress",
        "--log-level",
        "WARNING",
        "--workers",
        "2",
    ]
    for source in sources:
        args += ["--source", source]
    subprocess.run(args, cwd=tree, check=True)


def _manifest_without_paths(path: Path) -> dict:
    """The manifest with each input's `spec` cut to its file name: the two trees are different folders."""
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for entry in manifest.get("inputs", []) + manifest.get("bank_inputs", []):
        kind, _, where = entry.get("spec", "").partition(":")
        entry["spec"] = f"{kind}:{Path(where).name}" if where else kind
    manifest.pop("code", None)  # the two trees' commits differ by design; the lexicons are compared as files
    return manifest


def differing(a: Path, b: Path) -> list[str]:
    """Relative paths that are not byte-identical in the two folders (missing on one side included). The
    manifest is compared as JSON with the input paths cut to their file names."""
    files_a = {p.relative_to(a) for p in a.rglob("*") if p.is_file()}
    files_b = {p.relative_to(b) for p in b.rglob("*") if p.is_file()}
    diff = sorted(str(p) for p in files_a ^ files_b)
    for p in sorted(files_a & files_b):
        if p.name == MANIFEST:
            same = _manifest_without_paths(a / p) == _manifest_without_paths(b / p)
        else:
            same = filecmp.cmp(a / p, b / p, shallow=False)
        if not same:
            diff.append(str(p))
    return diff


def kept_policies() -> tuple[str, ...]:
    """The working tree's kept policies (registered `kept=True`)."""
    from fqa_build.swap.policies.registry import KEPT

    return tuple(KEPT)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="commit to compare against")
    parser.add_argument("--squad-dev", help="also compare builds of this SQuAD v1.1 file")
    parser.add_argument(
        "--policy", action="append", help="a policy both trees know (repeatable; default: the kept policies)"
    )
    args = parser.parse_args()
    inputs = {"sample": []}
    if args.squad_dev:
        inputs["squad_dev"] = [f"squad:{Path(args.squad_dev).resolve()}"]
    failed = False
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        base_tree = tmp / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(base_tree), args.base], cwd=ROOT, check=True, capture_output=True
        )
        try:
            for name, sources in inputs.items():
                for policy in args.policy or kept_policies():
                    before, after = tmp / f"{name}-{policy}-before", tmp / f"{name}-{policy}-after"
                    build(base_tree, before, policy, sources, tmp / "cache")
                    build(ROOT, after, policy, sources, tmp / "cache")
                    diff = differing(before, after)
                    failed |= bool(diff)
                    print(
                        f"{name} {policy}: {'identical' if not diff else 'DIFFERENT: ' + ', '.join(diff)}", flush=True
                    )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
