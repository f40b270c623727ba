"""Faithfulness-QA: the dataset's configs and features (the one source of truth), and a `datasets` builder.

The build (`python -m build`) writes Parquet with exactly these features; the dataset card's YAML
`dataset_info` is generated from them. `FaithfulnessQA` serves the same configs from the Parquet shards of a
local build folder or of the Hub repo at a revision:

    builder = FaithfulnessQA(config_name="entity_bank", data_dir="out/")
    builder.download_and_prepare()
    bank = builder.as_dataset(split="train")
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass

import datasets
import pyarrow as pa
import pyarrow.parquet as pq

VERSION = "0.1.0"
HUB_REPO_ID = "faithfulness-qa/faithfulness-qa"
LICENSE = "cc-by-sa-4.0"
HOMEPAGE = "https://huggingface.co/datasets/" + HUB_REPO_ID

DESCRIPTION = (
    "Faithfulness-QA: extractive QA questions (SQuAD v1.1, TriviaQA rc) whose answer entity was swapped in the "
    "context for another entity of the same type and shape, so the gold answer contradicts what a model "
    "memorised. Trains retrieval-augmented models to trust their context over their memory."
)

CITATION = f"""@misc{{faithfulness_qa_{VERSION.replace('.', '_')},
  title        = {{Faithfulness-QA: entity-substituted extractive QA for context-faithful models}},
  author       = {{{{Faithfulness-QA contributors}}}},
  year         = {{2026}},
  version      = {{{VERSION}}},
  howpublished = {{\\url{{{HOMEPAGE}}}}}
}}"""

_string = datasets.Value("string")
_int32 = datasets.Value("int32")
_int64 = datasets.Value("int64")
_squad_answers = {"text": datasets.List(_string), "answer_start": datasets.List(_int32)}

DEFAULT_FEATURES = datasets.Features(
    {
        "id": _string,
        "source": _string,
        "source_id": _string,
        "title": _string,
        "question": _string,
        "context": _string,
        "answers": _squad_answers,
        "original_context": _string,
        "original_answers": _squad_answers,
        "original_entity": _string,
        "replacement_entity": _string,
        "entity_type": _string,
        "entity_kind": _string,
        "entity_shape": _string,
        "match_strategy": _string,
        "matched_answer": _string,
        "num_replacements": _int32,
        "replaced_spans": datasets.List({"start": _int32, "end": _int32}),
        "original_spans": datasets.List({"start": _int32, "end": _int32}),
        "required_gender": _string,
        "policy": _string,
        "similarity": datasets.Value("float32"),
        "aliases_excluded": _int32,
    }
)

ENTITY_BANK_FEATURES = datasets.Features(
    {
        "entity": _string,
        "entity_type": _string,
        "entity_kind": _string,
        "entity_shape": _string,
        "person_gender": _string,
        "frequency": _int64,
        "num_contexts": _int64,
        "sources": datasets.List(_string),
    }
)


@dataclass
class FaithfulnessQAConfig(datasets.BuilderConfig):
    """A config: its features, its splits and the folder of its shards inside the dataset repo."""

    features: datasets.Features | None = None
    splits: tuple[str, ...] = ()
    data_subdir: str = ""
    repo_id: str | None = None
    revision: str | None = None


CONFIGS: tuple[FaithfulnessQAConfig, ...] = (
    FaithfulnessQAConfig(
        name="default",
        version=datasets.Version(VERSION),
        description="Counterfactual QA samples, split train/dev/test by original context.",
        features=DEFAULT_FEATURES,
        splits=("train", "dev", "test"),
        data_subdir="data",
    ),
    FaithfulnessQAConfig(
        name="entity_bank",
        version=datasets.Version(VERSION),
        description="The typed entity bank replacements were drawn from.",
        features=ENTITY_BANK_FEATURES,
        splits=("train",),
        data_subdir="entity_bank",
    ),
)
CONFIGS_BY_NAME = {c.name: c for c in CONFIGS}


def arrow_schema(features: datasets.Features) -> pa.Schema:
    """The Parquet schema for a config, without `datasets`' own schema metadata, so the files read the same
    on datasets 3.x (which does not know the 5.x `List` type) and 5.x; the card's YAML carries the types."""
    return features.arrow_schema.remove_metadata()


def shard_pattern(config: FaithfulnessQAConfig, split: str) -> str:
    """The glob, relative to the repo root, of a split's shards."""
    return f"{config.data_subdir}/{split}-*.parquet"


class FaithfulnessQA(datasets.ArrowBasedBuilder):
    """Serves the configs from Parquet shards: `data_dir=` a local build folder, or `repo_id=` (and
    optionally `revision=`) a Hub dataset repo."""

    BUILDER_CONFIG_CLASS = FaithfulnessQAConfig
    BUILDER_CONFIGS = list(CONFIGS)
    DEFAULT_CONFIG_NAME = "default"

    def _info(self) -> datasets.DatasetInfo:
        return datasets.DatasetInfo(
            description=f"{DESCRIPTION} Config {self.config.name!r}: {self.config.description}",
            features=self.config.features,
            homepage=HOMEPAGE,
            license=LICENSE,
            citation=CITATION,
        )

    def _split_generators(self, dl_manager):
        files_by_split: dict[str, list[str]] = {}
        if self.config.data_dir:
            for split in self.config.splits:
                found = sorted(glob.glob(os.path.join(self.config.data_dir, shard_pattern(self.config, split))))
                if not found:
                    raise FileNotFoundError(
                        f"no shards for split {split!r} of config {self.config.name!r} under {self.config.data_dir}"
                    )
                files_by_split[split] = found
        else:
            from huggingface_hub import HfApi, hf_hub_url

            repo_id = self.config.repo_id or HUB_REPO_ID
            listed = HfApi().list_repo_files(repo_id, repo_type="dataset", revision=self.config.revision)
            for split in self.config.splits:
                prefix = f"{self.config.data_subdir}/{split}-"
                names = sorted(n for n in listed if n.startswith(prefix) and n.endswith(".parquet"))
                if not names:
                    raise FileNotFoundError(f"no shards for split {split!r} of {repo_id} at {self.config.revision}")
                urls = [hf_hub_url(repo_id, n, repo_type="dataset", revision=self.config.revision) for n in names]
                files_by_split[split] = dl_manager.download(urls)
        return [datasets.SplitGenerator(name=split, gen_kwargs={"files": files}) for split, files in files_by_split.items()]

    def _generate_tables(self, files):
        schema = arrow_schema(self.config.features)
        for file_index, path in enumerate(files):
            parquet = pq.ParquetFile(path)
            for group in range(parquet.num_row_groups):
                table = parquet.read_row_group(group)
                if table.schema.remove_metadata() != schema:
                    raise ValueError(f"{path}: schema does not match config {self.config.name!r}")
                yield f"{file_index}_{group}", table.cast(schema)
