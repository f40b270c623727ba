"""Records of the shared rules a made work reaches (the `made_works` component's own records sit beside its rules,
swap/components/made_works/cases.py), gathered by tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

#: a person the corpus names in more than three paragraphs (each bank item is one paragraph)
_FAMOUS = (("Ada Lovelace", "PERSON"),) * 4

CASES: dict[str, Case] = {
    # three candidate sites and no word of the final being played at one
    "site_answers_the_question": Case(
        "Where was the final played?",
        "The league narrowed the bids to three sites: Harbor Arena in the north, Grant Field by the river, and "
        "Levi's Stadium.",
        ("Levi's Stadium",),
        (("Harbor Arena", "FAC"), ("Grant Field", "FAC"), ("Levi's Stadium", "FAC")),
        bank=(("Roger Goodell", "PERSON"),),
        without="The league narrowed the bids to three sites: Harbor Arena in the north, Grant Field by the river, "
        "and Goodell Stadium.",
        replacement="Goodell Stadium",
    ),
}

REASON_OF: dict[str, Reason] = {
    "site_answers_the_question": Reason.SITE_NOT_SINGLED_OUT,
}
