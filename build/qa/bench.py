"""`python -m build bench`: how the build's time and memory compare to NER alone, measured in one run.

Each step runs in its own child process (one process tree, one run, the same inputs), timed by wall clock
from start to exit, with its peak RSS (its own plus its NER worker processes'):
1. bare NER: load the model and `nlp.pipe` over exactly the texts the build sends to NER (same components,
   workers and batch size);
2. a cold build (empty NER cache) into a temporary folder;
3. a warm rebuild with another seed (NER cache full);
4. the same cold build on twice the input (by default SQuAD dev + the SQuAD train slice of ../shared/data);
5. the agreement of NER on snippets (the sentences around the answers) with whole-context NER, on the input.
It prints one JSON line: seconds, questions per second and peak RSS of each step, the ratios
`build_over_ner`, `warm_over_cold`, `time_2x_over_1x`, `rss_2x_over_1x`, the agreement, and the projected
time of the full release. Never asserted in tests: timings belong to the machine.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
DEFAULT_SOURCE = f"squad:{SHARED / 'squad_v1.1' / 'dev-v1.1.json'}"
DEFAULT_EXTRA = f"squad:{SHARED / 'squad_v1.1' / 'train-v1.1.du2017-test-slice.json'}"

#: the full release (issue 5): SQuAD v1.1 train, and TriviaQA rc with a ~1,600-character window per question
FULL_RELEASE = {
    "squad_train_questions": 87_599,
    "squad_train_contexts": 18_896,
    "trivia_qa_questions": 87_000,
    "trivia_qa_window_chars": 1_600,
}


def _rusage_mb() -> dict[str, float]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"rss_mb": round(own + children, 1), "rss_main_mb": round(own, 1), "rss_workers_mb": round(children, 1)}


# ---------------------------------------------------------------------------------------------- child steps
def _child_ner(texts_file: str, workers: int, batch_size: int, model: str | None) -> dict[str, Any]:
    from ..ner.runner import choose_model, load_ner_pipeline, run_ner

    texts = json.loads(Path(texts_file).read_text(encoding="utf-8"))
    nlp = load_ner_pipeline(choose_model(model))
    entities = sum(len(found) for found in run_ner(nlp, texts, workers, batch_size, progress=False))
    return {"texts": len(texts), "characters": sum(len(t) for t in texts), "entities": entities}


def _child_build(cli_args: list[str]) -> dict[str, Any]:
    from ..cli import main

    code = main(cli_args)
    if code:
        raise SystemExit(code)
    out = Path(cli_args[cli_args.index("--out") + 1])
    stats = json.loads((out / "build_stats.json").read_text())
    return {"questions": stats["total"], "kept": stats["kept"]}


def _child_agreement(cli_args: list[str]) -> dict[str, Any]:
    """Whole-context NER vs snippet NER on every record of the input: the same best answer entity (span and
    label), and the same sample (row or rejection reason) with the same bank."""
    from ..cli import build_parser, config_from_args
    from ..labels import ALL_ENTITY_TYPES
    from ..swap.sample import make_sample, record_matches
    from ..swap.state import ContextInfo
    from ..swap.match import LEXICON_MIN_FREQUENCY
    from ..bank.mentions import mentions_of
    from ..bank.build import build_bank, typed_mentions
    from ..read.inputs import load_inputs
    from ..ner.plan import plan_ner, run_ner_plan
    from ..swap.policies import get_policy
    from ..types import Rejection

    config = config_from_args(build_parser().parse_args(cli_args))
    inputs = load_inputs(config)
    whole_plan = plan_ner(config, inputs)
    snippet_plan = plan_ner(config, inputs, snippets_everywhere=True)
    whole_found, _ = run_ner_plan(config, whole_plan)
    snippet_found, _ = run_ner_plan(config, snippet_plan)
    whole_entities = {key: whole_plan.entities(key, whole_found) for key in inputs.contexts}
    kinds = get_policy(config.substitution.policy).kinds
    full_bank, bank, _ = build_bank(config, inputs, whole_plan.bank_contexts, whole_entities, kinds)
    lexicon = bank.lexicon(LEXICON_MIN_FREQUENCY)
    labels = frozenset(ALL_ENTITY_TYPES) | frozenset(config.entity_types)

    def info(key: str, plan, found) -> ContextInfo:
        entities = plan.entities(key, found)
        mentions = typed_mentions(config, full_bank, mentions_of(inputs.contexts[key], entities, labels))
        return ContextInfo(tuple(entities), tuple(mentions), bank.keys_in(inputs.contexts[key]))

    same_entity = same_outcome = 0
    whole_infos: dict[str, ContextInfo] = {}
    snippet_infos: dict[str, ContextInfo] = {}
    for record in inputs.records:
        key = inputs.key_of[record.id]
        if key not in whole_infos:
            whole_infos[key] = info(key, whole_plan, whole_found)
            snippet_infos[key] = info(key, snippet_plan, snippet_found)
        a = record_matches(record, whole_infos[key], lexicon)
        b = record_matches(record, snippet_infos[key], lexicon)
        best_a = (a[0].mention.start, a[0].mention.end, a[0].mention.label) if a else None
        best_b = (b[0].mention.start, b[0].mention.end, b[0].mention.label) if b else None
        same_entity += best_a == best_b
        out_a = make_sample(record, whole_infos[key], bank, config.substitution, lexicon)
        out_b = make_sample(record, snippet_infos[key], bank, config.substitution, lexicon)
        if isinstance(out_a, Rejection):  # the same reason (the best-matching entity may differ)
            same_outcome += isinstance(out_b, Rejection) and out_a.reason == out_b.reason
        else:
            same_outcome += out_a == out_b
    n = len(inputs.records)
    context_chars = sum(len(c) for k, c in inputs.contexts.items() if k in snippet_plan.units)
    snippet_chars = sum(len(t) for t in snippet_plan.texts.values())
    return {
        "questions": n,
        "answer_entity_agreement": round(same_entity / n, 4) if n else None,
        "sample_agreement": round(same_outcome / n, 4) if n else None,
        "snippet_char_share": round(snippet_chars / context_chars, 4) if context_chars else None,
    }


def _child(argv: list[str]) -> None:
    step, payload = argv[0], json.loads(argv[1])
    logging.basicConfig(level="WARNING")
    if step == "ner":
        result = _child_ner(**payload)
    elif step == "build":
        result = _child_build(payload["cli_args"])
    elif step == "agreement":
        result = _child_agreement(payload["cli_args"])
    else:
        raise SystemExit(f"unknown bench step {step}")
    print("BENCH " + json.dumps({**result, **_rusage_mb()}), flush=True)
    sys.stderr.flush()
    os._exit(0)  # as `python -m build` ends (build/__main__.py)


# ---------------------------------------------------------------------------------------------- parent
def _run_step(step: str, payload: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "build.qa.bench", step, json.dumps(payload)],
        cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")},
    )
    seconds = time.perf_counter() - started
    lines = [line for line in done.stdout.splitlines() if line.startswith("BENCH ")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"bench step {step} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    return {"seconds": round(seconds, 2), **json.loads(lines[-1][len("BENCH "):])}


def _build_args(sources: Sequence[str], out: Path, cache: Path, seed: int, args) -> list[str]:
    cli = [a for s in sources for a in ("--source", s)]
    cli += ["--out", str(out), "--cache-dir", str(cache), "--seed", str(seed), "--workers", str(args.workers),
            "--batch-size", str(args.batch_size), "--policy", args.policy, "--no-progress", "--log-level", "WARNING"]
    if args.spacy_model:
        cli += ["--spacy-model", args.spacy_model]
    return cli


def _texts_to_ner(sources: Sequence[str], args) -> tuple[list[str], int, float]:
    """The texts the build sends to NER for `sources`, the number of questions, the mean context length."""
    from ..cli import build_parser, config_from_args
    from ..read.inputs import load_inputs
    from ..ner.plan import plan_ner

    config = config_from_args(build_parser().parse_args(_build_args(sources, Path("unused"), Path("unused"), 0, args)))
    inputs = load_inputs(config)
    plan = plan_ner(config, inputs)
    # the order the build sends them in (cached_or_run: key order of the texts missing from the cache)
    texts = [plan.texts[k] for k in sorted(plan.texts)]
    mean_context = sum(len(c) for c in inputs.contexts.values()) / max(1, len(inputs.contexts))
    return texts, len(inputs.records), mean_context


def projection(ner_chars_per_second: float, post_ner_seconds_per_question: float, squad_context_chars: float,
               trivia_snippet_share: float) -> dict[str, Any]:
    """Projected seconds of the full release from measured throughput: NER over the SQuAD train contexts
    (whole, they feed the bank) and the TriviaQA snippets, plus the per-question post-NER work."""
    full = FULL_RELEASE
    squad_chars = full["squad_train_contexts"] * squad_context_chars
    trivia_chars = full["trivia_qa_questions"] * full["trivia_qa_window_chars"] * trivia_snippet_share
    questions = full["squad_train_questions"] + full["trivia_qa_questions"]
    ner = (squad_chars + trivia_chars) / ner_chars_per_second
    post = questions * post_ner_seconds_per_question
    return {
        "inputs": full,
        "ner_characters": round(squad_chars + trivia_chars),
        "trivia_snippet_share": trivia_snippet_share,
        "ner_seconds": round(ner, 1),
        "post_ner_seconds": round(post, 1),
        "total_minutes": round((ner + post) / 60, 1),
    }


def run_bench(args) -> dict[str, Any]:
    sources = args.source or [DEFAULT_SOURCE]
    double = args.double_source or [DEFAULT_SOURCE, DEFAULT_EXTRA]
    work = Path(tempfile.mkdtemp(prefix="fqa-bench-"))
    try:
        texts, questions, mean_context = _texts_to_ner(sources, args)
        texts_file = work / "ner-texts.json"
        texts_file.write_text(json.dumps(texts), encoding="utf-8")
        log.info("bench: %d questions, %d texts to NER", questions, len(texts))
        ner = _run_step("ner", {"texts_file": str(texts_file), "workers": args.workers,
                                 "batch_size": args.batch_size, "model": args.spacy_model})
        cold = _run_step("build", {"cli_args": _build_args(sources, work / "cold", work / "cache", 42, args)})
        warm = _run_step("build", {"cli_args": _build_args(sources, work / "warm", work / "cache", 7, args)})
        cold_2x = _run_step("build", {"cli_args": _build_args(double, work / "cold2x", work / "cache2x", 42, args)})
        agreement = None
        if not args.no_agreement:
            agreement = _run_step("agreement", {"cli_args": _build_args(sources, work / "unused", work / "cache", 42, args)})
        trivia_share = _trivia_snippet_share(args)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    for step in (ner, cold, warm, cold_2x):
        step.setdefault("questions", questions)
        step["questions_per_second"] = round(step["questions"] / step["seconds"], 1)
    chars = sum(len(t) for t in texts)
    result = {
        "inputs": {"sources": [Path(s.split(":", 1)[-1]).name for s in sources],
                   "double": [Path(s.split(":", 1)[-1]).name for s in double],
                   "questions": questions, "ner_texts": len(texts), "ner_characters": chars,
                   "workers": args.workers, "batch_size": args.batch_size, "policy": args.policy},
        "bare_ner": ner, "cold": cold, "warm": warm, "cold_2x": cold_2x,
        "build_over_ner": round(cold["seconds"] / ner["seconds"], 3),
        "warm_over_cold": round(warm["seconds"] / cold["seconds"], 3),
        "time_2x_over_1x": round(cold_2x["seconds"] / cold["seconds"], 3),
        "rss_2x_over_1x": round(cold_2x["rss_mb"] / cold["rss_mb"], 3),
        "snippet_agreement": agreement,
        "projection_en_core_web_sm": projection(
            ner_chars_per_second=chars / ner["seconds"],
            post_ner_seconds_per_question=warm["seconds"] / questions,
            squad_context_chars=mean_context,
            trivia_snippet_share=trivia_share,
        ),
        "projection_en_core_web_lg": "unmeasured: en_core_web_lg cannot be installed here",
    }
    return result


def _trivia_snippet_share(args) -> float:
    """Share of TriviaQA window characters NER sees as snippets, on the TriviaQA rc sample of ../shared/data
    (1.0, whole windows, where it is absent)."""
    from ..cli import build_parser, config_from_args
    from ..read.inputs import load_inputs
    from ..ner.plan import plan_ner

    sample = SHARED / "triviaqa" / "rc_sample"
    if not sample.exists():
        return 1.0
    logging.getLogger("build.read.records").setLevel(logging.ERROR)  # the sample's known duplicate ids
    config = config_from_args(build_parser().parse_args(
        ["--source", f"trivia_qa:{sample}", "--out", "unused", "--window-chars", "1600"]))
    inputs = load_inputs(config)
    plan = plan_ner(config, inputs)
    windows = sum(len(c) for c in inputs.contexts.values())
    return round(sum(len(t) for t in plan.texts.values()) / windows, 4) if windows else 1.0


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m build bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", action="append", default=[], help=f"input (default {DEFAULT_SOURCE})")
    parser.add_argument("--double-source", action="append", default=[],
                        help="the input of the 2x build (default: SQuAD dev and the SQuAD train slice)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--policy", default="type_shape_v1")
    parser.add_argument("--spacy-model", default=None)
    parser.add_argument("--no-agreement", action="store_true", help="skip the snippet-vs-whole NER agreement step")
    parser.add_argument("--keep", action="store_true", help="keep the temporary build folders")
    args = parser.parse_args(argv)
    logging.basicConfig(level="INFO", format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for spec in (args.source or [DEFAULT_SOURCE]) + (args.double_source or [DEFAULT_SOURCE, DEFAULT_EXTRA]):
        path = spec.split(":", 1)[-1]
        if ":" in spec and not Path(path).exists():
            parser.error(f"input not found: {path} (pass --source / --double-source)")
    print(json.dumps(run_bench(args), sort_keys=True))
    return 0


if __name__ == "__main__":
    _child(sys.argv[1:])
