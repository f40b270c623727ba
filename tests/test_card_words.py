"""The card's words match its data: the citation names the repo it is rendered for, the replacements are said
to be drawn or made with counts, the bank's entities without a kind are counted, the audit says on what it was
measured, and a build without a split does not promise it."""

from __future__ import annotations

import pyarrow.parquet as pq

from fqa_build.checks.evaluate import baseline_scores
from fqa_build.release.card import CardOptions, render_text
from fqa_build.release.card_stats import collect_statistics


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
    assert "- **The new answers:** 34 are names, dates and numbers the sources use elsewhere" in body
    assert "; 40 were invented for the row (person names put together" in body
    assert (
        "by type:\nDATE 25 of 50, CARDINAL 9 of 9, GPE 0 of 6, PERSON 0 of 6, QUANTITY 0 of 2, TIME 0 of 1.\n" in body
    )
    assert "drawn from a typed entity bank;" not in body


def test_the_bank_line_counts_the_entities_without_a_kind(sample_build):
    body = _body(render_text(collect_statistics(sample_build.out, baseline_scores), CardOptions()))
    expected = (
        "Entity bank: 318 entities: 277 in 42 (type, kind) classes, 41 with no kind (nothing in their text or the "
        "lexicons classes them)."
    )
    assert expected in body


def test_the_audit_says_on_which_policy_half_and_sources_it_was_measured(sample_build):
    body = _body(render_text(collect_statistics(sample_build.out, baseline_scores), CardOptions()))
    assert (
        "Conditions: every record judged is a row this build's policy, `context_v18`, makes with its 174 rules, from "
        "the held-out half of their sources (articles no rule was written from). Records of this build's sources on "
        "it: squad 75/80 usable. No record of `trivia_qa` was on the sheet: for that source the share is measured on "
        "others, not on this build's rows."
    ) in body


def test_a_build_without_a_split_does_not_promise_it(sample_build):
    # as the card of a build too small to give dev a context sees it (the split is left out of its configs)
    stats = dict(collect_statistics(sample_build.out, baseline_scores), split_names=["train", "test"])
    body = _body(render_text(stats, CardOptions()))
    assert '# config "default": splits train, test' in body
    assert "The split names are `train` and `test` (not `validation`): this build has no `dev` split" in body
    assert "`train`, `dev` and `test`" not in body


def test_the_card_command_refuses_a_hand_edited_card_unless_forced(sample_build, tmp_path, caplog):
    import shutil

    from fqa_build.cli import main

    out = tmp_path / "out"
    shutil.copytree(sample_build.out, out)
    card = out / "README.md"
    edited = card.read_text(encoding="utf-8").replace("## How to load", "## How to load (our notes)")
    card.write_text(edited, encoding="utf-8")
    assert main(["card", str(out)]) == 2
    assert "edited by hand since it was rendered" in caplog.text
    assert card.read_text(encoding="utf-8") == edited  # nothing was changed
    assert main(["card", str(out), "--force"]) == 0
    assert "(our notes)" not in card.read_text(encoding="utf-8")


def test_how_to_load_names_the_build_s_repo_id_or_a_placeholder_as_one(sample_build, tmp_path):
    stats = collect_statistics(sample_build.out, baseline_scores)
    placeholder = _body(render_text(stats, CardOptions()))
    assert (
        'load_dataset("faithfulness-qa/faithfulness-qa")` (`faithfulness-qa/faithfulness-qa` is a placeholder'
        in placeholder
    )
    assert "below is a placeholder: this card was rendered without a repo id" in placeholder
    stats["manifest"]["options"]["repo_id"] = "acme/fqa"  # as `build --repo-id acme/fqa` records it
    named = _body(render_text(stats, CardOptions()))
    assert 'ds = load_dataset("acme/fqa")' in named and "placeholder" not in named
    assert 'load_dataset("other/x")' in _body(render_text(stats, CardOptions(repo_id="other/x")))


def test_the_summary_is_at_most_ten_lines_and_says_what_how_many_how_good_and_how_to_load(sample_build):
    body = _body(render_text(collect_statistics(sample_build.out, baseline_scores), CardOptions()))
    summary = body.split("# Faithfulness-QA\n", 1)[1].strip().split("\n\n", 1)[0].splitlines()
    assert len(summary) <= 10
    assert [line.split(":**", 1)[0] for line in summary] == [
        "- **What it is",
        "- **The new answers",
        "- **Rows",
        "- **How good",
        "- **Load",
    ]
    assert "74 reading-comprehension questions" in summary[0] and "40 were invented for the row" in summary[1]
    assert "91.7% of 120 rows were usable" in summary[3] and "seed 11808" in summary[3]


def test_in_house_words_are_in_the_glossary_not_in_the_opening(sample_build):
    body = _body(render_text(collect_statistics(sample_build.out, baseline_scores), CardOptions()))
    glossary = body[body.index("## Glossary") : body.index("## Citation")]
    for term in ("**Entity bank**", "**Composed**", "**Made**", "**Kind**", "**Policy**", "**held-out half**"):
        assert term in glossary
    assert "kind evidence" not in body and "relabelled names" not in body
    assert "for another entity of the same type" not in body
