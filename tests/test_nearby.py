"""Where a made place lies (swap/components/made_towns/locality.py, swap/components/made_towns/nearby_rules.py) and
which words a composed name may not use as a part (swap/components/composed_persons/make.py `function_word`): one
test per condition."""

from __future__ import annotations

from functools import partial

import pytest

from fqa_build.config import SubstitutionConfig
from fqa_build.reasons import Reason
from fqa_build.swap.components.composed_persons.make import _names_of, function_word
from fqa_build.swap.components.made_towns.locality import (
    PROXIMITY,
    bearing,
    cities_named,
    direction_in,
    district_of,
    km_between,
    lies_towards,
    nearest_km,
    placed_by,
    points_of,
)
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.types import Rejection

from .conftest import context_info, make_bank, qa_record

V10 = SubstitutionConfig(policy="context_v10")
V9 = SubstitutionConfig(policy="context_v9")
BANK = partial(make_bank, copies=2, classify_kinds=True)(("Ghana", "GPE"), ("Togo", "GPE"))


def swap(context, entities, question, answer, config=V10):
    found = make_sample(qa_record(context, answer, question), context_info(context, entities), BANK, config, {})
    return found.reason if isinstance(found, Rejection) else (found.replacement_entity, found.context)


def ent(context: str, text: str, label: str) -> tuple[int, int, str]:
    start = context.index(text)
    return start, start + len(text), label


def test_a_city_inside_a_longer_name_is_not_named():
    text = "Kabaty Forest and Lake Victoria lie far from New York City."
    assert cities_named(text, 0, len(text)) == [(45, 58, "New York City")]


def test_cities_named_reads_boroughs_with_the_and_drops_possessives():
    text = "A strait between the Bronx and Manhattan, at Warsaw's edge."
    assert cities_named(text, 0, len(text)) == [(21, 26, "The Bronx"), (31, 40, "Manhattan"), (45, 51, "Warsaw")]


def test_distances_take_the_nearest_of_shared_names():
    assert round(nearest_km("Mastic", "Manhattan")) == 95  # Manhattan, New York (not Manhattan, Kansas)
    assert round(nearest_km("Grodzisk Mazowiecki", "Warsaw")) == 29
    assert round(nearest_km("Legionowo", "Warsaw")) == 20
    assert nearest_km("Nowhere Town", "Warsaw") is None
    assert len(points_of("Plymouth")) >= 2
    assert km_between((0.0, 0.0), (0.0, 1.0)) == pytest.approx(111.19, abs=0.01)


@pytest.mark.parametrize(
    "sentence, cue",
    [
        ("It lies 21 miles north of the city.", True),
        ("It lies at the southern border of the city.", True),
        ("It lies near the city.", True),
        ("It lies on the outskirts of the city.", True),
        ("It was founded in the city in 1850.", False),
    ],
)
def test_proximity_words(sentence, cue):
    assert bool(PROXIMITY.search(sentence)) is cue


FRESNO_NEAR = "The family moved to Fresno, a few miles outside Sacramento, after the war ended that year."


def test_a_town_placed_by_a_city_is_drawn_near_it():
    entities = [ent(FRESNO_NEAR, "Fresno", "GPE")]
    # context_v9: a town of the state, 500 km from Sacramento; context_v10: one within 60 km of it (a repair)
    assert swap(FRESNO_NEAR, entities, "Where did the family move?", "Fresno", V9)[0] == "Whittier"
    assert swap(FRESNO_NEAR, entities, "Where did the family move?", "Fresno")[0] == "Vacaville"
    assert round(nearest_km("Vacaville", "Sacramento")) == 50


def test_the_rule_drops_a_made_town_the_repair_did_not_place(monkeypatch):
    from fqa_build.swap.components.made_towns import make as towns

    monkeypatch.setattr(towns, "_NEAR_KM", {})  # no repair: the draw ignores the cities of the text
    entities = [ent(FRESNO_NEAR, "Fresno", "GPE")]
    assert swap(FRESNO_NEAR, entities, "Where did the family move?", "Fresno") == Reason.MADE_PLACE_ASTRAY


def test_a_town_without_a_proximity_word_is_kept():
    context = "The family moved to Fresno after the war, and later to Sacramento for work that year."
    assert swap(context, [ent(context, "Fresno", "GPE")], "Where did the family move first?", "Fresno")[0] == (
        "Thousand Oaks"
    )


@pytest.mark.parametrize(
    "part, function", [("Meanwhile", True), ("Il", True), ("Van", True), ("However", True), ("Tolbert", False)]
)
def test_function_words_are_no_name_parts(part, function):
    assert function_word(part) is function


