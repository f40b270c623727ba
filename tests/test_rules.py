"""The swap rules one by one: for every rule of `fqa_build.swap.rules.TABLE` a hand-made record that the
rule rejects under a policy that runs it and that the same policy without that one rule does not reject for
that reason; that every rule of every registered policy is wired (drop one from a policy and a test fails);
the table's invariants; and that the counters refuse undeclared reasons.

Inputs are built the way the pipeline builds them (fqa_build/pipeline.py, fqa_build/bank/build.py), without spaCy: the
NER entities are given by hand, the bank is built from a few named items (each seen in two contexts of its own)
plus the record's own context, the context's mentions carry the bank's majority label, the n-grams of
`ContextInfo` are the bank keys the context holds, and a "neighbours" policy gets the bank's vectors.
"""

from __future__ import annotations

import dataclasses
import sys
from itertools import pairwise
from types import SimpleNamespace

import pytest

from fqa_build.bank.entity_bank import LEXICON_MIN_FREQUENCY, EntityBankBuilder
from fqa_build.bank.mentions import mentions_of, relabel, with_year_cores
from fqa_build.config import DEFAULT_POLICY, SubstitutionConfig
from fqa_build.labels import ALL_ENTITY_TYPES, DEFAULT_ENTITY_TYPES
from fqa_build.read.skips import SkipCounter
from fqa_build.reasons import Reason
from fqa_build.release.stats import Tallies
from fqa_build.swap.components import Kinds
from fqa_build.swap.drawing.vectors import BankVectors
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.swap.orchestration.state import ContextInfo
from fqa_build.swap.policies.registry import POLICIES, Policy, stage_rules
from fqa_build.swap.policies.rule_lists import CONTEXT_V8_RULES
from fqa_build.swap.rules import CHECKS, RULES, TABLE, Rule, Stage
from fqa_build.types import Answer, Mention, QARecord, Rejection, Sample

from .retired_policies import RETIRED_STEPS
from .rule_case import Case, extension_modules
from .steps import (
    CONTEXT_V1_RULES,
    CONTEXT_V2_RULES,
    CONTEXT_V3_RULES,
    CONTEXT_V4_RULES,
    CONTEXT_V5_RULES,
    CONTEXT_V6_RULES,
    CONTEXT_V7_RULES,
    KIND_STEP,
    KIND_V1_RULES,
    STEPS,
    TYPE_SHAPE_V1_RULES,
)

# --- building a record, its NER and a bank ------------------------------------------------------------------


def _at(context: str, text: str, n: int = 0) -> int:
    start = -1
    for _ in range(n + 1):
        start = context.index(text, start + 1)
    return start


def _spans(context: str, items) -> list[tuple[int, int, str]]:
    out = []
    for text, label, *n in items:
        start = _at(context, text, *n)
        out.append((start, start + len(text), label))
    return out


def _bank(case: Case, raw: list[Mention], policy: Policy):
    """(the bank of the default entity types and those the policy adds, the bank of every label) as
    fqa_build/bank/build.py makes them, from the bank items, the votes and the record's own context with its mentions
    `raw` (SQuAD contexts feed it). Both mentions of an item are in one paragraph (`num_contexts` 1: a minor
    figure of the article)."""
    builder = EntityBankBuilder(classify_kinds=policy.uses(Kinds))
    items = [(text, label, 2) for text, label in case.bank] + list(case.votes)
    for i, (text, label, n) in enumerate(items):
        prefix = "the " if text in case.article else ""
        at = len(prefix)
        for _ in range(n):
            mention = Mention(at, at + len(text), label, text, at, at + len(text))
            builder.add_context(prefix + text, f"bank{i}", "squad", [mention], titles=("t",))
    builder.add_context(case.context, "record", "squad", raw, titles=("t",))
    full = builder.build()
    bank = full.restricted(policy.matched_types(DEFAULT_ENTITY_TYPES))
    bank.common_words = frozenset(case.common_words)
    return bank, full


def run(case: Case, policy: Policy) -> Sample | Rejection:
    """`make_sample` for the case's record under `policy`, with inputs made as the pipeline makes them."""
    entities = tuple(_spans(case.context, case.entities))
    raw = mentions_of(case.context, entities, frozenset(ALL_ENTITY_TYPES))
    bank, full = _bank(case, raw, policy)
    mentions = with_year_cores(
        relabel(raw, full.label_of, frozenset(policy.matched_types(DEFAULT_ENTITY_TYPES)) | policy.value_types)
    )
    answers = []
    for text, *n in (a if isinstance(a, tuple) else (a,) for a in case.answers):
        answers.append(Answer(text, _at(case.context, text, *n)))
    record = QARecord("squad", "q1", "t", case.question, case.context, tuple(answers))
    info = ContextInfo(entities, tuple(mentions), bank.keys_in(case.context))
    vectors = BankVectors(bank) if policy.draw == "neighbours" else None
    config = SubstitutionConfig(policy=policy.name, **dict(case.config))
    return make_sample(record, info, bank, config, bank.lexicon(LEXICON_MIN_FREQUENCY), vectors, policy)


def without(policy: Policy, rule: str) -> Policy:
    """The policy with only `rule` removed."""
    return dataclasses.replace(policy, name=policy.name + "-without", rules=policy.rules - {rule})


# --- one record per rule, in table order ------------------------------------------------------------------

