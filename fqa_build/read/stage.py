"""The read stage as a value: prepared from the config, its run reads every source into `Inputs`."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, ClassVar

from fqa_build.config import BuildConfig
from fqa_build.read.inputs import Inputs, load_inputs
from fqa_build.stage import Done

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReadStage:
    """Read the sources, the held-out sets and the bank-only sources of `config`."""

    name: ClassVar[str] = "read"
    config: BuildConfig

    def warm_up(self) -> None:
        """Nothing to load: reading runs first."""

    def run(self, done: Done, executor: Any) -> Inputs:
        """Every usable question, each unique context once; input errors raise here, before anything is written."""
        inputs = load_inputs(self.config)
        log.info("read %d usable questions from %d input(s)", len(inputs.records), len(inputs.loaded.inputs))
        return inputs
