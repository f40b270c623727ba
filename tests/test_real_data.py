"""Builds on the real data in ../shared/data (skipped, with the reason, where that folder is absent)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from build import BuildConfig, run_build
from build.bank.shapes import has_digits, is_year
from build.qa.row_invariants import row_violations
from build.qa.validate import report, validate
from build.release.read_back import read_rows

from .conftest import SQUAD_DEV, TRIVIA_RC, require_shared, run_build_cli

pytestmark = [pytest.mark.slow, pytest.mark.real_data]


@pytest.fixture(scope="module")
def squad_dev_build(tmp_path_factory):
    require_shared(SQUAD_DEV)
    base = tmp_path_factory.mktemp("squad_dev")
    return run_build(
        BuildConfig(
            out=base / "out", sources=(f"squad:{SQUAD_DEV}",), workers=2, cache_dir=base / "cache", progress=False
        )
    )


def test_squad_dev_default_policy_keeps_1558_of_10570(squad_dev_build):
    # the default, context_v13: context_v12's 1,583 rows (context_v10's 1,082 and what its shifted timelines, made
    # values, organisation classes, persons named in part and relabelled names add; docs/policies.md, "Coverage")
    # less those whose passage does not name one answer (docs/answerability.md): 1,558 (14.7%)
    squad = squad_dev_build.stats["sources"]["squad"]
    assert squad["total"] == 10_570
    assert squad["kept"] == 1_558
    rejected = squad["rejected"]
    assert (rejected["question_asks_for_any"], rejected["question_asks_for_two"], rejected["question_yes_no"]) == (
        20,
        3,
        2,
    )
    assert (rejected["reader_prefers_rival"], rejected["reader_prefers_rival_after_swap"]) == (13, 1)
    assert squad["kept"] + sum(squad["rejected"].values()) == squad["total"]
    assert squad["rejected"]["duplicate_question"] == 39
    assert squad_dev_build.stats["entity_types"] == {
        "CARDINAL": 88,
        "DATE": 654,
        "EVENT": 1,
        "GPE": 15,
        "LOC": 4,
        "MONEY": 66,
        "NORP": 1,
        "ORDINAL": 8,
        "ORG": 93,
        "PERCENT": 64,
        "PERSON": 476,
        "QUANTITY": 70,
        "TIME": 18,
    }


def test_squad_dev_previous_default_keeps_every_row_of_context_v8(squad_dev_build, tmp_path):
    # context_v9 changes none of context_v8's 1,111 rows, and adds three persons where the article had too few
    # persons to compose a name from (the corpus's nearest persons give the parts)
    v8 = _dev_build(squad_dev_build, tmp_path / "v8", "context_v8")
    v9 = _dev_build(squad_dev_build, tmp_path / "v9", "context_v9")
    assert (v8.stats["kept"], v9.stats["kept"]) == (1_111, 1_154)

    def swaps(out, types):
        return {
            r["id"]: (r["replacement_entity"], r["context"], r["answers"])
            for _, r in read_rows(str(out))
            if r["entity_type"] in types
        }

    kept_types = {"PERSON", "DATE", "CARDINAL"}
    old, new = swaps(v8.out, kept_types), swaps(v9.out, kept_types)
    assert all(new[key] == value for key, value in old.items())
    assert sorted(new[key][0] for key in set(new) - set(old)) == ["Jerome Schumpeter", "Paul Chibnall", "William Rorty"]


def test_squad_dev_type_shape_keeps_5601_of_10570(squad_dev_build, tmp_path):
    # 5,603 (53.0%) at first; the one year pattern then dropped two swaps of year cores that were no
    # years ("last 7000 years" -> "last 1884 years", "7500 yr ago" -> "1825 yr ago"): 5,601 (52.99%)
    result = _dev_build(squad_dev_build, tmp_path / "ts", "type_shape_v1")
    squad = result.stats["sources"]["squad"]
    assert squad["kept"] == 5_601
    rows = [row for _, row in read_rows(str(result.out))]
    types = Counter(r["entity_type"] for r in rows)
    assert set(types) == {"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT"}
    assert report(validate(result.out)) == ""


def test_squad_dev_build_validates(squad_dev_build):
    # among the rules: the new entity at every answer_start, no original entity or leftover surname, nothing
    # glued into a word, no context in two splits, years stay years, digits stay digits
    assert {rule: items for rule, items in validate(squad_dev_build.out).items() if items} == {}


def test_squad_dev_shape_rules_directly(squad_dev_build):
    rows = [row for _, row in read_rows(str(squad_dev_build.out))]
    years = [r for r in rows if is_year(r["original_entity"])]
    assert len(years) > 400 and all(is_year(r["replacement_entity"]) for r in years)
    # a year moves at most a decade under the default policy (a shifted timeline: 1 to 3 years, or a decade)
    assert all(abs(int(r["replacement_entity"]) - int(r["original_entity"])) <= 10 for r in years)
    digit_rows = [r for r in rows if r["entity_type"] in ("DATE", "CARDINAL") and has_digits(r["original_entity"])]
    assert all(has_digits(r["replacement_entity"]) for r in digit_rows)
    types = Counter(r["entity_type"] for r in rows)
    values = {"MONEY", "ORDINAL", "PERCENT", "QUANTITY", "TIME"}  # the default makes values
    assert set(types) == {"PERSON", "GPE", "ORG", "DATE", "CARDINAL", "NORP", "LOC", "EVENT", *values}


def test_squad_dev_splits_are_80_10_10_by_title(squad_dev_build):
    # no context, no article and no question in two splits (build/read/split_groups.py)
    contexts, titles, questions = {}, {}, {}
    for split, row in read_rows(str(squad_dev_build.out)):
        contexts.setdefault(row["original_context"], set()).add(split)
        titles.setdefault(row["title"], set()).add(split)
        questions.setdefault(row["source_id"], set()).add(split)
    assert all(len(s) == 1 for groups in (contexts, titles, questions) for s in groups.values())
    share = Counter(next(iter(s)) for s in titles.values())
    assert share == {"train": 39, "dev": 3, "test": 6}  # of the 48 titles: 81% / 6% / 12%


def test_squad_dev_byte_identical_with_other_workers_and_hash_seed(squad_dev_build, tmp_path):
    run_build_cli(
        "--source",
        f"squad:{SQUAD_DEV}",
        "--out",
        str(tmp_path / "again"),
        "--workers",
        "1",
        "--no-cache",
        "--no-progress",
        "--log-level",
        "ERROR",
        hash_seed="4242",
    )
    for name in (
        "data/train-00000-of-00001.parquet",
        "data/dev-00000-of-00001.parquet",
        "data/test-00000-of-00001.parquet",
        "entity_bank/train-00000-of-00001.parquet",
        "build_stats.json",
    ):
        assert (squad_dev_build.out / name).read_bytes() == (tmp_path / "again" / name).read_bytes(), name


def _dev_build(squad_dev_build, out, policy: str):
    """SQuAD dev under `policy`; reuses the first build's NER cache."""
    from build.config import SubstitutionConfig

    return run_build(
        BuildConfig(
            out=out,
            sources=(f"squad:{SQUAD_DEV}",),
            workers=2,
            cache_dir=squad_dev_build.out.parent / "cache",
            progress=False,
            substitution=SubstitutionConfig(policy=policy),
        )
    )


