"""The build's stages on Ray Data (`--engine ray`), for builds one machine cannot do: the same stage functions
as the local engine, scheduled by Ray.

- NER: `map_batches` over an actor pool (`ActorPoolStrategy`) whose actors load the spaCy pipeline once
  (`load_ner_pipeline`) and run `run_ner` on the unique texts of the same NER plan; each finished batch is
  written at once to the shared NER cache (`fqa_build/ner/shared_cache.py`), so a killed worker or build loses
  only its batch in flight (Ray restarts the actor and retries the batch).
- The entity bank: built once by the bank stage on the driver and handed to every substitution worker as one
  Ray object (with the records and everything else a swap reads).
- Substitution: `map_batches` over chunks of records, each chunk through `substitute_chunk`, draws seeded by
  the stable hash as locally.
- Split and writing: on the driver, from the outcomes in record order, so the shards, stats and card equal
  the local engine's byte for byte.

Ray is optional (`requirements-ray.txt`) and imported only here.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import pickle
import socket
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from ..config import BuildConfig
from ..ner.plan import NerPlan
from ..ner.runner import ModelInfo, choose_model, load_ner_pipeline, model_info, run_ner
from ..ner.shared_cache import SharedNerCache
from ..swap.orchestration.substitute import SwapInputs, substitute_chunk
from ..types import Entity, QARecord, Rejection, Sample
from . import EngineError

log = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
INSTALL_HINT = "pip install -r requirements-ray.txt"
#: texts per NER task: big enough to amortise a task, small enough that a lost task costs little
NER_TASK_TEXTS = 256
#: seconds the head of a cluster has to accept a connection
ADDRESS_TIMEOUT = 10.0
#: records per substitution task
SWAP_TASK_RECORDS = 500
#: fault-injection tests: a folder where each NER actor writes a file named by its process id
PID_DIR_ENV = "FQA_RAY_PID_DIR"
#: what an existing cluster's workers are not sent with the code (`runtime_env` working_dir)
_EXCLUDES = [".git", ".venv*", "**/__pycache__", "out*", ".pytest_cache", ".hypothesis"]


def import_ray() -> Any:
    """The `ray` module, or an EngineError saying how to install it."""
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError:
        raise EngineError(f"--engine ray needs Ray (ray[data]), which is not installed: {INSTALL_HINT}") from None
    return ray


@dataclass(frozen=True)
class RaySession:
    """The Ray the build runs on: its version, where it is, and the worker processes per stage."""

    ray_version: str
    address: str
    workers: int

    def manifest(self) -> dict[str, Any]:
        return {"name": "ray", "ray_version": self.ray_version, "address": self.address, "workers": self.workers}


def check_address(address: str, timeout: float = ADDRESS_TIMEOUT) -> None:
    """An EngineError unless the cluster's head at `host:port` accepts a connection within `timeout` seconds:
    `ray.init` retries an unreachable address for many minutes. `auto` and `ray://` addresses are left to Ray
    (the Ray Client fails fast by itself)."""
    if address == "auto" or "://" in address:
        return
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise EngineError(f"--ray-address {address!r}: expected HOST:PORT, ray://HOST:PORT or auto")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout):
            pass
    except OSError as error:
        raise EngineError(f"cannot start or reach Ray ({address}): nothing answers there ({error})") from None


def check_shared_cache(config: BuildConfig) -> None:
    """An EngineError naming the URI unless the shared NER cache can be written (see shared_cache_uri)."""
    import pyarrow as pa

    uri = shared_cache_uri(config)
    if uri is None:
        return
    try:
        SharedNerCache(uri).check_writable()
    except (pa.ArrowException, OSError, ValueError) as error:
        raise EngineError(f"--ner-cache-uri {uri!r}: the NER cache cannot be written there ({error})") from None


@contextlib.contextmanager
def ray_session(config: BuildConfig) -> Iterator[RaySession]:
    """Connect to the cluster at `config.engine.ray_address`, or start a local Ray instance (and stop it after
    the build). Ray's progress bars and INFO logs are off unless `ray_progress`. The address and the shared NER
    cache are checked first."""
    ray = import_ray()
    engine = config.engine
    check_shared_cache(config)
    started = False
    if not ray.is_initialized():
        quiet = logging.INFO if engine.ray_progress else logging.WARNING
        if engine.ray_address:
            check_address(engine.ray_address)
        try:
            if engine.ray_address:
                runtime = {"working_dir": str(PROJECT_ROOT), "excludes": _EXCLUDES}
                ray.init(address=engine.ray_address, runtime_env=runtime, logging_level=quiet)
            else:
                path = os.pathsep.join(p for p in (str(PROJECT_ROOT), os.environ.get("PYTHONPATH", "")) if p)
                ray.init(
                    # a new instance of the build's own, even where RAY_ADDRESS or a `ray start` cluster is about
                    address="local",
                    num_cpus=engine.ray_num_cpus or config.workers,
                    include_dashboard=False,
                    logging_level=quiet,
                    runtime_env={"env_vars": {"PYTHONPATH": path}},
                )
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise EngineError(f"cannot start or reach Ray ({engine.ray_address or 'local'}): {error}") from None
        started = True
    context = ray.data.DataContext.get_current()
    context.enable_progress_bars = engine.ray_progress
    if not engine.ray_progress:
        for name in ("ray", "ray.data"):
            logging.getLogger(name).setLevel(logging.WARNING)
        # its one warning says the bars are off, which is what was asked
        logging.getLogger("ray.data._internal.progress").setLevel(logging.ERROR)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        session = RaySession(ray.__version__, engine.ray_address or "local", max(1, cpus))
        log.info("Ray %s (%s): %d worker processes per stage", session.ray_version, session.address, session.workers)
        yield session
    finally:
        if started:
            ray.shutdown()


def shared_cache_uri(config: BuildConfig) -> str | None:
    """Where the Ray workers' NER cache lives: `--ner-cache-uri`, else `<cache-dir>/ner-shared`, else none."""
    if config.engine.cache_uri:
        return config.engine.cache_uri
    return str(config.cache_dir / "ner-shared") if config.cache_dir is not None else None


