"""The offline build of the Faithfulness-QA dataset (`python -m build --help`)."""

from .config import BuildConfig
from .pipeline import BuildResult, run_build

__all__ = ["BuildConfig", "BuildResult", "run_build"]