CASES: dict[str, Case] = {
    # a word no gazetteer knows tagged GPE has no kind; without the rule "Gondor" (no kind either) is drawn
    "kind_known": Case(
        "Which kingdom did the four children rule?",
        "The four children ruled Narnia for many years before they returned home through the wardrobe.",
        ("Narnia",),
        (("Narnia", "GPE"),),
        bank=(("Gondor", "GPE"),),
        without="The four children ruled Gondor for many years before they returned home through the wardrobe.",
        replacement="Gondor",
    ),
    # "Mya" (million years ago) tagged PERSON right after a number; without the rule it becomes "66 Agnes"
    "person_written_as_person": Case(
        "When did the dinosaurs die out?",
        "The dinosaurs died out about 66 Mya, at the end of the Cretaceous period, after an asteroid struck.",
        ("66 Mya",),
        (("Mya", "PERSON"),),
        bank=(("Agnes", "PERSON"),),
        without="The dinosaurs died out about 66 Agnes, at the end of the Cretaceous period, after an asteroid struck.",
        replacement="Agnes",
    ),
    # "one" agrees with a singular noun; without the rule "only two student" is written
    "cardinal_not_one": Case(
        "How many students passed the final examination?",
        "Only one student passed the final examination that year at the old grammar school in the town.",
        ("one",),
        (("one", "CARDINAL"),),
        bank=(("two", "CARDINAL"),),
        without="Only two student passed the final examination that year at the old grammar school in the town.",
        replacement="two",
    ),
    # "Harley Davidson" is a PERSON in 3 of its 5 corpus mentions (60% < 75%); without the rule it is swapped
    "label_is_majority": Case(
        "Who rode across the country in the summer?",
        "Harley Davidson rode across the country in the summer and sold every machine in the shop.",
        ("Harley Davidson",),
        (("Harley Davidson", "PERSON"),),
        bank=(("Tom Hanks", "PERSON"),),
        votes=(("Harley Davidson", "PERSON", 2), ("Harley Davidson", "ORG", 2)),
        without="Tom Hanks rode across the country in the summer and sold every machine in the shop.",
        replacement="Tom Hanks",
    ),
    # the question names the answer. The CHECK rule `original_not_in_question` tests the same names (and
    # more) for the same reason on every swap that gets that far, so dropping this rule shows only where a
    # step in between fails: here the bank has no other person, so the draw fails
    "question_free_of_original": Case(
        "What did Marie Curie study at the university?",
        "Marie Curie moved to Paris and studied physics and mathematics at the university there for years.",
        ("Marie Curie",),
        (("Marie Curie", "PERSON"),),
        bank=(("1887", "DATE"),),
        without=Reason.NO_CANDIDATE,
    ),
    # the state of a "City, State" pair. `gpe_pairs_coherent` rejects every rewritten state of a pair with
    # the same reason, so dropping this rule only shows where the draw fails: the bank has no US state
    "gpe_not_second_of_pair": Case(
        "In which state was the game played?",
        "The game was played at Santa Clara, California, in front of a crowd of many thousands.",
        ("California",),
        (("Santa Clara", "GPE"), ("California", "GPE")),
        bank=(("Bavaria", "GPE"),),
        without=Reason.NO_CANDIDATE,
    ),
    # the context says "NZ"; "Fiji" has no acronym to put there. Without the rule "NZ" stays, and
    # `original_absent` finds it (under acronyms_as_aliases it is one of the original's names)
    "acronyms_rewritable": Case(
        "Which country won the cup in 1987?",
        "New Zealand won the cup in 1987, and NZ supporters celebrated in the streets for a whole week.",
        ("New Zealand",),
        (("New Zealand", "GPE"), ("1987", "DATE")),
        bank=(("Fiji", "GPE"),),
        without=Reason.ORIGINAL_ENTITY_REMAINS,
    ),
    # the context says "Stanford" alone; "University of Chicago" has no short form to put there. Without the
    # rule "Stanford" is left standing in the new context
    "short_forms_rewritable": Case(
        "Which university opened its doors in 1891?",
        "Stanford University opened its doors in 1891. Today Stanford is known for its large campus.",
        ("Stanford University",),
        (("Stanford University", "ORG"),),
        bank=(("University of Chicago", "ORG"),),
        without="University of Chicago opened its doors in 1891. Today Stanford is known for its large campus.",
        replacement="University of Chicago",
    ),
    # the surname "Bush" is also inside "Laura Bush", another person
    "not_inside_other_person": Case(
        "Who met the press in the garden?",
        "George Bush met the press in the garden with Laura Bush. Later that day Bush spoke on the radio.",
        ("George Bush",),
        (("George Bush", "PERSON"), ("Laura Bush", "PERSON")),
        bank=(("Tom Hanks", "PERSON"),),
        without="Tom Hanks met the press in the garden with Laura Hanks. Later that day Hanks spoke on the radio.",
        replacement="Tom Hanks",
    ),
    # "Court of Justice" is also the start of "Court of Justice of the European Union", another body
    "not_inside_longer_name": Case(
        "Which court hears appeals from the member states?",
        "The Court of Justice of the European Union sits in a large building. The Court of Justice hears "
        "appeals from the member states.",
        (("Court of Justice", 1),),
        (("Court of Justice of the European Union", "ORG"), ("Court of Justice", "ORG", 1)),
        bank=(("Court of Appeal", "ORG"),),
        article=("Court of Appeal",),
        without="The Court of Appeal of the European Union sits in a large building. The Court of Appeal hears "
        "appeals from the member states.",
        replacement="Court of Appeal",
    ),
    # "Ohio" alone is swapped, and the "Hudson, Ohio" pair would put Hudson in the new state
    "gpe_pairs_coherent": Case(
        "Which state joined the Union in 1803?",
        "Ohio joined the Union in 1803. The company later moved to the small town of Hudson, Ohio, near the lake.",
        ("Ohio",),
        (("Ohio", "GPE"), ("Hudson", "GPE"), ("Ohio", "GPE", 1)),
        bank=(("Indiana", "GPE"),),
        without="Indiana joined the Union in 1803. The company later moved to the small town of Hudson, Indiana, "
        "near the lake.",
        replacement="Indiana",
    ),
    # "12" is one end of a range (the other reasons of the rule: `NUMBER_CASES` below)
    "number_context_free": Case(
        "How many species of fish does the lake hold?",
        "The lake holds between 12 and 15 species of fish, most of them found nowhere else in the world.",
        ("12",),
        (("12", "CARDINAL"),),
        bank=(("27", "CARDINAL"),),
        without="The lake holds between 27 and 15 species of fish, most of them found nowhere else in the world.",
        replacement="27",
    ),
    # "Three years later": a new year would break the arithmetic
    "no_relative_date": Case(
        "When did the company move to a larger building?",
        "The company was founded by two brothers in a garage. Three years later, in 1917, it moved to a larger "
        "building.",
        ("1917",),
        (("1917", "DATE"),),
        bank=(("1921", "DATE"),),
        without="The company was founded by two brothers in a garage. Three years later, in 1921, it moved to a "
        "larger building.",
        replacement="1921",
    ),
    # "Denmark" swapped, its capital left
    "no_geography_left": Case(
        "Which country joined the union that year?",
        "Denmark joined the union that year, and Copenhagen soon became one of the busiest ports of the north.",
        ("Denmark",),
        (("Denmark", "GPE"), ("Copenhagen", "GPE")),
        bank=(("Norway", "GPE"),),
        without="Norway joined the union that year, and Copenhagen soon became one of the busiest ports of the north.",
        replacement="Norway",
    ),
    # "France" swapped, "French" left
    "no_derived_word_left": Case(
        "Which country hosted the summit?",
        "France hosted the summit that spring, and the French delegation proposed a new treaty on trade.",
        ("France",),
        (("France", "GPE"), ("French", "NORP")),
        bank=(("Spain", "GPE"),),
        without="Spain hosted the summit that spring, and the French delegation proposed a new treaty on trade.",
        replacement="Spain",
    ),
    # another gold answer, "Chicago", names the original too and is left standing
    "no_other_answer_left": Case(
        "Where did she study economics?",
        "She studied economics at the University of Chicago for four years. At Chicago she also met her husband.",
        ("University of Chicago", ("Chicago", 1)),
        (("University of Chicago", "ORG"),),
        bank=(("University of Michigan", "ORG"),),
        article=("University of Michigan",),
        without="She studied economics at the University of Michigan for four years. At Chicago she also met her "
        "husband.",
        replacement="University of Michigan",
    ),
    # context_v1 ---------------------------------------------------------------------------------------------
    # the question asks for two people; without the rule one of them is swapped and the other stays an answer
    "question_asks_for_one": Case(
        "Which two people rode across the country in the summer?",
        "Ada Byron and Tom Jones rode across the country in the summer and sold every machine in the shop.",
        ("Ada Byron",),
        (("Ada Byron", "PERSON"), ("Tom Jones", "PERSON")),
        bank=(("Mary Shelley", "PERSON"),),
        without="Mary Shelley and Tom Jones rode across the country in the summer and sold every machine in the shop.",
        replacement="Mary Shelley",
    ),
    # "Sunday" fits February 7, 2016, not March 9, 2015
    "weekday_still_fits": Case(
        "When was the game played?",
        "The game was played on Sunday, February 7, 2016, at the stadium in front of a large crowd of fans.",
        ("February 7, 2016",),
        (("February 7, 2016", "DATE"),),
        bank=(("March 9, 2015", "DATE"),),
        without="The game was played on Sunday, March 9, 2015, at the stadium in front of a large crowd of fans.",
        replacement="March 9, 2015",
    ),
    # two tumens of 10,000 each make the 20,000 a reader may work out; without the rule "three tumens each"
    "not_a_stated_factor": Case(
        "How many tumens did the khan send?",
        "The khan sent two tumens each of 10,000 men to the west in the spring of that year.",
        ("two",),
        (("two", "CARDINAL"), ("10,000", "CARDINAL")),
        bank=(("three", "CARDINAL"),),
        without="The khan sent three tumens each of 10,000 men to the west in the spring of that year.",
        replacement="three",
    ),
    # without the rule: "the Caspian Sea in the Netherlands"
    "place_fits_its_container": Case(
        "Into which sea does the river flow?",
        "The river flows into the North Sea in the Netherlands after a long journey through the lowlands.",
        ("North Sea",),
        (("North Sea", "LOC"), ("Netherlands", "GPE")),
        bank=(("Caspian Sea", "LOC"),),
        article=("Caspian Sea",),
        without="The river flows into the Caspian Sea in the Netherlands after a long journey through the lowlands.",
        replacement="Caspian Sea",
    ),
    # "Röntgen" is "Roentgen" spelt with the umlaut; without the rule it stays beside "Albert Einstein"
    "no_variant_left": Case(
        "Who discovered X-rays in 1895?",
        "Wilhelm Roentgen discovered X-rays in 1895. Röntgen received the first Nobel Prize in Physics for it.",
        ("Wilhelm Roentgen",),
        (("Wilhelm Roentgen", "PERSON"),),
        bank=(("Albert Einstein", "PERSON"),),
        without="Albert Einstein discovered X-rays in 1895. Röntgen received the first Nobel Prize in Physics for it.",
        replacement="Albert Einstein",
    ),
    # context_v2: a "why" question asks for a reason, which no bare name answers
    "answer_is_the_entity": Case(
        "Why did the king build the fort there?",
        "The king built the fort near Paris because he feared an attack from the north after the long war.",
        ("Paris",),
        (("Paris", "GPE"),),
        bank=(("Lyon", "GPE"),),
        without="The king built the fort near Lyon because he feared an attack from the north after the long war.",
        replacement="Lyon",
    ),
    # context_v3: another number in the sentence ("300 members") is read together with the count
    "count_stands_alone": Case(
        "How many teams does the club have?",
        "The club has five teams and 300 members in the town near the river.",
        ("five",),
        (("five", "CARDINAL"), ("300", "CARDINAL")),
        bank=(("seven", "CARDINAL"),),
        without="The club has seven teams and 300 members in the town near the river.",
        replacement="seven",
    ),
    # "ruled for 30 years": the context counts years
    "no_duration_beside_year": Case(
        "When was the king crowned?",
        "The king ruled for 30 years. He was crowned in 1204 at the old cathedral of the city.",
        ("1204",),
        (("30 years", "DATE"), ("1204", "DATE")),
        bank=(("1210", "DATE"),),
        without="The king ruled for 30 years. He was crowned in 1210 at the old cathedral of the city.",
        replacement="1210",
    ),
    # context_v4: a nationality right before a capitalised word is part of a name ("French Renaissance")
    "group_is_nationality": Case(
        "What style was the palace built in?",
        "The palace was built in French Renaissance style for the old king and his court in the town.",
        ("French",),
        (("French", "NORP"),),
        bank=(("Spanish", "NORP"),),
        without="The palace was built in Spanish Renaissance style for the old king and his court in the town.",
        replacement="Spanish",
    ),
    # context_v4: a one-word name (a given name gender-guesser knows)
    "person_named_in_full": Case(
        "Who crossed the mountains with the army?",
        "Napoleon crossed the mountains with a large army in the spring and reached the plain below.",
        ("Napoleon",),
        (("Napoleon", "PERSON"),),
        bank=(("Leopold", "PERSON"),),
        without="Leopold crossed the mountains with a large army in the spring and reached the plain below.",
        replacement="Leopold",
    ),
    # context_v4: "how many" asks for a count, and the answer entity is a year
    "question_fits_label": Case(
        "How many ships sailed from the port?",
        "The fleet of ships sailed from the port in 1588 and reached the coast of Ireland in the autumn.",
        ("1588",),
        (("1588", "DATE"),),
        bank=(("1590", "DATE"),),
        without="The fleet of ships sailed from the port in 1590 and reached the coast of Ireland in the autumn.",
        replacement="1590",
    ),
    # context_v4: "Soon after" ties the fire to the start of the work
    "no_close_tie": Case(
        "When did the fire destroy the mill?",
        "Work on the mill began in 1850. Soon after, in 1852, a fire destroyed the mill and the owners left.",
        ("1852",),
        (("1850", "DATE"), ("1852", "DATE")),
        bank=(("1856", "DATE"),),
        without="Work on the mill began in 1850. Soon after, in 1856, a fire destroyed the mill and the owners left.",
        replacement="1856",
    ),
    # context_v5: three words, and the middle one is no initial, particle or given name
    "person_name_credible": Case(
        "Who hosted the interview in the spring?",
        "The interview was hosted by Jimmy Kimmel Live in the spring and drew many viewers across the land.",
        ("Jimmy Kimmel Live",),
        (("Jimmy Kimmel Live", "PERSON"),),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
        without="The interview was hosted by Tom Marx in the spring and drew many viewers across the land.",
        replacement="Tom Marx",
    ),
    # context_v5: NER cut "New York" from "New York City"
    "place_not_part_of_name": Case(
        "Where did the baker move in 1990?",
        "The baker moved to New York City in 1990 and opened a small shop near the harbour there.",
        ("New York",),
        (("New York", "GPE"), ("1990", "DATE")),
        bank=(("Ohio", "GPE"), ("Texas", "GPE")),
        without="The baker moved to Texas City in 1990 and opened a small shop near the harbour there.",
        replacement="Texas",
    ),
    # context_v6: organisations are not swapped
    "type_is_swapped": Case(
        "Which university did the poet attend?",
        "The poet attended Yale University for two years before she moved to the coast to write.",
        ("Yale University",),
        (("Yale University", "ORG"),),
        bank=(("Brown University", "ORG"),),
        without="The poet attended Brown University for two years before she moved to the coast to write.",
        replacement="Brown University",
    ),
    # context_v6: a ruler's title beside the name
    "person_not_a_ruler": Case(
        "Who built the palace by the river?",
        "The palace by the river was built by King Henry Tudor, and he held court there for years.",
        ("Henry Tudor",),
        (("Henry Tudor", "PERSON"),),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
        without="The palace by the river was built by King Tom Marx, and he held court there for years.",
        replacement="Tom Marx",
    ),
    # context_v6: "steamer" is a word the corpus writes in lower case: "Stanley Steamer" is a car
    "person_surname_not_a_word": Case(
        "Who set the record in the race?",
        "Stanley Steamer set the record in the race that year, and the crowd cheered along the track.",
        ("Stanley Steamer",),
        (("Stanley Steamer", "PERSON"),),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
        common_words=("steamer", "the", "record"),
        without="Tom Marx set the record in the race that year, and the crowd cheered along the track.",
        replacement="Tom Marx",
    ),
    # context_v6: "William and Judith Bollinger" share the surname
    "person_not_in_couple": Case(
        "Who funded the new gallery in the town?",
        "The new gallery was funded by William and Judith Bollinger, who lived in the town for years.",
        ("Judith Bollinger",),
        (("William", "PERSON"), ("Judith Bollinger", "PERSON")),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Grace Marx", "PERSON")),
        without="The new gallery was funded by William and Grace Hanks, who lived in the town for years.",
        replacement="Grace Hanks",
    ),
    # context_v6: the text dates the day (23 November 1963 was a Saturday)
    "weekday_not_beside_date": Case(
        "On what day was the meeting held?",
        "The meeting was held on Saturday, as the report of 23 November 1963 describes in full detail.",
        ("Saturday",),
        (("Saturday", "DATE"), ("23 November 1963", "DATE")),
        bank=(("Wednesday", "DATE"),),
        without="The meeting was held on Wednesday, as the report of 23 November 1963 describes in full detail.",
        replacement="Wednesday",
    ),
    # context_v6: "two weeks later" counts from the swapped date
    "no_day_count_tie": Case(
        "When was the engagement celebrated?",
        "The engagement was celebrated on 13 June 1525. The banquet was held two weeks later on 27 June.",
        ("13 June 1525",),
        (("13 June 1525", "DATE"), ("27 June", "DATE")),
        bank=(("20 June 1525", "DATE"),),
        without="The engagement was celebrated on 20 June 1525. The banquet was held two weeks later on 27 June.",
        replacement="20 June 1525",
    ),
    # context_v6: "Lutheran" is left after "Luther"
    "no_surname_word_left": Case(
        "Who taught at the university in the town?",
        "Martin Luther taught at the university in the town, and the Lutheran church grew quickly there.",
        ("Martin Luther",),
        (("Martin Luther", "PERSON"),),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
        without="Tom Marx taught at the university in the town, and the Lutheran church grew quickly there.",
        replacement="Tom Marx",
    ),
    # context_v7: "breakfast, lunch and supper" are the three meals (listed in the next sentence)
    "count_not_listed": Case(
        "How many meals did the monks eat?",
        "The monks ate three meals in the hall. They took breakfast, lunch and supper there in silence.",
        ("three",),
        (("three", "CARDINAL"),),
        bank=(("four", "CARDINAL"),),
        without="The monks ate four meals in the hall. They took breakfast, lunch and supper there in silence.",
        replacement="four",
    ),
    # context_v7: "a 1901 vote" would become "a 1899 vote"
    "article_fits_number": Case(
        "In what year was the vote on the new bridge held?",
        "The town held a 1901 vote on the new bridge, and the council approved the plan in the end.",
        ("1901",),
        (("1901", "DATE"),),
        bank=(("1899", "DATE"),),
        without="The town held a 1899 vote on the new bridge, and the council approved the plan in the end.",
        replacement="1899",
    ),
    # context_v7: "the Italian physicist" gives the person a nationality
    "person_without_nationality": Case(
        "Who described the rotating field in 1888?",
        "The rotating field was described in 1888 by the Italian physicist Galileo Ferraris in a long paper.",
        ("Galileo Ferraris",),
        (("Galileo Ferraris", "PERSON"), ("1888", "DATE")),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
        without="The rotating field was described in 1888 by the Italian physicist Tom Marx in a long paper.",
        replacement="Tom Marx",
    ),
    # context_v7: "Who were" asks for several
    "question_not_plural": Case(
        "Who were the guests at the show in the spring?",
        "The show in the spring had Beyonce and Peter Hernandez as its guests, and the crowd sang along.",
        ("Peter Hernandez",),
        (("Peter Hernandez", "PERSON"),),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
        without="The show in the spring had Beyonce and Tom Marx as its guests, and the crowd sang along.",
        replacement="Tom Marx",
    ),
    # context_v7: "which building" is not answered by a year
    "question_noun_fits_number": Case(
        "Which building was finished first in the town?",
        "The town hall was finished in 1857, before the market building and the new church by the river.",
        ("1857",),
        (("1857", "DATE"),),
        bank=(("1855", "DATE"),),
        without="The town hall was finished in 1855, before the market building and the new church by the river.",
        replacement="1855",
    ),
    # context_v7: "the next 13 months" counts a stretch from the date
    "no_counted_tie": Case(
        "When did the station begin its work?",
        "The station began its work in 1948, and over the next 13 months it added three more transmitters.",
        ("1948",),
        (("1948", "DATE"), ("13 months", "DATE")),
        bank=(("1946", "DATE"),),
        without="The station began its work in 1946, and over the next 13 months it added three more transmitters.",
        replacement="1946",
    ),
    # context_v8: "First, ... Second, ... Lastly" enumerate three grounds
    "count_not_enumerated": Case(
        "On how many grounds was the appeal made?",
        "The appeal was made on three grounds. First, the delay. Second, the cost. Lastly, the lack of notice.",
        ("three",),
        (("three", "CARDINAL"),),
        bank=(("four", "CARDINAL"),),
        without="The appeal was made on four grounds. First, the delay. Second, the cost. Lastly, the lack of notice.",
        replacement="four",
    ),
    # context_v8: "268 U.S. 652" is a citation, not a count
    "number_is_a_count": Case(
        "What number was the volume the case was printed in?",
        "The case was printed in volume 268 U.S. 652 of the reports that the court published that year.",
        ("268",),
        (("268", "CARDINAL"),),
        bank=(("262", "CARDINAL"),),
        without="The case was printed in volume 262 U.S. 652 of the reports that the court published that year.",
        replacement="262",
    ),
    # context_v8: "within a short time" ties the act to the rebellion
    "no_loose_tie": Case(
        "When did the miners rebel against the tax?",
        "The miners rebelled against the tax in 1854. Within a short time the colony passed a new act.",
        ("1854",),
        (("1854", "DATE"),),
        bank=(("1851", "DATE"),),
        without="The miners rebelled against the tax in 1851. Within a short time the colony passed a new act.",
        replacement="1851",
    ),
    # context_v8: "Invocavit Sunday, 9 March" is a weekday of a year the text fixes
    "year_not_under_a_weekday": Case(
        "In what year did the preacher return to the town?",
        "The preacher returned to the town in 1522. He preached on Invocavit Sunday, 9 March, to a crowd.",
        ("1522",),
        (("1522", "DATE"), ("9 March", "DATE")),
        bank=(("1518", "DATE"),),
        without="The preacher returned to the town in 1518. He preached on Invocavit Sunday, 9 March, to a crowd.",
        replacement="1518",
    ),
    # the finished sample ---------------------------------------------------------------------------------
    # the gold answer "Marie Curie" cuts into "Curies" and NER tagged nothing there: the corpus lexicon
    # matches it. The original is nowhere a whole word, so only the first name is rewritten ("Ada Curies")
    # and the new answer is "Ada Curie". Without the rule `answer_offsets_valid` rejects it
    "new_entity_present": Case(
        "Which scientist does the world need more of?",
        "The professor said that the world needs more Marie Curies, and that every university should help.",
        ("Marie Curie",),
        (),
        bank=(("Marie Curie", "PERSON"), ("Ada Byron", "PERSON")),
        without=Reason.INVALID_ANSWER_OFFSETS,
    ),
    # "context_changed": see DIRECT below
    # the new context has 25 characters, fewer than the 50 required
    "context_long_enough": Case(
        "Who moved to Paris?",
        "Marie Curie moved to Paris.",
        ("Marie Curie",),
        (("Marie Curie", "PERSON"), ("Paris", "GPE")),
        bank=(("Ada Byron", "PERSON"),),
        without="Ada Byron moved to Paris.",
        replacement="Ada Byron",
    ),
    # the bank spells a Turkish name with a dotted capital İ, the context without: the word keys differ
    # ("i", "nönü" against "inönü"), so the candidate pool keeps it, but as a whole word it is in the context
    "replacement_not_in_original": Case(
        "Who led the delegation to the conference?",
        "Ali Demir led the delegation to the conference, and Mehmet Inönü spoke for the opposition there.",
        ("Ali Demir",),
        (("Ali Demir", "PERSON"), ("Mehmet Inönü", "PERSON")),
        bank=(("Mehmet İnönü", "PERSON"),),
        without="Mehmet İnönü led the delegation to the conference, and Mehmet Inönü spoke for the opposition there.",
        replacement="Mehmet İnönü",
    ),
    # three mentions to rewrite (the full name, the surname twice) where the config allows two
    "few_occurrences": Case(
        "Who moved to Paris in 1891?",
        "Marie Curie moved to Paris in 1891. Curie studied physics there, and Curie taught at the university.",
        ("Marie Curie",),
        (("Marie Curie", "PERSON"),),
        bank=(("Ada Byron", "PERSON"),),
        config=(("max_occurrences", 2),),
        without="Ada Byron moved to Paris in 1891. Byron studied physics there, and Byron taught at the university.",
        replacement="Ada Byron",
    ),
    # a one-character replacement. The pipeline's bank never holds one (`normalize_entity` drops surfaces of
    # fewer than 2 characters before they reach it); a bank made by hand can
    "replacement_long_enough": Case(
        "On which day of May does the festival open?",
        "The festival opens on 12 May every year and draws large crowds from all over the region.",
        ("12",),
        (("12", "DATE"),),
        bank=(("7", "DATE"),),
        without="The festival opens on 7 May every year and draws large crowds from all over the region.",
        replacement="7",
    ),
    # the surname in capitals ("CURIE") is no short form the rewrite takes (those are case-sensitive)
    "original_absent": Case(
        "Who moved to Paris in 1891?",
        "Marie Curie moved to Paris in 1891. Posters reading CURIE later hung all over the university.",
        ("Marie Curie",),
        (("Marie Curie", "PERSON"),),
        bank=(("Ada Byron", "PERSON"),),
        without="Ada Byron moved to Paris in 1891. Posters reading CURIE later hung all over the university.",
        replacement="Ada Byron",
    ),
    # the gold answer is the surname elsewhere (matched "substring_elsewhere"): the new answer is "Byron",
    # which does not begin with the replacement "Ada Byron"
    "answer_offsets_valid": Case(
        "Who won the prize in 1903?",
        "Marie Curie moved to Paris in 1891. Twelve years later Curie won the prize for her work on radiation.",
        (("Curie", 1),),
        (("Marie Curie", "PERSON"),),
        bank=(("Ada Byron", "PERSON"),),
        without="Ada Byron moved to Paris in 1891. Twelve years later Byron won the prize for her work on radiation.",
        replacement="Ada Byron",
    ),
    # the question says "Stanford", the short form the forms step adds to the original's names. Only policies
    # that run `short_forms_rewritable` get there: elsewhere the question is tested for the same names by
    # `question_free_of_original` first (see DIRECT)
    "original_not_in_question": Case(
        "Which school did Stanford admit students to in 1891?",
        "Stanford University opened its doors in 1891. Today Stanford is known for its large campus.",
        ("Stanford University",),
        (("Stanford University", "ORG"),),
        bank=(("Yale University", "ORG"),),
        without="Yale University opened its doors in 1891. Today Yale is known for its large campus.",
        replacement="Yale University",
        needs=frozenset({"short_forms_rewritable"}),
    ),
}

