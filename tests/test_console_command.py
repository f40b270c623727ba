"""The `faithfulness-qa` command: the commands of `python -m fqa_build` under the project's name, installed by
`pip install -r requirements.txt` with the package, with `--version`; the package's name is no other tool's."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import faithfulness_qa as fqa
from fqa_build.__main__ import main as fqa_main
from fqa_build.cli import main
from fqa_build.config import DEFAULT_POLICY
from fqa_build.version import version_text

ROOT = Path(__file__).resolve().parents[1]


def test_version_names_the_project_the_default_policy_and_python(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out == version_text() + "\n"
    assert out.startswith(f"faithfulness-qa {fqa.VERSION} (default policy {DEFAULT_POLICY}; Python 3.")


def test_the_command_runs_the_same_commands_under_its_own_name(capsys):
    with pytest.raises(SystemExit):
        fqa_main(["--help"])
    assert capsys.readouterr().out.startswith("usage: faithfulness-qa [-h] [-V] COMMAND ...")


def test_pyproject_installs_the_command_the_package_and_the_configs_module():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["version"] == fqa.VERSION
    assert project["project"]["scripts"] == {"faithfulness-qa": "fqa_build.__main__:main"}
    assert project["tool"]["setuptools"]["py-modules"] == ["faithfulness_qa"]
    assert project["tool"]["setuptools"]["packages"]["find"]["include"] == ["fqa_build*"]
    assert any(line.split("#")[0].strip() == "-e ." for line in (ROOT / "requirements.txt").read_text().splitlines())


def test_runtime_and_development_requirements_are_apart():
    runtime = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    dev = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    for tool in ("pytest", "hypothesis", "ruff"):
        assert tool not in runtime and f"\n{tool}>=" in dev
    assert "-r requirements.txt" in dev.splitlines()


@pytest.mark.slow
def test_the_installed_command_works_outside_the_checkout(tmp_path):
    # installed by `pip install -r requirements.txt` beside this interpreter; run from a folder that is not the
    # checkout, as `python -m fqa_build` is
    command = Path(sys.executable).parent / "faithfulness-qa"
    found = command if command.exists() else None
    if found is None:
        import shutil

        found = shutil.which("faithfulness-qa")
    assert found, "faithfulness-qa is not installed: run `pip install -r requirements.txt` in the checkout"
    done = subprocess.run([str(found), "--version"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith(f"faithfulness-qa {fqa.VERSION} ")
    outside = subprocess.run(
        [sys.executable, "-m", "fqa_build", "--version"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert outside.returncode == 0 and outside.stdout == done.stdout


def test_import_build_is_not_this_project():
    # the package has a name of its own: `import build` from the checkout finds PyPA's packaging tool or nothing
    code = "import build; print(build.__file__)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.startswith(str(ROOT)) or "No module named 'build'" in done.stderr
    assert not (ROOT / "build").exists()


@pytest.mark.slow
def test_import_faithfulness_qa_works_outside_the_checkout(tmp_path):
    # as docs/output.md shows it: installed by `pip install -r requirements.txt`, importable from any folder
    code = "import faithfulness_qa as fqa; print(fqa.VERSION, len(fqa.CONFIGS), fqa.FaithfulnessQA.__name__)"
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [fqa.VERSION, str(len(fqa.CONFIGS)), "FaithfulnessQA"]
