"""The audit sheet and proxies, on a context_v8 build of the bundled sample (neighbour draws of dates and counts)."""

import json

import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.checks.audit import draw, draw_stratified, proxies, run_audit
from fqa_build.checks.validate import report, validate
from fqa_build.config import SubstitutionConfig


@pytest.fixture(scope="module")
def neighbours_build(tmp_path_factory):
    base = tmp_path_factory.mktemp("nb")
    # the TriviaQA evidence feeds the bank too (bank_corpus="all"), so the sample has a record with only aliases
    config = BuildConfig(
        out=base / "out",
        cache_dir=base / "cache",
        progress=False,
        bank_corpus="all",
        substitution=SubstitutionConfig(policy="context_v8"),
    )
    return run_build(config)


def test_neighbours_build_is_valid(neighbours_build):
    assert report(validate(neighbours_build.out)) == ""
    manifest = json.loads((neighbours_build.out / "build_manifest.json").read_text())
    assert manifest["policy"]["name"] == "context_v8" and manifest["embeddings"].startswith("wordllama==")


def test_proxies_hold_by_construction(neighbours_build):
    found = proxies(str(neighbours_build.out))
    assert found.rows == neighbours_build.stats["kept"] > 0
    assert found.kind_agreement == 1.0
    assert found.gender_agreement == 1.0
    assert found.gpe_pair_coherence is None  # the sample has no rewritten "City, State" pair
    assert (found.rows, found.aliases_excluded, found.only_aliases_rejections) == (60, 0, 1)
    assert (found.composed_names, found.made_replacements) == (6, 0)
    assert found.from_neighbours == 1.0 and found.alias_in_output == 0


def test_sheet_is_seeded_and_complete(neighbours_build, tmp_path):
    out = str(neighbours_build.out)
    assert [r["id"] for r in draw(out, 10, 7)] != [r["id"] for r in draw(out, 10, 8)]
    path, _ = run_audit(out, 10, 7, str(tmp_path / "new" / "folder" / "sheet.md"))  # folders made as needed
    text = path.read_text()
    assert text.startswith("# Audit sheet: 10 records, seed 7")
    assert text.count("\nCounterfactual context: ") == 10
    first = draw(out, 10, 7)[0]
    assert f"**{first['replacement_entity']}**" in text and first["question"] in text
    # whole contexts, and nothing a blind judge must not see (QUALITY.md)
    assert f"Original context: {first['original_context'][:40]}" in text.replace("**", "")
    records = text.split("## The records", 1)[1]
    for hidden in ("context_v8", first["entity_type"] + ",", "kind ", "similarity", "en_core_web"):
        assert hidden not in records, hidden


def test_the_default_sheet_lies_beside_the_build_not_in_it(neighbours_build):
    # a sheet inside the release folder was deleted by the next rebuild (or could be pushed)
    out = neighbours_build.out
    path, _ = run_audit(str(out), 2, 11, None)
    assert path == out.resolve().parent / f"{out.name}-audit-seed11.md" and path.exists()
    assert not list(out.glob("*audit*"))


def test_sheet_carries_the_rubric(neighbours_build, tmp_path):
    path, _ = run_audit(str(neighbours_build.out), 3, 1, str(tmp_path / "sheet.md"))
    text = path.read_text()
    rubric = text.split("## The records", 1)[0]
    for criterion in ("**A well-formed**", "**B type-fit**", "**C consistent**", "**D answerable**", "**usable**"):
        assert criterion in rubric
    assert text.count("\n### ") == 3


def test_stratified_sheet_draws_each_type_from_every_build(neighbours_build, tmp_path):
    out = str(neighbours_build.out)
    rows = draw_stratified([out, out], 2, 5, ["PERSON", "DATE", "EVENT"])
    types = sorted(r["entity_type"] for r in rows)
    assert types == ["DATE", "DATE", "PERSON", "PERSON"]  # the sample swaps no event
    assert [r["id"] for r in rows] == [r["id"] for r in draw_stratified([out, out], 2, 5, ["PERSON", "DATE", "EVENT"])]
    path, _ = run_audit(out, 120, 5, str(tmp_path / "s.md"), per_type=1, types=["DATE"], more=[out])
    assert path.read_text().count("\n### ") == 1


def test_proxies_read_the_policy_from_the_manifest(sample_build, tmp_path):
    import shutil

    from fqa_build.checks.audit import AuditError

    copy = tmp_path / "copy"
    shutil.copytree(sample_build.out, copy)
    (copy / "build_manifest.json").unlink()
    with pytest.raises(AuditError, match=r"not a build folder \(no build_manifest.json to read the build's policy"):
        proxies(str(copy))
