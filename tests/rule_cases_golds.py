"""The record `no_second_answer_left` rejects (fqa_build/swap/rules/answers.py), gathered by tests/test_rules.py."""

from __future__ import annotations

from fqa_build.reasons import Reason

from .rule_case import Case

CASES: dict[str, Case] = {
    # annotators disagreed: "Nafzger" (tagged ORG, as NER tags a lone surname) stands beside the question's words
    # "worked", "find", "missing", "tapes"; without the rule it is left to answer the question
    "no_second_answer_left": Case(
        "Who worked to find the missing tapes?",
        "Stan Lebar, who led the camera team at the plant, also worked with Nafzger to find the missing tapes in "
        "the archive of the station.",
        ("Stan Lebar", "Nafzger"),
        (("Stan Lebar", "PERSON"), ("Nafzger", "ORG")),
        bank=(("Tom Hanks", "PERSON"), ("Ada Byron", "PERSON"), ("Grace Marx", "PERSON")),
        without="Tom Marx, who led the camera team at the plant, also worked with Nafzger to find the missing tapes in "
        "the archive of the station.",
        replacement="Tom Marx",
    ),
}
REASON_OF: dict[str, Reason] = {"no_second_answer_left": Reason.SECOND_ANSWER_LEFT}
