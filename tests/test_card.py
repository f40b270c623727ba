"""The dataset card: YAML agrees with the features and the Parquet, every number recounts, renders stably."""

from __future__ import annotations

import json
import math
import shutil
from collections import Counter
from pathlib import Path

import datasets
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

import faithfulness_qa as fqa
from fqa_build.checks.evaluate import baseline_scores
from fqa_build.cli import main as cli_main
from fqa_build.reasons import Reason
from fqa_build.release.card import CardError, CardOptions, collect_statistics, render_card
from fqa_build.release.card_measures import WHITESPACE, char_counts, quantiles, word_counts
from fqa_build.release.configs import DERIVED


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
    assert quantiles([7]) == {"p0": 7, "p5": 7, "p25": 7, "p50": 7, "p75": 7, "p95": 7, "p100": 7}
    # an even count: the median is the lower middle value (nearest rank), never an average
    assert quantiles([21, 4, 12, 5]) == {"p0": 4, "p5": 4, "p25": 4, "p50": 5, "p75": 12, "p95": 21, "p100": 21}
    assert quantiles([3, 1, 2]) == {"p0": 1, "p5": 1, "p25": 1, "p50": 2, "p75": 3, "p95": 3, "p100": 3}


def test_quantiles_are_nearest_ranks_at_every_size():
    for n in range(1, 402):
        values = list(range(n, 0, -1))
        assert quantiles(values) == {f"p{q}": _nearest_rank(values, q) for q in (0, 5, 25, 50, 75, 95, 100)}, n


def test_whitespace_is_what_str_split_splits_on():
    assert WHITESPACE == "".join(chr(c) for c in range(0x110000) if chr(c).isspace())


_TRICKY = [
    "",
    " ",
    "  \t\n",
    "a",
    " a ",
    "a  b",
    "Ada  Lovelace wrote\u00a0notes.",
    " Paris\u2003is big ",
    "Ünïcödé\u3000text",
    "x\u200by",
    "x\u180ey",
    "x\u2030y",
    "x\u205ey",
    "x\u1681y",
    "é\x85é",
    "\U0001f600 \U0001f600",
    "a\x1cb\x1fc",
    "\u2028\u2029",
    "\x00 \x00",
    "\u3000\u3000é",
]


@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string()])
def test_word_and_char_counts_equal_python_split_and_len(arrow_type):
    every_space = [f"a{c}b" for c in WHITESPACE] + [f"{c}é{c}" for c in WHITESPACE]
    texts = _TRICKY + every_space
    array = pa.array(texts, arrow_type)
    assert word_counts(array).tolist() == [len(t.split()) for t in texts]
    assert char_counts(array).tolist() == [len(t) for t in texts]
    for start, stop in ((1, 5), (6, 7), (len(texts) - 3, len(texts)), (4, 4)):
        assert word_counts(array.slice(start, stop - start)).tolist() == [len(t.split()) for t in texts[start:stop]]
    chunked = pa.chunked_array([array.slice(0, 6), array.slice(6, 0), array.slice(6)])
    assert word_counts(chunked).tolist() == [len(t.split()) for t in texts]
    assert word_counts(pa.chunked_array([], arrow_type)).tolist() == []


def test_word_counts_refuse_nulls_and_non_strings():
    with pytest.raises(ValueError, match="nulls"):
        word_counts(pa.array(["a", None]))
    with pytest.raises(ValueError, match="nulls"):
        char_counts(pa.array(["a", None]))
    with pytest.raises(TypeError, match="strings expected"):
        word_counts(pa.array([1, 2]))


def _write_build(out: Path, splits: dict[str, list[list[dict]]], bank: list[dict], sources: dict) -> None:
    """A hand-made build folder: per split a list of shards, each a list of row groups (lists of rows)."""
    for config, shards_by_split in (
        (fqa.CONFIGS_BY_NAME["default"], splits),
        (fqa.CONFIGS_BY_NAME["entity_bank"], {"train": [[bank]]}),
    ):
        schema = fqa.arrow_schema(config.features)
        for split, shards in shards_by_split.items():
            for index, groups in enumerate(shards):
                path = out / config.data_subdir / f"{split}-{index:05d}-of-{len(shards):05d}.parquet"
                path.parent.mkdir(parents=True, exist_ok=True)
                with pq.ParquetWriter(path, schema) as writer:
                    for rows in groups:
                        writer.write_table(pa.Table.from_pylist(rows, schema=schema))
    (out / "build_stats.json").write_text(json.dumps({"sources": sources}))
    (out / "build_manifest.json").write_text(json.dumps({"note": "hand-made"}))


