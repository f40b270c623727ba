"""The reader's parse cache (fqa_build/swap/answerability/parse_cache.py) and the embeddings it reuses: a cached
analysis is the one a parse gives, a damaged one is parsed again, each process opens its own connection, and a
build whose NER is all cached still warms its stages up before they run."""

from __future__ import annotations

import os
import sqlite3

import numpy as np
import pytest

from fqa_build.swap.answerability import parse_cache
from fqa_build.swap.answerability.parse import Parse, parse_alone, parse_of, parse_texts
from fqa_build.swap.answerability.reader import PARSER_MODEL
from fqa_build.swap.answerability.words import embedded

TEXT = "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize twice."


@pytest.fixture()
def cache_in(tmp_path):
    parse_cache.use_parse_cache(tmp_path)
    yield tmp_path
    parse_cache.use_parse_cache(None)


def _rows(folder):
    with sqlite3.connect(str(folder / parse_cache.FILE_NAME)) as conn:
        return conn.execute("SELECT pipeline, analysis FROM analyses").fetchall()


def test_a_parse_reads_back_as_it_was_stored():
    parse = parse_texts([TEXT], PARSER_MODEL)[0]
    assert Parse.from_lists(parse.as_lists()) == parse
    assert parse.words[:3] == ("marie", "curie", "was")
    with pytest.raises(ValueError, match="not a parse"):
        Parse.from_lists([[1], [2]])
    with pytest.raises(ValueError, match="not a parse"):
        Parse.from_lists([[1, 2], *[[1]] * 7])


def test_a_text_parsed_alone_is_parsed_as_in_a_batch_of_one():
    assert parse_alone(TEXT, PARSER_MODEL) == parse_texts([TEXT], PARSER_MODEL)[0]


def test_no_folder_keeps_nothing(tmp_path):
    parse_cache.use_parse_cache(None)
    calls = []
    assert parse_cache.cached("p", TEXT, lambda t: calls.append(t) or 1, int, int) == 1
    assert parse_cache.cached("p", TEXT, lambda t: calls.append(t) or 1, int, int) == 1
    assert calls == [TEXT, TEXT] and not list(tmp_path.iterdir())


def test_a_cached_analysis_is_not_made_again(cache_in):
    calls = []

    def analyse(text):
        calls.append(text)
        return parse_of(parse_cache_pipeline()(text))

    first = parse_cache.cached("pipe", TEXT, analyse, Parse.as_lists, Parse.from_lists)
    again = parse_cache.cached("pipe", TEXT, analyse, Parse.as_lists, Parse.from_lists)
    assert again == first == parse_texts([TEXT], PARSER_MODEL)[0] and calls == [TEXT]
    # another pipeline's key is another entry
    parse_cache.cached("other", TEXT, analyse, Parse.as_lists, Parse.from_lists)
    assert len(calls) == 2 and sorted(p for p, _ in _rows(cache_in)) == ["other", "pipe"]


def parse_cache_pipeline():
    from fqa_build.swap.answerability.parse import _parser

    return _parser(PARSER_MODEL)


def test_a_damaged_row_is_analysed_again_and_replaced(cache_in, caplog):
    parse_cache.cached("p", TEXT, lambda t: [1, 2], list, list)
    with sqlite3.connect(str(cache_in / parse_cache.FILE_NAME)) as conn:
        conn.execute("UPDATE analyses SET analysis = '{not json'")
    parse_cache.use_parse_cache(None)
    parse_cache.use_parse_cache(cache_in)
    assert parse_cache.cached("p", TEXT, lambda t: [3], list, list) == [3]
    assert "the row of text" in caplog.text and "is damaged; parsing it again" in caplog.text
    assert _rows(cache_in) == [("p", "[3]")]


def test_a_damaged_file_is_moved_aside(tmp_path, caplog):
    (tmp_path / parse_cache.FILE_NAME).write_bytes(b"not a database at all" * 100)
    parse_cache.use_parse_cache(tmp_path)
    try:
        assert parse_cache.cached("p", TEXT, lambda t: [1], list, list) == [1]
    finally:
        parse_cache.use_parse_cache(None)
    assert (tmp_path / f"{parse_cache.FILE_NAME}.corrupt").exists()
    assert "parse cache" in caplog.text and "is damaged" in caplog.text


