"""`python -m fqa_build validate DIR`: every invariant of a built folder or a downloaded Hub snapshot, checked by
reading it back, reported as violations grouped by invariant. `push` runs it first and refuses a folder
with any violation."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

import faithfulness_qa as fqa
from fqa_build.checks.row_invariants import ROW_INVARIANTS, row_violations
from fqa_build.halves import group_key
from fqa_build.hashing import sha256_file
from fqa_build.read.split_groups import question_text_key
from fqa_build.release.configs import DERIVED
from fqa_build.release.read_back import read_rows

#: ids shown per invariant
SHOWN = 5
#: the invariants of an output folder, in the order they are checked and reported
INVARIANTS = (
    "schema",
    *ROW_INVARIANTS,
    "context_in_two_splits",
    "article_in_two_splits",
    "question_in_two_splits",
    "duplicate_id",
    "derived_row",
    "card_recount",
    "checksum",
    "loads",
)


def validate(out: str | Path) -> dict[str, list[str]]:
    """Rule -> the ids (or files) that break it; empty lists where nothing does."""
    out = Path(out)
    found: dict[str, list[str]] = {invariant: [] for invariant in INVARIANTS}
    _check_schemas(out, found)
    if found["schema"]:
        return found  # rows of a wrong schema cannot be read as rows
    seen_ids: set[str] = set()
    splits_of: dict[str, dict[str, set[str]]] = {
        invariant: defaultdict(set)
        for invariant in ("context_in_two_splits", "article_in_two_splits", "question_in_two_splits")
    }
    for split, row in read_rows(str(out)):
        _check_row(row, found)
        splits_of["context_in_two_splits"][row["original_context"]].add(split)
        article = group_key(row.get("title"), "", row.get("evidence_title"))
        if not article.startswith("passage:"):  # a record without a title is grouped by its passage alone
            splits_of["article_in_two_splits"][article].add(split)
        if question := question_text_key(row["question"]):
            splits_of["question_in_two_splits"][question].add(split)
        _count_id(row["id"], seen_ids, found)
    for derived in DERIVED.values():
        for split, row in read_rows(str(out), derived.config.data_subdir):
            if not derived.repeated_split(split):
                _count_id(row["id"], seen_ids, found)
                if (problem := derived.row_problem(row)) is not None:
                    found["derived_row"].append(f"{row['id']} ({problem})")
    for invariant, groups in splits_of.items():
        found[invariant] = [f"{sorted(splits)}: {key[:50]!r}" for key, splits in groups.items() if len(splits) > 1]
    _check_card(out, found)
    _check_checksums(out, found)
    _check_loads(out, found)
    return found


def _count_id(row_id: str, seen: set[str], found: dict[str, list[str]]) -> None:
    if row_id in seen:
        found["duplicate_id"].append(row_id)
    seen.add(row_id)


def _check_schemas(out: Path, found: dict[str, list[str]]) -> None:
    for config in fqa.CONFIGS:
        schema = fqa.arrow_schema(fqa.written_config(out, config).features)
        for path in sorted(out.glob(f"{config.data_subdir}/*.parquet")):
            if pq.ParquetFile(path).schema_arrow.remove_metadata() != schema:
                found["schema"].append(path.relative_to(out).as_posix())


def _check_row(row: dict[str, Any], found: dict[str, list[str]]) -> None:
    for invariant in row_violations(row):
        found[invariant].append(row["id"])


_REPO = re.compile(r'load_dataset\("([^"]+)"\)')
_TAG = re.compile(r'revision="([^"]+)"\)')


def _check_card(out: Path, found: dict[str, list[str]]) -> None:
    """The card must be what the build's data renders to (every number a recount), with the repo id and tag
    the card itself names."""
    from fqa_build.checks.evaluate import baseline_scores
    from fqa_build.release.card import CardOptions, render_text
    from fqa_build.release.card_stats import CardError, collect_statistics

    card = out / "README.md"
    if not card.exists():
        found["card_recount"].append("README.md missing")
        return
    text = card.read_text(encoding="utf-8")
    repo, tag = _REPO.search(text), _TAG.search(text)
    options = CardOptions(**({"repo_id": repo.group(1)} if repo else {}), **({"tag": tag.group(1)} if tag else {}))
    try:
        expected = render_text(collect_statistics(out, baseline_scores), options)
    except CardError as error:
        found["card_recount"].append(str(error))
        return
    if expected != text:
        for number, (have, want) in enumerate(zip(text.splitlines(), expected.splitlines(), strict=False), 1):
            if have != want:
                found["card_recount"].append(f"README.md line {number}: {have[:80]!r}, recount {want[:80]!r}")
                break
        else:
            found["card_recount"].append("README.md differs from a recount in length")


def _check_checksums(out: Path, found: dict[str, list[str]]) -> None:
    manifest_path = out / "build_manifest.json"
    if not manifest_path.exists():
        found["checksum"].append("build_manifest.json missing")
        return
    checksums = json.loads(manifest_path.read_text(encoding="utf-8")).get("checksums", {})
    shards = sorted(p.relative_to(out).as_posix() for p in out.glob("*/*.parquet"))
    for name in sorted(set(shards) | set(checksums)):
        if name not in checksums:
            found["checksum"].append(f"{name}: not in the manifest")
        elif name not in shards:
            found["checksum"].append(f"{name}: in the manifest, not in the folder")
        elif sha256_file(out / name) != checksums[name]:
            found["checksum"].append(f"{name}: sha256 differs from the manifest")


def _card_yaml(out: Path) -> dict[str, Any] | None:
    """The card's YAML header, or None where there is no card or no header."""
    import yaml

    card = out / "README.md"
    if not card.exists():
        return None
    text = card.read_text(encoding="utf-8")
    if not text.startswith("---\n") or "\n---\n" not in text[3:]:
        return None
    header = yaml.safe_load(text[4 : text.index("\n---\n", 3)])
    return header if isinstance(header, dict) else None


