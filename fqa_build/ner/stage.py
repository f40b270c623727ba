"""The NER stage as a value: it plans what NER must see, runs the texts no cache holds in chunks through the
executor's map (forked workers or Ray actors: the stage's only parallel part), then maps the entities back onto
each context."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from fqa_build.config import BuildConfig
from fqa_build.ner.plan import NerPlan, plan_ner, run_ner_plan
from fqa_build.ner.runner import ModelInfo
from fqa_build.read.inputs import Inputs
from fqa_build.stage import Done
from fqa_build.types import Entity

if TYPE_CHECKING:
    from fqa_build.stage import StageExecutor

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class NerResult:
    """The plan NER ran, the model that ran it, and each context's entities (context key -> entities)."""

    plan: NerPlan
    info: ModelInfo
    entities: dict[str, list[Entity]]

    def model(self) -> dict[str, Any]:
        """The model as the manifest and the stats record it."""
        info = self.info
        return {
            "name": info.name,
            "version": info.version,
            "spacy_version": info.spacy_version,
            "components": list(info.components),
        }


@dataclass(frozen=True)
class NerStage:
    """Find the entities of every context the build needs (whole contexts for the bank, snippets elsewhere)."""

    name: ClassVar[str] = "ner"
    config: BuildConfig

    def warm_up(self) -> None:
        """Nothing to load up front: the executor loads the model where NER runs."""

    def run(self, done: Done, executor: StageExecutor) -> NerResult:
        """Each context's entities (of the read stage's `Inputs`)."""
        inputs: Inputs = done["read"]
        plan = plan_ner(self.config, inputs)
        log.info(
            "%d unique contexts for %d questions; %d feed the entity bank; %d texts to NER (%d characters)",
            len({inputs.key_of[r.id] for r in inputs.records}),
            len(inputs.records),
            len(plan.bank_contexts),
            len(plan.texts),
            sum(len(t) for t in plan.texts.values()),
        )
        found, info = run_ner_plan(self.config, plan, executor)
        return NerResult(plan, info, {key: plan.entities(key, found) for key in inputs.contexts})