def _dev_build_with_train_bank(squad_dev_build, out, policy: str):
    """SQuAD dev under `policy`, the SQuAD train slice enlarging the bank; reuses the first build's NER cache."""
    from build.config import SubstitutionConfig

    train_slice = SQUAD_DEV.parent / "train-v1.1.du2017-test-slice.json"
    return run_build(
        BuildConfig(
            out=out,
            sources=(f"squad:{SQUAD_DEV}",),
            bank_sources=(f"squad:{train_slice}",),
            workers=2,
            cache_dir=squad_dev_build.out.parent / "cache",
            progress=False,
            substitution=SubstitutionConfig(policy=policy),
        )
    )


@pytest.fixture(scope="module")
def v8_train_bank_build(squad_dev_build, tmp_path_factory):
    """SQuAD dev under context_v8 with the train slice's bank: built once, read by two tests."""
    return _dev_build_with_train_bank(squad_dev_build, tmp_path_factory.mktemp("v8_train_bank") / "v8", "context_v8")


def test_squad_dev_previous_default_policy(v8_train_bank_build):
    from build.qa.audit import proxies

    result = v8_train_bank_build
    assert result.stats["entity_bank"]["contexts"] > 4000
    assert report(validate(result.out)) == ""
    found = proxies(str(result.out))
    assert (found.kind_agreement, found.gender_agreement, found.gpe_pair_coherence) == (1.0, 1.0, None)  # no GPE
    assert found.from_neighbours == 1.0 and found.alias_in_output == 0
    # every column carries data somewhere (a renamed Sample field would leave one all null)
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    table = pq.read_table(result.out / "data")
    # (a SQuAD build has no TriviaQA window: `evidence_title` and `window_score` are null in it)
    assert [name for name in table.column_names if pc.all(pc.is_null(table[name])).as_py()] == [
        "evidence_title",
        "window_score",
    ]


