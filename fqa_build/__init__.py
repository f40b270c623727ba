"""The offline build of the Faithfulness-QA dataset (`python -m fqa_build --help`).

`BuildConfig`, `BuildResult` and `run_build` are imported on first use, so `python -m fqa_build` starts (and a
Ctrl-C in its first second is caught: fqa_build/__main__.py) before the pipeline's libraries load."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fqa_build.config import BuildConfig
    from fqa_build.pipeline import BuildResult, run_build

__all__ = ["INTERRUPTED", "BuildConfig", "BuildResult", "run_build"]

#: what a Ctrl-C outside a build's own handling prints (the libraries still loading, or another command)
INTERRUPTED = "interrupted: nothing was changed (every output is written whole or not at all)\n"


def __getattr__(name: str) -> Any:
    if name == "BuildConfig":
        from fqa_build.config import BuildConfig

        return BuildConfig
    if name in ("BuildResult", "run_build"):
        from fqa_build import pipeline

        return getattr(pipeline, name)
    raise AttributeError(f"module 'fqa_build' has no attribute {name!r}")
