"""context_v11's persons that v10 dropped and a consistent rewrite can keep: a person named by surname alone gets a
composed surname (every mention rewritten, given names kept), and a name NER tags PERSON whose given name no list
knows, or whose surname is a word, is a person where the text says so (a he/she, a gendered role word or an
occupation before it)."""

from __future__ import annotations

import pytest

from fqa_build.bank.entity_bank import LEXICON_MIN_FREQUENCY, EntityBankBuilder
from fqa_build.bank.mentions import mentions_of, relabel, with_year_cores
from fqa_build.config import SubstitutionConfig
from fqa_build.labels import ALL_ENTITY_TYPES, DEFAULT_ENTITY_TYPES
from fqa_build.reasons import Reason
from fqa_build.swap.components import Kinds, RelabelledNames
from fqa_build.swap.drawing.vectors import BankVectors
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.swap.orchestration.state import ContextInfo
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.swap.rewriting.roles import common_surname, given_name_used_in, name_countries, surname_fits
from fqa_build.types import Answer, Mention, QARecord, Rejection, Sample

from .rule_case import Case
from .test_rules import _at, _spans

V10, V11 = POLICIES["context_v10"], POLICIES["context_v11"]
#: persons of other articles, whose surnames a surname alone may take
OTHERS = (("Hans Brenner", "PERSON"), ("Peter Vogt", "PERSON"), ("Karl Lindner", "PERSON"))


def run(case: Case, policy, same_article: tuple = ()) -> Sample | Rejection:
    """`make_sample` for the case, the bank's persons named in other articles than the record's (`same_article`
    items in its own), as tests/test_rules.py `run` makes the inputs."""
    entities = tuple(_spans(case.context, case.entities))
    raw = mentions_of(case.context, entities, frozenset(ALL_ENTITY_TYPES))
    builder = EntityBankBuilder(classify_kinds=policy.uses(Kinds))
    items = [(text, label, "other") for text, label in case.bank] + [(t, lab, "t") for t, lab in same_article]
    for i, (text, label, title) in enumerate(items):
        for _ in range(2):
            mention = Mention(0, len(text), label, text, 0, len(text))
            builder.add_context(text, f"bank{i}", "squad", [mention], titles=(title,))
    builder.add_context(case.context, "record", "squad", raw, titles=("t",))
    full = builder.build()
    bank = full.restricted(DEFAULT_ENTITY_TYPES)
    bank.common_words = frozenset(case.common_words)
    mentions = with_year_cores(relabel(raw, full.label_of, frozenset(DEFAULT_ENTITY_TYPES)))
    answers = tuple(Answer(a, _at(case.context, a)) for a in case.answers)
    record = QARecord("squad", "q1", "t", case.question, case.context, answers)
    info = ContextInfo(entities, tuple(mentions), bank.keys_in(case.context))
    config = SubstitutionConfig(policy=policy.name)
    return make_sample(record, info, bank, config, bank.lexicon(LEXICON_MIN_FREQUENCY), BankVectors(bank), policy)


def _reject(result) -> tuple:
    assert isinstance(result, Rejection)
    return result.reason, result.rule


SURNAME = Case(
    "Who denied the charge at the trial?",
    "Schuler denied the charge at the trial, and the court heard Schuler again in the spring.",
    ("Schuler",),
    (("Schuler", "PERSON"), ("Schuler", "PERSON", 1)),
    bank=(*OTHERS, ("Anna Schuler", "PERSON")),
)


def test_a_surname_alone_gets_a_composed_surname_everywhere():
    kept = run(SURNAME, V11)
    assert isinstance(kept, Sample)
    assert kept.replacement_entity == "Lindner"
    assert kept.entity_kind == "surname"
    assert kept.context == "Lindner denied the charge at the trial, and the court heard Lindner again in the spring."
    assert kept.answers["text"] == ["Lindner"]
    assert _reject(run(SURNAME, V10)) == (Reason.KIND_NOT_SWAPPED, "person_named_in_full")


def test_a_surname_is_never_taken_from_the_articles_own_persons():
    case = Case(
        SURNAME.question, SURNAME.context, SURNAME.answers, SURNAME.entities, bank=(("Anna Schuler", "PERSON"),)
    )
    result = run(case, V11, same_article=OTHERS)
    assert isinstance(result, Rejection) and result.reason is Reason.NO_CANDIDATE


