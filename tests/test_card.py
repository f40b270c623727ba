"""The dataset card: YAML agrees with the features and the Parquet, every number recounts, renders stably."""

from __future__ import annotations

import json
import math
import shutil
from collections import Counter
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest
import yaml

import faithfulness_qa as fqa
from build.cli import main as cli_main
from build.release.card import CardError, CardOptions, quantiles, render_card


def _header_and_body(out: Path) -> tuple[dict, str]:
    text = (out / "README.md").read_text(encoding="utf-8")
    assert text.startswith("---\n")
    header, body = text[4:].split("\n---\n", 1)
    return yaml.safe_load(header), body


def _nearest_rank(values: list[int], q: int) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def test_quantiles_are_observed_values():
    assert quantiles([5, 1, 3, 2, 4]) == {"p0": 1, "p5": 1, "p25": 2, "p50": 3, "p75": 4, "p95": 5, "p100": 5}
    assert quantiles([]) == {"p0": 0, "p5": 0, "p25": 0, "p50": 0, "p75": 0, "p95": 0, "p100": 0}


def test_every_feature_has_a_description():
    for config in fqa.CONFIGS:
        assert list(fqa.FIELD_DESCRIPTIONS[config.name]) == list(config.features)


def test_yaml_features_parquet_schema_and_config_agree(sample_build):
    meta, _ = _header_and_body(sample_build.out)
    infos = {info["config_name"]: info for info in meta["dataset_info"]}
    assert sorted(infos) == ["default", "entity_bank"]
    for config in fqa.CONFIGS:
        from_yaml = datasets.Features._from_yaml_list(infos[config.name]["features"])
        assert from_yaml == config.features
        for split in config.splits:
            for path in sample_build.out.glob(fqa.shard_pattern(config, split)):
                schema = pq.read_schema(path)
                assert schema.metadata is None or b"huggingface" not in schema.metadata
                assert schema.remove_metadata() == from_yaml.arrow_schema.remove_metadata()


def test_yaml_configs_and_hub_metadata(sample_build):
    meta, _ = _header_and_body(sample_build.out)
    assert meta["configs"] == [
        {
            "config_name": "default",
            "data_files": [
                {"split": "train", "path": "data/train-*.parquet"},
                {"split": "dev", "path": "data/dev-*.parquet"},
                {"split": "test", "path": "data/test-*.parquet"},
            ],
            "default": True,
        },
        {"config_name": "entity_bank", "data_files": [{"split": "train", "path": "entity_bank/train-*.parquet"}]},
    ]
    assert meta["license"] == "cc-by-sa-4.0"
    assert meta["language"] == ["en"]
    assert meta["task_categories"] == ["question-answering"]
    assert meta["task_ids"] == ["extractive-qa", "open-domain-qa"]
    assert meta["size_categories"] == ["n<1K"]
    assert meta["source_datasets"] == ["extended|squad", "extended|trivia_qa"]
    assert meta["pretty_name"] == "Faithfulness-QA"
    assert "counterfactual" in meta["tags"]


def test_every_number_in_the_card_recounts_from_the_parquet(sample_build):
    assert_card_recounts(sample_build.out)


def assert_card_recounts(out: Path) -> None:
    """Recount every number of the card at `out` from its Parquet (through `datasets`) and build_stats.json."""
    meta, body = _header_and_body(out)
    stats = json.loads((out / "build_stats.json").read_text())
    loaded = datasets.load_dataset(str(out))
    bank = datasets.load_dataset(str(out), "entity_bank")["train"]
    assert list(loaded) == ["train", "dev", "test"]
    rows = {split: loaded[split].to_list() for split in loaded}
    everything = [r for split in rows for r in rows[split]]

    info = {i["config_name"]: i for i in meta["dataset_info"]}
    assert {s["name"]: s["num_examples"] for s in info["default"]["splits"]} == {s: len(rows[s]) for s in rows}
    assert info["entity_bank"]["splits"][0]["num_examples"] == len(bank)
    assert info["default"]["download_size"] == sum(p.stat().st_size for p in out.glob("data/*.parquet"))

    assert (
        f"holds **{len(everything):,} samples** over\n{len({r['original_context'] for r in everything}):,} distinct"
        in body
    )
    for split in rows:
        size = sum(p.stat().st_size for p in out.glob(f"data/{split}-*.parquet"))
        assert f"| default | {split} | {len(rows[split]):,} | {size:,} |" in body
    for source in sorted({r["source"] for r in everything}):
        counts = [sum(1 for r in rows[s] if r["source"] == source) for s in rows]
        assert f"| {source} | {' | '.join(f'{c:,}' for c in counts)} | {sum(counts):,} |" in body
    for entity_type in sorted({r["entity_type"] for r in everything}):
        counts = [sum(1 for r in rows[s] if r["entity_type"] == entity_type) for s in rows]
        share = 100 * sum(counts) / len(everything)
        assert f"| {entity_type} | {' | '.join(f'{c:,}' for c in counts)} | {sum(counts):,} | {share:.1f}% |" in body
    for source, numbers in stats["sources"].items():
        kept = sum(1 for r in everything if r["source"] == source)
        name = {"squad": "SQuAD v1.1", "trivia_qa": "TriviaQA (rc, Wikipedia evidence)"}[source]
        assert f"| {name} | {numbers['total']:,} | {kept:,} | {100 * kept / numbers['total']:.1f}% |" in body
    reasons = Counter()
    for numbers in stats["sources"].values():
        reasons.update(numbers["rejected"])
    for reason, count in reasons.items():
        assert f"| `{reason}` | {count:,} |" in body
    assert f"| **kept** | {len(everything):,} |" in body

    measures = {
        "context, characters": [len(r["context"]) for r in everything],
        "context, words": [len(r["context"].split()) for r in everything],
        "answer, characters": [len(r["answers"]["text"][0]) for r in everything],
        "answer, words": [len(r["answers"]["text"][0].split()) for r in everything],
    }
    for label, values in measures.items():
        cells = " | ".join(f"{_nearest_rank(values, q):,}" for q in (0, 5, 25, 50, 75, 95, 100))
        assert f"| {label} | {cells} |" in body
    replacements = Counter(r["num_replacements"] for r in everything)
    assert f"(mean {sum(k * v for k, v in replacements.items()) / len(everything):.2f})" in body
    for n, count in replacements.items():
        assert f"| {n} | {count:,} |" in body
    assert f"Entity bank: {len(bank):,} entities" in body
    for entity_type, count in Counter(bank["entity_type"]).items():
        assert f"| {entity_type} | {count:,} |" in body