#: The reason each rule's record is rejected for.
REASON_OF: dict[str, Reason] = {
    "count_not_enumerated": Reason.NUMBER_COUNTS_A_LIST,
    "number_is_a_count": Reason.NUMBER_NOT_A_COUNT,
    "no_loose_tie": Reason.RELATIVE_DATE,
    "year_not_under_a_weekday": Reason.WEEKDAY_LEFT,
    "person_name_credible": Reason.LABEL_CONTRADICTED,
    "place_not_part_of_name": Reason.INSIDE_LONGER_NAME,
    "type_is_swapped": Reason.KIND_NOT_SWAPPED,
    "person_not_a_ruler": Reason.KIND_NOT_SWAPPED,
    "person_surname_not_a_word": Reason.LABEL_CONTRADICTED,
    "person_not_in_couple": Reason.INSIDE_OTHER_PERSON,
    "weekday_not_beside_date": Reason.WEEKDAY_LEFT,
    "no_day_count_tie": Reason.RELATIVE_DATE,
    "no_surname_word_left": Reason.DERIVED_WORD_LEFT,
    "count_not_listed": Reason.NUMBER_COUNTS_A_LIST,
    "article_fits_number": Reason.ARTICLE_MISMATCH,
    "person_without_nationality": Reason.NATIONALITY_NAMED,
    "question_not_plural": Reason.QUESTION_ASKS_FOR_SEVERAL,
    "question_noun_fits_number": Reason.QUESTION_KIND_MISMATCH,
    "no_counted_tie": Reason.RELATIVE_DATE,
    "group_is_nationality": Reason.KIND_NOT_SWAPPED,
    "person_named_in_full": Reason.KIND_NOT_SWAPPED,
    "question_fits_label": Reason.QUESTION_KIND_MISMATCH,
    "no_close_tie": Reason.RELATIVE_DATE,
    "count_stands_alone": Reason.NUMBER_BESIDE_NUMBERS,
    "no_duration_beside_year": Reason.YEAR_BESIDE_DURATION,
    "answer_is_the_entity": Reason.ANSWER_NOT_THE_ENTITY,
    "question_asks_for_one": Reason.QUESTION_ASKS_FOR_SEVERAL,
    "weekday_still_fits": Reason.WEEKDAY_LEFT,
    "not_a_stated_factor": Reason.NUMBER_IN_ARITHMETIC,
    "place_fits_its_container": Reason.PLACE_IN_PLACE,
    "no_variant_left": Reason.VARIANT_LEFT,
    "kind_known": Reason.LABEL_CONTRADICTED,
    "person_written_as_person": Reason.LABEL_CONTRADICTED,
    "cardinal_not_one": Reason.NUMBER_IN_NAME,
    "label_is_majority": Reason.LABEL_CONTRADICTED,
    "question_free_of_original": Reason.ORIGINAL_IN_QUESTION,
    "gpe_not_second_of_pair": Reason.GPE_PAIR,
    "acronyms_rewritable": Reason.ACRONYM_LEFT,
    "short_forms_rewritable": Reason.SHORT_FORM_LEFT,
    "not_inside_other_person": Reason.INSIDE_OTHER_PERSON,
    "not_inside_longer_name": Reason.INSIDE_LONGER_NAME,
    "gpe_pairs_coherent": Reason.GPE_PAIR,
    "number_context_free": Reason.NUMBER_IN_RANGE,
    "no_relative_date": Reason.RELATIVE_DATE,
    "no_geography_left": Reason.GEOGRAPHY_LEFT,
    "no_derived_word_left": Reason.DERIVED_WORD_LEFT,
    "no_other_answer_left": Reason.OTHER_ANSWER_LEFT,
    "new_entity_present": Reason.NEW_ENTITY_ABSENT,
    "context_changed": Reason.CONTEXT_UNCHANGED,
    "context_long_enough": Reason.CONTEXT_TOO_SHORT,
    "replacement_not_in_original": Reason.REPLACEMENT_IN_ORIGINAL,
    "few_occurrences": Reason.TOO_MANY_OCCURRENCES,
    "replacement_long_enough": Reason.REPLACEMENT_TOO_SHORT,
    "original_absent": Reason.ORIGINAL_ENTITY_REMAINS,
    "answer_offsets_valid": Reason.INVALID_ANSWER_OFFSETS,
    "original_not_in_question": Reason.ORIGINAL_IN_QUESTION,
}

