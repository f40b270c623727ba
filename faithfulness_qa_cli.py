"""The `faithfulness-qa` command: the same commands as `python -m build`, under a name no other tool uses.

`python -m build` finds this project's `build` package only when run from the checkout, and finds the packaging
tool of the same name (PyPA `build`) first where that is installed. The command `pip install -r requirements.txt`
installs (`-e .`) runs from anywhere: it puts the checkout this file lives in ahead of every other `build` on the
path of its own process only.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent


def main(argv: Sequence[str] | None = None) -> int:
    """Run a `python -m build` command line under the name `faithfulness-qa`; returns the exit code."""
    if str(CHECKOUT) not in sys.path[:1]:
        sys.path.insert(0, str(CHECKOUT))
    stale = sys.modules.get("build")
    if stale is not None and not str(getattr(stale, "__file__", "")).startswith(str(CHECKOUT)):
        for name in [n for n in sys.modules if n == "build" or n.startswith("build.")]:
            del sys.modules[name]  # PyPA's `build`, imported before: this checkout's package replaces it here
    try:
        from build.cli import main as run

        return run(argv, prog="faithfulness-qa")
    except KeyboardInterrupt:  # while the libraries load, or a command that leaves it to the caller
        from build import INTERRUPTED

        sys.stderr.write(INTERRUPTED)
        return 130


if __name__ == "__main__":
    sys.exit(main())
