import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest

from fqa_build import BuildConfig
from fqa_build.bench.bench import DEFAULT_EXTRA, DEFAULT_SOURCE, BenchOptions
from fqa_build.cli import COMMANDS, main, parse_args
from fqa_build.cli_build import config_from_args, run_build_command, run_policy_command
from fqa_build.cli_checks import bench_options_from_args, run_audit, run_bench_command, run_evaluate, run_validate
from fqa_build.cli_options import available_cores
from fqa_build.cli_release import run_card, run_push
from fqa_build.config import (
    DEFAULT_POLICY,
    EngineConfig,
    ShardLayout,
    SubstitutionConfig,
    default_cache_dir,
    parse_entity_types,
)
from fqa_build.labels import ALL_ENTITY_TYPES, DEFAULT_ENTITY_TYPES
from fqa_build.publish.push import release_files
from fqa_build.reasons import Reason
from fqa_build.release.rejections import REJECTIONS_NAME

from .conftest import ROOT, SAMPLE_COUNTS


def test_entity_types():
    assert parse_entity_types("default") == DEFAULT_ENTITY_TYPES
    assert parse_entity_types("all") == ALL_ENTITY_TYPES
    assert parse_entity_types("person, gpe") == ("PERSON", "GPE")
    with pytest.raises(ValueError, match="unknown entity type"):
        parse_entity_types("PERSON,COLOUR")


def test_commands():
    assert [c.name for c in COMMANDS] == ["build", "policy", "card", "push", "audit", "bench", "evaluate", "validate"]
    assert all(c.help and "\n" not in c.help for c in COMMANDS)
    runs = {
        "build": run_build_command,
        "policy": run_policy_command,
        "card": run_card,
        "push": run_push,
        "audit": run_audit,
        "bench": run_bench_command,
        "evaluate": run_evaluate,
        "validate": run_validate,
    }
    minimal = {
        "build": ["--out", "o"],
        "policy": [],
        "card": ["o"],
        "push": ["o", "--repo-id", "a/b", "--tag", "v0.1.0"],
        "audit": ["o"],
        "bench": [],
        "evaluate": ["o", "--baseline", "original"],
        "validate": ["o"],
    }
    for name, run in runs.items():
        assert parse_args([name, *minimal[name]]).run is run
    assert parse_args(["--out", "o"]).run is run_build_command


def test_defaults_are_the_configs_defaults(tmp_path):
    expected = BuildConfig(out=tmp_path, workers=available_cores(), cache_dir=default_cache_dir())
    assert config_from_args(parse_args(["--out", str(tmp_path)])) == expected
    assert config_from_args(parse_args(["build", "--out", str(tmp_path)])) == expected


def test_args_to_config(tmp_path):
    argv = [
        "--out",
        str(tmp_path),
        "--source",
        "squad:x.json",
        "--source",
        "trivia_qa",
        "--seed",
        "7",
        "--workers",
        "2",
        "--no-cache",
    ]
    expected = BuildConfig(
        out=tmp_path,
        sources=("squad:x.json", "trivia_qa"),
        workers=2,
        cache_dir=None,
        substitution=SubstitutionConfig(seed=7),
    )
    assert config_from_args(parse_args(argv)) == expected
    assert config_from_args(parse_args(["build", *argv])) == expected


def test_every_build_option_reaches_the_config(tmp_path):
    argv = [
        "build",
        "--out",
        str(tmp_path / "o"),
        "--source",
        "squad:a.json",
        "--bank-source",
        "squad:b.json",
        "--seed",
        "3",
        "--policy",
        "context_v8",
        "--split-seed",
        "5",
        "--workers",
        "3",
        "--spacy-model",
        "en_x",
        "--batch-size",
        "16",
        "--entity-types",
        "person,gpe",
        "--window-chars",
        "800",
        "--cache-dir",
        str(tmp_path / "c"),
        "--bank-corpus",
        "all",
        "--ner-scope",
        "context",
        "--min-bank-frequency",
        "2",
        "--max-rows-per-shard",
        "10",
        "--row-group-size",
        "5",
        "--write-rejections",
        "--exclude",
        "held.jsonl",
        "--exclude",
        "ragtruth:rt/",
        "--engine",
        "ray",
        "--ray-address",
        "ray://head:10001",
        "--ray-num-cpus",
        "4",
        "--ner-cache-uri",
        "s3://bucket/ner",
        "--ray-progress",
        "--no-progress",
        "--log-level",
        "ERROR",
    ]
    assert config_from_args(parse_args(argv)) == BuildConfig(
        out=tmp_path / "o",
        sources=("squad:a.json",),
        bank_sources=("squad:b.json",),
        split_seed=5,
        workers=3,
        spacy_model="en_x",
        batch_size=16,
        entity_types=("PERSON", "GPE"),
        window_chars=800,
        cache_dir=tmp_path / "c",
        min_bank_frequency=2,
        substitution=SubstitutionConfig(seed=3, policy="context_v8"),
        layout=ShardLayout(max_rows_per_shard=10, row_group_size=5),
        progress=False,
        bank_corpus="all",
        ner_scope="context",
        write_rejections=True,
        exclude=("held.jsonl", "ragtruth:rt/"),
        engine=EngineConfig("ray", "ray://head:10001", 4, "s3://bucket/ner", ray_progress=True),
    )