# rules with their records in modules of their own (tests/rule_cases_*.py): each module holds the `CASES` and
# `REASON_OF` of its rules, and may hold `DIRECT` stand-ins and `UNREACHED` pairs (see below)
for _module in extension_modules():
    CASES.update(_module.CASES)
    REASON_OF.update(getattr(_module, "REASON_OF", {}))


def _module_of(rule: str):
    return sys.modules[RULES[rule].check.__module__]


def case_of(rule: str) -> Case | None:
    """The rule's record: one above, or one its own module holds beside it (`CASES`, read when asked, so that a rule
    registered after this module was imported is found)."""
    return CASES.get(rule) or getattr(_module_of(rule), "CASES", {}).get(rule)


def reason_of(rule: str) -> Reason:
    """The reason the rule's record (or stand-in) is rejected for: named where the rule declares several, else the
    one it declares."""
    named = REASON_OF.get(rule) or getattr(_module_of(rule), "REASON_OF", {}).get(rule)
    if named is None:
        (named,) = RULES[rule].reasons
    return named


#: The other reasons of `number_context_free`, each on a record of its own.
NUMBER_CASES: dict[Reason, Case] = {
    Reason.NUMBER_IN_NAME: Case(
        "Which mission landed on the moon in the summer?",
        "The crew of Apollo Eleven landed on the moon in the summer and returned safely to the earth.",
        ("Eleven",),
        (("Eleven", "CARDINAL"),),
        bank=(("Twelve", "CARDINAL"),),
        without="The crew of Apollo Twelve landed on the moon in the summer and returned safely to the earth.",
        replacement="Twelve",
    ),
    Reason.NUMBER_COUNTS_A_LIST: Case(
        "How many universities does the city have?",
        "The city has two universities — Newcastle and Northumbria — and several colleges of further education.",
        ("two",),
        (("two", "CARDINAL"),),
        bank=(("three", "CARDINAL"),),
        without="The city has three universities — Newcastle and Northumbria — and several colleges of further "
        "education.",
        replacement="three",
    ),
    Reason.UNIT_CONVERSION: Case(
        "How long is the river?",
        "The river runs for 290 km (180 mi) through the valley before it reaches the sea near the old port.",
        ("290",),
        (("290", "CARDINAL"),),
        bank=(("415", "CARDINAL"),),
        without="The river runs for 415 km (180 mi) through the valley before it reaches the sea near the old port.",
        replacement="415",
    ),
}

