"""`python -m fqa_build bench`: how the build's time and memory compare to NER alone, measured in one run.

Each step runs in its own child process (one process tree, one run, the same inputs), timed by wall clock
from start to exit, with its peak RSS (its own plus its NER worker processes'):
1. bare NER: load the model and `nlp.pipe` over exactly the texts the build sends to NER (same components,
   workers and batch size);
2. a cold build (empty NER cache) into a temporary folder;
3. a warm rebuild with another seed (NER cache full; `inputs.seeds` says which: every draw and check runs
   again, so the warm time is the whole post-NER work, not a replay);
4. the same cold build on twice the input (by default SQuAD dev + the SQuAD train slice of ../shared/data);
5. the agreement of NER on snippets (the sentences around the answers) with whole-context NER, on the input;
6. where the build's time goes (`profile`): the warm build again in one process, each stage's wall seconds and
   each swap rule's summed seconds (the rules of one component together: the answerability reader is
   `reader_picks_gold`), the rules' total against the swap's whole work.
It prints one JSON line: seconds, questions per second and peak RSS of each step, the ratios
`build_over_ner`, `warm_over_cold`, `time_2x_over_1x`, `rss_2x_over_1x`, the agreement, the profile and the
projected time of the full release. Never asserted in tests: timings belong to the machine.
"""

from __future__ import annotations

import json
import logging
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fqa_build.bench.machine import machine
from fqa_build.bench.projection import MIN_PROJECTION_QUESTIONS, projection
from fqa_build.config import DEFAULT_POLICY, BuildConfig, EngineConfig, SubstitutionConfig

#: the seeds of the cold builds and of the warm rebuild (another, so its draws are not a replay of the cold one's)
COLD_SEED, WARM_SEED = 42, 7


log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
DEFAULT_SOURCE = f"squad:{SHARED / 'squad_v1.1' / 'dev-v1.1.json'}"
DEFAULT_EXTRA = f"squad:{SHARED / 'squad_v1.1' / 'train-v1.1.du2017-test-slice.json'}"


@dataclass(frozen=True)
class BenchOptions:
    """What `python -m fqa_build bench` measures: the input, the input of the 2x build, and the build options."""

    sources: tuple[str, ...] = (DEFAULT_SOURCE,)
    double_sources: tuple[str, ...] = (DEFAULT_SOURCE, DEFAULT_EXTRA)
    workers: int = 2
    batch_size: int = 64
    policy: str = DEFAULT_POLICY
    spacy_model: str | None = None
    agreement: bool = True
    profile: bool = True
    keep: bool = False
    engine: str = "local"  # "ray": Ray's overhead and scaling instead (fqa_build/bench/bench_ray.py)

    def missing_inputs(self) -> list[str]:
        """The input paths that do not exist."""
        paths = [spec.split(":", 1)[1] for spec in self.sources + self.double_sources if ":" in spec]
        return [path for path in paths if not Path(path).exists()]

    def step(self, sources: Sequence[str], out: Path, cache: Path, seed: int) -> dict[str, Any]:
        """The JSON payload of a child step: the arguments of `step_config`."""
        return {
            "sources": list(sources),
            "out": str(out),
            "cache_dir": str(cache),
            "seed": seed,
            "workers": self.workers,
            "batch_size": self.batch_size,
            "policy": self.policy,
            "spacy_model": self.spacy_model,
        }


def step_config(
    sources: Sequence[str],
    out: str,
    cache_dir: str | None = None,
    seed: int = 42,
    workers: int = 1,
    batch_size: int = 64,
    policy: str = DEFAULT_POLICY,
    spacy_model: str | None = None,
    **options: Any,
) -> BuildConfig:
    """The `BuildConfig` of a bench step (every other option at its default, progress bars off)."""
    if isinstance(options.get("engine"), dict):
        options["engine"] = EngineConfig(**options["engine"])
    return BuildConfig(
        out=Path(out),
        sources=tuple(sources),
        workers=workers,
        batch_size=batch_size,
        spacy_model=spacy_model,
        cache_dir=None if cache_dir is None else Path(cache_dir),
        progress=False,
        substitution=SubstitutionConfig(seed=seed, policy=policy),
        **options,
    )


def _rusage_mb() -> dict[str, float]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"rss_mb": round(own + children, 1), "rss_main_mb": round(own, 1), "rss_workers_mb": round(children, 1)}