def test_bench_args_to_options():
    assert bench_options_from_args(parse_args(["bench"])) == BenchOptions(
        sources=(DEFAULT_SOURCE,),
        double_sources=(DEFAULT_SOURCE, DEFAULT_EXTRA),
        workers=2,
        batch_size=64,
        policy=DEFAULT_POLICY,
        spacy_model=None,
        agreement=True,
        keep=False,
    )
    argv = [
        "bench",
        "--source",
        "squad:a.json",
        "--double-source",
        "squad:a.json",
        "--double-source",
        "trivia_qa:d",
        "--workers",
        "1",
        "--batch-size",
        "8",
        "--policy",
        "context_v8",
        "--spacy-model",
        "m",
        "--no-agreement",
        "--no-profile",
        "--keep",
        "--engine",
        "ray",
    ]
    assert bench_options_from_args(parse_args(argv)) == BenchOptions(
        ("squad:a.json",),
        ("squad:a.json", "trivia_qa:d"),
        1,
        8,
        "context_v8",
        "m",
        agreement=False,
        profile=False,
        keep=True,
        engine="ray",
    )


def test_help_lists_every_command():
    done = subprocess.run([sys.executable, "-m", "fqa_build", "--help"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0
    for command in COMMANDS:
        assert f"    {command.name} " in done.stdout


@pytest.mark.parametrize("prefix", [[], ["build"]])
def test_bad_input_exits_with_a_message_naming_the_file(tmp_path, prefix):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "fqa_build",
            *prefix,
            "--source",
            f"squad:{bad}",
            "--out",
            str(tmp_path / "out"),
            "--no-cache",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert f"{bad}: malformed JSON at line 1, column 2" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()


def test_bad_option_exits_2_with_the_message(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "fqa_build", "--out", str(tmp_path / "o"), "--entity-types", "COLOUR"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "error: unknown entity type(s) ['COLOUR']" in proc.stderr


# ---------------------------------------------------------------------------------------------- --write-rejections
def _build(out: Path, cache: Path, *extra: str) -> None:
    argv = [
        "build",
        "--out",
        str(out),
        "--cache-dir",
        str(cache),
        "--workers",
        "1",
        "--no-progress",
        "--log-level",
        "WARNING",
        "--write-rejections",
        *extra,
    ]
    assert main(argv) == 0


def _kept_ids(out: Path) -> list[str]:
    return [
        i
        for path in sorted((out / "data").glob("*.parquet"))
        for i in pq.read_table(path, columns=["id"])["id"].to_pylist()
    ]


@pytest.fixture(scope="module")
def rejections_build(sample_build, tmp_path_factory):
    """The bundled sample built again with --write-rejections (NER cache of `sample_build`)."""
    out = tmp_path_factory.mktemp("rejections") / "out"
    _build(out, sample_build.out.parent / "cache")
    return out


def test_rejections_are_the_rejected_records(rejections_build, sample_build):
    out = rejections_build
    table = pq.read_table(out / REJECTIONS_NAME)
    assert table.column_names == ["id", "source", "reason", "entity", "entity_type", "rule"]
    rows = table.to_pylist()
    stats = json.loads((out / "build_stats.json").read_text())
    # the sample has no read-stage skip: every record that is not kept reached the swap and was rejected there
    pinned = SAMPLE_COUNTS[DEFAULT_POLICY]["sources"]  # tests/snapshots/sample_golden.json
    assert (stats["total"], stats["kept"]) == (
        sum(s["total"] for s in pinned.values()),
        sum(s["kept"] for s in pinned.values()),
    )
    assert len(rows) == stats["total"] - stats["kept"] > 0
    assert Counter(r["reason"] for r in rows) == sum((Counter(s["rejected"]) for s in pinned.values()), Counter())
    assert Counter(r["reason"] for r in rows) == {
        reason: sum(by_type.values()) for reason, by_type in stats["rejected_by_type"].items()
    }
    assert Counter((r["reason"], r["entity_type"]) for r in rows) == {
        (reason, t): n for reason, by_type in stats["rejected_by_type"].items() for t, n in by_type.items()
    }
    for source, numbers in stats["sources"].items():
        assert Counter(r["reason"] for r in rows if r["source"] == source) == numbers["rejected"]
        by_rule = Counter((r["reason"], r["rule"]) for r in rows if r["source"] == source and r["rule"])
        assert by_rule == {
            (reason, rule): n for reason, rules in numbers["rejected_by_rule"].items() for rule, n in rules.items()
        }
    # a rule names every rejection but a failed match or draw
    assert {r["reason"] for r in rows if r["rule"] is None} == {"no_entity_match", "no_candidate"}
    assert {r["reason"] for r in rows} <= {reason.value for reason in Reason}
    ids = [r["id"] for r in rows]
    kept = _kept_ids(out)
    assert len(set(ids)) == len(ids) and not set(ids) & set(kept)
    assert len(set(ids) | set(kept)) == stats["total"]
    # the build is otherwise the same: the flag changes the manifest's outputs only
    assert (out / "build_stats.json").read_bytes() == (sample_build.out / "build_stats.json").read_bytes()
    assert kept == _kept_ids(sample_build.out)


def test_rejections_are_not_released_nor_loaded(rejections_build, sample_build):
    out = rejections_build
    assert not (sample_build.out / REJECTIONS_NAME).exists()  # no flag, no file
    assert REJECTIONS_NAME not in release_files(out)
    assert release_files(out) == release_files(sample_build.out)
    manifest = json.loads((out / "build_manifest.json").read_text())
    assert manifest["outputs"]["rejections"] == REJECTIONS_NAME
    loaded = datasets.load_dataset(str(out))
    assert {split: loaded[split].num_rows for split in loaded} == SAMPLE_COUNTS[DEFAULT_POLICY]["splits"]
    assert sorted(i for split in loaded for i in loaded[split]["id"]) == sorted(_kept_ids(sample_build.out))


def test_read_skips_are_not_rejections(sample_build, tmp_path):
    data = json.loads((ROOT / "data" / "squad_sample.json").read_text(encoding="utf-8"))
    qas = data["data"][0]["paragraphs"][0]["qas"]
    qas.append(dict(qas[0]))  # duplicate_id
    qas.append({**qas[0], "id": "no-question", "question": " "})  # missing_question
    source = tmp_path / "squad.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    _build(tmp_path / "out", sample_build.out.parent / "cache", "--source", f"squad:{source}")
    stats = json.loads((tmp_path / "out" / "build_stats.json").read_text())
    squad = stats["sources"]["squad"]
    assert (squad["total"], squad["rejected"]["duplicate_id"], squad["rejected"]["missing_question"]) == (162, 1, 1)
    rows = pq.read_table(tmp_path / "out" / REJECTIONS_NAME).to_pylist()
    kept = SAMPLE_COUNTS[DEFAULT_POLICY]["sources"]["squad"]["kept"]
    assert len(rows) == squad["total"] - squad["kept"] - 2 == 160 - kept
    assert Counter(r["reason"] for r in rows) == {
        k: v for k, v in squad["rejected"].items() if k not in ("duplicate_id", "missing_question")
    }
    assert "no-question" not in {r["id"] for r in rows}


def test_the_bank_corpus_is_called_paragraphs():
    # it covers every paragraph source (SQuAD, NQ, MRQA's), not SQuAD alone: the old name says what it is called now
    assert BuildConfig(out=Path("o")).bank_corpus == "paragraphs"
    with pytest.raises(ValueError, match="^bank corpus 'squad' is now called 'paragraphs' "):
        BuildConfig(out=Path("o"), bank_corpus="squad")
