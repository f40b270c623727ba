"""Ctrl-C during NER: the parent alone reports it, in one line; the forked workers print no traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from .conftest import ROOT, SHARED_DATA, default_sigint


@pytest.mark.slow
@pytest.mark.real_data
@pytest.mark.parametrize("wait", [0.5, 1.5])
def test_ctrl_c_in_the_first_seconds_of_ner_is_one_line(tmp_path, wait):
    squad = SHARED_DATA / "squad_v1.1" / "dev-v1.1.json"
    out = tmp_path / "out"
    command = [sys.executable, "-m", "fqa_build", "--source", f"squad:{squad}", "--out", str(out), "--no-cache"]
    command += ["--workers", "2", "--no-progress"]
    build = subprocess.Popen(
        command, cwd=ROOT, stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=default_sigint
    )
    seen = []
    for line in build.stderr:
        seen.append(line)
        if "contexts cached" in line:  # NER starts now: the workers fork
            time.sleep(wait)
            os.killpg(build.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
            break
    rest = build.stderr.read()
    assert build.wait(timeout=120) == 130, rest[-3000:]
    assert "Traceback" not in rest and "KeyboardInterrupt" not in rest
    assert (
        rest.strip().splitlines()[-1].endswith(f"interrupted: {out} is as it was; run the same command again to resume")
    )
    assert not out.exists()
