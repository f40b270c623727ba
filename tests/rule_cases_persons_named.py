"""Records of context_v11's rules on persons named in part (fqa_build/swap/rules/persons.py), gathered by
tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

_BANK = (("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Karl Marx", "PERSON"))

CASES: dict[str, Case] = {
    # a plural person noun after the wh-word: the question asks for several persons, the new name is one of them
    "person_asked_alone": Case(
        "Which future key figures taught at the university in the town?",
        "Martin Luther taught at the university in the town, and the church grew quickly there.",
        ("Martin Luther",),
        (("Martin Luther", "PERSON"),),
        bank=_BANK,
        without="Tom Marx taught at the university in the town, and the church grew quickly there.",
        replacement="Tom Marx",
    ),
    # another spelling of the swapped name stays ("also known as Martin Lutter")
    "no_person_spelling_left": Case(
        "Who taught at the university in the town?",
        "Martin Luther taught at the university in the town, where he was also known as Martin Lutter.",
        ("Martin Luther",),
        (("Martin Luther", "PERSON"),),
        bank=_BANK,
        without="Tom Marx taught at the university in the town, where he was also known as Tom Lutter.",
        replacement="Tom Marx",
    ),
}

REASON_OF: dict[str, Reason] = {
    "person_asked_alone": Reason.PERSONS_ASKED,
    "no_person_spelling_left": Reason.PERSON_SPELLING_LEFT,
}

#: Under context_v11 the records of `question_asks_for_one` ("which two people") and `no_other_name_beside`
#: ("Jean Cauvin (John Calvin)": "Calvin" is another spelling of "Cauvin") meet these rules without them
UNREACHED: dict[tuple[str, str], Reason] = {
    ("context_v11", "question_asks_for_one"): Reason.PERSONS_ASKED,
    ("context_v11", "no_other_name_beside"): Reason.PERSON_SPELLING_LEFT,
}
