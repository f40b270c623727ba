"""Shared fixtures and factories: the repository root on sys.path, where the real data lives, the markers'
rules, and the small hand-made inputs several modules build (import them with `from .conftest import ...`).

Markers (registered in pyproject.toml, `--strict-markers`): `slow` (deselect with `-m "not slow"` for the fast
subset) and `real_data` (reads ../shared/data; skipped where that folder is absent; always also `slow`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from fqa_build.swap.policies.registry import POLICIES  # noqa: E402

from .retired_policies import RETIRED_STEPS  # noqa: E402

#: The retired context_v8 ... context_v17 (tests/retired_policies.py) registered for the tests only, not kept: the
#: rules' hand-made records run under the step that first ran each rule, and a few build tests name one. The
#: product's registry holds the two kept policies (tests/test_policies.py asserts it in a fresh interpreter).
for _name, _policy in RETIRED_STEPS.items():
    POLICIES.setdefault(_name, _policy)

SHARED_DATA = ROOT.parent / "shared" / "data"
#: the sample build's counts under each kept policy: the one place they are pinned (tools/golden_sample.py)
SAMPLE_COUNTS = json.loads((ROOT / "tests" / "snapshots" / "sample_golden.json").read_text(encoding="utf-8"))["counts"]
SQUAD_DEV = SHARED_DATA / "squad_v1.1" / "dev-v1.1.json"
TRIVIA_RC = SHARED_DATA / "triviaqa" / "rc_sample"


def parquet_rows(folder: Path, name: str) -> dict[str, int]:
    """Rows of each non-empty split of a config of a build folder, read with pyarrow (an empty split is not in the
    card's YAML, so `datasets` serves none)."""
    import pyarrow.parquet as pq

    import faithfulness_qa as fqa

    config = fqa.CONFIGS_BY_NAME[name]
    sizes = {
        split: sum(pq.ParquetFile(p).metadata.num_rows for p in folder.glob(fqa.shard_pattern(config, split)))
        for split in config.splits
    }
    return {split: n for split, n in sizes.items() if n}


def require_shared(path: Path) -> Path:
    """Skip (with the reason) where the shared real data is not beside the checkout."""
    if not path.exists():
        pytest.skip(f"real data not found at {path} (../shared/data is absent on this machine)")
    return path


def pytest_configure(config):
    # what the project remembers per machine (the model fallback's note: fqa_build/ner/runner.py `state_dir`) goes to
    # a folder of this session, not the user's home; subprocesses inherit it
    import tempfile

    os.environ.setdefault("XDG_STATE_HOME", tempfile.mkdtemp(prefix="fqa-state-"))


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("real_data") and not item.get_closest_marker("slow"):
            raise pytest.UsageError(f"{item.nodeid} is marked real_data but not slow")


def pytest_runtest_setup(item):
    if item.get_closest_marker("real_data"):
        require_shared(SHARED_DATA)


@pytest.fixture(scope="session")
def sample_build(tmp_path_factory):
    """One build of the bundled sample (real NER), shared by the tests that only read it."""
    from fqa_build import BuildConfig, run_build

    base = tmp_path_factory.mktemp("sample")
    return run_build(BuildConfig(out=base / "out", cache_dir=base / "cache", progress=False))


@pytest.fixture(scope="session")
def sample_build_v1(sample_build):
    """The bundled sample built under `type_shape_v1` (which swaps every type), sharing `sample_build`'s NER
    cache: for the tests that need rows of every source and type."""
    from fqa_build import BuildConfig, run_build
    from fqa_build.config import SubstitutionConfig

    cache = sample_build.out.parent / "cache"
    out = sample_build.out.parent / "out-type-shape"
    return run_build(
        BuildConfig(out=out, cache_dir=cache, progress=False, substitution=SubstitutionConfig(policy="type_shape_v1"))
    )


# --- factories shared by the test modules (build imports are local: sys.path is set above) ---

LABELS = frozenset({"PERSON", "ORG", "GPE", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"})  # the default entity types


def make_mention(text: str, label: str, context: str | None = None, start: int | None = None):
    """A `Mention` of `text` whose NER span is its normalised span: at `start`, else at the first occurrence of
    `text` in `context`, else at 0."""
    from fqa_build.types import Mention

    if start is None:
        start = context.index(text) if context is not None else 0
    return Mention(start, start + len(text), label, text, start, start + len(text))


def make_bank(*items: tuple[str, str], copies: int = 1, classify_kinds: bool = False, article: bool = False):
    """An entity bank with `copies` mentions of each (text, label), each in its own context ("the X" with
    `article`); `classify_kinds`: the builder repairs labels as the kind policies do."""
    from fqa_build.bank.entity_bank import EntityBankBuilder

    builder = EntityBankBuilder(classify_kinds=classify_kinds)
    prefix = "the " if article else ""
    for i, (text, label) in enumerate(items):
        for copy in range(copies):
            builder.add_context(prefix + text, f"k{i}-{copy}", "squad", [make_mention(text, label, start=len(prefix))])
    return builder.build()


def context_info(context: str, entities):
    """The per-context NER facts `make_sample` takes, from hand-made (start, end, label) entities."""
    from fqa_build.bank.mentions import mentions_of
    from fqa_build.swap.orchestration.state import ContextInfo
    from fqa_build.text import ngram_keys

    return ContextInfo(tuple(entities), tuple(mentions_of(context, entities, LABELS)), ngram_keys(context, 12))


def qa_record(context: str, answer: str, question: str, source_id: str = "q", title: str = "t"):
    """A SQuAD record with one answer, at the first occurrence of `answer` in `context`."""
    from fqa_build.types import Answer, QARecord

    return QARecord("squad", source_id, title, question, context, (Answer(answer, context.index(answer)),))


def default_sigint() -> None:
    """In a build subprocess the Ctrl-C tests interrupt: Ctrl-C's default action, whatever the test runner passed
    down (a runner started in the background of a non-interactive shell ignores SIGINT, and a child inherits that,
    so it would never see the Ctrl-C the test sends)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_build_cli(*args: str, hash_seed: str | None = None, check: bool = True) -> subprocess.CompletedProcess:
    """`python -m fqa_build ARGS` in a fresh interpreter at the repository root, output captured as text; `check`:
    a non-zero exit fails the test with the end of its stderr."""
    env = dict(os.environ) if hash_seed is None else dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run(
        [sys.executable, "-m", "fqa_build", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    if check:
        assert done.returncode == 0, done.stderr[-3000:]
    return done
