"""More counts kept under context_v11: a count's mentions that count other things stay as written
(`rules.arithmetic.own_mentions`), a part of a count is one of its noun ("Four of the sororities"), a decimal before
its scale word counts ("4.5 million objects"), a colon that opens as many clauses ties a count, two plural nouns
after a shared word count apart, a misspelt "how many" asks for a count, and a count of the plural noun after it
keeps its label."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from types import SimpleNamespace

from fqa_build.facts.count_lists import clauses_as_many, passage_tie
from fqa_build.facts.numbers import counted_nouns
from fqa_build.reasons import Reason
from fqa_build.swap.components import CountRelations
from fqa_build.swap.components.count_relations.rules import own_mentions
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rewriting.rewrite import rewrite_context
from fqa_build.swap.rules.checks import original_absent
from fqa_build.swap.rules.count_asks import MISSPELT_HOW_MANY
from fqa_build.types import Rejection, Sample

from .rule_case import Case
from .test_rules import run

V11 = POLICIES["context_v11"]
V10 = POLICIES["context_v10"]

CARS = (
    "The small cars all had four-cylinder engines and room for at least four passengers. "
    "Four Pro Bowl selections came from the defense."
)


def test_the_nouns_a_count_counts_stop_at_a_mark():
    text = "first downs (21 to 11). Their 11 first downs were few; four-cylinder engines; the four were"
    assert counted_nouns(text, text.index("11)") + 2) == frozenset()
    assert counted_nouns(text, text.index("11 first") + 2) == {"first", "down"}
    assert counted_nouns(text, text.index("four-") + 4) == {"cylinder", "engine"}
    assert counted_nouns(text, text.index("four were") + 4) == frozenset()


def test_mentions_that_count_other_nouns_in_other_sentences_are_left():
    text = "The car had room for four passengers. The team won four titles."
    assert own_mentions(text, "four", text.index("four passengers")) == ((21, 25),)
    start = text.index("four titles")
    assert own_mentions(text, "four", start) == ((start, start + 4),)


def test_a_hyphened_compound_in_the_same_sentence_is_left():
    start = CARS.index("four passengers")
    assert own_mentions(CARS, "four", start) == ((start, start + 4),)


def test_mentions_that_cannot_be_told_apart_are_all_rewritten_or_refused():
    same = "The city has four parks. Its four parks are green."
    assert own_mentions(same, "four", 13) is None  # every mention counts the same
    shared = "The university has 12 colleges. Its 12 constituent colleges are old."
    assert own_mentions(shared, "12", shared.index("12")) is None  # the nouns share a word
    bare = "The city has four parks. The four were opened in 1900."
    assert own_mentions(bare, "four", bare.index("four")) is None  # no noun after the other mention
    together = "He won four titles in his four years."
    assert own_mentions(together, "four", together.index("four titles")) is None  # one sentence reads both


def test_only_the_own_mentions_are_rewritten():
    start = CARS.index("four passengers")
    rewrite = rewrite_context(CARS, "four", "five", only=((start, start + 4),))
    assert rewrite.text == CARS.replace("four passengers", "five passengers")
    assert rewrite.mentions == 1


def test_a_count_whose_other_mention_counts_another_noun_is_swapped_end_to_end():
    case = Case(
        "How many passengers could the cars hold?",
        "The small cars all had four-cylinder engines and room for at least four passengers by 1979.",
        (("four", 1),),
        (("four", "CARDINAL", 1),),
        bank=(("five", "CARDINAL"),),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample)
    assert sample.context == (
        "The small cars all had four-cylinder engines and room for at least five passengers by 1979."
    )
    assert sample.answers["text"] == ["five"] and sample.num_replacements == 1
    without = run(case, V11.with_components(replace(V11.get(CountRelations), rewrite_own_mentions=False)))
    assert isinstance(without, Rejection) and without.reason is Reason.COUNT_RELATION_BROKEN


def test_a_part_of_another_noun_is_no_part_of_the_count():
    text = "There are fifteen fraternities and seven sororities. Four of the sororities are national."
    assert passage_tie(text, "fifteen", parts_by_noun=True) is None
    assert passage_tie(text, "seven", parts_by_noun=True) == "bare part"  # four of them: a part
    assert passage_tie(text, "fifteen") == "bare part"  # without the switch every smaller bare number is one
    them = "The city had nine bridges. Two of them fell in 1900."
    assert passage_tie(them, "nine", parts_by_noun=True) == "bare part"
    verb = "Only eleven houses exist. Seven were built in 1900."
    assert passage_tie(verb, "eleven", parts_by_noun=True) == "bare part"


def test_a_colon_that_opens_as_many_clauses_ties_the_count():
    text = "The arms have three kinds of movement: they flick out; they wriggle; and they coil round prey."
    assert clauses_as_many(3, text, text.index("three") + 5)
    assert passage_tie(text, "three", clause_lists=True) == "clauses"
    assert passage_tie(text, "three") is None
    assert not clauses_as_many(7, text, text.index("three") + 5)
    assert not clauses_as_many(3, "The arms have three kinds of movement, all fast.", 19)


def test_a_decimal_before_its_scale_word_is_a_count():
    case = Case(
        "How many objects does the museum hold?",
        "The museum houses a permanent collection of over 4.5 million objects from every continent.",
        ("4.5 million",),
        (("4.5 million", "CARDINAL"),),
        bank=(("3.2 million", "CARDINAL"),),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample) and sample.replacement_entity == "3.2 million"
    measured = replace(case, context="The museum houses a permanent collection of over 4.5 objects per room.")
    measured = replace(measured, answers=("4.5",), entities=(("4.5", "CARDINAL"),), bank=(("3.2", "CARDINAL"),))
    rejected = run(measured, V11)
    assert isinstance(rejected, Rejection) and rejected.reason is Reason.NUMBER_NOT_A_COUNT
    without = run(case, V11.with_components(replace(V11.get(CountRelations), scaled_decimals=False)))
    assert isinstance(without, Rejection) and without.reason is Reason.NUMBER_NOT_A_COUNT


def test_count_relations_are_context_v11s_only_with_every_parameter_on():
    assert V11.get(CountRelations) == CountRelations()
    assert all(dataclasses.astuple(V11.get(CountRelations)))
    assert not V10.uses(CountRelations) and not POLICIES["context_v14"].uses(CountRelations)


def test_the_left_mentions_are_the_only_original_words_allowed():
    start = CARS.index("four passengers")
    rewrite = rewrite_context(CARS, "four", "five", only=((start, start + 4),))
    assert rewrite.kept == 2  # "four-cylinder" and "Four Pro Bowl selections"
    swap = SimpleNamespace(rewrite=rewrite, original="four", old_forms=())
    assert original_absent(swap) is None
    extra = SimpleNamespace(rewrite=replace(rewrite, text=rewrite.text + " All four."), original="four", old_forms=())
    assert original_absent(extra) is Reason.ORIGINAL_ENTITY_REMAINS
    whole = rewrite_context(CARS, "four", "five")
    assert whole.kept == 0 and "four" not in whole.text.casefold()


def test_two_plural_nouns_after_one_shared_word_count_apart():
    text = "The university operates 12 research institutes and 113 research centers on campus."
    assert passage_tie(text, "12", two_word_units=True) is None
    assert passage_tie(text, "12") == "same unit"
    same = "The university operates 12 research institutes. It also runs 113 research institutes abroad."
    assert passage_tie(same, "12", two_word_units=True) == "same unit"
    verb = "Dinwiddie sent 40 men under William Trent. Later 500 men south of the fort waited."
    assert passage_tie(verb, "40", two_word_units=True) == "same unit"  # "men under": no two-word noun


def test_a_misspelt_how_many_asks_for_a_count():
    case = Case(
        "How man volumes does the library hold?",
        "The library system holds 9,000 volumes in its main building near the river.",
        ("9,000",),
        (("9,000", "CARDINAL"),),
        bank=(("7,000", "CARDINAL"),),
    )
    sample = run(case, V11)
    assert isinstance(sample, Sample) and sample.replacement_entity == "7,000"
    without = run(case, V11.with_components(replace(V11.get(CountRelations), questions_past_typos=False)))
    assert isinstance(without, Rejection) and without.reason is Reason.ANSWER_NOT_THE_ENTITY  # "how" read as manner
    asked = replace(case, question="About many volumes does the library hold?")
    without = run(asked, V11.with_components(replace(V11.get(CountRelations), questions_past_typos=False)))
    assert isinstance(without, Rejection) and without.reason is Reason.QUESTION_KIND_MISMATCH
    assert isinstance(run(asked, V11), Sample)
    assert MISSPELT_HOW_MANY.search("Approximately how books did he leave to the museum?")
    assert MISSPELT_HOW_MANY.search("About many students attend the schools?")
    assert not MISSPELT_HOW_MANY.search("How were the towns built?")
    assert not MISSPELT_HOW_MANY.search("What did the man do?")


def test_a_count_of_a_plural_noun_keeps_its_label_whatever_the_number_is_elsewhere():
    case = Case(
        "How many cameras did the system use?",
        "The replay system used 36 cameras around the stadium in the final game.",
        ("36",),
        (("36", "CARDINAL"),),
        votes=(("36", "DATE", 1),),
        bank=(("24", "CARDINAL"),),
    )
    assert isinstance(run(case, V11), Sample)
    without = run(case, V11.with_components(replace(V11.get(CountRelations), numbers_keep_label=False)))
    assert isinstance(without, Rejection) and without.reason is Reason.LABEL_CONTRADICTED
    aged = replace(case, question="How old was the coach?", context="The coach was 36 when the replay system began.")
    rejected = run(aged, V11)
    assert isinstance(rejected, Rejection) and rejected.reason is Reason.LABEL_CONTRADICTED  # no noun after it