def _row(source, entity_type, kind, replacements, context, answers, original):
    return {
        "id": f"{source}-{original}",
        "source": source,
        "entity_type": entity_type,
        "entity_kind": kind,
        "num_replacements": replacements,
        "context": context,
        "original_context": original,
        "answers": {"text": answers, "answer_start": [0] * len(answers)},
        "matched_answer": f"was-{original}",
        "original_entity": f"was-{original}",
    }


def test_statistics_of_a_hand_made_build_are_exact(tmp_path):
    person = _row("squad", "PERSON", "full_name", 1, "Ada  Lovelace wrote\u00a0notes.", ["Ada Lovelace"], "ctx-A")
    place = _row("squad", "GPE", None, 2, " Paris\u2003is big ", ["Paris"], "ctx-A")
    unanswered = _row("trivia_qa", "PERSON", "", 1, "Ünïcödé\u3000text", [], "ctx-B")
    date = _row("squad", "DATE", "year", 3, "", ["1815"], "ctx-C")
    single = _row("squad", "PERSON", "full_name", 1, "One two three", ["Grace Brewster Hopper"], "ctx-A")
    bank = [
        {"entity": e, "entity_type": t, "entity_kind": k}
        for e, t, k in (
            ("Ada", "PERSON", "full_name"),
            ("Bo", "PERSON", "full_name"),
            ("Rome", "GPE", None),
            ("Oslo", "GPE", ""),
            ("1900", "DATE", "year"),
        )
    ]
    sources = {
        "squad": {"total": 10, "kept": 4, "rejected": {"no_entity_match": 4, "label_contradicted": 2}},
        "trivia_qa": {"total": 3, "kept": 1, "rejected": {"no_entity_match": 2}},
    }
    # train: two shards, the first in two row groups; dev: one shard with no rows; test: one row
    _write_build(
        tmp_path,
        {"train": [[[person, place], [unanswered]], [[date]]], "dev": [[[]]], "test": [[[single]]]},
        bank,
        sources,
    )
    stats = collect_statistics(tmp_path, baseline_scores)

    assert {s: info["num_examples"] for s, info in stats["splits"].items()} == {"train": 4, "dev": 0, "test": 1}
    assert stats["splits"]["train"]["files"] == [
        "data/train-00000-of-00002.parquet",
        "data/train-00001-of-00002.parquet",
    ]
    assert stats["total"] == 5 and stats["inputs_total"] == 13 and stats["split_names"] == ["train", "dev", "test"]
    assert stats["by_source"] == {
        "squad": {"train": 3, "dev": 0, "test": 1},
        "trivia_qa": {"train": 1, "dev": 0, "test": 0},
    }
    assert stats["by_type"] == {
        "DATE": {"train": 1, "dev": 0, "test": 0},
        "GPE": {"train": 1, "dev": 0, "test": 0},
        "PERSON": {"train": 2, "dev": 0, "test": 1},
    }
    assert list(stats["by_type"]) == ["DATE", "GPE", "PERSON"]
    assert stats["type_totals"] == {"DATE": 1, "GPE": 1, "PERSON": 3}
    assert stats["kinds"] == [
        (("PERSON", "full_name"), 2),
        (("DATE", "year"), 1),
        (("GPE", "-"), 1),
        (("PERSON", "-"), 1),
    ]
    assert stats["num_kinds"] == 4
    assert stats["reasons"] == [("no_entity_match", 6), ("label_contradicted", 2)]
    assert [(f["source"], f["kept"], f["total"]) for f in stats["funnel"]] == [("squad", 4, 10), ("trivia_qa", 1, 3)]
    # contexts 26, 14, 12, 0 (train) and 13 characters (test); words 4, 3, 2, 0 and 3 (no-break and wide spaces split)
    assert stats["context_chars"] == {"p0": 0, "p5": 0, "p25": 12, "p50": 13, "p75": 14, "p95": 26, "p100": 26}
    assert stats["context_words"] == {"p0": 0, "p5": 0, "p25": 2, "p50": 3, "p75": 3, "p95": 4, "p100": 4}
    assert stats["context_word_lengths"] == [4, 3, 2, 0, 3]
    # four answers (the row without one is left out): 12, 5, 4 and 21 characters; the median is the lower middle
    assert stats["answer_chars"] == {"p0": 4, "p5": 4, "p25": 4, "p50": 5, "p75": 12, "p95": 21, "p100": 21}
    assert stats["answer_words"] == {"p0": 1, "p5": 1, "p25": 1, "p50": 1, "p75": 2, "p95": 3, "p100": 3}
    assert stats["unique_contexts"] == 3
    assert stats["replacements"] == [(1, 3), (2, 1), (3, 1)]
    assert stats["replacements_mean"] == 1.6
    assert stats["bank_total"] == 5
    assert stats["bank_by_type"] == {"DATE": 1, "GPE": 2, "PERSON": 2}
    assert stats["bank_kinds"] == 2
    assert stats["example"]["context"] == person["context"] and stats["example"]["answers"]["text"] == ["Ada Lovelace"]
    assert stats["manifest"] == {"note": "hand-made"}


