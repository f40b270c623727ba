"""The dataset card: statistics recounted from the written Parquet and `build_stats.json` (`card_stats`),
plots (`plots`), and the Jinja2 templates of `dataset_card/` rendered into `OUT/README.md` (YAML header for the
Hub, body for people).

Every number in the card is computed from the files of the build folder; the templates hold none.
Rendering twice gives the same bytes (sorted keys, fixed plot settings, no timestamps in the PNGs).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import yaml

import faithfulness_qa as fqa
from fqa_build.read.credits import METHOD_BIB, SAMPLE_CREDIT, describe, is_sample_build, listed, release_licence
from fqa_build.read.formats import SOURCE_FORMATS, credits_for, format_of_source, source_name
from fqa_build.release.card_configs import baselines_table, derived_sections
from fqa_build.release.card_example import EXAMPLE_MAX_CHARS
from fqa_build.release.card_stamp import card_edited, stamped
from fqa_build.release.card_stats import BaselineScores, CardError, collect_statistics
from fqa_build.release.parquet import write_atomic
from fqa_build.release.plots import PLOTS, import_plotting, render_plots
from fqa_build.swap.components.composed_names import MADE_TYPES as _COMPOSED_NAMES

__all__ = [
    "CARD_NAME",
    "IMAGES_DIR",
    "CardError",
    "CardOptions",
    "card_metadata",
    "collect_statistics",
    "import_plotting",
    "render_card",
    "render_text",
]

log = logging.getLogger(__name__)

CARD_DIR = Path(__file__).resolve().parents[2] / "dataset_card"
CARD_NAME = "README.md"
IMAGES_DIR = "images"


@dataclass(frozen=True)
class CardOptions:
    """Where the card says the dataset lives: the Hub repo id (None: the build's `--repo-id`, else the
    placeholder `faithfulness_qa.HUB_REPO_ID`, named as one) and the release tag to pin."""

    repo_id: str | None = None
    tag: str = f"v{fqa.VERSION}"


def _size_category(n: int) -> str:
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if n < limit:
            return label
    return "1M<n<10M"


def built_sources(stats: dict[str, Any]) -> list[str]:
    """The row sources the release holds (a source read that kept no row is not credited for rows)."""
    return [source for source, counts in stats["by_source"].items() if sum(counts.values())]


def _formats_built(stats: dict[str, Any]) -> list:
    """The source formats of the build's inputs, each once, in input order (what "How it was built" describes)."""
    names = dict.fromkeys(entry["kind"] for entry in stats["manifest"].get("inputs", []))
    return [SOURCE_FORMATS[name] for name in names if name in SOURCE_FORMATS]


def built_credits(stats: dict[str, Any]) -> list:
    """The credits of the release: its sources', or the sample's own for a build of the bundled sample only."""
    if is_sample_build(stats["manifest"].get("inputs", [])):
        return [SAMPLE_CREDIT]
    return credits_for(built_sources(stats))


