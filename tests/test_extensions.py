"""One registration per extension: a source format (tests/toy_source.py) and a derived config
(tests/toy_config.py), each written in one file and registered, build, validate, load through `datasets`, show in
the card and evaluate, with no other edit; a rule (tests/toy_rule.py), written in one file with its record and
registered in its place in the table with a policy that runs it, passes the checks tests/test_rules.py makes of
every rule of the table. Each registry is as it was after."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import sys

import datasets
import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.checks.evaluate import evaluate
from fqa_build.checks.validate import report, validate
from fqa_build.read.formats import SOURCE_FORMATS, register_source, unregister_source
from fqa_build.swap.policies.registry import POLICIES, register, stage_rules
from fqa_build.swap.rules import RULES, TABLE, Stage, register_rule, unregister_rule

from . import toy_rule as toy_rules
from .test_rules import (
    check_every_rule_is_named_by_a_policy,
    check_rule_is_wired,
    check_rule_rejects_its_record,
    check_table,
)
from .toy_config import ANSWER_TYPES
from .toy_source import TOY

#: the tests' own sentences: persons, years and counts the default policy swaps
ROWS = [
    {"id": f"t{i}", "title": title, "question": question, "context": context, "answer": answer}
    for i, (title, question, context, answer) in enumerate(
        [
            (
                "Ada Park",
                "In what year did the Ada Park open?",
                "The Ada Park opened in 1923 beside the river. Its gardens were laid out by the city's engineers, "
                "and a bandstand was added in 1931.",
                "1923",
            ),
            (
                "Mill Road",
                "In which year was the bridge on Mill Road rebuilt?",
                "The old bridge on Mill Road was rebuilt in 1887 after a flood. Trams crossed it from 1902 until the "
                "line closed.",
                "1887",
            ),
            (
                "Lake Hall",
                "In what year did the Lake Hall burn down?",
                "The Lake Hall, a wooden theatre, burned down in 1911. A brick hall took its place and opened to "
                "the public in 1913.",
                "1911",
            ),
            (
                "Harbour Lights",
                "When was the harbour light first lit?",
                "The harbour light was first lit in 1856 and was kept by one family for three generations. It was "
                "automated long after the war.",
                "1856",
            ),
        ]
    )
]

#: the toy rows the default policy keeps (years of the tests' own sentences)
KEPT = 3


@pytest.fixture
def toy_format():
    before = dict(SOURCE_FORMATS)
    register_source(TOY)
    try:
        yield TOY
    finally:
        unregister_source(TOY.name)
    assert SOURCE_FORMATS == before


def test_a_source_format_is_one_registration(toy_format, tmp_path, sample_build):
    source = tmp_path / "toy.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in ROWS), encoding="utf-8")
    result = run_build(
        BuildConfig(
            out=tmp_path / "out",
            sources=(f"toy:{source}",),
            bank_sources=(f"squad:{sample_build.manifest['inputs'][0]['spec'].split(':', 1)[1]}",),
            cache_dir=tmp_path / "cache",
            progress=False,
        )
    )
    assert result.stats["sources"]["toy"]["total"] == 4
    kept = result.stats["sources"]["toy"]["kept"]
    # the lighthouse's timeline is tied to "the war", which no lexicon dates (the default shifts whole timelines)
    assert kept == KEPT and result.stats["sources"]["toy"]["rejected"] == {"timeline_undated_event": 1}
    assert report(validate(result.out)) == ""
    card = (result.out / "README.md").read_text(encoding="utf-8")
    assert "- **Toy QA** (the tests, 2026): CC0 1.0." in card and "@misc{toy, title = {Toy QA}}" in card
    assert "Toy QA contexts are the tests' own sentences." in card and "| Toy QA | 4 |" in card
    loaded = datasets.load_dataset(str(result.out), cache_dir=str(tmp_path / "hf"))
    assert sum(split.num_rows for split in loaded.values()) == kept
    assert {row["source"] for split in loaded.values() for row in split} == {"toy"}
    split = next(name for name, ds in loaded.items() if ds.num_rows)
    scores = evaluate(result.out, "default", split, baseline="original")
    assert scores["exact_match"] == 0.0 and scores["memorization_ratio"] == 1.0


def test_an_unregistered_format_is_refused():
    from fqa_build.read.skips import SourceError
    from fqa_build.read.sources import SourceSpec

    assert "toy" not in SOURCE_FORMATS
    with pytest.raises(
        SourceError, match=re.escape(f"unknown source format 'toy' (expected one of {', '.join(SOURCE_FORMATS)}")
    ):
        SourceSpec.parse("toy:x.jsonl")


@pytest.fixture
def toy_config():
    import faithfulness_qa as fqa
    from fqa_build.release.configs import DERIVED, register_derived, unregister_derived

    before = (dict(DERIVED), fqa.CONFIGS, dict(fqa.FIELD_DESCRIPTIONS))
    register_derived(ANSWER_TYPES)
    try:
        yield ANSWER_TYPES
    finally:
        unregister_derived(ANSWER_TYPES.name)
    assert (dict(DERIVED), fqa.CONFIGS, dict(fqa.FIELD_DESCRIPTIONS)) == before


def test_a_derived_config_is_one_registration(toy_config, tmp_path):
    import faithfulness_qa as fqa

    result = run_build(BuildConfig(out=tmp_path / "out", cache_dir=tmp_path / "cache", progress=False))
    assert report(validate(result.out)) == ""
    splits = {split: n for split, n in result.stats["splits"].items()}
    loaded = datasets.load_dataset(str(result.out), "answer_types", cache_dir=str(tmp_path / "hf"))
    assert {split: ds.num_rows for split, ds in loaded.items()} == splits
    card = (result.out / "README.md").read_text(encoding="utf-8")
    assert "- config_name: answer_types\n" in card and "**`answer_types`**: the entity type" in card
    assert "| `entity_type` | the answer's entity type |" in card and f"train: {splits['train']} rows." in card
    predictions = tmp_path / "types.jsonl"
    rows = loaded["dev"]
    predictions.write_text("".join(json.dumps({"id": r["id"], "entity_type": r["entity_type"]}) + "\n" for r in rows))
    assert evaluate(result.out, "answer_types", "dev", predictions_file=predictions) == {
        "accuracy": 1.0,
        "n": splits["dev"],
    }
    assert "answer_types" in fqa.CONFIGS_BY_NAME


def test_the_derived_configs_sit_between_default_and_the_bank():
    import faithfulness_qa as fqa
    from fqa_build.release.configs import DERIVED

    names = [c.name for c in fqa.CONFIGS]
    assert "answer_types" not in DERIVED
    assert (names[0], names[-1]) == ("default", "entity_bank") and sorted(names[1:-1]) == sorted(DERIVED)
    assert set(fqa.CONFIGS_BY_NAME) == set(names) == set(fqa.FIELD_DESCRIPTIONS)


def test_the_dataset_script_declares_every_derived_config():
    """The Hub builder and datasets 3.6 run faithfulness_qa.py alone, without the build that registers the derived
    configs: the file must declare each one itself, with its fields' descriptions."""
    import faithfulness_qa as fqa
    from fqa_build.release.configs import DERIVED

    spec = importlib.util.spec_from_file_location("faithfulness_qa_alone", fqa.__file__)
    alone = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = alone  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(alone)
    finally:
        del sys.modules[spec.name]
    assert [c.name for c in alone.CONFIGS] == [c.name for c in fqa.CONFIGS]
    assert {name: alone.FIELD_DESCRIPTIONS.get(name) for name in DERIVED} == {
        name: fqa.FIELD_DESCRIPTIONS[name] for name in DERIVED
    }


