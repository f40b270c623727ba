from collections import Counter

from fqa_build.ner.cache import NerCache, cached_or_run
from fqa_build.release.splits import assign_split


def test_split_depends_only_on_group_and_seed():
    keys = [f"context-{i}" for i in range(20_000)]
    counts = Counter(assign_split(k, 42) for k in keys)
    assert set(counts) == {"train", "dev", "test"}
    assert abs(counts["train"] / 20_000 - 0.8) < 0.01 and abs(counts["dev"] / 20_000 - 0.1) < 0.01
    assert [assign_split(k, 42) for k in keys[:200]] != [assign_split(k, 7) for k in keys[:200]]


def test_ner_cache_roundtrip_and_only_missing_run(tmp_path):
    cache = NerCache(tmp_path / "c.sqlite")
    calls = []

    def run(texts):
        calls.append(list(texts))
        return [[(0, len(t), "ORG")] for t in texts]

    first = cached_or_run(cache, "m==1", {"b": "beta", "a": "alpha"}, run)
    assert first == {"a": [(0, 5, "ORG")], "b": [(0, 4, "ORG")]}
    assert calls == [["alpha", "beta"]]  # key order, not input order
    second = cached_or_run(cache, "m==1", {"a": "alpha", "c": "gamma"}, run)
    assert calls[-1] == ["gamma"] and second["a"] == [(0, 5, "ORG")]
    other_model = cached_or_run(cache, "m==2", {"a": "alpha"}, run)
    assert calls[-1] == ["alpha"] and other_model == {"a": [(0, 5, "ORG")]}
    cache.close()
    reopened = NerCache(tmp_path / "c.sqlite")
    assert reopened.get_many("m==1", ["a", "b", "c", "z"]) == {
        "a": [(0, 5, "ORG")],
        "b": [(0, 4, "ORG")],
        "c": [(0, 5, "ORG")],
    }


def test_disabled_cache_runs_everything():
    cache = NerCache(None)
    assert cached_or_run(cache, "m", {"a": "x"}, lambda texts: [[] for _ in texts]) == {"a": []}
    assert cache.get_many("m", ["a"]) == {}


def test_streamed_shards_equal_shards_written_whole(tmp_path):
    import faithfulness_qa as fqa
    from fqa_build.config import ShardLayout
    from fqa_build.release.parquet import ShardedWriter, write_split

    schema = fqa.arrow_schema(fqa.ENTITY_BANK_FEATURES)
    rows = [
        {
            "entity": f"E{i}",
            "entity_type": "GPE",
            "entity_kind": None,
            "entity_shape": "GPE|Cap",
            "person_gender": None,
            "frequency": i,
            "num_contexts": 1,
            "sources": ["squad"],
        }
        for i in range(105)
    ]
    for layout in (ShardLayout(), ShardLayout(max_rows_per_shard=50, row_group_size=20), ShardLayout(40, 40)):
        whole, streamed = tmp_path / f"w{layout.max_rows_per_shard}", tmp_path / f"s{layout.max_rows_per_shard}"
        names = write_split(whole, "entity_bank", "train", rows, schema, layout)
        writer = ShardedWriter(streamed, "entity_bank", "train", schema, layout)
        for row in rows:
            writer.add(row)
        assert writer.close() == names
        assert [(whole / n).read_bytes() for n in names] == [(streamed / n).read_bytes() for n in names]
    empty = ShardedWriter(tmp_path / "e", "data", "dev", schema, ShardLayout())
    assert empty.close() == ["data/dev-00000-of-00001.parquet"]
    assert (tmp_path / "e" / "data" / "dev-00000-of-00001.parquet").read_bytes() == (
        tmp_path / "e2" / write_split(tmp_path / "e2", "data", "dev", [], schema, ShardLayout())[0]
    ).read_bytes()
