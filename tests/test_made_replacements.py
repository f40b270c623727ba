"""context_v9's made replacements on hand-made inputs, one case per check: countries and nationalities as one map
(swap/components/country_maps/make.py), cities as small towns (swap/components/made_towns/make.py), composed names of
organisations, places, events and teams (swap/components/composed_names/make.py,
swap/components/composed_names/patterns.py)."""

from functools import partial

import pytest

from fqa_build.config import SubstitutionConfig
from fqa_build.gazetteers.countries import countries, country_of_form, neighbours, same_form, subregions
from fqa_build.reasons import Reason
from fqa_build.swap.components.composed_names.patterns import NameForm, name_form, team_form
from fqa_build.swap.components.country_maps.make import country_forms_in
from fqa_build.swap.components.made_towns.make import resolve_city, text_region, town_population
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.types import Rejection

from .conftest import context_info, make_bank, qa_record

V9 = SubstitutionConfig(policy="context_v9")
V8 = SubstitutionConfig(policy="context_v8")
BANK = partial(make_bank, copies=2, classify_kinds=True)(("Ghana", "GPE"), ("Togo", "GPE"))


def ent(context: str, text: str, label: str, occurrence: int = 0) -> tuple[int, int, str]:
    start = -1
    for _ in range(occurrence + 1):
        start = context.index(text, start + 1)
    return start, start + len(text), label


def swap(context, entities, question, answer, config=V9):
    """(replacement, new context) of the record, or the rejection's reason."""
    found = make_sample(qa_record(context, answer, question), context_info(context, entities), BANK, config, {})
    return found.reason if isinstance(found, Rejection) else (found.replacement_entity, found.context)


# --- the country map -------------------------------------------------------------------------------------

KENYA = "Kenya is known for its runners. Kenyan athletes won many medals at the games."
KENYA_ENTITIES = [ent(KENYA, "Kenya", "GPE"), ent(KENYA, "Kenyan", "NORP")]


def test_a_country_is_swapped_with_its_adjective():
    assert swap(KENYA, KENYA_ENTITIES, "Which country is known for its runners?", "Kenya") == (
        "Malawi",
        "Malawi is known for its runners. Malawian athletes won many medals at the games.",
    )


def test_the_old_policy_does_not_swap_countries():
    assert swap(KENYA, KENYA_ENTITIES, "Which country is known for its runners?", "Kenya", V8) == (
        Reason.KIND_NOT_SWAPPED
    )


def test_a_nationality_is_swapped_with_its_country():
    context = "Kenyan runners train at altitude. Kenya has won many medals."
    entities = [ent(context, "Kenyan", "NORP"), ent(context, "Kenya", "GPE")]
    assert swap(context, entities, "What nationality are the runners?", "Kenyan") == (
        "Malawian",
        "Malawian runners train at altitude. Malawi has won many medals.",
    )


def test_the_people_go_with_the_map():
    context = "The Germans built the bridge. German engineers designed it."
    entities = [ent(context, "Germans", "NORP"), ent(context, "German", "NORP")]
    replacement, text = swap(context, entities, "Which people built the bridge?", "Germans")
    assert (replacement, text) == ("Belgians", "The Belgians built the bridge. Belgian engineers designed it.")


@pytest.mark.parametrize(
    "context, answer, question, reason",
    [
        # a language is no nationality
        (
            "The lyrics were written in French by a poet. French readers loved them.",
            "French",
            "Which readers?",
            Reason.LANGUAGE_NAMED,
        ),
        # the question asks for a language
        ("French poems were read aloud.", "French", "In what language were the poems?", Reason.LANGUAGE_NAMED),
        # "who" answered by a people's name: a team ("the Indians"), a person
        (
            "The Cubs beat the Indians. Indians fans were sad.",
            "Indians",
            "Who did the Cubs beat?",
            Reason.QUESTION_KIND_MISMATCH,
        ),
        # a city of the country stays behind
        (
            "Kenya hosts many races, and Nairobi hosts the largest.",
            "Kenya",
            "Which country hosts the largest race?",
            Reason.GEOGRAPHY_LEFT,
        ),
        # two nations in one name
        (
            "French and Indian forces fought there.",
            "French",
            "What nationality were the forces?",
            Reason.INSIDE_LONGER_NAME,
        ),
        # a case or a title: "Jorgic v. Germany", "Gods of Egypt"
        (
            "The court decided Jorgic v. Germany in 2007.",
            "Germany",
            "Which country was the case against?",
            Reason.INSIDE_LONGER_NAME,
        ),
        (
            "The studio promoted Gods of Egypt in a trailer.",
            "Egypt",
            "Which country was in the film title?",
            Reason.INSIDE_LONGER_NAME,
        ),
        # a war: nations are their history
        ("Egypt fought in the Six-Day War.", "Egypt", "Which country fought?", Reason.LANDMARK_NAMED),
        # a border ties the country to its neighbours
        (
            "Kenya shares a border with its neighbours.",
            "Kenya",
            "Which country shares a border?",
            Reason.LANDMARK_NAMED,
        ),
        # an acronym may spell the country (ICTR, the tribunal for Rwanda)
        ("The ICTR tried Rwandan officials.", "Rwandan", "What nationality were the officials?", Reason.ACRONYM_LEFT),
        # a name read with "the" has no peer in its subregion
        ("The United States built it.", "United States", "Which country built it?", Reason.NO_CANDIDATE),
        # the question names a form of the map
        ("Kenyan runners win races.", "Kenyan", "Which Kenya runners win?", Reason.ORIGINAL_IN_QUESTION),
    ],
)
def test_a_map_is_not_swapped_where_the_text_ties_it(context, answer, question, reason):
    label = "GPE" if country_of_form(answer)[1] == "name" else "NORP"
    entities = [ent(context, answer, label)]
    if "Six-Day War" in context:
        entities.append(ent(context, "Six-Day War", "EVENT"))
    assert swap(context, entities, question, answer) == reason


