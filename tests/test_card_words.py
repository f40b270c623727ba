"""The card's words match its data: the citation names the repo it is rendered for, the replacements are said
to be drawn or made with counts, the bank's entities without a kind are counted, the audit says on what it was
measured, and a build without a split does not promise it."""

from __future__ import annotations

import pyarrow.parquet as pq

from build.qa.evaluate import baseline_scores
from build.release.card import CardOptions, render_text
from build.release.card_stats import collect_statistics


def _body(text: str) -> str:
    return text.split("\n---\n", 1)[1]


def test_the_citation_names_the_repo_the_card_is_rendered_for(sample_build):
    text = render_text(
        collect_statistics(sample_build.out, baseline_scores), CardOptions(repo_id="acme/faithfulness-qa")
    )
    assert "howpublished = {\\url{https://huggingface.co/datasets/acme/faithfulness-qa}}" in text
    assert "datasets/faithfulness-qa/faithfulness-qa" not in text


def test_replacements_are_counted_as_bank_entries_or_made_per_type(sample_build):
    stats = collect_statistics(sample_build.out, baseline_scores)
    rows = pq.read_table(sample_build.out / "data").to_pylist()
    bank = {(r["entity_type"], r["entity"]) for r in pq.read_table(sample_build.out / "entity_bank").to_pylist()}
    expected: dict[str, list[int]] = {}
    for row in rows:
        counts = expected.setdefault(row["entity_type"], [0, 0])
        counts[0] += (row["entity_type"], row["replacement_entity"]) in bank
        counts[1] += 1
    # the default (context_v12) shifts dates with their timeline: half of them are years no bank entry equals
    assert stats["drawn_by_type"] == {
        "DATE": (25, 50),
        "CARDINAL": (9, 9),
        "GPE": (0, 6),
        "PERSON": (0, 6),
        "QUANTITY": (0, 2),
        "TIME": (0, 1),
    }
    assert {t: tuple(c) for t, c in expected.items()} == stats["drawn_by_type"]
    body = _body(render_text(stats, CardOptions()))
    assert "Of the 74 replacements, **34 are entries of the typed entity bank**" in body
    assert "and **40\nwere composed or made for the row**" in body
    assert (
        "by type:\nDATE 25 of 50, CARDINAL 9 of 9, GPE 0 of 6, PERSON 0 of 6, QUANTITY 0 of 2, TIME 0 of 1.\n" in body
    )
    assert "drawn from a typed entity bank;" not in body


def test_the_bank_line_counts_the_entities_without_a_kind(sample_build):
    body = _body(render_text(collect_statistics(sample_build.out, baseline_scores), CardOptions()))
    expected = (
        "Entity bank: 318 entities: 277 in 42 (type, kind) classes, 41 with no kind (no kind evidence classes them)."
    )
    assert expected in body


def test_the_audit_says_on_which_policy_half_and_sources_it_was_measured(sample_build):
    body = _body(render_text(collect_statistics(sample_build.out, baseline_scores), CardOptions()))
    assert (
        "Conditions: every record judged is a row this build's policy, `context_v13`, makes with its 170 rules, from "
        "the held-out half of their sources (articles no rule was written from). Records of this build's sources on "
        "it: squad 54/60 usable. No record of `trivia_qa` was on the sheet: for that source the share is measured on "
        "others, not on this build's rows."
    ) in body


def test_a_build_without_a_split_does_not_promise_it(sample_build):
    # as the card of a build too small to give dev a context sees it (the split is left out of its configs)
    stats = dict(collect_statistics(sample_build.out, baseline_scores), split_names=["train", "test"])
    body = _body(render_text(stats, CardOptions()))
    assert '# config "default": splits train, test' in body
    assert "The split names are `train` and `test` (not `validation`): this build has no `dev` split" in body
    assert "`train`, `dev` and `test`" not in body