def test_trivia_qa_rc_sample(tmp_path):
    require_shared(TRIVIA_RC)
    result = run_build(
        BuildConfig(out=tmp_path / "out", sources=(f"trivia_qa:{TRIVIA_RC}",), cache_dir=None, progress=False)
    )
    trivia = result.stats["sources"]["trivia_qa"]
    assert trivia["total"] == 11
    assert trivia["rejected"]["no_wikipedia_evidence"] == 3 and trivia["rejected"]["duplicate_id"] == 2
    rows = [row for _, row in read_rows(str(result.out))]
    assert all(not row_violations(r) for r in rows)
    assert all(len(r["original_context"]) <= 1600 + 200 for r in rows)
    manifest = json.loads((result.out / "build_manifest.json").read_text())
    assert "qa/wikipedia-dev.json" in manifest["inputs"][0]["files"]
    # context_v10 keeps one (context_v9 two, context_v8 none): David Soul's birthplace as a town of Illinois; the
    # Super Bowl XX winner is one of a pair of teams its sentence names (`answer_not_coordinated`)
    assert sorted((r["original_entity"], r["replacement_entity"]) for r in rows) == [("Chicago", "Joliet")]


#: the rc sample's kept questions (type_shape_v1, SQuAD dev in the bank), hand-checked: the page each window
#: comes from and the subject of the question the window names ("Where in England was Dame Judi Dench
#: born?" drew a window on York's Roman history from England.txt before)
RC_WINDOWS = {
    "Who won Super Bowl XX?": ("Super Bowl XX", "Super Bowl XX"),
    "Where in England was Dame Judi Dench born?": ("Judi Dench", "Dench"),
    "Who was the next British Prime Minister after Arthur Balfour?": ("Arthur Balfour", "Balfour"),
    "From which country did Angola achieve independence in 1975?": ("Angolan Civil War", "Angola"),
    "Which city does David Soul come from?": ("David Soul", "David Soul"),
}


def test_trivia_qa_rc_windows_name_their_question_s_subject(squad_dev_build, tmp_path):
    from build.config import SubstitutionConfig

    require_shared(TRIVIA_RC)
    result = run_build(
        BuildConfig(
            out=tmp_path / "rc",
            sources=(f"trivia_qa:{TRIVIA_RC}",),
            bank_sources=(f"squad:{SQUAD_DEV}",),
            cache_dir=squad_dev_build.out.parent / "cache",
            progress=False,
            substitution=SubstitutionConfig(policy="type_shape_v1"),
        )
    )
    rows = {row["question"]: row for _, row in read_rows(str(result.out))}
    assert set(rows) == set(RC_WINDOWS)
    for question, (title, subject) in RC_WINDOWS.items():
        row = rows[question]
        assert (row["evidence_title"], row["title"]) == (title, title)
        assert subject in row["original_context"] and row["window_score"] > 0


