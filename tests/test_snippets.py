"""NER on snippets: the regions a rewrite touches, merged sentence runs, shifted entities."""

from __future__ import annotations

from fqa_build import BuildConfig
from fqa_build.checks.validate import report, validate
from fqa_build.ner.plan import NerPlan, plan_ner
from fqa_build.ner.snippets import answer_regions, snippet_spans
from fqa_build.read.inputs import load_inputs
from fqa_build.types import Answer

TEXT = "Ada was born in London. She moved to Paris! Then? Back to London. The end."


def test_answer_regions_include_every_occurrence_of_an_answer_text():
    assert answer_regions(TEXT, [Answer("London", 16)]) == [(16, 22), (58, 64)]
    assert answer_regions(TEXT, [Answer("paris", 37), Answer("Paris", 37)]) == [(37, 42)]


def test_snippets_are_merged_runs_of_sentences_with_a_margin():
    assert snippet_spans(TEXT, [Answer("Paris", 37)], margin=0) == [(24, 44)]
    assert snippet_spans(TEXT, [Answer("Paris", 37)], margin=1) == [(0, 50)]
    assert snippet_spans(TEXT, [Answer("London", 16)], margin=0) == [(0, 24), (50, 66)]
    assert snippet_spans(TEXT, [Answer("London", 16)], margin=1) == [(0, 74)]


def test_plan_entities_are_shifted_back_to_context_offsets():
    plan = NerPlan(texts={"a": "x", "b": "y"}, units={"ctx": ((24, "a"), (50, "b"))}, bank_contexts=frozenset())
    found = {"a": [(13, 18, "GPE")], "b": [(8, 14, "GPE")]}
    assert plan.entities("ctx", found) == [(37, 42, "GPE"), (58, 64, "GPE")]
    whole = NerPlan(texts={"ctx": TEXT}, units={"ctx": ((0, "ctx"),)}, bank_contexts=frozenset({"ctx"}))
    assert whole.entities("ctx", {"ctx": [(0, 3, "PERSON")]}) == [(0, 3, "PERSON")]


def test_plan_runs_squad_whole_and_trivia_windows_as_snippets():
    inputs = load_inputs(BuildConfig(out="unused"))
    plan = plan_ner(BuildConfig(out="unused"), inputs)
    squad = {k for k in inputs.contexts if "squad" in inputs.context_sources[k]}
    trivia = set(inputs.contexts) - squad
    assert len(squad) == 42 and len(trivia) == 22 and plan.bank_contexts == squad
    assert all(plan.units[k] == ((0, k),) for k in squad)
    # every window but one, whose answers' sentences cover it whole, runs as snippets
    assert sum(plan.units[k] != ((0, k),) for k in trivia) == 21
    snippet_chars = sum(len(plan.texts[key]) for k in trivia for _, key in plan.units[k])
    assert snippet_chars < sum(len(inputs.contexts[k]) for k in trivia)
    whole = plan_ner(BuildConfig(out="unused", ner_scope="context"), inputs)
    assert all(whole.units[k] == ((0, k),) for k in inputs.contexts)
    everything = plan_ner(BuildConfig(out="unused", bank_corpus="all"), inputs)
    assert everything.bank_contexts == frozenset(inputs.contexts)


def test_snippet_build_is_valid_and_records_its_scope(sample_build):
    result = sample_build  # the default build of the sample: NER scope auto, bank corpus paragraphs
    assert report(validate(result.out)) == ""
    options = result.manifest["options"]
    assert (options["ner_scope"], options["bank_corpus"]) == ("auto", "paragraphs")
    assert result.stats["entity_bank"]["contexts"] == 42