def _check_loads(out: Path, found: dict[str, list[str]]) -> None:
    """Every config and split the card's YAML lists loads through `datasets` (as `load_dataset(OUT, config)`
    does for a user) with the rows its `dataset_info` promises: a shard `datasets` cannot read, a split with no
    rows, or a count that differs is named."""
    header = _card_yaml(out)
    if header is None:
        found["loads"].append("README.md: no YAML header to load the configs from")
        return
    import tempfile

    import datasets

    defaults = [entry["config_name"] for entry in header.get("configs", ()) if entry.get("default")]
    if defaults != ["default"]:
        # load_dataset(OUT) with no config name loads the YAML's default: with none listed it fails or
        # silently serves another config (the entity bank)
        found["loads"].append(f"README.md: the YAML's default config is {defaults or 'missing'}, not ['default']")
    promised = {
        info["config_name"]: {split["name"]: split["num_examples"] for split in info.get("splits", ())}
        for info in header.get("dataset_info", ())
    }
    progress = datasets.utils.logging.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        with tempfile.TemporaryDirectory(prefix="fqa-validate-") as cache:
            for entry in header.get("configs", ()):
                name = entry["config_name"]
                try:
                    loaded = datasets.load_dataset(str(out), name, cache_dir=cache, verification_mode="no_checks")
                except Exception as error:  # whatever `datasets` raises is what a user meets: name it
                    first = (str(error).strip().splitlines() or [""])[0][:160]
                    found["loads"].append(f"{name}: does not load ({type(error).__name__}: {first})")
                    continue
                for split, want in promised.get(name, {}).items():
                    have = loaded[split].num_rows if split in loaded else None
                    if have is None:
                        found["loads"].append(f"{name}/{split}: in dataset_info, not loaded")
                    elif have != want:
                        found["loads"].append(f"{name}/{split}: loads {have} rows, dataset_info says {want}")
                    elif have == 0:
                        found["loads"].append(f"{name}/{split}: no rows")
    finally:
        if progress:
            datasets.enable_progress_bars()


def report(found: dict[str, list[str]]) -> str:
    """The violations, grouped by invariant with counts and the first few ids; "" when there are none."""
    lines = []
    for invariant, items in found.items():
        if items:
            shown = ", ".join(items[:SHOWN]) + (", ..." if len(items) > SHOWN else "")
            lines.append(f"{invariant}: {len(items)} ({shown})")
    return "\n".join(lines)