def test_a_person_in_office_beside_the_country_blocks_the_map():
    context = "In 1949 the premier of Egypt was Nasser."
    entities = [ent(context, "Egypt", "GPE"), ent(context, "Nasser", "PERSON")]
    assert swap(context, entities, "Which country had a premier?", "Egypt") == Reason.NATIONALITY_NAMED


def test_a_nationality_beside_a_persons_name_is_not_swapped():
    context = "The Spanish inventor Jeronimo Ayanz built a pump."
    entities = [ent(context, "Spanish", "NORP"), ent(context, "Jeronimo Ayanz", "PERSON")]
    assert swap(context, entities, "What nationality was the inventor?", "Spanish") == Reason.NATIONALITY_NAMED


def test_a_named_neighbour_stays_a_neighbour():
    # Portugal borders Spain only: Spain's peers in Southern Europe border no Portugal, so nothing is drawn
    context = "The railway runs from Portugal into Spain."
    entities = [ent(context, "Portugal", "GPE"), ent(context, "Spain", "GPE")]
    assert swap(context, entities, "Into which country does the railway run?", "Spain") == Reason.NO_CANDIDATE


def test_country_forms():
    kenya = countries()["KE"]
    assert (kenya.name, kenya.adjective, kenya.people, kenya.subregion) == (
        "Kenya",
        "Kenyan",
        "Kenyans",
        "Eastern Africa",
    )
    assert countries()["US"].forms()[:3] == ("United States of America", "United States", "Americans")
    assert country_of_form("the Netherlands") == (countries()["NL"], "name")
    assert country_of_form("us") is None  # a pronoun, not the country
    assert same_form(countries()["FR"], "people") == "French"  # the people go by the adjective
    assert subregions()["GB"] == "Northern Europe" and "ES" in neighbours()["PT"]
    assert country_forms_in("The U.S. and America", countries()["US"]) == [(4, 8, "U.S."), (13, 20, "America")]


# --- towns -------------------------------------------------------------------------------------------------

FRESNO = "Fresno is a city of farms and vineyards. Many families moved to Fresno after the war."


def test_a_city_becomes_a_town_of_its_state():
    entities = [ent(FRESNO, "Fresno", "GPE"), ent(FRESNO, "Fresno", "GPE", 1)]
    assert swap(FRESNO, entities, "Where did many families move?", "Fresno") == (
        "Whittier",
        "Whittier is a city of farms and vineyards. Many families moved to Whittier after the war.",
    )


@pytest.mark.parametrize(
    "context, question, reason",
    [
        ("They lived in the borough of Fresno for years.", "Where did they live?", Reason.ROLE_MISMATCH),
        ("They moved to Fresno, the capital of the valley.", "Where did they move?", Reason.ROLE_MISMATCH),
        ("They moved to Fresno in 1950.", "Which district did they move to?", Reason.ROLE_MISMATCH),
        ("They played at the Selland Arena in Fresno.", "Where did they play?", Reason.LANDMARK_NAMED),
        ("They moved to Chicago in 1950.", "Where did they move?", Reason.LANDMARK_NAMED),  # famous, unpaired
        ("William of Fresno led the army.", "Who led the army?", Reason.LABEL_CONTRADICTED),
        ("Fresno's theorem was proved.", "Whose theorem was proved?", Reason.LABEL_CONTRADICTED),
        # a region the gazetteer cannot check a town against
        ("They moved to Fresno, Kings, in 1950.", "Where did they move?", Reason.GPE_PAIR),
    ],
)
def test_a_city_stays_where_the_text_ties_it(context, question, reason):
    city = "Chicago" if "Chicago" in context else "Fresno"
    entities = [ent(context, city, "GPE")]
    if "Selland Arena" in context:
        entities.append(ent(context, "Selland Arena", "FAC"))
    assert swap(context, entities, question, city) == reason