# --- rules tested on a stand-in swap ----------------------------------------------------------------------

STAND_IN_CONTEXT = "Marie Curie moved to Paris in 1891 and studied physics at the university there."
STAND_IN_NEW = "Ada Byron moved to Paris in 1891 and studied physics at the university there."


def stand_in(
    context=STAND_IN_CONTEXT,
    new_context=STAND_IN_NEW,
    question="Who moved to Paris in 1891?",
    original="Marie Curie",
    old_forms=("Curie", "Marie"),
    replacement="Ada Byron",
    mentions=1,
    answer_text="Ada Byron",
    answer_start=0,
) -> SimpleNamespace:
    """A finished swap (by default of "Marie Curie" for "Ada Byron", which passes every check) as the CHECK rules
    see it, as in tests/test_checks.py."""
    return SimpleNamespace(
        context=context,
        rewrite=SimpleNamespace(text=new_context, mentions=mentions, kept=0),
        record=SimpleNamespace(question=question),
        original=original,
        old_forms=list(old_forms),
        replacement=replacement,
        answer_span=(answer_start, answer_start + len(answer_text)),
        answer_text=answer_text,
        config=SubstitutionConfig(),
    )


#: Rules (or rules under some policies) no record reaches through `make_sample`, with a stand-in they reject.
DIRECT: dict[str, SimpleNamespace] = {
    # Unreachable end to end. A swap gets to the checks only when the answer step found a rewritten span, and
    # every rewritten span changes the text (a short form, an acronym or an article is rewritten only to a
    # different one) unless the replacement, case-fitted, equals the text it replaces. Then the replacement's
    # word key is a run of the context's words: the candidate pool excludes every bank entry whose key the
    # context holds (`ContextInfo.ngrams`), so it is never drawn.
    "context_changed": stand_in(new_context=STAND_IN_CONTEXT, replacement="Paris"),
    # Unreachable end to end under a policy without `short_forms_rewritable` (type_shape_v1): the names it
    # tests are then those `question_free_of_original` tested at the mention (nothing adds to `old_forms`
    # in between), so that rule rejects first. Here the question names a short form the forms step added.
    "original_not_in_question": stand_in(
        context="Stanford University opened its doors in 1891. Today Stanford is known for its large campus.",
        new_context="Yale University opened its doors in 1891. Today Yale is known for its large campus.",
        question="Which school did Stanford admit students to in 1891?",
        original="Stanford University",
        old_forms=["Stanford"],
        replacement="Yale University",
        answer_text="Yale University",
        mentions=2,
    ),
}
for _module in extension_modules():
    DIRECT.update(getattr(_module, "DIRECT", {}))