def test_statistics_of_a_build_with_no_samples(tmp_path):
    _write_build(
        tmp_path,
        {"train": [[]], "dev": [[[]]], "test": [[]]},
        [],
        {"squad": {"total": 2, "kept": 0, "rejected": {"no_entity_match": 2}}},
    )
    stats = collect_statistics(tmp_path, baseline_scores)
    zeros = {"p0": 0, "p5": 0, "p25": 0, "p50": 0, "p75": 0, "p95": 0, "p100": 0}
    assert stats["total"] == 0 and stats["unique_contexts"] == 0 and stats["example"] is None
    assert stats["by_source"] == {"squad": {"train": 0, "dev": 0, "test": 0}} and stats["by_type"] == {}
    assert stats["context_chars"] == stats["context_words"] == stats["answer_chars"] == stats["answer_words"] == zeros
    assert stats["context_word_lengths"] == [] and stats["kinds"] == [] and stats["num_kinds"] == 0
    assert stats["replacements"] == [] and stats["replacements_mean"] == 0.0
    assert stats["bank_total"] == 0 and stats["bank_by_type"] == {} and stats["bank_kinds"] == 0


def test_every_feature_has_a_description():
    for config in fqa.CONFIGS:
        assert list(fqa.FIELD_DESCRIPTIONS[config.name]) == list(config.features)


