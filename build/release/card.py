"""The dataset card: statistics recounted from the written Parquet and `build_stats.json`, plots, and the
Jinja2 templates of `dataset_card/` rendered into `OUT/README.md` (YAML header for the Hub, body for people).

Every number in the card is computed here from the files of the build folder; the templates hold none.
Rendering twice gives the same bytes (sorted keys, fixed plot settings, no timestamps in the PNGs).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import faithfulness_qa as fqa
import jinja2
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import yaml

from .parquet import MANIFEST_NAME, STATS_NAME

log = logging.getLogger(__name__)

CARD_DIR = Path(__file__).resolve().parents[2] / "dataset_card"
CARD_NAME = "README.md"
IMAGES_DIR = "images"
PLOTS = ("entity_types.png", "context_length.png", "funnel.png")
QUANTILES = (0, 5, 25, 50, 75, 95, 100)
EXAMPLE_MAX_CHARS = 240
_COUNTED_COLUMNS = ("source", "entity_type", "entity_kind", "num_replacements", "context", "answers", "original_context")

_SOURCE_DATASETS = {"squad": "extended|squad", "trivia_qa": "extended|trivia_qa"}
_SOURCE_NAMES = {"squad": "SQuAD v1.1", "trivia_qa": "TriviaQA (rc, Wikipedia evidence)"}


class CardError(ValueError):
    """The build folder cannot be described: a file is missing or its numbers disagree."""


@dataclass(frozen=True)
class CardOptions:
    """Where the card says the dataset lives: the Hub repo id and the release tag to pin."""

    repo_id: str = fqa.HUB_REPO_ID
    tag: str = f"v{fqa.VERSION}"


def quantiles(values: list[int]) -> dict[str, int]:
    """Nearest-rank quantiles (an observed value each, so exact integers): p0 is the minimum, p100 the maximum."""
    if not values:
        return {f"p{q}": 0 for q in QUANTILES}
    points = np.percentile(np.asarray(values), QUANTILES, method="inverted_cdf")
    return {f"p{q}": int(v) for q, v in zip(QUANTILES, points)}


def _read_config(out: Path, config: fqa.FaithfulnessQAConfig, columns: Sequence[str], visit=None) -> dict[str, Any]:
    """Sizes of each split of `config`, read row group by row group (memory holds one group, not the release);
    `visit(split, table)` sees each group's `columns`. The first row of the first non-empty split is kept."""
    schema = fqa.arrow_schema(config.features)
    splits: dict[str, dict[str, Any]] = {}
    first_row = None
    for split in config.splits:
        files = sorted(out.glob(fqa.shard_pattern(config, split)))
        if not files:
            raise CardError(f"{out}: no shards for split {split!r} of config {config.name!r}")
        rows = nbytes = 0
        for path in files:
            parquet = pq.ParquetFile(path)
            if parquet.schema_arrow.remove_metadata() != schema:
                raise CardError(f"{path}: schema differs from the features of config {config.name!r}")
            for group in range(parquet.num_row_groups):
                table = parquet.read_row_group(group)
                rows += table.num_rows
                nbytes += table.nbytes
                if first_row is None and table.num_rows:
                    first_row = table.slice(0, 1).to_pylist()[0]
                if visit is not None:
                    visit(split, table.select(list(columns)))
        splits[split] = {
            "num_examples": rows,
            "num_bytes": nbytes,
            "download_size": sum(p.stat().st_size for p in files),
            "files": [p.relative_to(out).as_posix() for p in files],
        }
    return {"splits": splits, "first_row": first_row}


def _size_category(n: int) -> str:
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if n < limit:
            return label
    return "1M<n<10M"


def _example(row: dict[str, Any]) -> dict[str, Any]:
    def cut(value):
        if isinstance(value, str) and len(value) > EXAMPLE_MAX_CHARS:
            return value[:EXAMPLE_MAX_CHARS] + " …"
        if isinstance(value, list):
            return [cut(v) for v in value]
        if isinstance(value, dict):
            return {k: cut(v) for k, v in value.items()}
        return value

    return {key: cut(value) for key, value in row.items()}