def first_failure(policy: Policy, stage: Stage, swap) -> Reason | None:
    """The reason the policy's rules of `stage`, in table order, reject the swap for (None: all pass)."""
    return next((reason for rule in stage_rules(policy)[stage] if (reason := rule(swap))), None)


def outcome(rule: str, policy: Policy) -> Reason | None:
    """The reason the rule's record is rejected for under `policy` (None: kept): end to end where the policy
    reaches the rule that way, else the stand-in through the policy's rules of the rule's stage."""
    case = case_of(rule)
    if case is not None and case.needs <= policy.rules:
        result = run(case, policy)
        return result.reason if isinstance(result, Rejection) else None
    return first_failure(policy, RULES[rule].stage, DIRECT[rule])


# --- the per-rule tests -------------------------------------------------------------------------------------


def test_every_rule_has_a_case():
    assert set(CASES) | set(DIRECT) == set(RULES)
    assert set(RULES) - set(CASES) == {"context_changed"}  # the only rule no record reaches
    assert set(REASON_OF) <= set(RULES)


def test_each_rule_is_tested_for_one_of_its_reasons():
    assert all(reason_of(rule) in RULES[rule].reasons for rule in RULES)


def reaching(rule: str) -> Policy:
    """The first step (`STEPS`), or else the first registered policy, under which the rule's record reaches it."""
    case = case_of(rule)
    return next(p for p in (*STEPS, *POLICIES.values()) if rule in p.rules and case.needs <= p.rules)


def check_rule_rejects_its_record(rule: str) -> None:
    """The rule rejects its record, for its reason, under the first policy that runs it, and the same policy
    without the rule does not (the record's `without` says what it makes of it instead)."""
    case, policy = case_of(rule), reaching(rule)
    rejected = run(case, policy)
    assert isinstance(rejected, Rejection) and (rejected.reason, rejected.rule) == (reason_of(rule), rule)
    assert rejected.reason in RULES[rule].reasons
    kept = run(case, without(policy, rule))
    if isinstance(case.without, Reason):  # a later rule (or the draw) catches it instead: see the case
        assert (kept.reason, kept.entity_type, kept.entity) == (case.without, rejected.entity_type, rejected.entity)
        assert kept.rule != rule
    else:
        assert isinstance(kept, Sample)
        assert (kept.context, kept.replacement_entity) == (case.without, case.replacement)


@pytest.mark.parametrize("rule", list(CASES))
def test_rule_rejects_its_record(rule):
    check_rule_rejects_its_record(rule)