class NerActor:
    """One NER worker: the pipeline loaded once; each batch's entities returned and stored in the shared cache."""

    def __init__(self, model_name: str, model_key: str, cache_uri: str | None, batch_size: int) -> None:
        self.nlp = load_ner_pipeline(model_name)
        own_key = model_info(self.nlp, model_name).cache_key
        if own_key != model_key:
            # another version of the model on this node would store other entities under the driver's key
            raise EngineError(f"this Ray node's spaCy model is {own_key}, the driver's {model_key}: install the same")
        self.model_key = model_key
        self.cache = SharedNerCache(cache_uri) if cache_uri else None
        self.batch_size = batch_size
        pid_dir = os.environ.get(PID_DIR_ENV)
        if pid_dir:
            Path(pid_dir, str(os.getpid())).touch()

    def __call__(self, batch: dict[str, Any]) -> dict[str, list]:
        keys = [str(k) for k in batch["key"]]
        texts = [str(t) for t in batch["text"]]
        entities = list(run_ner(self.nlp, texts, 1, self.batch_size, progress=False))
        if self.cache is not None:
            self.cache.put_many(self.model_key, zip(keys, entities, strict=True))
        return {"key": keys, "entities": [json.dumps(e, separators=(",", ":")) for e in entities]}


def run_ner_plan_ray(
    config: BuildConfig, plan: NerPlan, session: RaySession
) -> tuple[dict[str, list[Entity]], ModelInfo]:
    """Entities for every text of the plan: from the shared cache, the rest by the NER actor pool."""
    ray = import_ray()
    model_name = choose_model(config.spacy_model)
    info = model_info(load_ner_pipeline(model_name), model_name)
    uri = shared_cache_uri(config)
    cache = SharedNerCache(uri) if uri else None
    keys = sorted(plan.texts)
    found = cache.get_many(info.cache_key, keys) if cache else {}
    missing = [key for key in keys if key not in found]
    log.info("shared NER cache %s: %d of %d texts cached, %d to process", uri, len(found), len(keys), len(missing))
    if not missing:
        return found, info
    dataset = ray.data.from_items([{"key": key, "text": plan.texts[key]} for key in missing])
    results = dataset.map_batches(
        NerActor,
        fn_constructor_kwargs={
            "model_name": model_name,
            "model_key": info.cache_key,
            "cache_uri": uri,
            "batch_size": config.batch_size,
        },
        compute=ray.data.ActorPoolStrategy(size=session.workers),
        batch_size=NER_TASK_TEXTS,
        num_cpus=1,
    )
    bar = tqdm(total=len(missing), desc="NER (ray)", unit="text", disable=not config.progress)
    for batch in results.iter_batches(batch_size=None, batch_format="numpy"):
        for key, payload in zip(batch["key"], batch["entities"], strict=True):
            found[str(key)] = [(int(s), int(e), str(label)) for s, e, label in json.loads(str(payload))]
        bar.update(len(batch["key"]))
    bar.close()
    return found, info


class SwapActor:
    """One substitution worker: the records and the swap inputs (bank, entities, mentions, config) received
    once as Ray objects; each task is a chunk of records, by its start."""

    def __init__(self, records_ref: Any, inputs_ref: Any) -> None:
        ray = import_ray()
        self.records: Sequence[QARecord] = ray.get(records_ref)
        self.inputs: SwapInputs = ray.get(inputs_ref)

    def __call__(self, batch: dict[str, Any]) -> dict[str, list]:
        starts = [int(s) for s in batch["start"]]
        outcomes = [
            pickle.dumps(substitute_chunk(self.inputs, self.records[s : s + SWAP_TASK_RECORDS])) for s in starts
        ]
        return {"start": starts, "outcomes": outcomes}


def substitute_all_ray(
    records: Sequence[QARecord], inputs: SwapInputs, session: RaySession, progress: bool
) -> list[Sample | Rejection]:
    """Each record's outcome, in record order (chunks come back in any order and are put back in place)."""
    ray = import_ray()
    starts = list(range(0, len(records), SWAP_TASK_RECORDS))
    if not starts:
        return []
    inputs.note_repeats(records)
    records_ref, inputs_ref = ray.put(list(records)), ray.put(inputs)
    results = ray.data.from_items([{"start": s} for s in starts]).map_batches(
        SwapActor,
        fn_constructor_args=(records_ref, inputs_ref),
        compute=ray.data.ActorPoolStrategy(size=min(session.workers, len(starts))),
        batch_size=1,
        num_cpus=1,
    )
    chunks: dict[int, list[Sample | Rejection]] = {}
    bar = tqdm(total=len(records), desc="substitute (ray)", unit="q", disable=not progress)
    for batch in results.iter_batches(batch_size=None, batch_format="numpy"):
        for start, payload in zip(batch["start"], batch["outcomes"], strict=True):
            chunks[int(start)] = pickle.loads(payload)
            bar.update(len(chunks[int(start)]))
    bar.close()
    return [outcome for start in starts for outcome in chunks[start]]