def collect_statistics(out: Path) -> dict[str, Any]:
    """Everything the card states, recounted from the Parquet of `out` and its `build_stats.json`."""
    try:
        build_stats = json.loads((out / STATS_NAME).read_text(encoding="utf-8"))
        manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise CardError(f"{out}: not a build folder ({error.filename} missing)") from None
    # per split, the values the card counts: no contexts are kept, only their lengths and digests
    rows: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))

    def visit(split: str, table: pa.Table) -> None:
        row = rows[split]
        for name in ("source", "entity_type", "entity_kind", "num_replacements"):
            row[name].extend(table.column(name).to_pylist())
        for text in table.column("context").to_pylist():
            row["context_chars"].append(len(text))
            row["context_words"].append(len(text.split()))
        texts = table.column("answers").combine_chunks().field("text").to_pylist()
        row["answer"].extend(t[0] for t in texts if t)
        row["original_context"].extend(
            hashlib.sha1(text.encode("utf-8")).digest() for text in table.column("original_context").to_pylist()
        )

    default = _read_config(out, fqa.CONFIGS_BY_NAME["default"], _COUNTED_COLUMNS, visit)
    bank_rows: list[dict[str, Any]] = []
    bank = _read_config(out, fqa.CONFIGS_BY_NAME["entity_bank"], ("entity_type", "entity_kind"),
                        lambda split, table: bank_rows.extend(table.to_pylist()))
    splits = list(default["splits"])
    for split in splits:
        rows.setdefault(split, defaultdict(list))  # an empty split still has its (empty) columns

    def column(name: str) -> list:
        return [value for split in splits for value in rows[split][name]]

    by_source = {
        source: {split: rows[split]["source"].count(source) for split in splits}
        for source in sorted(set(column("source")) | set(build_stats["sources"]))
    }
    types = sorted(set(column("entity_type")))
    by_type = {t: {split: rows[split]["entity_type"].count(t) for split in splits} for t in types}

    funnel = []
    for source, numbers in sorted(build_stats["sources"].items()):
        kept = sum(by_source[source].values())
        if kept != numbers["kept"]:
            raise CardError(f"{out}: {STATS_NAME} says {numbers['kept']} {source} samples were kept, the Parquet holds {kept}")
        funnel.append({
            "source": source,
            "name": _SOURCE_NAMES.get(source, source),
            "total": numbers["total"],
            "kept": kept,
            "kept_pct": 100.0 * kept / numbers["total"] if numbers["total"] else 0.0,
            "rejected": sorted(numbers["rejected"].items(), key=lambda item: (-item[1], item[0])),
        })
    reasons: Counter = Counter()
    for entry in funnel:
        reasons.update(dict(entry["rejected"]))

    kinds = Counter(zip(column("entity_type"), (kind or "-" for kind in column("entity_kind"))))
    bank_by_type = Counter(r["entity_type"] for r in bank_rows)
    replacements = Counter(column("num_replacements"))
    total = sum(len(rows[split]["source"]) for split in splits)
    answers = column("answer")
    context_words = column("context_words")
    return {
        "total": total,
        "inputs_total": sum(entry["total"] for entry in funnel),
        "splits": default["splits"],
        "split_names": splits,
        "bank_splits": bank["splits"],
        "by_source": by_source,
        "by_type": by_type,
        "type_totals": {t: sum(by_type[t].values()) for t in types},
        "kinds": sorted(kinds.items(), key=lambda item: (-item[1], item[0]))[:15],
        "num_kinds": len(kinds),
        "funnel": funnel,
        "reasons": sorted(reasons.items(), key=lambda item: (-item[1], item[0])),
        "context_chars": quantiles(column("context_chars")),
        "context_words": quantiles(context_words),
        "context_word_lengths": context_words,
        "answer_chars": quantiles([len(a) for a in answers]),
        "answer_words": quantiles([len(a.split()) for a in answers]),
        "unique_contexts": len(set(column("original_context"))),
        "replacements": sorted(replacements.items()),
        "replacements_mean": sum(k * v for k, v in replacements.items()) / total if total else 0.0,
        "bank_total": len(bank_rows),
        "bank_by_type": dict(sorted(bank_by_type.items())),
        "bank_kinds": len({(r["entity_type"], r["entity_kind"]) for r in bank_rows if r["entity_kind"]}),
        "example": _example(default["first_row"]) if default["first_row"] is not None else None,
        "manifest": manifest,
        "build_stats": build_stats,
    }


def card_metadata(stats: dict[str, Any]) -> dict[str, Any]:
    """The YAML header: Hub metadata, `configs` with explicit data_files, and `dataset_info` from the features."""
    sources = sorted(stats["by_source"])
    infos = []
    for config, splits in ((fqa.CONFIGS_BY_NAME["default"], stats["splits"]), (fqa.CONFIGS_BY_NAME["entity_bank"], stats["bank_splits"])):
        infos.append(fqa.dataset_info_yaml(
            config,
            {split: (info["num_examples"], info["num_bytes"]) for split, info in splits.items()},
            sum(info["download_size"] for info in splits.values()),
        ))
    return {
        "pretty_name": "Faithfulness-QA",
        "license": fqa.LICENSE,
        "language": ["en"],
        "multilinguality": ["monolingual"],
        "annotations_creators": ["machine-generated"],
        "language_creators": ["found", "machine-generated"],
        "task_categories": ["question-answering"],
        "task_ids": ["extractive-qa", "open-domain-qa"],
        "size_categories": [_size_category(stats["total"])],
        "source_datasets": [_SOURCE_DATASETS.get(s, s) for s in sources],
        "tags": ["counterfactual", "knowledge-conflict", "context-faithfulness", "retrieval-augmented-generation",
                 "entity-substitution", "hallucination"],
        "configs": fqa.configs_yaml(),
        "dataset_info": infos,
    }