def test_card_states_build_facts_and_sections(sample_build):
    _, body = _header_and_body(sample_build.out)
    manifest = sample_build.manifest
    assert f"model `{manifest['model']['name']}` {manifest['model']['version']}" in body
    assert f"sample seed {manifest['seed']}, split seed {manifest['split_seed']}" in body
    assert f"Swap policy: `{manifest['policy']['name']}`" in body
    for heading in (
        "## How to load",
        "## Fields",
        "## Statistics",
        "## How it was built",
        'what "kind" means',
        "## Intended uses",
        "## Limitations",
        "## Licence and attribution",
        "## Citation",
        "## Changelog",
    ):
        assert heading in body, heading
    assert 'revision="v0.1.0"' in body and "streaming=True" in body and '"entity_bank")' in body
    assert "Amritsar, Illinois" in body and "No coreference" in body and "English only" in body
    assert "CC BY-SA 4.0" in body and "Apache 2.0" in body
    assert "version      = {0.1.0}" in body
    for plot in ("images/entity_types.png", "images/context_length.png", "images/funnel.png"):
        assert f"]({plot})" in body
        assert (sample_build.out / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_rendering_twice_gives_the_same_bytes(sample_build, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    before = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*") if p.is_file()}
    render_card(copy)
    after = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*") if p.is_file()}
    assert before == after


def test_card_names_the_repo_and_tag_it_is_rendered_for(sample_build, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    assert cli_main(["card", str(copy), "--repo-id", "acme/fqa", "--tag", "v0.1.0"]) == 0
    _, body = _header_and_body(copy)
    assert 'load_dataset("acme/fqa", revision="v0.1.0")' in body
    assert "faithfulness-qa/faithfulness-qa" not in body.split("## Citation")[0]


def test_card_refuses_stats_that_disagree_with_the_parquet(sample_build, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    stats = json.loads((copy / "build_stats.json").read_text())
    stats["sources"]["squad"]["kept"] += 1
    (copy / "build_stats.json").write_text(json.dumps(stats))
    with pytest.raises(CardError, match="build_stats.json says .* squad samples were kept, the Parquet holds"):
        render_card(copy, CardOptions())


def test_card_command_names_a_folder_that_is_not_a_build(tmp_path, caplog):
    assert cli_main(["card", str(tmp_path)]) == 2
    assert "not a build folder" in caplog.text


def test_shards_stay_viewer_friendly(sample_build):
    for path in sorted(sample_build.out.glob("*/*.parquet")):
        parquet = pq.ParquetFile(path)
        assert path.stat().st_size < 300 * 1024 * 1024
        for group in range(parquet.metadata.num_row_groups):
            row_group = parquet.metadata.row_group(group)
            assert row_group.num_rows <= 2_000
            assert row_group.total_byte_size < 64 * 1024 * 1024  # the viewer reads at most 286 MiB per group
            for column in range(row_group.num_columns):
                assert row_group.column(column).has_offset_index and row_group.column(column).has_column_index


def test_small_row_groups_are_kept_on_a_multi_group_build(tmp_path):
    from build import BuildConfig, run_build
    from build.release.parquet import ShardLayout

    result = run_build(
        BuildConfig(
            out=tmp_path / "out",
            cache_dir=tmp_path / "cache",
            progress=False,
            layout=ShardLayout(max_rows_per_shard=50, row_group_size=20),
        )
    )
    train = sorted((tmp_path / "out" / "data").glob("train-*.parquet"))
    assert [p.name for p in train] == [f"train-{i:05d}-of-00003.parquet" for i in range(3)]
    groups = [
        pq.ParquetFile(p).metadata.row_group(g).num_rows
        for p in train
        for g in range(pq.ParquetFile(p).metadata.num_row_groups)
    ]
    assert groups == [20, 20, 10, 20, 20, 10, 5]
    assert sum(groups) == result.stats["splits"]["train"] == 105
    loaded = datasets.load_dataset(str(tmp_path / "out"), split="train")
    assert len(loaded) == 105
