"""The build's parallel parts on Ray Data (`--engine ray`), for builds one machine cannot do: the executor's map
(fqa_build/engines/executors.py `RayExecutor`) over a pool of actors, the same stage functions as locally.

- A map: `map_batches` over the stage's chunks with an actor pool (`ActorPoolStrategy`); each actor makes its
  state once from the stage's `setup` (put in the object store once: the NER pipeline, loaded and checked against
  the driver's model; the swap's bank, entities and config) and runs each chunk through the stage's `run`; the
  results come back to the driver in chunk order.
- NER: the NER stage writes each finished batch of texts to the shared NER cache (`fqa_build/ner/shared_cache.py`)
  as the results arrive, so a killed worker or build loses little (Ray restarts the actor and retries its chunk).
- Split and writing: on the driver, from the outcomes in record order, so the shards, stats and card equal
  the local engine's byte for byte.

Ray is optional (`requirements-ray.txt`) and imported only here.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import socket
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fqa_build.config import BuildConfig
from fqa_build.engines import EngineError
from fqa_build.ner.shared_cache import SharedNerCache, shared_cache_uri

log = logging.getLogger(__name__)

PROJECT_ROOT = Path(__file__).resolve().parents[2]
INSTALL_HINT = "pip install -r requirements-ray.txt"
#: seconds the head of a cluster has to accept a connection
ADDRESS_TIMEOUT = 10.0
#: fault-injection tests: a folder where each actor of a map (NER's too) writes a file named by its process id
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


class MapActor:
    """One Ray worker of a map: its state made once from the stage's `setup` (from the object store), then each
    task one chunk through the stage's `run`."""

    def __init__(self, setup_ref: Any, run: Callable[[Any, Any], Any]) -> None:
        ray = import_ray()
        pid_dir = os.environ.get(PID_DIR_ENV)
        if pid_dir:
            Path(pid_dir, str(os.getpid())).touch()
        self.state = ray.get(setup_ref)()
        self.run = run

    def __call__(self, batch: dict[str, Any]) -> dict[str, list]:
        indices = [int(i) for i in batch["index"]]
        results = [pickle.dumps(self.run(self.state, pickle.loads(chunk))) for chunk in batch["chunk"]]
        return {"index": indices, "result": results}


def ray_map(
    setup: Callable[[], Any], run: Callable[[Any, Any], Any], chunks: Sequence[Any], session: RaySession
) -> Iterator[Any]:
    """`run(state, chunk)` for each chunk on a pool of `MapActor`s, each chunk's result in chunk order (chunks come
    back in any order; each is yielded once those before it are)."""
    if not chunks:
        return
    ray = import_ray()
    setup_ref = ray.put(setup)
    results = ray.data.from_items([{"index": i, "chunk": pickle.dumps(c)} for i, c in enumerate(chunks)]).map_batches(
        MapActor,
        fn_constructor_args=(setup_ref, run),
        compute=ray.data.ActorPoolStrategy(size=min(session.workers, len(chunks))),
        batch_size=1,
        num_cpus=1,
    )
    waiting: dict[int, Any] = {}
    following = 0
    for batch in results.iter_batches(batch_size=None, batch_format="numpy"):
        for index, payload in zip(batch["index"], batch["result"], strict=True):
            waiting[int(index)] = pickle.loads(payload)
        while following in waiting:
            yield waiting.pop(following)
            following += 1
    if following != len(chunks):
        raise EngineError(f"Ray returned {following} of {len(chunks)} chunks of work (the others were lost)")
