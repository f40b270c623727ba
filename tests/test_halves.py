"""The development and held-out halves (fqa_build/halves.py): a stable hash of the article, one half per article,
the same on every machine; the audit draws from one half only."""

from __future__ import annotations

import json

import pytest

from fqa_build.checks.audit import draw, draw_stratified
from fqa_build.config import SubstitutionConfig
from fqa_build.halves import Half, group_key, half_of, row_half

from .conftest import SQUAD_DEV


def test_the_group_is_the_evidence_page_then_the_title_then_the_passage():
    assert group_key("Super_Bowl_50", "ctx") == "title:super bowl 50"
    assert group_key("Super Bowl 50", "other ctx") == group_key("super_bowl_50", "ctx")
    assert group_key("Normans", "ctx", evidence_title="Norman conquest") == "title:norman conquest"
    assert (
        group_key("", "abc")
        == group_key(None, "abc")
        == ("passage:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    )


def test_halves_are_pinned_by_a_stable_hash():
    # exact halves of four SQuAD dev articles: a changed salt or key moves them and fails here
    assert [half_of(t, "") for t in ("Super_Bowl_50", "Normans", "Computational_complexity_theory", "Warsaw")] == [
        Half.DEVELOPMENT,
        Half.HELD_OUT,
        Half.HELD_OUT,
        Half.DEVELOPMENT,
    ]


def test_every_question_of_an_article_is_in_its_half():
    rows = [{"title": "Normans", "original_context": f"paragraph {i}", "evidence_title": None} for i in range(5)]
    assert {row_half(r) for r in rows} == {Half.HELD_OUT}


@pytest.mark.slow
@pytest.mark.real_data
def test_squad_dev_splits_near_half_by_articles():
    data = json.loads(SQUAD_DEV.read_text(encoding="utf-8"))["data"]
    halves = [half_of(article["title"], "") for article in data]
    assert (halves.count(Half.DEVELOPMENT), halves.count(Half.HELD_OUT)) == (24, 24)


@pytest.mark.slow
def test_the_audit_draws_from_one_half(sample_build):
    out = str(sample_build.out)
    held = draw(out, 1000, 7, Half.HELD_OUT)
    development = draw(out, 1000, 7, Half.DEVELOPMENT)
    every = draw(out, 1000, 7)
    assert held and development
    assert {row_half(r) for r in held} == {Half.HELD_OUT} and {row_half(r) for r in development} == {Half.DEVELOPMENT}
    assert len(held) + len(development) == len(every)
    stratified = draw_stratified([out], 3, 7, half=Half.HELD_OUT)
    assert stratified and {row_half(r) for r in stratified} == {Half.HELD_OUT}


@pytest.mark.slow
def test_a_random_sheet_draws_from_every_build_named(sample_build, sample_build_v1):
    one, two = str(sample_build.out), str(sample_build_v1.out)
    both = draw(one, 10_000, 3, more=[two])
    assert len(both) == len(draw(one, 10_000, 3)) + len(draw(two, 10_000, 3))
    assert {r["policy"] for r in both} == {SubstitutionConfig().policy, "type_shape_v1"}
