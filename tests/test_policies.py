"""The kind policies on hand-made inputs: gender agreement, City-State coherence, aliases, whole mention,
label sanity, neighbours; under the first steps that ran them (tests/steps.py: `kind_v1` and `neighbours_v1`
are retired from the registry, their behaviour is `context_v8`'s)."""

import subprocess
import sys
from functools import partial

import pytest

from fqa_build.config import DEFAULT_POLICY, SubstitutionConfig
from fqa_build.swap.drawing.vectors import BankVectors
from fqa_build.swap.orchestration.sample import make_sample
from fqa_build.swap.policies.registry import POLICIES, get_policy

from .conftest import ROOT, context_info, make_bank, qa_record
from .steps import KIND_STEP, NEIGHBOURS_STEP

KIND = SubstitutionConfig(policy=KIND_STEP.name)
NEIGHBOURS = SubstitutionConfig(policy=NEIGHBOURS_STEP.name)
STEP_OF = {KIND_STEP.name: KIND_STEP, NEIGHBOURS_STEP.name: NEIGHBOURS_STEP}

# two mentions of each name (a name seen once is never drawn), labels repaired as the kind policies do
bank_of = partial(make_bank, copies=2, classify_kinds=True)


def sample(context, entities, question, answer, bank, config=KIND, vectors=None):
    info = context_info(context, entities)
    return make_sample(qa_record(context, answer, question), info, bank, config, {}, vectors, STEP_OF[config.policy])


def test_policy_registry():
    # the product's registry, read in a fresh interpreter: the tests register the retired steps (conftest.py)
    code = (
        "from fqa_build.config import DEFAULT_POLICY\n"
        "from fqa_build.swap.policies.registry import KEPT, POLICIES, RETIRED\n"
        "print(KEPT, DEFAULT_POLICY in POLICIES, sorted(set(RETIRED) & set(POLICIES)))\n"
        "from fqa_build.swap.policies.registry import get_policy\n"
        "for name in ('context_v8', 'context_v12'):\n"
        "    try:\n"
        "        get_policy(name)\n"
        "    except ValueError as error:\n"
        "        print(str(error).split(';')[0])"
    )
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    kept = ["type_shape_v1", DEFAULT_POLICY]
    assert shown.stdout.splitlines() == [
        f"{kept} True []",
        "policy 'context_v8' is retired",
        "policy 'context_v12' is retired",
    ]
    assert all(get_policy(name) is policy for name, policy in POLICIES.items())
    for retired in ("kind_v1", "neighbours_v1", "context_v1", "context_v7"):
        with pytest.raises(ValueError, match=f"^policy '{retired}' is retired; to rebuild a release made with it"):
            get_policy(retired)
    with pytest.raises(ValueError, match="unknown policy"):
        get_policy("best_v10")


def test_gender_agreement_with_pronouns():
    context = "Marie Curie moved to Paris in 1891. She won two prizes."
    bank = bank_of(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))
    for seed in range(6):
        row = sample(
            context,
            [(0, 11, "PERSON")],
            "Who moved to Paris?",
            "Marie Curie",
            bank,
            SubstitutionConfig(seed=seed, policy=KIND_STEP.name),
        )
        assert row.replacement_entity == "Ada Byron" and row.required_gender == "female"


def test_no_pronoun_any_gender():
    context = "Marie Curie moved to Paris in 1891. The city was large."
    bank = bank_of(("Tom Hanks", "PERSON"), ("Karl Marx", "PERSON"))
    row = sample(context, [(0, 11, "PERSON")], "Who moved to Paris?", "Marie Curie", bank)
    assert row.replacement_entity in ("Tom Hanks", "Karl Marx") and row.required_gender is None


def test_city_state_pair_keeps_the_city_in_its_state():
    context = "The game was played at Santa Clara, California, in front of a crowd of many thousands."
    bank = bank_of(("San Jose", "GPE"), ("Chicago", "GPE"), ("Amritsar", "GPE"), ("Fresno", "GPE"))
    seen = {
        sample(
            context,
            [(23, 34, "GPE"), (36, 46, "GPE")],
            "Where was the game played?",
            "Santa Clara",
            bank,
            SubstitutionConfig(seed=s, policy=KIND_STEP.name),
        ).replacement_entity
        for s in range(8)
    }
    assert seen <= {"San Jose", "Fresno"} and seen


def test_the_state_of_a_pair_is_not_swapped():
    context = "The game was played at Santa Clara, California, in front of a crowd of many thousands."
    bank = bank_of(("Illinois", "GPE"), ("Texas", "GPE"))
    assert (
        sample(context, [(23, 34, "GPE"), (36, 46, "GPE")], "In which state?", "California", bank).reason == "gpe_pair"
    )


def test_aliases_are_never_drawn():
    context = "The Department of Justice opened an inquiry that year into the merger of the two companies."
    entities = [(4, 25, "ORG")]
    # "Justice Department" (similarity 0.997) and "DOJ" name the same body; only the Defense one may be drawn
    bank = bank_of(("Justice Department", "ORG"), ("Department of Defense", "ORG"), article=True)
    for seed in range(4):
        config = SubstitutionConfig(seed=seed, policy=NEIGHBOURS_STEP.name)
        row = sample(
            context, entities, "Who opened an inquiry?", "Department of Justice", bank, config, BankVectors(bank)
        )
        assert row.replacement_entity == "Department of Defense" and row.aliases_excluded == 1
    only_alias = bank_of(("Justice Department", "ORG"), article=True)
    assert (
        sample(
            context,
            entities,
            "Who opened an inquiry?",
            "Department of Justice",
            only_alias,
            NEIGHBOURS,
            BankVectors(only_alias),
        ).reason
        == "only_aliases"
    )


def test_whole_mention_is_swapped_not_the_answer_fragment():
    context = "Anheuser-Busch InBev bought the brewery in 2008, and Anheuser-Busch InBev kept its name."
    bank = bank_of(("Ford Motor Company", "ORG"), ("Heineken Company", "ORG"))
    # the company kind comes from the head; give the original one too
    context = context.replace("Anheuser-Busch InBev", "Anheuser-Busch InBev Company")
    start = context.index("Anheuser-Busch InBev Company")
    row = sample(
        context,
        [(start, start + 28, "ORG"), (context.rindex("Anheuser"), context.rindex("Anheuser") + 28, "ORG")],
        "Who bought the brewery?",
        "Anheuser-Busch",
        bank,
    )
    assert row.original_entity == "Anheuser-Busch InBev Company"
    assert row.match_strategy == "substring"
    assert "Anheuser" not in row.context and row.num_replacements == 2


def test_label_contradicted():
    context = "The Nervión River flows through the city of Bilbao and into the sea near the port."
    bank = bank_of(("Tom Hanks", "PERSON"))
    assert (
        sample(context, [(4, 17, "PERSON")], "What flows through Bilbao?", "Nervión River", bank).reason
        == "label_contradicted"
    )


def test_neighbours_draw_records_similarity():
    context = "The Red Army entered the city in 1945 after a long siege by many soldiers and tanks."
    bank = bank_of(
        ("Soviet Army", "ORG"), ("Royal Navy", "ORG"), ("Salvation Army", "ORG"), ("Blue Army", "ORG"), article=True
    )
    row = sample(context, [(4, 12, "ORG")], "Who entered the city?", "Red Army", bank, NEIGHBOURS, BankVectors(bank))
    assert row.replacement_entity in ("Soviet Army", "Salvation Army", "Blue Army")
    assert row.entity_kind == "army" and row.policy == NEIGHBOURS_STEP.name
    assert isinstance(row.similarity, float) and row.similarity < 0.9
