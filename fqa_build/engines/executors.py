"""The two executors of the same stages, chosen once from `config.engine`: local (forked worker processes on
this machine) and Ray (`ray_engine.py`). A stage hands its parallel part to the executor it is given: the NER
plan (`ner`) and the swap of all records (`substitute`); the pipeline never asks which executor it has. An
executor is opened with a task for the parent's idle time (`while_idle`: the pipeline's stages' warm-up), which it
runs once while its NER workers are busy."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..config import BuildConfig
from ..ner.plan import NerPlan, run_ner_plan
from ..ner.runner import ModelInfo
from ..types import Entity, QARecord, Rejection, Sample

if TYPE_CHECKING:
    from ..swap.orchestration.substitute import SwapInputs
    from .ray_engine import RaySession


@dataclass(frozen=True)
class LocalExecutor:
    """The stages' parallel parts in `workers` forked processes (the output does not depend on their number)."""

    workers: int
    while_idle: Callable[[], None] | None = None

    def ner(self, config: BuildConfig, plan: NerPlan) -> tuple[dict[str, list[Entity]], ModelInfo]:
        """The plan's entities through the NER cache and spaCy's worker processes; `while_idle` runs in the
        parent once the workers have started (not at all when every text is cached)."""
        return run_ner_plan(config, plan, self.while_idle)

    def substitute(
        self, records: Sequence[QARecord], inputs: SwapInputs, progress: bool
    ) -> Iterable[Sample | Rejection]:
        """Each record's outcome, in record order, produced as it is read (chunks of records in forked workers)."""
        from ..swap.orchestration.substitute import substitute_all

        return substitute_all(records, inputs, self.workers, progress)

    def manifest(self) -> dict[str, Any]:
        """The engine as the manifest records it (without the worker count, which the output does not show)."""
        return {"name": "local"}


@dataclass(frozen=True)
class RayExecutor:
    """The stages' parallel parts on Ray Data, in the session the executor was opened with."""

    session: RaySession
    while_idle: Callable[[], None] | None = None

    def ner(self, config: BuildConfig, plan: NerPlan) -> tuple[dict[str, list[Entity]], ModelInfo]:
        """The plan's entities through the shared NER cache and a pool of NER actors; `while_idle` runs after
        them (the driver waits on Ray meanwhile)."""
        from .ray_engine import run_ner_plan_ray

        result = run_ner_plan_ray(config, plan, self.session)
        if self.while_idle is not None:
            self.while_idle()
        return result

    def substitute(
        self, records: Sequence[QARecord], inputs: SwapInputs, progress: bool
    ) -> Iterable[Sample | Rejection]:
        """Each record's outcome, in record order (chunks of records in a pool of swap actors)."""
        from .ray_engine import substitute_all_ray

        return substitute_all_ray(records, inputs, self.session, progress)

    def manifest(self) -> dict[str, Any]:
        """The engine as the manifest records it: Ray's version, address and worker count."""
        return self.session.manifest()


Executor = LocalExecutor | RayExecutor


@contextlib.contextmanager
def open_executor(config: BuildConfig, while_idle: Callable[[], None] | None = None) -> Iterator[Executor]:
    """The executor `config.engine` names, open for the build, with `while_idle` for the parent's idle time: for
    Ray a session on the cluster (a local Ray instance is stopped after the build)."""
    if config.engine.name == "ray":
        from .ray_engine import ray_session

        with ray_session(config) as session:
            yield RayExecutor(session, while_idle)
    else:
        yield LocalExecutor(config.workers, while_idle)
