"""What a question asks for: one thing or several (context_v1's `question_asks_for_one`)."""

import pytest

from fqa_build.swap.drawing.filters import ERA_YEARS, same_article, same_era
from fqa_build.swap.rules.questions import asks_for_several
from fqa_build.types import BankEntry

SEVERAL = [
    "Which two generals led the army?",
    "Which countries border France?",
    "What other cities were founded by the Romans?",
    "Name two rivers of Germany.",
    "Which teams played in the final?",
    "In what years did he rule?",
    "Which Nobel prizes did she win?",
    "Which 3 cities hosted the games?",
    "Which groups did he criticise?",
    "What awards did the film win?",
    "What rivers flow into the Rhine?",
    "Which universities are in Boston?",
    "What three colours are on the flag?",
    "Which both teams scored?",
    "List three causes of the war.",
    "Which tribes lived in the valley?",
    "What languages are spoken in Switzerland?",
    "Which islands belong to Hawaii?",
    "What two artists came out with Coldplay during the half-time show?",
    "From which countries did the Norse originate?",
    "Which several states voted against it?",
    "What six books did he publish?",
]
ONE = [
    "Which NFL team won Super Bowl 50?",
    "What is the name of the river?",
    "Who won the Super Bowl in 2016?",
    "Which species is the largest?",
    "What news network aired it?",
    "What happens in cells?",
    "How many countries border Germany?",
    "Which of the two was older?",
    "What genus includes lions?",
    "What causes the flu?",
    "What does the Rhine flow into?",
    "What physics prize did she win?",
    "When was it built?",
    "What was Tesla's first job?",
    "Which was the largest of the Hawaiian islands?",
    "What 2015 NFL team won the AFC playoff?",
    "What series was commissioned by the BBC?",
    "Which Beatles album came first?",
    "What status does the university have?",
    "In what year did the war end?",
    "Where does the river rise?",
    "Who designed the museum?",
]


@pytest.mark.parametrize("question", SEVERAL)
def test_asks_for_several(question):
    assert asks_for_several(question) is True


@pytest.mark.parametrize("question", ONE)
def test_asks_for_one(question):
    assert asks_for_several(question) is False


def test_same_era_keeps_a_year_within_a_generation():
    class Entry:
        def __init__(self, entity):
            self.entity = entity

    swap = type("S", (), {"original": "1960"})()
    keep = same_era(swap)
    assert ERA_YEARS == 25
    assert [y for y in ("1906", "1935", "1936", "1984", "1985", "1986", "2020", "Paris") if keep(Entry(y))] == [
        "1935",
        "1936",
        "1984",
        "1985",
    ]
    assert same_era(type("S", (), {"original": "last spring"})()) is None


def test_same_article_keeps_names_of_the_record_s_article():
    swap = type("S", (), {"label": "PERSON", "record": type("R", (), {"title": "Super_Bowl_50"})()})()
    keep = same_article(swap)

    def entry(name, *titles):
        return BankEntry(name, "PERSON", "PERSON|Cap Cap", 2, 2, ("squad",), (), titles=frozenset(titles))

    assert [
        e.entity for e in (entry("Von Miller", "Super_Bowl_50"), entry("Stephen Colbert", "Doctor_Who")) if keep(e)
    ] == ["Von Miller"]
    assert same_article(type("S", (), {"label": "DATE"})()) is None


def _swap(question, answer, answer_start, original, mention_start):
    from types import SimpleNamespace

    from fqa_build.types import Answer

    return SimpleNamespace(
        record=SimpleNamespace(question=question),
        match=SimpleNamespace(answer=Answer(answer, answer_start)),
        mention=SimpleNamespace(start=mention_start),
        original=original,
    )


def test_the_entity_must_be_the_whole_answer():
    from fqa_build.reasons import Reason
    from fqa_build.swap.rules.questions import answer_is_the_entity

    fragment = _swap("Where is it too cold for fleas?", "too cold in northern Europe", 10, "Europe", 31)
    assert answer_is_the_entity(fragment) == Reason.ANSWER_NOT_THE_ENTITY
    # the answer begins with the entity ("Stanford Stadium" for "Stanford"): the new answer is the whole phrase
    begins = _swap("Where was the game played?", "Levi's Stadium in Santa Clara", 10, "Levi's Stadium", 10)
    assert answer_is_the_entity(begins) is None
    assert answer_is_the_entity(_swap("How many people live there?", "Paris", 0, "Paris", 0)) is None
    assert answer_is_the_entity(_swap("How did the war end?", "Paris", 0, "Paris", 0)) == Reason.ANSWER_NOT_THE_ENTITY


def test_same_continent_keeps_a_country_on_its_continent():
    from fqa_build.swap.drawing.filters import country_continent, same_continent

    assert (country_continent("France"), country_continent("Brazil"), country_continent("Paris")) == ("EU", "SA", None)
    keep = same_continent(type("S", (), {"label": "GPE", "kind": "country", "original": "France"})())

    def entry(name):
        return BankEntry(name, "GPE", "GPE|Cap", 2, 2, ("squad",), ())

    assert [e.entity for e in map(entry, ("Spain", "Brazil", "Poland", "Japan")) if keep(e)] == ["Spain", "Poland"]
    assert same_continent(type("S", (), {"label": "GPE", "kind": "city", "original": "Paris"})()) is None


def test_every_filter_is_registered_where_it_is_defined_and_runs_in_rank_order():
    from fqa_build.swap.drawing.filters import FILTERS
    from fqa_build.swap.drawing.filters.base import REGISTRY, candidate_filter
    from fqa_build.swap.policies.registry import POLICIES, Policy, register

    ranks = [REGISTRY[name][0] for name in FILTERS]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)  # one place each in the running order
    assert all(f in FILTERS for policy in POLICIES.values() for f in policy.filters)
    with pytest.raises(ValueError, match=r"unknown rule, filter or draw \['no_such_filter'\]"):
        register(Policy("p", "d", rules=frozenset(), filters=("no_such_filter",)))
    assert "p" not in POLICIES
    with pytest.raises(ValueError, match="candidate filter same_kind is already registered"):
        candidate_filter("same_kind", rank=99)(lambda swap: None)