def card_metadata(stats: dict[str, Any]) -> dict[str, Any]:
    """The YAML header: Hub metadata, `configs` with explicit data_files, and `dataset_info` from the features."""
    sources = sorted(stats["by_source"])
    infos = []
    present = [
        (fqa.windowed(fqa.CONFIGS_BY_NAME["default"], bool(stats.get("windowed"))), stats["splits"]),
        *((fqa.CONFIGS_BY_NAME[name], derived["splits"]) for name, derived in stats["derived"].items()),
        (fqa.CONFIGS_BY_NAME["entity_bank"], stats["bank_splits"]),
    ]
    # a split with no rows is left out of the YAML (the Hub's loader refuses an empty split) and so is a config
    # with no rows at all; the card's text says which are empty
    present = [(config, {n: i for n, i in splits.items() if i["num_examples"]}) for config, splits in present]
    present = [(config, splits) for config, splits in present if splits]
    for config, splits in present:
        infos.append(
            fqa.dataset_info_yaml(
                config,
                {split: (info["num_examples"], info["num_bytes"]) for split, info in splits.items()},
                sum(info["download_size"] for info in splits.values()),
            )
        )
    return {
        "pretty_name": "Faithfulness-QA",
        "license": release_licence(built_credits(stats)),
        "language": ["en"],
        "multilinguality": ["monolingual"],
        "annotations_creators": ["machine-generated"],
        "language_creators": ["found", "machine-generated"],
        "task_categories": ["question-answering"],
        "task_ids": ["extractive-qa", "open-domain-qa"],
        "size_categories": [_size_category(stats["total"])],
        "source_datasets": ["original"]
        if is_sample_build(stats["manifest"].get("inputs", []))
        else sorted({kind.source_dataset(s) if (kind := format_of_source(s)) else s for s in sources}),
        "tags": [
            "counterfactual",
            "knowledge-conflict",
            "context-faithfulness",
            "retrieval-augmented-generation",
            "entity-substitution",
            "hallucination",
        ],
        "configs": fqa.configs_yaml(
            tuple(config.name for config, _ in present), {config.name: tuple(splits) for config, splits in present}
        ),
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


def card_stratified_audits(policy: str):
    """The type-stratified blind audits the card quotes for a release of `policy` (none: ())."""
    from fqa_build.swap.policies.audits import STRATIFIED_AUDITS

    return STRATIFIED_AUDITS.get(policy, ())


def card_audit(policy: str):
    """The blind audit the card quotes for a release of `policy` (fqa_build/swap/policies/audits.py), or None."""
    from fqa_build.swap.policies.audits import AUDITS

    return AUDITS.get(policy)


def usable_per_input(funnel: list[dict], audit) -> dict[str, float]:
    """Usable rows per input question of each source: its kept share times the blind usable share of its own
    audited records (of the whole sheet where the audit judged none of that source); {} without an audit."""
    if audit is None:
        return {}
    return {entry["source"]: entry["kept_pct"] * audit.source_share(entry["source"]) for entry in funnel}


def audit_coverage(funnel: list[dict], audit) -> dict[str, list]:
    """Which of the build's sources the quoted audit judged rows of ("judged": (source, usable, judged)) and which
    it did not ("unjudged"), so the card says on what data its figure was measured ({} without an audit)."""
    if audit is None:
        return {}
    sources = [entry["source"] for entry in funnel]
    judged = [(source, *audit.by_source[source]) for source in sources if source in audit.by_source]
    # an audit of one source (before per-source tallies) names it in what it was drawn from
    unjudged = [s for s in sources if s not in audit.by_source and not (not audit.by_source and s == "squad")]
    return {"judged": judged, "unjudged": unjudged}


def card_blind_by_type(policy: str) -> dict[str, tuple[int, int]]:
    """usable/judged per type over the policy's random and stratified blind audits ({} before v9's cards)."""
    from fqa_build.swap.policies.audits import STRATIFIED_AUDITS, blind_by_type

    return blind_by_type(policy) if policy in STRATIFIED_AUDITS else {}


def _known_policy(recorded: dict[str, Any]):
    """The policy the manifest records, or None for one this version cannot read (the card then quotes the
    manifest's description only)."""
    from fqa_build.swap.policies.registry import recorded_policy

    return recorded_policy(recorded)


def swap_methods(policy, entity_types: list[str]) -> dict[str, list[str]]:
    """Which types `policy` swaps ("swapped"), draws from the bank ("drawn") and composes or makes ("made"), of
    the build's `entity_types`, in that order ({} for a policy this version does not know)."""
    if policy is None:
        return {}
    extra = sorted(policy.value_types) + sorted(policy.own_labels)
    types = [*entity_types, *(t for t in extra if t not in entity_types)]
    swapped = [t for t in types if policy.swap_types is None or t in policy.swap_types]
    made = policy.made_types
    return {
        "swapped": swapped,
        "drawn": [t for t in swapped if t not in made],
        "made": [t for t in swapped if t in made],
    }


def render_text(stats: dict[str, Any], options: CardOptions) -> str:
    """The card's text for `stats` (from `collect_statistics`)."""
    header = yaml.safe_dump(card_metadata(stats), sort_keys=False, allow_unicode=True, width=100)
    changelog = (CARD_DIR / "CHANGELOG.md").read_text(encoding="utf-8")
    policy_name = stats["manifest"]["policy"]["name"]
    policy = _known_policy(stats["manifest"]["policy"])
    sources = built_sources(stats)
    credits = built_credits(stats)
    names = [SAMPLE_CREDIT.name] if credits == [SAMPLE_CREDIT] else [source_name(source) for source in sources]
    repo_id = options.repo_id or stats["manifest"].get("options", {}).get("repo_id") or fqa.HUB_REPO_ID
    body = (
        _environment()
        .get_template("README.md.j2")
        .render(
            s=stats,
            m=stats["manifest"],
            repo_id=repo_id,
            placeholder=repo_id == fqa.HUB_REPO_ID,
            tag=options.tag,
            version=stats["manifest"]["faithfulness_qa_version"],
            citation=fqa.citation(repo_id),
            method_bib=METHOD_BIB,
            credits=credits,
            derived_sections=derived_sections(stats, repo_id, _environment()),
            default_baselines=baselines_table(stats.get("baselines", {}).get("default")),
            kind_texts=[fmt.card_text for fmt in _formats_built(stats) if fmt.card_text],
            licence=release_licence(credits),
            description=describe(names),
            description_sources=listed(names),
            plots=[f"{IMAGES_DIR}/{name}" for name in PLOTS],
            changelog=changelog.strip(),
            fields=fqa.field_descriptions(bool(stats.get("windowed"))),
            example_max=EXAMPLE_MAX_CHARS,
            policy=policy,
            components=frozenset(c.name for c in policy.components) if policy else frozenset(),
            methods=swap_methods(policy, stats["manifest"]["options"]["entity_types"]),
            audit=card_audit(policy_name),
            usable_per_input=usable_per_input(stats["funnel"], card_audit(policy_name)),
            audit_coverage=audit_coverage(stats["funnel"], card_audit(policy_name)),
            policy_name=policy_name,
            composed=bool(policy and "PERSON" in policy.made_types),
            made=bool(policy and policy.made_types & _COMPOSED_NAMES),
            blind_types=card_blind_by_type(policy_name),
            stratified=card_stratified_audits(policy_name),
        )
    )
    return stamped(f"---\n{header}---\n\n{body}")


def render_card(
    out: Path, options: CardOptions = CardOptions(), *, baselines: BaselineScores, replace_edited: bool = False
) -> Path:
    """Write `out/README.md` and its plots under `out/images/`, with the reference predictors' scores from
    `baselines`; returns the card's path. A card edited by hand since it was rendered is refused (CardError,
    nothing written) unless `replace_edited`."""
    out = Path(out)
    if not replace_edited and card_edited(out / CARD_NAME):
        raise CardError(
            f"{out / CARD_NAME}: edited by hand since it was rendered; rendering replaces it, so copy your edit out "
            "first, or pass --force to replace it (nothing was changed)"
        )
    stats = collect_statistics(out, baselines)
    for name, data in render_plots(stats).items():
        write_atomic(out / IMAGES_DIR / name, data)
    text = render_text(stats, options)
    write_atomic(out / CARD_NAME, text.encode("utf-8"))
    log.debug("card written: %s (%d samples, plots %s)", out / CARD_NAME, stats["total"], ", ".join(PLOTS))
    return out / CARD_NAME
