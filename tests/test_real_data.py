"""Builds on the real data in ../shared/data (skipped, with the reason, where that folder is absent)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from fqa_build import BuildConfig, run_build
from fqa_build.bank.shapes import has_digits, is_year
from fqa_build.checks.row_invariants import row_violations
from fqa_build.checks.validate import report, validate
from fqa_build.release.read_back import read_rows

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


def test_squad_dev_default_policy_keeps_1572_of_10570(squad_dev_build):
    # the default, context_v16: context_v15's 1,579 rows (context_v14's 1,553, 73 of them money and quantities now
    # scaled with their passages' other amounts, 27 more rows whose ties scaling keeps and 1 percentage two amounts
    # give dropped: docs/policies.md, "Amounts scaled together"), less 8 whose swap breaks arithmetic the passage
    # states (10 + 18 = 28 years, 1,000 + 500 = 1,500, 27 + 18 = 45 punts, 757.7 + 116.7 = 874.3 square miles doubled
    # past its rounding, three railway gauges against their feet and inches, a height), plus 1 volume now read with
    # its unit ("cubic feet"; docs/policies.md, "The arithmetic a passage states"): 1,572
    squad = squad_dev_build.stats["sources"]["squad"]
    assert squad["total"] == 10_570
    assert squad["kept"] == 1_572
    assert squad["rejected_by_rule"]["stated_arithmetic_broken"] == {"stated_arithmetic_kept": 8}
    assert squad["rejected_by_rule"]["share_tied_to_stated_numbers"] == {"share_agrees_with_its_numbers": 22}
    assert squad["rejected_by_rule"]["percent_of_stated_amounts"] == {"percent_not_of_amounts": 1}
    rejected = squad["rejected"]
    # 20, 3 and 2 while a hand-ordered table ran the rules; run by stage, after= and place (issue 36) 96 of the
    # 9,012 rejections are counted under another rule's reason, and the rows are the same bytes
    assert (rejected["question_asks_for_any"], rejected["question_asks_for_two"], rejected["question_yes_no"]) == (
        25,
        3,
        4,
    )
    assert (rejected["reader_prefers_rival"], rejected["reader_prefers_rival_after_swap"]) == (13, 1)
    assert squad["kept"] + sum(squad["rejected"].values()) == squad["total"]
    assert squad["rejected"]["duplicate_question"] == 39
    assert squad_dev_build.stats["entity_types"] == {
        "CARDINAL": 87,
        "DATE": 653,
        "EVENT": 1,
        "GPE": 15,
        "LOC": 4,
        "MONEY": 74,
        "NORP": 1,
        "ORDINAL": 8,
        "ORG": 93,
        "PERCENT": 62,
        "PERSON": 476,
        "QUANTITY": 80,
        "TIME": 18,
    }


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
    # no context, no article and no question in two splits (fqa_build/read/split_groups.py)
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
    from fqa_build.config import SubstitutionConfig

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
    from fqa_build.config import SubstitutionConfig

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


def test_squad_dev_default_policy_with_the_train_slice_bank(squad_dev_build, tmp_path):
    # the bank also from the SQuAD train slice (as the blind audits of context_v8 and context_v9 were built): 1,567
    # rows (context_v15 1,574), valid (a share kept as another quantity's is no original left; a scaled number may
    # gain its thousands separator), 464 composed persons and 114 made replacements; 43% of the drawn rows from the
    # neighbours, fewer than context_v14's 44% as the scaled amounts join the rows no neighbour draws (context_v15
    # 42.97%)
    from fqa_build.checks.audit import proxies

    result = _dev_build_with_train_bank(squad_dev_build, tmp_path / "tb", "context_v16")
    assert (result.stats["kept"], result.stats["entity_bank"]["contexts"]) == (1_567, 4_496)
    assert report(validate(result.out)) == ""
    found = proxies(str(result.out))
    assert (found.composed_names, found.made_replacements, found.from_neighbours) == (464, 114, 0.4307)
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
    from fqa_build.config import SubstitutionConfig

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
    # 93.7% of the default's kept samples (type_shape_v1 93.4%, the retired context_v8 95.1%; the whole file, before
    # relevance windows: type_shape_v1 5,559 kept, 95.0%; 12 articles keep CI's NER of the windows short); 540 kept
    # under context_v16 (context_v15 545, context_v14 537: the arithmetic the windows state kept)
    from fqa_build.checks.squad_as_trivia import paragraph_share, write_squad_as_trivia

    write_squad_as_trivia(SQUAD_DEV, tmp_path / "sat", limit_articles=12)
    result = run_build(
        BuildConfig(
            out=tmp_path / "out",
            sources=(f"trivia_qa:{tmp_path / 'sat'}",),
            workers=2,
            cache_dir=squad_dev_build.out.parent / "cache",
            progress=False,
        )
    )
    assert (result.stats["total"], result.stats["sources"]["trivia_qa"]["rejected"]["no_relevant_window"]) == (
        3_468,
        40,
    )
    assert paragraph_share(result.out, tmp_path / "sat") == {"kept": 540, "in_paragraph": 506, "share": 0.937}


def test_squad_dev_card_recounts(squad_dev_build):
    from .test_card import assert_card_recounts

    assert_card_recounts(squad_dev_build.out)


def test_snippet_ner_agrees_with_whole_context_ner_on_squad_dev(squad_dev_build):
    # the 99% bar of running NER on the sentences around the answers instead of whole contexts
    from fqa_build.checks.agreement import snippet_agreement

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
