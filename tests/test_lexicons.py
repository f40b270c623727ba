"""Lexicons: every data file loads, names its source, holds sorted unique entries; the NORP lists are disjoint;
a few exact lookups."""

import pytest

from fqa_build.bank.entity_kinds import entity_kind, head_word, norp_kind
from fqa_build.gazetteers.places import demonym, fold
from fqa_build.lexicons import LEXICON_DIR, grouped, table, word_map, word_set

FILES = sorted(p for p in LEXICON_DIR.iterdir() if p.suffix in (".txt", ".tsv"))
GROUPED = ("heads",)  # label -> words; every other .tsv maps a key to one value or is a table
TABLES = {"countries": 4, "closed_classes": 7}  # key -> several columns
NORP_LISTS = ("nationalities", "ethnic_groups", "continental", "religions", "political")


def _entries(path):
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]


def test_every_lexicon_is_a_txt_or_tsv_file():
    assert FILES
    assert {p.name for p in LEXICON_DIR.iterdir() if p.is_file()} - {p.name for p in FILES} == {"__init__.py"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_file_loads_and_has_a_header_naming_its_source(path):
    if path.suffix == ".txt":
        assert word_set(path.stem)
    elif path.stem in GROUPED:
        assert grouped(path.stem)
    elif path.stem in TABLES:
        assert table(path.stem, TABLES[path.stem])
    else:
        assert word_map(path.stem)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")
    header = [line for line in lines if line.startswith("#")]
    assert any(line.startswith("# Source: ") for line in header)
    assert lines[: len(header)] == header  # the header comes first, nothing is commented out further down


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_entries_are_sorted_unique_and_clean(path):
    entries = _entries(path)
    assert entries == sorted(entries)
    # the code looks names up case- and dot-insensitively, so "U.S." and "US" would be one entry twice
    keys = [entry.casefold().replace(".", "") for entry in entries]
    if path.suffix == ".tsv" and path.stem not in GROUPED:
        firsts = [key.split("\t")[0] for key in keys]
        assert len(firsts) == len(set(firsts))
    else:
        assert len(keys) == len(set(keys))
    for entry in entries:
        assert all(cell == cell.strip() and cell for cell in entry.split("\t"))


def test_norp_lists_are_disjoint():
    lists = {name: word_set(name) for name in NORP_LISTS}
    for a in NORP_LISTS:
        for b in NORP_LISTS:
            if a < b:
                assert not lists[a] & lists[b], (a, b, sorted(lists[a] & lists[b]))


def test_head_synonyms_name_known_heads():
    heads = frozenset().union(*grouped("heads").values())
    assert set(word_map("head_synonyms").values()) <= heads


def test_a_malformed_row_is_reported_with_its_file_and_line(tmp_path, monkeypatch):
    import fqa_build.lexicons as lexicons

    (tmp_path / "broken.tsv").write_text("# header\n# Source: a test\nkey\tvalue\nonly-a-key\n", encoding="utf-8")
    monkeypatch.setattr(lexicons, "LEXICON_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"broken\.tsv:4: expected 2"):
        lexicons.word_map("broken")


def test_exact_lookups():
    heads = grouped("heads")
    assert "river" in heads["LOC"] and "river" not in heads["ORG"]
    assert "church" in heads["ORG"] and "church" in heads["FAC"]
    assert word_map("head_synonyms")["ltd"] == "company"
    assert word_map("continent_codes")["europe"] == "EU"
    assert demonym("France") == "French"
    assert demonym("U.S.") == "American"
    assert fold("U.S.A.") == "usa"
    assert head_word("Mt. Everest") == "mountain"
    assert head_word("Acme Ltd.") == "company"
    assert entity_kind("Nervión River", "LOC") == "river"
    assert entity_kind("Soviet Union", "GPE") == "country"  # from extra_countries.txt
    assert norp_kind("Zulu") == "ethnic"
    assert norp_kind("Kenyan") == "nationality"
    assert norp_kind("Europeans") == "continental"
    assert norp_kind("Hebrews") == "religion"