def test_squad_as_trivia_qa_windows_rest_on_the_question_s_paragraph(squad_dev_build, tmp_path):
    # SQuAD dev's first 12 articles as TriviaQA (one evidence page per article, aliases = gold answers), built from
    # TriviaQA sources only (the bank is the windows): the swapped mention lies in the question's own paragraph in
    # at least 95% of kept samples (the whole file, before relevance windows: type_shape_v1 5,559 kept,
    # 95.0% in the paragraph; context_v8 1,003, 96.5%; 12 articles keep CI's NER of the windows short)
    from build.config import SubstitutionConfig
    from build.qa.squad_as_trivia import paragraph_share, write_squad_as_trivia

    write_squad_as_trivia(SQUAD_DEV, tmp_path / "sat", limit_articles=12)
    result = run_build(
        BuildConfig(
            out=tmp_path / "context_v8",
            sources=(f"trivia_qa:{tmp_path / 'sat'}",),
            workers=2,
            cache_dir=squad_dev_build.out.parent / "cache",
            progress=False,
            substitution=SubstitutionConfig(policy="context_v8"),
        )
    )
    assert (result.stats["total"], result.stats["sources"]["trivia_qa"]["rejected"]["no_relevant_window"]) == (
        3_468,
        40,
    )
    assert paragraph_share(result.out, tmp_path / "sat") == {"kept": 366, "in_paragraph": 348, "share": 0.9508}


def test_squad_dev_card_recounts(squad_dev_build):
    from .test_card import assert_card_recounts

    assert_card_recounts(squad_dev_build.out)


def test_snippet_ner_agrees_with_whole_context_ner_on_squad_dev(squad_dev_build):
    # the 99% bar of running NER on the sentences around the answers instead of whole contexts
    from build.qa.agreement import snippet_agreement

    found = snippet_agreement(
        BuildConfig(
            out=squad_dev_build.out.parent / "unused",
            sources=(f"squad:{SQUAD_DEV}",),
            workers=2,
            cache_dir=squad_dev_build.out.parent / "cache",
            progress=False,
        )
    )
    assert found["questions"] == 10_570
    assert found["answer_entity_agreement"] >= 0.99
    assert found["sample_agreement"] >= 0.99


def test_squad_dev_default_policy_with_train_bank_is_the_audited_build(v8_train_bank_build):
    # the build of the blind audit of context_v8 (seed 5158): 1,110 rows, every proxy at 100%, every person a
    # composed name the bank does not know
    from build.qa.audit import proxies

    result = v8_train_bank_build
    assert result.stats["kept"] == 1_110
    assert report(validate(result.out)) == ""
    found = proxies(str(result.out))
    assert (found.kind_agreement, found.gender_agreement, found.alias_in_output) == (1.0, 1.0, 0)
    assert found.composed_names == 407 and found.from_neighbours == 1.0
    bank = {row["entity"] for _, row in read_rows(str(result.out), "entity_bank")}
    persons = [row for _, row in read_rows(str(result.out)) if row["entity_type"] == "PERSON"]
    assert len(persons) == 407 and not any(row["replacement_entity"] in bank for row in persons)


def test_squad_dev_default_policy_with_train_bank_is_the_audited_build_of_v9(squad_dev_build, tmp_path):
    # the build of the blind audits of context_v9 (seeds 9301, 9302, 9303), as the last refinements left it: 1,151
    # rows, every proxy at 100%, 411 composed persons and 37 made replacements whose kind their names show
    from build.qa.audit import proxies

    result = _dev_build_with_train_bank(squad_dev_build, tmp_path / "v9", "context_v9")
    assert result.stats["kept"] == 1_151
    assert report(validate(result.out)) == ""
    found = proxies(str(result.out))
    assert (found.kind_agreement, found.gender_agreement, found.alias_in_output) == (1.0, 1.0, 0)
    assert (found.composed_names, found.made_replacements, found.from_neighbours) == (411, 37, 1.0)
