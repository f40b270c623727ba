"""What every stage of the build is: one interface, as datatrove's pipeline steps share one `run`.

A stage has a `name` (its result is filed under it), loads what it reads up front in `warm_up` (the executor runs
the stages' warm-up in the parent's idle time, while the NER workers are busy), and `run`s on what the stages
before it produced (`done`, by stage name) with the build's executor, returning its own result. The pipeline
runs the stages in order and knows nothing else of them; a stage reads the results it needs by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

#: the results of the stages that ran, by stage name
Done = Mapping[str, Any]


class BuildStage(Protocol):
    """One stage of the build (not the rules' `Stage`, which is where in one swap a rule runs)."""

    name: ClassVar[str]

    def warm_up(self) -> None:
        """Load what the stage reads (idempotent), before its inputs are ready."""

    def run(self, done: Done, executor: Any) -> Any:
        """The stage's result, from the results of the stages before it (`done`) on `executor`."""