@pytest.mark.parametrize("reason", list(NUMBER_CASES))
def test_number_context_free_names_each_of_its_reasons(reason):
    case, policy = NUMBER_CASES[reason], KIND_STEP
    assert run(case, policy).reason == reason
    kept = run(case, without(policy, "number_context_free"))
    assert (kept.context, kept.replacement_entity) == (case.without, case.replacement)


@pytest.mark.parametrize("rule", list(DIRECT))
def test_rule_on_a_stand_in(rule):
    assert RULES[rule](DIRECT[rule]) == reason_of(rule)
    assert RULES[rule](stand_in()) is None


def test_the_stand_in_passes_every_check():
    # the reference work's checks and ours (`CHECKS`); the answerability rules read a whole swap (their records)
    assert all(RULES[name](stand_in()) is None for name in CHECKS)


# --- the registry: every rule of every policy is wired ------------------------------------------------------


def test_the_steps_build_up_to_context_v8():
    steps = [TYPE_SHAPE_V1_RULES, KIND_V1_RULES, CONTEXT_V1_RULES, CONTEXT_V2_RULES, CONTEXT_V3_RULES,
             CONTEXT_V4_RULES, CONTEXT_V5_RULES, CONTEXT_V6_RULES, CONTEXT_V7_RULES, CONTEXT_V8_RULES]  # fmt: skip
    assert all(earlier < later for earlier, later in pairwise(steps))
    # the neighbours step draws differently with the kind step's rules; context_v8 is the registered policy
    assert [set(step.rules) for step in STEPS[: len(steps) + 1]] == [steps[0], steps[1], *steps[1:]]
    assert STEPS[len(steps)] is POLICIES["context_v8"]


def test_a_later_policy_runs_every_rule_of_an_earlier_one():
    # the default's history: the plain baseline, the retired steps (tests/retired_policies.py), the default
    history = [POLICIES["type_shape_v1"], *RETIRED_STEPS.values(), POLICIES[DEFAULT_POLICY]]
    assert all(earlier.rules <= later.rules for earlier, later in pairwise(history))


def check_every_rule_is_named_by_a_policy() -> None:
    """Every rule of the table is run by some registered policy (a rule no policy names is dead code)."""
    assert set().union(*(policy.rules for policy in POLICIES.values())) == set(RULES)


def test_every_rule_is_named_by_a_policy():
    check_every_rule_is_named_by_a_policy()


def check_rule_is_wired(policy_name: str, rule: str) -> None:
    """The policy runs the rule at its stage, and the rule's record is rejected for the rule's reason under the
    policy and not under the policy without the rule (or stops where `unreached` says, before the rule)."""
    policy = POLICIES[policy_name]  # read at run time: a rule dropped from the registry fails here
    assert RULES[rule] in stage_rules(policy)[RULES[rule].stage]  # what `run_swap` runs
    stops = unreached(policy_name)
    if rule in stops:
        # the record stops before the rule under this policy (see UNREACHED); the rule is still run
        assert outcome(rule, policy) == stops[rule]
        return
    assert outcome(rule, policy) == reason_of(rule)
    assert outcome(rule, without(policy, rule)) != reason_of(rule)


@pytest.mark.parametrize(
    "policy_name, rule", [(p, r) for p, policy in POLICIES.items() for r in RULES if r in policy.rules]
)
def test_every_rule_of_every_policy_is_wired(policy_name, rule):
    check_rule_is_wired(policy_name, rule)


def _stops(policy: str, reason: Reason, *rules: str) -> dict[tuple[str, str], Reason]:
    return {(policy, rule): reason for rule in rules}


#: The (policy, rule) pairs whose record stops before the rule under that policy, and where. The later context
#: policies narrow what they swap: context_v4 draws a person whose names the text does not use and who has the
#: role the question names; context_v5 on compose names from two or more persons of the article (the records'
#: banks hold one); context_v6 on swap no places, organisations or groups (`type_is_swapped`), move a year by
#: at most a decade and keep it in the text's past; context_v7 on also count lists and days between dates.
_PERSON_CASES = (
    "not_inside_other_person",
    "no_variant_left",
    "new_entity_present",
    "context_long_enough",
    "replacement_not_in_original",
    "few_occurrences",
    "original_absent",
    "answer_offsets_valid",
)
_NAME_CASES = (
    "kind_known",
    "group_is_nationality",
    "answer_is_the_entity",
    "gpe_not_second_of_pair",
    "place_not_part_of_name",
    "acronyms_rewritable",
    "short_forms_rewritable",
    "not_inside_longer_name",
    "gpe_pairs_coherent",
    "no_geography_left",
    "place_fits_its_container",
    "no_derived_word_left",
    "no_other_answer_left",
    "original_not_in_question",
)
_DATE_CASES = ("no_relative_date", "no_close_tie", "weekday_still_fits", "no_duration_beside_year")
UNREACHED: dict[tuple[str, str], Reason] = {
    **_stops("context_v8", Reason.NO_CANDIDATE, *_PERSON_CASES, *_DATE_CASES),
    **_stops("context_v8", Reason.KIND_NOT_SWAPPED, *_NAME_CASES),
    **_stops("context_v8", Reason.RELATIVE_DATE, "no_day_count_tie"),
    # `count_not_enumerated` rejects these too, so dropping the rule alone changes nothing
    **_stops("context_v8", Reason.NUMBER_COUNTS_A_LIST, "not_a_stated_factor", "count_not_listed"),
    # context_v9 makes the replacements of places, organisations, groups and events: the rule records written for
    # bank draws stop at the made replacement (a kind it does not make, a place or a short form it checks first)
    **_stops("context_v9", Reason.NO_CANDIDATE, *_PERSON_CASES, *_DATE_CASES),
    **_stops(
        "context_v9",
        Reason.KIND_NOT_SWAPPED,
        "type_is_swapped",
        "acronyms_rewritable",
        "short_forms_rewritable",
        "not_inside_longer_name",
        "gpe_pairs_coherent",
        "place_fits_its_container",
    ),
    **_stops("context_v9", Reason.RELATIVE_DATE, "no_day_count_tie"),
    **_stops("context_v9", Reason.NUMBER_COUNTS_A_LIST, "not_a_stated_factor", "count_not_listed"),
    **_stops("context_v9", Reason.GEOGRAPHY_LEFT, "no_geography_left"),
    **_stops("context_v9", Reason.SHORT_FORM_LEFT, "no_other_answer_left"),
    **_stops("context_v9", Reason.ORIGINAL_IN_QUESTION, "original_not_in_question"),
    # "France" swapped with "French" left: the map rewrites "French" too, so the record makes a sample
    **_stops("context_v9", None, "no_derived_word_left"),
}
# context_v10 runs every rule of context_v9 (and v11 of v10): the records that stop before a rule under the earlier
# policy stop there under the later one
UNREACHED.update(
    {("context_v10", rule): reason for (policy, rule), reason in list(UNREACHED.items()) if policy == "context_v9"}
)
for _module in extension_modules():
    UNREACHED.update(getattr(_module, "UNREACHED", {}))
UNREACHED.update(
    {
        ("context_v11", rule): reason
        for (policy, rule), reason in list(UNREACHED.items())
        if policy == "context_v10" and ("context_v11", rule) not in UNREACHED  # a module's own v11 pairs stand
    }
)
for _module in extension_modules():
    for _pair in getattr(_module, "REACHED", ()):
        UNREACHED.pop(_pair, None)  # a later policy that no longer stops the record before the rule
