"""The knowledge behind the context policies (first `context_v8`, then `context_v9`), one small test each
with exact expected values: what a question asks for, time anchors, calendar dates, values, the candidate
filters and composed names. The rules themselves are tested one record
each in tests/test_rules.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from fqa_build.asked import asked_for
from fqa_build.bank.entity_bank import EntityBankBuilder
from fqa_build.gazetteers.persons import plain_name
from fqa_build.swap.components.shifted_timelines.anchors import anchors, era_of, interval_of, relation, roman_value
from fqa_build.swap.components.shifted_timelines.calendar import one_date, order, parse_dates, weekday
from fqa_build.swap.drawing.filters import FILTERS
from fqa_build.swap.policies.registry import POLICIES
from fqa_build.text import value_of
from fqa_build.types import BankEntry, Mention

# --- what a question asks for (fqa_build/asked.py): 44 questions ------------------------------------------------

N = ("CARDINAL", "MONEY", "PERCENT", "QUANTITY")
T = ("DATE", "EVENT", "TIME")
NT = tuple(sorted(N + T))
WHO = ("GPE", "NORP", "ORG", "PERSON")
ASKED = [
    ("Which NFL team represented the AFC at Super Bowl 50?", ("ORG",), "team", None),
    ("In what year did ABC launch the Movie of the Week?", T, None, "year"),
    ("How many gems were in the collection?", N, None, None),
    ("What happened to the contents?", None, None, None),
    ("Who won the game?", WHO, None, None),
    ("What city did Tesla move to?", ("GPE",), "city", None),
    ("When was the bridge built?", T, None, None),
    ("How many years did the war last?", NT, None, None),
    ("What percentage of people voted?", ("PERCENT",), "percent", None),
    ("What did Tesla build?", None, None, None),
    ("Where is the Rhine?", ("FAC", "GPE", "LOC", "ORG"), None, None),
    ("Which European country borders France?", ("GPE",), "country", None),
    ("How much did the house cost?", N, None, None),
    ("How long is the river?", NT, None, None),
    ("How old was he?", NT, None, None),
    ("What century was the castle built in?", T, None, "century"),
    ("Which decade saw the change?", T, None, "decade"),
    ("What month is the warmest?", T, None, "month"),
    ("On what day was the treaty signed?", T, None, "day"),
    ("What date was the game played?", T, None, "date"),
    ("Whose army liberated Warsaw in 1806?", WHO, None, None),
    ("Whom did she marry?", WHO, None, None),
    ("Which river flows through the city?", ("LOC",), "river", None),
    ("What lake is the largest?", ("LOC",), "lake", None),
    ("Which company bought the network?", ("ORG",), "company", None),
    ("What network aired the show?", ("ORG",), "network", None),
    ("Which university did she attend?", ("FAC", "ORG"), "university", None),
    ("What religion did he follow?", ("NORP",), "religion", None),
    ("Which state is the largest?", ("GPE",), "state", None),
    ("What province is it in?", ("GPE",), "state", None),
    ("Which ocean is the deepest?", ("LOC",), "ocean", None),
    ("What mountain is the highest?", ("LOC",), "mountain", None),
    ("Which continent is the largest?", ("LOC",), "continent", None),
    ("What war ended in 1918?", ("EVENT",), "war", None),
    ("Which battle was the bloodiest?", ("EVENT",), "battle", None),
    ("What newspaper printed the story?", ("ORG",), "newspaper", None),
    ("Which band played the show?", ("ORG", "PERSON"), "band", None),
    ("What nationality was the scientist?", ("NORP",), "nationality", None),
    ("Which author wrote the book?", ("PERSON",), "person", None),
    ("What was the name of the king?", None, None, None),
    ("Which party won the election?", ("NORP", "ORG"), "party", None),
    ("What tribe lived there?", ("NORP",), "nationality", None),
    ("Which island is the largest?", ("GPE", "LOC"), "island", None),
    ("What dynasty ruled China?", ("NORP", "ORG", "PERSON"), "dynasty", None),
]


@pytest.mark.parametrize("question, labels, kind, part", ASKED)
def test_asked_for(question, labels, kind, part):
    asked = asked_for(question)
    assert (None if asked.labels is None else tuple(sorted(asked.labels)), asked.kind, asked.date_part) == (
        labels,
        kind,
        part,
    )


# --- time anchors, calendar dates, values -------------------------------------------------------------------


def test_anchors_of_a_text():
    text = "In 1914, during World War I and the Second World War, in the 1960s, Super Bowl XIX and Super Bowl 50"
    assert sorted(anchors(text)) == [(1914, 1914), (1914, 1918), (1939, 1945), (1960, 1969), (1985, 1985), (2016, 2016)]
    assert anchors("World War II") == [(1939, 1945)]  # not World War I inside it
    assert [roman_value(n) for n in ("I", "IV", "XIX", "XLIV", "L")] == [1, 4, 19, 44, 50]


@pytest.mark.parametrize(
    "text, era, interval",
    [
        ("the late 1340s", (1340, 20), (1340, 1349)),
        ("14th century", (1300, 100), (1300, 1399)),
        ("fourteenth century", (1300, 100), (1300, 1399)),
        ("6th century BC", (-600, 100), (-600, -501)),
        ("1969", None, (1969, 1969)),
        ("May", None, None),
    ],
)
def test_era_and_interval(text, era, interval):
    assert (era_of(text), interval_of(text)) == (era, interval)


def test_relation_of_intervals():
    assert [relation((1912, 1912), (1914, 1918)), relation((1915, 1915), (1914, 1918))] == [-1, 0]
    assert relation((1960, 1969), (1950, 1955)) == 1


def test_calendar_dates():
    text = "On February 7, 2016 and 13 June 1525, then April 30 and 1st May."
    assert [d[2:] for d in parse_dates(text)] == [(2016, 2, 7), (1525, 6, 13), (None, 4, 30), (None, 5, 1)]
    assert one_date("9 March") == (None, 3, 9) and one_date("1969") is None
    assert weekday((2016, 2, 1)) == 0 and weekday((None, 2, 1)) is None and weekday((2015, 2, 30)) is None
    assert [
        order((1525, 6, 13), (None, 6, 27)),
        order((2016, 2, 1), (2015, 3, 1)),
        order((None, 5, 1), (None, 5, 1)),
    ] == [
        -1,
        1,
        0,
    ]


@pytest.mark.parametrize(
    "text, value",
    [
        ("10 years", 10.0),
        ("1 million", 1e6),
        ("2 billion", 2e9),
        ("three", 3.0),
        ("about 300", 300.0),
        ("a decade", None),
    ],
)
def test_value_of(text, value):
    assert value_of(text) == value


@pytest.mark.parametrize(
    "name, plain",
    [
        ("Nikola Tesla", True),
        ("J. A. Hobson", True),
        ("Dorothea Prühl", True),
        ("Hans-Peter Grosshans", True),
        ("Dr. John Smith", False),
        ("Ludwig van Beethoven", False),
        ("John Smith Jr.", False),
        ("Tesla", False),
    ],
)
def test_plain_names_are_those_nameparser_splits_first_and_last(name, plain):
    from nameparser import HumanName

    assert plain_name(name) is plain
    if plain:
        parsed = HumanName(name)
        assert (parsed.first, parsed.last) == (name.split()[0], name.split()[-1])


# --- candidate filters ----------------------------------------------------------------------------------------


def entry(name: str, label: str = "DATE", **fields) -> BankEntry:
    return BankEntry(name, label, f"{label}|x", 2, 2, ("squad",), (), **fields)


def swap(original: str, label: str = "DATE", context: str = "", question: str = "When?", **fields):
    context = context or f"It happened in {original}."
    start = context.index(original)
    pronoun = fields.pop("pronoun_gender", None)
    return SimpleNamespace(
        original=original,
        label=label,
        context=context,
        mention=SimpleNamespace(start=start, end=start + len(original)),
        record=SimpleNamespace(question=question, title="t"),
        kind=fields.pop("kind", None),
        pronoun_gender=pronoun,
        needed_gender=fields.pop("needed_gender", pronoun),  # the pronoun's where no role word is read
        **fields,
    )


def kept(name: str, s, candidates, label: str = "DATE") -> list[str]:
    test = FILTERS[name](s)
    assert test is not None, name
    return [c for c in candidates if test(entry(c, label))]


def test_near_year_and_stays_past():
    s = swap("1960", context="NASA began in 1958. In 1960 it announced the plan; by 1969 it landed.")
    assert kept("near_year", s, ["1949", "1950", "1970", "1971"]) == ["1950", "1970"]
    assert kept("stays_past", s, ["1969", "1970"]) == ["1969"]
    assert FILTERS["stays_past"](swap("2020", context="Completion is expected in 2020 at the latest.")) is None


def test_future_stays_future_and_asked_part_changes():
    s = swap("2020", context="Completion is estimated for 2020.")
    assert kept("future_stays_future", s, ["2012", "2020", "2024"]) == ["2024"]
    s = swap("September 1969", question="In what year did ABC launch it?")
    assert kept("asked_part_changes", s, ["November 1969", "May 1970"]) == ["May 1970"]
    assert FILTERS["asked_part_changes"](swap("September 1969", question="When did ABC launch it?")) is None


def test_same_era_broad_and_close_value():
    assert kept("same_era_broad", swap("the late 1340s"), ["the 1320s", "the 1310s", "the 1980s", "1350"]) == [
        "the 1320s"
    ]
    assert kept("same_era_broad", swap("1st century"), ["2nd century", "9th century", "1st century BC"]) == [
        "2nd century"
    ]
    assert kept("close_value", swap("10 years"), ["3 years", "4 years", "30 years", "31 years", "130 years"]) == [
        "4 years",
        "30 years",
    ]
    assert FILTERS["close_value"](swap("1960")) is None  # years move by their own filters


def test_unit_agrees():
    assert kept("unit_agrees", swap("one year"), ["three year", "three years", "one year"]) == [
        "three years",
        "one year",
    ]


def test_dates_keep_order_and_weekday():
    s = swap(
        "May 2", context="The stations were removed on April 30. After a petition on May 1 they came back on May 2."
    )
    assert kept("dates_keep_order", s, ["April 4", "May 9", "May 1"]) == ["May 9"]
    s = swap("February 1, 2016", context="It was moved to the Monday evening: February 1, 2016.")
    assert kept("dates_keep_order", s, ["February 8, 2016", "February 9, 2016", "February 16, 2013"]) == [
        "February 8, 2016"
    ]  # the only Monday among them


def test_anchored_chronology_and_near_day():
    s = swap("1914", context="The gift of 1914 thanked Britain for its support in World War I.")
    assert kept("anchored_chronology", s, ["1912", "1916", "1920"]) == ["1916"]
    s = swap("January 30", context="Super Bowl City opened on January 30.")
    assert kept("near_day", s, ["February 20", "March 3", "August 30", "January 1"]) == [
        "February 20",
        "January 1",
    ]  # March 3 is 32 days on


def test_same_season():
    assert kept("same_season", swap("May"), ["March", "April", "July", "December"]) == ["March", "April"]
    assert FILTERS["same_season"](swap("May 2")) is None  # a day of the month moves by `near_day`


def test_places_and_groups():
    s = swap("USSR", "GPE", kind="country")
    assert kept("same_statehood", s, ["Prussia", "France", "Ottoman Empire"], "GPE") == ["Prussia", "Ottoman Empire"]
    s = swap("German", "NORP")
    assert kept("nationality_same_continent", s, ["Austrian", "Ottoman", "Japanese"], "NORP") == ["Austrian"]
    assert kept("nationality_same_continent", swap("Laotian", "NORP"), ["Thai"], "NORP") == []


# --- composed names (swap/components/composed_persons/make.py) ---------------------------------------------


def test_composed_names():
    from fqa_build.bank.build import lower_case_words
    from fqa_build.config import SubstitutionConfig
    from fqa_build.swap.components.composed_persons.make import compose_person

    builder = EntityBankBuilder(classify_kinds=True)
    persons = ["Thomas Davis", "Mike Tolbert", "Grace Hopper", "Anna Schindler", "Brock Osweiler", "Jimmy Kimmel Live"]
    for i, name in enumerate(persons):
        builder.add_context(name, f"c{i}", "squad", [Mention(0, len(name), "PERSON", name, 0, len(name))], ["t"])
    bank = builder.build().restricted({"PERSON"})
    bank.common_words = lower_case_words(["we watch it live on the way"])
    policy = POLICIES["context_v8"]

    def composed(original, context, pronoun=None, seed=42):
        s = swap(original, "PERSON", context=context, question="Who won?", pronoun_gender=pronoun)
        s.bank, s.vectors, s.policy, s.config = bank, None, policy, SubstitutionConfig(seed=seed, policy=policy.name)
        s.record.id = "q1"
        found = compose_person(s)
        return None if found is None else (found.entity, found.gender, found.kind, found.sources)

    context = "Peter Newton threw the ball and Mike Tolbert ran."
    results = {composed("Peter Newton", context, seed=seed) for seed in range(30)}
    # male given names of the article (Peter is male) but not the text's ("Mike"); surnames the text does not
    # use ("Tolbert"), never "Live" (a word the corpus writes in lower case); never a person the bank knows
    names = {r[0] for r in results}
    firsts, lasts = {"Thomas", "Brock", "Jimmy"}, {"Davis", "Osweiler", "Hopper", "Schindler"}
    assert names and all(n.split()[0] in firsts and n.split()[1] in lasts for n in names)
    assert all(r[1:] == ("male", "full_name", ("composed",)) for r in results)
    assert not names & {"Thomas Davis", "Brock Osweiler"}
    assert composed("Peter Newton", context) == composed("Peter Newton", context)  # stable for a seed and record
    female = {composed("Ada Byron", "Ada Byron wrote it and she won.", "female", seed)[0] for seed in range(30)}
    assert female and female <= {
        f"{f} {last}" for f in ("Grace", "Anna") for last in ("Davis", "Tolbert", "Osweiler")
    } | {
        "Grace Schindler",
        "Anna Hopper",
    }