def test_a_forked_child_opens_its_own_connection(cache_in):
    parse_cache.cached("p", "parent", lambda t: [0], list, list)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: a connection of its own, its write seen by the parent
        try:
            ok = parse_cache.cached("p", "child", lambda t: [1], list, list) == [1]
            ok = ok and parse_cache._connection[0] == os.getpid()
            os.write(write, b"1" if ok else b"0")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1"
    assert parse_cache._connection is None  # the parent closed its own before the fork, and opens it again
    assert parse_cache.cached("p", "child", lambda t: [9], list, list) == [1]


def test_the_pipeline_key_names_the_model_its_version_and_the_ner():
    key = parse_cache.pipeline_key(PARSER_MODEL, with_ner=False)
    assert key.startswith(f"{PARSER_MODEL}==3.8.0|spacy==")
    assert key.endswith(f"|without-ner|format={parse_cache.ANALYSIS_FORMAT}")
    assert "|with-ner|" in parse_cache.pipeline_key(PARSER_MODEL, with_ner=True)
    # a model of no known version has no key: nothing of it is cached
    assert parse_cache.pipeline_key("no_such_model_package", with_ner=False) is None


def test_nothing_is_cached_without_a_key(cache_in):
    calls = []
    for _ in range(2):
        parse_cache.cached(None, TEXT, lambda t: calls.append(t) or [1], list, list)
    assert len(calls) == 2 and not (cache_in / parse_cache.FILE_NAME).exists()


def test_texts_are_embedded_as_in_one_batch():
    from fqa_build.bank.embeddings import embed

    texts = ["sings", "sung", "The river rises in the Alps.", "sings", ""]
    together = embed(texts)
    assert np.array_equal(embedded(texts), together, equal_nan=True)
    assert np.array_equal(embed(texts[:2]), together[:2])


def test_a_rebuild_with_every_text_cached_warms_its_stages_up(sample_build, tmp_path, monkeypatch):
    """NER finds every text in the cache, so the executor has no idle time to warm the stages up in: the pipeline
    warms each one up before it runs, and the reader's parses go to the build's cache folder."""
    from fqa_build import BuildConfig, run_build
    from fqa_build.swap.stage import SwapStage

    warmed = []
    original = SwapStage.warm_up
    monkeypatch.setattr(SwapStage, "warm_up", lambda self: warmed.append(self.name) or original(self))
    cache = sample_build.out.parent / "cache"
    built = run_build(BuildConfig(out=tmp_path / "out", cache_dir=cache, progress=False))
    # before its run (and once more, a no-op, while its workers run: the executor's first map is the swap's)
    assert warmed[:1] == ["swap"] and set(warmed) == {"swap"} and parse_cache._folder == cache
    assert (cache / parse_cache.FILE_NAME).exists()
    for name in ("train", "dev", "test"):
        for before in sorted((sample_build.out / "data").glob(f"{name}-*.parquet")):
            assert (built.out / "data" / before.name).read_bytes() == before.read_bytes()


def test_a_cache_that_cannot_be_written_is_said_once_and_parsed_without(tmp_path, caplog):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder should be", encoding="utf-8")
    parse_cache.use_parse_cache(blocked)
    try:
        calls = []
        for _ in range(2):
            assert parse_cache.cached("p", TEXT, lambda t: calls.append(t) or [1], list, list) == [1]
    finally:
        parse_cache.use_parse_cache(None)
    assert len(calls) == 2
    assert caplog.text.count("cannot be used") == 1 and "parsing without it" in caplog.text


def test_a_file_that_cannot_be_read_now_is_left_as_it_is(tmp_path, monkeypatch):
    path = tmp_path / parse_cache.FILE_NAME
    path.write_bytes(b"x" * 100)

    def locked(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(parse_cache.sqlite3, "connect", locked)
    assert parse_cache._damage(path) is None  # a lock says nothing of the file
