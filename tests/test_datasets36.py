"""The build folder also loads on `datasets` 3.6 (the last release that runs scripts), from a second virtual
environment: `load_dataset(OUT)` typed by the card's YAML, each config, streaming, and the builder file run as a
script with `trust_remote_code=True`.

The interpreter: `$FQA_DATASETS36_PYTHON`, else `.venv-ds36/bin/python` in the checkout (CI creates it:
`python -m venv .venv-ds36 && .venv-ds36/bin/pip install datasets==3.6.0`). Without one the test is skipped,
unless `FQA_REQUIRE_DATASETS36=1` (set by CI), where it fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import textwrap
from pathlib import Path

import pytest

import faithfulness_qa as fqa

from .conftest import ROOT, parquet_rows

pytestmark = pytest.mark.slow  # a second interpreter loads the build three ways


def _python36() -> str:
    candidate = os.environ.get("FQA_DATASETS36_PYTHON") or str(ROOT / ".venv-ds36" / "bin" / "python")
    if not Path(candidate).exists():
        message = f"no datasets 3.6 interpreter at {candidate} (see this module's docstring)"
        if os.environ.get("FQA_REQUIRE_DATASETS36") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return candidate


#: the configs derived from `default`: guardrail, spans, unanswerable, inconsistent, multiple_choice
DERIVED_NAMES = tuple(c.name for c in fqa.CONFIGS if c.name not in ("default", "entity_bank"))


def test_build_folder_loads_on_datasets_3_6(sample_build, tmp_path):
    python = _python36()
    out = sample_build.out
    code = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(ROOT)!r})
        import datasets
        import faithfulness_qa as fqa
        out, cache = {str(out)!r}, {str(tmp_path / "cache")!r}
        ds = datasets.load_dataset(out, cache_dir=cache)
        bank = datasets.load_dataset(out, "entity_bank", cache_dir=cache)
        derived = {{name: datasets.load_dataset(out, name, cache_dir=cache) for name in {DERIVED_NAMES!r}}}
        stream = datasets.load_dataset(out, split="test", streaming=True)
        script = datasets.load_dataset({str(ROOT / "faithfulness_qa.py")!r}, "entity_bank", data_dir=out,
                                       trust_remote_code=True, cache_dir=cache)
        print(json.dumps({{
            "version": datasets.__version__,
            "splits": list(ds), "sizes": {{s: len(ds[s]) for s in ds}},
            "schema": str(ds["train"].features.arrow_schema.remove_metadata()),
            "typed": ds["train"].features == fqa.DEFAULT_FEATURES,
            "bank": len(bank["train"]), "bank_typed": bank["train"].features == fqa.ENTITY_BANK_FEATURES,
            "streamed": sum(1 for _ in stream),
            "script": len(script["train"]), "script_typed": script["train"].features == fqa.ENTITY_BANK_FEATURES,
            "derived": {{n: {{s: len(d[s]) for s in d}} for n, d in derived.items()}},
            "derived_typed": {{n: all(d[s].features == fqa.CONFIGS_BY_NAME[n].features for s in d)
                               for n, d in derived.items()}},
            "first": ds["train"][0],
        }}, default=str))
    """)
    env = dict(os.environ, HF_HOME=str(tmp_path / "hf-home"), HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1")
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    splits = sample_build.stats["splits"]
    assert found["version"] == "3.6.0"
    assert found["splits"] == ["train", "dev", "test"]
    assert found["sizes"] == {s: splits[s] for s in ("train", "dev", "test")}
    assert found["schema"] == str(fqa.arrow_schema(fqa.DEFAULT_FEATURES))
    assert found["typed"] and found["bank_typed"] and found["script_typed"]
    assert found["bank"] == found["script"] == sample_build.stats["entity_bank"]["size"]
    assert found["streamed"] == splits["test"]
    # every derived config, the nested slices of guardrail included, as many rows as its Parquet and typed by the
    # YAML on 3.6 too
    assert found["derived"] == {name: parquet_rows(out, name) for name in DERIVED_NAMES}
    assert all(found["derived_typed"].values()) and set(found["derived_typed"]) == set(DERIVED_NAMES)
    import datasets

    newest = datasets.load_dataset(str(out), split="train", cache_dir=str(tmp_path / "cache5"))
    assert found["first"] == json.loads(json.dumps(newest[0], default=str))
