"""The small findings of a new user's review (issue 35), one test each: what a command says when it is used
wrongly, interrupted, or given odd input."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from build.cli import main

from .conftest import ROOT


@pytest.mark.parametrize(
    "argv, said",
    [
        (["--bogus"], "python -m build build: error: the following arguments are required: --out"),
        (["evaluate"], "python -m build evaluate: error: the following arguments are required: dataset"),
        (["card", "x", "--nope"], "python -m build: error: unrecognized arguments: --nope"),
    ],
)
def test_a_usage_error_is_one_line(capsys, argv, said):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1
    assert err.startswith(said) and err.rstrip().endswith("--help)")


def test_a_ctrl_c_while_the_libraries_load_is_one_line():
    # a Ctrl-C lands in an import (as in the first second of `python -m build`): simulated by an import that raises
    code = textwrap.dedent("""
        import builtins, runpy, sys
        real = builtins.__import__
        def interrupted(name, *args, **kwargs):
            if name in ("cli", "build.cli"):
                raise KeyboardInterrupt
            return real(name, *args, **kwargs)
        builtins.__import__ = interrupted
        sys.argv = ["build", "--out", "unused"]
        runpy.run_module("build", run_name="__main__", alter_sys=True)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 130
    assert done.stderr == "interrupted: nothing was changed (every output is written whole or not at all)\n"
