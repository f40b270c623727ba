"""Records of context_v10's general checks (fqa_build/swap/rules/coordination.py, leftovers.py, roles.py): each a
record its rule rejects under context_v10, and what context_v10 without that rule makes of it."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

_PERSONS = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))

CASES: dict[str, Case] = {
    # two equal answers: the other of the pair answers the question as well as the new name
    "answer_not_coordinated": Case(
        "Who found the structure of the molecule?",
        "The structure of the molecule was found by James Watson and Francis Crick in the laboratory of the college.",
        ("Francis Crick",),
        (("James Watson", "PERSON"), ("Francis Crick", "PERSON")),
        bank=_PERSONS,
        without="The structure of the molecule was found by James Watson and Tom Marx in the laboratory of the "
        "college.",
        replacement="Tom Marx",
    ),
    # the bracket after the new name still gives the old one
    "no_other_name_beside": Case(
        "Which student converted to the new faith?",
        "Jean Cauvin (John Calvin), another student at the university, converted to the new faith in the spring.",
        ("Jean Cauvin",),
        (("Jean Cauvin", "PERSON"),),
        bank=_PERSONS,
        without="Tom Marx (John Calvin), another student at the university, converted to the new faith in the spring.",
        replacement="Tom Marx",
    ),
    # NER took only the front of the name: the rest stays behind the new one
    "name_not_cut": Case(
        "Who designed the pump for the mines?",
        "The pump for the mines was designed by Pedro Ayanz y Beaumont, who tested it in the river in the summer.",
        ("Pedro Ayanz",),
        (("Pedro Ayanz", "PERSON"),),
        bank=_PERSONS,
        without="The pump for the mines was designed by Tom Marx y Beaumont, who tested it in the river in the summer.",
        replacement="Tom Marx",
    ),
    # "Calvinistic" is "Calvin" and an ending no_surname_word_left does not know
    "no_name_derivative_left": Case(
        "Who taught in the city for many years?",
        "John Calvin taught in the city for many years, and the Calvinistic churches spread from there to the north.",
        ("John Calvin",),
        (("John Calvin", "PERSON"),),
        bank=_PERSONS,
        without="Tom Marx taught in the city for many years, and the Calvinistic churches spread from there to the "
        "north.",
        replacement="Tom Marx",
    ),
    # "New Rochelle" keeps the distinctive word of the swapped "La Rochelle"
    "no_name_word_left": Case(
        "Which city did the settlers name their town after?",
        "The settlers named their town New Rochelle after La Rochelle, the city they had left behind in France.",
        ("La Rochelle",),
        (("New Rochelle", "GPE"), ("La Rochelle", "GPE"), ("France", "GPE")),
        without="The settlers named their town New Rochelle after Talence, the city they had left behind in France.",
        replacement="Talence",
    ),
    # a role word of each gender: no composed name fits both
    "role_fits_gender": Case(
        "Who won the prize for the film?",
        "The prize for the film went to actress Jordan Miller. Miller, the son of a farmer, thanked the whole crew.",
        ("Jordan Miller",),
        (("Jordan Miller", "PERSON"), ("Miller", "PERSON")),
        bank=_PERSONS,
        without="The prize for the film went to actress Tom Marx. Marx, the son of a farmer, thanked the whole crew.",
        replacement="Tom Marx",
    ),
}

REASON_OF: dict[str, Reason] = {
    "answer_not_coordinated": Reason.ANSWER_COORDINATED,
    "no_other_name_beside": Reason.ORIGINAL_NAMED_BESIDE,
    "name_not_cut": Reason.NAME_PARTLY_SWAPPED,
    "no_name_derivative_left": Reason.DERIVED_WORD_LEFT,
    "no_name_word_left": Reason.ORIGINAL_WORD_LEFT,
    "role_fits_gender": Reason.ROLE_GENDER_MISMATCH,
}

#: (policy, rule) pairs whose record another rule of the policy rejects for the same reason: under context_v10,
#: `no_name_derivative_left` also rejects no_surname_word_left's "Lutheran" after "Luther" (an ending it knows)
UNREACHED: dict[tuple[str, str], Reason] = {("context_v10", "no_surname_word_left"): Reason.DERIVED_WORD_LEFT}