# ---------------------------------------------------------------------------------------------- child steps
def _child_ner(texts_file: str, workers: int, batch_size: int, model: str | None) -> dict[str, Any]:
    import functools

    from fqa_build.engines.executors import LocalExecutor
    from fqa_build.ner.runner import choose_model, ner_worker, run_ner

    texts = json.loads(Path(texts_file).read_text(encoding="utf-8"))
    setup = functools.partial(ner_worker, choose_model(model))
    setup()  # the model is loaded before the clock's part that counts, as the build's parent loads it
    found = run_ner(LocalExecutor(workers), setup, texts, batch_size, progress=False)
    entities = sum(len(entities) for entities in found)
    return {"texts": len(texts), "characters": sum(len(t) for t in texts), "entities": entities}


def _child_build(config: BuildConfig) -> dict[str, Any]:
    from fqa_build.pipeline import run_build

    stats = run_build(config).stats
    return {"questions": stats["total"], "kept": stats["kept"]}


#: how many of the slowest rules the profile names
PROFILE_RULES = 12


def _child_profile(config: BuildConfig) -> dict[str, Any]:
    """A one-process build with each rule and component timed: stage seconds, rule seconds by stage, the slowest
    rules, each component's hooks."""
    from fqa_build.pipeline import run_build
    from fqa_build.swap.hooks import timed_hooks
    from fqa_build.swap.rule import timed_rules
    from fqa_build.swap.rules import RULES

    with timed_rules() as seconds, timed_hooks() as by_component:
        result = run_build(replace(config, workers=1))
    by_stage: dict[str, float] = {}
    for name, spent in seconds.items():
        stage = RULES[name].stage.name.lower()
        by_stage[stage] = by_stage.get(stage, 0.0) + spent
    slowest = sorted(seconds.items(), key=lambda item: (-item[1], item[0]))[:PROFILE_RULES]
    return {
        "stages": result.stage_seconds,
        "rules_seconds": round(sum(seconds.values()), 2),
        "rules_by_stage": {stage: round(spent, 2) for stage, spent in sorted(by_stage.items())},
        "slowest_rules": {name: round(spent, 2) for name, spent in slowest},
        # what each component's own code (its matches, labels and made replacements) took; its rules are above
        "components": {name: round(spent, 2) for name, spent in sorted(by_component.items())},
    }


def _child(argv: list[str]) -> None:
    from fqa_build.process import tune_collector

    tune_collector()  # as the command's process is: a step measures what a user runs
    step, payload = argv[0], json.loads(argv[1])
    logging.basicConfig(level="WARNING")
    if step == "ner":
        result = _child_ner(**payload)
    elif step == "build":
        result = _child_build(step_config(**payload))
    elif step == "profile":
        result = _child_profile(step_config(**payload))
    elif step == "agreement":
        from fqa_build.checks.agreement import snippet_agreement

        result = snippet_agreement(step_config(**payload))
    else:
        raise SystemExit(f"unknown bench step {step}")
    print("BENCH " + json.dumps({**result, **_rusage_mb()}), flush=True)
    sys.stderr.flush()


