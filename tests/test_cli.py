import pytest

from build.cli import build_parser, config_from_args
from build.config import parse_entity_types
from build.labels import ALL_ENTITY_TYPES, DEFAULT_ENTITY_TYPES

from .conftest import run_build_cli


def test_entity_types():
    assert parse_entity_types("default") == DEFAULT_ENTITY_TYPES
    assert parse_entity_types("all") == ALL_ENTITY_TYPES
    assert parse_entity_types("person, gpe") == ("PERSON", "GPE")
    with pytest.raises(ValueError, match="unknown entity type"):
        parse_entity_types("PERSON,COLOUR")


def test_args_to_config(tmp_path):
    args = build_parser().parse_args(
        [
            "--out",
            str(tmp_path),
            "--source",
            "squad:x.json",
            "--source",
            "trivia_qa",
            "--seed",
            "7",
            "--workers",
            "2",
            "--no-cache",
        ]
    )
    config = config_from_args(args)
    assert config.sources == ("squad:x.json", "trivia_qa")
    assert (config.substitution.seed, config.split_seed, config.workers, config.cache_dir) == (7, 42, 2, None)


def test_bad_input_exits_with_a_message_naming_the_file(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = run_build_cli("--source", f"squad:{bad}", "--out", str(tmp_path / "out"), "--no-cache", check=False)
    assert proc.returncode == 2
    assert f"{bad}: malformed JSON at line 1, column 2" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (tmp_path / "out").exists()
