"""Push, tag and load back over real HTTP: the real `huggingface_hub` client against a Hub-compatible server on
127.0.0.1 (tests/hub_server.py), then the real `datasets.load_dataset` reading every config at the tag."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fqa_build.cli import main as cli_main
from fqa_build.publish.push import RETRIES, PushError, push_release, release_files

from .conftest import ROOT, parquet_rows
from .hub_server import HubServer

REPO = "acme/faithfulness-qa"


@pytest.fixture
def hub(monkeypatch):
    import huggingface_hub.constants

    # The test server speaks LFS, not Xet; the constant is read at import, so set both.
    monkeypatch.setenv("HF_HUB_DISABLE_XET", "1")
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_DISABLE_XET", True)
    with HubServer() as server:
        monkeypatch.setenv("HF_ENDPOINT", server.endpoint)
        monkeypatch.setenv("HF_TOKEN", server.token)
        yield server
        assert server.unhandled == []


@pytest.fixture
def release(sample_build, tmp_path):
    out = tmp_path / "release"
    shutil.copytree(sample_build.out, out)
    return out


def _push(hub, out, tag="v0.1.0"):
    return push_release(out, REPO, tag, endpoint=hub.endpoint, token=hub.token, backoff=0.0)


def _load_back(hub, tmp_path, code: str) -> dict:
    """Run `code` in a fresh interpreter whose huggingface_hub and datasets point at the test server."""
    env = dict(
        os.environ,
        HF_ENDPOINT=hub.endpoint,
        HF_TOKEN=hub.token,
        HF_HUB_DISABLE_XET="1",
        HF_HOME=str(tmp_path / "hf-home"),
        HF_DATASETS_CACHE=str(tmp_path / "ds-cache"),
        HF_HUB_DISABLE_TELEMETRY="1",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_push_commits_the_release_once_and_tags_it(hub, release):
    result = _push(hub, release)
    repo = hub.repo(REPO)
    assert result.created_commit and result.commit == repo.branches["main"] == repo.tags["v0.1.0"]
    commit = repo.commits[result.commit]
    assert commit.message == "Release v0.1.0"
    assert sorted(commit.files) == sorted([".gitattributes", *release_files(release)])
    for name in release_files(release):
        assert commit.files[name] == (release / name).read_bytes()
    assert len(repo.commits) == 2  # the repo's initial commit and the release, nothing in between
    assert sum(1 for r in hub.state.requests if r.startswith("POST /api/datasets/acme/faithfulness-qa/commit/")) == 1


def test_release_leaves_local_files_out(hub, release):
    (release / "audit-seed1.md").write_text("my notes")
    _push(hub, release)
    assert "audit-seed1.md" not in hub.repo(REPO).commits[hub.repo(REPO).tags["v0.1.0"]].files


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_every_config_loads_back_from_the_server_at_the_tag(hub, release, tmp_path):
    _push(hub, release)
    found = _load_back(
        hub,
        tmp_path,
        f"""
        import json
        import datasets
        import faithfulness_qa as fqa
        ds = datasets.load_dataset("{REPO}", revision="v0.1.0")
        bank = datasets.load_dataset("{REPO}", "entity_bank", revision="v0.1.0")
        guardrail = datasets.load_dataset("{REPO}", "guardrail", revision="v0.1.0")
        spans = datasets.load_dataset("{REPO}", "spans", revision="v0.1.0")
        stream = datasets.load_dataset("{REPO}", split="dev", streaming=True, revision="v0.1.0")
        builder = fqa.FaithfulnessQA(config_name="entity_bank", repo_id="{REPO}", revision="v0.1.0",
                                     cache_dir="{tmp_path / "builder"}")
        builder.download_and_prepare()
        built = builder.as_dataset()
        print(json.dumps({{
            "splits": list(ds), "sizes": {{s: len(ds[s]) for s in ds}},
            "typed": ds["train"].features == fqa.DEFAULT_FEATURES,
            "bank": len(bank["train"]), "bank_typed": bank["train"].features == fqa.ENTITY_BANK_FEATURES,
            "streamed": sum(1 for _ in stream), "stream_first": next(iter(stream))["id"],
            "dev_first": ds["dev"][0]["id"],
            "builder": {{s: len(built[s]) for s in built}},
            "builder_typed": built["train"].features == fqa.ENTITY_BANK_FEATURES,
            "guardrail": {{s: len(guardrail[s]) for s in guardrail}},
            "guardrail_typed": guardrail["train"].features == fqa.GUARDRAIL_FEATURES,
            "spans": {{s: len(spans[s]) for s in spans}}, "spans_typed": spans["dev"].features == fqa.SPANS_FEATURES,
        }}))
    """,
    )
    splits = json.loads((release / "build_stats.json").read_text())["splits"]
    bank_size = json.loads((release / "build_stats.json").read_text())["entity_bank"]["size"]
    assert found == {
        "splits": ["train", "dev", "test"],
        "sizes": {s: splits[s] for s in ("train", "dev", "test")},
        "typed": True,
        "bank": bank_size,
        "bank_typed": True,
        "streamed": splits["dev"],
        "stream_first": found["dev_first"],
        "dev_first": found["dev_first"],
        "builder": {"train": bank_size},
        "builder_typed": True,
        "guardrail": parquet_rows(release, "guardrail"),  # its nested slices are left out: train is smaller
        "guardrail_typed": True,
        "spans": {s: 2 * splits[s] for s in ("train", "dev", "test")},
        "spans_typed": True,
    }


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_an_existing_tag_is_refused_before_any_upload(hub, release):
    _push(hub, release)
    commits = len(hub.repo(REPO).commits)
    (release / "build_stats.json").write_text((release / "build_stats.json").read_text() + " ")
    with pytest.raises(PushError, match=r"tag v0.1.0 already exists on acme/faithfulness-qa .*bump"):
        _push(hub, release)
    assert len(hub.repo(REPO).commits) == commits
    assert not any("preupload" in r for r in hub.state.requests[-3:])


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_a_failed_upload_leaves_no_commit_and_no_tag(hub, release):
    hub.fail["commit"] = (500, RETRIES + 1)  # every attempt fails
    with pytest.raises(PushError, match=r"failed \(HTTP 500\).*nothing was committed; no tag was created"):
        _push(hub, release)
    repo = hub.repo(REPO)
    assert (
        repo.tags == {}
        and len(repo.commits) == 1
        and sorted(repo.commits[repo.branches["main"]].files) == [".gitattributes"]
    )
    result = _push(hub, release)  # the retry goes through, whole
    assert result.created_commit and repo.tags == {"v0.1.0": result.commit}


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_a_failed_tag_leaves_the_commit_and_a_repush_makes_no_empty_commit(hub, release):
    hub.fail["tag"] = (500, RETRIES + 1)
    with pytest.raises(PushError, match=r"the release was committed \(\w{12}\); no tag was created"):
        _push(hub, release)
    repo = hub.repo(REPO)
    head = repo.branches["main"]
    assert repo.tags == {} and len(repo.commits) == 2
    result = _push(hub, release)
    assert not result.created_commit and result.commit == head
    assert len(repo.commits) == 2 and repo.tags == {"v0.1.0": head}


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_a_new_release_replaces_files_the_old_one_had(hub, release, sample_build):
    _push(hub, release)
    repo = hub.repo(REPO)
    old = repo.branches["main"]
    # a second release whose folder lacks a shard the remote has: the commit deletes it
    repo.commits[old].files["data/train-00001-of-00002.parquet"] = b"stale"
    manifest = json.loads((release / "build_manifest.json").read_text())
    manifest["faithfulness_qa_version"] = "0.1.1"
    (release / "build_manifest.json").write_text(json.dumps(manifest))
    result = push_release(release, REPO, "v0.1.1", endpoint=hub.endpoint, token=hub.token)
    files = repo.commits[result.commit].files
    assert "data/train-00001-of-00002.parquet" not in files and ".gitattributes" in files
    assert repo.tags == {"v0.1.0": old, "v0.1.1": result.commit}


def test_tag_must_name_the_build_version(release):
    with pytest.raises(PushError, match="tag v9.9.9 does not match the build's version 0.1.0"):
        push_release(release, REPO, "v9.9.9", dry_run=True)
    with pytest.raises(PushError, match="is not a version tag"):
        push_release(release, REPO, "latest", dry_run=True)


def test_push_needs_a_token(release, monkeypatch, tmp_path):
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "empty-home"))
    # found following the README: the card was rewritten for the repo before the token was missed
    before = {p.relative_to(release): p.read_bytes() for p in sorted(release.rglob("*")) if p.is_file()}
    with pytest.raises(PushError, match="no Hugging Face token: set HF_TOKEN"):
        push_release(release, "other/name", "v0.1.0", endpoint="http://127.0.0.1:9")
    assert {p.relative_to(release): p.read_bytes() for p in sorted(release.rglob("*")) if p.is_file()} == before


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_push_cli_dry_run_and_real_push(hub, release, capsys):
    # a dry run rewrote OUT/README.md (the card for the repo and tag); it changes nothing
    before = {p.relative_to(release): p.read_bytes() for p in sorted(release.rglob("*")) if p.is_file()}
    assert cli_main(["push", str(release), "--repo-id", REPO, "--tag", "v0.1.0", "--dry-run"]) == 0
    assert {p.relative_to(release): p.read_bytes() for p in sorted(release.rglob("*")) if p.is_file()} == before
    # 28 files: the card, 3 plots, manifest, stats, `default` 3 shards, the bank 1, guardrail 6 (3 splits and 3
    # slices), spans, unanswerable, inconsistent and multiple_choice 3 each
    assert "dry run: 28 files would go to acme/faithfulness-qa as one commit tagged v0.1.0" in capsys.readouterr().out
    assert REPO not in hub.state.repos
    assert cli_main(["push", str(release), "--repo-id", REPO, "--tag", "v0.1.0", "--private"]) == 0
    assert f"pushed {REPO}@v0.1.0: new commit" in capsys.readouterr().out
    assert hub.repo(REPO).private
    assert cli_main(["push", str(release), "--repo-id", REPO, "--tag", "v0.1.0"]) == 2


def _files(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_unreachable_endpoint_is_a_clear_error_and_leaves_the_folder_as_it_was(release):
    before = _files(release)
    with pytest.raises(
        PushError, match=r"cannot reach http://127.0.0.1:9: .*nothing was committed; no tag was created"
    ):
        push_release(release, "other/name", "v0.1.0", endpoint="http://127.0.0.1:9", token="hf_x", backoff=0.0)
    assert _files(release) == before  # the card rendered for other/name is put back


@pytest.mark.parametrize("dry_run", [True, False])
def test_a_bad_repo_id_is_refused_first_and_changes_nothing(release, dry_run):
    before = _files(release)
    with pytest.raises(PushError, match=r"^repo id 'bad name/with space' is not a Hub repo id like ORG/NAME: "):
        push_release(release, "bad name/with space", "v0.1.0", dry_run=dry_run, token="hf_x", backoff=0.0)
    with pytest.raises(PushError, match=r"^repo id 'justaname' is not a Hub repo id like ORG/NAME \(a namespace"):
        push_release(release, "justaname", "v0.1.0", dry_run=dry_run, token="hf_x", backoff=0.0)
    assert _files(release) == before


def test_the_push_command_refuses_a_bad_repo_id_in_one_line(release, caplog):
    assert cli_main(["push", str(release), "--repo-id", "bad name/with space", "--tag", "v0.1.0", "--dry-run"]) == 2
    (record,) = caplog.records
    assert record.getMessage().startswith("repo id 'bad name/with space' is not a Hub repo id like ORG/NAME: ")


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_transient_failures_are_retried(hub, release, caplog):
    hub.fail["commit"] = (503, 2)  # two failures, then the commit goes through
    hub.fail["tag"] = 502
    result = _push(hub, release)
    repo = hub.repo(REPO)
    assert result.created_commit and repo.tags == {"v0.1.0": result.commit} and len(repo.commits) == 2
    assert caplog.text.count("transient Hub failure") == 3


def test_a_client_error_is_not_retried(hub, release):
    hub.fail["commit"] = 400
    with pytest.raises(PushError, match=r"HTTP 400"):
        _push(hub, release)
    assert hub.fail == {}  # one attempt only


@pytest.mark.slow  # several pushes, each validating the release (a load of every config) first
def test_the_token_appears_nowhere(hub, release, caplog, tmp_path):
    import logging

    caplog.set_level(logging.DEBUG)
    hub.fail["commit"] = (500, RETRIES + 1)
    with pytest.raises(PushError) as failed:
        _push(hub, release)
    _push(hub, release)
    texts = [
        caplog.text,
        str(failed.value),
        *(p.read_text(errors="replace") for p in release.rglob("*") if p.suffix in (".md", ".json")),
    ]
    assert all(hub.token not in text for text in texts)