def test_the_given_names_the_passage_writes_stay_with_their_person():
    case = Case(
        "What is the last name of the player who tipped the pass?",
        "Defensive end Thomas Ealy tipped the pass. Later in the game Ealy intercepted another pass near the line.",
        (("Ealy"),),
        (("Thomas Ealy", "PERSON"), ("Ealy", "PERSON", 1)),
        bank=OTHERS,
    )
    case = Case(case.question, case.context, ("Ealy",), case.entities, bank=OTHERS)
    kept = run(case, V11)
    assert isinstance(kept, Sample)
    assert kept.entity_kind == "surname"  # the passage names "Thomas Ealy": "Ealy" is his surname
    new = kept.replacement_entity
    assert new in ("Brenner", "Vogt", "Lindner")
    assert kept.context == (
        f"Defensive end Thomas {new} tipped the pass. Later in the game {new} intercepted another pass near the line."
    )


def test_a_given_name_alone_is_not_taken_for_a_surname():
    case = Case(
        "Who denied the charge at the trial?",
        "Albert denied the charge at the trial, and the court heard Albert again in the spring.",
        ("Albert",),
        (("Albert", "PERSON"), ("Albert", "PERSON", 1)),
        bank=(*OTHERS, ("Anna Albert", "PERSON")),
    )
    assert _reject(run(case, V11)) == (Reason.KIND_NOT_SWAPPED, "person_named_in_full")


def test_a_surname_needs_the_text_or_the_question_to_say_it_is_a_person():
    case = Case(
        "What flows past the old town?",
        "The canal called Schuler flows past the old town, and Schuler floods in the spring.",
        ("Schuler",),
        (("Schuler", "PERSON"), ("Schuler", "PERSON", 1)),
        bank=(*OTHERS, ("Anna Schuler", "PERSON")),
    )
    assert _reject(run(case, V11)) == (Reason.KIND_NOT_SWAPPED, "person_named_in_full")


def test_a_nationality_after_a_surname_keeps_the_person():
    case = Case(
        "Who served as chief minister?",
        "Schuler served as chief minister for years. Schuler was an Indian politician of the party.",
        ("Schuler",),
        (("Schuler", "PERSON"), ("Schuler", "PERSON", 1)),
        bank=(*OTHERS, ("Anna Schuler", "PERSON")),
    )
    assert _reject(run(case, V11)) == (Reason.NATIONALITY_NAMED, "person_without_nationality")


PRONOUN = Case(
    "Who tipped the pass?",
    "In the second half Kony Ealy tipped the pass to himself and returned the ball nineteen yards.",
    ("Kony Ealy",),
    (("Kony Ealy", "PERSON"),),
    bank=(*OTHERS, ("John Ealy", "PERSON")),
)


def test_a_pronoun_makes_a_name_of_an_unknown_given_name_a_person():
    kept = run(PRONOUN, V11, same_article=OTHERS)
    assert isinstance(kept, Sample)
    assert kept.replacement_entity.split()[0] in ("Hans", "Peter", "Karl")  # a man's given name: "himself"
    assert kept.context.endswith("tipped the pass to himself and returned the ball nineteen yards.")
    assert _reject(run(PRONOUN, V10)) == (Reason.LABEL_CONTRADICTED, "label_is_majority")


def test_without_a_pronoun_a_name_of_an_unknown_given_name_stays_unswapped():
    case = Case(
        "Who tipped the pass?",
        "In the second half Kony Ealy tipped the pass and returned the ball nineteen yards.",
        PRONOUN.answers,
        PRONOUN.entities,
        bank=PRONOUN.bank,
    )
    # without `relabel_by_evidence`: context_v11 keeps it where the question asks "who" of a name the corpus tags
    # PERSON ending with a known surname (tests/test_relabel.py)
    without_relabel = V11.without(RelabelledNames)
    assert _reject(run(case, without_relabel, same_article=OTHERS)) == (
        Reason.LABEL_CONTRADICTED,
        "label_is_majority",
    )
    assert isinstance(run(case, V11, same_article=OTHERS), Sample)


@pytest.mark.parametrize(
    "context, kept",
    [
        ("The latent heat was confirmed by the physicist Joseph Black in the same year.", True),
        ("The latent heat was confirmed by Joseph Black in the same year.", False),
        ("The latent heat was confirmed by the physicist Cam Black in the same year.", False),  # "Cam": either
    ],
)
def test_a_surname_that_is_a_word_is_a_person_after_an_occupation(context, kept):
    name = "Joseph Black" if "Joseph" in context else "Cam Black"
    case = Case(
        "Who confirmed the latent heat?",
        context,
        (name,),
        ((name, "PERSON"),),
        bank=OTHERS,
        common_words=("black", "the", "heat"),
    )
    result = run(case, V11, same_article=OTHERS)
    if kept:
        assert isinstance(result, Sample)
        assert result.context == context.replace("Joseph Black", result.replacement_entity)
        assert result.replacement_entity.split()[0] in ("Hans", "Peter", "Karl")
    else:
        assert _reject(result) == (Reason.LABEL_CONTRADICTED, "person_surname_not_a_word")
    assert _reject(run(case, V10)) == (Reason.LABEL_CONTRADICTED, "person_surname_not_a_word")