def test_plain_name_parts_leave_out_function_words():
    persons = [("Phil Meanwhile", "Phil", "male", "Meanwhile"), ("Il Mote", "Il", "male", "Mote")]
    assert _names_of(persons, frozenset(), "male") == ({"Phil", "Il"}, {"Meanwhile", "Mote"})
    assert _names_of(persons, frozenset(), "male", plain=True) == ({"Phil"}, {"Mote"})


@pytest.mark.parametrize(
    "text, town, held",
    [
        # a composed name is held to every city of its sentences
        ("Kabaty Forest lies south of Warsaw. Krakow is far away.", False, ["Warsaw"]),
        # a sentence that says "the city" without naming one: the cities of the whole text
        ("Kabaty Forest lies by the southern city border. Warsaw has two gardens.", False, ["Warsaw"]),
        ("Kabaty Forest lies by the southern border. Warsaw has two gardens.", False, []),
        # a town only where its sentence places it by another
        ("They moved to Fresno, outside Sacramento.", True, ["Sacramento"]),
        ("They moved to Fresno and later to Sacramento.", True, []),
    ],
)
def test_the_cities_a_made_place_is_held_to(text, town, held):
    start = text.index("Kabaty Forest" if not town else "Fresno")
    end = start + len("Kabaty Forest" if not town else "Fresno")
    assert [city for city, _ in placed_by(text, [(start, end)], town)] == held


def test_a_composed_name_is_drawn_near_the_city_of_its_text():
    context = "Another big forest is Kabaty Forest by the southern city border. Warsaw also has two gardens."
    entities = [ent(context, "Kabaty Forest", "LOC"), ent(context, "Warsaw", "GPE")]
    question = "What forest is by the border?"
    assert swap(context, entities, question, "Kabaty Forest", V9)[0] == "Legionowo Forest"
    # within 25 km of Warsaw lie only its districts (Legionowo 20 km north, within 10 km x sqrt(1.7M / 300,000)):
    # nothing to make
    assert swap(context, entities, question, "Kabaty Forest") == Reason.NO_CANDIDATE
    assert round(nearest_km("Legionowo", "Warsaw")) == 20


def test_a_made_town_tied_to_a_natural_feature_is_dropped():
    context = "The Rhine bridge at Arnhem was the focus of the battle in September of that year."
    arnhem = ent(context, "Arnhem", "GPE")
    question = "Where was the bridge that was the focus of the battle?"
    assert swap(context, [arnhem, ent(context, "Rhine", "LOC")], question, "Arnhem") == Reason.MADE_PLACE_ASTRAY
    assert swap(context, [arnhem], question, "Arnhem")[0] == "Tiel"


@pytest.mark.parametrize(
    "sentence, direction",
    [
        ("by the southern city border", 180.0),
        ("just north of the city", 0.0),
        ("north-east of the city", 45.0),
        ("to the northwest of it", 315.0),
        ("in North Carolina", None),  # a capitalised direction names a place
        ("south and west of it", None),  # two directions: none
    ],
)
def test_the_direction_a_sentence_gives(sentence, direction):
    assert direction_in(sentence, 0, len(sentence)) == direction


def test_a_town_lies_towards_a_direction_from_a_city():
    assert lies_towards("Legionowo", "Warsaw", 0.0) is True  # north
    assert lies_towards("Legionowo", "Warsaw", 180.0) is False
    assert lies_towards("Nowhere Town", "Warsaw", 0.0) is None
    assert round(bearing((0.0, 0.0), (1.0, 0.0))) == 0 and round(bearing((0.0, 0.0), (0.0, 1.0))) == 90


@pytest.mark.parametrize(
    "town, district", [("Ochota", "warsaw"), ("Strawberry Mansion", "philadelphia"), ("Vacaville", None)]
)
def test_a_district_of_a_large_city_is_no_town(town, district):
    assert district_of(town) == district


def test_a_direction_is_read_of_the_city_it_is_stated_of():
    # the made town is Boston or Fresno (the span at 0): it lies north of the city the sentence names after "of"
    assert placed_by("Boston lies north of Fresno.", [(0, 6)], False) == [("Fresno", 0.0)]
    assert placed_by("Kabaty Forest is by Warsaw's southern border.", [(0, 13)], False) == [("Warsaw", 180.0)]
    # a direction of another place says nothing of the city's
    assert placed_by("Kabaty Forest, north of the river, lies in Warsaw.", [(0, 13)], False) == [("Warsaw", None)]


def test_a_city_after_a_capitalised_stop_word_is_named():
    text = "In Warsaw the Kabaty Forest lies near the river."
    assert cities_named(text, 0, len(text)) == [(3, 9, "Warsaw")]
