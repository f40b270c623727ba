"""The build as stages on an executor: the policy looked up once and turned into each stage's options, and the
same stages giving the same bytes on any executor that honours the two parallel parts."""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field

import pytest

from fqa_build import BuildConfig
from fqa_build.bank.stage import BankOptions
from fqa_build.config import SubstitutionConfig
from fqa_build.engines.executors import LocalExecutor
from fqa_build.pipeline import prepare_stages, run_stages
from fqa_build.swap.components import ComposedPersons, EvidenceWindows, Kinds
from fqa_build.swap.policies import registry


def test_each_stage_gets_what_the_policy_means_for_it(tmp_path):
    config = BuildConfig(out=tmp_path / "out", substitution=SubstitutionConfig(policy="context_v11"), progress=False)
    policy = registry.get_policy("context_v11")
    stages = prepare_stages(config)
    assert stages.bank.options == BankOptions(
        classify_kinds=policy.uses(Kinds),
        read_common_words=policy.uses(ComposedPersons),
        value_types=policy.value_types,
    )
    assert stages.swap.policy is policy
    assert stages.release.options.retry_on_windows == policy.uses(EvidenceWindows)
    assert stages.release.options.policy == policy.to_dict()
    # the labels the policy adds are every stage's own
    matched = policy.matched_types(config.entity_types)
    assert {s.config.entity_types for s in (stages.read, stages.ner, stages.bank, stages.swap, stages.release)} == {
        matched
    }


@dataclass
class RecordingExecutor:
    """The local executor (one process), noting what the stages ask of it."""

    calls: list[str] = field(default_factory=list)
    local: LocalExecutor = LocalExecutor(1)

    @property
    def workers(self):
        return self.local.workers

    def map(self, setup, run, chunks):
        self.calls.append(run.func.__name__ if hasattr(run, "func") else run.__name__)
        return self.local.map(setup, run, chunks)

    def manifest(self):
        return self.local.manifest()


def test_the_stages_run_on_any_executor_and_look_the_policy_up_once(sample_build, tmp_path, monkeypatch):
    looked_up: list[str] = []
    real = registry.get_policy

    def counted(name):
        looked_up.append(name)
        return real(name)

    # a stage that imports the lookup when it runs (as a stage would, inside a function) gets the counted one
    monkeypatch.setattr(registry, "get_policy", counted)
    monkeypatch.setattr("fqa_build.pipeline.get_policy", counted)
    monkeypatch.setattr("fqa_build.swap.orchestration.sample.get_policy", counted)  # its fallback, for unit tests
    config = BuildConfig(out=tmp_path / "out", cache_dir=sample_build.out.parent / "cache", progress=False)
    executor = RecordingExecutor()
    result = run_stages(prepare_stages(config), executor)
    assert looked_up == [config.substitution.policy]
    assert executor.calls == ["substitute_chunk"]  # every NER text is cached: NER maps nothing
    assert result.stats == sample_build.stats
    for shard in sorted(sample_build.out.rglob("*.parquet")):
        assert (result.out / shard.relative_to(sample_build.out)).read_bytes() == shard.read_bytes(), shard


def test_an_executor_knows_no_stage():
    # one generic map (a setup per worker, a run per chunk), nothing named after a stage's work
    from fqa_build.engines.executors import LocalExecutor, RayExecutor

    for executor in (LocalExecutor, RayExecutor):
        public = {name for name in vars(executor) if not name.startswith("_")}
        assert public - {"workers", "while_idle", "session"} == {"map", "manifest"}, executor
    done = list(LocalExecutor(2).map(lambda: 10, lambda state, chunk: [state + x for x in chunk], [[1, 2], [3], [4]]))
    assert done == [[11, 12], [13], [14]]


def test_the_idle_task_runs_once_while_the_first_map_runs():
    from fqa_build.engines.executors import LocalExecutor

    ran: list[str] = []
    executor = LocalExecutor(2, while_idle=lambda: ran.append("idle"))
    assert list(executor.map(lambda: None, lambda state, chunk: chunk, [[1], [2]])) == [[1], [2]]
    assert list(executor.map(lambda: None, lambda state, chunk: chunk, [[3]])) == [[3]]
    assert ran == ["idle"]


def test_every_stage_has_one_interface(tmp_path):
    # a name, a warm-up and one `run(done, executor)`: the pipeline loops over them and wires nothing by hand
    stages = prepare_stages(BuildConfig(out=tmp_path / "out", progress=False)).in_order()
    assert [stage.name for stage in stages] == ["read", "ner", "bank", "swap", "release"]
    for stage in stages:
        assert list(inspect.signature(stage.run).parameters) == ["done", "executor"], stage.name
        assert list(inspect.signature(stage.warm_up).parameters) == [], stage.name
        assert not hasattr(stage, "prepare"), stage.name


def test_the_pipeline_leaves_the_garbage_collector_alone():
    import fqa_build.pipeline as pipeline

    assert "gc" not in vars(pipeline) and "import gc" not in inspect.getsource(pipeline)


def test_the_command_tunes_its_own_process(monkeypatch):
    # the process setting belongs to the command (fqa_build/process.py), not to the library
    import gc

    from fqa_build import __main__ as command
    from fqa_build.process import COLLECTOR_THRESHOLDS

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        with pytest.raises(SystemExit):
            command.main(["--version"])
        assert gc.get_threshold() == COLLECTOR_THRESHOLDS
    finally:
        gc.set_threshold(*before)