def _fmt_int(value: int) -> str:
    return f"{value:,}"


def _fmt_pct(value: float) -> str:
    return f"{value:.1f}%"


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(CARD_DIR)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )
    env.filters["int"] = _fmt_int
    env.filters["pct"] = _fmt_pct
    env.filters["json"] = lambda value: json.dumps(value, indent=2, ensure_ascii=False)
    return env


def render_text(stats: dict[str, Any], options: CardOptions) -> str:
    """The card's text for `stats` (from `collect_statistics`)."""
    header = yaml.safe_dump(card_metadata(stats), sort_keys=False, allow_unicode=True, width=100)
    changelog = (CARD_DIR / "CHANGELOG.md").read_text(encoding="utf-8")
    body = _environment().get_template("README.md.j2").render(
        s=stats,
        m=stats["manifest"],
        repo_id=options.repo_id,
        tag=options.tag,
        version=stats["manifest"]["faithfulness_qa_version"],
        citation=fqa.CITATION,
        description=fqa.DESCRIPTION,
        plots=[f"{IMAGES_DIR}/{name}" for name in PLOTS],
        changelog=changelog.strip(),
        fields=fqa.FIELD_DESCRIPTIONS,
        example_max=EXAMPLE_MAX_CHARS,
    )
    return f"---\n{header}---\n\n{body}"


def import_plotting():
    """matplotlib's pyplot on the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _plots(stats: dict[str, Any]) -> dict[str, bytes]:
    import io

    plt = import_plotting()

    plt.rcdefaults()
    plt.rcParams.update({"font.size": 9, "figure.dpi": 100, "svg.hashsalt": "faithfulness-qa"})
    images: dict[str, bytes] = {}

    def save(fig, name: str, longest_label: int = 8) -> None:
        # fixed margins sized from the longest tick label: tight_layout measured every text (0.14 s of 0.3)
        width, height = fig.get_size_inches()
        fig.subplots_adjust(left=min(0.5, (0.25 + 0.065 * longest_label) / width), right=0.97,
                            bottom=0.5 / height, top=1 - 0.3 / height)
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", metadata={"Software": None})
        plt.close(fig)
        images[name] = buffer.getvalue()

    types = sorted(stats["type_totals"], key=lambda t: (-stats["type_totals"][t], t))
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    left = np.zeros(len(types))
    for split in stats["split_names"]:
        values = np.array([stats["by_type"][t][split] for t in types])
        ax.barh(types, values, left=left, label=split)
        left += values
    ax.invert_yaxis()
    ax.set_xlabel("samples")
    ax.set_title("Samples per entity type and split")
    ax.legend(loc="lower right")
    save(fig, PLOTS[0], max(map(len, types), default=1))

    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    words = stats["context_word_lengths"]
    ax.hist(words, bins=40, color="#4C72B0")
    ax.set_xlabel("context length (words, whitespace-split)")
    ax.set_ylabel("samples")
    ax.set_title("Context length")
    save(fig, PLOTS[1], 8)  # tick labels up to 6 digits and the axis label

    labels, counts = ["input questions"], [stats["inputs_total"]]
    for reason, count in stats["reasons"]:
        labels.append(reason)
        counts.append(count)
    labels.append("kept")
    counts.append(stats["total"])
    fig, ax = plt.subplots(figsize=(6.4, 0.9 + 0.22 * len(labels)))
    colors = ["#4C72B0"] + ["#C44E52"] * (len(labels) - 2) + ["#55A868"]
    ax.barh(labels, counts, color=colors)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("questions (log scale)")
    ax.set_title("Funnel: inputs, rejections by reason, kept")
    save(fig, PLOTS[2], max(map(len, labels)))
    return images


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def render_card(out: Path, options: CardOptions = CardOptions()) -> Path:
    """Write `out/README.md` and its plots under `out/images/`; returns the card's path."""
    out = Path(out)
    stats = collect_statistics(out)
    for name, data in _plots(stats).items():
        _write_atomic(out / IMAGES_DIR / name, data)
    text = render_text(stats, options)
    _write_atomic(out / CARD_NAME, text.encode("utf-8"))
    log.debug("card written: %s (%d samples, plots %s)", out / CARD_NAME, stats["total"], ", ".join(PLOTS))
    return out / CARD_NAME