NATIONALITY = Case(
    "Who sang the song on the album?",
    "The song was sung by the American singer Harold Bannon on the album that came out in the spring.",
    ("Harold Bannon",),
    (("Harold Bannon", "PERSON"),),
    bank=(("Hans Brenner", "PERSON"), ("Dieter Vogt", "PERSON"), ("Walter Price", "PERSON"), ("Peter Kline", "PERSON")),
)


def test_a_person_of_an_english_speaking_nation_gets_names_used_there():
    kept = run(NATIONALITY, V11, same_article=NATIONALITY.bank)
    assert isinstance(kept, Sample)
    # "Hans" and "Dieter" are no given names of the name data's usa: "Walter Price" and "Peter Kline" give the parts
    assert kept.replacement_entity == "Walter Kline"  # of "Walter Kline" and "Peter Price", by the seed
    assert kept.context == NATIONALITY.context.replace("Harold Bannon", kept.replacement_entity)
    assert _reject(run(NATIONALITY, V10, same_article=NATIONALITY.bank)) == (
        Reason.NATIONALITY_NAMED,
        "person_without_nationality",
    )


def test_without_names_used_there_the_person_stays_unswapped():
    bank = (("Hans Brenner", "PERSON"), ("Dieter Vogt", "PERSON"))
    case = Case(NATIONALITY.question, NATIONALITY.context, NATIONALITY.answers, NATIONALITY.entities, bank=bank)
    result = run(case, V11, same_article=bank)
    assert isinstance(result, Rejection) and result.reason is Reason.NO_CANDIDATE


def test_a_nationality_the_name_data_has_no_country_for_keeps_the_check():
    context = NATIONALITY.context.replace("American", "Italian")
    case = Case(NATIONALITY.question, context, NATIONALITY.answers, NATIONALITY.entities, bank=NATIONALITY.bank)
    assert _reject(run(case, V11, same_article=NATIONALITY.bank)) == (
        Reason.NATIONALITY_NAMED,
        "person_without_nationality",
    )


def test_the_name_data_says_which_given_names_a_nation_uses():
    assert given_name_used_in("Walter Price", ("usa",)) and given_name_used_in("Mary Cole", ("great_britain",))
    assert not given_name_used_in("Hans Brenner", ("usa",)) and not given_name_used_in("Jyoti Basu", ("usa",))
    assert name_countries(("american", "british")) == ("great_britain", "usa")
    assert name_countries(("american", "italian")) is None


def test_a_composed_surname_is_common_stock_of_the_originals_culture():
    # in the lists of two locales or more, and no eponym: no famous carrier comes to mind
    assert common_surname("Gallagher", "Manning") is True
    assert common_surname("Warhol", "Watt") is False  # in no list
    assert common_surname("Dickens", "Watt") is False  # in one list only
    assert common_surname("Marx", "Kissinger") is False  # "Marxism": an eponym
    # where the original's surname is in the lists, the new one shares a naming culture with it
    assert common_surname("Nair", "Manning") is False
    assert common_surname("Berger", "Sanders") is True
    assert common_surname("Berger", "Trevathan") is True  # the original in no list: any common surname


def test_a_british_persons_surname_is_a_british_or_irish_one():
    assert surname_fits("Lagat", ("great_britain",)) is False
    assert surname_fits("Thompson", ("great_britain",)) is True
    assert surname_fits("Gallagher", ("ireland",)) is True
    assert surname_fits("Lagat", ("usa",)) is True  # American persons carry surnames of every origin
    assert surname_fits("Lagat", ()) is True


def test_a_gold_answer_of_two_persons_asks_for_several():
    case = Case(
        "Who played key roles in the retreat?",
        "Two future opponents, George Washington and Thomas Gage, played key roles in the retreat.",
        ("George Washington", "George Washington and Thomas Gage"),
        (("George Washington", "PERSON"), ("Thomas Gage", "PERSON")),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON")),
    )
    assert _reject(run(case, V11)) == (Reason.PERSONS_ASKED, "person_asked_alone")
