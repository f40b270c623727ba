"""Faithfulness-QA: the dataset's configs and features (the one source of truth), and a `datasets` builder.

The build (`python -m fqa_build`) writes Parquet with exactly these features; the dataset card's YAML
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
    "Faithfulness-QA: extractive QA questions (SQuAD v1.1, TriviaQA rc, Natural Questions, MRQA) whose answer was "
    "swapped in the context for another of the same type and shape (a name, date or number the sources use, or one "
    "composed or made for the row), so the gold answer contradicts what a model memorised. Trains "
    "retrieval-augmented models to trust their context over their memory."
)


def citation(repo_id: str = HUB_REPO_ID) -> str:
    """The BibTeX entry of this version as published at `repo_id` on the Hub."""
    return f"""@misc{{faithfulness_qa_{VERSION.replace(".", "_")},
  title        = {{Faithfulness-QA: entity-substituted extractive QA for context-faithful models}},
  author       = {{{{Faithfulness-QA contributors}}}},
  year         = {{2026}},
  version      = {{{VERSION}}},
  howpublished = {{\\url{{https://huggingface.co/datasets/{repo_id}}}}}
}}"""


CITATION = citation()


def _list(feature):
    """A list feature: `datasets.List` on datasets 4+; on 3.x (which runs this file as a script) a one-element
    Python list, its spelling there of the same Arrow list type (3.x `Sequence` of a dict is a dict of lists)."""
    return datasets.List(feature) if hasattr(datasets, "List") else [feature]


_string = datasets.Value("string")
_int32 = datasets.Value("int32")
_int64 = datasets.Value("int64")
_squad_answers = {"text": _list(_string), "answer_start": _list(_int32)}

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
        "replaced_spans": _list({"start": _int32, "end": _int32}),
        "original_spans": _list({"start": _int32, "end": _int32}),
        "required_gender": _string,
        "policy": _string,
        "similarity": datasets.Value("float32"),
        "aliases_excluded": _int32,
        "evidence_title": _string,
        "window_score": datasets.Value("float32"),
    }
)

#: the column `default` gains in a build whose policy cuts evidence windows (context_v11), after every other: where
#: `context` starts in the source passage (null where it is the whole passage). Other builds have no such column.
WINDOW_FEATURES = datasets.Features({"context_start": _int32})
WINDOWED_DEFAULT_FEATURES = datasets.Features({**DEFAULT_FEATURES, **WINDOW_FEATURES})
WINDOW_DESCRIPTIONS = {
    "context_start": (
        "where `context` (and `original_context`) starts in the source passage: an evidence window cut from it "
        "where the whole passage refused the swap; null for the whole passage. Every offset is relative to `context`"
    )
}

ENTITY_BANK_FEATURES = datasets.Features(
    {
        "entity": _string,
        "entity_type": _string,
        "entity_kind": _string,
        "entity_shape": _string,
        "person_gender": _string,
        "frequency": _int64,
        "num_contexts": _int64,
        "sources": _list(_string),
    }
)

_meta = {
    "source": _string,
    "source_id": _string,
    "entity_type": _string,
    "entity_kind": _string,
    "default_id": _string,
}
GUARDRAIL_FEATURES = datasets.Features(
    {
        "id": _string,
        "task_type": _string,
        "question": _string,
        "context": _string,
        "response": _string,
        "label": _string,
        "failure_mode": _string,
        "meta": _meta,
    }
)
SPANS_FEATURES = datasets.Features(
    {
        "id": _string,
        "query": _string,
        "context": _string,
        "output": _string,
        "task_type": _string,
        "hallucination_labels": _list({"start": _int32, "end": _int32, "text": _string, "label_type": _string}),
        "meta": _meta,
    }
)
UNANSWERABLE_FEATURES = datasets.Features(
    {
        "id": _string,
        "question": _string,
        "context": _string,
        "answers": _squad_answers,
        "answerable": datasets.Value("bool"),
        "removed_sentences": _int32,
        "meta": _meta,
    }
)
INCONSISTENT_FEATURES = datasets.Features(
    {
        "id": _string,
        "question": _string,
        "context": _string,
        "answers": _squad_answers,
        "first_passage": _string,
        "passage_starts": _list(_int32),
        "meta": _meta,
    }
)
MULTIPLE_CHOICE_FEATURES = datasets.Features(
    {
        "id": _string,
        "question": _string,
        "context": _string,
        "choices": _list(_string),
        "label": _int32,
        "original_choice": _int32,
        "meta": _meta,
    }
)
#: the nested training slices of `guardrail` (rows): train_250 within train_1000 within train_4000 within train
GUARDRAIL_SLICES = (250, 1000, 4000)


#: What each field means, per config; the card lists these, and a test checks they cover the features exactly.
FIELD_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "default": {
        "id": "unique id: `<source>-<source_id>`",
        "source": "source dataset: `squad`, `trivia_qa`, `nq`, or `mrqa_<subset>` (an MRQA 2019 subset)",
        "source_id": "the question's id in its source dataset",
        "title": "article title of the context",
        "question": "the question, unchanged",
        "context": (
            "the counterfactual context: every mention of the answer entity rewritten (not stripped: offsets index it)"
        ),
        "answers": (
            "SQuAD-style gold answers in `context`: `text` (the source's gold answer span with the replacement "
            "in the original's place: mostly the replacement entity alone, sometimes with what the source's "
            "annotators marked around it, a period or a clause) and `answer_start` (character offsets)"
        ),
        "original_context": "the source context before the swap",
        "original_answers": "the source gold answers in `original_context`",
        "original_entity": "the answer entity that was replaced (the whole NER mention)",
        "replacement_entity": (
            "the entity that took its place: drawn from the entity bank, or composed or made under the policy (a "
            'composed name, a country map, a town; see "How swaps are drawn")'
        ),
        "entity_type": "spaCy NER label of the entity (PERSON, GPE, ORG, DATE, CARDINAL, NORP, LOC, EVENT, ...)",
        "entity_kind": (
            "finer class under the label (a head word such as `university`, or `country`, `full_name`, `year`); null "
            "under type_shape_v1, which uses none"
        ),
        "entity_shape": "surface shape the replacement kept (digits, number words, capitalisation, article, plural)",
        "match_strategy": (
            "how the gold answer was matched to an entity: exact, substring, overlap, substring_elsewhere, lexicon"
        ),
        "matched_answer": "the gold answer (or TriviaQA alias) that matched",
        "num_replacements": "mentions rewritten in the context",
        "replaced_spans": "character spans of every rewritten region in `context`",
        "original_spans": "the same regions in `original_context`",
        "required_gender": (
            "gender the replacement's given name had to have (from a pronoun referring to the person), else null"
        ),
        "policy": 'the versioned swap policy that chose the replacement (see "How it was built")',
        "similarity": (
            "cosine similarity of original and replacement in wordllama space where the replacement was drawn among "
            "the original's nearest bank entries; null where it was composed or made, or drawn uniformly"
        ),
        "aliases_excluded": (
            "how many candidates nearer the original than the replacement were passed over as its aliases (0 where "
            "none was, or where the replacement was not drawn among nearest entries)"
        ),
        "evidence_title": (
            "TriviaQA: the Wikipedia evidence page the context window was cut from; null for sources that give the "
            "passage (SQuAD, NQ, MRQA)"
        ),
        "window_score": "TriviaQA: BM25 relevance of the window to the question (the best of all answer "
        "occurrences in all evidence pages); null for sources that give the passage",
    },
    "guardrail": {
        "id": "`<default id>-<pass|fail>-<short|sentence>`",
        "task_type": "always `QA`",
        "question": "the question",
        "context": "the counterfactual context (the `default` sample's `context`)",
        "response": (
            'a response to judge: short (an answer alone) or phrased as a short sentence ("The answer is ...")'
        ),
        "label": "`PASS` (the response states the context's answer) or `FAIL` (it states another answer)",
        "failure_mode": (
            "for FAIL: `parametric_answer` (the original answer: right in the world, wrong for this context) or "
            "`grounded_rival` (another entity of the answer's type that the context names); null for PASS"
        ),
        "meta": "`source`, `source_id`, `entity_type`, `entity_kind` and `default_id` of the sample",
    },
    "spans": {
        "id": "`<default id>-<hallucinated|clean>`",
        "query": "the question",
        "context": "the counterfactual context",
        "output": (
            "an answer phrased as a short sentence: a wrong answer (hallucinated: the original answer, or another "
            "entity of the answer's type that the context names) or the context's answer (clean)"
        ),
        "task_type": "always `QA`",
        "hallucination_labels": (
            "RAGTruth-style spans of `output` the context contradicts: `start`, `end` (character offsets), `text` "
            "(`output[start:end]`) and `label_type` (`Evident Conflict`); empty for the clean twin"
        ),
        "meta": "`source`, `source_id`, `entity_type`, `entity_kind` and `default_id` of the sample",
    },
    "unanswerable": {
        "id": "`<default id>-<answerable|unanswerable>`",
        "question": "the question",
        "context": (
            "the counterfactual context (answerable), or the same context with every sentence that names the answer "
            "removed (unanswerable)"
        ),
        "answers": "SQuAD-style gold answers in `context`; empty lists where the context does not answer",
        "answerable": "whether `context` answers the question (the gold of an unanswerable row is no answer)",
        "removed_sentences": "sentences removed from the counterfactual context (0 for the answerable twin)",
        "meta": "`source`, `source_id`, `entity_type`, `entity_kind` and `default_id` of the sample",
    },
    "inconsistent": {
        "id": "`<default id>-<original|counterfactual>-first`",
        "question": "the question",
        "context": (
            "two passages, separated by a blank line: the original and the counterfactual context, in either order"
        ),
        "answers": (
            "the two conflicting gold answers, each in its own passage: first the answer of the first passage, then "
            "the other's (`text` and `answer_start`, offsets into `context`)"
        ),
        "first_passage": "which passage comes first: `original` or `counterfactual`",
        "passage_starts": "where each passage starts in `context` (two offsets)",
        "meta": "`source`, `source_id`, `entity_type`, `entity_kind` and `default_id` of the sample",
    },
    "multiple_choice": {
        "id": "`<default id>-choice`",
        "question": "the question",
        "context": "the counterfactual context",
        "choices": (
            "four answers, in an order drawn from a stable hash of the id: the context's answer, the original answer, "
            "and two other entities of the answer's type (from the passage where it names them, else from the bank)"
        ),
        "label": "index in `choices` of the context's answer",
        "original_choice": "index in `choices` of the original answer (right in the world, wrong for this context)",
        "meta": "`source`, `source_id`, `entity_type`, `entity_kind` and `default_id` of the sample",
    },
    "entity_bank": {
        "entity": "normalised surface form",
        "entity_type": "majority NER label across the corpus",
        "entity_kind": "kind under the label (see `default`), null where the policy uses no kinds",
        "entity_shape": "surface shape class",
        "person_gender": "gender of a PERSON's given name (gender-guesser), where known",
        "frequency": "mentions in the corpus",
        "num_contexts": "distinct contexts it appears in",
        "sources": "source datasets it was seen in",
    },
}


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
        name="guardrail",
        version=datasets.Version(VERSION),
        description=(
            "PASS/FAIL responses for context-adherence guardrails, 50/50 per split and entity type, FAIL responses "
            "parametric or grounded in the passage, with nested training slices of 250, 1,000 and 4,000 rows."
        ),
        features=GUARDRAIL_FEATURES,
        splits=("train", "dev", "test", *(f"train_{n}" for n in GUARDRAIL_SLICES)),
        data_subdir="guardrail",
    ),
    FaithfulnessQAConfig(
        name="spans",
        version=datasets.Version(VERSION),
        description="RAGTruth-style span labels: a wrong answer in a short sentence, against the context.",
        features=SPANS_FEATURES,
        splits=("train", "dev", "test"),
        data_subdir="spans",
    ),
    FaithfulnessQAConfig(
        name="unanswerable",
        version=datasets.Version(VERSION),
        description=(
            "Each counterfactual context and its twin with the evidence removed: answer, or say there is no answer."
        ),
        features=UNANSWERABLE_FEATURES,
        splits=("train", "dev", "test"),
        data_subdir="unanswerable",
    ),
    FaithfulnessQAConfig(
        name="inconsistent",
        version=datasets.Version(VERSION),
        description="The original and the counterfactual passage together, in both orders: name the conflict.",
        features=INCONSISTENT_FEATURES,
        splits=("train", "dev", "test"),
        data_subdir="inconsistent",
    ),
    FaithfulnessQAConfig(
        name="multiple_choice",
        version=datasets.Version(VERSION),
        description="Four choices: the context's answer, the original answer and two of the same type.",
        features=MULTIPLE_CHOICE_FEATURES,
        splits=("train", "dev", "test"),
        data_subdir="multiple_choice",
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


def register_config(config: FaithfulnessQAConfig, descriptions: dict[str, str] | None = None) -> None:
    """Add a config (a derived config the build registers: fqa_build/release/configs), before `entity_bank`, with
    what each of its fields means."""
    global CONFIGS
    if config.name in CONFIGS_BY_NAME:
        raise ValueError(f"config {config.name} is already registered")
    CONFIGS = (*CONFIGS[:-1], config, CONFIGS[-1])
    CONFIGS_BY_NAME[config.name] = config
    FIELD_DESCRIPTIONS[config.name] = dict(descriptions or {})


def unregister_config(name: str) -> None:
    """Remove a config `register_config` added."""
    global CONFIGS
    CONFIGS = tuple(c for c in CONFIGS if c.name != name)
    del CONFIGS_BY_NAME[name]
    FIELD_DESCRIPTIONS.pop(name, None)


def windowed(config: FaithfulnessQAConfig, windows: bool = True) -> FaithfulnessQAConfig:
    """`default` with the evidence-window column where `windows` (any other config as it is)."""
    if config.name != "default" or not windows:
        return config
    from dataclasses import replace

    return replace(config, features=WINDOWED_DEFAULT_FEATURES)


def field_descriptions(windows: bool) -> dict[str, dict[str, str]]:
    """What each field of each config means; with `windows`, `default` with the evidence-window column."""
    if not windows:
        return FIELD_DESCRIPTIONS
    return {**FIELD_DESCRIPTIONS, "default": {**FIELD_DESCRIPTIONS["default"], **WINDOW_DESCRIPTIONS}}


def written_config(folder: str | os.PathLike, config: FaithfulnessQAConfig) -> FaithfulnessQAConfig:
    """The config as the shards of a local build `folder` hold it: `default` with the evidence-window column
    where its first shard has that column."""
    if config.name != "default":
        return config
    found = sorted(glob.glob(os.path.join(os.fspath(folder), config.data_subdir, "*.parquet")))
    if found and "context_start" in pq.ParquetFile(found[0]).schema_arrow.names:
        return windowed(config)
    return config


def arrow_schema(features: datasets.Features) -> pa.Schema:
    """The Parquet schema for a config, without `datasets`' own schema metadata, so the files read the same
    on datasets 3.x (which does not know the 5.x `List` type) and 5.x; the card's YAML carries the types."""
    return features.arrow_schema.remove_metadata()


def shard_pattern(config: FaithfulnessQAConfig, split: str) -> str:
    """The glob, relative to the repo root, of a split's shards."""
    return f"{config.data_subdir}/{split}-*.parquet"


def dataset_info_yaml(config: FaithfulnessQAConfig, splits: dict[str, tuple[int, int]], download_size: int) -> dict:
    """The card's YAML `dataset_info` entry of a config, generated from its features: `splits` maps a split to
    (num_examples, num_bytes of the Arrow data), `download_size` is the bytes of its Parquet shards; a split
    `splits` leaves out (an empty one) is left out."""
    return {
        "config_name": config.name,
        "features": config.features._to_yaml_list(),
        "splits": [
            {"name": split, "num_bytes": splits[split][1], "num_examples": splits[split][0]}
            for split in config.splits
            if split in splits
        ],
        "download_size": download_size,
        "dataset_size": sum(splits[split][1] for split in config.splits if split in splits),
    }


def configs_yaml(names: tuple[str, ...] | None = None, splits: dict[str, tuple[str, ...]] | None = None) -> list[dict]:
    """The card's YAML `configs` (those named, or all): explicit `data_files` per split (so the split `dev`
    keeps its name); with `splits`, only the splits it gives a config (a split with no rows is left out: the
    Hub's loader cannot serve an empty split)."""
    return [
        {
            "config_name": config.name,
            "data_files": [
                {"split": split, "path": shard_pattern(config, split)}
                for split in config.splits
                if splits is None or split in splits.get(config.name, ())
            ],
            **({"default": True} if config.name == "default" else {}),
        }
        for config in CONFIGS
        if names is None or config.name in names
    ]


class FaithfulnessQA(datasets.GeneratorBasedBuilder):
    """Serves the configs from Parquet shards: `data_dir=` a local build folder, or `repo_id=` (and
    optionally `revision=`, a tag such as "v0.1.0") a Hub dataset repo."""

    BUILDER_CONFIG_CLASS = FaithfulnessQAConfig
    BUILDER_CONFIGS = list(CONFIGS)
    DEFAULT_CONFIG_NAME = "default"

    def _info(self) -> datasets.DatasetInfo:
        if self.config.data_dir and self.config.name == "default":
            # a local build whose policy cuts evidence windows has one more column
            self.config.features = written_config(self.config.data_dir, self.config).features
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

            # `repo_id=` given to the builder is taken by DatasetBuilder itself (it names the cache), so read both.
            repo_id = self.config.repo_id or self.repo_id or HUB_REPO_ID
            listed = HfApi().list_repo_files(repo_id, repo_type="dataset", revision=self.config.revision)
            for split in self.config.splits:
                prefix = f"{self.config.data_subdir}/{split}-"
                names = sorted(n for n in listed if n.startswith(prefix) and n.endswith(".parquet"))
                if not names:
                    raise FileNotFoundError(f"no shards for split {split!r} of {repo_id} at {self.config.revision}")
                urls = [hf_hub_url(repo_id, n, repo_type="dataset", revision=self.config.revision) for n in names]
                files_by_split[split] = dl_manager.download(urls)
        return [
            datasets.SplitGenerator(name=split, gen_kwargs={"files": files}) for split, files in files_by_split.items()
        ]

    def _generate_examples(self, files):
        schema = arrow_schema(self.config.features)
        for file_index, path in enumerate(files):
            parquet = pq.ParquetFile(path)
            if parquet.schema_arrow.remove_metadata() != schema:
                raise ValueError(f"{path}: schema does not match config {self.config.name!r}")
            row = 0
            for batch in parquet.iter_batches(batch_size=1000):
                for example in batch.to_pylist():
                    yield f"{file_index}_{row}", example
                    row += 1
