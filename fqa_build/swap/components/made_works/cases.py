"""Records of the `made_works` component's rules, gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

#: a person the corpus names in more than three paragraphs (each bank item is one paragraph)
_FAMOUS = (("Ada Lovelace", "PERSON"),) * 4

CASES: dict[str, Case] = {
    # a possessive in the title: no made title keeps its form, so none is made
    "work_has_made_form": Case(
        "What won the award in 1994?",
        "The film Schindler's List won the award in 1994, and the director thanked the cast on the stage.",
        ("Schindler's List",),
        (("Schindler's List", "WORK_OF_ART"),),
        without=Reason.NO_CANDIDATE,
    ),
    # nothing says the island's name is a work's title
    "work_called_a_work": Case(
        "What did the boatmen call the island?",
        "The boatmen called the island The Donkey long before the bridge was built across the river.",
        ("The Donkey",),
        (("The Donkey", "WORK_OF_ART"),),
        without="The boatmen called the island The Hawthorn long before the bridge was built across the river.",
        replacement="Hawthorn",
    ),
    # the corpus names the play in five paragraphs
    "work_not_famous": Case(
        "What opened at the theatre in 1901?",
        "The play Hamlet opened at the theatre in 1901 and ran for many weeks to full houses in the city.",
        ("Hamlet",),
        (("Hamlet", "WORK_OF_ART"),),
        bank=(("Hamlet", "WORK_OF_ART"),) * 4,
        without="The play Hawthorn opened at the theatre in 1901 and ran for many weeks to full houses in the city.",
        replacement="Hawthorn",
    ),
    # an ordinal in the title: one of a series
    "work_not_numbered": Case(
        "Which poem did the magazine print in 1920?",
        "The poem The Second Coming was written in 1919, and a small magazine printed it the next year.",
        ("The Second Coming",),
        (("The Second Coming", "WORK_OF_ART"),),
        without="The poem The Lonely Timber was written in 1919, and a small magazine printed it the next year.",
        replacement="Lonely Timber",
    ),
    # the title's word names the bird the poem is about (without the rule the case-blind rewrite takes it too)
    "title_words_not_reused": Case(
        "Which poem was printed in 1845?",
        "The poem The Raven tells of a raven that speaks to a student, and it was printed in 1845 in a paper.",
        ("The Raven",),
        (("The Raven", "WORK_OF_ART"),),
        without="The poem The Hawthorn tells of a Hawthorn that speaks to a student, and it was printed in 1845 in a "
        "paper.",
        replacement="Hawthorn",
    ),
    # the question names the rain the title is about
    "question_names_no_title_word": Case(
        "Which song about the rain was a hit in 1984?",
        "The song Purple Rain was a hit in 1984 and stayed on the chart for many weeks after its release.",
        ("Purple Rain",),
        (("Purple Rain", "WORK_OF_ART"),),
        without="The song Lonely Twilight was a hit in 1984 and stayed on the chart for many weeks after its release.",
        replacement="Lonely Twilight",
    ),
    # a famous author named in the work's sentence
    "work_not_tied_to_famous_person": Case(
        "Which poem did Ada Lovelace write in 1840?",
        "Ada Lovelace wrote the poem Evening Song in 1840, and it was printed in a small magazine.",
        ("Evening Song",),
        (("Ada Lovelace", "PERSON"), ("Evening Song", "WORK_OF_ART")),
        bank=_FAMOUS,
        without="Ada Lovelace wrote the poem Hearth Song in 1840, and it was printed in a small magazine.",
        replacement="Hearth Song",
    ),
    # a capitalised word runs on before the tagged part of the title
    "title_not_cut": Case(
        "Which film was shot in the city in 1939?",
        "The first film shot in the city was On the Night of the Fire in 1939, and the crew stayed for weeks.",
        ("Night of the Fire",),
        (("Night of the Fire", "WORK_OF_ART"),),
        without="The first film shot in the city was On the Hawthorn of the Twilight in 1939, and the crew "
        "stayed for weeks.",
        replacement="Hawthorn of the Twilight",
    ),
    # a devotional title: a made one of nature words would not fit the painting
    "title_of_modern_kind": Case(
        "Which painting did the museum buy in 1882?",
        "The museum bought the painting Virgin and Child in 1882 along with many drawings from the same estate.",
        ("Virgin and Child",),
        (("Virgin and Child", "WORK_OF_ART"),),
        without="The museum bought the painting Hawthorn and Twilight in 1882 along with many drawings from the "
        "same estate.",
        replacement="Hawthorn and Twilight",
    ),
}

REASON_OF: dict[str, Reason] = {
    "work_has_made_form": Reason.KIND_NOT_SWAPPED,
    "work_called_a_work": Reason.LABEL_CONTRADICTED,
    "work_not_famous": Reason.LANDMARK_NAMED,
    "work_not_numbered": Reason.WORK_IN_A_SERIES,
    "title_words_not_reused": Reason.TITLE_WORD_LEFT,
    "question_names_no_title_word": Reason.ORIGINAL_IN_QUESTION,
    "work_not_tied_to_famous_person": Reason.WORK_TIED_TO_PERSON,
    "title_not_cut": Reason.TITLE_CUT,
    "title_of_modern_kind": Reason.TITLE_OF_ANOTHER_AGE,
}
