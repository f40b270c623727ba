"""Records of the rules on organisations classed by their question or trade words, and on acronyms made anew with their
expansions (rules.py), gathered by tests/test_rules.py (tests/rule_case.py)."""

from __future__ import annotations

from fqa_build.reasons import Reason
from fqa_build.swap.rule import Case

#: persons of the corpus whose surnames name made companies
PERSONS = (("Jane Tolbert", "PERSON"), ("John Hale", "PERSON"), ("Mary Quince", "PERSON"))

CASES: dict[str, Case] = {
    # the company bears the surname of a person the text names: its founder's facts would follow a made name
    "company_not_named_for_person": Case(
        "Which company built the car?",
        "The car was built by Ford, the carmaker, in 1908. Henry Ford had started the works.",
        ("Ford",),
        (("Ford", "ORG"),),
        bank=PERSONS,
        without="The car was built by Tolbert, the carmaker, in 1908. Henry Tolbert had started the works.",
        replacement="Tolbert",
    ),
    # a nationality just before the name: a made surname would not fit it
    "company_nationality_not_stated": Case(
        "Which car manufacturer bought the factory?",
        "In 1995 the factory was bought by the Japanese car manufacturer Toshiba, which made cars there.",
        ("Toshiba",),
        (("Toshiba", "ORG"),),
        bank=PERSONS,
        without="In 1995 the factory was bought by the Japanese car manufacturer Tolbert, which made cars there.",
        replacement="Tolbert",
    ),
    # the question asks for the company by a trade the text never names
    "company_trade_in_text": Case(
        "Which video gaming company made its debut?",
        "Nintendo and others made their debut in the advertisements, promoting a film franchise.",
        ("Nintendo",),
        (("Nintendo", "ORG"),),
        bank=PERSONS,
        without="Tolbert and others made their debut in the advertisements, promoting a film franchise.",
        replacement="Tolbert",
    ),
    # the expansion's first word, a surname, used alone: the person it names would be left behind
    "acronym_pair_rewritable": Case(
        "Which centre tested the rocket?",
        "The rocket was tested at the Tolbert Space Flight Center (TSFC) in 1962. Tolbert himself watched it fly.",
        ("Tolbert Space Flight Center",),
        (("Tolbert Space Flight Center", "ORG"), ("TSFC", "ORG")),
        bank=PERSONS,
        without=Reason.ORIGINAL_WORD_LEFT,
    ),
    # two lists paired by their order: the question's tie to the answer is read off the order
    "org_not_paired_by_order": Case(
        "Name a luxury division of Honda.",
        "Honda, Toyota and Nissan established their luxury divisions (Acura, Lexus and Infiniti, respectively) as "
        "brands to sell cars.",
        ("Acura",),
        (("Acura", "ORG"), ("Lexus", "ORG"), ("Infiniti", "ORG")),
        bank=PERSONS,
        without=(
            "Honda, Toyota and Nissan established their luxury divisions (Tolbert, Lexus and Infiniti, respectively) "
            "as brands to sell cars."
        ),
        replacement="Tolbert",
    ),
}

REASON_OF: dict[str, Reason] = {
    "company_not_named_for_person": Reason.ORG_NAMED_FOR_PERSON,
    "company_nationality_not_stated": Reason.ORG_NATIONALITY_STATED,
    "company_trade_in_text": Reason.ORG_TRADE_NOT_STATED,
    "acronym_pair_rewritable": Reason.ACRONYM_LEFT,
    "org_not_paired_by_order": Reason.ORG_PAIRED_BY_ORDER,
}
