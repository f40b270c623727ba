"""The read stage as a value: prepared from the config, its run reads every source into `Inputs`."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ..config import BuildConfig
from .inputs import Inputs, load_inputs

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReadStage:
    """Read the sources, the held-out sets and the bank-only sources of `config`."""

    config: BuildConfig

    @classmethod
    def prepare(cls, config: BuildConfig) -> ReadStage:
        """The stage for `config` (the sources, windows and held-out sets it names)."""
        return cls(config)

    def run(self) -> Inputs:
        """Every usable question, each unique context once; input errors raise here, before anything is written."""
        inputs = load_inputs(self.config)
        log.info("read %d usable questions from %d input(s)", len(inputs.records), len(inputs.loaded.inputs))
        return inputs
