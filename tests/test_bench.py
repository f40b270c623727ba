"""The benchmark command runs end to end on the bundled sample and prints its JSON line (timings are reported,
never asserted)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pytest

from fqa_build import BuildConfig
from fqa_build.bench.bench import BenchOptions, step_config
from fqa_build.bench.projection import FULL_RELEASE, projection
from fqa_build.config import SubstitutionConfig
from fqa_build.swap.components import COMPONENTS

from .conftest import ROOT


def test_projection_adds_ner_and_post_ner_work():
    found = projection(
        ner_chars_per_second=100_000.0,
        post_ner_seconds_per_question=0.001,
        squad_context_chars=750.0,
        trivia_snippet_share=0.25,
    )
    squad = FULL_RELEASE["squad_train_contexts"] * 750.0
    trivia = FULL_RELEASE["trivia_qa_questions"] * FULL_RELEASE["trivia_qa_window_chars"] * 0.25
    assert found["ner_characters"] == round(squad + trivia) == 48_972_000
    assert found["ner_seconds"] == 489.7
    assert found["post_ner_seconds"] == 174.6
    assert found["total_minutes"] == 11.1
    assert "caveat" not in found
    scaled = projection(100_000.0, 0.001, 750.0, 0.25, measured_questions=10_570)
    assert scaled["extrapolated_times"] == 16.5 and scaled["caveat"].startswith(
        "a projection, not a measurement: 10,570 questions timed, extrapolated 17x to the full release"
    )


def test_each_step_builds_its_config_directly(tmp_path):
    options = BenchOptions(sources=("squad:a.json",), workers=3, batch_size=8, policy="context_v8", spacy_model="m")
    payload = options.step(["squad:a.json"], tmp_path / "cold", tmp_path / "cache", 7)
    assert step_config(**json.loads(json.dumps(payload))) == BuildConfig(
        out=tmp_path / "cold",
        sources=("squad:a.json",),
        workers=3,
        batch_size=8,
        spacy_model="m",
        cache_dir=tmp_path / "cache",
        progress=False,
        substitution=SubstitutionConfig(seed=7, policy="context_v8"),
    )


def test_missing_inputs(tmp_path):
    present = tmp_path / "a.json"
    present.write_text("{}")
    options = BenchOptions(sources=(f"squad:{present}", "squad"), double_sources=(f"trivia_qa:{tmp_path / 'gone'}",))
    assert options.missing_inputs() == [str(tmp_path / "gone")]


@pytest.mark.slow
def test_bench_prints_one_json_line_with_every_figure():
    sample = ROOT / "data"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "fqa_build",
            "bench",
            "--source",
            f"squad:{sample / 'squad_sample.json'}",
            "--double-source",
            f"squad:{sample / 'squad_sample.json'}",
            "--double-source",
            f"trivia_qa:{sample / 'trivia_qa_sample'}",
            "--workers",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) == 1
    result = json.loads(lines[0])
    for step in ("bare_ner", "cold", "warm", "cold_2x"):
        assert result[step]["seconds"] > 0 and result[step]["rss_mb"] > 0 and result[step]["questions_per_second"] > 0
    assert result["cold"]["questions"] == result["warm"]["questions"] == result["inputs"]["questions"] == 160
    assert result["cold_2x"]["questions"] == 206
    assert result["cold"]["kept"] == result["warm"]["kept"] > 0
    for ratio in ("build_over_ner", "warm_over_cold", "time_2x_over_1x", "rss_2x_over_1x"):
        assert result[ratio] > 0
    agreement = result["snippet_agreement"]
    assert agreement["questions"] == 160 and 0.9 <= agreement["answer_entity_agreement"] <= 1.0
    assert 0 < agreement["snippet_char_share"] <= 1.0
    assert result["double_over_single_questions"] == 1.288
    assert result["projection_en_core_web_sm"] == (
        "not projected: 160 questions measured, at least 1000 needed (on fewer, start-up time dominates the "
        "per-question cost and the projection is far too long)"
    )
    assert result["projection_en_core_web_lg"].startswith("unmeasured")
    # the warm run's other seed is said; the machine and the date are named beside the figures
    assert result["inputs"]["seeds"] == {"cold": 42, "warm": 7, "cold_2x": 42}
    assert result["machine"]["usable_cores"] >= 1 and len(result["machine"]["date"]) == 10
    # where the time goes: each stage's seconds, the rules' seconds by stage, the slowest rules by name
    profile = result["profile"]
    assert sorted(profile["stages"]) == ["bank", "ner", "read", "release", "swap"]
    assert all(seconds >= 0 for seconds in profile["stages"].values())
    assert profile["rules_seconds"] > 0 and "check" in profile["rules_by_stage"]
    assert 0 < len(profile["slowest_rules"]) <= 12 and "reader_picks_gold" in profile["slowest_rules"]
    # and each component's own code (the default's components that joined a swap of the sample)
    assert {"composed_persons", "made_values"} <= set(profile["components"]) <= set(COMPONENTS)


def test_a_2x_input_no_larger_than_the_1x_is_refused():
    sample = f"squad:{ROOT / 'data' / 'squad_sample.json'}"
    done = subprocess.run(
        [sys.executable, "-m", "fqa_build", "bench", "--source", sample, "--double-source", sample, "--workers", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines()[-1] == (
        "python -m fqa_build bench: error: the 2x input holds 160 questions and the 1x input 160: the 2x input must "
        "hold at least 1.25x as many (about twice) for time_2x_over_1x to measure scaling "
        "(see python -m fqa_build bench --help)"
    )


@pytest.mark.slow
@pytest.mark.real_data
def test_trivia_snippet_share_is_measured_beside_a_squad_source():
    """Alone, TriviaQA windows are the bank corpus and run whole (share 1.0); in the full release they sit
    beside SQuAD and NER sees only the sentences around their answers."""
    from fqa_build.bench.bench import _trivia_snippet_share

    assert _trivia_snippet_share() == 0.4387
    assert logging.getLogger("fqa_build.read.skips").level == logging.NOTSET  # the skips' logging is left as it was


@pytest.mark.slow
def test_ray_bench_prints_one_json_line_with_every_figure():
    if not os.environ.get("FQA_REQUIRE_RAY"):  # CI installs Ray and requires it
        pytest.importorskip("ray")
    sample = ROOT / "data" / "squad_sample.json"
    done = subprocess.run(
        [sys.executable, "-m", "fqa_build", "bench", "--engine", "ray", "--source", f"squad:{sample}"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["inputs"]["questions"] == 160
    steps = ("ray", "local", "ray_warm", "bare_ner")
    assert all(set(result[step]) == {"1", "2"} for step in steps)
    assert all(result[step][c]["seconds"] > 0 for step in steps for c in ("1", "2"))
    projection = result["projection_wikipedia_bank"]
    assert projection["words"] == 4_500_000_000 and set(projection["hours_on_nodes"]) == {"1x32", "10x32", "100x32"}
    # the projection is the measured throughput's: core-hours = words / (words per core-second) / 3600
    # (the printed throughput is rounded to a whole word, which on the tiny sample moves it by up to 1 in 1,000)
    expected = 4_500_000_000 / result["ner_words_per_core_second"] / 3600
    assert projection["core_hours"] == pytest.approx(expected, rel=1e-3)


def test_timed_rules_sums_each_rule_and_stops_after():
    from fqa_build.reasons import Reason
    from fqa_build.swap.rule import Rule, Stage, timed_rules

    toy = Rule("toy", Stage.CHECK, (Reason.CONTEXT_UNCHANGED,), lambda swap: None)
    with timed_rules() as seconds:
        assert toy(None) is None and toy(None) is None
    assert list(seconds) == ["toy"] and seconds["toy"] >= 0
    toy(None)  # off again: nothing more is summed
    assert list(seconds) == ["toy"]