# context_v12 runs context_v11's rules with the switches of its common nouns, works and count relations off: a
# record stops where it stops under context_v11, and a common noun or a title is no entity at all, a count beside
# the list it counts is refused as it was before context_v11
UNREACHED.update({("context_v12", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v11"})
UNREACHED.update(_stops("context_v12", Reason.NUMBER_COUNTS_A_LIST, "counts_keep_relations", "not_a_stated_factor"))
for _rule in ("number_context_free", "count_stands_alone", "part_of_a_whole_in_words"):
    UNREACHED.pop(("context_v12", _rule))  # the count checks context_v11 stood aside run again, as under v10
UNREACHED.update(_stops("context_v12", None, "count_free_in_passage"))  # runs under counts_read_whole_passage only
UNREACHED.update(
    _stops(
        "context_v12",
        Reason.NO_ENTITY_MATCH,
        *("no_thing_derivative_left", "question_free_of_thing", "thing_alone_in_its_class", "thing_class_asked"),
        *("thing_named_no_other_way", "thing_not_in_compound", "thing_written_as_common_noun"),
        *("question_names_no_title_word", "site_answers_the_question", "title_not_cut", "title_of_modern_kind"),
        *("title_words_not_reused", "work_called_a_work", "work_has_made_form", "work_not_famous"),
        *("work_not_numbered", "work_not_tied_to_famous_person"),
    )
)


# context_v13 stops a record where context_v12 does, and at its question checks a record whose question asks for any
# member of a class ("Name a luxury division of Honda")
UNREACHED.update({("context_v13", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v12"})
UNREACHED.update(_stops("context_v13", Reason.QUESTION_ASKS_FOR_ANY, "org_not_paired_by_order"))
# context_v14 (numbers read as quantities) stops every record where context_v13 does
UNREACHED.update({("context_v14", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v13"})
# context_v15 (amounts scaled together) stops every record where context_v14 does
UNREACHED.update({("context_v15", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v14"})
# context_v16 (the arithmetic a passage states kept) stops every record where context_v15 does
UNREACHED.update({("context_v16", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v15"})
# context_v17 (the arithmetic read further) stops every record where context_v16 does
UNREACHED.update({("context_v17", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v16"})
# context_v18 (rates written out, products of three, orders, ...) stops every record where context_v17 does
UNREACHED.update({("context_v18", rule): r for (policy, rule), r in list(UNREACHED.items()) if policy == "context_v17"})


def unreached(policy_name: str) -> dict[str, Reason]:
    """The rules whose records stop before them under the registered policy, and where: its `UNREACHED` pairs, or
    for a policy with none those of the last policy registered before it whose rules it runs (the policy it
    extends: a new version stops a record where its base did, unless its pairs say otherwise)."""
    own = {rule: reason for (policy, rule), reason in UNREACHED.items() if policy == policy_name}
    if own:
        return own
    names = list(POLICIES)
    rules = POLICIES[policy_name].rules
    base = [name for name in names[: names.index(policy_name)] if POLICIES[name].rules <= rules]
    return unreached(base[-1]) if base else {}


def test_unreached_pairs_name_rules_their_policy_runs():
    assert all(policy in POLICIES and rule in POLICIES[policy].rules for policy, rule in UNREACHED)


def test_a_policy_without_a_rule_does_not_run_it():
    policy = KIND_STEP
    dropped = without(policy, "no_relative_date")
    assert dropped.rules == policy.rules - {"no_relative_date"}
    assert [r.name for r in stage_rules(dropped)[Stage.REWRITE]] == [
        r.name for r in stage_rules(policy)[Stage.REWRITE] if r.name != "no_relative_date"
    ]
    assert all(set(stage_rules(dropped)[s]) == set(stage_rules(policy)[s]) for s in Stage if s is not Stage.REWRITE)


# --- the table --------------------------------------------------------------------------------------------

#: Reasons no rule declares: a record the readers skip, a failed match or draw, and the answer step. A failed
#: draw's `no_candidate` is also the reason of `country_name_without_article` (no country fits the map).
NOT_RULE_REASONS = frozenset(
    {
        Reason.MISSING_ID,
        Reason.UNREADABLE_ID,
        Reason.MISSING_CONTEXT,
        Reason.MISSING_QUESTION,
        Reason.NO_ANSWERS,
        Reason.INVALID_ANSWER_START,
        Reason.DUPLICATE_ID,
        Reason.DUPLICATE_QUESTION,
        Reason.NO_WIKIPEDIA_EVIDENCE,
        Reason.MISSING_EVIDENCE,
        Reason.NO_RELEVANT_WINDOW,
        Reason.OVERSIZED_RECORD,
        Reason.DECONTAMINATED,
        Reason.ANSWER_IN_TABLE,
        Reason.ANSWERS_DISAGREE,
        Reason.ANSWER_NOT_IN_EVIDENCE,
        Reason.NO_ENTITY_MATCH,
        Reason.ONLY_ALIASES,
        Reason.ANSWER_NOT_REWRITTEN,
    }
)


def check_table() -> None:
    """The table runs by stage, no two rules share a name, every rule has a record or a stand-in, and every reason
    is declared by some rule or is one of `NOT_RULE_REASONS`, never both."""
    stages = [rule.stage for rule in TABLE]
    assert stages == sorted(stages)
    assert len(RULES) == len(TABLE) == len({rule.name for rule in TABLE})
    assert all(case_of(rule) is not None or rule in DIRECT for rule in RULES)
    declared = {reason for rule in TABLE for reason in rule.reasons}
    assert all(isinstance(reason, Reason) for reason in declared)
    assert declared | NOT_RULE_REASONS == set(Reason)
    assert not declared & NOT_RULE_REASONS


def test_the_table():
    check_table()


def test_rules_reject_only_with_declared_reasons(monkeypatch):
    """Every rule that runs on any of the records above, under every policy that runs it, passes or names one
    of its declared reasons."""
    seen: list[tuple[Rule, Reason | None]] = []
    check = Rule.__call__

    def recording(self, swap):
        reason = check(self, swap)
        seen.append((self, reason))
        return reason

    monkeypatch.setattr(Rule, "__call__", recording)
    for case in [*CASES.values(), *NUMBER_CASES.values()]:
        for policy in (*STEPS, *(p for p in POLICIES.values() if p not in STEPS)):  # a rule only a later policy runs
            run(case, policy)
    for swap in DIRECT.values():
        for name in CHECKS:  # the stand-ins are finished swaps of the checks; the answerability rules read a whole one
            RULES[name](swap)
    assert {rule.name for rule, _ in seen} == set(RULES)
    assert all(reason is None or reason in rule.reasons for rule, reason in seen)
    assert {rule.name for rule, reason in seen if reason} == set(RULES)  # each one rejected something


# --- the counters ---------------------------------------------------------------------------------------


def test_tallies_refuse_an_undeclared_reason():
    tallies = Tallies()
    tallies.rejection("squad", Rejection(Reason.GPE_PAIR, "GPE", "California"))
    assert tallies.rejected["squad"] == {Reason.GPE_PAIR: 1}
    with pytest.raises(ValueError):
        tallies.rejection("squad", Rejection("not_a_reason", "GPE", "California"))


def test_skip_counter_refuses_an_undeclared_reason():
    skips = SkipCounter()
    skips.skip("squad", Reason.MISSING_ID, "dev.json: question 1")
    assert skips.counts["squad"] == {Reason.MISSING_ID: 1}
    with pytest.raises(ValueError):
        skips.skip("squad", "not_a_reason", "dev.json: question 2")
