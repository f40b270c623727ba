import pytest

from fqa_build.bank.mentions import mentions_of, relabel, with_year_cores
from fqa_build.swap.orchestration.match import lexicon_mentions, match_answer, ranked_matches
from fqa_build.types import Answer, Mention

from .conftest import LABELS

CONTEXT = "The Denver Broncos beat the Carolina Panthers in Santa Clara on February 7, 2016."
ENTITIES = [(0, 18, "ORG"), (24, 45, "ORG"), (49, 60, "GPE"), (64, 80, "DATE")]


def test_mentions_are_normalised_and_located():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    assert [(m.start, m.end, m.surface) for m in mentions] == [
        (4, 18, "Denver Broncos"),
        (28, 45, "Carolina Panthers"),
        (49, 60, "Santa Clara"),
        (64, 80, "February 7, 2016"),
    ]
    assert mentions[0].raw_start == 0


def test_unselected_labels_are_ignored():
    assert mentions_of(CONTEXT, [(49, 60, "FAC")], LABELS) == []


def test_possessive_inside_a_longer_name_is_not_a_mention():
    text = "They met at the World's Fair, and Obama's Democratic allies came."
    ents = [(16, 23, "EVENT"), (34, 41, "PERSON")]
    assert [m.surface for m in mentions_of(text, ents, LABELS)] == ["Obama"]


def test_exact_match():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    match = match_answer(mentions, [Answer("Santa Clara", 49)])
    assert (match.mention.surface, match.strategy) == ("Santa Clara", "exact")


def test_exact_match_ignores_leading_the_in_answer():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    match = match_answer(mentions, [Answer("The Denver Broncos", 0)])
    assert (match.mention.surface, match.strategy) == ("Denver Broncos", "exact")


def test_substring_match_over_all_answers():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    answers = [Answer("beat", 19), Answer("Panthers", 37)]
    match = match_answer(mentions, answers)
    assert (match.mention.surface, match.answer, match.strategy) == ("Carolina Panthers", answers[1], "substring")


def test_overlap_match():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    match = match_answer(mentions, [Answer("Clara on", 55)])
    assert (match.mention.surface, match.strategy) == ("Santa Clara", "overlap")


def test_exact_beats_substring_from_an_earlier_answer():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    answers = [Answer("Broncos beat", 11), Answer("Santa Clara", 49)]
    assert match_answer(mentions, answers).mention.surface == "Santa Clara"


def test_substring_elsewhere_and_no_match():
    text = "Stanford hosted it. The game was at Stanford Stadium."
    mentions = mentions_of(text, [(0, 8, "GPE")], LABELS)
    match = match_answer(mentions, [Answer("Stanford Stadium", 36)])
    assert (match.mention.start, match.strategy) == (0, "substring_elsewhere")
    assert match_answer(mentions, [Answer("game", 24)]) is None


def test_ranked_matches_lists_each_mention_once_best_first():
    mentions = mentions_of(CONTEXT, ENTITIES, LABELS)
    answers = [Answer("Santa Clara on February 7, 2016", 49)]
    ranked = ranked_matches(mentions, answers)
    # at one level, the larger overlap first
    assert [(m.mention.surface, m.strategy) for m in ranked] == [
        ("February 7, 2016", "substring"),
        ("Santa Clara", "substring"),
    ]


def test_year_cores():
    text = "It ended at the end of the 1993 season."
    mentions = mentions_of(text, [(12, 38, "DATE")], LABELS)
    cores = with_year_cores(mentions)
    assert [(m.surface, m.start) for m in cores] == [("end of the 1993 season", 16), ("1993", 27)]


def test_relabel_to_majority_type():
    mentions = [Mention(0, 5, "ORG", "Paris", 0, 5), Mention(10, 14, "FAC", "Pier", 10, 14)]
    table = {"Paris": "GPE", "Pier": "FAC"}
    out = relabel(mentions, lambda surface, label: table.get(surface), frozenset({"GPE", "ORG"}))
    assert [(m.surface, m.label) for m in out] == [("Paris", "GPE")]


def test_lexicon_matches_only_untagged_answers():
    text = "Manning threw twice. Peyton Manning won."
    lexicon = {"manning": "PERSON"}
    hits = lexicon_mentions(text, [Answer("Manning", 0)], [(21, 35, "PERSON")], lexicon)
    assert [(m.surface, m.label, m.start) for m in hits] == [("Manning", "PERSON", 0)]
    assert lexicon_mentions(text, [Answer("Manning", 0)], [(0, 7, "ORG")], lexicon) == []
    ranked = ranked_matches([], [Answer("Manning", 0)], hits)
    assert [m.strategy for m in ranked] == ["lexicon"]


@pytest.mark.parametrize(
    "text, span, cores",
    [
        ("Its tides began 7500 yr ago.", (16, 27), []),  # 7500 is no year (1000-2099): no year core
        ("The coast held for the last 7000 years.", (23, 38), []),
        ("It fell on 9 November 1989, at night.", (11, 26), [("1989", 22)]),
        ("It fell on 1989.5 days.", (11, 22), []),  # next to a full stop: part of a longer number
    ],
)
def test_year_cores_are_years(text, span, cores):
    mentions = mentions_of(text, [(*span, "DATE")], LABELS)
    assert [(m.surface, m.start) for m in with_year_cores(mentions)][1:] == cores