def test_a_famous_city_pinned_to_its_state_becomes_a_town():
    context = "The actor and singer was born in Chicago, Illinois, in 1943, the son of a teacher."
    assert swap(context, [ent(context, "Chicago", "GPE")], "Where was he born?", "Chicago") == (
        "Champaign",
        "The actor and singer was born in Champaign, Illinois, in 1943, the son of a teacher.",
    )


def test_towns_module():
    assert resolve_city("Fresno").admin1 == "CA"
    assert resolve_city("Springfield") is None  # several of like size
    assert town_population(500_000) == (75_000, 150_000)
    assert town_population(40_000) == (15_000, 80_000)
    assert text_region("Fresno and Sacramento lie in California.") == ("US", "CA")
    assert text_region("A quiet town.") is None


# --- composed names -------------------------------------------------------------------------------------

ERFURT = "He studied at the University of Erfurt for four years. The town of Gotha lay nearby, and Weimar too."


def test_a_university_named_after_a_city_takes_a_town_of_its_state():
    entities = [ent(ERFURT, "University of Erfurt", "ORG"), ent(ERFURT, "Gotha", "GPE"), ent(ERFURT, "Weimar", "GPE")]
    assert swap(ERFURT, entities, "Where did he study?", "University of Erfurt")[0] == "University of Greiz"


def test_a_team_keeps_its_nickname_and_its_city_is_renamed_with_it():
    context = "In the final game of the season the Chicago Bears defeated their rivals. Chicago led the league."
    entities = [ent(context, "Chicago Bears", "ORG"), ent(context, "Chicago", "GPE", 1)]
    assert swap(context, entities, "Who defeated their rivals?", "Chicago Bears") == (
        "Waukegan Bears",
        "In the final game of the season the Waukegan Bears defeated their rivals. Waukegan led the league.",
    )


@pytest.mark.parametrize(
    "context, answer, label, question, reason",
    [
        # a body of a state, a nation in the part, a common word, a number
        ("The Scottish Parliament met.", "Scottish Parliament", "ORG", "What met?", Reason.KIND_NOT_SWAPPED),
        ("The General Hospital opened.", "General Hospital", "ORG", "What opened?", Reason.KIND_NOT_SWAPPED),
        ("World War II ended.", "World War II", "EVENT", "What ended?", Reason.KIND_NOT_SWAPPED),
        # named after a state: found anywhere, nothing composed
        (
            "He taught at the University of California for years.",
            "University of California",
            "ORG",
            "Where did he teach?",
            Reason.NO_CANDIDATE,
        ),
        # one campus of a system
        (
            "He taught at the University of Erfurt, Gotha for years.",
            "University of Erfurt",
            "ORG",
            "Where did he teach?",
            Reason.INSIDE_LONGER_NAME,
        ),
        # the place of the name is named alone too
        (
            "The University of Erfurt grew. Erfurt grew too.",
            "University of Erfurt",
            "ORG",
            "What grew?",
            Reason.SHORT_FORM_LEFT,
        ),
        # "<City> <Plural>" with no sport in the text is a business, not a team
        ("Chicago Bears sold toys to children.", "Chicago Bears", "ORG", "Who sold toys?", Reason.KIND_NOT_SWAPPED),
        # a port needs a coast; a range is one a reader knows
        ("Ships use the Port of Fresno.", "Port of Fresno", "LOC", "What do ships use?", Reason.KIND_NOT_SWAPPED),
        ("The Pamir Mountains rise high.", "Pamir Mountains", "LOC", "What rises high?", Reason.KIND_NOT_SWAPPED),
        # a word derived from the distinctive part stays behind
        (
            "The Vistula River is long, and Vistulan towns line it.",
            "Vistula River",
            "LOC",
            "What river is long?",
            Reason.DERIVED_WORD_LEFT,
        ),
    ],
)
def test_a_name_is_not_composed_where_its_part_ties_it(context, answer, label, question, reason):
    assert swap(context, [ent(context, answer, label)], question, answer) == reason


@pytest.mark.parametrize(
    "name, label, form",
    [
        ("University of Erfurt", "ORG", NameForm("University of ", "Erfurt", "")),
        ("Vistula River", "LOC", NameForm("", "Vistula", " River")),
        ("Lake Ontario", "LOC", NameForm("Lake ", "Ontario", "")),
        ("Battle of Hastings", "EVENT", NameForm("Battle of ", "Hastings", "")),
        ("Great Fire of London", "EVENT", NameForm("Great Fire of ", "London", "")),
        ("Pacific Ocean", "LOC", None),  # an ocean is never composed
        ("Scottish Parliament", "ORG", None),  # nor a parliament
        ("Tiffany & Co.", "ORG", None),
    ],
)
def test_name_forms(name, label, form):
    assert name_form(name, label) == form


def test_team_forms():
    assert team_form("Chicago Bears") == NameForm("", "Chicago", " Bears")
    assert team_form("Paramount Pictures") is None  # a business plural
    assert team_form("Carolina Panthers") is None  # a state, not a city
    assert NameForm("Battle of ", "Hastings", "").compose("Crawley") == "Battle of Crawley"
