"""Every numeric option is range-checked at the command line: a value out of range ends in argparse's error
naming the option (exit 2), never in a traceback from deep inside (`--batch-size 0` raised
"range() arg 3 must not be zero", `--workers -3` was accepted)."""

import pytest

from fqa_build.cli import main


@pytest.mark.parametrize(
    "args, message",
    [
        (["--batch-size", "0"], "argument --batch-size: must be at least 1, got 0"),
        (["--workers", "-3"], "argument --workers: must be at least 1, got -3"),
        (["--workers", "two"], "argument --workers: must be a whole number, got 'two'"),
        (["--seed", "-1"], "argument --seed: must be at least 0, got -1"),
        (["--split-seed", "-5"], "argument --split-seed: must be at least 0, got -5"),
        (["--window-chars", "10"], "argument --window-chars: must be at least 100, got 10"),
        (["--min-bank-frequency", "0"], "argument --min-bank-frequency: must be at least 1, got 0"),
        (["--max-rows-per-shard", "0"], "argument --max-rows-per-shard: must be at least 1, got 0"),
        (["--row-group-size", "-2"], "argument --row-group-size: must be at least 1, got -2"),
        (["--ray-num-cpus", "0"], "argument --ray-num-cpus: must be at least 1, got 0"),
    ],
)
def test_build_options_out_of_range(args, message, capsys, tmp_path):
    with pytest.raises(SystemExit) as stopped:
        main(["build", "--out", str(tmp_path / "out"), *args])
    assert stopped.value.code == 2
    assert f"{message} (see python -m fqa_build " in capsys.readouterr().err.strip().splitlines()[-1]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "command, args, message",
    [
        ("audit", ["OUT", "--sample", "0"], "argument --sample: must be at least 1, got 0"),
        ("audit", ["OUT", "--per-type", "-1"], "argument --per-type: must be at least 1, got -1"),
        ("audit", ["OUT", "--seed", "-4"], "argument --seed: must be at least 0, got -4"),
        ("bench", ["--workers", "0"], "argument --workers: must be at least 1, got 0"),
        ("bench", ["--batch-size", "0"], "argument --batch-size: must be at least 1, got 0"),
    ],
)
def test_other_commands_options_out_of_range(command, args, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([command, *args])
    assert stopped.value.code == 2
    assert f"{message} (see python -m fqa_build " in capsys.readouterr().err.strip().splitlines()[-1]
