"""The small findings of a new user's review (issue 35), one test each: what a command says when it is used
wrongly, interrupted, or given odd input."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from fqa_build.cli import main

from .conftest import ROOT


@pytest.mark.parametrize(
    "argv, said",
    [
        (["--bogus"], "python -m fqa_build build: error: the following arguments are required: --out"),
        (["evaluate"], "python -m fqa_build evaluate: error: the following arguments are required: dataset"),
        (["card", "x", "--nope"], "python -m fqa_build: error: unrecognized arguments: --nope"),
    ],
)
def test_a_usage_error_is_one_line(capsys, argv, said):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1
    assert err.startswith(said) and err.rstrip().endswith("--help)")


def test_a_ctrl_c_while_the_libraries_load_is_one_line():
    # a Ctrl-C lands in an import (as in the first second of `python -m fqa_build`): simulated by an import that raises
    code = textwrap.dedent("""
        import builtins, runpy, sys
        real = builtins.__import__
        def interrupted(name, *args, **kwargs):
            if name in ("cli", "fqa_build.cli"):
                raise KeyboardInterrupt
            return real(name, *args, **kwargs)
        builtins.__import__ = interrupted
        sys.argv = ["build", "--out", "unused"]
        runpy.run_module("fqa_build", run_name="__main__", alter_sys=True)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 130
    assert done.stderr == "interrupted: nothing was changed (every output is written whole or not at all)\n"


def test_entity_types_help_counts_the_labels_rows_carry(capsys):
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "the reference work's 8: PERSON GPE ORG DATE CARDINAL NORP LOC EVENT;" in text
    assert "MONEY PERCENT QUANTITY ORDINAL TIME, so rows carry up to 13)" in text
    from fqa_build.labels import DEFAULT_ENTITY_TYPES
    from fqa_build.swap.components.made_values import VALUE_TYPES

    assert len(DEFAULT_ENTITY_TYPES) == 8 and len(set(DEFAULT_ENTITY_TYPES) | VALUE_TYPES) == 13


def test_an_empty_file_is_called_empty(tmp_path):
    from fqa_build.read.skips import SourceError
    from fqa_build.read.sources import load_sources

    empty = tmp_path / "dev.json"
    empty.write_text("  \n", encoding="utf-8")
    with pytest.raises(SourceError) as error:
        load_sources([f"squad:{empty}"], 1600)
    assert str(error.value) == f"{empty}: the file is empty (expected JSON)"


@pytest.mark.parametrize("spec", ["data/dev.json", "dev-v1.1.json", "../shared/x.jsonl.gz"])
def test_a_bare_path_is_told_to_name_its_format(spec):
    from fqa_build.read.skips import SourceError
    from fqa_build.read.sources import SourceSpec

    with pytest.raises(SourceError) as error:
        SourceSpec.parse(spec)
    assert str(error.value) == (
        f"--source {spec!r}: a path needs its format before it: squad:{spec} (or trivia_qa:, nq:, mrqa:)"
    )


def test_a_squad_file_without_questions_is_refused_before_ner_naming_the_file(tmp_path):
    from .conftest import run_build_cli

    empty = tmp_path / "empty.json"
    empty.write_text('{"data": [], "version": "1.1"}', encoding="utf-8")
    done = run_build_cli("--source", f"squad:{empty}", "--out", str(tmp_path / "o"), "--no-cache", check=False)
    assert done.returncode == 2 and "NER" not in done.stderr and "entity bank" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"python -m fqa_build build: error: --source 'squad:{empty}': {empty}: "
        "it holds no question; nothing to build from"
    )


def test_every_refusal_takes_one_style(capsys, tmp_path):
    """evaluate, validate and audit print it; build, card and push log it through the same formatter."""
    import logging

    from fqa_build.cli import build_parser
    from fqa_build.cli_options import CommandFormatter

    assert main(["validate", str(tmp_path / "nope")]) == 2
    assert capsys.readouterr().err.startswith("python -m fqa_build validate: error: ")
    record = logging.LogRecord("fqa_build", logging.ERROR, __file__, 1, "%s: not a build folder", ("x",), None)
    said = CommandFormatter("python -m fqa_build card").format(record)
    assert said == "python -m fqa_build card: error: x: not a build folder"
    info = logging.LogRecord("fqa_build.ner", logging.INFO, __file__, 1, "NER cache: all cached", (), None)
    assert (
        CommandFormatter("python -m fqa_build build")
        .format(info)
        .endswith(" INFO fqa_build.ner: NER cache: all cached")
    )
    assert build_parser().prog == "python -m fqa_build"


def test_validate_of_a_folder_that_is_not_a_build_exits_2_as_audit_and_card_do(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m fqa_build validate: error: {tmp_path}: "
        "not a build folder (no build_manifest.json); nothing to validate"
    )
    assert main(["audit", str(tmp_path)]) == 2
    assert main(["card", str(tmp_path)]) == 2


def test_audit_half_is_in_the_sheet_and_its_file_name(sample_build, tmp_path, capsys):
    import shutil

    out = tmp_path / "out"
    shutil.copytree(sample_build.out, out)
    assert main(["audit", str(out), "--sample", "3", "--seed", "7", "--half", "held-out"]) == 0
    sheet = tmp_path / "out-audit-seed7-held-out.md"
    assert sheet.read_text(encoding="utf-8").startswith("# Audit sheet: 3 records, seed 7, held-out half\n")
    assert main(["audit", str(out), "--sample", "3", "--seed", "7"]) == 0
    assert (
        (tmp_path / "out-audit-seed7.md").read_text(encoding="utf-8").startswith("# Audit sheet: 3 records, seed 7\n")
    )
