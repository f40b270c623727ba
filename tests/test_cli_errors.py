"""Usage errors of the commands: one line naming what is wrong, exit 2, nothing written, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

from fqa_build.cli import main

from .conftest import ROOT, run_build_cli


def _usage_error(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_a_mistyped_command_is_named_with_the_closest_command(capsys):
    line = _usage_error(capsys, ["valdiate", "out"])
    assert line == (
        "python -m fqa_build: error: unknown command 'valdiate' (did you mean 'validate'?); "
        "the commands are build, policy, card, push, audit, bench, evaluate, validate (see python -m fqa_build --help)"
    )
    assert "did you mean" not in _usage_error(capsys, ["frobnicate"])


def test_audit_of_a_missing_folder_or_a_plain_file_is_refused(capsys, tmp_path):
    assert _usage_error(capsys, ["audit", str(tmp_path / "nope")]).endswith(
        f"{tmp_path / 'nope'}: no such build folder (see python -m fqa_build audit --help)"
    )
    plain = tmp_path / "file.txt"
    plain.write_text("x", encoding="utf-8")
    line = _usage_error(capsys, ["audit", str(plain)])
    assert line.endswith(f"{plain}: not a folder (see python -m fqa_build audit --help)")
    assert list(tmp_path.iterdir()) == [plain]  # no sheet written


def test_audit_of_a_folder_that_is_no_build_exits_2(capsys, tmp_path):
    assert main(["audit", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m fqa_build audit: error: {tmp_path}: not a build folder (no build_manifest.json)"
    )


def test_audit_types_are_checked_and_go_with_per_type(capsys, sample_build):
    out = str(sample_build.out)
    assert _usage_error(capsys, ["audit", out, "--types", "PERSON"]).endswith(
        "error: --types goes with --per-type (see python -m fqa_build audit --help)"
    )
    line = _usage_error(capsys, ["audit", out, "--per-type", "3", "--types", "FOO,date"])
    assert "error: unknown entity type(s) ['FOO']; known: PERSON, GPE" in line


def test_audit_with_no_row_to_draw_exits_2(capsys, sample_build, tmp_path):
    sheet = tmp_path / "sheet.md"
    assert main(["audit", str(sample_build.out), "--per-type", "3", "--types", "LAW", "--sheet", str(sheet)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"python -m fqa_build audit: error: {sample_build.out}: no rows of type(s) LAW to draw"
    )
    assert not sheet.exists()


def test_audit_sheet_that_cannot_be_written_exits_2(capsys, sample_build):
    assert main(["audit", str(sample_build.out), "--sample", "2", "--sheet", "/proc/x.md"]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .startswith("python -m fqa_build audit: error: cannot write the sheet /proc/x.md: ")
    )


def test_audit_sheets_beside_a_build_in_the_checkout_are_ignored_by_git():
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")

    def ignored(path: str) -> bool:
        return subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0

    assert ignored("out-x-audit-seed0.md") and ignored("o1-audit-seed7.md")
    assert not ignored("tests/test_audit.py") and not ignored("fqa_build/checks/audit.py")


def test_validate_of_a_missing_folder_or_a_plain_file_says_so(capsys, tmp_path):
    assert main(["validate", str(tmp_path / "nope")]) == 2
    assert (
        capsys.readouterr().err.strip() == f"python -m fqa_build validate: error: {tmp_path / 'nope'}: does not exist"
    )
    plain = tmp_path / "file.txt"
    plain.write_text("x", encoding="utf-8")
    assert main(["validate", str(plain)]) == 2
    assert capsys.readouterr().err.strip() == f"python -m fqa_build validate: error: {plain}: not a folder"


def test_a_build_of_an_empty_file_exits_2_and_writes_nothing(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text('{"data": [], "version": "1.1"}', encoding="utf-8")
    out = tmp_path / "o1"
    done = run_build_cli("--source", f"squad:{empty}", "--out", str(out), "--no-cache", "--workers", "1", check=False)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith(f"{empty}: it holds no question; nothing to build from")
    assert not out.exists()


def test_a_build_that_keeps_no_question_names_why_and_leaves_the_folder(tmp_path):
    record = {"id": "q1", "question": "What colour is the sky?", "answers": [{"text": "blue", "answer_start": 11}]}
    paragraph = {"context": "The sky is blue on a clear day.", "qas": [record]}
    one = tmp_path / "one.json"
    one.write_text(json.dumps({"data": [{"title": "Sky", "paragraphs": [paragraph]}], "version": "1.1"}))
    out = tmp_path / "o2"
    out.mkdir()
    done = run_build_cli("--source", f"squad:{one}", "--out", str(out), "--no-cache", "--workers", "1", check=False)
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .endswith(
            f"the build read 1 question and kept none (no_entity_match 1): nothing to release; {out} is as it was"
        )
    )
    assert list(out.iterdir()) == []


def test_evaluate_of_a_missing_folder_offline_says_what_was_tried(tmp_path):
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_HOME=str(tmp_path / "hf"))
    command = [sys.executable, "-m", "fqa_build", "evaluate", "acme/nope", "--baseline", "original"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(
        "python -m fqa_build evaluate: error: acme/nope: no such folder, "
        "and the Hub could not serve it as a dataset repo "
        "(LocalEntryNotFoundError: "
    )


def test_evaluate_of_a_name_that_is_neither_folder_nor_repo_id(capsys):
    assert main(["evaluate", "bad name/with space", "--baseline", "original"]) == 2
    assert capsys.readouterr().err.strip() == (
        "python -m fqa_build evaluate: error: bad name/with space: no such folder, "
        "and not a Hub repo id either (ORG/NAME)"
    )


def test_evaluate_of_an_empty_or_absent_split_exits_2(capsys, sample_build, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(sample_build.out, out)
    dev = out / "data" / "dev-00000-of-00001.parquet"
    pq.write_table(pq.read_table(dev).slice(0, 0), dev)
    assert main(["evaluate", str(out), "--split", "dev", "--baseline", "original"]) == 2
    said = "python -m fqa_build evaluate: error: "
    assert capsys.readouterr().err.strip() == f"{said}{out}: default/dev has no rows: nothing to score"
    dev.unlink()
    assert main(["evaluate", str(out), "--split", "dev", "--baseline", "original"]) == 2
    assert capsys.readouterr().err.strip() == f"{said}{out}: default/dev has no shards: nothing to score"


def test_every_option_of_every_command_has_a_help_that_shows_its_default():
    from fqa_build.cli import build_parser

    parser = build_parser()
    (commands,) = [a for a in parser._actions if a.dest == "command"]
    missing, no_default = [], []
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.dest == "help" or not action.option_strings:
                continue
            if not action.help:
                missing.append(f"{name} {action.option_strings[0]}")
            elif action.default not in (None, False, [], ()) and "default" not in action.help:
                no_default.append(f"{name} {action.option_strings[0]}")
    assert missing == [] and no_default == []


@pytest.mark.parametrize("command", [["build", "--out", "o"], ["bench"]])
def test_a_retired_policy_is_named_as_retired_with_the_way_to_rebuild_it(capsys, command):
    line = _usage_error(capsys, [*command, "--policy", "context_v7"])
    assert "argument --policy: policy 'context_v7' is retired; to rebuild a release made with it, check out" in line
    assert "unknown policy 'nope'; choose from type_shape_v1, " in _usage_error(capsys, [*command, "--policy", "nope"])


def test_a_rebuild_refuses_to_replace_a_card_edited_by_hand(sample_build, tmp_path):
    from fqa_build.release.card_stamp import card_edited, stamped
    from fqa_build.release.parquet import check_output_dir

    out = tmp_path / "copy"
    shutil.copytree(sample_build.out, out)
    card = out / "README.md"
    assert not card_edited(card)
    check_output_dir(out)  # a card as rendered: the rebuild may replace it
    card.write_text(stamped("---\nolder: template\n---\n\nAn older card.\n"), encoding="utf-8")
    check_output_dir(out)  # rendered by an older template: still as rendered
    card.write_text(card.read_text(encoding="utf-8").replace("An older card.", "My notes."), encoding="utf-8")
    assert card_edited(card)
    with pytest.raises(FileExistsError, match=r"its README\.md was edited after the build rendered it; a rebuild"):
        check_output_dir(out)
    assert "My notes." in card.read_text(encoding="utf-8")


def test_the_same_source_twice_is_refused_before_any_work(capsys, tmp_path):
    sample = ROOT / "data" / "squad_sample.json"
    argv = ["--source", f"squad:{sample}", "--source", f"squad:{sample.parent}/../data/squad_sample.json"]
    line = _usage_error(capsys, [*argv, "--out", str(tmp_path / "o")])
    assert line.endswith(
        f"is given twice (as 'squad:{sample}'); give each input once (see python -m fqa_build build --help)"
    )


def test_an_unwritable_output_is_found_before_ner(tmp_path):
    done = run_build_cli("--out", "/proc/nope", "--no-cache", "--workers", "1", check=False)
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .endswith("build: error: /proc/nope: cannot be written in /proc (No such file or directory); nothing was done")
    )
    assert "NER" not in done.stderr  # refused before the model loads


@pytest.mark.parametrize(
    ("env", "cause"),
    [
        ({"HF_ENDPOINT": "http://127.0.0.1:9"}, "from the Hub (http://127.0.0.1:9: Connection refused)"),
        ({"HF_HUB_OFFLINE": "1"}, "(ConnectionError: Couldn't reach 'rajpurkar/squad' on the Hub"),
    ],
)
def test_a_hub_source_that_cannot_be_read_is_a_read_failure_said_at_once(tmp_path, env, cause):
    command = [sys.executable, "-m", "fqa_build", "--source", "squad", "--out", str(tmp_path / "o2"), "--no-cache"]
    environ = dict(os.environ, HF_HOME=str(tmp_path / "hf"), HF_DATASETS_CACHE=str(tmp_path / "ds"), **env)
    done = subprocess.run(command, cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "Retrying" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert "build: error: --source 'squad': cannot read rajpurkar/squad " in last and cause in last
    assert last.endswith(
        "download it and give squad:PATH, or set HF_DATASETS_OFFLINE=1 to read a copy in the datasets cache"
    )
    assert not (tmp_path / "o2").exists()


def test_a_ctrl_c_a_library_wrapped_in_another_error_is_still_an_interrupt():
    from fqa_build.cli_build import _caused_by_interrupt

    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise ImportError("module half imported") from interrupt
    except ImportError as wrapped:
        assert _caused_by_interrupt(wrapped)
    assert not _caused_by_interrupt(ValueError("plain"))