def test_yaml_features_parquet_schema_and_config_agree(sample_build):
    meta, _ = _header_and_body(sample_build.out)
    infos = {info["config_name"]: info for info in meta["dataset_info"]}
    assert sorted(infos) == sorted(config.name for config in fqa.CONFIGS)
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
    assert meta["configs"][0]["config_name"] == "default" and meta["configs"][0]["default"] is True
    assert meta["configs"] == [
        {
            "config_name": config.name,
            "data_files": [
                {"split": split, "path": f"{config.data_subdir}/{split}-*.parquet"}
                for split in config.splits
                if not split.startswith("train_")  # the sample's train is smaller than every nested slice
            ],
            **({"default": True} if config.name == "default" else {}),
        }
        for config in fqa.CONFIGS
    ]
    assert meta["license"] == "cc-by-sa-4.0"
    assert meta["language"] == ["en"]
    assert meta["task_categories"] == ["question-answering"]
    assert meta["task_ids"] == ["extractive-qa", "open-domain-qa"]
    assert meta["size_categories"] == ["n<1K"]
    assert meta["source_datasets"] == ["original"]  # the sample is our own text (SQuAD and TriviaQA layouts)
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
    bank_size = sum(p.stat().st_size for p in out.glob("entity_bank/*.parquet"))
    assert f"| entity_bank | train | {len(bank):,} | {bank_size:,} |" in body
    for config in DERIVED:  # the derived configs, with every split (slices too)
        derived = datasets.load_dataset(str(out), config)
        assert [s["name"] for s in info[config]["splits"]] == list(derived)
        for split in derived:
            size = sum(p.stat().st_size for p in out.glob(f"{config}/{split}-*.parquet"))
            assert f"| {config} | {split} | {len(derived[split]):,} | {size:,} |" in body
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
    reasons, rules = Counter(), {}
    for numbers in stats["sources"].values():
        reasons.update(numbers["rejected"])
        for reason, by_rule in numbers["rejected_by_rule"].items():
            rules.setdefault(reason, Counter()).update(by_rule)
    for reason, count in reasons.items():
        named = sorted(rules.get(reason, Counter()).items(), key=lambda item: (-item[1], item[0]))
        shown = ", ".join(f"`{rule}` ({n:,})" for rule, n in named)
        assert f"| `{reason}` | {Reason(reason).description} | {shown} | {count:,} |" in body
    assert f"| **kept** | | | {len(everything):,} |" in body

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
        "### How swaps are drawn",
        "## Intended uses",
        "## Limitations",
        "## Licence and attribution",
        "## Citation",
        "## Changelog",
    ):
        assert heading in body, heading
    assert 'revision="v0.1.0"' in body and "streaming=True" in body and '"entity_bank")' in body
    assert "Amritsar, Illinois" not in body and "No coreference" in body and "English only" in body
    assert "The question is never rewritten" in body
    assert "CC BY-SA 4.0" in body
    assert "version      = {0.1.0}" in body
    for plot in ("images/entity_types.png", "images/context_length.png", "images/funnel.png"):
        assert f"]({plot})" in body
        assert (sample_build.out / plot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_rendering_twice_gives_the_same_bytes(sample_build, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    before = {p.relative_to(copy): p.read_bytes() for p in copy.rglob("*") if p.is_file()}
    render_card(copy, baselines=baseline_scores)
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
        render_card(copy, CardOptions(), baselines=baseline_scores)


def test_card_refuses_an_undeclared_reason(sample_build, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    stats = json.loads((copy / "build_stats.json").read_text())
    rejected = stats["sources"]["squad"]["rejected"]
    reason = sorted(rejected)[0]
    rejected["made_up_reason"] = rejected.pop(reason)
    (copy / "build_stats.json").write_text(json.dumps(stats))
    with pytest.raises(CardError, match="reason 'made_up_reason' is not declared"):
        render_card(copy, CardOptions(), baselines=baseline_scores)


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
            for column in range(row_group.num_columns if row_group.num_rows else 0):  # an empty split: no pages
                assert row_group.column(column).has_offset_index and row_group.column(column).has_column_index


def test_small_row_groups_are_kept_on_a_multi_group_build(tmp_path):
    from fqa_build import BuildConfig, run_build
    from fqa_build.config import ShardLayout, SubstitutionConfig

    result = run_build(
        BuildConfig(
            out=tmp_path / "out",
            cache_dir=tmp_path / "cache",
            progress=False,
            layout=ShardLayout(max_rows_per_shard=50, row_group_size=20),
            substitution=SubstitutionConfig(policy="type_shape_v1"),  # enough rows for three shards
        )
    )
    train = sorted((tmp_path / "out" / "data").glob("train-*.parquet"))
    assert [p.name for p in train] == [f"train-{i:05d}-of-00003.parquet" for i in range(3)]
    groups = [
        pq.ParquetFile(p).metadata.row_group(g).num_rows
        for p in train
        for g in range(pq.ParquetFile(p).metadata.num_row_groups)
    ]
    assert groups == [20, 20, 10, 20, 20, 10, 20, 16]
    assert sum(groups) == result.stats["splits"]["train"] == 136
    loaded = datasets.load_dataset(str(tmp_path / "out"), split="train")
    assert len(loaded) == 136


def test_usable_rows_per_input_weigh_each_source_by_its_own_blind_share():
    from fqa_build.release.card import usable_per_input
    from fqa_build.swap.policies.audits import AUDITS

    audit = AUDITS["context_v10"]  # SQuAD 69/75 usable, NQ 39/45, 108/120 in all
    funnel = [
        {"source": "nq", "kept_pct": 20.0},
        {"source": "squad", "kept_pct": 10.0},
        {"source": "x", "kept_pct": 5.0},
    ]
    found = usable_per_input(funnel, audit)
    assert found == pytest.approx({"nq": 20.0 * 39 / 45, "squad": 10.0 * 69 / 75, "x": 5.0 * 0.9})
    assert usable_per_input(funnel, None) == {}


def test_card_gives_usable_rows_per_input_of_each_source(sample_build):
    card = (sample_build.out / "README.md").read_text(encoding="utf-8")
    assert "| source | input questions | kept | kept share | usable rows per input question |" in card
    assert "Usable rows per input question: the kept share times the share" in card


def test_the_card_of_a_context_v11_build_describes_its_mechanisms():
    from fqa_build.release.card import swap_methods
    from fqa_build.swap.policies.registry import POLICIES

    v11, v10 = POLICIES["context_v11"], POLICIES["context_v10"]
    types = ["PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"]
    methods = swap_methods(v11, types)
    assert methods["swapped"][-6:] == ["MONEY", "ORDINAL", "PERCENT", "QUANTITY", "TIME", "THING"]
    assert methods["drawn"] == ["DATE", "CARDINAL"]
    assert "THING" not in swap_methods(v10, types)["swapped"]