# ---------------------------------------------------------------------------------------------- parent
def _run_step(step: str, payload: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "fqa_build.bench.bench", step, json.dumps(payload)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")},
    )
    seconds = time.perf_counter() - started
    lines = [line for line in done.stdout.splitlines() if line.startswith("BENCH ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"bench step {step} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return {"seconds": round(seconds, 2), **json.loads(lines[-1][len("BENCH ") :])}


def _texts_to_ner(sources: Sequence[str], options: BenchOptions) -> tuple[list[str], int, float]:
    """The texts the build sends to NER for `sources`, the number of questions, the mean context length."""
    from fqa_build.ner.plan import plan_ner
    from fqa_build.read.inputs import load_inputs

    config = step_config(**options.step(sources, Path("unused"), Path("unused"), 0))
    inputs = load_inputs(config)
    plan = plan_ner(config, inputs)
    # the order the build sends them in (cached_or_run: key order of the texts missing from the cache)
    texts = [plan.texts[k] for k in sorted(plan.texts)]
    mean_context = sum(len(c) for c in inputs.contexts.values()) / max(1, len(inputs.contexts))
    return texts, len(inputs.records), mean_context


#: how much larger than the 1x input the "2x" input must be (questions) for `time_2x_over_1x` to mean scaling
MIN_DOUBLE_RATIO = 1.25


class BenchError(ValueError):
    """Inputs the benchmark cannot measure what it reports on (the message says why)."""


def run_bench(options: BenchOptions) -> dict[str, Any]:
    """Run every step in its child process and return the figures `python -m fqa_build bench` prints."""
    sources, double = list(options.sources), list(options.double_sources)
    work = Path(tempfile.mkdtemp(prefix="fqa-bench-"))
    try:
        texts, questions, mean_context = _texts_to_ner(sources, options)
        double_questions = _texts_to_ner(double, options)[1]
        if double_questions < MIN_DOUBLE_RATIO * questions:
            raise BenchError(
                f"the 2x input holds {double_questions} questions and the 1x input {questions}: the 2x input must "
                f"hold at least {MIN_DOUBLE_RATIO}x as many (about twice) for time_2x_over_1x to measure scaling"
            )
        texts_file = work / "ner-texts.json"
        texts_file.write_text(json.dumps(texts), encoding="utf-8")
        log.info("bench: %d questions, %d texts to NER", questions, len(texts))
        ner = _run_step(
            "ner",
            {
                "texts_file": str(texts_file),
                "workers": options.workers,
                "batch_size": options.batch_size,
                "model": options.spacy_model,
            },
        )
        cold = _run_step("build", options.step(sources, work / "cold", work / "cache", COLD_SEED))
        warm = _run_step("build", options.step(sources, work / "warm", work / "cache", WARM_SEED))
        cold_2x = _run_step("build", options.step(double, work / "cold2x", work / "cache2x", COLD_SEED))
        agreement = None
        if options.agreement:
            agreement = _run_step("agreement", options.step(sources, work / "unused", work / "cache", 42))
        profile = None
        if options.profile:
            profile = _run_step("profile", options.step(sources, work / "profile", work / "cache", WARM_SEED))
        trivia_share = _trivia_snippet_share()
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    for step in (ner, cold, warm, cold_2x):
        step.setdefault("questions", questions)
        step["questions_per_second"] = round(step["questions"] / step["seconds"], 1)
    chars = sum(len(t) for t in texts)
    result = {
        "inputs": {
            "sources": [Path(s.split(":", 1)[-1]).name for s in sources],
            "double": [Path(s.split(":", 1)[-1]).name for s in double],
            "questions": questions,
            "ner_texts": len(texts),
            "ner_characters": chars,
            "workers": options.workers,
            "batch_size": options.batch_size,
            "policy": options.policy,
            # the warm rebuild draws with another seed: every draw and check runs again, only NER is cached
            "seeds": {"cold": COLD_SEED, "warm": WARM_SEED, "cold_2x": COLD_SEED},
        },
        "machine": machine(),
        "bare_ner": ner,
        "cold": cold,
        "warm": warm,
        "cold_2x": cold_2x,
        "build_over_ner": round(cold["seconds"] / ner["seconds"], 3),
        "warm_over_cold": round(warm["seconds"] / cold["seconds"], 3),
        "time_2x_over_1x": round(cold_2x["seconds"] / cold["seconds"], 3),
        "rss_2x_over_1x": round(cold_2x["rss_mb"] / cold["rss_mb"], 3),
        "snippet_agreement": agreement,
        "profile": profile,
        "double_over_single_questions": round(double_questions / questions, 3),
        "projection_en_core_web_sm": projection(
            ner_chars_per_second=chars / ner["seconds"],
            post_ner_seconds_per_question=warm["seconds"] / questions,
            squad_context_chars=mean_context,
            trivia_snippet_share=trivia_share,
            measured_questions=questions,
        )
        if questions >= MIN_PROJECTION_QUESTIONS
        else f"not projected: {questions} questions measured, at least {MIN_PROJECTION_QUESTIONS} needed (on fewer, "
        "start-up time dominates the per-question cost and the projection is far too long)",
        "projection_en_core_web_lg": "unmeasured: en_core_web_lg cannot be installed here",
    }
    return result


def _trivia_snippet_share() -> float:
    """Share of TriviaQA window characters NER sees as snippets, on the TriviaQA rc sample of ../shared/data
    (1.0, whole windows, where it is absent)."""
    from fqa_build.ner.plan import plan_ner
    from fqa_build.read.inputs import load_inputs

    sample = SHARED / "triviaqa" / "rc_sample"
    if not sample.exists():
        return 1.0
    # beside a SQuAD source, as in the full release: alone, TriviaQA windows would be the bank corpus, run whole
    squad = Path(__file__).resolve().parents[2] / "data" / "squad_sample.json"
    config = step_config([f"trivia_qa:{sample}", f"squad:{squad}"], "unused", window_chars=1600)
    skips_log = logging.getLogger("fqa_build.read.skips")
    level = skips_log.level
    skips_log.setLevel(logging.ERROR)  # the sample's known skips
    try:
        inputs = load_inputs(config)
    finally:
        skips_log.setLevel(level)
    plan = plan_ner(config, inputs)
    windows = [key for key, sources in inputs.context_sources.items() if sources == {"trivia_qa"}]
    seen = sum(len(plan.texts[ner_key]) for key in windows for _, ner_key in plan.units[key])
    total = sum(len(inputs.contexts[key]) for key in windows)
    return round(seen / total, 4) if total else 1.0


if __name__ == "__main__":
    _child(sys.argv[1:])
