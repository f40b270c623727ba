"""`python -m fqa_build bench --engine ray`: what Ray costs against the local engine, and how both scale from 1 to 2
CPUs, measured in one run (each step a child process, as in fqa_build/bench/bench.py); and what a Wikipedia-scale
bank corpus would take on N nodes, projected from the measured per-core NER throughput and Ray's measured
scaling efficiency. Never asserted in tests: timings belong to the machine.
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
from pathlib import Path
from typing import Any

from fqa_build.bench.bench import BenchOptions, _run_step, _texts_to_ner

log = logging.getLogger(__name__)

#: English Wikipedia, for the projection: about 4.5 billion words of article text (6.9 million articles)
WIKIPEDIA_WORDS = 4_500_000_000
#: nodes of the projection, each with this many cores
PROJECTED_NODES = (1, 10, 100)
CORES_PER_NODE = 32


def _build(
    options: BenchOptions,
    work: Path,
    name: str,
    engine: dict[str, Any] | None,
    cpus: int,
    cache: str = "",
    seed: int = 42,
) -> dict:
    """One build step into `work/name`, with its own cache (or the cache of the step named `cache`)."""
    payload = options.step(options.sources, work / name, work / f"cache-{cache or name}", seed)
    payload["workers"] = cpus
    if engine is not None:
        payload["engine"] = engine
    return _run_step("build", payload)


def run_ray_bench(options: BenchOptions) -> dict[str, Any]:
    """Cold builds on the local engine and on Ray with 1 and 2 CPUs (fresh caches each), a warm Ray build (its
    shared cache full: Ray's fixed cost), bare NER with 1 and 2 processes, and the projection."""
    work = Path(tempfile.mkdtemp(prefix="fqa-bench-ray-"))
    try:
        texts, questions, _ = _texts_to_ner(options.sources, options)
        texts_file = work / "ner-texts.json"
        texts_file.write_text(json.dumps(texts), encoding="utf-8")
        ner = {
            cpus: _run_step(
                "ner",
                {
                    "texts_file": str(texts_file),
                    "workers": cpus,
                    "batch_size": options.batch_size,
                    "model": options.spacy_model,
                },
            )  # fmt: skip
            for cpus in (1, 2)
        }
        local = {cpus: _build(options, work, f"local{cpus}", None, cpus) for cpus in (1, 2)}
        on_ray = {cpus: {"name": "ray", "ray_num_cpus": cpus} for cpus in (1, 2)}
        ray = {cpus: _build(options, work, f"ray{cpus}", on_ray[cpus], cpus) for cpus in (1, 2)}
        # the shared cache full: what Ray costs besides NER (start, model loads, shipping)
        ray_warm = {
            cpus: _build(options, work, f"ray-warm{cpus}", on_ray[cpus], cpus, cache=f"ray{cpus}", seed=7)
            for cpus in (1, 2)
        }
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    chars = sum(len(t) for t in texts)
    words = sum(len(t.split()) for t in texts)
    words_per_core_second = words / ner[1]["seconds"]
    # the scaling of the work that grows with the corpus (a cold build less a warm one), per added CPU
    variable = {c: max(0.01, ray[c]["seconds"] - ray_warm[c]["seconds"]) for c in (1, 2)}
    efficiency = variable[1] / variable[2] / 2
    core_hours = WIKIPEDIA_WORDS / words_per_core_second / 3600
    return {
        "inputs": {
            "sources": [Path(s.split(":", 1)[-1]).name for s in options.sources],
            "questions": questions,
            "ner_texts": len(texts),
            "ner_characters": chars,
            "ner_words": words,
            "policy": options.policy,
        },
        "bare_ner": {str(c): {"seconds": ner[c]["seconds"]} for c in ner},
        "local": {str(c): {"seconds": local[c]["seconds"], "rss_mb": local[c]["rss_mb"]} for c in local},
        # the driver's RSS only: Ray's workers are the raylet's children, not the build's
        "ray": {str(c): {"seconds": ray[c]["seconds"], "driver_rss_mb": ray[c]["rss_mb"]} for c in ray},
        "ray_warm": {str(c): {"seconds": ray_warm[c]["seconds"]} for c in ray_warm},
        "ray_over_local_2cpu": round(ray[2]["seconds"] / local[2]["seconds"], 3),
        "ray_overhead_seconds_2cpu": round(ray[2]["seconds"] - local[2]["seconds"], 1),
        "speedup_2_over_1": {
            "bare_ner": round(ner[1]["seconds"] / ner[2]["seconds"], 3),
            "local": round(local[1]["seconds"] / local[2]["seconds"], 3),
            "ray": round(ray[1]["seconds"] / ray[2]["seconds"], 3),
        },
        "ner_words_per_core_second": round(words_per_core_second),
        "projection_wikipedia_bank": {
            "words": WIKIPEDIA_WORDS,
            "core_hours": round(core_hours, 1),
            "ray_scaling_efficiency": round(efficiency, 3),
            "hours_on_nodes": {
                f"{n}x{CORES_PER_NODE}": round(core_hours / (n * CORES_PER_NODE * min(1.0, efficiency)), 2)
                for n in PROJECTED_NODES
            },
        },
    }
