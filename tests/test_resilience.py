"""Builds that survive what goes wrong: a damaged NER cache is detected, set aside and rebuilt; a
build killed during NER or during substitution and writing resumes and ends byte-identical to an
uninterrupted one; Ctrl-C stops with a message saying how to resume; an unwritable output gives a clear
error."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, SQUAD_DEV, default_sigint, require_shared, run_build_cli

FILES = ("data/train-00000-of-00001.parquet", "data/dev-00000-of-00001.parquet", "build_stats.json")


def _same_output(a: Path, b: Path) -> None:
    for name in FILES:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def _cache(folder: Path) -> Path:
    """The NER cache of a cache folder (beside it, the reader's parse cache: tests/test_parse_cache.py)."""
    path = folder / "ner-cache.sqlite"
    if not path.exists():
        raise StopIteration
    return path


def _rebuild_with_cache(sample_build, tmp_path, damage) -> str:
    """Copy the sample build's NER cache, `damage(path)` it, build with it; the build's stderr (its output
    must equal the sample build's)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    original = _cache(sample_build.out.parent / "cache")
    (cache / original.name).write_bytes(original.read_bytes())
    damage(cache / original.name)
    done = run_build_cli("--out", str(tmp_path / "out"), "--cache-dir", str(cache), "--no-progress")
    _same_output(tmp_path / "out", sample_build.out)
    return done.stderr


@pytest.mark.slow
def test_a_damaged_cache_is_set_aside_and_rebuilt(sample_build, tmp_path):
    stderr = _rebuild_with_cache(sample_build, tmp_path, lambda p: p.write_bytes(b"this is not an SQLite file" * 100))
    assert "is damaged" in stderr and list((tmp_path / "cache").glob("*.corrupt"))


@pytest.mark.slow
def test_a_truncated_cache_is_detected(sample_build, tmp_path):
    stderr = _rebuild_with_cache(
        sample_build, tmp_path, lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])
    )
    assert "is damaged" in stderr


def _damage_a_row(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE entities SET entities = '[[1, 2' WHERE rowid = (SELECT MIN(rowid) FROM entities)")


@pytest.mark.slow
def test_a_damaged_row_is_run_again_never_used(sample_build, tmp_path):
    assert "is damaged; running NER on it again" in _rebuild_with_cache(sample_build, tmp_path, _damage_a_row)


@pytest.mark.slow
def test_an_unwritable_output_is_a_clear_error(tmp_path):
    done = run_build_cli("--out", "/proc/faithfulness-qa-out", "--cache-dir", str(tmp_path / "c"), check=False)
    assert done.returncode == 2
    assert "/proc/faithfulness-qa-out: cannot be written in /proc" in done.stderr and "Traceback" not in done.stderr
    assert "NER cache" not in done.stderr  # found before any work


def _start(args: list[str], progress: bool = False) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "fqa_build", *args, *([] if progress else ["--no-progress"]), "--log-level", "INFO"],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        preexec_fn=default_sigint,
    )


def _wait_for(process: subprocess.Popen, marker: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    for line in process.stderr:
        if marker in line:
            return
        assert time.monotonic() < deadline, f"no {marker!r} in time"
    pytest.fail(f"the build ended before {marker!r}")


def _rows(cache: Path) -> int:
    try:
        with sqlite3.connect(_cache(cache)) as conn:
            return conn.execute("SELECT COUNT(*) FROM entities").fetchone()[0]
    except (StopIteration, sqlite3.Error):
        return 0


@pytest.fixture(scope="module")
def five_articles(tmp_path_factory) -> tuple[Path, Path]:
    """Five SQuAD dev articles (about 270 contexts) and their uninterrupted build."""
    require_shared(SQUAD_DEV)
    base = tmp_path_factory.mktemp("five")
    doc = json.loads(SQUAD_DEV.read_text(encoding="utf-8"))
    source = base / "five.json"
    source.write_text(json.dumps({"data": doc["data"][:5], "version": "1.1"}), encoding="utf-8")
    run_build_cli("--source", f"squad:{source}", "--out", str(base / "reference"), "--no-cache", "--no-progress")
    return source, base / "reference"


@pytest.mark.slow
@pytest.mark.real_data
def test_a_build_killed_during_ner_resumes_from_its_cache(five_articles, tmp_path):
    source, reference = five_articles
    args = ["--source", f"squad:{source}", "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")]
    # one worker: NER runs in the build's process and commits every 64 texts as it goes (forked workers' results
    # can reach the parent all at once, after its start-up work, and be committed before the kill lands)
    process = _start([*args, "--workers", "1"])
    _wait_for(process, "to process")
    deadline = time.monotonic() + 300
    while _rows(tmp_path / "cache") == 0 and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    kept = _rows(tmp_path / "cache")
    assert kept > 0 and not (tmp_path / "out").exists()  # some NER done and kept; no output yet
    done = run_build_cli(*args, "--log-level", "INFO")
    assert f"NER cache: {kept} of" in done.stderr  # resumed from the completed batches
    _same_output(tmp_path / "out", reference)


@pytest.mark.slow
@pytest.mark.real_data
def test_a_build_killed_during_substitution_and_writing_resumes(five_articles, tmp_path):
    source, reference = five_articles
    args = ["--source", f"squad:{source}", "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")]
    process = _start(args)
    _wait_for(process, "entity bank:")  # NER done; substitution and writing follow
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert not (tmp_path / "out").exists()  # the output folder appears whole or not at all
    done = run_build_cli(*args, "--log-level", "INFO")
    assert "texts cached; model not loaded" in done.stderr  # every context came from the cache: no NER ran again
    _same_output(tmp_path / "out", reference)


@pytest.mark.slow
@pytest.mark.real_data
def test_ctrl_c_stops_cleanly_with_how_to_resume(five_articles, tmp_path):
    source, _ = five_articles
    process = _start(
        ["--source", f"squad:{source}", "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "c")],
        progress=True,
    )
    _wait_for(process, "to process")
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    rest = process.stderr.read()
    assert process.wait(timeout=120) == 130
    assert "interrupted" in rest and "run the same command again to resume" in rest and "Traceback" not in rest
    # the message stands on a line of its own, not after the progress bar's
    assert any(line.startswith("python -m fqa_build build: error: interrupted: ") for line in rest.splitlines())
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_a_full_disk_leaves_the_previous_output_intact(sample_build, tmp_path):
    # a file-size limit stands in for a full disk: past it every write fails (EFBIG), as at ENOSPC
    out = tmp_path / "out"
    run_build_cli("--out", str(out), "--cache-dir", str(sample_build.out.parent / "cache"), "--no-progress")
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    code = (
        "import resource, signal, sys, runpy\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))\n"
        f"sys.argv = ['build', '--out', {str(out)!r}, '--cache-dir', {str(sample_build.out.parent / 'cache')!r},"
        " '--no-progress', '--seed', '7']\n"
        "runpy.run_module('fqa_build', run_name='__main__')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, done.stderr[-2000:]
    assert f"cannot write the build to {out}" in done.stderr and "Traceback" not in done.stderr
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before  # the previous build, untouched
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.tmp")]  # no half-written folder left
