"""A build whose split is empty stays loadable (SQuAD dev's first article cut to 10 paragraphs built a
dev split of 0 rows, and `load_dataset` failed for every config, "BatchSize must be greater than 0"): an empty
split is left out of the card's YAML and said in the log. (An article's paragraphs are one split group now: the
build below reads two articles, one in train and one in dev, and has no test split.)"""

import json

import datasets
import pytest

import faithfulness_qa as fqa
from fqa_build import BuildConfig, run_build
from fqa_build.config import SubstitutionConfig

from .conftest import SQUAD_DEV


def test_an_empty_split_is_left_out_of_the_yaml():
    default = fqa.CONFIGS_BY_NAME["default"]
    assert fqa.configs_yaml(("default",), {"default": ("train", "test")}) == [
        {
            "config_name": "default",
            "data_files": [
                {"split": "train", "path": "data/train-*.parquet"},
                {"split": "test", "path": "data/test-*.parquet"},
            ],
            "default": True,
        }
    ]
    info = fqa.dataset_info_yaml(default, {"train": (30, 300), "test": (7, 70)}, 99)
    assert [s["name"] for s in info["splits"]] == ["train", "test"] and info["dataset_size"] == 370


@pytest.mark.slow
@pytest.mark.real_data
def test_a_small_build_with_an_empty_split_loads_every_config(tmp_path, caplog):
    squad = json.loads(SQUAD_DEV.read_text(encoding="utf-8"))
    articles = squad["data"][:2]  # "Super_Bowl_50" (its group in dev) and "Warsaw" (in train)
    for article in articles:
        article["paragraphs"] = article["paragraphs"][:10]
    source = tmp_path / "tiny.json"
    source.write_text(json.dumps({"version": "1.1", "data": articles}), encoding="utf-8")
    result = run_build(
        BuildConfig(
            out=tmp_path / "out",
            sources=(f"squad:{source}",),
            cache_dir=tmp_path / "c",
            progress=False,
            substitution=SubstitutionConfig(policy="context_v10"),
        )
    )
    assert result.stats["splits"] == {"train": 4, "dev": 35, "test": 0}
    assert "split test is empty: left out of the card's configs" in caplog.text
    cache = tmp_path / "hf"
    loaded = {
        name: {
            split: ds.num_rows for split, ds in datasets.load_dataset(str(result.out), name, cache_dir=cache).items()
        }
        for name in ("default", "guardrail", "spans", "unanswerable", "inconsistent", "multiple_choice")
    }
    assert loaded["default"] == {"train": 4, "dev": 35}
    assert loaded["spans"] == loaded["inconsistent"] == {"train": 8, "dev": 70}
    # two rows a sample, four where the passage names a rival of the answer's type (18 of the 35 dev samples);
    # no nested slice: train's 16 rows are fewer than 250
    assert loaded["guardrail"] == {"train": 16, "dev": 106}
    assert all("test" not in splits for splits in loaded.values())
    assert datasets.load_dataset(str(result.out), split="train", cache_dir=cache).num_rows == 4
