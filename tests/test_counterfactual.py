"""Substitution on hand-made inputs: no spaCy, exact expected rows."""

from fqa_build.config import SubstitutionConfig
from fqa_build.swap.drawing.candidates import candidate_pool
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.swap.rules.names import inside_longer_entity
from fqa_build.text import ngram_keys
from fqa_build.types import Mention, Sample

from .conftest import context_info, make_bank, qa_record

PERSON = frozenset({"PERSON"})


def test_pool_keeps_same_type_and_shape_within_ratio():
    bank = make_bank(
        ("1887", "DATE"),
        ("1921", "DATE"),
        ("early autumn", "DATE"),
        ("year 1136", "DATE"),
        ("February 23", "DATE"),
        ("1904", "DATE"),
        ("Ohio", "GPE"),
    )
    pool = candidate_pool(bank, "DATE", "DATE|D4", "1904", (frozenset(),), (), SubstitutionConfig())
    assert [e.entity for e in pool] == ["1887", "1921"]


def test_pool_excludes_what_the_context_or_question_holds():
    bank = make_bank(("1887", "DATE"), ("1921", "DATE"), ("1950", "DATE"))
    context_grams = ngram_keys("In 1904 and again in 1921.", 3)
    question_grams = ngram_keys("Was it 1950?", 3)
    pool = candidate_pool(bank, "DATE", "DATE|D4", "1904", (context_grams, question_grams), (), SubstitutionConfig())
    assert [e.entity for e in pool] == ["1887"]


def test_pool_enforces_length_ratio():
    bank = make_bank(("Li", "PERSON"), ("Ann", "PERSON"), ("Maximilianuss", "PERSON"), ("Bartholomew", "PERSON"))
    pool = candidate_pool(bank, "PERSON", "PERSON|Cap", "Anne", (frozenset(),), (), SubstitutionConfig())
    # 4 characters: 1.2 to 12 allowed, so 13 is out
    assert [e.entity for e in pool] == ["Li", "Ann", "Bartholomew"]


def test_pool_excludes_names_holding_the_original_or_its_parts():
    bank = make_bank(("Michelle Obama", "PERSON"), ("Tom Hanks", "PERSON"), ("Barack Adams", "PERSON"))
    pool = candidate_pool(
        bank, "PERSON", "PERSON|Cap Cap", "Barack Obama", (frozenset(),), ("Obama", "Barack"), SubstitutionConfig()
    )
    assert [e.entity for e in pool] == ["Tom Hanks"]


def test_inside_other_person():
    context = "George Bush met Laura Bush. Bush spoke."
    entities = [(0, 11, "PERSON"), (16, 26, "PERSON"), (28, 32, "PERSON")]
    matched = Mention(0, 11, "PERSON", "George Bush", 0, 11)
    assert inside_longer_entity(context, [(0, 11), (22, 26), (28, 32)], entities, matched, PERSON)
    assert not inside_longer_entity(context, [(0, 11), (28, 32)], entities, matched, PERSON)


def test_title_in_front_is_the_same_person():
    context = "President Obama spoke."
    matched = Mention(10, 15, "PERSON", "Obama", 10, 15)
    assert not inside_longer_entity(context, [(10, 15)], [(0, 15, "PERSON")], matched, PERSON)


def test_full_name_around_a_one_word_person_is_the_same_person():
    context = "Manning threw. Peyton Manning won."
    matched = Mention(0, 7, "PERSON", "Manning", 0, 7)
    assert not inside_longer_entity(context, [(0, 7), (22, 29)], [(15, 29, "PERSON")], matched, PERSON)


CONTEXT = "Marie Curie moved to Paris in 1891. Curie's notes from 1891 survive in Paris today, we are told."
ENTITIES = [(0, 11, "PERSON"), (21, 26, "GPE"), (30, 34, "DATE"), (36, 41, "PERSON"), (55, 59, "DATE"), (71, 76, "GPE")]
RECORD = qa_record(CONTEXT, "1891", "When did she move?", source_id="q1", title="Curie")


def test_make_sample_row():
    bank = make_bank(("1887", "DATE"), ("1921", "DATE"), ("1891", "DATE"))
    row = make_sample(
        RECORD, context_info(CONTEXT, ENTITIES), bank, SubstitutionConfig(seed=42, policy="type_shape_v1"), {}
    )
    assert isinstance(row, Sample)
    new = row.replacement_entity
    assert new in ("1887", "1921")
    assert row.context == CONTEXT.replace("1891", new)
    assert row.answers == {"text": [new], "answer_start": [30]}
    assert row.original_answers == {"text": ["1891"], "answer_start": [30]}
    assert row.replaced_spans == [{"start": 30, "end": 34}, {"start": 55, "end": 59}]
    assert (
        row.id,
        row.original_entity,
        row.entity_type,
        row.entity_shape,
        row.match_strategy,
        row.num_replacements,
    ) == ("squad-q1", "1891", "DATE", "DATE|D4", "exact", 2)


def test_draw_is_a_function_of_seed_and_id_only():
    bank = make_bank(*[(str(1800 + i), "DATE") for i in range(50)])
    info = context_info(CONTEXT, ENTITIES)
    draws = {
        make_sample(RECORD, info, bank, SubstitutionConfig(seed=s, policy="type_shape_v1"), {}).replacement_entity
        for s in range(8)
    }
    assert len(draws) > 1
    again = make_sample(RECORD, info, bank, SubstitutionConfig(seed=3, policy="type_shape_v1"), {}).replacement_entity
    assert again == "1811"  # golden: the draw of rng_for(3, "squad-q1") from the 50-year pool, hard-coded


def test_person_swap_rewrites_surname_and_keeps_possessive():
    record = qa_record(CONTEXT, "Marie Curie", "Who moved to Paris in 1891?", source_id="q2", title="Curie")
    bank = make_bank(("Ada Byron", "PERSON"))
    row = make_sample(record, context_info(CONTEXT, ENTITIES), bank, SubstitutionConfig(policy="type_shape_v1"), {})
    assert (
        row.context == "Ada Byron moved to Paris in 1891. Byron's notes from 1891 survive in Paris today, we are told."
    )
    assert row.answers == {"text": ["Ada Byron"], "answer_start": [0]}


def test_reasons():
    info = context_info(CONTEXT, ENTITIES)
    plain = SubstitutionConfig(policy="type_shape_v1")
    assert make_sample(RECORD, info, make_bank(("Ohio", "GPE")), plain, {}).reason == "no_candidate"
    unmatched = qa_record(CONTEXT, "notes", "What survives?", source_id="q3")
    assert make_sample(unmatched, info, make_bank(("1887", "DATE")), plain, {}).reason == "no_entity_match"
    asked = qa_record(CONTEXT, "Paris", "What happened in Paris?", source_id="q4")
    assert make_sample(asked, info, make_bank(("Lyon", "GPE")), plain, {}).reason == "original_in_question"
    crowded = SubstitutionConfig(max_occurrences=1, policy="type_shape_v1")
    assert make_sample(RECORD, info, make_bank(("1887", "DATE")), crowded, {}).reason == "too_many_occurrences"