@pytest.fixture
def toy_rule():
    before = (list(TABLE), dict(RULES), dict(POLICIES))
    rule = register_rule(toy_rules.no_hashtag_of_original_left)
    try:
        policy = register(toy_rules.toy_policy())  # the registry checks its rules exist: after the rule
        yield rule, policy
    finally:
        POLICIES.pop("toy_rule_v1", None)
        unregister_rule(rule.name)
        stage_rules.cache_clear()
    assert (list(TABLE), dict(RULES), dict(POLICIES)) == before


def test_a_rule_is_one_module_and_its_place_in_the_table(toy_rule):
    rule, policy = toy_rule
    assert TABLE.index(rule) > TABLE.index(RULES[toy_rules.AFTER])
    assert [r.stage for r in TABLE] == sorted(r.stage for r in TABLE)
    assert rule in stage_rules(policy)[Stage.REWRITE]
    # what tests/test_rules.py checks of every rule of the table, now with the toy one
    check_table()
    check_every_rule_is_named_by_a_policy()
    check_rule_rejects_its_record(rule.name)
    check_rule_is_wired(policy.name, rule.name)


def test_a_rule_goes_only_where_its_stage_runs():
    late = dataclasses.replace(toy_rules.no_hashtag_of_original_left, stage=Stage.MENTION)
    with pytest.raises(ValueError, match="a rule of stage MENTION cannot run after no_name_word_left"):
        register_rule(late)
    with pytest.raises(ValueError, match="no rule nowhere_rule to run after"):
        register_rule(dataclasses.replace(late, after=("nowhere_rule",)))
    with pytest.raises(ValueError, match="rule no_name_word_left is already registered"):
        register_rule(RULES["no_name_word_left"])
    assert toy_rules.no_hashtag_of_original_left.name not in RULES


def test_the_dataset_script_names_every_source_format():
    """faithfulness_qa.py runs without the build (a `datasets` script), so it names the kinds in its own text: the
    description lists each kind by the first word of its name in the card, and the `source` field each kind's row
    sources (`mrqa_<subset>`), in the registry's order; a kind registered without them fails here."""
    import faithfulness_qa as fqa

    listed = re.search(r"\(([^)]*)\)", fqa.DESCRIPTION).group(1).split(", ")
    sources = re.findall(r"`([^`]+)`", fqa.FIELD_DESCRIPTIONS["default"]["source"])
    assert len(listed) == len(sources) == len(SOURCE_FORMATS)
    for kind, name, source in zip(SOURCE_FORMATS.values(), listed, sources, strict=True):
        assert kind.row_sources(source) and not any(k.row_sources(source) for k in SOURCE_FORMATS.values() if k != kind)
        assert kind.display_name(source).split()[0].rstrip(":") == name.split()[0]
